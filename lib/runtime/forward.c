#include "lib/runtime/forward.h"
#include "lib/runtime/device-model.h"
#include "lib/runtime/kv-cache.h"
#include "lib/vk/vk-staging.h"
#include <math.h>
#include <string.h>

#define N_PROFILE_SLOTS 16

/* A KV copy waiting for the next pass (draftd_runner_seq_copy). */
typedef struct {
  guint src, dst, n;
} KvCopy;

/* The run state of a model: its KV cache of several sequences, the activations of one pass
 * and the outputs of the last call. The weights (r->w) are only read. */
struct DraftdRunner {
  DraftdVk *vk;
  const DraftdModel *model;
  DraftdDeviceModel *w;       /* weights on the device */
  DraftdModelConfig cfg;
  DraftdKernels *kernels;     /* the device's, shared with its other models */
  guint n_batch;
  guint32 D, QKV, ATT, F, V;  /* padded activation strides (the weights') */

  DraftdKvCache kv;           /* a slot per sequence */
  /* [n_seq], atomic: the sequence is in the pass under way. The per-sequence calls
   * (draftd_runner_seq_*) may come from another thread than the pass's, for a sequence the
   * pass does not hold (forward.h); these flags make a call that breaks that a warning. */
  gint *in_pass;
  /* KV copies asked for since the last pass (KvCopy): they run at the start of the next pass,
   * in order, in its command buffer. A lane asks from its own thread while the loop's thread
   * may be recording a pass, so `copy_lock` guards the list. */
  GMutex copy_lock;
  GArray *pending_copies;
  DraftdVkBuffer rope;        /* [max_cap][head_dim/2] (cos, sin), global layers */
  DraftdVkBuffer rope_swa;    /* [max_cap][head_dim/2] (cos, sin), sliding-window layers */

  DraftdVkBuffer dummy;
  DraftdVkBuffer x;           /* [n_batch][D] residual stream */
  DraftdVkBuffer xb;          /* [n_batch][D] normalized */
  DraftdVkBuffer qkv;         /* [n_batch][QKV] */
  DraftdVkBuffer att;         /* [n_batch][ATT] */
  DraftdVkBuffer hb;          /* [n_batch][F] */
  DraftdVkBuffer scores;      /* [n_head][n_batch][max_cap]: scores, then softmax weights */
  DraftdVkBuffer score_sums;  /* [n_head][n_batch] the weights' sums */
  DraftdVkBuffer attn_parts;  /* [n_head][n_batch][splits][head_dim + 2] attn_flash's partial
                               * results of split keys (flash only; scores and sums: not) */
  DraftdVkBuffer q8x;         /* [n_batch][max stride / 32][4] uvec4: a matmul's X as 16-bit
                               * blocks in two int8 planes (the integer-dot kernels, vk->int_dot only) */
  DraftdVkBuffer q8m;         /* [n_batch][max stride / 32] vec4: each block's d and sums */
  DraftdVkBuffer tokens;      /* [n_batch] host-visible */
  DraftdVkBuffer token_pos_host; /* [n_batch] DraftdTokenPos, host-visible: written per pass */
  DraftdVkBuffer token_pos;   /* its copy on the device: every attention kernel of every
                               * layer reads it, which a discrete GPU should not do over PCIe */
  DraftdVkBuffer out_rows;    /* [n_batch] the pass's tokens that give outputs, host-visible */
  DraftdVkBuffer logits;      /* [n_batch][V] host-visible */
  DraftdVkBuffer ids;         /* [n_batch] host-visible */
  DraftdVkBuffer hidden;      /* [n_batch][D] host-visible: the outputs' final hidden states,
                               * for the proposal heads (a model with heads only) */

  GArray *out_logits;         /* float, [n_out][n_vocab] */
  GArray *out_ids;            /* gint32 */
  GArray *out_hidden;         /* float, [n_out][n_embd] (keep_hidden) */
  gboolean keep_hidden;       /* a model with heads, or options.hidden */
  gboolean out_have_logits;
  guint64 passes;
  guint last_dispatches;      /* in the last pass */

  gboolean fuse_norm;         /* the norms before QKV and gate/up run inside those matmuls */
  gboolean flash;             /* attention in attn_flash (+ attn_combine): the GPU kernels */
  gboolean profile;
  VkQueryPool queries;
  guint n_queries;
  const char *profile_names[N_PROFILE_SLOTS];
  double profile_ms[N_PROFILE_SLOTS];
};

static gboolean
upload_rope_table (DraftdRunner *r, DraftdVkBuffer *buf, gboolean swa, GError **error)
{
  guint half = r->cfg.head_dim / 2, n_pos = r->kv.max_cap;
  g_autofree float *t = g_new (float, (gsize) n_pos * half * 2);
  for (guint pos = 0; pos < n_pos; pos++)
    for (guint j = 0; j < half; j++)
      draftd_model_rope (&r->cfg, swa, pos, j, &t[((gsize) pos * half + j) * 2], &t[((gsize) pos * half + j) * 2 + 1]);
  VkDeviceSize size = (VkDeviceSize) n_pos * half * 8;
  return draftd_vk_buffer_init (r->vk, buf, size, FALSE, error) && draftd_vk_upload (r->vk, buf, 0, t, size, error);
}

static gboolean
upload_rope_tables (DraftdRunner *r, GError **error)
{
  return upload_rope_table (r, &r->rope, FALSE, error) &&
         (r->cfg.n_swa == 0 || upload_rope_table (r, &r->rope_swa, TRUE, error));
}

