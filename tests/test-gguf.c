#define _GNU_SOURCE
/* GGUF: writer -> reader round trip of every value type, and malformed files of every kind
 * (truncated at every byte, absurd counts, bad types, offsets past the end, random
 * corruption) must give errors, never crash (run under ASan in CI). */
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/gguf/gguf.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static GBytes *
build_sample (void)
{
  g_autoptr (DraftdGgufWriter) w = draftd_gguf_writer_new ();
  draftd_gguf_writer_set_string (w, "general.architecture", "llama");
  draftd_gguf_writer_set_u32 (w, "u32", 42);
  draftd_gguf_writer_set_i32 (w, "i32", -7);
  draftd_gguf_writer_set_f32 (w, "f32", 0.5f);
  draftd_gguf_writer_set_bool (w, "bool", TRUE);
  const char *strs[] = { "a", "", "héllo" };
  draftd_gguf_writer_set_string_array (w, "strs", strs, NULL, 3);
  float fa[] = { 1, 2, 3 };
  draftd_gguf_writer_set_f32_array (w, "floats", fa, 3);
  gint32 ia[] = { -1, 0, 1 };
  draftd_gguf_writer_set_i32_array (w, "ints", ia, 3);
  float t1[64];
  for (int i = 0; i < 64; i++)
    t1[i] = i;
  guint64 ne1[2] = { 32, 2 }, ne2[1] = { 3 };
  guint8 q[2 * 34];
  draftd_ggml_quantize (GGML_TYPE_Q8_0, t1, q, 64);
  g_assert (draftd_gguf_writer_add_tensor (w, "q", GGML_TYPE_Q8_0, 2, ne1, q, sizeof q, NULL));
  g_assert (draftd_gguf_writer_add_tensor (w, "v", GGML_TYPE_F32, 1, ne2, fa, sizeof fa, NULL));
  return draftd_gguf_writer_to_bytes (w);
}

static void
test_round_trip (GBytes *bytes)
{
  g_autoptr (GError) error = NULL;
  gsize n;
  const guint8 *d = g_bytes_get_data (bytes, &n);
  g_autoptr (DraftdGgufFile) f = draftd_gguf_open_bytes (d, n, &error);
  tap_no_error (error, "sample file parses");
  if (f == NULL)
    return;
  guint64 u;
  gint64 i;
  double fl;
  gboolean b;
  g_autofree char *s = draftd_gguf_get_string (f, "general.architecture", NULL);
  tap_ok (draftd_gguf_version (f) == 3 && draftd_gguf_n_kv (f) == 8 && draftd_gguf_n_tensors (f) == 2, "version and counts");
  tap_ok (draftd_gguf_get_uint (f, "u32", &u, NULL) && u == 42, "uint32 value");
  tap_ok (draftd_gguf_get_int (f, "i32", &i, NULL) && i == -7, "int32 value");
  tap_ok (!draftd_gguf_get_uint (f, "i32", &u, NULL), "negative value refused as unsigned");
  tap_ok (draftd_gguf_get_float (f, "f32", &fl, NULL) && fl == 0.5, "float32 value");
  tap_ok (draftd_gguf_get_bool (f, "bool", &b, NULL) && b, "bool value");
  tap_ok (s && g_str_equal (s, "llama"), "string value");
  const DraftdGgufKV *kv;
  tap_ok (draftd_gguf_get_array (f, "strs", GGUF_TYPE_STRING, &kv, NULL) && kv->array_len == 3 && kv->strings[2].len == 6 &&
              memcmp (kv->strings[2].data, "héllo", 6) == 0,
          "string array");
  tap_ok (draftd_gguf_get_array (f, "ints", GGUF_TYPE_INT32, &kv, NULL) && draftd_gguf_array_int (kv, 0) == -1, "int array");
  tap_ok (draftd_gguf_get_array (f, "floats", GGUF_TYPE_FLOAT32, &kv, NULL) && draftd_gguf_array_float (kv, 2) == 3.0, "float array");
  g_autoptr (GError) e2 = NULL;
  tap_ok (!draftd_gguf_get_uint (f, "missing", &u, &e2) && g_error_matches (e2, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_MISSING),
          "missing key is an error");
  g_autoptr (GError) e3 = NULL;
  tap_ok (!draftd_gguf_get_bool (f, "u32", &b, &e3) && g_error_matches (e3, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_TYPE),
          "wrong type is an error: %s", e3 ? e3->message : "");
  const DraftdGgufTensor *t = draftd_gguf_find_tensor (f, "q");
  tap_ok (t && t->type == GGML_TYPE_Q8_0 && t->ne[0] == 32 && t->ne[1] == 2 && t->n_bytes == 68 &&
              (t->data - d) % 32 == 0,
          "tensor info and aligned data");
  float back[64];
  if (t)
    draftd_ggml_dequantize (t->type, t->data, back, 64);
  tap_ok (t && back[63] > 62.5f && back[63] < 63.5f, "tensor data readable");
}

