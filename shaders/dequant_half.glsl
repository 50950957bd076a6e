// 16-bit float weights: a chunk is 8 values packed in a uvec4; the including file defines
// vec2 unpack_pair(uint) for its format. Unscaled.
#define VPC 8u
void unpack_chunk(const uvec4 v, out float w[VPC]) {
  [[unroll]] for (uint k = 0u; k < 4u; k++) {
    const vec2 h = unpack_pair(v[k]);
    w[2u * k] = h.x;
    w[2u * k + 1u] = h.y;
  }
}
// Values 4q .. 4q + 3 of a chunk (the GPU kernels unpack a vec4 at a time).
vec4 unpack4(const uvec4 v, const uint q) { return vec4(unpack_pair(v[2u * q]), unpack_pair(v[2u * q + 1u])); }
#include "dequant_weights.glsl"
vec2 chunk_scale_min_a(uint r, uint c) { return vec2(1.0, 0.0); }
vec2 chunk_scale_min_b(uint r, uint c) { return vec2(1.0, 0.0); }
