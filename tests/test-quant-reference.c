/* Files quantized by llama.cpp's own llama-quantize, every type and common mix, decoded
 * greedily on the device and compared with what llama.cpp and an exact float64 computation
 * on ggml's dequantized weights produced on them (../shared/models/reference/README.md).
 *
 * Two engines that compute the same function in different float orders may swap the top
 * two tokens where the gap between their logits is tiny; from that position on the greedy
 * continuations legitimately part. So a prompt passes when draftd's tokens equal those of
 * llama.cpp (expected/) or of the exact computation (expected-exact/) up to the first
 * position where that reference's top-1 minus top-2 logit gap is below
 * NEAR_TIE; which of the two it matches is reported. The logits of these models spread by
 * about 3, so 0.02 is well above f32 rounding noise (~1e-4 here) and well below the gaps
 * a wrong dequantization opens (a flipped bit of a scale moves many logits by >0.1).
 *
 * Each file's logits over prompt p2 (one multi-token pass) are also compared with draftd's
 * plain C transformer over the same weights dequantized on the CPU (draftd_ggml_dequantize): the
 * largest difference relative to the largest logit must be at most LOGIT_TOL, as for the
 * other types in test-reference.c (f32 sums in a different order differ by ~1e-6). */
#include <math.h>
#include <string.h>
#include "lib/reference/reference.h"
#include "tests/tap.h"
#include "tests/test-util.h"

#define NEAR_TIE 0.02
#define MAX_GEN 64
#define LOGIT_TOL 1e-4

/* The reference's tokens with the end-of-generation token last, as greedy decoding
 * produces them: the EOG line gives no margin (INFINITY). At most MAX_GEN. */
static guint
expected_n (const TestExpected *e)
{
  return MIN (e->ids->len + (e->eog ? 1 : 0), MAX_GEN);
}

static gint32
expected_id (const TestExpected *e, guint k)
{
  return k < e->ids->len ? g_array_index (e->ids, gint32, k) : e->eog_id;
}

static double
expected_margin (const TestExpected *e, guint k)
{
  return k < e->ids->len ? g_array_index (e->margins, double, k) : INFINITY;
}

/* Greedy decoding of n tokens after the prompt; own_margin gets draftd's top-1 minus top-2. */
static gboolean
greedy (DraftdRunner *r, GArray *prompt, guint n, gint32 *out, double *own_margin, GError **error)
{
  draftd_runner_truncate (r, 0);
  guint V = draftd_runner_model (r)->config.n_vocab;
  const gint32 *feed = (const gint32 *) prompt->data;
  guint n_feed = prompt->len;
  for (guint i = 0; i < n; i++) {
    if (!draftd_runner_forward (r, feed, n_feed, DRAFTD_FORWARD_LAST, error))
      return FALSE;
    const float *l = draftd_runner_logits (r, 0);
    gint32 best = draftd_runner_argmax (r, 0);
    float second = -INFINITY;
    for (guint v = 0; v < V; v++)
      if ((gint32) v != best)
        second = MAX (second, l[v]);
    out[i] = best;
    own_margin[i] = (double) l[best] - second;
    feed = &out[i];
    n_feed = 1;
  }
  return TRUE;
}

/* Leading tokens that must agree with a reference: those before the reference's first
 * near-tie (the token there may go either way). Only the reference's margin counts: a near-tie
 * of draftd's own would let a wrong logit excuse itself. */
static guint
must_agree (const TestExpected *e, guint n)
{
  for (guint i = 0; i < n; i++)
    if (expected_margin (e, i) < NEAR_TIE)
      return i;
  return n;
}

static guint
agreeing (const TestExpected *e, const gint32 *ids, guint n)
{
  guint k = 0;
  while (k < n && k < expected_n (e) && expected_id (e, k) == ids[k])
    k++;
  return k;
}

/* The largest difference between draftd's top-1 minus top-2 gap and reference e's over the
 * first n tokens, where both chose the same token (how closely the logits follow e's). */
static double
margin_gap (const TestExpected *e, const double *own, guint n)
{
  double worst = 0;
  for (guint k = 0; k < n; k++)
    if (isfinite (expected_margin (e, k)))
      worst = MAX (worst, fabs (own[k] - expected_margin (e, k)));
  return worst;
}

