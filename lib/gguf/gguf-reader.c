#include "lib/gguf/gguf.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

G_DEFINE_QUARK (draftd-gguf-error-quark, draftd_gguf_error)

#define GGUF_MAGIC 0x46554747u /* "GGUF" little-endian */

struct DraftdGgufFile {
  const guint8 *base;
  gsize size;
  gboolean mapped;
  guint32 version;
  GPtrArray *kvs;      /* DraftdGgufKV* */
  GHashTable *kv_index;
  DraftdGgufTensor *tensors;
  guint n_tensors;
  GHashTable *tensor_index;
  guint64 alignment;
  guint64 data_offset;
};

typedef struct {
  const guint8 *base;
  gsize size;
  gsize pos;
  GError **error;
} Cursor;

static gboolean G_GNUC_PRINTF (2, 3)
fail (Cursor *c, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (c->error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_FORMAT, "%s (at byte %" G_GSIZE_FORMAT ")",
               msg, c->pos);
  return FALSE;
}

static gboolean
need (Cursor *c, guint64 n, const char *what)
{
  if (n > c->size - c->pos)
    return fail (c, "truncated file: %s needs %" G_GUINT64_FORMAT " bytes, %" G_GSIZE_FORMAT " left",
                 what, n, c->size - c->pos);
  return TRUE;
}

static gboolean
read_bytes (Cursor *c, void *out, gsize n, const char *what)
{
  if (!need (c, n, what))
    return FALSE;
  memcpy (out, c->base + c->pos, n);
  c->pos += n;
  return TRUE;
}

static gboolean
read_u32 (Cursor *c, guint32 *v, const char *what)
{
  return read_bytes (c, v, 4, what);
}

static gboolean
read_u64 (Cursor *c, guint64 *v, const char *what)
{
  return read_bytes (c, v, 8, what);
}

static gboolean
read_string (Cursor *c, DraftdGgufString *s, const char *what)
{
  if (!read_u64 (c, &s->len, what))
    return FALSE;
  if (!need (c, s->len, what))
    return FALSE;
  s->data = (const char *) c->base + c->pos;
  c->pos += s->len;
  return TRUE;
}

static const guint type_sizes[GGUF_TYPE_COUNT_] = {
  [GGUF_TYPE_UINT8] = 1, [GGUF_TYPE_INT8] = 1, [GGUF_TYPE_UINT16] = 2, [GGUF_TYPE_INT16] = 2,
  [GGUF_TYPE_UINT32] = 4, [GGUF_TYPE_INT32] = 4, [GGUF_TYPE_FLOAT32] = 4, [GGUF_TYPE_BOOL] = 1,
  [GGUF_TYPE_STRING] = 0, [GGUF_TYPE_ARRAY] = 0, [GGUF_TYPE_UINT64] = 8, [GGUF_TYPE_INT64] = 8,
  [GGUF_TYPE_FLOAT64] = 8,
};

static const char *const type_names[GGUF_TYPE_COUNT_] = {
  "uint8", "int8", "uint16", "int16", "uint32", "int32", "float32", "bool", "string", "array",
  "uint64", "int64", "float64",
};

const char *
draftd_gguf_value_type_name (DraftdGgufValueType type)
{
  return (guint) type < GGUF_TYPE_COUNT_ ? type_names[type] : "invalid";
}

gboolean
draftd_gguf_value_is_int (DraftdGgufValueType t)
{
  return t == GGUF_TYPE_UINT8 || t == GGUF_TYPE_INT8 || t == GGUF_TYPE_UINT16 ||
         t == GGUF_TYPE_INT16 || t == GGUF_TYPE_UINT32 || t == GGUF_TYPE_INT32 ||
         t == GGUF_TYPE_UINT64 || t == GGUF_TYPE_INT64;
}

static void
kv_free (gpointer p)
{
  DraftdGgufKV *kv = p;
  g_free (kv->key);
  g_free (kv->strings);
  g_free (kv);
}

