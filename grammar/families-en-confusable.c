/* English rule families of issue 45 that tell apart the words writers confuse (confusable.*):
 * "its" and "it's", "their", "there" and "they're", "whose" and "who's" by the word after them,
 * "then" for "than" after a comparative or "would rather", "affect" and "effect", "loose" and
 * "lose", "your" for "you're", "wether". These sections were families-en.c's until it grew too
 * long to read in a sitting; they moved here whole and in their order. The `families` table
 * there decides when each family is tried, and families-en-private.h declares what the files
 * share. */
#include <string.h>
#include "grammar/families-en-private.h"
#include "grammar/forms.h"

/* ---- confusable.whether-wether: "wether" is a ram, almost never what was meant ---- */

/* "tell me weather the printer supports", "let guests know by Thursday weather the ceremony":
 * after a verb of knowing or asking within four words, with no determiner or adjective of its
 * own, "weather" opens a clause ("help them weather the storm" is the verb). */
static gboolean
weather_clause (const F *f)
{
  const char *prev = near (f, -1), *next = near (f, 1), *next2 = near (f, 2);
  if (!g_str_equal (f->words[f->i].lower, "weather") || prev == NULL || draftd_candidates_in_list (determiners, prev) ||
      (draftd_forms_is (prev, 'a') && !draftd_candidates_function_word (prev)) || next == NULL ||
      !(draftd_candidates_in_list (determiners, next) || draftd_candidates_in_list (" it we they you he she i there or to if ", next)) ||
      draftd_candidates_in_list (" storm storms crisis downturn recession ", next2))
    return FALSE;
  for (gint d = -1; d >= -4 && near (f, d); d--)
    if (draftd_candidates_in_list (" know knew tell told ask asked wonder wondered check checked decide decided unsure sure confirm confirmed ", near (f, d)))
      return TRUE;
  return FALSE;
}

gboolean
wether (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1);
  if (weather_clause (f))
    return sure_named (f, w->start, w->end, "whether", DRAFTD_FIX_WORD_CHOICE, "confusable.weather-whether");
  if (!g_str_equal (w->lower, "wether") || draftd_candidates_in_list (determiners, prev) || draftd_candidates_in_list (" young old castrated ", prev))
    return FALSE;
  return sure (f, w->start, w->end, "whether", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- confusable.it's-its: "but it's battery barely lasts" ---- */

/* "it's" before a noun and then a verb of that noun's ("it's battery lasts", "it's owner
 * has") is the possessive; "it's time", "it's water that" are the contraction's. */
gboolean
its_noun_verb (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  if (!g_str_equal (w->lower, "it's") || next == NULL || !noun (next) || draftd_forms_is (next, 'a') ||
      draftd_candidates_in_list (" time fun home nothing something everything anything one ", next))
    return FALSE;
  guint k = f->i + 2;
  gboolean adverb = k < f->n && joined (f, k - 1) &&
                    (g_str_has_suffix (f->words[k].lower, "ly") || draftd_candidates_in_list (" never always still also only ", f->words[k].lower));
  k += adverb;
  if (k >= f->n || !joined (f, k - 1))
    return FALSE;
  /* An -s word right after the noun may be a compound's plural ("it's staff changes that"):
   * only with an adverb between is it surely the verb. */
  const char *v = f->words[k].lower;
  g_autofree char *stem = g_str_has_suffix (v, "s") && !g_str_has_suffix (v, "ss") ? g_strndup (v, strlen (v) - 1) : NULL;
  gboolean finite = draftd_candidates_in_list (" is was has does can will would could should ", v) ||
                    (stem && draftd_forms_is (stem, 'v') && (adverb || !noun (stem)));
  return finite && sure (f, w->start, w->end, "its", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- confusable.*: a possessive or a contraction, by the word after it ---- */

/* "There planning a trip": a sentence opened by "there" and an -ing form is "they're"'s,
 * sure before the -ing form's object, but for "There being no time" and the like. So is a
 * clause opened by it after a semicolon, a comma or "because", "but", "so", with an adverb
 * of time or frequency before the -ing form ("the kittens; there just exploring the
 * garden"); after a verb's object "there" is the place ("left the dog there still chewing").
 * Is a candidate proposed? */
gboolean
there_ing_opening (F *f)
{
  const Word *w = &f->words[f->i];
  gint a = draftd_candidates_in_list (frequency_adverbs, near (f, 1)) || draftd_candidates_in_list (" already finally currently ", near (f, 1));
  const char *theyre[] = { "they're" }, *next = near (f, 1 + a), *next2 = near (f, 2 + a);
  /* "The students said there planning to submit": a clause that opens after a verb of
   * saying or thinking, or a conjunction, has its subject there. */
  gboolean opens = f->i == 0 || (a && opens_clause (f, f->i, " because but so ")) ||
                   draftd_candidates_in_list (" said says say think thinks thought know knows knew hope hopes heard believe believes guess suppose "
                                              "that because but so if when since although though ", near (f, -1));
  /* "Their resurfacing Mill Lane from 4 March": the possessive opening the sentence before an
   * -ing form and its object's determiner or name ("Their cooking skills" has a noun). */
  gboolean later_verb = draftd_candidates_verb_after (f, 2); /* "Their hosting the final surprised everyone": a gerund subject */
  for (guint k = 3; k < f->n && joined (f, k - 1) && !later_verb; k++)
    later_verb = draftd_candidates_own_past (f->words[k].lower) && !draftd_candidates_in_list (determiners, f->words[k - 1].lower);
  if (f->i == 0 && g_str_equal (w->lower, "their") && next && !a && gerund_word (f, next) && f->s[f->words[1].end] != '-' && !later_verb &&
      (draftd_candidates_in_list (" the a an this that these those our your his her my ", next2) ||
       (next2 && g_ascii_isupper (f->words[2].text[0]) && !g_str_equal (next2, "i"))))
    return sure_named (f, w->start, w->end, "They're", DRAFTD_FIX_WORD_CHOICE, "confusable.their-they're");
  /* "Make sure their wearing shin pads": after "make sure", an -ing form with no verb of its
   * phrase's later is the clause's ("make sure their cooking skills are" has one). */
  if (g_str_equal (w->lower, "their") && g_strcmp0 (near (f, -1), "sure") == 0 && g_strcmp0 (near (f, -2), "make") == 0 && next && !a &&
      gerund_word (f, next) && !later_verb && f->s[f->words[f->i + 1].end] != '-' && next2 && !draftd_candidates_function_word (next2))
    return sure_named (f, w->start, w->end, "they're", DRAFTD_FIX_WORD_CHOICE, "confusable.their-they're");
  if (!opens || !g_str_equal (w->lower, "there") || next == NULL || f->s[f->words[f->i + 1 + a].end] == '-' ||
      draftd_candidates_in_list (" being seeming remaining ", next) || !gerund_word (f, next))
    return FALSE;
  /* "There planning to close the branch": an -ing form's infinitive after it likewise. */
  gboolean object = draftd_candidates_in_list (determiners, next2) ||
                    (g_strcmp0 (next2, "to") == 0 && !draftd_candidates_in_list (" appearing going ", next));
  return object ? sure (f, w->start, w->end, "they're", DRAFTD_FIX_WORD_CHOICE)
                                                        : judge (f, w->start, w->end, theyre, 1, DRAFTD_FIX_WORD_CHOICE, 1.5f);
}

/* "but apparently there on holiday until the end of the month": "there" opening its clause
 * (an adverb in -ly or "still" at most before it) before a person's state, "on holiday",
 * "on leave", "on strike", that goes on with its time ("until", "for", "this", "next") or
 * ends the sentence, is "they're". The place takes a verb first ("stayed there on holiday"),
 * and a fronted place its comma ("There on holiday, he met her"). */
gboolean
there_state (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1), *next2 = near (f, 2), *prev = near (f, -1);
  if (!g_str_equal (w->lower, "there") || g_strcmp0 (next, "on") != 0 ||
      !draftd_candidates_in_list (" holiday vacation leave strike duty break ", next2))
    return FALSE;
  guint k = f->i;
  if (prev && (g_str_has_suffix (prev, "ly") || g_str_equal (prev, "still")) && !draftd_candidates_function_word (prev))
    k--;
  if (!opens_clause (f, k, " but and because so since as that think thinks thought said says heard guess hope "))
    return FALSE;
  guint after = f->i + 3;
  gboolean ends = after >= f->n ? strchr (".!", f->s[f->words[f->i + 2].end]) != NULL
                                : joined (f, f->i + 2) && draftd_candidates_in_list (" until till for this next right again ", f->words[after].lower);
  return ends && sure (f, w->start, w->end, "they're", DRAFTD_FIX_WORD_CHOICE);
}

/* "Their planning a party for Friday": a sentence opened by "their", an -ing form and a
 * determiner's object, with no other verb in its clause, is "they're"'s; "Their planning a
 * party surprised us" is a gerund's subject, its verb after it, and is left. */
gboolean
their_ing_opening (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1), *next2 = near (f, 2);
  if (f->i != 0 || !g_str_equal (w->lower, "their") || next == NULL || next2 == NULL || f->s[f->words[f->i + 1].end] == '-' ||
      draftd_candidates_in_list (" being seeming remaining ", next) || !gerund_word (f, next) ||
      !draftd_candidates_in_list (" a an the this that these those some my your his her our ", next2) || !clause_plain (f))
    return FALSE;
  for (guint k = f->i + 2; k < f->n && joined (f, k - 1); k++) {
    const char *l = f->words[k].lower;
    if (draftd_candidates_in_list (draftd_candidates_clause_words, l) || clause_verb_word (f, l))
      return FALSE;
  }
  return sure (f, w->start, w->end, "they're", DRAFTD_FIX_WORD_CHOICE);
}

static gboolean clause_break (const F *f, guint k);

/* "its" opening a clause (the sentence's start, a comma, a conjunction, or a verb of thinking
 * or saying before it) becomes "it's": the families below have found the predicate after it. */
static gboolean
its_clause (F *f)
{
  const Word *w = &f->words[f->i];
  return opens_clause (f, f->i, " think guess say said feel that so and but because now maybe perhaps suppose if though although ") &&
         sure (f, w->start, w->end, "it's", DRAFTD_FIX_WORD_CHOICE);
}

/* "The museum is small, but its worth a visit": "worth" before what a thing is worth (an
 * article, "it", an -ing form) is the adjective of "it is"; the noun ("the house and its
 * worth") ends its phrase. */
gboolean
its_worth (F *f)
{
  const Word *w = &f->words[f->i];
  const char *after = near (f, 2);
  if (!g_str_equal (w->lower, "its") || g_strcmp0 (near (f, 1), "worth") != 0 || after == NULL ||
      !(draftd_candidates_in_list (" a an the it every all your our my some more ", after) ||
        gerund_word (f, after)))
    return FALSE;
  return its_clause (f);
}

/* "but its far too loud", "its way too expensive", "its much too late": a degree's phrase
 * before "too" and its adjective, opening a clause, is the predicate of "it is" ("the dog
 * wagged its far too long tail" is a possessive's, after a verb). */
gboolean
its_too (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "its") || !draftd_candidates_in_list (" far way much ", near (f, 1)) || g_strcmp0 (near (f, 2), "too") != 0 ||
      near (f, 3) == NULL || !draftd_forms_is (near (f, 3), 'a'))
    return FALSE;
  /* "its much too long tail": an adjective before its noun is the possessive's. */
  const char *noun_after = near (f, 4);
  if (noun_after && noun (noun_after) && !draftd_forms_is (noun_after, 'a') && !draftd_candidates_function_word (noun_after))
    return FALSE;
  return its_clause (f);
}

/* "and its impossible to find", "but its easy to miss": "its" opening a clause before an
 * adjective that is no noun or verb, "to" and a verb: "it's" ("its ability to" has its noun). */
gboolean
its_adjective_to (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1), *to = near (f, 2), *verb = near (f, 3);
  /* "impossible", "mandatory" are WordNet's nouns too, as "the impossible"; "its right to vote", "its
   * potential to grow" are nouns' phrases. */
  gboolean adjective_noun = next && (g_str_has_suffix (next, "ible") || g_str_has_suffix (next, "able") || g_str_has_suffix (next, "ous") ||
                                     g_str_has_suffix (next, "ful") || g_str_has_suffix (next, "tory"));
  if (!g_str_equal (w->lower, "its") || next == NULL || !draftd_forms_is (next, 'a') || (draftd_forms_is (next, 'n') && !adjective_noun) ||
      draftd_forms_is (next, 'v') || draftd_candidates_function_word (next) || g_strcmp0 (to, "to") != 0 || verb == NULL ||
      !draftd_forms_is (verb, 'v') || draftd_candidates_function_word (verb))
    return FALSE;
  return its_clause (f);
}

/* "We parked the car over their and walked up": "over/up/down/out/back their" before a
 * conjunction, a comma or the sentence's end is the place's "there" ("over their and our
 * tickets" joins two possessives, and "their" before a noun is left to its own rules). */
gboolean
over_their (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  /* "We walked their in ten minutes", "drove their last summer": a verb of going before it
   * and a preposition or a time after it. */
  if (g_str_equal (w->lower, "their") &&
      draftd_candidates_in_list (" go went gone going get got getting walk walked drive drove driven fly flew flown travel travelled "
                                 "traveled move moved ride rode arrive arrived stay stayed live lived ", prev) &&
      draftd_candidates_in_list (" in by on at last yesterday early first together alone again before after every ", next) &&
      /* "of getting their first tooth": an ordinal before its noun is the possessive's. */
      !(draftd_candidates_in_list (" first last early ", next) && near (f, 2) && noun (near (f, 2)) && !draftd_candidates_function_word (near (f, 2)) &&
        !draftd_candidates_in_list (" time week month year night day summer winter spring autumn fall weekend term season ", near (f, 2)) &&
        !calendar_name (near (f, 2))))
    return sure (f, w->start, w->end, "there", DRAFTD_FIX_WORD_CHOICE);
  /* "their should be a key under the roller": a modal and "be" after it make the existential
   * "there" (a possessive's noun would come first). */
  if (g_str_equal (w->lower, "their") && next && draftd_candidates_in_list (modals, next) && g_strcmp0 (near (f, 2), "be") == 0)
    return sure (f, w->start, w->end, "there", DRAFTD_FIX_WORD_CHOICE);
  if (!g_str_equal (w->lower, "their") || !draftd_candidates_in_list (" over up down out back ", prev))
    return FALSE;
  gboolean ends = f->i + 1 >= f->n || !joined (f, f->i);
  if (!ends && !(draftd_candidates_in_list (" and but ", next) && !draftd_candidates_in_list (" my your his her its our their ", near (f, 2))))
    return FALSE;
  return sure (f, w->start, w->end, "there", DRAFTD_FIX_WORD_CHOICE);
}

/* "as half there first team are away": after "half", "all" or "both" the word before an
 * ordinal or an adjective and its noun is the possessive (sure); "collected there new access
 * cards": after a verb's past, "there" before an adjective and a noun is judged ("moved there
 * last year" has a time; "left there empty" no noun). */
gboolean
there_possessive (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1), *next2 = near (f, 2);
  if (!g_str_equal (w->lower, "there") || prev == NULL || next == NULL || next2 == NULL || !joined (f, f->i) || !joined (f, f->i + 1) ||
      draftd_candidates_function_word (next) || draftd_candidates_function_word (next2) || !noun (next2) ||
      draftd_candidates_in_list (" last next this every early late ", next))
    return FALSE;
  gboolean modified = draftd_candidates_in_list (ordinals, next) || (draftd_forms_is (next, 'a') && !draftd_forms_is (next, 'v'));
  if (!modified)
    return FALSE;
  if (draftd_candidates_in_list (" half all both ", prev))
    return sure (f, w->start, w->end, "their", DRAFTD_FIX_WORD_CHOICE);
  if (!g_str_has_suffix (prev, "ed") || !draftd_forms_is (next, 'a') || draftd_candidates_in_list (" moved lived stayed arrived parked worked ", prev))
    return FALSE;
  const char *alts[] = { "their" };
  return judge (f, w->start, w->end, alts, 1, DRAFTD_FIX_WORD_CHOICE, margin (f, DRAFTD_FIX_WORD_CHOICE));
}

