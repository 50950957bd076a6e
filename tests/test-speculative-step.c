/* The accept/resample step of speculative sampling against the exact formula, and the
 * resulting distribution equals the target's p for hand-built p and q. */
#include <math.h>
#include "lib/decode/speculative.h"
#include "tests/tap.h"

int
main (void)
{
  const float p[4] = { 0.5f, 0.3f, 0.2f, 0.0f };
  const float q[4] = { 0.2f, 0.6f, 0.1f, 0.1f };
  tap_ok (fabs (draftd_spec_accept_probability (p, q, 0) - 1.0) < 1e-9, "p > q: always accepted");
  tap_ok (fabs (draftd_spec_accept_probability (p, q, 1) - 0.5) < 1e-6, "p/q = 0.3/0.6: accepted half the time");
  tap_ok (draftd_spec_accept_probability (p, q, 3) == 0.0, "p = 0: never accepted");
  tap_ok (fabs (draftd_spec_accept_probability (p, NULL, 1) - 0.3) < 1e-6, "deterministic draft: accepted with p(x)");
  float r[4];
  draftd_spec_residual (p, q, 0, 4, r);
  /* max(0, p - q) = {0.3, 0, 0.1, 0} -> {0.75, 0, 0.25, 0} */
  tap_ok (fabsf (r[0] - 0.75f) < 1e-6f && r[1] == 0.0f && fabsf (r[2] - 0.25f) < 1e-6f && r[3] == 0.0f,
          "residual is norm(max(0, p - q))");
  draftd_spec_residual (p, NULL, 0, 4, r);
  tap_ok (r[0] == 0.0f && fabsf (r[1] - 0.6f) < 1e-6f && fabsf (r[2] - 0.4f) < 1e-6f,
          "deterministic draft: residual is p without x, renormalized");
  /* Exact output distribution: P(y) = q(y) min(1, p(y)/q(y)) + (1 - beta) r(y) = p(y). */
  double beta = 0;
  for (int x = 0; x < 4; x++)
    beta += q[x] * draftd_spec_accept_probability (p, q, x);
  draftd_spec_residual (p, q, 0, 4, r);
  gboolean exact = TRUE;
  for (int y = 0; y < 4; y++) {
    double py = q[y] * draftd_spec_accept_probability (p, q, y) + (1 - beta) * r[y];
    exact &= fabs (py - p[y]) < 1e-6;
  }
  tap_ok (exact, "accept + resample reproduces p exactly (analytically)");
  /* Monte Carlo: draw x ~ q, verify, count outputs. */
  DraftdRng rng;
  draftd_rng_seed (&rng, 99);
  guint counts[4] = { 0 }, n = 200000;
  float scratch[4];
  for (guint i = 0; i < n; i++) {
    gint32 x = draftd_sample_from (q, 4, &rng), y;
    if (draftd_spec_verify (p, q, x, 4, &rng, &y, scratch))
      y = x;
    counts[y]++;
  }
  double g = 0;
  for (int y = 0; y < 4; y++)
    if (counts[y] > 0)
      g += 2.0 * counts[y] * log (counts[y] / (n * (double) p[y]));
  tap_ok (counts[3] == 0 && g < 13.8, "sampled outputs follow p (G = %.2f, 2 df, p > 0.001)", g);
  return tap_done ();
}
