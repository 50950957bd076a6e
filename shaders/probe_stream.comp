#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// The device's streaming ceiling: read a buffer once, 16 bytes per load, neighbouring lanes
// at neighbouring addresses (as the weight kernels read), and keep nothing but a checksum
// per invocation so the loads cannot be dropped. What the weights of a pass can be read at,
// with no arithmetic on them.
layout(local_size_x_id = 0) in;
layout(push_constant) uniform ProbeParams {
  uint n4;   // uvec4s in the source
} p;
layout(binding = 0) readonly buffer Src { WORDS4 src[]; };
layout(binding = 1) writeonly buffer Sum { uint sum[]; };

void main() {
  const uint gid = gl_GlobalInvocationID.x;
  const uint step = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  uvec4 acc = uvec4(0u);
  for (uint i = gid; i < p.n4; i += step)
    acc ^= words4(src[i]);
  sum[gid] = acc.x ^ acc.y ^ acc.z ^ acc.w;
}