/* "I think its time we left", "Its time to go", "Its time the council acted", "so its time.":
 * "it's time" opening a clause, before the clause (a pronoun, a determiner's subject) or the
 * infinitive it introduces, or ending its own clause ("the clock lost its time" is a
 * possessive's, after a verb that takes an object; "Its time zone" has its noun). */
gboolean
its_time (F *f)
{
  const Word *w = &f->words[f->i];
  /* "its almost time", "its high time": a degree word before "time". */
  gint t = draftd_candidates_in_list (" almost nearly about high ", near (f, 1)) ? 2 : 1;
  if (!g_str_equal (w->lower, "its") || g_strcmp0 (near (f, t), "time") != 0 ||
      !(draftd_candidates_in_list (" to we you i they he she for everyone everybody someone somebody ", near (f, t + 1)) ||
        draftd_candidates_in_list (determiners, near (f, t + 1)) || (near (f, t + 1) == NULL && clause_break (f, f->i + t))))
    return FALSE;
  return its_clause (f);
}

/* "there" after a verb, where its possessive or "they're" is meant (to_possessive_site). */
static gboolean
there_after_verb (F *f, const char *next, const char *next2, const char *prev)
{
  const Word *w = &f->words[f->i];
  /* "The kids love there new teacher": after a verb, an adjective and a thing's or a
   * person's singular noun, which cannot stand bare ("We found there new evidence" is a
   * place's). */
  /* "always leave there muddy boots": a plural of such a noun too. */
  g_autofree char *sing2 = next2 && noun_number (f, next2) > 0 ? draftd_forms_singular (f->c->spell, next2) : NULL;
  int lex2 = sing2 ? draftd_forms_noun_lexfile (sing2) : next2 ? draftd_forms_noun_lexfile (next2) : -1;
  /* "send us there preferred invoice format": after a verb's person, an adjective and a
   * noun are the thing given, whose possessive "there" stands for. */
  if (draftd_candidates_in_list (" us me him them ", prev) &&
      draftd_candidates_in_list (" send sends sent give gives gave show shows showed bring brings brought email emailed forward ", near (f, -2)) &&
      draftd_forms_is (next, 'a') && !draftd_forms_is (next, 'n') && !draftd_candidates_function_word (next) && next2 && noun (next2) &&
      !draftd_candidates_function_word (next2) && g_ascii_islower (f->words[f->i + 1].text[0]) &&
      !draftd_candidates_in_list (" today tomorrow tonight morning afternoon evening night week weekend ", next2))
    return sure (f, w->start, w->end, "their", DRAFTD_FIX_WORD_CHOICE);
  if (prev && !draftd_candidates_function_word (prev) && finite_verb (f, prev) &&
      draftd_forms_is (next, 'a') && !draftd_candidates_function_word (next) && !draftd_candidates_in_list (numbers, next) &&
      (noun_number (f, next2) < 0 || sing2) && (lex2 == DRAFTD_FORMS_ARTIFACT || lex2 == DRAFTD_FORMS_PERSON || /* "paid there annual rent" */
                                                 (lex2 == DRAFTD_FORMS_POSSESSION && !draftd_candidates_uncountable (next2))))
    return sure (f, w->start, w->end, "their", DRAFTD_FIX_WORD_CHOICE);
  /* "They sold there flat and moved": after a verb, a thing's or a person's singular noun
   * that ends its phrase cannot stand bare, so "there" is its possessive. */
  int lex1 = next ? draftd_forms_noun_lexfile (next) : -1;
  /* "happy to drive there children to the fixture": a plural of people likewise. */
  g_autofree char *sing1 = next && noun_number (f, next) > 0 ? draftd_forms_singular (f->c->spell, next) : NULL;
  gboolean persons = sing1 && draftd_forms_noun_lexfile (sing1) == DRAFTD_FORMS_PERSON;
  /* "to rate there level of anxiety": before "of", a quality's, an act's or a holding's
   * singular noun too ("stayed there most of the day", "half of" are no such nouns). */
  gboolean of_noun = g_strcmp0 (next2, "of") == 0 && joined (f, f->i + 1) && !draftd_candidates_uncountable (next) &&
                     (lex1 == DRAFTD_FORMS_ATTRIBUTE || lex1 == DRAFTD_FORMS_ACT || lex1 == DRAFTD_FORMS_POSSESSION);
  if (prev && !draftd_candidates_function_word (prev) && finite_verb (f, prev) &&
      !draftd_candidates_in_list (" is are was were be been have has had do does did ", prev) &&
      ((noun_number (f, next) < 0 && (lex1 == DRAFTD_FORMS_ARTIFACT || lex1 == DRAFTD_FORMS_PERSON || of_noun)) || persons) &&
      g_ascii_islower (f->words[f->i + 1].text[0]) &&
      (next2 == NULL || !joined (f, f->i + 1) || draftd_candidates_in_list (" and but in on at to for with from of ", next2)))
    return sure (f, w->start, w->end, "their", DRAFTD_FIX_WORD_CHOICE);
  /* "I think there late again": after a verb of thinking or a clause's opener, "there" before
   * a predicate adjective is "they're". */
  if (draftd_candidates_in_list (" think thought hope know guess if that because said sure ", prev) &&
      draftd_candidates_in_list (" late right wrong ready busy happy early tired angry ", next) &&
      (next2 == NULL || draftd_candidates_in_list (" again today now about for with to at ", next2)))
    return sure_named (f, w->start, w->end, "they're", DRAFTD_FIX_WORD_CHOICE, "confusable.there-they're");
  /* "let the juniors know that there expected at the clubhouse": a passive's participle and
   * its preposition or infinitive likewise ("there" has no verb of its own then). */
  if (draftd_candidates_in_list (" think thought hope know knew guess if that because said sure ", prev) &&
      draftd_candidates_in_list (" expected supposed allowed invited required meant welcome ", next) &&
      (next2 == NULL || draftd_candidates_in_list (" to at in on for by ", next2)))
    return sure_named (f, w->start, w->end, "they're", DRAFTD_FIX_WORD_CHOICE, "confusable.there-they're");
  /* "Parents are reminded that there children must wear": after a clause's opener, a plural
   * of people and then a modal or an auxiliary is the possessive's subject ("there are
   * children" puts the verb first). */
  /* "Parents often tell us there children are nervous": after a verb of telling and its
   * person, likewise. */
  gboolean told = draftd_candidates_in_list (" us me them him her you ", prev) &&
                  draftd_candidates_in_list (" tell tells told telling remind reminds reminded assure assured warn warned inform informed ", near (f, -2));
  if (persons && (told || draftd_candidates_in_list (" that if because when said says told think thought know knew hope ", prev)) &&
      g_ascii_islower (f->words[f->i + 1].text[0]) &&
      draftd_candidates_in_list (" must should will would can could may might are were have had need ", next2))
    return sure (f, w->start, w->end, "their", DRAFTD_FIX_WORD_CHOICE);
  return FALSE;
}

/* "but it's restaurant closes far too early": an -s verb after the noun, before a function
 * word or an adverb, where link-grammar finds the sentence whole with the possessive ("It's
 * business premises at the front" is a plural noun's). Whole as written too, often: "it's
 * menu changes" parses as "it is" and a compound. */
static gboolean
s_verb_subject (const F *f, const char *next2, const char *rep)
{
  g_autofree char *base = NULL;
  const char *next3 = near (f, 3);
  return next2 && g_str_has_suffix (next2, "s") && verb_number (f, next2, &base) == -1 && next3 &&
         (draftd_candidates_function_word (next3) || g_str_has_suffix (next3, "ly") || draftd_candidates_in_list (" far too very early late ", next3)) &&
         whole_with (f, f->words[f->i].start, f->words[f->i].end, rep);
}

/* Whether next2, after a contraction (or "there") and its noun, is that noun's clause verb,
 * so that the noun is a subject and the contraction its possessive (to_possessive_site). */
static gboolean
subject_verb_after (const F *f, const char *l, const char *rep, const char *next2)
{
  /* Its verb may be any past or -s form after a thing's noun ("There car broke down"). */
  gboolean verb2 = draftd_candidates_in_list (" is was has does can will makes gets looks needs ", next2) ||
                   (g_str_equal (l, "there") && next2 && !draftd_candidates_function_word (next2) && !draftd_forms_is (next2, 'n') &&
                    finite_verb (f, next2) && f->i + 3 < f->n && joined (f, f->i + 2));
  /* "but they're teacher kept them going": a past after the noun, with its clause going on,
   * is that subject's verb for the other contractions too (a base may be the noun's
   * compound, "they're family run"). */
  const char *past_lemma = next2 ? draftd_forms_irregular_lemma (next2, 'v') : NULL;
  verb2 |= !g_str_equal (l, "there") && next2 && !draftd_candidates_function_word (next2) && !draftd_forms_is (next2, 'n') &&
           ((past_lemma && !g_str_equal (past_lemma, next2)) || (g_str_has_suffix (next2, "ed") && finite_verb (f, next2))) &&
           f->i + 3 < f->n && joined (f, f->i + 2);
  verb2 |= !g_str_equal (l, "there") && s_verb_subject (f, next2, rep);
  /* "if you're dog keeps scratching", "and it's handle wobbles": after a clause's conjunction,
   * any -s verb after the noun is the subject's, a lexical test with no parse ("but it's staff
   * changes that worry me" is a plural noun before its relative; at the sentence's start
   * "It's business premises at" is left to s_verb_subject's parse). */
  g_autofree char *s_base = NULL;
  verb2 |= !g_str_equal (l, "there") && next2 && draftd_candidates_in_list (" if when because and but so once while ", near (f, -1)) &&
           verb_number (f, next2, &s_base) == -1 && g_str_has_suffix (next2, "s") &&
           !draftd_candidates_in_list (" that which who ", near (f, 3));
  return verb2;
}

/* "a town who's main square was rebuilt": "who's", an adjective and a noun, then that noun's
 * verb, is the subject's possessive ("who's best friends with", "who's good company and" are
 * predicates, no verb after the noun; "who's lost weight knows" is "who has" and a
 * participle). "and they're suggestions were helpful", "if they're children have seen": a
 * plural noun, then a plural's auxiliary, is a subject and its verb ("they're experts at",
 * "they're suggestions only" have no verb after the noun; "there people are" is a place's). */
static gboolean
subject_after_contraction (const F *f, const char *l, const char *next, const char *next2)
{
  const char *next3 = near (f, 3);
  /* "know who's silver Ford Focus has been parked": an adjective, a name, then its verb. */
  if (g_str_equal (l, "who's") && next2 && draftd_forms_is (next, 'a') && !draftd_candidates_function_word (next) &&
      g_ascii_isupper (f->words[f->i + 2].text[0])) {
    guint k = f->i + 2;
    while (k < f->n && k < f->i + 5 && joined (f, k - 1) && g_ascii_isupper (f->words[k].text[0]))
      k++;
    if (k < f->n && joined (f, k - 1) && draftd_candidates_in_list (" has is was will can had ", f->words[k].lower))
      return TRUE;
  }
  if (g_str_equal (l, "who's"))
    return next3 && draftd_forms_is (next, 'a') && !draftd_candidates_function_word (next) && !participle_after_noun (next) &&
           (draftd_forms_is (next2, 'n') || possessed_noun (f, next2)) && !draftd_candidates_function_word (next2) &&
           clause_verb_word (f, next3) && !g_str_has_suffix (next3, "ing");
  if (g_str_equal (l, "there") || !g_ascii_islower (f->words[f->i + 1].text[0]) || noun_number (f, next) <= 0 || next2 == NULL)
    return FALSE;
  if (draftd_candidates_in_list (" are were have had ", next2))
    return TRUE;
  /* "If you're kids want to help", "because you're parents know best": at a clause's opening,
   * a plural noun and then a plural's verb that is no noun's plural (nor "like", which
   * compares: "they're brothers like us"). */
  g_autofree char *other = NULL;
  const char *prev = near (f, -1);
  /* "Most visitors said they're children loved the armour table": after a verb of saying, a
   * past that is no noun's likewise. */
  gboolean past = g_str_has_suffix (next2, "ed") && !noun (next2) && draftd_candidates_in_list (" said says told think thinks thought ", prev) &&
                  !draftd_candidates_in_list (prepositions, next3); /* "they're experts trained in first aid" */
  return next3 && (prev == NULL || past || draftd_candidates_in_list (" if when because and but so once while ", prev)) &&
         finite_verb (f, next2) && (past || verb_number (f, next2, &other) == 1) && noun_number (f, next2) <= 0 &&
         !draftd_candidates_function_word (next2) && !g_str_equal (next2, "like") && joined (f, f->i + 2);
}

/* "but it's main problem is that": an adjective (a noun's word too), the possessed noun and
 * then its verb; no contraction's predicate reads so. "and it's large windows overlook a
 * garden": a plural noun, then a plural's auxiliary or a verb's base with its object's
 * determiner after it. */
static gboolean
described_subject (const F *f, const char *l, const char *next, const char *next2)
{
  const char *next3 = near (f, 3), *next4 = near (f, 4);
  /* "it's current wording is": an -ing noun after the adjective, before a singular's verb. */
  gboolean ing_noun = next2 && g_str_has_suffix (next2, "ing") && draftd_forms_is (next2, 'n') && draftd_candidates_in_list (" is was has ", next3);
  if (g_str_equal (l, "there") || g_str_equal (l, "who's") || !g_ascii_islower (f->words[f->i + 1].text[0]) || !draftd_forms_is (next, 'a') ||
      draftd_candidates_function_word (next) || !(possessed_noun (f, next2) || ing_noun) || f->i + 3 >= f->n || !joined (f, f->i + 2))
    return FALSE;
  int number = noun_number (f, next2);
  /* "but it's left track still makes a grinding noise": a frequency adverb, then an -s verb. */
  g_autofree char *base = NULL;
  if (number < 0 && draftd_candidates_in_list (" still also always never often usually ", next3) && next4 && g_str_has_suffix (next4, "s") &&
      verb_number (f, next4, &base) == -1 && !noun (next4))
    return TRUE;
  if (number < 0)
    return draftd_candidates_in_list (" is was has does can will ", next3);
  return number > 0 && (draftd_candidates_in_list (" are were have do can will ", next3) ||
                        (draftd_forms_is (next3, 'v') && !draftd_candidates_function_word (next3) && !g_str_has_suffix (next3, "s") &&
                         !g_str_has_suffix (next3, "ing") && !g_str_has_suffix (next3, "ed") && joined (f, f->i + 3) &&
                         draftd_candidates_in_list (" a an the this these those my your his her our their some ", next4)));
}

/* "but it's location near the station made it noisy": a preposition's phrase after the
 * noun (a determiner, at most three words of a noun phrase), then a clause's verb with more
 * clause after it: the noun is that verb's subject ("it's time for the kids to" has no verb). */
