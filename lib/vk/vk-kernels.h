/* The compute kernels (embedded SPIR-V) as pipelines with push descriptors, and the C
 * mirrors of their push-constant blocks (see the .glsl files under shaders/). */
#pragma once
#include "lib/vk/vk-device.h"
#include "lib/vk/vk-pipeline-cache.h"

/* Weight forms on the device (lib/runtime/weights.c maps ggml types onto them):
 * U4SM: 4-bit unsigned quants with an f32 scale and min per 32 values (Q4_1, Q4_K);
 * I8S: int8 quants with an f32 scale per 16 values (Q5_0, Q3_K, Q6_K, IQ4_NL);
 * I8SM: int8 quants with an f32 scale and min per 16 values (Q5_1, Q2_K, Q5_K). */
enum {
  DRAFTD_WTYPE_F32,
  DRAFTD_WTYPE_F16,
  DRAFTD_WTYPE_Q8_0,
  DRAFTD_WTYPE_Q4_0,
  DRAFTD_WTYPE_BF16,
  DRAFTD_WTYPE_U4SM,  /* from here on: repacked through DraftdGgmlBlockParts */
  DRAFTD_WTYPE_I8S,
  DRAFTD_WTYPE_I8SM,
  DRAFTD_N_WTYPES
};
/* A weight form's name, as its kernels' names end (gemv_u4sm, matmul_q8_0). */
const char *draftd_wtype_name (guint wtype);
/* Values per 16-byte chunk of a weight form (the kernels' VPC). */
guint draftd_wtype_values_per_chunk (guint wtype);
/* Whether the form's values are integers times a scale (minus a min), which the integer-dot
 * kernels take: Q8_0, Q4_0, U4SM, I8S, I8SM. */
gboolean draftd_wtype_int_dot (guint wtype);
/* Storage-buffer bindings of each kernel (the `binding =` of its .comp/.glsl files). */
enum {
  DRAFTD_MATMUL_BINDINGS = 8,  /* W, scales, X, Y, bias, W_up, scales_up, norm gains */
  /* matmul_*_tx reads W, scales, X, W_up, scales_up and the gains as texel buffers */
  DRAFTD_MATMUL_TEXEL_BINDINGS = (1u << 0) | (1u << 1) | (1u << 2) | (1u << 5) | (1u << 6) | (1u << 7),
  DRAFTD_ATTN_SCORES_TEXEL_BINDINGS = (1u << 0) | (1u << 1),  /* attn_scores_tx: QKV, K cache */
  DRAFTD_ATTN_VALUES_TEXEL_BINDINGS = 1u << 1,                /* attn_values_tx: V cache */
  DRAFTD_EMBED_BINDINGS = 4,   /* W, scales, tokens, X */
  DRAFTD_RMSNORM_BINDINGS = 4,       /* in, gains, out, rows (gather) */
  DRAFTD_HEAD_NORM_BINDINGS = 2,
  DRAFTD_SCALE_BINDINGS = 1,
  DRAFTD_ROPE_KV_BINDINGS = 5,       /* QKV, K cache, V cache, RoPE table, token positions */
  DRAFTD_ROPE_KV_NORM_BINDINGS = 6,  /* the same, and the head norms' gains */
  DRAFTD_ATTN_SCORES_BINDINGS = 4,   /* QKV, K cache, scores, token positions */
  DRAFTD_ATTN_SOFTMAX_BINDINGS = 3,  /* scores (weights in place), sums, token positions */
  DRAFTD_ATTN_VALUES_BINDINGS = 5,   /* weights, V cache, out, sums, token positions */
  DRAFTD_ATTN_FLASH_BINDINGS = 6,    /* QKV, K cache, V cache, out, partials, token positions */
  DRAFTD_ATTN_COMBINE_BINDINGS = 3,  /* partials, out, token positions */
  DRAFTD_ARGMAX_BINDINGS = 2,
  DRAFTD_QUANT_Q8_BINDINGS = 4,      /* X, norm gains, quantized X's int8s, its blocks' d and sums */
  DRAFTD_MAX_BINDINGS = 8,
};
#define DRAFTD_N_TILES 4  /* token tiles 1, 2, 4, 8 */
/* The GPU family's matmuls (shaders/matmul_gpu.glsl): workgroups of DRAFTD_GPU_GROUPS lane
 * groups of DRAFTD_GPU_LANES lanes, which split each row's chunks between them; a lane group
 * computes DRAFTD_GEMV_ROWS rows (matrix-vector, every token tile) or DRAFTD_GEMM_ROWS rows
 * (tiled, DRAFTD_GEMM_TILE tokens a tile, X staged in shared memory). */
