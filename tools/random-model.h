/* Random-weight Llama/Qwen2/Qwen3/Gemma 3 GGUF models of any shape, with a synthetic SentencePiece
 * vocabulary: for tests and benchmarks at real model sizes (speed does not depend on the
 * weights' values). */
#pragma once
#include <glib.h>

typedef struct {
  const char *arch;   /* "llama", "qwen2", "qwen3" or "gemma3" */
  guint n_embd, n_ff, n_layer, n_head, n_head_kv, n_vocab, n_ctx;
  guint32 type;       /* DraftdGgmlType of the matrices */
  gboolean tied;      /* no output.weight */
  guint64 seed;
} DraftdRandomModel;

/* Attention shape beyond DraftdRandomModel (kept apart so its positional initializers stay valid). */
typedef struct {
  guint head_dim;     /* attention.key_length; 0: n_embd / n_head (not written) */
  guint n_swa;        /* gemma3: attention.sliding_window (0: 4) */
} DraftdRandomAttention;

/* Types other than F32/F16/BF16/Q8_0/Q4_0 are written as random quants under fp16 scales
 * sized so that values stay within about the requested range: no quantizer, since neither
 * speed nor the bit-exactness contract depends on the weights' values. */
gboolean draftd_random_model_write (const DraftdRandomModel *spec, const char *path, GError **error);
/* The same with a llama-quantize _M style mix: `type_more` (0: none) for output.weight
 * (token_embd when tied) and for attn_v/ffn_down of the layers llama.cpp deems sensitive. */
gboolean draftd_random_model_write_mix (const DraftdRandomModel *spec, guint32 type_more, const char *path,
                                        GError **error);
/* Both: an attention shape (NULL: defaults) and a mix's second type (0: none). */
gboolean draftd_random_model_write_full (const DraftdRandomModel *spec, const DraftdRandomAttention *attn,
                                         guint32 type_more, const char *path, GError **error);
/* "q4_k_m", "q6_k", "iq4_nl", "bf16", …: the matrix type(s) of a random model; FALSE if unknown. */
gboolean draftd_random_model_type (const char *name, guint32 *type, guint32 *type_more);
