/* The target judges candidate corrections in context: each sentence with a candidate is
 * scored by the model's log-probability as plain text, against the sentence as it stands,
 * plus the candidate's prior (grammar/candidates.h); the best alternative of each place is
 * taken when it wins. Scores share the cached prefix: only the tokens from the first
 * difference on are run through the model. */
#pragma once
#include <gio/gio.h>
#include "grammar/candidates.h"
#include "lib/decode/lm.h"
#include "lib/tokenizer/tokenizer.h"

typedef struct DraftdScorer DraftdScorer;

/* `cached` (GArray of gint32) names the tokens the model's cache holds, shared with whoever
 * else runs the model between scores (the IAD driver): the scorer keeps it true. */
DraftdScorer *draftd_scorer_new (const DraftdLm *lm, const DraftdTokenizer *tok, GArray *cached);
void draftd_scorer_free (DraftdScorer *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdScorer, draftd_scorer_free)

/* log P(text) after the beginning of a text, in nats, over the tokens that start before
 * byte `upto` (G_MAXSIZE: all); 0 when the text does not fit the context. With `part`,
 * *part_logprob is the share of the tokens that overlap those bytes. */
gboolean draftd_scorer_logprob (DraftdScorer *s, const char *text, gsize upto, const DraftdGrammarSpan *part, double *logprob,
                                double *part_logprob, GError **error);
/* Model passes run so far. */
guint draftd_scorer_passes (const DraftdScorer *s);

/* Where the model's reading of a candidate at byte `site` of `text` starts: after the last
 * ", ", "; " or ": " that lies at least 24 bytes before the site, else 0 (the sentence's
 * start). The bytes before it are left out of the candidate's score. */
gsize draftd_rank_context_start (const char *text, gsize site);

/* The sentence with the candidates that win applied; appends each to `fixes`. With no
 * scorer (a language the model does not know), only candidates sure without it are taken.
 * Protected spans in `c` are of the sentence as given; `spans` (may be NULL) receives them
 * as they are in the result. NULL on error (cancelled, a model failure). */
char *draftd_rank_correct (DraftdScorer *scorer, const DraftdCandidateContext *c, const char *sentence, GArray *fixes,
                           GArray *spans, GCancellable *cancellable, GError **error);
