#include "lib/reference/reference.h"
#include <math.h>
#include <string.h>

G_DEFINE_QUARK (draftd-reference-error-quark, draftd_reference_error)

/* ---- weights ---- */

static gboolean
dequantize (const DraftdGgufTensor *t, float **out, GError **error)
{
  *out = NULL;
  if (t == NULL)
    return TRUE;
  if (!draftd_ggml_type_supported (t->type)) {
    g_set_error (error, DRAFTD_REFERENCE_ERROR, DRAFTD_REFERENCE_ERROR_TYPE, "tensor '%s': no dequantizer for type %s",
                 t->name, draftd_ggml_type_name (t->type) ? draftd_ggml_type_name (t->type) : "(unknown)");
    return FALSE;
  }
  *out = g_new (float, t->n_elements);
  draftd_ggml_dequantize (t->type, t->data, *out, t->n_elements);
  return TRUE;
}

static void
free_layer (DraftdRefLayer *l)
{
  float *all[] = { l->attn_norm, l->wq, l->wk, l->wv, l->bq, l->bk, l->bv, l->q_norm, l->k_norm,
                   l->wo, l->attn_post_norm, l->ffn_norm, l->w_gate, l->w_up, l->w_down, l->ffn_post_norm };
  for (guint j = 0; j < G_N_ELEMENTS (all); j++)
    g_free (all[j]);
}

static void
free_weights (DraftdRefWeights *w, guint n_layer)
{
  for (guint i = 0; w->layers && i < n_layer; i++)
    free_layer (&w->layers[i]);
  g_free (w->layers);
  if (w->output != w->token_embd)
    g_free (w->output);
  g_free (w->token_embd);
  g_free (w->output_norm);
}

static gboolean
build_layer (DraftdRefLayer *l, const DraftdLayerWeights *t, GError **error)
{
  return dequantize (t->attn_norm, &l->attn_norm, error) && dequantize (t->wq, &l->wq, error) &&
         dequantize (t->wk, &l->wk, error) && dequantize (t->wv, &l->wv, error) && dequantize (t->bq, &l->bq, error) &&
         dequantize (t->bk, &l->bk, error) && dequantize (t->bv, &l->bv, error) &&
         dequantize (t->q_norm, &l->q_norm, error) && dequantize (t->k_norm, &l->k_norm, error) &&
         dequantize (t->wo, &l->wo, error) && dequantize (t->attn_post_norm, &l->attn_post_norm, error) &&
         dequantize (t->ffn_norm, &l->ffn_norm, error) && dequantize (t->w_gate, &l->w_gate, error) &&
         dequantize (t->w_up, &l->w_up, error) && dequantize (t->w_down, &l->w_down, error) &&
         dequantize (t->ffn_post_norm, &l->ffn_post_norm, error);
}

static gboolean
build_weights (DraftdRefWeights *w, const DraftdModel *m, GError **error)
{
  if (!dequantize (m->token_embd, &w->token_embd, error) || !dequantize (m->output_norm, &w->output_norm, error))
    return FALSE;
  if (m->config.tied_output)
    w->output = w->token_embd;
  else if (!dequantize (m->output, &w->output, error))
    return FALSE;
  w->layers = g_new0 (DraftdRefLayer, m->config.n_layer);
  for (guint i = 0; i < m->config.n_layer; i++)
    if (!build_layer (&w->layers[i], &m->layers[i], error))
      return FALSE;
  return TRUE;
}

/* ---- run state ---- */

static void
build_state (DraftdRefState *s, const DraftdModelConfig *c, guint n_ctx)
{
  guint q = c->n_head * c->head_dim, kv = c->n_head_kv * c->head_dim;
  s->x = g_new0 (float, c->n_embd);
  s->xb = g_new0 (float, c->n_embd);
  s->q = g_new0 (float, q);
  s->k = g_new0 (float, kv);
  s->v = g_new0 (float, kv);
  s->att = g_new0 (float, q);
  s->hb = g_new0 (float, c->n_ff);
  s->hb2 = g_new0 (float, c->n_ff);
  s->scores = g_new0 (float, n_ctx);
  s->logits = g_new0 (float, c->n_vocab);
  s->k_cache = g_new0 (float, (gsize) c->n_layer * n_ctx * kv);
  s->v_cache = g_new0 (float, (gsize) c->n_layer * n_ctx * kv);
}

