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

static int
cand_desc (const void *a, const void *b)
{
  const Cand *x = a, *y = b;
  if (x->p != y->p)
    return x->p > y->p ? -1 : 1;
  return x->id < y->id ? -1 : (x->id > y->id);
}

void
draftd_sampler_distribution (const DraftdSamplerParams *p, const float *logits, guint n, const gint32 *recent,
                             guint n_recent, float *probs)
{
  g_autofree float *l = g_memdup2 (logits, (gsize) n * sizeof (float));
  /* Repetition penalty (CTRL-style): shrink the logits of recently seen tokens. */
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
