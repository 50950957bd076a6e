#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// out[t][h*head_dim + d] = sum_j softmax(scores[h][t])_j * v[j][kv_head*head_dim + d].
// One invocation per (4 adjacent output elements, token): the max and the exp weights of
// the softmax are computed once for the four (the exp is the costly part on CPU devices)
// and V is read as vec4. Each element's max/sum/accumulation runs over the keys in order,
// with no cross-invocation reduction, so results never depend on the batch.
layout(local_size_x_id = 0) in;
layout(push_constant) uniform AttnParams {
  uint n_tokens;
  uint pos0;
  uint n_head;
  uint n_head_kv;
  uint head_dim;    // a multiple of 4
  uint out_stride;  // floats between tokens in the output
  uint ctx;
  float scale;      // unused here; keeps the block identical to the scores kernel's
} p;
layout(binding = 0) readonly buffer Scores { float scores[]; };
layout(binding = 1) readonly buffer VCache { vec4 vc4[]; };
layout(binding = 2) writeonly buffer Out { vec4 o4[]; };

void main() {
  const uint e4 = gl_GlobalInvocationID.x;  // output element / 4
  const uint t = gl_GlobalInvocationID.y;
  const uint quads = p.head_dim / 4u;
  if (t >= p.n_tokens || e4 >= p.n_head * quads)
    return;
  const uint h = e4 / quads;
  const uint kvh = h / (p.n_head / p.n_head_kv);
  const uint kv_quads = p.n_head_kv * quads;
  const uint vbase = kvh * quads + e4 % quads;
  const uint sb = (h * p.n_tokens + t) * p.ctx;
  const uint n_keys = p.pos0 + t + 1u;
  float m = scores[sb];
  for (uint j = 1u; j < n_keys; j++)
    m = max(m, scores[sb + j]);
  precise float sum = 0.0;
  precise vec4 acc = vec4(0.0);
  for (uint j = 0u; j < n_keys; j++) {
    const float w = exp(scores[sb + j] - m);
    sum += w;
    acc = fma(vec4(w), vc4[j * kv_quads + vbase], acc);
  }
  o4[(t * p.out_stride) / 4u + e4] = acc / sum;
}
