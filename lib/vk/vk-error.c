#include "lib/vk/vk-error.h"

G_DEFINE_QUARK (draftd-vk-error-quark, draftd_vk_error)

static const char *
result_name (VkResult r)
{
  switch (r) {
  case VK_SUCCESS: return "VK_SUCCESS";
  case VK_ERROR_OUT_OF_HOST_MEMORY: return "VK_ERROR_OUT_OF_HOST_MEMORY";
  case VK_ERROR_OUT_OF_DEVICE_MEMORY: return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
  case VK_ERROR_INITIALIZATION_FAILED: return "VK_ERROR_INITIALIZATION_FAILED";
  case VK_ERROR_DEVICE_LOST: return "VK_ERROR_DEVICE_LOST";
  case VK_ERROR_LAYER_NOT_PRESENT: return "VK_ERROR_LAYER_NOT_PRESENT";
  case VK_ERROR_EXTENSION_NOT_PRESENT: return "VK_ERROR_EXTENSION_NOT_PRESENT";
  case VK_ERROR_INCOMPATIBLE_DRIVER: return "VK_ERROR_INCOMPATIBLE_DRIVER";
  case VK_ERROR_TOO_MANY_OBJECTS: return "VK_ERROR_TOO_MANY_OBJECTS";
  case VK_TIMEOUT: return "VK_TIMEOUT";
  default: return "VkResult";
  }
}

gboolean
draftd_vk_check (VkResult r, const char *what, GError **error)
{
  if (r == VK_SUCCESS)
    return TRUE;
  g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_FAILED, "%s failed: %s (%d)", what,
               result_name (r), (int) r);
  return FALSE;
}
