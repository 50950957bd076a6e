#include "lib/vk/vk-device.h"
#include "lib/vk/vk-sets.h"
#include <stdlib.h>
#include <string.h>

static gint validation_message_count;

guint
draftd_vk_validation_messages (void)
{
  return (guint) g_atomic_int_get (&validation_message_count);
}

static VKAPI_ATTR VkBool32 VKAPI_CALL
on_debug_message (VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT type,
                  const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
  if (severity & (VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT)) {
    g_atomic_int_inc (&validation_message_count);
    g_printerr ("vulkan validation: %s\n", data->pMessage);
  }
  return VK_FALSE;
}

static gboolean
env_true (const char *name)
{
  const char *v = g_getenv (name);
  return v && *v && !g_str_equal (v, "0");
}

gboolean
draftd_vk_validation_requested (void)
{
  return env_true ("DRAFTD_VK_VALIDATION");
}

static gboolean
have_layer (const char *name)
{
  guint32 n = 0;
  vkEnumerateInstanceLayerProperties (&n, NULL);
  g_autofree VkLayerProperties *layers = g_new0 (VkLayerProperties, n ? n : 1);
  vkEnumerateInstanceLayerProperties (&n, layers);
  for (guint32 i = 0; i < n; i++)
    if (g_str_equal (layers[i].layerName, name))
      return TRUE;
  return FALSE;
}

static gboolean
create_instance (DraftdVk *vk, GError **error)
{
  VkApplicationInfo app = {
    .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
    .pApplicationName = "draftd",
    .apiVersion = VK_API_VERSION_1_2,
  };
  const char *layers[1] = { "VK_LAYER_KHRONOS_validation" };
  const char *exts[1] = { VK_EXT_DEBUG_UTILS_EXTENSION_NAME };
  vk->validation = draftd_vk_validation_requested ();
  if (vk->validation && !have_layer (layers[0])) {
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_FAILED,
                 "DRAFTD_VK_VALIDATION is set but VK_LAYER_KHRONOS_validation is not installed "
                 "(Debian: vulkan-validationlayers)");
    return FALSE;
  }
  VkInstanceCreateInfo ci = {
    .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
    .pApplicationInfo = &app,
    .enabledLayerCount = vk->validation ? 1 : 0,
    .ppEnabledLayerNames = layers,
    .enabledExtensionCount = vk->validation ? 1 : 0,
    .ppEnabledExtensionNames = exts,
  };
  if (!draftd_vk_check (vkCreateInstance (&ci, NULL, &vk->instance), "vkCreateInstance", error))
    return FALSE;
  if (vk->validation) {
    VkDebugUtilsMessengerCreateInfoEXT mi = {
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
      .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
      .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
      .pfnUserCallback = on_debug_message,
    };
    PFN_vkCreateDebugUtilsMessengerEXT create =
        (PFN_vkCreateDebugUtilsMessengerEXT) vkGetInstanceProcAddr (vk->instance, "vkCreateDebugUtilsMessengerEXT");
    if (create == NULL ||
        !draftd_vk_check (create (vk->instance, &mi, NULL, &vk->messenger), "vkCreateDebugUtilsMessengerEXT", error))
      return FALSE;
  }
  return TRUE;
}

static int
type_rank (VkPhysicalDeviceType t)
{
  switch (t) {
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 0;
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 1;
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
  case VK_PHYSICAL_DEVICE_TYPE_CPU: return 3;
  default: return 4;
  }
}

static const char *
type_name (VkPhysicalDeviceType t)
{
  static const char *const names[] = { "other", "integrated GPU", "discrete GPU", "virtual GPU", "CPU" };
  return (guint) t < G_N_ELEMENTS (names) ? names[t] : "other";
}

static gboolean
has_extension (VkPhysicalDevice pd, const char *name)
{
  guint32 n = 0;
  vkEnumerateDeviceExtensionProperties (pd, NULL, &n, NULL);
  g_autofree VkExtensionProperties *e = g_new0 (VkExtensionProperties, n ? n : 1);
  vkEnumerateDeviceExtensionProperties (pd, NULL, &n, e);
  for (guint32 i = 0; i < n; i++)
    if (g_str_equal (e[i].extensionName, name))
      return TRUE;
  return FALSE;
}

static gboolean
has_push_descriptors (VkPhysicalDevice pd)
{
  return has_extension (pd, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
}

gboolean
draftd_vk_device_has_int_dot (VkPhysicalDevice pd)
{
  if (!has_extension (pd, VK_KHR_SHADER_INTEGER_DOT_PRODUCT_EXTENSION_NAME))
    return FALSE;
  VkPhysicalDeviceShaderIntegerDotProductFeaturesKHR idp = {
    .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_FEATURES_KHR,
  };
  VkPhysicalDeviceFeatures2 f2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &idp };
  vkGetPhysicalDeviceFeatures2 (pd, &f2);
  return idp.shaderIntegerDotProduct;
}