static gboolean
phrase_then_verb (const F *f, const char *l, const char *prev)
{
  guint k = f->i + 2;
  gboolean opens = prev == NULL || draftd_candidates_in_list (draftd_candidates_clause_words, prev) || draftd_candidates_in_list (" and or ", prev);
  if (!opens || k + 1 >= f->n || draftd_candidates_in_list (" there who's ", l) || !possessed_noun (f, f->words[f->i + 1].lower) ||
      !joined (f, f->i + 1) || !draftd_candidates_in_list (prepositions, f->words[k].lower) ||
      !g_ascii_islower (f->words[f->i + 1].text[0]) || noun_number (f, f->words[f->i + 1].lower) >= 0)
    return FALSE;
  k++;
  if (draftd_candidates_in_list (determiners, f->words[k].lower) && joined (f, k - 1))
    k++;
  guint first = k;
  while (k < f->n && k < first + 3 && joined (f, k - 1) && np_word (f, &f->words[k]) && !clause_verb_word (f, f->words[k].lower))
    k++;
  return k > first && k + 1 < f->n && joined (f, k - 1) && joined (f, k) && clause_verb_word (f, f->words[k].lower) &&
         !g_str_has_suffix (f->words[k].lower, "s");
}

/* "and it's pressure gauge keeps dropping": after a clause's conjunction, a compound of two
 * singular nouns, then an -s verb with an -ing form, an adverb or a determiner after it, is
 * the possessive's subject ("and it's water pipes that" has no such verb). */
static gboolean
compound_subject (const F *f, const char *l, const char *next, const char *next2, const char *prev)
{
  const char *next3 = near (f, 3), *next4 = near (f, 4);
  g_autofree char *base = NULL;
  if (g_str_equal (l, "there") || g_str_equal (l, "who's") || next4 == NULL ||
      !draftd_candidates_in_list (" and but so because when if while ", prev) || !g_ascii_islower (f->words[f->i + 1].text[0]) ||
      !possessed_noun (f, next) || noun_number (f, next) >= 0 || !noun (next2) || draftd_candidates_function_word (next2) ||
      noun_number (f, next2) >= 0 || !joined (f, f->i + 1) || !joined (f, f->i + 2) || !joined (f, f->i + 3))
    return FALSE;
  return g_str_has_suffix (next3, "s") && verb_number (f, next3, &base) == -1 &&
         (g_str_has_suffix (next4, "ing") || g_str_has_suffix (next4, "ly") || draftd_candidates_in_list (" a an the my your his her our their ", next4));
}

/* A noun a possessive can take (possessed_noun), or a made thing's or a message's that WordNet
 * lists as an adjective too before "is", "was" or "has" ("it's motor is powerful", "you're
 * prescription is ready"; "It's fine is what he said" is a penalty's, no made thing, and
 * "okay" a message of approval). */
static gboolean
owned_thing (const F *f, const char *next, const char *next2)
{
  int lexfile = noun (next) ? draftd_forms_noun_lexfile (next) : -1;
  return possessed_noun (f, next) ||
         ((lexfile == DRAFTD_FORMS_ARTIFACT || (lexfile == DRAFTD_FORMS_COMMUNICATION && !draftd_candidates_in_list (" okay ok right alright fine sure ", next))) &&
          /* "but it's motor makes a noise": a singular's verb. */
          draftd_candidates_in_list (" is was has makes needs keeps looks sounds ", next2));
}

/* "make sure you're billing address matches", "they're eating habits are": an -ing word and a
 * noun, then the clause's verb, are a compound subject ("billing address"), the
 * possessive's; the contraction would leave the verb with no subject. */
static gboolean
ing_compound_subject (const F *f, const char *l, const char *next, const char *next2)
{
  const char *next3 = near (f, 3);
  g_autofree char *other = NULL;
  if (g_str_equal (l, "there") || next2 == NULL || next3 == NULL || !g_str_has_suffix (next, "ing") || !g_ascii_islower (f->words[f->i + 1].text[0]) ||
      !(noun (next2) || noun_number (f, next2) != 0) || draftd_candidates_function_word (next2))
    return FALSE;
  /* The verb agrees with the noun ("You're making friends is" is no such subject). */
  int v = draftd_candidates_in_list (" is was has ", next3) ? -1 : draftd_candidates_in_list (" are were have ", next3) ? 1 : 0;
  if (v == 0 && finite_verb (f, next3)) {
    v = verb_number (f, next3, &other);
    /* "Make sure they're wearing shin pads at every session": an -s word that is a plural
     * too, then a preposition or nothing, ends a compound object ("billing address matches
     * the card" goes on to its own object). */
    const char *next4 = near (f, 4);
    if (noun_number (f, next3) > 0 && (next4 == NULL || draftd_candidates_in_list (prepositions, next4) || draftd_candidates_in_list (" and or ", next4)))
      return FALSE;
  }
  return v != 0 && (v > 0) == (noun_number (f, next2) > 0);
}

/* Does "there" stand before what is owned: "label there children's coats" (the place takes
 * no possessive noun after it), "thank the volunteers for there hard work" (after a
 * preposition, an adjective and its noun; "out of there quickly", "in there now" have
 * neither)? */
static gboolean
there_owns (const F *f, const char *next, const char *next2, const char *prev)
{
  /* "on there Viking projects": a preposition, a name's word and a lower-case noun that ends
   * its phrase. Not after "from" or "to", whose "there" opens a place's clause ("from there
   * Tom walks to school"). */
  const char *next3 = near (f, 3);
  if (draftd_candidates_in_list (" for of with about by on at into ", prev) && next2 && g_ascii_isupper (f->words[f->i + 1].text[0]) &&
      g_ascii_islower (f->words[f->i + 2].text[0]) && (noun (next2) || noun_number (f, next2) > 0) && !draftd_candidates_function_word (next2) &&
      (noun_number (f, next2) > 0 || !finite_verb (f, next2)) &&
      (next3 == NULL || draftd_candidates_in_list (prepositions, next3) || draftd_candidates_in_list (" and or but ", next3)))
    return TRUE;
  if (draftd_candidates_in_list (" for of with about to from by ", prev) && next2 && draftd_forms_is (next, 'a') && !draftd_forms_is (next, 'n') &&
      !draftd_candidates_function_word (next) && !g_str_has_suffix (next, "ly") && (noun (next2) || noun_number (f, next2) > 0) &&
      !draftd_candidates_function_word (next2))
    return TRUE;
  g_autofree char *owner = plain (next);
  gsize on = strlen (owner);
  /* "pick up there children's lost items": a phrasal verb's particle, no place's "up there". */
  const char *verb = near (f, -2);
  gboolean particle = draftd_candidates_in_list (" up out down ", prev) && verb && !draftd_candidates_function_word (verb) &&
                      (finite_verb (f, verb) || draftd_forms_is (verb, 'v'));
  if (prev == NULL || (draftd_candidates_in_list (" is are was were be been over up down out in from ", prev) && !particle) ||
      !g_ascii_islower (f->words[f->i + 1].text[0]) || on <= 3 || !(g_str_has_suffix (owner, "'s") || g_str_has_suffix (owner, "s'")))
    return FALSE;
  owner[on - (owner[on - 1] == '\'' ? 1 : 2)] = '\0';
  return (noun (owner) || noun_number (f, owner) > 0) && !draftd_candidates_function_word (owner);
}

/* "said they're heating has been off", "you're cooking is amazing": an -ing noun, then a
 * singular's "is", "was" or "has", after the clause's opening: the possessive's subject.
 * Not after "what", "all" or a noun ("what they're saying is true": the relative's). */
static gboolean
ing_noun_subject (const F *f, const char *l, const char *next, const char *next2, const char *prev)
{
  /* "and there handwriting has improved": "there" only before "has" ("and there parking is
   * free" may be the place's). */
  const char *verbs = g_str_equal (l, "there") ? " has hasn't " : " is was has isn't wasn't hasn't ";
  return !g_str_equal (l, "who's") && next2 && g_str_has_suffix (next, "ing") && draftd_forms_is (next, 'n') &&
         g_ascii_islower (f->words[f->i + 1].text[0]) && draftd_candidates_in_list (verbs, next2) &&
         (prev == NULL || draftd_candidates_in_list (" said says say told think thinks thought and but because so if when ", prev));
}

/* "but it's motor still makes": past a frequency adverb at `next2`, the word after it. */
static const char *
past_frequency (const F *f, const char *next2)
{
  return draftd_candidates_in_list (" still also always never often usually ", next2) && near (f, 3) ? near (f, 3) : next2;
}

/* "so delays there affect every route", "people there say": after a plural subject and
 * before its verb's base, "there" is the place. */
static gboolean
place_after_subject (const F *f, const char *next, const char *prev)
{
  return prev && noun_number (f, prev) > 0 && draftd_forms_is (next, 'v') && !g_str_has_suffix (next, "s");
}

/* "I think you're crazy.": after a verb of thinking or saying, an adjective that is a noun
 * too, ending its clause, is the contraction's complement ("forget you're umbrella" is the
 * object's possessive). */
static gboolean
thought_complement (const char *l, const char *next, const char *next2, const char *prev)
{
  return !g_str_equal (l, "there") &&
         draftd_candidates_in_list (" think thinks thought know knows knew hope hopes guess believe feel felt say says said if because ", prev) &&
         draftd_forms_is (next, 'a') && (next2 == NULL || draftd_candidates_in_list (prepositions, next2) || draftd_candidates_in_list (" and or but ", next2));
}

/* Is words[k] an acronym, two to five capitals ("BVN", "OP", "HOA")? */
static gboolean
acronym_at (const F *f, guint k)
{
  if (k >= f->n)
    return FALSE;
  const Word *w = &f->words[k];
  gsize n = w->end - w->start;
  if (n < 2 || n > 5)
    return FALSE;
  for (gsize j = 0; j < n; j++)
    if (!g_ascii_isupper (w->text[j]))
      return FALSE;
  return TRUE;
}

/* "you're BVN verification is still pending", "Sir, you're OP card has expired", "but there
 * HOA hasn't approved": an acronym names a thing's kind (or, alone, an owned body) and the
 * phrase is the subject of the verb after it, the possessive's. */
static gboolean
acronym_subject (const F *f, const char *l, const char *rep)
{
  if (f->i + 2 >= f->n || !acronym_at (f, f->i + 1) || !joined (f, f->i) || !joined (f, f->i + 1))
    return FALSE;
  const char *n2 = f->words[f->i + 2].lower, *n3 = near (f, 3);
  static const char *const verbs = " is was were are has hasn't isn't wasn't will won't needs keeps ";
  if (g_str_equal (l, "there"))
    return draftd_candidates_in_list (" and but so because ", near (f, -1)) && draftd_candidates_in_list (verbs, n2);
  /* "who's API key was used": "whose" likewise, its verb a passive's too. */
  return draftd_candidates_in_list (" your whose ", rep) && g_ascii_islower (f->words[f->i + 2].text[0]) && noun (n2) &&
         !draftd_candidates_function_word (n2) && draftd_candidates_in_list (verbs, n3);
}

/* "left there wetsuits drying", "bring there old prescriptions", "lock there bikes": after a
 * verb of carrying or leaving things, "there" before a plural (an adjective between at most)
 * that ends its phrase owns it; the place comes after the object ("left them there"). */
static const char *const carrying = " bring brings brought take takes took leave leaves left pack packed lock locks locked park parked "
                                    "collect collected hang hung forget forgot lose lost wash washed check checked renew sign signed "
                                    "grab grabbed label labelled labeled drop dropped ";

static gboolean
there_object (const F *f, const char *prev)
{
  if (!draftd_candidates_in_list (carrying, prev))
    return FALSE;
  guint k = f->i + 1;
  if (k < f->n && joined (f, k - 1) && draftd_forms_is (f->words[k].lower, 'a') && !draftd_candidates_function_word (f->words[k].lower) &&
      !g_str_has_suffix (f->words[k].lower, "ly") && !draftd_candidates_in_list (numbers, f->words[k].lower))
    k++;
  if (k >= f->n || !joined (f, k - 1) || !g_ascii_islower (f->words[k].text[0]) || noun_number (f, f->words[k].lower) <= 0 ||
      draftd_candidates_function_word (f->words[k].lower))
    return FALSE;
  const char *after = k + 1 < f->n && joined (f, k) ? f->words[k + 1].lower : NULL;
  return after == NULL || draftd_candidates_in_list (prepositions, after) || draftd_candidates_in_list (" and to ", after) ||
         (g_str_has_suffix (after, "ing") && !draftd_forms_is (after, 'n'));
}

/* "who's blue Bauer gloves got left", "who's red umbrella": an adjective, a maker's name or
 * two at most, then a plural or a possessed noun; "who's" (who is, who has) takes no bare
 * adjective and noun, which would want their article. */
static gboolean
described_owned (const F *f)
{
  guint k = f->i + 1;
  const char *next = near (f, 1);
  if (next == NULL || !draftd_forms_is (next, 'a') || draftd_candidates_function_word (next) || draftd_candidates_in_list (ordinals, next) ||
      draftd_candidates_in_list (" first next last new ", next) || g_str_has_suffix (next, "ly") || g_str_has_suffix (next, "ing") ||
      !g_ascii_islower (f->words[k].text[0]))
    return FALSE;
  k++;
  for (guint m = 0; m < 2 && k < f->n && joined (f, k - 1) && g_ascii_isupper (f->words[k].text[0]); m++)
    k++;
  if (k + 1 >= f->n || !joined (f, k - 1) || !joined (f, k) || !g_ascii_islower (f->words[k].text[0]) ||
      draftd_candidates_function_word (f->words[k].lower))
    return FALSE;
  /* The phrase is its clause's subject: a verb follows ("who's great value for money", "who's
   * best friends with" are complements). */
  return (noun_number (f, f->words[k].lower) > 0 || possessed_noun (f, f->words[k].lower)) &&
         draftd_candidates_in_list (" got was were is are has have had keeps ", f->words[k + 1].lower);
}

/* "drop off you're kid's jersey": after a preposition or a particle no clause starts, and a
 * possessive's noun is the object's determiner. */
static gboolean
owner_after_particle (const F *f, const char *l, const char *next, const char *prev)
{
  /* "bring you're ISDS registration papers": after a verb of carrying, which takes no clause,
   * a name's or an acronym's label and a noun are its object. */
  if (g_str_equal (l, "you're") && draftd_candidates_in_list (carrying, prev) && f->i + 2 < f->n && acronym_at (f, f->i + 1) &&
      g_ascii_islower (f->words[f->i + 2].text[0]) && noun (f->words[f->i + 2].lower))
    return TRUE;
  if (g_str_equal (l, "there") || !(draftd_candidates_in_list (prepositions, prev) || draftd_candidates_in_list (" off up out down ", prev)) ||
      !g_ascii_islower (f->words[f->i + 1].text[0]) || !g_str_has_suffix (next, "'s") || strlen (next) <= 4)
    return FALSE;
  g_autofree char *owner = g_strndup (next, strlen (next) - 2);
  return noun (owner) && !draftd_candidates_function_word (owner);
}

/* The shapes of acronym_subject(), there_object(), described_owned() and
 * owner_after_particle(), in which the possessive is sure. */
static gboolean
owner_shape (const F *f, const char *l, const char *rep, const char *next, const char *prev)
{
  return acronym_subject (f, l, rep) || (g_str_equal (l, "there") && there_object (f, prev)) || (g_str_equal (l, "who's") && described_owned (f)) ||
         owner_after_particle (f, l, next, prev);
}

