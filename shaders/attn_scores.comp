#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// scores[h][t][j] = q[t][h] · k[j][h / group] * scale for every key j <= pos(t) of token t's
// own sequence (causal) and, in a sliding-window layer, j >= first_key(t). One invocation
// per (4 adjacent keys, TOKENS adjacent tokens, head): the K cache keeps the keys of one
// dimension side by side, so four keys are one vec4 load and each q value is read once for
// four scores. When the TOKENS tokens share a sequence (a prompt, a verify pass) each K
// load serves all of them; tokens of different sequences (a pass of decode steps) read
// their own slots. Each dot product runs over head_dim in order either way, so a score is
// the same whatever the batch, its sequences or TOKENS. Scores past a token's causal limit
// (inside the padded row) or before its window are computed but never read (when the
// tokens share a slot) or skipped; a group of four keys no token it serves sees is skipped.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TOKENS = 1;
#define TOKEN_POS_BINDING 3
#include "attn_params.glsl"
#ifdef TEXEL_LOADS
// Through 16-byte texel views (a CPU device's fast path, see matmul.glsl): Q four values at
// a time (a head's values start on a texel: stride and head_dim are multiples of 4).
layout(binding = 0) uniform utextureBuffer qkv_t;
layout(binding = 1) uniform utextureBuffer kc_t;
#define K4(i) uintBitsToFloat(texelFetch(kc_t, int(i)))
#define Q4(i) uintBitsToFloat(texelFetch(qkv_t, int(i)))
#else
layout(binding = 0) readonly buffer QKV { vec4 qkv4[]; };
layout(binding = 1) readonly buffer KCache { vec4 kc4[]; };
#define K4(i) kc4[i]
#define Q4(i) qkv4[i]
#endif
layout(binding = 2) writeonly buffer Scores { vec4 scores4[]; };

void main() {
  const uint j0 = gl_GlobalInvocationID.x * 4u;
  const uint t0 = gl_GlobalInvocationID.y * TOKENS;  // < n_tokens: one row of invocations per TOKENS
  const uint h = gl_GlobalInvocationID.z;
  const uint last = p.n_tokens - 1u;
  uint qb[TOKENS], kb[TOKENS], pos[TOKENS], k0[TOKENS];
  bool shared_slot = true, any = false;
  const uint kvh = h / (p.n_head / p.n_head_kv);
  const uint row4 = p.cache_ctx / 4u;
  precise vec4 s[TOKENS];
  [[unroll]] for (uint i = 0u; i < TOKENS; i++) {
    const uint t = min(t0 + i, last);
    pos[i] = pos_of(t);
    k0[i] = first_key(t);
    qb[i] = t * p.stride + h * p.head_dim;
    kb[i] = kvh * p.head_dim * row4 + (base_of(t) + j0) / 4u;
    shared_slot = shared_slot && kb[i] == kb[0];
    any = any || (j0 <= pos[i] && j0 + 3u >= k0[i]);
    s[i] = vec4(0.0);
  }
  if (!any)
    return;
  if (shared_slot) {
    for (uint d4 = 0u; d4 < p.head_dim / 4u; d4++) {
      vec4 q[TOKENS];
      [[unroll]] for (uint i = 0u; i < TOKENS; i++)
        q[i] = Q4(qb[i] / 4u + d4);
      [[unroll]] for (uint c = 0u; c < 4u; c++) {
        const vec4 k = K4(kb[0] + (4u * d4 + c) * row4);
        [[unroll]] for (uint i = 0u; i < TOKENS; i++)
          s[i] = fma(vec4(q[i][c]), k, s[i]);
      }
    }
  } else {
    // Only the tokens that see this group read: another slot may end before j0.
    [[unroll]] for (uint i = 0u; i < TOKENS; i++)
      if (j0 <= pos[i] && j0 + 3u >= k0[i])
        for (uint d4 = 0u; d4 < p.head_dim / 4u; d4++) {
          const vec4 q = Q4(qb[i] / 4u + d4);
          [[unroll]] for (uint c = 0u; c < 4u; c++)
            s[i] = fma(vec4(q[c]), K4(kb[i] + (4u * d4 + c) * row4), s[i]);
        }
  }
  [[unroll]] for (uint i = 0u; i < TOKENS; i++) {
    const uint t = t0 + i;
    if (t < p.n_tokens && j0 <= pos[i])
      scores4[((h * p.n_tokens + t) * p.ctx + j0) / 4u] = s[i] * p.scale;
  }
}
