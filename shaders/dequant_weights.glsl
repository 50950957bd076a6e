// The weight matrices A (binding 0) and B (binding 5, SwiGLU's up matrix), layout [row
// group][chunk][8 rows] (chunk_index), read after the including file has defined VPC and
//   void unpack_chunk(uvec4 chunk, out float w[VPC])  -- its 16 bytes as VPC quants
// Included after a push-constant block `p` that has `chunks` (16-byte chunks per row).
#ifdef TEXEL_LOADS
layout(binding = 0) uniform utextureBuffer wa_t;
layout(binding = 5) uniform utextureBuffer wb_t;
void load_chunk_a(uint r, uint c, out float w[VPC]) {
  unpack_chunk(texelFetch(wa_t, int(chunk_index(r, c, p.chunks))), w);
}
void load_chunk_b(uint r, uint c, out float w[VPC]) {
  unpack_chunk(texelFetch(wb_t, int(chunk_index(r, c, p.chunks))), w);
}
#else
layout(binding = 0) readonly buffer WA { WORDS4 wa[]; };
layout(binding = 5) readonly buffer WB { WORDS4 wb_[]; };
void load_chunk_a(uint r, uint c, out float w[VPC]) { unpack_chunk(words4(wa[chunk_index(r, c, p.chunks)]), w); }
void load_chunk_b(uint r, uint c, out float w[VPC]) { unpack_chunk(words4(wb_[chunk_index(r, c, p.chunks)]), w); }
#endif
