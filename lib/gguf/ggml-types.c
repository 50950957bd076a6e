#include "lib/gguf/ggml-types.h"
#include <math.h>
#include <string.h>

typedef struct {
  const char *name;
  guint block_values;
  guint block_bytes;
} TypeTraits;

static const TypeTraits type_traits[GGML_TYPE_COUNT_] = {
  [GGML_TYPE_F32] = { "F32", 1, 4 },
  [GGML_TYPE_F16] = { "F16", 1, 2 },
  [GGML_TYPE_Q4_0] = { "Q4_0", 32, 18 },
  [GGML_TYPE_Q4_1] = { "Q4_1", 32, 20 },
  [GGML_TYPE_Q5_0] = { "Q5_0", 32, 22 },
  [GGML_TYPE_Q5_1] = { "Q5_1", 32, 24 },
  [GGML_TYPE_Q8_0] = { "Q8_0", 32, 34 },
  [GGML_TYPE_Q8_1] = { "Q8_1", 32, 36 },
  [GGML_TYPE_Q2_K] = { "Q2_K", 256, 84 },
  [GGML_TYPE_Q3_K] = { "Q3_K", 256, 110 },
  [GGML_TYPE_Q4_K] = { "Q4_K", 256, 144 },
  [GGML_TYPE_Q5_K] = { "Q5_K", 256, 176 },
  [GGML_TYPE_Q6_K] = { "Q6_K", 256, 210 },
  [GGML_TYPE_Q8_K] = { "Q8_K", 256, 292 },
  [GGML_TYPE_BF16] = { "BF16", 1, 2 },
};

const char *
ggml_type_name (guint32 type)
{
  return type < GGML_TYPE_COUNT_ ? type_traits[type].name : NULL;
}

gboolean
ggml_type_block (guint32 type, guint *block_values, guint *block_bytes)
{
  if (type >= GGML_TYPE_COUNT_ || type_traits[type].name == NULL)
    return FALSE;
  *block_values = type_traits[type].block_values;
  *block_bytes = type_traits[type].block_bytes;
  return TRUE;
}

gboolean
ggml_type_supported (guint32 type)
{
  return type == GGML_TYPE_F32 || type == GGML_TYPE_F16 || type == GGML_TYPE_Q8_0 ||
         type == GGML_TYPE_Q4_0;
}

gboolean
ggml_row_bytes (guint32 type, guint64 n, guint64 *bytes)
{
  guint bv, bb;
  if (!ggml_type_block (type, &bv, &bb) || n % bv != 0)
    return FALSE;
  guint64 blocks = n / bv;
  if (blocks > G_MAXUINT64 / bb)
    return FALSE;
  *bytes = blocks * bb;
  return TRUE;
}

static inline uint32_t
f32_bits (float f)
{
  uint32_t u;
  memcpy (&u, &f, 4);
  return u;
}

static inline float
bits_f32 (uint32_t u)
{
  float f;
  memcpy (&f, &u, 4);
  return f;
}

