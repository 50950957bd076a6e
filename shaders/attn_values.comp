#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// out[t][h*head_dim + d] = sum_j softmax(scores[h][t])_j * v[j][kv_head*head_dim + d].
// One invocation per (output element, token); each does its own max/sum over the keys in
// order (no cross-invocation reduction), so results never depend on the batch.
layout(local_size_x_id = 0) in;
layout(push_constant) uniform AttnParams {
  uint n_tokens;
  uint pos0;
  uint n_head;
  uint n_head_kv;
  uint head_dim;
  uint out_stride;  // floats between tokens in the output
  uint ctx;
  float scale;      // unused here; keeps the block identical to the scores kernel's
} p;
layout(binding = 0) readonly buffer Scores { float scores[]; };
layout(binding = 1) readonly buffer VCache { float vc[]; };
layout(binding = 2) writeonly buffer Out { float o[]; };

void main() {
  const uint e = gl_GlobalInvocationID.x;
  const uint t = gl_GlobalInvocationID.y;
  if (t >= p.n_tokens || e >= p.n_head * p.head_dim)
    return;
  const uint h = e / p.head_dim;
  const uint d = e % p.head_dim;
  const uint kvh = h / (p.n_head / p.n_head_kv);
  const uint kv_dim = p.n_head_kv * p.head_dim;
  const uint sb = (h * p.n_tokens + t) * p.ctx;
  const uint n_keys = p.pos0 + t + 1u;
  float m = scores[sb];
  for (uint j = 1u; j < n_keys; j++)
    m = max(m, scores[sb + j]);
  precise float sum = 0.0;
  precise float acc = 0.0;
  for (uint j = 0u; j < n_keys; j++) {
    const float w = exp(scores[sb + j] - m);
    sum += w;
    acc = fma(w, vc[j * kv_dim + kvh * p.head_dim + d], acc);
  }
  o[t * p.out_stride + e] = acc / sum;
}
