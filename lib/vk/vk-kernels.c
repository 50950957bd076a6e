#include "lib/vk/vk-kernels.h"
#include "lib/vk/vk-sets.h"
#include "draftd-spirv.h"
#include <string.h>

G_STATIC_ASSERT (DRAFTD_MAX_BINDINGS <= DRAFTD_VK_SETS_MAX_BINDINGS);

static const guint tile_tokens[DRAFTD_N_TILES] = { 1, 2, 4, 8 };
static const char *const wtype_names[DRAFTD_N_WTYPES] = {
  [DRAFTD_WTYPE_F32] = "f32", [DRAFTD_WTYPE_F16] = "f16", [DRAFTD_WTYPE_Q8_0] = "q8_0", [DRAFTD_WTYPE_Q4_0] = "q4_0",
  [DRAFTD_WTYPE_BF16] = "bf16", [DRAFTD_WTYPE_U4SM] = "u4sm", [DRAFTD_WTYPE_I8S] = "i8s", [DRAFTD_WTYPE_I8SM] = "i8sm",
};

const char *
draftd_wtype_name (guint wtype)
{
  return wtype < DRAFTD_N_WTYPES ? wtype_names[wtype] : "?";
}

guint
draftd_wtype_values_per_chunk (guint wtype)
{
  static const guint vpc[DRAFTD_N_WTYPES] = {
    [DRAFTD_WTYPE_F32] = 4, [DRAFTD_WTYPE_F16] = 8, [DRAFTD_WTYPE_BF16] = 8, [DRAFTD_WTYPE_Q8_0] = 16,
    [DRAFTD_WTYPE_Q4_0] = 32, [DRAFTD_WTYPE_U4SM] = 32, [DRAFTD_WTYPE_I8S] = 16, [DRAFTD_WTYPE_I8SM] = 16,
  };
  return vpc[wtype];
}

gboolean
draftd_wtype_int_dot (guint wtype)
{
  static const gboolean int_dot[DRAFTD_N_WTYPES] = {
    [DRAFTD_WTYPE_Q8_0] = TRUE, [DRAFTD_WTYPE_Q4_0] = TRUE, [DRAFTD_WTYPE_U4SM] = TRUE,
    [DRAFTD_WTYPE_I8S] = TRUE,  [DRAFTD_WTYPE_I8SM] = TRUE,
  };
  return wtype < DRAFTD_N_WTYPES && int_dot[wtype];
}

/* Whether the device runs form t through the integer-dot kernels. */
static gboolean
uses_int_dot (const DraftdKernels *k, guint t)
{
  return k->vk->int_dot && draftd_wtype_int_dot (t);
}

guint
draftd_kernels_tile_tokens (guint tile)
{
  return tile_tokens[tile];
}

guint
draftd_kernels_attn_tokens (guint tile)
{
  return MIN (tile_tokens[tile], DRAFTD_ATTN_MAX_TOKENS);
}

guint
draftd_kernels_attn_splits (guint n_keys)
{
  guint span = DRAFTD_ATTN_SPLIT_KEYS * DRAFTD_ATTN_MAX_SPLITS;
  guint per = DRAFTD_ATTN_SPLIT_KEYS * ((n_keys + span - 1) / span);
  return per ? (n_keys + per - 1) / per : 0;
}

guint
draftd_kernels_tile_for (guint n_tokens)
{
  for (guint i = 0; i < DRAFTD_N_TILES; i++)
    if (tile_tokens[i] >= n_tokens)
      return i;
  return DRAFTD_N_TILES - 1;
}

