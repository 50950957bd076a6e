// Included after a push-constant block `p` that has `chunks` (16-byte chunks per row).
// F32 weights: a chunk is 4 floats; layout [row group][chunk][8 rows]. A and B are the two weight
// matrices a kernel may read (B: SwiGLU's up matrix); each loader reads only its buffer.
#define VPC 4u
layout(binding = 0) readonly buffer WA { WORDS4 wa[]; };
layout(binding = 5) readonly buffer WB { WORDS4 wb_[]; };

#define DEFINE_LOAD(NAME, BUF)                                                \
  void NAME(uint r, uint c, out float w[VPC]) {                               \
    const vec4 v = uintBitsToFloat(words4(BUF[chunk_index(r, c, p.chunks)])); \
    w[0] = v.x; w[1] = v.y; w[2] = v.z; w[3] = v.w;                           \
  }
DEFINE_LOAD(load_chunk_a, wa)
DEFINE_LOAD(load_chunk_b, wb_)
// (scale, min) of a chunk: unscaled.
vec2 chunk_scale_min_a(uint r, uint c) { return vec2(1.0, 0.0); }
vec2 chunk_scale_min_b(uint r, uint c) { return vec2(1.0, 0.0); }
