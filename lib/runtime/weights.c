#include "lib/runtime/weights.h"
#include "lib/vk/vk-staging.h"
#include <string.h>
#include "lib/model/model.h"

/* F32 scale words per chunk (Q8_0: one per block of two chunks; the scale-and-min forms: a
 * (scale, min) pair per chunk). */
static const float scale_words_per_chunk[DRAFTD_N_WTYPES] = {
  [DRAFTD_WTYPE_Q8_0] = 0.5f, [DRAFTD_WTYPE_Q4_0] = 1, [DRAFTD_WTYPE_U4SM] = 2, [DRAFTD_WTYPE_I8S] = 1,
  [DRAFTD_WTYPE_I8SM] = 2,
};

/* Which repacked form a ggml type takes on the device. The quantized types other than
 * Q8_0/Q4_0 go through their DraftdGgmlBlockParts: 4-bit unsigned quants with a min keep 4 bits;
 * the 5-, 6-bit and non-linear ones, and Q2_K/Q3_K (whose 16-value sub-blocks do not fill
 * a 16-byte chunk), become int8 with a scale (and a min) per 16 values. */
static int
wtype_of (guint32 draftd_ggml_type)
{
  switch (draftd_ggml_type) {
  case GGML_TYPE_F32: return DRAFTD_WTYPE_F32;
  case GGML_TYPE_F16: return DRAFTD_WTYPE_F16;
  case GGML_TYPE_BF16: return DRAFTD_WTYPE_BF16;
  case GGML_TYPE_Q8_0: return DRAFTD_WTYPE_Q8_0;
  case GGML_TYPE_Q4_0: return DRAFTD_WTYPE_Q4_0;
  case GGML_TYPE_Q4_1:
  case GGML_TYPE_Q4_K: return DRAFTD_WTYPE_U4SM;
  case GGML_TYPE_Q5_0:
  case GGML_TYPE_Q3_K:
  case GGML_TYPE_Q6_K:
  case GGML_TYPE_IQ4_NL: return DRAFTD_WTYPE_I8S;
  case GGML_TYPE_Q5_1:
  case GGML_TYPE_Q2_K:
  case GGML_TYPE_Q5_K: return DRAFTD_WTYPE_I8SM;
  default: return -1;
  }
}

/* Position of (row r, chunk or block c) in the row-group layout, or row-major (chunk_index in
 * common.glsl). */
static gsize
grouped (gboolean row_major, guint32 r, guint32 c, guint32 per_row)
{
  if (row_major)
    return (gsize) r * per_row + c;
  return ((gsize) (r / DRAFTD_ROW_GROUP) * per_row + c) * DRAFTD_ROW_GROUP + r % DRAFTD_ROW_GROUP;
}

/* Chunk c of a row of F32/F16/BF16/Q8_0/Q4_0, whose ggml bytes are copied as they are. */
static void
repack_plain_chunk (gboolean rm, guint wtype, const guint8 *src, guint32 cols, guint32 chunks, guint32 r, guint32 c,
                    guint8 *dst, float *scales)
{
  switch (wtype) {
  case DRAFTD_WTYPE_F32:
  case DRAFTD_WTYPE_F16:
  case DRAFTD_WTYPE_BF16: {
    guint vpc = draftd_wtype_values_per_chunk (wtype), size = 16 / vpc;
    guint32 k0 = c * vpc, n = k0 < cols ? MIN (vpc, cols - k0) : 0;
    memcpy (dst, src + (gsize) k0 * size, n * size);
    break;
  }
  case DRAFTD_WTYPE_Q8_0: {
    const guint8 *blk = src + (gsize) (c / 2) * sizeof (BlockQ8_0);
    memcpy (dst, blk + 2 + (c % 2) * 16, 16);
    if (c % 2 == 0) {
      guint16 d;
      memcpy (&d, blk, 2);
      scales[grouped (rm, r, c / 2, chunks / 2)] = draftd_ggml_fp16_to_fp32 (d);
    }
    break;
  }
  case DRAFTD_WTYPE_Q4_0: {
    const guint8 *blk = src + (gsize) c * sizeof (BlockQ4_0);
    guint16 d;
    memcpy (dst, blk + 2, 16);
    memcpy (&d, blk, 2);
    scales[grouped (rm, r, c, chunks)] = draftd_ggml_fp16_to_fp32 (d);
    break;
  }
  }
}

