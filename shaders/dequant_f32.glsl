// F32 weights: a chunk is 4 floats. Unscaled.
#define VPC 4u
void unpack_chunk(const uvec4 v, out float w[VPC]) {
  const vec4 f = uintBitsToFloat(v);
  w[0] = f.x; w[1] = f.y; w[2] = f.z; w[3] = f.w;
}
// Values 4q .. 4q + 3 of a chunk (the GPU kernels unpack a vec4 at a time).
vec4 unpack4(const uvec4 v, const uint q) { return uintBitsToFloat(v); }
#include "dequant_weights.glsl"
vec2 chunk_scale_min_a(uint r, uint c) { return vec2(1.0, 0.0); }
vec2 chunk_scale_min_b(uint r, uint c) { return vec2(1.0, 0.0); }
