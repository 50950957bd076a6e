/* draftd_sampler_distribution sorts only the candidates its truncations can reach, and none
 * when nothing is truncated; its probs must still equal, bit for bit, those of the version
 * that sorted all n (kept below as the reference), so that a seeded run draws the tokens it
 * always drew. Random logit vectors of several shapes (ties, -inf-like logits, tiny and
 * subnormal probabilities) at three sizes over the settings' values; then the cases too rare
 * for random vectors to meet: a nucleus that ends past the first threshold, probabilities
 * exactly on min_p's floor, vectors whose probs tell the kept sum's order. The last lines
 * time both at a 151,936 vocabulary (a figure for the log; nothing asserts on it). */
#include <math.h>
#include <string.h>
#include "lib/runtime/sampler.h"
#include "tests/tap.h"

typedef struct {
  float p;
  guint id;
} Cand;

static int
cand_desc (const void *a, const void *b)
{
  const Cand *x = a, *y = b;
  if (x->p != y->p)
    return x->p > y->p ? -1 : 1;
  return x->id < y->id ? -1 : (x->id > y->id);
}

/* The distribution as it was computed before: softmax, qsort of all n, truncations, the kept
 * sum in sorted order. */
static void
reference (const DraftdSamplerParams *p, const float *logits, guint n, const gint32 *recent, guint n_recent,
           float *probs)
{
  g_autofree float *l = g_memdup2 (logits, (gsize) n * sizeof (float));
  if (p->repeat_penalty != 1.0f && recent) {
    guint from = n_recent > p->repeat_window ? n_recent - p->repeat_window : 0;
    g_autofree guint8 *seen = g_new0 (guint8, n);
    for (guint i = from; i < n_recent; i++)
      if (recent[i] >= 0 && (guint) recent[i] < n && !seen[recent[i]]) {
        seen[recent[i]] = 1;
        float *v = &l[recent[i]];
        *v = *v > 0 ? *v / p->repeat_penalty : *v * p->repeat_penalty;
      }
  }
  memset (probs, 0, (gsize) n * sizeof (float));
  if (draftd_sampler_is_greedy (p)) {
    probs[draftd_argmax (l, n)] = 1.0f;
    return;
  }
  float max = l[draftd_argmax (l, n)];
  g_autofree Cand *c = g_new (Cand, n);
  double sum = 0.0;
  for (guint i = 0; i < n; i++) {
    c[i].p = expf ((l[i] - max) / p->temperature);
    c[i].id = i;
    sum += c[i].p;
  }
  for (guint i = 0; i < n; i++)
    c[i].p = (float) (c[i].p / sum);
  qsort (c, n, sizeof (Cand), cand_desc);
  guint keep = n;
  if (p->top_k > 0 && p->top_k < keep)
    keep = p->top_k;
  if (p->min_p > 0.0f) {
    float floor_p = c[0].p * p->min_p;
    guint k = 1;
    while (k < keep && c[k].p >= floor_p)
      k++;
    keep = k;
  }
  if (p->top_p < 1.0f) {
    double cum = 0.0;
    guint k = 0;
    while (k < keep) {
      cum += c[k].p;
      k++;
      if (cum >= p->top_p)
        break;
    }
    keep = k;
  }
  double kept = 0.0;
  for (guint i = 0; i < keep; i++)
    kept += c[i].p;
  for (guint i = 0; i < keep; i++)
    probs[c[i].id] = (float) (c[i].p / kept);
  /* Not the old code: the allocator may hand this block to the function under test next, and
   * one reading past what it wrote must not find the full sorted order there. */
  memset (c, 0xff, (gsize) n * sizeof (Cand));
}

/* Whether the function gives the reference's bits for these settings and logits; both
 * distributions are left in want and got (n floats each). */
static gboolean
agrees (const DraftdSamplerParams *p, const float *l, guint n, const gint32 *recent, guint n_recent, float *want,
        float *got)
{
  draftd_sampler_distribution (p, l, n, recent, n_recent, got);
  reference (p, l, n, recent, n_recent, want);
  return memcmp (want, got, (gsize) n * sizeof (float)) == 0;
}

static double
gauss (DraftdRng *rng)
{
  double u = 1.0 - draftd_rng_uniform (rng), v = draftd_rng_uniform (rng);
  return sqrt (-2.0 * log (u)) * cos (2.0 * G_PI * v);
}