/* TRUE when the tokens match reference e as the header describes; *detail says how far. */
static gboolean
matches (const TestExpected *e, const gint32 *ids, const double *own, GString *detail, const char *label)
{
  guint n = expected_n (e);
  guint need = must_agree (e, n);
  guint agree = agreeing (e, ids, n);
  gboolean ok = agree >= need;
  g_string_append_printf (detail, "%s %u/%u (must %u; margins within %.1e)", label, agree, n, need,
                          margin_gap (e, own, agree));
  return ok;
}

static void
check_prompt (DraftdRunner *r, const char *ref_dir, const char *file, guint p)
{
  g_autofree char *name = g_strdup_printf ("%s.p%u.txt", file, p);
  g_autofree char *llama_path = g_build_filename (ref_dir, "expected", name, NULL);
  g_autofree char *exact_path = g_build_filename (ref_dir, "expected-exact", name, NULL);
  g_autoptr (GError) error = NULL;
  TestExpected llama = { 0 }, exact = { 0 };
  gboolean read = test_expected_read (llama_path, &llama, &error) && test_expected_read (exact_path, &exact, &error);
  if (read && (expected_n (&llama) == 0 || expected_n (&exact) == 0))
    g_set_error (&error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: no generated tokens", name), read = FALSE;
  if (!read) {
    tap_ok (FALSE, "%s p%u: %s", file, p, error->message);
    test_expected_clear (&llama);
    test_expected_clear (&exact);
    return;
  }
  gint32 ids[MAX_GEN];
  double own[MAX_GEN];
  guint n = MAX (expected_n (&llama), expected_n (&exact));
  gboolean same_prompt = llama.prompt->len == exact.prompt->len &&
                         memcmp (llama.prompt->data, exact.prompt->data, llama.prompt->len * 4) == 0;
  if (!same_prompt || !greedy (r, llama.prompt, n, ids, own, &error)) {
    tap_ok (FALSE, "%s p%u: %s", file, p, error ? error->message : "expected and exact prompts differ");
  } else {
    g_autoptr (GString) detail = g_string_new (NULL);
    gboolean ok_llama = matches (&llama, ids, own, detail, "llama.cpp");
    g_string_append (detail, ", ");
    gboolean ok_exact = matches (&exact, ids, own, detail, "exact");
    tap_ok (ok_llama || ok_exact, "%s p%u: greedy tokens match %s (%s)", file, p,
            ok_llama && ok_exact ? "both" : ok_exact ? "the exact reference" : ok_llama ? "llama.cpp" : "neither",
            detail->str);
  }
  test_expected_clear (&llama);
  test_expected_clear (&exact);
}

/* How far the runner's logits of toks[0 .. n - 1] (already computed) are from the reference
 * on float X, the exact function (the integer-dot kernels compute on 8-bit X). */
static double
exact_error (DraftdRunner *r, const DraftdModel *m, const gint32 *toks, guint n)
{
  g_autoptr (DraftdReference) exact = draftd_reference_new (m, 128, NULL);
  double worst = 0;
  for (guint i = 0; exact && i < n; i++)
    worst = MAX (worst, draftd_reference_logit_error (draftd_runner_logits (r, i), draftd_reference_forward (exact, toks[i], i),
                                                      m->config.n_vocab));
  return exact ? worst : INFINITY;
}

static void
check_logits (DraftdVk *vk, DraftdRunner *r, const DraftdModel *m, const char *ref_dir, const char *file)
{
  g_autofree char *path = g_strdup_printf ("%s/expected-exact/%s.p2.txt", ref_dir, file);
  g_autoptr (GError) error = NULL;
  TestExpected e;
  if (!test_expected_read (path, &e, &error)) {
    tap_ok (FALSE, "%s logits: %s", file, error->message);
    return;
  }
  guint n = e.prompt->len, V = m->config.n_vocab;
  const gint32 *toks = (const gint32 *) e.prompt->data;
  draftd_runner_truncate (r, 0);
  gboolean ran = draftd_runner_forward (r, toks, n, DRAFTD_FORWARD_ALL, &error);
  g_autoptr (DraftdReference) ref = draftd_reference_new (m, 128, &error);
  /* The GPU family's integer-dot kernels compute on 8-bit X: the reference does too. */
  if (ref)
    draftd_reference_quantize_activations (ref, vk->int_dot);
  double worst = 0;
  for (guint i = 0; ran && ref && i < n; i++) {
    const float *gpu = draftd_runner_logits (r, i);
    const float *cpu = draftd_reference_forward (ref, toks[i], i);
    worst = MAX (worst, draftd_reference_logit_error (gpu, cpu, V));
  }
  double tol = ref ? test_reference_tolerance (ref, LOGIT_TOL) : LOGIT_TOL;
  tap_ok (ran && ref && worst <= tol, "%s: logits over %u prompt tokens within %.1e of the CPU reference (%.2e)%s%s",
          file, n, tol, worst, error ? ": " : "", error ? error->message : "");
  if (ref && ref->q8_activations && ran)
    tap_diag ("%s: on 16-bit X, %.2e of the largest logit from the exact reference", file, exact_error (r, m, toks, n));
  if (ref && vk->int_dot && g_hash_table_size (ref->quantized) > 0) {
    g_autofree char *prof = draftd_runner_profile (r);
    tap_ok (strstr (prof, "gemv_dot_") && strstr (prof, "quant_q8"),
            "%s: the integer-dot kernels ran (quant_q8 and gemv_dot_*)", file);
  }
  test_expected_clear (&e);
}

/* "Q4_K x 24, Q6_K x 2, …": the types a file's matrices have. */
static char *
type_summary (const DraftdModel *m)
{
  guint count[GGML_TYPE_COUNT_] = { 0 };
  for (guint i = 0; i < draftd_gguf_n_tensors (m->file); i++) {
    const DraftdGgufTensor *t = draftd_gguf_tensor (m->file, i);
    if (t->n_dims == 2 && t->type < GGML_TYPE_COUNT_)
      count[t->type]++;
  }
  GString *s = g_string_new (NULL);
  for (guint t = 0; t < GGML_TYPE_COUNT_; t++)
    if (count[t])
      g_string_append_printf (s, "%s%s x %u", s->len ? ", " : "", draftd_ggml_type_name (t), count[t]);
  return g_string_free (s, FALSE);
}

static void
check_file (DraftdVk *vk, const char *ref_dir, const char *file)
{
  g_autofree char *gguf = g_strdup_printf ("%s/%s.gguf", ref_dir, file);
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdModel) m = draftd_model_load (gguf, &error);
  /* The profile names the kernels dispatched: on an integer-dot device, which path ran. */
  DraftdRunnerOptions o = { .n_ctx = 128, .n_batch = 32, .profile = vk->int_dot };
  g_autoptr (DraftdRunner) r = m ? draftd_runner_new (vk, m, &o, &error) : NULL;
  if (r == NULL) {
    tap_ok (FALSE, "%s loads: %s", file, error->message);
    return;
  }
  g_autofree char *types = type_summary (m);
  tap_ok (TRUE, "%s loads (%s)", file, types);
  for (guint p = 1; p <= 3; p++)
    check_prompt (r, ref_dir, file, p);
  check_logits (vk, r, m, ref_dir, file);
}

