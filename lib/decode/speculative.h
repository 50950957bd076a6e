/* The verification step of speculative sampling (Leviathan et al. 2023, Algorithm 1):
 * a draft token x drawn from q is kept with probability min(1, p(x)/q(x)); otherwise the
 * replacement is drawn from norm(max(0, p - q)). The result is distributed exactly as p. */
#pragma once
#include <glib.h>
#include "lib/runtime/sampler.h"

/* Probability that draft x (drawn from q) is accepted. q == NULL: the draft was
 * deterministic (q is all mass on x), as for prompt lookup and input-guided drafts. */
double draftd_spec_accept_probability (const float *p, const float *q, gint32 x);
/* residual[n] = norm(max(0, p - q)); returns FALSE when p <= q everywhere (then p itself). */
gboolean draftd_spec_residual (const float *p, const float *q, gint32 x, guint n, float *residual);
/* One verification: TRUE if x is accepted; otherwise *replacement is drawn from the residual. */
gboolean draftd_spec_verify (const float *p, const float *q, gint32 x, guint n, DraftdRng *rng,
                             gint32 *replacement, float *scratch);
