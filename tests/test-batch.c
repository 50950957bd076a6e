/* The numerical contract of the forward pass: a token's logits do not depend on how many
 * tokens shared its pass (bit-exact), and truncating the KV cache then re-running gives the
 * same logits as the first time. */
#include <string.h>
#include "tools/random-model.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static gboolean
same_logits (const float *a, const float *b, guint n)
{
  return memcmp (a, b, n * sizeof (float)) == 0;
}

/* Rolling the KV cache back: a replay matches the first pass, a rejected continuation leaves
 * no trace, and an out-of-vocabulary id is refused without moving it. */
static void
check_rollback (const char *label, DraftdRunner *batched, const gint32 *toks, const float *ref, guint V)
{
  g_autoptr (GError) error = NULL;
  draftd_runner_truncate (batched, 10);
  draftd_runner_forward (batched, toks + 10, 6, DRAFTD_FORWARD_ALL, NULL);
  gboolean replay = TRUE;
  for (guint t = 0; t < 6; t++)
    replay &= same_logits (draftd_runner_logits (batched, t), ref + (gsize) (10 + t) * V, V);
  tap_ok (replay && draftd_runner_n_past (batched) == 16, "%s: truncate(10) then replay matches", label);
  /* Roll back and continue with different tokens, then back again. */
  draftd_runner_truncate (batched, 12);
  gint32 other[3] = { 5, 6, 7 };
  draftd_runner_forward (batched, other, 3, DRAFTD_FORWARD_LAST, NULL);
  draftd_runner_truncate (batched, 12);
  draftd_runner_forward (batched, toks + 12, 1, DRAFTD_FORWARD_LAST, NULL);
  tap_ok (same_logits (draftd_runner_logits (batched, 0), ref + (gsize) 12 * V, V),
          "%s: a rejected continuation leaves no trace after truncate", label);
  gint32 bad = V;
  gboolean refused = !draftd_runner_forward (batched, &bad, 1, DRAFTD_FORWARD_LAST, &error);
  tap_ok (refused && draftd_runner_n_past (batched) == 13, "%s: out-of-vocabulary id is refused: %s", label,
          error ? error->message : "");
}

static void
check_model (DraftdVk *vk, const char *label, const char *path, guint n_tokens)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdModel) m = draftd_model_load (path, &error);
  if (m == NULL) {
    tap_ok (FALSE, "%s: %s", label, error->message);
    return;
  }
  guint V = m->config.n_vocab;
  DraftdRunnerOptions o = { .n_ctx = 256, .n_batch = 64 };
  g_autoptr (DraftdRunner) single = draftd_runner_new (vk, m, &o, &error);
  g_autoptr (DraftdRunner) batched = single ? draftd_runner_new (vk, m, &o, &error) : NULL;
  if (batched == NULL) {
    tap_ok (FALSE, "%s: %s", label, error->message);
    return;
  }
  /* Tokens: a deterministic pseudo-random walk over the vocabulary. */
  g_autofree gint32 *toks = g_new (gint32, n_tokens);
  for (guint i = 0; i < n_tokens; i++)
    toks[i] = (i * 7919u + 13u) % V;
  g_autofree float *ref = g_new (float, (gsize) n_tokens * V);
  g_autofree gint32 *ref_ids = g_new (gint32, n_tokens);
  for (guint i = 0; i < n_tokens; i++) {
    if (!draftd_runner_forward (single, &toks[i], 1, DRAFTD_FORWARD_LAST, &error)) {
      tap_ok (FALSE, "%s: forward: %s", label, error->message);
      return;
    }
    memcpy (ref + (gsize) i * V, draftd_runner_logits (single, 0), V * sizeof (float));
    ref_ids[i] = draftd_runner_argmax (single, 0);
  }
  /* Split the same tokens into passes of varied sizes. */
  const guint sizes[] = { 1, 2, 3, 5, 8, 9, 12, 16, 17, 4 };
  gboolean bit_exact = TRUE, ids_equal = TRUE;
  guint done = 0, k = 0;
  while (done < n_tokens) {
    guint want = sizes[k++ % G_N_ELEMENTS (sizes)];
    guint T = MIN (want, n_tokens - done);
    if (!draftd_runner_forward (batched, toks + done, T, DRAFTD_FORWARD_ALL, &error)) {
      tap_ok (FALSE, "%s: %u-token pass: %s", label, T, error->message);
      return;
    }
    for (guint t = 0; t < T; t++) {
      bit_exact &= same_logits (draftd_runner_logits (batched, t), ref + (gsize) (done + t) * V, V);
      ids_equal &= draftd_runner_argmax (batched, t) == ref_ids[done + t];
    }
    done += T;
  }
  tap_ok (ids_equal, "%s: argmax of T-token passes equals single-token passes", label);
  tap_ok (bit_exact, "%s: logits of T-token passes are bit-identical to single-token passes", label);

  /* One pass over all tokens, larger than n_batch: split internally, same results. */
  draftd_runner_truncate (batched, 0);
  draftd_runner_forward (batched, toks, n_tokens, DRAFTD_FORWARD_ALL, NULL);
  gboolean whole = draftd_runner_n_outputs (batched) == n_tokens;
  for (guint t = 0; whole && t < n_tokens; t++)
    whole &= same_logits (draftd_runner_logits (batched, t), ref + (gsize) t * V, V);
  tap_ok (whole, "%s: one %u-token pass%s is bit-identical", label, n_tokens,
          n_tokens > o.n_batch ? " (over the batch size)" : "");

  /* Outputs for the tail only (a prompt followed by drafts), across the batch split. */
  guint n_out = MIN (n_tokens, 9u);
  draftd_runner_truncate (batched, 0);
  gboolean tail = draftd_runner_forward_tail (batched, toks, n_tokens, n_out, 0, NULL) &&
                  draftd_runner_n_outputs (batched) == n_out && draftd_runner_n_past (batched) == n_tokens;
  for (guint t = 0; tail && t < n_out; t++)
    tail &= same_logits (draftd_runner_logits (batched, t), ref + (gsize) (n_tokens - n_out + t) * V, V) &&
            draftd_runner_argmax (batched, t) == ref_ids[n_tokens - n_out + t];
  tap_ok (tail, "%s: outputs for the last %u of %u tokens are those of single-token passes", label, n_out, n_tokens);

  check_rollback (label, batched, toks, ref, V);
}

