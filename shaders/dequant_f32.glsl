// Included after a push-constant block `p` that has `rows` (the weight part's row count).
// F32 weights: a chunk is 4 floats; layout [chunk][row].
#define VPC 4u
layout(binding = 0) readonly buffer WA { vec4 wa[]; };
layout(binding = 5) readonly buffer WB { vec4 wb_[]; };

void load_chunk(uint which, uint r, uint c, out float w[VPC]) {
  const uint i = c * p.rows + r;
  const vec4 v = which == 0u ? wa[i] : wb_[i];
  w[0] = v.x; w[1] = v.y; w[2] = v.z; w[3] = v.w;
}
float chunk_scale(uint which, uint r, uint c) { return 1.0; }
