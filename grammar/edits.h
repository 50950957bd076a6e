/* Minimal edits between a text and its corrected version, as an editor applies them:
 * (offset, length, replacement, kind) over the ORIGINAL text, offsets and lengths counted
 * in code points, UTF-8 bytes or UTF-16 code units. Spans come from a word-level diff,
 * adjacent changes merged; applying the edits right to left turns the input into the
 * output exactly. */
#pragma once
#include <glib.h>
#include "lib/bus/draftd-bus-rules.h"

typedef enum { DRAFTD_GRAMMAR_UNIT_CODEPOINT, DRAFTD_GRAMMAR_UNIT_UTF8, DRAFTD_GRAMMAR_UNIT_UTF16 } DraftdGrammarOffsetUnit;

typedef struct {
  gsize start, end;   /* byte range in the original text */
  char *replacement;
  const char *kind;   /* spelling, capitalization, grammar (or what kind of grammar), punctuation, style, rewrite */
  char *message;      /* a short explanation where the edit has a recognisable kind
                       * ("agreement: go → goes", "spelling: teh → the"), or NULL */
  char *rule;         /* the stable rule id ("spelling", "confusable.were-where"), or NULL until
                       * draftd_grammar_edit_set_rule names it */
} DraftdGrammarEdit;

gboolean draftd_grammar_offset_unit_from_name (const char *name, DraftdGrammarOffsetUnit *unit);
/* Appends to `edits` (GArray of DraftdGrammarEdit, clear with draftd_grammar_edits_clear) the edits
 * turning old[old_start..old_end) into new_text; byte offsets are absolute in `old`. */
void draftd_grammar_diff (const char *old, gsize old_start, gsize old_end, const char *new_text, gsize new_len,
                   gboolean rewrite, GArray *edits);
/* One fix the answer made as a whole, new_text[at, at + len) (offsets in new_text, the
 * answer to old[old_start..]), as one edit: the diff of edits[first..] may have cut it into
 * pieces around words it kept ("Me and my cousin" -> "My cousin and I", "I'm not agree" ->
 * "I don't agree"), and an editor should offer the rule's fix as one diagnostic. Edits that
 * reach past the span are left as they are. */
void draftd_grammar_edits_join (const char *old, gsize old_start, const char *new_text, GArray *edits, guint first, gsize at,
                                gsize len);
void draftd_grammar_edit_clear (DraftdGrammarEdit *e);
/* The kind an edit of `kind` (a rule's, static) turning `was` into `now` is labelled with:
 * "capitalization" when only the case changes ("i" -> "I"), else `kind`. */
const char *draftd_grammar_edit_kind (const char *kind, const char *was, const char *now);
/* The stable rule id of an edit of `kind` turning `was` into `now` (docs/editors.md#rule-ids):
 * a dotted name whose prefixes name families ("confusable" covers "confusable.then-than"). */
char *draftd_grammar_rule_id (const char *kind, const char *before, const char *was, const char *now);
/* Names e->rule from its kind and text (old is the text its offsets point into), replacing
 * any earlier name. */
void draftd_grammar_edit_set_rule (const char *old, DraftdGrammarEdit *e);
/* Rule ids' syntax, bounds and matching (draftd_rule_id_valid, draftd_rule_disabled) are the
 * contract's: lib/bus/draftd-bus-rules.h, shared with the language server. */
GArray *draftd_grammar_edits_new (void);
/* Converts a byte offset in `text` to the unit's count of the prefix. */
guint32 draftd_grammar_offset_convert (const char *text, gsize byte_offset, DraftdGrammarOffsetUnit unit);
/* Where the last conversion of a text's offsets stopped: offsets asked in increasing order
 * (a document's edits, its stream's) count on from there, not from the text's start, which
 * made a long document's edits cost its length squared. Zero it to start. */
typedef struct {
  const char *text;
  DraftdGrammarOffsetUnit unit;
  gsize byte;
  guint32 units;
} DraftdOffsetCursor;
guint32 draftd_grammar_offset_at (DraftdOffsetCursor *c, const char *text, gsize byte_offset, DraftdGrammarOffsetUnit unit);
/* Applies edits given in `unit` (any order) to text; NULL if they do not fit it. */
char *draftd_grammar_apply_edits (const char *text, const guint32 *offsets, const guint32 *lengths,
                           const char *const *replacements, guint n, DraftdGrammarOffsetUnit unit);
/* Applies two GArrays of DraftdGrammarEdit (byte offsets into text; either may be NULL)
 * together, as one who takes a correction's edits and its suggestions does; NULL if they
 * overlap. */
char *draftd_grammar_apply_edit_lists (const char *text, const GArray *edits, const GArray *more);
/* Edits (insert, delete, substitute) between two byte strings, ASCII case ignored; 99 past 64 bytes. */
guint draftd_grammar_levenshtein (const char *a, gsize la, const char *b, gsize lb);
