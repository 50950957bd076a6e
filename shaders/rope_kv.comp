#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// Rotates Q in place and K into the cache, and copies V into the cache, for n_tokens new
// tokens, each at its own position in its own sequence's slot (token_pos.glsl). cos/sin
// come from a host-computed table (one per RoPE base: Gemma 3's local layers have their
// own) so every device (and the CPU reference) rotates by exactly the same numbers.
// K cache layout [kv_head*head_dim + d][ctx] (keys of one dimension side by side, so the
// score kernel's neighbouring invocations read neighbouring floats); V cache [ctx][kv_dim].
// A sequence's slot is the columns (K) or rows (V) base .. base + its capacity.
layout(local_size_x_id = 0) in;
layout(push_constant) uniform RopeParams {
  uint n_tokens;
  uint n_head;
  uint n_head_kv;
  uint head_dim;
  uint qkv_stride;  // floats between tokens in QKV
  uint neox;        // 1: pairs (j, j + head_dim/2) (NeoX: Qwen2/3, Gemma 3); 0: pairs (2j, 2j+1) (Llama)
  uint ctx;         // cache row stride: every sequence's slot side by side
} p;
layout(binding = 0) buffer QKV { float qkv[]; };
layout(binding = 1) writeonly buffer KCache { float kc[]; };
layout(binding = 2) writeonly buffer VCache { float vc[]; };
layout(binding = 3) readonly buffer RopeTable { vec2 cos_sin[]; };  // [pos][head_dim/2]
#define TOKEN_POS_BINDING 4
#include "token_pos.glsl"

void main() {
  const uint i = gl_GlobalInvocationID.x;
  const uint t = gl_GlobalInvocationID.y;
  const uint half_dim = p.head_dim / 2u;
  const uint q_dim = p.n_head * p.head_dim;
  const uint kv_dim = p.n_head_kv * p.head_dim;
  const uint row = t * p.qkv_stride;
  const uint n_q_pairs = p.n_head * half_dim;
  const uint n_pairs = (p.n_head + p.n_head_kv) * half_dim;
  if (t >= p.n_tokens)
    return;
  const uint pos = pos_of(t);
  const uint col = base_of(t) + pos;
  if (i < n_pairs) {
    const bool is_q = i < n_q_pairs;
    const uint pi = is_q ? i : i - n_q_pairs;
    const uint head = pi / half_dim;
    const uint j = pi % half_dim;
    const uint d0 = p.neox != 0u ? j : 2u * j;
    const uint d1 = p.neox != 0u ? j + half_dim : 2u * j + 1u;
    const uint base = row + (is_q ? 0u : q_dim) + head * p.head_dim;
    const vec2 cs = cos_sin[pos * half_dim + j];
    const float x0 = qkv[base + d0];
    const float x1 = qkv[base + d1];
    precise float r0 = x0 * cs.x - x1 * cs.y;
    precise float r1 = x0 * cs.y + x1 * cs.x;
    if (is_q) {
      qkv[base + d0] = r0;
      qkv[base + d1] = r1;
    } else {
      kc[(head * p.head_dim + d0) * p.ctx + col] = r0;
      kc[(head * p.head_dim + d1) * p.ctx + col] = r1;
    }
  } else if (i < n_pairs + kv_dim) {
    const uint e = i - n_pairs;
    vc[col * kv_dim + e] = qkv[row + q_dim + kv_dim + e];
  }
}
