#include "lib/runtime/forward.h"
#include "lib/vk/vk-staging.h"
#include "lib/runtime/weights.h"
#include <math.h>
#include <string.h>

typedef struct {
  DraftdVkBuffer attn_norm;   /* [D] */
  DraftdMatrix qkv[3];        /* Q|K|V rows; one matrix when the types agree */
  guint n_qkv;
  DraftdVkBuffer qkv_bias;    /* [QKV] (Qwen2) */
  DraftdVkBuffer qk_norm;     /* [2][head_dim]: q_norm, then k_norm (Qwen3, Gemma 3) */
  DraftdMatrix wo;
  DraftdVkBuffer attn_post_norm; /* [D] (Gemma 3) */
  DraftdVkBuffer ffn_norm;    /* [D] */
  DraftdMatrix gate, up, down;
  DraftdVkBuffer ffn_post_norm;  /* [D] (Gemma 3) */
  gboolean swa;               /* attends through the sliding window, with the local RoPE table */
  DraftdVkBuffer k_cache;     /* [n_head_kv*head_dim][ctx_stride] */
  DraftdVkBuffer v_cache;     /* [ctx_stride][n_head_kv*head_dim] */
} LayerState;

#define N_PROFILE_SLOTS 16

struct DraftdRunner {
  DraftdVk *vk;
  const DraftdModel *model;
  DraftdModelConfig cfg;
  DraftdKernels *kernels;     /* the device's, shared with its other models */
  guint n_ctx, n_batch, n_past;
  guint ctx_stride;           /* n_ctx rounded up to 4: cache and score rows are read as vec4 */
  guint32 D, QKV, ATT, F, V;  /* padded activation strides */

  DraftdMatrix token_embd;    /* [n_vocab][n_embd] */
  DraftdMatrix output;        /* [n_vocab][n_embd]; unused when tied */
  DraftdVkBuffer output_norm; /* [D] */
  LayerState *layers;
  DraftdVkBuffer rope;        /* [n_ctx][head_dim/2] (cos, sin), global layers */
  DraftdVkBuffer rope_swa;    /* [n_ctx][head_dim/2] (cos, sin), sliding-window layers */

  DraftdVkBuffer dummy;
  DraftdVkBuffer x;           /* [n_batch][D] residual stream */
  DraftdVkBuffer xb;          /* [n_batch][D] normalized */
  DraftdVkBuffer qkv;         /* [n_batch][QKV] */
  DraftdVkBuffer att;         /* [n_batch][ATT] */
  DraftdVkBuffer hb;          /* [n_batch][F] */
  DraftdVkBuffer scores;      /* [n_head][n_batch][ctx_stride]: scores, then softmax weights */
  DraftdVkBuffer score_sums;  /* [n_head][n_batch] the weights' sums */
  DraftdVkBuffer tokens;      /* [n_batch] host-visible */
  DraftdVkBuffer logits;      /* [n_batch][V] host-visible */
  DraftdVkBuffer ids;         /* [n_batch] host-visible */

  GArray *out_logits;         /* float, [n_out][n_vocab] */
  GArray *out_ids;            /* gint32 */
  gboolean out_have_logits;
  guint64 passes;
  guint last_dispatches;      /* in the last pass */

  gboolean profile;
  VkQueryPool queries;
  guint n_queries;
  const char *profile_names[N_PROFILE_SLOTS];
  double profile_ms[N_PROFILE_SLOTS];
};

static const DraftdMatrix *
output_matrix (const DraftdRunner *r)
{
  return r->cfg.tied_output ? &r->token_embd : &r->output;
}

static gboolean
upload_matrix (DraftdRunner *r, DraftdMatrix *m, const DraftdGgufTensor *t, GError **error)
{
  const DraftdGgufTensor *ts[1] = { t };
  return draftd_matrix_upload (r->vk, m, ts, 1, error);
}

static gboolean
upload_vector (DraftdRunner *r, DraftdVkBuffer *b, const DraftdGgufTensor *t, guint32 padded, GError **error)
{
  const DraftdGgufTensor *ts[1] = { t };
  return draftd_vector_upload (r->vk, b, ts, 1, padded, error);
}

#define N_LAYER_MATRICES 7

/* A layer's matrices: Q|K|V (one, or three when their types differ; unused ones have no
 * parts), O, gate, up, down. */
