/* Splits editor text into sentences to correct or rewrite one at a time, never for a byte
 * limit: sentences within lines, never inside a URL, a number or an abbreviation ("Dr.",
 * "e.g."). Structure is kept apart and never rewritten: fenced and indented code, table rows,
 * HTML lines, list and heading markers. Inline spans the model must copy (inline code, URLs,
 * e-mail addresses, file paths, numbers with units, HTML tags, link targets and, on request,
 * quoted text) stay inside their sentence, for context, and are listed so that decoding can
 * force them. Whitespace between pieces is not part of any piece: it survives byte for byte. */
#pragma once
#include <glib.h>

typedef struct {
  gsize start, end;   /* byte range in the text */
} DraftdGrammarSpan;

typedef struct {
  gsize start, end;   /* byte range in the text */
  gboolean rewrite;   /* FALSE: protected, copied through unchanged */
  guint first_span;   /* its inline protected spans: spans[first_span .. first_span + n_spans) */
  guint n_spans;
} DraftdGrammarSegment;

typedef struct {
  gboolean protect_quotes;  /* leave "quoted" and “quoted” text alone */
} DraftdGrammarSegmentOptions;

/* Returns GArray of DraftdGrammarSegment, in order; together with the whitespace between them
 * they cover the text exactly. Appends the inline protected spans of rewritable segments to
 * `spans` (GArray of DraftdGrammarSpan; may be NULL). `text` must be valid UTF-8. */
GArray *draftd_grammar_segment (const char *text, gsize len, const DraftdGrammarSegmentOptions *options, GArray *spans);
/* Byte offsets in [start, end) where the sentence may be split into clauses (after ", ",
 * "; ", ": " and around dashes), outside protected spans; appended to `cuts` (GArray of gsize). */
void draftd_grammar_clause_cuts (const char *text, gsize start, gsize end, const DraftdGrammarSpan *spans, guint n_spans,
                                 GArray *cuts);
