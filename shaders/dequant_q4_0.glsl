// Included after a push-constant block `p` that has `chunks` (16-byte chunks per row).
// Q4_0 weights: a chunk is one ggml block's 16 bytes of nibbles (byte j holds value j in
// its low nibble and value j+16 in its high nibble; value = nibble - 8), layout by row groups (chunk_index); scales as f32, layout [row group][block][8 rows].
#define VPC 32u
layout(binding = 0) readonly buffer WA { WORDS4 wa[]; };
layout(binding = 1) readonly buffer SA { float sa_[]; };
layout(binding = 5) readonly buffer WB { WORDS4 wb_[]; };
layout(binding = 6) readonly buffer SB { float sb_[]; };

#define DEFINE_LOAD(NAME, BUF)                                \
  void NAME(uint r, uint c, out float w[VPC]) {               \
    const uvec4 v = words4(BUF[chunk_index(r, c, p.chunks)]); \
    [[unroll]] for (uint k = 0u; k < 4u; k++) {               \
      [[unroll]] for (uint b = 0u; b < 4u; b++) {             \
        const uint byte_ = (v[k] >> (8u * b)) & 0xffu;        \
        w[4u * k + b] = float(int(byte_ & 0xfu) - 8);         \
        w[4u * k + b + 16u] = float(int(byte_ >> 4u) - 8);    \
      }                                                       \
    }                                                         \
  }
#define DEFINE_SCALE(NAME, BUF) \
  vec2 NAME(uint r, uint c) { return vec2(BUF[chunk_index(r, c, p.chunks)], 0.0); }
DEFINE_LOAD(load_chunk_a, wa)
DEFINE_LOAD(load_chunk_b, wb_)
DEFINE_SCALE(chunk_scale_min_a, sa_)
DEFINE_SCALE(chunk_scale_min_b, sb_)
