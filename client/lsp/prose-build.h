/* The paragraph builder the per-format extractors share (prose.c, prose-markdown.c,
 * prose-latex.c, prose-code.c): document bytes in, paragraphs with piece tables out. */
#pragma once
#include "client/lsp/prose.h"

/* Paragraphs above this are cut at the next line end, or inside a line at the next sentence
 * end: the daemon corrects sentence by sentence, and a shorter text is a shorter job to
 * cancel when the user types on. */
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
/* Document bytes [off, off + len) are prose: appended to the open paragraph. */
void draftd_lsp_prose_emit (DraftdLspProseBuilder *b, gsize off, gsize len);
/* Markup at [off, off + len) that reads as a word (math, a citation, inline code): stand_in
 * goes into the paragraph in its place. */
void draftd_lsp_prose_stand_in (DraftdLspProseBuilder *b, gsize off, gsize len, const char *stand_in);
/* Ends the open paragraph (kept if it has a letter). */
void draftd_lsp_prose_flush (DraftdLspProseBuilder *b);
/* Ends the open paragraph if it has grown past MAX_PARAGRAPH. */
void draftd_lsp_prose_cut_long (DraftdLspProseBuilder *b);
/* Where the line that `at` is on ends: its newline, or the document's end. */
gsize draftd_lsp_prose_line_end (DraftdLspProseBuilder *b, gsize at);
/* Document bytes [s, e) are all white space. */
gboolean draftd_lsp_prose_blank (DraftdLspProseBuilder *b, gsize s, gsize e);

void draftd_lsp_prose_plain (DraftdLspProseBuilder *b);
void draftd_lsp_prose_gitcommit (DraftdLspProseBuilder *b);
void draftd_lsp_prose_markdown (DraftdLspProseBuilder *b);
void draftd_lsp_prose_latex (DraftdLspProseBuilder *b);
/* NULL for a language whose syntax is not known. */
const DraftdLspCodeSyntax *draftd_lsp_code_syntax (const char *language);
void draftd_lsp_prose_code (DraftdLspProseBuilder *b, const DraftdLspCodeSyntax *syn, const DraftdLspProseOptions *o);
