#include "lib/runtime/weights.h"
#include <string.h>

static const guint values_per_chunk[DRAFTD_N_WTYPES] = { 4, 8, 16, 32 };

guint
draftd_wtype_values_per_chunk (guint wtype)
{
  return values_per_chunk[wtype];
}

static int
wtype_of (guint32 ggml_type)
{
  switch (ggml_type) {
  case GGML_TYPE_F32: return DRAFTD_WTYPE_F32;
  case GGML_TYPE_F16: return DRAFTD_WTYPE_F16;
  case GGML_TYPE_Q8_0: return DRAFTD_WTYPE_Q8_0;
  case GGML_TYPE_Q4_0: return DRAFTD_WTYPE_Q4_0;
  default: return -1;
  }
}

/* Position of (row r, chunk or block c) in the row-group layout (chunk_index in common.glsl). */
static gsize
grouped (guint32 r, guint32 c, guint32 per_row)
{
  return ((gsize) (r / DRAFTD_ROW_GROUP) * per_row + c) * DRAFTD_ROW_GROUP + r % DRAFTD_ROW_GROUP;
}

/* Writes one source row (ggml layout) as chunks into row `r` of a part. */
static void
repack_row (guint wtype, const guint8 *src, guint32 cols, guint32 chunks, guint32 r, guint8 *quants, float *scales)
{
  for (guint32 c = 0; c < chunks; c++) {
    guint8 *dst = quants + grouped (r, c, chunks) * 16;
    memset (dst, 0, 16);
    switch (wtype) {
    case DRAFTD_WTYPE_F32: {
      guint32 k0 = c * 4, n = k0 < cols ? MIN (4, cols - k0) : 0;
      memcpy (dst, src + (gsize) k0 * 4, n * 4);
      break;
    }
    case DRAFTD_WTYPE_F16: {
      guint32 k0 = c * 8, n = k0 < cols ? MIN (8, cols - k0) : 0;
      memcpy (dst, src + (gsize) k0 * 2, n * 2);
      break;
    }
    case DRAFTD_WTYPE_Q8_0: {
      const guint8 *blk = src + (gsize) (c / 2) * sizeof (BlockQ8_0);
      memcpy (dst, blk + 2 + (c % 2) * 16, 16);
      if (c % 2 == 0) {
        guint16 d;
        memcpy (&d, blk, 2);
        scales[grouped (r, c / 2, chunks / 2)] = ggml_fp16_to_fp32 (d);
      }
      break;
    }
    case DRAFTD_WTYPE_Q4_0: {
      const guint8 *blk = src + (gsize) c * sizeof (BlockQ4_0);
      guint16 d;
      memcpy (dst, blk + 2, 16);
      memcpy (&d, blk, 2);
      scales[grouped (r, c, chunks)] = ggml_fp16_to_fp32 (d);
      break;
    }
    }
  }
}

gboolean
draftd_matrix_upload (DraftdVk *vk, DraftdMatrix *m, const GgufTensor *const *tensors, guint n, GError **error)
{
  memset (m, 0, sizeof *m);
  int wt = wtype_of (tensors[0]->type);
  g_return_val_if_fail (wt >= 0, FALSE);
  m->wtype = wt;
  m->cols = tensors[0]->ne[0];
  for (guint i = 0; i < n; i++) {
    g_return_val_if_fail (tensors[i]->type == tensors[0]->type && tensors[i]->ne[0] == m->cols, FALSE);
    m->rows += tensors[i]->ne[1];
  }
  guint vpc = values_per_chunk[wt];
  m->chunks = draftd_pad32 (m->cols) / vpc;
  guint64 row_bytes = (guint64) m->chunks * 16;
  guint64 src_row_bytes;
  ggml_row_bytes (tensors[0]->type, m->cols, &src_row_bytes);
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
  gboolean quant = wt == DRAFTD_WTYPE_Q8_0 || wt == DRAFTD_WTYPE_Q4_0;
  guint32 blocks = draftd_pad32 (m->cols) / 32;
  guint t = 0;
  guint64 t_row = 0;  /* row within tensors[t] */
  for (guint p = 0; p < m->n_parts; p++) {
    DraftdMatrixPart *part = &m->parts[p];
    part->row0 = p * max_rows;
    part->rows = MIN (max_rows, m->rows - part->row0);
    /* Storage covers whole row groups; the padding rows stay zero and are never stored. */
    guint64 stored_rows = (part->rows + DRAFTD_ROW_GROUP - 1) / DRAFTD_ROW_GROUP * DRAFTD_ROW_GROUP;
    g_autofree guint8 *q = g_malloc0 ((gsize) stored_rows * row_bytes);
    g_autofree float *s = quant ? g_malloc0 ((gsize) stored_rows * blocks * 4) : NULL;
    for (guint32 r = 0; r < part->rows; r++) {
      while (t_row >= tensors[t]->ne[1]) {
        t++;
        t_row = 0;
      }
      repack_row (wt, tensors[t]->data + t_row * src_row_bytes, m->cols, m->chunks, r, q, s);
      t_row++;
    }
    if (!draftd_vk_buffer_init (vk, &part->quants, (VkDeviceSize) stored_rows * row_bytes, FALSE, error) ||
        !draftd_vk_upload (vk, &part->quants, 0, q, (VkDeviceSize) stored_rows * row_bytes, error))
      return FALSE;
    if (quant && (!draftd_vk_buffer_init (vk, &part->scales, (VkDeviceSize) stored_rows * blocks * 4, FALSE, error) ||
                  !draftd_vk_upload (vk, &part->scales, 0, s, (VkDeviceSize) stored_rows * blocks * 4, error)))
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
draftd_vector_upload (DraftdVk *vk, DraftdVkBuffer *buf, const GgufTensor *const *tensors, guint n, guint32 padded,
                      GError **error)
{
  g_autofree float *v = g_new0 (float, padded);
  guint64 off = 0;
  for (guint i = 0; i < n; i++) {
    g_return_val_if_fail (off + tensors[i]->n_elements <= padded, FALSE);
    ggml_dequantize (tensors[i]->type, tensors[i]->data, v + off, tensors[i]->n_elements);
    off += tensors[i]->n_elements;
  }
  return draftd_vk_buffer_init (vk, buf, (VkDeviceSize) padded * 4, FALSE, error) &&
         draftd_vk_upload (vk, buf, 0, v, (VkDeviceSize) padded * 4, error);
}
