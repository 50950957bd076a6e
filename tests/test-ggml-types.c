/* F16 conversion and Q8_0/Q4_0 (de)quantization against ggml's definitions. */
#include <math.h>
#include <string.h>
#include "lib/gguf/ggml-types.h"
#include "tests/tap.h"

int
main (void)
{
  /* Known half-precision encodings. */
  struct { float f; guint16 h; } known[] = {
    { 0.0f, 0x0000 }, { -0.0f, 0x8000 }, { 1.0f, 0x3c00 }, { -2.0f, 0xc000 }, { 65504.0f, 0x7bff },
    { 65520.0f, 0x7c00 }, { 5.9604644775390625e-8f, 0x0001 }, { 6.103515625e-5f, 0x0400 },
    { 0.333333343f, 0x3555 }, { 1.0009765625f, 0x3c01 }, { 1.00048828125f, 0x3c00 /* tie to even */ },
    { 1.00146484375f, 0x3c02 /* tie to even, up */ }, { INFINITY, 0x7c00 }, { 2.98023223876953125e-8f, 0x0000 },
  };
  gboolean all = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (known); i++) {
    guint16 h = ggml_fp32_to_fp16 (known[i].f);
    if (h != known[i].h) {
      tap_diag ("fp32_to_fp16(%g) = 0x%04x, want 0x%04x", known[i].f, h, known[i].h);
      all = FALSE;
    }
  }
  tap_ok (all, "fp32 -> fp16 rounds to nearest even, handles subnormals, overflow");
  all = TRUE;
  for (guint32 h = 0; h < 0x10000; h++) {
    float f = ggml_fp16_to_fp32 (h);
    if (isnan (f))
      continue;
    if (ggml_fp32_to_fp16 (f) != h)
      all = FALSE;
  }
  tap_ok (all, "every non-NaN fp16 survives fp16 -> fp32 -> fp16");
  tap_ok (isnan (ggml_fp16_to_fp32 (ggml_fp32_to_fp16 (NAN))), "NaN stays NaN");

  /* Q8_0: d = amax/127, q = round(x/d). */
  float x[64];
  for (int i = 0; i < 64; i++)
    x[i] = sinf (i * 0.37f) * (i < 32 ? 3.0f : 0.01f);
  guint8 q8[2 * sizeof (BlockQ8_0)];
  ggml_quantize (GGML_TYPE_Q8_0, x, q8, 64);
  BlockQ8_0 b0;
  memcpy (&b0, q8, sizeof b0);
  float amax = 0;
  for (int i = 0; i < 32; i++)
    amax = fmaxf (amax, fabsf (x[i]));
  tap_ok (b0.d == ggml_fp32_to_fp16 (amax / 127.0f), "Q8_0 scale is amax/127 in fp16");
  gboolean qok = TRUE;
  for (int i = 0; i < 32; i++)
    qok &= b0.qs[i] == (gint8) roundf (x[i] / (amax / 127.0f));
  tap_ok (qok, "Q8_0 quants are round(x/d)");
  float y[64];
  ggml_dequantize (GGML_TYPE_Q8_0, q8, y, 64);
  float err = 0;
  for (int i = 0; i < 64; i++)
    err = fmaxf (err, fabsf (y[i] - x[i]) / (i < 32 ? 3.0f : 0.01f));
  tap_ok (err < 0.01f, "Q8_0 round trip error %.5f of the block range", err);

  /* Q4_0: d = max/-8 (max = signed value of largest magnitude), q = min(15, x/d + 8.5). */
  guint8 q4[2 * sizeof (BlockQ4_0)];
  ggml_quantize (GGML_TYPE_Q4_0, x, q4, 64);
  BlockQ4_0 c0;
  memcpy (&c0, q4, sizeof c0);
  float mx = 0, ma = 0;
  for (int i = 0; i < 32; i++)
    if (fabsf (x[i]) > ma)
      ma = fabsf (x[i]), mx = x[i];
  tap_ok (c0.d == ggml_fp32_to_fp16 (mx / -8.0f), "Q4_0 scale is max/-8 in fp16");
  ggml_dequantize (GGML_TYPE_Q4_0, q4, y, 64);
  gboolean layout = TRUE;
  float d = ggml_fp16_to_fp32 (c0.d);
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

  guint64 bytes;
  tap_ok (ggml_row_bytes (GGML_TYPE_Q8_0, 64, &bytes) && bytes == 68, "Q8_0 row bytes");
  tap_ok (!ggml_row_bytes (GGML_TYPE_Q4_0, 33, &bytes), "partial blocks are rejected");
  tap_ok (!ggml_row_bytes (GGML_TYPE_F32, G_MAXUINT64 / 2, &bytes), "byte size overflow is rejected");
  tap_ok (ggml_type_name (4) == NULL && !ggml_type_block (4, NULL, NULL), "removed type ids are unknown");
  return tap_done ();
}
