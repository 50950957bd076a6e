/* The GPU attention kernel (attn_flash.comp + attn_combine.comp, DRAFTD_KERNELS=gpu) against
 * the three CPU-shaped kernels (DRAFTD_KERNELS=cpu) on the same device: logits within
 * rounding and the same greedy token at every position, on stories260K and on random models
 * of every architecture (Llama; Qwen2's biases; Qwen3's head norms; Gemma 3's sliding window,
 * wider than a split so windows cut splits, and heads of 256). Contexts run past two splits
 * of the keys, so the split and its combination run. The batch-identity contract on the GPU
 * kernel: passes of 1..64 tokens, and two sequences at different positions sharing passes,
 * give the bits of one token a pass. And a pass really ran the fused kernels: per layer, two
 * dispatches fewer than the CPU kernels' three while the keys fit one split, one fewer
 * (attention + combine) past it, and one more fewer where the head norm runs inside RoPE
 * (Qwen3, Gemma 3). */
#include <math.h>
#include <string.h>
#include "lib/runtime/sampler.h"
#include "lib/vk/vk-kernels.h"
#include "tools/random-model.h"
#include "tests/tap.h"
#include "tests/test-util.h"

enum { N = 2 * DRAFTD_ATTN_SPLIT_KEYS + 8, LAG = 100, N_CTX = N + 8 };

typedef struct {
  guint first, last;  /* dispatches of the first pass (one key) and the last (N keys) */
} Dispatches;

/* Logits of every token of `toks`, in passes of the sizes given in turn (or one a pass). */
static float *
run_logits (DraftdVk *vk, DraftdModel *m, gboolean one_by_one, const gint32 *toks, Dispatches *d, GError **error)
{
  guint V = m->config.n_vocab;
  DraftdRunnerOptions o = { .n_ctx = N_CTX, .n_batch = 64 };
  g_autoptr (DraftdRunner) r = draftd_runner_new (vk, m, &o, error);
  if (r == NULL)
    return NULL;
  static const guint sizes[] = { 1, 9, 17, 2, 64, 8, 3, 16, 5 };
  g_autofree float *out = g_new (float, (gsize) N * V);
  for (guint done = 0, k = 0; done < N; k++) {
    guint T = one_by_one ? 1 : MIN (sizes[k % G_N_ELEMENTS (sizes)], N - done);
    if (!draftd_runner_forward (r, toks + done, T, DRAFTD_FORWARD_ALL, error))
      return NULL;
    if (done == 0)
      d->first = draftd_runner_last_dispatches (r);
    d->last = draftd_runner_last_dispatches (r);
    for (guint t = 0; t < T; t++)
      memcpy (out + (gsize) (done + t) * V, draftd_runner_logits (r, t), V * sizeof (float));
    done += T;
  }
  return g_steal_pointer (&out);
}

/* Two sequences of the same tokens, the second LAG behind the first, in shared passes of
 * growing size: each token's logits go where its position's are in `out`; TRUE when each
 * position got the same bits from both. */
static gboolean
run_two_seqs (DraftdVk *vk, DraftdModel *m, const gint32 *toks, float *out, GError **error)
{
  guint V = m->config.n_vocab;
  DraftdRunnerOptions o = { .n_ctx = N_CTX, .n_batch = 64, .n_seq = 2, .seq_ctx = N_CTX };
  g_autoptr (DraftdRunner) r = draftd_runner_new (vk, m, &o, error);
  if (r == NULL)
    return FALSE;
  g_autofree float *second = g_new0 (float, (gsize) N * V);
  guint next[2] = { 0, 0 };
  for (guint k = 0; next[1] < N; k++) {
    gint32 tokens[40];
    guint seq[40], pos[40], n = 0;
    for (guint i = 0; i < 1 + k % 20; i++)
      for (guint s = 0; s < 2; s++)
        if (next[s] < N && (s == 0 || next[1] + LAG <= next[0] || next[0] == N)) {
          seq[n] = s;
          pos[n] = next[s]++;
          tokens[n] = toks[pos[n]];
          n++;
        }
    DraftdBatch b = { tokens, seq, NULL, n };
    if (!draftd_runner_forward_batch (r, &b, 0, error))
      return FALSE;
    for (guint i = 0; i < n; i++)
      memcpy ((seq[i] ? second : out) + (gsize) pos[i] * V, draftd_runner_logits (r, i), V * sizeof (float));
  }
  return memcmp (second, out, (gsize) N * V * sizeof (float)) == 0;
}

