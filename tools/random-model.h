/* Random-weight Llama/Qwen2/Qwen3/Gemma 3 GGUF models of any shape, with a synthetic SentencePiece
 * vocabulary: for tests and benchmarks at real model sizes (speed does not depend on the
 * weights' values). */
#pragma once
#include <glib.h>

typedef struct {
  const char *arch;   /* "llama", "qwen2", "qwen3" or "gemma3" */
  guint n_embd, n_ff, n_layer, n_head, n_head_kv, n_vocab, n_ctx;
  guint32 type;       /* GgmlType of the matrices */
  gboolean tied;      /* no output.weight */
  guint64 seed;
} DraftdRandomModel;

/* Attention shape beyond DraftdRandomModel (kept apart so its positional initializers stay valid). */
typedef struct {
  guint head_dim;     /* attention.key_length; 0: n_embd / n_head (not written) */
  guint n_swa;        /* gemma3: attention.sliding_window (0: 4) */
} DraftdRandomAttention;

gboolean draftd_random_model_write (const DraftdRandomModel *spec, const char *path, GError **error);
/* The same with an attention shape (NULL: defaults). */
gboolean draftd_random_model_write_full (const DraftdRandomModel *spec, const DraftdRandomAttention *attn,
                                         const char *path, GError **error);
