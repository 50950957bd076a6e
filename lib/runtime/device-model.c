#include "lib/runtime/device-model.h"
#include "lib/vk/vk-staging.h"
#include <string.h>

const DraftdMatrix *
draftd_device_model_output (const DraftdDeviceModel *w)
{
  return w->cfg.tied_output ? &w->token_embd : &w->output;
}

static gboolean
upload_matrix (DraftdDeviceModel *w, DraftdMatrix *m, const DraftdGgufTensor *t, GError **error)
{
  const DraftdGgufTensor *ts[1] = { t };
  return draftd_matrix_upload (w->vk, m, ts, 1, error);
}

static gboolean
upload_vector (DraftdDeviceModel *w, DraftdVkBuffer *b, const DraftdGgufTensor *t, guint32 padded, GError **error)
{
  const DraftdGgufTensor *ts[1] = { t };
  return draftd_vector_upload (w->vk, b, ts, 1, padded, error);
}

#define N_LAYER_MATRICES 7

/* A layer's matrices: Q|K|V (one, or three when their types differ; unused ones have no
 * parts), O, gate, up, down. */
static void
layer_matrices (const DraftdDeviceLayer *l, const DraftdMatrix *ms[N_LAYER_MATRICES])
{
  const DraftdMatrix *all[N_LAYER_MATRICES] = { &l->qkv[0], &l->qkv[1], &l->qkv[2], &l->wo, &l->gate, &l->up, &l->down };
  memcpy (ms, all, sizeof all);
}

/* The matmul and embedding kernels of every weight form this model's matrices have. */
static gboolean
need_kernels (DraftdDeviceModel *w, GError **error)
{
  gboolean need[DRAFTD_N_WTYPES] = { FALSE };
  need[w->token_embd.wtype] = TRUE;
  if (!w->cfg.tied_output)
    need[w->output.wtype] = TRUE;
  for (guint i = 0; i < w->cfg.n_layer; i++) {
    const DraftdMatrix *ms[N_LAYER_MATRICES];
    layer_matrices (&w->layers[i], ms);
    for (guint j = 0; j < N_LAYER_MATRICES; j++)
      if (ms[j]->n_parts > 0)
        need[ms[j]->wtype] = TRUE;
  }
  for (guint t = 0; t < DRAFTD_N_WTYPES; t++)
    if (need[t] && !draftd_kernels_need_wtype (w->kernels, t, error))
      return FALSE;
  return TRUE;
}

gboolean
draftd_device_model_need_norm_kernels (DraftdDeviceModel *w, GError **error)
{
  for (guint i = 0; i < w->cfg.n_layer; i++) {
    const DraftdDeviceLayer *l = &w->layers[i];
    for (guint j = 0; j < l->n_qkv; j++)
      if (!draftd_kernels_need_norm (w->kernels, l->qkv[j].wtype, error))
        return FALSE;
    if (!draftd_kernels_need_norm (w->kernels, l->gate.wtype, error))
      return FALSE;
  }
  return TRUE;
}

static gboolean
upload_layer (DraftdDeviceModel *w, guint i, GError **error)
{
  const DraftdLayerWeights *lw = &w->model->layers[i];
  DraftdDeviceLayer *l = &w->layers[i];
  const DraftdGgufTensor *qkv[3] = { lw->wq, lw->wk, lw->wv };
  if (!upload_vector (w, &l->attn_norm, lw->attn_norm, w->D, error) ||
      !upload_vector (w, &l->ffn_norm, lw->ffn_norm, w->D, error))
    return FALSE;
  /* Q, K and V as one matrix (one dispatch) when their types agree. */
  if (lw->wq->type == lw->wk->type && lw->wk->type == lw->wv->type) {
    l->n_qkv = 1;
    if (!draftd_matrix_upload (w->vk, &l->qkv[0], qkv, 3, error))
      return FALSE;
  } else {
    l->n_qkv = 3;
    guint32 off = 0;
    for (guint j = 0; j < 3; j++) {
      if (!upload_matrix (w, &l->qkv[j], qkv[j], error))
        return FALSE;
      l->qkv[j].out_offset = off;
      off += l->qkv[j].rows;
    }
  }
  if (w->cfg.qkv_bias) {
    const DraftdGgufTensor *b[3] = { lw->bq, lw->bk, lw->bv };
    if (!draftd_vector_upload (w->vk, &l->qkv_bias, b, 3, w->QKV, error))
      return FALSE;
  }
  if (w->cfg.qk_norm) {
    const DraftdGgufTensor *g[2] = { lw->q_norm, lw->k_norm };
    if (!draftd_vector_upload (w->vk, &l->qk_norm, g, 2, 2 * w->cfg.head_dim, error))
      return FALSE;
  }
  if (w->cfg.post_norms && (!upload_vector (w, &l->attn_post_norm, lw->attn_post_norm, w->D, error) ||
                            !upload_vector (w, &l->ffn_post_norm, lw->ffn_post_norm, w->D, error)))
    return FALSE;
  l->swa = draftd_model_layer_is_swa (&w->cfg, i);
  if (lw->w_gate->type != lw->w_up->type) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_SHAPE,
                 "layer %u: ffn_gate is %s but ffn_up is %s; both must have the same type", i,
                 draftd_ggml_type_name (lw->w_gate->type), draftd_ggml_type_name (lw->w_up->type));
    return FALSE;
  }
  return upload_matrix (w, &l->wo, lw->wo, error) && upload_matrix (w, &l->gate, lw->w_gate, error) &&
         upload_matrix (w, &l->up, lw->w_up, error) && upload_matrix (w, &l->down, lw->w_down, error);
}

