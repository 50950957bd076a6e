#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// x[t][k] *= s in place, for the first n elements of each of the tokens (Gemma 3 multiplies
// its input embeddings by sqrt(n_embd)). One invocation per (element, token).
layout(local_size_x_id = 0) in;
layout(push_constant) uniform ScaleParams {
  uint n;
  uint stride;  // floats between tokens
  float s;
} p;
layout(binding = 0) buffer XBuf { float x[]; };

void main() {
  const uint k = gl_GlobalInvocationID.x;
  if (k < p.n)
    x[gl_GlobalInvocationID.y * p.stride + k] *= p.s;
}
