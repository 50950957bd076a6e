/* The multi-sequence contract of the forward pass: a sequence's logits are bit-identical
 * whether it runs alone or shares passes with other sequences: prompts of different lengths
 * in one pass, decode steps of every sequence in one pass, tokens of several sequences
 * interleaved, a call split over the batch size, outputs for some tokens only, one
 * sequence rolled back while the others go on, a prefix copied from one sequence into
 * another, and copies that run at the start of the next pass; and a second run state over
 * the same weights. The reference is each sequence fed
 * one token per pass in a one-sequence runner. */
#include <string.h>
#include "tools/random-model.h"
#include "tests/tap.h"
#include "tests/test-util.h"

#define N_SEQ 4
#define LEN 24     /* tokens per sequence */
#define SEQ_CTX 32 /* capacity of sequences 1.. (sequence 0 has N_CTX) */
#define N_CTX 64

typedef struct {
  const char *label;
  DraftdRunner *r;            /* N_SEQ sequences */
  guint V;
  gint32 toks[N_SEQ][LEN];
  float *want[N_SEQ];         /* [LEN][V]: each sequence alone */
} Fixture;

/* Runs the batch (each token the next of its sequence's stream `src`, which is `f->toks` or
 * another stream) and compares every output with `ref` at that token's position. */
static gboolean
run_checked (Fixture *f, const guint *seq, const guint8 *want, guint n, gint32 (*src)[LEN], float **ref)
{
  g_autofree gint32 *tokens = g_new (gint32, n);
  g_autofree guint *pos = g_new (guint, n);
  guint next[N_SEQ];
  for (guint s = 0; s < N_SEQ; s++)
    next[s] = draftd_runner_seq_n_past (f->r, s);
  for (guint i = 0; i < n; i++) {
    pos[i] = next[seq[i]]++;
    tokens[i] = src[seq[i]][pos[i]];
  }
  DraftdBatch b = { tokens, seq, want, n };
  g_autoptr (GError) error = NULL;
  if (!draftd_runner_forward_batch (f->r, &b, 0, &error)) {
    tap_diag ("%s: %s", f->label, error->message);
    return FALSE;
  }
  gboolean same = TRUE;
  for (guint i = 0, o = 0; i < n; i++) {
    if (want && !want[i])
      continue;
    same &= o < draftd_runner_n_outputs (f->r) &&
            memcmp (draftd_runner_logits (f->r, o++), ref[seq[i]] + (gsize) pos[i] * f->V, f->V * sizeof (float)) == 0;
  }
  return same;
}

/* Sequence s gets its first lens[s] tokens, all sequences in one pass, all outputs. */
static gboolean
prompts (Fixture *f, const guint lens[N_SEQ])
{
  guint seq[N_SEQ * LEN], n = 0;
  for (guint s = 0; s < N_SEQ; s++)
    for (guint i = 0; i < lens[s]; i++)
      seq[n++] = s;
  return run_checked (f, seq, NULL, n, f->toks, f->want);
}

/* Passes of one token per sequence, the order rotating from pass to pass. */
static gboolean
decode_steps (Fixture *f, guint n_steps)
{
  gboolean same = TRUE;
  for (guint k = 0; k < n_steps; k++) {
    guint seq[N_SEQ];
    for (guint i = 0; i < N_SEQ; i++)
      seq[i] = (i + k) % N_SEQ;
    same &= run_checked (f, seq, NULL, N_SEQ, f->toks, f->want);
  }
  return same;
}

/* Every sequence's remaining tokens, round-robin, in one call larger than the batch;
 * outputs for every other token only. */
static gboolean
rest_interleaved (Fixture *f)
{
  guint seq[N_SEQ * LEN], left[N_SEQ], n = 0;
  guint8 want[N_SEQ * LEN];
  for (guint s = 0; s < N_SEQ; s++)
    left[s] = LEN - draftd_runner_seq_n_past (f->r, s);
  for (gboolean more = TRUE; more;) {
    more = FALSE;
    for (guint s = 0; s < N_SEQ; s++)
      if (left[s] > 0) {
        left[s]--;
        want[n] = n % 2;
        seq[n++] = s;
        more = TRUE;
      }
  }
  return n > draftd_runner_n_batch (f->r) && run_checked (f, seq, want, n, f->toks, f->want);
}

/* Sequence 2 rolled back and given other tokens while sequence 1 goes on, then rolled back
 * again and replayed: neither notices. */
