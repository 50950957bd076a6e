/* Tensor element types as ggml defines them, and conversions to/from F32.
 * Block layouts and rounding follow ggml's reference (non-SIMD) code so that
 * files we write are read identically by llama.cpp and vice versa. */
#pragma once
#include <glib.h>
#include <stdint.h>

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
  GGML_TYPE_BF16 = 30,
  GGML_TYPE_COUNT_ = 40,
} GgmlType;

#define QK8_0 32
#define QK4_0 32

typedef struct {
  uint16_t d;          /* fp16 scale */
  int8_t qs[QK8_0];    /* x[i] = qs[i] * d */
} BlockQ8_0;           /* 34 bytes */

typedef struct {
  uint16_t d;              /* fp16 scale */
  uint8_t qs[QK4_0 / 2];   /* low nibbles: x[0..15], high nibbles: x[16..31]; value = (q - 8) * d */
} BlockQ4_0;               /* 18 bytes */

/* Name like "Q8_0", or NULL for a type id ggml does not define. */
const char *ggml_type_name (guint32 type);
/* Values per block and bytes per block; FALSE for unknown or unsized types. */
gboolean ggml_type_block (guint32 type, guint *block_values, guint *block_bytes);
/* TRUE for the types draftd computes with (F32, F16, Q8_0, Q4_0). */
gboolean ggml_type_supported (guint32 type);
/* Bytes for n values (n must be a multiple of the block size); FALSE on overflow. */
gboolean ggml_row_bytes (guint32 type, guint64 n, guint64 *bytes);

float ggml_fp16_to_fp32 (uint16_t h);
uint16_t ggml_fp32_to_fp16 (float f);

/* Dequantize n values (n a multiple of the block size) of a supported type. */
void ggml_dequantize (guint32 type, const void *src, float *dst, gsize n);
/* Quantize n floats to F32/F16/Q8_0/Q4_0 exactly as ggml's reference code does. */
void ggml_quantize (guint32 type, const float *src, void *dst, gsize n);
