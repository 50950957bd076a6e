/* F16/BF16 conversion, Q8_0/Q4_0 (de)quantization, and the dequantization of every other
 * supported type against an independent float64 decoding written from ggml's block layouts. */
#include <math.h>
#include <string.h>
#include "lib/gguf/ggml-types.h"
#include "tests/tap.h"

/* ---- An independent decoding, one value at a time, from ggml-common.h's block layouts.
 * Every product and difference is formed in float64, where it is exact for these operands,
 * then rounded to f32 where ggml's C rounds it, so the result must equal ggml's bit for bit. */

static double
h16 (const guint8 *p)
{
  return draftd_ggml_fp16_to_fp32 ((guint16) (p[0] | p[1] << 8));
}

static float
mul32 (double a, double b)
{
  return (float) (a * b);
}

/* Bits [shift, shift + n) of byte p[i]. */
static guint
bits (const guint8 *p, guint i, guint shift, guint n)
{
  return (p[i] >> shift) & ((1u << n) - 1);
}

/* Q4_K/Q5_K: 12 bytes hold 8 six-bit scales and 8 six-bit mins. Scales and mins 0-3 are
 * the low 6 bits of bytes 0-3 and 4-7; 4-7 take their low 4 bits from the low (scales) or
 * high (mins) nibble of bytes 8-11 and their top 2 bits from the top of bytes 0-3 / 4-7. */
static void
k_scales (const guint8 *s, guint sub, guint *sc, guint *mn)
{
  if (sub < 4) {
    *sc = bits (s, sub, 0, 6);
    *mn = bits (s, sub + 4, 0, 6);
  } else {
    *sc = bits (s, sub + 4, 0, 4) | bits (s, sub - 4, 6, 2) << 4;
    *mn = bits (s, sub + 4, 4, 4) | bits (s, sub, 6, 2) << 4;
  }
}

/* Q3_K's 16 six-bit scales, decoded as ggml does it: as four 32-bit words. */
static int
q3_scale (const guint8 *s, guint sub)
{
  guint32 a[4], tmp;
  memcpy (a, s, 12);
  tmp = a[2];
  guint32 w[4] = {
    (a[0] & 0x0f0f0f0f) | ((tmp & 0x03030303) << 4),
    (a[1] & 0x0f0f0f0f) | (((tmp >> 2) & 0x03030303) << 4),
    ((a[0] >> 4) & 0x0f0f0f0f) | (((tmp >> 4) & 0x03030303) << 4),
    ((a[1] >> 4) & 0x0f0f0f0f) | (((tmp >> 6) & 0x03030303) << 4),
  };
  return (int) ((w[sub / 4] >> (8 * (sub % 4))) & 0xff) - 32;
}

static const int iq4nl[16] = { -127, -104, -83, -65, -49, -35, -22, -10, 1, 13, 25, 38, 53, 69, 89, 113 };

/* Value i of block b of `type`. */
static float
spec_value (guint32 type, const guint8 *b, guint i)
{
  guint lo4 = i < 16 ? 0 : 4, j = i % 16;  /* 32-value blocks: byte j, low/high nibble */
  switch (type) {
  case GGML_TYPE_Q4_1:
    return (float) ((double) mul32 (bits (b + 4, j, lo4, 4), h16 (b)) + h16 (b + 2));
  case GGML_TYPE_Q5_0:
  case GGML_TYPE_Q5_1: {
    gboolean one = type == GGML_TYPE_Q5_1;
    const guint8 *qh = b + (one ? 4 : 2), *qs = b + (one ? 8 : 6);
    int q = (int) (bits (qs, j, lo4, 4) | bits (qh, i / 8, i % 8, 1) << 4);
    return one ? (float) ((double) mul32 (q, h16 (b)) + h16 (b + 2)) : mul32 (q - 16, h16 (b));
  }
  case GGML_TYPE_IQ4_NL:
    return mul32 (h16 (b), iq4nl[bits (b + 2, j, lo4, 4)]);
  case GGML_TYPE_Q2_K: {
    guint sc = b[i / 16];
    float dl = mul32 (h16 (b + 80), sc & 15), ml = mul32 (h16 (b + 82), sc >> 4);
    guint q = bits (b + 16, 32 * (i / 128) + i % 32, 2 * ((i % 128) / 32), 2);
    return (float) ((double) mul32 (dl, q) - ml);
  }
  case GGML_TYPE_Q3_K: {
    float dl = mul32 (h16 (b + 108), q3_scale (b + 96, i / 16));
    int q = (int) bits (b + 32, 32 * (i / 128) + i % 32, 2 * ((i % 128) / 32), 2);
    q -= bits (b, i % 32, i / 32, 1) ? 0 : 4;
    return mul32 (dl, q);
  }
  case GGML_TYPE_Q4_K:
  case GGML_TYPE_Q5_K: {
    gboolean five = type == GGML_TYPE_Q5_K;
    guint sub = i / 32, sc, mn;
    k_scales (b + 4, sub, &sc, &mn);
    guint q = bits (b + (five ? 48 : 16), 32 * (sub / 2) + i % 32, 4 * (sub % 2), 4);
    if (five)
      q |= bits (b + 16, i % 32, sub, 1) << 4;
    return (float) ((double) mul32 (mul32 (h16 (b), sc), q) - mul32 (h16 (b + 2), mn));
  }
  case GGML_TYPE_Q6_K: {
    guint h = i / 128, k = (i % 128) / 32, l = i % 32;
    int q = (int) (bits (b, 64 * h + l + 32 * (k % 2), 4 * (k / 2), 4) | bits (b + 128, 32 * h + l, 2 * k, 2) << 4);
    return mul32 (mul32 (h16 (b + 208), (gint8) b[192 + i / 16]), q - 32);
  }
  default:
    g_assert_not_reached ();
  }
}

