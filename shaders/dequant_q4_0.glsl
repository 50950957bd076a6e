// Q4_0 weights: one ggml block's 16 bytes of nibbles per chunk (value = nibble - 8), its f32
// scale per chunk.
#define Q4_BIAS 8
#include "dequant_nibbles.glsl"