static gboolean
rollback (Fixture *f)
{
  gint32 other[N_SEQ][LEN];
  for (guint i = 0; i < LEN; i++)
    other[2][i] = (gint32) ((i * 31u + 5u) % f->V);
  g_autofree float *junk = g_new0 (float, (gsize) LEN * f->V);
  float *refs[N_SEQ] = { NULL, f->want[1], junk, NULL };
  memcpy (other[1], f->toks[1], sizeof other[1]);
  draftd_runner_seq_truncate (f->r, 1, 10);
  draftd_runner_seq_truncate (f->r, 2, 7);
  const guint seq_a[] = { 2, 1, 2, 1, 2, 1 };
  const guint8 want_a[] = { 0, 1, 0, 1, 0, 1 };
  if (!run_checked (f, seq_a, want_a, G_N_ELEMENTS (seq_a), other, refs))
    return FALSE;
  draftd_runner_seq_truncate (f->r, 2, 7);
  const guint seq_b[] = { 1, 2, 2, 1, 2, 2, 1 };
  return run_checked (f, seq_b, NULL, G_N_ELEMENTS (seq_b), f->toks, f->want);
}

/* Sequence 0's first 12 positions copied into sequence 3, which then goes on with sequence
 * 0's tokens: the same logits as sequence 0's. */
static gboolean
copied_prefix (Fixture *f)
{
  if (!draftd_runner_seq_copy (f->r, 0, 3, 12, NULL) || draftd_runner_seq_n_past (f->r, 3) != 12 ||
      memcmp (draftd_runner_seq_tokens (f->r, 3), f->toks[0], 12 * sizeof (gint32)) != 0)
    return FALSE;
  gint32 src[N_SEQ][LEN];
  memcpy (src[3], f->toks[0], sizeof src[3]);
  float *refs[N_SEQ] = { NULL, NULL, NULL, f->want[0] };
  const guint seq[] = { 3, 3, 3, 3, 3, 3 };
  return run_checked (f, seq, NULL, G_N_ELEMENTS (seq), src, refs);
}

/* Copies run at the start of the next pass, in the order asked: sequence 0's first 16
 * positions into sequence 1, then sequence 1's first 10 into sequence 2 (a copy of a copy).
 * In that pass sequence 0 is rolled back to 8 and given other tokens, which the copies must
 * not see, while sequences 1 and 2 go on with sequence 0's tokens: sequence 0's logits. */
static gboolean
copies_then_pass (Fixture *f)
{
  if (!draftd_runner_seq_copy (f->r, 0, 1, 16, NULL) || !draftd_runner_seq_copy (f->r, 1, 2, 10, NULL) ||
      draftd_runner_seq_n_past (f->r, 2) != 10 ||
      memcmp (draftd_runner_seq_tokens (f->r, 2), f->toks[0], 10 * sizeof (gint32)) != 0)
    return FALSE;
  draftd_runner_seq_truncate (f->r, 0, 8);
  gint32 src[N_SEQ][LEN];
  for (guint i = 0; i < LEN; i++)
    src[0][i] = (gint32) ((i * 31u + 5u) % f->V);
  memcpy (src[1], f->toks[0], sizeof src[1]);
  memcpy (src[2], f->toks[0], sizeof src[2]);
  float *refs[N_SEQ] = { NULL, f->want[0], f->want[0], NULL };
  const guint seq[] = { 0, 1, 2, 0, 2, 1, 0, 2, 2, 1, 0, 0 };
  const guint8 want[] = { 0, 1, 1, 0, 1, 1, 0, 1, 1, 1, 0, 0 };
  return run_checked (f, seq, want, G_N_ELEMENTS (seq), src, refs);
}

/* A batch that would overflow one sequence, or names one that does not exist, is refused
 * and changes no sequence. */
static gboolean
refusals (Fixture *f)
{
  guint before[N_SEQ];
  for (guint s = 0; s < N_SEQ; s++)
    before[s] = draftd_runner_seq_n_past (f->r, s);
  guint n = SEQ_CTX - before[1] + 1;
  g_autofree gint32 *tokens = g_new0 (gint32, n + 1);
  g_autofree guint *seq = g_new (guint, n + 1);
  seq[0] = 0;
  for (guint i = 1; i <= n; i++)
    seq[i] = 1;
  DraftdBatch over = { tokens, seq, NULL, n + 1 };
  guint bad_seq[1] = { N_SEQ };
  DraftdBatch bad = { tokens, bad_seq, NULL, 1 };
  gboolean refused = !draftd_runner_forward_batch (f->r, &over, 0, NULL) &&
                     !draftd_runner_forward_batch (f->r, &bad, 0, NULL);
  for (guint s = 0; s < N_SEQ; s++)
    refused &= draftd_runner_seq_n_past (f->r, s) == before[s];
  return refused;
}

