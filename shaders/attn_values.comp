#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// out[t][h*head_dim + d] = sum_j w[h][t][j] * v[j][kv_head*head_dim + d] / sums[h][t], with the
// softmax weights and their sums from attn_softmax.comp, j over the keys of token t's own
// sequence. One invocation per (4 adjacent output elements, TOKENS adjacent tokens): V is
// read as vec4, and when the TOKENS tokens share a sequence each V load serves all of them
// (tokens of different sequences read their own slots). Each element's accumulation runs
// over its token's keys in order (keys past a token's causal limit or before its sliding
// window are skipped, not added as zeros), with no cross-invocation reduction, so results
// never depend on the batch, its sequences or TOKENS.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TOKENS = 1;
#define TOKEN_POS_BINDING 4
#include "attn_params.glsl"
layout(binding = 0) readonly buffer Weights { float w[]; };
#ifdef TEXEL_LOADS
// V through a 16-byte texel view (a CPU device's fast path, see matmul.glsl).
layout(binding = 1) uniform utextureBuffer vc_t;
#define V4(i) uintBitsToFloat(texelFetch(vc_t, int(i)))
#else
layout(binding = 1) readonly buffer VCache { vec4 vc4[]; };
#define V4(i) vc4[i]
#endif
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
  const uint last = p.n_tokens - 1u;
  uint wb[TOKENS];
  uint vb[TOKENS];      // each token's slot in V, as the index of its key 0's vec4
  uint k0[TOKENS];      // each token's first key (sliding window)
  uint n_keys[TOKENS];  // and one past its last
  precise vec4 acc[TOKENS];
  bool shared_slot = true;
  uint min_key = 0xffffffffu, max_keys = 0u;
  [[unroll]] for (uint i = 0u; i < TOKENS; i++) {
    const uint t = min(t0 + i, last);
    wb[i] = (h * p.n_tokens + t) * p.ctx;
    vb[i] = base_of(t) * kv_quads + kvh * quads + e4 % quads;
    k0[i] = first_key(t);
    n_keys[i] = pos_of(t) + 1u;
    shared_slot = shared_slot && vb[i] == vb[0];
    min_key = min(min_key, k0[i]);
    max_keys = max(max_keys, n_keys[i]);
    acc[i] = vec4(0.0);
  }
  if (shared_slot) {
    for (uint j = min_key; j < max_keys; j++) {
      const vec4 v = V4(vb[0] + j * kv_quads);
      [[unroll]] for (uint i = 0u; i < TOKENS; i++)
        if (j >= k0[i] && j < n_keys[i])
          acc[i] = fma(vec4(w[wb[i] + j]), v, acc[i]);
    }
  } else {
    [[unroll]] for (uint i = 0u; i < TOKENS; i++)
      for (uint j = k0[i]; j < n_keys[i]; j++)
        acc[i] = fma(vec4(w[wb[i] + j]), V4(vb[i] + j * kv_quads), acc[i]);
  }
  [[unroll]] for (uint i = 0u; i < TOKENS; i++)
    if (t0 + i < p.n_tokens)
      o4[((t0 + i) * p.stride) / 4u + e4] = acc[i] / sums[h * p.n_tokens + min(t0 + i, last)];
}
