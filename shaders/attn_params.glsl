// Push constants of the attention kernels (attn_scores.comp, attn_values.comp); mirrors
// DraftdAttnParams in lib/vk/vk-kernels.h field for field.
layout(push_constant) uniform AttnParams {
  uint n_tokens;
  uint n_head;
  uint n_head_kv;
  uint head_dim;    // a multiple of 4
  uint stride;      // floats between tokens in QKV (scores kernel) / in the output (values kernel)
  uint ctx;         // scores row length (the longest sequence's positions), a multiple of 4
  uint cache_ctx;   // cache row stride: every sequence's slot side by side, a multiple of 4
  float scale;      // scores = q·k * scale
  uint window;      // sliding window: the query at p sees keys p - window < j <= p; 0: all j <= p
} p;

#include "token_pos.glsl"

// First key (of its own sequence) the query of token t may see.
uint first_key(uint t) {
  const uint pos = pos_of(t);
  return p.window != 0u && pos + 1u > p.window ? pos + 1u - p.window : 0u;
}
