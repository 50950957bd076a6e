/* What the files of the English rule families share (families-en.c, and families-en-*.c, a
 * file for each rule kind): the short helpers and word lists every family uses, the helpers a
 * kind borrows from another kind's file, and the families themselves, which families-en.c's
 * `families` table orders. Private to those files, and under the short names they had when
 * they were one file: no other object of the tree, nor any library it links, defines or asks
 * for any of them. */
#pragma once
#include "grammar/candidates-private.h"
#include "grammar/forms.h"

typedef RuleSite F;

/* Only spaces between words[a] and words[a + 1]: the candidates' test, under the short name
 * every family here uses. */
static inline gboolean
joined (const F *f, guint a)
{
  return draftd_candidates_joined (f, a);
}

/* A hyphen alone between words[a] and words[a + 1], letters or digits on either side: one
 * compound's parts ("a two-year warranty", "hard-working", "more cost-effective"). */
static inline gboolean
hyphen_joined (const F *f, guint a)
{
  if (a + 1 >= f->n)
    return FALSE;
  gsize b = f->words[a].end, e = f->words[a + 1].start;
  return e == b + 1 && f->s[b] == '-' && b > 0 && g_ascii_isalnum (f->s[b - 1]) && g_ascii_isalnum (f->s[e]);
}

/* words[i + d]'s lower case when only spaces lie between it and words[i], else NULL. */
static inline const char *
near (const F *f, gint d)
{
  gint k = (gint) f->i;
  for (gint step = d < 0 ? -1 : 1; k != (gint) f->i + d; k += step) {
    gint a = step < 0 ? k - 1 : k;
    if (a < 0 || !joined (f, (guint) a))
      return NULL;
  }
  return f->words[k].lower;
}

/* words[i + d] (or, after an adjective, words[i + d + 1]) is a sudden sound, one heard rather
 * than listened to: "listened a loud bang" is "heard" (families-en-confusable.c), and gets no
 * "to" (families-en-word.c). */
static inline gboolean
sudden_sound (const F *f, gint d)
{
  static const char *const sounds = " bang noise sound scream crash shout knock explosion thud cry siren alarm ";
  return draftd_candidates_in_list (sounds, near (f, d)) || (draftd_forms_is (near (f, d), 'a') && draftd_candidates_in_list (sounds, near (f, d + 1)));
}

static inline float
margin (const F *f, DraftdFixKind kind)
{
  return (f->c->margins ? f->c->margins : draftd_candidates_margins)[kind];
}

/* Adjectives and their adverbs, for word-choice.adverb ("speaks English very good" -> "well"):
 * families-en-word.c's families fix by the table and families-en.c names their edits by it; both
 * count its rows, so each has it whole from here. */
static const char *const adverb_of[][2] = {
  { "good", "well" },           { "bad", "badly" },           { "beautiful", "beautifully" }, { "careful", "carefully" },
  { "careless", "carelessly" }, { "quick", "quickly" },       { "slow", "slowly" },         { "quiet", "quietly" },
  { "clear", "clearly" },       { "correct", "correctly" },   { "easy", "easily" },         { "nice", "nicely" },
  { "perfect", "perfectly" },   { "proper", "properly" },     { "serious", "seriously" },   { "terrible", "terribly" },
  { "polite", "politely" },     { "fluent", "fluently" },     { "efficient", "efficiently" }, { "successful", "successfully" },
  { "smooth", "smoothly" },     { "patient", "patiently" },   { "honest", "honestly" },     { "brilliant", "brilliantly" },
  { "sudden", "suddenly" },     { "gentle", "gently" },       { "rude", "rudely" },
  /* From here on, only after a degree word ("played really poor"): alone they are as often
   * a noun's ("the poor") or take their own complement ("consistent with"). */
  { "poor", "poorly" },         { "consistent", "consistently" }, { "effective", "effectively" }, { "regular", "regularly" },
  { "confident", "confidently" }, { "professional", "professionally" }, { "neat", "neatly" }, { "awful", "awfully" },
  { "horrible", "horribly" },    { "rough", "roughly" },      { "kind", "kindly" },        { "heavy", "heavily" },
  { "calm", "calmly" },         { "thorough", "thoroughly" },
};
/* The first of adverb_of's rows that fire only after a degree word. */
#define ADVERB_OF_DEGREED 27

