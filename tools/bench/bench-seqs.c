/* draftd-bench's seqs suite: what holding several sequences in one cache buys. Decode steps
 * of N sequences in one pass against N one-token passes, and candidate scoring with the
 * candidates as sequences in one pass against one candidate at a time; each pair timed in
 * alternation, the fastest of the runs. Where the device has timestamps, a second run state
 * over the same weights, with them on (they cost time of their own, so not the timed one),
 * gives the GPU time of each kernel in a step of N sequences: what grows with N is what the
 * serve suite's eight clients pay for. */
#include <json-glib/json-glib.h>
#include <stdio.h>
#include "tools/bench/bench.h"
#include "lib/decode/score.h"
#include "lib/model/model.h"
#include "lib/runtime/forward.h"

#define MAX_SEQ 16
#define CONTEXT 128   /* tokens each sequence holds before a timed step */
#define N_CANDS 8
#define CAND_TOKENS 16

typedef gboolean (*TimedFn) (DraftdRunner *r, guint n, const gint32 *toks, GError **error);

/* n sequences each take one token at position CONTEXT: in one pass (batched) ... */
static gboolean
steps_batched (DraftdRunner *r, guint n, const gint32 *toks, GError **error)
{
  guint seq[MAX_SEQ];
  for (guint s = 0; s < n; s++) {
    draftd_runner_seq_truncate (r, s, CONTEXT);
    seq[s] = s;
  }
  DraftdBatch b = { toks, seq, NULL, n };
  return draftd_runner_forward_batch (r, &b, DRAFTD_FORWARD_ARGMAX_ONLY, error);
}

/* ... or one pass each. */
static gboolean
steps_alone (DraftdRunner *r, guint n, const gint32 *toks, GError **error)
{
  for (guint s = 0; s < n; s++) {
    guint seq[1] = { s };
    draftd_runner_seq_truncate (r, s, CONTEXT);
    DraftdBatch b = { toks + s, seq, NULL, 1 };
    if (!draftd_runner_forward_batch (r, &b, DRAFTD_FORWARD_ARGMAX_ONLY, error))
      return FALSE;
  }
  return TRUE;
}

static const gint32 *score_prefix;
static DraftdCandidateTokens score_cands[N_CANDS];

static gboolean
score_batched (DraftdRunner *r, guint n, const gint32 *toks, GError **error)
{
  double lp[N_CANDS];
  DraftdLm lm = draftd_lm_for_runner (r);
  return draftd_lm_score_candidates (&lm, score_prefix, CONTEXT / 2, score_cands, n, lp, error);
}

static gboolean
score_alone (DraftdRunner *r, guint n, const gint32 *toks, GError **error)
{
  double lp[N_CANDS];
  DraftdLm lm = draftd_lm_for_runner (r);
  return draftd_lm_score_candidates_reference (&lm, score_prefix, CONTEXT / 2, score_cands, n, lp, error);
}

/* The fastest of `reps` runs of each, alternating (after one warm-up of each). */
static gboolean
time_pair (DraftdRunner *r, TimedFn a, TimedFn b, guint n, const gint32 *toks, guint reps, double ms[2], GError **error)
{
  ms[0] = ms[1] = G_MAXDOUBLE;
  for (guint k = 0; k <= reps; k++) {
    for (guint j = 0; j < 2; j++) {
      gint64 t0 = g_get_monotonic_time ();
      if (!(j == 0 ? a : b) (r, n, toks, error))
        return FALSE;
      if (k > 0)
        ms[j] = MIN (ms[j], (g_get_monotonic_time () - t0) / 1e3);
    }
  }
  return TRUE;
}

/* kt: the step's kernels, or NULL. */
static void
json_row (JsonBuilder *json, const char *what, guint n, const double ms[2], const BenchKernelTimes *kt)
{
  json_builder_begin_object (json);
  bench_json_string (json, "measure", what);
  bench_json_int (json, "n", n);
  bench_json_double (json, "ms_batched", ms[0]);
  bench_json_double (json, "ms_alone", ms[1]);
  bench_json_double (json, "speedup", ms[1] / ms[0]);
  bench_json_kernels (json, "kernels_ms_per_step", kt);
  json_builder_end_object (json);
}

/* Each sequence of a fresh run state holds the same CONTEXT tokens (copied: one prompt pass). */
static gboolean
fill_sequences (DraftdRunner *r, const gint32 *toks, GError **error)
{
  if (!draftd_runner_forward (r, toks, CONTEXT, DRAFTD_FORWARD_ARGMAX_ONLY, error))
    return FALSE;
  for (guint s = 1; s < MAX_SEQ; s++)
    if (!draftd_runner_seq_copy (r, 0, s, CONTEXT, error))
      return FALSE;
  return TRUE;
}

