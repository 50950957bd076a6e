#include "lib/gguf/ggml-types.h"
#include <math.h>
#include <string.h>

/* ggml's values are a rounded product, then a rounded difference: never one fused
 * multiply-add, which gnu11 builds would otherwise be allowed to form. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

typedef struct {
  const char *name;
  guint block_values;
  guint block_bytes;
  gboolean supported;
} TypeTraits;

/* Sizes from ggml-common.h's block structs; every type ggml defines is sized, so a file
 * with types draftd cannot compute with still parses and the model loader can name them. */
static const TypeTraits type_traits[GGML_TYPE_COUNT_] = {
  [GGML_TYPE_F32] = { "F32", 1, 4, TRUE },
  [GGML_TYPE_F16] = { "F16", 1, 2, TRUE },
  [GGML_TYPE_Q4_0] = { "Q4_0", 32, 18, TRUE },
  [GGML_TYPE_Q4_1] = { "Q4_1", 32, 20, TRUE },
  [GGML_TYPE_Q5_0] = { "Q5_0", 32, 22, TRUE },
  [GGML_TYPE_Q5_1] = { "Q5_1", 32, 24, TRUE },
  [GGML_TYPE_Q8_0] = { "Q8_0", 32, 34, TRUE },
  [GGML_TYPE_Q8_1] = { "Q8_1", 32, 36, FALSE },
  [GGML_TYPE_Q2_K] = { "Q2_K", 256, 84, TRUE },
  [GGML_TYPE_Q3_K] = { "Q3_K", 256, 110, TRUE },
  [GGML_TYPE_Q4_K] = { "Q4_K", 256, 144, TRUE },
  [GGML_TYPE_Q5_K] = { "Q5_K", 256, 176, TRUE },
  [GGML_TYPE_Q6_K] = { "Q6_K", 256, 210, TRUE },
  [GGML_TYPE_Q8_K] = { "Q8_K", 256, 292, FALSE },
  [GGML_TYPE_IQ2_XXS] = { "IQ2_XXS", 256, 66, FALSE },
  [GGML_TYPE_IQ2_XS] = { "IQ2_XS", 256, 74, FALSE },
  [GGML_TYPE_IQ3_XXS] = { "IQ3_XXS", 256, 98, FALSE },
  [GGML_TYPE_IQ1_S] = { "IQ1_S", 256, 50, FALSE },
  [GGML_TYPE_IQ4_NL] = { "IQ4_NL", 32, 18, TRUE },
  [GGML_TYPE_IQ3_S] = { "IQ3_S", 256, 110, FALSE },
  [GGML_TYPE_IQ2_S] = { "IQ2_S", 256, 82, FALSE },
  [GGML_TYPE_IQ4_XS] = { "IQ4_XS", 256, 136, FALSE },
  [GGML_TYPE_I8] = { "I8", 1, 1, FALSE },
  [GGML_TYPE_I16] = { "I16", 1, 2, FALSE },
  [GGML_TYPE_I32] = { "I32", 1, 4, FALSE },
  [GGML_TYPE_I64] = { "I64", 1, 8, FALSE },
  [GGML_TYPE_F64] = { "F64", 1, 8, FALSE },
  [GGML_TYPE_IQ1_M] = { "IQ1_M", 256, 56, FALSE },
  [GGML_TYPE_BF16] = { "BF16", 1, 2, TRUE },
  [GGML_TYPE_TQ1_0] = { "TQ1_0", 256, 54, FALSE },
  [GGML_TYPE_TQ2_0] = { "TQ2_0", 256, 66, FALSE },
  [GGML_TYPE_MXFP4] = { "MXFP4", 32, 17, FALSE },
};

const char *
draftd_ggml_type_name (guint32 type)
{
  return type < GGML_TYPE_COUNT_ ? type_traits[type].name : NULL;
}

gboolean
draftd_ggml_type_block (guint32 type, guint *block_values, guint *block_bytes)
{
  if (type >= GGML_TYPE_COUNT_ || type_traits[type].name == NULL)
    return FALSE;
  if (block_values)
    *block_values = type_traits[type].block_values;
  if (block_bytes)
    *block_bytes = type_traits[type].block_bytes;
  return TRUE;
}

