/* The Vulkan forward pass against the reference transformer (lib/reference) over the same
 * (dequantized) weights: max relative logit error <= 1e-4 and identical argmax, for stories260K and for
 * random-weight models wider than it (vocab 32000, dim 512; Llama with GQA, Qwen2 with
 * biases and NeoX RoPE, Qwen3 and Gemma 3), every weight type, tied and separate outputs, and with tensors
 * split across several bindings as the device's buffer-range limit requires. */
#include <math.h>
#include <string.h>
#include "tools/random-model.h"
#include "lib/reference/reference.h"
#include "lib/runtime/sampler.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static void
compare (DraftdVk *vk, const char *label, const char *path, guint n_tokens, double tol)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdModel) m = draftd_model_load (path, &error);
  DraftdRunnerOptions o = { .n_ctx = 64 };
  g_autoptr (DraftdRunner) r = m ? draftd_runner_new (vk, m, &o, &error) : NULL;
  if (r == NULL) {
    tap_ok (FALSE, "%s: %s", label, error->message);
    return;
  }
  g_autoptr (DraftdReference) ref = draftd_reference_new (m, 64, &error);
  if (ref == NULL) {
    tap_ok (FALSE, "%s: %s", label, error->message);
    return;
  }
  /* The GPU family's integer-dot kernels compute on 8-bit X: the reference does too. */
  draftd_reference_quantize_activations (ref, vk->int_dot);
  guint V = m->config.n_vocab;
  g_autofree gint32 *toks = g_new (gint32, n_tokens);
  for (guint i = 0; i < n_tokens; i++)
    toks[i] = (i * 104729u + 1u) % V;
  /* Half the tokens in one pass, the rest one by one: both paths are checked. */
  guint first = n_tokens / 2;
  draftd_runner_forward (r, toks, first, DRAFTD_FORWARD_ALL, NULL);
  double worst = 0;
  gboolean argmax_same = TRUE;
  for (guint i = 0; i < n_tokens; i++) {
    if (i >= first)
      draftd_runner_forward (r, &toks[i], 1, DRAFTD_FORWARD_ALL, NULL);
    const float *gpu = draftd_runner_logits (r, i < first ? i : 0);
    const float *cpu = draftd_reference_forward (ref, toks[i], i);
    worst = MAX (worst, draftd_reference_logit_error (gpu, cpu, V));
    argmax_same &= draftd_argmax (gpu, V) == draftd_argmax (cpu, V);
  }
  tol = test_reference_tolerance (ref, tol);
  tap_ok (worst <= tol, "%s: max relative logit error %.2e (<= %.0e)", label, worst, tol);
  tap_ok (argmax_same, "%s: argmax identical at all %u positions", label, n_tokens);
}

static char *
random_model_attn (const char *name, DraftdRandomModel spec, DraftdRandomAttention attn)
{
  char *p = g_build_filename (test_tmpdir (), name, NULL);
  g_autoptr (GError) error = NULL;
  if (!draftd_random_model_write_full (&spec, &attn, 0, p, &error))
    tap_diag ("%s: %s", name, error->message);
  return p;
}

static char *
random_model (const char *name, DraftdRandomModel spec)
{
  return random_model_attn (name, spec, (DraftdRandomAttention) { 0, 0 });
}

int
main (void)
{
  g_autoptr (DraftdVk) vk = test_vk ();
  g_autoptr (GError) error = NULL;
  g_autofree char *f32 = test_convert_llama2c ("stories260K.bin", "f32", &error);
  if (f32)
    compare (vk, "stories260K f32", f32, 24, 1e-4);
  else
    tap_missing ("stories260K: ../shared/models absent");

  /* Wider than any toy: vocab 32000, dim 512, GQA 8 heads / 4 KV heads. */
  DraftdRandomModel wide = { "llama", 512, 1376, 2, 8, 4, 32000, 64, GGML_TYPE_F32, FALSE, 11 };
  g_autofree char *w32 = random_model ("wide-f32.gguf", wide);
  compare (vk, "llama vocab 32000 dim 512 F32", w32, 12, 1e-4);
  DraftdRandomModel qwen = { "qwen2", 512, 1024, 2, 8, 2, 4096, 64, GGML_TYPE_F32, TRUE, 12 };
  g_autofree char *qw = random_model ("qwen-f32.gguf", qwen);
  compare (vk, "qwen2 (biases, NeoX RoPE, tied output) F32", qw, 12, 1e-4);
  /* qwen3: per-head Q/K norms, head_dim 96 where dim/heads is 64. gemma3: six layers (five
   * local, one global), a window of 6 that 20 tokens cross, GeGLU, post norms. */
  DraftdRandomModel q3 = { "qwen3", 512, 1024, 2, 8, 2, 4096, 64, GGML_TYPE_F32, FALSE, 13 };
  g_autofree char *q3p = random_model_attn ("qwen3-f32.gguf", q3, (DraftdRandomAttention) { 96, 0 });
  compare (vk, "qwen3 (Q/K norms, head_dim 96) F32", q3p, 20, 1e-4);
  DraftdRandomModel g3 = { "gemma3", 256, 768, 6, 4, 1, 4096, 64, GGML_TYPE_F32, TRUE, 14 };
  g_autofree char *g3p = random_model_attn ("gemma3-f32.gguf", g3, (DraftdRandomAttention) { 128, 6 });
  compare (vk, "gemma3 (window 6, GeGLU, post norms, tied) F32", g3p, 20, 1e-4);
  const struct { guint32 type; const char *name; } types[] = {
    { GGML_TYPE_F16, "F16" }, { GGML_TYPE_Q8_0, "Q8_0" }, { GGML_TYPE_Q4_0, "Q4_0" } };
  for (guint i = 0; i < G_N_ELEMENTS (types); i++) {
    DraftdRandomModel s = wide;
    s.type = types[i].type;
    s.n_vocab = 8000;
    g_autofree char *file = g_strdup_printf ("wide-%s.gguf", types[i].name);
    g_autofree char *p = random_model (file, s);
    g_autofree char *label = g_strdup_printf ("llama dim 512 %s", types[i].name);
    compare (vk, label, p, 10, 1e-4);
  }
  draftd_vk_free (g_steal_pointer (&vk));

  /* Force every large tensor through several bindings, as a 128 MiB limit does for real
   * models: token_embd (32000 x 512 f32 = 62.5 MiB) becomes 8 parts at 8 MiB. */
  g_setenv ("DRAFTD_MAX_BINDING", "8388608", TRUE);
  vk = test_vk ();
  tap_ok (vk->max_binding == 8388608, "binding range capped at 8 MiB");
  compare (vk, "llama vocab 32000 dim 512 F32, split bindings", w32, 8, 1e-4);
  g_unsetenv ("DRAFTD_MAX_BINDING");
  draftd_vk_free (g_steal_pointer (&vk));
  test_check_validation ();
  return tap_done ();
}
