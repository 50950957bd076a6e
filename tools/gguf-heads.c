#include "tools/gguf-heads.h"
#include <string.h>
#include "lib/gguf/gguf.h"
#include "lib/model/model.h"

/* Scalar and array values by GGUF type: what the writer can write again. */
static gboolean
copy_kv (DraftdGgufWriter *w, const DraftdGgufKV *kv, GError **error)
{
  DraftdGgufValueType t = kv->type == GGUF_TYPE_ARRAY ? kv->array_type : kv->type;
  guint64 n = kv->type == GGUF_TYPE_ARRAY ? kv->array_len : 1;
  gboolean array = kv->type == GGUF_TYPE_ARRAY;
  if (t == GGUF_TYPE_STRING) {
    g_autofree const char **v = g_new (const char *, MAX (n, 1u));
    g_autofree guint32 *lens = g_new (guint32, MAX (n, 1u));
    for (guint64 i = 0; i < n; i++)
      v[i] = kv->strings[i].data, lens[i] = kv->strings[i].len;
    if (array) {
      draftd_gguf_writer_set_string_array (w, kv->key, v, lens, n);
    } else {
      g_autofree char *s = g_strndup (v[0], lens[0]);
      draftd_gguf_writer_set_string (w, kv->key, s);
    }
    return TRUE;
  }
  /* The values lie in the mapped file at any byte offset: a number is copied out before it is
   * read, never loaded in place (an unaligned load, which UBSan rightly refuses). The writer
   * copies an array's bytes as they are, so only one that is not 4-aligned is copied first. */
  gboolean four = t == GGUF_TYPE_FLOAT32 || t == GGUF_TYPE_INT32 || t == GGUF_TYPE_UINT32;
  union { guint32 u; gint32 i; float f; } one = { 0 };
  if (four && !array)
    memcpy (&one, kv->raw, 4);
  gboolean unaligned = array && (t == GGUF_TYPE_FLOAT32 || t == GGUF_TYPE_INT32) && (guintptr) kv->raw % 4 != 0;
  g_autofree void *copy = unaligned ? g_memdup2 (kv->raw, (gsize) n * 4) : NULL;
  const void *values = copy ? copy : kv->raw;
  if (array && t == GGUF_TYPE_FLOAT32)
    draftd_gguf_writer_set_f32_array (w, kv->key, values, n);
  else if (array && t == GGUF_TYPE_INT32)
    draftd_gguf_writer_set_i32_array (w, kv->key, values, n);
  else if (!array && t == GGUF_TYPE_UINT32)
    draftd_gguf_writer_set_u32 (w, kv->key, one.u);
  else if (!array && t == GGUF_TYPE_INT32)
    draftd_gguf_writer_set_i32 (w, kv->key, one.i);
  else if (!array && t == GGUF_TYPE_FLOAT32)
    draftd_gguf_writer_set_f32 (w, kv->key, one.f);
  else if (!array && t == GGUF_TYPE_BOOL)
    draftd_gguf_writer_set_bool (w, kv->key, *kv->raw != 0);
  else {
    g_set_error (error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_TYPE, "metadata '%s' is of a type (%s%s) not copied",
                 kv->key, array ? "array of " : "", draftd_gguf_value_type_name (t));
    return FALSE;
  }
  return TRUE;
}

static gboolean
add_head (DraftdGgufWriter *w, guint i, const float *v, guint dim, guint32 type, GError **error)
{
  g_autofree char *name = g_strdup_printf (DRAFTD_BLOCKWISE_HEAD_NAME, i);
  guint64 ne[2] = { dim, dim }, bytes;
  if (!draftd_ggml_row_bytes (type, (guint64) dim * dim, &bytes)) {
    g_set_error (error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_TYPE, "heads of width %u cannot be stored as %s", dim,
                 draftd_ggml_type_name (type));
    return FALSE;
  }
  g_autofree guint8 *buf = g_malloc (bytes);
  draftd_ggml_quantize (type, v, buf, (gsize) dim * dim);
  return draftd_gguf_writer_add_tensor (w, name, type, 2, ne, buf, bytes, error);
}

gboolean
draftd_gguf_add_heads (const char *in, const float *heads, guint n_heads, guint dim, guint32 type, const char *out,
                       GError **error)
{
  g_autoptr (DraftdGgufFile) f = draftd_gguf_open (in, error);
  if (f == NULL)
    return FALSE;
  g_autoptr (DraftdGgufWriter) w = draftd_gguf_writer_new ();
  for (guint i = 0; i < draftd_gguf_n_kv (f); i++) {
    const DraftdGgufKV *kv = draftd_gguf_kv (f, i);
    if (!g_str_equal (kv->key, DRAFTD_BLOCKWISE_HEADS_KEY) && !copy_kv (w, kv, error))
      return FALSE;
  }
  draftd_gguf_writer_set_u32 (w, DRAFTD_BLOCKWISE_HEADS_KEY, n_heads);
  for (guint i = 0; i < draftd_gguf_n_tensors (f); i++) {
    const DraftdGgufTensor *t = draftd_gguf_tensor (f, i);
    if (g_str_has_prefix (t->name, "blockwise."))
      continue;
    if (!draftd_gguf_writer_add_tensor (w, t->name, t->type, t->n_dims, t->ne, t->data, t->n_bytes, error))
      return FALSE;
  }
  for (guint i = 0; i < n_heads; i++)
    if (!add_head (w, i, heads + (gsize) i * dim * dim, dim, type, error))
      return FALSE;
  return draftd_gguf_writer_write (w, out, error);
}

float *
draftd_heads_file_read (const char *path, guint dim, guint *n_heads, GError **error)
{
  g_autofree char *data = NULL;
  gsize len = 0, square = (gsize) dim * dim * 4;
  if (!g_file_get_contents (path, &data, &len, error))
    return NULL;
  if (dim == 0 || len == 0 || len % square != 0 || len / square > DRAFTD_BLOCKWISE_MAX_HEADS) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                 "%s: %" G_GSIZE_FORMAT " bytes is not 1 to %u heads of %u x %u f32 values", path, len,
                 DRAFTD_BLOCKWISE_MAX_HEADS, dim, dim);
    return NULL;
  }
  *n_heads = len / square;
  return (float *) g_steal_pointer (&data);  /* g_malloc'd: aligned for any value */
}