/* Before anything is allocated: the cache of all slots must fit one binding per layer. */
static gboolean
check_limits (DraftdRunner *r, guint n_seq, guint n_full, guint cap0, guint cap, GError **error)
{
  guint64 limit = r->vk->max_binding;
  guint64 cache = draftd_kv_cache_layer_bytes (r->cfg.n_head_kv * r->cfg.head_dim, n_seq, n_full, cap0, cap);
  guint64 max_cap = (MAX (cap0, cap) + 3u) & ~3u;
  if (cache > limit || max_cap * r->cfg.head_dim * 4 > limit) {
    g_autofree char *more =
        n_seq > 1 ? g_strdup_printf (" and %u more sequences of %u", n_seq - 1, cap) : g_strdup ("");
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT,
                 "a context of %u positions%s needs %" G_GUINT64_FORMAT " MiB of KV cache per layer, over the "
                 "device's %" G_GUINT64_FORMAT " MiB buffer range: use a smaller context",
                 cap0, more, cache >> 20, limit >> 20);
    return FALSE;
  }
  /* The batch shrinks until every per-batch buffer fits one binding. */
  guint32 widest = MAX (MAX (r->D, r->QKV), MAX (r->F, r->V));
  while (r->n_batch > 1 && ((guint64) r->cfg.n_head * r->n_batch * max_cap * 4 > limit ||
                            (guint64) r->n_batch * widest * 4 > limit))
    r->n_batch /= 2;
  if ((guint64) r->cfg.n_head * max_cap * 4 > limit || (guint64) widest * 4 > limit) {
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
  /* Each path's scratch only: the other's is a 16-byte placeholder. */
  guint64 scores = r->flash ? 16 : (guint64) r->cfg.n_head * b * r->kv.max_cap * 4;
  guint64 sums = r->flash ? 16 : (guint64) r->cfg.n_head * b * 4;
  guint64 q8_blocks = r->vk->int_dot ? b * MAX (MAX (r->D, r->ATT), r->F) / 32 : 1;
  guint64 parts = r->flash ? (guint64) r->cfg.n_head * b * draftd_kernels_attn_splits (r->kv.max_cap) *
                                 (r->cfg.head_dim + 2) * 4
                           : 16;
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
    { &r->scores, scores, FALSE },
    { &r->score_sums, sums, FALSE },
    { &r->attn_parts, parts, FALSE },
    { &r->q8x, q8_blocks * 64, FALSE },
    { &r->q8m, q8_blocks * 16, FALSE },
    { &r->tokens, b * 4, TRUE },
    { &r->token_pos_host, b * sizeof (DraftdTokenPos), TRUE },
    { &r->token_pos, b * sizeof (DraftdTokenPos), FALSE },
    { &r->out_rows, b * 4, TRUE },
    { &r->logits, b * r->V * 4, TRUE },
    { &r->ids, b * 4, TRUE },
    { &r->hidden, r->keep_hidden ? b * r->D * 4 : 16, TRUE },
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

/* The weights' upload (or, when they are another runner's, the RoPE tables' alone) ends
 * with the staging ring's copies; its 32 MiB go back until the next load. */
static gboolean
upload_weights (DraftdRunner *r, GError **error)
{
  if (r->w->kernels == NULL)
    return draftd_device_model_upload (r->w, error);
  if (!draftd_vk_upload_wait (r->vk, error))
    return FALSE;
  draftd_vk_staging_free (r->vk);
  return TRUE;
}

/* As DRAFTD_LOADS is read (vk-device.c): the setting, else the device type's default. */
static gboolean
fuse_norm (const DraftdVk *vk, DraftdNormPlace norm)
{
  if (norm != DRAFTD_NORM_AUTO)
    return norm == DRAFTD_NORM_FUSED;
  const char *env = g_getenv ("DRAFTD_NORM");
  return g_strcmp0 (env, "fused") == 0 ||
         (g_strcmp0 (env, "apart") != 0 && vk->props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU);
}

/* A run state over weights `w` (a reference it takes), uploading them unless they are. */
static DraftdRunner *
runner_new (DraftdDeviceModel *w, const DraftdRunnerOptions *options, GError **error)
{
  static const DraftdRunnerOptions defaults = { 0 };
  if (options == NULL)
    options = &defaults;
  g_autoptr (DraftdRunner) r = g_new0 (DraftdRunner, 1);
  DraftdVk *vk = r->vk = w->vk;
  r->model = w->model;
  r->w = w;
  r->cfg = w->cfg;
  r->profile = options->profile;
  r->keep_hidden = options->hidden || w->model->n_heads > 0;
  r->fuse_norm = fuse_norm (vk, options->norm);
  r->flash = vk->gpu_kernels && r->cfg.head_dim <= DRAFTD_FLASH_MAX_HEAD_DIM;
  guint n_ctx = options->n_ctx ? options->n_ctx : MIN (r->cfg.n_ctx_train, 4096u);
  guint n_seq = MAX (options->n_seq, 1u);
  guint seq_ctx = options->seq_ctx ? MIN (options->seq_ctx, MAX (n_ctx, r->cfg.n_ctx_train)) : n_ctx;
  r->n_batch = options->n_batch ? options->n_batch : 64;
  r->n_batch = MIN (r->n_batch, MAX (n_ctx, n_seq > 1 ? seq_ctx : 0u));
  r->D = r->w->D;
  r->QKV = r->w->QKV;
  r->ATT = r->w->ATT;
  r->F = r->w->F;
  r->V = r->w->V;
  r->out_logits = g_array_new (FALSE, FALSE, sizeof (float));
  r->out_ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  r->out_hidden = g_array_new (FALSE, FALSE, sizeof (float));
  r->in_pass = g_new0 (gint, MAX (n_seq, 1u));
  g_mutex_init (&r->copy_lock);
  r->pending_copies = g_array_new (FALSE, FALSE, sizeof (KvCopy));
  if (!check_limits (r, n_seq, options->n_seq_full, n_ctx, seq_ctx, error) ||
      !draftd_kv_cache_init (&r->kv, vk, r->cfg.n_layer, r->cfg.n_head_kv * r->cfg.head_dim, n_seq, options->n_seq_full,
                             n_ctx, seq_ctx, error) ||
      !alloc_activations (r, error) || !upload_rope_tables (r, error) || !init_profiling (r, error) ||
      !upload_weights (r, error) || (r->fuse_norm && !draftd_device_model_need_norm_kernels (r->w, error)))
    return NULL;
  r->kernels = r->w->kernels;
  return g_steal_pointer (&r);
}

DraftdRunner *
draftd_runner_new (DraftdVk *vk, const DraftdModel *model, const DraftdRunnerOptions *options, GError **error)
{
  return runner_new (draftd_device_model_new (vk, model), options, error);
}

DraftdRunner *
draftd_runner_new_sharing (DraftdRunner *other, const DraftdRunnerOptions *options, GError **error)
{
  return runner_new (draftd_device_model_ref (other->w), options, error);
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
  g_clear_pointer (&r->w, draftd_device_model_unref);
  draftd_kv_cache_clear (&r->kv, vk);
  draftd_vk_buffer_clear (vk, &r->rope_swa);
  draftd_vk_buffer_clear (vk, &r->rope);
  DraftdVkBuffer *bufs[] = { &r->hidden, &r->ids,    &r->logits,     &r->out_rows, &r->token_pos, &r->token_pos_host,
                             &r->tokens, &r->q8m,    &r->q8x,        &r->attn_parts, &r->score_sums, &r->scores, &r->hb, &r->att,
                             &r->qkv,    &r->xb,         &r->x,        &r->dummy };
  for (guint i = 0; i < G_N_ELEMENTS (bufs); i++)
    draftd_vk_buffer_clear (vk, bufs[i]);
  g_clear_pointer (&r->out_logits, g_array_unref);
  g_clear_pointer (&r->out_hidden, g_array_unref);
  g_clear_pointer (&r->out_ids, g_array_unref);
  g_free (r->in_pass);
  g_clear_pointer (&r->pending_copies, g_array_unref);
  g_mutex_clear (&r->copy_lock);
  g_free (r);
}

/* ---- recording ---- */

typedef struct {
  DraftdRunner *r;
  VkCommandBuffer cmd;
  guint query;                     /* next timestamp slot */
  guint dispatches;
  guint attn_tile;                 /* the CPU attention kernels' token tile (pass_attn_tile) */
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

/* A matmul's operands: Y[t] (op)= W·X[t] (flags: DRAFTD_MATMUL_*), with the up matrix of a
 * gate/up pair and a bias where given; with norm, X[t] is the residual stream and the
 * kernel RMS-norms it with these gains as it reads it (the fused norm). */
typedef struct {
  const DraftdVkBuffer *x, *y;
  guint32 x_stride, y_stride, flags;
  const DraftdVkBuffer *bias, *norm;
  const DraftdMatrix *up;
  /* The previous matmul read this X in this pass (QKV's parts): integer-dot kernels reuse its
   * quantized copy. */
  gboolean same_x;
} MatmulOps;

/* Tokens token0 .. token0 + n_tokens - 1 through kernel `texel` or `plain` (the texel-view
 * build where every buffer has a view), each part of the matrix in its own dispatch of
 * ceil(rows / wg_rows) x token_tiles workgroups. */
static void
record_matmul_parts (Recorder *rec, const DraftdMatrix *m, const MatmulOps *o, guint token0, guint n_tokens,
                     const DraftdKernel *texel, const DraftdKernel *plain, guint32 wg_rows, guint32 token_tiles)
{
  DraftdRunner *r = rec->r;
  for (guint p = 0; p < m->n_parts; p++) {
    const DraftdMatrixPart *part = &m->parts[p];
    const DraftdMatrixPart *up = o->up ? &o->up->parts[p] : NULL;
    DraftdMatmulParams pc = {
      .rows = part->rows,
      .chunks = m->chunks,
      .n_tokens = n_tokens,
      .x_stride = o->x_stride,
      .y_stride = o->y_stride,
      .y_offset = m->out_offset + part->row0,
      .flags = o->flags,
      .bias_offset = m->out_offset + part->row0,
      .token0 = token0,
      .norm_n = r->cfg.n_embd,
      .norm_eps = r->cfg.norm_eps,
    };
    DraftdBind b[8] = { { &part->quants }, { part->scales.buffer ? &part->scales : NULL }, { o->x }, { o->y },
                        { o->bias }, { up ? &up->quants : NULL }, { up && up->scales.buffer ? &up->scales : NULL },
                        { o->norm } };
    dispatch (rec, draftd_kernel_pick (texel, plain, b), b, &pc, sizeof pc, groups (part->rows, wg_rows), token_tiles,
              1);
  }
}

static void
record_matmul_tokens (Recorder *rec, const DraftdMatrix *m, const MatmulOps *o, guint token0, guint n_tokens)
{
  guint tile = draftd_kernels_tile_for (n_tokens);
  const DraftdKernels *ks = rec->r->kernels;
  guint t = m->wtype;
  const DraftdKernel *texel = o->norm ? &ks->matmul_norm_tx[t][tile] : &ks->matmul_tx[t][tile];
  const DraftdKernel *plain = o->norm ? &ks->matmul_norm[t][tile] : &ks->matmul[t][tile];
  record_matmul_parts (rec, m, o, token0, n_tokens, texel, plain, ks->wg, 1);
}

/* The integer-dot kernels (a vk->int_dot device, an integer weight form): X quantized to 16-bit
 * blocks (two int8 planes) once (normed on the way where the matmul fuses the norm; the previous matmul's copy
 * where it read the same X), then the matrix-vector kernel of 8 tokens for whole tiles and
 * of the smallest tile that holds the rest. Every token gets the same bits in any batch. */
static void
record_matmul_dot (Recorder *rec, const DraftdMatrix *m, const MatmulOps *o, guint n_tokens)
{
  DraftdRunner *r = rec->r;
  const DraftdKernels *ks = r->kernels;
  guint t = m->wtype;
  if (!o->same_x) {
    guint32 values = m->chunks * draftd_wtype_values_per_chunk (t);
    DraftdQuantParams qp = { (values + 31) / 32, o->x_stride, o->norm != NULL, r->cfg.n_embd, r->cfg.norm_eps };
    DraftdBind qb[4] = { { o->x }, { o->norm }, { &r->q8x }, { &r->q8m } };
    dispatch (rec, &ks->quant_q8, qb, &qp, sizeof qp, 1, n_tokens, 1);
  }
  MatmulOps q = *o;
  q.x = &r->q8x;
  q.norm = &r->q8m;  /* binding 7: the blocks' d and sums (the kernel has no NORM) */
  guint whole = n_tokens / DRAFTD_GEMM_TILE * DRAFTD_GEMM_TILE;
  if (whole > 0) {
    const DraftdKernel *k = &ks->gemv_dot[t][draftd_kernels_tile_for (DRAFTD_GEMM_TILE)];
    record_matmul_parts (rec, m, &q, 0, whole, k, k, k->wg_rows, whole / k->tile_tokens);
  }
  if (whole < n_tokens) {
    const DraftdKernel *k = &ks->gemv_dot[t][draftd_kernels_tile_for (n_tokens - whole)];
    record_matmul_parts (rec, m, &q, whole, n_tokens - whole, k, k, k->wg_rows, 1);
  }
}

/* The GPU family (vk->gpu_kernels): whole tiles of DRAFTD_GEMM_TILE tokens through the tiled
 * kernel (the matrix-vector kernel of that tile where the device's shared memory cannot hold
 * its X tile), the rest, or a pass of fewer tokens, through the matrix-vector kernel of the
 * smallest tile that holds them. Every one of them gives a token the same bits. */
static void
record_matmul_gpu (Recorder *rec, const DraftdMatrix *m, const MatmulOps *o, guint n_tokens)
{
  const DraftdKernels *ks = rec->r->kernels;
  guint t = m->wtype;
  if (ks->gemv_dot[t][0].pipeline != VK_NULL_HANDLE) {
    record_matmul_dot (rec, m, o, n_tokens);
    return;
  }
  guint whole = n_tokens / DRAFTD_GEMM_TILE * DRAFTD_GEMM_TILE;
  if (whole > 0) {
    const DraftdKernel *k = o->norm ? &ks->gemm_norm[t] : &ks->gemm[t];
    if (k->pipeline == VK_NULL_HANDLE || !rec->r->vk->tiled_gemm) {
      guint tile = draftd_kernels_tile_for (DRAFTD_GEMM_TILE);
      k = o->norm ? &ks->gemv_norm[t][tile] : &ks->gemv[t][tile];
    }
    record_matmul_parts (rec, m, o, 0, whole, k, k, k->wg_rows, whole / k->tile_tokens);
  }
  if (whole < n_tokens) {
    guint tile = draftd_kernels_tile_for (n_tokens - whole);
    const DraftdKernel *k = o->norm ? &ks->gemv_norm[t][tile] : &ks->gemv[t][tile];
    record_matmul_parts (rec, m, o, whole, n_tokens - whole, k, k, k->wg_rows, 1);
  }
}

/* Whole tiles of the largest size go in one dispatch (the kernel loops over them). A short
 * remainder gets a dispatch with a smaller tile of its own: a verify pass of 8 drafts plus
 * one token would otherwise pay for a second full tile of 8 (on lavapipe a 9-token pass
 * cost as much as a 16-token one). */
static void
record_matmul (Recorder *rec, const DraftdMatrix *m, const MatmulOps *o, guint n_tokens)
{
  if (rec->r->vk->gpu_kernels) {
    record_matmul_gpu (rec, m, o, n_tokens);
    return;
  }
  guint big = draftd_kernels_tile_tokens (DRAFTD_N_TILES - 1);
  guint rest = n_tokens % big;
  guint head = n_tokens;
  if (n_tokens > big && rest > 0 && draftd_kernels_tile_tokens (draftd_kernels_tile_for (rest)) < big)
    head = n_tokens - rest;
  record_matmul_tokens (rec, m, o, 0, head);
  if (head < n_tokens)
    record_matmul_tokens (rec, m, o, head, n_tokens - head);
}

/* out[t] = norm(in[token0 + t]) * g, or out[t] += that with add. */
static void
record_rmsnorm (Recorder *rec, const DraftdVkBuffer *in, const DraftdVkBuffer *g, const DraftdVkBuffer *out,
                guint token0, guint n_tokens, gboolean add)
{
  DraftdRunner *r = rec->r;
  DraftdRmsNormParams pc = { r->cfg.n_embd, r->D, token0, r->cfg.norm_eps, add, FALSE };
  DraftdBind b[4] = { { in }, { g }, { out }, { NULL } };
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
    record_matmul (rec, m,
                   &(MatmulOps) { .x = in, .y = &r->x, .x_stride = in_stride, .y_stride = r->D,
                                  .flags = DRAFTD_MATMUL_ADD },
                   T);
    return;
  }
  record_matmul (rec, m, &(MatmulOps) { .x = in, .y = &r->xb, .x_stride = in_stride, .y_stride = r->D }, T);
  record_rmsnorm (rec, &r->xb, post_norm, &r->x, 0, T, TRUE);
}

/* Attention in three dispatches shaped for a CPU device: scores, softmax, values. */
static void
record_attn_cpu (Recorder *rec, guint i, guint T, guint max_keys)
{
  DraftdRunner *r = rec->r;
  const DraftdDeviceLayer *l = &r->w->layers[i];
  const DraftdVkBuffer *k_cache = &r->kv.k[i], *v_cache = &r->kv.v[i];
  const DraftdModelConfig *c = &r->cfg;
  guint32 wg = r->kernels->wg;
  DraftdAttnParams ap = { T, c->n_head, c->n_head_kv, c->head_dim, r->QKV, r->kv.max_cap, r->kv.stride,
                          c->attn_scale, l->swa ? c->n_swa : 0 };
  DraftdBind sb[4] = { { &r->qkv }, { k_cache }, { &r->scores }, { &r->token_pos } };
  guint tile = rec->attn_tile;
  guint token_rows = groups (T, draftd_kernels_attn_tokens (tile));
  const DraftdKernel *scores =
      draftd_kernel_pick (&r->kernels->attn_scores_tx[tile], &r->kernels->attn_scores[tile], sb);
  dispatch (rec, scores, sb, &ap, sizeof ap, groups ((max_keys + 3) / 4, wg), token_rows,
            c->n_head);
  DraftdBind smb[3] = { { &r->scores }, { &r->score_sums }, { &r->token_pos } };
  dispatch (rec, &r->kernels->attn_softmax, smb, &ap, sizeof ap, groups (T, wg), c->n_head, 1);
  ap.stride = r->ATT;
  DraftdBind vb[5] = { { &r->scores }, { v_cache }, { &r->att }, { &r->score_sums }, { &r->token_pos } };
  const DraftdKernel *values =
      draftd_kernel_pick (&r->kernels->attn_values_tx[tile], &r->kernels->attn_values[tile], vb);
  dispatch (rec, values, vb, &ap, sizeof ap, groups (c->n_head * c->head_dim / 4, wg), token_rows,
            1);
}

/* Attention in one dispatch shaped for a GPU (attn_flash.comp), and a second that merges the
 * partial results of tokens whose keys were split (only when some token's were). */
static void
record_flash (Recorder *rec, guint i, guint T, guint max_keys)
{
  DraftdRunner *r = rec->r;
  const DraftdDeviceLayer *l = &r->w->layers[i];
  const DraftdModelConfig *c = &r->cfg;
  guint splits = draftd_kernels_attn_splits (max_keys);
  DraftdFlashParams fp = { T, c->n_head, c->n_head_kv, c->head_dim, r->QKV, r->ATT, r->kv.stride, c->attn_scale,
                           l->swa ? c->n_swa : 0, DRAFTD_ATTN_SPLIT_KEYS, DRAFTD_ATTN_MAX_SPLITS, splits };
  DraftdBind fb[6] = { { &r->qkv }, { &r->kv.k[i] }, { &r->kv.v[i] }, { &r->att }, { &r->attn_parts },
                       { &r->token_pos } };
  dispatch (rec, &r->kernels->attn_flash, fb, &fp, sizeof fp, splits, T, c->n_head);
  if (splits <= 1)
    return;
  DraftdBind cb[3] = { { &r->attn_parts }, { &r->att }, { &r->token_pos } };
  dispatch (rec, &r->kernels->attn_combine, cb, &fp, sizeof fp, groups (c->head_dim, r->kernels->wg), T, c->n_head);
}

/* Every token at its own position in its own sequence's slot (r->token_pos); max_keys is the
 * most keys any of them sees, which sizes the scores grid (or the flash kernel's splits). */
static void
record_attention (Recorder *rec, guint i, guint T, guint max_keys)
{
  DraftdRunner *r = rec->r;
  const DraftdDeviceLayer *l = &r->w->layers[i];
  const DraftdVkBuffer *k_cache = &r->kv.k[i], *v_cache = &r->kv.v[i];
  const DraftdModelConfig *c = &r->cfg;
  guint32 wg = r->kernels->wg;
  guint32 neox = c->rope_layout == DRAFTD_ROPE_NEOX;
  const DraftdVkBuffer *rope = l->swa ? &r->rope_swa : &r->rope;
  if (c->qk_norm && r->vk->gpu_kernels) {
    /* The head norm inside the RoPE dispatch: one dispatch and barrier fewer a layer. */
    DraftdRopeNormParams np = { T, c->n_head, c->n_head_kv, c->head_dim, r->QKV, neox, r->kv.stride, c->norm_eps };
    DraftdBind nb[6] = { { &r->qkv }, { k_cache }, { v_cache }, { rope }, { &r->token_pos }, { &l->qk_norm } };
    dispatch (rec, &r->kernels->rope_kv_norm, nb, &np, sizeof np, groups (c->n_head + 2 * c->n_head_kv, wg), T, 1);
  } else {
    if (c->qk_norm) {
      guint32 n_heads = c->n_head + c->n_head_kv;
      DraftdHeadNormParams hp = { c->head_dim, r->QKV, c->n_head, n_heads, c->norm_eps };
      DraftdBind hb[2] = { { &r->qkv }, { &l->qk_norm } };
      dispatch (rec, &r->kernels->head_norm, hb, &hp, sizeof hp, groups (n_heads, wg), T, 1);
    }
    DraftdRopeParams rp = { T, c->n_head, c->n_head_kv, c->head_dim, r->QKV, neox, r->kv.stride };
    guint32 rope_items = (c->n_head + c->n_head_kv) * (c->head_dim / 2) + c->n_head_kv * c->head_dim;
    DraftdBind rb[5] = { { &r->qkv }, { k_cache }, { v_cache }, { rope }, { &r->token_pos } };
    dispatch (rec, &r->kernels->rope_kv, rb, &rp, sizeof rp, groups (rope_items, wg), T, 1);
  }
  if (r->flash)
    record_flash (rec, i, T, max_keys);
  else
    record_attn_cpu (rec, i, T, max_keys);
}

/* The X of a matmul that follows a norm with gains g: the residual stream itself where the
 * matmul norms it as it reads (r->fuse_norm), else xb, normed into by a dispatch of its own. */
static const DraftdVkBuffer *
normed_x (Recorder *rec, const DraftdVkBuffer *g, guint T)
{
  DraftdRunner *r = rec->r;
  if (r->fuse_norm)
    return &r->x;
  record_rmsnorm (rec, &r->x, g, &r->xb, 0, T, FALSE);
  return &r->xb;
}

static void
record_layer (Recorder *rec, guint i, guint T, guint max_keys)
{
  DraftdRunner *r = rec->r;
  const DraftdModelConfig *c = &r->cfg;
  const DraftdDeviceLayer *l = &r->w->layers[i];

  MatmulOps qkv = { .x = normed_x (rec, &l->attn_norm, T), .y = &r->qkv, .x_stride = r->D, .y_stride = r->QKV,
                    .flags = c->qkv_bias ? DRAFTD_MATMUL_BIAS : 0, .bias = c->qkv_bias ? &l->qkv_bias : NULL,
                    .norm = r->fuse_norm ? &l->attn_norm : NULL };
  for (guint j = 0; j < l->n_qkv; j++) {
    qkv.same_x = j > 0 && draftd_wtype_int_dot (l->qkv[j].wtype) && draftd_wtype_int_dot (l->qkv[j - 1].wtype);
    record_matmul (rec, &l->qkv[j], &qkv, T);
  }
  record_attention (rec, i, T, max_keys);
  record_residual (rec, &l->wo, &r->att, r->ATT, &l->attn_post_norm, T);

  guint32 act = c->ffn_act == DRAFTD_FFN_GEGLU ? DRAFTD_MATMUL_GEGLU : DRAFTD_MATMUL_SWIGLU;
  MatmulOps gate = { .x = normed_x (rec, &l->ffn_norm, T), .y = &r->hb, .x_stride = r->D, .y_stride = r->F,
                     .flags = act, .norm = r->fuse_norm ? &l->ffn_norm : NULL, .up = &l->up };
  record_matmul (rec, &l->gate, &gate, T);
  record_residual (rec, &l->down, &r->hb, r->F, &l->ffn_post_norm, T);
}

static void
record_embed (Recorder *rec, guint T)
{
  DraftdRunner *r = rec->r;
  const DraftdMatrix *e = &r->w->token_embd;
  const DraftdKernel *ek = &r->kernels->embed[e->wtype];
  for (guint p = 0; p < e->n_parts; p++) {
    const DraftdMatrixPart *part = &e->parts[p];
    DraftdEmbedParams ep = { part->rows, part->row0, e->chunks, T, r->D };
    DraftdBind b[4] = { { &part->quants }, { part->scales.buffer ? &part->scales : NULL }, { &r->tokens }, { &r->x } };
    dispatch (rec, ek, b, &ep, sizeof ep, groups (e->chunks, r->kernels->wg), T, 1);
  }
  if (r->cfg.embd_scale != 1.0f) {
    DraftdScaleParams sp = { r->cfg.n_embd, r->D, r->cfg.embd_scale };
    DraftdBind b[1] = { { &r->x } };
    dispatch (rec, &r->kernels->scale, b, &sp, sizeof sp, groups (r->cfg.n_embd, r->kernels->wg), T, 1);
  }
}

/* The normed hidden states of the outputs (xb's first n_out rows) into host memory, for the
 * proposal heads; the pass's closing barrier makes the copy visible to the host. */
static void
record_hidden_copy (Recorder *rec, guint n_out)
{
  DraftdRunner *r = rec->r;
  VkMemoryBarrier mb = {
    .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
    .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
    .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
  };
  vkCmdPipelineBarrier (rec->cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0,
                        NULL, 0, NULL);
  VkBufferCopy run = { 0, 0, (VkDeviceSize) n_out * r->D * 4 };
  vkCmdCopyBuffer (rec->cmd, r->xb.buffer, r->hidden.buffer, 1, &run);
  VkMemoryBarrier to_host = {
    .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
    .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
    .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
  };
  vkCmdPipelineBarrier (rec->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &to_host, 0, NULL, 0,
                        NULL);
}

/* The output head for the pass's tokens listed in out_rows: they may lie anywhere in it. */
static void
record_head (Recorder *rec, guint n_out)
{
  DraftdRunner *r = rec->r;
  const DraftdModelConfig *c = &r->cfg;
  DraftdRmsNormParams pc = { c->n_embd, r->D, 0, c->norm_eps, FALSE, TRUE };
  DraftdBind nb[4] = { { &r->x }, { &r->w->output_norm }, { &r->xb }, { &r->out_rows } };
  dispatch (rec, &r->kernels->rmsnorm, nb, &pc, sizeof pc, n_out, 1, 1);
  if (r->keep_hidden)
    record_hidden_copy (rec, n_out);
  record_matmul (rec, draftd_device_model_output (r->w),
                 &(MatmulOps) { .x = &r->xb, .y = &r->logits, .x_stride = r->D, .y_stride = r->V }, n_out);
  DraftdArgmaxParams amp = { c->n_vocab, r->V };
  DraftdBind ab[2] = { { &r->logits }, { &r->ids } };
  dispatch (rec, &r->kernels->argmax, ab, &amp, sizeof amp, n_out, 1, 1);
}

static void
read_profile (DraftdRunner *r, const Recorder *rec, guint n_queries)
{
  if (!r->profile || n_queries <= 1)
    return;
  g_autofree guint64 *ts = g_new (guint64, n_queries);
  if (vkGetQueryPoolResults (r->vk->device, r->queries, 0, n_queries, n_queries * 8, ts, 8,
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT) == VK_SUCCESS)
    for (guint q = 1; q < n_queries; q++)
      r->profile_ms[rec->slot_of_query[q]] += (double) (ts[q] - ts[q - 1]) * r->vk->props.limits.timestampPeriod * 1e-6;
}

/* The KV copies asked for since the last pass, first in this one (draftd_runner_seq_copy). */
static void
record_pending_copies (DraftdRunner *r, VkCommandBuffer cmd)
{
  g_mutex_lock (&r->copy_lock);
  for (guint i = 0; i < r->pending_copies->len; i++) {
    const KvCopy *c = &g_array_index (r->pending_copies, KvCopy, i);
    draftd_kv_cache_record_copy (&r->kv, cmd, c->src, c->dst, c->n);
  }
  g_array_set_size (r->pending_copies, 0);
  g_mutex_unlock (&r->copy_lock);
}

/* The pass's token positions onto the device, before any kernel reads them. */
static void
record_token_pos (Recorder *rec, guint T)
{
  DraftdRunner *r = rec->r;
  VkBufferCopy run = { 0, 0, (VkDeviceSize) T * sizeof (DraftdTokenPos) };
  vkCmdCopyBuffer (rec->cmd, r->token_pos_host.buffer, r->token_pos.buffer, 1, &run);
  VkMemoryBarrier mb = {
    .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
    .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
    .dstAccessMask = VK_ACCESS_SHADER_READ_BIT,
  };
  vkCmdPipelineBarrier (rec->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &mb, 0,
                        NULL, 0, NULL);
}

/* One pass of T tokens whose ids, positions and output rows the caller wrote into the
 * host-visible buffers; max_keys: the most keys any of them sees. */
static gboolean
run_pass (DraftdRunner *r, guint T, guint n_out, guint max_keys, guint attn_tile, gboolean copy_logits, GError **error)
{
  const DraftdModelConfig *c = &r->cfg;
  Recorder rec = { r, draftd_vk_begin (r->vk, error), 0, 0, attn_tile, { 0 } };
  if (rec.cmd == VK_NULL_HANDLE)
    return FALSE;
  if (r->profile) {
    vkCmdResetQueryPool (rec.cmd, r->queries, 0, r->n_queries);
    vkCmdWriteTimestamp (rec.cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, r->queries, rec.query++);
  }
  record_pending_copies (r, rec.cmd);
  record_token_pos (&rec, T);
  record_embed (&rec, T);
  for (guint i = 0; i < c->n_layer; i++)
    record_layer (&rec, i, T, max_keys);
  /* A pass whose tokens are all inside a longer prompt needs no output head. */
  if (n_out > 0)
    record_head (&rec, n_out);
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
  read_profile (r, &rec, n_queries);
  const gint32 *ids = r->ids.mapped;
  g_array_append_vals (r->out_ids, ids, n_out);
  if (copy_logits) {
    for (guint o = 0; o < n_out; o++)
      g_array_append_vals (r->out_logits, (const float *) r->logits.mapped + (gsize) o * r->V, c->n_vocab);
  }
  for (guint o = 0; r->keep_hidden && o < n_out; o++)
    g_array_append_vals (r->out_hidden, (const float *) r->hidden.mapped + (gsize) o * r->D, c->n_embd);
  return TRUE;
}

static guint
batch_seq (const DraftdBatch *b, guint i)
{
  return b->seq ? b->seq[i] : 0;
}

/* Every id in the vocabulary, every sequence present and with room for its tokens; start[s]
 * is what sequence s holds before the batch, or G_MAXUINT where the batch has none of its
 * tokens. Only the batch's sequences are read: another thread may be truncating a sequence
 * of its own meanwhile (the engine's lanes). */
static gboolean
check_batch (DraftdRunner *r, const DraftdBatch *b, guint *start, GError **error)
{
  g_autofree guint *count = g_new0 (guint, r->kv.n_seq);
  for (guint i = 0; i < b->n; i++) {
    guint s = batch_seq (b, i);
    if (s >= r->kv.n_seq) {
      g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT, "sequence %u does not exist (the cache holds %u)", s,
                   r->kv.n_seq);
      return FALSE;
    }
    if (b->tokens[i] < 0 || (guint) b->tokens[i] >= r->cfg.n_vocab) {
      g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT, "token id %d is outside the vocabulary",
                   b->tokens[i]);
      return FALSE;
    }
    count[s]++;
  }
  for (guint s = 0; s < r->kv.n_seq; s++) {
    start[s] = G_MAXUINT;
    if (count[s] == 0)
      continue;
    guint past = start[s] = draftd_kv_cache_n_past (&r->kv, s);
    if (count[s] > r->kv.slots[s].cap - past) {
      g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT,
                   "context full: %u tokens at position %u exceed the context of %u%s", count[s], past,
                   r->kv.slots[s].cap, s > 0 ? " of a sequence" : "");
      return FALSE;
    }
  }
  return TRUE;
}