/* Block `b` of a row through its DraftdGgmlBlockParts: U4SM chunks hold one 32-value sub-block
 * as Q4_0 arranges nibbles (byte j: value j low, value j + 16 high); I8S/I8SM chunks hold
 * 16 int8. Scales (and mins, as f32 pairs) per chunk, in the same row-group order. */
static void
repack_parts_block (gboolean rm, guint wtype, guint32 draftd_ggml_type, const guint8 *blk, guint32 chunks, guint32 r,
                    guint32 c0, guint8 *quants, float *scales)
{
  DraftdGgmlBlockParts p;
  draftd_ggml_block_parts (draftd_ggml_type, blk, &p);
  guint vpc = draftd_wtype_values_per_chunk (wtype);
  gboolean with_min = wtype != DRAFTD_WTYPE_I8S;
  for (guint j = 0; j < p.n / vpc; j++) {
    guint8 *dst = quants + grouped (rm, r, c0 + j, chunks) * 16;
    const int8_t *q = p.q + j * vpc;
    if (wtype == DRAFTD_WTYPE_U4SM)
      for (guint i = 0; i < 16; i++)
        dst[i] = (guint8) ((q[i] & 0xf) | (q[i + 16] << 4));
    else
      memcpy (dst, q, 16);
    guint sub = j * vpc / p.sub_len;
    gsize at = grouped (rm, r, c0 + j, chunks);
    if (with_min) {
      scales[2 * at] = p.scale[sub];
      scales[2 * at + 1] = p.min[sub];
    } else {
      scales[at] = p.scale[sub];
    }
  }
}

/* Writes one source row (ggml layout) as chunks into row `r` of a part. */
static void
repack_row (gboolean rm, guint wtype, guint32 draftd_ggml_type, const guint8 *src, guint32 cols, guint32 chunks, guint32 r,
            guint8 *quants, float *scales)
{
  if (wtype >= DRAFTD_WTYPE_U4SM) {
    guint bv, bb;
    draftd_ggml_type_block (draftd_ggml_type, &bv, &bb);
    guint32 per_block = bv / draftd_wtype_values_per_chunk (wtype);
    /* Padding chunks of a 32-block type's row padded to 32 stay zero (scales too). */
    for (guint32 b = 0; b < cols / bv; b++)
      repack_parts_block (rm, wtype, draftd_ggml_type, src + (gsize) b * bb, chunks, r, b * per_block, quants, scales);
    return;
  }
  for (guint32 c = 0; c < chunks; c++) {
    guint8 *dst = quants + grouped (rm, r, c, chunks) * 16;
    memset (dst, 0, 16);
    repack_plain_chunk (rm, wtype, src, cols, chunks, r, c, dst, scales);
  }
}