static void
free_state (DraftdRefState *s)
{
  float *all[] = { s->x, s->xb, s->q, s->k, s->v, s->att, s->hb, s->hb2, s->scores, s->logits, s->k_cache, s->v_cache };
  for (guint j = 0; j < G_N_ELEMENTS (all); j++)
    g_free (all[j]);
}

static gboolean
stored_quantized (const DraftdGgufTensor *t)
{
  return t && t->type != GGML_TYPE_F32 && t->type != GGML_TYPE_F16 && t->type != GGML_TYPE_BF16;
}

/* The matrices (by their dequantized weights) that a file stores quantized. */
static void
find_quantized (DraftdReference *r, const DraftdModel *m)
{
  r->quantized = g_hash_table_new (NULL, NULL);
  if (stored_quantized (m->config.tied_output ? m->token_embd : m->output))
    g_hash_table_add (r->quantized, r->w.output);
  for (guint i = 0; i < m->config.n_layer; i++) {
    const DraftdLayerWeights *t = &m->layers[i];
    DraftdRefLayer *l = &r->w.layers[i];
    const DraftdGgufTensor *ts[] = { t->wq, t->wk, t->wv, t->wo, t->w_gate, t->w_up, t->w_down };
    float *ws[] = { l->wq, l->wk, l->wv, l->wo, l->w_gate, l->w_up, l->w_down };
    for (guint j = 0; j < G_N_ELEMENTS (ts); j++)
      if (stored_quantized (ts[j]))
        g_hash_table_add (r->quantized, ws[j]);
  }
}

DraftdReference *
draftd_reference_new (const DraftdModel *model, guint n_ctx, GError **error)
{
  g_autoptr (DraftdReference) r = g_new0 (DraftdReference, 1);
  r->config = model->config;
  r->n_ctx = n_ctx;
  if (!build_weights (&r->w, model, error))
    return NULL;
  build_state (&r->s, &r->config, n_ctx);
  find_quantized (r, model);
  const DraftdModelConfig *c = &r->config;
  r->xq = g_new0 (float, MAX (MAX (c->n_embd, c->n_head * c->head_dim), c->n_ff) + 32);
  return g_steal_pointer (&r);
}

void
draftd_reference_quantize_activations (DraftdReference *r, gboolean on)
{
  r->q8_activations = on;
}

void
draftd_reference_free (DraftdReference *r)
{
  if (r == NULL)
    return;
  free_state (&r->s);
  free_weights (&r->w, r->config.n_layer);
  g_clear_pointer (&r->quantized, g_hash_table_unref);
  g_free (r->xq);
  g_free (r);
}

/* ---- the building blocks ---- */

/* o = x / rms(x) * g, with g as the file stores it (Gemma's files already hold 1 + w). */
static void
rmsnorm (float *o, const float *x, const float *g, guint n, float eps)
{
  double ss = 0;
  for (guint i = 0; i < n; i++)
    ss += (double) x[i] * x[i];
  float s = 1.0f / sqrtf ((float) (ss / n) + eps);
  for (guint i = 0; i < n; i++)
    o[i] = x[i] * s * g[i];
}

/* out[0 .. n) = x through the integer-dot kernels' blocks of 32 16-bit integers (the last
 * one zero-padded), as quant_q8.comp: d = max |x| / 32512, x = d * round(x / d). */
static void
q16_blocks (float *out, const float *x, guint n)
{
  for (guint b = 0; b < n; b += 32) {
    float amax = 0;
    for (guint k = b; k < b + 32 && k < n; k++)
      amax = MAX (amax, fabsf (x[k]));
    float d = amax / 32512.0f, id = d != 0.0f ? 1.0f / d : 0.0f;
    for (guint k = b; k < b + 32 && k < n; k++)
      out[k] = d * CLAMP (roundf (x[k] * id), -32512.0f, 32512.0f);
  }
}

