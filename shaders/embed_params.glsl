// Push constants of the embedding lookup (mirrors DraftdEmbedParams in vk-kernels.h).
layout(push_constant) uniform EmbedParams {
  uint rows;      // rows (vocabulary entries) in this part of token_embd
  uint row0;      // vocabulary id of this part's row 0
  uint chunks;    // 16-byte chunks per row
  uint n_tokens;
  uint x_stride;  // floats between tokens in X
} p;
