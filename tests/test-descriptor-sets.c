/* Kernels that bind descriptor sets made once per set of buffers (lib/vk/vk-sets.h, what a
 * CPU device does by default) compute exactly what pushed descriptors do: the same logits,
 * bit for bit. A set lives only as long as every buffer it binds: freeing a runner drops
 * the sets of its buffers, and a runner made after it (whose buffers may get the freed
 * handles) still computes the same logits. */
#include <string.h>
#include "lib/vk/vk-sets.h"
#include "tools/random-model.h"
#include "tests/tap.h"
#include "tests/test-util.h"

/* A device whose kernels bind their buffers the way `descriptors` says. */
static DraftdVk *
device_binding (const char *descriptors)
{
  g_setenv ("DRAFTD_DESCRIPTORS", descriptors, TRUE);
  DraftdVk *vk = test_vk ();
  g_unsetenv ("DRAFTD_DESCRIPTORS");
  return vk;
}

/* Logits of every token of `toks` in passes of several sizes; *sets_alive: the device's
 * cached sets while the runner lived. */
static float *
run_logits (DraftdVk *vk, DraftdModel *m, const gint32 *toks, guint n, guint *sets_alive, GError **error)
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
  if (sets_alive)
    *sets_alive = vk->sets ? draftd_vk_sets_count (vk->sets) : 0;
  return g_steal_pointer (&out);
}

static gboolean
same (const float *a, const float *b, gsize n)
{
  return memcmp (a, b, n * sizeof (float)) == 0;
}

static void
check_model (DraftdVk *cached, DraftdVk *push, const char *label, const char *path)
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
  guint before = draftd_vk_sets_count (cached->sets), alive = 0;
  g_autofree float *a = run_logits (cached, m, toks, N, &alive, &error);
  guint after = draftd_vk_sets_count (cached->sets);
  g_autofree float *b = a ? run_logits (push, m, toks, N, NULL, &error) : NULL;
  g_autofree float *c = b ? run_logits (cached, m, toks, N, NULL, &error) : NULL;
  if (c == NULL) {
    tap_ok (FALSE, "%s: %s", label, error->message);
    return;
  }
  gsize n = (gsize) N * m->config.n_vocab;
  tap_ok (same (a, b, n), "%s: cached sets and pushed descriptors give the same logits for %u tokens", label, N);
  tap_ok (same (a, c, n), "%s: a second runner on the same device, after the first was freed, gives them too", label);
  tap_ok (alive > before && after == before,
          "%s: the runner's passes made sets (%u), all dropped with its buffers (%u left of %u before)", label,
          alive - before, after, before);
}

int
main (void)
{
  g_autoptr (DraftdVk) cached = device_binding ("cached");
  g_autoptr (DraftdVk) push = device_binding ("push");
  tap_ok (cached->cached_sets && cached->sets && !push->cached_sets && push->sets == NULL,
          "DRAFTD_DESCRIPTORS chooses how kernels bind their buffers");
  g_autoptr (GError) error = NULL;
  static const char *const types[] = { "q8_0", "f16" };
  DraftdRandomModel spec = { "llama", 256, 512, 2, 8, 2, 2000, 512, GGML_TYPE_Q8_0, FALSE, 7 };
  for (guint i = 0; i < G_N_ELEMENTS (types); i++) {
    guint32 type, more;
    if (!draftd_random_model_type (types[i], &type, &more)) {
      tap_ok (FALSE, "random model type %s is known", types[i]);
      continue;
    }
    spec.type = type;
    spec.arch = i % 2 ? "qwen2" : "llama";
    g_autofree char *path = g_strdup_printf ("%s/sets-%s.gguf", test_tmpdir (), types[i]);
    g_autofree char *label = g_strdup_printf ("random %s %s", spec.arch, types[i]);
    if (!draftd_random_model_write_mix (&spec, more, path, &error)) {
      tap_ok (FALSE, "%s written: %s", label, error->message);
      g_clear_error (&error);
      continue;
    }
    check_model (cached, push, label, path);
  }
  draftd_vk_free (g_steal_pointer (&cached));
  draftd_vk_free (g_steal_pointer (&push));
  test_check_validation ();
  return tap_done ();
}
