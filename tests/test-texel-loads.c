/* The kernels that read through texel views (what a CPU device runs by default: matmuls
 * reading weights, scales and X, attention reading Q, K and V) compute exactly what the
 * storage-buffer ones do: the same logits, bit for bit, for every weight form, in one-token
 * passes and in passes that use every token tile. */
#include <string.h>
#include "tools/random-model.h"
#include "tests/tap.h"
#include "tests/test-util.h"

/* A device whose matmuls read the way `loads` says (DRAFTD_LOADS is read at creation). */
static DraftdVk *
device_loading (const char *loads)
{
  g_setenv ("DRAFTD_LOADS", loads, TRUE);
  DraftdVk *vk = test_vk ();
  g_unsetenv ("DRAFTD_LOADS");
  return vk;
}

/* Logits of every token of `toks`, passed in passes of the sizes given in turn. */
static float *
run_logits (DraftdVk *vk, DraftdModel *m, const gint32 *toks, guint n, GError **error)
{
  guint V = m->config.n_vocab;
  DraftdRunnerOptions o = { .n_ctx = 128, .n_batch = 32 };
  g_autoptr (DraftdRunner) r = draftd_runner_new (vk, m, &o, error);
  if (r == NULL)
    return NULL;
  static const guint sizes[] = { 1, 9, 17, 2, 8, 3 };
  g_autofree float *out = g_new (float, (gsize) n * V);
  for (guint done = 0, k = 0; done < n; k++) {
    guint T = MIN (sizes[k % G_N_ELEMENTS (sizes)], n - done);
    if (!draftd_runner_forward (r, toks + done, T, DRAFTD_FORWARD_ALL, error))
      return NULL;
    for (guint t = 0; t < T; t++)
      memcpy (out + (gsize) (done + t) * V, draftd_runner_logits (r, t), V * sizeof (float));
    done += T;
  }
  return g_steal_pointer (&out);
}

static void
check_model (DraftdVk *texel, DraftdVk *buffer, const char *label, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdModel) m = draftd_model_load (path, &error);
  if (m == NULL) {
    tap_ok (FALSE, "%s: %s", label, error->message);
    return;
  }
  enum { N = 40 };
  gint32 toks[N];
  for (guint i = 0; i < N; i++)
    toks[i] = (gint32) ((i * 7919u + 13u) % m->config.n_vocab);
  g_autofree float *a = run_logits (texel, m, toks, N, &error);
  g_autofree float *b = a ? run_logits (buffer, m, toks, N, &error) : NULL;
  if (b == NULL) {
    tap_ok (FALSE, "%s: %s", label, error->message);
    return;
  }
  gsize n = (gsize) N * m->config.n_vocab, first = n;
  for (gsize i = 0; i < n && first == n; i++)
    if (memcmp (&a[i], &b[i], sizeof (float)) != 0)
      first = i;
  tap_ok (first == n, "%s: texel and storage-buffer loads give the same logits for %u tokens%s", label, N,
          first == n ? "" : " (they differ)");
  if (first < n)
    tap_diag ("first difference at token %" G_GSIZE_FORMAT ", logit %" G_GSIZE_FORMAT ": %.9g against %.9g",
              first / m->config.n_vocab, first % m->config.n_vocab, a[first], b[first]);
}

int
main (void)
{
  g_autoptr (DraftdVk) texel = device_loading ("texel");
  g_autoptr (DraftdVk) buffer = device_loading ("buffer");
  tap_ok (texel->texel_loads && !buffer->texel_loads, "DRAFTD_LOADS chooses the matmuls' loads");
  g_autoptr (GError) error = NULL;
  g_autofree char *f32 = test_convert_llama2c ("stories260K.bin", "f32", &error);
  if (f32)
    check_model (texel, buffer, "stories260K f32", f32);
  else
    tap_missing ("stories260K: ../shared/models absent");
  /* Every weight form the device has: these types (with llama-quantize's mixes) cover
   * Q8_0, Q4_0, the int8 and 4-bit forms with and without mins, F16 and BF16. */
  static const char *const types[] = { "q8_0", "q4_0", "q4_k_m", "q5_k_m", "q2_k", "q3_k_m", "q4_1", "q5_0", "iq4_nl",
                                       "bf16", "f16" };
  DraftdRandomModel spec = { "llama", 256, 512, 2, 8, 2, 2000, 512, GGML_TYPE_Q8_0, FALSE, 7 };
  for (guint i = 0; i < G_N_ELEMENTS (types); i++) {
    guint32 type, more;
    if (!draftd_random_model_type (types[i], &type, &more)) {
      tap_ok (FALSE, "random model type %s is known", types[i]);
      continue;
    }
    spec.type = type;
    spec.arch = i % 2 ? "qwen2" : "llama";  /* qwen2: Q, K and V with biases */
    g_autofree char *path = g_strdup_printf ("%s/texel-%s.gguf", test_tmpdir (), types[i]);
    g_autofree char *label = g_strdup_printf ("random %s %s", spec.arch, types[i]);
    if (!draftd_random_model_write_mix (&spec, more, path, &error)) {
      tap_ok (FALSE, "%s written: %s", label, error->message);
      g_clear_error (&error);
      continue;
    }
    check_model (texel, buffer, label, path);
  }
  draftd_vk_free (g_steal_pointer (&texel));
  draftd_vk_free (g_steal_pointer (&buffer));
  test_check_validation ();
  return tap_done ();
}
