#include "lib/runtime/sampler.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

void
draftd_sampler_params_init (DraftdSamplerParams *p)
{
  memset (p, 0, sizeof *p);
  p->top_p = 1.0f;
  p->repeat_penalty = 1.0f;
  p->repeat_window = 64;
}

gboolean
draftd_sampler_is_greedy (const DraftdSamplerParams *p)
{
  return p->temperature <= 0.0f || p->top_k == 1;
}

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void
draftd_rng_seed (DraftdRng *rng, guint64 seed)
{
  for (int i = 0; i < 4; i++)
    rng->s[i] = splitmix64 (&seed);
}

static inline guint64
rotl (guint64 x, int k)
{
  return (x << k) | (x >> (64 - k));
}

guint64
draftd_rng_next (DraftdRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

double
draftd_rng_uniform (DraftdRng *rng)
{
  return (double) (draftd_rng_next (rng) >> 11) * 0x1.0p-53;
}

gint32
draftd_argmax (const float *v, guint n)
{
  guint best = 0;
  for (guint i = 1; i < n; i++)
    if (v[i] > v[best])
      best = i;
  return best;
}

typedef struct {
  float p;
  guint id;
} Cand;

/* The order the truncations read candidates in: p descending, ties by id. */
static int
cand_desc (const void *a, const void *b)
{
  const Cand *x = a, *y = b;
  if (x->p != y->p)
    return x->p > y->p ? -1 : 1;
  return x->id < y->id ? -1 : (x->id > y->id);
}

/* For floats >= 0 (all a softmax gives) the bit pattern orders like the value: its complement
 * ascends where p descends, so it sorts and selects by bytes. */
static inline guint32
desc_key (float p)
{
  guint32 u;
  memcpy (&u, &p, sizeof u);
  return ~u;
}

/* Sorts c[m], gathered in id order, into cand_desc's order. qsort's m log m comparisons through
 * a function pointer cost 30-40 ms at a 151,936-token vocabulary; a radix sort by desc_key is
 * 4 linear passes, and each pass is stable, so ties keep their id order as cand_desc wants. */
static void
sort_desc (Cand *c, guint m)
{
  if (m < 256) {
    qsort (c, m, sizeof (Cand), cand_desc);
    return;
  }
  guint count[4][256] = { { 0 } };
  for (guint i = 0; i < m; i++) {
    guint32 k = desc_key (c[i].p);
    for (guint b = 0; b < 4; b++)
      count[b][(k >> (8 * b)) & 0xff]++;
  }
  g_autofree Cand *tmp = g_new (Cand, m);
  Cand *src = c, *dst = tmp;
  for (guint b = 0; b < 4; b++) {
    guint *at = count[b];
    /* All keys share this byte (probabilities share their high exponent bits): nothing moves. */
    if (at[(desc_key (src[0].p) >> (8 * b)) & 0xff] == m)
      continue;
    for (guint d = 0, sum = 0; d < 256; d++) {
      guint here = at[d];
      at[d] = sum;
      sum += here;
    }
    for (guint i = 0; i < m; i++)
      dst[at[(desc_key (src[i].p) >> (8 * b)) & 0xff]++] = src[i];
    Cand *t = src;
    src = dst;
    dst = t;
  }
  if (src != c)
    memcpy (c, src, (gsize) m * sizeof (Cand));
}

/* The k-th largest of p[n] (1 <= k <= n), a key byte at a time from the top: count the keys
 * that match the bytes found so far by their next byte, and go into the bucket holding the k-th. */
static float
kth_largest (const float *p, guint n, guint k)
{
  guint32 key = 0, mask = 0;
  for (int shift = 24; shift >= 0; shift -= 8) {
    guint count[256] = { 0 };
    for (guint i = 0; i < n; i++) {
      guint32 ki = desc_key (p[i]);
      if ((ki & mask) == key)
        count[(ki >> shift) & 0xff]++;
    }
    guint d = 0;
    while (count[d] < k)
      k -= count[d++];
    key |= (guint32) d << shift;
    mask |= 0xffu << shift;
  }
  key = ~key;
  float v;
  memcpy (&v, &key, sizeof v);
  return v;
}

/* The candidates with p >= tau, in id order. Every one left out is smaller than every one
 * taken, so sorted they are exactly the first m of the full sorted order. (Written as "not
 * below" so that a NaN, from NaN or infinite logits, takes them all rather than none.) */
static guint
gather (const float *p, guint n, float tau, Cand *c)
{
  guint m = 0;
  for (guint i = 0; i < n; i++)
    if (!(p[i] < tau))
      c[m++] = (Cand) { p[i], i };
  return m;
}

/* How many of the sorted candidates top_k, min_p and top_p keep, read from the first m of them
 * (those >= tau, every later one < tau). FALSE where the answer depends on one past the m. */
static gboolean
keep_in_prefix (const DraftdSamplerParams *p, const Cand *c, guint m, guint n, float tau, guint *keep_out)
{
  guint keep = n;
  if (p->top_k > 0 && p->top_k < keep)
    keep = p->top_k;
  /* While open, keep is only a lower bound: min_p would read on past the prefix. */
  gboolean open = FALSE;
  if (p->min_p > 0.0f) {
    float floor_p = c[0].p * p->min_p;
    guint k = 1;
    while (k < keep && k < m && c[k].p >= floor_p)
      k++;
    /* At the prefix's end the next one is < tau: below the floor too if tau is. */
    open = k == m && k < keep && tau > floor_p;
    keep = k;
  }
  if (p->top_p < 1.0f) {
    double cum = 0.0;
    guint k = 0;
    while (k < keep) {
      if (k == m)
        return FALSE;
      cum += c[k].p;
      k++;
      if (cum >= p->top_p) {
        open = FALSE;  /* it stops here, whatever min_p keeps past the prefix */
        break;
      }
    }
    keep = k;
  }
  if (open || keep > m)
    return FALSE;
  *keep_out = keep;
  return TRUE;
}

/* Sorts the candidates top_k, min_p and top_p can reach into c (room for n) and returns how
 * many they keep. Sorting all n (today's vocabularies: 150k) to keep a few dozen was most of
 * a sampled token's time; the reachable ones are those >= tau, a threshold from the settings. */
static guint
truncate_sorted (const DraftdSamplerParams *p, const float *q, guint n, float q_max, Cand *c)
{
  /* top_k reads no further than the k-th largest; min_p than its floor. */
  float tau = 0.0f;
  if (p->top_k > 0 && p->top_k < n)
    tau = kth_largest (q, n, p->top_k);
  if (p->min_p > 0.0f)
    tau = MAX (tau, q_max * p->min_p);
  /* top_p stops once the running sum reaches top_p. Together the candidates below
   * (1 - top_p) / n weigh less than 1 - top_p, so it stops before them, unless the rounding
   * of a total near 1 says otherwise: a guess, then tau alone (which always decides, as all n
   * do). The largest is always kept, whatever the settings: never an empty prefix. */
  float guess = p->top_p < 1.0f ? (1.0f - p->top_p) / n : 0.0f;
  const float tries[] = { MAX (tau, guess), tau, -INFINITY };
  guint keep = n;
  for (guint i = 0; i < G_N_ELEMENTS (tries); i++) {
    float t = MIN (tries[i], q_max);
    guint m = gather (q, n, t, c);
    sort_desc (c, m);
    if (keep_in_prefix (p, c, m, n, t, &keep))
      break;
  }
  return keep;
}

/* Normalizes q[n], the whole distribution kept, in place: each result is q / kept rounded to
 * float, kept the double sum of q in descending order, which it used to take a sort of all n
 * to find. But a float's neighbours are at least q 2^-24 from it, so q (1 + e) rounds back to
 * q for every |e| < 2^-25: while 1 / kept is that close to 1 the result is q, whatever kept's
 * last bits. The sum in id order is within n 2^-51 of the sorted one (each is within n 2^-53
 * of the exact sum), and 2^-48 covers the division's rounding and 1 / kept's distance from
 * kept. */
static void
untruncated (float *q, guint n)
{
  double total = 0.0;
  for (guint i = 0; i < n; i++)
    total += q[i];
  if (fabs (total - 1.0) + n * 0x1p-51 + 0x1p-48 < 0x1p-25)
    return;
  /* A few large probabilities whose roundings add up (a few percent of draws): sort all. */
  g_autofree Cand *c = g_new (Cand, n);
  gather (q, n, -INFINITY, c);
  sort_desc (c, n);
  double kept = 0.0;
  for (guint i = 0; i < n; i++)
    kept += c[i].p;
  for (guint i = 0; i < n; i++)
    q[i] = (float) (q[i] / kept);
}

void
draftd_sampler_distribution (const DraftdSamplerParams *p, const float *logits, guint n, const gint32 *recent,
                             guint n_recent, float *probs)
{
  /* probs holds the logits, then the untruncated distribution, then the result: no copy of
   * the vocabulary to allocate and fault in. (memmove: logits may be probs.) */
  float *q = memmove (probs, logits, (gsize) n * sizeof (float));
  /* Repetition penalty (CTRL-style): shrink the logits of recently seen tokens. */
  if (p->repeat_penalty != 1.0f && recent) {
    guint from = n_recent > p->repeat_window ? n_recent - p->repeat_window : 0;
    g_autofree guint8 *seen = g_new0 (guint8, n);
    for (guint i = from; i < n_recent; i++)
      if (recent[i] >= 0 && (guint) recent[i] < n && !seen[recent[i]]) {
        seen[recent[i]] = 1;
        float *v = &q[recent[i]];
        *v = *v > 0 ? *v / p->repeat_penalty : *v * p->repeat_penalty;
      }
  }
  guint top = draftd_argmax (q, n);
  if (draftd_sampler_is_greedy (p)) {
    memset (probs, 0, (gsize) n * sizeof (float));
    probs[top] = 1.0f;
    return;
  }
  /* Softmax: float exps, their double sum in id order, float quotients. The probabilities'
   * bits depend on this arithmetic and on the order of each sum below, and both are as they
   * always were: a seeded run draws the tokens it always drew. */
  float max = q[top];
  double sum = 0.0;
  for (guint i = 0; i < n; i++) {
    q[i] = expf ((q[i] - max) / p->temperature);
    sum += q[i];
  }
  for (guint i = 0; i < n; i++)
    q[i] = (float) (q[i] / sum);
  if ((p->top_k == 0 || p->top_k >= n) && !(p->min_p > 0.0f) && !(p->top_p < 1.0f)) {
    untruncated (q, n);
    return;
  }
  g_autofree Cand *c = g_new (Cand, n);
  /* q[top] is the largest probability: expf is at most 1, reached at the max. */
  guint keep = truncate_sorted (p, q, n, q[top], c);
  double kept = 0.0;
  for (guint i = 0; i < keep; i++)
    kept += c[i].p;
  memset (probs, 0, (gsize) n * sizeof (float));
  for (guint i = 0; i < keep; i++)
    probs[c[i].id] = (float) (c[i].p / kept);
}

gint32
draftd_sample_from (const float *probs, guint n, DraftdRng *rng)
{
  double u = draftd_rng_uniform (rng), cum = 0.0;
  gint32 last = -1;
  for (guint i = 0; i < n; i++) {
    if (probs[i] <= 0.0f)
      continue;
    cum += probs[i];
    last = i;
    if (u < cum)
      return i;
  }
  return last >= 0 ? last : 0;  /* rounding left u above the total */
}