gboolean
draftd_kernel_init (DraftdKernel *k, DraftdKernels *all, const char *module, guint n_bindings, guint32 push_size,
             guint32 wg, guint32 tile, GError **error)
{
  DraftdVk *vk = all->vk;
  const DraftdSpirv *spv = draftd_spirv_find (module);
  if (spv == NULL || n_bindings > DRAFTD_MAX_BINDINGS) {
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_FAILED, "kernel %s is not built in (shaders/meson.build)",
                 module);
    return FALSE;
  }
  k->name = spv->name;
  k->n_bindings = n_bindings;
  VkDescriptorSetLayoutBinding b[DRAFTD_MAX_BINDINGS];
  for (guint i = 0; i < n_bindings; i++)
    b[i] = (VkDescriptorSetLayoutBinding) {
      i, (k->texel_mask >> i) & 1 ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
      VK_SHADER_STAGE_COMPUTE_BIT, NULL,
    };
  VkDescriptorSetLayoutCreateInfo dli = {
    .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
    .flags = vk->cached_sets ? 0 : VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR,
    .bindingCount = n_bindings,
    .pBindings = b,
  };
  VkPushConstantRange pr = { VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size };
  if (!draftd_vk_check (vkCreateDescriptorSetLayout (vk->device, &dli, NULL, &k->set_layout), "vkCreateDescriptorSetLayout", error))
    return FALSE;
  VkPipelineLayoutCreateInfo pli = {
    .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
    .setLayoutCount = 1,
    .pSetLayouts = &k->set_layout,
    .pushConstantRangeCount = 1,
    .pPushConstantRanges = &pr,
  };
  if (!draftd_vk_check (vkCreatePipelineLayout (vk->device, &pli, NULL, &k->layout), "vkCreatePipelineLayout", error))
    return FALSE;
  VkShaderModuleCreateInfo smi = {
    .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
    .codeSize = spv->size,
    .pCode = spv->code,
  };
  VkShaderModule sm;
  if (!draftd_vk_check (vkCreateShaderModule (vk->device, &smi, NULL, &sm), "vkCreateShaderModule", error))
    return FALSE;
  /* Kernels without a constant of some id ignore its entry. */
  const guint32 spec_data[5] = { wg, tile, k->norm, k->rows, k->shared_vec4 };
  const VkSpecializationMapEntry entries[5] = { { 0, 0, 4 }, { 1, 4, 4 }, { 2, 8, 4 }, { 3, 12, 4 }, { 4, 16, 4 } };
  VkSpecializationInfo si = { 5, entries, sizeof spec_data, spec_data };
  VkComputePipelineCreateInfo ci = {
    .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
    .stage = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
      .stage = VK_SHADER_STAGE_COMPUTE_BIT,
      .module = sm,
      .pName = "main",
      .pSpecializationInfo = &si,
    },
    .layout = k->layout,
  };
  gboolean ok = draftd_vk_check (vkCreateComputePipelines (vk->device, all->cache.cache, 1, &ci, NULL, &k->pipeline),
                                 "vkCreateComputePipelines", error);
  vkDestroyShaderModule (vk->device, sm, NULL);
  if (!ok)
    g_prefix_error (error, "kernel %s: ", module);
  return ok;
}

void
draftd_kernel_clear (DraftdKernel *k, DraftdVk *vk)
{
  if (k->pipeline)
    vkDestroyPipeline (vk->device, k->pipeline, NULL);
  if (k->layout)
    vkDestroyPipelineLayout (vk->device, k->layout, NULL);
  if (k->set_layout)
    vkDestroyDescriptorSetLayout (vk->device, k->set_layout, NULL);
  memset (k, 0, sizeof *k);
}

/* The matmuls of weight form t for every token tile, with the norm fused (NORM) or not,
 * reading storage buffers and, on a texel-loads device, texel views. Lock held. */
static gboolean
build_matmuls (DraftdKernels *k, guint t, guint32 norm, GError **error)
{
  DraftdVk *vk = k->vk;
  g_autofree char *mm = g_strdup_printf ("matmul_%s", wtype_names[t]);
  g_autofree char *mm64 = g_strdup_printf ("matmul_%s%s", wtype_names[t], vk->shader_int64 ? "_i64" : "");
  /* Single-token decode is bound by the weights' loads either way and measured faster with
   * 32-bit ones on lavapipe; multi-token tiles re-read X per token and gain from 64-bit. */
  g_autofree char *mmtx = g_strdup_printf ("matmul_%s_tx", wtype_names[t]);
  for (guint i = 0; i < DRAFTD_N_TILES; i++) {
    DraftdKernel *plain = norm ? &k->matmul_norm[t][i] : &k->matmul[t][i];
    DraftdKernel *texel = norm ? &k->matmul_norm_tx[t][i] : &k->matmul_tx[t][i];
    plain->norm = texel->norm = norm;
    if (!draftd_kernel_init (plain, k, tile_tokens[i] > 1 ? mm64 : mm, DRAFTD_MATMUL_BINDINGS,
                             sizeof (DraftdMatmulParams), k->wg, tile_tokens[i], error))
      return FALSE;
    plain->name = draftd_spirv_find (mm)->name;  /* profiles name the weight type only */
    if (!vk->texel_loads)
      continue;
    texel->texel_mask = DRAFTD_MATMUL_TEXEL_BINDINGS;
    if (!draftd_kernel_init (texel, k, mmtx, DRAFTD_MATMUL_BINDINGS, sizeof (DraftdMatmulParams), k->wg,
                             tile_tokens[i], error))
      return FALSE;
    texel->name = plain->name;
  }
  return TRUE;
}

