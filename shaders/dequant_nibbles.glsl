// 4-bit weights: a chunk is 32 nibbles arranged as ggml's Q4_0 (byte j holds value j in its
// low nibble and value j + 16 in its high nibble), minus Q4_BIAS; one scale (HAS_MIN: scale
// and min) per chunk, in the chunks' layout.
#define VPC 32u
void unpack_chunk(const uvec4 v, out float w[VPC]) {
  [[unroll]] for (uint k = 0u; k < 4u; k++) {
    [[unroll]] for (uint b = 0u; b < 4u; b++) {
      const uint byte_ = (v[k] >> (8u * b)) & 0xffu;
      w[4u * k + b] = float(int(byte_ & 0xfu) - Q4_BIAS);
      w[4u * k + b + 16u] = float(int(byte_ >> 4u) - Q4_BIAS);
    }
  }
}
// Values 4q .. 4q + 3 of a chunk (the GPU kernels unpack a vec4 at a time): the low nibbles of
// word q for q < 4, the high nibbles of word q - 4 after.
vec4 unpack4(const uvec4 v, const uint q) {
  const uint word = v[q & 3u] >> (q < 4u ? 0u : 4u);
  return vec4(ivec4(word & 0xfu, (word >> 8u) & 0xfu, (word >> 16u) & 0xfu, (word >> 24u) & 0xfu) - Q4_BIAS);
}
#ifdef INT_DOT
#include "int_dot.glsl"
// The integer dot product of a chunk's 32 nibbles with X's 32 values: word k's low nibbles
// are values 4k .. 4k + 3 (X's word k, in xlo), its high ones values 16 + 4k .. (X's word
// 4 + k, in xhi); a nibble is 0..15, a non-negative signed byte. The quants are offset by
// Q4_BIAS (value = scale * (q - Q4_BIAS) - min).
const float CHUNK_OFFSET = float(Q4_BIAS);
int chunk_idot(const uvec4 w, const uvec4 xlo, const uvec4 xhi) {
  int s = 0;
  [[unroll]] for (uint k = 0u; k < 4u; k++)
    s += dot4x8(w[k] & 0x0f0f0f0fu, xlo[k]) + dot4x8((w[k] >> 4u) & 0x0f0f0f0fu, xhi[k]);
  return s;
}
#endif
#include "dequant_weights.glsl"
#define SCALE_INDEX(r, c) chunk_index(r, c, p.chunks)
#include "dequant_scales.glsl"