/* Random blocks whose fp16 fields are finite: random quants and sub-block scales, which
 * reach every bit of the layout. */
static void
random_block (GRand *r, guint32 type, guint8 *b, guint bytes)
{
  for (guint i = 0; i < bytes; i++)
    b[i] = (guint8) g_rand_int_range (r, 0, 256);
  static const struct { guint32 type; guint at[2]; } fp16[] = {
    { GGML_TYPE_Q4_1, { 0, 2 } }, { GGML_TYPE_Q5_0, { 0, 0 } }, { GGML_TYPE_Q5_1, { 0, 2 } },
    { GGML_TYPE_IQ4_NL, { 0, 0 } }, { GGML_TYPE_Q2_K, { 80, 82 } }, { GGML_TYPE_Q3_K, { 108, 108 } },
    { GGML_TYPE_Q4_K, { 0, 2 } }, { GGML_TYPE_Q5_K, { 0, 2 } }, { GGML_TYPE_Q6_K, { 208, 208 } },
  };
  for (guint k = 0; k < G_N_ELEMENTS (fp16); k++)
    for (guint f = 0; fp16[k].type == type && f < 2; f++) {
      guint16 h = draftd_ggml_fp32_to_fp16 ((float) g_rand_double_range (r, -0.05, 0.05));
      memcpy (b + fp16[k].at[f], &h, 2);
    }
}

static void
test_spec_types (void)
{
  static const guint32 types[] = { GGML_TYPE_Q4_1, GGML_TYPE_Q5_0, GGML_TYPE_Q5_1, GGML_TYPE_IQ4_NL, GGML_TYPE_Q2_K,
                                   GGML_TYPE_Q3_K, GGML_TYPE_Q4_K, GGML_TYPE_Q5_K, GGML_TYPE_Q6_K };
  g_autoptr (GRand) r = g_rand_new_with_seed (1234);
  for (guint t = 0; t < G_N_ELEMENTS (types); t++) {
    guint bv, bb;
    draftd_ggml_type_block (types[t], &bv, &bb);
    const guint n_blocks = 64;
    g_autofree guint8 *blocks = g_malloc (n_blocks * bb);
    for (guint k = 0; k < n_blocks; k++)
      random_block (r, types[t], blocks + k * bb, bb);
    g_autofree float *y = g_new (float, n_blocks * bv);
    draftd_ggml_dequantize (types[t], blocks, y, n_blocks * bv);
    guint wrong = 0, first = 0;
    gboolean varied = FALSE;
    for (guint k = 0; k < n_blocks; k++)
      for (guint i = 0; i < bv; i++) {
        float want = spec_value (types[t], blocks + k * bb, i);
        if (memcmp (&want, &y[k * bv + i], 4) != 0 && wrong++ == 0)
          first = k * bv + i;
        varied |= y[k * bv + i] != y[0];
      }
    tap_ok (wrong == 0 && varied, "%s: %u values of random blocks equal the float64 spec decoding%s", draftd_ggml_type_name (types[t]),
            n_blocks * bv, wrong ? "" : " bit for bit");
    if (wrong)
      tap_diag ("%u differ; first: value %u is %.9g, spec %.9g", wrong, first, y[first],
                spec_value (types[t], blocks + (first / bv) * bb, first % bv));
  }
  /* BF16 and the tables' sizes (ggml-common.h's static asserts). */
  guint16 h[2] = { 0x3f80, 0xc0a0 };
  float f[2];
  draftd_ggml_dequantize (GGML_TYPE_BF16, h, f, 2);
  tap_ok (f[0] == 1.0f && f[1] == -5.0f, "BF16 is the top half of an f32");
  static const struct { guint32 type; guint values, bytes; } sizes[] = {
    { GGML_TYPE_Q4_1, 32, 20 }, { GGML_TYPE_Q5_0, 32, 22 }, { GGML_TYPE_Q5_1, 32, 24 }, { GGML_TYPE_IQ4_NL, 32, 18 },
    { GGML_TYPE_Q2_K, 256, 84 }, { GGML_TYPE_Q3_K, 256, 110 }, { GGML_TYPE_Q4_K, 256, 144 },
    { GGML_TYPE_Q5_K, 256, 176 }, { GGML_TYPE_Q6_K, 256, 210 }, { GGML_TYPE_BF16, 1, 2 },
  };
  gboolean sized = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++) {
    guint v, b;
    sized &= draftd_ggml_type_block (sizes[i].type, &v, &b) && v == sizes[i].values && b == sizes[i].bytes &&
             draftd_ggml_type_supported (sizes[i].type);
  }
  tap_ok (sized, "block sizes of the added types are ggml's, and all are supported");
}

