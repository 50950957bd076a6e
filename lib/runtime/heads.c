#include "lib/runtime/heads.h"
#include <string.h>

struct DraftdHeads {
  guint n, n_embd, n_vocab;
  float *w;      /* [n][n_embd][n_embd] */
  float *out;    /* [n_vocab][n_embd] */
};

DraftdHeads *
draftd_heads_new (const DraftdModel *model)
{
  if (model->n_heads == 0)
    return NULL;
  DraftdHeads *h = g_new0 (DraftdHeads, 1);
  h->n = model->n_heads;
  h->n_embd = model->config.n_embd;
  h->n_vocab = model->config.n_vocab;
  gsize square = (gsize) h->n_embd * h->n_embd;
  h->w = g_new (float, square * h->n);
  /* lib/model checked every head's shape and that draftd reads its type. */
  for (guint i = 0; i < h->n; i++)
    draftd_ggml_dequantize (model->heads[i]->type, model->heads[i]->data, h->w + square * i, square);
  h->out = g_new (float, (gsize) h->n_vocab * h->n_embd);
  draftd_ggml_dequantize (model->output->type, model->output->data, h->out, (gsize) h->n_vocab * h->n_embd);
  return h;
}

void
draftd_heads_free (DraftdHeads *h)
{
  if (h == NULL)
    return;
  g_free (h->w);
  g_free (h->out);
  g_free (h);
}

guint
draftd_heads_n (const DraftdHeads *h)
{
  return h ? h->n : 0;
}

guint64
draftd_heads_bytes (const DraftdHeads *h)
{
  return h ? ((guint64) h->n * h->n_embd * h->n_embd + (guint64) h->n_vocab * h->n_embd) * 4 : 0;
}

static float
dot (const float *a, const float *b, guint n)
{
  float s = 0;
  for (guint i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

/* h + relu (W h): the head's input to the shared projection. */
static void
head_state (const DraftdHeads *h, guint i, const float *hidden, float *z)
{
  const float *w = h->w + (gsize) i * h->n_embd * h->n_embd;
  for (guint r = 0; r < h->n_embd; r++)
    z[r] = hidden[r] + MAX (0.0f, dot (w + (gsize) r * h->n_embd, hidden, h->n_embd));
}

guint
draftd_heads_propose (const DraftdHeads *h, const float *hidden, gint32 *out, guint k_max)
{
  guint k = MIN (k_max, draftd_heads_n (h));
  g_autofree float *z = g_new (float, h ? h->n_embd : 1);
  for (guint i = 0; i < k; i++) {
    head_state (h, i, hidden, z);
    gint32 best = 0;
    float best_v = dot (h->out, z, h->n_embd);
    for (guint v = 1; v < h->n_vocab; v++) {
      float s = dot (h->out + (gsize) v * h->n_embd, z, h->n_embd);
      if (s > best_v)
        best_v = s, best = v;
    }
    out[i] = best;
  }
  return k;
}
