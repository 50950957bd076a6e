// Push constants of the GPU attention kernels (attn_flash.comp, attn_combine.comp); mirrors
// DraftdFlashParams in lib/vk/vk-kernels.h field for field.
layout(push_constant) uniform FlashParams {
  uint n_tokens;
  uint n_head;
  uint n_head_kv;
  uint head_dim;     // at most DRAFTD_FLASH_MAX_HEAD_DIM (4 values per invocation of 64)
  uint q_stride;     // floats between tokens in QKV
  uint out_stride;   // floats between tokens in the output
  uint cache_ctx;    // cache row stride: every sequence's slot side by side
  float scale;       // scores = q·k * scale
  uint window;       // sliding window: the query at p sees keys p - window < j <= p; 0: all j <= p
  uint split_keys;   // keys of a split while a context fits max_splits of them
  uint max_splits;   // beyond that the splits grow, by whole split_keys
  uint part_splits;  // partial results per (head, token) in the partials buffer (this pass's most)
} p;

#include "token_pos.glsl"

// First key (of its own sequence) the query of token t may see.
uint first_key(uint t) {
  const uint pos = pos_of(t);
  return p.window != 0u && pos + 1u > p.window ? pos + 1u - p.window : 0u;
}

// The split rule: a function of the keys a token sees (n >= 1) alone, never of its batch,
// so its partial sums and their combination are the same in every pass. Splits of
// split_keys keys up to max_splits of them; a longer context gets max_splits splits of a
// multiple of split_keys keys (the last one shorter).
uint keys_per_split(uint n) {
  const uint span = p.split_keys * p.max_splits;
  return p.split_keys * ((n + span - 1u) / span);
}

uint n_splits(uint n) {
  const uint per = keys_per_split(n);
  return (n + per - 1u) / per;
}

// Floats of one partial result: head_dim accumulators, the running max and the sum.
uint part_size() { return p.head_dim + 2u; }
