#include "lib/decode/speculative.h"
#include <string.h>

double
draftd_spec_accept_probability (const float *p, const float *q, gint32 x)
{
  double qx = q ? q[x] : 1.0;
  if (qx <= 0.0)
    return 1.0; /* cannot be drawn; treat as never rejected */
  return MIN (1.0, p[x] / qx);
}

gboolean
draftd_spec_residual (const float *p, const float *q, gint32 x, guint n, float *residual)
{
  double sum = 0.0;
  for (guint i = 0; i < n; i++) {
    double qi = q ? q[i] : (i == (guint) x ? 1.0 : 0.0);
    double r = p[i] - qi;
    residual[i] = r > 0.0 ? (float) r : 0.0f;
    sum += residual[i];
  }
  if (sum <= 0.0) {
    memcpy (residual, p, n * sizeof (float));
    return FALSE;
  }
  for (guint i = 0; i < n; i++)
    residual[i] = (float) (residual[i] / sum);
  return TRUE;
}

gboolean
draftd_spec_verify (const float *p, const float *q, gint32 x, guint n, DraftdRng *rng, gint32 *replacement,
                    float *scratch)
{
  double u = draftd_rng_uniform (rng);
  if (u < draftd_spec_accept_probability (p, q, x))
    return TRUE;
  draftd_spec_residual (p, q, x, n, scratch);
  *replacement = draftd_sample_from (scratch, n, rng);
  return FALSE;
}
