#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// head_norm.comp and rope_kv.comp in one dispatch (Qwen3, Gemma 3 on the GPU kernels): each
// Q and K head RMS-normed with its gains, rotated, Q in place and K into the cache, and V
// copied into the cache. One invocation per (head, token): a Q/K head's norm is head_norm's
// (the same sum in the same order, the same rounding of the normed value) and its rotation
// rope_kv's, so the results are the two kernels' bits; a V head is copied whole. Layouts,
// positions and slots as in rope_kv.comp.
layout(local_size_x_id = 0) in;
layout(push_constant) uniform RopeNormParams {
  uint n_tokens;
  uint n_head;
  uint n_head_kv;
  uint head_dim;
  uint qkv_stride;  // floats between tokens in QKV
  uint neox;        // 1: pairs (j, j + head_dim/2); 0: pairs (2j, 2j+1)
  uint ctx;         // cache row stride: every sequence's slot side by side
  float eps;        // the head norm's
} p;
layout(binding = 0) buffer QKV { float qkv[]; };
layout(binding = 1) writeonly buffer KCache { float kc[]; };
layout(binding = 2) writeonly buffer VCache { float vc[]; };
layout(binding = 3) readonly buffer RopeTable { vec2 cos_sin[]; };  // [pos][head_dim/2]
#define TOKEN_POS_BINDING 4
#include "token_pos.glsl"
layout(binding = 5) readonly buffer Gains { float g[]; };  // [2][head_dim]: q_norm, then k_norm

void main() {
  const uint h = gl_GlobalInvocationID.x;
  const uint t = gl_GlobalInvocationID.y;
  const uint hd = p.head_dim, half_dim = hd / 2u;
  const uint n_qk = p.n_head + p.n_head_kv;
  const uint kv_dim = p.n_head_kv * hd;
  if (t >= p.n_tokens || h >= n_qk + p.n_head_kv)
    return;
  const uint pos = pos_of(t);
  const uint col = base_of(t) + pos;
  const uint base = t * p.qkv_stride + h * hd;  // Q heads, then K heads, then V heads
  if (h >= n_qk) {
    const uint e0 = (h - n_qk) * hd;
    for (uint d = 0u; d < hd; d++)
      vc[col * kv_dim + e0 + d] = qkv[base + d];
    return;
  }
  const bool is_q = h < p.n_head;
  const uint gbase = is_q ? 0u : hd;
  precise float ss = 0.0;
  for (uint k = 0u; k < hd; k++)
    ss = fma(qkv[base + k], qkv[base + k], ss);
  const float scale = 1.0 / sqrt(ss / float(hd) + p.eps);
  const uint kh = h - p.n_head;
  for (uint j = 0u; j < half_dim; j++) {
    const uint d0 = p.neox != 0u ? j : 2u * j;
    const uint d1 = p.neox != 0u ? j + half_dim : 2u * j + 1u;
    const vec2 cs = cos_sin[pos * half_dim + j];
    const float x0 = (qkv[base + d0] * scale) * g[gbase + d0];
    const float x1 = (qkv[base + d1] * scale) * g[gbase + d1];
    precise float r0 = x0 * cs.x - x1 * cs.y;
    precise float r1 = x0 * cs.y + x1 * cs.x;
    if (is_q) {
      qkv[base + d0] = r0;
      qkv[base + d1] = r1;
    } else {
      kc[(kh * hd + d0) * p.ctx + col] = r0;
      kc[(kh * hd + d1) * p.ctx + col] = r1;
    }
  }
}
