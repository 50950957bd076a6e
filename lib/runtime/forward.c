/* The runner: its state on the device (weights, KV cache, activations), and which tokens go
 * in each pass (a batch cut to what the activations hold), with the outputs they leave;
 * record.c records and runs each pass. */
#include "lib/runtime/forward.h"
#include "lib/runtime/record.h"
#include "lib/vk/vk-staging.h"
#include <math.h>
#include <string.h>

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
  r->shares = g_array_new (FALSE, FALSE, sizeof (KvShare));
  r->due_shares = g_array_new (FALSE, FALSE, sizeof (KvShare));
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
  g_clear_pointer (&r->shares, g_array_unref);
  g_clear_pointer (&r->due_shares, g_array_unref);
  g_mutex_clear (&r->copy_lock);
  g_free (r);
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

/* The parts of the shares (r->shares) whose source positions this pass computes, into
 * r->due_shares; a share is done once its last position is. `before` is the length of each
 * of the batch's sequences (start[s] != G_MAXUINT) before the pass was staged; the others
 * may belong to another thread meanwhile, so they are not read. */
static void
plan_shares (DraftdRunner *r, const guint *start, const guint *before)
{
  g_array_set_size (r->due_shares, 0);
  g_mutex_lock (&r->copy_lock);
  for (guint i = r->shares->len; i-- > 0;) {
    KvShare *sh = &g_array_index (r->shares, KvShare, i);
    if (start[sh->src] == G_MAXUINT)
      continue;
    guint from = MAX (sh->from, before[sh->src]), to = MIN (sh->n, draftd_kv_cache_n_past (&r->kv, sh->src));
    if (from >= to)
      continue;
    KvShare due = { sh->src, sh->dst, from, to };
    g_array_append_val (r->due_shares, due);
    sh->from = to;
    if (sh->from >= sh->n)
      g_array_remove_index (r->shares, i);
  }
  g_mutex_unlock (&r->copy_lock);
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
  g_autofree guint *before = g_new (guint, r->kv.n_seq);
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
    for (guint s = 0; s < r->kv.n_seq; s++)
      before[s] = start[s] != G_MAXUINT ? draftd_kv_cache_n_past (&r->kv, s) : 0;
    stage_pass (r, batch, done, T, &n_out, &max_keys);
    plan_shares (r, start, before);
    guint attn_tile = pass_attn_tile (r->token_pos_host.mapped, T);
    ok = draftd_runner_record_pass (r, T, n_out, max_keys, attn_tile, r->out_have_logits, error);
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

/* Shares that a sequence rolled back to n positions no longer wants (its destination gave
 * up positions still to come) or can no longer give (its source gave up what it still owes). */
static void
drop_shares (DraftdRunner *r, guint seq, guint n)
{
  g_mutex_lock (&r->copy_lock);
  for (guint i = r->shares->len; i-- > 0;) {
    const KvShare *sh = &g_array_index (r->shares, KvShare, i);
    if ((sh->dst == seq && n < sh->n) || (sh->src == seq && n < sh->n))
      g_array_remove_index (r->shares, i);
  }
  g_mutex_unlock (&r->copy_lock);
}

void
draftd_runner_seq_truncate (DraftdRunner *r, guint seq, guint n)
{
  g_return_if_fail (seq < r->kv.n_seq && !g_atomic_int_get (&r->in_pass[seq]));
  draftd_kv_cache_truncate (&r->kv, seq, n);
  drop_shares (r, seq, n);
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

gboolean
draftd_runner_seq_share (DraftdRunner *r, guint src, guint dst, const gint32 *tokens, guint n, GError **error)
{
  g_return_val_if_fail (src < r->kv.n_seq && dst < r->kv.n_seq && src != dst, FALSE);
  guint held = MIN (draftd_kv_cache_n_past (&r->kv, src), n);
  if (n > r->kv.slots[src].cap || n > r->kv.slots[dst].cap) {
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT,
                 "cannot share %u positions of sequence %u (room for %u) with sequence %u (room for %u)", n, src,
                 r->kv.slots[src].cap, dst, r->kv.slots[dst].cap);
    return FALSE;
  }
  /* An empty sequence's token array has no data at all (memcmp wants a pointer even for 0). */
  if (held > 0 && memcmp (r->kv.slots[src].tokens->data, tokens, held * sizeof (gint32)) != 0) {
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT,
                 "cannot share positions of sequence %u: the first %u it holds are not the tokens to share", src, held);
    return FALSE;
  }
  if (!draftd_runner_seq_copy (r, src, dst, held, error))
    return FALSE;
  drop_shares (r, dst, 0);
  if (held < n) {
    g_array_append_vals (r->kv.slots[dst].tokens, tokens + held, n - held);
    const KvShare sh = { src, dst, held, n };
    g_mutex_lock (&r->copy_lock);
    g_array_append_val (r->shares, sh);
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
