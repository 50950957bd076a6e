// Included after a push-constant block `p` that has `chunks` (16-byte chunks per row).
// U4SM weights (Q4_1, Q4_K): a chunk is one 32-value sub-block of unsigned nibbles arranged
// as Q4_0's (byte j: value j low, value j + 16 high); value = scale * q - min, with the f32
// (scale, min) of each chunk as a vec2, layout [row group][chunk][8 rows] (weights.c).
#define VPC 32u
#define HAS_MIN
layout(binding = 0) readonly buffer WA { WORDS4 wa[]; };
layout(binding = 1) readonly buffer SA { vec2 sa_[]; };
layout(binding = 5) readonly buffer WB { WORDS4 wb_[]; };
layout(binding = 6) readonly buffer SB { vec2 sb_[]; };

#define DEFINE_LOAD(NAME, BUF)                                \
  void NAME(uint r, uint c, out float w[VPC]) {               \
    const uvec4 v = words4(BUF[chunk_index(r, c, p.chunks)]); \
    [[unroll]] for (uint k = 0u; k < 4u; k++) {               \
      [[unroll]] for (uint b = 0u; b < 4u; b++) {             \
        const uint byte_ = (v[k] >> (8u * b)) & 0xffu;        \
        w[4u * k + b] = float(byte_ & 0xfu);                  \
        w[4u * k + b + 16u] = float(byte_ >> 4u);             \
      }                                                       \
    }                                                         \
  }
#define DEFINE_SCALE(NAME, BUF) \
  vec2 NAME(uint r, uint c) { return BUF[chunk_index(r, c, p.chunks)]; }
DEFINE_LOAD(load_chunk_a, wa)
DEFINE_LOAD(load_chunk_b, wb_)
DEFINE_SCALE(chunk_scale_min_a, sa_)
DEFINE_SCALE(chunk_scale_min_b, sb_)
