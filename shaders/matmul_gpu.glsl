// Y[t][y_offset + r] (op)= sum_k W[r][k] * X[t][k]: the matmuls shaped for a GPU (vk->gpu_kernels).
//
// Weights are stored row-major ([row][16-byte chunk], ROW_MAJOR in common.glsl), so the 32
// lanes of a lane group read 512 contiguous bytes of one row at a time: lane l takes chunks
// l, l + 32, l + 64, ... of each of its NR rows. Each lane dequantizes its chunks in registers
// (ggml's value, scale * q - min, rounded as ggml rounds it) and keeps one partial sum per
// (row, token): a chain of fma() over its chunks' values in order. The 32 partials of a row
// and token are then added in shared memory in one fixed pairwise tree,
// ((p0 + p1) + (p2 + p3)) + ..., the order a subgroupShuffleXor butterfly with offsets
// 1, 2, 4, 8, 16 also gives; shared memory because it needs no subgroup operations, no
// particular subgroup size and no assumption about how lanes map onto subgroups, so every
// device (and lavapipe, which tests it) runs exactly these additions.
//
// SUBGROUP_TREE (a device with subgroup shuffles): the tree's first levels run in registers,
// as a subgroupShuffleXor butterfly over offsets 1, 2, .. below the subgroup's width (up to
// 32): lane l adds lane l ^ s's value to its own, so lane 32m + W k holds the sum of the W
// partials the tree's first log2(W) levels add, the same pairs in the same order (an IEEE
// addition gives the same bits with its operands swapped). The levels left, over 32 / W
// values, run in shared memory as before. Lanes are then numbered by subgroup (subgroup s's
// invocation i is lane (s * width + i) % 32), so that a shuffle's partner is in its lane
// group; where the workgroup's subgroups are not all full the kernel numbers them as without
// SUBGROUP_TREE and shuffles nothing. The bits are the same either way, so batch invariance
// holds whatever the device's subgroups; lavapipe (subgroups of 8) runs three levels in
// shuffles and two in shared memory.
//
// The reduction order rule: a row's sum for a token is that chain per lane, then that tree,
// whatever the kernel (matrix-vector or tiled), its token tile TILE, its rows per lane group NR
// or the number of tokens in the pass. Both builds below run the same per-lane code; they differ
// only in where X comes from. A token's result is therefore the same bits in every batch.
//
// Built twice from each matmul_<form>.comp:
// - matrix-vector (few tokens): X is read straight from memory (neighbouring lanes,
//   neighbouring chunks; every lane group of the workgroup reads the same X, from cache).
// - TILED (full tiles of TILE tokens): the workgroup stages each round's X (TILE tokens x 32
//   chunks) in shared memory once, coalesced, and every lane group reads it from there.
// In both a weight chunk is read once per tile of tokens (it stays in registers while the
// lane runs it against the tile's TILE tokens), and the grid's y dimension runs the tiles.
//
// Flags as matmul.glsl: ADD, BIAS, SWIGLU/GEGLU (B at bindings 5, 6), NORM (X is the residual
// stream, RMS-normed on the fly with the gains at binding 7: the sum of squares takes the same
// per-lane chain and tree, and the scale multiplies the whole dot product).
//
// INT_DOT (the forms whose values are integers times a scale, minus a min: Q8_0, Q4_0, U4SM,
// I8S, I8SM; a device with VK_KHR_shader_integer_dot_product): X comes quantized to blocks of
// 32 16-bit integers by quant_q8.comp, each as two int8 planes (binding 2), with each block's
// d, d * sum and the halves' sums (binding 7), and a chunk's dot product is integer: packed
// 4x8-bit dot products of its quants against either plane of X's, 256 hi + lo, then scale *
// d * that, minus (min + scale * offset) * d * sum(X's q).
// No NORM (quant_q8.comp norms X before quantizing it) and no TILED build; the chains and the
// tree are the float build's, so the reduction order rule holds for it too.
//
// The including file includes matmul_params.glsl and a dequant_<form>.glsl (VPC, unpack_chunk,
// chunk_scale_min_a/b and the weight bindings 0, 1, 5, 6; with INT_DOT, chunk_idot and
// CHUNK_OFFSET).
layout(constant_id = 3) const uint NR = 2u;         // rows per lane group
layout(constant_id = 4) const uint SH_VEC4 = 1u;    // shared memory, in vec4s (vk-kernels.c sizes it)
const uint LANES = 32u;
const uint GROUPS = gl_WorkGroupSize.x / LANES;    // lane groups per workgroup
const uint NE = NR * TILE;                          // (row, token) sums per lane group
const uint RED_STRIDE = LANES + 1u;                 // floats per sum in the tree's area (no bank conflicts)
const uint Q4 = VPC / 4u;                           // vec4s per chunk

