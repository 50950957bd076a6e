// Included after a push-constant block `p` that has `chunks` (16-byte chunks per row).
// Q8_0 weights (ggml blocks of 32 int8 with one scale): a chunk is half a block, 16 int8
// in a uvec4, layout [row group][chunk][8 rows]; scales as f32, layout [row group][block][8 rows].
#define VPC 16u
layout(binding = 0) readonly buffer WA { WORDS4 wa[]; };
layout(binding = 1) readonly buffer SA { float sa_[]; };
layout(binding = 5) readonly buffer WB { WORDS4 wb_[]; };
layout(binding = 6) readonly buffer SB { float sb_[]; };

#define DEFINE_LOAD(NAME, BUF)                                \
  void NAME(uint r, uint c, out float w[VPC]) {               \
    const uvec4 v = words4(BUF[chunk_index(r, c, p.chunks)]); \
    [[unroll]] for (uint k = 0u; k < 4u; k++) {               \
      const int word = int(v[k]);                             \
      w[4u * k + 0u] = float(bitfieldExtract(word, 0, 8));    \
      w[4u * k + 1u] = float(bitfieldExtract(word, 8, 8));    \
      w[4u * k + 2u] = float(bitfieldExtract(word, 16, 8));   \
      w[4u * k + 3u] = float(bitfieldExtract(word, 24, 8));   \
    }                                                         \
  }
#define DEFINE_SCALE(NAME, BUF) \
  vec2 NAME(uint r, uint c) { return vec2(BUF[chunk_index(r, c >> 1u, p.chunks >> 1u)], 0.0); }
DEFINE_LOAD(load_chunk_a, wa)
DEFINE_LOAD(load_chunk_b, wb_)
DEFINE_SCALE(chunk_scale_min_a, sa_)
DEFINE_SCALE(chunk_scale_min_b, sb_)