enum { LM, TIES, NEG_INF, UNIFORM, WIDE, SPIKE, N_SHAPES };
static const char *const shape_names[] = { "lm-like", "ties", "-inf-like", "uniform", "wide", "spike" };

/* A logit vector of one shape. LM-like: a normal bulk and a few far above it, as a language
 * model gives; ties: few distinct values; -inf-like: a third masked to -1e30 or -inf; wide:
 * spread enough that most probabilities are tiny or subnormal floats. */
static void
make_logits (DraftdRng *rng, guint shape, float *l, guint n)
{
  for (guint i = 0; i < n; i++) {
    double g = gauss (rng);
    switch (shape) {
    case TIES:
      l[i] = (float) (draftd_rng_next (rng) % 9) * 0.5f;
      break;
    case UNIFORM:
      l[i] = 1.5f;
      break;
    case WIDE:
      l[i] = (float) (12.0 * g);
      break;
    default:
      l[i] = (float) (3.0 * g);
    }
  }
  if (shape == LM || shape == NEG_INF)
    for (guint j = 0; j < 5; j++)
      l[draftd_rng_next (rng) % n] = (float) (12.0 + 3.0 * gauss (rng));
  if (shape == NEG_INF)
    for (guint i = 0; i < n; i++)
      if (draftd_rng_next (rng) % 3 == 0)
        l[i] = i % 7 == 0 ? -INFINITY : -1e30f;
  if (shape == SPIKE)
    l[draftd_rng_next (rng) % n] = 60.0f;
}

/* min_p 1 keeps the ties of the largest only; top_p 1 - 2^-24 is the largest below 1. */
static const float min_ps[] = { 0.0f, 0.05f, 1.0f };
static const float top_ps[] = { 1.0f, 0.95f, 0.5f, 0.99999994f };

/* The settings with index s of the 6 x 3 x 4 x 2 grid (top_k, min_p, top_p, repetition
 * penalty), at a temperature drawn from 0.3..1.5. */
static void
make_params (DraftdRng *rng, guint s, guint n, DraftdSamplerParams *p)
{
  const guint top_ks[] = { 0, 1, 5, 40, n - 1, n + 3 };
  draftd_sampler_params_init (p);
  p->temperature = (float) (0.3 + 1.2 * draftd_rng_uniform (rng));
  p->top_k = top_ks[s % 6];
  p->min_p = min_ps[(s / 6) % 3];
  p->top_p = top_ps[(s / 18) % 4];
  p->repeat_penalty = (s / 72) % 2 ? 1.3f : 1.0f;
}
#define N_SETTINGS 144

/* How many of the settings in [0, N_SETTINGS) picked by `every` give the reference's bits
 * for one logit vector; the first that does not is told. */
static guint
compare (DraftdRng *rng, const float *l, guint n, const gint32 *recent, guint n_recent, guint every, guint *tried)
{
  g_autofree float *want = g_new (float, n), *got = g_new (float, n);
  guint same = 0;
  for (guint s = draftd_rng_next (rng) % every; s < N_SETTINGS; s += every) {
    DraftdSamplerParams p;
    make_params (rng, s, n, &p);
    (*tried)++;
    if (agrees (&p, l, n, recent, n_recent, want, got))
      same++;
    else if (*tried - same == 1) {
      guint i = 0;
      while (i + 1 < n && memcmp (&want[i], &got[i], sizeof (float)) == 0)
        i++;
      tap_diag ("n %u, T %.3f top_k %u min_p %.2f top_p %.8f penalty %.1f: probs[%u] %a, want %a", n,
                p.temperature, p.top_k, p.min_p, p.top_p, p.repeat_penalty, i, got[i], want[i]);
    }
  }
  return same;
}

/* Each shape at size n, `vectors` logit vectors, every `every`-th setting of the grid. */
static void
check_size (guint n, guint vectors, guint every)
{
  g_autofree float *l = g_new (float, n);
  gint32 recent[100];
  for (guint shape = 0; shape < N_SHAPES; shape++) {
    DraftdRng rng;
    draftd_rng_seed (&rng, n * 31 + shape);
    guint same = 0, tried = 0;
    for (guint v = 0; v < vectors; v++) {
      make_logits (&rng, shape, l, n);
      /* Recent tokens with repeats, some past the penalty's window of 64. */
      for (guint i = 0; i < G_N_ELEMENTS (recent); i++)
        recent[i] = (gint32) (draftd_rng_next (&rng) % MIN (n, 200u));
      same += compare (&rng, l, n, recent, G_N_ELEMENTS (recent), every, &tried);
    }
    tap_ok (same == tried, "n %u, %s logits: %u of %u distributions bit-identical to the full sort's", n,
            shape_names[shape], same, tried);
  }
}

