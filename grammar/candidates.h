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
