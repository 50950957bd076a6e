/* The GPU family of matmul kernels (shaders/matmul_gpu.glsl, forced on lavapipe with
 * DRAFTD_KERNELS=gpu) on every weight form the device has:
 * - its logits are the CPU family's within rounding (the two add in different orders); where
 *   the device has integer dot products (lavapipe does), the integer forms take X as 8-bit
 *   blocks (quant_q8.comp, by default; DRAFTD_INT_DOT=0 turns them off), so their logits are
 *   held instead to the reference transformer computing on the same blocks
 *   (draftd_reference_quantize_activations), within the same rounding as 8-bit X compounds
 *   it (TEST_INT_DOT_LOGIT_TOL), and the GPU family's float kernels of those forms (what a
 *   device without integer dot products runs) to the CPU family's logits;
 * - passes of 1 to 17 tokens and of 64 give, bit for bit, what one-token passes give (the
 *   matrix-vector kernel of every token tile and the tiled kernel share one reduction order);
 * - its pipelines are the ones dispatched (named in the runner's profile, the CPU family's
 *   never), matrix-vector and tiled both, so the checks above cannot pass on the CPU kernels. */
#include <math.h>
#include <string.h>
#include "lib/reference/reference.h"
#include "lib/runtime/sampler.h"
#include "tools/random-model.h"
#include "tests/tap.h"
#include "tests/test-util.h"

enum { N = 64 };

/* A device whose kernels are the family `kernels` names (DRAFTD_KERNELS is read at creation),
 * and with `var` (DRAFTD_INT_DOT, DRAFTD_SUBGROUP_TREE) set to `value` where given. */
static DraftdVk *
device_with (const char *kernels, const char *var, const char *value)
{
  g_setenv ("DRAFTD_KERNELS", kernels, TRUE);
  if (var)
    g_setenv (var, value, TRUE);
  DraftdVk *vk = test_vk ();
  g_unsetenv ("DRAFTD_KERNELS");
  if (var)
    g_unsetenv (var);
  return vk;
}

/* Whether the GPU device runs any of `forms` through the integer-dot kernels. */
static gboolean
any_int_dot (DraftdVk *gpu, const char *const *forms)
{
  for (guint i = 0; gpu->int_dot && forms[i]; i++)
    for (guint t = 0; t < DRAFTD_N_WTYPES; t++)
      if (g_str_equal (forms[i], draftd_wtype_name (t)) && draftd_wtype_int_dot (t))
        return TRUE;
  return FALSE;
}

/* The reference transformer's logits of toks[0 .. n - 1], [n][V], its matrices' input through
 * 16-bit blocks where the file stores them quantized (what the integer-dot kernels compute). */
static gboolean
reference_q8 (const DraftdModel *m, const gint32 *toks, guint n, float *out, GError **error)
{
  g_autoptr (DraftdReference) ref = draftd_reference_new (m, n, error);
  if (ref == NULL)
    return FALSE;
  draftd_reference_quantize_activations (ref, TRUE);
  guint V = m->config.n_vocab;
  for (guint i = 0; i < n; i++)
    memcpy (out + (gsize) i * V, draftd_reference_forward (ref, toks[i], i), V * sizeof (float));
  return TRUE;
}

/* The largest difference of logits [n][V] from ref's, relative to the largest reference
 * logit of each position (the reference tests' measure), and whether every argmax agrees. */
static double
reference_difference (const float *logits, const float *ref, guint n, guint V, gboolean *same)
{
  double worst = 0;
  *same = TRUE;
  for (guint i = 0; i < n; i++) {
    worst = MAX (worst, draftd_reference_logit_error (logits + (gsize) i * V, ref + (gsize) i * V, V));
    *same &= draftd_argmax (logits + (gsize) i * V, V) == draftd_argmax (ref + (gsize) i * V, V);
  }
  return worst;
}

/* Logits of toks[0 .. n - 1] fed in passes of `pass` tokens from position 0, [n][V], written
 * into out; the runner starts over first. */
