/* libFuzzer target for the GGUF reader and what reads models from it. Each input is written
 * to a file and opened through the real path (open, fstat, mmap), then parsed again from
 * memory: both must agree. Every key goes through every typed getter, and the getters must
 * agree with each other. The file is then loaded as a model (hyperparameters, tensor shapes,
 * tokenizer) and its tokenizer and chat template are used.
 *   CC=clang meson setup build-fuzz -Dfuzz=true && meson compile -C build-fuzz
 *   build-fuzz/tests/fuzz-gguf tests/fuzz/corpus/gguf */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tests/fuzz-common.h"
#include "lib/gguf/gguf.h"
#include "lib/model/model.h"
#include "lib/prompt/chat-format.h"

static char *path;
static int fd = -1;

/* libFuzzer ends a run with exit(): the file goes with it (each run left one in /tmp). */
static void
remove_input_file (void)
{
  if (path)
    unlink (path);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_autoptr (GError) error = NULL;
  fd = g_file_open_tmp ("draftd-fuzz-gguf-XXXXXX.gguf", &path, &error);
  if (fd < 0)
    g_error ("temporary file: %s", error->message);
  atexit (remove_input_file);
  return 0;
}

static void
write_input (const guint8 *data, gsize size)
{
  if (ftruncate (fd, 0) != 0 || pwrite (fd, data, size, 0) != (gssize) size)
    g_error ("cannot write %s", path);
}

/* Reads every element of an array through the accessor of its type. */
static void
touch_array (const DraftdGgufFile *f, const DraftdGgufKV *kv)
{
  static const DraftdGgufValueType elems[] = { GGUF_TYPE_INT32, GGUF_TYPE_FLOAT32, GGUF_TYPE_STRING, GGUF_TYPE_BOOL };
  for (guint e = 0; e < G_N_ELEMENTS (elems); e++) {
    const DraftdGgufKV *a = NULL;
    g_autoptr (GError) error = NULL;
    if (!draftd_gguf_get_array (f, kv->key, elems[e], &a, &error)) {
      FUZZ_ASSERT (error != NULL && a == NULL);
      continue;
    }
    FUZZ_ASSERT (a == kv);
    for (guint64 i = 0; i < a->array_len && i < 4096; i++) {
      volatile double sink;
      if (draftd_gguf_value_is_int (a->array_type))
        sink = draftd_gguf_array_int (a, i);
      else if (a->array_type == GGUF_TYPE_FLOAT32 || a->array_type == GGUF_TYPE_FLOAT64)
        sink = draftd_gguf_array_float (a, i);
      else if (a->array_type == GGUF_TYPE_STRING)
        sink = a->strings[i].len ? a->strings[i].data[a->strings[i].len - 1] : 0;
      else
        sink = a->raw[i];
      (void) sink;
    }
  }
}

static void
touch_kv (const DraftdGgufFile *f, const DraftdGgufKV *kv)
{
  FUZZ_ASSERT (draftd_gguf_find_kv (f, kv->key) == kv);
  guint64 u;
  gint64 s;
  double d;
  gboolean b;
  g_autoptr (GError) eu = NULL, es = NULL, ed = NULL, eb = NULL, estr = NULL;
  gboolean has_u = draftd_gguf_get_uint (f, kv->key, &u, &eu);
  gboolean has_s = draftd_gguf_get_int (f, kv->key, &s, &es);
  FUZZ_ASSERT (has_u || eu != NULL);
  FUZZ_ASSERT (has_s || es != NULL);
  /* A value both getters accept is one number. */
  if (has_u && has_s)
    FUZZ_ASSERT (s >= 0 && (guint64) s == u);
  if (has_u || has_s)
    FUZZ_ASSERT (draftd_gguf_value_is_int (kv->type));
  FUZZ_ASSERT (draftd_gguf_get_float (f, kv->key, &d, &ed) || ed != NULL);
  FUZZ_ASSERT (draftd_gguf_get_bool (f, kv->key, &b, &eb) == (kv->type == GGUF_TYPE_BOOL));
  g_autofree char *str = draftd_gguf_get_string (f, kv->key, &estr);
  FUZZ_ASSERT (str != NULL || estr != NULL);
  if (str)
    FUZZ_ASSERT (strlen (str) == kv->strings[0].len);
  if (kv->type == GGUF_TYPE_ARRAY)
    touch_array (f, kv);
}

static void
touch_tensors (const DraftdGgufFile *f)
{
  for (guint i = 0; i < draftd_gguf_n_tensors (f); i++) {
    const DraftdGgufTensor *t = draftd_gguf_tensor (f, i);
    FUZZ_ASSERT (draftd_gguf_find_tensor (f, t->name) == t);
    if (t->n_bytes) {
      volatile guint8 sink = t->data[0] ^ t->data[t->n_bytes - 1];
      (void) sink;
    }
  }
}

