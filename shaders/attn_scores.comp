#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// scores[h][t][j] = q[t][h] · k[j][h / group] * scale for every cached key j <= pos0 + t
// (causal). One invocation per (4 adjacent keys, token, head): the K cache keeps the keys
// of one dimension side by side, so four keys are one vec4 load and each q value is read
// once for four scores. Each dot product runs over head_dim in order, so a score is the
// same whatever the batch. Scores past the causal limit (at most 3 per row, inside the
// padded row) are computed but never read.
layout(local_size_x_id = 0) in;
layout(push_constant) uniform AttnParams {
  uint n_tokens;
  uint pos0;
  uint n_head;
  uint n_head_kv;
  uint head_dim;
  uint qkv_stride;  // floats between tokens in QKV (scores kernel) / attention output (values kernel)
  uint ctx;         // cache row stride = scores row length, a multiple of 4
  float scale;      // 1/sqrt(head_dim)
} p;
layout(binding = 0) readonly buffer QKV { float qkv[]; };
layout(binding = 1) readonly buffer KCache { vec4 kc4[]; };
layout(binding = 2) writeonly buffer Scores { vec4 scores4[]; };

void main() {
  const uint j0 = gl_GlobalInvocationID.x * 4u;
  const uint t = gl_GlobalInvocationID.y;
  const uint h = gl_GlobalInvocationID.z;
  if (t >= p.n_tokens || j0 > p.pos0 + t)
    return;
  const uint kvh = h / (p.n_head / p.n_head_kv);
  const uint qb = t * p.qkv_stride + h * p.head_dim;
  const uint row4 = p.ctx / 4u;
  const uint kb = kvh * p.head_dim * row4 + j0 / 4u;
  precise vec4 s = vec4(0.0);
  for (uint d = 0u; d < p.head_dim; d++)
    s = fma(vec4(qkv[qb + d]), kc4[kb + d * row4], s);
  scores4[((h * p.n_tokens + t) * p.ctx + j0) / 4u] = s * p.scale;
}
