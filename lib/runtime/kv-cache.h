/* The KV cache of several sequences. Each sequence owns a slot: a run of positions of its
 * own in every layer's K and V buffer, so the slots lie side by side along the position
 * axis (K: [kv_dim][stride], V: [stride][kv_dim]) and a token finds its keys at its slot's
 * base column plus its position. Slot 0 is the runner's single-sequence API. The first
 * n_full slots hold a whole context (one per job the engine runs at once); the others
 * usually hold less (DraftdRunnerOptions.seq_ctx), so a 32k-context model with 8 short
 * scratch sequences does not pay for 9 full contexts. Each slot keeps the ids of the tokens it
 * holds, so a caller can find the longest prefix it already has. */
#pragma once
#include "lib/vk/vk-device.h"

typedef struct {
  guint base;        /* first column of the slot (a multiple of 4: the kernels load vec4) */
  guint cap;         /* positions it holds */
  GArray *tokens;    /* gint32: the ids at positions 0..n_past-1 */
} DraftdKvSlot;

typedef struct {
  guint n_layer;
  guint kv_dim;           /* n_head_kv * head_dim */
  guint n_seq;
  guint stride;           /* positions per cache row: every slot's, side by side */
  guint max_cap;          /* the largest slot's capacity, rounded up to 4 */
  DraftdKvSlot *slots;    /* [n_seq] */
  DraftdVkBuffer *k;      /* [n_layer] of [kv_dim][stride] */
  DraftdVkBuffer *v;      /* [n_layer] of [stride][kv_dim] */
} DraftdKvCache;

/* Bytes one layer's K (or V) buffer needs for these slots, to check against device limits
 * before allocating. */
guint64 draftd_kv_cache_layer_bytes (guint kv_dim, guint n_seq, guint n_full, guint cap0, guint cap);
/* Slots 0..n_full-1 hold cap0 positions, slots n_full..n_seq-1 hold cap each (n_full is
 * clamped to 1..n_seq). */
gboolean draftd_kv_cache_init (DraftdKvCache *c, DraftdVk *vk, guint n_layer, guint kv_dim, guint n_seq, guint n_full,
                               guint cap0, guint cap, GError **error);
void draftd_kv_cache_clear (DraftdKvCache *c, DraftdVk *vk);

static inline guint draftd_kv_cache_n_past (const DraftdKvCache *c, guint seq) { return c->slots[seq].tokens->len; }

/* Rolls sequence `seq` back to its first n positions. */
void draftd_kv_cache_truncate (DraftdKvCache *c, guint seq, guint n);
/* Copying the first n positions of `src` into `dst` (n <= its length and dst's capacity) is
 * two steps: the ids at once (copy_tokens), and the K and V rows recorded into a command
 * buffer (record_copy: a device-side copy per layer and matrix), which must run before any
 * pass reads `dst`. */
void draftd_kv_cache_copy_tokens (DraftdKvCache *c, guint src, guint dst, guint n);
void draftd_kv_cache_record_copy (const DraftdKvCache *c, VkCommandBuffer cmd, guint src, guint dst, guint n);
/* One layer's K and V rows of positions [from, to), src's into dst's slot, without a barrier
 * (draftd_kv_cache_record_copies_done records the one that orders them before what follows):
 * the copies of a sequence's share made as a pass computes them (draftd_runner_seq_share). */
void draftd_kv_cache_record_layer_copy (const DraftdKvCache *c, VkCommandBuffer cmd, guint layer, guint src, guint dst,
                                        guint from, guint to);
void draftd_kv_cache_record_copies_done (VkCommandBuffer cmd);
