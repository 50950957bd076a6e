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
} DraftdGgufValueType;

#define GGUF_MAX_DIMS 4
#define GGUF_DEFAULT_ALIGNMENT 32

typedef struct {
  const char *data;  /* points into the file; NOT nul-terminated */
  guint64 len;
} DraftdGgufString;

typedef struct {
  char *key;              /* nul-terminated copy */
  DraftdGgufValueType type;
  DraftdGgufValueType array_type;  /* element type when type == ARRAY */
  guint64 array_len;
  const guint8 *raw;         /* scalar value bytes, or first array element */
  DraftdGgufString *strings;       /* for STRING, or ARRAY of STRING: array_len (or 1) entries */
} DraftdGgufKV;

typedef struct {
  char *name;
  guint32 n_dims;
  guint64 ne[GGUF_MAX_DIMS];  /* ne[0] is the contiguous (row) dimension; unused dims are 1 */
  guint32 type;               /* DraftdGgmlType */
  guint64 offset;             /* relative to the data section */
  guint64 n_elements;
  guint64 n_bytes;
  const guint8 *data;         /* points into the mapping */
} DraftdGgufTensor;

typedef struct DraftdGgufFile DraftdGgufFile;

DraftdGgufFile *draftd_gguf_open (const char *path, GError **error);
/* Parses caller-owned bytes; they must outlive the returned file. */
DraftdGgufFile *draftd_gguf_open_bytes (const void *data, gsize size, GError **error);
void draftd_gguf_close (DraftdGgufFile *file);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdGgufFile, draftd_gguf_close)

guint32 draftd_gguf_version (const DraftdGgufFile *file);
gsize draftd_gguf_size (const DraftdGgufFile *file);
guint draftd_gguf_n_kv (const DraftdGgufFile *file);
const DraftdGgufKV *draftd_gguf_kv (const DraftdGgufFile *file, guint i);
const DraftdGgufKV *draftd_gguf_find_kv (const DraftdGgufFile *file, const char *key);
guint draftd_gguf_n_tensors (const DraftdGgufFile *file);
const DraftdGgufTensor *draftd_gguf_tensor (const DraftdGgufFile *file, guint i);
const DraftdGgufTensor *draftd_gguf_find_tensor (const DraftdGgufFile *file, const char *name);
const char *draftd_gguf_value_type_name (DraftdGgufValueType type);

/* Typed getters. Integer getters accept any integer type whose value fits. */
gboolean draftd_gguf_get_uint (const DraftdGgufFile *file, const char *key, guint64 *out, GError **error);
gboolean draftd_gguf_get_int (const DraftdGgufFile *file, const char *key, gint64 *out, GError **error);
gboolean draftd_gguf_get_float (const DraftdGgufFile *file, const char *key, double *out, GError **error);
gboolean draftd_gguf_get_bool (const DraftdGgufFile *file, const char *key, gboolean *out, GError **error);
/* Returns a newly allocated nul-terminated copy (fails on embedded NUL). */
char *draftd_gguf_get_string (const DraftdGgufFile *file, const char *key, GError **error);
/* Array accessors: the element type must match (ints: any integer type). */
gboolean draftd_gguf_get_array (const DraftdGgufFile *file, const char *key, DraftdGgufValueType elem_type,
                         const DraftdGgufKV **out, GError **error);
gint64 draftd_gguf_array_int (const DraftdGgufKV *kv, guint64 i);
double draftd_gguf_array_float (const DraftdGgufKV *kv, guint64 i);
gboolean draftd_gguf_value_is_int (DraftdGgufValueType type);

/* ---- writer ---- */
typedef struct DraftdGgufWriter DraftdGgufWriter;
DraftdGgufWriter *draftd_gguf_writer_new (void);
void draftd_gguf_writer_free (DraftdGgufWriter *w);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdGgufWriter, draftd_gguf_writer_free)
void draftd_gguf_writer_set_u32 (DraftdGgufWriter *w, const char *key, guint32 v);
void draftd_gguf_writer_set_i32 (DraftdGgufWriter *w, const char *key, gint32 v);
void draftd_gguf_writer_set_f32 (DraftdGgufWriter *w, const char *key, float v);
void draftd_gguf_writer_set_bool (DraftdGgufWriter *w, const char *key, gboolean v);
void draftd_gguf_writer_set_string (DraftdGgufWriter *w, const char *key, const char *v);
void draftd_gguf_writer_set_string_array (DraftdGgufWriter *w, const char *key, const char *const *v,
                                   const guint32 *lens, guint64 n);
void draftd_gguf_writer_set_f32_array (DraftdGgufWriter *w, const char *key, const float *v, guint64 n);
void draftd_gguf_writer_set_i32_array (DraftdGgufWriter *w, const char *key, const gint32 *v, guint64 n);
/* Copies `data` (n_bytes must match type and dims). ne[0] is the row length. */
gboolean draftd_gguf_writer_add_tensor (DraftdGgufWriter *w, const char *name, guint32 type, guint32 n_dims,
                                 const guint64 *ne, const void *data, gsize n_bytes,
                                 GError **error);
gboolean draftd_gguf_writer_write (DraftdGgufWriter *w, const char *path, GError **error);
GBytes *draftd_gguf_writer_to_bytes (DraftdGgufWriter *w);
