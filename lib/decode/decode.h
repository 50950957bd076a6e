/* Decoding loops: plain, speculative sampling with an assistant model, prompt lookup, and
 * input-guided aggressive decoding (IAD). All share one verify loop: a drafter proposes
 * tokens, the target scores pending token + drafts in ONE pass, the longest valid prefix is
 * kept (exactly greedy's choice, or Leviathan et al.'s accept/resample when sampling), and
 * both caches are rolled back to the accepted length. Output equals what the target alone
 * produces: token for token when greedy, in distribution when sampling. */
#pragma once
#include <gio/gio.h>
#include "lib/decode/lm.h"
#include "lib/runtime/sampler.h"

typedef enum {
  DRAFTD_DECODE_PLAIN,        /* one target pass per token */
  DRAFTD_DECODE_SPECULATIVE,  /* drafts from the assistant model */
  DRAFTD_DECODE_LOOKUP,       /* drafts from n-gram matches in the context (no assistant) */
  DRAFTD_DECODE_IAD,          /* drafts copied from a source text (rewrite/correction) */
  DRAFTD_DECODE_BLOCKWISE,    /* drafts from the target's own proposal heads (Stern et al.
                               * 2018): the pass that verifies a block proposes the next */
} DraftdDecodeMode;

typedef enum {
  DRAFTD_DRAFT_CONFIDENCE,    /* stop drafting when the assistant's top probability < draft_p_min */
  DRAFTD_DRAFT_SCHEDULE,      /* classic: start at 5, +2 when all accepted, -1 otherwise */
} DraftdDraftLength;

typedef struct {
  DraftdDecodeMode mode;
  DraftdSamplerParams sampling;
  guint max_tokens;
  guint draft_max;            /* most drafts per target pass (default 16) */
  guint first_block;          /* IAD: most source tokens drafted in the prompt's pass (default
                               * DRAFTD_IAD_FIRST_BLOCK; never fewer than draft_max) */
  float draft_p_min;          /* confidence cut-off (default 0.4) */
  DraftdDraftLength draft_length;
  guint ngram;                /* n for IAD re-alignment and prompt lookup (default 2) */
  const gint32 *source;       /* IAD: the tokens to copy (source text as it would be output) */
  guint n_source;
  const gint32 *end_tokens;   /* IAD: drafted after the source (the format's end-of-output marker) */
  guint n_end_tokens;
  /* The keep policy of greedy decoding with a source (IAD, and PLAIN given the same source as
   * its one-token-at-a-time reference): the source token the output is aligned with stays
   * unless the target's best token beats it by more than keep_bias in log-probability
   * (GECToR's confidence bias); a forced source token always stays. With keep_bias 0 and
   * no forced token this is plain greedy. IAD's output equals PLAIN's under the same policy. */
  float keep_bias;
  const guint8 *forced;       /* [n_source] non-zero: copied verbatim where aligned, or NULL */
  gboolean (*is_eog) (gint32 token, gpointer user);  /* end of generation */
  gpointer is_eog_data;
  /* IAD: where the output has left the source (after an edit, until it re-aligns), draft
   * the target's proposal heads' guesses instead of nothing (default TRUE; only a target
   * with heads has any). */
  gboolean iad_heads;
  /* Called with newly final tokens, in order; return FALSE to stop there (e.g. at a stop
   * string): not an error. Cancellation is the cancellable's job. */
  gboolean (*on_tokens) (const gint32 *tokens, guint n, gpointer user);
  gpointer on_tokens_data;
  GCancellable *cancellable;  /* checked between iterations */
} DraftdDecodeParams;

typedef struct {
  guint prompt_tokens;
  guint generated;            /* output tokens (the end marker excluded) */
  guint target_passes;        /* passes that produced output tokens */
  guint prompt_passes;        /* passes over the prompt alone (0 when IAD verifies its
                               * first block in the prompt's pass) */
  guint assistant_passes;
  guint drafted;
  guint accepted;
  guint kept;                 /* tokens the keep policy chose over the target's argmax */
  guint head_drafted;         /* drafts that came from the proposal heads (of `drafted`) */
  guint head_accepted;        /* and of those, accepted (of `accepted`) */
  double prompt_ms;
  double decode_ms;
  gboolean stopped_eog;       /* stopped at an end-of-generation token */
  gboolean stopped_early;     /* on_tokens asked to stop */
  gboolean cancelled;
} DraftdDecodeStats;

