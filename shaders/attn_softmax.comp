#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// scores[h][t][j] = exp(scores[h][t][j] - max_j scores[h][t][j]) over the keys token t sees
// (causal, and inside its sliding window), in place, and sums[h][t] = their sum: the softmax
// weights before the division, which attn_values.comp applies. One invocation per (token,
// head), so each weight is computed once (when every output element computed its own, a
// head's exps were computed head_dim / 4 times). The max and the sum run over the keys in
// order, so results never depend on the batch.
layout(local_size_x_id = 0) in;
#define TOKEN_POS_BINDING 2
#include "attn_params.glsl"
layout(binding = 0) buffer Scores { float scores[]; };
layout(binding = 1) writeonly buffer Sums { float sums[]; };

void main() {
  const uint t = gl_GlobalInvocationID.x;
  const uint h = gl_GlobalInvocationID.y;
  if (t >= p.n_tokens)
    return;
  const uint sb = (h * p.n_tokens + t) * p.ctx;
  const uint k0 = first_key(t);
  const uint n_keys = pos_of(t) + 1u;
  float m = scores[sb + k0];
  for (uint j = k0 + 1u; j < n_keys; j++)
    m = max(m, scores[sb + j]);
  precise float sum = 0.0;
  for (uint j = k0; j < n_keys; j++) {
    const float w = exp(scores[sb + j] - m);
    scores[sb + j] = w;
    sum += w;
  }
  sums[h * p.n_tokens + t] = sum;
}
