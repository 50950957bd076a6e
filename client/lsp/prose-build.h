/* The paragraph builder the per-format extractors share (prose.c, prose-markdown.c,
 * prose-latex.c, prose-code.c): document bytes in, paragraphs with piece tables out. */
#pragma once
#include <string.h>
#include "client/lsp/prose.h"

/* Paragraphs above this are cut at the next line end: the daemon corrects sentence by
 * sentence, and a shorter text is a shorter job to cancel when the user types on. */
#define MAX_PARAGRAPH 2048

typedef struct {
  const char *doc;
  gsize len;
  GPtrArray *out;
  DraftdLspParagraph *cur;
  gsize flush_at;   /* LaTeX: the end of a heading's argument, where its paragraph ends */
} DraftdLspProseBuilder;

typedef struct {
  const char *line;           /* line comment marker */
  gboolean block;             /* C block comments */
  gboolean triple;            /* Python's triple-quoted strings (docstrings count as comments) */
  gboolean single_is_string;  /* '...' is a string, not a character */
} DraftdLspCodeSyntax;

void draftd_lsp_paragraph_free (gpointer p);
/* Appends document bytes [doc_off, doc_off + len) to the open paragraph, or stand_in for them. */
void draftd_lsp_prose_add (DraftdLspProseBuilder *b, gsize doc_off, gsize len, const char *stand_in);
/* Ends the open paragraph (kept if it has a letter). */
void draftd_lsp_prose_flush (DraftdLspProseBuilder *b);

void draftd_lsp_prose_plain (DraftdLspProseBuilder *b);
void draftd_lsp_prose_gitcommit (DraftdLspProseBuilder *b);
void draftd_lsp_prose_markdown (DraftdLspProseBuilder *b);
void draftd_lsp_prose_latex (DraftdLspProseBuilder *b);
/* NULL for a language whose syntax is not known. */
const DraftdLspCodeSyntax *draftd_lsp_code_syntax (const char *language);
void draftd_lsp_prose_code (DraftdLspProseBuilder *b, const DraftdLspCodeSyntax *syn, const DraftdLspProseOptions *o);

/* Document bytes [off, off + len) are prose. */
static inline void
emit (DraftdLspProseBuilder *b, gsize off, gsize len)
{
  draftd_lsp_prose_add (b, off, len, NULL);
}

/* Markup at [off, off + len) that reads as a word (math, a citation, inline code). */
static inline void
placeholder (DraftdLspProseBuilder *b, gsize off, gsize len, const char *stand_in)
{
  draftd_lsp_prose_add (b, off, len, stand_in);
}

static inline void
flush (DraftdLspProseBuilder *b)
{
  draftd_lsp_prose_flush (b);
}

static inline void
maybe_cut (DraftdLspProseBuilder *b)
{
  if (b->cur && b->cur->text->len > MAX_PARAGRAPH)
    flush (b);
}

static inline gsize
line_end (DraftdLspProseBuilder *b, gsize at)
{
  const char *nl = memchr (b->doc + at, '\n', b->len - at);
  return nl ? (gsize) (nl - b->doc) : b->len;
}

static inline gboolean
blank (DraftdLspProseBuilder *b, gsize s, gsize e)
{
  for (gsize i = s; i < e; i++)
    if (!g_ascii_isspace (b->doc[i]))
      return FALSE;
  return TRUE;
}
