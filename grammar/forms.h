/* English word forms: a noun's plural, a verb's family (base, -s, past, participle, -ing), an
 * adjective's base behind a comparative. Regular forms are made by the usual suffix rules and
 * kept only where the dictionary knows them; irregular ones come from WordNet's exception
 * lists (Debian's wordnet-base: /usr/share/wordnet/{noun,verb,adj}.exc, "went go"), and parts
 * of speech from its index files, read once per process. Without those files only regular forms are known. */
#pragma once
#include <glib.h>
/* Every lookup below takes NULL as no word (FALSE, NULL, an empty array, -1): rules pass the
 * word past a sentence's end or a comma as NULL. */
#include "grammar/spell.h"

/* The lemma of an inflected form ("went" -> "go", "children" -> "child", "better" ->
 * "good"), from the exception lists only; NULL when the form is not listed. `pos` is 'n',
 * 'v' or 'a'. */
const char *draftd_forms_irregular_lemma (const char *form, char pos);
/* Is `form` one of a verb's irregular forms other than its base, its -ing form and the
 * present's "am", "is", "are", "has", "does": a past or a participle ("said", "found", "led",
 * "taken")? */
gboolean draftd_forms_irregular_past (const char *form);
/* Does WordNet list `word` (a lemma, lower case) as a noun ('n'), verb ('v') or adjective
 * ('a')? FALSE for every word without WordNet's index files. */
gboolean draftd_forms_is (const char *word, char pos);
/* The plural of a noun, checked against the dictionary; NULL when none is known. */
char *draftd_forms_plural (DraftdSpell *spell, const char *noun);
/* The singular of a plural noun, checked; NULL when none is known. */
char *draftd_forms_singular (DraftdSpell *spell, const char *noun);
/* Every form of the verb whose form `word` is (base, third person, past, participle, -ing),
 * `word` excluded, each a dictionary word; empty when `word` does not look like a verb form. */
GPtrArray *draftd_forms_verb_family (DraftdSpell *spell, const char *word);
/* The base of a misspelt regular form of an irregular verb or noun ("buyed" -> "buy",
 * "childs" -> "child", "runned" -> "run"), and its irregular forms; NULL when it is none. */
GPtrArray *draftd_forms_overregularized (DraftdSpell *spell, const char *word);
/* WordNet's lexicographer file of the noun's most frequent sense (its first in index.noun):
 * DRAFTD_FORMS_PERSON for "doctor", "engineer", DRAFTD_FORMS_ARTIFACT for "lock",
 * DRAFTD_FORMS_SUBSTANCE for "paint", ...; -1 when WordNet does not list it as a noun or its
 * data files are missing. Looked up in the files mapped once per process, not loaded. */
enum {
  DRAFTD_FORMS_ACT = 4,
  DRAFTD_FORMS_ANIMAL = 5,
  DRAFTD_FORMS_ARTIFACT = 6,
  DRAFTD_FORMS_ATTRIBUTE = 7,
  DRAFTD_FORMS_BODY = 8,
  DRAFTD_FORMS_COGNITION = 9,
  DRAFTD_FORMS_COMMUNICATION = 10,
  DRAFTD_FORMS_FOOD = 13,
  DRAFTD_FORMS_GROUP = 14,
  DRAFTD_FORMS_LOCATION = 15,
  DRAFTD_FORMS_OBJECT = 17,
  DRAFTD_FORMS_PERSON = 18,
  DRAFTD_FORMS_PLANT = 20,
  DRAFTD_FORMS_POSSESSION = 21,
  DRAFTD_FORMS_STATE = 26,
  DRAFTD_FORMS_SUBSTANCE = 27,
};
int draftd_forms_noun_lexfile (const char *word);
/* Is any of the noun's senses in lexicographer file `lexfile` ("pharmacy": a science first, a
 * shop, DRAFTD_FORMS_ARTIFACT, second)? FALSE without WordNet's files. */
gboolean draftd_forms_noun_sense_in (const char *word, int lexfile);
/* Are most of the noun's senses in `lexfile` ("engineer": both people; "spirit": one of
 * eight)? FALSE without WordNet's files. */
gboolean draftd_forms_noun_mostly (const char *word, int lexfile);
