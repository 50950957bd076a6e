#include "lib/decode/score.h"
#include <gio/gio.h>
#include <math.h>
#include <string.h>

double
draftd_log_softmax_at (const float *logits, guint n_vocab, gint32 token)
{
  float max = logits[0];
  for (guint i = 1; i < n_vocab; i++)
    max = MAX (max, logits[i]);
  double sum = 0;
  for (guint i = 0; i < n_vocab; i++)
    sum += exp ((double) (logits[i] - max));
  return (double) (logits[token] - max) - log (sum);
}

/* n tokens into sequence `seq`, outputs (with logits) for the last n_out of them. */
static gboolean
forward_in (const DraftdLm *lm, guint seq, const gint32 *tokens, guint n, guint n_out, GError **error)
{
  if (draftd_lm_n_seq (lm) == 1)
    return draftd_lm_forward (lm, tokens, n, MAX (n_out, 1u), TRUE, error);
  g_autofree guint *seqs = g_new (guint, n);
  g_autofree guint8 *want = g_new0 (guint8, n);
  for (guint i = 0; i < n; i++) {
    seqs[i] = seq;
    want[i] = i + n_out >= n;
  }
  DraftdBatch b = { tokens, seqs, want, n };
  return lm->vt->forward_batch (lm->self, &b, TRUE, error);
}

static void
seq_truncate (const DraftdLm *lm, guint seq, guint n)
{
  if (draftd_lm_n_seq (lm) == 1)
    draftd_lm_truncate (lm, n);
  else
    lm->vt->seq_truncate (lm->self, seq, n);
}

/* Candidate c's term for its token i, from the logits that predict it. */
static double
add_term (const DraftdCandidateTokens *c, guint i, const float *logits, guint n_vocab)
{
  double lp = draftd_log_softmax_at (logits, n_vocab, c->tokens[i]);
  if (c->token_logprobs)
    c->token_logprobs[i] = lp;
  return lp;
}

static gboolean
check_args (guint n_prefix, GError **error)
{
  if (n_prefix == 0) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 "candidates are scored after a prefix of one token or more");
    return FALSE;
  }
  return TRUE;
}

/* Candidate c after the prefix whose last output is `first` (logits of the token after it):
 * one pass over its tokens but the last, outputs for all. */
static gboolean
score_one (const DraftdLm *lm, guint seq, guint n_prefix, const float *first, const DraftdCandidateTokens *c,
           double *out, GError **error)
{
  guint V = draftd_lm_n_vocab (lm);
  *out = c->n_tokens > 0 ? add_term (c, 0, first, V) : 0.0;
  if (c->n_tokens < 2)
    return TRUE;
  if (!forward_in (lm, seq, c->tokens, c->n_tokens - 1, c->n_tokens - 1, error))
    return FALSE;
  for (guint i = 1; i < c->n_tokens; i++)
    *out += add_term (c, i, draftd_lm_logits (lm, i - 1), V);
  seq_truncate (lm, seq, n_prefix);
  return TRUE;
}

gboolean
draftd_lm_score_candidates_reference (const DraftdLm *lm, const gint32 *prefix, guint n_prefix,
                                      const DraftdCandidateTokens *cands, guint n_cands, double *logprob_out,
                                      GError **error)
{
  if (!check_args (n_prefix, error))
    return FALSE;
  guint seq = draftd_lm_n_seq (lm) - 1;
  guint V = draftd_lm_n_vocab (lm);
  seq_truncate (lm, seq, 0);
  if (!forward_in (lm, seq, prefix, n_prefix, 1, error))
    return FALSE;
  g_autofree float *first = g_memdup2 (draftd_lm_logits (lm, 0), V * sizeof (float));
  gboolean ok = TRUE;
  for (guint c = 0; ok && c < n_cands; c++)
    ok = score_one (lm, seq, n_prefix, first, &cands[c], &logprob_out[c], error);
  /* One sequence: it cannot be left holding what its user's record names. */
  if (seq == 0 || !ok)
    seq_truncate (lm, seq, 0);
  return ok;
}

/* ---- batched: candidates as sequences 1 .. n_seq - 1 sharing the prefix ---- */

static guint
common_prefix (const gint32 *a, guint n_a, const gint32 *b, guint n_b)
{
  guint n = 0;
  while (n < n_a && n < n_b && a[n] == b[n])
    n++;
  return n;
}

