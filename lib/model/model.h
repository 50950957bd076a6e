/* A Llama-family model described by a GGUF file: hyperparameters from metadata and the
 * weight tensors it needs, validated for presence, type and shape. The weights stay in
 * the file's mapping; the runtime uploads them to the device. */
#pragma once
#include <glib.h>
#include "lib/gguf/gguf.h"
#include "lib/tokenizer/tokenizer.h"

#define DRAFTD_MODEL_ERROR (draftd_model_error_quark ())
GQuark draftd_model_error_quark (void);
typedef enum {
  DRAFTD_MODEL_ERROR_ARCH,     /* unsupported architecture */
  DRAFTD_MODEL_ERROR_MISSING,  /* tensors or keys missing */
  DRAFTD_MODEL_ERROR_SHAPE,    /* a tensor has the wrong shape or an unsupported type */
  DRAFTD_MODEL_ERROR_CONFIG,   /* inconsistent hyperparameters */
} DraftdModelError;

typedef enum { DRAFTD_ARCH_LLAMA, DRAFTD_ARCH_QWEN2 } DraftdArch;
typedef enum { DRAFTD_ROPE_INTERLEAVED, DRAFTD_ROPE_NEOX } DraftdRopeLayout;

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
  float rope_base;
  DraftdRopeLayout rope_layout;
  gboolean qkv_bias;      /* Qwen2 */
  gboolean tied_output;   /* output projection shares token_embd */
} DraftdModelConfig;

typedef struct {
  const GgufTensor *attn_norm;  /* [n_embd] */
  const GgufTensor *wq;         /* [n_head*head_dim rows][n_embd] */
  const GgufTensor *wk;         /* [n_head_kv*head_dim][n_embd] */
  const GgufTensor *wv;         /* [n_head_kv*head_dim][n_embd] */
  const GgufTensor *bq, *bk, *bv;  /* biases (Qwen2), else NULL */
  const GgufTensor *wo;         /* [n_embd][n_head*head_dim] */
  const GgufTensor *ffn_norm;   /* [n_embd] */
  const GgufTensor *w_gate;     /* [n_ff][n_embd] */
  const GgufTensor *w_up;       /* [n_ff][n_embd] */
  const GgufTensor *w_down;     /* [n_embd][n_ff] */
} DraftdLayerWeights;

typedef struct {
  GgufFile *file;
  char *path;
  char *name;                   /* general.name, else the file's basename */
  DraftdModelConfig config;
  DraftdTokenizer *tokenizer;
  const GgufTensor *token_embd; /* [n_vocab][n_embd] */
  const GgufTensor *output_norm;/* [n_embd] */
  const GgufTensor *output;     /* [n_vocab][n_embd]; == token_embd when tied */
  DraftdLayerWeights *layers;   /* [n_layer] */
  guint64 n_params;
} DraftdModel;

DraftdModel *draftd_model_load (const char *path, GError **error);
void draftd_model_free (DraftdModel *model);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdModel, draftd_model_free)
const char *draftd_model_quantization (const DraftdModel *model);