static gboolean
read_kv (Cursor *c, DraftdGgufKV *kv)
{
  DraftdGgufString key;
  guint32 type;
  if (!read_string (c, &key, "metadata key"))
    return FALSE;
  if (key.len == 0 || key.len > 65535 || memchr (key.data, 0, key.len))
    return fail (c, "invalid metadata key (length %" G_GUINT64_FORMAT ")", key.len);
  kv->key = g_strndup (key.data, key.len);
  if (!read_u32 (c, &type, "metadata value type"))
    return FALSE;
  if (type >= GGUF_TYPE_COUNT_)
    return fail (c, "metadata key '%s' has invalid value type %u", kv->key, type);
  kv->type = type;
  if (type == GGUF_TYPE_STRING) {
    kv->strings = g_new0 (DraftdGgufString, 1);
    kv->array_len = 1;
    return read_string (c, &kv->strings[0], "metadata string");
  }
  if (type != GGUF_TYPE_ARRAY) {
    kv->raw = c->base + c->pos;
    return need (c, type_sizes[type], "metadata value") && (c->pos += type_sizes[type], TRUE);
  }
  guint32 elem;
  if (!read_u32 (c, &elem, "array element type"))
    return FALSE;
  if (elem >= GGUF_TYPE_COUNT_ || elem == GGUF_TYPE_ARRAY)
    return fail (c, "metadata array '%s' has invalid element type %u", kv->key, elem);
  kv->array_type = elem;
  if (!read_u64 (c, &kv->array_len, "array length"))
    return FALSE;
  if (elem == GGUF_TYPE_STRING) {
    /* Each string needs at least its 8-byte length: bound the count before allocating. */
    if (kv->array_len > (c->size - c->pos) / 8)
      return fail (c, "metadata array '%s' claims %" G_GUINT64_FORMAT " strings, more than the file holds",
                   kv->key, kv->array_len);
    kv->strings = g_new0 (DraftdGgufString, kv->array_len ? kv->array_len : 1);
    for (guint64 i = 0; i < kv->array_len; i++)
      if (!read_string (c, &kv->strings[i], "array string"))
        return FALSE;
    return TRUE;
  }
  guint64 esz = type_sizes[elem];
  if (kv->array_len > (c->size - c->pos) / esz)
    return fail (c, "metadata array '%s' claims %" G_GUINT64_FORMAT " elements, more than the file holds",
                 kv->key, kv->array_len);
  kv->raw = c->base + c->pos;
  c->pos += kv->array_len * esz;
  return TRUE;
}

static gboolean
read_tensor_info (Cursor *c, DraftdGgufTensor *t)
{
  DraftdGgufString name;
  if (!read_string (c, &name, "tensor name"))
    return FALSE;
  if (name.len == 0 || name.len > 255 || memchr (name.data, 0, name.len))
    return fail (c, "invalid tensor name (length %" G_GUINT64_FORMAT ")", name.len);
  t->name = g_strndup (name.data, name.len);
  if (!read_u32 (c, &t->n_dims, "tensor dimension count"))
    return FALSE;
  if (t->n_dims == 0 || t->n_dims > GGUF_MAX_DIMS)
    return fail (c, "tensor '%s' has %u dimensions (1..%d allowed)", t->name, t->n_dims, GGUF_MAX_DIMS);
  t->n_elements = 1;
  for (guint i = 0; i < GGUF_MAX_DIMS; i++) {
    t->ne[i] = 1;
    if (i >= t->n_dims)
      continue;
    if (!read_u64 (c, &t->ne[i], "tensor dimension"))
      return FALSE;
    if (t->ne[i] == 0 || t->ne[i] > G_MAXINT64)
      return fail (c, "tensor '%s' dimension %u is %" G_GUINT64_FORMAT, t->name, i, t->ne[i]);
    if (t->n_elements > G_MAXINT64 / t->ne[i])
      return fail (c, "tensor '%s' element count overflows", t->name);
    t->n_elements *= t->ne[i];
  }
  if (!read_u32 (c, &t->type, "tensor type"))
    return FALSE;
  guint bv, bb;
  if (!draftd_ggml_type_block (t->type, &bv, &bb)) {
    /* Not "corrupt": most likely a type newer than this draftd. */
    g_set_error (c->error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_FORMAT,
                 "tensor '%s' has type id %u, which is not a ggml type draftd knows (a newer ggml?); "
                 "supported: %s", t->name, t->type, draftd_ggml_supported_type_list ());
    return FALSE;
  }
  if (t->ne[0] % bv != 0)
    return fail (c, "tensor '%s' row length %" G_GUINT64_FORMAT " is not a multiple of %s's block size %u",
                 t->name, t->ne[0], draftd_ggml_type_name (t->type), bv);
  if (!draftd_ggml_row_bytes (t->type, t->n_elements, &t->n_bytes))
    return fail (c, "tensor '%s' byte size overflows", t->name);
  return read_u64 (c, &t->offset, "tensor offset");
}

static void
tensor_clear (DraftdGgufTensor *t)
{
  g_free (t->name);
}