#ifdef INT_DOT
layout(binding = 2) readonly buffer QxBuf { uvec4 qx[]; };
layout(binding = 7) readonly buffer QmBuf { vec4 qm[]; };
#else
layout(binding = 2) readonly buffer XBuf { vec4 x4[]; };
layout(binding = 7) readonly buffer GBuf { vec4 g4[]; };
#endif
layout(binding = 3) buffer YBuf { float y[]; };
layout(binding = 4) readonly buffer BiasBuf { float bias[]; };

// The TILED build's X tile ([token][chunk][VPC values]), then, after the K loop, the trees' area.
shared vec4 sh[SH_VEC4];

float silu(float v) { return v / (1.0 + exp(-v)); }
float gelu(float v) { return v / (1.0 + exp(-1.5957691216 * (v + 0.044715 * v * v * v))); }
float glu(float v) { return (p.flags & MATMUL_GEGLU) != 0u ? gelu(v) : silu(v); }

// Values 4q .. 4q + 3 of a chunk, dequantized: ggml's scale * q, then minus the min.
vec4 dequant4(const uvec4 raw, const vec2 sm, const uint q) {
  precise vec4 v = unpack4(raw, q) * sm.x;
  precise vec4 value = v - sm.y;
  return value;
}

uvec4 raw_a(uint r, uint c) { return words4(wa[chunk_index(r, c, p.chunks)]); }
uvec4 raw_b(uint r, uint c) { return words4(wb_[chunk_index(r, c, p.chunks)]); }

// Token t of this workgroup's tile (clamped: tokens past the end compute on the last one
// and are never stored), as a row of X.
uint x_row(uint t) { return p.token0 + min(gl_WorkGroupID.y * TILE + t, p.n_tokens - 1u); }

#ifdef INT_DOT
// The dot product of a weight chunk with token t's quantized X, added to acc: chunk c covers
// values c * VPC .. of the row, so block c * VPC / 32 of X (half c & 1 of it where VPC is 16).
float dot_chunk(const float acc, const uvec4 w, const vec2 sm, const uint t, const uint c) {
  const uint b = x_row(t) * (p.x_stride / 32u) + (c * VPC) / 32u;
  const uint half_ = VPC == 16u ? (c & 1u) : 0u;
  const vec4 m = qm[b];
  const float s = VPC == 16u ? (half_ == 0u ? m.z : m.w) : m.y;
  // X's 16-bit quants as two int8 planes, 256 hi + lo: the exact integer dot product.
  int isum[2];
  [[unroll]] for (uint plane = 0u; plane < 2u; plane++) {
    const uvec4 xlo = qx[4u * b + 2u * plane + half_];
    const uvec4 xhi = VPC == 32u ? qx[4u * b + 2u * plane + 1u] : uvec4(0u);
    isum[plane] = chunk_idot(w, xlo, xhi);
  }
  precise float dq = m.x * float(256 * isum[0] + isum[1]);
  precise float a = fma(sm.x, dq, acc);
  return fma(-(sm.y + sm.x * CHUNK_OFFSET), s, a);
}
#elif defined(TILED)
// Where vec4 q of chunk cl of token t lies in the tile. The lanes read one vec4 of neighbouring
// chunks at a time, 8 lanes (128 bytes) per step of the shared memory; the vec4s of a chunk are
// rotated by (cl / (8 / Q4)) so those 8 fall in 8 different 16-byte bank groups (no padding:
// a tile of Q4_0 X for 8 tokens is 32 KiB; vk-kernels.c falls back to the matrix-vector build
// where a device allows a workgroup less).
uint tile_slot(uint t, uint cl, uint q) {
  const uint rot = Q4 >= 8u ? cl : cl / (8u / Q4);
  return (t * LANES + cl) * Q4 + (q + rot) % Q4;
}

