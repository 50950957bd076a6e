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

static void
try_add_pair (const DraftdTokenizer *tok, GArray *syms, MergeQueue *q, int left, int right)
{
  if (left < 0 || right < 0)
    return;
  MergeSymbol *l = &g_array_index (syms, MergeSymbol, left);
  MergeSymbol *r = &g_array_index (syms, MergeSymbol, right);
  /* Symbols are adjacent in memory: the pair's text is one contiguous span. */
  gint32 id = lookup (tok, l->text, l->n + r->n);
  if (id < 0)
    return;
  MergeCandidate c = { left, right, tok->scores[id], l->n + r->n };
  merge_queue_push (q, c);
}

void
draftd_spm_encode (const DraftdTokenizer *tok, const char *text, gsize len, GArray *out)
{
  g_autoptr (GArray) syms = merge_symbols_new (text, len);
  MergeQueue q;
  merge_queue_init (&q);
  for (guint i = 1; i < syms->len; i++)
    try_add_pair (tok, syms, &q, i - 1, i);
  MergeCandidate c;
  while (merge_queue_pop (&q, &c)) {
    MergeSymbol *l = &g_array_index (syms, MergeSymbol, c.left);
    MergeSymbol *r = &g_array_index (syms, MergeSymbol, c.right);
    if (l->n == 0 || r->n == 0 || l->n + r->n != c.size)
      continue;  /* stale: one side was merged into something else */
    l->n += r->n;
    r->n = 0;
    l->next = r->next;
    if (r->next >= 0)
      g_array_index (syms, MergeSymbol, r->next).prev = c.left;
    try_add_pair (tok, syms, &q, l->prev, c.left);
    try_add_pair (tok, syms, &q, c.left, l->next);
  }
  merge_queue_clear (&q);
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