/* "there", "they're", "you're", "it's", "who's" where the possessive `rep` is meant. */
static gboolean
to_possessive_site (F *f, const char *l, const char *rep, const char *next, const char *next2, const char *prev)
{
  const Word *w = &f->words[f->i];
  /* "it's only thanks to volunteers": an adverb and a preposition are the complement; "What
   * they're saying is", "all you're doing is": a free relative's; "it's time we": the idiom's. */
  if ((draftd_candidates_in_list (" only just ", next) && draftd_candidates_in_list (" thanks due because ", next2)) ||
      (draftd_candidates_in_list (" what whatever all everything ", prev) && g_str_has_suffix (next, "ing")) ||
      (g_str_equal (l, "it's") && g_str_equal (next, "time") && draftd_candidates_in_list (" to for we you i they he she now ", next2)))
    return FALSE;
  /* "It's engine makes a noise", "There house is": a noun and then its clause's verb is a
   * subject, whose possessive this is. "There" is a place's before most nouns ("There life
   * is hard", "There people live longer"), never before a thing's or a person's singular. */
  int lexfile = next ? draftd_forms_noun_lexfile (next) : -1;
  const char *verb = past_frequency (f, next2);
  gboolean verb2 = subject_verb_after (f, l, rep, next2) || (verb != next2 && subject_verb_after (f, l, rep, verb));
  if (g_ascii_islower (f->words[f->i + 1].text[0]) && owned_thing (f, next, verb) && noun_number (f, next) < 0 && verb2 &&
      (!g_str_equal (l, "there") || (f->i == 0 && (lexfile == DRAFTD_FORMS_ARTIFACT || lexfile == DRAFTD_FORMS_PERSON))) &&
      !g_str_equal (l, "who's"))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  if (phrase_then_verb (f, l, prev) || described_subject (f, l, next, next2) || compound_subject (f, l, next, next2, prev) ||
      ing_compound_subject (f, l, next, next2) || ing_noun_subject (f, l, next, next2, prev) || owner_shape (f, l, rep, next, prev))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  if (g_str_equal (l, "there") && there_after_verb (f, next, next2, prev))
    return TRUE;
  if (g_str_equal (l, "there") && place_after_subject (f, next, prev))
    return FALSE;
  if (g_str_equal (l, "there") && there_owns (f, next, next2, prev))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  /* "Is there milk", "over there", "there books" (a verb's -s or a plural): the model's;
   * "it's Friday", "Who's Tom?": a name after the contraction is its complement. */
  if ((g_str_equal (l, "there") && (draftd_candidates_in_list (" is are was were be been over up down out in from ", prev) || f->i == 0)) ||
      g_ascii_isupper (f->words[f->i + 1].text[0]))
    return FALSE;
  if (thought_complement (l, next, next2, prev))
    return FALSE;
  /* "kept all it's original features": "all" before a possessive's adjective and plural. */
  gboolean all_of = g_strcmp0 (prev, "all") == 0 && !g_str_equal (l, "there") && draftd_forms_is (next, 'a') &&
                    !draftd_candidates_function_word (next) && next2 && noun_number (f, next2) > 0;
  if (g_str_equal (next, "own") || all_of || object_possessive (f, l, next, next2, prev))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  const char *alts[] = { rep }, *theyre[] = { "they're" };
  /* "said there moving": "there" before an -ing form is "they're". */
  if (g_str_equal (l, "there") && g_str_has_suffix (next, "ing") && strlen (next) > 4 && !possessed_noun (f, next))
    return judge (f, w->start, w->end, theyre, 1, DRAFTD_FIX_WORD_CHOICE, 1.5f);
  /* After a preposition ("for it's old bridges") or "this", no clause can start. */
  gboolean object = draftd_candidates_in_list (prepositions, prev) || draftd_candidates_in_list (" this that ", prev);
  if (subject_after_contraction (f, l, next, next2))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  /* The shipped target cannot tell "Whose idea" from "Who's idea"; the pattern can: "who's"
   * takes no bare noun, and a clause cannot follow a preposition. */
  if (possessed_noun (f, next) && (g_str_equal (l, "who's") || draftd_candidates_in_list (prepositions, prev)))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  /* "but they're improvements to one feature": a contraction opening its clause before a
   * noun is its complement when no verb follows for a possessive's phrase to be the subject
   * of ("they're car is red" has one); before an -ing form ("but they're paying cash and")
   * it is the progressive's wherever its clause opens. */
  if (!g_str_equal (l, "there") && !object && !draftd_candidates_verb_after (f, f->i + 2) &&
      (g_str_has_suffix (next, "ing") || (possessed_noun (f, next) && (prev == NULL || draftd_candidates_in_list (draftd_candidates_clause_words, prev) ||
                                                                        draftd_candidates_in_list (" and or ", prev)))))
    return FALSE;
  /* "Is this you're umbrella?": after "this" or a preposition a noun WordNet also lists as an
   * adjective ("umbrella") is the possessed noun where its phrase ends. */
  gboolean ending_noun = (g_strcmp0 (prev, "this") == 0 || draftd_candidates_in_list (prepositions, prev)) && draftd_forms_is (next, 'n') &&
                         !draftd_candidates_function_word (next) && (next2 == NULL || draftd_candidates_in_list (prepositions, next2));
  if (possessed_noun (f, next) || ending_noun)
    return judge (f, w->start, w->end, alts, 1, DRAFTD_FIX_WORD_CHOICE, object || noun_number (f, next) < 0 ? 2.5f : 1.5f);
  /* An adjective before the possessed noun ("they're new car"); not "on", "off", "in", which
   * WordNet lists as adjectives too ("they're on holiday" is the contraction's). */
  if (draftd_forms_is (next, 'a') && !draftd_candidates_function_word (next) && (object || !draftd_forms_is (next, 'n')) &&
      possessed_noun (f, next2) && !g_str_equal (l, "there"))
    return judge (f, w->start, w->end, alts, 1, DRAFTD_FIX_WORD_CHOICE, object ? 2.5f : 0.5f);
  /* "lost it's first game": an ordinal before a noun is a possessive's ("It's first come,
   * first served" is the model's to keep). */
  /* Not "top", "bottom", "ground" of the ordinals' list: "it's top priority" is a predicate. */
  if ((draftd_candidates_in_list (" first second third last next ", next) ||
       (draftd_candidates_in_list (ordinals, next) && !draftd_candidates_in_list (" top bottom ground ", next))) &&
      possessed_noun (f, next2) && !g_str_equal (l, "there"))
    return judge (f, w->start, w->end, alts, 1, DRAFTD_FIX_WORD_CHOICE, 2.5f);
  return FALSE;
}

/* A possessive where no noun follows it: "Is their a lift?", "Was their any news" ("there"
 * of being, between "be" and a determiner of what is there); "whose in charge", "your on
 * mute", "Its in the box" (a possessive takes a noun, never a preposition: the contraction's
 * "is" or "are" stands there, where its clause opens). */
static gboolean
possessive_before_no_noun (F *f, const char *l, const char *rep, const char *next, const char *next2, const char *prev)
{
  const Word *w = &f->words[f->i];
  if (g_str_equal (l, "their") && draftd_candidates_in_list (" is was are were ", prev) && draftd_candidates_in_list (" a an any no enough ", next))
    return sure (f, w->start, w->end, "there", DRAFTD_FIX_WORD_CHOICE);
  /* "a lock hanging their that you're welcome to use": before a relative's "that" or "which",
   * after an -ing form, the place ("their" owns no "that"). */
  if (g_str_equal (l, "their") && draftd_candidates_in_list (" that which ", next) && prev && g_str_has_suffix (prev, "ing") && strlen (prev) > 5 &&
      !draftd_candidates_function_word (prev))
    return sure (f, w->start, w->end, "there", DRAFTD_FIX_WORD_CHOICE);
  if (draftd_candidates_in_list (" in on at from ", next) && next2 && f->s[f->words[f->i + 1].end] != '-' &&
      (prev == NULL || draftd_candidates_in_list (draftd_candidates_clause_words, prev) ||
       draftd_candidates_in_list (" know knows think thinks hope guess wonder said sure and but ", prev)) &&
      (draftd_candidates_in_list (determiners, next2) || draftd_candidates_in_list (" charge time home work school holiday duty ", next2)))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  return FALSE;
}

/* "go back their next summer": a return's "back", then a time; "get back their money",
 * "back their next candidate" keep the possessive before a noun that is no time. */
static gboolean
back_there (const F *f, const char *prev, const char *next, const char *next2)
{
  return g_strcmp0 (prev, "back") == 0 && draftd_candidates_in_list (" go goes went gone going come comes came coming ", near (f, -2)) &&
         ((draftd_candidates_in_list (" next last this every ", next) &&
           draftd_candidates_in_list (" summer winter spring autumn year week month weekend time day season term ", next2)) ||
          draftd_candidates_in_list (" soon someday one tomorrow again ", next) || calendar_name (next));
}

/* Does the word after a bare adjective (next2) show that the adjective ends its clause as a
 * predicate? Its end, a preposition or a time ("If your free on Friday": a day's "on" follows a
 * predicate too; "when your free next week", "if your busy this Tuesday": a time's own phrase,
 * whose "next" or "this" is no noun the adjective could modify), or a conjunction and a subject
 * pronoun, which open the next clause ("when your ready so we can"). */
static gboolean
predicate_ends (const F *f, const char *next2)
{
  const char *next3 = near (f, 3);
  return next2 == NULL || draftd_candidates_in_list (" about for with to at of in on again today tonight tomorrow later now already ", next2) ||
         (draftd_candidates_in_list (" next this every ", next2) && (draftd_candidates_in_list (time_nouns, next3) || calendar_name (next3))) ||
         (draftd_candidates_in_list (" so and but because when if until ", next2) && draftd_candidates_in_list (" i you he she we they ", next3));
}

/* "whose responsible for", "its hard to", "your free next week": an adjective alone before a
 * preposition or a time modifies nothing, so it is a predicate (predicate_ends()). "gave it
 * their all for the team": "all" is a quantifier, a predicate's only before an adverb's
 * participle ("your all invited", adverb_predicate()). */
static gboolean
bare_predicate (const F *f, const char *next, const char *next2, const char *prev)
{
  /* "Take your right at the lights", "defended their right in court": after a verb that takes
   * an object and no clause, "right" and "wrong" are its nouns. */
  if (draftd_candidates_in_list (" right wrong ", next) && prev && !draftd_candidates_function_word (prev) && finite_verb (f, prev) &&
      !draftd_candidates_in_list (clause_verbs, prev))
    return FALSE;
  /* "shouldn't affect your broadband, but": so is any adjective-like noun after a modal and a
   * verb's base that takes an object. */
  if (prev && draftd_forms_is (prev, 'v') && !draftd_candidates_function_word (prev) && !draftd_candidates_in_list (clause_verbs, prev) &&
      !draftd_candidates_in_list (" be get feel look seem stay keep make ", prev) && !draftd_forms_is (prev, 'a') && f->i >= 2 &&
      draftd_candidates_in_list (modals, f->words[f->i - 2].lower))
    return FALSE;
  gboolean bare = (draftd_forms_is (next, 'a') && !draftd_forms_is (next, 'n') && !draftd_forms_is (next, 'v')) ||
                  draftd_candidates_in_list (" sure ready free busy ", next) ||
                  (draftd_candidates_in_list (" right wrong ", next) && !draftd_candidates_in_list (" to of ", next2));
  return bare && predicate_ends (f, next2) && !draftd_candidates_in_list (" own all ", next);
}

/* Does words[k] end its clause: phrase_ends(), or a comma before a word that opens the next
 * clause ("its much brighter, so", not "its much larger, older sibling")? */
static gboolean
clause_break (const F *f, guint k)
{
  return phrase_ends (f, k) ||
         (k + 1 < f->n && f->s[f->words[k].end] == ',' &&
          draftd_candidates_in_list (" so and but because when if though although while which i you we they he she it there ", f->words[k + 1].lower));
}

/* An adverb that no possessive stands before, then a predicate: "your still waiting", "their
 * always late", "its so called because"; "your now connected to", "your already registered",
 * "its now closed.", "your just in time" (a past participle, an -ing form, an adjective, or
 * after "now", "already", "just" a place's preposition). A modifier before a noun is the
 * possessive's ("your still unread messages", "your now famous lasagne", "its so called
 * experts", "your already long list"); "just", "all" may be adjectives ("your just reward",
 * "gave it your all in the final"), and after a preposition no clause starts ("for your
 * already being here"). */
static gboolean
adverb_predicate (const F *f, const char *next, const char *next2, const char *prev)
{
  gboolean old = draftd_candidates_in_list (" always never too so also still ", next);
  if (!old && !draftd_candidates_in_list (" now already just all often usually sometimes rarely seldom ", next))
    return FALSE;
  const char *next3 = near (f, 3);
  gboolean modifier = next2 && (draftd_forms_is (next2, 'a') || participle_after_noun (next2) || gerund_word (f, next2));
  /* "Its still early days for the project": a clause opened by the word with no verb after
   * the noun has it for its predicate ("Your still unread messages are piling up" has its verb). */
  gboolean opens = prev == NULL || draftd_candidates_in_list (draftd_candidates_clause_words, prev);
  if (modifier && possessed_noun (f, next3) && !(old && opens && !later_verb (f, f->i + 4)))
    return FALSE;
  if (old)
    return TRUE;
  if (next2 == NULL || draftd_candidates_in_list (prepositions, prev) || draftd_candidates_in_list (" being having ", next2))
    return FALSE;
  if (!g_str_equal (next, "all") && draftd_candidates_in_list (" in on at into onto ", next2) && near (f, 3))
    return TRUE;
  /* "but its now too cold in winter": a degree word and an adjective that modifies nothing. */
  const char *next4 = near (f, 4);
  if (draftd_candidates_in_list (" too so very quite really ", next2) && next3 && draftd_forms_is (next3, 'a') &&
      !draftd_candidates_function_word (next3) && (next4 == NULL || draftd_candidates_function_word (next4) || clause_break (f, f->i + 3)))
    return TRUE;
  if (!modifier || draftd_candidates_function_word (next2))
    return FALSE;
  /* WordNet calls "on", "in" adjectives too. */
  return next3 ? draftd_candidates_function_word (next3) || (!noun (next3) && !draftd_forms_is (next3, 'a')) : clause_break (f, f->i + 2);
}

/* Does the -ly adverb's word at words[f->i + 2] modify nothing after it: its clause's end, a
 * function word ("its neatly placed near"), or a comma before no adjective ("its perfectly
 * located, just"; "its neatly painted, bright rooms" lists adjectives before their noun)? */
static gboolean
ly_word_ends (const F *f, const char *next3)
{
  if (next3)
    return (draftd_candidates_function_word (next3) && !draftd_candidates_in_list (determiners, next3)) ||
           draftd_candidates_in_list (" inside outside upstairs downstairs nearby here there ", next3);
  if (f->i + 3 >= f->n || f->s[f->words[f->i + 2].end] != ',')
    return clause_break (f, f->i + 2);
  const char *after = f->words[f->i + 3].lower;
  return draftd_candidates_function_word (after) || !draftd_forms_is (after, 'a');
}

/* "but its perfectly located", "because its conveniently placed near", "whose currently
 * learning Spanish": an -ly adverb that is no adjective ("only", "early", "daily" are), then a
 * participle, an -ing form or an adjective that modifies nothing (ly_word_ends()), where a
 * clause opens (its start, a clause's word, "and", a verb of thinking; "whose" opens its own).
 * A modifier before its noun keeps the possessive: "its carefully restored facade", "whose
 * newly built house", "for its beautifully kept garden" (no clause after a preposition). An
 * -ing form's object may follow: a determiner or a pronoun ("your currently using the old
 * one"), or after "whose" a name or a noun that ends the clause with no verb after it ("whose
 * currently studying law in"; "whose constantly ringing phone annoyed" has its verb). */