/* Each type added after Q8_0/Q4_0, alone or in the mixes llama-quantize makes (every width
 * here is a multiple of 256, so K-quants fit), in passes of 1..9 tokens. */
static void
check_new_types (DraftdVk *vk, DraftdRandomModel *spec)
{
  static const char *const types[] = { "q4_k_m", "q5_k_m", "q2_k", "q3_k_m", "q4_1", "q5_0", "q5_1", "iq4_nl", "bf16" };
  spec->arch = "llama";
  for (guint i = 0; i < G_N_ELEMENTS (types); i++) {
    guint32 type, more;
    g_assert (draftd_random_model_type (types[i], &type, &more));
    spec->type = type;
    g_autofree char *label = g_strdup_printf ("random %s%s%s", draftd_ggml_type_name (type), more ? " + " : "",
                                              more ? draftd_ggml_type_name (more) : "");
    g_autofree char *path = g_strdup_printf ("%s/random-%s.gguf", test_tmpdir (), types[i]);
    g_autoptr (GError) error = NULL;
    if (!draftd_random_model_write_mix (spec, more, path, &error)) {
      tap_ok (FALSE, "%s written: %s", label, error->message);
      continue;
    }
    check_model (vk, label, path, 28);
  }
}

int
main (void)
{
  g_autoptr (DraftdVk) vk = test_vk ();
  g_autoptr (GError) error = NULL;
  g_autofree char *f32 = test_convert_llama2c ("stories260K.bin", "f32", &error);
  if (f32)
    check_model (vk, "stories260K f32", f32, 80);
  else
    tap_missing ("stories260K: ../shared/models absent");
  DraftdRandomModel spec = { "llama", 256, 512, 2, 8, 2, 2000, 512, GGML_TYPE_Q8_0, FALSE, 7 };
  g_autofree char *q8 = g_build_filename (test_tmpdir (), "random-q8.gguf", NULL);
  tap_ok (draftd_random_model_write (&spec, q8, &error), "random Q8_0 model written");
  check_model (vk, "random Q8_0 dim 256", q8, 70);
  spec.type = GGML_TYPE_Q4_0;
  spec.arch = "qwen2";
  g_autofree char *q4 = g_build_filename (test_tmpdir (), "random-q4.gguf", NULL);
  draftd_random_model_write (&spec, q4, NULL);
  check_model (vk, "random Qwen2 Q4_0 dim 256", q4, 40);
  check_new_types (vk, &spec);
  draftd_vk_free (g_steal_pointer (&vk));
  test_check_validation ();
  return tap_done ();
}