#define DRAFTD_GPU_LANES 32u
#define DRAFTD_GPU_GROUPS 4u
#define DRAFTD_GEMV_ROWS 2u
#define DRAFTD_GEMM_ROWS 4u
#define DRAFTD_GEMM_TILE 8u
/* argmax.comp's workgroup in the GPU family: one per token, enough loads in flight to read a
 * 152k-word vocabulary's logits at a fraction of the streaming rate, not one at a time. */
#define DRAFTD_GPU_ARGMAX_WG 512u
#define DRAFTD_ATTN_MAX_TOKENS 4  /* tokens one attention invocation serves (registers) */
/* The GPU attention kernel (attn_flash.comp): head_dim it takes at most (a model with wider
 * heads runs the three CPU-shaped kernels), and its split rule: a token's keys go to splits
 * of DRAFTD_ATTN_SPLIT_KEYS up to DRAFTD_ATTN_MAX_SPLITS splits, beyond that to that many
 * splits of a multiple of DRAFTD_ATTN_SPLIT_KEYS (attn_flash_params.glsl). */
#define DRAFTD_FLASH_MAX_HEAD_DIM 256u
#define DRAFTD_ATTN_SPLIT_KEYS 64u  /* attn_flash.comp's block; 256 left an H100 12 workgroups a layer */
#define DRAFTD_ATTN_MAX_SPLITS 16u
#define DRAFTD_MATMUL_ADD 1u
#define DRAFTD_MATMUL_BIAS 2u
#define DRAFTD_MATMUL_SWIGLU 4u
#define DRAFTD_MATMUL_GEGLU 8u   /* gelu(A·x) * (B·x), GELU's tanh approximation */

typedef struct {
  guint32 rows, chunks, n_tokens, x_stride, y_stride, y_offset, flags, bias_offset, token0;
  guint32 norm_n;  /* the norm's fields: read by the kernels built with `norm` only */
  float norm_eps;
} DraftdMatmulParams;

typedef struct {
  guint32 rows, row0, chunks, n_tokens, x_stride;
} DraftdEmbedParams;

/* shaders/quant_q8.comp: X into 16-bit blocks (two int8 planes) for the integer-dot matmuls */
typedef struct {
  guint32 blocks, x_stride, norm, norm_n;
  float norm_eps;
} DraftdQuantParams;

typedef struct {
  guint32 n, stride, token0;
  float eps;
  guint32 add, gather;
} DraftdRmsNormParams;

typedef struct {
  guint32 head_dim, qkv_stride, n_head, n_heads;
  float eps;
} DraftdHeadNormParams;

typedef struct {
  guint32 n, stride;
  float s;
} DraftdScaleParams;

/* Every token's position and slot come from a buffer (shaders/token_pos.glsl), DraftdTokenPos. */
typedef struct {
  guint32 n_tokens, n_head, n_head_kv, head_dim, qkv_stride, neox, ctx;
} DraftdRopeParams;

/* shaders/rope_kv_norm.comp: DraftdRopeParams and the head norm's eps */
typedef struct {
  guint32 n_tokens, n_head, n_head_kv, head_dim, qkv_stride, neox, ctx;
  float eps;
} DraftdRopeNormParams;

/* shaders/attn_params.glsl, shared by attn_scores.comp, attn_softmax.comp and attn_values.comp */
typedef struct {
  guint32 n_tokens, n_head, n_head_kv, head_dim, stride, ctx, cache_ctx;
  float scale;
  guint32 window;  /* sliding window in positions; 0: none */
} DraftdAttnParams;

/* shaders/attn_flash_params.glsl, shared by attn_flash.comp and attn_combine.comp */
typedef struct {
  guint32 n_tokens, n_head, n_head_kv, head_dim, q_stride, out_stride, cache_ctx;
  float scale;
  guint32 window, split_keys, max_splits, part_splits;
} DraftdFlashParams;

typedef struct {
  guint32 n, stride;
} DraftdArgmaxParams;