/* o[out] = W[out][in] · x[in] (+ bias); x through 16-bit blocks first where asked for W. */
static void
matvec (DraftdReference *r, float *o, const float *x, const float *w, const float *bias, guint in, guint out)
{
  if (r->q8_activations && g_hash_table_contains (r->quantized, w)) {
    q16_blocks (r->xq, x, in);
    x = r->xq;
  }
  for (guint row = 0; row < out; row++) {
    double s = 0;
    for (guint k = 0; k < in; k++)
      s += (double) w[(gsize) row * in + k] * x[k];
    o[row] = (float) s + (bias ? bias[row] : 0.0f);
  }
}

/* Rotates each head's pairs: (2j, 2j+1) interleaved (Llama) or (j, j + head_dim/2) NeoX. */
static void
rope (const DraftdModelConfig *c, float *v, guint n_heads, guint pos, gboolean swa)
{
  guint hd = c->head_dim;
  gboolean neox = c->rope_layout == DRAFTD_ROPE_NEOX;
  for (guint j = 0; j < hd / 2; j++) {
    float cs, sn;
    draftd_model_rope (c, swa, pos, j, &cs, &sn);
    for (guint h = 0; h < n_heads; h++) {
      guint d0 = neox ? j : 2 * j, d1 = neox ? j + hd / 2 : 2 * j + 1;
      float *p = v + h * hd;
      float x0 = p[d0], x1 = p[d1];
      p[d0] = x0 * cs - x1 * sn;
      p[d1] = x0 * sn + x1 * cs;
    }
  }
}

static float
gelu_tanh (float x)
{
  return 0.5f * x * (1.0f + tanhf (0.7978845608f * (x + 0.044715f * x * x * x)));
}

/* ---- the forward pass ---- */

/* att = softmax(q·K^T * attn_scale) V for every query head over keys first..pos; query
 * head h reads KV head h / (n_head / n_head_kv). */
static void
attention (DraftdReference *r, const float *kc, const float *vc, guint first, guint pos)
{
  const DraftdModelConfig *c = &r->config;
  DraftdRefState *s = &r->s;
  guint hd = c->head_dim, kv = c->n_head_kv * hd;
  for (guint h = 0; h < c->n_head; h++) {
    guint kvh = h / (c->n_head / c->n_head_kv);
    float max = -INFINITY;
    for (guint j = first; j <= pos; j++) {
      double dot = 0;
      for (guint d = 0; d < hd; d++)
        dot += (double) s->q[h * hd + d] * kc[(gsize) j * kv + kvh * hd + d];
      s->scores[j] = (float) (dot * c->attn_scale);
      max = MAX (max, s->scores[j]);
    }
    double sum = 0;
    for (guint j = first; j <= pos; j++)
      sum += (s->scores[j] = expf (s->scores[j] - max));
    for (guint d = 0; d < hd; d++) {
      double a = 0;
      for (guint j = first; j <= pos; j++)
        a += (double) s->scores[j] * vc[(gsize) j * kv + kvh * hd + d];
      s->att[h * hd + d] = (float) (a / sum);
    }
  }
}