/* Whether the integer-dot matmuls run: on wherever the device can (DRAFTD_INT_DOT=0 turns
 * them off, see vk-device.h). */
static gboolean
want_int_dot (VkPhysicalDevice pd)
{
  return g_strcmp0 (g_getenv ("DRAFTD_INT_DOT"), "0") != 0 && draftd_vk_device_has_int_dot (pd);
}

static gboolean
enumerate (VkInstance inst, VkPhysicalDevice **out, guint32 *n, GError **error)
{
  if (!draftd_vk_check (vkEnumeratePhysicalDevices (inst, n, NULL), "vkEnumeratePhysicalDevices", error))
    return FALSE;
  *out = g_new0 (VkPhysicalDevice, *n ? *n : 1);
  return draftd_vk_check (vkEnumeratePhysicalDevices (inst, n, *out), "vkEnumeratePhysicalDevices", error);
}

static gboolean
pick_device (DraftdVk *vk, const char *selector, GError **error)
{
  g_autofree VkPhysicalDevice *devs = NULL;
  guint32 n = 0;
  if (!enumerate (vk->instance, &devs, &n, error))
    return FALSE;
  if (selector == NULL || *selector == 0)
    selector = g_getenv ("DRAFTD_DEVICE");
  int best = -1;
  for (guint32 i = 0; i < n; i++) {
    VkPhysicalDeviceProperties p;
    vkGetPhysicalDeviceProperties (devs[i], &p);
    if (selector && *selector) {
      char *end;
      guint64 idx = g_ascii_strtoull (selector, &end, 10);
      g_autofree char *lname = g_ascii_strdown (p.deviceName, -1);
      g_autofree char *lsel = g_ascii_strdown (selector, -1);
      gboolean match = (*end == 0 && end != selector) ? idx == i : strstr (lname, lsel) != NULL;
      if (match) {
        best = i;
        break;
      }
      continue;
    }
    if (!has_push_descriptors (devs[i]))
      continue;
    VkPhysicalDeviceProperties bp;
    if (best >= 0)
      vkGetPhysicalDeviceProperties (devs[best], &bp);
    if (best < 0 || type_rank (p.deviceType) < type_rank (bp.deviceType))
      best = i;
  }
  if (best < 0) {
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_NO_DEVICE,
                 selector && *selector ? "no Vulkan device matches '%s' (%u devices present)"
                                       : "no usable Vulkan device%s (%u present; install mesa-vulkan-drivers for the CPU device)",
                 selector && *selector ? selector : "", n);
    return FALSE;
  }
  vk->physical = devs[best];
  if (!has_push_descriptors (vk->physical)) {
    vkGetPhysicalDeviceProperties (vk->physical, &vk->props);
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_NO_DEVICE, "device '%s' lacks %s",
                 vk->props.deviceName, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
    return FALSE;
  }
  vkGetPhysicalDeviceProperties (vk->physical, &vk->props);
  vkGetPhysicalDeviceMemoryProperties (vk->physical, &vk->mem_props);
  vk->name = g_strdup (vk->props.deviceName);
  /* The matmul kernels share X between lanes with subgroupBroadcast from lanes 0..7. */
  VkPhysicalDeviceSubgroupProperties sg = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES };
  VkPhysicalDeviceProperties2 p2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &sg };
  vkGetPhysicalDeviceProperties2 (vk->physical, &p2);
  vk->subgroup_size = sg.subgroupSize;
  vk->subgroup_tree = (sg.supportedOperations & VK_SUBGROUP_FEATURE_SHUFFLE_BIT) &&
                      (sg.subgroupSize & (sg.subgroupSize - 1)) == 0 &&
                      g_strcmp0 (g_getenv ("DRAFTD_SUBGROUP_TREE"), "0") != 0;
  if (sg.subgroupSize < 8 || !(sg.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) ||
      !(sg.supportedOperations & VK_SUBGROUP_FEATURE_BALLOT_BIT) || vk->props.apiVersion < VK_API_VERSION_1_1) {
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_NO_DEVICE,
                 "device '%s' lacks compute subgroups of at least 8 lanes with ballot operations (subgroup size %u)",
                 vk->name, sg.subgroupSize);
    return FALSE;
  }
  /* Bind at most maxStorageBufferRange (128 MiB on lavapipe) at once. */
  vk->max_binding = MIN ((guint64) vk->props.limits.maxStorageBufferRange, (guint64) 1 << 30);
  const char *cap = g_getenv ("DRAFTD_MAX_BINDING");  /* tests force splitting with a small cap */
  if (cap && g_ascii_strtoull (cap, NULL, 10) >= 4096)
    vk->max_binding = MIN (vk->max_binding, g_ascii_strtoull (cap, NULL, 10));
  return TRUE;
}

