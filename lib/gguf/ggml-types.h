/* Tensor element types as ggml defines them, and conversions to/from F32.
 * Block layouts and rounding follow ggml's reference (non-SIMD) code so that
 * files we write are read identically by llama.cpp and vice versa. */
#pragma once
#include <glib.h>
#include <stdint.h>

/* ggml's type ids (ggml.h); gaps are ids ggml has retired. */
typedef enum {
  GGML_TYPE_F32 = 0,
  GGML_TYPE_F16 = 1,
  GGML_TYPE_Q4_0 = 2,
  GGML_TYPE_Q4_1 = 3,
  GGML_TYPE_Q5_0 = 6,
  GGML_TYPE_Q5_1 = 7,
  GGML_TYPE_Q8_0 = 8,
  GGML_TYPE_Q8_1 = 9,
  GGML_TYPE_Q2_K = 10,
  GGML_TYPE_Q3_K = 11,
  GGML_TYPE_Q4_K = 12,
  GGML_TYPE_Q5_K = 13,
  GGML_TYPE_Q6_K = 14,
  GGML_TYPE_Q8_K = 15,
  GGML_TYPE_IQ2_XXS = 16,
  GGML_TYPE_IQ2_XS = 17,
  GGML_TYPE_IQ3_XXS = 18,
  GGML_TYPE_IQ1_S = 19,
  GGML_TYPE_IQ4_NL = 20,
  GGML_TYPE_IQ3_S = 21,
  GGML_TYPE_IQ2_S = 22,
  GGML_TYPE_IQ4_XS = 23,
  GGML_TYPE_I8 = 24,
  GGML_TYPE_I16 = 25,
  GGML_TYPE_I32 = 26,
  GGML_TYPE_I64 = 27,
  GGML_TYPE_F64 = 28,
  GGML_TYPE_IQ1_M = 29,
  GGML_TYPE_BF16 = 30,
  GGML_TYPE_TQ1_0 = 34,
  GGML_TYPE_TQ2_0 = 35,
  GGML_TYPE_MXFP4 = 39,
  GGML_TYPE_COUNT_ = 40,
} DraftdGgmlType;

#define QK8_0 32
#define QK4_0 32
#define QK_K 256

typedef struct {
  uint16_t d;          /* fp16 scale */
  int8_t qs[QK8_0];    /* x[i] = qs[i] * d */
} BlockQ8_0;           /* 34 bytes */

typedef struct {
  uint16_t d;              /* fp16 scale */
  uint8_t qs[QK4_0 / 2];   /* low nibbles: x[0..15], high nibbles: x[16..31]; value = (q - 8) * d */
} BlockQ4_0;               /* 18 bytes */

/* Name like "Q8_0", or NULL for a type id ggml does not define. */
const char *draftd_ggml_type_name (guint32 type);
/* Values per block and bytes per block; FALSE for unknown or unsized types. */
gboolean draftd_ggml_type_block (guint32 type, guint *block_values, guint *block_bytes);
/* TRUE for the types draftd computes with (see DRAFTD_SUPPORTED_TYPES). */
gboolean draftd_ggml_type_supported (guint32 type);
/* "F32, F16, BF16, Q8_0, …": the supported types, for error messages. */
const char *draftd_ggml_supported_type_list (void);
/* Bytes for n values (n must be a multiple of the block size); FALSE on overflow. */
gboolean draftd_ggml_row_bytes (guint32 type, guint64 n, guint64 *bytes);

float draftd_ggml_fp16_to_fp32 (uint16_t h);
uint16_t draftd_ggml_fp32_to_fp16 (float f);
float draftd_ggml_bf16_to_fp32 (uint16_t h);

/* One block of a block-quantized type taken apart into small integers and f32 sub-block
 * scales and mins, such that ggml's dequantized value i is exactly
 *   scale[i / sub_len] * q[i] - min[i / sub_len]
 * with the product and the difference each rounded once (never fused). Every supported
 * quantized type has this form: ggml multiplies an integer by an f32 it derived from the
 * block's fp16 scales (d * sc for the K-quants, whose products are formed here as ggml forms
 * them) and subtracts an f32 min (Q4_1/Q5_1 add theirs: min holds its negation, and
 * a - (-b) is a + b in IEEE arithmetic). Types without a min have min 0. */
typedef struct {
  guint n;            /* values in the block: 32 or 256 */
  guint sub_len;      /* values per scale: 16 or 32 */
  int8_t q[QK_K];
  float scale[QK_K / 16];
  float min[QK_K / 16];
} DraftdGgmlBlockParts;

/* TRUE for the types draftd_ggml_block_parts takes apart. */
gboolean draftd_ggml_type_has_parts (guint32 type);
/* Takes block `block` (the type's own bytes) apart; the type must have parts. */
void draftd_ggml_block_parts (guint32 type, const guint8 *block, DraftdGgmlBlockParts *out);

/* Dequantize n values (n a multiple of the block size) of a supported type. */
void draftd_ggml_dequantize (guint32 type, const void *src, float *dst, gsize n);
/* Quantize n floats to F32/F16/BF16/Q8_0/Q4_0 exactly as ggml's reference code does. */
void draftd_ggml_quantize (guint32 type, const float *src, void *dst, gsize n);