/* Shared memory of a GPU matmul, in vec4s: its trees' area ([lane group][sum][33 floats]) and,
 * tiled, its X tile ([token][32 chunks][chunk's vec4s]); both live in one array, in turn. */
static guint32
gpu_shared_vec4 (guint t, guint32 rows, guint32 tile, gboolean tiled)
{
  guint32 trees = (DRAFTD_GPU_GROUPS * rows * tile * (DRAFTD_GPU_LANES + 1) + 3) / 4;
  guint32 x_tile = tiled ? tile * DRAFTD_GPU_LANES * draftd_wtype_values_per_chunk (t) / 4 : 0;
  return MAX (trees, x_tile);
}

/* One GPU matmul pipeline: `module` with `rows` rows a lane group and `tile` tokens. FALSE
 * with no error where the device's shared memory cannot hold what it needs. */
static gboolean
build_gpu_matmul (DraftdKernels *k, DraftdKernel *kernel, const char *module, guint t, guint32 norm, guint32 rows,
                  guint32 tile, GError **error)
{
  gboolean tiled = g_str_has_prefix (module, "gemm_");
  guint32 vec4s = gpu_shared_vec4 (t, rows, tile, tiled);
  if ((guint64) vec4s * 16 > k->vk->props.limits.maxComputeSharedMemorySize)
    return FALSE;
  kernel->norm = norm;
  kernel->rows = rows;
  kernel->shared_vec4 = vec4s;
  kernel->wg_rows = DRAFTD_GPU_GROUPS * rows;
  kernel->tile_tokens = tile;
  /* The subgroup build where the device has it; profiles name the kernel, not its tree. */
  g_autofree char *built = g_strdup_printf ("%s%s", module, k->vk->subgroup_tree ? "_sg" : "");
  if (!draftd_kernel_init (kernel, k, built, DRAFTD_MATMUL_BINDINGS, sizeof (DraftdMatmulParams),
                           DRAFTD_GPU_GROUPS * DRAFTD_GPU_LANES, tile, error))
    return FALSE;
  kernel->name = draftd_spirv_find (module)->name;
  return TRUE;
}