char *
draftd_vk_list_devices (GError **error)
{
  DraftdVk tmp = { 0 };
  if (!create_instance (&tmp, error))
    return NULL;
  g_autofree VkPhysicalDevice *devs = NULL;
  guint32 n = 0;
  GString *s = g_string_new (NULL);
  if (enumerate (tmp.instance, &devs, &n, error)) {
    for (guint32 i = 0; i < n; i++) {
      VkPhysicalDeviceProperties p;
      vkGetPhysicalDeviceProperties (devs[i], &p);
      g_string_append_printf (s, "%u: %s (%s)\n", i, p.deviceName, type_name (p.deviceType));
    }
  }
  draftd_vk_free (g_memdup2 (&tmp, sizeof tmp));
  return g_string_free (s, FALSE);
}

static gboolean
create_device (DraftdVk *vk, GError **error)
{
  guint32 n = 0;
  vkGetPhysicalDeviceQueueFamilyProperties (vk->physical, &n, NULL);
  g_autofree VkQueueFamilyProperties *qf = g_new0 (VkQueueFamilyProperties, n ? n : 1);
  vkGetPhysicalDeviceQueueFamilyProperties (vk->physical, &n, qf);
  int fam = -1;
  for (guint32 i = 0; i < n; i++) {
    if (qf[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
      /* Prefer a compute-only family: it does not share with graphics work. */
      if (fam < 0 || !(qf[i].queueFlags & VK_QUEUE_GRAPHICS_BIT))
        fam = i;
    }
  }
  if (fam < 0) {
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_NO_DEVICE, "device '%s' has no compute queue", vk->name);
    return FALSE;
  }
  vk->queue_family = fam;
  vk->timestamps = qf[fam].timestampValidBits > 0 && vk->props.limits.timestampPeriod > 0;
  float prio = 1.0f;
  VkDeviceQueueCreateInfo qci = {
    .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
    .queueFamilyIndex = fam,
    .queueCount = 1,
    .pQueuePriorities = &prio,
  };
  /* The integer dot products only serve the GPU family's matmuls. */
  const char *exts[] = { VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME, VK_KHR_SHADER_INTEGER_DOT_PRODUCT_EXTENSION_NAME };
  VkPhysicalDeviceFeatures supported;
  vkGetPhysicalDeviceFeatures (vk->physical, &supported);
  vk->shader_int64 = supported.shaderInt64 && !g_getenv ("DRAFTD_NO_INT64");
  const char *loads = g_getenv ("DRAFTD_LOADS");
  vk->texel_loads = g_strcmp0 (loads, "texel") == 0 ||
                    (g_strcmp0 (loads, "buffer") != 0 && vk->props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU);
  const char *kernels = g_getenv ("DRAFTD_KERNELS");
  vk->gpu_kernels = g_strcmp0 (kernels, "gpu") == 0 ||
                    (g_strcmp0 (kernels, "cpu") != 0 && vk->props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU);
  vk->tiled_gemm = g_strcmp0 (g_getenv ("DRAFTD_GEMM"), "gemv") != 0;
  const char *descriptors = g_getenv ("DRAFTD_DESCRIPTORS");
  vk->cached_sets = g_strcmp0 (descriptors, "cached") == 0 ||
                    (g_strcmp0 (descriptors, "push") != 0 && vk->props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU);
  vk->int_dot = vk->gpu_kernels && want_int_dot (vk->physical);
  VkPhysicalDeviceShaderIntegerDotProductFeaturesKHR idp = {
    .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_FEATURES_KHR,
    .shaderIntegerDotProduct = VK_TRUE,
  };
  VkPhysicalDeviceFeatures enabled = { .shaderInt64 = vk->shader_int64 };
  VkDeviceCreateInfo dci = {
    .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
    .pNext = vk->int_dot ? &idp : NULL,
    .pEnabledFeatures = &enabled,
    .queueCreateInfoCount = 1,
    .pQueueCreateInfos = &qci,
    .enabledExtensionCount = vk->int_dot ? 2 : 1,
    .ppEnabledExtensionNames = exts,
  };
  if (!draftd_vk_check (vkCreateDevice (vk->physical, &dci, NULL, &vk->device), "vkCreateDevice", error))
    return FALSE;
  vkGetDeviceQueue (vk->device, fam, 0, &vk->queue);
  vk->push_descriptor_set = (PFN_vkCmdPushDescriptorSetKHR) vkGetDeviceProcAddr (vk->device, "vkCmdPushDescriptorSetKHR");
  if (vk->cached_sets)
    vk->sets = draftd_vk_sets_new (vk->device);
  VkCommandPoolCreateInfo pci = {
    .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
    .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT | VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
    .queueFamilyIndex = fam,
  };
  VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
  return draftd_vk_check (vkCreateCommandPool (vk->device, &pci, NULL, &vk->command_pool), "vkCreateCommandPool", error) &&
         draftd_vk_check (vkCreateFence (vk->device, &fci, NULL, &vk->fence), "vkCreateFence", error);
}

