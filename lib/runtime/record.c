/* Recording a forward pass: each kernel of the model's layers, its output head and its
 * proposal heads' hidden copy into one command buffer, submitted and waited for, the outputs
 * copied out (record.h). Which tokens go in a pass is forward.c's. */
#include "lib/runtime/record.h"
#include "lib/runtime/device-model.h"
#include "lib/runtime/kv-cache.h"
#include "lib/vk/vk-staging.h"
#include <math.h>
#include <string.h>

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

/* Layer i's keys and values of the shares this pass computes (r->due_shares), copied once
 * the layer has written them and before any token attends to them. */
static void
record_due_shares (Recorder *rec, guint i)
{
  DraftdRunner *r = rec->r;
  if (r->due_shares->len == 0)
    return;
  VkMemoryBarrier mb = {
    .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
    .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
    .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
  };
  vkCmdPipelineBarrier (rec->cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL,
                        0, NULL);
  for (guint j = 0; j < r->due_shares->len; j++) {
    const KvShare *sh = &g_array_index (r->due_shares, KvShare, j);
    draftd_kv_cache_record_layer_copy (&r->kv, rec->cmd, i, sh->src, sh->dst, sh->from, sh->n);
  }
  draftd_kv_cache_record_copies_done (rec->cmd);
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
  record_due_shares (rec, i);
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

gboolean
draftd_runner_record_pass (DraftdRunner *r, guint T, guint n_out, guint max_keys, guint attn_tile, gboolean copy_logits, GError **error)
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