float
ggml_fp16_to_fp32 (uint16_t h)
{
  uint32_t sign = (uint32_t) (h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ff;
  if (exp == 0x1f)
    return bits_f32 (sign | 0x7f800000 | (mant << 13));
  if (exp == 0) {
    if (mant == 0)
      return bits_f32 (sign);
    /* Subnormal: value = mant * 2^-24 exactly representable in f32. */
    float v = (float) mant * 5.9604644775390625e-8f;
    return sign ? -v : v;
  }
  return bits_f32 (sign | ((exp + 112) << 23) | (mant << 13));
}

/* Round-to-nearest-even, as F16C's vcvtps2ph and ggml's reference do. */
uint16_t
ggml_fp32_to_fp16 (float f)
{
  uint32_t x = f32_bits (f);
  uint16_t sign = (x >> 16) & 0x8000;
  uint32_t ax = x & 0x7fffffff;
  if (ax > 0x7f800000)
    return sign | 0x7e00 | ((ax >> 13) & 0x3ff);  /* NaN stays NaN */
  if (ax >= 0x477ff000)                             /* rounds to >= 65520: inf */
    return sign | 0x7c00;
  if (ax < 0x38800000) {                            /* below f16's smallest normal */
    /* Subnormal (or zero): count units of 2^-24, rounded to nearest even. */
    return sign | (uint16_t) rintf (bits_f32 (ax) * 16777216.0f);
  }
  uint32_t mant_odd = (ax >> 13) & 1;
  ax += 0xc8000fffu + mant_odd;  /* rebias exponent (-112 << 23) and round */
  return sign | (uint16_t) (ax >> 13);
}

void
ggml_dequantize (guint32 type, const void *src, float *dst, gsize n)
{
  switch (type) {
  case GGML_TYPE_F32:
    memcpy (dst, src, n * sizeof (float));
    break;
  case GGML_TYPE_F16: {
    const uint8_t *s = src;
    for (gsize i = 0; i < n; i++) {
      uint16_t h;
      memcpy (&h, s + 2 * i, 2);
      dst[i] = ggml_fp16_to_fp32 (h);
    }
    break;
  }
  case GGML_TYPE_Q8_0: {
    const uint8_t *s = src;
    for (gsize b = 0; b < n / QK8_0; b++) {
      BlockQ8_0 blk;
      memcpy (&blk, s + b * sizeof (BlockQ8_0), sizeof (BlockQ8_0));
      float d = ggml_fp16_to_fp32 (blk.d);
      for (int j = 0; j < QK8_0; j++)
        dst[b * QK8_0 + j] = blk.qs[j] * d;
    }
    break;
  }
  case GGML_TYPE_Q4_0: {
    const uint8_t *s = src;
    for (gsize b = 0; b < n / QK4_0; b++) {
      BlockQ4_0 blk;
      memcpy (&blk, s + b * sizeof (BlockQ4_0), sizeof (BlockQ4_0));
      float d = ggml_fp16_to_fp32 (blk.d);
      for (int j = 0; j < QK4_0 / 2; j++) {
        dst[b * QK4_0 + j] = ((blk.qs[j] & 0x0f) - 8) * d;
        dst[b * QK4_0 + j + QK4_0 / 2] = ((blk.qs[j] >> 4) - 8) * d;
      }
    }
    break;
  }
  default:
    g_assert_not_reached ();
  }
}

void
ggml_quantize (guint32 type, const float *src, void *dst, gsize n)
{
  switch (type) {
  case GGML_TYPE_F32:
    memcpy (dst, src, n * sizeof (float));
    break;
  case GGML_TYPE_F16: {
    uint8_t *d = dst;
    for (gsize i = 0; i < n; i++) {
      uint16_t h = ggml_fp32_to_fp16 (src[i]);
      memcpy (d + 2 * i, &h, 2);
    }
    break;
  }
  case GGML_TYPE_Q8_0: {
    uint8_t *out = dst;
    for (gsize b = 0; b < n / QK8_0; b++) {
      const float *x = src + b * QK8_0;
      float amax = 0.0f;
      for (int j = 0; j < QK8_0; j++)
        amax = MAX (amax, fabsf (x[j]));
      const float d = amax / 127.0f;
      const float id = d != 0.0f ? 1.0f / d : 0.0f;
      BlockQ8_0 blk;
      blk.d = ggml_fp32_to_fp16 (d);
      for (int j = 0; j < QK8_0; j++)
        blk.qs[j] = (int8_t) roundf (x[j] * id);
      memcpy (out + b * sizeof (BlockQ8_0), &blk, sizeof (BlockQ8_0));
    }
    break;
  }
  case GGML_TYPE_Q4_0: {
    uint8_t *out = dst;
    for (gsize b = 0; b < n / QK4_0; b++) {
      const float *x = src + b * QK4_0;
      float amax = 0.0f, max = 0.0f;
      for (int j = 0; j < QK4_0; j++) {
        if (amax < fabsf (x[j])) {
          amax = fabsf (x[j]);
          max = x[j];
        }
      }
      const float d = max / -8.0f;
      const float id = d != 0.0f ? 1.0f / d : 0.0f;
      BlockQ4_0 blk;
      blk.d = ggml_fp32_to_fp16 (d);
      for (int j = 0; j < QK4_0 / 2; j++) {
        uint8_t x0 = (uint8_t) MIN (15, (int8_t) (x[j] * id + 8.5f));
        uint8_t x1 = (uint8_t) MIN (15, (int8_t) (x[QK4_0 / 2 + j] * id + 8.5f));
        blk.qs[j] = x0 | (uint8_t) (x1 << 4);
      }
      memcpy (out + b * sizeof (BlockQ4_0), &blk, sizeof (BlockQ4_0));
    }
    break;
  }
  default:
    g_assert_not_reached ();
  }
}
