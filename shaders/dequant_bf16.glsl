// Included after a push-constant block `p` that has `chunks` (16-byte chunks per row).
// BF16 weights: a chunk is 8 bfloat16 (the top halves of f32) packed in a uvec4; layout
// [row group][chunk][8 rows].
#define VPC 8u
layout(binding = 0) readonly buffer WA { WORDS4 wa[]; };
layout(binding = 5) readonly buffer WB { WORDS4 wb_[]; };

#define DEFINE_LOAD(NAME, BUF)                                \
  void NAME(uint r, uint c, out float w[VPC]) {               \
    const uvec4 v = words4(BUF[chunk_index(r, c, p.chunks)]); \
    [[unroll]] for (uint k = 0u; k < 4u; k++) {               \
      w[2u * k] = uintBitsToFloat(v[k] << 16u);               \
      w[2u * k + 1u] = uintBitsToFloat(v[k] & 0xffff0000u);   \
    }                                                         \
  }
DEFINE_LOAD(load_chunk_a, wa)
DEFINE_LOAD(load_chunk_b, wb_)
// (scale, min) of a chunk: unscaled.
vec2 chunk_scale_min_a(uint r, uint c) { return vec2(1.0, 0.0); }
vec2 chunk_scale_min_b(uint r, uint c) { return vec2(1.0, 0.0); }