static void
layer_matrices (const LayerState *l, const DraftdMatrix *ms[N_LAYER_MATRICES])
{
  const DraftdMatrix *all[N_LAYER_MATRICES] = { &l->qkv[0], &l->qkv[1], &l->qkv[2], &l->wo, &l->gate, &l->up, &l->down };
  memcpy (ms, all, sizeof all);
}

/* The matmul and embedding kernels of every weight form this model's matrices have. */
static gboolean
need_kernels (DraftdRunner *r, GError **error)
{
  gboolean need[DRAFTD_N_WTYPES] = { FALSE };
  need[r->token_embd.wtype] = TRUE;
  if (!r->cfg.tied_output)
    need[r->output.wtype] = TRUE;
  for (guint i = 0; i < r->cfg.n_layer; i++) {
    const DraftdMatrix *ms[N_LAYER_MATRICES];
    layer_matrices (&r->layers[i], ms);
    for (guint j = 0; j < N_LAYER_MATRICES; j++)
      if (ms[j]->n_parts > 0)
        need[ms[j]->wtype] = TRUE;
  }
  for (guint t = 0; t < DRAFTD_N_WTYPES; t++)
    if (need[t] && !draftd_kernels_need_wtype (r->kernels, t, error))
      return FALSE;
  return TRUE;
}

static gboolean
upload_layer (DraftdRunner *r, guint i, GError **error)
{
  const DraftdLayerWeights *w = &r->model->layers[i];
  LayerState *l = &r->layers[i];
  const DraftdGgufTensor *qkv[3] = { w->wq, w->wk, w->wv };
  if (!upload_vector (r, &l->attn_norm, w->attn_norm, r->D, error) ||
      !upload_vector (r, &l->ffn_norm, w->ffn_norm, r->D, error))
    return FALSE;
  /* Q, K and V as one matrix (one dispatch) when their types agree. */
  if (w->wq->type == w->wk->type && w->wk->type == w->wv->type) {
    l->n_qkv = 1;
    if (!draftd_matrix_upload (r->vk, &l->qkv[0], qkv, 3, error))
      return FALSE;
  } else {
    l->n_qkv = 3;
    guint32 off = 0;
    for (guint j = 0; j < 3; j++) {
      if (!upload_matrix (r, &l->qkv[j], qkv[j], error))
        return FALSE;
      l->qkv[j].out_offset = off;
      off += l->qkv[j].rows;
    }
  }
  if (r->cfg.qkv_bias) {
    const DraftdGgufTensor *b[3] = { w->bq, w->bk, w->bv };
    if (!draftd_vector_upload (r->vk, &l->qkv_bias, b, 3, r->QKV, error))
      return FALSE;
  }
  if (r->cfg.qk_norm) {
    const DraftdGgufTensor *g[2] = { w->q_norm, w->k_norm };
    if (!draftd_vector_upload (r->vk, &l->qk_norm, g, 2, 2 * r->cfg.head_dim, error))
      return FALSE;
  }
  if (r->cfg.post_norms && (!upload_vector (r, &l->attn_post_norm, w->attn_post_norm, r->D, error) ||
                            !upload_vector (r, &l->ffn_post_norm, w->ffn_post_norm, r->D, error)))
    return FALSE;
  l->swa = draftd_model_layer_is_swa (&r->cfg, i);
  if (w->w_gate->type != w->w_up->type) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_SHAPE,
                 "layer %u: ffn_gate is %s but ffn_up is %s; both must have the same type", i,
                 draftd_ggml_type_name (w->w_gate->type), draftd_ggml_type_name (w->w_up->type));
    return FALSE;
  }
  guint64 cache_bytes = (guint64) r->cfg.n_head_kv * r->cfg.head_dim * r->ctx_stride * 4;
  return upload_matrix (r, &l->wo, w->wo, error) && upload_matrix (r, &l->gate, w->w_gate, error) &&
         upload_matrix (r, &l->up, w->w_up, error) && upload_matrix (r, &l->down, w->w_down, error) &&
         draftd_vk_buffer_init (r->vk, &l->k_cache, cache_bytes, FALSE, error) &&
         draftd_vk_buffer_init (r->vk, &l->v_cache, cache_bytes, FALSE, error);
}

