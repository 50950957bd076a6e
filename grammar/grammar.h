/* Correct and rewrite selected text: segment it, prompt the model per segment in its own
 * format, decode with input-guided aggressive decoding (the segment is the draft, so the
 * answer is exactly the target's greedy output at a fraction of the passes), and return the
 * new text with minimal edits. */
#pragma once
#include <gio/gio.h>
#include "lib/decode/decode.h"
#include "lib/prompt/chat-format.h"
#include "lib/tokenizer/tokenizer.h"
#include "grammar/edits.h"

#define DRAFTD_GRAMMAR_ERROR (draftd_grammar_error_quark ())
GQuark draftd_grammar_error_quark (void);
typedef enum { DRAFTD_GRAMMAR_ERROR_TEXT, DRAFTD_GRAMMAR_ERROR_TOO_LONG } DraftdGrammarError;

typedef struct {
  const DraftdLm *target;
  const DraftdTokenizer *tokenizer;
  GArray *cached;                 /* tokens the target's cache holds (shared with the engine) */
  DraftdChatFormat format;        /* used when no template is given */
  const char *correct_template;   /* the model's own prompt, "{text}" placeholder (GGUF metadata) */
  const char *rewrite_template;   /* "{instruction}" and "{text}" placeholders */
  const char *template_end;       /* end-of-output marker of the templates */
  guint block;                    /* IAD block size (tokens verified per pass) */
  guint ngram;                    /* IAD re-alignment n */
} DraftdGrammarContext;

typedef struct {
  gboolean rewrite;               /* FALSE: correct */
  const char *instruction;        /* rewrite: free text, or a preset name */
  gboolean protect_quotes;
  gboolean compare_greedy;        /* also decode each segment plainly (benchmarks) */
  GCancellable *cancellable;
  /* Called once per segment, in text order, with that segment's edits (byte offsets). */
  void (*on_segment) (const DraftdGrammarEdit *edits, guint n, gpointer user);
  gpointer user;
} DraftdGrammarRequest;

typedef struct {
  guint segments;
  guint kept_source;              /* implausible outputs replaced by the source */
  guint target_passes;            /* including prompt passes */
  guint output_tokens;
  guint drafted, accepted;
  double wall_ms;
  guint greedy_passes;            /* compare_greedy */
  double greedy_ms;
  gboolean greedy_equal;
} DraftdGrammarStats;

/* The instruction text of a rewrite preset (formal, concise, simple, friendly), or NULL. */
const char *draftd_grammar_rewrite_preset (const char *name);
/* Returns the corrected/rewritten text and appends DraftdGrammarEdit (byte offsets) to `edits`. */
char *draftd_grammar_run (DraftdGrammarContext *ctx, const char *text, const DraftdGrammarRequest *req, GArray *edits,
                   DraftdGrammarStats *stats, GError **error);
