/* Ranking candidate continuations by the model's log-probability: given a prompt prefix and
 * N candidates (e.g. corrections of one sentence), how likely the model finds each. The
 * candidates run as separate sequences of the model's cache, several in one pass, sharing
 * the prefix: it is computed once in one sequence and copied on the device into the others,
 * in the candidates' own pass where the model can share (seq_share), else in a pass before
 * it. A model with one sequence scores them one at a time (the reference path). */
#pragma once
#include "lib/decode/lm.h"

typedef struct {
  const gint32 *tokens;
  guint n_tokens;
  double *token_logprobs;  /* [n_tokens] each token's term of the sum, or NULL */
} DraftdCandidateTokens;

/* logprob_out[c] = sum over i of log p(cands[c].tokens[i] | prefix, cands[c].tokens[0..i-1]):
 * the natural-log probability the model gives candidate c after `prefix`, each term the
 * log-softmax of the model's logits (computed in double). An empty candidate scores 0.
 * n_prefix >= 1 (the prefix starts with BOS where the model expects one).
 *
 * Sequence 0 (what the single-sequence calls and draftd_cache_* see) is left as it was when
 * the model has other sequences: they are the scratch space, and keep the prefix so that a
 * next call with the same prefix (or one sharing its start) does not compute it again. A
 * model with one sequence scores in it and leaves it empty (n_past 0), which a record of
 * what it held (draftd_cache_reuse) then reads as nothing cached. Fails if a candidate
 * after the prefix does not fit a sequence (DraftdRunnerOptions.seq_ctx), or a token id is
 * out of the vocabulary. */
gboolean draftd_lm_score_candidates (const DraftdLm *lm, const gint32 *prefix, guint n_prefix,
                                     const DraftdCandidateTokens *cands, guint n_cands, double *logprob_out,
                                     GError **error);

/* The same numbers, computed one candidate at a time in one sequence (the last), rolled back
 * to the prefix after each: what the batched path is tested against, bit for bit. */
gboolean draftd_lm_score_candidates_reference (const DraftdLm *lm, const gint32 *prefix, guint n_prefix,
                                               const DraftdCandidateTokens *cands, guint n_cands, double *logprob_out,
                                               GError **error);

/* log softmax(logits)[token] over n_vocab logits, in double (the differences from the
 * maximum in float, as grammar/rank.c computes them). */
double draftd_log_softmax_at (const float *logits, guint n_vocab, gint32 token);
