/* Descriptor sets made once per kernel layout and set of buffers and bound again on every
 * dispatch that binds the same buffers, instead of pushed anew (vk->cached_sets, a CPU
 * device). lavapipe makes every pushed set a new page of its memory file, mapped and
 * unmapped within the dispatch: an mmap, a munmap and a TLB shootdown of the threads that
 * run the kernels, 64 times a forward pass (docs/performance.md). A pass binds the same
 * buffers pass after pass (whole buffers, offset 0), so a set per distinct binding serves
 * every pass. */
#pragma once
#include "lib/vk/vk-error.h"

/* The most bindings a kernel's set has (vk-kernels.c asserts its own limit fits). */
#define DRAFTD_VK_SETS_MAX_BINDINGS 8

typedef struct DraftdVkSets DraftdVkSets;

DraftdVkSets *draftd_vk_sets_new (VkDevice device);
void draftd_vk_sets_free (DraftdVkSets *sets);
/* The set of `layout` whose n bindings are the buffers of `serials` (DraftdVkBuffer.serial),
 * written with `writes` when first made; VK_NULL_HANDLE with `error` set when the device
 * cannot allocate one. Any thread. */
VkDescriptorSet draftd_vk_sets_get (DraftdVkSets *sets, VkDescriptorSetLayout layout, guint n, const guint64 *serials,
                                    const VkWriteDescriptorSet *writes, GError **error);
/* A buffer is going away: the sets that bind it are freed (no command buffer in flight can
 * use them, since none may use the buffer). */
void draftd_vk_sets_forget (DraftdVkSets *sets, guint64 serial);
/* Sets held now (the tests' view of what is kept and dropped). */
guint draftd_vk_sets_count (DraftdVkSets *sets);