static gboolean
run_passes (DraftdRunner *r, const gint32 *toks, guint n, guint pass, float *out, GError **error)
{
  guint V = draftd_runner_model (r)->config.n_vocab;
  draftd_runner_truncate (r, 0);
  for (guint done = 0; done < n;) {
    guint T = MIN (pass, n - done);
    if (!draftd_runner_forward (r, toks + done, T, DRAFTD_FORWARD_ALL, error))
      return FALSE;
    for (guint t = 0; t < T; t++)
      memcpy (out + (gsize) (done + t) * V, draftd_runner_logits (r, t), V * sizeof (float));
    done += T;
  }
  return TRUE;
}

/* Whether the profile names `name` (a kernel dispatched since the runner was made). */
static gboolean
profile_has (const char *profile, const char *name)
{
  g_auto (GStrv) lines = g_strsplit (profile, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], name) && lines[i][strlen (name)] == ' ')
      return TRUE;
  return FALSE;
}

/* Every pass size from 1 to 17 tokens, and 64 (the tiled kernel's whole tiles and a
 * matrix-vector remainder of each tile), against one token a pass. */
static void
check_batch_identity (DraftdRunner *r, const char *label, const gint32 *toks, const float *one, guint V)
{
  static const guint sizes[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 64 };
  g_autofree float *out = g_new (float, (gsize) N * V);
  g_autoptr (GError) error = NULL;
  GString *differ = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++) {
    /* Enough tokens for two passes and a remainder, at most N. */
    guint n = MIN (N, 2 * sizes[i] + 1);
    if (!run_passes (r, toks, n, sizes[i], out, &error)) {
      tap_ok (FALSE, "%s: passes of %u tokens: %s", label, sizes[i], error->message);
      g_string_free (differ, TRUE);
      return;
    }
    if (memcmp (out, one, (gsize) n * V * sizeof (float)) != 0)
      g_string_append_printf (differ, " %u", sizes[i]);
  }
  tap_ok (differ->len == 0, "%s: passes of 1-17 and 64 tokens give the bits of one token a pass", label);
  if (differ->len > 0)
    tap_diag ("%s: passes of these sizes differ:%s", label, differ->str);
  g_string_free (differ, TRUE);
}

/* The whole tree in shared memory (shared_tree: DRAFTD_SUBGROUP_TREE=0) gives the bits of the
 * subgroup tree's one-token passes (one), in passes of 17 (tiled and matrix-vector kernels). */
static void
check_tree_identity (DraftdVk *shared_tree, const DraftdModel *m, const char *label, const gint32 *toks,
                     const float *one)
{
  g_autoptr (GError) error = NULL;
  guint V = m->config.n_vocab;
  DraftdRunnerOptions o = { .n_ctx = 2 * N, .n_batch = N };
  g_autoptr (DraftdRunner) r = draftd_runner_new (shared_tree, m, &o, &error);
  g_autofree float *out = g_new (float, (gsize) N * V);
  gboolean ran = r && run_passes (r, toks, N, 17, out, &error);
  tap_ok (ran && memcmp (out, one, (gsize) N * V * sizeof (float)) == 0,
          "%s: the tree in shared memory gives the subgroup tree's bits%s%s", label, error ? ": " : "",
          error ? error->message : "");
}

/* The float kernels of the GPU family (gpu_float: DRAFTD_INT_DOT=0) on a model whose integer
 * forms gpu runs through integer dot products: logits within rounding of the CPU family's
 * (ref, one token a pass), in passes of 17 (the tiled kernel and a matrix-vector remainder). */
static void
check_float_kernels (DraftdVk *gpu_float, const DraftdModel *m, const char *label, const char *const *forms,
                     const gint32 *toks, const float *ref)
{
  g_autoptr (GError) error = NULL;
  guint V = m->config.n_vocab, other = 0;
  DraftdRunnerOptions o = { .n_ctx = 2 * N, .n_batch = N, .profile = TRUE };
  g_autoptr (DraftdRunner) r = draftd_runner_new (gpu_float, m, &o, &error);
  g_autofree float *out = g_new (float, (gsize) N * V);
  gboolean ran = r && run_passes (r, toks, N, 17, out, &error);
  double rel = ran ? test_logits_difference (out, ref, N, V, &other) : INFINITY;
  tap_ok (ran && rel < 1e-4 && other == N, "%s: with DRAFTD_INT_DOT=0 the GPU float kernels' logits are the CPU kernels' (%.2e)%s%s",
          label, rel, error ? ": " : "", error ? error->message : "");
  g_autofree char *prof = ran ? draftd_runner_profile (r) : g_strdup ("");
  for (guint i = 0; forms[i]; i++) {
    g_autofree char *mv = g_strdup_printf ("gemv_%s", forms[i]), *mm = g_strdup_printf ("gemm_%s", forms[i]);
    g_autofree char *dot = g_strdup_printf ("gemv_dot_%s", forms[i]);
    tap_ok (profile_has (prof, mv) && profile_has (prof, mm) && !profile_has (prof, dot) && !profile_has (prof, "quant_q8"),
            "%s: with DRAFTD_INT_DOT=0 %s and %s are dispatched, %s and quant_q8 are not", label, mv, mm, dot);
  }
}