/* The integer-dot matrix-vector kernels of form t, every token tile. Lock held. */
static gboolean
build_dot_matmuls (DraftdKernels *k, guint t, GError **error)
{
  g_autofree char *mv = g_strdup_printf ("gemv_dot_%s", wtype_names[t]);
  for (guint i = 0; i < DRAFTD_N_TILES; i++) {
    g_autoptr (GError) local = NULL;
    if (!build_gpu_matmul (k, &k->gemv_dot[t][i], mv, t, 0, DRAFTD_GEMV_ROWS, tile_tokens[i], &local)) {
      if (local == NULL)
        g_set_error (&local, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_FAILED, "kernel %s: the device's shared memory "
                     "(%u bytes) is too small", mv, k->vk->props.limits.maxComputeSharedMemorySize);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  }
  return TRUE;
}

/* The GPU family's matmuls of weight form t (vk->gpu_kernels): matrix-vector for every token
 * tile, and tiled where the device's shared memory holds its X tile; the integer-dot ones
 * instead where the device runs the form so (norm then has nothing to build: quant_q8
 * norms). Lock held. */
static gboolean
build_gpu_matmuls (DraftdKernels *k, guint t, guint32 norm, GError **error)
{
  if (uses_int_dot (k, t))
    return norm || build_dot_matmuls (k, t, error);
  g_autofree char *mv = g_strdup_printf ("gemv_%s", wtype_names[t]);
  g_autofree char *mm = g_strdup_printf ("gemm_%s", wtype_names[t]);
  for (guint i = 0; i < DRAFTD_N_TILES; i++) {
    DraftdKernel *kernel = norm ? &k->gemv_norm[t][i] : &k->gemv[t][i];
    g_autoptr (GError) local = NULL;
    if (!build_gpu_matmul (k, kernel, mv, t, norm, DRAFTD_GEMV_ROWS, tile_tokens[i], &local)) {
      if (local == NULL)
        g_set_error (&local, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_FAILED, "kernel %s: the device's shared memory "
                     "(%u bytes) is too small", mv, k->vk->props.limits.maxComputeSharedMemorySize);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  }
  DraftdKernel *tiled = norm ? &k->gemm_norm[t] : &k->gemm[t];
  g_autoptr (GError) local = NULL;
  if (!build_gpu_matmul (k, tiled, mm, t, norm, DRAFTD_GEMM_ROWS, DRAFTD_GEMM_TILE, &local) && local) {
    g_propagate_error (error, g_steal_pointer (&local));
    return FALSE;
  }
  return TRUE;
}

gboolean
draftd_kernels_need_wtype (DraftdKernels *k, guint t, GError **error)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&k->lock);
  if (k->have_wtype[t])
    return TRUE;
  gboolean gpu = k->vk->gpu_kernels;
  g_autofree char *em = g_strdup_printf ("embed_%s%s", wtype_names[t], gpu ? "_rm" : "");
  if (!(gpu ? build_gpu_matmuls (k, t, 0, error) : build_matmuls (k, t, 0, error)) ||
      !draftd_kernel_init (&k->embed[t], k, em, DRAFTD_EMBED_BINDINGS, sizeof (DraftdEmbedParams), k->wg, 1, error))
    return FALSE;
  k->have_wtype[t] = TRUE;
  return TRUE;
}

gboolean
draftd_kernels_need_norm (DraftdKernels *k, guint t, GError **error)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&k->lock);
  if (k->have_norm[t])
    return TRUE;
  if (!(k->vk->gpu_kernels ? build_gpu_matmuls (k, t, 1, error) : build_matmuls (k, t, 1, error)))
    return FALSE;
  k->have_norm[t] = TRUE;
  return TRUE;
}

/* The kernels every model needs, whatever its weight types. */
static gboolean
kernels_init_attention (DraftdKernels *k, GError **error)
{
  for (guint i = 0; i < DRAFTD_N_TILES; i++) {
    guint32 tokens = draftd_kernels_attn_tokens (i);
    if (!draftd_kernel_init (&k->attn_scores[i], k, "attn_scores", DRAFTD_ATTN_SCORES_BINDINGS, sizeof (DraftdAttnParams),
                             k->wg, tokens, error) ||
        !draftd_kernel_init (&k->attn_values[i], k, "attn_values", DRAFTD_ATTN_VALUES_BINDINGS, sizeof (DraftdAttnParams),
                             k->wg, tokens, error))
      return FALSE;
    if (!k->vk->texel_loads)
      continue;
    k->attn_scores_tx[i].texel_mask = DRAFTD_ATTN_SCORES_TEXEL_BINDINGS;
    k->attn_values_tx[i].texel_mask = DRAFTD_ATTN_VALUES_TEXEL_BINDINGS;
    if (!draftd_kernel_init (&k->attn_scores_tx[i], k, "attn_scores_tx", DRAFTD_ATTN_SCORES_BINDINGS,
                             sizeof (DraftdAttnParams), k->wg, tokens, error) ||
        !draftd_kernel_init (&k->attn_values_tx[i], k, "attn_values_tx", DRAFTD_ATTN_VALUES_BINDINGS,
                             sizeof (DraftdAttnParams), k->wg, tokens, error))
      return FALSE;
    k->attn_scores_tx[i].name = k->attn_scores[i].name;  /* profiles name the kernel, not its loads */
    k->attn_values_tx[i].name = k->attn_values[i].name;
  }
  return TRUE;
}

/* The GPU attention, the fused head norm + RoPE and the integer-dot kernels' quantization
 * of X, built only where they run. */
