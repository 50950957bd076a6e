/* The paragraph builder: document bytes in, paragraphs with the piece table that maps each
 * paragraph byte back to the document out. */
#include "client/lsp/prose-build.h"
#include <string.h>

void
draftd_lsp_paragraph_free (gpointer p)
{
  DraftdLspParagraph *para = p;
  g_string_free (para->text, TRUE);
  g_array_unref (para->pieces);
  g_free (para);
}

static void
prose_add (DraftdLspProseBuilder *b, gsize doc_off, gsize len, const char *stand_in)
{
  if (len == 0)
    return;
  if (b->cur == NULL) {
    b->cur = g_new0 (DraftdLspParagraph, 1);
    b->cur->text = g_string_new (NULL);
    b->cur->pieces = g_array_new (FALSE, FALSE, sizeof (DraftdLspPiece));
  }
  GArray *pieces = b->cur->pieces;
  DraftdLspPiece *last = pieces->len ? &g_array_index (pieces, DraftdLspPiece, pieces->len - 1) : NULL;
  if (stand_in == NULL && last && !last->placeholder && last->doc_off + last->len == doc_off) {
    last->len += len;
  } else {
    DraftdLspPiece p = { b->cur->text->len, doc_off, stand_in ? strlen (stand_in) : len, stand_in != NULL };
    g_array_append_val (pieces, p);
  }
  if (stand_in)
    g_string_append (b->cur->text, stand_in);
  else
    g_string_append_len (b->cur->text, b->doc + doc_off, len);
}

void
draftd_lsp_prose_flush (DraftdLspProseBuilder *b)
{
  if (b->cur == NULL)
    return;
  gboolean has_word = FALSE;
  for (const char *p = b->cur->text->str; *p && !has_word; p = g_utf8_next_char (p))
    has_word = g_unichar_isalpha (g_utf8_get_char (p));
  if (has_word)
    g_ptr_array_add (b->out, b->cur);
  else
    draftd_lsp_paragraph_free (b->cur);
  b->cur = NULL;
}

/* The end of the first sentence in s[from, len): a '.', '!' or '?' (and any closing quotes
 * or brackets) before white space and a character that is no lower-case letter ("e.g. a"
 * goes on). 0 when there is none. */
static gsize
sentence_end (const char *s, gsize len, gsize from)
{
  for (gsize i = from; i < len; i++) {
    if (s[i] != '.' && s[i] != '!' && s[i] != '?')
      continue;
    gsize j = i + 1;
    while (j < len && strchr ("\"')]", s[j]) && s[j])
      j++;
    gsize k = j;
    while (k < len && g_ascii_isspace (s[k]))
      k++;
    if (k > j && k < len && !g_ascii_islower (s[k]))
      return j;
  }
  return 0;
}

/* Prose that would take the open paragraph past MAX_PARAGRAPH is cut at the first sentence
 * end past it: one check is one job of a bounded size (a 100 KB line was one Correct, its
 * diagnostics all at its end), and each piece is answered, cached and published on its own.
 * Prose without a sentence end stays whole. */
void
draftd_lsp_prose_emit (DraftdLspProseBuilder *b, gsize off, gsize len)
{
  for (;;) {
    gsize have = b->cur ? b->cur->text->len : 0;
    gsize cut = have + len > MAX_PARAGRAPH ? sentence_end (b->doc + off, len, have < MAX_PARAGRAPH ? MAX_PARAGRAPH - have : 0) : 0;
    if (cut == 0)
      break;
    prose_add (b, off, cut, NULL);
    draftd_lsp_prose_flush (b);
    while (cut < len && g_ascii_isspace (b->doc[off + cut]))
      cut++; /* the space between the two sentences belongs to neither */
    off += cut;
    len -= cut;
  }
  prose_add (b, off, len, NULL);
}

void
draftd_lsp_prose_stand_in (DraftdLspProseBuilder *b, gsize off, gsize len, const char *stand_in)
{
  prose_add (b, off, len, stand_in);
}

void
draftd_lsp_prose_cut_long (DraftdLspProseBuilder *b)
{
  if (b->cur && b->cur->text->len > MAX_PARAGRAPH)
    draftd_lsp_prose_flush (b);
}

gsize
draftd_lsp_prose_line_end (DraftdLspProseBuilder *b, gsize at)
{
  const char *nl = memchr (b->doc + at, '\n', b->len - at);
  return nl ? (gsize) (nl - b->doc) : b->len;
}

gboolean
draftd_lsp_prose_blank (DraftdLspProseBuilder *b, gsize s, gsize e)
{
  for (gsize i = s; i < e; i++)
    if (!g_ascii_isspace (b->doc[i]))
      return FALSE;
  return TRUE;
}