/* forms: the device weight forms the model's matrices take, by kernel name suffix; with
 * shared_tree, the subgroup tree is held to it too. */
static void
check_model (DraftdVk *cpu, DraftdVk *gpu, DraftdVk *gpu_float, const char *label, const char *path,
             const char *const *forms, DraftdVk *shared_tree)
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
  DraftdRunnerOptions o = { .n_ctx = 2 * N, .n_batch = N, .profile = TRUE };
  g_autoptr (DraftdRunner) rc = draftd_runner_new (cpu, m, &o, &error);
  g_autoptr (DraftdRunner) rg = rc ? draftd_runner_new (gpu, m, &o, &error) : NULL;
  g_autofree float *ref = g_new (float, (gsize) N * V), *one = g_new (float, (gsize) N * V);
  if (rg == NULL || !run_passes (rc, toks, N, 1, ref, &error) || !run_passes (rg, toks, N, 1, one, &error)) {
    tap_ok (FALSE, "%s: %s", label, error->message);
    return;
  }
  /* Rounding alone stays near 1e-6 of the logits' size; a wrong scale, min, chunk or row
   * moves them by percents. */
  if (any_int_dot (gpu, forms)) {
    g_autofree float *q8 = g_new (float, (gsize) N * V);
    gboolean same = FALSE;
    double rel = reference_q8 (m, toks, N, q8, &error) ? reference_difference (one, q8, N, V, &same) : INFINITY;
    tap_ok (rel < TEST_INT_DOT_LOGIT_TOL && same,
            "%s: the integer-dot kernels' logits are the reference's on 16-bit X within rounding", label);
    tap_diag ("%s: largest difference %.2e of the largest logit%s%s%s", label, rel, same ? "" : ", a greedy token differs",
              error ? ": " : "", error ? error->message : "");
    g_clear_error (&error);
    check_float_kernels (gpu_float, m, label, forms, toks, ref);
  } else {
    guint other;
    double rel = test_logits_difference (one, ref, N, V, &other);
    gboolean same = other == N;
    tap_ok (rel < 1e-4 && same, "%s: the GPU kernels' logits are the CPU kernels' within rounding", label);
    tap_diag ("%s: largest difference %.2e of the largest logit%s", label, rel, same ? "" : ", a greedy token differs");
  }
  check_batch_identity (rg, label, toks, one, V);
  if (shared_tree)
    check_tree_identity (shared_tree, m, label, toks, one);
  g_autofree char *gprof = draftd_runner_profile (rg), *cprof = draftd_runner_profile (rc);
  for (guint i = 0; forms[i]; i++) {
    g_autofree char *mv = g_strdup_printf ("gemv_%s", forms[i]), *mm = g_strdup_printf ("gemm_%s", forms[i]);
    g_autofree char *cpu_mm = g_strdup_printf ("matmul_%s", forms[i]);
    g_autofree char *dot = g_strdup_printf ("gemv_dot_%s", forms[i]);
    const char *const one_form[] = { forms[i], NULL };
    if (any_int_dot (gpu, one_form))
      tap_ok (profile_has (gprof, dot) && profile_has (gprof, "quant_q8") && !profile_has (gprof, mv) &&
              !profile_has (gprof, mm) && !profile_has (gprof, cpu_mm),
              "%s: %s and quant_q8 are dispatched, %s, %s and %s are not", label, dot, mv, mm, cpu_mm);
    else
      tap_ok (profile_has (gprof, mv) && profile_has (gprof, mm) && !profile_has (gprof, cpu_mm) &&
              !profile_has (gprof, dot), "%s: %s and %s are dispatched, %s and %s are not", label, mv, mm, cpu_mm, dot);
    tap_ok (profile_has (cprof, cpu_mm) && !profile_has (cprof, mv),
            "%s: the CPU family dispatches %s, not %s", label, cpu_mm, mv);
  }
}

