// Y[t][y_offset + r] (op)= sum_k W[r][k] * X[t][k] for a block of tokens.
//
// One invocation owns one weight row and walks it chunk by chunk (16 bytes each); weights
// are repacked at load time as [row group][chunk][row in group] (chunk_index in common.glsl)
// so neighbouring invocations read neighbouring 16-byte vectors. Tokens are processed TILE
// at a time so each weight chunk is read once per tile. Every token's sum is the same chain
// of fma() in the same order whatever TILE or n_tokens is: a token's result does not depend
// on the batch it was computed in.
//
// Loops have constant trip counts and no early exits so the compiler unrolls them and keeps
// the accumulators in registers (a dynamically indexed array would live in scratch memory);
// tokens past n_tokens in the last tile compute on a clamped copy and are never written.
//
// X is read cooperatively: for each 32-value block, lanes 0..7 of a subgroup each load one
// vec4 (neighbouring lanes, neighbouring memory) and every lane takes the value it needs with
// subgroupBroadcast. Reading X at the same address from every lane is a gather per lane on
// CPU devices and costs several times more than the weights. This needs subgroups of at
// least 8 lanes, all active: rows past the end compute on a clamped row and do not store.
//
// Built three times. lavapipe turns a per-lane storage-buffer load into a loop over the lanes
// with a bounds check and a branch per lane and 32-bit word. With LOAD_64BIT, X and the
// weights are read as 64-bit words, half the words; the multi-token tiles, which re-read X
// for every token, use that build where the device has shaderInt64. With TEXEL_LOADS the
// weights, their scales and X are read through uvec4 texel views (texelFetch on a
// utextureBuffer), which lavapipe fetches as one 16-byte load per lane: a CPU device runs
// that build (vk->texel_loads), 1.5-1.8x faster at every tile. The arithmetic is the same
// in all three, so are the results, bit for bit (test-texel-loads).
//
// The including file includes matmul_params.glsl, then defines VPC (values per chunk) and
//   void load_chunk_a/b(uint r, uint c, out float w[VPC]) -- the chunk's quants as floats
//   vec2 chunk_scale_min_a/b(uint r, uint c)                -- its scale (or 1) and min (or 0)
// for weight pair A (bindings 0,1) and B (bindings 5,6, SwiGLU's or GeGLU's up matrix); HAS_MIN when
// values are scale * q - min: the chunk then adds scale * (q . x) - min * sum(x).
#ifdef TEXEL_LOADS
layout(binding = 2) uniform utextureBuffer x_t;
layout(binding = 7) uniform utextureBuffer g_t;
#define X4(i) texelFetch(x_t, int(i))
#define G4(i) texelFetch(g_t, int(i))
#else
layout(binding = 2) readonly buffer XBuf { WORDS4 x4[]; };
layout(binding = 7) readonly buffer GBuf { WORDS4 g4[]; };
#define X4(i) words4(x4[i])
#define G4(i) words4(g4[i])
#endif
layout(binding = 3) buffer YBuf { float y[]; };
layout(binding = 4) readonly buffer BiasBuf { float bias[]; };

float silu(float v) { return v / (1.0 + exp(-v)); }
// 0.5 v (1 + tanh(u)) written as v / (1 + exp(-2u)): the same function, with no inf/inf
// where a device computes tanh from exponentials.
float gelu(float v) { return v / (1.0 + exp(-1.5957691216 * (v + 0.044715 * v * v * v))); }
float glu(float v) { return (p.flags & MATMUL_GEGLU) != 0u ? gelu(v) : silu(v); }

const uint CPB = 32u / VPC;  // chunks per 32-value block

// Lane l (mod 8) gets x[t][32b + 4l .. 32b + 4l + 3].
vec4 load_x_block(uint t, uint b) {
  return uintBitsToFloat(X4(((p.token0 + t) * p.x_stride + b * 32u) / 4u + (gl_SubgroupInvocationID & 7u)));
}

// With NORM, X is the residual stream and the matmul applies the RMS norm before it:
// Y = scale * (W · (x * g)), scale = 1 / sqrt(mean(x^2) + eps). The sum of squares comes
// from the X values the row already reads (each lane's four per block, in order, then lanes
// 0..7 in order), so the norm costs no dispatch, no trip through memory and no extra
// read of X, only the gains' load per block. The scale is a factor of the whole dot product,
// applied once at the end; the result rounds differently from a norm dispatch before the
// matmul (llama.cpp's order) by a few ulps, and is the same whatever the batch or tile.
float norm_scale(const float own) {
  precise float total = 0.0;
  [[unroll]] for (uint l = 0u; l < 8u; l++)
    total += subgroupBroadcast(own, l);
  return 1.0 / sqrt(total / float(p.norm_n) + p.norm_eps);
}

