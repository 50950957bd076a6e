/* What the rule families (families-en.c, families-intl.c) tell the rest of grammar/ about the
 * edits they make: their rule ids and messages. Declared apart from candidates.h, whose
 * functions candidates.c defines, so the families need nothing above them. */
#pragma once
#include <glib.h>

/* The rule id of an edit one of grammar/families-en.c's families makes ("verb-form.modal-of",
 * "agreement.uncountable", "word-choice.pronoun-case", ...), from its kind, the word before it
 * and the words it replaces, lower case with '_' for spaces as edits.c writes them; NULL when
 * none made it. */
char *draftd_candidates_family_rule (const char *kind, const char *before, const char *was, const char *now);
/* The id of a rule of grammar/families-intl.c ("de.das-dass") whose pair of words an edit from
 * `was` to `now` exchanges (lower case, '_' for spaces, as edits.c writes them), else NULL. */
const char *draftd_candidates_intl_rule (const char *was, const char *now);
/* "was → now: " and the rule's description in draftd_rules(), with its kind there, for an
 * edit of one of those rules; NULL for any other rule. */
char *draftd_candidates_intl_message (const char *rule, const char *was, const char *now, const char **kind);
