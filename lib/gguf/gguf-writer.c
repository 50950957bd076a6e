#include "lib/gguf/gguf.h"
#include <string.h>

typedef struct {
  char *name;
  guint32 type;
  guint32 n_dims;
  guint64 ne[GGUF_MAX_DIMS];
  GBytes *data;
} PendingTensor;

struct DraftdGgufWriter {
  GPtrArray *kvs;     /* GByteArray*: one encoded key/type/value each, in the order first set */
  GHashTable *keys;   /* key -> index into kvs + 1 */
  GPtrArray *tensors; /* PendingTensor* */
};

static void
pending_free (gpointer p)
{
  PendingTensor *t = p;
  g_free (t->name);
  g_bytes_unref (t->data);
  g_free (t);
}

DraftdGgufWriter *
draftd_gguf_writer_new (void)
{
  DraftdGgufWriter *w = g_new0 (DraftdGgufWriter, 1);
  w->kvs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_byte_array_unref);
  w->tensors = g_ptr_array_new_with_free_func (pending_free);
  w->keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return w;
}

void
draftd_gguf_writer_free (DraftdGgufWriter *w)
{
  if (w == NULL)
    return;
  g_ptr_array_unref (w->kvs);
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

/* Starts the entry for `key` and returns the buffer its value goes into. Setting a key
 * again replaces its value in place (a GGUF file holds each key once, and readers refuse
 * duplicates), as llama.cpp's draftd_gguf_set_* do. */
static GByteArray *
begin_kv (DraftdGgufWriter *w, const char *key, DraftdGgufValueType type)
{
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (w->keys, key));
  GByteArray *b;
  if (index) {
    b = g_ptr_array_index (w->kvs, index - 1);
    g_byte_array_set_size (b, 0);
  } else {
    b = g_byte_array_new ();
    g_ptr_array_add (w->kvs, b);
    g_hash_table_insert (w->keys, g_strdup (key), GUINT_TO_POINTER (w->kvs->len));
  }
  put_str (b, key, strlen (key));
  put_u32 (b, type);
  return b;
}

void
draftd_gguf_writer_set_u32 (DraftdGgufWriter *w, const char *key, guint32 v)
{
  GByteArray *b = begin_kv (w, key, GGUF_TYPE_UINT32);
  put_u32 (b, v);
}

void
draftd_gguf_writer_set_i32 (DraftdGgufWriter *w, const char *key, gint32 v)
{
  GByteArray *b = begin_kv (w, key, GGUF_TYPE_INT32);
  put (b, &v, 4);
}

void
draftd_gguf_writer_set_f32 (DraftdGgufWriter *w, const char *key, float v)
{
  GByteArray *b = begin_kv (w, key, GGUF_TYPE_FLOAT32);
  put (b, &v, 4);
}

void
draftd_gguf_writer_set_bool (DraftdGgufWriter *w, const char *key, gboolean v)
{
  guint8 v8 = v ? 1 : 0;
  GByteArray *b = begin_kv (w, key, GGUF_TYPE_BOOL);
  put (b, &v8, 1);
}

void
draftd_gguf_writer_set_string (DraftdGgufWriter *w, const char *key, const char *v)
{
  GByteArray *b = begin_kv (w, key, GGUF_TYPE_STRING);
  put_str (b, v, strlen (v));
}

void
draftd_gguf_writer_set_string_array (DraftdGgufWriter *w, const char *key, const char *const *v,
                              const guint32 *lens, guint64 n)
{
  GByteArray *b = begin_kv (w, key, GGUF_TYPE_ARRAY);
  put_u32 (b, GGUF_TYPE_STRING);
  put_u64 (b, n);
  for (guint64 i = 0; i < n; i++)
    put_str (b, v[i], lens ? lens[i] : strlen (v[i]));
}

void
draftd_gguf_writer_set_f32_array (DraftdGgufWriter *w, const char *key, const float *v, guint64 n)
{
  GByteArray *b = begin_kv (w, key, GGUF_TYPE_ARRAY);
  put_u32 (b, GGUF_TYPE_FLOAT32);
  put_u64 (b, n);
  put (b, v, n * 4);
}

void
draftd_gguf_writer_set_i32_array (DraftdGgufWriter *w, const char *key, const gint32 *v, guint64 n)
{
  GByteArray *b = begin_kv (w, key, GGUF_TYPE_ARRAY);
  put_u32 (b, GGUF_TYPE_INT32);
  put_u64 (b, n);
  put (b, v, n * 4);
}

gboolean
draftd_gguf_writer_add_tensor (DraftdGgufWriter *w, const char *name, guint32 type, guint32 n_dims,
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
  if (!draftd_ggml_type_block (type, &bv, &bb) || ne[0] % bv != 0 || !draftd_ggml_row_bytes (type, n, &want) ||
      want != n_bytes) {
    g_set_error (error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_FORMAT,
                 "tensor '%s': %" G_GSIZE_FORMAT " bytes do not fit type %u and its shape", name,
                 n_bytes, type);
    return FALSE;
  }
  for (guint i = 0; i < w->tensors->len; i++) {
    PendingTensor *o = g_ptr_array_index (w->tensors, i);
    if (g_str_equal (o->name, name)) {
      g_set_error (error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_FORMAT, "tensor '%s' is added twice", name);
      return FALSE;
    }
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
draftd_gguf_writer_to_bytes (DraftdGgufWriter *w)
{
  const guint64 align = GGUF_DEFAULT_ALIGNMENT;
  GByteArray *b = g_byte_array_new ();
  put_u32 (b, 0x46554747u);
  put_u32 (b, 3);
  put_u64 (b, w->tensors->len);
  put_u64 (b, w->kvs->len);
  for (guint i = 0; i < w->kvs->len; i++) {
    GByteArray *kv = g_ptr_array_index (w->kvs, i);
    put (b, kv->data, kv->len);
  }
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
draftd_gguf_writer_write (DraftdGgufWriter *w, const char *path, GError **error)
{
  g_autoptr (GBytes) bytes = draftd_gguf_writer_to_bytes (w);
  gsize n;
  const char *p = g_bytes_get_data (bytes, &n);
  return g_file_set_contents (path, p, n, error);
}