static gboolean
upload_rope_table (DraftdRunner *r, DraftdVkBuffer *buf, gboolean swa, GError **error)
{
  guint half = r->cfg.head_dim / 2;
  g_autofree float *t = g_new (float, (gsize) r->n_ctx * half * 2);
  for (guint pos = 0; pos < r->n_ctx; pos++)
    for (guint j = 0; j < half; j++)
      draftd_model_rope (&r->cfg, swa, pos, j, &t[((gsize) pos * half + j) * 2], &t[((gsize) pos * half + j) * 2 + 1]);
  VkDeviceSize size = (VkDeviceSize) r->n_ctx * half * 8;
  return draftd_vk_buffer_init (r->vk, buf, size, FALSE, error) && draftd_vk_upload (r->vk, buf, 0, t, size, error);
}

static gboolean
upload_rope_tables (DraftdRunner *r, GError **error)
{
  return upload_rope_table (r, &r->rope, FALSE, error) &&
         (r->cfg.n_swa == 0 || upload_rope_table (r, &r->rope_swa, TRUE, error));
}

static gboolean
check_limits (DraftdRunner *r, GError **error)
{
  guint64 limit = r->vk->max_binding;
  guint64 cache = (guint64) r->cfg.n_head_kv * r->cfg.head_dim * r->ctx_stride * 4;
  if (cache > limit || (guint64) r->ctx_stride * r->cfg.head_dim * 4 > limit) {
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT,
                 "a context of %u positions needs %" G_GUINT64_FORMAT " MiB of KV cache per layer, over the device's "
                 "%" G_GUINT64_FORMAT " MiB buffer range: use a smaller context",
                 r->n_ctx, cache >> 20, limit >> 20);
    return FALSE;
  }
  /* The batch shrinks until every per-batch buffer fits one binding. */
  guint32 widest = MAX (MAX (r->D, r->QKV), MAX (r->F, r->V));
  while (r->n_batch > 1 && ((guint64) r->cfg.n_head * r->n_batch * r->ctx_stride * 4 > limit ||
                            (guint64) r->n_batch * widest * 4 > limit))
    r->n_batch /= 2;
  if ((guint64) r->cfg.n_head * r->ctx_stride * 4 > limit || (guint64) widest * 4 > limit) {
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT, "model too wide for the device's buffer range");
    return FALSE;
  }
  return TRUE;
}

static gboolean
alloc_activations (DraftdRunner *r, GError **error)
{
  DraftdVk *vk = r->vk;
  guint64 b = r->n_batch;
  struct {
    DraftdVkBuffer *buf;
    guint64 size;
    gboolean host;
  } bufs[] = {
    { &r->dummy, 16, FALSE },
    { &r->x, b * r->D * 4, FALSE },
    { &r->xb, b * r->D * 4, FALSE },
    { &r->qkv, b * r->QKV * 4, FALSE },
    { &r->att, b * r->ATT * 4, FALSE },
    { &r->hb, b * r->F * 4, FALSE },
    { &r->scores, (guint64) r->cfg.n_head * b * r->ctx_stride * 4, FALSE },
    { &r->score_sums, (guint64) r->cfg.n_head * b * 4, FALSE },
    { &r->tokens, b * 4, TRUE },
    { &r->logits, b * r->V * 4, TRUE },
    { &r->ids, b * 4, TRUE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bufs); i++) {
    if (!draftd_vk_buffer_init (vk, bufs[i].buf, bufs[i].size, bufs[i].host, error))
      return FALSE;
    /* Padding columns must read as zero: kernels never write them. */
    if (!bufs[i].host && !draftd_vk_fill_zero (vk, bufs[i].buf, error))
      return FALSE;
  }
  return TRUE;
}

static gboolean
init_profiling (DraftdRunner *r, GError **error)
{
  if (!r->profile)
    return TRUE;
  if (!r->vk->timestamps) {
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_FAILED, "device '%s' has no timestamp queries", r->vk->name);
    return FALSE;
  }
  r->n_queries = 1024;
  VkQueryPoolCreateInfo qi = {
    .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
    .queryType = VK_QUERY_TYPE_TIMESTAMP,
    .queryCount = r->n_queries,
  };
  return draftd_vk_check (vkCreateQueryPool (r->vk->device, &qi, NULL, &r->queries), "vkCreateQueryPool", error);
}