/* x += [post_norm](Wo · attention(rope(norm(Wq xb)), rope(norm(Wk xb)), Wv xb)) */
static void
attention_block (DraftdReference *r, guint il, guint pos)
{
  const DraftdModelConfig *c = &r->config;
  const DraftdRefLayer *w = &r->w.layers[il];
  DraftdRefState *s = &r->s;
  guint D = c->n_embd, hd = c->head_dim, q = c->n_head * hd, kv = c->n_head_kv * hd;
  gboolean swa = draftd_model_layer_is_swa (c, il);
  float *kc = s->k_cache + (gsize) il * r->n_ctx * kv, *vc = s->v_cache + (gsize) il * r->n_ctx * kv;

  rmsnorm (s->xb, s->x, w->attn_norm, D, c->norm_eps);
  matvec (r, s->q, s->xb, w->wq, w->bq, D, q);
  matvec (r, s->k, s->xb, w->wk, w->bk, D, kv);
  matvec (r, s->v, s->xb, w->wv, w->bv, D, kv);
  if (c->qk_norm) {
    for (guint h = 0; h < c->n_head; h++)
      rmsnorm (s->q + h * hd, s->q + h * hd, w->q_norm, hd, c->norm_eps);
    for (guint h = 0; h < c->n_head_kv; h++)
      rmsnorm (s->k + h * hd, s->k + h * hd, w->k_norm, hd, c->norm_eps);
  }
  rope (c, s->q, c->n_head, pos, swa);
  rope (c, s->k, c->n_head_kv, pos, swa);
  memcpy (kc + (gsize) pos * kv, s->k, kv * sizeof (float));
  memcpy (vc + (gsize) pos * kv, s->v, kv * sizeof (float));
  /* A local layer's query at pos sees the n_swa positions ending at pos. */
  guint first = swa && pos + 1 > c->n_swa ? pos + 1 - c->n_swa : 0;
  attention (r, kc, vc, first, pos);

  matvec (r, s->xb, s->att, w->wo, NULL, q, D);
  if (c->post_norms)
    rmsnorm (s->xb, s->xb, w->attn_post_norm, D, c->norm_eps);
  for (guint i = 0; i < D; i++)
    s->x[i] += s->xb[i];
}

/* x += [post_norm](Wdown · (act(Wgate h) * (Wup h))), h = norm(x) */
static void
ffn_block (DraftdReference *r, guint il)
{
  const DraftdModelConfig *c = &r->config;
  const DraftdRefLayer *w = &r->w.layers[il];
  DraftdRefState *s = &r->s;
  guint D = c->n_embd;
  rmsnorm (s->xb, s->x, w->ffn_norm, D, c->norm_eps);
  matvec (r, s->hb, s->xb, w->w_gate, NULL, D, c->n_ff);
  matvec (r, s->hb2, s->xb, w->w_up, NULL, D, c->n_ff);
  for (guint i = 0; i < c->n_ff; i++) {
    float g = s->hb[i];
    g = c->ffn_act == DRAFTD_FFN_GEGLU ? gelu_tanh (g) : g / (1.0f + expf (-g));
    s->hb[i] = g * s->hb2[i];
  }
  matvec (r, s->xb, s->hb, w->w_down, NULL, c->n_ff, D);
  if (c->post_norms)
    rmsnorm (s->xb, s->xb, w->ffn_post_norm, D, c->norm_eps);
  for (guint i = 0; i < D; i++)
    s->x[i] += s->xb[i];
}

const float *
draftd_reference_forward (DraftdReference *r, gint32 token, guint pos)
{
  const DraftdModelConfig *c = &r->config;
  DraftdRefState *s = &r->s;
  g_return_val_if_fail (pos < r->n_ctx && token >= 0 && (guint) token < c->n_vocab, NULL);
  guint D = c->n_embd;
  for (guint i = 0; i < D; i++)
    s->x[i] = r->w.token_embd[(gsize) token * D + i] * c->embd_scale;
  for (guint il = 0; il < c->n_layer; il++) {
    attention_block (r, il, pos);
    ffn_block (r, il);
  }
  rmsnorm (s->xb, s->x, r->w.output_norm, D, c->norm_eps);
  matvec (r, s->logits, s->xb, r->w.output, NULL, D, c->n_vocab);
  return s->logits;
}

double
draftd_reference_logit_error (const float *logits, const float *ref, guint n)
{
  double scale = 0, diff = 0;
  for (guint k = 0; k < n; k++) {
    scale = MAX (scale, fabs (ref[k]));
    diff = MAX (diff, fabs ((double) logits[k] - ref[k]));
  }
  return diff / MAX (scale, 1e-12);
}
