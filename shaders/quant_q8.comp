#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// X quantized once for the integer-dot matmuls (matmul_gpu.glsl built with INT_DOT): each
// block of 32 values of a token becomes 32 16-bit integers Q = round(v / d), d = max |v| /
// 32512 (127 * 256), held as two int8 planes, Q = 256 hi + lo with hi = round(Q / 256) in
// -127..127 and lo in -128..127, so that the kernels' packed 4x8-bit dot products give the
// exact integer 256 dot(w, hi) + dot(w, lo). One 8-bit plane alone (ggml's q8_1, llama.cpp's
// CPU Q8_0/Q8_K) moves logits by 2-3% of the largest one, as much as the top-2 gaps greedy
// decoding turns on (docs/performance.md); 16 bits keep X within 2^-16 of its block's
// largest value, well inside the reference tests' tolerance. Rounding is half away from
// zero (C's roundf) whatever the device's round() does with halves. With norm, v is
// rmsnorm.comp's output, computed with its very operations (the same partial sums, the same
// order, the same x * scale * g), so a fused norm and a norm of its own quantize the same
// values.
//
// One workgroup per token, and every value of a token goes through the same operations
// whatever the pass: a token's blocks are the same bits in every batch.
//
// Output, at the X row's own stride (x_stride / 32 blocks a token): qx[4 b], qx[4 b + 1] hold
// block b's 32 hi bytes (value 4k + j in byte j of word k), qx[4 b + 2], qx[4 b + 3] its 32
// lo bytes the same way; qm[b] = (d, d * sum, d * sum of values 0..15, d * sum of values
// 16..31), the sums of Q.
layout(local_size_x = 64) in;
layout(push_constant) uniform QuantParams {
  uint blocks;     // blocks of 32 to quantize per token
  uint x_stride;   // floats between tokens in X (a multiple of 32)
  uint norm;       // 1: RMS-norm X with the gains first
  uint norm_n;     // norm: elements its mean square covers (the rest are padding)
  float norm_eps;
} p;
layout(binding = 0) readonly buffer XBuf { float x[]; };
layout(binding = 1) readonly buffer GBuf { float g[]; };
layout(binding = 2) writeonly buffer QxBuf { uvec4 qx[]; };
layout(binding = 3) writeonly buffer QmBuf { vec4 qm[]; };
shared float partial[64];
shared float shared_scale;

// rmsnorm.comp's scale of token row `base`.
float norm_scale(const uint base, const uint lid) {
  precise float ss = 0.0;
  for (uint k = lid; k < p.norm_n; k += 64u)
    ss = fma(x[base + k], x[base + k], ss);
  partial[lid] = ss;
  barrier();
  if (lid == 0u) {
    precise float total = 0.0;
    for (uint i = 0u; i < 64u; i++)
      total += partial[i];
    shared_scale = 1.0 / sqrt(total / float(p.norm_n) + p.norm_eps);
  }
  barrier();
  return shared_scale;
}

// Rounded half away from zero (C's roundf, as ggml's quantize_row_q8_1), whatever the
// device's round() does with halves; |v| - floor(|v|) is exact, where |v| + 0.5 may round up.
int round_away(const float v) {
  const float a = abs(v), f = floor(a);
  return int(sign(v) * (a - f >= 0.5 ? f + 1.0 : f));
}

void quantize_block(const uint base, const uint out_base, const uint b, const float scale) {
  precise float v[32];
  float amax = 0.0;
  [[unroll]] for (uint k = 0u; k < 32u; k++) {
    const uint i = b * 32u + k;
    precise float xv = x[base + i];
    if (p.norm != 0u)
      xv = i < p.norm_n ? (xv * scale) * g[i] : 0.0;
    v[k] = xv;
    amax = max(amax, abs(xv));
  }
  const float d = amax / 32512.0;
  const float id = d != 0.0 ? 1.0 / d : 0.0;
  uint hi[8], lo[8];
  int sums[2] = int[2](0, 0);
  [[unroll]] for (uint w = 0u; w < 8u; w++) {
    hi[w] = lo[w] = 0u;
    [[unroll]] for (uint j = 0u; j < 4u; j++) {
      const int q = clamp(round_away(v[4u * w + j] * id), -32512, 32512);
      const int h = (q + 128) >> 8;  // round(q / 256), halves up: q - 256 h in -128..127
      sums[w / 4u] += q;
      hi[w] |= (uint(h) & 0xffu) << (8u * j);
      lo[w] |= (uint(q - 256 * h) & 0xffu) << (8u * j);
    }
  }
  qx[4u * (out_base + b)] = uvec4(hi[0], hi[1], hi[2], hi[3]);
  qx[4u * (out_base + b) + 1u] = uvec4(hi[4], hi[5], hi[6], hi[7]);
  qx[4u * (out_base + b) + 2u] = uvec4(lo[0], lo[1], lo[2], lo[3]);
  qx[4u * (out_base + b) + 3u] = uvec4(lo[4], lo[5], lo[6], lo[7]);
  qm[out_base + b] = vec4(d, d * float(sums[0] + sums[1]), d * float(sums[0]), d * float(sums[1]));
}

void main() {
  const uint t = gl_WorkGroupID.y;
  const uint lid = gl_LocalInvocationID.x;
  const uint base = t * p.x_stride;
  const float scale = p.norm != 0u ? norm_scale(base, lid) : 1.0;
  for (uint b = lid; b < p.blocks; b += 64u)
    quantize_block(base, t * (p.x_stride / 32u), b, scale);
}