/* The token tile of the CPU attention kernels for a pass whose tokens sit in these slots
 * (tp[t].base). An invocation serves TOKENS adjacent tokens: when they share a slot each K
 * and V load serves all of them, when they do not each token reads its own keys one after
 * the other inside the invocation, which on lavapipe cost more than one invocation a token
 * (a pass of 8 sequences' decode steps: 7.2 against 6.1 ms, the shipped target). So the
 * largest tile at most the pass's own whose groups share a slot three times in four: a prompt
 * or a verify block of one sequence keeps the widest, the decode steps of many sequences get
 * one token an invocation, and blocks of several sequences the width their boundaries allow.
 * The results are the same bits with any tile (attn_scores.comp, attn_values.comp). */
static guint
pass_attn_tile (const DraftdTokenPos *tp, guint T)
{
  for (guint tile = draftd_kernels_tile_for (T); tile > 0; tile--) {
    guint n = draftd_kernels_attn_tokens (tile), n_groups = (T + n - 1) / n, shared = 0;
    for (guint t0 = 0; t0 < T; t0 += n) {
      gboolean one = TRUE;
      for (guint t = t0 + 1; t < MIN (t0 + n, T); t++)
        one = one && tp[t].base == tp[t0].base;
      shared += one;
    }
    if (4 * shared >= 3 * n_groups)
      return tile;
  }
  return 0;
}

