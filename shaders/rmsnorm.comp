#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// out[t][k] = x[r][k] / sqrt(mean(x[r]^2) + eps) * g[k] for input row r = t0 + t, or with
// gather r = rows[t] (the tokens of a pass that want outputs, wherever their sequences put
// them); with add, out[t][k] += that (Gemma 3's post-attention and post-FFN norms, added to
// the residual stream). One workgroup per token; the partial sums are combined in a fixed
// order, so results never depend on the batch.
layout(local_size_x = 64) in;
layout(push_constant) uniform RmsNormParams {
  uint n;         // elements per token
  uint stride;    // floats between tokens (in and out)
  uint token0;    // first input token row
  float eps;
  uint add;       // 1: add to out instead of overwriting it
  uint gather;    // 1: input rows from `rows` instead of token0..
} p;
layout(binding = 0) readonly buffer XBuf { float x[]; };
layout(binding = 1) readonly buffer GBuf { float g[]; };
layout(binding = 2) buffer OBuf { float o[]; };
layout(binding = 3) readonly buffer Rows { uint rows[]; };
shared float partial[64];
shared float shared_scale;

void main() {
  const uint t = gl_WorkGroupID.x;
  const uint lid = gl_LocalInvocationID.x;
  const uint base = (p.gather != 0u ? rows[t] : p.token0 + t) * p.stride;
  precise float ss = 0.0;
  for (uint k = lid; k < p.n; k += 64u)
    ss = fma(x[base + k], x[base + k], ss);
  partial[lid] = ss;
  barrier();
  // One invocation adds the partial sums and shares the scale: when all 64 added them, a CPU
  // device spent most of the kernel loading the same 64 values 64 times over.
  if (lid == 0u) {
    precise float total = 0.0;
    for (uint i = 0u; i < 64u; i++)
      total += partial[i];
    shared_scale = 1.0 / sqrt(total / float(p.n) + p.eps);
  }
  barrier();
  const float scale = shared_scale;
  for (uint k = lid; k < p.n; k += 64u) {
    precise float v = (x[base + k] * scale) * g[k];
    if (p.add != 0u)
      v += o[t * p.stride + k];
    o[t * p.stride + k] = v;
  }
}
