/* A model's weights on the device: immutable once uploaded, and all a run state of the model
 * reads besides its own caches and activations (lib/runtime/forward.c), so several run
 * states may share them (reference-counted). Matrices are repacked for the matmul kernels
 * (lib/runtime/weights.h); vectors are f32, padded. */
#pragma once
#include "lib/model/model.h"
#include "lib/runtime/heads.h"
#include "lib/runtime/weights.h"

typedef struct {
  DraftdVkBuffer attn_norm;   /* [D] */
  DraftdMatrix qkv[3];        /* Q|K|V rows; one matrix when the types agree */
  guint n_qkv;
  DraftdVkBuffer qkv_bias;    /* [QKV] (Qwen2) */
  DraftdVkBuffer qk_norm;     /* [2][head_dim]: q_norm, then k_norm (Qwen3, Gemma 3) */
  DraftdMatrix wo;
  DraftdVkBuffer attn_post_norm; /* [D] (Gemma 3) */
  DraftdVkBuffer ffn_norm;    /* [D] */
  DraftdMatrix gate, up, down;
  DraftdVkBuffer ffn_post_norm;  /* [D] (Gemma 3) */
  gboolean swa;               /* attends through the sliding window, with the local RoPE table */
} DraftdDeviceLayer;

typedef struct {
  DraftdVk *vk;
  const DraftdModel *model;
  DraftdModelConfig cfg;
  DraftdKernels *kernels;     /* the device's, shared with its other models */
  guint32 D, QKV, ATT, F, V;  /* padded activation strides */
  DraftdMatrix token_embd;    /* [n_vocab][n_embd] */
  DraftdMatrix output;        /* [n_vocab][n_embd]; unused when tied */
  DraftdVkBuffer output_norm; /* [D] */
  DraftdDeviceLayer *layers;  /* [n_layer] */
  DraftdHeads *heads;         /* blockwise proposal heads on the host, or NULL (heads.h) */
} DraftdDeviceModel;

/* The strides only: nothing on the device yet, so a caller can check its run state against
 * the device's limits before the upload. */
DraftdDeviceModel *draftd_device_model_new (DraftdVk *vk, const DraftdModel *model);
/* Uploads every weight and builds the kernels its weight types need; sets `kernels`. */
gboolean draftd_device_model_upload (DraftdDeviceModel *w, GError **error);
/* Builds the matmuls with the norm fused for the QKV and gate/up matrices (after upload). */
gboolean draftd_device_model_need_norm_kernels (DraftdDeviceModel *w, GError **error);
DraftdDeviceModel *draftd_device_model_ref (DraftdDeviceModel *w);
void draftd_device_model_unref (DraftdDeviceModel *w);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdDeviceModel, draftd_device_model_unref)

/* The output head: token_embd when tied. */
const DraftdMatrix *draftd_device_model_output (const DraftdDeviceModel *w);
/* Bytes of the matrices a one-token pass reads whole (see draftd_runner_weight_bytes). */
guint64 draftd_device_model_weight_bytes (const DraftdDeviceModel *w);
/* The same by weight form (DRAFTD_WTYPE_*): what each form's matmul kernels read a pass. */
void draftd_device_model_weight_bytes_by_form (const DraftdDeviceModel *w, guint64 out[DRAFTD_N_WTYPES]);
