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
#ifdef TEXEL_LOADS
// Read through the buffers' uvec4 texel views: scale i is word i of the buffer (HAS_MIN:
// words 2i and 2i + 1).
layout(binding = 1) uniform utextureBuffer sa_t;
layout(binding = 6) uniform utextureBuffer sb_t;
vec2 texel_scale_min(const uvec4 v, const uint i) {
#ifdef HAS_MIN
  return uintBitsToFloat((i & 1u) != 0u ? v.zw : v.xy);
#else
  const uint w = (i & 2u) != 0u ? ((i & 1u) != 0u ? v.w : v.z) : ((i & 1u) != 0u ? v.y : v.x);
  return vec2(uintBitsToFloat(w), 0.0);
#endif
}
#ifdef HAS_MIN
#define SCALE_TEXEL(i) int((i) >> 1u)
#else
#define SCALE_TEXEL(i) int((i) >> 2u)
#endif
vec2 chunk_scale_min_a(uint r, uint c) {
  const uint i = SCALE_INDEX(r, c);
  return texel_scale_min(texelFetch(sa_t, SCALE_TEXEL(i)), i);
}
vec2 chunk_scale_min_b(uint r, uint c) {
  const uint i = SCALE_INDEX(r, c);
  return texel_scale_min(texelFetch(sb_t, SCALE_TEXEL(i)), i);
}
#else
layout(binding = 1) readonly buffer SA { SCALE_T sa_[]; };
layout(binding = 6) readonly buffer SB { SCALE_T sb_[]; };
vec2 chunk_scale_min_a(uint r, uint c) { return SCALE_MIN(sa_[SCALE_INDEX(r, c)]); }
vec2 chunk_scale_min_b(uint r, uint c) { return SCALE_MIN(sb_[SCALE_INDEX(r, c)]); }
#endif