DraftdRunner *
draftd_runner_new (DraftdVk *vk, const DraftdModel *model, const DraftdRunnerOptions *options, GError **error)
{
  static const DraftdRunnerOptions defaults = { 0 };
  if (options == NULL)
    options = &defaults;
  g_autoptr (DraftdRunner) r = g_new0 (DraftdRunner, 1);
  r->vk = vk;
  r->model = model;
  r->cfg = model->config;
  r->profile = options->profile;
  r->n_ctx = options->n_ctx ? options->n_ctx : MIN (r->cfg.n_ctx_train, 4096u);
  r->ctx_stride = (r->n_ctx + 3u) & ~3u;
  r->n_batch = options->n_batch ? options->n_batch : 64;
  r->n_batch = MIN (r->n_batch, r->n_ctx);
  r->D = draftd_pad32 (r->cfg.n_embd);
  r->QKV = draftd_pad32 ((r->cfg.n_head + 2 * r->cfg.n_head_kv) * r->cfg.head_dim);
  r->ATT = draftd_pad32 (r->cfg.n_head * r->cfg.head_dim);
  r->F = draftd_pad32 (r->cfg.n_ff);
  r->V = draftd_pad32 (r->cfg.n_vocab);
  r->out_logits = g_array_new (FALSE, FALSE, sizeof (float));
  r->out_ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  r->layers = g_new0 (LayerState, r->cfg.n_layer);
  if (!check_limits (r, error) || (r->kernels = draftd_kernels_for_device (vk, error)) == NULL ||
      !alloc_activations (r, error) ||
      !upload_rope_tables (r, error) || !upload_matrix (r, &r->token_embd, model->token_embd, error) ||
      (!r->cfg.tied_output && !upload_matrix (r, &r->output, model->output, error)) ||
      !upload_vector (r, &r->output_norm, model->output_norm, r->D, error) || !init_profiling (r, error))
    return NULL;
  for (guint i = 0; i < r->cfg.n_layer; i++)
    if (!upload_layer (r, i, error))
      return NULL;
  /* The last copies overlap building the kernels; a failed copy is a failed load. The ring's
   * 32 MiB go back until the next load. */
  if (!need_kernels (r, error) || !draftd_vk_upload_wait (vk, error))
    return NULL;
  draftd_vk_staging_free (vk);
  return g_steal_pointer (&r);
}

