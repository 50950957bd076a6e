/* A model resident on a Vulkan device: its weights (lib/runtime/device-model.h, only read)
 * and its run state: a KV cache of one or more sequences (lib/runtime/kv-cache.h) and the
 * activations of a pass. forward(tokens[T]) processes T tokens at the current cache length
 * in one command buffer (one submit) and returns logits and argmax for the last token or
 * for all T; forward_batch() does the same for tokens of several sequences in one pass.
 * A token's logits do not depend on how many tokens shared its pass, nor on which other
 * sequences did: every kernel computes each token's values with the same sequence of
 * operations whatever T is and whatever its neighbours are (bit-exact). The single-sequence
 * calls work on sequence 0. */
#pragma once
#include "lib/model/model.h"
#include "lib/runtime/batch.h"
#include "lib/vk/vk-kernels.h"

/* The RMS norms before the QKV and gate/up matmuls: inside those matmuls, which norm the
 * residual stream as they read it (no dispatch of its own, no trip through memory), or a
 * dispatch before them. The two round differently (by ulps); a runner keeps one. AUTO:
 * DRAFTD_NORM=fused|apart, else fused on a GPU and apart on a CPU device, where the fused
 * form's extra arithmetic in wide passes costs more than the dispatches it saves. */
typedef enum {
  DRAFTD_NORM_AUTO,
  DRAFTD_NORM_FUSED,
  DRAFTD_NORM_APART,
} DraftdNormPlace;

typedef struct {
  guint n_ctx;      /* sequence 0's capacity; 0: the model's context length, capped at 4096 */
  guint n_batch;    /* most tokens per pass; 0: 64 (fewer if the device's limits require) */
  gboolean profile; /* timestamp every kernel (see draftd_runner_profile) */
  guint n_seq;      /* sequences the cache holds; 0: 1 */
  guint n_seq_full; /* the first this many sequences hold n_ctx each (0: 1) */
  guint seq_ctx;    /* capacity of each sequence after those (their KV is allocated up
                     * front: n_seq - n_seq_full times this); 0: n_ctx */
  DraftdNormPlace norm; /* where the norms before QKV and gate/up run */
  gboolean hidden;  /* hand back the outputs' final hidden states (draftd_runner_hidden) even
                     * without proposal heads, which always get them: to train heads */
} DraftdRunnerOptions;

typedef enum {
  DRAFTD_FORWARD_LAST = 0,        /* outputs for the last token only */
  DRAFTD_FORWARD_ALL = 1 << 0,    /* outputs for every token of the pass */
  DRAFTD_FORWARD_ARGMAX_ONLY = 1 << 1, /* do not copy logits back, just the argmax */
} DraftdForwardFlags;

typedef struct DraftdRunner DraftdRunner;

DraftdRunner *draftd_runner_new (DraftdVk *vk, const DraftdModel *model, const DraftdRunnerOptions *options,
                                 GError **error);
/* Another run state (its own caches and activations, sized by `options`) over the weights
 * `other` already has on the device: nothing is uploaded again. */
DraftdRunner *draftd_runner_new_sharing (DraftdRunner *other, const DraftdRunnerOptions *options, GError **error);
void draftd_runner_free (DraftdRunner *r);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdRunner, draftd_runner_free)

/* Appends n tokens at positions n_past.. and advances n_past. Fails (changing nothing)
 * if the cache would overflow or a token id is out of range. */
gboolean draftd_runner_forward (DraftdRunner *r, const gint32 *tokens, guint n, DraftdForwardFlags flags,
                                GError **error);
/* The same with outputs for the last n_out tokens (1 <= n_out <= n; flags: ARGMAX_ONLY). */
gboolean draftd_runner_forward_tail (DraftdRunner *r, const gint32 *tokens, guint n, guint n_out, DraftdForwardFlags flags,
                                     GError **error);
/* Tokens of several sequences (lib/runtime/batch.h); outputs for the tokens that want them,
 * in batch order (flags: ARGMAX_ONLY). Fails (changing nothing) if a sequence would
 * overflow, or a sequence or token id is out of range. */
gboolean draftd_runner_forward_batch (DraftdRunner *r, const DraftdBatch *batch, DraftdForwardFlags flags,
                                      GError **error);
guint draftd_runner_n_outputs (const DraftdRunner *r);
/* The last pass's outputs handed over (argmax ids, and logits [n_out][n_vocab] where it kept
 * them): the runner fills new arrays from the next pass on, so these stay as they are for
 * whoever still reads them. */
