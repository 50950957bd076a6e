#include "lib/prompt/prompt-meta.h"

/* A key that is missing or of another type reads as absent: the model then gets the
 * generic prompts, as a model converted without draftd's keys does. */
static char *
optional_string (const DraftdGgufFile *f, const char *key)
{
  return draftd_gguf_find_kv (f, key) ? draftd_gguf_get_string (f, key, NULL) : NULL;
}

void
draftd_prompt_meta_read (DraftdPromptMeta *meta, const DraftdGgufFile *file)
{
  meta->chat_template = optional_string (file, "tokenizer.chat_template");
  meta->format = draftd_chat_format_detect (meta->chat_template);
  meta->correct_template = optional_string (file, "draftd.prompt.correct");
  meta->rewrite_template = optional_string (file, "draftd.prompt.rewrite");
  meta->template_end = optional_string (file, "draftd.prompt.end");
  meta->presets = optional_string (file, "draftd.prompt.presets");
}

void
draftd_prompt_meta_clear (DraftdPromptMeta *meta)
{
  g_clear_pointer (&meta->chat_template, g_free);
  g_clear_pointer (&meta->correct_template, g_free);
  g_clear_pointer (&meta->rewrite_template, g_free);
  g_clear_pointer (&meta->template_end, g_free);
  g_clear_pointer (&meta->presets, g_free);
  meta->format = DRAFTD_CHAT_PLAIN;
}