static void
layer_clear (DraftdVk *vk, LayerState *l)
{
  draftd_vk_buffer_clear (vk, &l->v_cache);
  draftd_vk_buffer_clear (vk, &l->k_cache);
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

void
draftd_runner_free (DraftdRunner *r)
{
  if (r == NULL)
    return;
  DraftdVk *vk = r->vk;
  vkDeviceWaitIdle (vk->device);
  if (r->queries)
    vkDestroyQueryPool (vk->device, r->queries, NULL);
  for (int i = (int) r->cfg.n_layer - 1; r->layers && i >= 0; i--)
    layer_clear (vk, &r->layers[i]);
  g_free (r->layers);
  draftd_vk_buffer_clear (vk, &r->output_norm);
  draftd_matrix_clear (vk, &r->output);
  draftd_matrix_clear (vk, &r->token_embd);
  draftd_vk_buffer_clear (vk, &r->rope_swa);
  draftd_vk_buffer_clear (vk, &r->rope);
  DraftdVkBuffer *bufs[] = { &r->ids,  &r->logits, &r->tokens, &r->score_sums, &r->scores, &r->hb,
                             &r->att,  &r->qkv,    &r->xb,     &r->x,          &r->dummy };
  for (guint i = 0; i < G_N_ELEMENTS (bufs); i++)
    draftd_vk_buffer_clear (vk, bufs[i]);
  g_clear_pointer (&r->out_logits, g_array_unref);
  g_clear_pointer (&r->out_ids, g_array_unref);
  g_free (r);
}

/* ---- recording ---- */

typedef struct {
  DraftdRunner *r;
  VkCommandBuffer cmd;
  guint query;                     /* next timestamp slot */
  guint dispatches;
  guint8 slot_of_query[1024];      /* which profile slot each interval belongs to */
} Recorder;

static guint
profile_slot (DraftdRunner *r, const char *name)
{
  for (guint i = 0; i < N_PROFILE_SLOTS; i++) {
    if (r->profile_names[i] == NULL)
      r->profile_names[i] = name;
    if (r->profile_names[i] == name || g_str_equal (r->profile_names[i], name))
      return i;
  }
  return N_PROFILE_SLOTS - 1;
}

static void
dispatch (Recorder *rec, const DraftdKernel *k, const DraftdBind *binds, const void *push, guint32 push_size,
          guint32 gx, guint32 gy, guint32 gz)
{
  DraftdRunner *r = rec->r;
  draftd_kernel_dispatch (r->vk, rec->cmd, k, &r->dummy, binds, push, push_size, gx, gy, gz);
  rec->dispatches++;
  if (r->profile && rec->query < r->n_queries) {
    /* Name matmul kernels by weight type only: tiles are variants of one kernel. */
    rec->slot_of_query[rec->query] = profile_slot (r, k->name);
    vkCmdWriteTimestamp (rec->cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, r->queries, rec->query++);
  }
}

static guint32
groups (guint32 n, guint32 wg)
{
  return (n + wg - 1) / wg;
}

static void
record_matmul_tokens (Recorder *rec, const DraftdMatrix *m, const DraftdVkBuffer *x, guint32 x_stride,
                      const DraftdVkBuffer *y, guint32 y_stride, guint token0, guint n_tokens, guint32 flags,
                      const DraftdVkBuffer *bias, const DraftdMatrix *m_up)
{
  DraftdRunner *r = rec->r;
  const DraftdKernel *k = &r->kernels->matmul[m->wtype][draftd_kernels_tile_for (n_tokens)];
  for (guint p = 0; p < m->n_parts; p++) {
    const DraftdMatrixPart *part = &m->parts[p];
    const DraftdMatrixPart *up = m_up ? &m_up->parts[p] : NULL;
    DraftdMatmulParams pc = {
      .rows = part->rows,
      .chunks = m->chunks,
      .n_tokens = n_tokens,
      .x_stride = x_stride,
      .y_stride = y_stride,
      .y_offset = m->out_offset + part->row0,
      .flags = flags,
      .bias_offset = m->out_offset + part->row0,
      .token0 = token0,
    };
    DraftdBind b[7] = { { &part->quants }, { part->scales.buffer ? &part->scales : NULL }, { x }, { y }, { bias },
                        { up ? &up->quants : NULL }, { up && up->scales.buffer ? &up->scales : NULL } };
    dispatch (rec, k, b, &pc, sizeof pc, groups (part->rows, r->kernels->wg), 1, 1);
  }
}

/* Whole tiles of the largest size go in one dispatch (the kernel loops over them). A short
 * remainder gets a dispatch with a smaller tile of its own: a verify pass of 8 drafts plus
 * one token would otherwise pay for a second full tile of 8 (on lavapipe a 9-token pass
 * cost as much as a 16-token one). */
static void
record_matmul (Recorder *rec, const DraftdMatrix *m, const DraftdVkBuffer *x, guint32 x_stride, const DraftdVkBuffer *y,
               guint32 y_stride, guint n_tokens, guint32 flags, const DraftdVkBuffer *bias, const DraftdMatrix *m_up)
{
  guint big = draftd_kernels_tile_tokens (DRAFTD_N_TILES - 1);
  guint rest = n_tokens % big;
  guint head = n_tokens;
  if (n_tokens > big && rest > 0 && draftd_kernels_tile_tokens (draftd_kernels_tile_for (rest)) < big)
    head = n_tokens - rest;
  record_matmul_tokens (rec, m, x, x_stride, y, y_stride, 0, head, flags, bias, m_up);
  if (head < n_tokens)
    record_matmul_tokens (rec, m, x, x_stride, y, y_stride, head, n_tokens - head, flags, bias, m_up);
}

/* out[t] = norm(in[token0 + t]) * g, or out[t] += that with add. */
static void
record_rmsnorm (Recorder *rec, const DraftdVkBuffer *in, const DraftdVkBuffer *g, const DraftdVkBuffer *out,
                guint token0, guint n_tokens, gboolean add)
{
  DraftdRunner *r = rec->r;
  DraftdRmsNormParams pc = { r->cfg.n_embd, r->D, token0, r->cfg.norm_eps, add };
  DraftdBind b[3] = { { in }, { g }, { out } };
  dispatch (rec, &r->kernels->rmsnorm, b, &pc, sizeof pc, n_tokens, 1, 1);
}

/* A block's output projection into the residual stream: fused as Y += W·x, or, with post
 * norms (Gemma 3), written to xb and added as x += norm(xb) * g. */
static void
record_residual (Recorder *rec, const DraftdMatrix *m, const DraftdVkBuffer *in, guint32 in_stride,
                 const DraftdVkBuffer *post_norm, guint T)
{
  DraftdRunner *r = rec->r;
  if (!r->cfg.post_norms) {
    record_matmul (rec, m, in, in_stride, &r->x, r->D, T, DRAFTD_MATMUL_ADD, NULL, NULL);
    return;
  }
  record_matmul (rec, m, in, in_stride, &r->xb, r->D, T, 0, NULL, NULL);
  record_rmsnorm (rec, &r->xb, post_norm, &r->x, 0, T, TRUE);
}

static void
record_attention (Recorder *rec, LayerState *l, guint T)
{
  DraftdRunner *r = rec->r;
  const DraftdModelConfig *c = &r->cfg;
  guint32 wg = r->kernels->wg;
  if (c->qk_norm) {
    guint32 n_heads = c->n_head + c->n_head_kv;
    DraftdHeadNormParams hp = { c->head_dim, r->QKV, c->n_head, n_heads, c->norm_eps };
    DraftdBind hb[2] = { { &r->qkv }, { &l->qk_norm } };
    dispatch (rec, &r->kernels->head_norm, hb, &hp, sizeof hp, groups (n_heads, wg), T, 1);
  }
  DraftdRopeParams rp = { T, r->n_past, c->n_head, c->n_head_kv, c->head_dim, r->QKV,
                          c->rope_layout == DRAFTD_ROPE_NEOX, r->ctx_stride };
  guint32 rope_items = (c->n_head + c->n_head_kv) * (c->head_dim / 2) + c->n_head_kv * c->head_dim;
  DraftdBind rb[4] = { { &r->qkv }, { &l->k_cache }, { &l->v_cache }, { l->swa ? &r->rope_swa : &r->rope } };
  dispatch (rec, &r->kernels->rope_kv, rb, &rp, sizeof rp, groups (rope_items, wg), T, 1);

  DraftdAttnParams ap = { T, r->n_past, c->n_head, c->n_head_kv, c->head_dim, r->QKV, r->ctx_stride,
                          c->attn_scale, l->swa ? c->n_swa : 0 };
  DraftdBind sb[3] = { { &r->qkv }, { &l->k_cache }, { &r->scores } };
  guint tile = draftd_kernels_tile_for (T);
  guint token_rows = groups (T, draftd_kernels_attn_tokens (tile));
  dispatch (rec, &r->kernels->attn_scores[tile], sb, &ap, sizeof ap, groups ((r->n_past + T + 3) / 4, wg), token_rows,
            c->n_head);
  DraftdBind smb[2] = { { &r->scores }, { &r->score_sums } };
  dispatch (rec, &r->kernels->attn_softmax, smb, &ap, sizeof ap, groups (T, wg), c->n_head, 1);
  ap.stride = r->ATT;
  DraftdBind vb[4] = { { &r->scores }, { &l->v_cache }, { &r->att }, { &r->score_sums } };
  dispatch (rec, &r->kernels->attn_values[tile], vb, &ap, sizeof ap, groups (c->n_head * c->head_dim / 4, wg), token_rows,
            1);
}

static void
record_layer (Recorder *rec, guint i, guint T)
{
  DraftdRunner *r = rec->r;
  const DraftdModelConfig *c = &r->cfg;
  LayerState *l = &r->layers[i];

  record_rmsnorm (rec, &r->x, &l->attn_norm, &r->xb, 0, T, FALSE);
  for (guint j = 0; j < l->n_qkv; j++)
    record_matmul (rec, &l->qkv[j], &r->xb, r->D, &r->qkv, r->QKV, T, c->qkv_bias ? DRAFTD_MATMUL_BIAS : 0,
                   c->qkv_bias ? &l->qkv_bias : NULL, NULL);
  record_attention (rec, l, T);
  record_residual (rec, &l->wo, &r->att, r->ATT, &l->attn_post_norm, T);

  record_rmsnorm (rec, &r->x, &l->ffn_norm, &r->xb, 0, T, FALSE);
  guint32 act = c->ffn_act == DRAFTD_FFN_GEGLU ? DRAFTD_MATMUL_GEGLU : DRAFTD_MATMUL_SWIGLU;
  record_matmul (rec, &l->gate, &r->xb, r->D, &r->hb, r->F, T, act, NULL, &l->up);
  record_residual (rec, &l->down, &r->hb, r->F, &l->ffn_post_norm, T);
}

static void
record_embed (Recorder *rec, guint T)
{
  DraftdRunner *r = rec->r;
  const DraftdKernel *ek = &r->kernels->embed[r->token_embd.wtype];
  for (guint p = 0; p < r->token_embd.n_parts; p++) {
    const DraftdMatrixPart *part = &r->token_embd.parts[p];
    DraftdEmbedParams ep = { part->rows, part->row0, r->token_embd.chunks, T, r->D };
    DraftdBind b[4] = { { &part->quants }, { part->scales.buffer ? &part->scales : NULL }, { &r->tokens }, { &r->x } };
    dispatch (rec, ek, b, &ep, sizeof ep, groups (r->token_embd.chunks, r->kernels->wg), T, 1);
  }
  if (r->cfg.embd_scale != 1.0f) {
    DraftdScaleParams sp = { r->cfg.n_embd, r->D, r->cfg.embd_scale };
    DraftdBind b[1] = { { &r->x } };
    dispatch (rec, &r->kernels->scale, b, &sp, sizeof sp, groups (r->cfg.n_embd, r->kernels->wg), T, 1);
  }
}

static gboolean
run_pass (DraftdRunner *r, const gint32 *tokens, guint T, guint n_out, gboolean copy_logits, GError **error)
{
  const DraftdModelConfig *c = &r->cfg;
  memcpy (r->tokens.mapped, tokens, T * sizeof (gint32));
  Recorder rec = { r, draftd_vk_begin (r->vk, error), 0, 0, { 0 } };
  if (rec.cmd == VK_NULL_HANDLE)
    return FALSE;
  if (r->profile) {
    vkCmdResetQueryPool (rec.cmd, r->queries, 0, r->n_queries);
    vkCmdWriteTimestamp (rec.cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, r->queries, rec.query++);
  }
  record_embed (&rec, T);
  for (guint i = 0; i < c->n_layer; i++)
    record_layer (&rec, i, T);
  /* A pass whose tokens are all inside a longer prompt needs no output head. */
  if (n_out > 0) {
    record_rmsnorm (&rec, &r->x, &r->output_norm, &r->xb, T - n_out, n_out, FALSE);
    record_matmul (&rec, output_matrix (r), &r->xb, r->D, &r->logits, r->V, n_out, 0, NULL, NULL);
    DraftdArgmaxParams amp = { c->n_vocab, r->V };
    DraftdBind ab[2] = { { &r->logits }, { &r->ids } };
    dispatch (&rec, &r->kernels->argmax, ab, &amp, sizeof amp, n_out, 1, 1);
  }
  VkMemoryBarrier to_host = {
    .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
    .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
    .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
  };
  vkCmdPipelineBarrier (rec.cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &to_host, 0,
                        NULL, 0, NULL);
  guint n_queries = rec.query;
  if (!draftd_vk_submit_wait (r->vk, rec.cmd, error))
    return FALSE;
  r->passes++;
  r->last_dispatches = rec.dispatches;
  r->n_past += T;
  if (r->profile && n_queries > 1) {
    g_autofree guint64 *ts = g_new (guint64, n_queries);
    if (vkGetQueryPoolResults (r->vk->device, r->queries, 0, n_queries, n_queries * 8, ts, 8,
                               VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT) == VK_SUCCESS)
      for (guint q = 1; q < n_queries; q++)
        r->profile_ms[rec.slot_of_query[q]] +=
            (double) (ts[q] - ts[q - 1]) * r->vk->props.limits.timestampPeriod * 1e-6;
  }
  const gint32 *ids = r->ids.mapped;
  g_array_append_vals (r->out_ids, ids, n_out);
  if (copy_logits) {
    for (guint o = 0; o < n_out; o++)
      g_array_append_vals (r->out_logits, (const float *) r->logits.mapped + (gsize) o * r->V, c->n_vocab);
  }
  return TRUE;
}

gboolean
draftd_runner_forward (DraftdRunner *r, const gint32 *tokens, guint n, DraftdForwardFlags flags, GError **error)
{
  return draftd_runner_forward_tail (r, tokens, n, (flags & DRAFTD_FORWARD_ALL) ? n : 1, flags & DRAFTD_FORWARD_ARGMAX_ONLY,
                                     error);
}

gboolean
draftd_runner_forward_tail (DraftdRunner *r, const gint32 *tokens, guint n, guint n_out, DraftdForwardFlags flags,
                            GError **error)
{
  g_return_val_if_fail (n > 0 && n_out >= 1 && n_out <= n, FALSE);
  if (n > r->n_ctx - r->n_past) {
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT,
                 "context full: %u tokens at position %u exceed the context of %u", n, r->n_past, r->n_ctx);
    return FALSE;
  }
  for (guint i = 0; i < n; i++) {
    if (tokens[i] < 0 || (guint) tokens[i] >= r->cfg.n_vocab) {
      g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT, "token id %d is outside the vocabulary", tokens[i]);
      return FALSE;
    }
  }
  r->out_have_logits = !(flags & DRAFTD_FORWARD_ARGMAX_ONLY);
  g_array_set_size (r->out_logits, 0);
  g_array_set_size (r->out_ids, 0);
  guint start = r->n_past, first_out = n - n_out;
  for (guint done = 0; done < n;) {
    guint T = MIN (r->n_batch, n - done);
    /* Outputs are the tail of the whole call, hence the tail of each pass. */
    guint pass_out = done + T > first_out ? done + T - MAX (done, first_out) : 0;
    if (!run_pass (r, tokens + done, T, pass_out, r->out_have_logits, error)) {
      r->n_past = start;
      return FALSE;
    }
    done += T;
  }
  return TRUE;
}