void draftd_runner_take_outputs (DraftdRunner *r, GArray **logits, GArray **ids);
const float *draftd_runner_logits (const DraftdRunner *r, guint i);   /* [n_vocab] of output i */
gint32 draftd_runner_argmax (const DraftdRunner *r, guint i);
/* Blockwise proposal heads (lib/runtime/heads.h): how many the model has (0: none); the
 * final hidden state of output i of the last pass ([n_embd], after output_norm; a model with
 * heads, or options.hidden); and up to
 * k_max guesses at the tokens after output i's next token, from it (0 without heads). */
guint draftd_runner_n_heads (const DraftdRunner *r);
const float *draftd_runner_hidden (const DraftdRunner *r, guint i);
guint draftd_runner_propose (const DraftdRunner *r, guint i, gint32 *out, guint k_max);
/* The same from a hidden state kept elsewhere (n_embd floats: one handed over below). */
guint draftd_runner_propose_from (const DraftdRunner *r, const float *hidden, gint32 *out, guint k_max);
/* The last pass's hidden states handed over ([n_out][n_embd], empty without them), beside
 * draftd_runner_take_outputs and for the same reason. */
GArray *draftd_runner_take_hidden (DraftdRunner *r);
guint draftd_runner_n_past (const DraftdRunner *r);
guint draftd_runner_n_ctx (const DraftdRunner *r);
guint draftd_runner_n_batch (const DraftdRunner *r);
const DraftdModel *draftd_runner_model (const DraftdRunner *r);
/* Rolls the cache back to its first n positions (n <= n_past). */
void draftd_runner_truncate (DraftdRunner *r, guint n);

/* Sequences: 0 .. n_seq - 1, each with its own length, capacity and rollback.
 * Threads: passes come from one thread at a time; seq_n_past, seq_tokens, seq_truncate and
 * seq_copy touch their sequences' slots alone (and seq_copy a locked list), so another
 * thread may call them for sequences the pass under way does not hold (the engine's lanes:
 * a lane's thread owns its sequences, and they join a pass only while it waits parked). A
 * call for a sequence in the pass is refused with a warning. */
guint draftd_runner_n_seq (const DraftdRunner *r);
guint draftd_runner_seq_n_past (const DraftdRunner *r, guint seq);
guint draftd_runner_seq_n_ctx (const DraftdRunner *r, guint seq);
/* The ids the sequence holds ([seq_n_past]), e.g. to find a prefix already cached. */
const gint32 *draftd_runner_seq_tokens (const DraftdRunner *r, guint seq);
void draftd_runner_seq_truncate (DraftdRunner *r, guint seq, guint n);
/* Makes `dst` hold the first n positions of `src`: a prefix computed once serves several
 * sequences. Its ids change at once; its K and V are copied on the device at the start of the
 * next pass, in the order asked, so a copy costs no submission of its own and a lane no trip
 * through the engine loop (a site's alternatives are scored one pass after their prefix). */
gboolean draftd_runner_seq_copy (DraftdRunner *r, guint src, guint dst, guint n, GError **error);
/* Makes `dst` hold tokens[0..n), the first positions `src` holds and the ones it is about to
 * be given: what src holds of them is copied as seq_copy copies, the rest in the pass that
 * computes them in src, layer by layer, after that layer writes their keys and values and
 * before any token of the pass attends to them. So a prefix and the tokens that follow it
 * in other sequences run in one pass, each token's result the same bits as when the prefix
 * ran in a pass of its own and was copied. src's held ids must be the start of `tokens`;
 * src != dst. Rolling dst back below n, or src below n before the pass, drops the share. */
gboolean draftd_runner_seq_share (DraftdRunner *r, guint src, guint dst, const gint32 *tokens, guint n, GError **error);
/* Forward passes (submits) since creation. */
guint64 draftd_runner_passes (const DraftdRunner *r);
/* Dispatches the last pass recorded. */
guint draftd_runner_last_dispatches (const DraftdRunner *r);
/* Bytes of the matrices a one-token pass reads whole (every layer's and the output head's,
 * quants and scales as stored on the device; the embedding table only when it is the head). */
guint64 draftd_runner_weight_bytes (const DraftdRunner *r);
/* The same by weight form (DRAFTD_WTYPE_*, out has DRAFTD_N_WTYPES entries). */
void draftd_runner_weight_bytes_by_form (const DraftdRunner *r, guint64 *out);
/* With options.profile: per-kernel GPU time in ms summed since creation, as "name ms" lines. */
char *draftd_runner_profile (const DraftdRunner *r);
void draftd_runner_profile_reset (DraftdRunner *r);
