/* Splits editor text into pieces to correct or rewrite one at a time: sentences within
 * lines, never inside a URL, a number or an abbreviation ("Dr.", "e.g."). Code (fenced and
 * inline), URLs, list/heading markers and, on request, quoted text are kept apart and never
 * rewritten. Whitespace between pieces is not part of any piece, so it survives byte for byte. */
#pragma once
#include <glib.h>

typedef struct {
  gsize start, end;   /* byte range in the text */
  gboolean rewrite;   /* FALSE: protected, copied through unchanged */
} DraftdGrammarSegment;

typedef struct {
  gboolean protect_quotes;  /* leave "quoted" and “quoted” text alone */
  gsize max_bytes;          /* split longer sentences at clause/word boundaries (0: no limit) */
} DraftdGrammarSegmentOptions;

/* Returns GArray of DraftdGrammarSegment, in order; together with the whitespace between them
 * they cover the text exactly. `text` must be valid UTF-8. */
GArray *draftd_grammar_segment (const char *text, gsize len, const DraftdGrammarSegmentOptions *options);