gboolean
draftd_matrix_upload (DraftdVk *vk, DraftdMatrix *m, const DraftdGgufTensor *const *tensors, guint n, GError **error)
{
  memset (m, 0, sizeof *m);
  int wt = wtype_of (tensors[0]->type);
  if (wt < 0) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_SHAPE,
                 "tensor %s has type %s (%u), which draftd does not support; supported: %s", tensors[0]->name,
                 draftd_ggml_type_name (tensors[0]->type), tensors[0]->type, draftd_ggml_supported_type_list ());
    return FALSE;
  }
  m->wtype = wt;
  m->row_major = vk->gpu_kernels;
  m->cols = tensors[0]->ne[0];
  for (guint i = 0; i < n; i++) {
    if (tensors[i]->type != tensors[0]->type || tensors[i]->ne[0] != m->cols) {
      g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_SHAPE,
                   "tensors %s and %s are uploaded as one matrix but differ in type or row length", tensors[0]->name,
                   tensors[i]->name);
      return FALSE;
    }
    m->rows += tensors[i]->ne[1];
  }
  guint vpc = draftd_wtype_values_per_chunk (wt);
  m->chunks = draftd_pad32 (m->cols) / vpc;
  guint64 row_bytes = (guint64) m->chunks * 16;
  guint64 src_row_bytes;
  draftd_ggml_row_bytes (tensors[0]->type, m->cols, &src_row_bytes);
  guint64 max_rows = vk->max_binding / row_bytes;
  if (max_rows == 0) {
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT, "tensor '%s': one row (%" G_GUINT64_FORMAT
                 " bytes) exceeds the device's storage-buffer range", tensors[0]->name, row_bytes);
    return FALSE;
  }
  if (max_rows > 64)
    max_rows -= max_rows % 64;
  else if (max_rows >= DRAFTD_ROW_GROUP)
    max_rows -= max_rows % DRAFTD_ROW_GROUP;
  else {
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT, "tensor '%s': %u rows of %" G_GUINT64_FORMAT
                 " bytes exceed the device's storage-buffer range", tensors[0]->name, DRAFTD_ROW_GROUP, row_bytes);
    return FALSE;
  }
  m->n_parts = (m->rows + max_rows - 1) / max_rows;
  m->parts = g_new0 (DraftdMatrixPart, m->n_parts);
  gboolean quant = scale_words_per_chunk[wt] > 0;
  guint32 scale_words = (guint32) (m->chunks * scale_words_per_chunk[wt]);
  guint t = 0;
  guint64 t_row = 0;  /* row within tensors[t] */
  for (guint p = 0; p < m->n_parts; p++) {
    DraftdMatrixPart *part = &m->parts[p];
    part->row0 = p * max_rows;
    part->rows = MIN (max_rows, m->rows - part->row0);
    /* Storage covers whole row groups; the padding rows stay zero and are never stored. */
    guint64 stored_rows = (part->rows + DRAFTD_ROW_GROUP - 1) / DRAFTD_ROW_GROUP * DRAFTD_ROW_GROUP;
    g_autofree guint8 *q = g_malloc0 ((gsize) stored_rows * row_bytes);
    g_autofree float *s = quant ? g_malloc0 ((gsize) stored_rows * scale_words * 4) : NULL;
    for (guint32 r = 0; r < part->rows; r++) {
      while (t_row >= tensors[t]->ne[1]) {
        t++;
        t_row = 0;
      }
      repack_row (m->row_major, wt, tensors[0]->type, tensors[t]->data + t_row * src_row_bytes, m->cols, m->chunks, r, q, s);
      t_row++;
    }
    if (!draftd_vk_buffer_init (vk, &part->quants, (VkDeviceSize) stored_rows * row_bytes, FALSE, error) ||
        !draftd_vk_upload (vk, &part->quants, 0, q, (VkDeviceSize) stored_rows * row_bytes, error))
      return FALSE;
    if (quant && (!draftd_vk_buffer_init (vk, &part->scales, (VkDeviceSize) stored_rows * scale_words * 4, FALSE, error) ||
                  !draftd_vk_upload (vk, &part->scales, 0, s, (VkDeviceSize) stored_rows * scale_words * 4, error)))
      return FALSE;
  }
  return TRUE;
}

void
draftd_matrix_clear (DraftdVk *vk, DraftdMatrix *m)
{
  for (int p = (int) m->n_parts - 1; p >= 0; p--) {
    draftd_vk_buffer_clear (vk, &m->parts[p].scales);
    draftd_vk_buffer_clear (vk, &m->parts[p].quants);
  }
  g_free (m->parts);
  memset (m, 0, sizeof *m);
}

gboolean
draftd_vector_upload (DraftdVk *vk, DraftdVkBuffer *buf, const DraftdGgufTensor *const *tensors, guint n, guint32 padded,
                      GError **error)
{
  g_autofree float *v = g_new0 (float, padded);
  guint64 off = 0;
  for (guint i = 0; i < n; i++) {
    if (off + tensors[i]->n_elements > padded || !draftd_ggml_type_supported (tensors[i]->type)) {
      g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_SHAPE,
                   "tensor %s (%s, %" G_GUINT64_FORMAT " values) does not fit a vector of %u supported values",
                   tensors[i]->name, draftd_ggml_type_name (tensors[i]->type), tensors[i]->n_elements, padded);
      return FALSE;
    }
    draftd_ggml_dequantize (tensors[i]->type, tensors[i]->data, v + off, tensors[i]->n_elements);
    off += tensors[i]->n_elements;
  }
  return draftd_vk_buffer_init (vk, buf, (VkDeviceSize) padded * 4, FALSE, error) &&
         draftd_vk_upload (vk, buf, 0, v, (VkDeviceSize) padded * 4, error);
}