static gboolean
kernels_init_flash (DraftdKernels *k, GError **error)
{
  if (!k->vk->gpu_kernels)
    return TRUE;
  if (k->vk->int_dot &&
      !draftd_kernel_init (&k->quant_q8, k, "quant_q8", DRAFTD_QUANT_Q8_BINDINGS, sizeof (DraftdQuantParams), 64, 1,
                           error))
    return FALSE;
  return draftd_kernel_init (&k->attn_flash, k, "attn_flash", DRAFTD_ATTN_FLASH_BINDINGS, sizeof (DraftdFlashParams),
                             k->wg, 1, error) &&
         draftd_kernel_init (&k->attn_combine, k, "attn_combine", DRAFTD_ATTN_COMBINE_BINDINGS,
                             sizeof (DraftdFlashParams), k->wg, 1, error) &&
         draftd_kernel_init (&k->rope_kv_norm, k, "rope_kv_norm", DRAFTD_ROPE_KV_NORM_BINDINGS,
                             sizeof (DraftdRopeNormParams), k->wg, 1, error);
}

static gboolean
kernels_init_common (DraftdKernels *k, GError **error)
{
  if (!kernels_init_attention (k, error) || !kernels_init_flash (k, error))
    return FALSE;
  return draftd_kernel_init (&k->attn_softmax, k, "attn_softmax", DRAFTD_ATTN_SOFTMAX_BINDINGS, sizeof (DraftdAttnParams),
                             k->wg, 1, error) &&
         draftd_kernel_init (&k->rmsnorm, k, "rmsnorm", DRAFTD_RMSNORM_BINDINGS, sizeof (DraftdRmsNormParams), 64, 1,
                      error) &&
         draftd_kernel_init (&k->head_norm, k, "head_norm", DRAFTD_HEAD_NORM_BINDINGS, sizeof (DraftdHeadNormParams),
                      k->wg, 1, error) &&
         draftd_kernel_init (&k->scale, k, "scale", DRAFTD_SCALE_BINDINGS, sizeof (DraftdScaleParams), k->wg, 1, error) &&
         draftd_kernel_init (&k->rope_kv, k, "rope_kv", DRAFTD_ROPE_KV_BINDINGS, sizeof (DraftdRopeParams), k->wg, 1,
                      error) &&
         draftd_kernel_init (&k->argmax, k, "argmax", DRAFTD_ARGMAX_BINDINGS, sizeof (DraftdArgmaxParams),
                            k->vk->gpu_kernels ? DRAFTD_GPU_ARGMAX_WG : 64, 1, error);
}

static void
kernels_free (gpointer data)
{
  DraftdKernels *k = data;
  DraftdVk *vk = k->vk;
  draftd_kernel_clear (&k->argmax, vk);
  draftd_kernel_clear (&k->rope_kv, vk);
  draftd_kernel_clear (&k->scale, vk);
  draftd_kernel_clear (&k->head_norm, vk);
  draftd_kernel_clear (&k->rmsnorm, vk);
  draftd_kernel_clear (&k->attn_softmax, vk);
  draftd_kernel_clear (&k->attn_combine, vk);
  draftd_kernel_clear (&k->attn_flash, vk);
  draftd_kernel_clear (&k->rope_kv_norm, vk);
  draftd_kernel_clear (&k->quant_q8, vk);
  for (int i = DRAFTD_N_TILES - 1; i >= 0; i--) {
    draftd_kernel_clear (&k->attn_values_tx[i], vk);
    draftd_kernel_clear (&k->attn_scores_tx[i], vk);
    draftd_kernel_clear (&k->attn_values[i], vk);
    draftd_kernel_clear (&k->attn_scores[i], vk);
  }
  for (int t = DRAFTD_N_WTYPES - 1; t >= 0; t--) {
    draftd_kernel_clear (&k->embed[t], vk);
    draftd_kernel_clear (&k->gemm_norm[t], vk);
    draftd_kernel_clear (&k->gemm[t], vk);
    for (int i = DRAFTD_N_TILES - 1; i >= 0; i--) {
      draftd_kernel_clear (&k->gemv_dot[t][i], vk);
      draftd_kernel_clear (&k->gemv_norm[t][i], vk);
      draftd_kernel_clear (&k->gemv[t][i], vk);
      draftd_kernel_clear (&k->matmul_norm_tx[t][i], vk);
      draftd_kernel_clear (&k->matmul_norm[t][i], vk);
      draftd_kernel_clear (&k->matmul_tx[t][i], vk);
      draftd_kernel_clear (&k->matmul[t][i], vk);
    }
  }
  draftd_pipeline_cache_close (vk, &k->cache);
  g_mutex_clear (&k->lock);
  g_free (k);
}

