#include "lib/vk/vk-staging.h"
#include <string.h>

/* Two pieces of 16 MiB: large enough that a copy's fixed cost is small, small enough that a
 * tiny model does not pay for a big mapping. */
#define N_SLOTS 2
#define SLOT_BYTES ((VkDeviceSize) 16 << 20)

typedef struct {
  DraftdVkBuffer buf;
  VkCommandBuffer cmd;
  VkFence fence;
  gboolean busy;      /* a copy from it was submitted and not yet waited for */
} Slot;

typedef struct {
  DraftdVk *vk;
  Slot slot[N_SLOTS];
  guint next;
  GMutex lock;
} Staging;

static gboolean staging_wait (gpointer staging, GError **error);
static void staging_destroy (gpointer staging);

static Staging *
staging_get (DraftdVk *vk, GError **error)
{
  if (vk->staging)
    return vk->staging;
  Staging *s = g_new0 (Staging, 1);
  s->vk = vk;
  g_mutex_init (&s->lock);
  vk->staging = s;
  vk->staging_wait = staging_wait;
  vk->staging_free = staging_destroy;
  for (guint i = 0; i < N_SLOTS; i++) {
    Slot *sl = &s->slot[i];
    VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = vk->command_pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1,
    };
    VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
    if (!draftd_vk_buffer_init (vk, &sl->buf, SLOT_BYTES, TRUE, error) ||
        !draftd_vk_check (vkAllocateCommandBuffers (vk->device, &ai, &sl->cmd), "vkAllocateCommandBuffers", error) ||
        !draftd_vk_check (vkCreateFence (vk->device, &fci, NULL, &sl->fence), "vkCreateFence", error)) {
      draftd_vk_staging_free (vk);
      return NULL;
    }
  }
  return s;
}

static gboolean
slot_wait (DraftdVk *vk, Slot *sl, GError **error)
{
  if (!sl->busy)
    return TRUE;
  sl->busy = FALSE;
  return draftd_vk_check (vkWaitForFences (vk->device, 1, &sl->fence, VK_TRUE, UINT64_MAX), "vkWaitForFences", error);
}

/* Copies `n` bytes already in the slot's buffer to dst at `offset`; does not wait. */
static gboolean
slot_submit (DraftdVk *vk, Slot *sl, DraftdVkBuffer *dst, VkDeviceSize offset, VkDeviceSize n, GError **error)
{
  VkCommandBufferBeginInfo bi = {
    .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
  };
  VkBufferCopy region = { 0, offset, n };
  VkSubmitInfo si = {
    .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
    .commandBufferCount = 1,
    .pCommandBuffers = &sl->cmd,
  };
  if (!draftd_vk_check (vkResetCommandBuffer (sl->cmd, 0), "vkResetCommandBuffer", error) ||
      !draftd_vk_check (vkBeginCommandBuffer (sl->cmd, &bi), "vkBeginCommandBuffer", error))
    return FALSE;
  vkCmdCopyBuffer (sl->cmd, sl->buf.buffer, dst->buffer, 1, &region);
  if (!draftd_vk_check (vkEndCommandBuffer (sl->cmd), "vkEndCommandBuffer", error) ||
      !draftd_vk_check (vkResetFences (vk->device, 1, &sl->fence), "vkResetFences", error) ||
      !draftd_vk_check (vkQueueSubmit (vk->queue, 1, &si, sl->fence), "vkQueueSubmit", error))
    return FALSE;
  sl->busy = TRUE;
  return TRUE;
}

gboolean
draftd_vk_upload (DraftdVk *vk, DraftdVkBuffer *dst, VkDeviceSize offset, const void *data, VkDeviceSize size, GError **error)
{
  if (dst->mapped) {
    memcpy ((char *) dst->mapped + offset, data, size);
    return TRUE;
  }
  Staging *s = staging_get (vk, error);
  if (s == NULL)
    return FALSE;
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  for (VkDeviceSize done = 0; done < size;) {
    Slot *sl = &s->slot[s->next];
    s->next = (s->next + 1) % N_SLOTS;
    VkDeviceSize n = MIN (SLOT_BYTES, size - done);
    if (!slot_wait (vk, sl, error))
      return FALSE;
    memcpy (sl->buf.mapped, (const char *) data + done, n);
    if (!slot_submit (vk, sl, dst, offset + done, n, error))
      return FALSE;
    done += n;
  }
  return TRUE;
}

static gboolean
staging_wait (gpointer staging, GError **error)
{
  Staging *s = staging;
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  gboolean ok = TRUE;
  for (guint i = 0; i < N_SLOTS; i++)
    ok &= slot_wait (s->vk, &s->slot[i], ok ? error : NULL);
  return ok;
}

gboolean
draftd_vk_upload_wait (DraftdVk *vk, GError **error)
{
  return vk->staging == NULL || staging_wait (vk->staging, error);
}

static void
staging_destroy (gpointer staging)
{
  Staging *s = staging;
  DraftdVk *vk = s->vk;
  for (guint i = 0; i < N_SLOTS; i++) {
    Slot *sl = &s->slot[i];
    slot_wait (vk, sl, NULL);
    if (sl->fence)
      vkDestroyFence (vk->device, sl->fence, NULL);
    if (sl->cmd)
      vkFreeCommandBuffers (vk->device, vk->command_pool, 1, &sl->cmd);
    draftd_vk_buffer_clear (vk, &sl->buf);
  }
  g_mutex_clear (&s->lock);
  g_free (s);
}

void
draftd_vk_staging_free (DraftdVk *vk)
{
  if (vk->staging)
    staging_destroy (g_steal_pointer (&vk->staging));
}
