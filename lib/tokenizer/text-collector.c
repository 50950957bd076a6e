#include "lib/tokenizer/text-collector.h"
#include <string.h>

void
draftd_text_collector_init (DraftdTextCollector *c, const DraftdTokenizer *tok, const char *const *stops)
{
  draftd_detokenizer_init (&c->detok, tok, FALSE);
  c->text = g_string_new (NULL);
  c->stops = g_ptr_array_new_with_free_func (g_free);
  c->hold = 0;
  c->stopped = FALSE;
  for (guint i = 0; stops && stops[i]; i++) {
    if (*stops[i] == 0)
      continue;
    g_ptr_array_add (c->stops, g_strdup (stops[i]));
    c->hold = MAX (c->hold, strlen (stops[i]) - 1);
  }
}

void
draftd_text_collector_clear (DraftdTextCollector *c)
{
  draftd_detokenizer_clear (&c->detok);
  if (c->text)
    g_string_free (g_steal_pointer (&c->text), TRUE);
  g_clear_pointer (&c->stops, g_ptr_array_unref);
}

/* Cuts the text before the earliest stop string that ends after byte `from`. */
static void
cut_at_stop (DraftdTextCollector *c, gsize from)
{
  gsize start = from > c->hold ? from - c->hold : 0;
  const char *first = NULL;
  for (guint i = 0; i < c->stops->len; i++) {
    const char *hit = strstr (c->text->str + start, c->stops->pdata[i]);
    if (hit && (first == NULL || hit < first))
      first = hit;
  }
  if (first) {
    g_string_truncate (c->text, first - c->text->str);
    c->stopped = TRUE;
  }
}

gboolean
draftd_text_collector_push (DraftdTextCollector *c, const gint32 *tokens, guint n)
{
  if (c->stopped)
    return FALSE;
  gsize before = c->text->len;
  for (guint i = 0; i < n; i++)
    draftd_detokenizer_push (&c->detok, tokens[i], c->text);
  cut_at_stop (c, before);
  return !c->stopped;
}

gboolean
draftd_text_collector_on_tokens (const gint32 *tokens, guint n, gpointer user)
{
  return draftd_text_collector_push (user, tokens, n);
}

void
draftd_text_collector_finish (DraftdTextCollector *c)
{
  if (!c->stopped) {
    gsize before = c->text->len;
    draftd_detokenizer_flush (&c->detok, c->text);
    cut_at_stop (c, before);
  }
  c->hold = 0;
  c->stopped = TRUE;
}

gsize
draftd_text_collector_final_len (const DraftdTextCollector *c)
{
  if (c->stopped)
    return c->text->len;
  gsize n = c->text->len > c->hold ? c->text->len - c->hold : 0;
  /* Never inside a character. */
  while (n > 0 && (((guchar) c->text->str[n]) & 0xC0) == 0x80)
    n--;
  return n;
}
