/* Candidate corrections of one sentence, from linguistic resources rather than the model:
 * Hunspell's suggestions for misspelt words, word forms (regular ones checked against the
 * dictionary, irregular ones from WordNet's exception lists: go/went/gone, child/children),
 * agreement and auxiliary variants, a/an, prepositions, confusables (their/there/they're,
 * its/it's, then/than, ...), double comparatives, contractions without their apostrophe,
 * sentence capitals and "i". Each place in the sentence (a site) gets alternatives with a
 * prior: how sure the rule is before the model has looked. grammar/rank.c lets the target
 * judge them in context. */
#pragma once
#include "grammar/candidate.h"

/* GArray of DraftdCandidate, sorted by site then prior (best first); clear with g_array_unref. */
GArray *draftd_candidates_find (const DraftdCandidateContext *c, const char *sentence);
/* The document dictionary, as Harper keeps one: the words of `text` its writer vouches for
 * by using them: a capitalised word within a sentence (a name, which is then a name at a
 * sentence's start too), and a word written twice or more in the same form (known unless a
 * dictionary word is one edit from it). Word -> which of the two; free with
 * g_hash_table_unref. */
GHashTable *draftd_candidates_document_words (const char *text);
/* Adds the workspace's words to a document dictionary: those of the first `.draftd/words.txt`
 * (one a line) in the folder of `path` (the document's file, absolute) or one above it, as the
 * user's own words are in $XDG_CONFIG_HOME/draftd/words.txt. Nothing when path is NULL. */
void draftd_candidates_workspace_words (GHashTable *document, const char *path);
/* A document that mixes dialects ("color" and "theatre"): the index of the dialect most of its
 * regional spellings follow, whose dictionary the rest are then held to; -1 when it keeps to
 * one (or none, or as many of each). English only. */
gint draftd_candidates_document_region (DraftdSpell *spell, const char *text);
/* "confusable.were-where" when a word-choice edit from `was` to `now` swaps two members of
 * a set of words writers confuse (their/there, its/it's, ...), else NULL; the pair is named
 * in alphabetical order ("their-there" whichever way), so one rule id covers both ways. */
char *draftd_candidates_confusable_rule (const char *was, const char *now);
/* Every confusable pair's rule id, as draftd_candidates_confusable_rule names it. */
GPtrArray *draftd_candidates_confusable_rules (void);
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
