/* The small model interface the decoding loops are written against: the Vulkan runner
 * implements it, and so can a scripted test model. A model holds a cache of the tokens it
 * has processed; forward() appends, truncate() rolls back. A model may hold several
 * sequences (the seq_* calls, NULL where it holds one): the calls without `seq` work on
 * sequence 0. */
#pragma once
#include <glib.h>
#include "lib/runtime/batch.h"

typedef struct {
  /* Appends n tokens; keeps outputs (argmax, and logits when wanted) for the last n_out of
   * them (1 <= n_out <= n): 1 to continue, n to verify drafts, in between for a prompt
   * followed by drafts. */
  gboolean (*forward) (gpointer self, const gint32 *tokens, guint n, guint n_out, gboolean want_logits,
                       GError **error);
  const float *(*logits) (gpointer self, guint i); /* [n_vocab] of output i */
  gint32 (*argmax) (gpointer self, guint i);
  void (*truncate) (gpointer self, guint n);
  guint (*n_past) (gpointer self);
  guint (*n_ctx) (gpointer self);
  guint (*n_vocab) (gpointer self);
  guint (*n_batch) (gpointer self);  /* most tokens one pass takes: forward() splits longer calls */
  guint (*n_seq) (gpointer self);
  /* Tokens of several sequences in one pass; outputs for those that want them, in order. */
  gboolean (*forward_batch) (gpointer self, const DraftdBatch *batch, gboolean want_logits, GError **error);
  guint (*seq_n_past) (gpointer self, guint seq);
  guint (*seq_n_ctx) (gpointer self, guint seq);
  const gint32 *(*seq_tokens) (gpointer self, guint seq);  /* [seq_n_past]: what it holds */
  void (*seq_truncate) (gpointer self, guint seq, guint n);
  /* dst holds the first n positions of src, without a pass. */
  gboolean (*seq_copy) (gpointer self, guint src, guint dst, guint n, GError **error);
  /* Blockwise proposal heads (lib/runtime/heads.h), NULL where the model has none: how many,
   * and up to k_max guesses at the tokens that follow output i's next token, from output i
   * of the last pass (sequence 0's); returns how many it wrote. */
  guint (*n_heads) (gpointer self);
  guint (*propose) (gpointer self, guint i, gint32 *out, guint k_max);
  /* dst holds tokens[0..n): what src holds of them at once, as seq_copy, the rest as the
   * next pass computes them in src (draftd_runner_seq_share), so that a prefix and what
   * follows it in other sequences run in one pass. NULL where the model cannot: callers run
   * the prefix in a pass of its own and copy it. */
  gboolean (*seq_share) (gpointer self, guint src, guint dst, const gint32 *tokens, guint n, GError **error);
} DraftdLmVTable;

typedef struct {
  const DraftdLmVTable *vt;
  gpointer self;
} DraftdLm;

static inline gboolean
draftd_lm_forward (const DraftdLm *lm, const gint32 *tokens, guint n, guint n_out, gboolean want_logits, GError **error)
{
  return lm->vt->forward (lm->self, tokens, n, n_out, want_logits, error);
}
static inline const float *draftd_lm_logits (const DraftdLm *lm, guint i) { return lm->vt->logits (lm->self, i); }
static inline gint32 draftd_lm_argmax (const DraftdLm *lm, guint i) { return lm->vt->argmax (lm->self, i); }
static inline void draftd_lm_truncate (const DraftdLm *lm, guint n) { lm->vt->truncate (lm->self, n); }
static inline guint draftd_lm_n_past (const DraftdLm *lm) { return lm->vt->n_past (lm->self); }
static inline guint draftd_lm_n_ctx (const DraftdLm *lm) { return lm->vt->n_ctx (lm->self); }
static inline guint draftd_lm_n_vocab (const DraftdLm *lm) { return lm->vt->n_vocab (lm->self); }
static inline guint draftd_lm_n_batch (const DraftdLm *lm) { return lm->vt->n_batch (lm->self); }
/* 1 for a model without the seq_* calls. */
static inline guint draftd_lm_n_seq (const DraftdLm *lm) { return lm->vt->n_seq ? lm->vt->n_seq (lm->self) : 1; }

/* 0 for a model without proposal heads. */
static inline guint draftd_lm_n_heads (const DraftdLm *lm) { return lm->vt->n_heads ? lm->vt->n_heads (lm->self) : 0; }
static inline guint
draftd_lm_propose (const DraftdLm *lm, guint i, gint32 *out, guint k_max)
{
  return draftd_lm_n_heads (lm) ? lm->vt->propose (lm->self, i, out, k_max) : 0;
}

typedef struct DraftdRunner DraftdRunner;
/* Wraps a runner (not owned). */
DraftdLm draftd_lm_for_runner (DraftdRunner *runner);