/* Writes tokens done..done+T-1 of the batch into the pass's buffers, each at the next
 * position of its sequence (which it joins), and lists the ones that want outputs. */
static void
stage_pass (DraftdRunner *r, const DraftdBatch *b, guint done, guint T, guint *n_out, guint *max_keys)
{
  gint32 *tokens = r->tokens.mapped;
  DraftdTokenPos *tp = r->token_pos_host.mapped;
  guint32 *rows = r->out_rows.mapped;
  *n_out = *max_keys = 0;
  for (guint t = 0; t < T; t++) {
    guint i = done + t;
    DraftdKvSlot *slot = &r->kv.slots[batch_seq (b, i)];
    tokens[t] = b->tokens[i];
    tp[t] = (DraftdTokenPos) { slot->tokens->len, slot->base };
    g_array_append_val (slot->tokens, b->tokens[i]);
    *max_keys = MAX (*max_keys, slot->tokens->len);
    if (b->want == NULL || b->want[i])
      rows[(*n_out)++] = t;
  }
}

/* Flags the batch's sequences (start[s] != G_MAXUINT) as in the pass, or no longer. */
static void
mark_in_pass (DraftdRunner *r, const guint *start, gint on)
{
  for (guint s = 0; s < r->kv.n_seq; s++)
    if (start[s] != G_MAXUINT)
      g_atomic_int_set (&r->in_pass[s], on);
}

