/* The merge loop both BPE flavours share: a word starts as one symbol per character and the
 * adjacent pair with the best priority is merged until no pair merges. SentencePiece ranks a
 * pair by the score of the token it forms, byte-level BPE by its rank in the merges list. */
#include "lib/tokenizer/tokenizer-private.h"

typedef struct {
  int left, right;
  double priority;  /* larger pops first */
  gsize size;       /* byte length of the merged text, to detect stale entries */
} MergeCandidate;

/* A binary heap of MergeCandidate. */
typedef struct {
  GArray *items;
} MergeQueue;

/* Higher priority first; on ties the leftmost pair, as SentencePiece and llama.cpp do. */
static gboolean
before (const MergeCandidate *a, const MergeCandidate *b)
{
  return a->priority > b->priority || (a->priority == b->priority && a->left < b->left);
}

static void
merge_queue_init (MergeQueue *q)
{
  q->items = g_array_new (FALSE, FALSE, sizeof (MergeCandidate));
}

static void
merge_queue_clear (MergeQueue *q)
{
  g_clear_pointer (&q->items, g_array_unref);
}

static void
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

static gboolean
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

/* One symbol per UTF-8 character. */
static GArray *
symbols_new (const char *text, gsize len)
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

static void
try_add_pair (const DraftdTokenizer *tok, GArray *syms, MergeQueue *q, int left, int right, DraftdMergeScore score)
{
  if (left < 0 || right < 0)
    return;
  const MergeSymbol *l = &g_array_index (syms, MergeSymbol, left);
  const MergeSymbol *r = &g_array_index (syms, MergeSymbol, right);
  MergeCandidate c = { left, right, 0.0, l->n + r->n };
  if (score (tok, l, r, &c.priority))
    merge_queue_push (q, c);
}

GArray *
draftd_merge_word (const DraftdTokenizer *tok, const char *text, gsize len, DraftdMergeScore score)
{
  GArray *syms = symbols_new (text, len);
  MergeQueue q;
  merge_queue_init (&q);
  for (guint i = 1; i < syms->len; i++)
    try_add_pair (tok, syms, &q, i - 1, i, score);
  MergeCandidate c;
  while (merge_queue_pop (&q, &c)) {
    MergeSymbol *l = &g_array_index (syms, MergeSymbol, c.left);
    MergeSymbol *r = &g_array_index (syms, MergeSymbol, c.right);
    if (l->n == 0 || r->n == 0 || l->n + r->n != c.size || l->next != c.right)
      continue;  /* stale: one side was merged into something else */
    l->n += r->n;
    r->n = 0;
    l->next = r->next;
    if (r->next >= 0)
      g_array_index (syms, MergeSymbol, r->next).prev = c.left;
    try_add_pair (tok, syms, &q, l->prev, c.left, score);
    try_add_pair (tok, syms, &q, c.left, l->next, score);
  }
  merge_queue_clear (&q);
  return syms;
}