DraftdVk *
draftd_vk_new (const char *selector, GError **error)
{
  g_autoptr (DraftdVk) vk = g_new0 (DraftdVk, 1);
  if (!create_instance (vk, error) || !pick_device (vk, selector, error) || !create_device (vk, error))
    return NULL;
  return g_steal_pointer (&vk);
}

DraftdVk *
draftd_vk_ref (DraftdVk *vk)
{
  g_atomic_int_inc (&vk->extra_refs);
  return vk;
}

/* Reverse order of creation, after the device is idle. */
void
draftd_vk_free (DraftdVk *vk)
{
  if (vk == NULL)
    return;
  if (g_atomic_int_add (&vk->extra_refs, -1) > 0)
    return;  /* another owner still uses it */
  if (vk->device) {
    vkDeviceWaitIdle (vk->device);
    if (vk->kernels)
      vk->kernels_free (g_steal_pointer (&vk->kernels));
    draftd_vk_sets_free (g_steal_pointer (&vk->sets));
    if (vk->staging)
      vk->staging_free (g_steal_pointer (&vk->staging));
    if (vk->fence)
      vkDestroyFence (vk->device, vk->fence, NULL);
    if (vk->command_pool)
      vkDestroyCommandPool (vk->device, vk->command_pool, NULL);
    vkDestroyDevice (vk->device, NULL);
  }
  if (vk->messenger) {
    PFN_vkDestroyDebugUtilsMessengerEXT destroy =
        (PFN_vkDestroyDebugUtilsMessengerEXT) vkGetInstanceProcAddr (vk->instance, "vkDestroyDebugUtilsMessengerEXT");
    if (destroy)
      destroy (vk->instance, vk->messenger, NULL);
  }
  if (vk->instance)
    vkDestroyInstance (vk->instance, NULL);
  g_free (vk->name);
  g_free (vk);
}

static int
find_memory_type (DraftdVk *vk, guint32 bits, VkMemoryPropertyFlags want)
{
  for (guint32 i = 0; i < vk->mem_props.memoryTypeCount; i++)
    if ((bits & (1u << i)) && (vk->mem_props.memoryTypes[i].propertyFlags & want) == want)
      return i;
  return -1;
}

gboolean
draftd_vk_buffer_init (DraftdVk *vk, DraftdVkBuffer *buf, VkDeviceSize size, gboolean host_visible, GError **error)
{
  memset (buf, 0, sizeof *buf);
  /* Whole 16-byte texels, so the texel view covers every byte (a tensor's scales need not). */
  size = (MAX (size, 16) + 15) & ~(VkDeviceSize) 15;
  buf->size = size;
  static guint64 next_serial;
  buf->serial = __atomic_add_fetch (&next_serial, 1, __ATOMIC_RELAXED);
  VkBufferCreateInfo bci = {
    .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
    .size = size,
    .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT |
             VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
    .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
  };
  if (!draftd_vk_check (vkCreateBuffer (vk->device, &bci, NULL, &buf->buffer), "vkCreateBuffer", error))
    return FALSE;
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements (vk->device, buf->buffer, &req);
  int type = host_visible
                 ? find_memory_type (vk, req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT | VK_MEMORY_PROPERTY_HOST_CACHED_BIT)
                 : find_memory_type (vk, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  if (type < 0 && host_visible)
    type = find_memory_type (vk, req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  if (type < 0)
    type = find_memory_type (vk, req.memoryTypeBits, 0);
  VkMemoryAllocateInfo mai = {
    .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
    .allocationSize = req.size,
    .memoryTypeIndex = type,
  };
  if (type < 0 || !draftd_vk_check (vkAllocateMemory (vk->device, &mai, NULL, &buf->memory), "vkAllocateMemory", error)) {
    if (type < 0)
      g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_FAILED, "no memory type for a buffer");
    draftd_vk_buffer_clear (vk, buf);
    return FALSE;
  }
  buf->allocated = req.size;
  __atomic_add_fetch (&vk->allocated, req.size, __ATOMIC_RELAXED);
  if (!draftd_vk_check (vkBindBufferMemory (vk->device, buf->buffer, buf->memory, 0), "vkBindBufferMemory", error) ||
      (host_visible && !draftd_vk_check (vkMapMemory (vk->device, buf->memory, 0, VK_WHOLE_SIZE, 0, &buf->mapped), "vkMapMemory", error))) {
    draftd_vk_buffer_clear (vk, buf);
    return FALSE;
  }
  /* Only a device whose kernels read through views gets them (vk->texel_loads). */
  if (vk->texel_loads && size / 16 <= vk->props.limits.maxTexelBufferElements) {
    VkBufferViewCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
      .buffer = buf->buffer,
      .format = VK_FORMAT_R32G32B32A32_UINT,
      .range = size,
    };
    if (!draftd_vk_check (vkCreateBufferView (vk->device, &vi, NULL, &buf->view), "vkCreateBufferView", error)) {
      draftd_vk_buffer_clear (vk, buf);
      return FALSE;
    }
  }
  return TRUE;
}

