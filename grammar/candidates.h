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
/* Whether the language's dictionary lists `word` with marks it was written without ("cestovani":
 * "cestování"; Latin letters only): a word of that language typed on a keyboard without them. */
gboolean draftd_candidates_known_but_marks (DraftdSpell *spell, const char *lang, const char *word);