// Round j's X: chunks 32j .. 32j + 31 of the tile's tokens into shared memory, consecutive
// invocations reading consecutive vec4s; chunks past the row read as zero.
void stage_x(const uint j) {
  barrier();  // the previous round's reads are done
  const uint per_token = LANES * Q4;
  for (uint i = gl_LocalInvocationID.x; i < TILE * per_token; i += gl_WorkGroupSize.x) {
    const uint t = i / per_token, cl = (i % per_token) / Q4, q = i % Q4;
    const uint c = j * LANES + cl;
    sh[tile_slot(t, cl, q)] = c < p.chunks ? x4[(x_row(t) * p.x_stride) / 4u + c * Q4 + q] : vec4(0.0);
  }
  barrier();
}
vec4 load_x(uint t, uint c, uint q) { return sh[tile_slot(t, c % LANES, q)]; }
#else
vec4 load_x(uint t, uint c, uint q) { return x4[(x_row(t) * p.x_stride) / 4u + c * Q4 + q]; }
#endif

// Float i of the trees' area (shared, after the K loop).
float red_get(uint i) { return sh[i / 4u][i % 4u]; }
void red_set(uint i, float v) { sh[i / 4u][i % 4u] = v; }

#ifdef SUBGROUP_TREE
// Whether the subgroups tile the workgroup (uniform in it): only then are lanes numbered by
// subgroup and the first levels shuffled.
bool sub_ok() { return gl_NumSubgroups * gl_SubgroupSize == gl_WorkGroupSize.x; }
// Partials a shuffle level combines at most: the tree's levels below it run in registers.
uint sub_width() { return sub_ok() ? min(gl_SubgroupSize, LANES) : 1u; }
uint invocation() { return sub_ok() ? gl_SubgroupID * gl_SubgroupSize + gl_SubgroupInvocationID : gl_LocalInvocationID.x; }
#else
uint sub_width() { return 1u; }
uint invocation() { return gl_LocalInvocationID.x; }
#endif

// Lane `lane`'s partial v of sum k, into the trees' area at `base`: with SUBGROUP_TREE after
// the tree's first levels (a butterfly in registers), by the lanes that hold their results.
void put_partial(const uint base, const uint k, const uint lane, const float v) {
  precise float r = v;
#ifdef SUBGROUP_TREE
  for (uint s = 1u; s < sub_width(); s *= 2u)
    r = r + subgroupShuffleXor(r, s);
#endif
  if (lane % sub_width() == 0u)
    red_set(base + k * RED_STRIDE + lane / sub_width(), r);
}

// The fixed pairwise tree over the 32 partials of sum e of this lane group: its levels above
// those put_partial ran, over the 32 / sub_width() values it stored.
float tree(uint base, uint e) {
  const uint n = LANES / sub_width();
  precise float v[LANES];
  [[unroll]] for (uint l = 0u; l < LANES; l++)
    v[l] = l < n ? red_get(base + e * RED_STRIDE + l) : 0.0;
  [[unroll]] for (uint s = 1u; s < LANES; s *= 2u)
    if (s < n)
      [[unroll]] for (uint l = 0u; l < LANES; l += 2u * s)
        v[l] = v[l] + v[l + s];
  return v[0];
}

void store(uint row, uint t, float value) {
  precise float v = value;
  const uint yi = (p.token0 + gl_WorkGroupID.y * TILE + t) * p.y_stride + p.y_offset + row;
  if ((p.flags & MATMUL_BIAS) != 0u)
    v += bias[p.bias_offset + row];
  if ((p.flags & MATMUL_ADD) != 0u)
    v += y[yi];
  y[yi] = v;
}