static guint
cached_prefix (const DraftdLm *lm, guint seq, const gint32 *prefix, guint n)
{
  return common_prefix (lm->vt->seq_tokens (lm->self, seq), lm->vt->seq_n_past (lm->self, seq), prefix, n);
}

/* The scratch sequence [1, n_scratch] holding most of prefix[0..n), rolled back to what it
 * holds of it but at most `most`; *best says how much that is. */
static guint
pick_holder (const DraftdLm *lm, const gint32 *prefix, guint n, guint n_scratch, guint most, guint *best)
{
  guint holder = 1;
  *best = 0;
  for (guint s = 1; s <= n_scratch; s++) {
    guint have = cached_prefix (lm, s, prefix, n);
    if (have > *best || s == 1)
      holder = s, *best = have;
  }
  *best = MIN (*best, most);
  lm->vt->seq_truncate (lm->self, holder, *best);
  return holder;
}

/* Without seq_share: every scratch sequence holds prefix[0..n), the holder computing the rest
 * in a pass of its own and the others getting it copied unless they hold it. */
static gboolean
prepare_prefix (const DraftdLm *lm, const gint32 *prefix, guint n, guint n_scratch, GError **error)
{
  guint best, holder = pick_holder (lm, prefix, n, n_scratch, n, &best);
  if (best < n) {
    g_autofree guint *seqs = g_new (guint, n - best);
    g_autofree guint8 *want = g_new0 (guint8, n - best);
    for (guint i = 0; i < n - best; i++)
      seqs[i] = holder;
    DraftdBatch b = { prefix + best, seqs, want, n - best };
    if (!lm->vt->forward_batch (lm->self, &b, FALSE, error))
      return FALSE;
  }
  for (guint s = 1; s <= n_scratch; s++) {
    if (s == holder)
      continue;
    if (cached_prefix (lm, s, prefix, n) == n)
      lm->vt->seq_truncate (lm->self, s, n);
    else if (!lm->vt->seq_copy (lm->self, holder, s, n, error))
      return FALSE;
  }
  return TRUE;
}

/* A round's tokens: the prefix's part still to compute in the holder (outputs: its last
 * token's, if `last_out`), then each candidate's tokens from token `skip` on but its last, in
 * sequences 1..n, every one an output. */
typedef struct {
  guint holder;
  const gint32 *late;
  guint n_late;
  gboolean last_out;
} Late;

static DraftdBatch
round_batch (const gint32 *lead, const DraftdCandidateTokens *cands, guint n, const Late *late, GArray *tokens,
             GArray *seqs, GArray *want)
{
  for (guint i = 0; i < late->n_late; i++) {
    guint8 out = late->last_out && i + 1 == late->n_late;
    g_array_append_val (tokens, late->late[i]);
    g_array_append_val (seqs, late->holder);
    g_array_append_val (want, out);
  }
  for (guint c = 0; c < n; c++) {
    guint seq = c + 1;
    for (guint i = lead ? 0 : 1; i < cands[c].n_tokens; i++) {
      gint32 t = i == 0 ? *lead : cands[c].tokens[i - 1];
      guint8 yes = 1;
      g_array_append_val (tokens, t);
      g_array_append_val (seqs, seq);
      g_array_append_val (want, yes);
    }
  }
  return (DraftdBatch) { (const gint32 *) tokens->data, (const guint *) seqs->data,
                         late->n_late > 0 ? (const guint8 *) want->data : NULL, tokens->len };
}

/* Candidates [0, n) in sequences 1..n, one pass, each rolled back to n_held after it. With
 * `lead` (the prefix's last token) each sequence runs it before its candidate; without, the
 * sequences hold the whole prefix and `first` holds the logits of the token after it. */
static gboolean
score_round (const DraftdLm *lm, const gint32 *lead, float *first, guint n_held, const DraftdCandidateTokens *cands,
             guint n, const Late *late, double *out, GError **error)
{
  g_autoptr (GArray) tokens = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr (GArray) seqs = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) want = g_array_new (FALSE, FALSE, sizeof (guint8));
  DraftdBatch b = round_batch (lead, cands, n, late, tokens, seqs, want);
  if (b.n > 0 && !lm->vt->forward_batch (lm->self, &b, TRUE, error))
    return FALSE;
  guint V = draftd_lm_n_vocab (lm), o = 0;
  if (late->last_out && late->n_late > 0)
    memcpy (first, draftd_lm_logits (lm, o++), V * sizeof (float));
  for (guint c = 0; c < n; c++) {
    out[c] = 0;
    for (guint i = 0; i < cands[c].n_tokens; i++)
      out[c] += add_term (&cands[c], i, lead || i > 0 ? draftd_lm_logits (lm, o++) : first, V);
    lm->vt->seq_truncate (lm->self, c + 1, n_held);
  }
  return TRUE;
}

