/* Blockwise parallel decoding's proposal heads (Stern, Shazeer, Uszkoreit 2018) on the host:
 * head i turns a position's final hidden state h (after output_norm, the output
 * projection's input) into a guess at the token i + 2 places on,
 * argmax (W_out (h + relu (W_i h))), with the model's own output projection W_out. The
 * target's verify pass checks every guess, so the heads change how many passes a text
 * takes, never the text.
 *
 * Why the host: a pass needs them at one position only, the last one the verification
 * accepted, which is known only after the pass; computing them then costs n_heads products
 * of W_out with one vector, where the device would have to run them for every position of
 * the pass. The price is a dequantized f32 copy of W_out and the heads in host memory
 * (n_vocab x n_embd x 4 bytes, plus n_heads x n_embd^2 x 4). */
#pragma once
#include "lib/model/model.h"

typedef struct DraftdHeads DraftdHeads;

/* The model's heads dequantized, or NULL when it has none (model->n_heads == 0). */
DraftdHeads *draftd_heads_new (const DraftdModel *model);
void draftd_heads_free (DraftdHeads *h);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdHeads, draftd_heads_free)
guint draftd_heads_n (const DraftdHeads *h);
/* Bytes the host copy takes. */
guint64 draftd_heads_bytes (const DraftdHeads *h);
/* Up to k_max guesses (the first k_max heads'), from hidden[n_embd]; returns how many. */
guint draftd_heads_propose (const DraftdHeads *h, const float *hidden, gint32 *out, guint k_max);
