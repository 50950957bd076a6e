// I8S weights (Q5_0, Q3_K, Q6_K, IQ4_NL through GgmlBlockParts): 16 int8 quants per chunk,
// value = scale * q with an f32 scale per chunk, layout [row group][chunk][8 rows].
#define SCALE_INDEX(r, c) chunk_index(r, c, p.chunks)
#include "dequant_int8.glsl"