// Lane l (mod 8) gets g[32b + 4l .. 32b + 4l + 3], as load_x_block.
vec4 load_g_block(uint b) {
  return uintBitsToFloat(G4(b * 8u + (gl_SubgroupInvocationID & 7u)));
}

// Sum over chunk j of a block: w[v] * x[32b + j*VPC + v], in order.
float chunk_dot(const float w[VPC], const vec4 xl, const uint j) {
  precise float part = 0.0;
  [[unroll]] for (uint v = 0u; v < VPC; v++) {
    const uint k = j * VPC + v;
    part = fma(w[v], subgroupBroadcast(xl[k & 3u], k >> 2u), part);
  }
  return part;
}

void store(uint t, float value) {
  precise float v = value;
  const uint yi = (p.token0 + t) * p.y_stride + p.y_offset + gl_GlobalInvocationID.x;
  if ((p.flags & MATMUL_BIAS) != 0u)
    v += bias[p.bias_offset + gl_GlobalInvocationID.x];
  if ((p.flags & MATMUL_ADD) != 0u)
    v += y[yi];
  y[yi] = v;
}

#ifdef HAS_MIN
// Sum of the X values chunk j of a block covers: each lane adds its 4, then the chunk's
// lanes in order (lane l holds values 4l..4l+3 of the block).
float chunk_xsum(const vec4 xl, const uint j) {
  precise float own = (xl.x + xl.y) + (xl.z + xl.w);
  precise float sum = 0.0;
  [[unroll]] for (uint l = 0u; l < VPC / 4u; l++)
    sum += subgroupBroadcast(own, j * (VPC / 4u) + l);
  return sum;
}
#endif

// acc += weight chunk j of a block (quants w, scale and min sm) times the token's X.
float chunk_term(const float w[VPC], const vec2 sm, const vec4 xl, const uint j, const float acc) {
  precise float a = fma(chunk_dot(w, xl, j), sm.x, acc);
#ifdef HAS_MIN
  a = fma(-sm.y, chunk_xsum(xl, j), a);
#endif
  return a;
}

// Every tile of tokens for this invocation's row. With `swiglu` (a constant at each call,
// so each copy is specialised) it reads weight pair B too and stores silu(A·x) * (B·x).
void matmul_rows(const bool swiglu) {
  const bool row_valid = gl_GlobalInvocationID.x < p.rows;
  const uint r = min(gl_GlobalInvocationID.x, p.rows - 1u);
  const uint last = p.n_tokens - 1u;
  const uint n_blocks = p.chunks / CPB;
  for (uint t0 = 0u; t0 < p.n_tokens; t0 += TILE) {
    precise float acc[TILE];
    precise float acc_b[TILE];
    [[unroll]] for (uint i = 0u; i < TILE; i++) {
      acc[i] = 0.0;
      acc_b[i] = 0.0;
    }
    precise float ss[TILE];  // NORM: each lane's sum of squares of its X values
    [[unroll]] for (uint i = 0u; i < TILE; i++)
      ss[i] = 0.0;
    for (uint b = 0u; b < n_blocks; b++) {
      precise vec4 xl[TILE];
      [[unroll]] for (uint i = 0u; i < TILE; i++)
        xl[i] = load_x_block(min(t0 + i, last), b);
      if (NORM) {
        const vec4 g = load_g_block(b);
        [[unroll]] for (uint i = 0u; i < TILE; i++) {
          [[unroll]] for (uint c = 0u; c < 4u; c++)
            ss[i] = fma(xl[i][c], xl[i][c], ss[i]);
          xl[i] *= g;
        }
      }
      [[unroll]] for (uint j = 0u; j < CPB; j++) {
        const uint c = b * CPB + j;
        float w[VPC];
        load_chunk_a(r, c, w);
        const vec2 sa = chunk_scale_min_a(r, c);
        [[unroll]] for (uint i = 0u; i < TILE; i++)
          acc[i] = chunk_term(w, sa, xl[i], j, acc[i]);
        if (swiglu) {
          float wb[VPC];
          load_chunk_b(r, c, wb);
          const vec2 sb = chunk_scale_min_b(r, c);
          [[unroll]] for (uint i = 0u; i < TILE; i++)
            acc_b[i] = chunk_term(wb, sb, xl[i], j, acc_b[i]);
        }
      }
    }
    if (NORM)
      [[unroll]] for (uint i = 0u; i < TILE; i++) {
        const float sc = norm_scale(ss[i]);
        acc[i] *= sc;
        acc_b[i] *= sc;
      }
    [[unroll]] for (uint i = 0u; i < TILE; i++)
      if (row_valid && t0 + i < p.n_tokens)
        store(t0 + i, swiglu ? glu(acc[i]) * acc_b[i] : acc[i]);
  }
}

void main() {
  if ((p.flags & (MATMUL_SWIGLU | MATMUL_GEGLU)) != 0u)
    matmul_rows(true);
  else
    matmul_rows(false);
}