static gboolean
ly_predicate (const F *f, const char *l, const char *next, const char *next2, const char *prev)
{
  /* WordNet's adverbs are not loaded: an adjective's -ly form ("incredibly", "gently" from
   * "-le" too) that is no adjective itself. */
  gsize n = strlen (next);
  g_autofree char *le = n > 4 ? g_strdup_printf ("%.*se", (int) (n - 1), next) : NULL;
  if (next2 == NULL || n < 5 || !g_str_has_suffix (next, "ly") || !(adverb (next) || draftd_forms_is (le, 'a')) ||
      draftd_forms_is (next, 'a') || draftd_candidates_function_word (next) || draftd_candidates_in_list (prepositions, prev))
    return FALSE;
  gboolean whose = g_str_equal (l, "whose");
  if (!whose && prev && !draftd_candidates_in_list (draftd_candidates_clause_words, prev) &&
      !draftd_candidates_in_list (" and think thinks thought guess hope know knows said says sure ", prev))
    return FALSE;
  gboolean ing = gerund_word (f, next2);
  if (!ing && !participle_after_noun (next2) && !(draftd_forms_is (next2, 'a') && !draftd_candidates_function_word (next2)))
    return FALSE;
  const char *next3 = near (f, 3), *next4 = near (f, 4);
  /* "Its widely accepted that", "its generally agreed that": a passive's participle and the
   * clause it reports. */
  if (ly_word_ends (f, next3) || (g_strcmp0 (next3, "that") == 0 && !ing && participle_after_noun (next2)))
    return TRUE;
  if (!ing || next3 == NULL)
    return FALSE;
  if (draftd_candidates_in_list (" the a an my your his her our their this that these those it them him me us ", next3))
    return TRUE;
  return whose && (g_ascii_isupper (f->words[f->i + 3].text[0]) || (next4 == NULL || draftd_candidates_in_list (prepositions, next4) ||
                                                                     draftd_candidates_in_list (" and but ", next4))) &&
         !verb_after_object (f, f->i + 3);
}

/* A predicate's comparative, which no possessive stands before: "Your more than welcome";
 * "where its easier for groups", "because its much cheaper than driving", a comparative
 * after a degree word or none, before "for", "to" or "than", where a clause opens, modifies
 * nothing ("its older buildings to" has its noun; never after a verb or a preposition:
 * "lost its larger share to"). One that is a noun too ("closer", "warmer", "owner") only
 * before "than" or after a degree word ("because its owner to this day" is the
 * possessive's). */
static gboolean
comparative_predicate (const F *f, const char *next, const char *prev)
{
  gint c = draftd_candidates_in_list (" much far even slightly way ", next) ? 2 : 1;
  const char *cmp = near (f, c), *after_cmp = near (f, c + 1);
  if (g_strcmp0 (next, "more") == 0 && g_strcmp0 (near (f, 2), "than") == 0)
    return TRUE;
  /* "and honestly its much easier", "Now its far quieter": a sentence adverb between the
   * clause's opener and the word. */
  gboolean sentence_adverb = prev && (g_str_equal (prev, "now") || (g_str_has_suffix (prev, "ly") && adverb (prev)));
  const char *opener = sentence_adverb ? near (f, -2) : prev;
  return (opener == NULL || draftd_candidates_in_list (draftd_candidates_clause_words, opener) || draftd_candidates_in_list (" since and ", opener)) &&
         draftd_candidates_comparative (cmp) && !draftd_candidates_in_list (" rather more ", cmp) &&
         /* "now its much brighter, so": its clause's end, after no noun. */
         (draftd_candidates_in_list (" for to than ", after_cmp) || (after_cmp == NULL && cmp && clause_break (f, f->i + c))) &&
         (!draftd_forms_is (cmp, 'n') || c == 2 || g_strcmp0 (after_cmp, "than") == 0);
}

/* "Thanks, Jenny; your right that the shipment should go", "their wrong about it", "I think
 * your right that": opening its clause (after a verb of thinking or saying or a conjunction too), a verdict's
 * adjective and what it is about; a possessive's "right" takes "to" ("your right to vote"). */
static gboolean
verdict_opening (const char *next, const char *next2, const char *prev)
{
  /* "Thanks for the quick reply, and your right that": a conjunction opens it too. */
  return (prev == NULL || draftd_candidates_in_list (" think thought believe believed guess suppose reckon agree agreed said say and but so ", prev)) &&
         draftd_candidates_in_list (" right wrong sure ", next) && draftd_candidates_in_list (" that about ", next2);
}

/* "Once the caulk has cured, its safe to run water", "so its possible the Wi-Fi will drop":
 * opening its clause, an adjective of judgement before its infinitive or its "for", or one of
 * likelihood before its clause ("did its best to help" is the possessive's idiom, after a
 * verb). */
static gboolean
judged_extraposition (const char *l, const char *next, const char *next2, const char *prev)
{
  gboolean likely = draftd_candidates_in_list (" possible impossible likely unlikely obvious ", next) &&
                    draftd_candidates_in_list (" the a an that we you they he she i it this there ", next2);
  return g_str_equal (l, "its") &&
         (likely || (draftd_candidates_in_list (" safe good fine nice hard easy best worth ", next) && draftd_candidates_in_list (" to for ", next2))) &&
         (prev == NULL || draftd_candidates_in_list (draftd_candidates_clause_words, prev) || draftd_candidates_in_list (" and now ", prev));
}

/* "their", "your", "its", "whose" where the contraction is meant. */
/* "and their already feeding chicks": a time's adverb, then an -ing verb that is no
 * adjective ("their already booming trade" describes), after a clause's opener. */
static gboolean
adverb_progressive (const F *f, const char *l, const char *next, const char *next2, const char *prev)
{
  if (!draftd_candidates_in_list (" their your ", l) || !draftd_candidates_in_list (" already still now currently ", next) || next2 == NULL ||
      !g_str_has_suffix (next2, "ing") || strlen (next2) <= 5 || draftd_forms_is (next2, 'a') ||
      (prev != NULL && !draftd_candidates_in_list (" and but so because that if when ", prev)))
    return FALSE;
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, next2);
  return fam->len > 0 && draftd_forms_is (fam->pdata[0], 'v');
}

/* "outstays its welcome", "thanks for their welcome": after a verb or a preposition the
 * welcome is owned, no "you're welcome". */
static gboolean
owned_welcome (const F *f, const char *next, const char *prev)
{
  return g_str_equal (next, "welcome") && prev && !draftd_candidates_function_word (prev) &&
         (draftd_candidates_in_list (prepositions, prev) || draftd_forms_is (prev, 'v') || finite_verb (f, prev));
}

/* "Its been raining", "anyone whose been picked", "The patient, whose due for discharge": no
 * possessive owns "been", nor "due" before what it is due for. */
static gboolean
owns_no_been (const char *l, const char *next, const char *next2)
{
  return (draftd_candidates_in_list (" its whose ", l) && g_str_equal (next, "been")) ||
         (draftd_candidates_in_list (" whose its ", l) && g_str_equal (next, "due") && draftd_candidates_in_list (" for to back in on at tomorrow today ", next2));
}

/* The contraction a possessive is mistaken for ("their" -> "they're"), or NULL. */
static const char *
contraction_of (const char *l)
{
  static const char *const to_contraction[][2] = {
    { "their", "they're" }, { "your", "you're" }, { "its", "it's" }, { "whose", "who's" },
  };
  for (guint k = 0; k < G_N_ELEMENTS (to_contraction); k++)
    if (g_str_equal (l, to_contraction[k][0]))
      return to_contraction[k][1];
  return NULL;
}

/* "even if its annoying her": after a subordinator, an -ing verb and its object pronoun
 * ("I love your singing her praises" is a gerund's, after a verb); "know your here when": a
 * place's adverb. No possessive reads either way. */
static gboolean
progressive_object (const F *f, const char *l, const char *next, const char *next2, const char *prev)
{
  return (gerund_word (f, next) && draftd_candidates_in_list (" her him them me us ", next2) &&
          draftd_candidates_in_list (" if when because that since while unless though although once ", prev)) ||
         (g_str_equal (next, "here") && !g_str_equal (l, "whose"));
}

/* "your on snack duty for Saturday", "their on holiday until the 9th", "your on call": "on"
 * and a duty or an absence (a modifier or two between) is where someone is; nobody's "on"
 * owns a duty. */
static gboolean
on_duty (const F *f, const char *l, const char *next)
{
  static const char *const duties = " duty call shift shifts rota leave holiday holidays break standby watch patrol nights lates earlies ";
  if (g_str_equal (l, "its") || g_strcmp0 (next, "on") != 0 || f->s[f->words[f->i + 1].end] == '-')
    return FALSE;
  /* "your on the out-of-hours rota": a determiner and a hyphened compound between too. */
  for (guint k = f->i + 2; k < f->n && k <= f->i + 7 && (joined (f, k - 1) || hyphen_joined (f, k - 1)); k++) {
    const char *w = f->words[k].lower;
    if (k == f->i + 2 && !g_ascii_islower (f->words[k].text[0]))
      return FALSE;
    if (hyphen_joined (f, k))
      continue;
    if (draftd_candidates_in_list (duties, w))
      return phrase_ends (f, k) || (k + 1 < f->n && draftd_candidates_in_list (prepositions, f->words[k + 1].lower)) ||
             (k + 1 < f->n && draftd_candidates_in_list (" today tonight tomorrow this next again until till ", f->words[k + 1].lower));
    if ((k == f->i + 2 && draftd_candidates_in_list (" the a this ", w)) || hyphen_joined (f, k - 1))
      continue;
    if (draftd_candidates_function_word (w))
      return FALSE;
  }
  return FALSE;
}

static gboolean
to_contraction_site (F *f, const char *l, const char *next, const char *next2, const char *prev)
{
  const Word *w = &f->words[f->i];
  const char *rep = contraction_of (l);
  if (rep == NULL || owned_welcome (f, next, prev))
    return FALSE;
  if (progressive_object (f, l, next, next2, prev) || on_duty (f, l, next))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  if (possessive_before_no_noun (f, l, rep, next, next2, prev))
    return TRUE;
  /* "your a", "Your the best", "their not", "its going to", "your welcome": no possessive. */
  if (draftd_candidates_in_list (" a an the not going welcome ", next) || adverb_predicate (f, next, next2, prev) ||
      adverb_progressive (f, l, next, next2, prev) || ly_predicate (f, l, next, next2, prev) || verdict_opening (next, next2, prev))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  /* "Its been raining", "Your more than welcome", "its safe to": no possessive stands before
   * "been", a predicate's comparative or an extraposed clause's adjective. */
  if (owns_no_been (l, next, next2) || comparative_predicate (f, next, prev) || judged_extraposition (l, next, next2, prev))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  /* "your totally right", "their really busy": a degree adverb, then an adjective that is no
   * noun, ending its phrase. */
  const char *next3 = near (f, 3);
  if (draftd_candidates_in_list (" totally really absolutely completely quite very extremely probably definitely ", next) && next2 &&
      ((draftd_forms_is (next2, 'a') && !draftd_forms_is (next2, 'n') && !g_str_equal (next2, "own")) ||
       draftd_candidates_in_list (" right wrong sure ready ", next2)) &&
      (next3 == NULL || draftd_candidates_in_list (prepositions, next3) || draftd_candidates_in_list (" about that ", next3)))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  /* "lovely, their from Wales": a possessive before "from" and a place's name is "they're". */
  if (!g_str_equal (l, "its") && g_str_equal (next, "from") && f->i + 2 < f->n && g_ascii_isupper (f->words[f->i + 2].text[0]) &&
      prev == NULL && f->i > 0 && f->s[f->words[f->i - 1].end] == ',')
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  /* "leave them their for five minutes": after an object pronoun, before a duration's "for",
   * the place. */
  if (g_str_equal (l, "their") && draftd_candidates_in_list (" them it ", prev) && g_str_equal (next, "for") &&
      (draftd_candidates_in_list (numbers, next2) || draftd_candidates_in_list (" a an ", next2)))
    return sure (f, w->start, w->end, "there", DRAFTD_FIX_WORD_CHOICE);
  /* "when your outside", "once their inside": a place's adverb after a clause's opener. */
  /* "when your back from holiday", "once their away": an adverb of return or absence
   * before "from" likewise ("when your back hurts" has its verb). */
  gboolean back = draftd_candidates_in_list (" back away ", next) && draftd_candidates_in_list (" from home ", next2);
  /* "but its back to regular hours on Tuesday": a thing's return after a clause's "but". */
  if (g_str_equal (l, "its") && g_str_equal (next, "back") && draftd_candidates_in_list (" to in on ", next2) &&
      draftd_candidates_in_list (" but and so now ", prev))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  if (!g_str_equal (l, "its") && (draftd_candidates_in_list (" outside inside upstairs downstairs ", next) || back) && prev &&
      draftd_candidates_in_list (" when if once while because until ", prev) &&
      (next2 == NULL || back || draftd_candidates_in_list (determiners, next2)))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  /* "over their by the door", "over their while we ate", "from their to the castle": the
   * place, before a preposition or a conjunction, no noun ("as", "so": "gave up their as yet untested plans" possesses). */
  if (g_str_equal (l, "their") && draftd_candidates_in_list (" over up down out from ", prev) &&
      (f->i + 1 >= f->n || draftd_candidates_in_list (prepositions, next) ||
       draftd_candidates_in_list (" while because although though until unless whereas when if once ", next)))
    return sure (f, w->start, w->end, "there", DRAFTD_FIX_WORD_CHOICE);
  if (g_str_equal (l, "their") && back_there (f, prev, next, next2))
    return sure (f, w->start, w->end, "there", DRAFTD_FIX_WORD_CHOICE);
  /* "With their many friends": no clause starts after a preposition. "its fiery, bitter
   * taste", "its dreamy, almost hazy atmosphere": adjectives in a list before their noun (a
   * degree word before the second). */
  guint second = f->i + 2 + (f->i + 3 < f->n && draftd_candidates_in_list (" almost very quite rather slightly somewhat so ", f->words[f->i + 2].lower));
  if (draftd_candidates_in_list (prepositions, prev) ||
      (next2 == NULL && f->s[f->words[f->i + 1].end] == ',' && second < f->n && draftd_forms_is (f->words[second].lower, 'a')))
    return FALSE;
  const char *alts[] = { rep };
  /* An adjective that is no noun ("its colour is" has a noun), not before the noun it would
   * modify ("until their late twenties"). */
  gboolean predicate = (draftd_forms_is (next, 'a') && !draftd_forms_is (next, 'n') && !possessed_noun (f, next2) &&
                        !g_str_equal (next, "own")) ||
                       (draftd_candidates_in_list (" right wrong sure ready late early ", next) && !draftd_candidates_in_list (" to of ", next2) && !possessed_noun (f, next2));
  if (bare_predicate (f, next, next2, prev))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  if (progressive (f, l, next, next2, prev) || whose_progressive (f, l, next, next2))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  /* "shouldn't affect your broadband": after a verb that takes an object and no clause, the
   * possessive's adjective-like noun is that object. */
  if (predicate && draftd_candidates_possessive_subject (f, f->i))
    return FALSE;
  if (predicate)
    return judge (f, w->start, w->end, alts, 1, DRAFTD_FIX_WORD_CHOICE, 1.5f);
  /* Before an -ing form both read ("your conveying the work"): the older confusable rule's. */
  return FALSE;
}

gboolean
possessive_or_contraction (F *f)
{
  static const char *const to_possessive[][2] = {
    { "there", "their" }, { "they're", "their" }, { "you're", "your" }, { "it's", "its" }, { "who's", "whose" },
  };
  const Word *w = &f->words[f->i];
  g_autofree char *l = plain (w->lower);
  const char *next = near (f, 1), *next2 = near (f, 2), *prev = near (f, -1), *rep = NULL;
  /* "left their bikes over their.", "walked on from their.": the place, at its clause's end. */
  if (next == NULL && g_str_equal (l, "their") && draftd_candidates_in_list (" over up down out from ", prev) &&
      (f->i + 1 >= f->n || f->s[w->end] != '\''))
    return sure (f, w->start, w->end, "there", DRAFTD_FIX_WORD_CHOICE);
  if (next == NULL || f->s[f->words[f->i + 1].end] == '-')
    return FALSE;
  /* "Their's a spare key": before what there is, the contraction of "there is" ("theirs" is
   * the possessive pronoun, which takes no apostrophe). */
  if (g_str_equal (l, "their's") && draftd_candidates_in_list (" a an no some nothing something always never only plenty ", next))
    return sure_named (f, w->start, w->end, "there's", DRAFTD_FIX_WORD_CHOICE, "confusable.their-there");
  for (guint k = 0; k < G_N_ELEMENTS (to_possessive); k++)
    if (g_str_equal (l, to_possessive[k][0]))
      rep = to_possessive[k][1];
  if (rep)
    return to_possessive_site (f, l, rep, next, next2, prev);
  return to_contraction_site (f, l, next, next2, prev);
}

