/* Vulkan's failures as GErrors of draftd's Vulkan domain: below the device and what it
 * keeps (lib/vk/vk-sets.c), which both report through it. */
#pragma once
#include <glib.h>
#include <vulkan/vulkan.h>

#define DRAFTD_VK_ERROR (draftd_vk_error_quark ())
GQuark draftd_vk_error_quark (void);
typedef enum {
  DRAFTD_VK_ERROR_NO_DEVICE,   /* no usable device / selector matches none */
  DRAFTD_VK_ERROR_FAILED,      /* a Vulkan call failed */
  DRAFTD_VK_ERROR_LIMIT,       /* the request exceeds a device limit */
} DraftdVkError;

/* TRUE for VK_SUCCESS; else FALSE, with `error` naming `what` and the result. */
gboolean draftd_vk_check (VkResult r, const char *what, GError **error);