void matmul_rows(const bool pair) {
  const uint lane = invocation() % LANES, grp = invocation() / LANES;
  const uint row0 = (gl_WorkGroupID.x * GROUPS + grp) * NR;
  precise float acc[NE], acc_b[NE], ss[TILE];  // sum e = t * NR + i: row row0 + i, token t
  [[unroll]] for (uint e = 0u; e < NE; e++) {
    acc[e] = 0.0;
    acc_b[e] = 0.0;
  }
  [[unroll]] for (uint t = 0u; t < TILE; t++)
    ss[t] = 0.0;
  const uint rounds = (p.chunks + LANES - 1u) / LANES;
  for (uint j = 0u; j < rounds; j++) {
#ifdef TILED
    stage_x(j);
#endif
    // A lane past the row's last chunk adds nothing this round (but stays for the barriers).
    const uint c = j * LANES + lane;
    if (c < p.chunks) {
      uvec4 ra[NR], rb[NR];
      vec2 sa[NR], sb[NR];
      [[unroll]] for (uint i = 0u; i < NR; i++) {
        const uint r = min(row0 + i, p.rows - 1u);
        ra[i] = raw_a(r, c);
        sa[i] = chunk_scale_min_a(r, c);
        if (pair) {
          rb[i] = raw_b(r, c);
          sb[i] = chunk_scale_min_b(r, c);
        }
      }
#ifdef INT_DOT
      [[unroll]] for (uint t = 0u; t < TILE; t++) {
        [[unroll]] for (uint i = 0u; i < NR; i++) {
          acc[t * NR + i] = dot_chunk(acc[t * NR + i], ra[i], sa[i], t, c);
          if (pair)
            acc_b[t * NR + i] = dot_chunk(acc_b[t * NR + i], rb[i], sb[i], t, c);
        }
      }
#else
      // Not unrolled: the body already holds NR x TILE x 4 fma() per matrix, and unrolled
      // again per vec4 of the chunk it took lavapipe minutes to compile.
      for (uint q = 0u; q < Q4; q++) {
        precise vec4 xv[TILE];
        [[unroll]] for (uint t = 0u; t < TILE; t++)
          xv[t] = load_x(t, c, q);
        if (NORM) {
          const vec4 g = g4[c * Q4 + q];
          [[unroll]] for (uint t = 0u; t < TILE; t++) {
            [[unroll]] for (uint k = 0u; k < 4u; k++)
              ss[t] = fma(xv[t][k], xv[t][k], ss[t]);
            xv[t] *= g;
          }
        }
        [[unroll]] for (uint i = 0u; i < NR; i++) {
          const vec4 w = dequant4(ra[i], sa[i], q);
          [[unroll]] for (uint t = 0u; t < TILE; t++)
            [[unroll]] for (uint k = 0u; k < 4u; k++)
              acc[t * NR + i] = fma(w[k], xv[t][k], acc[t * NR + i]);
          if (pair) {
            const vec4 wb = dequant4(rb[i], sb[i], q);
            [[unroll]] for (uint t = 0u; t < TILE; t++)
              [[unroll]] for (uint k = 0u; k < 4u; k++)
                acc_b[t * NR + i] = fma(wb[k], xv[t][k], acc_b[t * NR + i]);
          }
        }
      }
#endif
    }
  }
  // The trees: every lane puts its partials, then lane e adds sum e's of them.
  const uint base = grp * NE * RED_STRIDE;
  const uint e = lane, t = e / NR, i = e % NR;
  float scale = 1.0;
  if (NORM) {
    barrier();
    [[unroll]] for (uint k = 0u; k < TILE; k++)
      put_partial(base, k, lane, ss[k]);
    barrier();
    if (e < NE)
      scale = 1.0 / sqrt(tree(base, t) / float(p.norm_n) + p.norm_eps);
  }
  barrier();
  [[unroll]] for (uint k = 0u; k < NE; k++)
    put_partial(base, k, lane, acc[k]);
  barrier();
  const float a = e < NE ? tree(base, e) * scale : 0.0;
  float b = 0.0;
  if (pair) {
    barrier();
    [[unroll]] for (uint k = 0u; k < NE; k++)
      put_partial(base, k, lane, acc_b[k]);
    barrier();
    b = e < NE ? tree(base, e) * scale : 0.0;
  }
  if (e < NE && row0 + i < p.rows && gl_WorkGroupID.y * TILE + t < p.n_tokens)
    store(row0 + i, t, pair ? glu(a) * b : a);
}

// One copy of the code, with the up matrix's work behind a uniform branch: two specialised
// copies doubled what a device compiles.
void main() { matmul_rows((p.flags & (MATMUL_SWIGLU | MATMUL_GEGLU)) != 0u); }
