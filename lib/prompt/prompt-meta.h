/* What a model's GGUF says about prompting it: the chat template (and the format it
 * implements) and draftd's own correction/rewrite templates, read once when the model is
 * loaded so the engine, the grammar driver and the bench agree on them. */
#pragma once
#include <glib.h>
#include "lib/gguf/gguf.h"
#include "lib/prompt/chat-format.h"

typedef struct {
  char *chat_template;     /* tokenizer.chat_template; NULL: none */
  DraftdChatFormat format; /* what chat_template implements (PLAIN when unknown or absent) */
  char *correct_template;  /* draftd.prompt.correct: "{text}" placeholder; NULL: the format's generic prompt */
  char *rewrite_template;  /* draftd.prompt.rewrite: "{instruction}" and "{text}" placeholders */
  char *template_end;      /* draftd.prompt.end: end-of-output marker of the two templates */
  char *presets;           /* draftd.prompt.presets: the rewrite template's preset names, comma-separated */
} DraftdPromptMeta;

/* Fills `meta` from the file's metadata; keys that are absent (or not strings) stay NULL. */
void draftd_prompt_meta_read (DraftdPromptMeta *meta, const DraftdGgufFile *file);
void draftd_prompt_meta_clear (DraftdPromptMeta *meta);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (DraftdPromptMeta, draftd_prompt_meta_clear)
