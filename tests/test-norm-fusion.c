/* The RMS norm fused into the QKV and gate/up matmuls (the kernel norms the residual stream
 * as it reads it) against a norm dispatch before them. Fused, the scale multiplies the whole
 * dot product instead of each value, so logits differ by rounding only: this holds them to a
 * tolerance and to the same greedy token everywhere, on every architecture's norm layout
 * (Llama, Qwen2's biases, Qwen3's head norms, Gemma 3's post norms and scaled embeddings)
 * and on the weight forms' kernels. Fused passes of any size give the same bits as one
 * token at a time (the batch-identity contract), and a fused pass has two dispatches per
 * layer fewer. */
#include <math.h>
#include <string.h>
#include "lib/runtime/sampler.h"
#include "tools/random-model.h"
#include "tests/tap.h"
#include "tests/test-util.h"

enum { N = 40 };

/* Logits of every token of `toks`, in passes of the sizes given in turn (or one token a pass). */
static float *
run_logits (DraftdVk *vk, DraftdModel *m, DraftdNormPlace norm, gboolean one_by_one, const gint32 *toks,
            guint *dispatches, GError **error)
{
  guint V = m->config.n_vocab;
  DraftdRunnerOptions o = { .n_ctx = 128, .n_batch = 32, .norm = norm };
  g_autoptr (DraftdRunner) r = draftd_runner_new (vk, m, &o, error);
  if (r == NULL)
    return NULL;
  static const guint sizes[] = { 1, 9, 17, 2, 8, 3 };
  g_autofree float *out = g_new (float, (gsize) N * V);
  for (guint done = 0, k = 0; done < N; k++) {
    guint T = one_by_one ? 1 : MIN (sizes[k % G_N_ELEMENTS (sizes)], N - done);
    if (!draftd_runner_forward (r, toks + done, T, DRAFTD_FORWARD_ALL, error))
      return NULL;
    if (done == 0)
      *dispatches = draftd_runner_last_dispatches (r);
    for (guint t = 0; t < T; t++)
      memcpy (out + (gsize) (done + t) * V, draftd_runner_logits (r, t), V * sizeof (float));
    done += T;
  }
  return g_steal_pointer (&out);
}

static void
check_model (DraftdVk *vk, const char *label, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdModel) m = draftd_model_load (path, &error);
  if (m == NULL) {
    tap_ok (FALSE, "%s: %s", label, error->message);
    return;
  }
  guint V = m->config.n_vocab;
  gint32 toks[N];
  for (guint i = 0; i < N; i++)
    toks[i] = (gint32) ((i * 7919u + 13u) % V);
  guint d_fused = 0, d_apart = 0, d_one = 0;
  g_autofree float *fused = run_logits (vk, m, DRAFTD_NORM_FUSED, FALSE, toks, &d_fused, &error);
  g_autofree float *apart = fused ? run_logits (vk, m, DRAFTD_NORM_APART, FALSE, toks, &d_apart, &error) : NULL;
  g_autofree float *one = apart ? run_logits (vk, m, DRAFTD_NORM_FUSED, TRUE, toks, &d_one, &error) : NULL;
  if (one == NULL) {
    tap_ok (FALSE, "%s: %s", label, error->message);
    return;
  }
  guint other;
  double rel = test_logits_difference (fused, apart, N, V, &other);
  /* Rounding alone stays near 1e-6 of the logits' size; a norm gone wrong (a scale, eps or
   * gain misapplied) moves them by percents. */
  tap_ok (rel < 1e-4 && other == N, "%s: the fused norm's logits are the norm dispatch's within rounding", label);
  tap_diag ("%s: largest difference %.2e of the largest logit%s", label, rel,
            other == N ? "" : ", and the greedy token differs");
  tap_ok (memcmp (fused, one, (gsize) N * V * sizeof (float)) == 0,
          "%s: fused, passes of 1-17 tokens give the bits of one token a pass", label);
  tap_ok (d_apart - d_fused == 2 * m->config.n_layer, "%s: a fused pass has two dispatches a layer fewer (%u, %u)",
          label, d_fused, d_apart);
}

int
main (void)
{
  g_autoptr (DraftdVk) vk = test_vk ();
  g_autoptr (GError) error = NULL;
  g_autofree char *f32 = test_convert_llama2c ("stories260K.bin", "f32", &error);
  if (f32)
    check_model (vk, "stories260K f32", f32);
  else
    tap_missing ("stories260K: ../shared/models absent");
  static const struct {
    const char *arch, *type;
  } cases[] = {
    { "llama", "q8_0" }, { "qwen2", "q4_k_m" }, { "qwen3", "q5_k_m" }, { "gemma3", "q4_0" },
    { "llama", "iq4_nl" }, { "qwen3", "f16" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    guint32 type, more;
    if (!draftd_random_model_type (cases[i].type, &type, &more)) {
      tap_ok (FALSE, "random model type %s is known", cases[i].type);
      continue;
    }
    DraftdRandomModel spec = { cases[i].arch, 256, 512, 2, 8, 2, 2000, 512, type, FALSE, 11 + i };
    g_autofree char *path = g_strdup_printf ("%s/norm-%s-%s.gguf", test_tmpdir (), cases[i].arch, cases[i].type);
    g_autofree char *label = g_strdup_printf ("random %s %s", cases[i].arch, cases[i].type);
    if (!draftd_random_model_write_mix (&spec, more, path, &error)) {
      tap_ok (FALSE, "%s written: %s", label, error->message);
      g_clear_error (&error);
      continue;
    }
    check_model (vk, label, path);
  }
  draftd_vk_free (g_steal_pointer (&vk));
  test_check_validation ();
  return tap_done ();
}