/* ---- confusable.than-then: "then" after a comparative in its clause ---- */

/* "more expensive to set up then inner tubes, but": a noun phrase after "then" with no verb
 * of its own up to its clause's end is what is compared with ("then the kids went home" has
 * its verb; "then we" a clause's subject). */
static gboolean
then_bare_phrase (const F *f)
{
  const char *n1 = near (f, 1);
  if (n1 == NULL || draftd_candidates_in_list (subject_pronouns, n1) || draftd_candidates_in_list (" there it this that ", n1) ||
      !(noun (n1) || noun_number (f, n1) > 0 || draftd_forms_is (n1, 'a') || draftd_candidates_in_list (" the a an my your his her our their ", n1)))
    return FALSE;
  for (guint k = f->i + 1; k < f->n && joined (f, k - 1); k++) {
    const char *l = f->words[k].lower;
    if (k > f->i + 1 && draftd_candidates_in_list (" but and or so because ", l))
      break;
    /* A plural after its modifier is the phrase's head ("inner tubes"), no -s verb. */
    if (k > f->i + 1 && noun_number (f, l) > 0 &&
        (!draftd_candidates_function_word (f->words[k - 1].lower) || draftd_candidates_in_list (determiners, f->words[k - 1].lower)))
      continue;
    if (clause_verb_word (f, l) || draftd_candidates_in_list (subject_pronouns, l) ||
        (!draftd_candidates_function_word (l) && draftd_forms_is (l, 'v') && !noun (l) && noun_number (f, l) <= 0 && !draftd_forms_is (l, 'a')))
      return FALSE;
  }
  return TRUE;
}

/* "far more volunteers at the spring clean-up then we expected", "took much longer on the
 * north side of the roof then we thought they would": a subject's expectation after "then"
 * is what a comparative up to ten words back in its clause (a hyphen's compound between
 * too) was compared with. */
static gboolean
expected_after (const F *f)
{
  const char *n2 = near (f, 2), *n3 = near (f, 3);
  if (!draftd_candidates_in_list (subject_pronouns, near (f, 1)) || n2 == NULL ||
      !draftd_candidates_in_list (" expected thought anticipated imagined planned hoped predicted feared budgeted ", n2) ||
      !(n3 == NULL || draftd_candidates_in_list (" and but so because it they he she we i would ", n3)))
    return FALSE;
  for (guint k = f->i; k-- > 0 && f->i - k <= 10;) {
    const char *l = f->words[k].lower;
    if (!(joined (f, k) || hyphen_joined (f, k)) || draftd_candidates_in_list (" and but because when if that which who ", l))
      return FALSE;
    if (draftd_candidates_comparative (l) || draftd_candidates_in_list (" more less fewer further farther ", l))
      return TRUE;
  }
  return FALSE;
}

/* "Whisk the eggs, than fold in the flour": "than" after a comma and before a verb's base,
 * with no comparative before it in the sentence, is the next step's "then"; so is "and than"
 * before a verb's base or past ("paused and than added"). */
static gboolean
than_sequence (const F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  gboolean and = f->i >= 2 && g_strcmp0 (near (f, -1), "and") == 0 && next && !draftd_candidates_function_word (next) &&
                 !g_str_has_suffix (next, "ing") &&
                 (finite_verb (f, next) || draftd_forms_is (next, 'v')) && !noun (next) &&
                 (!draftd_forms_is (next, 'a') || g_str_has_suffix (next, "ed"));
  if (!g_str_equal (w->lower, "than") || f->i < 2 || next == NULL ||
      !(and || (f->s[f->words[f->i - 1].end] == ',' && draftd_forms_is (next, 'v') && !g_str_has_suffix (next, "s") &&
                !draftd_candidates_function_word (next))))
    return FALSE;
  for (guint k = 0; k < f->i; k++)
    if (draftd_candidates_comparative (f->words[k].lower) || draftd_candidates_in_list (" rather more less other else ", f->words[k].lower))
      return FALSE;
  return TRUE;
}

gboolean
then_after_comparative (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1);
  if (than_sequence (f))
    return sure (f, w->start, w->end, "then", DRAFTD_FIX_WORD_CHOICE);
  if (!g_str_equal (w->lower, "then") || prev == NULL || draftd_candidates_in_list (" and but just since until till back even ", prev))
    return FALSE;
  /* "no later then 6 p.m.", "more then 20 people": a comparative right before it and a
   * figure after it (no word here) is a comparison. */
  const char *rest = f->s + w->end;
  if (draftd_candidates_comparative (prev) && rest[0] == ' ' && (g_ascii_isdigit (rest[1]) || (rest[1] == '$' || rest[1] == '\xc2')))
    return sure (f, w->start, w->end, "than", DRAFTD_FIX_WORD_CHOICE);
  /* "He was much thinner then." and "younger then, and": "then" as "at that time" ends its
   * clause, where "than" never does. */
  if (near (f, 1) == NULL)
    return FALSE;
  const char *alts[] = { "than" };
  /* What a comparison is made with and "at that time" never precedes: "fewer people came
   * then last year", "longer then usual", "more then ever". */
  gboolean standard = draftd_candidates_in_list (" last usual ever before expected anticipated planned average normal anyone anybody anything "
                                                 "everyone everybody everything ", near (f, 1));
  /* "Rather then waiting for the bus": "rather" before an -ing form compares two ways;
   * "then" (at that time) takes no -ing form after "rather". */
  standard |= (g_str_equal (prev, "rather") && g_str_has_suffix (near (f, 1), "ing")) || then_bare_phrase (f);
  /* The comparative right before "then" is surer than one further back in its clause; so is
   * "more" before a hyphen's compound ("more cost-effective then the original"). */
  float bonus = draftd_candidates_comparative (prev) ? 1.5f : 0.0f;
  if (f->i >= 3 && hyphen_joined (f, f->i - 2) && joined (f, f->i - 3) && draftd_candidates_in_list (" more less ", f->words[f->i - 3].lower))
    return sure (f, w->start, w->end, "than", DRAFTD_FIX_WORD_CHOICE);
  /* "far more volunteers at the spring clean-up then we expected": a subject's expectation
   * after "then" is what was compared with, however long the phrase the comparative opened. */
  if (expected_after (f))
    return sure (f, w->start, w->end, "than", DRAFTD_FIX_WORD_CHOICE);
  for (gint d = -2; bonus == 0.0f && d >= -6; d--) {
    const char *p = near (f, d);
    if (p == NULL || draftd_candidates_in_list (" and but because when if that which who ", p))
      return FALSE;
    if (draftd_candidates_comparative (p) || draftd_candidates_in_list (" further farther ", p)) /* "drift further out of tune then" */
      bonus = 1.0f;
    /* "I'd rather read then watch TV": a preference's "would rather" has its "than". */
    if (g_str_equal (p, "rather") && draftd_candidates_in_list (" would i'd you'd he'd she'd we'd they'd had ", near (f, d - 1)))
      standard = TRUE;
  }
  if (bonus == 0.0f)
    return FALSE;
  return standard ? sure (f, w->start, w->end, "than", DRAFTD_FIX_WORD_CHOICE)
                  : judge (f, w->start, w->end, alts, 1, DRAFTD_FIX_WORD_CHOICE, bonus);
}

/* ---- confusable.affect-effect: the noun before "on"/"of", the verb after a modal ---- */

/* People as a group, whom nothing is "effected" on: "will not effect students". */
static const char *const people_nouns =
  " people students children anyone anybody everyone everybody someone somebody users customers employees workers residents "
  "patients members staff families parents teachers ";

/* "cold weather effects the battery life": after a subject's noun, "effects" before a
 * determiner's object is the verb where nothing else in its clause is one, an irregular
 * past included ("Lighting effects the designer chose made the stage glow" has two); its
 * noun may be an adjective too ("weather"), the clause having no other verb. */
static gboolean
effects_thing (const F *f, const char *next)
{
  if (!draftd_candidates_in_list (" the a an this that ", next))
    return FALSE;
  for (guint k = f->i + 2; k < f->n && joined (f, k - 1); k++) {
    const char *l = f->words[k].lower, *lemma = draftd_forms_irregular_lemma (l, 'v'), *before = f->words[k - 1].lower;
    if (draftd_candidates_in_list (draftd_candidates_clause_words, l) || draftd_candidates_in_list (" and or ", l))
      return TRUE;
    if ((lemma && !g_str_equal (lemma, l)) ||
        (draftd_candidates_in_list (draftd_candidates_verb_auxiliaries, l) && !g_str_equal (before, "to")))
      return FALSE;
    /* "the wooden floors": after a determiner or an adjective an -s or -ed form is the noun's. */
    if (!draftd_candidates_in_list (determiners, before) && !draftd_forms_is (before, 'a') && inflected_verb (f, l))
      return FALSE;
  }
  return TRUE;
}

/* "had a soothing affect.", "an anti-inflammatory affect, but", "a huge affect within a
 * week": an article and an adjective (a hyphen's compound too) before "affect" ending its
 * phrase make it the noun, "effect". Psychology's noun keeps its adjectives ("a flat
 * affect"), and "the rich affect the vote" is a verb with its object. */
static gboolean
affect_noun_ends (const F *f, gboolean plural)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  if (plural || prev == NULL || f->i < 2)
    return FALSE;
  gboolean ends = next ? draftd_candidates_in_list (" and but within in for at after during because so when ", next)
                       : f->i + 1 >= f->n || strchr (".,;:!?", f->s[w->end]) != NULL;
  if (!ends)
    return FALSE;
  if (draftd_candidates_in_list (" a an ", prev))
    return TRUE;
  /* Back over a hyphen's compound to its first word ("anti-inflammatory"). */
  guint k = f->i - 1;
  while (k > 0 && f->s[f->words[k - 1].end] == '-' && f->words[k - 1].end + 1 == f->words[k].start)
    k--;
  const char *det = k > 0 && joined (f, k - 1) ? f->words[k - 1].lower : NULL;
  return (draftd_forms_is (prev, 'a') || (g_str_has_suffix (prev, "ing") && strlen (prev) > 5)) &&
         !draftd_candidates_in_list (" flat blunted restricted labile positive negative depressed constricted appropriate inappropriate ", prev) &&
         draftd_candidates_in_list (" a an the this that its their his her our no any such ", det);
}

/* "how the Industrial Revolution effected the lives of": a subject's past "effected" before a
 * possessive or "the" and what is changed, never brought about (lives, health, a mood, the
 * economy); "effected a change", "effected the transfer" keep the verb. */
static gboolean
effected_changed (const F *f, const char *prev)
{
  const char *next = near (f, 1);
  return g_str_equal (f->words[f->i].lower, "effected") && prev && (noun (prev) || noun_number (f, prev) > 0) &&
         (draftd_candidates_in_list (" my your his her our their ", next) || g_strcmp0 (next, "the") == 0) &&
         draftd_candidates_in_list (" lives life health people children students families economy environment community mood sleep "
                                    "results performance weather crops business businesses prices ",
                                    near (f, 2));
}

/* "The outage effected roughly 3% of users", "effected about 200 customers": a count of
 * people, a rough one too, is what was changed; no one brings about a number of users. */
static gboolean
effected_count (const F *f)
{
  if (!g_str_equal (f->words[f->i].lower, "effected") || f->i == 0)
    return FALSE;
  guint k = f->i + 1;
  if (k < f->n && joined (f, k - 1) && draftd_candidates_in_list (" roughly about around nearly almost over some approximately ", f->words[k].lower))
    k++;
  /* Figures are no words: "roughly 3% of users" has "of" next, past the digits. */
  gsize gap = k < f->n ? f->words[k].start : strlen (f->s);
  gsize from = f->words[k - 1].end;
  gboolean figure = from + 1 < gap && g_ascii_isdigit (f->s[from + 1]);
  if (!figure && !(k < f->n && draftd_candidates_in_list (numbers, f->words[k].lower)))
    return FALSE;
  for (guint j = k; j < f->n && j <= k + 3; j++)
    if (draftd_candidates_in_list (" users customers people students residents members staff patients passengers subscribers players families homes households ",
                                   f->words[j].lower))
      return TRUE;
  return FALSE;
}

/* "The noise is effecting my sleep": the progressive before a possessive or a person (one
 * brings about "a change", "the transfer", never "my sleep"). */
gboolean
effecting (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  const char *aux = prev && g_str_has_suffix (prev, "ly") ? near (f, -2) : prev;
  return g_str_equal (w->lower, "effecting") && draftd_candidates_in_list (" is are was were am been be ", aux) &&
         (draftd_candidates_in_list (" my your his her our their me him us them everyone everybody ", next) ||
          draftd_candidates_in_list (people_nouns, next)) &&
         sure (f, w->start, w->end, "affecting", DRAFTD_FIX_WORD_CHOICE);
}

/* "will effect first-time buyers", "could effect older drivers": an adjective (a hyphen's
 * compound too) and then people, whom no one brings about. */
static gboolean
described_people (const F *f, const char *next)
{
  if (next == NULL || draftd_candidates_function_word (next))
    return FALSE;
  /* A hyphen's compound is split into its words: "first", "time". */
  guint k = f->i + 1;
  while (k + 1 < f->n && f->s[f->words[k].end] == '-')
    k++;
  if (k + 1 >= f->n)
    return FALSE;
  gboolean adjective = draftd_forms_is (next, 'a') || k > f->i + 1;
  const char *head = f->words[k + 1].lower;
  g_autofree char *sing = draftd_forms_singular (f->c->spell, head);
  return adjective && (draftd_candidates_in_list (people_nouns, head) ||
                       (sing && draftd_forms_noun_lexfile (sing) == DRAFTD_FORMS_PERSON));
}

/* Negated modals and do-forms, after which "effect" stands as a verb. */
static const char *const negated_slots = " won't can't don't doesn't didn't shouldn't wouldn't couldn't mustn't ";

/* What the verb "effect" brings about: "effect change", "to effect a transfer", "will effect
 * the repairs". */
static const char *const brought_about =
  " change changes transfer transfers transition reform reforms repair repairs release rescue cure improvement improvements merger "
  "escape sale entry turnaround payment payments recovery reconciliation settlement withdrawal arrest arrests closure exchange "
  "shift shifts solution solutions compromise agreement reduction reductions savings revolution transformation ";

/* Are words[a] and words[a + 1] in one noun phrase: a space between, or a hyphen's compound
 * with figures ("the under-12s beach flags"), words[a] its first part? */
static gboolean
compound_gap (const F *f, guint a)
{
  if (joined (f, a) || hyphen_joined (f, a))
    return TRUE;
  gsize b = f->words[a].end, e = a + 1 < f->n ? f->words[a + 1].start : b;
  if (e < b + 2 || f->s[b] != '-')
    return FALSE;
  for (gsize k = b + 1; k < e; k++)
    if (!g_ascii_isalnum (f->s[k]) && !(k + 1 == e && f->s[k] == ' '))
      return FALSE;
  return TRUE;
}

/* "will almost certainly effect the early potatoes", "didn't just effect our connection", "to
 * effect any customers": after a modal, a do-form, "not" or "to" (adverbs of degree, manner or
 * likelihood between), "effect" is a verb, and where its object's head is nothing the verb
 * brings about, "affect". The head is the object phrase's last noun within four words, up to
 * a preposition ("effect the transfer on Monday" keeps). */