static void
check_model (DraftdVk *gpu, DraftdVk *cpu, const char *label, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdModel) m = draftd_model_load (path, &error);
  if (m == NULL) {
    tap_ok (FALSE, "%s: %s", label, error->message);
    return;
  }
  guint V = m->config.n_vocab, L = m->config.n_layer, fused_norm = m->config.qk_norm ? L : 0;
  gint32 toks[N];
  for (guint i = 0; i < N; i++)
    toks[i] = (gint32) ((i * 7919u + 13u) % V);
  Dispatches d_gpu, d_cpu, d_one;
  g_autofree float *fast = run_logits (gpu, m, FALSE, toks, &d_gpu, &error);
  g_autofree float *ref = fast ? run_logits (cpu, m, FALSE, toks, &d_cpu, &error) : NULL;
  g_autofree float *one = ref ? run_logits (gpu, m, TRUE, toks, &d_one, &error) : NULL;
  g_autofree float *two = g_new (float, (gsize) N * V);
  gboolean seqs_agree = one && run_two_seqs (gpu, m, toks, two, &error);
  if (error) {
    tap_ok (FALSE, "%s: %s", label, error->message);
    return;
  }
  guint other;
  double rel = test_logits_difference (fast, ref, N, V, &other);
  /* Rounding alone (another order of the same sums) stays near 1e-6 of the logits' size; a
   * window, scale, split or combination gone wrong moves them by percents. */
  tap_ok (rel < 1e-4 && other == N, "%s: GPU attention's logits are the CPU kernels' within rounding", label);
  tap_diag ("%s: largest difference %.2e of the largest logit%s", label, rel,
            other == N ? "" : ", and the greedy token differs");
  tap_ok (memcmp (fast, one, (gsize) N * V * sizeof (float)) == 0,
          "%s: GPU attention, passes of 1-64 tokens give the bits of one token a pass", label);
  tap_ok (seqs_agree && memcmp (two, one, (gsize) N * V * sizeof (float)) == 0,
          "%s: GPU attention, two sequences sharing passes give the bits of one token a pass", label);
  tap_ok (d_cpu.first - d_gpu.first == 2 * L + fused_norm && d_cpu.last - d_gpu.last == L + fused_norm,
          "%s: one attention dispatch a layer, plus the combine past a split (GPU/CPU kernels: %u/%u, %u/%u)",
          label, d_gpu.first,
          d_cpu.first, d_gpu.last, d_cpu.last);
}

/* A device with the kernels of DRAFTD_KERNELS=`kind` (the variable is read as it is made).
 * The matmuls stay float (DRAFTD_INT_DOT=0) so that the two families differ by attention
 * alone: the integer-dot kernels add a quantization dispatch and their own rounding, and
 * test-gpu-kernels holds them to account. */
static DraftdVk *
device_with (const char *kind)
{
  g_setenv ("DRAFTD_KERNELS", kind, TRUE);
  g_setenv ("DRAFTD_INT_DOT", "0", TRUE);
  DraftdVk *vk = test_vk ();
  g_unsetenv ("DRAFTD_KERNELS");
  g_unsetenv ("DRAFTD_INT_DOT");
  return vk;
}

int
main (void)
{
  g_autoptr (DraftdVk) gpu = device_with ("gpu");
  g_autoptr (DraftdVk) cpu = device_with ("cpu");
  g_autoptr (GError) error = NULL;
  tap_ok (gpu->gpu_kernels && !cpu->gpu_kernels, "DRAFTD_KERNELS picks the kernel family");
  g_autofree char *f32 = test_convert_llama2c ("stories260K.bin", "f32", &error);
  if (f32)
    check_model (gpu, cpu, "stories260K f32", f32);
  else
    tap_missing ("stories260K: ../shared/models absent");
  static const struct {
    const char *arch, *type;
    guint n_head, n_head_kv, head_dim, n_swa;
  } cases[] = {
    { "llama", "q8_0", 8, 2, 0, 0 },
    { "qwen2", "iq4_nl", 8, 4, 0, 0 },
    { "qwen3", "f16", 4, 2, 64, 0 },
    /* windows wider than a split, narrower than the context; heads of 256 (Gemma 3's) */
    { "gemma3", "q4_0", 4, 1, 256, DRAFTD_ATTN_SPLIT_KEYS + 44 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    guint32 type, more;
    if (!draftd_random_model_type (cases[i].type, &type, &more)) {
      tap_ok (FALSE, "random model type %s is known", cases[i].type);
      continue;
    }
    DraftdRandomModel spec = { cases[i].arch, 128, 256, 2, cases[i].n_head, cases[i].n_head_kv, 1000, N_CTX, type,
                               FALSE, 31 + i };
    DraftdRandomAttention attn = { cases[i].head_dim, cases[i].n_swa };
    g_autofree char *path = g_strdup_printf ("%s/gpu-attn-%s.gguf", test_tmpdir (), cases[i].arch);
    g_autofree char *label = g_strdup_printf ("random %s %s", cases[i].arch, cases[i].type);
    if (!draftd_random_model_write_full (&spec, &attn, more, path, &error)) {
      tap_ok (FALSE, "%s written: %s", label, error->message);
      g_clear_error (&error);
      continue;
    }
    check_model (gpu, cpu, label, path);
  }
  draftd_vk_free (g_steal_pointer (&cpu));
  draftd_vk_free (g_steal_pointer (&gpu));
  test_check_validation ();
  return tap_done ();
}