/* families-en.c: what every kind uses, to propose a candidate (sure, judged, or mended by
 * link-grammar's parse) and to read the words around it. */
gboolean sure (F *f, gsize start, gsize end, const char *rep, DraftdFixKind kind);
gboolean sure_named (F *f, gsize start, gsize end, const char *rep, DraftdFixKind kind, const char *rule);
gboolean sure_pair (F *f, const char *const (*pairs)[2], guint n, DraftdFixKind kind);
gboolean judge (F *f, gsize start, gsize end, const char *const *alts, guint n, DraftdFixKind kind, float bonus);
char *replaced (const F *f, gsize start, gsize end, const char *rep);
gboolean whole_with (const F *f, gsize start, gsize end, const char *rep);
gboolean mended (const F *f, gsize start, gsize end, const char *rep);
extern const char *const modals;
extern const char *const determiners;
extern const char *const subject_pronouns;
extern const char *const prepositions;
extern const char *const singular_heads;
extern const char *const plural_heads;
extern const char *const of_heads;
extern const char *const either_number;
extern const char *const frequency_adverbs;
const char *before_adverb (const F *f, gint back, guint *gap);
gboolean opens_clause (const F *f, guint k, const char *openers);
extern const char *const numbers;
extern const char *const ordinals;
extern const char *const mass_nouns;

/* families-en-subject.c: a noun's number, the subject's head noun and its number, a verb's
 * number and whether it is the clause's only one. */
int noun_number (const F *f, const char *l);
gboolean unlisted_plural (const F *f, const char *l, const char *sing);
gboolean irregular_plural (const char *l);
gboolean np_word (const F *f, const Word *w);
gboolean participle_after_noun (const char *l);
gboolean gerund_word (const F *f, const char *l);
extern const char *const agreeing_aux;
/* The auxiliaries by number, each singular beside its plural ("is", "are"). */
#define SINGULAR_AUX_N 8
extern const char *const singular_aux[SINGULAR_AUX_N][2];
gboolean phrase_joined (const F *f, guint a);
gboolean number_joined (const F *f, guint a);
gint noun_phrase (const F *f, guint *k, guint end);
extern const char *const saying_verbs;
guint placed_adverb (const F *f, guint skip);
guint time_before_verb (const F *f, guint b);
int subject_number (const F *f, guint b, guint end, gboolean *relative);
int verb_number (const F *f, const char *l, char **other);
extern const char *const mandative_words;
gboolean demonstrative (F *f, guint b);
gboolean inflected_verb (const F *f, const char *l);
gboolean only_verb (const F *f);
gboolean either_or (const F *f, guint b);
gboolean clause_plain (const F *f);
extern const char *const place_prepositions;
gboolean place_joiner (const F *f, guint k);
gboolean subject_start (const F *f, guint *start);
gboolean verb_complement (const F *f, const char *l, const char *next);
gboolean no_verb_of_subject (const F *f, guint b, const char *other);
gboolean like_verb (F *f, guint b, int s, const char *other);
gboolean verb_against_subject (F *f, guint b, const char *other);
gboolean bare_singular_subject (F *f);
gboolean the_mount (F *f);
gboolean suggest_object (F *f);
gboolean span_adjective (F *f);
gboolean bare_count_subject (const F *f, guint i);

/* families-en-agreement.c: a noun, a superlative, a verb's -ing form, a word with ASCII's
 * apostrophe, and what tells a possessive from a contraction (a noun only a possessive takes, a
 * clause's later verb, an -ing verb opening a clause). */
gboolean noun (const char *l);
gboolean superlative (const char *l);
gboolean phrase_end_word (const F *f);
const char *ing_form (const F *f, const GPtrArray *fam);
gboolean every_time (const F *f);
char *plain (const char *l);
gboolean possessed_noun (const F *f, const char *l);
gboolean clause_verb_word (const F *f, const char *l);
gboolean later_verb (const F *f, guint from);
gboolean verb_after_object (const F *f, guint from);
gboolean progressive (const F *f, const char *l, const char *next, const char *next2, const char *prev);
gboolean whose_progressive (const F *f, const char *l, const char *next, const char *next2);
extern const char *const clause_verbs;
gboolean object_possessive (const F *f, const char *l, const char *next, const char *next2, const char *prev);

