// Shared by every draftd kernel. Push-constant blocks are mirrored field for field by the
// C structs in daemon/vk/vk-kernels.h; change both together.
#extension GL_EXT_control_flow_attributes : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require


// Matmul flags
const uint MATMUL_ADD = 1u;     // Y += W·x (fused residual add) instead of Y = W·x
const uint MATMUL_BIAS = 2u;    // add bias[bias_offset + row]
const uint MATMUL_SWIGLU = 4u;  // Y = silu(Wa·x) * (Wb·x)
