/* Candidate scoring (lib/decode/score.h): the batched path (candidates as sequences sharing
 * a prefix computed in the first round's pass and shared into them, several per pass) gives the very numbers of the reference path (one
 * candidate at a time, rolled back after each), leaves sequence 0 alone, and reuses a
 * prefix it already holds; a model with one sequence scores through the reference path and
 * is left empty. On the shipped target, with correction candidates for one sentence. */
#include <string.h>
#include "lib/decode/score.h"
#include "tests/tap.h"
#include "tests/test-util.h"

#define N_CANDS 7
#define N_SEQ 4 /* three scratch sequences: the seven candidates take three rounds */

static const char *const texts[N_CANDS] = {
  " They're going to the store tomorrow.",
  " Their going to the store tomorrow.",
  " There going to the store tomorrow.",
  "",
  " They",
  " They are going to the store tomorrow, I think, and so are we.",
  " They're going to the shop tomorrow.",
};

typedef struct {
  GArray *prefix;
  GArray *toks[N_CANDS];
  DraftdCandidateTokens cands[N_CANDS];
} Inputs;

static gboolean
inputs_init (Inputs *in, const DraftdTokenizer *tok)
{
  in->prefix = g_array_new (FALSE, FALSE, sizeof (gint32));
  const char *prompt = "Correct: Their going to the store tomorrow.\nCorrected:";
  gboolean ok = draftd_tokenizer_encode (tok, prompt, -1, TRUE, FALSE, in->prefix, NULL);
  for (guint c = 0; c < N_CANDS; c++) {
    in->toks[c] = g_array_new (FALSE, FALSE, sizeof (gint32));
    ok &= draftd_tokenizer_encode (tok, texts[c], -1, FALSE, FALSE, in->toks[c], NULL);
    in->cands[c] = (DraftdCandidateTokens) { (const gint32 *) in->toks[c]->data, in->toks[c]->len, NULL };
  }
  return ok;
}

static void
inputs_clear (Inputs *in)
{
  g_array_unref (in->prefix);
  for (guint c = 0; c < N_CANDS; c++)
    g_array_unref (in->toks[c]);
}

static gboolean
same (const double *a, const double *b)
{
  return memcmp (a, b, N_CANDS * sizeof (double)) == 0;
}

/* Each token's term, asked for in both paths: the same terms, adding up to the total. */
static void
check_terms (DraftdRunner *r, Inputs *in, const double *want)
{
  DraftdLm lm = draftd_lm_for_runner (r);
  const DraftdCandidateTokens *c = &in->cands[0];
  g_autofree double *ref = g_new (double, c->n_tokens);
  g_autofree double *got = g_new (double, c->n_tokens);
  DraftdCandidateTokens with_ref = { c->tokens, c->n_tokens, ref }, with_got = { c->tokens, c->n_tokens, got };
  double total_ref, total_got, sum = 0;
  gboolean ok = draftd_lm_score_candidates_reference (&lm, (const gint32 *) in->prefix->data, in->prefix->len,
                                                      &with_ref, 1, &total_ref, NULL) &&
                draftd_lm_score_candidates (&lm, (const gint32 *) in->prefix->data, in->prefix->len, &with_got, 1,
                                            &total_got, NULL);
  for (guint i = 0; ok && i < c->n_tokens; i++)
    sum += got[i];
  tap_ok (ok && memcmp (ref, got, c->n_tokens * sizeof (double)) == 0 && sum == want[0] && total_got == want[0],
          "per-token terms are the same in both paths and add up to the total");
}

