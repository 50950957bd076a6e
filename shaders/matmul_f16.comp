#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// Workgroup width is a specialization constant so each device can pick its own.
layout(local_size_x_id = 0) in;
#include "matmul_params.glsl"
#include "dequant_f16.glsl"
// GPU_KERNELS: the build shaped for a GPU (matmul_gpu.glsl), the other for a CPU device.
#ifdef GPU_KERNELS
#include "matmul_gpu.glsl"
#else
#include "matmul.glsl"
#endif
