// I8SM: dequant_i8s.glsl with a min per chunk.
#define HAS_MIN
#include "dequant_i8s.glsl"
