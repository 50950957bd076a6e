/* From logits to the next token. Every setting is one explicit transform from logits to
 * a probability distribution (draftd_sampler_distribution); greedy is the distribution
 * with all mass on the argmax. Speculative decoding applies the same transform to the
 * target's and the assistant's logits. */
#pragma once
#include <glib.h>

typedef struct {
  float temperature;      /* <= 0: greedy */
  guint top_k;            /* 0: off */
  float top_p;            /* >= 1: off */
  float min_p;            /* <= 0: off */
  float repeat_penalty;   /* 1: off */
  guint repeat_window;    /* last N tokens the penalty looks at */
  guint64 seed;
} DraftdSamplerParams;

void draftd_sampler_params_init (DraftdSamplerParams *p);  /* greedy defaults */
gboolean draftd_sampler_is_greedy (const DraftdSamplerParams *p);

typedef struct {
  guint64 s[4];  /* xoshiro256** state */
} DraftdRng;

void draftd_rng_seed (DraftdRng *rng, guint64 seed);
guint64 draftd_rng_next (DraftdRng *rng);
/* Uniform in [0, 1) with 53 bits. */
double draftd_rng_uniform (DraftdRng *rng);

/* probs[n] = the distribution the settings define for `logits` given the recent tokens. */
void draftd_sampler_distribution (const DraftdSamplerParams *p, const float *logits, guint n,
                                  const gint32 *recent, guint n_recent, float *probs);
/* Draws an index from probs[n] (which sum to 1, up to rounding). */
gint32 draftd_sample_from (const float *probs, guint n, DraftdRng *rng);
gint32 draftd_argmax (const float *v, guint n);
