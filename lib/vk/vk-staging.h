/* Uploads through a ring of two staging buffers owned by the device: while the queue copies
 * one piece into place, the host fills the next (and repacks the next tensor), instead of
 * submitting and waiting per piece. A submission that reads uploaded data (draftd_vk_begin)
 * first waits for the copies in flight, as does freeing a buffer. */
#pragma once
#include "lib/vk/vk-device.h"

/* Copies host data into a device buffer; returns once `data` may be reused, usually before
 * the copy has finished (host-visible buffers are written directly). */
gboolean draftd_vk_upload (DraftdVk *vk, DraftdVkBuffer *dst, VkDeviceSize offset, const void *data,
                           VkDeviceSize size, GError **error);
/* Waits for every upload in flight. */
gboolean draftd_vk_upload_wait (DraftdVk *vk, GError **error);
/* Waits for the copies in flight and frees the ring; the next upload makes a new one. Called
 * once a model is loaded (draftd_vk_free frees it too, through the device's hook). */
void draftd_vk_staging_free (DraftdVk *vk);
