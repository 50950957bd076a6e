// Where each token of a pass sits: its position in its own sequence and the first cache
// column of that sequence's slot. The sequences' slots lie side by side along the cache's
// position axis (see rope_kv.comp), so one pass may carry tokens of several sequences and a
// token reads and writes only its own slot. The including kernel defines TOKEN_POS_BINDING.
layout(binding = TOKEN_POS_BINDING) readonly buffer TokenPos { uvec2 token_pos[]; };  // [n_tokens] (pos, base)

uint pos_of(uint t) { return token_pos[t].x; }
uint base_of(uint t) { return token_pos[t].y; }
