#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// Merges the partial results of attn_flash.comp for tokens whose keys it split: out[d] =
// sum_s acc_s[d] * exp(m_s - M) / sum_s l_s * exp(m_s - M), M the splits' max, both sums in
// split order, so the output is the same bits whatever the batch. One invocation per
// (output dimension, token, head); tokens of one split were written by attn_flash itself.
layout(local_size_x_id = 0) in;
#define TOKEN_POS_BINDING 2
#include "attn_flash_params.glsl"
layout(binding = 0) readonly buffer Parts { float parts[]; };
layout(binding = 1) writeonly buffer Out { float o[]; };

void main() {
  const uint d = gl_GlobalInvocationID.x, t = gl_GlobalInvocationID.y, h = gl_GlobalInvocationID.z;
  if (d >= p.head_dim || t >= p.n_tokens)
    return;
  const uint n = pos_of(t) + 1u - first_key(t);
  const uint n_split = n_splits(n);
  if (n_split <= 1u)
    return;
  const uint pb = (h * p.n_tokens + t) * p.part_splits * part_size();
  float mx = parts[pb + p.head_dim];
  for (uint s = 1u; s < n_split; s++)
    mx = max(mx, parts[pb + s * part_size() + p.head_dim]);
  precise float sum = 0.0, acc = 0.0;
  for (uint s = 0u; s < n_split; s++) {
    const uint b = pb + s * part_size();
    const float e = exp(parts[b + p.head_dim] - mx);
    sum = fma(parts[b + p.head_dim + 1u], e, sum);
    acc = fma(parts[b + d], e, acc);
  }
  o[t * p.out_stride + h * p.head_dim + d] = acc / sum;
}
