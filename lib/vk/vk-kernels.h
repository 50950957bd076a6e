/* The compute kernels (embedded SPIR-V) as pipelines with push descriptors, and the C
 * mirrors of their push-constant blocks (see the .glsl files under shaders/). */
#pragma once
#include "lib/vk/vk-device.h"

enum { DRAFTD_WTYPE_F32, DRAFTD_WTYPE_F16, DRAFTD_WTYPE_Q8_0, DRAFTD_WTYPE_Q4_0, DRAFTD_N_WTYPES };
#define DRAFTD_N_TILES 4  /* token tiles 1, 2, 4, 8 */
#define DRAFTD_ATTN_MAX_TOKENS 4  /* tokens one attention invocation serves (registers) */
#define DRAFTD_MATMUL_ADD 1u
#define DRAFTD_MATMUL_BIAS 2u
#define DRAFTD_MATMUL_SWIGLU 4u
#define DRAFTD_MATMUL_GEGLU 8u   /* gelu(A·x) * (B·x), GELU's tanh approximation */

typedef struct {
  guint32 rows, chunks, n_tokens, x_stride, y_stride, y_offset, flags, bias_offset, token0;
} DraftdMatmulParams;

typedef struct {
  guint32 rows, row0, chunks, n_tokens, x_stride;
} DraftdEmbedParams;

typedef struct {
  guint32 n, stride, token0;
  float eps;
  guint32 add;
} DraftdRmsNormParams;
_Static_assert (sizeof (DraftdRmsNormParams) == 20 && G_STRUCT_OFFSET (DraftdRmsNormParams, add) == 16,
                "DraftdRmsNormParams mirrors rmsnorm.comp");

typedef struct {
  guint32 head_dim, qkv_stride, n_head, n_heads;
  float eps;
} DraftdHeadNormParams;
_Static_assert (sizeof (DraftdHeadNormParams) == 20 && G_STRUCT_OFFSET (DraftdHeadNormParams, eps) == 16,
                "DraftdHeadNormParams mirrors head_norm.comp");

typedef struct {
  guint32 n, stride;
  float s;
} DraftdScaleParams;
_Static_assert (sizeof (DraftdScaleParams) == 12 && G_STRUCT_OFFSET (DraftdScaleParams, s) == 8,
                "DraftdScaleParams mirrors scale.comp");

typedef struct {
  guint32 n_tokens, pos0, n_head, n_head_kv, head_dim, qkv_stride, neox, ctx;
} DraftdRopeParams;
_Static_assert (sizeof (DraftdRopeParams) == 32 && G_STRUCT_OFFSET (DraftdRopeParams, ctx) == 28,
                "DraftdRopeParams mirrors rope_kv.comp");

/* shaders/attn_params.glsl, shared by attn_scores.comp and attn_values.comp */
typedef struct {
  guint32 n_tokens, pos0, n_head, n_head_kv, head_dim, stride, ctx;
  float scale;
  guint32 window;  /* sliding window in positions; 0: none */
} DraftdAttnParams;
_Static_assert (sizeof (DraftdAttnParams) == 36 && G_STRUCT_OFFSET (DraftdAttnParams, scale) == 28 &&
                G_STRUCT_OFFSET (DraftdAttnParams, window) == 32, "DraftdAttnParams mirrors attn_params.glsl");

typedef struct {
  guint32 n, stride;
} DraftdArgmaxParams;

typedef struct {
  const char *name;
  guint n_bindings;
  VkDescriptorSetLayout set_layout;
  VkPipelineLayout layout;
  VkPipeline pipeline;
} DraftdKernel;

typedef struct {
  guint32 wg;  /* workgroup width of the 1-D kernels */
  DraftdKernel matmul[DRAFTD_N_WTYPES][DRAFTD_N_TILES];
  DraftdKernel embed[DRAFTD_N_WTYPES];
  /* attention per token tile too: TOKENS = min(tile tokens, DRAFTD_ATTN_MAX_TOKENS) */
  DraftdKernel attn_scores[DRAFTD_N_TILES], attn_values[DRAFTD_N_TILES];
  DraftdKernel rmsnorm, head_norm, scale, rope_kv, argmax;
} DraftdKernels;

typedef struct {
  const DraftdVkBuffer *buf;  /* NULL: bind the dummy buffer */
} DraftdBind;

gboolean draftd_kernels_init (DraftdKernels *k, DraftdVk *vk, GError **error);
void draftd_kernels_clear (DraftdKernels *k, DraftdVk *vk);
/* Largest tile index whose token count is useful for n_tokens. */
guint draftd_kernels_tile_for (guint n_tokens);
guint draftd_kernels_tile_tokens (guint tile);
/* Tokens one attention invocation of a tile serves. */
guint draftd_kernels_attn_tokens (guint tile);

/* Records push descriptors, push constants and a dispatch, then a compute→compute barrier. */
void draftd_kernel_dispatch (DraftdVk *vk, VkCommandBuffer cmd, const DraftdKernel *k,
                             const DraftdVkBuffer *dummy, const DraftdBind *binds, const void *push,
                             guint32 push_size, guint32 gx, guint32 gy, guint32 gz);
