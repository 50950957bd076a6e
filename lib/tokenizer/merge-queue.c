#include "lib/tokenizer/tokenizer-private.h"

/* Higher priority first; on ties the leftmost pair, as SentencePiece and llama.cpp do. */
static gboolean
before (const MergeCandidate *a, const MergeCandidate *b)
{
  return a->priority > b->priority || (a->priority == b->priority && a->left < b->left);
}

void
merge_queue_init (MergeQueue *q)
{
  q->items = g_array_new (FALSE, FALSE, sizeof (MergeCandidate));
}

void
merge_queue_clear (MergeQueue *q)
{
  g_clear_pointer (&q->items, g_array_unref);
}

void
merge_queue_push (MergeQueue *q, MergeCandidate c)
{
  g_array_append_val (q->items, c);
  MergeCandidate *a = (MergeCandidate *) q->items->data;
  guint i = q->items->len - 1;
  while (i > 0) {
    guint parent = (i - 1) / 2;
    if (!before (&a[i], &a[parent]))
      break;
    MergeCandidate t = a[i];
    a[i] = a[parent];
    a[parent] = t;
    i = parent;
  }
}

gboolean
merge_queue_pop (MergeQueue *q, MergeCandidate *out)
{
  if (q->items->len == 0)
    return FALSE;
  MergeCandidate *a = (MergeCandidate *) q->items->data;
  *out = a[0];
  a[0] = a[q->items->len - 1];
  g_array_set_size (q->items, q->items->len - 1);
  guint n = q->items->len, i = 0;
  for (;;) {
    guint l = 2 * i + 1, r = l + 1, best = i;
    if (l < n && before (&a[l], &a[best]))
      best = l;
    if (r < n && before (&a[r], &a[best]))
      best = r;
    if (best == i)
      break;
    MergeCandidate t = a[i];
    a[i] = a[best];
    a[best] = t;
    i = best;
  }
  return TRUE;
}

GArray *
merge_symbols_new (const char *text, gsize len)
{
  GArray *syms = g_array_new (FALSE, FALSE, sizeof (MergeSymbol));
  gsize off = 0;
  while (off < len) {
    gsize n = g_utf8_skip[(guchar) text[off]];
    n = MIN (n, len - off);
    MergeSymbol s = { text + off, n, (int) syms->len - 1, -1 };
    if (syms->len > 0)
      g_array_index (syms, MergeSymbol, syms->len - 1).next = syms->len;
    g_array_append_val (syms, s);
    off += n;
  }
  return syms;
}
