#include "client/hub/catalogue.h"

/* Instruct models of the families draftd runs exactly (llama, qwen2, qwen3, gemma3), in
 * Q4_K_M, and Q8_0 for the small assistants (an assistant's quality sets how many of its
 * tokens the target accepts, and it is small enough to afford 8 bits). Each pair shares its
 * tokenizer, which speculative decoding needs. */
static const DraftCatalogueEntry entries[] = {
  { "qwen2.5-0.5b", "Qwen/Qwen2.5-0.5B-Instruct-GGUF", "qwen2.5-0.5b-instruct-q4_k_m.gguf", "assistant", "qwen2.5-1.5b", "apache-2.0", 491 },
  { "qwen2.5-0.5b-q8", "Qwen/Qwen2.5-0.5B-Instruct-GGUF", "qwen2.5-0.5b-instruct-q8_0.gguf", "assistant", "qwen2.5-1.5b", "apache-2.0", 676 },
  { "qwen2.5-1.5b", "Qwen/Qwen2.5-1.5B-Instruct-GGUF", "qwen2.5-1.5b-instruct-q4_k_m.gguf", "target", "qwen2.5-0.5b-q8", "apache-2.0", 1120 },
  { "qwen2.5-3b", "Qwen/Qwen2.5-3B-Instruct-GGUF", "qwen2.5-3b-instruct-q4_k_m.gguf", "target", "qwen2.5-0.5b-q8", "qwen-research", 2100 },
  { "qwen3-0.6b", "unsloth/Qwen3-0.6B-GGUF", "Qwen3-0.6B-Q4_K_M.gguf", "assistant", "qwen3-1.7b", "apache-2.0", 397 },
  { "qwen3-0.6b-q8", "unsloth/Qwen3-0.6B-GGUF", "Qwen3-0.6B-Q8_0.gguf", "assistant", "qwen3-1.7b", "apache-2.0", 639 },
  { "qwen3-1.7b", "unsloth/Qwen3-1.7B-GGUF", "Qwen3-1.7B-Q4_K_M.gguf", "target", "qwen3-0.6b-q8", "apache-2.0", 1110 },
  { "gemma3-1b", "ggml-org/gemma-3-1b-it-GGUF", "gemma-3-1b-it-Q4_K_M.gguf", "target", NULL, "gemma", 806 },
  { "smollm2-135m", "bartowski/SmolLM2-135M-Instruct-GGUF", "SmolLM2-135M-Instruct-Q4_K_M.gguf", "assistant", "smollm2-1.7b", "apache-2.0", 105 },
  { "smollm2-135m-q8", "bartowski/SmolLM2-135M-Instruct-GGUF", "SmolLM2-135M-Instruct-Q8_0.gguf", "assistant", "smollm2-1.7b", "apache-2.0", 145 },
  { "smollm2-360m", "bartowski/SmolLM2-360M-Instruct-GGUF", "SmolLM2-360M-Instruct-Q4_K_M.gguf", "assistant", "smollm2-1.7b", "apache-2.0", 271 },
  { "smollm2-360m-q8", "bartowski/SmolLM2-360M-Instruct-GGUF", "SmolLM2-360M-Instruct-Q8_0.gguf", "assistant", "smollm2-1.7b", "apache-2.0", 386 },
  { "smollm2-1.7b", "bartowski/SmolLM2-1.7B-Instruct-GGUF", "SmolLM2-1.7B-Instruct-Q4_K_M.gguf", "target", "smollm2-135m-q8", "apache-2.0", 1060 },
  { "llama3.2-1b", "bartowski/Llama-3.2-1B-Instruct-GGUF", "Llama-3.2-1B-Instruct-Q4_K_M.gguf", "assistant", "llama3.2-3b", "llama3.2", 808 },
  { "llama3.2-1b-q8", "bartowski/Llama-3.2-1B-Instruct-GGUF", "Llama-3.2-1B-Instruct-Q8_0.gguf", "assistant", "llama3.2-3b", "llama3.2", 1320 },
  { "llama3.2-3b", "bartowski/Llama-3.2-3B-Instruct-GGUF", "Llama-3.2-3B-Instruct-Q4_K_M.gguf", "target", "llama3.2-1b-q8", "llama3.2", 2020 },
};

const DraftCatalogueEntry *
draft_catalogue (guint *n)
{
  *n = G_N_ELEMENTS (entries);
  return entries;
}

const DraftCatalogueEntry *
draft_catalogue_find (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    if (g_ascii_strcasecmp (entries[i].name, name) == 0)
      return &entries[i];
  return NULL;
}

const DraftCatalogueEntry *
draft_catalogue_find_file (const char *file)
{
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    if (g_str_equal (entries[i].file, file))
      return &entries[i];
  return NULL;
}
