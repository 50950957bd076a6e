// The f32 scale (or, with HAS_MIN, the (scale, min) vec2) of each chunk, at bindings 1 and 6,
// found at SCALE_INDEX(r, c) (defined by the including file), layout [row group][block or
// chunk][8 rows] (weights.c). Defines chunk_scale_min_a/b for matmul.glsl and embed.glsl.
#ifdef HAS_MIN
#define SCALE_T vec2
#define SCALE_MIN(v) (v)
#else
#define SCALE_T float
#define SCALE_MIN(v) vec2(v, 0.0)
#endif
layout(binding = 1) readonly buffer SA { SCALE_T sa_[]; };
layout(binding = 6) readonly buffer SB { SCALE_T sb_[]; };
vec2 chunk_scale_min_a(uint r, uint c) { return SCALE_MIN(sa_[SCALE_INDEX(r, c)]); }
vec2 chunk_scale_min_b(uint r, uint c) { return SCALE_MIN(sb_[SCALE_INDEX(r, c)]); }