/* shaders/token_pos.glsl: a token's position in its sequence, and its sequence's first cache column. */
typedef struct {
  guint32 pos, base;
} DraftdTokenPos;

/* The GLSL blocks are std430 push constants of 4-byte scalars: each struct must be those
 * scalars in the same order with no padding (matmul_params.glsl, embed_params.glsl,
 * quant_q8.comp, rmsnorm.comp, head_norm.comp, scale.comp, rope_kv.comp, rope_kv_norm.comp, attn_params.glsl, attn_flash_params.glsl,
 * argmax.comp). */
#define DRAFTD_PUSH_MIRROR(T, n_fields, last) \
  _Static_assert (sizeof (T) == 4 * (n_fields) && G_STRUCT_OFFSET (T, last) == 4 * ((n_fields) - 1), \
                  #T " mirrors its GLSL push-constant block")
DRAFTD_PUSH_MIRROR (DraftdMatmulParams, 11, norm_eps);
DRAFTD_PUSH_MIRROR (DraftdEmbedParams, 5, x_stride);
DRAFTD_PUSH_MIRROR (DraftdQuantParams, 5, norm_eps);
DRAFTD_PUSH_MIRROR (DraftdRmsNormParams, 6, gather);
DRAFTD_PUSH_MIRROR (DraftdHeadNormParams, 5, eps);
DRAFTD_PUSH_MIRROR (DraftdScaleParams, 3, s);
DRAFTD_PUSH_MIRROR (DraftdRopeParams, 7, ctx);
DRAFTD_PUSH_MIRROR (DraftdRopeNormParams, 8, eps);
DRAFTD_PUSH_MIRROR (DraftdAttnParams, 9, window);
DRAFTD_PUSH_MIRROR (DraftdFlashParams, 12, part_splits);
DRAFTD_PUSH_MIRROR (DraftdTokenPos, 2, base);
DRAFTD_PUSH_MIRROR (DraftdArgmaxParams, 2, stride);

typedef struct {
  const char *name;
  guint n_bindings;
  guint32 texel_mask;        /* bindings that are uniform texel buffers (uvec4 texels) */
  guint32 norm;              /* the matmuls' NORM (constant_id 2), set before it is built */
  guint32 rows;              /* GPU matmuls: rows a lane group computes (constant_id 3) */
  guint32 shared_vec4;       /* GPU matmuls: shared memory in vec4s (constant_id 4) */
  guint32 wg_rows;           /* GPU matmuls: rows a workgroup computes */
  guint32 tile_tokens;       /* GPU matmuls: tokens a workgroup computes (its grid's y is tiles) */
  VkDescriptorSetLayout set_layout;
  VkPipelineLayout layout;
  VkPipeline pipeline;
} DraftdKernel;

typedef struct {
  DraftdVk *vk;
  DraftdPipelineCache cache;              /* on disk between runs; written back when freed */
  GMutex lock;                            /* guards building weight types' kernels */
  gboolean have_wtype[DRAFTD_N_WTYPES];   /* matmul and embed of that type are built */
  gboolean have_norm[DRAFTD_N_WTYPES];    /* and its matmul_norm (built for runners that fuse) */
  guint32 wg;  /* workgroup width of the 1-D kernels */
  DraftdKernel matmul[DRAFTD_N_WTYPES][DRAFTD_N_TILES];
  /* The same through texel views (vk->texel_loads; bindings 0, 1, 2, 5, 6): used where every
   * buffer it reads has a view, else matmul. */
  DraftdKernel matmul_tx[DRAFTD_N_WTYPES][DRAFTD_N_TILES];
  /* Both again with the RMS norm of X fused in (NORM; bound gains at binding 7) */
  DraftdKernel matmul_norm[DRAFTD_N_WTYPES][DRAFTD_N_TILES];
  DraftdKernel matmul_norm_tx[DRAFTD_N_WTYPES][DRAFTD_N_TILES];
  /* On a vk->gpu_kernels device, the matmuls above are not built and these are: the GPU
   * family's matrix-vector kernel per token tile and its tiled kernel (pipeline NULL where
   * the device's shared memory is too small for its X tile), each also with the norm fused.
   * Both give a token the same bits, so the choice between them is speed alone. */
  DraftdKernel gemv[DRAFTD_N_WTYPES][DRAFTD_N_TILES], gemv_norm[DRAFTD_N_WTYPES][DRAFTD_N_TILES];
  DraftdKernel gemm[DRAFTD_N_WTYPES], gemm_norm[DRAFTD_N_WTYPES];
  /* On a vk->int_dot device, for the forms draftd_wtype_int_dot names, these replace gemv,
   * gemm and their norm builds (which are then not built): the integer-dot matrix-vector
   * kernel per token tile (whole tiles too), on X that quant_q8 quantized (and normed). */
  DraftdKernel gemv_dot[DRAFTD_N_WTYPES][DRAFTD_N_TILES];
  DraftdKernel quant_q8;
  /* embed reads the weights in the device's layout (row-major on a gpu_kernels device) */
  DraftdKernel embed[DRAFTD_N_WTYPES];
  /* attention per token tile too: TOKENS = min(tile tokens, DRAFTD_ATTN_MAX_TOKENS) */
  DraftdKernel attn_scores[DRAFTD_N_TILES], attn_values[DRAFTD_N_TILES];
  /* The same through texel views (vk->texel_loads): Q and K (bindings 0, 1), V (binding 1) */
  DraftdKernel attn_scores_tx[DRAFTD_N_TILES], attn_values_tx[DRAFTD_N_TILES];
  DraftdKernel attn_softmax;
  /* The GPU attention (vk->gpu_kernels only): one dispatch, plus attn_combine where a token's
   * keys were split */
  DraftdKernel attn_flash, attn_combine;
  /* head_norm and rope_kv in one dispatch (vk->gpu_kernels only) */
  DraftdKernel rope_kv_norm;
  DraftdKernel rmsnorm, head_norm, scale, rope_kv, argmax;
} DraftdKernels;

typedef struct {
  const DraftdVkBuffer *buf;  /* NULL: bind the dummy buffer */
} DraftdBind;

/* The device's kernels, built on the first call and shared by every model on the device
 * (building pipelines is most of a small model's load time); freed with the device. */
DraftdKernels *draftd_kernels_for_device (DraftdVk *vk, GError **error);
/* Builds the matmul and embedding kernels of weight form `wtype` unless already built:
 * a device compiles the forms its models use, not all eight. */
gboolean draftd_kernels_need_wtype (DraftdKernels *k, guint wtype, GError **error);
/* The same for the matmuls with the norm fused, which only a runner that fuses needs. */
gboolean draftd_kernels_need_norm (DraftdKernels *k, guint wtype, GError **error);
/* Largest tile index whose token count is useful for n_tokens. */
guint draftd_kernels_tile_for (guint n_tokens);
guint draftd_kernels_tile_tokens (guint tile);
/* Tokens one attention invocation of a tile serves. */
guint draftd_kernels_attn_tokens (guint tile);
/* Splits of attn_flash for a token that sees n_keys keys (the split rule, as the kernel's). */
guint draftd_kernels_attn_splits (guint n_keys);

/* Builds kernel `module` (an embedded SPIR-V name) with `n_bindings` storage buffers, a push
 * block of `push_size` bytes and specialization constants 0 = wg (workgroup width), 1 = tile,
 * (and from the kernel's fields 2 = norm, 3 = rows, 4 = shared_vec4) through the device's
 * pipeline cache; draftd_kernel_clear frees it. */
gboolean draftd_kernel_init (DraftdKernel *k, DraftdKernels *all, const char *module, guint n_bindings,
                             guint32 push_size, guint32 wg, guint32 tile, GError **error);
void draftd_kernel_clear (DraftdKernel *k, DraftdVk *vk);

/* `texel` (a kernel reading some bindings through texel views) where it is built and every
 * buffer in `binds` it reads through a view has one (a view spans at most
 * maxTexelBufferElements texels; the dummy always has one), else `plain`. */
const DraftdKernel *draftd_kernel_pick (const DraftdKernel *texel, const DraftdKernel *plain, const DraftdBind *binds);

/* Records push descriptors, push constants and a dispatch, then a compute→compute barrier. */
void draftd_kernel_dispatch (DraftdVk *vk, VkCommandBuffer cmd, const DraftdKernel *k,
                             const DraftdVkBuffer *dummy, const DraftdBind *binds, const void *push,
                             guint32 push_size, guint32 gx, guint32 gy, guint32 gz);
