#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// The streaming ceiling through a uniform texel buffer (one uvec4 texel per load).
layout(local_size_x_id = 0) in;
layout(push_constant) uniform ProbeParams {
  uint n4;   // uvec4s in the source
} p;
layout(binding = 0) uniform utextureBuffer src;
layout(binding = 1) writeonly buffer Sum { uint sum[]; };

void main() {
  const uint gid = gl_GlobalInvocationID.x;
  const uint step = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  uvec4 acc = uvec4(0u);
  for (uint i = gid; i < p.n4; i += step)
    acc ^= texelFetch(src, int(i));
  sum[gid] = acc.x ^ acc.y ^ acc.z ^ acc.w;
}
