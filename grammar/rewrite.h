/* Rewrites under the same protections as corrections. Which instructions a model can follow
 * (the presets its own template declares, or any instruction through a chat template), the
 * prompt for one segment, and the last-line checks of a rewritten segment: an answer that
 * fails one is replaced by the source, as a correction's is. */
#pragma once
#include "grammar/request.h"
#include "grammar/rank.h"
#include "grammar/segment.h"

/* The presets of a model whose draftd rewrite template does not list them
 * (draftd.prompt.presets): the four the shipped models were trained on, which predate the key. */
#define DRAFTD_GRAMMAR_TEMPLATE_PRESETS "formal,concise,simple,friendly"

/* The instruction text of a rewrite preset (formal, concise, simple, friendly), or NULL. */
const char *draftd_grammar_rewrite_preset (const char *name);

/* Whether the model can follow req->instruction (by req->presets and
 * req->follows_instructions): a preset it declares (*use_template TRUE: the
 * model's own template names it), a built-in preset written out for its chat format, or a
 * free-form instruction where the model has a chat template. Otherwise FALSE with
 * DRAFTD_GRAMMAR_ERROR_INSTRUCTION saying what it can follow. */
gboolean draftd_grammar_rewrite_resolve (const DraftdGrammarContext *ctx, const DraftdGrammarRequest *req,
                                         gboolean *use_template, GError **error);
/* The rewrite prompt for one segment (see build_prompt in answer.c), and its end marker. */
char *draftd_grammar_rewrite_prompt (const DraftdGrammarContext *ctx, const DraftdGrammarRequest *req,
                                     const char *segment, const char **end, gboolean *end_is_token);

typedef struct {
  const char *source;
  const DraftdGrammarSpan *protected;  /* the segment's protected ranges, sorted */
  guint n_protected;
  GHashTable *prompt_words;            /* words of the prompt around the text (rewrite_prompt_words) */
  gboolean (*is_word) (const char *word, gpointer user);
  gpointer user;
} DraftdRewriteCheck;

/* The lower-cased words of the prompt's own text (template, format markers, instruction)
 * that an answer must not bring in: what a model echoing its prompt writes. */
GHashTable *draftd_grammar_rewrite_prompt_words (const DraftdGrammarContext *ctx, const DraftdGrammarRequest *req);
/* NULL when `answer` is a sound rewrite of the source, else the name of the check it fails. */
const char *draftd_grammar_rewrite_check (const DraftdRewriteCheck *c, const char *answer);
/* Extends each protected range over the whitespace after it, so that decoding copies the
 * token that starts the next word ("▁This") and a rewrite cannot glue a new word to the
 * protected one, which it does unchecked where the model cannot spell the range itself. */
void draftd_grammar_rewrite_bound_ranges (const char *segment, GArray *ranges);

/* Whether the preset has rules (formal, concise, simple, friendly: train/rewrite.py's). */
gboolean draftd_grammar_rewrite_has_rules (const char *preset);
/* The segment rewritten by the preset's rules, each change judged by the target in context
 * (see rewrite.c); `prot` (byte ranges, sorted) is never touched and moves with the text;
 * *changes counts the changes taken. NULL on a scoring error. */
char *draftd_grammar_rewrite_by_rules (DraftdScorer *scorer, const char *preset, const char *segment, GArray *prot,
                                       guint *changes, GError **error);
