// X[t][k] = token_embd[tokens[t]][k], dequantized. One invocation per (chunk, token);
// a part only writes the tokens whose ids fall inside its rows. Each value is the rounded
// product scale * q, then the rounded difference with the min: ggml's dequantized value.
layout(binding = 2) readonly buffer Tokens { uint tokens[]; };
layout(binding = 3) writeonly buffer XBuf { float x[]; };

void main() {
  const uint c = gl_GlobalInvocationID.x;
  const uint t = gl_GlobalInvocationID.y;
  if (c >= p.chunks || t >= p.n_tokens)
    return;
  const uint id = tokens[t];
  if (id < p.row0 || id - p.row0 >= p.rows)
    return;
  float w[VPC];
  load_chunk_a(id - p.row0, c, w);
  const vec2 sm = chunk_scale_min_a(id - p.row0, c);
  [[unroll]] for (uint i = 0u; i < VPC; i++) {
    precise float v = w[i] * sm.x;
    precise float value = v - sm.y;
    x[t * p.x_stride + c * VPC + i] = value;
  }
}