void draftd_decode_params_init (DraftdDecodeParams *p);

/* Generates a continuation of `prompt` (n_prompt >= 1) into `out` (GArray of gint32).
 * Both models' caches must be empty or hold a prefix of the prompt (it is reused). On
 * return each cache holds a prefix of prompt + out (see draftd_cache_*).
 * `assistant` is needed for SPECULATIVE only; it must share the target's vocabulary.
 * On cancellation returns FALSE with G_IO_ERROR_CANCELLED; the caches stay consistent. */
gboolean draftd_decode (const DraftdLm *target, const DraftdLm *assistant, const gint32 *prompt, guint n_prompt,
                        const DraftdDecodeParams *params, GArray *out, DraftdDecodeStats *stats, GError **error);

const char *draftd_decode_mode_name (DraftdDecodeMode mode);
gboolean draftd_decode_mode_from_name (const char *name, DraftdDecodeMode *mode);

/* Picks the draft/verification block for this model on this device: times passes of
 * T = 1, 2, 4 .. max + 1 tokens (at the end of the cache, then rolled back). A pass of T
 * tokens verifies T - 1 drafts after the pending token and yields (1 - a^T) / (1 - a)
 * tokens for a per-token acceptance a; the T with the most per unit of time gives the
 * block, T - 1 drafts (at least 1). Passes of a power of two tokens fill the matmul's
 * token tiles. On a GPU a 32-token pass costs barely more than one; on a CPU device cost
 * grows with T and the block stays small. */
guint draftd_decode_pick_block (const DraftdLm *lm, double acceptance, guint max, GError **error);
/* Share of IAD's copied source tokens that the target accepts on corrections, measured on
 * held-out sentences with the default models (draftd-bench --suite correct, block 4: 86%). */
#define DRAFTD_IAD_ACCEPTANCE 0.86
/* IAD's block is never below this: its first pass also carries the whole prompt (tens of
 * tokens), so a longer block costs that pass little, and a clean sentence then finishes
 * in one pass. 7 drafts and the pending token make a pass of 8, one matmul tile; on
 * lavapipe, with the default models, blocks 7 and 8 measured 1.14x and 1.11x of plain
 * greedy in wall-clock (0.286 and 0.272 target passes per output token), as a 9-token pass
 * costs about 1.4x an 8-token one there. */
#define DRAFTD_IAD_MIN_BLOCK 7
/* IAD's first pass carries the prompt, which holds the source itself (tens of tokens), so
 * drafting the source there too costs that pass only its marginal tokens, where every later
 * block pays a pass's fixed cost: the first pass drafts as much of the source as fits in
 * the model's batch beside the prompt, up to this many tokens. On lavapipe, 200 JFLEG test
 * sentences with the default models (draftd-bench --suite correct, three alternating runs):
 * target passes per output token 0.195 -> 0.137, IAD against plain greedy 2.41-2.47x ->
 * 2.68-2.75x. On a GPU, where a pass of any T this small costs about the same, every pass
 * saved is time saved. */
#define DRAFTD_IAD_FIRST_BLOCK 64
/* The IAD block for this model on this device (between DRAFTD_IAD_MIN_BLOCK and 32). */
guint draftd_decode_pick_iad_block (const DraftdLm *lm, GError **error);

/* Tracking what a model's cache holds, so a new prompt reuses the longest common prefix
 * (chat history, the shared instruction of grammar prompts). `cached` is a GArray of gint32. */
void draftd_cache_reuse (const DraftdLm *lm, GArray *cached, const gint32 *prompt, guint n_prompt);
void draftd_cache_update (const DraftdLm *lm, GArray *cached, const gint32 *prompt, guint n_prompt, const GArray *out);
