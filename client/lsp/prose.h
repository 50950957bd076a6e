/* The prose in a document, as the paragraphs sent to Correct. Markup around it (Markdown
 * syntax, LaTeX commands and math, git's comment lines, the code around comments and
 * strings) is left out; a piece table maps each paragraph's text back to the document,
 * so an edit lands on the bytes it was made for, and an edit that would touch markup is
 * dropped rather than misplaced. */
#pragma once
#include <glib.h>

typedef struct {
  gsize text_off, doc_off, len;
  gboolean placeholder;   /* stands for markup (math, a reference, inline code): never edited */
} DraftdLspPiece;

typedef struct {
  GString *text;
  GArray *pieces;         /* DraftdLspPiece, in order */
} DraftdLspParagraph;

typedef struct {
  gboolean comments, strings;   /* check comments and string literals of source code */
} DraftdLspProseOptions;

/* The paragraphs of `text` for an LSP languageId (plaintext, markdown, gitcommit, latex/tex,
 * or a programming language when options ask for its comments or strings). Paragraphs
 * longer than a few KiB are cut at line ends, or at sentence ends within a line. GPtrArray
 * of DraftdLspParagraph. */
GPtrArray *draftd_lsp_prose_extract (const char *text, gsize len, const char *language, const DraftdLspProseOptions *o);

/* Maps [start, end) of a paragraph's text to document bytes; FALSE when the span crosses
 * markup or touches a placeholder. */
gboolean draftd_lsp_paragraph_map (const DraftdLspParagraph *p, gsize start, gsize end, gsize *doc_start, gsize *doc_end);

/* Whether the language is one draftd checks at all under these options. */
gboolean draftd_lsp_prose_supported (const char *language, const DraftdLspProseOptions *o);