/* A hand-built Q4_K block: d = 0.5, dmin = 0.25; sub-block 0 scale 3, min 2; sub-block 5
 * scale 0x12 + (2 << 4) = 50 and min 0x3 + (1 << 4) = 19 (split across the 12 bytes). */
static void
test_q4_k_by_hand (void)
{
  guint8 b[144] = { 0 };
  guint16 d = draftd_ggml_fp32_to_fp16 (0.5f), dmin = draftd_ggml_fp32_to_fp16 (0.25f);
  memcpy (b, &d, 2);
  memcpy (b + 2, &dmin, 2);
  guint8 *sc = b + 4;
  sc[0] = 3;                  /* scale 0 */
  sc[4] = 2;                  /* min 0 */
  sc[1] = 2u << 6;            /* scale 5's top bits (sub-block 5 - 4 = 1) */
  sc[5] = 1u << 6;            /* min 5's top bits */
  sc[9] = 0x2 | 0x3 << 4;     /* scale 5 low nibble 2, min 5 low nibble 3 */
  b[16 + 0] = 0x07;           /* value 0: low nibble 7 (sub-block 0) */
  b[16 + 64 + 1] = 0x90;      /* value 5 * 32 + 1 = 161: high nibble 9 of byte 64 + 1 */
  float y[256];
  draftd_ggml_dequantize (GGML_TYPE_Q4_K, b, y, 256);
  /* 0.5 * 3 * 7 - 0.25 * 2 = 10; sub-block 5: scale 34, min 19: 0.5 * 34 * 9 - 0.25 * 19 = 148.25. */
  tap_ok (y[0] == 10.0f && y[1] == -0.5f && y[161] == 148.25f && y[160] == -4.75f,
          "Q4_K by hand: %g %g %g %g (want 10 -0.5 148.25 -4.75)", y[0], y[1], y[161], y[160]);
}

static void
test_names_and_bf16 (void)
{
  tap_ok (draftd_ggml_type_block (GGML_TYPE_IQ2_XXS, NULL, NULL) && !draftd_ggml_type_supported (GGML_TYPE_IQ2_XXS) &&
          g_str_equal (draftd_ggml_type_name (GGML_TYPE_IQ2_XXS), "IQ2_XXS"),
          "types draftd cannot compute with are still sized and named");

  /* BF16: the top half of an f32, rounded to nearest even. */
  float bf[4] = { 1.0f, 1.00390625f /* tie: even, down */, 1.01171875f /* tie: even, up */, -3.0e38f };
  guint16 bh[4];
  draftd_ggml_quantize (GGML_TYPE_BF16, bf, bh, 4);
  tap_ok (bh[0] == 0x3f80 && bh[1] == 0x3f80 && bh[2] == 0x3f82 && draftd_ggml_bf16_to_fp32 (bh[3]) < -2.9e38f,
          "BF16 rounds to nearest even (0x%04x 0x%04x 0x%04x)", bh[0], bh[1], bh[2]);
}

/* Known half-precision encodings, and every fp16 value round-tripped. */
static void
test_fp16 (void)
{
  struct { float f; guint16 h; } known[] = {
    { 0.0f, 0x0000 }, { -0.0f, 0x8000 }, { 1.0f, 0x3c00 }, { -2.0f, 0xc000 }, { 65504.0f, 0x7bff },
    { 65520.0f, 0x7c00 }, { 5.9604644775390625e-8f, 0x0001 }, { 6.103515625e-5f, 0x0400 },
    { 0.333333343f, 0x3555 }, { 1.0009765625f, 0x3c01 }, { 1.00048828125f, 0x3c00 /* tie to even */ },
    { 1.00146484375f, 0x3c02 /* tie to even, up */ }, { INFINITY, 0x7c00 }, { 2.98023223876953125e-8f, 0x0000 },
  };
  gboolean all = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (known); i++) {
    guint16 h = draftd_ggml_fp32_to_fp16 (known[i].f);
    if (h != known[i].h) {
      tap_diag ("fp32_to_fp16(%g) = 0x%04x, want 0x%04x", known[i].f, h, known[i].h);
      all = FALSE;
    }
  }
  tap_ok (all, "fp32 -> fp16 rounds to nearest even, handles subnormals, overflow");
  all = TRUE;
  for (guint32 h = 0; h < 0x10000; h++) {
    float f = draftd_ggml_fp16_to_fp32 (h);
    if (isnan (f))
      continue;
    if (draftd_ggml_fp32_to_fp16 (f) != h)
      all = FALSE;
  }
  tap_ok (all, "every non-NaN fp16 survives fp16 -> fp32 -> fp16");
  tap_ok (isnan (draftd_ggml_fp16_to_fp32 (draftd_ggml_fp32_to_fp16 (NAN))), "NaN stays NaN");
}

