#include "lib/gguf/gguf.h"
#include <string.h>

typedef struct {
  char *name;
  guint32 type;
  guint32 n_dims;
  guint64 ne[GGUF_MAX_DIMS];
  GBytes *data;
} PendingTensor;

struct GgufWriter {
  GByteArray *kv_bytes;
  guint64 n_kv;
  GPtrArray *tensors; /* PendingTensor* */
  GHashTable *keys;
};

static void
pending_free (gpointer p)
{
  PendingTensor *t = p;
  g_free (t->name);
  g_bytes_unref (t->data);
  g_free (t);
}

GgufWriter *
gguf_writer_new (void)
{
  GgufWriter *w = g_new0 (GgufWriter, 1);
  w->kv_bytes = g_byte_array_new ();
  w->tensors = g_ptr_array_new_with_free_func (pending_free);
  w->keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return w;
}

void
gguf_writer_free (GgufWriter *w)
{
  if (w == NULL)
    return;
  g_byte_array_unref (w->kv_bytes);
  g_ptr_array_unref (w->tensors);
  g_hash_table_unref (w->keys);
  g_free (w);
}

static void
put (GByteArray *b, const void *p, gsize n)
{
  g_byte_array_append (b, p, n);
}

static void
put_u32 (GByteArray *b, guint32 v)
{
  put (b, &v, 4);
}

static void
put_u64 (GByteArray *b, guint64 v)
{
  put (b, &v, 8);
}

static void
put_str (GByteArray *b, const char *s, gsize len)
{
  put_u64 (b, len);
  put (b, s, len);
}

static void
begin_kv (GgufWriter *w, const char *key, GgufValueType type)
{
  g_return_if_fail (!g_hash_table_contains (w->keys, key));
  g_hash_table_add (w->keys, g_strdup (key));
  put_str (w->kv_bytes, key, strlen (key));
  put_u32 (w->kv_bytes, type);
  w->n_kv++;
}

void
gguf_writer_set_u32 (GgufWriter *w, const char *key, guint32 v)
{
  begin_kv (w, key, GGUF_TYPE_UINT32);
  put_u32 (w->kv_bytes, v);
}

void
gguf_writer_set_i32 (GgufWriter *w, const char *key, gint32 v)
{
  begin_kv (w, key, GGUF_TYPE_INT32);
  put (w->kv_bytes, &v, 4);
}

void
gguf_writer_set_f32 (GgufWriter *w, const char *key, float v)
{
  begin_kv (w, key, GGUF_TYPE_FLOAT32);
  put (w->kv_bytes, &v, 4);
}

void
gguf_writer_set_bool (GgufWriter *w, const char *key, gboolean v)
{
  guint8 b = v ? 1 : 0;
  begin_kv (w, key, GGUF_TYPE_BOOL);
  put (w->kv_bytes, &b, 1);
}

void
gguf_writer_set_string (GgufWriter *w, const char *key, const char *v)
{
  begin_kv (w, key, GGUF_TYPE_STRING);
  put_str (w->kv_bytes, v, strlen (v));
}

void
gguf_writer_set_string_array (GgufWriter *w, const char *key, const char *const *v,
                              const guint32 *lens, guint64 n)
{
  begin_kv (w, key, GGUF_TYPE_ARRAY);
  put_u32 (w->kv_bytes, GGUF_TYPE_STRING);
  put_u64 (w->kv_bytes, n);
  for (guint64 i = 0; i < n; i++)
    put_str (w->kv_bytes, v[i], lens ? lens[i] : strlen (v[i]));
}

void
gguf_writer_set_f32_array (GgufWriter *w, const char *key, const float *v, guint64 n)
{
  begin_kv (w, key, GGUF_TYPE_ARRAY);
  put_u32 (w->kv_bytes, GGUF_TYPE_FLOAT32);
  put_u64 (w->kv_bytes, n);
  put (w->kv_bytes, v, n * 4);
}

void
gguf_writer_set_i32_array (GgufWriter *w, const char *key, const gint32 *v, guint64 n)
{
  begin_kv (w, key, GGUF_TYPE_ARRAY);
  put_u32 (w->kv_bytes, GGUF_TYPE_INT32);
  put_u64 (w->kv_bytes, n);
  put (w->kv_bytes, v, n * 4);
}

gboolean
gguf_writer_add_tensor (GgufWriter *w, const char *name, guint32 type, guint32 n_dims,
                        const guint64 *ne, const void *data, gsize n_bytes, GError **error)
{
  guint64 n = 1, want;
  if (n_dims == 0 || n_dims > GGUF_MAX_DIMS) {
    g_set_error (error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_FORMAT, "tensor '%s': %u dims", name, n_dims);
    return FALSE;
  }
  for (guint i = 0; i < n_dims; i++)
    n *= ne[i];
  guint bv, bb;
  if (!ggml_type_block (type, &bv, &bb) || ne[0] % bv != 0 || !ggml_row_bytes (type, n, &want) ||
      want != n_bytes) {
    g_set_error (error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_FORMAT,
                 "tensor '%s': %" G_GSIZE_FORMAT " bytes do not fit type %u and its shape", name,
                 n_bytes, type);
    return FALSE;
  }
  PendingTensor *t = g_new0 (PendingTensor, 1);
  t->name = g_strdup (name);
  t->type = type;
  t->n_dims = n_dims;
  for (guint i = 0; i < GGUF_MAX_DIMS; i++)
    t->ne[i] = i < n_dims ? ne[i] : 1;
  t->data = g_bytes_new (data, n_bytes);
  g_ptr_array_add (w->tensors, t);
  return TRUE;
}

static guint64
align_up (guint64 v, guint64 a)
{
  return (v + a - 1) / a * a;
}

GBytes *
gguf_writer_to_bytes (GgufWriter *w)
{
  const guint64 align = GGUF_DEFAULT_ALIGNMENT;
  GByteArray *b = g_byte_array_new ();
  put_u32 (b, 0x46554747u);
  put_u32 (b, 3);
  put_u64 (b, w->tensors->len);
  put_u64 (b, w->n_kv);
  put (b, w->kv_bytes->data, w->kv_bytes->len);
  guint64 offset = 0;
  for (guint i = 0; i < w->tensors->len; i++) {
    PendingTensor *t = g_ptr_array_index (w->tensors, i);
    put_str (b, t->name, strlen (t->name));
    put_u32 (b, t->n_dims);
    for (guint d = 0; d < t->n_dims; d++)
      put_u64 (b, t->ne[d]);
    put_u32 (b, t->type);
    put_u64 (b, offset);
    offset = align_up (offset + g_bytes_get_size (t->data), align);
  }
  static const guint8 zeros[GGUF_DEFAULT_ALIGNMENT] = { 0 };
  put (b, zeros, align_up (b->len, align) - b->len);
  for (guint i = 0; i < w->tensors->len; i++) {
    PendingTensor *t = g_ptr_array_index (w->tensors, i);
    gsize n;
    const void *p = g_bytes_get_data (t->data, &n);
    put (b, p, n);
    put (b, zeros, align_up (n, align) - n);
  }
  return g_byte_array_free_to_bytes (b);
}

gboolean
gguf_writer_write (GgufWriter *w, const char *path, GError **error)
{
  g_autoptr (GBytes) bytes = gguf_writer_to_bytes (w);
  gsize n;
  const char *p = g_bytes_get_data (bytes, &n);
  return g_file_set_contents (path, p, n, error);
}
