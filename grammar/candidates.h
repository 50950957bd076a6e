/* Candidate corrections of one sentence, from linguistic resources rather than the model:
 * Hunspell's suggestions for misspelt words, word forms (regular ones checked against the
 * dictionary, irregular ones from WordNet's exception lists: go/went/gone, child/children),
 * agreement and auxiliary variants, a/an, prepositions, confusables (their/there/they're,
 * its/it's, then/than, ...), double comparatives, contractions without their apostrophe,
 * sentence capitals and "i". Each place in the sentence (a site) gets alternatives with a
 * prior: how sure the rule is before the model has looked. grammar/rank.c lets the target
 * judge them in context. */
#pragma once
#include <glib.h>
#include "grammar/segment.h"
#include "grammar/spell.h"

/* What a candidate corrects; also the edit's kind over D-Bus, --json and LSP. */
typedef enum {
  DRAFTD_FIX_SPELLING,
  DRAFTD_FIX_AGREEMENT,
  DRAFTD_FIX_VERB_FORM,
  DRAFTD_FIX_ARTICLE,
  DRAFTD_FIX_PREPOSITION,
  DRAFTD_FIX_WORD_CHOICE,
  DRAFTD_FIX_PUNCTUATION,
  DRAFTD_FIX_N_KINDS
} DraftdFixKind;

const char *draftd_fix_kind_name (DraftdFixKind kind);

/* A prior at or above this applies the candidate without asking the model. */
#define DRAFTD_CANDIDATE_CERTAIN 100.0f

typedef struct {
  gsize start, end;        /* bytes of the sentence the candidate replaces */
  char *replacement;
  DraftdFixKind kind;
  float prior;             /* nats in the candidate's favour before the model's judgement */
  guint site;              /* the alternatives of one place share a site */
} DraftdCandidate;

typedef struct {
  DraftdSpell *spell;
  const char *lang;                  /* the sentence's language (a dictionary's code) */
  gboolean sentence_start;           /* the sentence starts a sentence (capitalise it) */
  const DraftdGrammarSpan *spans;    /* protected byte ranges of the sentence */
  guint n_spans;
  gboolean spelling_only;            /* a language the model does not know: spelling alone */
  const float *margins;              /* [DRAFTD_FIX_N_KINDS]: NULL for draftd_candidates_margins */
} DraftdCandidateContext;

/* How much more likely (natural log) the target must find a sentence with a candidate of
 * each kind than the sentence as written before the candidate is taken, chosen on JFLEG dev
 * (tools/eval-jfleg.sh): the model is small, and a correction that is not one costs more
 * than a correction missed. For spelling it is the cost of each step down the dictionary's
 * list of suggestions: a misspelt word is wrong as it stands, so they compete with each other. */
extern const float draftd_candidates_margins[DRAFTD_FIX_N_KINDS];
/* Parses "kind=nats,..." (kinds by name, "verb-form" or "verb form") over a copy of the
 * defaults; FALSE on an unknown kind or a bad number. */
gboolean draftd_candidates_parse_margins (const char *spec, float margins[DRAFTD_FIX_N_KINDS], GError **error);

/* GArray of DraftdCandidate, sorted by site then prior (best first); clear with g_array_unref. */
GArray *draftd_candidates_find (const DraftdCandidateContext *c, const char *sentence);
