#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// scores[h][t][j] = q[t][h] · k[j][h / group] * scale for every cached key j <= pos0 + t
// (causal) and, in a sliding-window layer, j >= first_key(t). One invocation per (4 adjacent
// keys, TOKENS adjacent tokens, head): the K cache
// keeps the keys of one dimension side by side, so four keys are one vec4 load, each q value
// is read once for four scores, and each K load serves TOKENS tokens. Each dot product runs
// over head_dim in order, so a score is the same whatever the batch or TOKENS. Scores past a
// token's causal limit (inside the padded row) or before its window are computed but never
// read; a group of four keys before the window of every token it serves is skipped.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TOKENS = 1;
#include "attn_params.glsl"
layout(binding = 0) readonly buffer QKV { float qkv[]; };
layout(binding = 1) readonly buffer KCache { vec4 kc4[]; };
layout(binding = 2) writeonly buffer Scores { vec4 scores4[]; };

void main() {
  const uint j0 = gl_GlobalInvocationID.x * 4u;
  const uint t0 = gl_GlobalInvocationID.y * TOKENS;  // < n_tokens: one row of invocations per TOKENS
  const uint h = gl_GlobalInvocationID.z;
  const uint last = p.n_tokens - 1u;
  if (j0 > p.pos0 + min(t0 + TOKENS - 1u, last) || j0 + 3u < first_key(t0))
    return;
  const uint kvh = h / (p.n_head / p.n_head_kv);
  const uint row4 = p.ctx / 4u;
  const uint kb = kvh * p.head_dim * row4 + j0 / 4u;
  uint qb[TOKENS];
  precise vec4 s[TOKENS];
  [[unroll]] for (uint i = 0u; i < TOKENS; i++) {
    qb[i] = min(t0 + i, last) * p.stride + h * p.head_dim;
    s[i] = vec4(0.0);
  }
  for (uint d = 0u; d < p.head_dim; d++) {
    const vec4 k = kc4[kb + d * row4];
    [[unroll]] for (uint i = 0u; i < TOKENS; i++)
      s[i] = fma(vec4(qkv[qb[i] + d]), k, s[i]);
  }
  [[unroll]] for (uint i = 0u; i < TOKENS; i++) {
    const uint t = t0 + i;
    if (t < p.n_tokens && j0 <= p.pos0 + t)
      scores4[((h * p.n_tokens + t) * p.ctx + j0) / 4u] = s[i] * p.scale;
  }
}