void
draftd_gguf_close (DraftdGgufFile *f)
{
  if (f == NULL)
    return;
  g_clear_pointer (&f->kv_index, g_hash_table_unref);
  g_clear_pointer (&f->tensor_index, g_hash_table_unref);
  g_clear_pointer (&f->kvs, g_ptr_array_unref);
  for (guint i = 0; f->tensors && i < f->n_tensors; i++)
    tensor_clear (&f->tensors[i]);
  g_free (f->tensors);
  if (f->mapped && f->size > 0)
    munmap ((void *) f->base, f->size);
  g_free (f);
}

static gboolean
parse (DraftdGgufFile *f, GError **error)
{
  Cursor c = { f->base, f->size, 0, error };
  guint32 magic;
  guint64 n_tensors, n_kv;
  if (!read_u32 (&c, &magic, "magic"))
    return FALSE;
  if (magic != GGUF_MAGIC)
    return fail (&c, "not a GGUF file (bad magic 0x%08x)", magic);
  if (!read_u32 (&c, &f->version, "version"))
    return FALSE;
  if (f->version != 2 && f->version != 3)
    return fail (&c, "unsupported GGUF version %u (2 and 3 are supported)", f->version);
  if (!read_u64 (&c, &n_tensors, "tensor count") || !read_u64 (&c, &n_kv, "metadata count"))
    return FALSE;
  /* A KV takes at least 8+1+4 bytes and a tensor info at least 8+1+4+8+4+8. */
  if (n_kv > (c.size - c.pos) / 13)
    return fail (&c, "metadata count %" G_GUINT64_FORMAT " exceeds what the file can hold", n_kv);
  if (n_tensors > (c.size - c.pos) / 33)
    return fail (&c, "tensor count %" G_GUINT64_FORMAT " exceeds what the file can hold", n_tensors);

  f->kvs = g_ptr_array_new_with_free_func (kv_free);
  f->kv_index = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint64 i = 0; i < n_kv; i++) {
    DraftdGgufKV *kv = g_new0 (DraftdGgufKV, 1);
    g_ptr_array_add (f->kvs, kv);
    if (!read_kv (&c, kv))
      return FALSE;
    if (g_hash_table_contains (f->kv_index, kv->key))
      return fail (&c, "duplicate metadata key '%s'", kv->key);
    g_hash_table_insert (f->kv_index, kv->key, kv);
  }

  f->alignment = GGUF_DEFAULT_ALIGNMENT;
  const DraftdGgufKV *al = draftd_gguf_find_kv (f, "general.alignment");
  if (al) {
    if (al->type != GGUF_TYPE_UINT32)
      return fail (&c, "general.alignment must be uint32, is %s", draftd_gguf_value_type_name (al->type));
    guint32 a;
    memcpy (&a, al->raw, 4);
    if (a == 0 || (a & (a - 1)) != 0 || a > 65536)
      return fail (&c, "general.alignment %u is not a power of two up to 65536", a);
    f->alignment = a;
  }

  f->n_tensors = n_tensors;
  f->tensors = g_new0 (DraftdGgufTensor, n_tensors ? n_tensors : 1);
  f->tensor_index = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint64 i = 0; i < n_tensors; i++) {
    DraftdGgufTensor *t = &f->tensors[i];
    if (!read_tensor_info (&c, t))
      return FALSE;
    if (g_hash_table_contains (f->tensor_index, t->name))
      return fail (&c, "duplicate tensor name '%s'", t->name);
    g_hash_table_insert (f->tensor_index, t->name, t);
  }

  guint64 data_offset = c.pos + (f->alignment - c.pos % f->alignment) % f->alignment;
  if (n_tensors > 0 && data_offset > c.size)
    return fail (&c, "truncated file: tensor data section starts past the end");
  f->data_offset = data_offset;
  guint64 data_size = data_offset <= c.size ? c.size - data_offset : 0;
  for (guint64 i = 0; i < n_tensors; i++) {
    DraftdGgufTensor *t = &f->tensors[i];
    if (t->offset % f->alignment != 0)
      return fail (&c, "tensor '%s' offset %" G_GUINT64_FORMAT " is not aligned to %" G_GUINT64_FORMAT,
                   t->name, t->offset, f->alignment);
    if (t->offset > data_size || t->n_bytes > data_size - t->offset)
      return fail (&c, "tensor '%s' (%" G_GUINT64_FORMAT " bytes at offset %" G_GUINT64_FORMAT
                       ") extends past the end of the file",
                   t->name, t->n_bytes, t->offset);
    t->data = f->base + data_offset + t->offset;
  }
  return TRUE;
}

