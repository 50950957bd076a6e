/* qwen3 and gemma3 against llama.cpp and against draftd's own reference transformer, on the
 * random-weight files in ../shared/models/reference (written and run by llama.cpp; see its
 * README). For each file and prompt:
 * - the prompt tokenizes to llama.cpp's ids;
 * - greedy output equals llama.cpp's (expected/) or the exact float64 computation's
 *   (expected-exact/), token for token up to the first position where that file's top-2
 *   margin is below MARGIN_TOL: past a near tie two correct engines may part;
 * - at every generated position the device's logits are within LOGIT_TOL (relative to the
 *   largest |logit|) of lib/reference's, and its argmax is the reference's wherever the
 *   reference's own top-2 gap is not float noise.
 * The Q4_K_M files need the K-quant types (Q4_K, Q6_K); where the library lacks a type the
 * file fails to load and the case fails, naming the type. */
#include <math.h>
#include <string.h>
#include "lib/reference/reference.h"
#include "lib/runtime/sampler.h"
#include "tests/tap.h"
#include "tests/test-util.h"

/* Logits have a standard deviation of about 3 in these files, so 0.02 is well above the
 * float noise between two engines (under 1e-3 here) and is the threshold the README's
 * agreement table uses. */
#define MARGIN_TOL 0.02
/* The same bound test-reference uses for the llama and qwen2 families. */
#define LOGIT_TOL 1e-4
/* Reference top-2 gaps below this (relative to the largest |logit|) may swap under the
 * shaders' float32 rounding; the argmax is compared only above it. */
#define ARGMAX_GAP 1e-4
#define MAX_NEW 32

static const char *const prompts[] = {
  "Once upon a time",
  "Correct: She go to school yesterday and buyed two book.\nCorrected:",
  "The committee said that",
};

/* TRUE when `out` (ending with an end-of-generation token when out_eog) follows `e` up to
 * e's first near tie; *n_checked says how many tokens that covered. */
static gboolean
follows (const TestExpected *e, const GArray *out, gboolean out_eog, guint *n_checked)
{
  guint n = 0;
  while (n < e->ids->len && g_array_index (e->margins, double, n) >= MARGIN_TOL)
    n++;
  *n_checked = n;
  if (out->len < n || memcmp (out->data, e->ids->data, n * sizeof (gint32)) != 0)
    return FALSE;
  /* No near tie at all: the whole output, and how it ended, must agree. */
  return n < e->ids->len || (out->len == e->ids->len && out_eog == e->eog);
}

typedef struct {
  GArray *ids;      /* gint32: generated tokens */
  GArray *logits;   /* float: [ids->len + 1][n_vocab], the logits each token was picked from */
  gboolean eog;
} Greedy;

/* llama-simple's loop: the prompt in one pass, then one token per pass, MAX_NEW tokens or
 * up to an end-of-generation token. */
static gboolean
greedy (TestLoaded *l, const GArray *prompt, Greedy *g, GError **error)
{
  guint V = l->model->config.n_vocab;
  g->ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  g->logits = g_array_new (FALSE, FALSE, sizeof (float));
  g->eog = FALSE;
  if (!draftd_runner_forward (l->runner, (const gint32 *) prompt->data, prompt->len, DRAFTD_FORWARD_LAST, error))
    return FALSE;
  for (;;) {
    g_array_append_vals (g->logits, draftd_runner_logits (l->runner, 0), V);
    gint32 next = draftd_runner_argmax (l->runner, 0);
    if (draftd_tokenizer_is_eog (l->model->tokenizer, next)) {
      g->eog = TRUE;
      return TRUE;
    }
    g_array_append_val (g->ids, next);
    if (g->ids->len == MAX_NEW)
      return TRUE;
    if (!draftd_runner_forward (l->runner, &next, 1, DRAFTD_FORWARD_LAST, error))
      return FALSE;
  }
}

static void
greedy_clear (Greedy *g)
{
  g_clear_pointer (&g->ids, g_array_unref);
  g_clear_pointer (&g->logits, g_array_unref);
}

/* Runs the reference over prompt + generated tokens; returns the worst relative logit error
 * at the generated positions and counts argmax disagreements at clear gaps. */
static double
against_reference (DraftdReference *ref, const GArray *prompt, const Greedy *g, guint V, guint *n_argmax_differ)
{
  double worst = 0;
  guint pos = 0;
  *n_argmax_differ = 0;
  for (guint i = 0; i + 1 < prompt->len; i++)
    draftd_reference_forward (ref, g_array_index (prompt, gint32, i), pos++);
  gint32 tok = g_array_index (prompt, gint32, prompt->len - 1);
  for (guint step = 0; step * V < g->logits->len; step++) {
    const float *cpu = draftd_reference_forward (ref, tok, pos++);
    const float *gpu = &g_array_index (g->logits, float, (gsize) step * V);
    double scale = 0, diff = 0, top = -INFINITY, second = -INFINITY;
    for (guint k = 0; k < V; k++) {
      scale = MAX (scale, fabs (cpu[k]));
      diff = MAX (diff, fabs ((double) gpu[k] - cpu[k]));
      if (cpu[k] > top)
        second = top, top = cpu[k];
      else if (cpu[k] > second)
        second = cpu[k];
    }
    worst = MAX (worst, diff / MAX (scale, 1e-12));
    if (top - second > ARGMAX_GAP * scale && draftd_argmax (gpu, V) != draftd_argmax (cpu, V))
      (*n_argmax_differ)++;
    if (step < g->ids->len)
      tok = g_array_index (g->ids, gint32, step);
  }
  return worst;
}

