/* Last-line checks on a model's answer for one segment, whatever the model: an answer that
 * fails any of them is replaced by the source. They catch what decoding cannot forbid
 * outright: repetition loops, runaway or collapsed length, content words or whole clauses
 * dropped, and protected spans lost after the output left the source's alignment. */
#pragma once
#include <glib.h>
#include "grammar/segment.h"

typedef enum {
  DRAFTD_GRAMMAR_CHECK_OK,
  DRAFTD_GRAMMAR_CHECK_EMPTY,
  DRAFTD_GRAMMAR_CHECK_REPETITION,
  DRAFTD_GRAMMAR_CHECK_LENGTH,
  DRAFTD_GRAMMAR_CHECK_DELETION,
  DRAFTD_GRAMMAR_CHECK_PROTECTED,
} DraftdGrammarCheck;

/* `spans` are byte ranges in `source` that must appear in `answer` verbatim, in order. */
DraftdGrammarCheck draftd_grammar_check_answer (const char *source, const char *answer, const DraftdGrammarSpan *spans,
                                                guint n_spans, gboolean rewrite);
const char *draftd_grammar_check_name (DraftdGrammarCheck check);
