/* Speculative sampling reproduces the target's distribution. With fixed seeds, draw many
 * three-token continuations with the assistant (and, as a control, without) and compare the
 * joint distribution of the first two tokens with the exact one computed from the target
 * (G-test, categories with expected count >= 5, the rest pooled; fail below p = 0.001). */
#include <math.h>
#include <string.h>
#include "lib/decode/decode.h"
#include "tests/tap.h"
#include "tests/test-util.h"

#define N_SAMPLES 1000

/* Regularized upper incomplete gamma Q(a, x), for the chi-square survival function. */
static double
gamma_q (double a, double x)
{
  if (x <= 0)
    return 1.0;
  double lg = lgamma (a);
  if (x < a + 1) {
    double sum = 1.0 / a, term = sum;
    for (int n = 1; n < 1000; n++) {
      term *= x / (a + n);
      sum += term;
      if (fabs (term) < fabs (sum) * 1e-15)
        break;
    }
    return 1.0 - sum * exp (-x + a * log (x) - lg);
  }
  /* Lentz's continued fraction. */
  double b = x + 1 - a, c = 1e300, d = 1 / b, h = d;
  for (int i = 1; i < 1000; i++) {
    double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (fabs (d) < 1e-300)
      d = 1e-300;
    c = b + an / c;
    if (fabs (c) < 1e-300)
      c = 1e-300;
    d = 1 / d;
    double del = d * c;
    h *= del;
    if (fabs (del - 1) < 1e-15)
      break;
  }
  return exp (-x + a * log (x) - lg) * h;
}


/* Exact P(t1, t2) for the pairs that matter, from the target itself. */
static GHashTable *
exact_pairs (TestLoaded *t, GArray *prompt, const DraftdSamplerParams *sp)
{
  guint V = t->model->config.n_vocab;
  g_autofree float *p1 = g_new (float, V), *p2 = g_new (float, V);
  GHashTable *pairs = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  draftd_runner_truncate (t->runner, 0);
  draftd_runner_forward (t->runner, (gint32 *) prompt->data, prompt->len, DRAFTD_FORWARD_LAST, NULL);
  draftd_sampler_distribution (sp, draftd_runner_logits (t->runner, 0), V, (gint32 *) prompt->data, prompt->len, p1);
  for (guint a = 0; a < V; a++) {
    if (p1[a] * N_SAMPLES < 0.05)
      continue;
    draftd_runner_truncate (t->runner, prompt->len);
    gint32 ta = a;
    draftd_runner_forward (t->runner, &ta, 1, DRAFTD_FORWARD_LAST, NULL);
    g_autoptr (GArray) recent = g_array_copy (prompt);
    g_array_append_val (recent, ta);
    draftd_sampler_distribution (sp, draftd_runner_logits (t->runner, 0), V, (gint32 *) recent->data, recent->len, p2);
    for (guint b = 0; b < V; b++) {
      if (p2[b] == 0)
        continue;
      gint64 *key = g_new (gint64, 1);
      double *v = g_new (double, 1);
      *key = (gint64) a * V + b;
      *v = (double) p1[a] * p2[b];
      g_hash_table_insert (pairs, key, v);
    }
  }
  return pairs;
}

static gboolean
eog (gint32 t, gpointer user)
{
  return FALSE;
}

/* Draws N continuations of 3 tokens: the first from the target's pass over the prompt, the
 * other two drafted at once, so the pair the test counts ends in an accepted draft, a
 * resample after a rejection or the target's bonus token (with 2 tokens the decoder drafts
 * nothing); returns the G-test p-value of the pairs. */
