// U4SM weights (Q4_1, Q4_K through GgmlBlockParts): one 32-value sub-block of unsigned
// nibbles per chunk, value = scale * q - min with an f32 (scale, min) per chunk.
#define HAS_MIN
#define Q4_BIAS 0
#include "dequant_nibbles.glsl"
