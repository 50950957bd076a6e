// BF16 weights: each half of a word is the top half of an f32.
vec2 unpack_pair(uint v) { return vec2(uintBitsToFloat(v << 16u), uintBitsToFloat(v & 0xffff0000u)); }
#include "dequant_half.glsl"
