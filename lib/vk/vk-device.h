/* The Vulkan device draftd computes on: instance, physical device choice, one compute
 * queue, buffers and one-shot submissions. */
#pragma once
#include <glib.h>
#include <vulkan/vulkan.h>
#include "lib/vk/vk-error.h"

typedef struct {
  VkInstance instance;
  VkDebugUtilsMessengerEXT messenger;
  VkPhysicalDevice physical;
  VkPhysicalDeviceProperties props;
  VkPhysicalDeviceMemoryProperties mem_props;
  VkDevice device;
  guint32 queue_family;
  VkQueue queue;
  VkCommandPool command_pool;
  VkFence fence;
  PFN_vkCmdPushDescriptorSetKHR push_descriptor_set;
  gboolean validation;
  gboolean timestamps;      /* the queue supports timestamp queries */
  guint64 max_binding;      /* largest storage-buffer range we bind at once */
  guint32 subgroup_size;
  gboolean shader_int64;    /* 64-bit integers in shaders: kernels may load 64-bit words */
  /* The matmuls (weights, scales, X) and attention (Q, K, V) read through uvec4 texel views
   * instead of storage buffers: a CPU device (lavapipe) turns a per-lane storage load into a
   * bounds-checked branch per lane and 32- or 64-bit word, a texel fetch into one vector
   * load per lane. DRAFTD_LOADS=texel|buffer overrides the choice. */
  gboolean texel_loads;
  /* Kernels shaped for a GPU (workgroups that split a row's K across lanes with wide
   * coalesced loads, shared-memory tiles, one attention kernel) instead of the ones shaped
   * for a CPU device (an invocation walks a whole row). Default: every device that is not a
   * CPU; DRAFTD_KERNELS=gpu|cpu overrides, so CI runs the GPU variants on lavapipe. Both
   * families give every token's result bit for bit whatever its batch. */
  gboolean gpu_kernels;
  /* The GPU family's whole tiles of 8 tokens through the tiled kernel (X staged in shared
   * memory) or the matrix-vector kernel of a tile of 8: the same bits either way, so the
   * choice is speed alone. DRAFTD_GEMM=tiled|gemv; default tiled. */
  gboolean tiled_gemm;
  /* VK_KHR_shader_integer_dot_product with shaderIntegerDotProduct, enabled: the GPU family
   * runs the matmuls of integer weight forms on X quantized to 16-bit blocks held as two
   * int8 planes (INT_DOT in shaders/matmul_gpu.glsl, quant_q8.comp). On by default where the
   * device has it; DRAFTD_INT_DOT=0 keeps the float kernels. 16-bit X keeps the reference
   * files' logits within 1e-4 of the largest one and greedy decoding on the exact tokens,
   * where ggml's 8-bit X moved them by 2-3% (docs/performance.md). lavapipe has the feature,
   * unaccelerated (integerDotProduct4x8BitPackedSignedAccelerated 0). */
  gboolean int_dot;
  /* The GPU family's matmuls add their partials' tree's first levels in subgroup shuffles
   * (SUBGROUP_TREE in shaders/matmul_gpu.glsl, the same bits): a device with subgroup
   * shuffles and a power-of-two subgroup size. DRAFTD_SUBGROUP_TREE=0 keeps the whole tree
   * in shared memory. */
  gboolean subgroup_tree;
  /* Kernels bind descriptor sets made once per set of buffers (lib/vk/vk-sets.h) instead of
   * pushing them: a CPU device, where lavapipe maps and unmaps a page for every pushed set.
   * DRAFTD_DESCRIPTORS=push|cached overrides. `sets` is the cache, made with the device. */
  gboolean cached_sets;
  gpointer sets;
  char *name;
  /* Bytes of device memory its buffers hold now (draft status shows each model's), added
   * and taken atomically: lanes allocate from their own threads. */
  guint64 allocated;
  /* The compute pipelines every model on this device shares (lib/vk/vk-kernels.c builds
   * them on first use): freed with the device, after vkDeviceWaitIdle, before the device. */
  gpointer kernels;
  GDestroyNotify kernels_free;
  /* The upload ring (lib/vk/vk-staging.c), made on the first upload: a submission first waits
   * for its copies (wait), and the device frees it (free) before the command pool. */
  gpointer staging;
  gboolean (*staging_wait) (gpointer staging, GError **error);
  GDestroyNotify staging_free;
  gint extra_refs;  /* draftd_vk_ref's, each undone by a draftd_vk_free */
} DraftdVk;

typedef struct {
  VkBuffer buffer;
  VkDeviceMemory memory;
  VkDeviceSize size;
  void *mapped;             /* host-visible buffers stay mapped */
  VkBufferView view;        /* R32G32B32A32_UINT texels over the whole buffer (texel_loads devices) */
  VkDeviceSize allocated;   /* the memory's size, counted in DraftdVk.allocated */
  guint64 serial;           /* unique in the process, never reused: what cached sets bind */
} DraftdVkBuffer;

/* `selector`: NULL (use $DRAFTD_DEVICE, else the best device), a device index, or a
 * case-insensitive substring of the device name. $DRAFTD_VK_VALIDATION=1 enables the
 * Khronos validation layer; every message it reports is counted. */
DraftdVk *draftd_vk_new (const char *selector, GError **error);
/* A shared device: each draftd_vk_ref is undone by one draftd_vk_free; the last one frees. */
DraftdVk *draftd_vk_ref (DraftdVk *vk);
void draftd_vk_free (DraftdVk *vk);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdVk, draftd_vk_free)

/* Validation messages (warnings and errors) seen by any instance in this process. */
guint draftd_vk_validation_messages (void);
/* Whether $DRAFTD_VK_VALIDATION asks for the validation layer (what draftd_vk_new reads). */
gboolean draftd_vk_validation_requested (void);
/* Whether a device has VK_KHR_shader_integer_dot_product with shaderIntegerDotProduct (what
 * vk->int_dot needs, whatever DRAFTD_INT_DOT says). */
gboolean draftd_vk_device_has_int_dot (VkPhysicalDevice pd);
/* Lists devices as "index: name (type)" lines. */
char *draftd_vk_list_devices (GError **error);

gboolean draftd_vk_buffer_init (DraftdVk *vk, DraftdVkBuffer *buf, VkDeviceSize size,
                                gboolean host_visible, GError **error);
void draftd_vk_buffer_clear (DraftdVk *vk, DraftdVkBuffer *buf);
gboolean draftd_vk_fill_zero (DraftdVk *vk, DraftdVkBuffer *dst, GError **error);

VkCommandBuffer draftd_vk_begin (DraftdVk *vk, GError **error);
/* Ends, submits and waits for the command buffer, then frees it. */
gboolean draftd_vk_submit_wait (DraftdVk *vk, VkCommandBuffer cmd, GError **error);
