/* libFuzzer target for the GGUF parser: build with -Dfuzz=true (clang), then run
 *   ./build/tests/fuzz-gguf corpus/ -max_len=4096 */
#include "lib/gguf/gguf.h"

int LLVMFuzzerTestOneInput (const guint8 *data, gsize size);

int
LLVMFuzzerTestOneInput (const guint8 *data, gsize size)
{
  GError *error = NULL;
  GgufFile *f = gguf_open_bytes (data, size, &error);
  if (f) {
    for (guint i = 0; i < gguf_n_tensors (f); i++) {
      const GgufTensor *t = gguf_tensor (f, i);
      volatile guint8 sink = t->n_bytes ? t->data[t->n_bytes - 1] : 0;
      (void) sink;
    }
    for (guint i = 0; i < gguf_n_kv (f); i++) {
      guint64 u;
      gguf_get_uint (f, gguf_kv (f, i)->key, &u, NULL);
      g_free (gguf_get_string (f, gguf_kv (f, i)->key, NULL));
    }
    gguf_close (f);
  }
  g_clear_error (&error);
  return 0;
}