/* top_p's first guess takes the candidates >= (1 - top_p) / n: those below weigh less than
 * 1 - top_p, so the nucleus ends before them unless the probabilities' float rounding leaves
 * their total under 1 by more than the margin. Built here: top_p 1 - 2^-24, four large
 * probabilities whose rounding decides, 996 ties just under the guess. The nucleus reaches
 * into the ties about half the time, and the retries must give the full sort's bits. */
static void
check_nucleus_edge (void)
{
  const guint n = 1000, top_ks[] = { 0, 998, n - 1 };
  const float min_ps[] = { 0.0f, 1e-12f };
  float l[1000], want[1000], got[1000];
  DraftdRng rng;
  draftd_rng_seed (&rng, 1000);
  guint same = 0, tried = 0, past = 0;
  for (guint v = 0; v < 50; v++) {
    double s = 0.0;
    for (guint i = 0; i < 4; i++) {
      l[i] = (float) (0.5 * gauss (&rng));
      s += exp (l[i]);
    }
    float guess = (1.0f - 0.99999994f) / n;
    for (guint i = 4; i < n; i++)
      l[i] = (float) log (0.999 * guess * s);
    for (guint k = 0; k < G_N_ELEMENTS (top_ks); k++)
      for (guint j = 0; j < G_N_ELEMENTS (min_ps); j++) {
        DraftdSamplerParams p;
        draftd_sampler_params_init (&p);
        p.temperature = 1.0f;
        p.top_p = 0.99999994f;
        p.top_k = top_ks[k];
        p.min_p = min_ps[j];
        tried++;
        same += agrees (&p, l, n, NULL, 0, want, got);
        past += want[4] > 0.0f;  /* the nucleus took a tie: past the first guess */
      }
  }
  tap_ok (past > 0 && past < tried, "the nucleus ends past (1 - top_p) / n in %u of %u cases", past, tried);
  tap_ok (same == tried, "nucleus past the guess: %u of %u distributions bit-identical to the full sort's", same, tried);
}

/* min_p keeps what is >= its floor, so a probability exactly on it is kept, ties too: logits
 * ln 2 below the largest give exactly half its probability (expf (-ln 2) is 1/2 in float),
 * and min_p 0.5 puts the floor there. */
static void
check_floor_ties (void)
{
  const guint n = 200, top_ks[] = { 0, 3, 30, n };
  const float top_ps[] = { 1.0f, 0.9f };
  float l[200], want[200], got[200];
  DraftdRng rng;
  draftd_rng_seed (&rng, 200);
  guint same = 0, tried = 0, on_floor = 0;
  for (guint v = 0; v < 20; v++) {
    for (guint i = 0; i < n; i++)
      l[i] = draftd_rng_next (&rng) % 4 == 0 ? -(float) G_LN2 : (float) (-1.0 - 2.0 * draftd_rng_uniform (&rng));
    l[draftd_rng_next (&rng) % n] = 0.0f;
    for (guint k = 0; k < G_N_ELEMENTS (top_ks); k++)
      for (guint j = 0; j < G_N_ELEMENTS (top_ps); j++) {
        DraftdSamplerParams p;
        draftd_sampler_params_init (&p);
        p.temperature = 1.0f;
        p.min_p = 0.5f;
        p.top_k = top_ks[k];
        p.top_p = top_ps[j];
        tried++;
        same += agrees (&p, l, n, NULL, 0, want, got);
        for (guint i = 0; i < n; i++)
          on_floor += l[i] < 0.0f && want[i] > 0.0f;
      }
  }
  tap_ok (on_floor > 0, "min_p 0.5 keeps probabilities exactly on its floor (%u kept)", on_floor);
  tap_ok (same == tried, "floor ties: %u of %u distributions bit-identical to the full sort's", same, tried);
}

static int
float_desc (const void *a, const void *b)
{
  float x = *(const float *) a, y = *(const float *) b;
  return x > y ? -1 : x < y;
}

/* Untruncated, each result is q / kept, kept the double sum of q in descending order. That
 * order shows in probs only where the roundings of a few large q put kept more than 2^-25
 * from 1 and some q / kept falls within kept's last bits of a rounding boundary: too rare for
 * the random vectors above. Searched for here: four q a little above 1/2, 1/4, 1/8, 1/16
 * (where a float's rounding is largest, relatively) over a vocabulary's bulk. Where summing
 * in id order gives other probs, the function must still give the full sort's bits. */
