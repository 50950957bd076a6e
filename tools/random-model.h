/* Random-weight Llama/Qwen2 GGUF models of any shape, with a synthetic SentencePiece
 * vocabulary: for tests and benchmarks at real model sizes (speed does not depend on the
 * weights' values). */
#pragma once
#include <glib.h>

typedef struct {
  const char *arch;   /* "llama" or "qwen2" */
  guint n_embd, n_ff, n_layer, n_head, n_head_kv, n_vocab, n_ctx;
  guint32 type;       /* GgmlType of the matrices */
  gboolean tied;      /* no output.weight */
  guint64 seed;
} DraftdRandomModel;

gboolean draftd_random_model_write (const DraftdRandomModel *spec, const char *path, GError **error);