/* Q8_0 (d = amax/127, q = round(x/d)) and Q4_0 (d = max/-8 with max the signed value of largest
 * magnitude, q = min(15, x/d + 8.5)) by hand. */
static void
test_q8_0_q4_0 (void)
{
  float x[64];
  for (int i = 0; i < 64; i++)
    x[i] = sinf (i * 0.37f) * (i < 32 ? 3.0f : 0.01f);
  guint8 q8[2 * sizeof (BlockQ8_0)];
  draftd_ggml_quantize (GGML_TYPE_Q8_0, x, q8, 64);
  BlockQ8_0 b0;
  memcpy (&b0, q8, sizeof b0);
  float amax = 0;
  for (int i = 0; i < 32; i++)
    amax = fmaxf (amax, fabsf (x[i]));
  tap_ok (b0.d == draftd_ggml_fp32_to_fp16 (amax / 127.0f), "Q8_0 scale is amax/127 in fp16");
  gboolean qok = TRUE;
  for (int i = 0; i < 32; i++)
    qok &= b0.qs[i] == (gint8) roundf (x[i] / (amax / 127.0f));
  tap_ok (qok, "Q8_0 quants are round(x/d)");
  float y[64];
  draftd_ggml_dequantize (GGML_TYPE_Q8_0, q8, y, 64);
  float err = 0;
  for (int i = 0; i < 64; i++)
    err = fmaxf (err, fabsf (y[i] - x[i]) / (i < 32 ? 3.0f : 0.01f));
  tap_ok (err < 0.01f, "Q8_0 round trip error %.5f of the block range", err);

  guint8 q4[2 * sizeof (BlockQ4_0)];
  draftd_ggml_quantize (GGML_TYPE_Q4_0, x, q4, 64);
  BlockQ4_0 c0;
  memcpy (&c0, q4, sizeof c0);
  float mx = 0, ma = 0;
  for (int i = 0; i < 32; i++)
    if (fabsf (x[i]) > ma)
      ma = fabsf (x[i]), mx = x[i];
  tap_ok (c0.d == draftd_ggml_fp32_to_fp16 (mx / -8.0f), "Q4_0 scale is max/-8 in fp16");
  draftd_ggml_dequantize (GGML_TYPE_Q4_0, q4, y, 64);
  gboolean layout = TRUE;
  float d = draftd_ggml_fp16_to_fp32 (c0.d);
  for (int j = 0; j < 16; j++) {
    layout &= y[j] == ((c0.qs[j] & 15) - 8) * d;
    layout &= y[j + 16] == ((c0.qs[j] >> 4) - 8) * d;
  }
  tap_ok (layout, "Q4_0 low nibbles hold x[0..15], high nibbles x[16..31]");
  err = 0;
  for (int i = 0; i < 32; i++)
    err = fmaxf (err, fabsf (y[i] - x[i]));
  /* Within half a step, except where the opposite extreme clamps at 7 steps: one step. */
  tap_ok (err <= fabsf (d) * 1.0001f, "Q4_0 round trip within one step (%.4f, step %.4f)", err, fabsf (d));
}

int
main (void)
{
  test_fp16 ();
  test_q8_0_q4_0 ();
  guint64 bytes;
  tap_ok (draftd_ggml_row_bytes (GGML_TYPE_Q8_0, 64, &bytes) && bytes == 68, "Q8_0 row bytes");
  tap_ok (!draftd_ggml_row_bytes (GGML_TYPE_Q4_0, 33, &bytes), "partial blocks are rejected");
  tap_ok (!draftd_ggml_row_bytes (GGML_TYPE_F32, G_MAXUINT64 / 2, &bytes), "byte size overflow is rejected");
  tap_ok (draftd_ggml_type_name (4) == NULL && !draftd_ggml_type_block (4, NULL, NULL), "removed type ids are unknown");
  test_names_and_bf16 ();
  test_spec_types ();
  test_q4_k_by_hand ();
  return tap_done ();
}
