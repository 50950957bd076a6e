// Shared by every draftd kernel. Push-constant blocks are mirrored field for field by the
// C structs in lib/vk/vk-kernels.h; change both together.
#extension GL_EXT_control_flow_attributes : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_EXT_samplerless_texture_functions : require
#ifdef SUBGROUP_TREE
#extension GL_KHR_shader_subgroup_shuffle : require
#endif

// 16 bytes of a storage buffer as four 32-bit words, loaded as two 64-bit words where the
// kernel is built with LOAD_64BIT.
#ifdef LOAD_64BIT
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#define WORDS4 u64vec2
uvec4 words4(const u64vec2 v) { return uvec4(unpack32(v.x), unpack32(v.y)); }
#else
#define WORDS4 uvec4
uvec4 words4(const uvec4 v) { return v; }
#endif

// Weight layout (see lib/runtime/weights.h): rows in groups of 8, each group stored as
// [chunk][8 rows] (and its block scales as [block][8 rows]), so the 8 lanes of a CPU SIMD
// group stream one contiguous run. With ROW_MAJOR (the kernels of a vk->gpu_kernels device,
// whose lanes split a row between them) rows are stored one after the other: [row][chunk].
const uint ROW_GROUP = 8u;
uint chunk_index(uint r, uint c, uint chunks) {
#ifdef ROW_MAJOR
  return r * chunks + c;
#else
  return ((r / ROW_GROUP) * chunks + c) * ROW_GROUP + (r % ROW_GROUP);
#endif
}

// Matmul flags
const uint MATMUL_ADD = 1u;     // Y += W·x (fused residual add) instead of Y = W·x
const uint MATMUL_BIAS = 2u;    // add bias[bias_offset + row]
const uint MATMUL_SWIGLU = 4u;  // Y = silu(Wa·x) * (Wb·x)
const uint MATMUL_GEGLU = 8u;   // Y = gelu(Wa·x) * (Wb·x), GELU's tanh approximation