/* The GPU time of each kernel over `reps` batched steps of n sequences (after one untimed). */
static gboolean
profile_steps (DraftdRunner *rp, guint n, const gint32 *toks, guint reps, BenchKernelTimes *kt, GError **error)
{
  if (!steps_batched (rp, n, toks, error))
    return FALSE;
  draftd_runner_profile_reset (rp);
  for (guint k = 0; k < reps; k++)
    if (!steps_batched (rp, n, toks, error))
      return FALSE;
  bench_kernel_times_read (rp, reps, kt);
  return TRUE;
}

/* rp: a run state with timestamps on, or NULL. */
static gboolean
run_rows (DraftdRunner *r, DraftdRunner *rp, const gint32 *toks, guint reps, JsonBuilder *json, GError **error)
{
  static const guint Ns[] = { 1, 2, 4, 8, 16 };
  BenchKernelTimes kt[G_N_ELEMENTS (Ns)] = { 0 };
  double ms[2];
  gboolean ok = TRUE;
  printf ("%-28s %4s %12s %12s %9s\n", "", "N", "ms batched", "ms alone", "speedup");
  for (guint i = 0; ok && i < G_N_ELEMENTS (Ns); i++) {
    ok = time_pair (r, steps_batched, steps_alone, Ns[i], toks, reps, ms, error) &&
         (rp == NULL || profile_steps (rp, Ns[i], toks, MAX (reps, 10u), &kt[i], error));
    if (!ok)
      break;
    printf ("%-28s %4u %12.2f %12.2f %8.2fx\n", "decode steps of N sequences", Ns[i], ms[0], ms[1], ms[1] / ms[0]);
    json_row (json, "decode_steps", Ns[i], ms, rp ? &kt[i] : NULL);
  }
  if (ok && rp)
    bench_kernel_table ("GPU ms per decode step of N sequences by kernel (timestamps, a run state of their own):", kt,
                        "N=", Ns, G_N_ELEMENTS (Ns));
  for (guint i = 0; i < G_N_ELEMENTS (Ns); i++)
    bench_kernel_times_clear (&kt[i]);
  if (!ok)
    return FALSE;
  for (guint n = 2; n <= N_CANDS; n *= 2) {
    if (!time_pair (r, score_batched, score_alone, n, toks, reps, ms, error))
      return FALSE;
    printf ("%-28s %4u %12.2f %12.2f %8.2fx\n", "score N candidates", n, ms[0], ms[1], ms[1] / ms[0]);
    json_row (json, "score_candidates", n, ms, NULL);
  }
  return TRUE;
}

gboolean
bench_seqs (DraftdVk *vk, const char *path, guint reps, JsonBuilder *json, GError **error)
{
  g_autoptr (DraftdModel) m = draftd_model_load (path, error);
  if (m == NULL)
    return FALSE;
  DraftdRunnerOptions o = { .n_ctx = CONTEXT + 8, .n_seq = MAX_SEQ, .seq_ctx = CONTEXT + 8 };
  g_autoptr (DraftdRunner) r = draftd_runner_new (vk, m, &o, error);
  if (r == NULL)
    return FALSE;
  g_autoptr (DraftdRunner) rp = NULL;
  if (vk->timestamps) {
    DraftdRunnerOptions op = o;
    op.profile = TRUE;
    if ((rp = draftd_runner_new_sharing (r, &op, error)) == NULL)
      return FALSE;
  }
  gint32 toks[CONTEXT + N_CANDS * CAND_TOKENS];
  for (guint i = 0; i < G_N_ELEMENTS (toks); i++)
    toks[i] = 3 + (i * 7919u) % (m->config.n_vocab - 3);
  if (!fill_sequences (r, toks, error) || (rp && !fill_sequences (rp, toks, error)))
    return FALSE;
  score_prefix = toks;
  for (guint c = 0; c < N_CANDS; c++)
    score_cands[c] = (DraftdCandidateTokens) { toks + CONTEXT + c * CAND_TOKENS, CAND_TOKENS, NULL };
  printf ("\nsequences: %s (%s, %.1fM parameters) on %s; %u tokens cached per sequence; candidates of %u tokens "
          "after a prefix of %u (fastest of %u alternating runs)\n",
          m->name, draftd_model_quantization (m), m->n_params / 1e6, vk->name, CONTEXT, CAND_TOKENS, CONTEXT / 2, reps);
  json_builder_begin_object (json);
  bench_json_string (json, "suite", "seqs");
  bench_json_string (json, "model", m->name);
  bench_json_string (json, "device", vk->name);
  bench_json_int (json, "context", CONTEXT);
  json_builder_set_member_name (json, "rows");
  json_builder_begin_array (json);
  gboolean ok = run_rows (r, rp, toks, reps, json, error);
  json_builder_end_array (json);
  json_builder_end_object (json);
  return ok;
}
