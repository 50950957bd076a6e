/* Shared by the candidate finder (candidates.c) and its language rules (candidates-en.c). */
#pragma once
#include "grammar/candidate.h"

/* A word of the sentence and what may be done with it. */
typedef struct {
  gsize start, end;
  char *text;       /* as written */
  char *lower;
  gboolean fixed;   /* must stay as it is: protected, a name, an identifier, a foreign spelling */
  gboolean compound; /* part of a hyphenated compound ("tractor-trailers"): spelt, never inflected */
} Word;

/* Where a word rule looks (candidates-en.c, families-en.c, families-intl.c): the sentence
 * `s` and its `n` words, the word at hand (words[i]), and where its candidates go (`out`, under
 * site number `site`). */
typedef struct {
  const DraftdCandidateContext *c;
  const char *s;
  const Word *words;
  guint n, i;
  GArray *out;
  guint site;
} RuleSite;

/* Is there a verb in the clause from words[k] on, up to a clause's word or the sentence's end:
 * an auxiliary, or a form in -s or -ed that is a verb's and no noun's? (candidates-en.c, for
 * families-en.c too) */
gboolean draftd_candidates_verb_after (const RuleSite *site, guint k);
/* Only spaces between words[a] and words[a + 1]? */
gboolean draftd_candidates_joined (const RuleSite *site, guint a);
/* Does the sentence open on a past clause ("When we arrived at the hotel,") whose comma ends
 * right before words[s]? */
gboolean draftd_candidates_past_clause_before (const RuleSite *site, guint s);
/* The index of the first word after the finished time a sentence opens on ("Yesterday",
 * "Yesterday morning", "Last week", "... ago" among its first four words), or 0 for none. */
guint draftd_candidates_finished_opening (const RuleSite *site);
/* Is `lower` a form of a verb, besides whatever else it is ("lives", "works"; not "methods")? */
gboolean draftd_candidates_verb_form (const RuleSite *site, const char *lower);
char *draftd_candidates_verb_base (DraftdSpell *spell, const char *word);
gboolean draftd_candidates_possessive_subject (const RuleSite *site, guint i);
/* The words that open a clause, and the auxiliaries with their negations (" is are ... "). */
extern const char *const draftd_candidates_clause_words;
/* The spans a "last" before them makes a finished time ("last week", "last Saturday"). */
extern const char *const draftd_candidates_last_times;
extern const char *const draftd_candidates_verb_auxiliaries;
/* Is `word` one of the words of `list`, each between spaces (" a b c ")? FALSE for NULL. */
gboolean draftd_candidates_in_list (const char *list, const char *word);
/* Is the word (lower case) one of English's closed-class words (articles, pronouns,
 * auxiliaries, prepositions, conjunctions)? */
gboolean draftd_candidates_function_word (const char *lower);
/* Does a closed compound learners write for two words start with it ("highschool")? */
gboolean draftd_candidates_split_head (const char *lower);
/* Is the lower-case ASCII word two dictionary words run together, each of `min` letters or
 * more, neither a function word, the head none learners run into the next ("highschool"), and
 * the pair one `fits` accepts? The compound rules of candidates.c and candidates-en.c differ
 * only in `min` and `fits`. */
gboolean draftd_candidates_two_words (const DraftdCandidateContext *c, const char *lower, gsize min,
                                      gboolean (*fits) (const char *head, const char *tail));
/* Is the verb (lower case) its own past ("set", "put", "cut")? "While she was cooking, he set
 * the table" may be past, so "he set" asks for no -s. */
gboolean draftd_candidates_own_past (const char *lower);
gboolean draftd_candidates_past_only (DraftdSpell *spell, const char *lower);
/* The participle of a past that is no participle itself ("went" -> "gone"), else NULL. */
char *draftd_candidates_participle_of_past (DraftdSpell *spell, const char *lower);
/* The one simple past of the verb whose base is `base` ("tell" -> "told", "win" -> "won",
 * "lead" -> "led"), or NULL. */