int
main (void)
{
  /* gpu: the default, integer dot products where the device has them (gpu_float: turned off,
   * DRAFTD_INT_DOT=0); shared_tree: the same as gpu with the whole tree in shared memory. */
  g_autoptr (DraftdVk) cpu = device_with ("cpu", NULL, NULL);
  g_autoptr (DraftdVk) gpu = device_with ("gpu", NULL, NULL);
  g_autoptr (DraftdVk) gpu_float = device_with ("gpu", "DRAFTD_INT_DOT", "0");
  g_autoptr (DraftdVk) shared_tree = device_with ("gpu", "DRAFTD_SUBGROUP_TREE", "0");
  tap_ok (gpu->gpu_kernels && !cpu->gpu_kernels, "DRAFTD_KERNELS chooses the kernel family");
  tap_ok (!gpu_float->int_dot && !cpu->int_dot, "with DRAFTD_INT_DOT=0 and in the CPU family the float kernels run");
  tap_ok (gpu->int_dot == draftd_vk_device_has_int_dot (gpu->physical),
          "integer dot products are the default exactly where the device has them");
  tap_ok (!shared_tree->subgroup_tree, "DRAFTD_SUBGROUP_TREE=0 keeps the tree in shared memory");
  tap_diag ("integer dot products: %s; subgroup tree: %s (subgroups of %u)",
            gpu->int_dot ? "on (every integer form takes them)" : "the device lacks them",
            gpu->subgroup_tree ? "on" : "the device lacks shuffles", gpu->subgroup_size);
  tap_ok (gpu->timestamps, "the device has timestamps (the profile names the kernels dispatched)");
  g_autoptr (GError) error = NULL;
  /* Each case's forms: every matrix's and the embedding's (the tied head is token_embd). Widths
   * make rows of several 32-chunk rounds with a partial last one in every form (n_ff 1280: 40
   * chunks of 4-bit weights, 320 of f32) and a vocabulary that leaves workgroups part full;
   * the architectures add Q, K and V biases (qwen2), head norms (qwen3), GeGLU, post norms and
   * a scaled embedding (gemma3). */
  static const struct {
    const char *arch, *type;
    const char *forms[3];
  } cases[] = {
    { "llama", "f32", { "f32" } },        { "qwen2", "f16", { "f16" } },
    { "gemma3", "bf16", { "bf16" } },     { "llama", "q8_0", { "q8_0" } },
    { "qwen3", "q4_0", { "q4_0" } },      { "llama", "q4_k_m", { "u4sm", "i8s" } },
    { "qwen2", "q5_1", { "i8sm" } },      { "gemma3", "q5_k_m", { "i8sm", "i8s" } },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    guint32 type, more;
    if (!draftd_random_model_type (cases[i].type, &type, &more)) {
      tap_ok (FALSE, "random model type %s is known", cases[i].type);
      continue;
    }
    DraftdRandomModel spec = { cases[i].arch, 256, 1280, 2, 8, 2, 1999, 512, type, i % 2 == 0, 31 + i };
    g_autofree char *path = g_strdup_printf ("%s/gpu-%s-%s.gguf", test_tmpdir (), cases[i].arch, cases[i].type);
    g_autofree char *label = g_strdup_printf ("random %s %s", cases[i].arch, cases[i].type);
    if (!draftd_random_model_write_mix (&spec, more, path, &error)) {
      tap_ok (FALSE, "%s written: %s", label, error->message);
      g_clear_error (&error);
      continue;
    }
    /* The two trees on a float form (matrix-vector and tiled kernels) and an integer one. */
    gboolean trees = gpu->subgroup_tree && (g_str_equal (cases[i].type, "f16") || g_str_equal (cases[i].type, "q4_k_m"));
    check_model (cpu, gpu, gpu_float, label, path, cases[i].forms, trees ? shared_tree : NULL);
  }
  draftd_vk_free (g_steal_pointer (&cpu));
  draftd_vk_free (g_steal_pointer (&gpu));
  draftd_vk_free (g_steal_pointer (&gpu_float));
  draftd_vk_free (g_steal_pointer (&shared_tree));
  test_check_validation ();
  return tap_done ();
}