DraftdKernels *
draftd_kernels_for_device (DraftdVk *vk, GError **error)
{
  if (vk->kernels)
    return vk->kernels;
  DraftdKernels *k = g_new0 (DraftdKernels, 1);
  k->vk = vk;
  g_mutex_init (&k->lock);
  /* A multiple of the subgroup size, so every subgroup is full. */
  k->wg = MAX (64u, vk->subgroup_size);
  draftd_pipeline_cache_open (vk, &k->cache);
  if (!kernels_init_common (k, error)) {
    kernels_free (k);
    return NULL;
  }
  vk->kernels = k;
  vk->kernels_free = kernels_free;
  return k;
}

const DraftdKernel *
draftd_kernel_pick (const DraftdKernel *texel, const DraftdKernel *plain, const DraftdBind *binds)
{
  if (texel->pipeline == VK_NULL_HANDLE)
    return plain;
  for (guint i = 0; i < texel->n_bindings; i++)
    if (((texel->texel_mask >> i) & 1) && binds[i].buf && binds[i].buf->view == VK_NULL_HANDLE)
      return plain;
  return texel;
}

/* The kernel's bindings: pushed, or a set made once for these buffers (vk->cached_sets). A
 * set the device cannot allocate is out of host memory, where GLib aborts too. */
static void
bind_set (DraftdVk *vk, VkCommandBuffer cmd, const DraftdKernel *k, const DraftdBind *binds, const DraftdVkBuffer *dummy,
          const VkWriteDescriptorSet *writes)
{
  if (!vk->cached_sets) {
    vk->push_descriptor_set (cmd, VK_PIPELINE_BIND_POINT_COMPUTE, k->layout, 0, k->n_bindings, writes);
    return;
  }
  guint64 serials[DRAFTD_MAX_BINDINGS];
  for (guint i = 0; i < k->n_bindings; i++)
    serials[i] = (binds[i].buf ? binds[i].buf : dummy)->serial;
  g_autoptr (GError) error = NULL;
  VkDescriptorSet set = draftd_vk_sets_get (vk->sets, k->set_layout, k->n_bindings, serials, writes, &error);
  if (set == VK_NULL_HANDLE)
    g_error ("descriptor set for %s: %s", k->name, error->message);
  vkCmdBindDescriptorSets (cmd, VK_PIPELINE_BIND_POINT_COMPUTE, k->layout, 0, 1, &set, 0, NULL);
}

void
draftd_kernel_dispatch (DraftdVk *vk, VkCommandBuffer cmd, const DraftdKernel *k, const DraftdVkBuffer *dummy,
                        const DraftdBind *binds, const void *push, guint32 push_size, guint32 gx, guint32 gy,
                        guint32 gz)
{
  VkDescriptorBufferInfo info[DRAFTD_MAX_BINDINGS];
  VkWriteDescriptorSet writes[DRAFTD_MAX_BINDINGS];
  for (guint i = 0; i < k->n_bindings; i++) {
    const DraftdVkBuffer *b = binds[i].buf ? binds[i].buf : dummy;
    info[i] = (VkDescriptorBufferInfo) { b->buffer, 0, b->size };
    gboolean texel = (k->texel_mask >> i) & 1;
    writes[i] = (VkWriteDescriptorSet) {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
      .dstBinding = i,
      .descriptorCount = 1,
      .descriptorType = texel ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
      .pBufferInfo = texel ? NULL : &info[i],
      .pTexelBufferView = texel ? &b->view : NULL,
    };
  }
  vkCmdBindPipeline (cmd, VK_PIPELINE_BIND_POINT_COMPUTE, k->pipeline);
  bind_set (vk, cmd, k, binds, dummy, writes);
  vkCmdPushConstants (cmd, k->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size, push);
  vkCmdDispatch (cmd, gx, gy, gz);
  VkMemoryBarrier mb = {
    .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
    .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
    .dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
  };
  vkCmdPipelineBarrier (cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &mb,
                        0, NULL, 0, NULL);
}
