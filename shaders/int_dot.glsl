// Packed 4x8-bit integer dot products (SPV_KHR_integer_dot_product's OpSDot, the device's
// VK_KHR_shader_integer_dot_product): the sum of the products of the four signed bytes of a
// and b. Declared through GL_EXT_spirv_intrinsics because the glslc this project builds with
// (shaderc 2023.2) predates GL_EXT_integer_dot_product's dotPacked4x8EXT, which is the same
// instruction.
#extension GL_EXT_spirv_intrinsics : require
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6018], id = 4450)
int sdot_packed(uint a, uint b, spirv_literal int packed_4x8);
int dot4x8(const uint a, const uint b) { return sdot_packed(a, b, 0); }