static gboolean
check_room (const DraftdLm *lm, guint n_held, const DraftdCandidateTokens *cands, guint n_cands, GError **error)
{
  guint room = lm->vt->seq_n_ctx (lm->self, 1);
  for (guint c = 0; c < n_cands; c++) {
    if (n_held + cands[c].n_tokens > room) {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   "a candidate of %u tokens after a prefix of %u does not fit a sequence of %u positions",
                   cands[c].n_tokens, n_held + 1, room);
      return FALSE;
    }
  }
  return TRUE;
}

/* With seq_share: the holder runs what it lacks of the prefix, its last token always (the
 * logits of the token after the prefix, which every candidate's first term reads), in the
 * first round's pass, ahead of the candidates, and the others share it as it is computed.
 * A site then costs one pass instead of two (on lavapipe a pass's 64 dispatches cost more
 * than its first tokens) and the prefix's last token runs once instead of once a
 * candidate (docs/performance.md). */
static gboolean
score_shared (const DraftdLm *lm, const gint32 *prefix, guint n_prefix, const DraftdCandidateTokens *cands,
              guint n_cands, guint n_scratch, double *logprob_out, GError **error)
{
  guint n_used = MIN (n_scratch, MAX (n_cands, 1u)), best;
  Late late = { pick_holder (lm, prefix, n_prefix, n_used, n_prefix - 1, &best), NULL, 0, TRUE };
  late.late = prefix + best;
  late.n_late = n_prefix - best;
  gboolean ok = TRUE;
  for (guint s = 1; ok && s <= n_used; s++) {
    if (s == late.holder)
      continue;
    if (cached_prefix (lm, s, prefix, n_prefix) == n_prefix)
      lm->vt->seq_truncate (lm->self, s, n_prefix);
    else
      ok = lm->vt->seq_share (lm->self, late.holder, s, prefix, n_prefix, error);
  }
  g_autofree float *first = g_new (float, draftd_lm_n_vocab (lm));
  for (guint c = 0; ok && c < n_cands; c += n_scratch) {
    guint n = MIN (n_scratch, n_cands - c);
    ok = score_round (lm, NULL, first, n_prefix, cands + c, n, &late, logprob_out + c, error);
    late.n_late = 0;
  }
  /* A failed round may leave sequences claiming a prefix whose share never ran. */
  for (guint s = 1; !ok && s <= n_used; s++)
    lm->vt->seq_truncate (lm->self, s, 0);
  return ok;
}

gboolean
draftd_lm_score_candidates (const DraftdLm *lm, const gint32 *prefix, guint n_prefix,
                            const DraftdCandidateTokens *cands, guint n_cands, double *logprob_out, GError **error)
{
  guint n_scratch = draftd_lm_n_seq (lm) - 1;
  if (n_scratch == 0)
    return draftd_lm_score_candidates_reference (lm, prefix, n_prefix, cands, n_cands, logprob_out, error);
  if (!check_args (n_prefix, error) || !check_room (lm, n_prefix - 1, cands, n_cands, error))
    return FALSE;
  if (lm->vt->seq_share)
    return score_shared (lm, prefix, n_prefix, cands, n_cands, n_scratch, logprob_out, error);
  /* The sequences hold the prefix but its last token, which leads every candidate's pass:
   * a prefix already held then costs no pass of its own. */
  guint n_held = n_prefix - 1;
  if (!prepare_prefix (lm, prefix, n_held, MIN (n_scratch, MAX (n_cands, 1u)), error))
    return FALSE;
  const Late none = { 1, NULL, 0, FALSE };
  for (guint c = 0; c < n_cands; c += n_scratch) {
    guint n = MIN (n_scratch, n_cands - c);
    if (!score_round (lm, &prefix[n_held], NULL, n_held, cands + c, n, &none, logprob_out + c, error))
      return FALSE;
  }
  return TRUE;
}
