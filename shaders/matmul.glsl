// Y[t][y_offset + r] (op)= sum_k W[r][k] * X[t][k] for a block of tokens.
//
// One invocation owns one weight row and walks it chunk by chunk (16 bytes each); weights
// are repacked at load time as [chunk][row] so neighbouring invocations read neighbouring
// 16-byte vectors. Tokens are processed TILE at a time so each weight chunk is read once
// per tile. Every token's sum is the same chain of fma() in the same order whatever TILE
// or n_tokens is: a token's result does not depend on the batch it was computed in.
//
// The including file includes matmul_params.glsl, then defines VPC (values per chunk) and
//   void load_chunk(uint which, uint r, uint c, out float w[VPC]) -- dequantized values
//   float chunk_scale(uint which, uint r, uint c)                   -- block scale (or 1)
// `which` selects weight pair A (bindings 0,1) or B (bindings 5,6, SwiGLU's up matrix).
layout(binding = 2) readonly buffer XBuf { vec4 x4[]; };
layout(binding = 3) buffer YBuf { float y[]; };
layout(binding = 4) readonly buffer BiasBuf { float bias[]; };

float silu(float v) { return v / (1.0 + exp(-v)); }

void main() {
  const uint r = gl_GlobalInvocationID.x;
  if (r >= p.rows)
    return;
  const bool swiglu = (p.flags & MATMUL_SWIGLU) != 0u;
  for (uint t0 = 0u; t0 < p.n_tokens; t0 += TILE) {
    precise float acc[TILE];
    precise float acc_b[TILE];
    [[unroll]] for (uint i = 0u; i < TILE; i++) {
      acc[i] = 0.0;
      acc_b[i] = 0.0;
    }
    for (uint c = 0u; c < p.chunks; c++) {
      float w[VPC];
      float wb[VPC];
      load_chunk(0u, r, c, w);
      const float sa = chunk_scale(0u, r, c);
      float sb = 0.0;
      if (swiglu) {
        load_chunk(1u, r, c, wb);
        sb = chunk_scale(1u, r, c);
      }
      [[unroll]] for (uint i = 0u; i < TILE; i++) {
        const uint t = t0 + i;
        if (t >= p.n_tokens)
          break;
        const uint xb = (t * p.x_stride + c * VPC) / 4u;
        precise float part = 0.0;
        precise float part_b = 0.0;
        [[unroll]] for (uint v = 0u; v < VPC / 4u; v++) {
          const vec4 xv = x4[xb + v];
          part = fma(w[4u * v + 0u], xv.x, part);
          part = fma(w[4u * v + 1u], xv.y, part);
          part = fma(w[4u * v + 2u], xv.z, part);
          part = fma(w[4u * v + 3u], xv.w, part);
          if (swiglu) {
            part_b = fma(wb[4u * v + 0u], xv.x, part_b);
            part_b = fma(wb[4u * v + 1u], xv.y, part_b);
            part_b = fma(wb[4u * v + 2u], xv.z, part_b);
            part_b = fma(wb[4u * v + 3u], xv.w, part_b);
          }
        }
        acc[i] = fma(part, sa, acc[i]);
        if (swiglu)
          acc_b[i] = fma(part_b, sb, acc_b[i]);
      }
    }
    [[unroll]] for (uint i = 0u; i < TILE; i++) {
      const uint t = t0 + i;
      if (t >= p.n_tokens)
        break;
      const uint yi = t * p.y_stride + p.y_offset + r;
      precise float v = acc[i];
      if ((p.flags & MATMUL_BIAS) != 0u)
        v += bias[p.bias_offset + r];
      if (swiglu)
        v = silu(v) * acc_b[i];
      if ((p.flags & MATMUL_ADD) != 0u)
        v += y[yi];
      y[yi] = v;
    }
  }
}
