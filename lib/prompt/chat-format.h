/* Chat prompt formats, recognised from a model's GGUF chat template
 * (tokenizer.chat_template) or overridden by name; a plain transcript for base models. */
#pragma once
#include <glib.h>

typedef enum {
  DRAFTD_CHAT_PLAIN,   /* "User: ...\nAssistant:" for base models */
  DRAFTD_CHAT_CHATML,  /* <|im_start|>role ... <|im_end|> (Qwen2, SmolLM) */
  DRAFTD_CHAT_LLAMA2,  /* [INST] ... [/INST] (Llama-2, Mistral) */
  DRAFTD_CHAT_LLAMA3,  /* <|start_header_id|>role<|end_header_id|> ... <|eot_id|> */
  DRAFTD_CHAT_ZEPHYR,  /* <|user|>\n ... </s> */
  DRAFTD_CHAT_PHI3,    /* <|user|>\n ... <|end|> */
  DRAFTD_CHAT_GEMMA,   /* <start_of_turn>user ... <end_of_turn> */
} DraftdChatFormat;

typedef struct {
  const char *role;   /* "system", "user" or "assistant" */
  const char *text;
} DraftdChatTurn;

/* The format a Jinja chat template implements; PLAIN for NULL or an unknown template. */
DraftdChatFormat draftd_chat_format_detect (const char *chat_template);
gboolean draftd_chat_format_from_name (const char *name, DraftdChatFormat *out);
const char *draftd_chat_format_name (DraftdChatFormat f);
/* Renders turns (BOS not included: the tokenizer adds it), ending with the assistant's
 * header when add_generation_prompt. Special tokens appear as text: tokenize with
 * parse_special. */
char *draftd_chat_format_render (DraftdChatFormat f, const DraftdChatTurn *turns, guint n,
                                 gboolean add_generation_prompt);
/* Text that ends an assistant turn (a special token, or a stop string for PLAIN). */
const char *draftd_chat_format_end (DraftdChatFormat f);
/* TRUE when the end marker is a special token rather than plain text. */
gboolean draftd_chat_format_end_is_token (DraftdChatFormat f);