static void
check_sequences (Fixture *f)
{
  static const guint lens[N_SEQ] = { 5, 1, 9, 3 };
  tap_ok (prompts (f, lens), "%s: prompts of 5, 1, 9 and 3 tokens in one pass match each alone", f->label);
  tap_ok (decode_steps (f, 5), "%s: decode steps of all sequences in one pass match each alone", f->label);
  tap_ok (rest_interleaved (f), "%s: interleaved tokens over the batch size, outputs for some, match each alone",
          f->label);
  tap_ok (rollback (f), "%s: one sequence rolled back and replayed beside another matches each alone", f->label);
  tap_ok (copied_prefix (f), "%s: a prefix copied into another sequence continues as the original", f->label);
  tap_ok (copies_then_pass (f),
          "%s: copies asked before a pass (one of a copy) run first, in order, unseen by its rollback", f->label);
  tap_ok (refusals (f), "%s: an overflowing batch and an unknown sequence are refused, changing nothing", f->label);
}

/* A second run state over the same weights: its own cache, the same logits. */
static void
check_sharing (Fixture *f, DraftdRunner *single, const DraftdRunnerOptions *o)
{
  g_autoptr (GError) error = NULL;
  guint before = draftd_runner_n_past (single);
  g_autoptr (DraftdRunner) twin = draftd_runner_new_sharing (single, o, &error);
  g_autofree float *logits = twin ? test_logits_one_by_one (twin, f->toks[1], LEN, f->V) : NULL;
  tap_ok (logits && memcmp (logits, f->want[1], (gsize) LEN * f->V * sizeof (float)) == 0 &&
              draftd_runner_n_past (single) == before,
          "%s: a run state sharing the weights gives the same logits and leaves the other's cache%s%s", f->label,
          error ? ": " : "", error ? error->message : "");
}

static void
check_model (DraftdVk *vk, const char *label, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdModel) m = draftd_model_load (path, &error);
  DraftdRunnerOptions one = { .n_ctx = N_CTX, .n_batch = 16 };
  DraftdRunnerOptions many = { .n_ctx = N_CTX, .n_batch = 16, .n_seq = N_SEQ, .seq_ctx = SEQ_CTX };
  g_autoptr (DraftdRunner) single = m ? draftd_runner_new (vk, m, &one, &error) : NULL;
  g_autoptr (DraftdRunner) batched = single ? draftd_runner_new (vk, m, &many, &error) : NULL;
  if (batched == NULL) {
    tap_ok (FALSE, "%s: %s", label, error->message);
    return;
  }
  Fixture f = { label, batched, m->config.n_vocab, { { 0 } }, { NULL } };
  for (guint s = 0; s < N_SEQ; s++) {
    for (guint i = 0; i < LEN; i++)
      f.toks[s][i] = (gint32) ((i * 7919u + 13u + s * 104729u) % f.V);
    f.want[s] = test_logits_one_by_one (single, f.toks[s], LEN, f.V);
  }
  tap_ok (draftd_runner_n_seq (batched) == N_SEQ && draftd_runner_seq_n_ctx (batched, 0) == N_CTX &&
              draftd_runner_seq_n_ctx (batched, 1) == SEQ_CTX,
          "%s: %u sequences, the first of %u positions and the others of %u", label, N_SEQ, N_CTX, SEQ_CTX);
  check_sequences (&f);
  check_sharing (&f, single, &one);
  for (guint s = 0; s < N_SEQ; s++)
    g_free (f.want[s]);
}

int
main (void)
{
  g_autoptr (DraftdVk) vk = test_vk ();
  g_autoptr (GError) error = NULL;
  g_autofree char *target = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  check_model (vk, "shipped target", target);
  g_autofree char *f32 = test_convert_llama2c ("stories260K.bin", "f32", &error);
  if (f32)
    check_model (vk, "stories260K f32", f32);
  else
    tap_missing ("stories260K: ../shared/models absent");
  /* Sliding-window layers (a window of 5) and a head_dim other than dim/heads. */
  DraftdRandomModel spec = { "gemma3", 128, 256, 6, 4, 2, 600, 64, GGML_TYPE_Q8_0, FALSE, 5 };
  DraftdRandomAttention attn = { 48, 5 };
  g_autofree char *gemma = g_build_filename (test_tmpdir (), "gemma3.gguf", NULL);
  tap_ok (draftd_random_model_write_full (&spec, &attn, 0, gemma, &error), "random gemma3 written");
  check_model (vk, "random gemma3 Q8_0, window 5", gemma);
  draftd_vk_free (g_steal_pointer (&vk));
  test_check_validation ();
  return tap_done ();
}
