// Included after a push-constant block `p` that has `chunks` (16-byte chunks per row).
// I8S / I8SM weights (the 5- and 6-bit types, IQ4_NL, Q2_K, Q3_K through GgmlBlockParts):
// a chunk is 16 int8 quants, layout [row group][chunk][8 rows]; value = scale * q (- min)
// with an f32 scale per chunk, or with HAS_MIN defined an f32 (scale, min) vec2 per chunk,
// in the same layout (weights.c).
#define VPC 16u
#ifdef HAS_MIN
#define SCALE_T vec2
#define SCALE_MIN(v) (v)
#else
#define SCALE_T float
#define SCALE_MIN(v) vec2(v, 0.0)
#endif
layout(binding = 0) readonly buffer WA { WORDS4 wa[]; };
layout(binding = 1) readonly buffer SA { SCALE_T sa_[]; };
layout(binding = 5) readonly buffer WB { WORDS4 wb_[]; };
layout(binding = 6) readonly buffer SB { SCALE_T sb_[]; };

#define DEFINE_LOAD(NAME, BUF)                                \
  void NAME(uint r, uint c, out float w[VPC]) {               \
    const uvec4 v = words4(BUF[chunk_index(r, c, p.chunks)]); \
    [[unroll]] for (uint k = 0u; k < 4u; k++) {               \
      const int word = int(v[k]);                             \
      [[unroll]] for (uint b = 0u; b < 4u; b++)               \
        w[4u * k + b] = float(bitfieldExtract(word, int(8u * b), 8)); \
    }                                                         \
  }
#define DEFINE_SCALE(NAME, BUF) \
  vec2 NAME(uint r, uint c) { return SCALE_MIN(BUF[chunk_index(r, c, p.chunks)]); }
DEFINE_SCALE(chunk_scale_min_a, sa_)
DEFINE_SCALE(chunk_scale_min_b, sb_)
DEFINE_LOAD(load_chunk_a, wa)
DEFINE_LOAD(load_chunk_b, wb_)