gboolean
draftd_runner_forward_batch (DraftdRunner *r, const DraftdBatch *batch, DraftdForwardFlags flags, GError **error)
{
  g_return_val_if_fail (batch->n > 0, FALSE);
  g_autofree guint *start = g_new (guint, r->kv.n_seq);
  if (!check_batch (r, batch, start, error))
    return FALSE;
  r->out_have_logits = !(flags & DRAFTD_FORWARD_ARGMAX_ONLY);
  g_array_set_size (r->out_logits, 0);
  g_array_set_size (r->out_ids, 0);
  g_array_set_size (r->out_hidden, 0);
  mark_in_pass (r, start, 1);
  gboolean ok = TRUE;
  for (guint done = 0; ok && done < batch->n;) {
    guint T = MIN (r->n_batch, batch->n - done), n_out, max_keys;
    stage_pass (r, batch, done, T, &n_out, &max_keys);
    guint attn_tile = pass_attn_tile (r->token_pos_host.mapped, T);
    ok = run_pass (r, T, n_out, max_keys, attn_tile, r->out_have_logits, error);
    done += T;
  }
  for (guint s = 0; !ok && s < r->kv.n_seq; s++)
    if (start[s] != G_MAXUINT)
      draftd_kv_cache_truncate (&r->kv, s, start[s]);
  mark_in_pass (r, start, 0);
  return ok;
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
  g_autofree guint8 *want = g_new0 (guint8, n);
  memset (want + n - n_out, 1, n_out);
  DraftdBatch b = { tokens, NULL, want, n };
  return draftd_runner_forward_batch (r, &b, flags, error);
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

guint draftd_runner_n_past (const DraftdRunner *r) { return draftd_kv_cache_n_past (&r->kv, 0); }
guint draftd_runner_n_ctx (const DraftdRunner *r) { return r->kv.slots[0].cap; }
guint draftd_runner_n_batch (const DraftdRunner *r) { return r->n_batch; }
const DraftdModel *draftd_runner_model (const DraftdRunner *r) { return r->model; }
guint64 draftd_runner_passes (const DraftdRunner *r) { return r->passes; }
void draftd_runner_truncate (DraftdRunner *r, guint n) { draftd_kv_cache_truncate (&r->kv, 0, n); }
guint draftd_runner_n_seq (const DraftdRunner *r) { return r->kv.n_seq; }

guint
draftd_runner_n_heads (const DraftdRunner *r)
{
  return draftd_heads_n (r->w->heads);
}

const float *
draftd_runner_hidden (const DraftdRunner *r, guint i)
{
  g_return_val_if_fail (r->keep_hidden && i < r->out_ids->len, NULL);
  return &g_array_index (r->out_hidden, float, (gsize) i * r->cfg.n_embd);
}

guint
draftd_runner_propose (const DraftdRunner *r, guint i, gint32 *out, guint k_max)
{
  if (r->w->heads == NULL || i >= r->out_hidden->len / r->cfg.n_embd)
    return 0;
  return draftd_heads_propose (r->w->heads, draftd_runner_hidden (r, i), out, k_max);
}

guint
draftd_runner_propose_from (const DraftdRunner *r, const float *hidden, gint32 *out, guint k_max)
{
  return r->w->heads ? draftd_heads_propose (r->w->heads, hidden, out, k_max) : 0;
}

GArray *
draftd_runner_take_hidden (DraftdRunner *r)
{
  GArray *h = r->out_hidden;
  r->out_hidden = g_array_new (FALSE, FALSE, sizeof (float));
  return h;
}

void
draftd_runner_take_outputs (DraftdRunner *r, GArray **logits, GArray **ids)
{
  *logits = r->out_logits;
  *ids = r->out_ids;
  r->out_logits = g_array_new (FALSE, FALSE, sizeof (float));
  r->out_ids = g_array_new (FALSE, FALSE, sizeof (gint32));
}

guint
draftd_runner_seq_n_past (const DraftdRunner *r, guint seq)
{
  g_return_val_if_fail (seq < r->kv.n_seq && !g_atomic_int_get (&r->in_pass[seq]), 0);
  return draftd_kv_cache_n_past (&r->kv, seq);
}

guint
draftd_runner_seq_n_ctx (const DraftdRunner *r, guint seq)
{
  g_return_val_if_fail (seq < r->kv.n_seq, 0);
  return r->kv.slots[seq].cap;
}

const gint32 *
draftd_runner_seq_tokens (const DraftdRunner *r, guint seq)
{
  g_return_val_if_fail (seq < r->kv.n_seq && !g_atomic_int_get (&r->in_pass[seq]), NULL);
  return (const gint32 *) r->kv.slots[seq].tokens->data;
}

void
draftd_runner_seq_truncate (DraftdRunner *r, guint seq, guint n)
{
  g_return_if_fail (seq < r->kv.n_seq && !g_atomic_int_get (&r->in_pass[seq]));
  draftd_kv_cache_truncate (&r->kv, seq, n);
}

gboolean
draftd_runner_seq_copy (DraftdRunner *r, guint src, guint dst, guint n, GError **error)
{
  g_return_val_if_fail (src < r->kv.n_seq && dst < r->kv.n_seq, FALSE);
  g_return_val_if_fail (!g_atomic_int_get (&r->in_pass[src]) && !g_atomic_int_get (&r->in_pass[dst]), FALSE);
  if (n > draftd_kv_cache_n_past (&r->kv, src) || n > r->kv.slots[dst].cap) {
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT,
                 "cannot copy %u positions of sequence %u (%u held) into sequence %u (room for %u)", n, src,
                 draftd_kv_cache_n_past (&r->kv, src), dst, r->kv.slots[dst].cap);
    return FALSE;
  }
  draftd_kv_cache_copy_tokens (&r->kv, src, dst, n);
  if (src != dst && n > 0) {
    const KvCopy c = { src, dst, n };
    g_mutex_lock (&r->copy_lock);
    g_array_append_val (r->pending_copies, c);
    g_mutex_unlock (&r->copy_lock);
  }
  return TRUE;
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

guint64
draftd_runner_weight_bytes (const DraftdRunner *r)
{
  return draftd_device_model_weight_bytes (r->w);
}

void
draftd_runner_weight_bytes_by_form (const DraftdRunner *r, guint64 *out)
{
  draftd_device_model_weight_bytes_by_form (r->w, out);
}
