#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// ids[t] = argmax_k logits[t][k]; the lowest index wins ties, as in llama2.c.
layout(local_size_x = 64) in;
layout(push_constant) uniform ArgmaxParams {
  uint n;       // vocabulary size
  uint stride;  // floats between tokens
} p;
layout(binding = 0) readonly buffer Logits { float logits[]; };
layout(binding = 1) writeonly buffer Ids { uint ids[]; };
shared float best_v[64];
shared uint best_i[64];

void main() {
  const uint t = gl_WorkGroupID.x;
  const uint lid = gl_LocalInvocationID.x;
  const uint base = t * p.stride;
  float bv = -1.0 / 0.0;
  uint bi = 0xffffffffu;
  for (uint k = lid; k < p.n; k += 64u) {
    const float v = logits[base + k];
    if (v > bv || bi == 0xffffffffu) {
      bv = v;
      bi = k;
    }
  }
  best_v[lid] = bv;
  best_i[lid] = bi;
  barrier();
  if (lid == 0u) {
    for (uint i = 1u; i < 64u; i++) {
      if (best_i[i] != 0xffffffffu && (best_v[i] > bv || (best_v[i] == bv && best_i[i] < bi))) {
        bv = best_v[i];
        bi = best_i[i];
      }
    }
    ids[t] = bi;
  }
}