void
draftd_vk_buffer_clear (DraftdVk *vk, DraftdVkBuffer *buf)
{
  /* A copy into it may still be in flight (a load that failed half-way). */
  if (buf->buffer && !buf->mapped && vk->staging)
    vk->staging_wait (vk->staging, NULL);
  if (buf->serial && vk->sets)
    draftd_vk_sets_forget (vk->sets, buf->serial);
  if (buf->mapped)
    vkUnmapMemory (vk->device, buf->memory);
  if (buf->view)
    vkDestroyBufferView (vk->device, buf->view, NULL);
  if (buf->buffer)
    vkDestroyBuffer (vk->device, buf->buffer, NULL);
  if (buf->memory)
    vkFreeMemory (vk->device, buf->memory, NULL);
  __atomic_sub_fetch (&vk->allocated, buf->allocated, __ATOMIC_RELAXED);
  memset (buf, 0, sizeof *buf);
}

VkCommandBuffer
draftd_vk_begin (DraftdVk *vk, GError **error)
{
  /* What this submission reads may have been uploaded a moment ago. */
  if (vk->staging && !vk->staging_wait (vk->staging, error))
    return VK_NULL_HANDLE;
  VkCommandBufferAllocateInfo ai = {
    .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
    .commandPool = vk->command_pool,
    .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
    .commandBufferCount = 1,
  };
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  if (!draftd_vk_check (vkAllocateCommandBuffers (vk->device, &ai, &cmd), "vkAllocateCommandBuffers", error))
    return VK_NULL_HANDLE;
  VkCommandBufferBeginInfo bi = {
    .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
  };
  if (!draftd_vk_check (vkBeginCommandBuffer (cmd, &bi), "vkBeginCommandBuffer", error)) {
    vkFreeCommandBuffers (vk->device, vk->command_pool, 1, &cmd);
    return VK_NULL_HANDLE;
  }
  return cmd;
}

gboolean
draftd_vk_submit_wait (DraftdVk *vk, VkCommandBuffer cmd, GError **error)
{
  gboolean ok = draftd_vk_check (vkEndCommandBuffer (cmd), "vkEndCommandBuffer", error);
  if (ok) {
    VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1,
      .pCommandBuffers = &cmd,
    };
    ok = draftd_vk_check (vkResetFences (vk->device, 1, &vk->fence), "vkResetFences", error) &&
         draftd_vk_check (vkQueueSubmit (vk->queue, 1, &si, vk->fence), "vkQueueSubmit", error) &&
         draftd_vk_check (vkWaitForFences (vk->device, 1, &vk->fence, VK_TRUE, UINT64_MAX), "vkWaitForFences", error);
  }
  vkFreeCommandBuffers (vk->device, vk->command_pool, 1, &cmd);
  return ok;
}

gboolean
draftd_vk_fill_zero (DraftdVk *vk, DraftdVkBuffer *dst, GError **error)
{
  VkCommandBuffer cmd = draftd_vk_begin (vk, error);
  if (cmd == VK_NULL_HANDLE)
    return FALSE;
  vkCmdFillBuffer (cmd, dst->buffer, 0, VK_WHOLE_SIZE, 0);
  return draftd_vk_submit_wait (vk, cmd, error);
}
