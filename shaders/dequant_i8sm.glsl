// I8SM weights (Q5_1, Q2_K, Q5_K through GgmlBlockParts): 16 int8 quants per chunk,
// value = scale * q - min with an f32 (scale, min) per chunk, layout [row group][chunk][8 rows].
#define HAS_MIN
#define SCALE_INDEX(r, c) chunk_index(r, c, p.chunks)
#include "dequant_int8.glsl"
