/* Plain text and git commit messages, and the entry points that pick an extractor by
 * languageId (the paragraph builder they share is prose-build.c). */
#include "client/lsp/prose-build.h"
#include <string.h>

/* ---- plain text and git commit messages ---- */

void
draftd_lsp_prose_plain (DraftdLspProseBuilder *b)
{
  for (gsize s = 0; s < b->len;) {
    gsize e = draftd_lsp_prose_line_end (b, s), next = MIN (e + 1, b->len);
    if (draftd_lsp_prose_blank (b, s, e))
      draftd_lsp_prose_flush (b);
    else
      draftd_lsp_prose_emit (b, s, next - s);
    draftd_lsp_prose_cut_long (b);
    s = next;
  }
}

/* A "Key-Name: value" trailer (Signed-off-by, Co-authored-by, Fixes, ...). */
static gboolean
is_trailer (const char *line, gsize n)
{
  gsize i = 0;
  while (i < n && (g_ascii_isalnum (line[i]) || line[i] == '-'))
    i++;
  return i > 0 && i + 1 < n && line[i] == ':' && line[i + 1] == ' ' && memchr (line, '-', i) != NULL;
}

void
draftd_lsp_prose_gitcommit (DraftdLspProseBuilder *b)
{
  gboolean subject = TRUE;
  for (gsize s = 0; s < b->len;) {
    gsize e = draftd_lsp_prose_line_end (b, s), next = MIN (e + 1, b->len);
    const char *line = b->doc + s;
    if (g_str_has_prefix (line, "# ------------------------ >8"))
      break;  /* git's scissors: the diff below is not the message */
    if (line[0] == '#' || draftd_lsp_prose_blank (b, s, e) || is_trailer (line, e - s) || g_str_has_prefix (line, "    ")) {
      draftd_lsp_prose_flush (b);
    } else {
      draftd_lsp_prose_emit (b, s, next - s);
      if (subject)
        draftd_lsp_prose_flush (b);  /* the subject line is a paragraph of its own */
      subject = FALSE;
    }
    draftd_lsp_prose_cut_long (b);
    s = next;
  }
}

/* ---- entry points ---- */

static gboolean
is_latex (const char *language)
{
  return g_str_equal (language, "latex") || g_str_equal (language, "tex") || g_str_equal (language, "plaintex") ||
         g_str_equal (language, "bibtex");
}

static gboolean
is_plain (const char *language)
{
  return g_str_equal (language, "plaintext") || g_str_equal (language, "text") || g_str_equal (language, "txt") ||
         g_str_equal (language, "mail") || g_str_equal (language, "");
}

gboolean
draftd_lsp_prose_supported (const char *language, const DraftdLspProseOptions *o)
{
  return is_plain (language) || g_str_equal (language, "markdown") || g_str_equal (language, "gitcommit") ||
         g_str_equal (language, "git-commit") || is_latex (language) ||
         ((o->comments || o->strings) && draftd_lsp_code_syntax (language) != NULL);
}

GPtrArray *
draftd_lsp_prose_extract (const char *text, gsize len, const char *language, const DraftdLspProseOptions *o)
{
  DraftdLspProseBuilder b = { text, len, g_ptr_array_new_with_free_func (draftd_lsp_paragraph_free), NULL, 0 };
  const DraftdLspCodeSyntax *syn;
  if (g_str_equal (language, "markdown"))
    draftd_lsp_prose_markdown (&b);
  else if (g_str_equal (language, "gitcommit") || g_str_equal (language, "git-commit"))
    draftd_lsp_prose_gitcommit (&b);
  else if (is_latex (language))
    draftd_lsp_prose_latex (&b);
  else if ((syn = draftd_lsp_code_syntax (language)) != NULL) {
    if (o->comments || o->strings)
      draftd_lsp_prose_code (&b, syn, o);
  } else if (is_plain (language))
    draftd_lsp_prose_plain (&b);
  draftd_lsp_prose_flush (&b);
  return b.out;
}

gboolean
draftd_lsp_paragraph_map (const DraftdLspParagraph *p, gsize start, gsize end, gsize *doc_start, gsize *doc_end)
{
  for (guint i = 0; i < p->pieces->len; i++) {
    const DraftdLspPiece *pc = &g_array_index (p->pieces, DraftdLspPiece, i);
    if (start < pc->text_off || start > pc->text_off + pc->len)
      continue;
    if (end > pc->text_off + pc->len || pc->placeholder) {
      /* An insertion at the very end of a piece may belong to the next one: try that. */
      if (start == end && start == pc->text_off + pc->len)
        continue;
      return FALSE;
    }
    *doc_start = pc->doc_off + (start - pc->text_off);
    *doc_end = pc->doc_off + (end - pc->text_off);
    return TRUE;
  }
  return FALSE;
}
