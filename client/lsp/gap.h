/* A document's text while one didChange's edits are applied: a gap buffer that also keeps
 * its line starts, so that each edit costs what moving the gap to it costs (the distance
 * from the previous edit) plus its own size. Edits in document order, forwards or
 * backwards (as editors send a multi-cursor change or a fix-all), cost the text's length
 * once in all; positions are resolved against the text as the earlier edits left it, as the
 * protocol asks. */
#pragma once
#include <glib.h>

typedef struct {
  char *buf;
  gsize cap, gs, ge;     /* the gap is buf[gs, ge); the text is buf[0, gs) then buf[ge, cap) */
  GArray *pre;           /* gsize: starts of the lines that start at or before the gap, ascending */
  GArray *post;          /* gsize: distance from the text's end of each later line start, the
                          * line nearest the gap last */
} DraftdLspGap;

void draftd_lsp_gap_init (DraftdLspGap *g, const char *text, gsize len);
void draftd_lsp_gap_clear (DraftdLspGap *g);
gsize draftd_lsp_gap_length (const DraftdLspGap *g);
guint draftd_lsp_gap_lines (const DraftdLspGap *g);
/* The start of line `line` (< draftd_lsp_gap_lines). */
gsize draftd_lsp_gap_line_start (const DraftdLspGap *g, guint line);
/* The byte at `at` (< length). */
char draftd_lsp_gap_byte (const DraftdLspGap *g, gsize at);
/* Replaces [start, end) (on character boundaries) with `text`. */
void draftd_lsp_gap_replace (DraftdLspGap *g, gsize start, gsize end, const char *text, gsize len);
/* The text, as one string (the buffer is left empty). */
char *draftd_lsp_gap_steal (DraftdLspGap *g, gsize *len);
