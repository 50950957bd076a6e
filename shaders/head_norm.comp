#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// Per-head RMSNorm of Q and K in place (Qwen3, Gemma 3), before RoPE:
// q[t][h] = q[t][h] / rms(q[t][h]) * g_q and the same for each KV head with g_k. One
// invocation per (head, token) runs over its head in order: a head is short (64-256 values)
// and there are few per token, so a workgroup-wide reduction would cost more than it saves
// (on lavapipe it cost more than RoPE and attention together). The sum's order never
// depends on the batch.
layout(local_size_x_id = 0) in;
layout(push_constant) uniform HeadNormParams {
  uint head_dim;
  uint qkv_stride;  // floats between tokens in QKV
  uint n_head;      // query heads come first in QKV, then n_head_kv key heads
  uint n_heads;     // n_head + n_head_kv
  float eps;
} p;
layout(binding = 0) buffer QKV { float qkv[]; };
layout(binding = 1) readonly buffer Gains { float g[]; };  // [2][head_dim]: q_norm, then k_norm

void main() {
  const uint h = gl_GlobalInvocationID.x;
  const uint t = gl_GlobalInvocationID.y;
  if (h >= p.n_heads)
    return;
  const uint base = t * p.qkv_stride + h * p.head_dim;  // K heads follow the Q heads directly
  const uint gbase = h < p.n_head ? 0u : p.head_dim;
  precise float ss = 0.0;
  for (uint k = 0u; k < p.head_dim; k++)
    ss = fma(qkv[base + k], qkv[base + k], ss);
  const float scale = 1.0 / sqrt(ss / float(p.head_dim) + p.eps);
  for (uint k = 0u; k < p.head_dim; k++)
    qkv[base + k] = (qkv[base + k] * scale) * g[gbase + k];
}