static gboolean
affected_object (const F *f)
{
  gint d = -1;
  while (near (f, d) && (g_str_has_suffix (near (f, d), "ly") || draftd_candidates_in_list (" just also only almost even still not never really ", near (f, d))))
    d--;
  const char *slot = near (f, d);
  if (slot == NULL ||
      !(draftd_candidates_in_list (modals, slot) || draftd_candidates_in_list (" to do does did ", slot) || draftd_candidates_in_list (negated_slots, slot)))
    return FALSE;
  guint k = f->i + 1;
  /* "didn't effect turnout at all": a bare noun is the object's head too, and a name's
   * possessive its determiner ("shouldn't effect Bella's appetite"). */
  if (k >= f->n || !joined (f, f->i))
    return FALSE;
  const char *first = f->words[k].lower;
  gboolean owner = g_ascii_isupper (f->words[k].text[0]) && g_str_has_suffix (first, "'s");
  /* The phrase's words after its determiner, if any: adjectives and nouns, up to a
   * preposition or anything else. */
  if (owner || draftd_candidates_in_list (" the my your his her our their its any all this these those ", first))
    k++;
  guint head = 0;
  for (; k < f->n && k <= f->i + 5 && compound_gap (f, k - 1) && g_ascii_islower (f->words[k].text[0]) &&
            (f->s[f->words[k].end] == '-' || g_ascii_isdigit (f->s[f->words[k].start - 1]) ||
             (!draftd_candidates_function_word (f->words[k].lower) && !draftd_candidates_in_list (prepositions, f->words[k].lower) &&
              (draftd_forms_is (f->words[k].lower, 'a') || noun (f->words[k].lower) || noun_number (f, f->words[k].lower) > 0)));
       k++)
    if (noun (f->words[k].lower) || noun_number (f, f->words[k].lower) > 0)
      head = k;
  return head > 0 && !draftd_candidates_in_list (brought_about, f->words[head].lower);
}

/* "The strike has effected all trains": a perfect's "effected" before a person, a possessive,
 * "all" or "most" is "affected" ("has effected a change", "effected the transfer" keep the
 * verb of bringing about). "The heavy rain really effected my tomato plants": a degree's
 * adverb grades what was changed; one brings about no "really" (and no one's plants). */
static gboolean
effected_person (const char *prev, const char *aux, const char *next)
{
  const char *owners = " my your his her our their me him us them all everyone everybody ";
  gboolean perfect = draftd_candidates_in_list (" has have had ", aux);
  gboolean degree = draftd_candidates_in_list (" really seriously badly greatly negatively severely deeply hugely ", prev);
  if (draftd_candidates_in_list (people_nouns, next) || draftd_candidates_in_list (owners, next))
    return perfect || degree;
  /* "really effected how the boys skated": a degree's adverb and a question's clause. */
  return (perfect && g_strcmp0 (next, "most") == 0) || (degree && draftd_candidates_in_list (" the how whether ", next));
}

/* Does the sentence open on a question's "do" or modal and its subject, a determiner's noun
 * phrase (with a preposition's phrase at most: "Will the renovation work on the facade"), up
 * to words[f->i]? */
static gboolean
question_subject (const F *f)
{
  if (f->i > 8 || !draftd_candidates_in_list (" does did do will would could can should might ", f->words[0].lower) ||
      !draftd_candidates_in_list (" the this that my your his her our their ", f->words[1].lower))
    return FALSE;
  for (guint k = 2; k < f->i; k++)
    if (!joined (f, k - 1) || !g_ascii_islower (f->words[k].text[0]) ||
        !(np_word (f, &f->words[k]) || draftd_candidates_in_list (" on of in at for the a an my your our their ", f->words[k].lower)) ||
        (finite_verb (f, f->words[k].lower) && !noun (f->words[k].lower) && !draftd_forms_is (f->words[k].lower, 'a')))
      return FALSE;
  return TRUE;
}

