#include "client/lsp/gap.h"
#include <string.h>

void
draftd_lsp_gap_init (DraftdLspGap *g, const char *text, gsize len)
{
  g->cap = len + 64;
  g->buf = g_malloc (g->cap);
  memcpy (g->buf, text, len);
  g->gs = len;
  g->ge = g->cap;
  g->pre = g_array_new (FALSE, FALSE, sizeof (gsize));
  g->post = g_array_new (FALSE, FALSE, sizeof (gsize));
  gsize zero = 0;
  g_array_append_val (g->pre, zero);
  for (gsize i = 0; i < len; i++)
    if (text[i] == '\n') {
      gsize at = i + 1;
      g_array_append_val (g->pre, at);
    }
}

void
draftd_lsp_gap_clear (DraftdLspGap *g)
{
  g_clear_pointer (&g->buf, g_free);
  g_clear_pointer (&g->pre, g_array_unref);
  g_clear_pointer (&g->post, g_array_unref);
}

gsize
draftd_lsp_gap_length (const DraftdLspGap *g)
{
  return g->cap - (g->ge - g->gs);
}

guint
draftd_lsp_gap_lines (const DraftdLspGap *g)
{
  return g->pre->len + g->post->len;
}

gsize
draftd_lsp_gap_line_start (const DraftdLspGap *g, guint line)
{
  if (line < g->pre->len)
    return g_array_index (g->pre, gsize, line);
  guint k = line - g->pre->len;
  return draftd_lsp_gap_length (g) - g_array_index (g->post, gsize, g->post->len - 1 - k);
}

char
draftd_lsp_gap_byte (const DraftdLspGap *g, gsize at)
{
  return at < g->gs ? g->buf[at] : g->buf[at + (g->ge - g->gs)];
}

/* Moves the gap to `at`, carrying the line starts it passes from one side to the other. */
static void
move_gap (DraftdLspGap *g, gsize at)
{
  gsize len = draftd_lsp_gap_length (g);
  if (at < g->gs) {
    gsize n = g->gs - at;
    memmove (g->buf + g->ge - n, g->buf + at, n);
    g->gs = at;
    g->ge -= n;
    while (g->pre->len > 1 && g_array_index (g->pre, gsize, g->pre->len - 1) > at) {
      gsize from_end = len - g_array_index (g->pre, gsize, g->pre->len - 1);
      g_array_append_val (g->post, from_end);
      g_array_set_size (g->pre, g->pre->len - 1);
    }
  } else if (at > g->gs) {
    gsize n = at - g->gs;
    memmove (g->buf + g->gs, g->buf + g->ge, n);
    g->gs = at;
    g->ge += n;
    while (g->post->len > 0 && len - g_array_index (g->post, gsize, g->post->len - 1) <= at) {
      gsize start = len - g_array_index (g->post, gsize, g->post->len - 1);
      g_array_append_val (g->pre, start);
      g_array_set_size (g->post, g->post->len - 1);
    }
  }
}

/* Room for `need` more bytes in the gap: the buffer doubles, so growth is amortised linear. */
static void
reserve (DraftdLspGap *g, gsize need)
{
  if (g->ge - g->gs >= need)
    return;
  gsize tail = g->cap - g->ge, cap = MAX (g->cap * 2, g->cap + need + 64);
  char *buf = g_malloc (cap);
  memcpy (buf, g->buf, g->gs);
  memcpy (buf + cap - tail, g->buf + g->ge, tail);
  g_free (g->buf);
  g->buf = buf;
  g->ge = cap - tail;
  g->cap = cap;
}

void
draftd_lsp_gap_replace (DraftdLspGap *g, gsize start, gsize end, const char *text, gsize len)
{
  move_gap (g, start);
  gsize total = draftd_lsp_gap_length (g);
  /* The deleted bytes' newlines end lines: those that started in (start, end] go. */
  while (g->post->len > 0 && total - g_array_index (g->post, gsize, g->post->len - 1) <= end)
    g_array_set_size (g->post, g->post->len - 1);
  g->ge += end - start;
  reserve (g, len);
  for (gsize i = 0; i < len; i++)
    if (text[i] == '\n') {
      gsize at = g->gs + i + 1;
      g_array_append_val (g->pre, at);
    }
  memcpy (g->buf + g->gs, text, len);
  g->gs += len;
}

char *
draftd_lsp_gap_steal (DraftdLspGap *g, gsize *len)
{
  gsize n = draftd_lsp_gap_length (g);
  move_gap (g, n);
  reserve (g, 1);
  char *out = g->buf;
  out[n] = 0;
  *len = n;
  g->buf = NULL;
  return out;
}
