#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// scores[h][t][j] = q[t][h] · k[j][h / group] * scale for every cached key j <= pos0 + t
// (causal). One invocation per (key, token, head); each dot product runs over head_dim in
// order, so a score is the same whatever the batch.
layout(local_size_x_id = 0) in;
layout(push_constant) uniform AttnParams {
  uint n_tokens;
  uint pos0;
  uint n_head;
  uint n_head_kv;
  uint head_dim;
  uint qkv_stride;  // floats between tokens in QKV (scores kernel) / attention output (values kernel)
  uint ctx;         // cache capacity = scores row length
  float scale;      // 1/sqrt(head_dim)
} p;
layout(binding = 0) readonly buffer QKV { float qkv[]; };
layout(binding = 1) readonly buffer KCache { float kc[]; };
layout(binding = 2) writeonly buffer Scores { float scores[]; };

void main() {
  const uint j = gl_GlobalInvocationID.x;
  const uint t = gl_GlobalInvocationID.y;
  const uint h = gl_GlobalInvocationID.z;
  if (t >= p.n_tokens || j > p.pos0 + t)
    return;
  const uint kvh = h / (p.n_head / p.n_head_kv);
  const uint qb = t * p.qkv_stride + h * p.head_dim;
  const uint kb = kvh * p.head_dim * p.ctx + j;
  precise float s = 0.0;
  for (uint d = 0u; d < p.head_dim; d++)
    s = fma(qkv[qb + d], kc[kb + d * p.ctx], s);
  scores[(h * p.n_tokens + t) * p.ctx + j] = s * p.scale;
}
