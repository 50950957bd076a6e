/* A model whose greedy choice is scripted: after the prompt, the argmax at output position i
 * is script[i] (and EOS past the end), whatever tokens were fed. It pins the decoding
 * algorithms' pass counts independently of any real model's quality. */
#pragma once
#include "lib/decode/decode.h"
#include "lib/decode/lm.h"

typedef struct {
  GArray *cache;        /* tokens processed */
  const gint32 *script;
  guint n_script;
  guint n_prompt;
  guint n_ctx, n_vocab;
  guint n_batch;        /* what it reports as one pass's most tokens (default n_ctx) */
  guint longest_call;   /* most tokens one forward() was given */
  gint32 eos;
  GArray *outputs;      /* argmax of each output of the last forward */
  float *logits;        /* one-hot-ish logits for the current output */
  guint passes;
  /* Proposal heads: n_heads guesses at the script after each output, every one wrong
   * (script + 1) where its position in the script is a multiple of head_miss (0: none). */
  guint n_heads, head_miss;
  GArray *out_at;       /* the prefix length of each output of the last forward */
} ScriptedLm;

void scripted_lm_init (ScriptedLm *s, const gint32 *script, guint n_script, guint n_prompt, guint n_ctx,
                       guint n_vocab, gint32 eos);

/* What the scripted decoding tests share: a vocabulary of SCRIPTED_VOCAB tokens whose one end
 * marker is SCRIPTED_EOS, every run prompted with the SCRIPTED_N_PROMPT tokens of
 * scripted_prompt. */
#define SCRIPTED_EOS 2
#define SCRIPTED_VOCAB 100
#define SCRIPTED_N_PROMPT 4
extern const gint32 scripted_prompt[SCRIPTED_N_PROMPT];
/* scripted_lm_init for that prompt, vocabulary and end marker. */
void scripted_lm_start (ScriptedLm *s, const gint32 *script, guint n_script, guint n_ctx);
/* Decoding parameters (draftd_decode_params_init's) in `mode` that end at SCRIPTED_EOS. */
void scripted_decode_params (DraftdDecodeParams *p, DraftdDecodeMode mode);
/* Whether `a` (NULL: a failed run) holds exactly the n tokens of b. */
gboolean scripted_equals (const GArray *a, const gint32 *b, guint n);
void scripted_lm_clear (ScriptedLm *s);
DraftdLm scripted_lm (ScriptedLm *s);
