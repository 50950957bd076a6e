/* SentencePiece-style BPE: repeatedly merge the adjacent pair whose concatenation is the
 * highest-scoring vocabulary token; characters that never form a token fall back to
 * <0xXX> byte tokens. */
#include "lib/tokenizer/tokenizer-private.h"
#include <string.h>

static gint32
lookup (const DraftdTokenizer *tok, const char *text, gsize n)
{
  char buf[256];
  if (n >= sizeof buf)
    return -1;
  memcpy (buf, text, n);
  buf[n] = 0;
  return draftd_tokenizer_find (tok, buf);
}

/* A pair merges when its text, one contiguous span, is a token; the token's score ranks it. */
static gboolean
score_pair (const DraftdTokenizer *tok, const MergeSymbol *l, const MergeSymbol *r, double *priority)
{
  gint32 id = lookup (tok, l->text, l->n + r->n);
  if (id < 0)
    return FALSE;
  *priority = tok->scores[id];
  return TRUE;
}

void
draftd_spm_encode (const DraftdTokenizer *tok, const char *text, gsize len, GArray *out)
{
  g_autoptr (GArray) syms = draftd_merge_word (tok, text, len, score_pair);
  for (int i = syms->len ? 0 : -1; i >= 0; i = g_array_index (syms, MergeSymbol, i).next) {
    MergeSymbol *s = &g_array_index (syms, MergeSymbol, i);
    gint32 id = lookup (tok, s->text, s->n);
    if (id >= 0) {
      g_array_append_val (out, id);
      continue;
    }
    for (gsize j = 0; j < s->n; j++) {
      gint32 b = tok->byte_tokens[(guchar) s->text[j]];
      if (b < 0)
        b = tok->unk;
      if (b >= 0)
        g_array_append_val (out, b);
    }
  }
}
