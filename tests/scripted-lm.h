/* A model whose greedy choice is scripted: after the prompt, the argmax at output position i
 * is script[i] (and EOS past the end), whatever tokens were fed. It pins the decoding
 * algorithms' pass counts independently of any real model's quality. */
#pragma once
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
void scripted_lm_clear (ScriptedLm *s);
DraftdLm scripted_lm (ScriptedLm *s);
