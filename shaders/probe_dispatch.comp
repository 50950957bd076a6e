#version 450
// The fixed cost of one dispatch and its barrier: one invocation that writes nothing (the
// flag is never set; a push block and a binding are what every kernel has).
layout(local_size_x = 1) in;
layout(push_constant) uniform ProbeParams {
  uint write;
} p;
layout(binding = 0) writeonly buffer Sum { uint sum[]; };

void main() {
  if (p.write != 0u)
    sum[0] = 0u;
}