guint
draftd_runner_n_outputs (const DraftdRunner *r)
{
  return r->out_ids->len;
}

const float *
draftd_runner_logits (const DraftdRunner *r, guint i)
{
  g_return_val_if_fail (r->out_have_logits && i < r->out_ids->len, NULL);
  return &g_array_index (r->out_logits, float, (gsize) i * r->cfg.n_vocab);
}

gint32
draftd_runner_argmax (const DraftdRunner *r, guint i)
{
  g_return_val_if_fail (i < r->out_ids->len, -1);
  return g_array_index (r->out_ids, gint32, i);
}

guint draftd_runner_n_past (const DraftdRunner *r) { return r->n_past; }
guint draftd_runner_n_ctx (const DraftdRunner *r) { return r->n_ctx; }
guint draftd_runner_n_batch (const DraftdRunner *r) { return r->n_batch; }
const DraftdModel *draftd_runner_model (const DraftdRunner *r) { return r->model; }
guint64 draftd_runner_passes (const DraftdRunner *r) { return r->passes; }

void
draftd_runner_truncate (DraftdRunner *r, guint n)
{
  /* Cache entries past n are simply overwritten by later passes. */
  g_return_if_fail (n <= r->n_past);
  r->n_past = n;
}

void
draftd_runner_profile_reset (DraftdRunner *r)
{
  memset (r->profile_ms, 0, sizeof r->profile_ms);
}

char *
draftd_runner_profile (const DraftdRunner *r)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < N_PROFILE_SLOTS && r->profile_names[i]; i++)
    g_string_append_printf (s, "%s %.3f\n", r->profile_names[i], r->profile_ms[i]);
  return g_string_free (s, FALSE);
}

guint
draftd_runner_last_dispatches (const DraftdRunner *r)
{
  return r->last_dispatches;
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
draftd_runner_weight_bytes (const DraftdRunner *r)
{
  guint64 n = matrix_bytes (output_matrix (r));
  for (guint i = 0; i < r->cfg.n_layer; i++) {
    const DraftdMatrix *ms[N_LAYER_MATRICES];
    layer_matrices (&r->layers[i], ms);
    for (guint j = 0; j < N_LAYER_MATRICES; j++)
      n += matrix_bytes (ms[j]);
  }
  return n;
}