/* Sequence 0 holds a few tokens of its own; scoring must leave them. */
static void
check_batched (DraftdRunner *r, const Inputs *in, const double *want)
{
  DraftdLm lm = draftd_lm_for_runner (r);
  const gint32 own[3] = { 1, 42, 99 };
  draftd_runner_forward (r, own, 3, DRAFTD_FORWARD_LAST, NULL);
  double got[N_CANDS];
  g_autoptr (GError) error = NULL;
  const gint32 *prefix = (const gint32 *) in->prefix->data;
  guint n_prefix = in->prefix->len;
  guint64 first = draftd_runner_passes (r);
  gboolean ok = draftd_lm_score_candidates (&lm, prefix, n_prefix, in->cands, N_CANDS, got, &error);
  tap_ok (ok && same (got, want), "batched scores equal the reference's bit for bit%s%s", ok ? "" : ": ",
          ok ? "" : error->message);
  /* The prefix is new: it runs in the first round's pass, shared into the other sequences. */
  tap_ok (draftd_runner_passes (r) - first == 3, "a new prefix costs no pass of its own: %" G_GUINT64_FORMAT " passes",
          draftd_runner_passes (r) - first);
  tap_ok (draftd_runner_n_past (r) == 3 && memcmp (draftd_runner_seq_tokens (r, 0), own, sizeof own) == 0,
          "sequence 0 is left as it was");
  /* Again with the prefix held: one pass per round of three candidates, none for it. */
  guint64 passes = draftd_runner_passes (r);
  ok = draftd_lm_score_candidates (&lm, prefix, n_prefix, in->cands, N_CANDS, got, NULL);
  tap_ok (ok && same (got, want) && draftd_runner_passes (r) - passes == 3,
          "a held prefix is not computed again: %" G_GUINT64_FORMAT " passes for %u candidates",
          draftd_runner_passes (r) - passes, N_CANDS);
  /* A prefix of one token: nothing held, every candidate's pass starts at position 0. */
  double one[2], one_ref[2];
  ok = draftd_lm_score_candidates (&lm, prefix, 1, in->cands, 2, one, NULL) &&
       draftd_lm_score_candidates_reference (&lm, prefix, 1, in->cands, 2, one_ref, NULL);
  tap_ok (ok && one[0] == one_ref[0] && one[1] == one_ref[1], "after a one-token prefix too");
  g_autofree gint32 *long_toks = g_new0 (gint32, draftd_runner_seq_n_ctx (r, 1));
  DraftdCandidateTokens too_long = { long_toks, draftd_runner_seq_n_ctx (r, 1), NULL };
  tap_ok (!draftd_lm_score_candidates (&lm, prefix, n_prefix, &too_long, 1, got, NULL),
          "a candidate longer than a sequence is refused");
}

/* The next site's case: the sequences hold the start of a longer prefix, which the first
 * round extends in one sequence and shares into the others; on a runner whose passes hold
 * four tokens, the shares' positions are copied in whichever of the passes computes them. */
static void
check_extended (DraftdRunner *r, const Inputs *in, const char *what)
{
  DraftdLm lm = draftd_lm_for_runner (r);
  g_autoptr (GArray) longer = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_array_append_vals (longer, in->prefix->data, in->prefix->len);
  g_array_append_vals (longer, in->cands[5].tokens, 6);
  const gint32 *p = (const gint32 *) longer->data;
  double want[N_CANDS], got[N_CANDS];
  gboolean ok = draftd_lm_score_candidates (&lm, p, in->prefix->len, in->cands, N_CANDS, got, NULL) &&
                draftd_lm_score_candidates_reference (&lm, p, in->prefix->len, in->cands, N_CANDS, want, NULL) &&
                same (got, want);
  ok = ok && draftd_lm_score_candidates (&lm, p, longer->len, in->cands, N_CANDS, got, NULL) &&
       draftd_lm_score_candidates_reference (&lm, p, longer->len, in->cands, N_CANDS, want, NULL) && same (got, want);
  tap_ok (ok, "%s: a prefix extended past what the sequences hold scores as the reference does", what);
}

/* A share the runner cannot keep is refused with an error that says why: tokens that do not
 * start with what the source holds, more positions than a sequence has room for. */