DraftdGgufFile *
draftd_gguf_open_bytes (const void *data, gsize size, GError **error)
{
  DraftdGgufFile *f = g_new0 (DraftdGgufFile, 1);
  f->base = data;
  f->size = size;
  if (!parse (f, error)) {
    draftd_gguf_close (f);
    return NULL;
  }
  return f;
}

DraftdGgufFile *
draftd_gguf_open (const char *path, GError **error)
{
  /* O_NONBLOCK: a FIFO (or device) put where a model should be never blocks the open; it
   * is refused as not a regular file just below. Regular files ignore the flag. */
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    int e = errno;
    g_set_error (error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_IO, "cannot open '%s': %s", path,
                 g_strerror (e));
    return NULL;
  }
  struct stat st;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode)) {
    close (fd);
    g_set_error (error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_IO, "'%s' is not a regular file", path);
    return NULL;
  }
  DraftdGgufFile *f = g_new0 (DraftdGgufFile, 1);
  f->size = st.st_size;
  if (f->size > 0) {
    void *m = mmap (NULL, f->size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (m == MAP_FAILED) {
      int e = errno;
      close (fd);
      g_free (f);
      g_set_error (error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_IO, "cannot map '%s': %s", path,
                   g_strerror (e));
      return NULL;
    }
    f->base = m;
    f->mapped = TRUE;
  }
  close (fd);
  GError *local = NULL;
  if (!parse (f, &local)) {
    g_propagate_prefixed_error (error, local, "%s: ", path);
    draftd_gguf_close (f);
    return NULL;
  }
  return f;
}

guint32 draftd_gguf_version (const DraftdGgufFile *f) { return f->version; }
gsize draftd_gguf_size (const DraftdGgufFile *f) { return f->size; }
guint draftd_gguf_n_kv (const DraftdGgufFile *f) { return f->kvs->len; }
const DraftdGgufKV *draftd_gguf_kv (const DraftdGgufFile *f, guint i) { return g_ptr_array_index (f->kvs, i); }
guint draftd_gguf_n_tensors (const DraftdGgufFile *f) { return f->n_tensors; }
const DraftdGgufTensor *draftd_gguf_tensor (const DraftdGgufFile *f, guint i) { return &f->tensors[i]; }

const DraftdGgufKV *
draftd_gguf_find_kv (const DraftdGgufFile *f, const char *key)
{
  return g_hash_table_lookup (f->kv_index, key);
}

const DraftdGgufTensor *
draftd_gguf_find_tensor (const DraftdGgufFile *f, const char *name)
{
  return g_hash_table_lookup (f->tensor_index, name);
}

static gboolean
int_value (DraftdGgufValueType type, const guint8 *p, gint64 *s, guint64 *u, gboolean *is_neg)
{
  *is_neg = FALSE;
  switch (type) {
#define UCASE(T, ctype)    \
  case T: {                \
    ctype v;               \
    memcpy (&v, p, sizeof v); \
    *u = (guint64) v;      \
    *s = (gint64) v;       \
    return TRUE;           \
  }
#define SCASE(T, ctype)    \
  case T: {                \
    ctype v;               \
    memcpy (&v, p, sizeof v); \
    *s = (gint64) v;       \
    *u = (guint64) v;      \
    *is_neg = v < 0;       \
    return TRUE;           \
  }
    UCASE (GGUF_TYPE_UINT8, guint8)
    SCASE (GGUF_TYPE_INT8, gint8)
    UCASE (GGUF_TYPE_UINT16, guint16)
    SCASE (GGUF_TYPE_INT16, gint16)
    UCASE (GGUF_TYPE_UINT32, guint32)
    SCASE (GGUF_TYPE_INT32, gint32)
    UCASE (GGUF_TYPE_UINT64, guint64)
    SCASE (GGUF_TYPE_INT64, gint64)
#undef UCASE
#undef SCASE
  default:
    return FALSE;
  }
}

static const DraftdGgufKV *
lookup (const DraftdGgufFile *f, const char *key, GError **error)
{
  const DraftdGgufKV *kv = draftd_gguf_find_kv (f, key);
  if (kv == NULL)
    g_set_error (error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_MISSING, "metadata key '%s' is missing", key);
  return kv;
}

