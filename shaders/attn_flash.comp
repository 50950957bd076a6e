#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// Attention in one dispatch (scores, softmax and values), shaped for a GPU: a workgroup per
// (split of the keys, token, head) walks its split's keys in blocks of WG keys with an
// online softmax (flash attention). In a block, invocation i scores key i (the K cache keeps
// a dimension's keys side by side, so the workgroup's K loads are coalesced), the block's max
// comes from a shared-memory tree, and the weights go through shared memory to the value
// step, where invocation i accumulates output dimensions i, i + WG, ... over the block's keys
// in order (V rows are contiguous: coalesced again). Each invocation keeps its own running
// sum of weights; one shared-memory tree adds them at the end. The block's max is read by
// every invocation from the shared scores (max is exact, so in any order): two barriers a
// block.
// Every reduction runs in a fixed order over a fixed partition of the token's own keys
// (first_key .. pos, cut by the split rule in attn_flash_params.glsl and then in blocks of WG
// from each split's start), so a token's output is the same bits whatever its batch. A
// token with one split writes its output; with several, each split writes (acc, max, sum) and
// attn_combine.comp merges them in split order.
layout(local_size_x_id = 0) in;
layout(constant_id = 0) const uint WG = 64;  // a power of two, at least 64
#define TOKEN_POS_BINDING 5
#include "attn_flash_params.glsl"
layout(binding = 0) readonly buffer QKV { float qkv[]; };
layout(binding = 1) readonly buffer KCache { float kc[]; };
layout(binding = 2) readonly buffer VCache { float vc[]; };
layout(binding = 3) writeonly buffer Out { float o[]; };
layout(binding = 4) writeonly buffer Parts { float parts[]; };

const uint MAX_HEAD_DIM = 256u;        // DRAFTD_FLASH_MAX_HEAD_DIM
const uint DIMS = MAX_HEAD_DIM / 64u;  // output dimensions per invocation at most
const float LOWEST = -3.4028235e38;    // a score no key has: finite, so no inf - inf

shared float q_sh[MAX_HEAD_DIM];
shared float s_sh[WG];   // the block's scores
shared float w_sh[WG];   // the block's weights
shared float red[WG];    // the final sum

// The sum of every invocation's v, by a tree of one fixed order; all of them get it.
float reduce_sum(float v) {
  const uint i = gl_LocalInvocationID.x;
  red[i] = v;
  for (uint half_n = WG / 2u; half_n > 0u; half_n >>= 1u) {
    barrier();
    if (i < half_n)
      red[i] = red[i] + red[i + half_n];
  }
  barrier();
  return red[0];
}

void main() {
  const uint split = gl_WorkGroupID.x, t = gl_WorkGroupID.y, h = gl_WorkGroupID.z;
  const uint i = gl_LocalInvocationID.x;
  const uint pos = pos_of(t), k0 = first_key(t);
  const uint n = pos + 1u - k0;
  const uint n_split = n_splits(n);
  if (split >= n_split)
    return;  // the whole workgroup: a shorter context than the pass's longest
  const uint j_begin = k0 + split * keys_per_split(n);
  const uint j_end = min(j_begin + keys_per_split(n), pos + 1u);
  const uint hd = p.head_dim;
  const uint kvh = h / (p.n_head / p.n_head_kv);
  const uint kv_dim = p.n_head_kv * hd;
  const uint kbase = kvh * hd * p.cache_ctx + base_of(t);   // + d * cache_ctx + j
  const uint vbase = base_of(t) * kv_dim + kvh * hd;        // + j * kv_dim + d
  for (uint d = i; d < hd; d += WG)
    q_sh[d] = qkv[t * p.q_stride + h * hd + d];
  barrier();

  float m = LOWEST;
  precise float l = 0.0;  // this invocation's keys' weights, rescaled to m
  precise float acc[DIMS];
  [[unroll]] for (uint c = 0u; c < DIMS; c++)
    acc[c] = 0.0;
  for (uint jb = j_begin; jb < j_end; jb += WG) {
    const uint j = jb + i;
    const bool valid = j < j_end;
    precise float s = 0.0;
    if (valid) {
      // Eight keys' values loaded before they are used: one load at a time, an invocation
      // waited out the memory's latency head_dim times a block. The sum's order is the same.
      uint d = 0u;
      for (; d + 8u <= hd; d += 8u) {
        float kv[8];
        [[unroll]] for (uint u = 0u; u < 8u; u++)
          kv[u] = kc[kbase + (d + u) * p.cache_ctx + j];
        [[unroll]] for (uint u = 0u; u < 8u; u++)
          s = fma(q_sh[d + u], kv[u], s);
      }
      for (; d < hd; d++)
        s = fma(q_sh[d], kc[kbase + d * p.cache_ctx + j], s);
      s *= p.scale;
    }
    // The block's max: every invocation reads every score (exact in any order), two
    // barriers a block in all where a tree took one per level.
    s_sh[i] = valid ? s : LOWEST;
    barrier();
    float m_new = m;
    for (uint k = 0u; k < WG; k++)
      m_new = max(m_new, s_sh[k]);
    const float alpha = exp(m - m_new);  // 0 before the first block: exp(LOWEST - finite)
    const float w = valid ? exp(s - m_new) : 0.0;
    l = l * alpha + w;
    w_sh[i] = w;
    barrier();  // the weights written; every s_sh read, so the next block may write it
    const uint keys = min(WG, j_end - jb);
    [[unroll]] for (uint c = 0u; c < DIMS; c++) {
      const uint d = i + c * WG;
      if (d < hd) {
        precise float a = acc[c] * alpha;
        uint k = 0u;
        for (; k + 8u <= keys; k += 8u) {  // eight loads in flight, as for the scores
          float v[8];
          [[unroll]] for (uint u = 0u; u < 8u; u++)
            v[u] = vc[vbase + (jb + k + u) * kv_dim + d];
          [[unroll]] for (uint u = 0u; u < 8u; u++)
            a = fma(w_sh[k + u], v[u], a);
        }
        for (; k < keys; k++)
          a = fma(w_sh[k], vc[vbase + (jb + k) * kv_dim + d], a);
        acc[c] = a;
      }
    }
    m = m_new;  // the next block writes w_sh only after its first barrier: every read is done
  }
  const float sum = reduce_sum(l);
  if (n_split == 1u) {
    [[unroll]] for (uint c = 0u; c < DIMS; c++)
      if (i + c * WG < hd)
        o[t * p.out_stride + h * hd + i + c * WG] = acc[c] / sum;
    return;
  }
  const uint pb = ((h * p.n_tokens + t) * p.part_splits + split) * part_size();
  [[unroll]] for (uint c = 0u; c < DIMS; c++)
    if (i + c * WG < hd)
      parts[pb + i + c * WG] = acc[c];
  if (i == 0u) {
    parts[pb + hd] = m;
    parts[pb + hd + 1u] = sum;
  }
}
