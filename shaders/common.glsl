// Shared by every draftd kernel. Push-constant blocks are mirrored field for field by the
// C structs in daemon/vk/vk-kernels.h; change both together.
#extension GL_EXT_control_flow_attributes : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require


// Weight layout (see daemon/runtime/weights.h): rows in groups of 8, each group stored as
// [chunk][8 rows] (and its block scales as [block][8 rows]), so the 8 lanes of a CPU SIMD
// group stream one contiguous run and a GPU warp reads whole 128-byte lines.
const uint ROW_GROUP = 8u;
uint chunk_index(uint r, uint c, uint chunks) {
  return ((r / ROW_GROUP) * chunks + c) * ROW_GROUP + (r % ROW_GROUP);
}

// Matmul flags
const uint MATMUL_ADD = 1u;     // Y += W·x (fused residual add) instead of Y = W·x
const uint MATMUL_BIAS = 2u;    // add bias[bias_offset + row]
const uint MATMUL_SWIGLU = 4u;  // Y = silu(Wa·x) * (Wb·x)
