/* Last-line checks on a model's answer for one segment, whatever the model: an answer that
 * fails any of them is replaced by the source. They catch what decoding cannot forbid
 * outright: repetition loops, runaway or collapsed length, content words or whole clauses
 * dropped, words respelt into non-words, and protected spans lost after the output left the source's alignment. */
#pragma once
#include <glib.h>
#include "grammar/edits.h"
#include "grammar/segment.h"

typedef enum {
  DRAFTD_GRAMMAR_CHECK_OK,
  DRAFTD_GRAMMAR_CHECK_EMPTY,
  DRAFTD_GRAMMAR_CHECK_REPETITION,
  DRAFTD_GRAMMAR_CHECK_LENGTH,
  DRAFTD_GRAMMAR_CHECK_DELETION,
  DRAFTD_GRAMMAR_CHECK_PROTECTED,
  DRAFTD_GRAMMAR_CHECK_UNKNOWN_WORD,
  DRAFTD_GRAMMAR_CHECK_MEANING,
} DraftdGrammarCheck;

/* `spans` are byte ranges in `source` that must appear in `answer` verbatim, in order. */
DraftdGrammarCheck draftd_grammar_check_answer (const char *source, const char *answer, const DraftdGrammarSpan *spans,
                                                guint n_spans, gboolean rewrite);
/* One edit of a correction (over `old`): it must not drop content words ("urban areas are" ->
 * "urban are") or phrases, replace several words by unrelated ones, add or remove a negation, and every word it brings in must be
 * one the model knows whole (is_word), not a respelling into another non-word. */
DraftdGrammarCheck draftd_grammar_check_edit (const char *old, const DraftdGrammarEdit *edit,
                                              gboolean (*is_word) (const char *word, gpointer user), gpointer user);
const char *draftd_grammar_check_name (DraftdGrammarCheck check);
/* Two words that are forms of one (a regular ending apart, or listed by WordNet: go/went). */
gboolean draftd_grammar_same_lemma (const char *a, const char *b);
/* A word that carries content: not an article, pronoun, auxiliary, preposition, ... */
gboolean draftd_grammar_content_word (const char *w);
