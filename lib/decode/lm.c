#include "lib/decode/lm.h"
#include "lib/runtime/forward.h"

static gboolean
runner_forward (gpointer self, const gint32 *tokens, guint n, guint n_out, gboolean want_logits, GError **error)
{
  return draftd_runner_forward_tail (self, tokens, n, n_out, want_logits ? 0 : DRAFTD_FORWARD_ARGMAX_ONLY, error);
}

static const float *runner_logits (gpointer self, guint i) { return draftd_runner_logits (self, i); }
static gint32 runner_argmax (gpointer self, guint i) { return draftd_runner_argmax (self, i); }
static void runner_truncate (gpointer self, guint n) { draftd_runner_truncate (self, n); }
static guint runner_n_past (gpointer self) { return draftd_runner_n_past (self); }
static guint runner_n_ctx (gpointer self) { return draftd_runner_n_ctx (self); }
static guint runner_n_vocab (gpointer self) { return draftd_runner_model (self)->config.n_vocab; }
static guint runner_n_batch (gpointer self) { return draftd_runner_n_batch (self); }

static guint runner_n_seq (gpointer self) { return draftd_runner_n_seq (self); }
static guint runner_seq_n_past (gpointer self, guint seq) { return draftd_runner_seq_n_past (self, seq); }
static guint runner_seq_n_ctx (gpointer self, guint seq) { return draftd_runner_seq_n_ctx (self, seq); }
static const gint32 *runner_seq_tokens (gpointer self, guint seq) { return draftd_runner_seq_tokens (self, seq); }
static void runner_seq_truncate (gpointer self, guint seq, guint n) { draftd_runner_seq_truncate (self, seq, n); }

static gboolean
runner_forward_batch (gpointer self, const DraftdBatch *batch, gboolean want_logits, GError **error)
{
  return draftd_runner_forward_batch (self, batch, want_logits ? 0 : DRAFTD_FORWARD_ARGMAX_ONLY, error);
}

static gboolean
runner_seq_copy (gpointer self, guint src, guint dst, guint n, GError **error)
{
  return draftd_runner_seq_copy (self, src, dst, n, error);
}

static gboolean
runner_seq_share (gpointer self, guint src, guint dst, const gint32 *tokens, guint n, GError **error)
{
  return draftd_runner_seq_share (self, src, dst, tokens, n, error);
}

static guint runner_n_heads (gpointer self) { return draftd_runner_n_heads (self); }

static guint
runner_propose (gpointer self, guint i, gint32 *out, guint k_max)
{
  return draftd_runner_propose (self, i, out, k_max);
}

static const DraftdLmVTable runner_vtable = {
  runner_forward,    runner_logits,     runner_argmax,     runner_truncate,     runner_n_past,
  runner_n_ctx,      runner_n_vocab,    runner_n_batch,    runner_n_seq,        runner_forward_batch,
  runner_seq_n_past, runner_seq_n_ctx,  runner_seq_tokens, runner_seq_truncate, runner_seq_copy,
  runner_n_heads,    runner_propose,    runner_seq_share,
};

DraftdLm
draftd_lm_for_runner (DraftdRunner *runner)
{
  return (DraftdLm) { &runner_vtable, runner };
}
