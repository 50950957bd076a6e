/* The reference transformer: the forward pass of every architecture draftd runs (llama,
 * qwen2, qwen3, gemma3), written as plainly as it can be, one token at a time, in C over
 * f32 weights dequantized exactly as ggml defines each type. It is slow and it is the
 * definition: the Vulkan forward pass (lib/runtime/forward.c) is tested against it, and it
 * is where a reader learns what each architecture computes. Dot products and RMS sums
 * accumulate in double, so its error is far below the shaders'.
 *
 * Like llama2.c's run.c it keeps three things apart: the configuration (the model's
 * DraftdModelConfig), the weights (DraftdRefWeights) and the run state (activations and
 * KV cache, DraftdRefState), each built and freed in a pair. */
#pragma once
#include <glib.h>
#include "lib/model/model.h"

#define DRAFTD_REFERENCE_ERROR (draftd_reference_error_quark ())
GQuark draftd_reference_error_quark (void);
typedef enum {
  DRAFTD_REFERENCE_ERROR_TYPE,  /* a tensor type has no dequantizer */
} DraftdReferenceError;

typedef struct {
  float *attn_norm;       /* [n_embd] */
  float *wq;              /* [n_head*head_dim][n_embd] */
  float *wk;              /* [n_head_kv*head_dim][n_embd] */
  float *wv;              /* [n_head_kv*head_dim][n_embd] */
  float *bq, *bk, *bv;    /* [n_head*head_dim], [n_head_kv*head_dim] x2 (qkv_bias), else NULL */
  float *q_norm, *k_norm; /* [head_dim] each (qk_norm), else NULL */
  float *wo;              /* [n_embd][n_head*head_dim] */
  float *attn_post_norm;  /* [n_embd] (post_norms), else NULL */
  float *ffn_norm;        /* [n_embd] */
  float *w_gate;          /* [n_ff][n_embd] */
  float *w_up;            /* [n_ff][n_embd] */
  float *w_down;          /* [n_embd][n_ff] */
  float *ffn_post_norm;   /* [n_embd] (post_norms), else NULL */
} DraftdRefLayer;

typedef struct {
  float *token_embd;      /* [n_vocab][n_embd] */
  float *output_norm;     /* [n_embd] */
  float *output;          /* [n_vocab][n_embd]; == token_embd when tied */
  DraftdRefLayer *layers; /* [n_layer] */
} DraftdRefWeights;

typedef struct {
  float *x;               /* [n_embd] residual stream */
  float *xb;              /* [n_embd] normalized input of a block, then a block's output */
  float *q;               /* [n_head*head_dim] */
  float *k, *v;           /* [n_head_kv*head_dim] this position's key and value */
  float *att;             /* [n_head*head_dim] attention output, heads side by side */
  float *hb, *hb2;        /* [n_ff] gate and up projections */
  float *scores;          /* [n_ctx] one head's attention weights */
  float *logits;          /* [n_vocab] */
  float *k_cache;         /* [n_layer][n_ctx][n_head_kv*head_dim] */
  float *v_cache;         /* [n_layer][n_ctx][n_head_kv*head_dim] */
} DraftdRefState;

typedef struct {
  DraftdModelConfig config;
  guint n_ctx;
  DraftdRefWeights w;
  DraftdRefState s;
  /* draftd_reference_quantize_activations: the matrices stored quantized (their dequantized
   * weights, as keys), whose input then goes through 16-bit blocks; xq is that input. */
  gboolean q8_activations;
  GHashTable *quantized;
  float *xq;
} DraftdReference;

/* Dequantizes every weight of `model` (which stays owned by the caller) and allocates a
 * cache of n_ctx positions. */
DraftdReference *draftd_reference_new (const DraftdModel *model, guint n_ctx, GError **error);
void draftd_reference_free (DraftdReference *r);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdReference, draftd_reference_free)

/* From now on, each matrix stored in a quantized type (not F32, F16 or BF16) takes its input
 * as the GPU family's integer-dot kernels do (shaders/quant_q8.comp): blocks of 32 16-bit
 * integers, d = max |x| / 32512, x = d * round(x / d), rounded half away from zero. That is
 * the function those kernels compute, so tests hold them to it. */
void draftd_reference_quantize_activations (DraftdReference *r, gboolean on);

/* Processes `token` at position pos (positions 0..pos-1 already processed; pos < n_ctx)
 * and returns its logits [n_vocab], valid until the next call. */
const float *draftd_reference_forward (DraftdReference *r, gint32 token, guint pos);

/* How far `logits` are from the reference's `ref` [n]: the largest absolute difference over
 * the largest reference magnitude (the tests' tolerance is in these units). */
double draftd_reference_logit_error (const float *logits, const float *ref, guint n);