static double
sample_test (TestLoaded *t, TestLoaded *a, DraftdDecodeMode mode, GArray *prompt, const DraftdSamplerParams *sp,
             GHashTable *exact, guint *rejected, double *g_out, guint *df_out)
{
  guint V = t->model->config.n_vocab;
  g_autoptr (GHashTable) counts = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  *rejected = 0;
  draftd_runner_truncate (t->runner, 0);
  if (a)
    draftd_runner_truncate (a->runner, 0);
  for (guint i = 0; i < N_SAMPLES; i++) {
    DraftdDecodeParams p;
    draftd_decode_params_init (&p);
    p.mode = mode;
    p.sampling = *sp;
    p.sampling.seed = 1000003ull * (i + 1);
    p.max_tokens = 3;
    p.draft_max = 2;
    p.draft_p_min = 0.0f;
    p.is_eog = eog;
    g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (gint32));
    DraftdDecodeStats st;
    draftd_decode (&t->lm, a ? &a->lm : NULL, (gint32 *) prompt->data, prompt->len, &p, out, &st, NULL);
    *rejected += st.drafted - st.accepted;
    gint64 key = (gint64) g_array_index (out, gint32, 0) * V + g_array_index (out, gint32, 1);
    gpointer old = g_hash_table_lookup (counts, &key);
    g_hash_table_insert (counts, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (GPOINTER_TO_UINT (old) + 1));
  }
  /* Pool categories with expected count < 5. */
  double g = 0, pooled_e = 0, pooled_o = 0;
  guint df = 0;
  GHashTableIter it;
  gpointer k, v;
  g_hash_table_iter_init (&it, exact);
  while (g_hash_table_iter_next (&it, &k, &v)) {
    double e = *(double *) v * N_SAMPLES;
    double o = GPOINTER_TO_UINT (g_hash_table_lookup (counts, k));
    if (e >= 5) {
      if (o > 0)
        g += 2 * o * log (o / e);
      df++;
    } else {
      pooled_e += e;
      pooled_o += o;
    }
  }
  /* Samples outside the exact table (probability below its cut-off) are pooled too, and the
   * pooled expectation is everything the kept categories do not cover. */
  double kept_e = 0;
  g_hash_table_iter_init (&it, counts);
  while (g_hash_table_iter_next (&it, &k, &v))
    if (!g_hash_table_contains (exact, k))
      pooled_o += GPOINTER_TO_UINT (v);
  g_hash_table_iter_init (&it, exact);
  while (g_hash_table_iter_next (&it, &k, &v))
    if (*(double *) v * N_SAMPLES >= 5)
      kept_e += *(double *) v * N_SAMPLES;
  pooled_e = N_SAMPLES - kept_e;
  if (pooled_e > 0 || pooled_o > 0) {
    if (pooled_o > 0)
      g += 2 * pooled_o * log (pooled_o / MAX (pooled_e, 1e-9));
    df++;
  }
  *g_out = g;
  *df_out = df - 1;
  return gamma_q ((df - 1) / 2.0, g / 2.0);
}

int
main (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *f32 = test_convert_llama2c ("stories260K.bin", "f32", &error);
  g_autofree char *q4 = f32 ? test_convert_llama2c ("stories260K.bin", "q4_0", &error) : NULL;
  g_autofree char *q80 = f32 ? test_convert_llama2c ("stories260K_q80.bin", "q8_0", &error) : NULL;
  if (!f32 || !q4 || !q80)
    return tap_missing_all ("../shared/models is absent");
  /* chi2(2 df) at 2: e^-1; chi2(5 df) at 11.0705: 0.05; chi2(30 df) at 59.7031: 0.001. */
  tap_ok (fabs (gamma_q (1.0, 1.0) - exp (-1.0)) < 1e-9 && fabs (gamma_q (2.5, 11.0705 / 2) - 0.05) < 1e-4 &&
              fabs (gamma_q (15.0, 59.7031 / 2) - 0.001) < 1e-5,
          "chi-square survival function matches tables");
  g_autoptr (DraftdVk) vk = test_vk ();
  TestLoaded t, a4, a80;
  if (!test_load (vk, f32, 64, &t) || !test_load (vk, q4, 64, &a4) || !test_load (vk, q80, 64, &a80))
    return tap_done ();
  struct {
    const char *prompt;
    float temp, top_p;
    guint top_k;
  } cases[] = { { "Lily", 1.0f, 1.0f, 0 }, { "One day, the", 0.8f, 0.9f, 40 } };
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++) {
    g_autoptr (GArray) prompt = g_array_new (FALSE, FALSE, sizeof (gint32));
    draftd_tokenizer_encode (t.model->tokenizer, cases[c].prompt, -1, TRUE, FALSE, prompt, NULL);
    DraftdSamplerParams sp;
    draftd_sampler_params_init (&sp);
    sp.temperature = cases[c].temp;
    sp.top_p = cases[c].top_p;
    sp.top_k = cases[c].top_k;
    g_autoptr (GHashTable) exact = exact_pairs (&t, prompt, &sp);
    struct {
      const char *name;
      DraftdDecodeMode mode;
      TestLoaded *a;
    } modes[] = { { "plain (control)", DRAFTD_DECODE_PLAIN, NULL },
                  { "speculative, Q4_0 assistant", DRAFTD_DECODE_SPECULATIVE, &a4 },
                  { "speculative, int8 assistant", DRAFTD_DECODE_SPECULATIVE, &a80 } };
    for (guint m = 0; m < G_N_ELEMENTS (modes); m++) {
      guint rejected, df;
      double g;
      double pv = sample_test (&t, modes[m].a, modes[m].mode, prompt, &sp, exact, &rejected, &g, &df);
      tap_ok (pv > 0.001, "'%s' T=%.1f top-p %.1f top-k %u, %s: G = %.1f, %u df, p = %.3f (%u rejected drafts)",
              cases[c].prompt, cases[c].temp, cases[c].top_p, cases[c].top_k, modes[m].name, g, df, pv, rejected);
    }
  }
  test_unload (&a80);
  test_unload (&a4);
  test_unload (&t);
  draftd_vk_free (g_steal_pointer (&vk));
  test_check_validation ();
  return tap_done ();
}
