// F16 weights.
vec2 unpack_pair(uint v) { return unpackHalf2x16(v); }
#include "dequant_half.glsl"
