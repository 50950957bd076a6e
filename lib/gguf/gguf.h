/* GGUF v2/v3 files: a validating reader over mmap (or a caller's bytes) and a writer.
 * Every length, count, offset and size is checked against the file before use, so a
 * malformed file yields a DRAFTD_GGUF_ERROR naming the problem and never an
 * out-of-bounds read. */
#pragma once
#include <glib.h>
#include <stdint.h>
#include "lib/gguf/ggml-types.h"

#define DRAFTD_GGUF_ERROR (draftd_gguf_error_quark ())
GQuark draftd_gguf_error_quark (void);

typedef enum {
  DRAFTD_GGUF_ERROR_IO,        /* cannot open/map */
  DRAFTD_GGUF_ERROR_FORMAT,    /* malformed contents */
  DRAFTD_GGUF_ERROR_MISSING,   /* a key or tensor the caller needs is absent */
  DRAFTD_GGUF_ERROR_TYPE,      /* a key has the wrong type */
} DraftdGgufError;

typedef enum {
  GGUF_TYPE_UINT8 = 0,
  GGUF_TYPE_INT8 = 1,
  GGUF_TYPE_UINT16 = 2,
  GGUF_TYPE_INT16 = 3,
  GGUF_TYPE_UINT32 = 4,
  GGUF_TYPE_INT32 = 5,
  GGUF_TYPE_FLOAT32 = 6,
  GGUF_TYPE_BOOL = 7,
  GGUF_TYPE_STRING = 8,
  GGUF_TYPE_ARRAY = 9,
  GGUF_TYPE_UINT64 = 10,
  GGUF_TYPE_INT64 = 11,
  GGUF_TYPE_FLOAT64 = 12,
  GGUF_TYPE_COUNT_,
} GgufValueType;

#define GGUF_MAX_DIMS 4
#define GGUF_DEFAULT_ALIGNMENT 32

typedef struct {
  const char *data;  /* points into the file; NOT nul-terminated */
  guint64 len;
} GgufString;

typedef struct {
  char *key;              /* nul-terminated copy */
  GgufValueType type;
  GgufValueType array_type;  /* element type when type == ARRAY */
  guint64 array_len;
  const guint8 *raw;         /* scalar value bytes, or first array element */
  GgufString *strings;       /* for STRING, or ARRAY of STRING: array_len (or 1) entries */
} GgufKV;

typedef struct {
  char *name;
  guint32 n_dims;
  guint64 ne[GGUF_MAX_DIMS];  /* ne[0] is the contiguous (row) dimension; unused dims are 1 */
  guint32 type;               /* GgmlType */
  guint64 offset;             /* relative to the data section */
  guint64 n_elements;
  guint64 n_bytes;
  const guint8 *data;         /* points into the mapping */
} GgufTensor;

typedef struct GgufFile GgufFile;

GgufFile *gguf_open (const char *path, GError **error);
/* Parses caller-owned bytes; they must outlive the returned file. */
GgufFile *gguf_open_bytes (const void *data, gsize size, GError **error);
void gguf_close (GgufFile *file);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GgufFile, gguf_close)

guint32 gguf_version (const GgufFile *file);
gsize gguf_size (const GgufFile *file);
guint gguf_n_kv (const GgufFile *file);
const GgufKV *gguf_kv (const GgufFile *file, guint i);
const GgufKV *gguf_find_kv (const GgufFile *file, const char *key);
guint gguf_n_tensors (const GgufFile *file);
const GgufTensor *gguf_tensor (const GgufFile *file, guint i);
const GgufTensor *gguf_find_tensor (const GgufFile *file, const char *name);
const char *gguf_value_type_name (GgufValueType type);

/* Typed getters. Integer getters accept any integer type whose value fits. */
gboolean gguf_get_uint (const GgufFile *file, const char *key, guint64 *out, GError **error);
gboolean gguf_get_int (const GgufFile *file, const char *key, gint64 *out, GError **error);
gboolean gguf_get_float (const GgufFile *file, const char *key, double *out, GError **error);
gboolean gguf_get_bool (const GgufFile *file, const char *key, gboolean *out, GError **error);
/* Returns a newly allocated nul-terminated copy (fails on embedded NUL). */
char *gguf_get_string (const GgufFile *file, const char *key, GError **error);
/* Array accessors: the element type must match (ints: any integer type). */
gboolean gguf_get_array (const GgufFile *file, const char *key, GgufValueType elem_type,
                         const GgufKV **out, GError **error);
gint64 gguf_array_int (const GgufKV *kv, guint64 i);
double gguf_array_float (const GgufKV *kv, guint64 i);
gboolean gguf_value_is_int (GgufValueType type);

/* ---- writer ---- */
typedef struct GgufWriter GgufWriter;
GgufWriter *gguf_writer_new (void);
void gguf_writer_free (GgufWriter *w);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GgufWriter, gguf_writer_free)
void gguf_writer_set_u32 (GgufWriter *w, const char *key, guint32 v);
void gguf_writer_set_i32 (GgufWriter *w, const char *key, gint32 v);
void gguf_writer_set_f32 (GgufWriter *w, const char *key, float v);
void gguf_writer_set_bool (GgufWriter *w, const char *key, gboolean v);
void gguf_writer_set_string (GgufWriter *w, const char *key, const char *v);
void gguf_writer_set_string_array (GgufWriter *w, const char *key, const char *const *v,
                                   const guint32 *lens, guint64 n);
void gguf_writer_set_f32_array (GgufWriter *w, const char *key, const float *v, guint64 n);
void gguf_writer_set_i32_array (GgufWriter *w, const char *key, const gint32 *v, guint64 n);
/* Copies `data` (n_bytes must match type and dims). ne[0] is the row length. */
gboolean gguf_writer_add_tensor (GgufWriter *w, const char *name, guint32 type, guint32 n_dims,
                                 const guint64 *ne, const void *data, gsize n_bytes,
                                 GError **error);
gboolean gguf_writer_write (GgufWriter *w, const char *path, GError **error);
GBytes *gguf_writer_to_bytes (GgufWriter *w);