static guint64
write_u64 (guint8 *p, guint64 v)
{
  memcpy (p, &v, 8);
  return v;
}

static int
expect_error (const guint8 *d, gsize n, const char *what, const char *want_substring)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdGgufFile) f = draftd_gguf_open_bytes (d, n, &error);
  gboolean ok = f == NULL && error != NULL && (!want_substring || strstr (error->message, want_substring));
  tap_ok (ok, "%s -> %s", what, error ? error->message : "(no error)");
  return ok;
}

/* Every truncation point: a heap copy of exactly that many bytes so ASan sees any over-read. */
static void
test_truncated (const guint8 *d, gsize n)
{
  gboolean all = TRUE;
  for (gsize len = 0; len < n; len++) {
    /* The final tensor's padding may be cut without losing data. */
    g_autofree guint8 *copy = g_memdup2 (d, len ? len : 1);
    g_autoptr (GError) error = NULL;
    g_autoptr (DraftdGgufFile) f = draftd_gguf_open_bytes (copy, len, &error);
    if (f != NULL) {
      const DraftdGgufTensor *v = draftd_gguf_find_tensor (f, "v");
      if (!(v && v->data + v->n_bytes <= copy + len))
        all = FALSE;
    } else if (error == NULL) {
      all = FALSE;
    }
  }
  tap_ok (all, "truncated at every one of %" G_GSIZE_FORMAT " bytes: error or fully in-bounds", n);
}

/* A corrupt header or first key/value: each is refused with its own message. */
static void
test_bad_header (const guint8 *d, gsize n)
{
  g_autofree guint8 *m = g_memdup2 (d, n);
  memcpy (m, "GGUX", 4);
  expect_error (m, n, "bad magic", "magic");
  memcpy (m, d, n);
  m[4] = 1;
  expect_error (m, n, "version 1", "version");
  memcpy (m, d, n);
  write_u64 (m + 8, G_MAXUINT64);
  expect_error (m, n, "absurd tensor count", "tensor count");
  memcpy (m, d, n);
  write_u64 (m + 16, 1ull << 60);
  expect_error (m, n, "absurd metadata count", "metadata count");
  /* The first key's length. */
  memcpy (m, d, n);
  write_u64 (m + 24, 1ull << 62);
  expect_error (m, n, "key length past the end", "truncated");
  /* Value type of the first KV: after 8-byte len + 20-byte key "general.architecture". */
  memcpy (m, d, n);
  guint32 bad = 99;
  memcpy (m + 24 + 8 + 20, &bad, 4);
  expect_error (m, n, "invalid value type", "invalid value type");
  /* String length of the first value. */
  memcpy (m, d, n);
  write_u64 (m + 24 + 8 + 20 + 4, 1ull << 40);
  expect_error (m, n, "string length past the end", "truncated");
}

/* Tensor infos found by name, with corrupt dims, type and offset. */
static void
test_bad_tensor_info (const guint8 *d, gsize n)
{
  g_autofree guint8 *m = g_memdup2 (d, n);
  const guint8 *qname = memmem (d, n, "\x01\x00\x00\x00\x00\x00\x00\x00q", 9);
  g_assert (qname);
  gsize qi = qname - d + 9; /* n_dims */
  memcpy (m, d, n);
  guint32 dims = 7;
  memcpy (m + qi, &dims, 4);
  expect_error (m, n, "7 dimensions", "dimensions");
  memcpy (m, d, n);
  write_u64 (m + qi + 4, 0);
  expect_error (m, n, "zero dimension", "dimension");
  memcpy (m, d, n);
  write_u64 (m + qi + 4, 1ull << 40);
  write_u64 (m + qi + 12, 1ull << 40);
  expect_error (m, n, "dims whose product overflows", "overflow");
  memcpy (m, d, n);
  write_u64 (m + qi + 4, 31);
  expect_error (m, n, "row not a whole Q8_0 block", "block size");
  memcpy (m, d, n);
  guint32 t = 77;
  memcpy (m + qi + 20, &t, 4);
  expect_error (m, n, "unknown tensor type", "has type id 77, which is not a ggml type draftd knows");
  memcpy (m, d, n);
  write_u64 (m + qi + 24, 1ull << 50);
  expect_error (m, n, "offset past the end", "past the end");
  memcpy (m, d, n);
  write_u64 (m + qi + 24, 3);
  expect_error (m, n, "misaligned offset", "aligned");
  memcpy (m, d, n);
  write_u64 (m + qi + 12, 1000);
  expect_error (m, n, "tensor larger than the file", "past the end");
}