static gboolean
wrong_type (const DraftdGgufKV *kv, const char *want, GError **error)
{
  g_set_error (error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_TYPE, "metadata key '%s' is %s, expected %s",
               kv->key, draftd_gguf_value_type_name (kv->type), want);
  return FALSE;
}

gboolean
draftd_gguf_get_uint (const DraftdGgufFile *f, const char *key, guint64 *out, GError **error)
{
  const DraftdGgufKV *kv = lookup (f, key, error);
  gint64 s;
  gboolean neg;
  if (kv == NULL)
    return FALSE;
  if (!int_value (kv->type, kv->raw, &s, out, &neg))
    return wrong_type (kv, "an integer", error);
  if (neg) {
    g_set_error (error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_TYPE, "metadata key '%s' is negative", key);
    return FALSE;
  }
  return TRUE;
}

gboolean
draftd_gguf_get_int (const DraftdGgufFile *f, const char *key, gint64 *out, GError **error)
{
  const DraftdGgufKV *kv = lookup (f, key, error);
  guint64 u = 0;
  gboolean neg;
  if (kv == NULL)
    return FALSE;
  if (!int_value (kv->type, kv->raw, out, &u, &neg))
    return wrong_type (kv, "an integer", error);
  if (!neg && u > G_MAXINT64) {
    g_set_error (error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_TYPE, "metadata key '%s' is too large", key);
    return FALSE;
  }
  return TRUE;
}

gboolean
draftd_gguf_get_float (const DraftdGgufFile *f, const char *key, double *out, GError **error)
{
  const DraftdGgufKV *kv = lookup (f, key, error);
  if (kv == NULL)
    return FALSE;
  if (kv->type == GGUF_TYPE_FLOAT32) {
    float v;
    memcpy (&v, kv->raw, 4);
    *out = v;
  } else if (kv->type == GGUF_TYPE_FLOAT64) {
    memcpy (out, kv->raw, 8);
  } else {
    return wrong_type (kv, "a float", error);
  }
  return TRUE;
}

gboolean
draftd_gguf_get_bool (const DraftdGgufFile *f, const char *key, gboolean *out, GError **error)
{
  const DraftdGgufKV *kv = lookup (f, key, error);
  if (kv == NULL)
    return FALSE;
  if (kv->type != GGUF_TYPE_BOOL)
    return wrong_type (kv, "a bool", error);
  *out = kv->raw[0] != 0;
  return TRUE;
}

char *
draftd_gguf_get_string (const DraftdGgufFile *f, const char *key, GError **error)
{
  const DraftdGgufKV *kv = lookup (f, key, error);
  if (kv == NULL)
    return NULL;
  if (kv->type != GGUF_TYPE_STRING) {
    wrong_type (kv, "a string", error);
    return NULL;
  }
  if (memchr (kv->strings[0].data, 0, kv->strings[0].len)) {
    g_set_error (error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_FORMAT, "metadata string '%s' contains NUL",
                 key);
    return NULL;
  }
  return g_strndup (kv->strings[0].data, kv->strings[0].len);
}

gboolean
draftd_gguf_get_array (const DraftdGgufFile *f, const char *key, DraftdGgufValueType elem_type, const DraftdGgufKV **out,
                GError **error)
{
  const DraftdGgufKV *kv = lookup (f, key, error);
  if (kv == NULL)
    return FALSE;
  gboolean ok = kv->type == GGUF_TYPE_ARRAY &&
                (kv->array_type == elem_type ||
                 (draftd_gguf_value_is_int (elem_type) && draftd_gguf_value_is_int (kv->array_type)) ||
                 (elem_type == GGUF_TYPE_FLOAT32 && kv->array_type == GGUF_TYPE_FLOAT64));
  if (!ok) {
    g_autofree char *want = g_strdup_printf ("an array of %s", draftd_gguf_value_type_name (elem_type));
    return wrong_type (kv, want, error);
  }
  *out = kv;
  return TRUE;
}

gint64
draftd_gguf_array_int (const DraftdGgufKV *kv, guint64 i)
{
  gint64 s = 0;
  guint64 u = 0;
  gboolean neg;
  int_value (kv->array_type, kv->raw + i * type_sizes[kv->array_type], &s, &u, &neg);
  return s;
}

double
draftd_gguf_array_float (const DraftdGgufKV *kv, guint64 i)
{
  if (kv->array_type == GGUF_TYPE_FLOAT64) {
    double d;
    memcpy (&d, kv->raw + i * 8, 8);
    return d;
  }
  float v;
  memcpy (&v, kv->raw + i * 4, 4);
  return v;
}
