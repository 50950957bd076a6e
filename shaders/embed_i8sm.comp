#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x_id = 0) in;
#include "embed_params.glsl"
#include "dequant_i8sm.glsl"
#include "embed.glsl"
