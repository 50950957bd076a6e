#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// ids[t] = argmax_k logits[t][k]; the lowest index wins ties, as in llama2.c. A workgroup
// per token. The answer is exact in any order (max with the lowest-index tie rule is
// associative and commutative), so the workgroup's size is free: 64 for the CPU family (a
// workgroup is one CPU thread on lavapipe), 512 for the GPU family, where 64 invocations
// walking a 151,936-word vocabulary took 0.69 ms on an H100, one dependent load after another.
// Each invocation keeps four loads in flight (k, k + WG, k + 2 WG, k + 3 WG) before comparing.
layout(local_size_x_id = 0) in;
layout(constant_id = 0) const uint WG = 64;  // a power of two
layout(push_constant) uniform ArgmaxParams {
  uint n;       // vocabulary size
  uint stride;  // floats between tokens
} p;
layout(binding = 0) readonly buffer Logits { float logits[]; };
layout(binding = 1) writeonly buffer Ids { uint ids[]; };
shared float best_v[WG];
shared uint best_i[WG];

const uint NONE = 0xffffffffu;

// Whether (v, i) beats (bv, bi): larger, or as large with a lower index; NONE loses to all.
bool beats(float v, uint i, float bv, uint bi) {
  return i != NONE && (bi == NONE || v > bv || (v == bv && i < bi));
}

void main() {
  const uint t = gl_WorkGroupID.x;
  const uint lid = gl_LocalInvocationID.x;
  const uint base = t * p.stride;
  float bv = 0.0;
  uint bi = NONE;
  uint k = lid;
  for (; k + 3u * WG < p.n; k += 4u * WG) {
    const float v0 = logits[base + k], v1 = logits[base + k + WG];
    const float v2 = logits[base + k + 2u * WG], v3 = logits[base + k + 3u * WG];
    if (beats(v0, k, bv, bi)) { bv = v0; bi = k; }
    if (beats(v1, k + WG, bv, bi)) { bv = v1; bi = k + WG; }
    if (beats(v2, k + 2u * WG, bv, bi)) { bv = v2; bi = k + 2u * WG; }
    if (beats(v3, k + 3u * WG, bv, bi)) { bv = v3; bi = k + 3u * WG; }
  }
  for (; k < p.n; k += WG) {
    const float v = logits[base + k];
    if (beats(v, k, bv, bi)) { bv = v; bi = k; }
  }
  best_v[lid] = bv;
  best_i[lid] = bi;
  for (uint half_n = WG / 2u; half_n > 0u; half_n >>= 1u) {
    barrier();
    if (lid < half_n && beats(best_v[lid + half_n], best_i[lid + half_n], best_v[lid], best_i[lid])) {
      best_v[lid] = best_v[lid + half_n];
      best_i[lid] = best_i[lid + half_n];
    }
  }
  if (lid == 0u)
    ids[t] = best_i[0];
}
