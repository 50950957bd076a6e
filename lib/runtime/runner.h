/* The runner's state, shared by the files that make its passes: forward.c plans them and
 * keeps the outputs, record.c records and runs one. Internal to lib/runtime/. */
#pragma once
#include "lib/runtime/device-model.h"
#include "lib/runtime/kv-cache.h"

/* As forward.h names it (C11 allows the same typedef twice): recording a pass needs the
 * runner's state, not the runner's interface. */
typedef struct DraftdRunner DraftdRunner;

#define N_PROFILE_SLOTS 16

/* A KV copy waiting for the next pass (draftd_runner_seq_copy). */
typedef struct {
  guint src, dst, n;
} KvCopy;

/* Positions [from, n) of src that dst is to hold once a pass computes them in src
 * (draftd_runner_seq_share); a pass's share of them is copied layer by layer. */
typedef struct {
  guint src, dst, from, n;
} KvShare;

/* The run state of a model: its KV cache of several sequences, the activations of one pass
 * and the outputs of the last call. The weights (r->w) are only read. */
struct DraftdRunner {
  DraftdVk *vk;
  const DraftdModel *model;
  DraftdDeviceModel *w;       /* weights on the device */
  DraftdModelConfig cfg;
  DraftdKernels *kernels;     /* the device's, shared with its other models */
  guint n_batch;
  guint32 D, QKV, ATT, F, V;  /* padded activation strides (the weights') */

  DraftdKvCache kv;           /* a slot per sequence */
  /* [n_seq], atomic: the sequence is in the pass under way. The per-sequence calls
   * (draftd_runner_seq_*) may come from another thread than the pass's, for a sequence the
   * pass does not hold (forward.h); these flags make a call that breaks that a warning. */
  gint *in_pass;
  /* KV copies asked for since the last pass (KvCopy): they run at the start of the next pass,
   * in order, in its command buffer. A lane asks from its own thread while the loop's thread
   * may be recording a pass, so `copy_lock` guards the list. */
  GMutex copy_lock;
  GArray *pending_copies;
  /* Shares waiting for their source's positions (KvShare, under copy_lock), and the ranges of
   * them the pass being recorded computes (KvShare, the recording thread's): each layer copies
   * them after writing its keys and values, before any token of the pass attends to them. */
  GArray *shares;
  GArray *due_shares;
  DraftdVkBuffer rope;        /* [max_cap][head_dim/2] (cos, sin), global layers */
  DraftdVkBuffer rope_swa;    /* [max_cap][head_dim/2] (cos, sin), sliding-window layers */

  DraftdVkBuffer dummy;
  DraftdVkBuffer x;           /* [n_batch][D] residual stream */
  DraftdVkBuffer xb;          /* [n_batch][D] normalized */
  DraftdVkBuffer qkv;         /* [n_batch][QKV] */
  DraftdVkBuffer att;         /* [n_batch][ATT] */
  DraftdVkBuffer hb;          /* [n_batch][F] */
  DraftdVkBuffer scores;      /* [n_head][n_batch][max_cap]: scores, then softmax weights */
  DraftdVkBuffer score_sums;  /* [n_head][n_batch] the weights' sums */
  DraftdVkBuffer attn_parts;  /* [n_head][n_batch][splits][head_dim + 2] attn_flash's partial
                               * results of split keys (flash only; scores and sums: not) */
  DraftdVkBuffer q8x;         /* [n_batch][max stride / 32][4] uvec4: a matmul's X as 16-bit
                               * blocks in two int8 planes (the integer-dot kernels, vk->int_dot only) */
  DraftdVkBuffer q8m;         /* [n_batch][max stride / 32] vec4: each block's d and sums */
  DraftdVkBuffer tokens;      /* [n_batch] host-visible */
  DraftdVkBuffer token_pos_host; /* [n_batch] DraftdTokenPos, host-visible: written per pass */
  DraftdVkBuffer token_pos;   /* its copy on the device: every attention kernel of every
                               * layer reads it, which a discrete GPU should not do over PCIe */
  DraftdVkBuffer out_rows;    /* [n_batch] the pass's tokens that give outputs, host-visible */
  DraftdVkBuffer logits;      /* [n_batch][V] host-visible */
  DraftdVkBuffer ids;         /* [n_batch] host-visible */
  DraftdVkBuffer hidden;      /* [n_batch][D] host-visible: the outputs' final hidden states,
                               * for the proposal heads (a model with heads only) */

  GArray *out_logits;         /* float, [n_out][n_vocab] */
  GArray *out_ids;            /* gint32 */
  GArray *out_hidden;         /* float, [n_out][n_embd] (keep_hidden) */
  gboolean keep_hidden;       /* a model with heads, or options.hidden */
  gboolean out_have_logits;
  guint64 passes;
  guint last_dispatches;      /* in the last pass */

  gboolean fuse_norm;         /* the norms before QKV and gate/up run inside those matmuls */
  gboolean flash;             /* attention in attn_flash (+ attn_combine): the GPU kernels */
  gboolean profile;
  VkQueryPool queries;
  guint n_queries;
  const char *profile_names[N_PROFILE_SLOTS];
  double profile_ms[N_PROFILE_SLOTS];
};
