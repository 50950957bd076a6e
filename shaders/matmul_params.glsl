// Push constants of the matmul kernels (mirrors DraftdMatmulParams in vk-kernels.h).
layout(constant_id = 1) const uint TILE = 1;
// X is the residual stream, RMS-normed on the fly with the gains at binding 7 (the norm
// before the QKV and gate/up matmuls, fused: see matmul.glsl).
layout(constant_id = 2) const bool NORM = false;

layout(push_constant) uniform MatmulParams {
  uint rows;         // rows in this weight part
  uint chunks;       // 16-byte chunks per row
  uint n_tokens;     // tokens token0 .. token0 + n_tokens - 1 of X and Y
  uint x_stride;     // floats between tokens in X (multiple of 32)
  uint y_stride;     // floats between tokens in Y
  uint y_offset;     // column of Y where this part's row 0 goes
  uint flags;        // MATMUL_*
  uint bias_offset;  // bias index of this part's row 0
  uint token0;       // first token of X and Y this dispatch computes
  uint norm_n;       // NORM: elements of X a token's norm covers (the rest are padding)
  float norm_eps;    // NORM: added to the mean square
} p;