gboolean
draftd_ggml_type_supported (guint32 type)
{
  return type < GGML_TYPE_COUNT_ && type_traits[type].supported;
}

const char *
draftd_ggml_supported_type_list (void)
{
  static gsize once = 0;
  static char *list;
  if (g_once_init_enter (&once)) {
    GString *s = g_string_new (NULL);
    for (guint t = 0; t < GGML_TYPE_COUNT_; t++)
      if (type_traits[t].supported)
        g_string_append_printf (s, "%s%s", s->len ? ", " : "", type_traits[t].name);
    list = g_string_free (s, FALSE);
    g_once_init_leave (&once, 1);
  }
  return list;
}

gboolean
draftd_ggml_row_bytes (guint32 type, guint64 n, guint64 *bytes)
{
  guint bv, bb;
  if (!draftd_ggml_type_block (type, &bv, &bb) || n % bv != 0)
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
draftd_ggml_fp16_to_fp32 (uint16_t h)
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
draftd_ggml_fp32_to_fp16 (float f)
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

float
draftd_ggml_bf16_to_fp32 (uint16_t h)
{
  return bits_f32 ((uint32_t) h << 16);
}

static inline float
fp16_at (const guint8 *p)
{
  uint16_t h;
  memcpy (&h, p, 2);
  return draftd_ggml_fp16_to_fp32 (h);
}

/* IQ4_NL's non-linear 4-bit code book (ggml-common.h, kvalues_iq4nl). */
static const int8_t iq4nl_values[16] = { -127, -104, -83, -65, -49, -35, -22, -10, 1, 13, 25, 38, 53, 69, 89, 113 };

/* The 32-value types: one fp16 scale d (and for _1 a min m) before the quants; value j and
 * j + 16 share byte j's low and high nibble; Q5 keeps each value's fifth bit in a 32-bit
 * word qh (bit j for value j). */
static void
parts_32 (guint32 type, const guint8 *b, DraftdGgmlBlockParts *o)
{
  o->n = o->sub_len = 32;
  o->scale[0] = fp16_at (b);
  o->min[0] = 0.0f;
  const guint8 *qs = b + 2;
  guint32 qh = 0;
  int offset = 0;
  switch (type) {
  case GGML_TYPE_Q8_0:
    memcpy (o->q, b + 2, 32);
    return;
  case GGML_TYPE_Q4_0: offset = -8; break;
  case GGML_TYPE_Q4_1: o->min[0] = -fp16_at (b + 2), qs = b + 4; break;
  case GGML_TYPE_Q5_0: memcpy (&qh, b + 2, 4), qs = b + 6, offset = -16; break;
  case GGML_TYPE_Q5_1: o->min[0] = -fp16_at (b + 2), memcpy (&qh, b + 4, 4), qs = b + 8; break;
  case GGML_TYPE_IQ4_NL:
    for (guint j = 0; j < 16; j++) {
      o->q[j] = iq4nl_values[qs[j] & 0xf];
      o->q[j + 16] = iq4nl_values[qs[j] >> 4];
    }
    return;
  default: g_assert_not_reached ();
  }
  qh = GUINT32_FROM_LE (qh);
  for (guint j = 0; j < 16; j++) {
    o->q[j] = (int8_t) (((qs[j] & 0xf) | (((qh >> j) & 1) << 4)) + offset);
    o->q[j + 16] = (int8_t) (((qs[j] >> 4) | (((qh >> (j + 16)) & 1) << 4)) + offset);
  }
}

/* Q2_K (84 bytes): scales[16] (low nibble scale, high nibble min), qs[64], d, dmin. Each
 * 128-value half reads 32 bytes of qs four times, 2 bits deeper each time; a pass yields
 * two 16-value sub-blocks (bytes 0-15, then 16-31). */
static void
parts_q2_k (const guint8 *b, DraftdGgmlBlockParts *o)
{
  const float d = fp16_at (b + 80), dmin = fp16_at (b + 82);
  for (guint s = 0; s < 16; s++) {
    o->scale[s] = d * (float) (b[s] & 0xf);
    o->min[s] = dmin * (float) (b[s] >> 4);
  }
  for (guint i = 0; i < QK_K; i++) {
    guint half = i / 128, shift = 2 * ((i % 128) / 32), l = i % 32;
    o->q[i] = (int8_t) ((b[16 + half * 32 + l] >> shift) & 3);
  }
}

/* Q3_K (110 bytes): hmask[32], qs[64], scales[12] (16 six-bit values, offset 32), d. Low
 * 2 bits as Q2_K; the third bit comes from hmask[i % 32] bit (i / 32), and a clear bit
 * subtracts 4. */
static void
parts_q3_k (const guint8 *b, DraftdGgmlBlockParts *o)
{
  const guint8 *hm = b, *qs = b + 32, *sc = b + 96;
  const float d = fp16_at (b + 108);
  for (guint s = 0; s < 16; s++) {
    guint low = s < 8 ? sc[s] & 0xf : sc[s - 8] >> 4;
    guint high = (sc[8 + s % 4] >> (2 * (s / 4))) & 3;
    o->scale[s] = d * (float) ((int) (low | high << 4) - 32);
    o->min[s] = 0.0f;
  }
  for (guint i = 0; i < QK_K; i++) {
    guint half = i / 128, shift = 2 * ((i % 128) / 32), l = i % 32;
    int q = (qs[half * 32 + l] >> shift) & 3;
    o->q[i] = (int8_t) (q - ((hm[l] >> (i / 32)) & 1 ? 0 : 4));
  }
}

/* Q4_K/Q5_K's twelve bytes of 6-bit scales and mins for eight 32-value sub-blocks. */
static void
k_scale_min (const guint8 *s, guint j, guint *sc, guint *m)
{
  if (j < 4) {
    *sc = s[j] & 63;
    *m = s[j + 4] & 63;
  } else {
    *sc = (s[j + 4] & 0xf) | ((s[j - 4] >> 6) << 4);
    *m = (s[j + 4] >> 4) | ((s[j] >> 6) << 4);
  }
}

/* Q4_K (144 bytes): d, dmin, scales[12], qs[128]; Q5_K (176) adds qh[32] before qs. Each
 * 64-value step reads 32 bytes of qs: low nibbles are sub-block 2k, high nibbles 2k + 1;
 * Q5_K's fifth bit of value l in sub-block s is bit s of qh[l]. */
static void
parts_q45_k (gboolean five, const guint8 *b, DraftdGgmlBlockParts *o)
{
  const float d = fp16_at (b), dmin = fp16_at (b + 2);
  const guint8 *qh = b + 16, *qs = b + (five ? 48 : 16);
  for (guint s = 0; s < 8; s++) {
    guint sc, m;
    k_scale_min (b + 4, s, &sc, &m);
    o->scale[s] = d * (float) sc;
    o->min[s] = dmin * (float) m;
    for (guint l = 0; l < 32; l++) {
      guint q = s % 2 ? qs[(s / 2) * 32 + l] >> 4 : qs[(s / 2) * 32 + l] & 0xf;
      if (five)
        q += (qh[l] >> s) & 1 ? 16 : 0;
      o->q[s * 32 + l] = (int8_t) q;
    }
  }
}

/* Q6_K (210 bytes): ql[128], qh[64], int8 scales[16], d. In each 128-value half, value
 * 32k + l (k < 4, l < 32) takes its low nibble from ql[64h + l + 32 (k % 2)] (low nibble for
 * k < 2, high for k >= 2) and its top 2 bits from qh[32h + l] bits 2k..2k+1; minus 32. */
static void
parts_q6_k (const guint8 *b, DraftdGgmlBlockParts *o)
{
  const float d = fp16_at (b + 208);
  for (guint s = 0; s < 16; s++) {
    o->scale[s] = d * (float) (int8_t) b[192 + s];
    o->min[s] = 0.0f;
  }
  for (guint i = 0; i < QK_K; i++) {
    guint h = i / 128, k = (i % 128) / 32, l = i % 32;
    guint8 ql = b[64 * h + l + 32 * (k % 2)];
    guint lo = k < 2 ? ql & 0xf : ql >> 4;
    guint hi = (b[128 + 32 * h + l] >> (2 * k)) & 3;
    o->q[i] = (int8_t) ((int) (lo | hi << 4) - 32);
  }
}

gboolean
draftd_ggml_type_has_parts (guint32 type)
{
  return draftd_ggml_type_supported (type) && type != GGML_TYPE_F32 && type != GGML_TYPE_F16 && type != GGML_TYPE_BF16;
}

void
draftd_ggml_block_parts (guint32 type, const guint8 *block, DraftdGgmlBlockParts *out)
{
  switch (type) {
  case GGML_TYPE_Q2_K:
    out->n = QK_K, out->sub_len = 16;
    parts_q2_k (block, out);
    break;
  case GGML_TYPE_Q3_K:
    out->n = QK_K, out->sub_len = 16;
    parts_q3_k (block, out);
    break;
  case GGML_TYPE_Q4_K:
  case GGML_TYPE_Q5_K:
    out->n = QK_K, out->sub_len = 32;
    parts_q45_k (type == GGML_TYPE_Q5_K, block, out);
    break;
  case GGML_TYPE_Q6_K:
    out->n = QK_K, out->sub_len = 16;
    parts_q6_k (block, out);
    break;
  default:
    parts_32 (type, block, out);
  }
}

void
draftd_ggml_dequantize (guint32 type, const void *src, float *dst, gsize n)
{
  const uint8_t *s = src;
  switch (type) {
  case GGML_TYPE_F32:
    memcpy (dst, src, n * sizeof (float));
    return;
  case GGML_TYPE_F16:
  case GGML_TYPE_BF16:
    for (gsize i = 0; i < n; i++) {
      uint16_t h;
      memcpy (&h, s + 2 * i, 2);
      dst[i] = type == GGML_TYPE_F16 ? draftd_ggml_fp16_to_fp32 (h) : draftd_ggml_bf16_to_fp32 (h);
    }
    return;
  default:
    break;
  }
  g_return_if_fail (draftd_ggml_type_has_parts (type));
  guint bv, bb;
  draftd_ggml_type_block (type, &bv, &bb);
  DraftdGgmlBlockParts p;
  for (gsize b = 0; b < n / bv; b++) {
    draftd_ggml_block_parts (type, s + b * bb, &p);
    float *y = dst + b * bv;
    for (guint i = 0; i < bv; i++) {
      const float prod = p.scale[i / p.sub_len] * (float) p.q[i];
      y[i] = prod - p.min[i / p.sub_len];
    }
  }
}

void
draftd_ggml_quantize (guint32 type, const float *src, void *dst, gsize n)
{
  switch (type) {
  case GGML_TYPE_F32:
    memcpy (dst, src, n * sizeof (float));
    break;
  case GGML_TYPE_F16: {
    uint8_t *d = dst;
    for (gsize i = 0; i < n; i++) {
      uint16_t h = draftd_ggml_fp32_to_fp16 (src[i]);
      memcpy (d + 2 * i, &h, 2);
    }
    break;
  }
  case GGML_TYPE_BF16: {
    /* Round to nearest even; NaN stays a (quiet) NaN, as draftd_ggml_compute_fp32_to_bf16. */
    uint8_t *d = dst;
    for (gsize i = 0; i < n; i++) {
      uint32_t u = f32_bits (src[i]);
      uint16_t h = (u & 0x7fffffff) > 0x7f800000 ? (uint16_t) ((u >> 16) | 64)
                                                 : (uint16_t) ((u + (0x7fff + ((u >> 16) & 1))) >> 16);
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
      blk.d = draftd_ggml_fp32_to_fp16 (d);
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
      blk.d = draftd_ggml_fp32_to_fp16 (d);
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
