// Q8_0 weights (ggml blocks of 32 int8 with one scale): a chunk is half a block; one f32
// scale per block, layout [row group][block][8 rows].
#define SCALE_INDEX(r, c) chunk_index(r, (c) >> 1u, p.chunks >> 1u)
#include "dequant_int8.glsl"
