// Included after a push-constant block `p` that has `chunks` (16-byte chunks per row).
// F16 weights: a chunk is 8 halves packed in a uvec4; layout [row group][chunk][8 rows].
#define VPC 8u
layout(binding = 0) readonly buffer WA { WORDS4 wa[]; };
layout(binding = 5) readonly buffer WB { WORDS4 wb_[]; };

#define DEFINE_LOAD(NAME, BUF)                                \
  void NAME(uint r, uint c, out float w[VPC]) {               \
    const uvec4 v = words4(BUF[chunk_index(r, c, p.chunks)]); \
    [[unroll]] for (uint k = 0u; k < 4u; k++) {               \
      const vec2 h = unpackHalf2x16(v[k]);                    \
      w[2u * k] = h.x;                                        \
      w[2u * k + 1u] = h.y;                                   \
    }                                                         \
  }
DEFINE_LOAD(load_chunk_a, wa)
DEFINE_LOAD(load_chunk_b, wb_)
// (scale, min) of a chunk: unscaled.
vec2 chunk_scale_min_a(uint r, uint c) { return vec2(1.0, 0.0); }
vec2 chunk_scale_min_b(uint r, uint c) { return vec2(1.0, 0.0); }