/* families-en-word.c: a finite verb's look, an adverb of manner and the adjectives' adverbs,
 * the nouns of a stretch of time and a calendar's names. */
extern const char *const time_nouns;
gboolean calendar_name (const char *l);
gboolean finite_verb (const F *f, const char *l);
gboolean adverb (const char *l);

/* families-en-article.c: where a bare noun's phrase ends, a word that is never a verb, "ever"
 * after a superlative, an article dropped, the participles spelt as their base. */
extern const char *const base_participles;
gboolean phrase_ends (const F *f, guint k);
gboolean nominal (const char *l);
gboolean ever_after (const F *f, guint from, guint to);
gboolean drop_article (F *f);

/* families-en-verb.c: a finished time, a content verb's plain base. */
gboolean finished_time (const F *f, const char *part);
gboolean plain_base (const char *v);

/* The families, which families-en.c's `families` table orders, by the file that holds them. */
/* families-en-subject.c */
gboolean partitive_person (F *f);
/* families-en-agreement.c */
gboolean uncountable_plural (F *f);
gboolean one_of_superlative (F *f);
gboolean question_number (F *f);
gboolean relative_subject (F *f);
gboolean subject_head (F *f);
gboolean plain_plural_subject (F *f);
gboolean determined_plural_subject (F *f);
gboolean results_of_verb (F *f);
gboolean parenthetical_subject (F *f);
gboolean place_inversion (F *f);
gboolean theres_plural (F *f);
gboolean there_are_singular (F *f);
gboolean bare_singular_verb (F *f);
gboolean linked_agreement (F *f);
gboolean who_verb (F *f);
gboolean this_plural (F *f);
gboolean pronoun_base (F *f);
gboolean determiner_across (F *f);
gboolean every_plural (F *f);
gboolean others_plural (F *f);
gboolean number_of_verb (F *f);
gboolean of_subject_verb (F *f);
gboolean age_compound (F *f);
/* families-en-article.c */
gboolean unique_noun (F *f);
gboolean the_most_people (F *f);
gboolean be_most_singular (F *f);
gboolean to_the_work (F *f);
gboolean missing_article (F *f);
gboolean bare_internet (F *f);
gboolean ailment_article (F *f);
gboolean a_future (F *f);
gboolean same (F *f);
gboolean superlative_the (F *f);
gboolean a_superlative_ever (F *f);
gboolean lot_of (F *f);
gboolean partitive_article (F *f);
gboolean long_time (F *f);
gboolean name_subject_verb (F *f);
gboolean ordinal_time (F *f);
gboolean taken_role_article (F *f);
gboolean extra_article (F *f);
gboolean generic_the (F *f);
gboolean be_person_article (F *f);
gboolean opening_ordinal (F *f);
gboolean bare_adjective_noun (F *f);
/* families-en-confusable.c */
gboolean wether (F *f);
gboolean its_noun_verb (F *f);
gboolean there_ing_opening (F *f);
gboolean there_state (F *f);
gboolean their_ing_opening (F *f);
gboolean its_worth (F *f);
gboolean its_too (F *f);
gboolean its_adjective_to (F *f);
gboolean over_their (F *f);
gboolean there_possessive (F *f);
gboolean its_time (F *f);
gboolean possessive_or_contraction (F *f);
gboolean then_after_comparative (F *f);
gboolean effecting (F *f);
gboolean affect_effect (F *f);
gboolean lose_loose (F *f);
gboolean your_participle (F *f);
gboolean rather_then (F *f);
gboolean real_word_slip (F *f);
gboolean comparing_opening (F *f);
gboolean degree_noun (F *f);
gboolean adjective_for_noun (F *f);
gboolean heard_or_complement (F *f);
gboolean how_effects (F *f);
gboolean comma_accept (F *f);
gboolean context_slip (F *f);
gboolean amount_are (F *f);
gboolean whos_noun_verb (F *f);
/* families-en-verb.c */
gboolean used_to_ing (F *f);
gboolean modal_of (F *f);
gboolean forward_to (F *f);
gboolean ing_after_verb (F *f);
gboolean insist_to (F *f);
gboolean it_adjective (F *f);
gboolean modal_able (F *f);
gboolean perfect_finished (F *f);
gboolean make_to (F *f);
gboolean to_base (F *f);
gboolean do_question_base (F *f);
gboolean be_past (F *f);
gboolean close_closed (F *f);
gboolean be_loose (F *f);
gboolean be_participle (F *f);
gboolean since_perfect (F *f);
gboolean modal_to (F *f);
gboolean if_would_have (F *f);
gboolean modal_ing (F *f);
gboolean embedded_question (F *f);
gboolean embedded_be (F *f);
gboolean embedded_modal (F *f);
gboolean like_that_you (F *f);
gboolean opening_past_noun (F *f);
gboolean past_and_present (F *f);
gboolean past_sequence (F *f);
gboolean future_time_clause (F *f);
gboolean if_will (F *f);
gboolean u_participle_past (F *f);
gboolean already_past_perfect (F *f);
/* families-en-word.c */
gboolean want_base (F *f);
gboolean go_place (F *f);
gboolean considered_as (F *f);
gboolean agree_with (F *f);
gboolean clause_accept (F *f);
gboolean thing_ed (F *f);
gboolean tag_pronoun (F *f);
gboolean prefer_than (F *f);
gboolean at_year (F *f);
gboolean prices_raised (F *f);
gboolean question_order (F *f);
gboolean more_in_group (F *f);
gboolean good_at_base (F *f);
gboolean rise_object (F *f);
gboolean among_two (F *f);
gboolean take_me (F *f);
gboolean on_floor (F *f);
gboolean bare_participle (F *f);
gboolean won_side (F *f);
gboolean remember_me_to (F *f);
gboolean object_myself (F *f);
gboolean for_point (F *f);
gboolean since_duration (F *f);
gboolean redundant_preposition (F *f);
gboolean of_off (F *f);
gboolean breath_verb (F *f);
gboolean lead_led (F *f);
gboolean word_row (F *f);
gboolean in_principal (F *f);
gboolean person_which (F *f);
gboolean stationery_noun (F *f);
gboolean compliment_on (F *f);
gboolean form_from (F *f);
gboolean redundant_on (F *f);
gboolean thing_who (F *f);
gboolean most_short (F *f);
gboolean success_modifier (F *f);
gboolean make_homework (F *f);
gboolean very_much_order (F *f);
gboolean manner_before_language (F *f);
gboolean feeling_ing (F *f);
gboolean adjective_order (F *f);
gboolean degree_adjective (F *f);
gboolean make_photos (F *f);
gboolean learner_phrase (F *f);
gboolean quite_noun (F *f);
gboolean do_decision (F *f);
gboolean unit_plural (F *f);
gboolean plural_possessive (F *f);
gboolean fewer_for_less (F *f);
gboolean although_but (F *f);
gboolean to_too (F *f);
gboolean you_your (F *f);
gboolean pronoun_case (F *f);
gboolean adverb_for_adjective (F *f);
gboolean manner_adjective (F *f);
gboolean so_such (F *f);
gboolean redundant_of_for (F *f);
gboolean double_negative (F *f);
gboolean listen_to (F *f);
gboolean clause_comma (F *f);
gboolean much_many (F *f);
gboolean very_quite (F *f);
gboolean everyone_accept (F *f);
gboolean split_word (F *f);
gboolean everyday (F *f);
gboolean say_tell (F *f);
gboolean borrow_lend (F *f);
gboolean day_preposition (F *f);
gboolean year_preposition (F *f);
gboolean repeated_subject (F *f);
gboolean whose_this (F *f);
gboolean whose_adjective (F *f);
gboolean were_where (F *f);
gboolean infinitive_for_ing (F *f);
gboolean worse_ever (F *f);
gboolean accept_except (F *f);
gboolean more_adjective_than (F *f);
gboolean reflexive_object (F *f);
gboolean object_and_subject (F *f);
gboolean people_possessive (F *f);
gboolean name_possessive_s (F *f);
gboolean work_like_job (F *f);
gboolean the_worse_ever (F *f);
gboolean the_people_possessive (F *f);
gboolean kin_possessive (F *f);
gboolean opening_possessive (F *f);
gboolean missing_to (F *f);
gboolean going_base (F *f);
gboolean most_of (F *f);
gboolean quite_at_end (F *f);
gboolean bare_profession (F *f);
gboolean lay_lie_clause (F *f);
gboolean time_possessive (F *f);
gboolean past_as_verb (F *f);
gboolean plural_apostrophe (F *f);
gboolean too_praise (F *f);