/* Random corruption: flip bytes; the parser must never crash or over-read (ASan). */
static void
test_random_corruption (const guint8 *d, gsize n)
{
  g_autofree guint8 *m = g_memdup2 (d, n);
  GRand *rand = g_rand_new_with_seed (1234);
  guint parsed = 0;
  for (int iter = 0; iter < 20000; iter++) {
    memcpy (m, d, n);
    int flips = g_rand_int_range (rand, 1, 5);
    for (int k = 0; k < flips; k++)
      m[g_rand_int_range (rand, 0, n)] = g_rand_int_range (rand, 0, 256);
    g_autoptr (GError) error = NULL;
    g_autoptr (DraftdGgufFile) f = draftd_gguf_open_bytes (m, n, &error);
    if (f) {
      parsed++;
      for (guint k = 0; k < draftd_gguf_n_tensors (f); k++) {
        const DraftdGgufTensor *tt = draftd_gguf_tensor (f, k);
        g_assert (tt->data >= m && tt->data + tt->n_bytes <= m + n);
      }
    } else {
      g_assert (error != NULL);
    }
  }
  g_rand_free (rand);
  tap_ok (TRUE, "20000 randomly corrupted files handled (%u still valid)", parsed);
}

static void
test_malformed (GBytes *bytes)
{
  gsize n;
  const guint8 *d = g_bytes_get_data (bytes, &n);
  test_truncated (d, n);
  test_bad_header (d, n);
  test_bad_tensor_info (d, n);
  test_random_corruption (d, n);
}

/* Setting a key twice keeps one entry with the last value (a file with two entries for a
 * key is refused by readers); a tensor added twice is an error, not a broken file. */
static void
test_writer_duplicates (void)
{
  g_autoptr (DraftdGgufWriter) w = draftd_gguf_writer_new ();
  draftd_gguf_writer_set_u32 (w, "a", 1);
  draftd_gguf_writer_set_string (w, "b", "first");
  draftd_gguf_writer_set_u32 (w, "a", 2);
  draftd_gguf_writer_set_string (w, "b", "second, longer");
  float data[32] = { 0 };
  guint64 ne[1] = { 32 };
  g_autoptr (GError) e1 = NULL, e2 = NULL, e3 = NULL;
  gboolean first = draftd_gguf_writer_add_tensor (w, "t", GGML_TYPE_F32, 1, ne, data, sizeof data, &e1);
  gboolean again = draftd_gguf_writer_add_tensor (w, "t", GGML_TYPE_F32, 1, ne, data, sizeof data, &e2);
  tap_ok (first && !again && e2 && strstr (e2->message, "twice"), "a tensor added twice is refused: %s",
          e2 ? e2->message : "(no error)");
  g_autoptr (GBytes) bytes = draftd_gguf_writer_to_bytes (w);
  gsize n;
  const void *p = g_bytes_get_data (bytes, &n);
  g_autoptr (DraftdGgufFile) f = draftd_gguf_open_bytes (p, n, &e3);
  guint64 a = 0;
  g_autofree char *b = f ? draftd_gguf_get_string (f, "b", NULL) : NULL;
  tap_ok (f && draftd_gguf_n_kv (f) == 2 && draftd_gguf_get_uint (f, "a", &a, NULL) && a == 2 && g_strcmp0 (b, "second, longer") == 0,
          "a key set twice is written once, with the last value (%s)", e3 ? e3->message : "file reads back");
}

/* A FIFO where a model should be: refused at once, not a reader blocked on open (the alarm
 * turns a hang into a failure). */
static void
test_fifo (void)
{
  g_autofree char *fifo = g_build_filename (test_tmpdir (), "model.fifo", NULL);
  if (mkfifo (fifo, 0600) != 0) {
    tap_ok (FALSE, "mkfifo %s", fifo);
    return;
  }
  alarm (20);
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdGgufFile) f = draftd_gguf_open (fifo, &error);
  alarm (0);
  tap_ok (f == NULL && error && strstr (error->message, "not a regular file"), "a FIFO is refused without blocking: %s",
          error ? error->message : "");
}

int
main (void)
{
  test_writer_duplicates ();
  g_autoptr (GBytes) bytes = build_sample ();
  test_round_trip (bytes);
  test_malformed (bytes);
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdGgufFile) f = draftd_gguf_open ("/nonexistent/model.gguf", &error);
  tap_ok (f == NULL && g_error_matches (error, DRAFTD_GGUF_ERROR, DRAFTD_GGUF_ERROR_IO), "missing file: %s",
          error ? error->message : "");
  test_fifo ();
  return tap_done ();
}
