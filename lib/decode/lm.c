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

static const DraftdLmVTable runner_vtable = {
  runner_forward, runner_logits, runner_argmax, runner_truncate, runner_n_past, runner_n_ctx, runner_n_vocab,
  runner_n_batch,
};

DraftdLm
draftd_lm_for_runner (DraftdRunner *runner)
{
  return (DraftdLm) { &runner_vtable, runner };
}