gboolean
affect_effect (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *prev2 = near (f, -2), *next = near (f, 1);
  if (draftd_candidates_in_list (" affect affects ", w->lower)) {
    gboolean plural = g_str_equal (w->lower, "affects");
    /* "a calming affect on": an -ing word after a determiner describes the noun. */
    gboolean described = prev && g_str_has_suffix (prev, "ing") && prev2 && draftd_candidates_in_list (" a an the this that its their his her ", prev2);
    gboolean noun_slot = prev && (draftd_candidates_in_list (determiners, prev) || draftd_forms_is (prev, 'a') || described) &&
                         draftd_candidates_in_list (" on of ", next);
    /* "the special affects in the film": a plural after an adjective and its determiner. */
    gboolean plural_slot = plural && prev && draftd_forms_is (prev, 'a') &&
                           draftd_candidates_in_list (determiners, prev2) && draftd_candidates_in_list (" in of on from were are ", next);
    /* "will take affect next month": the noun of "take effect". */
    gboolean take = !plural && draftd_candidates_in_list (" take takes took taken taking ", prev);
    /* "will come into affect", "put it into affect": "into" takes the noun ("changes in
     * affect" is psychology's noun, and left). */
    take |= !plural && g_strcmp0 (prev, "into") == 0;
    if (!(g_strcmp0 (prev, "side") == 0 || noun_slot || plural_slot || take || affect_noun_ends (f, plural)))
      return FALSE;
    /* The plural pair has an id of its own, which users may disable apart. */
    return plural ? sure_named (f, w->start, w->end, "effects", DRAFTD_FIX_WORD_CHOICE, "confusable.affects-effects")
                  : sure (f, w->start, w->end, "effect", DRAFTD_FIX_WORD_CHOICE);
  }
  /* "Loud music effects my concentration": "effects" after its subject's noun, before a
   * possessive or a person and with no other verb in its clause, is the verb ("the side effects
   * my doctor mentioned" has one). "Stress really effects my sleep": an adverb between is
   * stepped over. */
  guint gap;
  if (g_str_equal (w->lower, "effects") && before_adverb (f, 1, &gap) && gap) {
    prev = before_adverb (f, 1, &gap);
    prev2 = NULL;
  }
  gboolean person_object = (draftd_candidates_in_list (" my your his her our their me him us them everyone everybody ", next) ||
                            draftd_candidates_in_list (people_nouns, next)) &&
                           only_verb (f);
  /* "Screen time really effects how quickly he sleeps": a question's clause as the object. */
  gboolean clause_object = draftd_candidates_in_list (" how whether ", next);
  if (g_str_equal (w->lower, "effects") && prev && (noun (prev) || draftd_candidates_in_list (" it this that which what ", prev)) &&
      noun_number (f, prev) <= 0 && !draftd_candidates_in_list (" side special sound visual ", prev) &&
      (((person_object || clause_object) && !draftd_forms_is (prev, 'a')) || effects_thing (f, next)))
    return sure (f, w->start, w->end, "affects", DRAFTD_FIX_WORD_CHOICE);
  /* "have clearly effected his": an -ly adverb between the perfect's auxiliary and the verb. */
  const char *aux = prev && g_str_has_suffix (prev, "ly") ? prev2 : before_adverb (f, 1, &gap);
  if (g_str_equal (w->lower, "effected") && effected_person (prev, aux, next))
    return sure (f, w->start, w->end, "affected", DRAFTD_FIX_WORD_CHOICE);
  if (effected_changed (f, prev) || effected_count (f))
    return sure (f, w->start, w->end, "affected", DRAFTD_FIX_WORD_CHOICE);
  if (!g_str_equal (w->lower, "effect") || next == NULL || draftd_candidates_in_list (" change changes a an of on ", next))
    return FALSE;
  /* "Does caffeine really effect your sleep": an adverb of degree before it, a possessive
   * after it; "effect" (bring about) takes no one's thing as its object. */
  /* "can really effect how quickly your shoulder": a question's clause likewise. */
  if (draftd_candidates_in_list (" really seriously badly greatly negatively directly ", prev) && prev2 && !draftd_candidates_in_list (determiners, prev2) &&
      draftd_candidates_in_list (" my your his her our their me him us them how whether ", next))
    return sure (f, w->start, w->end, "affect", DRAFTD_FIX_WORD_CHOICE);
  /* "will this effect the budget": a modal, its subject, then the verb. */
  gboolean verb_slot = draftd_candidates_in_list (" this that it he she they we you i ", prev) && draftd_candidates_in_list (modals, prev2);
  /* "How will the strike effect our flights": a modal, a determiner's noun, then the verb
   * before a possessive or a person. */
  verb_slot |= noun (prev) && draftd_candidates_in_list (" the this that my your his her our their ", prev2) &&
               (draftd_candidates_in_list (modals, near (f, -3)) || draftd_candidates_in_list (" does did do ", near (f, -3))) &&
               (draftd_candidates_in_list (" my your his her our their me him us them ", next) || draftd_candidates_in_list (people_nouns, next));
  /* "Did the rain effect the turnout?", "Does the cold snap effect how early", "Will the new
   * crown effect how my bite feels": a question's "do" or modal and its subject leave a base
   * verb, and one bringing something about takes "the" or a clause seldom ("Did the reform
   * effect change" keeps). */
  verb_slot |= noun (prev) && f->i >= 3 && question_subject (f) && draftd_candidates_in_list (" the how what whether ", next) &&
               !draftd_candidates_in_list (brought_about, near (f, 2));
  /* "will not effect our schedule", "doesn't effect me": after a modal or a negated "do",
   * before a person or a possessive, which the verb "effect" (bringing about a change, a
   * transfer) does not take as its object. */
  gboolean after_modal = draftd_candidates_in_list (modals, prev) ||
                         draftd_candidates_in_list (negated_slots, prev) ||
                         (draftd_candidates_in_list (" not never ", prev) &&
                          (draftd_candidates_in_list (modals, prev2) || draftd_candidates_in_list (" do does did ", prev2)));
  gboolean person = after_modal && (draftd_candidates_in_list (" my your his her our their me him us them ", next) ||
                                    draftd_candidates_in_list (people_nouns, next) || described_people (f, next));
  return (verb_slot || person || affected_object (f)) && sure (f, w->start, w->end, "affect", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- confusable.loose-lose: "I loose my glasses" ---- */

/* "loose" with a subject or a do-negation or a modal before it and an object's determiner
 * after it is the verb "lose": the verb "loose" (set free) is archaic, and the model, judging,
 * let "I loose my glasses" stand. "loosing" after "be" likewise ("I'm loosing my mind"). */
gboolean
lose_loose (F *f)
{
  const Word *w = &f->words[f->i];
  guint gap;
  const char *prev = before_adverb (f, 1, &gap), *next = near (f, 1);
  /* An object's determiner, or what one loses bare after any subject ("I loose weight"). */
  static const char *const objects = " my your his her its our their the a an this that these those some ";
  static const char *const bare_lost = " weight track money ";
  /* What else one loses and nothing is loose of: "students loose motivation" after a plural's
   * subject ("loose ends", "loose change" are left). */
  static const char *const lost = " motivation interest focus patience confidence concentration sleep touch sight control heart hope "
                                  "faith momentum ";
  gboolean plural_subject = g_str_equal (w->lower, "loose") && prev && noun_number (f, prev) > 0 && !draftd_candidates_function_word (prev) &&
                            (draftd_candidates_in_list (lost, next) || draftd_candidates_in_list (bare_lost, next));
  if (next == NULL || !(draftd_candidates_in_list (objects, next) || draftd_candidates_in_list (bare_lost, next) || plural_subject))
    return FALSE;
  if (g_str_equal (w->lower, "loose") &&
      (draftd_candidates_in_list (" i you we they don't didn't doesn't won't can't never not to ", prev) || draftd_candidates_in_list (modals, prev) ||
       plural_subject))
    return sure (f, w->start, w->end, "lose", DRAFTD_FIX_WORD_CHOICE);
  if (g_str_equal (w->lower, "loosing") && draftd_candidates_in_list (" am is are was were be been i'm you're we're they're he's she's it's ", prev))
    return sure (f, w->start, w->end, "losing", DRAFTD_FIX_WORD_CHOICE);
  return FALSE;
}

/* ---- confusable.you're-your: "make sure your logged out of" ---- */

/* "your" before a regular past and its particle or preposition is "you're" ("your invited
 * to", "your based in"); a possessive's noun would follow ("your signed copy of"). */
gboolean
your_participle (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  /* "If your planning to attend", "when your going to": a clause's opener, an -ing verb and
   * "to" or "on" ("your planning skills" has its noun after it). */
  if (g_str_equal (w->lower, "your") && draftd_candidates_in_list (" if when while because since unless as ", near (f, -1)) && next &&
      g_str_has_suffix (next, "ing") && gerund_word (f, next) && draftd_candidates_in_list (" to on ", near (f, 2)))
    return sure (f, w->start, w->end, "you're", DRAFTD_FIX_WORD_CHOICE);
  if (!g_str_equal (w->lower, "your") || next == NULL || !g_str_has_suffix (next, "ed") || noun (next) ||
      !draftd_candidates_in_list (" out in to of by with up off on into ", near (f, 2)))
    return FALSE;
  g_autofree char *base = draftd_candidates_verb_base (f->c->spell, next);
  return base && draftd_forms_is (base, 'v') && sure (f, w->start, w->end, "you're", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- confusable.than-then: "would rather wait then argue" ---- */

/* "rather" compares, and takes "than": "would rather wait another week then argue" ->
 * "than", where "then" comes before a verb's base in the same sentence, "rather" before it. */
gboolean
rather_then (F *f)
{
  const Word *w = &f->words[f->i];
  const char *v = near (f, 1);
  if (!g_str_equal (w->lower, "then") || !plain_base (v))
    return FALSE;
  for (guint k = f->i; k-- > 0 && k + 15 > f->i;) {
    if (g_str_equal (f->words[k].lower, "rather"))
      return k > 0 && draftd_candidates_in_list (" would 'd i you we they he she ", f->words[k - 1].lower) &&
             sure (f, w->start, w->end, "than", DRAFTD_FIX_WORD_CHOICE);
    if (strchr (".;:", f->s[f->words[k].end]))
      return FALSE;
  }
  return FALSE;
}

/* ---- word-choice: a real word typed for another ("I sad yes", "to safe the planet") ---- */

/* Where each word is no reading of its own: the word, what must come before it, and its fix. */
static const char *
slip_for (const F *f, const char *l, const char *prev, const char *next)
{
  /* "I sad yes": a subject pronoun needs its verb, and "sad" is none. */
  if (g_str_equal (l, "sad") && draftd_candidates_in_list (" i he she we they you ", prev) &&
      (next ? draftd_candidates_in_list (" yes no that to it nothing something so ", next) : f->i + 1 < f->n))
    return "said";
  /* "to safe the environment": a verb's place before its object. */
  if (g_str_equal (l, "safe") && (g_strcmp0 (prev, "to") == 0 || draftd_candidates_in_list (modals, prev)) &&
      (draftd_candidates_in_list (determiners, next) || draftd_candidates_in_list (" money time lives energy water ", next)))
    return "save";
  /* "everyone will be save": a state after "be" where its phrase ends. */
  if (g_str_equal (l, "save") && draftd_candidates_in_list (" be is are was were been being feel feels felt stay stays stayed ", prev) &&
      (next == NULL || draftd_candidates_in_list (" and or but for from with enough here there now again ", next)))
    return "safe";
  /* "make a good choose": a determiner's or an adjective's noun. */
  if (g_str_equal (l, "choose") && draftd_candidates_in_list (" a the my your his her our their good right wrong difficult hard tough big final ", prev))
    return "choice";
  /* "heart decease": dying is one's own ("upon your decease"), an illness anyone's. */
  if (draftd_candidates_in_list (" decease deceases ", l) && !draftd_candidates_in_list (" his her their my your its upon after before on whose ", prev))
    return l[7] ? "diseases" : "disease";
  /* "may fell afraid": after a modal or "to", a state felt ("fell ill/asleep/silent" fall). */
  if (g_str_equal (l, "fell") && (draftd_candidates_in_list (modals, prev) || draftd_candidates_in_list (" to don't doesn't didn't ", prev)) && next &&
      draftd_forms_is (next, 'a') &&
      !draftd_candidates_in_list (" ill asleep silent quiet dark due vacant foul short flat apart pregnant sick victim prey open off down over "
                                  "behind in out through into ",
                                  next))
    return "feel";
  /* "are cheep": a price's word after "be" or a degree (birds cheep). */
  if (g_str_equal (l, "cheep") && draftd_candidates_in_list (" is are was were be very so too quite really more pretty ", prev))
    return "cheap";
  /* "I come form Germany": a place's name after a verb of coming ("They form NATO" has its
   * subject before it). */
  if (g_str_equal (l, "form") && next && g_ascii_isupper (f->words[f->i + 1].text[0]) && strlen (next) > 1 &&
      draftd_candidates_in_list (" come comes came coming am moved travelled traveled arrived flew returned far away letter email message "
                                 "call people students friends visitors tourists immigrants someone ",
                                 prev))
    return "from";
  /* "a letter form your billing team": a message's sender after it. */
  if (g_str_equal (l, "form") && draftd_candidates_in_list (" letter letters email emails message messages call calls reply text note parcel package ", prev) &&
      draftd_candidates_in_list (" your our my his her their the ", next))
    return "from";
  /* "the lecture thinks": a talk has no mind of its own. */
  if (g_str_equal (l, "lecture") && g_strcmp0 (prev, "the") == 0 && draftd_candidates_in_list (" thinks believes feels agrees disagrees doubts ", next))
    return "lecturer";
  return NULL;
}

gboolean
real_word_slip (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_ascii_islower (w->text[0]))
    return FALSE;
  const char *rep = slip_for (f, w->lower, near (f, -1), near (f, 1));
  return rep && sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice: "Comparing with older people, young people" ---- */

/* An opening "Comparing with/to" has no one comparing: the participle of the sentence's
 * subject is "Compared". */
gboolean
comparing_opening (F *f)
{
  const Word *w = &f->words[f->i];
  if (f->i != 0 || !f->c->sentence_start || !g_str_equal (w->text, "Comparing") || !draftd_candidates_in_list (" with to ", near (f, 1)))
    return FALSE;
  return sure (f, w->start, w->end, "Compared", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice: "It is very importance", "make our society more convenience" ---- */

/* Nouns written for their adjectives after a degree word, which grades adjectives only. */
static const char *const noun_adjectives[][2] = {
  { "importance", "important" }, { "convenience", "convenient" }, { "confidence", "confident" }, { "difference", "different" },
  { "independence", "independent" }, { "intelligence", "intelligent" }, { "efficiency", "efficient" }, { "violence", "violent" },
  { "danger", "dangerous" }, { "happiness", "happy" }, { "health", "healthy" }, { "success", "successful" }, { "beauty", "beautiful" },
  { "responsibility", "responsible" }, { "necessity", "necessary" }, { "popularity", "popular" }, { "profession", "professional" },
};

/* After "very/so/really/extremely/too" (not "the very importance of": "very" is "itself"
 * there), or after "be/become/make ... more" where the phrase ends. */
gboolean
degree_noun (F *f)
{
  const Word *w = &f->words[f->i];
  const char *rep = NULL, *prev = near (f, -1), *before = near (f, -2), *next = near (f, 1);
  for (guint k = 0; k < G_N_ELEMENTS (noun_adjectives); k++)
    if (g_str_equal (w->lower, noun_adjectives[k][0]))
      rep = noun_adjectives[k][1];
  if (rep == NULL || draftd_candidates_in_list (" the this that its his her their our my your a ", before))
    return FALSE;
  gboolean ends = next == NULL || draftd_candidates_in_list (" and but or for to than ", next);
  gboolean degree = draftd_candidates_in_list (" very so really extremely too ", prev) &&
                    draftd_candidates_in_list (" is was are were be been it's seems seemed looks looked feel feels felt become became ", before);
  /* "There is more danger" has the noun: what there is. */
  gboolean more = g_strcmp0 (prev, "more") == 0 && next == NULL && !draftd_candidates_in_list (" there here where ", near (f, -3)) &&
                  draftd_candidates_in_list (" is was are were be been become became becomes society life lives ", before);
  return (degree || (more && ends)) && sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice: "stress the important of testing" ---- */

/* An adjective between a determiner and "of" is the noun it was written for ("the important
 * of" -> "the importance of"). */
gboolean
adjective_for_noun (F *f)
{
  const Word *w = &f->words[f->i];
  if (g_strcmp0 (near (f, 1), "of") != 0 || !draftd_candidates_in_list (" the its their his her our my your ", near (f, -1)))
    return FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (noun_adjectives); k++)
    if (g_str_equal (w->lower, noun_adjectives[k][1]) && !g_str_equal (w->lower, "able"))
      return sure (f, w->start, w->end, noun_adjectives[k][0], DRAFTD_FIX_WORD_CHOICE);
  return FALSE;
}

/* ---- word-choice: "We listened a loud bang", "The oak floors compliment the ceilings" ---- */

/* A sound one did not choose to attend to is heard: "listened/listen" + "a/an" + a sound (an
 * adjective between at most) -> "heard"/"hear". A thing's plural before "compliment" and a
 * determiner's object completes it: "complement" (people compliment). */
gboolean
heard_or_complement (F *f)
{
  const Word *w = &f->words[f->i];
  if (draftd_candidates_in_list (" listened listen ", w->lower) && draftd_candidates_in_list (" a an ", near (f, 1)) && sudden_sound (f, 2))
    return sure (f, w->start, w->end, g_str_equal (w->lower, "listened") ? "heard" : "hear", DRAFTD_FIX_WORD_CHOICE);
  const char *prev = near (f, -1);
  if (prev && g_str_has_suffix (prev, "ly") && f->i >= 2)
    prev = near (f, -2);
  if (!draftd_candidates_in_list (" compliment compliments ", w->lower) || prev == NULL ||
      !draftd_candidates_in_list (" the each our your their its these those this that ", near (f, 1)) ||
      draftd_forms_noun_lexfile (prev) == DRAFTD_FORMS_PERSON || draftd_candidates_function_word (prev))
    return FALSE;
  g_autofree char *sing = draftd_forms_singular (f->c->spell, prev);
  int lex = draftd_forms_noun_lexfile (sing ? sing : prev);
  if (lex != DRAFTD_FORMS_ARTIFACT || (g_str_equal (w->lower, "compliment") != (sing && !g_str_equal (sing, prev))))
    return FALSE;
  return sure (f, w->start, w->end, g_str_equal (w->lower, "compliment") ? "complement" : "complements", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- confusable.affect-effect: "examines how seasonal labour migration effects household savings" ---- */

/* After "how", "whether" or "why" and a singular noun phrase, "effects" before a noun phrase
 * (no "of", "on" or verb after it) is the clause's verb: "affects". */
gboolean
how_effects (F *f)
{
  /* "would negatively effect the privacy": a manner of changing, never of bringing about. */
  if (g_str_equal (f->words[f->i].lower, "effect") && draftd_candidates_in_list (" negatively positively adversely ", near (f, -1)))
    return sure_named (f, f->words[f->i].start, f->words[f->i].end, "affect", DRAFTD_FIX_WORD_CHOICE, "confusable.affect-effect");
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  if (!g_str_equal (w->lower, "effects") || prev == NULL || next == NULL || noun_number (f, prev) >= 0 ||
      draftd_candidates_in_list (" side special sound visual ", prev) || draftd_candidates_function_word (next) ||
      !(noun (next) || noun_number (f, next) > 0 || draftd_forms_is (next, 'a')) || clause_verb_word (f, next))
    return FALSE;
  for (gint d = -2; d >= -6 && near (f, d); d--) {
    if (draftd_candidates_in_list (" how whether why ", near (f, d)))
      return sure_named (f, w->start, w->end, "affects", DRAFTD_FIX_WORD_CHOICE, "confusable.affect-effect");
    if (!np_word (f, &f->words[f->i + d]))
      return FALSE;
  }
  return FALSE;
}

/* ---- confusable.accept-except: "All tenants, accept those on the ground floor, must" ---- */

/* "All plots have now been inspected, accept the three", "are working fine now, accept the
 * Salesforce connector": the clause before the comma has its subject and a be-form or "have"
 * of its own (not an imperative's list: "Read the terms, accept the licence"), so "accept"
 * after it has none. */
static gboolean
finished_clause (const F *f)
{
  for (guint k = f->i - 1; k > 0; k--) {
    if (strchr (",;:", f->s[f->words[k - 1].end]))
      return FALSE;
    if (draftd_candidates_in_list (" is are was were has have had ", f->words[k].lower))
      return TRUE;
  }
  return FALSE;
}

/* "accept" right after a comma that follows a plural or "all/everyone" or a finished clause,
 * before "those", "the" or "for", and with a second comma closing the phrase, leaves someone
 * out: "except". */
gboolean
comma_accept (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "accept") || f->i < 2 || f->s[f->words[f->i - 1].end] != ',')
    return FALSE;
  /* "locked at 8pm every evening, accept on Open Day": a time's exception, its preposition
   * after the word (no subject's verb stands after a comma so). */
  if (draftd_candidates_in_list (" on during at ", near (f, 1)) &&
      (draftd_candidates_in_list (time_nouns, f->words[f->i - 1].lower) || calendar_name (f->words[f->i - 1].lower) ||
       g_ascii_isdigit (f->s[f->words[f->i - 1].end - 1])))
    return sure_named (f, w->start, w->end, "except", DRAFTD_FIX_WORD_CHOICE, "confusable.accept-except");
  if (!draftd_candidates_in_list (" those the for one two ", near (f, 1)))
    return FALSE;
  /* ", accept those who are on leave": the people left out, wherever the comma falls. */
  if ((g_strcmp0 (near (f, 1), "those") == 0 && draftd_candidates_in_list (" who whose with on in ", near (f, 2))) ||
      /* ", accept two who withdrew", ", accept one of the bolts": a count of those left out. */
      (draftd_candidates_in_list (" one two three four five six seven eight nine ten ", near (f, 1)) && draftd_candidates_in_list (" who of ", near (f, 2))))
    return sure_named (f, w->start, w->end, "except", DRAFTD_FIX_WORD_CHOICE, "confusable.accept-except");
  /* "Read the terms, accept the licence": an imperative's list of verbs. */
  if (f->n > 2 && draftd_forms_is (f->words[0].lower, 'v') && draftd_candidates_in_list (" the a an my your this these those it them all ", f->words[1].lower))
    return FALSE;
  const char *owner = f->words[f->i - 1].lower;
  if (noun_number (f, owner) <= 0 && !draftd_candidates_in_list (" all everyone everybody everything ", owner) && !finished_clause (f))
    return FALSE;
  for (guint k = f->i + 1; k < f->n && k < f->i + 8; k++)
    if (f->s[f->words[k].end] == ',')
      return sure_named (f, w->start, w->end, "except", DRAFTD_FIX_WORD_CHOICE, "confusable.accept-except");
  return FALSE;
}

/* ---- word-choice: "the desert was too sweet", "real clearly", "The hall maybe available" ---- */

/* Does the sentence speak of a meal ("menu", "sweet", "chocolate") and of no dry land? */
static gboolean
meal_sentence (const F *f)
{
  gboolean meal = FALSE;
  for (guint k = 0; k < f->n; k++) {
    const char *l = f->words[k].lower;
    if (draftd_candidates_in_list (" sand sandy dunes dune camel camels oasis sahara gobi arid cactus island ", l))
      return FALSE;
    meal |= draftd_candidates_in_list (" menu starter starters sweet delicious tasty chocolate cake ice dinner lunch restaurant course waiter ", l);
  }
  return meal;
}

/* Real words for others where the sentence says which: "the desert" at a meal, "real" before
 * an -ly adverb ("real clearly" -> "really"), "maybe" between a subject and its adjective or
 * participle ("The hall maybe available" -> "may be"). */
gboolean
context_slip (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  if (g_str_equal (w->lower, "desert") && draftd_candidates_in_list (" the a our my your their this that for ", prev) && meal_sentence (f) &&
      !draftd_candidates_in_list (" across through into over crossed crossing in ", near (f, -2))) /* "drove across the desert" */
    return sure (f, w->start, w->end, "dessert", DRAFTD_FIX_WORD_CHOICE);
  g_autofree char *stem = next && g_str_has_suffix (next, "ly") && strlen (next) > 4 ? g_strndup (next, strlen (next) - 2) : NULL;
  if (g_str_equal (w->lower, "real") && stem && draftd_forms_is (stem, 'a'))
    return sure (f, w->start, w->end, "really", DRAFTD_FIX_WORD_CHOICE);
  if (g_str_equal (w->lower, "maybe") && prev && next && (noun (prev) || draftd_candidates_in_list (" it he she they we i you this that ", prev)) &&
      !draftd_candidates_function_word (prev) && f->i >= 1 && joined (f, f->i - 1) &&
      ((draftd_forms_is (next, 'a') && !draftd_candidates_function_word (next) && !noun (next)) ||
       (g_str_has_suffix (next, "ed") && draftd_candidates_verb_form (f, next))))
    return sure (f, w->start, w->end, "may be", DRAFTD_FIX_WORD_CHOICE);
  return FALSE;
}

/* ---- agreement.subject-verb: "two hundred pounds are a lot to pay" ---- */

/* A sum of money, time or distance is one amount: a number, its unit, then "are/were" before
 * "a lot", "too much", "enough", "plenty" or "a fair price" ("Ten pounds is a lot"). */
gboolean
amount_are (F *f)
{
  const Word *w = &f->words[f->i];
  if (!draftd_candidates_in_list (" are were ", w->lower) || f->i < 2 ||
      !draftd_candidates_in_list (" pounds dollars euros quid bucks hours minutes miles kilometres kilometers ", near (f, -1)) ||
      !(draftd_candidates_in_list (numbers, near (f, -2)) || draftd_candidates_in_list (" hundred thousand ", near (f, -2)) ||
        g_ascii_isdigit (f->s[f->words[f->i - 1].start - 2])))
    return FALSE;
  const char *next = near (f, 1), *next2 = near (f, 2);
  if (!((g_strcmp0 (next, "a") == 0 && draftd_candidates_in_list (" lot fortune ", next2)) ||
        (g_strcmp0 (next, "too") == 0 && draftd_candidates_in_list (" much many long far ", next2)) ||
        draftd_candidates_in_list (" enough plenty ", next)))
    return FALSE;
  return sure (f, w->start, w->end, g_str_equal (w->lower, "are") ? "is" : "was", DRAFTD_FIX_AGREEMENT);
}

/* ---- confusable.who's-whose: "know who's umbrella was left", "parents who's children are" ---- */

/* "who's" before a bare noun and then that noun's verb: "who is umbrella was" reads as nothing,
 * so it is the possessive ("who's coming" and "who's been" are the contraction's). */
gboolean
whos_noun_verb (F *f)
{
  const Word *w = &f->words[f->i];
  g_autofree char *l = plain (w->lower);
  const char *next = near (f, 1), *next2 = near (f, 2);
  if (!g_str_equal (l, "who's") || next == NULL || next2 == NULL || draftd_candidates_function_word (next) || g_str_has_suffix (next, "ing") ||
      !(noun (next) || noun_number (f, next) > 0))
    return FALSE;
  gboolean plural = noun_number (f, next) > 0;
  if (!draftd_candidates_in_list (plural ? " are were have had " : " is was has had ", next2))
    return FALSE;
  return sure (f, w->start, w->end, g_ascii_isupper (w->text[0]) ? "Whose" : "whose", DRAFTD_FIX_WORD_CHOICE);
}
