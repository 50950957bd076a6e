#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// out[t][h*head_dim + d] = sum_j w[h][t][j] * v[j][kv_head*head_dim + d] / sums[h][t], with the
// softmax weights and their sums from attn_softmax.comp. One invocation per (4 adjacent output
// elements, TOKENS adjacent tokens): V is read as vec4 and each V load serves TOKENS tokens.
// Each element's accumulation runs over its token's keys in order (keys past a token's causal
// limit or before its sliding window are skipped, not added as zeros), with no
// cross-invocation reduction, so results never depend on the batch or TOKENS.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TOKENS = 1;
#include "attn_params.glsl"
layout(binding = 0) readonly buffer Weights { float w[]; };
layout(binding = 1) readonly buffer VCache { vec4 vc4[]; };
layout(binding = 2) writeonly buffer Out { vec4 o4[]; };
layout(binding = 3) readonly buffer Sums { float sums[]; };

void main() {
  const uint e4 = gl_GlobalInvocationID.x;  // output element / 4
  const uint t0 = gl_GlobalInvocationID.y * TOKENS;  // < n_tokens: one row of invocations per TOKENS
  const uint quads = p.head_dim / 4u;
  if (e4 >= p.n_head * quads)
    return;
  const uint h = e4 / quads;
  const uint kvh = h / (p.n_head / p.n_head_kv);
  const uint kv_quads = p.n_head_kv * quads;
  const uint vbase = kvh * quads + e4 % quads;
  const uint last = p.n_tokens - 1u;
  uint wb[TOKENS];
  uint k0[TOKENS];      // each token's first key (sliding window)
  uint n_keys[TOKENS];  // and one past its last
  precise vec4 acc[TOKENS];
  [[unroll]] for (uint i = 0u; i < TOKENS; i++) {
    const uint t = min(t0 + i, last);
    wb[i] = (h * p.n_tokens + t) * p.ctx;
    k0[i] = first_key(t);
    n_keys[i] = p.pos0 + t + 1u;
    acc[i] = vec4(0.0);
  }
  const uint min_key = k0[0];
  const uint max_keys = n_keys[TOKENS - 1u];
  for (uint j = min_key; j < max_keys; j++) {
    const vec4 v = vc4[j * kv_quads + vbase];
    [[unroll]] for (uint i = 0u; i < TOKENS; i++)
      if (j >= k0[i] && j < n_keys[i])
        acc[i] = fma(vec4(w[wb[i] + j]), v, acc[i]);
  }
  [[unroll]] for (uint i = 0u; i < TOKENS; i++)
    if (t0 + i < p.n_tokens)
      o4[((t0 + i) * p.stride) / 4u + e4] = acc[i] / sums[h * p.n_tokens + min(t0 + i, last)];
}