static void
layer_clear (DraftdVk *vk, DraftdDeviceLayer *l)
{
  draftd_vk_buffer_clear (vk, &l->ffn_post_norm);
  draftd_matrix_clear (vk, &l->down);
  draftd_matrix_clear (vk, &l->up);
  draftd_matrix_clear (vk, &l->gate);
  draftd_vk_buffer_clear (vk, &l->attn_post_norm);
  draftd_matrix_clear (vk, &l->wo);
  draftd_vk_buffer_clear (vk, &l->qk_norm);
  draftd_vk_buffer_clear (vk, &l->qkv_bias);
  for (int j = 2; j >= 0; j--)
    draftd_matrix_clear (vk, &l->qkv[j]);
  draftd_vk_buffer_clear (vk, &l->ffn_norm);
  draftd_vk_buffer_clear (vk, &l->attn_norm);
}

static guint64
matrix_bytes (const DraftdMatrix *m)
{
  guint64 n = 0;
  for (guint p = 0; p < m->n_parts; p++)
    n += m->parts[p].quants.size + m->parts[p].scales.size;
  return n;
}

guint64
draftd_device_model_weight_bytes (const DraftdDeviceModel *w)
{
  guint64 by_form[DRAFTD_N_WTYPES], n = 0;
  draftd_device_model_weight_bytes_by_form (w, by_form);
  for (guint t = 0; t < DRAFTD_N_WTYPES; t++)
    n += by_form[t];
  return n;
}

void
draftd_device_model_weight_bytes_by_form (const DraftdDeviceModel *w, guint64 out[DRAFTD_N_WTYPES])
{
  memset (out, 0, sizeof (guint64) * DRAFTD_N_WTYPES);
  const DraftdMatrix *head = draftd_device_model_output (w);
  out[head->wtype] += matrix_bytes (head);
  for (guint i = 0; i < w->cfg.n_layer; i++) {
    const DraftdMatrix *ms[N_LAYER_MATRICES];
    layer_matrices (&w->layers[i], ms);
    for (guint j = 0; j < N_LAYER_MATRICES; j++)
      out[ms[j]->wtype] += matrix_bytes (ms[j]);
  }
}

DraftdDeviceModel *
draftd_device_model_new (DraftdVk *vk, const DraftdModel *model)
{
  DraftdDeviceModel *w = g_atomic_rc_box_new0 (DraftdDeviceModel);
  w->vk = vk;
  w->model = model;
  w->cfg = model->config;
  w->D = draftd_pad32 (w->cfg.n_embd);
  w->QKV = draftd_pad32 ((w->cfg.n_head + 2 * w->cfg.n_head_kv) * w->cfg.head_dim);
  w->ATT = draftd_pad32 (w->cfg.n_head * w->cfg.head_dim);
  w->F = draftd_pad32 (w->cfg.n_ff);
  w->V = draftd_pad32 (w->cfg.n_vocab);
  w->layers = g_new0 (DraftdDeviceLayer, w->cfg.n_layer);
  return w;
}

gboolean
draftd_device_model_upload (DraftdDeviceModel *w, GError **error)
{
  const DraftdModel *model = w->model;
  if ((w->kernels = draftd_kernels_for_device (w->vk, error)) == NULL ||
      !upload_matrix (w, &w->token_embd, model->token_embd, error) ||
      (!w->cfg.tied_output && !upload_matrix (w, &w->output, model->output, error)) ||
      !upload_vector (w, &w->output_norm, model->output_norm, w->D, error))
    return FALSE;
  w->heads = draftd_heads_new (model);
  for (guint i = 0; i < w->cfg.n_layer; i++)
    if (!upload_layer (w, i, error))
      return FALSE;
  /* The last copies overlap building the kernels; a failed copy is a failed load. The ring's
   * 32 MiB go back until the next load. */
  if (!need_kernels (w, error) || !draftd_vk_upload_wait (w->vk, error))
    return FALSE;
  draftd_vk_staging_free (w->vk);
  return TRUE;
}

DraftdDeviceModel *
draftd_device_model_ref (DraftdDeviceModel *w)
{
  return g_atomic_rc_box_acquire (w);
}

static void
device_model_clear (gpointer data)
{
  DraftdDeviceModel *w = data;
  DraftdVk *vk = w->vk;
  for (int i = (int) w->cfg.n_layer - 1; w->layers && i >= 0; i--)
    layer_clear (vk, &w->layers[i]);
  g_free (w->layers);
  draftd_vk_buffer_clear (vk, &w->output_norm);
  draftd_matrix_clear (vk, &w->output);
  draftd_matrix_clear (vk, &w->token_embd);
  g_clear_pointer (&w->heads, draftd_heads_free);
}

void
draftd_device_model_unref (DraftdDeviceModel *w)
{
  if (w != NULL)
    g_atomic_rc_box_release_full (w, device_model_clear);
}
