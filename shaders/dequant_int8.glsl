// Weights as int8: a chunk is 16 signed quants; the including file defines SCALE_INDEX (and
// HAS_MIN) for dequant_scales.glsl.
#define VPC 16u
void unpack_chunk(const uvec4 v, out float w[VPC]) {
  [[unroll]] for (uint k = 0u; k < 4u; k++) {
    const int word = int(v[k]);
    [[unroll]] for (uint b = 0u; b < 4u; b++)
      w[4u * k + b] = float(bitfieldExtract(word, int(8u * b), 8));
  }
}
// Values 4q .. 4q + 3 of a chunk (the GPU kernels unpack a vec4 at a time).
vec4 unpack4(const uvec4 v, const uint q) {
  const int word = int(v[q]);
  return vec4(bitfieldExtract(word, 0, 8), bitfieldExtract(word, 8, 8), bitfieldExtract(word, 16, 8),
              bitfieldExtract(word, 24, 8));
}
#ifdef INT_DOT
#include "int_dot.glsl"
// The integer dot product of a chunk's 16 quants with X's 16 (xlo; xhi is unused), and what
// its quants are offset by (nothing).
const float CHUNK_OFFSET = 0.0;
int chunk_idot(const uvec4 w, const uvec4 xlo, const uvec4 xhi) {
  return dot4x8(w.x, xlo.x) + dot4x8(w.y, xlo.y) + dot4x8(w.z, xlo.z) + dot4x8(w.w, xlo.w);
}
#endif
#include "dequant_weights.glsl"
#include "dequant_scales.glsl"
