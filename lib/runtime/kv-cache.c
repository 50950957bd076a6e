#include "lib/runtime/kv-cache.h"

static guint
round4 (guint n)
{
  return (n + 3u) & ~3u;
}

guint64
draftd_kv_cache_layer_bytes (guint kv_dim, guint n_seq, guint n_full, guint cap0, guint cap)
{
  n_full = CLAMP (n_full, 1u, n_seq);
  return (guint64) kv_dim * ((guint64) n_full * round4 (cap0) + (guint64) (n_seq - n_full) * round4 (cap)) * 4;
}

gboolean
draftd_kv_cache_init (DraftdKvCache *c, DraftdVk *vk, guint n_layer, guint kv_dim, guint n_seq, guint n_full, guint cap0,
                      guint cap, GError **error)
{
  g_return_val_if_fail (n_seq >= 1, FALSE);
  n_full = CLAMP (n_full, 1u, n_seq);
  c->n_layer = n_layer;
  c->kv_dim = kv_dim;
  c->n_seq = n_seq;
  c->slots = g_new0 (DraftdKvSlot, n_seq);
  c->stride = 0;
  for (guint s = 0; s < n_seq; s++) {
    c->slots[s].base = c->stride;
    c->slots[s].cap = s < n_full ? cap0 : cap;
    c->slots[s].tokens = g_array_new (FALSE, FALSE, sizeof (gint32));
    c->stride += round4 (c->slots[s].cap);
  }
  c->max_cap = round4 (n_seq > n_full ? MAX (cap0, cap) : cap0);
  c->k = g_new0 (DraftdVkBuffer, n_layer);
  c->v = g_new0 (DraftdVkBuffer, n_layer);
  guint64 bytes = (guint64) kv_dim * c->stride * 4;
  for (guint i = 0; i < n_layer; i++)
    if (!draftd_vk_buffer_init (vk, &c->k[i], bytes, FALSE, error) ||
        !draftd_vk_buffer_init (vk, &c->v[i], bytes, FALSE, error))
      return FALSE;
  return TRUE;
}

void
draftd_kv_cache_clear (DraftdKvCache *c, DraftdVk *vk)
{
  for (int i = (int) c->n_layer - 1; c->k && i >= 0; i--) {
    draftd_vk_buffer_clear (vk, &c->v[i]);
    draftd_vk_buffer_clear (vk, &c->k[i]);
  }
  g_clear_pointer (&c->k, g_free);
  g_clear_pointer (&c->v, g_free);
  for (guint s = 0; c->slots && s < c->n_seq; s++)
    g_clear_pointer (&c->slots[s].tokens, g_array_unref);
  g_clear_pointer (&c->slots, g_free);
}

void
draftd_kv_cache_truncate (DraftdKvCache *c, guint seq, guint n)
{
  /* Cache entries past n are simply overwritten by later passes. */
  g_return_if_fail (seq < c->n_seq && n <= c->slots[seq].tokens->len);
  g_array_set_size (c->slots[seq].tokens, n);
}

/* K keeps one row per dimension, so a slot's keys [from, to) are kv_dim runs of to - from
 * floats; V keeps one row per position, so they are one run of rows. */
void
draftd_kv_cache_record_layer_copy (const DraftdKvCache *c, VkCommandBuffer cmd, guint layer, guint src, guint dst,
                                   guint from, guint to)
{
  g_autofree VkBufferCopy *runs = g_new (VkBufferCopy, c->kv_dim);
  VkDeviceSize sb = c->slots[src].base + from, db = c->slots[dst].base + from, n = to - from;
  for (guint d = 0; d < c->kv_dim; d++)
    runs[d] = (VkBufferCopy) { ((VkDeviceSize) d * c->stride + sb) * 4, ((VkDeviceSize) d * c->stride + db) * 4, n * 4 };
  VkBufferCopy vrun = { sb * c->kv_dim * 4, db * c->kv_dim * 4, n * c->kv_dim * 4 };
  vkCmdCopyBuffer (cmd, c->k[layer].buffer, c->k[layer].buffer, c->kv_dim, runs);
  vkCmdCopyBuffer (cmd, c->v[layer].buffer, c->v[layer].buffer, 1, &vrun);
}

/* Orders the copies before the kernels that follow and before a later copy that reads what
 * they wrote. */
void
draftd_kv_cache_record_copies_done (VkCommandBuffer cmd)
{
  VkMemoryBarrier mb = {
    .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
    .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
    .dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_READ_BIT |
                     VK_ACCESS_TRANSFER_WRITE_BIT,
  };
  vkCmdPipelineBarrier (cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                        VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0,
                        NULL);
}

/* Callers record only real copies (src != dst, n > 0): draftd_runner_seq_copy queues no other. */
void
draftd_kv_cache_record_copy (const DraftdKvCache *c, VkCommandBuffer cmd, guint src, guint dst, guint n)
{
  for (guint i = 0; i < c->n_layer; i++)
    draftd_kv_cache_record_layer_copy (c, cmd, i, src, dst, 0, n);
  draftd_kv_cache_record_copies_done (cmd);
}

void
draftd_kv_cache_copy_tokens (DraftdKvCache *c, guint src, guint dst, guint n)
{
  g_return_if_fail (src < c->n_seq && dst < c->n_seq);
  g_return_if_fail (n <= c->slots[src].tokens->len && n <= c->slots[dst].cap);
  if (src == dst) {
    draftd_kv_cache_truncate (c, dst, n);
    return;
  }
  GArray *from = c->slots[src].tokens, *to = c->slots[dst].tokens;
  g_array_set_size (to, 0);
  g_array_append_vals (to, from->data, n);
}