static void
check_share_refusals (DraftdRunner *r, const Inputs *in)
{
  DraftdLm lm = draftd_lm_for_runner (r);
  const gint32 *p = (const gint32 *) in->prefix->data;
  guint n = in->prefix->len, room = draftd_runner_seq_n_ctx (r, 2);
  double got;
  gboolean held = draftd_lm_score_candidates (&lm, p, n, in->cands, 1, &got, NULL) &&
                  draftd_runner_seq_n_past (r, 1) == n;
  g_autofree gint32 *other = g_memdup2 (p, n * sizeof (gint32));
  other[1] = other[1] == 5 ? 6 : 5;
  g_autofree gint32 *big = g_new0 (gint32, room + 1);
  memcpy (big, p, n * sizeof (gint32));
  g_autoptr (GError) e1 = NULL;
  g_autoptr (GError) e2 = NULL;
  gboolean refused = !draftd_runner_seq_share (r, 1, 2, other, n, &e1) && e1 &&
                     !draftd_runner_seq_share (r, 1, 2, big, room + 1, &e2) && e2;
  tap_ok (held && refused, "bad shares are refused: %s; %s", e1 ? e1->message : "(accepted)",
          e2 ? e2->message : "(accepted)");
}

int
main (void)
{
  g_autoptr (DraftdVk) vk = test_vk ();
  g_autofree char *path = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdModel) m = draftd_model_load (path, &error);
  DraftdRunnerOptions many = { .n_ctx = 128, .n_seq = N_SEQ, .seq_ctx = 64 };
  DraftdRunnerOptions one = { .n_ctx = 128 };
  g_autoptr (DraftdRunner) r = m ? draftd_runner_new (vk, m, &many, &error) : NULL;
  g_autoptr (DraftdRunner) r1 = r ? draftd_runner_new (vk, m, &one, &error) : NULL;
  Inputs in;
  if (r1 == NULL || !inputs_init (&in, m->tokenizer)) {
    tap_ok (FALSE, "shipped target loaded: %s", error ? error->message : "tokenizing failed");
    return tap_done ();
  }
  double want[N_CANDS], got[N_CANDS];
  DraftdLm lm = draftd_lm_for_runner (r);
  tap_ok (draftd_lm_score_candidates_reference (&lm, (const gint32 *) in.prefix->data, in.prefix->len, in.cands,
                                                N_CANDS, want, &error),
          "reference path scores %u candidates", N_CANDS);
  for (guint c = 0; c < N_CANDS; c++)
    tap_diag ("%8.3f %s", want[c], texts[c]);
  tap_ok (want[3] == 0.0 && want[0] < 0.0, "an empty candidate scores 0, others below 0");
  check_terms (r, &in, want);
  check_batched (r, &in, want);
  check_extended (r, &in, "passes of 64 tokens");
  check_share_refusals (r, &in);
  DraftdRunnerOptions small = { .n_ctx = 128, .n_seq = N_SEQ, .seq_ctx = 64, .n_batch = 4 };
  g_autoptr (DraftdRunner) r4 = draftd_runner_new (vk, m, &small, &error);
  if (r4)
    check_extended (r4, &in, "passes of 4 tokens");
  else
    tap_ok (FALSE, "a runner of 4-token passes: %s", error->message);
  g_clear_pointer (&r4, draftd_runner_free);
  /* One sequence: the reference path in it, which is left empty. */
  DraftdLm lm1 = draftd_lm_for_runner (r1);
  gboolean ok = draftd_lm_score_candidates (&lm1, (const gint32 *) in.prefix->data, in.prefix->len, in.cands, N_CANDS,
                                            got, NULL);
  tap_ok (ok && same (got, want) && draftd_runner_n_past (r1) == 0,
          "a one-sequence model gives the same scores and is left empty");
  inputs_clear (&in);
  g_clear_pointer (&r1, draftd_runner_free);
  g_clear_pointer (&r, draftd_runner_free);
  draftd_vk_free (g_steal_pointer (&vk));
  test_check_validation ();
  return tap_done ();
}
