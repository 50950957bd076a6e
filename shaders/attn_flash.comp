#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// Attention in one dispatch (scores, softmax and values), shaped for a GPU: a workgroup of
// 256 invocations per (split of the keys, token, head) walks its split's keys in blocks of
// KB = 64 keys with an online softmax (flash attention).
// - Scores: four invocations per key, each a quarter of the head's dimensions (the K cache
//   keeps a dimension's keys side by side, so 64 neighbouring invocations load 64 neighbouring
//   keys), eight loads in flight; the quarters add as (q0 + q1) + (q2 + q3).
// - The block's max is read by every invocation from the shared scores (max is exact in any
//   order); weights go through shared memory.
// - Values: two halves of the block's keys, 128 invocations each, invocation i accumulating
//   output dimensions i, i + 128 over its half's keys in order (V rows are contiguous:
//   coalesced), eight loads in flight; each half keeps its own running sums, added as
//   half 0 + half 1 at the end.
// On an H100, one invocation per key walking all of a head's dimensions, then all of the
// block's keys, cost 2.14 ms of a 5.5 ms one-token pass (Qwen2.5-1.5B shape, 128 keys): each
// invocation waited out the memory's latency one load after another.
// Every reduction runs in a fixed order over a fixed partition of the token's own keys
// (first_key .. pos, cut by the split rule in attn_flash_params.glsl and then in blocks of KB
// from each split's start), so a token's output is the same bits whatever its batch. A
// token with one split writes its output; with several, each split writes (acc, max, sum) and
// attn_combine.comp merges them in split order.
layout(local_size_x = 256) in;
const uint WG = 256u;
const uint KB = WG / 4u;   // keys a block: four invocations score each
const uint VH = WG / 2u;   // invocations of a values half
#define TOKEN_POS_BINDING 5
#include "attn_flash_params.glsl"
layout(binding = 0) readonly buffer QKV { float qkv[]; };
layout(binding = 1) readonly buffer KCache { float kc[]; };
layout(binding = 2) readonly buffer VCache { float vc[]; };
layout(binding = 3) writeonly buffer Out { float o[]; };
layout(binding = 4) writeonly buffer Parts { float parts[]; };

const uint MAX_HEAD_DIM = 256u;        // DRAFTD_FLASH_MAX_HEAD_DIM
const uint DIMS = MAX_HEAD_DIM / VH;   // output dimensions per invocation at most
const float LOWEST = -3.4028235e38;    // a score no key has: finite, so no inf - inf

shared float q_sh[MAX_HEAD_DIM];
shared float part_sh[4u * KB];         // the scores' quarters, [quarter][key]
shared float s_sh[KB];                 // the block's scores
shared float w_sh[KB];                 // the block's weights
shared float red[WG];                  // the final sum; then half 1's values

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

  // This invocation's part of the scores: key kk of a block, dimensions d_lo .. d_hi.
  const uint kk = i % KB, quarter = i / KB;
  const uint d_lo = quarter * (hd / 4u), d_hi = quarter == 3u ? hd : d_lo + hd / 4u;
  // Its part of the values: dimensions vd + c * VH, over half vh of each block's keys.
  const uint vd = i % VH, vh = i / VH;

  float m = LOWEST;
  precise float l = 0.0;  // the weights of this invocation's key (i < KB), rescaled to m
  precise float acc[DIMS];
  [[unroll]] for (uint c = 0u; c < DIMS; c++)
    acc[c] = 0.0;
  for (uint jb = j_begin; jb < j_end; jb += KB) {
    barrier();  // q_sh written (first block); the last block's part_sh, s_sh and w_sh read
    const uint j = jb + kk;
    const bool valid = j < j_end;
    precise float sp = 0.0;
    if (valid) {
      uint d = d_lo;
      for (; d + 8u <= d_hi; d += 8u) {
        float kv[8];
        [[unroll]] for (uint u = 0u; u < 8u; u++)
          kv[u] = kc[kbase + (d + u) * p.cache_ctx + j];
        [[unroll]] for (uint u = 0u; u < 8u; u++)
          sp = fma(q_sh[d + u], kv[u], sp);
      }
      for (; d < d_hi; d++)
        sp = fma(q_sh[d], kc[kbase + d * p.cache_ctx + j], sp);
    }
    part_sh[quarter * KB + kk] = sp;
    barrier();
    if (i < KB) {
      precise float s = (part_sh[i] + part_sh[KB + i]) + (part_sh[2u * KB + i] + part_sh[3u * KB + i]);
      s_sh[i] = valid ? s * p.scale : LOWEST;
    }
    barrier();
    float m_new = m;
    for (uint k = 0u; k < KB; k++)
      m_new = max(m_new, s_sh[k]);
    const float alpha = exp(m - m_new);  // 0 before the first block: exp(LOWEST - finite)
    if (i < KB) {
      const float w = valid ? exp(s_sh[i] - m_new) : 0.0;
      l = l * alpha + w;
      w_sh[i] = w;
    }
    barrier();  // the weights written
    const uint keys = min(KB, j_end - jb);
    const uint k_lo = min(vh * (KB / 2u), keys), k_hi = min(k_lo + KB / 2u, keys);
    [[unroll]] for (uint c = 0u; c < DIMS; c++) {
      const uint d = vd + c * VH;
      if (d < hd) {
        precise float a = acc[c] * alpha;
        uint k = k_lo;
        for (; k + 8u <= k_hi; k += 8u) {
          float v[8];
          [[unroll]] for (uint u = 0u; u < 8u; u++)
            v[u] = vc[vbase + (jb + k + u) * kv_dim + d];
          [[unroll]] for (uint u = 0u; u < 8u; u++)
            a = fma(w_sh[k + u], v[u], a);
        }
        for (; k < k_hi; k++)
          a = fma(w_sh[k], vc[vbase + (jb + k) * kv_dim + d], a);
        acc[c] = a;
      }
    }
    m = m_new;
  }
  const float sum = reduce_sum(l);
  // Half 1's sums to half 0, which adds them after its own: half 0 + half 1.
  [[unroll]] for (uint c = 0u; c < DIMS; c++) {
    barrier();
    if (vh == 1u)
      red[vd] = acc[c];
    barrier();
    if (vh == 0u) {
      precise float a = acc[c] + red[vd];
      acc[c] = a;
    }
  }
  if (vh != 0u)
    return;
  if (n_split == 1u) {
    [[unroll]] for (uint c = 0u; c < DIMS; c++)
      if (vd + c * VH < hd)
        o[t * p.out_stride + h * hd + vd + c * VH] = acc[c] / sum;
    return;
  }
  const uint pb = ((h * p.n_tokens + t) * p.part_splits + split) * part_size();
  [[unroll]] for (uint c = 0u; c < DIMS; c++)
    if (vd + c * VH < hd)
      parts[pb + vd + c * VH] = acc[c];
  if (i == 0u) {
    parts[pb + hd] = m;
    parts[pb + hd + 1u] = sum;
  }
}
