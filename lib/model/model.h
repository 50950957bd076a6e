/* A Llama-family model described by a GGUF file: hyperparameters from metadata and the
 * weight tensors it needs, validated for presence, type and shape. The weights stay in
 * the file's mapping; the runtime uploads them to the device.
 *
 * Architectures: llama, qwen2 (Q/K/V biases, NeoX RoPE), qwen3 (per-head Q/K RMSNorm,
 * NeoX RoPE, head_dim from attention.key_length) and gemma3 (embedding scaled by
 * sqrt(n_embd), GeGLU, post-attention and post-FFN norms, sliding-window local layers with
 * their own RoPE base). */
#pragma once
#include <glib.h>
#include "lib/gguf/gguf.h"
#include "lib/tokenizer/tokenizer.h"
#include "lib/prompt/prompt-meta.h"

#define DRAFTD_MODEL_ERROR (draftd_model_error_quark ())
GQuark draftd_model_error_quark (void);
typedef enum {
  DRAFTD_MODEL_ERROR_ARCH,     /* unsupported architecture */
  DRAFTD_MODEL_ERROR_MISSING,  /* tensors or keys missing */
  DRAFTD_MODEL_ERROR_SHAPE,    /* a tensor has the wrong shape or an unsupported type */
  DRAFTD_MODEL_ERROR_CONFIG,   /* inconsistent hyperparameters */
  DRAFTD_MODEL_ERROR_HEADS,    /* blockwise proposal heads that do not fit the model */
} DraftdModelError;

/* Blockwise parallel decoding's proposal heads (Stern et al. 2018), optional: the key counts
 * them, head i (0-based) is the [n_embd][n_embd] matrix "blockwise.{i}.weight", and it
 * predicts the token i + 2 places after a position from that position's final hidden state
 * h (after output_norm), as argmax (W_out (h + relu (W_i h))) with the model's own output
 * projection W_out. */
#define DRAFTD_BLOCKWISE_HEADS_KEY "draftd.blockwise.heads"
#define DRAFTD_BLOCKWISE_HEAD_NAME "blockwise.%u.weight"
#define DRAFTD_BLOCKWISE_MAX_HEADS 15

typedef enum { DRAFTD_ARCH_LLAMA, DRAFTD_ARCH_QWEN2, DRAFTD_ARCH_QWEN3, DRAFTD_ARCH_GEMMA3 } DraftdArch;
typedef enum { DRAFTD_ROPE_INTERLEAVED, DRAFTD_ROPE_NEOX } DraftdRopeLayout;
typedef enum {
  DRAFTD_FFN_SWIGLU,      /* silu(gate) * up */
  DRAFTD_FFN_GEGLU,       /* gelu(gate) * up, GELU's tanh approximation (Gemma) */
} DraftdFfnAct;

typedef struct {
  DraftdArch arch;
  guint n_embd;           /* model width (dim) */
  guint n_ff;             /* feed-forward hidden width */
  guint n_layer;
  guint n_head;
  guint n_head_kv;        /* grouped-query attention: n_head is a multiple of it */
  guint head_dim;
  guint n_vocab;
  guint n_ctx_train;      /* {arch}.context_length */
  float norm_eps;
  float rope_base;        /* global (non-sliding-window) layers */
  float rope_scale;       /* linear RoPE scaling of global layers: positions * rope_scale */
  DraftdRopeLayout rope_layout;
  gboolean qkv_bias;      /* Qwen2 */
  gboolean qk_norm;       /* per-head RMSNorm of Q and K before RoPE (Qwen3, Gemma 3) */
  gboolean post_norms;    /* RMSNorm of the attention and FFN outputs before the residual add (Gemma 3) */
  DraftdFfnAct ffn_act;
  float embd_scale;       /* input embeddings are multiplied by it (Gemma 3: sqrt(n_embd)); else 1 */
  float attn_scale;       /* scores = q·k * attn_scale */
  guint n_swa;            /* sliding window: a local layer's query at p sees keys p - n_swa < j <= p; 0: none */
  guint swa_pattern;      /* layer il is local when il % swa_pattern < swa_pattern - 1 (Gemma 3: 6) */
  float rope_base_swa;    /* RoPE base of the local layers */
  gboolean tied_output;   /* output projection shares token_embd */
} DraftdModelConfig;

/* TRUE when layer il attends through the sliding window (with rope_base_swa). */
gboolean draftd_model_layer_is_swa (const DraftdModelConfig *c, guint il);
/* RoPE's rotation of pair j (0 <= j < head_dim/2) at position pos, in a local (swa) or a
 * global layer. The device's tables and the reference both take it from here, so they
 * rotate by exactly the same numbers. */
void draftd_model_rope (const DraftdModelConfig *c, gboolean swa, guint pos, guint j, float *cos_out, float *sin_out);

typedef struct {
  const DraftdGgufTensor *attn_norm;  /* [n_embd] */
  const DraftdGgufTensor *wq;         /* [n_head*head_dim rows][n_embd] */
  const DraftdGgufTensor *wk;         /* [n_head_kv*head_dim][n_embd] */
  const DraftdGgufTensor *wv;         /* [n_head_kv*head_dim][n_embd] */
  const DraftdGgufTensor *bq, *bk, *bv;  /* biases (Qwen2), else NULL */
  const DraftdGgufTensor *q_norm;     /* [head_dim], shared by every query head (qk_norm), else NULL */
  const DraftdGgufTensor *k_norm;     /* [head_dim] (qk_norm), else NULL */
  const DraftdGgufTensor *wo;         /* [n_embd][n_head*head_dim] */
  const DraftdGgufTensor *attn_post_norm; /* [n_embd] (post_norms), else NULL */
  const DraftdGgufTensor *ffn_norm;   /* [n_embd] */
  const DraftdGgufTensor *w_gate;     /* [n_ff][n_embd] */
  const DraftdGgufTensor *w_up;       /* [n_ff][n_embd] */
  const DraftdGgufTensor *w_down;     /* [n_embd][n_ff] */
  const DraftdGgufTensor *ffn_post_norm;  /* [n_embd] (post_norms), else NULL */
} DraftdLayerWeights;

typedef struct {
  DraftdGgufFile *file;
  char *path;
  char *name;                   /* general.name, else the file's basename */
  DraftdModelConfig config;
  DraftdTokenizer *tokenizer;
  DraftdPromptMeta prompt;      /* chat template and draftd's prompts, read once at load */
  const DraftdGgufTensor *token_embd; /* [n_vocab][n_embd] */
  const DraftdGgufTensor *output_norm;/* [n_embd] */
  const DraftdGgufTensor *output;     /* [n_vocab][n_embd]; == token_embd when tied */
  DraftdLayerWeights *layers;   /* [n_layer] */
  const DraftdGgufTensor **heads; /* [n_heads] blockwise proposal heads, [n_embd][n_embd] */
  guint n_heads;                /* 0: the file has none */
  guint64 n_params;             /* the model's own: the heads are not counted */
} DraftdModel;

DraftdModel *draftd_model_load (const char *path, GError **error);
void draftd_model_free (DraftdModel *model);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdModel, draftd_model_free)
const char *draftd_model_quantization (const DraftdModel *model);
/* "llama", "qwen2", "qwen3" or "gemma3": general.architecture as the file spells it. */
const char *draftd_model_arch_name (DraftdArch arch);