/* The file and the in-memory parse must describe the same thing. */
static void
compare (const DraftdGgufFile *a, const DraftdGgufFile *b)
{
  FUZZ_ASSERT (draftd_gguf_version (a) == draftd_gguf_version (b));
  FUZZ_ASSERT (draftd_gguf_n_kv (a) == draftd_gguf_n_kv (b) && draftd_gguf_n_tensors (a) == draftd_gguf_n_tensors (b));
  for (guint i = 0; i < draftd_gguf_n_kv (a); i++)
    FUZZ_ASSERT (g_str_equal (draftd_gguf_kv (a, i)->key, draftd_gguf_kv (b, i)->key) && draftd_gguf_kv (a, i)->type == draftd_gguf_kv (b, i)->type);
  for (guint i = 0; i < draftd_gguf_n_tensors (a); i++) {
    const DraftdGgufTensor *ta = draftd_gguf_tensor (a, i), *tb = draftd_gguf_tensor (b, i);
    FUZZ_ASSERT (g_str_equal (ta->name, tb->name) && ta->n_bytes == tb->n_bytes && ta->offset == tb->offset);
    FUZZ_ASSERT (ta->n_bytes == 0 || memcmp (ta->data, tb->data, ta->n_bytes) == 0);
  }
}

/* What the daemon does with a model file: load it, or fail with an error. */
static void
load_model (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdModel) m = draftd_model_load (path, &error);
  FUZZ_ASSERT ((m == NULL) == (error != NULL));
  if (m == NULL)
    return;
  const DraftdModelConfig *c = &m->config;
  FUZZ_ASSERT (c->n_head % c->n_head_kv == 0 && c->head_dim % 4 == 0 && c->n_layer > 0);
  FUZZ_ASSERT (draftd_tokenizer_n_vocab (m->tokenizer) == c->n_vocab && m->token_embd && m->output);
  for (guint i = 0; i < c->n_layer; i++)
    FUZZ_ASSERT (m->layers[i].wq && m->layers[i].w_down);
}

/* A tokenizer from whatever metadata the file has, used on a short text. */
static void
use_tokenizer (const DraftdGgufFile *f)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdTokenizer) tok = draftd_tokenizer_new (f, &error);
  FUZZ_ASSERT ((tok == NULL) == (error != NULL));
  g_autofree char *template = draftd_gguf_find_kv (f, "tokenizer.chat_template")
                                  ? draftd_gguf_get_string (f, "tokenizer.chat_template", NULL) : NULL;
  DraftdChatFormat format = draftd_chat_format_detect (template);
  if (tok == NULL)
    return;
  DraftdChatTurn turn = { "user", "Grüße, she go to school. 🦙" };
  g_autofree char *prompt = draftd_chat_format_render (format, &turn, 1, TRUE);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  FUZZ_ASSERT (draftd_tokenizer_encode (tok, prompt, -1, TRUE, TRUE, ids, NULL));
  for (guint i = 0; i < ids->len; i++)
    FUZZ_ASSERT ((guint) g_array_index (ids, gint32, i) < draftd_tokenizer_n_vocab (tok));
  g_autofree char *back = draftd_tokenizer_decode (tok, (const gint32 *) ids->data, ids->len, TRUE);
  FUZZ_ASSERT (g_utf8_validate (back, -1, NULL));
}

int
LLVMFuzzerTestOneInput (const guint8 *data, gsize size)
{
  write_input (data, size);
  g_autoptr (GError) file_error = NULL, bytes_error = NULL;
  g_autoptr (DraftdGgufFile) f = draftd_gguf_open (path, &file_error);
  /* A copy of exactly `size` bytes, so ASan sees any read past the end. */
  g_autofree guint8 *copy = g_memdup2 (data, size);
  g_autoptr (DraftdGgufFile) m = draftd_gguf_open_bytes (copy, size, &bytes_error);
  FUZZ_ASSERT ((f == NULL) == (m == NULL));
  if (f == NULL) {
    /* The same complaint, with the path in front. */
    FUZZ_ASSERT (file_error && bytes_error && g_str_has_suffix (file_error->message, bytes_error->message));
    return 0;
  }
  FUZZ_ASSERT (draftd_gguf_size (f) == size);
  compare (f, m);
  for (guint i = 0; i < draftd_gguf_n_kv (m); i++)
    touch_kv (m, draftd_gguf_kv (m, i));
  touch_tensors (f);
  touch_tensors (m);
  use_tokenizer (m);
  load_model ();
  return 0;
}