static void
check_kept_order (void)
{
  const guint n = 151936;
  g_autofree float *l = g_new (float, n), *q = g_new (float, n), *sorted = g_new (float, n),
                   *want = g_new (float, n), *got = g_new (float, n);
  DraftdRng rng;
  draftd_rng_seed (&rng, 151937);
  make_logits (&rng, LM, l, n);
  DraftdSamplerParams p;
  draftd_sampler_params_init (&p);
  p.temperature = 1.0f;
  guint found = 0, same = 0, draws = 0;
  while (found < 3 && draws++ < 3000) {
    for (guint k = 0; k < 4; k++)
      l[k] = (float) (25.0 - (k + 1) * G_LN2 + 0.05 * gauss (&rng));
    /* The softmax as the reference computes it. */
    float max = l[draftd_argmax (l, n)];
    double sum = 0.0, by_id = 0.0, kept = 0.0;
    for (guint i = 0; i < n; i++)
      sum += q[i] = expf (l[i] - max);
    for (guint i = 0; i < n; i++)
      by_id += q[i] = (float) (q[i] / sum);
    if (fabs (by_id - 1.0) < 0x1p-26)
      continue;  /* every q / kept rounds back to q: no order can show */
    memcpy (sorted, q, (gsize) n * sizeof (float));
    qsort (sorted, n, sizeof (float), float_desc);
    for (guint i = 0; i < n; i++)
      kept += sorted[i];
    gboolean shows = FALSE;
    for (guint i = 0; i < n && !shows; i++)
      shows = (float) (q[i] / kept) != (float) (q[i] / by_id);
    if (!shows)
      continue;
    found++;
    same += agrees (&p, l, n, NULL, 0, want, got);
  }
  tap_ok (found == 3, "%u vectors whose probs tell the kept sum's order from id order, in %u draws", found, draws);
  tap_ok (same == found, "kept order: %u of %u distributions bit-identical to the full sort's", same, found);
}

/* The fastest of `calls` calls at these settings, of the reference or of the function, in
 * microseconds: the least disturbed by whatever else the machine runs. */
static double
time_call (gboolean ref, const DraftdSamplerParams *p, const float *l, guint n, float *probs, guint calls)
{
  gint64 best = G_MAXINT64;
  for (guint i = 0; i < calls; i++) {
    gint64 t0 = g_get_monotonic_time ();
    (ref ? reference : draftd_sampler_distribution) (p, l, n, NULL, 0, probs);
    best = MIN (best, g_get_monotonic_time () - t0);
  }
  return (double) best;
}

static void
timing (void)
{
  const guint n = 151936;
  g_autofree float *l = g_new (float, n), *probs = g_new (float, n);
  DraftdRng rng;
  draftd_rng_seed (&rng, 7);
  make_logits (&rng, LM, l, n);
  struct {
    const char *what;
    guint top_k;
    float min_p, top_p;
  } cases[] = { { "no truncation", 0, 0.0f, 1.0f }, { "top_k 40", 40, 0.0f, 1.0f },
                { "top_p 0.95", 0, 0.0f, 0.95f }, { "min_p 0.05", 0, 0.05f, 1.0f },
                { "top_k 40, top_p 0.95, min_p 0.05", 40, 0.05f, 0.95f } };
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint t = 0; t < 2; t++) {
      DraftdSamplerParams p;
      draftd_sampler_params_init (&p);
      p.temperature = t ? 1.0f : 0.7f;
      p.top_k = cases[c].top_k;
      p.min_p = cases[c].min_p;
      p.top_p = cases[c].top_p;
      double before = time_call (TRUE, &p, l, n, probs, 3), after = time_call (FALSE, &p, l, n, probs, 10);
      tap_diag ("n %u, T %.1f, %s: %.2f ms per call with the full sort, %.2f ms now", n, p.temperature,
                cases[c].what, before / 1000, after / 1000);
    }
}

int
main (void)
{
  check_size (50, 40, 1);
  check_size (1000, 10, 1);
  check_nucleus_edge ();
  check_floor_ties ();
  check_kept_order ();
  /* The full sort takes ~30 ms a call here: every 11th setting of the grid (11 is prime to
   * each dimension's period, so all values come up), two vectors per shape. */
  check_size (151936, 2, 11);
  timing ();
  return tap_done ();
}
