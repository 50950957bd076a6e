#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// Per-head RMSNorm of Q and K in place (Qwen3, Gemma 3), before RoPE:
// q[t][h] = q[t][h] / rms(q[t][h]) * g_q and the same for each KV head with g_k. One
// workgroup per (head, token); the partial sums are combined in a fixed order, so results
// never depend on the batch.
layout(local_size_x = 64) in;
layout(push_constant) uniform HeadNormParams {
  uint head_dim;
  uint qkv_stride;  // floats between tokens in QKV
  uint n_head;      // query heads come first in QKV, then n_head_kv key heads
  float eps;
} p;
layout(binding = 0) buffer QKV { float qkv[]; };
layout(binding = 1) readonly buffer Gains { float g[]; };  // [2][head_dim]: q_norm, then k_norm
shared float partial[64];

void main() {
  const uint h = gl_WorkGroupID.x;  // 0 .. n_head + n_head_kv - 1
  const uint t = gl_WorkGroupID.y;
  const uint lid = gl_LocalInvocationID.x;
  const uint base = t * p.qkv_stride + h * p.head_dim;  // K heads follow the Q heads directly
  const uint gbase = h < p.n_head ? 0u : p.head_dim;
  precise float ss = 0.0;
  for (uint k = lid; k < p.head_dim; k += 64u)
    ss = fma(qkv[base + k], qkv[base + k], ss);
  partial[lid] = ss;
  barrier();
  precise float total = 0.0;
  for (uint i = 0u; i < 64u; i++)
    total += partial[i];
  const float scale = 1.0 / sqrt(total / float(p.head_dim) + p.eps);
  for (uint k = lid; k < p.head_dim; k += 64u)
    qkv[base + k] = (qkv[base + k] * scale) * g[gbase + k];
}