int
main (void)
{
  g_autofree char *ref_dir = test_shared_model ("reference");
  if (ref_dir == NULL)
    return tap_missing_all ("../shared/models/reference absent");
  g_autoptr (DraftdVk) vk = test_vk ();
  /* Every llama-architecture file there: the default target in each type and mix, and the
   * random 12M Llama whose widths make every tensor K-quantized. qwen3 and gemma3 files are
   * arch-reference's; a file of any other architecture is covered by neither test, a failure. */
  static const char *const llama[] = { "llama", NULL }, *const covered[] = { "llama", "qwen3", "gemma3", NULL };
  g_autoptr (GPtrArray) files = test_reference_files (ref_dir, llama, NULL);
  g_autoptr (GPtrArray) uncovered = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) all G_GNUC_UNUSED = test_reference_files (ref_dir, covered, uncovered);
  tap_ok (uncovered->len == 0, "every reference file is checked by this test or arch-reference (%u not: %s)", uncovered->len,
          uncovered->len ? (const char *) uncovered->pdata[0] : "-");
  tap_ok (files->len >= 17, "%u reference files of the llama architecture", files->len);
  for (guint i = 0; i < files->len; i++)
    check_file (vk, ref_dir, files->pdata[i]);
  draftd_vk_free (g_steal_pointer (&vk));
  test_check_validation ();
  return tap_done ();
}