static void
check_prompt (TestLoaded *l, DraftdReference *ref, const char *file, guint p)
{
  g_autofree char *label = g_strdup_printf ("%s p%u", file, p + 1);
  g_autofree char *rel = g_strdup_printf ("reference/expected/%s.p%u.txt", file, p + 1);
  g_autofree char *rel_exact = g_strdup_printf ("reference/expected-exact/%s.p%u.txt", file, p + 1);
  g_autofree char *path = test_shared_model (rel), *path_exact = test_shared_model (rel_exact);
  g_autoptr (GError) error = NULL;
  TestExpected e = { 0 }, x = { 0 };
  if (path == NULL || path_exact == NULL || !test_expected_read (path, &e, &error) ||
      !test_expected_read (path_exact, &x, &error)) {
    tap_ok (FALSE, "%s: expected outputs: %s", label, error ? error->message : "missing");
    test_expected_clear (&e);
    test_expected_clear (&x);
    return;
  }
  g_autoptr (GArray) prompt = g_array_new (FALSE, FALSE, sizeof (gint32));
  draftd_tokenizer_encode (l->model->tokenizer, prompts[p], -1, TRUE, TRUE, prompt, NULL);
  tap_ok (prompt->len == e.prompt->len && memcmp (prompt->data, e.prompt->data, prompt->len * 4) == 0,
          "%s: the prompt tokenizes as llama.cpp's (%u tokens)", label, prompt->len);

  Greedy g = { 0 };
  draftd_runner_truncate (l->runner, 0);
  if (!greedy (l, e.prompt, &g, &error)) {
    tap_ok (FALSE, "%s: forward: %s", label, error->message);
  } else {
    guint n_llama, n_exact;
    gboolean llama = follows (&e, g.ids, g.eog, &n_llama), exact = follows (&x, g.ids, g.eog, &n_exact);
    tap_ok (llama || exact, "%s: greedy matches %s%s%s (%u / %u tokens up to the first margin < %.2f)", label,
            llama ? "llama.cpp" : "", llama && exact ? " and " : "", exact ? "the exact computation" : "neither",
            n_llama, n_exact, MARGIN_TOL);
    guint V = l->model->config.n_vocab, n_differ;
    double worst = against_reference (ref, e.prompt, &g, V, &n_differ);
    double tol = test_reference_tolerance (ref, LOGIT_TOL);
    tap_ok (worst <= tol, "%s: logits within %.0e of the reference at %u positions (max relative error %.2e)",
            label, tol, g.logits->len / V, worst);
    tap_ok (n_differ == 0, "%s: argmax is the reference's wherever its top-2 gap is clear (%u differ)", label, n_differ);
  }
  greedy_clear (&g);
  test_expected_clear (&e);
  test_expected_clear (&x);
}

static void
check_file (DraftdVk *vk, const char *file)
{
  g_autofree char *rel = g_strdup_printf ("reference/%s.gguf", file);
  g_autofree char *path = test_shared_model (rel);
  if (path == NULL) {
    tap_missing ("%s: ../shared/models/reference absent", file);
    return;
  }
  TestLoaded l;
  if (!test_load (vk, path, 128, &l)) {
    tap_ok (FALSE, "%s loads (see the diagnostic above)", file);
    test_unload (&l);
    return;
  }
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdReference) ref = draftd_reference_new (l.model, 128, &error);
  /* The GPU family's integer-dot kernels compute on 8-bit X: the reference does too. */
  if (ref)
    draftd_reference_quantize_activations (ref, vk->int_dot);
  tap_ok (ref != NULL, "%s loads, with its reference (%s)", file, ref ? "ok" : error->message);
  /* Each prompt starts again at position 0: the reference rewrites every position it reads. */
  for (guint p = 0; ref && p < G_N_ELEMENTS (prompts); p++)
    check_prompt (&l, ref, file, p);
  test_unload (&l);
}

int
main (void)
{
  g_autofree char *dir = test_shared_model ("reference");
  if (dir == NULL)
    return tap_missing_all ("../shared/models/reference absent");
  g_autoptr (DraftdVk) vk = test_vk ();
  /* Every qwen3 and gemma3 file there (F16, Q8_0, Q4_K_M of each). */
  static const char *const archs[] = { "qwen3", "gemma3", NULL };
  g_autoptr (GPtrArray) files = test_reference_files (dir, archs, NULL);
  tap_ok (files->len >= 6, "%u reference files of the qwen3 and gemma3 architectures", files->len);
  for (guint i = 0; i < files->len; i++)
    check_file (vk, files->pdata[i]);
  draftd_vk_free (g_steal_pointer (&vk));
  test_check_validation ();
  return tap_done ();
}