char *draftd_candidates_simple_past (DraftdSpell *spell, const char *base);
gboolean draftd_candidates_comparative (const char *l);
gboolean draftd_candidates_adjective_stem (const char *l, gsize cut, gboolean undouble);

/* A misspelt word: the dictionary's suggestions, contractions, irregular forms. */
void draftd_candidates_spelling_site (const DraftdCandidateContext *c, const char *s, const Word *w, GArray *out, guint site);
/* English rules around words[i], a dictionary word; returns the next free site number. */
guint draftd_candidates_english_sites (const DraftdCandidateContext *c, const char *s, const Word *words, guint n, guint i,
                                       GArray *out, guint site);
/* The rule families of grammar/families-en.c at words[i] (any word, in the dictionary or not);
 * returns the next free site number, `site` itself when none proposed anything. */
guint draftd_candidates_english_families (const DraftdCandidateContext *c, const char *s, const Word *words, guint n, guint i,
                                          GArray *out, guint site);
/* Is `lower` a noun learners count that English does not ("information", "advice"): never put
 * in the plural. */
gboolean draftd_candidates_uncountable (const char *lower);
/* The singular of such a noun's plural as learners write it ("informations" -> "information"),
 * else NULL. */
const char *draftd_candidates_uncountable_plural (const char *lower);
/* The rules of grammar/families-intl.c (German, French, Spanish) at words[i], for a sentence of
 * c->lang; returns the next free site number, `site` itself when none fired. */
guint draftd_candidates_intl_rules (const DraftdCandidateContext *c, const char *s, const Word *words, guint n, guint i,
                                    GArray *out, guint site);
/* A closed-class word capitalised inside an English sentence ("Likewise, The theory"), in
 * lower case: sure candidates (grammar/families-en.c). */
guint draftd_candidates_english_capitals (const DraftdCandidateContext *c, const char *s, const Word *words, guint n, GArray *out,
                                          guint site);
/* English rules about the whole sentence (a comma after an opening phrase). */
guint draftd_candidates_english_sentence (const DraftdCandidateContext *c, const char *s, const Word *words, guint n, GArray *out,
                                          guint site);
/* A word only the other dialect spells so ("theatre" in en-US): its spelling in c->region's,
 * as a sure candidate of kind dialect. FALSE when the word is none, or has no such twin. */
gboolean draftd_candidates_dialect_site (const DraftdCandidateContext *c, const Word *w, GArray *out, guint site);
/* Is a word of the dictionary one edit from this one (Hunspell's first four suggestions)? */
gboolean draftd_candidates_near_word (const DraftdCandidateContext *c, const Word *w);
/* The word as dialect `region` spells it when only other dialects spell it so ("theatre" ->
 * "theater" for en_US), else NULL. */
char *draftd_candidates_dialect_twin (DraftdSpell *spell, const char *word, guint region);
/* Is `suggestion` a change sure enough to make to `word` without a model to judge it (a
 * language the model does not know)? Only the slips writers make and dictionaries undo
 * unambiguously: marks alone ("prilis" -> "příliš"), a doubled letter, two letters swapped, or
 * one edit inside a long word away from its inflected end. */
gboolean draftd_candidates_sure_respelling (const char *word, const char *suggestion);
/* A misspelt word of a language the model does not know (grammar/respell.c): a sure
 * respelling among the dictionary's suggestions `sugg`, if there is one, as a candidate. */
void draftd_candidates_foreign_spelling (const DraftdCandidateContext *c, const char *s, const Word *w, const char *const *sugg,
                                         GArray *out, guint site);
/* Do the two differ in marks and case alone ("prilis", "příliš"; "schoen", "schön" too)? */
gboolean draftd_candidates_same_letters (const char *word, const char *suggestion);
/* An unknown capitalised word at a sentence's start: a common word misspelt ("Becouse",
 * "Dont"), which is respelt, rather than a name ("Salander"), which is not? */
gboolean draftd_candidates_misspelt_opener (const DraftdCandidateContext *c, const Word *w, int name_follows);
/* Is `lower` one of the misspellings the table mends one way ("alot", "definately", "dont")? */
gboolean draftd_candidates_common_slip (const char *lower);
