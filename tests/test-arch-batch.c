/* The numerical contract of the forward pass for qwen3 and gemma3 (per-head Q/K norms, a
 * head_dim other than n_embd/n_head, GeGLU, post norms, scaled embeddings, sliding-window
 * layers with their own RoPE table): a token's logits are bit-identical whatever pass it
 * shares, including passes that straddle the window's edge, a pass longer than the batch,
 * and a replay after rolling the cache back across the window. */
#include <string.h>
#include "tools/random-model.h"
#include "tests/tap.h"
#include "tests/test-util.h"

#define N_TOKENS 48

typedef struct {
  const char *label;
  DraftdRandomModel spec;
  DraftdRandomAttention attn;
} Case;

/* Feeds toks[from..n) in passes of the given sizes (cycled); TRUE when every output equals
 * `want` bit for bit. */
static gboolean
in_passes (DraftdRunner *r, const gint32 *toks, guint from, guint n, const guint *sizes, guint n_sizes, const float *want,
           guint V)
{
  gboolean same = draftd_runner_n_past (r) == from;
  for (guint done = from, k = 0; same && done < n; k++) {
    guint T = MIN (sizes[k % n_sizes], n - done);
    same = draftd_runner_forward (r, toks + done, T, DRAFTD_FORWARD_ALL, NULL);
    for (guint t = 0; same && t < T; t++)
      same = memcmp (draftd_runner_logits (r, t), want + (gsize) (done + t) * V, V * sizeof (float)) == 0;
    done += T;
  }
  return same;
}

static void
check_case (DraftdVk *vk, const Case *c)
{
  g_autofree char *path = g_strdup_printf ("%s/%s.gguf", test_tmpdir (), c->spec.arch);
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdModel) m = NULL;
  g_autoptr (DraftdRunner) r = NULL;
  DraftdRunnerOptions o = { .n_ctx = 64, .n_batch = 32 };
  if (!draftd_random_model_write_full (&c->spec, &c->attn, 0, path, &error) ||
      !(m = draftd_model_load (path, &error)) || !(r = draftd_runner_new (vk, m, &o, &error))) {
    tap_ok (FALSE, "%s: %s", c->label, error->message);
    return;
  }
  guint V = m->config.n_vocab;
  gint32 toks[N_TOKENS];
  for (guint i = 0; i < N_TOKENS; i++)
    toks[i] = (gint32) ((i * 7919u + 13u) % V);
  g_autofree float *want = test_logits_one_by_one (r, toks, N_TOKENS, V);

  static const guint mixed[] = { 1, 2, 3, 5, 8, 9, 12, 4, 3 };
  draftd_runner_truncate (r, 0);
  tap_ok (in_passes (r, toks, 0, N_TOKENS, mixed, G_N_ELEMENTS (mixed), want, V),
          "%s: passes of 1-12 tokens are bit-identical to single-token passes", c->label);
  /* A pass of 48 tokens over a batch of 32: split inside the runner. */
  static const guint whole[] = { N_TOKENS };
  draftd_runner_truncate (r, 0);
  tap_ok (in_passes (r, toks, 0, N_TOKENS, whole, 1, want, V), "%s: one %u-token pass is bit-identical",
          c->label, N_TOKENS);
  /* Roll back across the window (the cache keeps stale keys past the new end) and replay
   * in passes of 7, each straddling the window's edge somewhere. */
  static const guint sevens[] = { 7 };
  draftd_runner_truncate (r, 9);
  gint32 other[6] = { 5, 6, 7, 8, 9, 10 };
  draftd_runner_forward (r, other, 6, DRAFTD_FORWARD_LAST, NULL);
  draftd_runner_truncate (r, 9);
  tap_ok (in_passes (r, toks, 9, N_TOKENS, sevens, 1, want, V),
          "%s: after a rejected continuation and truncate(9), a replay in 7-token passes is bit-identical", c->label);
}

int
main (void)
{
  g_autoptr (DraftdVk) vk = test_vk ();
  /* Six layers: gemma3's pattern has five local layers, then a global one. A window of 5 and
   * head_dim 48 (not dim/heads = 32); Q8_0 and F16 matrices. */
  const Case cases[] = {
    { "random qwen3 Q8_0, head_dim 48", { "qwen3", 128, 256, 2, 4, 2, 600, 64, GGML_TYPE_Q8_0, FALSE, 3 }, { 48, 0 } },
    { "random gemma3 F16, window 5, tied", { "gemma3", 128, 256, 6, 4, 1, 600, 64, GGML_TYPE_F16, TRUE, 4 }, { 48, 5 } },
    { "random gemma3 Q8_0, window 5", { "gemma3", 128, 256, 6, 4, 2, 600, 64, GGML_TYPE_Q8_0, FALSE, 5 }, { 48, 5 } },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check_case (vk, &cases[i]);
  draftd_vk_free (g_steal_pointer (&vk));
  test_check_validation ();
  return tap_done ();
}
