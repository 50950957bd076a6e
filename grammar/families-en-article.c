/* English rule families of issue 45 that put in or take out an article (article.*): a bare
 * singular count noun ("She is teacher", "We need extra column"), the same seen in the
 * sentence's structure ("call taxi after dinner"), "at same time", "spent lot of money", "Add
 * pinch of salt", "in a future", "an information", "a new shoes", "go to the work by bus".
 * These sections were families-en.c's until it grew too long to read in a sitting; they moved
 * here whole and in their order. The `families` table there decides when each family is tried,
 * and families-en-private.h declares what the files share. */
#include <string.h>
#include "grammar/families-en-private.h"
#include "grammar/forms.h"
#include "grammar/structure.h"

/* A judged candidate that mends the sentence is sure; any other is the target's to judge
 * with the kind's margin less `bonus`. */
static gboolean
mend_or_judge (F *f, gsize start, gsize end, const char *rep, DraftdFixKind kind, float bonus)
{
  if (mended (f, start, end, rep))
    return sure (f, start, end, rep, kind);
  const char *alts[] = { rep };
  return judge (f, start, end, alts, 1, kind, bonus);
}

/* ---- article: "the Internet is most important invention", "go to the work by bus" ---- */

/* "is/was most" + an adjective + a singular noun (and "of" or a clause after) ranks one thing
 * of many: "the most" ("Most important people" counts many; "is most important" alone is a
 * degree). */
gboolean
be_most_singular (F *f)
{
  const Word *w = &f->words[f->i];
  const char *adj = near (f, 1), *head = near (f, 2);
  if (!g_str_equal (w->lower, "most") || !draftd_candidates_in_list (" is was ", near (f, -1)) || adj == NULL || head == NULL ||
      !draftd_forms_is (adj, 'a') || draftd_candidates_function_word (adj) || noun_number (f, head) >= 0 || !noun (head) ||
      draftd_forms_is (head, 'a') || draftd_candidates_uncountable (head) || !draftd_candidates_in_list (" of that i we you ", near (f, 3)))
    return FALSE;
  return sure (f, w->start, w->start, "the ", DRAFTD_FIX_ARTICLE);
}

/* "I go to the work by bus": work, like school and bed, is gone to bare (of the place one works
 * in, "the work" is a task); only before how or when ("by", "on", "every", "early"). */
gboolean
to_the_work (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "the") || g_strcmp0 (near (f, 1), "work") != 0 || g_strcmp0 (near (f, -1), "to") != 0 ||
      !draftd_candidates_in_list (" go goes went going get gets got getting come comes came walk walks walked drive drives drove cycle "
                                  "cycles cycled ",
                                  near (f, -2)) ||
      !(near (f, 2) == NULL || draftd_candidates_in_list (" by on every early late at in today tomorrow and ", near (f, 2))))
    return FALSE;
  return sure (f, w->start, f->words[f->i + 1].start, "", DRAFTD_FIX_ARTICLE);
}

/* ---- article.missing: "We need extra column", "She is teacher" ---- */

/* What an award is named for, bare after "best" ("nominated for best actress"). */
static const char *const award_heads = " actor actress director film picture album song newcomer player coach team musical play show ";

/* Count nouns a verb's idioms take bare, right after it: "moved house", "left home", "took
 * place", "take part", "went to school", "go to bed", "make way for", "send word". */
static const char *const idiom_bare_nouns = " house home place part school church bed way word sun shade ";

static const char *const article_verbs =
  " is was am are be been become became need needs needed have has had want wants wanted bought buy buys wrote write writes "
  "got get gets make makes made find found take took ";

/* Verbs that take a person and then a thing ("give me an example", "told us a story"). */
static const char *const ditransitive =
  " give gives gave tell tells told show shows showed send sends sent buy buys bought offer offers offered lend lends lent "
  "bring brings brought ask asks asked hand hands handed pass passes passed grab grabs grabbed fetch fetches fetched "
  "find finds found book books booked leave leaves left pour pours poured ";
/* Count nouns that go bare after a preposition: places of an institution's ("in hospital", "at
 * sea"), and idioms ("for example", "in order to", "in case", "with respect to"). */
static const char *const bare_after_preposition =
  " hospital prison jail court sea town camp office stage board foot example instance order case fact purpose average sale "
  "person turn place charge hand principle theory detail future question duty war length response return advance "
  "schedule demand request touch contrast conclusion comparison addition particular general total respect regard reference "
  "relation line exchange proportion accordance compliance connection conjunction lieu spite "
  /* "on top", "on screen", "on hold", "under review", "under way", "on site" */
  "top screen display hold call track behalf air page file disk record review control threat way sight tap deck site "
  /* "in interactive mode", "in written form", "in good shape" */
  "mode form shape ";
/* Participles spelt as their base ("have run", "has cut"): after "have" no noun. */
const char *const base_participles =
  " run come become cut put set hit let shut cost hurt quit spread bet burst cast split read overcome upset broadcast "
  "forecast bid rid fit beat shed ";

/* Places a household or a town shares, mostly "the" after a preposition ("in the drawer", "at
 * the station"); a party or a box met once is "a". */
static const char *const shared_places =
  " table drawer station garage floor shelf wall corner window fridge airport door desk sofa roof ground counter cupboard "
  "bathroom kitchen sink attic basement cellar hall garden ";

/* A household's furniture and fixtures, things put on, under or behind ("under the bed",
 * "on the table"), and its rooms and containers, things put in ("in the kitchen", "in the
 * drawer"). */
static const char *const household_surfaces =
  " table bed sofa couch chair desk shelf floor wall door fridge cupboard counter roof carpet rug pillow bench "
  "windowsill sink stove oven wardrobe ";
static const char *const household_rooms =
  " kitchen bathroom bedroom attic basement cellar garage garden drawer fridge cupboard wardrobe closet sink oven "
  "dishwasher ";

/* -ing nouns that count ("had a meeting"); most are a verb's form ("had meeting rooms" aside). */
static const char *const counted_ing = " meeting wedding thing building ";

/* "waitress", "actress", "boss": a person's noun in -ss is singular, no plural's. */
static gboolean
person_in_ss (const char *l)
{
  return g_str_has_suffix (l, "ss") && draftd_forms_noun_lexfile (l) == DRAFTD_FORMS_PERSON;
}

/* A singular noun that counts: one the dictionary has a plural for, no mass noun, no abstract
 * ending. */
static gboolean
count_noun (const F *f, const Word *w, gboolean verb_ok, gboolean described)
{
  const char *l = w->lower;
  /* "a very interesting experience", "a good time": counted once an adjective describes them. */
  gboolean counted = described && draftd_candidates_in_list (" experience time life education childhood ", l);
  if (w->fixed || !noun (l) || draftd_forms_is (l, 'a') || (!verb_ok && draftd_forms_is (l, 'v')) ||
      (draftd_candidates_in_list (mass_nouns, l) && !counted) ||
      (g_str_has_suffix (l, "ing") && !draftd_candidates_in_list (counted_ing, l)) || g_str_has_suffix (l, "ness") ||
      (g_str_has_suffix (l, "ity") && !draftd_candidates_in_list (" opportunity city university celebrity ", l)) ||
      g_str_has_suffix (l, "ism") ||
      g_str_has_suffix (l, "ics") || (g_str_has_suffix (l, "s") && !person_in_ss (l)) ||
      /* "For older people,": a plural that WordNet lists ("a people" is a nation). */
      draftd_candidates_in_list (" people police cattle clergy ", l) || irregular_plural (l))
    return FALSE;
  g_autofree char *plural = draftd_forms_plural (f->c->spell, l);
  return plural && !g_str_equal (plural, l);
}

/* A lexicographer file of what is counted whole: a made thing, an animal or a person. */
static gboolean
made_or_living (int lex)
{
  return lex == DRAFTD_FORMS_ARTIFACT || lex == DRAFTD_FORMS_ANIMAL || lex == DRAFTD_FORMS_PERSON;
}

/* Is the noun's first sense a thing, place, group, person, animal, plant or food (WordNet's
 * lexicographer files 5, 6, 8, 13-15, 17, 18, 20): one a writer counts ("in small hotel")?
 * After a preposition an adjective's abstract noun is mostly an idiom's bare one ("in due
 * course", "in bad taste", "under divine guidance", "in high season"), which link-grammar's
 * dictionary, counting every noun, wants an article for. */
static gboolean
concrete_noun (const char *l)
{
  int lex = draftd_forms_noun_lexfile (l);
  return made_or_living (lex) || lex == DRAFTD_FORMS_BODY || lex == DRAFTD_FORMS_FOOD || lex == DRAFTD_FORMS_GROUP ||
         lex == DRAFTD_FORMS_LOCATION || lex == DRAFTD_FORMS_OBJECT || lex == DRAFTD_FORMS_PLANT;
}

/* "a " or "an " by the sound of the phrase's first word. */
static const char *
article_for (const char *l)
{
  gboolean an = (strchr ("aeiou", l[0]) && !g_str_has_prefix (l, "one") && !g_str_has_prefix (l, "eu") &&
                 (!g_str_has_prefix (l, "uni") || g_str_has_prefix (l, "unin") || g_str_has_prefix (l, "unim")) &&
                 !g_str_has_prefix (l, "use") && !g_str_has_prefix (l, "usu")) ||
                g_str_has_prefix (l, "hour") || g_str_has_prefix (l, "honest") || g_str_has_prefix (l, "honor") || g_str_has_prefix (l, "heir");
  return an ? "an " : "a ";
}

/* The phrase after words[i] that may lack its article: an intensifier, adjectives, then a
 * count noun; its last word's index in *end. */
static gboolean
article_phrase (const F *f, const char *prev, guint *end)
{
  const Word *w = &f->words[f->i];
  /* "a position that is closer to my family": a predicate's comparative before "to" or "than"
   * is the adjective's, whatever noun it spells ("a closer"). */
  if (draftd_candidates_comparative (w->lower) && draftd_candidates_in_list (" to than ", near (f, 1)) &&
      draftd_candidates_in_list (" is are was were be been being much far even slightly ", prev))
    return FALSE;
  /* The phrase: an intensifier, adjectives, then a count noun that ends it. */
  guint k = f->i;
  if (draftd_candidates_in_list (" very really quite ", w->lower) && k + 1 < f->n && joined (f, k))
    k++;
  /* Adjectives ("extra" is a noun too, but not before another noun). */
  /* Not a time's "last", "next", "past", "all" ("was broken last week" is no phrase "broken
   * last week", nor "very helpful all week" one "helpful all week"). */
  /* "a very good news": a degree word before the adjectives. */
  if (k + 2 < f->n && joined (f, k) && draftd_candidates_in_list (" very really quite extremely ", f->words[k].lower) &&
      draftd_forms_is (f->words[k + 1].lower, 'a'))
    k++;
  while (k + 1 < f->n && joined (f, k) && draftd_forms_is (f->words[k].lower, 'a') && !draftd_candidates_function_word (f->words[k].lower) &&
         !draftd_candidates_in_list (" last next past first second third all every each ", f->words[k].lower) &&
         (!draftd_forms_is (f->words[k].lower, 'n') || noun (f->words[k + 1].lower)))
    k++;
  /* A word that may be a verb is a noun after "is" or an adjective ("is engineer", "new
   * record"), not after "need" ("need help"... "need record"). */
  gboolean verb_ok = k > f->i || draftd_candidates_in_list (" is was am be been become became ", prev);
  /* Nor, alone, after "have" or another verb, where it could be a participle ("have run",
   * "have shot"); elsewhere link-grammar or the target decides ("I have question", "wrote
   * letter"). After "is", such a word reads passive ("each time it is run"). */
  const char *l = w->lower;
  verb_ok |= k == f->i && !draftd_candidates_in_list (base_participles, l) && draftd_forms_irregular_lemma (l, 'v') == NULL;
  /* "very little time", "very much time": a quantity, not a description; "free time", "real
   * time", "full time" are kinds of time, "a good time", "a long time" a time had. */
  const char *adjective = f->words[f->i + (draftd_candidates_in_list (" very really quite ", w->lower) && k > f->i ? 1 : 0)].lower;
  gboolean described = k > f->i && !draftd_candidates_in_list (" little much few many ", adjective) &&
                       (!g_str_equal (f->words[k].lower, "time") || draftd_candidates_in_list (" good great wonderful nice lovely hard difficult tough long ", adjective));
  /* "gets far more sun", "needs much less water": a quantity's word before the noun. */
  if (k > f->i && draftd_candidates_in_list (" more less fewer enough much little ", f->words[k - 1].lower))
    return FALSE;
  if (!count_noun (f, &f->words[k], verb_ok, described) || (k == f->i && draftd_candidates_in_list (base_participles, l)))
    return FALSE;
  /* "before it is fed to the cipher", "the way was led by": after "be", an irregular verb's
   * past participle is the passive's, not a noun ("a fed", "a led"). */
  const char *lemma = k == f->i && draftd_candidates_in_list (" is was are were be been being ", prev) ? draftd_forms_irregular_lemma (l, 'v') : NULL;
  if (lemma && !g_str_equal (lemma, l))
    return FALSE;
  *end = k;
  return TRUE;
}

/* A bare count noun after a preposition: "a" for the target to judge, and "the" too for a place
 * that the sentence goes on to place, mostly one the reader knows ("left the book on the table
 * in the kitchen", "waited at the station for"); the target picks. At the sentence's end a terse
 * style's ("the classes in module.") "the" is not offered. */
static gboolean
place_article (F *f, const char *prev, const char *after, const char *a)
{
  const Word *w = &f->words[f->i];
  const char *both[] = { a, "the " };
  gboolean known = after && (draftd_candidates_in_list (" on under behind ", prev) || draftd_candidates_in_list (shared_places, w->lower));
  return judge (f, w->start, w->start, both, known ? 2 : 1, DRAFTD_FIX_ARTICLE, 3.0f);
}

/* The article before an adjective and its count noun after a verb. The shipped target
 * prefers "is a teacher" to "is teacher" by about a nat: the article's margin (3 nats, for the
 * articles learners drop and add everywhere) is lowered by 2.5 where the phrase leaves no other
 * reading; where link-grammar finds the sentence broken without the article and whole with it
 * ("This is important decision", "got good mark"), sure. */
static gboolean
described_article (F *f, const char *a)
{
  const Word *w = &f->words[f->i];
  const char *alts[] = { a };
  /* "a file is first read": an adverb before a participle, not an adjective before its noun. */
  if (draftd_candidates_in_list (" first last next only just also still often ever never once ", w->lower))
    return judge (f, w->start, w->start, alts, 1, DRAFTD_FIX_ARTICLE, 3.0f);
  return mend_or_judge (f, w->start, w->start, a, DRAFTD_FIX_ARTICLE, 3.0f);
}

/* What may follow a phrase that lacks its article. */
static const char *const enders = " in at on for to with from by about after yesterday today tomorrow last this near but next behind under again above below beside ";

/* "under bed", "on table", "in kitchen": a household's own furniture and rooms after a
 * preposition of place are "the" ones, where the phrase ends; none is an idiom's bare noun
 * with these ("in bed", "at table" are, and left; "bed" is no count noun to article_phrase). */
static gboolean
household_article (F *f, const char *prev)
{
  const Word *w = &f->words[f->i];
  return g_ascii_islower (w->text[0]) && (near (f, 1) == NULL || draftd_candidates_in_list (enders, near (f, 1))) &&
         ((draftd_candidates_in_list (" on under behind ", prev) && draftd_candidates_in_list (household_surfaces, w->lower)) ||
          (g_str_equal (prev, "in") && draftd_candidates_in_list (household_rooms, w->lower))) &&
         sure (f, w->start, w->start, "the ", DRAFTD_FIX_ARTICLE);
}

/* Is the phrase after words[i] a predicate ("is", "was", "I am") of a pronoun, or of a
 * possessive's noun where a person is the subject or the predicate ("My father is engineer";
 * "My car is lock" wants "locked")? `l` is the phrase's noun. */
static gboolean
pronoun_predicate (const F *f, const char *prev, const char *l)
{
  const char *subj = near (f, -2);
  /* "My older sister is nurse": one adjective between the possessive and its noun. */
  const char *owner = near (f, -3);
  if (owner && draftd_forms_is (owner, 'a') && !draftd_candidates_function_word (owner))
    owner = near (f, -4);
  return (draftd_candidates_in_list (" is was ", prev) || (g_strcmp0 (prev, "am") == 0 && g_strcmp0 (subj, "i") == 0)) &&
         (draftd_candidates_in_list (" he she it i this that ", subj) ||
          (draftd_candidates_in_list (" my his her our their your ", owner) &&
           (draftd_forms_noun_lexfile (subj) == DRAFTD_FORMS_PERSON || draftd_forms_noun_lexfile (l) == DRAFTD_FORMS_PERSON)));
}

/* Nouns a learner's predicate counts, described by one adjective ("This is important thing",
 * "It was difficult decision"), where no mass noun's reading is near. */
static const char *const predicate_count_nouns =
  " thing idea problem question decision mistake situation reason way place experience example job choice solution "
  "opportunity story film movie book city country person man woman friend ";

/* A pronoun's predicate ("This is", "It was") of one adjective and such a noun that ends its
 * clause: "This is important thing." The adjective no determiner or adverb ("It is only
 * thing"). */
static gboolean
described_predicate (const F *f, gboolean predicate, guint k, const char *after)
{
  const Word *w = &f->words[f->i];
  return predicate && k == f->i + 1 && draftd_candidates_in_list (predicate_count_nouns, f->words[k].lower) &&
         draftd_forms_is (w->lower, 'a') && !draftd_candidates_function_word (w->lower) &&
         !draftd_candidates_in_list (" first last next only same whole own other such ", w->lower) &&
         (after == NULL || draftd_candidates_in_list (" and but because so for to that ", after));
}

/* Messages and turns a person is given or sent, always counted ("sent me text", "give me hand",
 * "send me copy of"); what a verb alone makes of them is not always ("took note of"). */
static const char *const given_messages = " text message letter question call reply copy ";

/* Is `l` counted where a person is given it: a thing, an animal or a person (WordNet's first
 * sense; "give them room to", "make space" are a measure's), or a message or turn? */
static gboolean
given_thing (const char *l)
{
  int lex = draftd_forms_noun_lexfile (l);
  return (made_or_living (lex) &&
          !draftd_candidates_in_list (" room space place ", l)) ||
         draftd_candidates_in_list (given_messages, l) || draftd_candidates_in_list (" note ring lift hug chance break hand example ", l);
}

/* "send me copy of the contract": a thing given a person, before its "of", is counted
 * ("give me part of it" is a share's); the target judges, but for a thing or a message
 * given one that is surely a person ("her" may be a possessive), which is sure. */
static gboolean
given_of (F *f, const char *prev, const char *prev2, const char *after, const char *const *alts)
{
  const Word *w = &f->words[f->i];
  if (g_strcmp0 (after, "of") != 0 || !draftd_candidates_in_list (ditransitive, prev2) ||
      !draftd_candidates_in_list (" me him her us them you ", prev) || draftd_candidates_in_list (" part rest half lot plenty ", w->lower))
    return FALSE;
  if (!g_str_equal (prev, "her") && given_thing (w->lower))
    return sure (f, w->start, w->start, alts[0], DRAFTD_FIX_ARTICLE);
  return judge (f, w->start, w->start, alts, 1, DRAFTD_FIX_ARTICLE, 1.5f);
}

/* Nouns in -tion that are counted things, never a mass ("a question", "a decision"). */
static const char *const counted_tion_nouns =
  " question station decision suggestion position option section situation definition explanation conversation "
  "presentation invitation description celebration ovation demonstration ";

/* Readings in which the phrase words[i..k] is rightly bare: "There was heavy rain" (an
 * existential's described noun, mostly a mass noun's), "had good reason to", "have every
 * right to" (a noun before its infinitive after "have"), "They had tea" (a drink or a
 * substance after "have"), "good word-of-mouth publicity" (the noun a hyphen's compound's
 * first word). */
static gboolean
bare_reading (const F *f, const char *prev, const char *prev2, guint k, const char *after)
{
  const char *noun = f->words[k].lower;
  if (k > f->i && g_strcmp0 (prev2, "there") == 0 && draftd_candidates_in_list (" is was be been ", prev))
    return TRUE;
  gboolean have = draftd_candidates_in_list (" have has had ", prev);
  if (have && k > f->i && g_strcmp0 (after, "to") == 0 && k + 2 < f->n && draftd_forms_is (f->words[k + 2].lower, 'v'))
    return TRUE;
  int lex = draftd_forms_noun_lexfile (noun);
  if (have && k == f->i && (lex == DRAFTD_FORMS_FOOD || lex == DRAFTD_FORMS_SUBSTANCE))
    return TRUE;
  return f->s[f->words[k].end] == '-';
}

/* Words that open no noun phrase an article could be missing from: determiners, numbers,
 * prepositions ("is behind sofa": no "a behind"), comparative quantifiers ("was less
 * violence", "had little effect" is no "a little effect"), function words but intensifiers. */
static gboolean
takes_no_article (const char *l)
{
  return draftd_candidates_in_list (determiners, l) || draftd_candidates_in_list (numbers, l) || draftd_candidates_in_list (prepositions, l) ||
         draftd_candidates_in_list (" less more fewer most least enough little few much many ", l) ||
         (draftd_candidates_function_word (l) && !draftd_candidates_in_list (" very really quite ", l));
}

/* "to make complaint about", "make mistake": the nouns "make" takes as one act are counted,
 * never a mass ("make progress", "make use of", "make sense" are not among them); sure. */
static gboolean
made_act (F *f, const char *prev, const char *a)
{
  const Word *w = &f->words[f->i];
  return draftd_candidates_in_list (" make makes made making ", prev) &&
         draftd_candidates_in_list (" complaint mistake decision suggestion reservation appointment booking request promise wish choice ", w->lower) &&
         sure (f, w->start, w->start, a, DRAFTD_FIX_ARTICLE);
}

/* The article of a preposition's adjective and count noun, words[i..k] ("in small hotel"). */
static gboolean
described_after_preposition (F *f, const char *prev, const char *prev2, guint k, const char *after, const char *const *alts)
{
  const Word *w = &f->words[f->i];
  const char *l = f->words[k].lower;
  /* "prune the trees in late winter", "in early spring": a season bare after a preposition
   * stays bare with its part of the season ("in a late winter" is one winter among others). */
  if (k == f->i + 1 && draftd_candidates_in_list (" late early mid ", w->lower) &&
      draftd_candidates_in_list (" winter summer spring autumn fall morning afternoon evening ", l))
    return FALSE;
  /* "works for small company", "lives in big house": after a verb's "for" or "in" an
   * adjective's count noun that ends the phrase has its article; link-grammar often parses it
   * whole without one, so the target judges, with the article's full margin. */
  gboolean judged = draftd_candidates_in_list (" for in with ", prev) && prev2 && finite_verb (f, prev2) && !draftd_candidates_function_word (prev2) &&
                    (after == NULL || draftd_candidates_in_list (" in at on near ", after));
  if (!concrete_noun (l) || !mended (f, w->start, w->start, alts[0]))
    return judged && judge (f, w->start, w->start, alts, 1, DRAFTD_FIX_ARTICLE, 0.0f);
  /* A person's or a group's noun there is an idiom's as often ("on automatic pilot", "for
   * missing muster", "in modern culture": WordNet's usage examples) as a thing's or a place's
   * is counted ("in small hotel"): link-grammar's mending is then the target's bonus only. */
  int lex = draftd_forms_noun_lexfile (l);
  if (lex == DRAFTD_FORMS_GROUP || lex == DRAFTD_FORMS_PERSON)
    return judge (f, w->start, w->start, alts, 1, DRAFTD_FIX_ARTICLE, 3.0f);
  return sure (f, w->start, w->start, alts[0], DRAFTD_FIX_ARTICLE);
}

/* "played host to", "turned traitor", "elected chairman", "stand guard": verbs of a role (or a
 * game's, "played tag") take it bare. */
static const char *const role_verbs =
  " play plays played playing turn turns turned turning elect elects elected appoint appointed name named crown crowned "
  "stand stands stood standing ";

/* "bought dress for", "adopted puppy from", "Can you recommend good dentist in": a verb's bare
 * object that is a thing, an animal, a person or a place (WordNet's concrete files), where the
 * phrase ends, is counted; "takes precedence", "in mode", "make progress" are abstract and left.
 * The verb is one by its shape: a past that is no passive's ("was elected chairman"), an -ing
 * after "be", or a base after "to", a modal or a subject pronoun. The target judges with the
 * article's full margin, since a verb's bare noun is also a terse style's ("press key"). */
static gboolean
verb_object_article (F *f, const char *prev, const char *prev2)
{
  const Word *w = &f->words[f->i];
  if (prev == NULL || prev2 == NULL || !g_ascii_islower (w->text[0]) || takes_no_article (w->lower) ||
      draftd_candidates_function_word (prev) || draftd_candidates_in_list (determiners, prev2))
    return FALSE;
  if (draftd_candidates_in_list (role_verbs, prev))
    return FALSE;
  gboolean be = draftd_candidates_in_list (" am is are was were be been being get got gets ", prev2);
  /* A participle's after a noun or an adverb is mostly an adjective ("the shared library", "a
   * classically shaped body"): a past only after a subject pronoun. */
  gboolean past = participle_after_noun (prev) && draftd_candidates_in_list (subject_pronouns, prev2);
  gboolean progressive = be && gerund_word (f, prev);
  /* "since we last spoke": an adverb's "last" reads as a verb. */
  gboolean base = draftd_forms_is (prev, 'v') && !draftd_forms_is (prev, 'a') && draftd_candidates_in_list (" to will would can could should must might may please i we you they ", prev2);
  guint k;
  if ((!past && !progressive && !base) || !article_phrase (f, prev, &k))
    return FALSE;
  const char *after = k + 1 < f->n && joined (f, k) ? f->words[k + 1].lower : NULL;
  /* "moved house", "took place", "left home": a verb's idioms with a bare count noun. */
  if ((after && !draftd_candidates_in_list (enders, after)) || !(concrete_noun (f->words[k].lower) || (past && k == f->i && draftd_candidates_in_list (given_messages, w->lower))) ||
      f->s[f->words[k].end] == '-' ||
      draftd_candidates_in_list (idiom_bare_nouns, f->words[k].lower))
    return FALSE;
  /* An animal's or a person's noun is counted wherever a pronoun's past takes it whole ("They
   * adopted puppy", "We hired plumber"); the target, which prefers many a bare one, does not
   * judge those. An artifact's has mass senses ("applied paint", "wiped lipstick"), a place's,
   * a food's or a body part's idioms ("took place", "had lunch"): judged. */
  const char *alts[] = { article_for (w->lower) };
  int lex = draftd_forms_noun_lexfile (f->words[k].lower);
  if ((past || (base && k == f->i)) && (lex == DRAFTD_FORMS_ANIMAL || lex == DRAFTD_FORMS_PERSON)) /* "If you need interpreter," too */
    return sure (f, w->start, w->start, alts[0], DRAFTD_FIX_ARTICLE);
  /* "We rented car for": a made thing alone after a pronoun's past is counted too where the
   * noun is no verb's; a verb's thing is as often its mass or a process ("paint", "wire",
   * "file", "cover"). */
  if (past && lex == DRAFTD_FORMS_ARTIFACT && k == f->i && !draftd_forms_is (w->lower, 'v'))
    return sure (f, w->start, w->start, alts[0], DRAFTD_FIX_ARTICLE);
  /* "She left message on my phone": a message sent or left is one. */
  if (past && k == f->i && draftd_candidates_in_list (given_messages, w->lower))
    return sure (f, w->start, w->start, alts[0], DRAFTD_FIX_ARTICLE);
  /* "to add extra column to": an adjective's count noun after a base, as after the listed
   * verbs ("need extra column"), is sure where link-grammar finds the sentence broken without
   * the article and whole with it, and the phrase goes on. A terse style's object is mostly a
   * lone noun ("press key") or ends its clause ("please use modern interface,"); a past's
   * is an idiom's as often ("gave free rein to"). */
  if (k > f->i && base && !past && after)
    return mend_or_judge (f, w->start, w->start, alts[0], DRAFTD_FIX_ARTICLE, 0.0f);
  return judge (f, w->start, w->start, alts, 1, DRAFTD_FIX_ARTICLE, 0.0f);
}

/* Is words[i] a lone count noun (no adjective) whose phrase ends there: at the sentence's
 * end, before a preposition of the enders, a conjunction, a clause's subject ("asked me
 * question I could not answer") or an adjective after the noun ("Is there shop open")? */
static gboolean
lone_count_noun (const F *f, const char *prev, const char *more)
{
  const Word *w = &f->words[f->i];
  guint k;
  /* "There was nobody at home": WordNet's person. */
  if (!g_ascii_islower (w->text[0]) || takes_no_article (w->lower) || draftd_candidates_in_list (singular_heads, w->lower) ||
      !article_phrase (f, prev, &k) || k != f->i || f->s[w->end] == '-')
    return FALSE;
  /* The sentence's end; a quote, comma or bracket after it is another phrase's ("have child
   * 'x' element", "has begin, middle, and end"). */
  const char *after = near (f, 1);
  /* A comma before a clause's opener ends the phrase too ("has dog, which barks", "had
   * kettle, but"); before another noun it is a list's. */
  if (after == NULL && f->s[w->end] == ',' && f->i + 1 < f->n &&
      draftd_candidates_in_list (" which who where but so though although because while ", f->words[f->i + 1].lower))
    return TRUE;
  if (after == NULL)
    return f->i + 1 >= f->n || strchr (".?!", f->s[w->end]) != NULL;
  return draftd_candidates_in_list (enders, after) ||
         draftd_candidates_in_list (" before until when if because so and but while i you he she we they open available nearby ", after) ||
         (more && draftd_candidates_in_list (more, after));
}

/* Documents, which WordNet files among communication with many a mass ("text", "code"). */
static const char *const counted_documents = " copy quote report essay presentation proposal letter ticket form receipt invoice certificate "
                                             "file problem mistake leak crack note message sample specimen photocopy ";

/* "Is there pharmacy near the station?", "There was spider in the bath": an existential's
 * lone count noun that is an animal's, a thing's or a person's is counted ("there is room
 * for", "there was space" are a measure's). The target prefers many a bare one; sure. Also
 * after "Is there" opening a question, which the verb lists do not reach. */
static gboolean
existential_article (F *f, const char *prev, const char *prev2)
{
  const Word *w = &f->words[f->i];
  gboolean there = (g_strcmp0 (prev, "there") == 0 && draftd_candidates_in_list (" is was ", prev2) && f->i >= 2 &&
                    (f->i == 2 || !joined (f, f->i - 3))) ||
                   (g_strcmp0 (prev2, "there") == 0 && draftd_candidates_in_list (" is was ", prev)) || g_strcmp0 (prev, "there's") == 0;
  /* "There's new memo from the OM": an adjective, then a document or a made thing and a
   * preposition; the target judges ("There's new evidence from" is a mass's). */
  const char *n1 = near (f, 1), *n2 = near (f, 2);
  if (there && n1 && n2 && draftd_forms_is (w->lower, 'a') && !draftd_forms_is (w->lower, 'n') && !draftd_candidates_function_word (w->lower) &&
      g_ascii_islower (w->text[0]) && joined (f, f->i) && draftd_candidates_in_list (prepositions, n2) && noun_number (f, n1) < 0 &&
      !draftd_candidates_in_list (mass_nouns, n1) && !draftd_candidates_uncountable (n1) &&
      (draftd_candidates_in_list (counted_documents, n1) || draftd_candidates_in_list (" memo notice email ", n1) ||
       made_or_living (draftd_forms_noun_lexfile (n1)))) {
    const char *alts[] = { article_for (w->lower) };
    return judge (f, w->start, w->start, alts, 1, DRAFTD_FIX_ARTICLE, 0.0f);
  }
  int lex = draftd_forms_noun_lexfile (w->lower);
  /* "Is there pharmacy open", "near the station": what is open or near is a place, so a noun
   * whose shop or building is a later sense (WordNet's first "pharmacy" is the science). */
  gboolean placed = draftd_candidates_in_list (" open near nearby ", near (f, 1)) &&
                    (draftd_forms_noun_sense_in (w->lower, DRAFTD_FORMS_ARTIFACT) || draftd_forms_noun_sense_in (w->lower, DRAFTD_FORMS_LOCATION));
  if (!there || !(made_or_living (lex) || placed) ||
      draftd_candidates_in_list (" room space place ", w->lower) || !lone_count_noun (f, prev, NULL))
    return FALSE;
  /* "unless there was output from": a thing that is a verb's too is often its mass, made
   * ("output", "paint", "wire"); only where link-grammar wants the article. */
  if (lex == DRAFTD_FORMS_ARTIFACT && draftd_forms_is (w->lower, 'v') && !mended (f, w->start, w->start, article_for (w->lower)))
    return FALSE;
  return sure (f, w->start, w->start, article_for (w->lower), DRAFTD_FIX_ARTICLE);
}

/* "a room near the lift with balcony, if possible": "with" after a determiner's noun gives it
 * what it has, and a lone made thing, animal or place had is one ("a house with a garden").
 * Not "with pen in hand" (below).
 * The phrase ends as lone_count_noun's does, or at a comma before a word that is no noun (a
 * list's next item would be one: "with bed, desk and chair"). Sure. */
static gboolean
featured_article (F *f, const char *prev, const char *prev2)
{
  const Word *w = &f->words[f->i];
  int lex = draftd_forms_noun_lexfile (w->lower);
  if (g_strcmp0 (prev, "with") != 0 || !draftd_forms_is (prev2, 'n') || !draftd_candidates_in_list (determiners, near (f, -3)) ||
      !(lex == DRAFTD_FORMS_ANIMAL || lex == DRAFTD_FORMS_ARTIFACT || lex == DRAFTD_FORMS_LOCATION))
    return FALSE;
  /* "a man with pen in hand", "with hat on head": a bare noun's own bare place is an absolute
   * phrase, whose nouns go bare; a place after it has its determiner ("with garden at the
   * back"). */
  if (draftd_candidates_in_list (prepositions, near (f, 1)) && !draftd_candidates_in_list (determiners, near (f, 2)))
    return FALSE;
  guint k;
  const char *next = f->i + 1 < f->n ? f->words[f->i + 1].lower : NULL;
  g_autofree char *one = next ? draftd_forms_singular (f->c->spell, next) : NULL;
  gboolean ends = lone_count_noun (f, prev, NULL) ||
                  (f->s[w->end] == ',' && next && article_phrase (f, prev, &k) && k == f->i && !draftd_forms_is (next, 'n') &&
                   !draftd_forms_is (next, 'a') && !(one && draftd_forms_is (one, 'n')));
  return ends && sure (f, w->start, w->start, article_for (w->lower), DRAFTD_FIX_ARTICLE);
}

/* "sent me text", "asked me question", "grab me towel": a lone count noun given a person ("me",
 * "him", "us", "them", "you"; "her" is as often a possessive, "showed her talent") is counted
 * where it is a thing, an animal, a person or one of the messages and turns a person is given;
 * "give him credit", "give us notice", "give them room to" are a mass's or an idiom's. Sure:
 * the target judges most of them bare. */
static gboolean
given_article (F *f, const char *prev, const char *prev2)
{
  const Word *w = &f->words[f->i];
  if (!draftd_candidates_in_list (" me him us them you ", prev) || !draftd_candidates_in_list (ditransitive, prev2) ||
      !given_thing (w->lower) || !lone_count_noun (f, prev, NULL))
    return FALSE;
  return sure (f, w->start, w->start, article_for (w->lower), DRAFTD_FIX_ARTICLE);
}

/* "looking for job", "apply for visa", "ask for refund", "waiting for reply": what one looks,
 * applies, asks or waits for, when it is a count noun alone, is one of many; "look for work", "ask for help", "apply for
 * membership", "apply for asylum" are a mass's, a state's or the law's. Sure. */
static gboolean
sought_article (F *f, const char *prev, const char *prev2)
{
  const Word *w = &f->words[f->i];
  const char *l = w->lower;
  int lex = draftd_forms_noun_lexfile (l);
  if (g_strcmp0 (prev, "for") != 0 ||
      !draftd_candidates_in_list (" look looks looking looked apply applies applying applied ask asks asking asked wait waits waiting waited ", prev2) ||
      !(lex == DRAFTD_FORMS_ACT || lex == DRAFTD_FORMS_COMMUNICATION || lex == DRAFTD_FORMS_POSSESSION || lex == DRAFTD_FORMS_ARTIFACT ||
        lex == DRAFTD_FORMS_PERSON) ||
      g_str_has_suffix (l, "ship") || g_str_has_suffix (l, "sion") || g_str_has_suffix (l, "ment") ||
      g_str_has_suffix (l, "ance") || g_str_has_suffix (l, "ence") ||
      draftd_candidates_in_list (" asylum bail credit cover change shelter custody insurance input approval consent ", l) ||
      !lone_count_noun (f, prev, NULL))
    return FALSE;
  return sure (f, w->start, w->start, article_for (l), DRAFTD_FIX_ARTICLE);
}

/* "Our neighbour has dog that barks", "I have sister who": an animal or a person had, alone
 * before its relative clause or where its phrase ends, is one; sure (the target prefers the
 * bare noun, and link-grammar parses it whole). So is a made thing that is no verb's ("didn't
 * have kettle", as "borrowed kettle" above); a verb's thing is as often its mass ("have
 * paint", "have wire"). */
static gboolean
had_article (F *f, const char *prev)
{
  const Word *w = &f->words[f->i];
  int lex = draftd_forms_noun_lexfile (w->lower);
  gboolean made = lex == DRAFTD_FORMS_ARTIFACT && !draftd_forms_is (w->lower, 'v');
  /* "We need volunteer who can drive": a person needed, wanted or had is one too, and right
   * before its "who" a person's noun that is an adjective too ("volunteer", "assistant",
   * "cleaner") is the noun. */
  if (draftd_candidates_in_list (" need needs needed want wants wanted have has had ", prev) && g_strcmp0 (near (f, 1), "who") == 0 &&
      g_ascii_islower (w->text[0]) && draftd_forms_noun_sense_in (w->lower, DRAFTD_FORMS_PERSON) && !w->fixed &&
      !draftd_candidates_function_word (w->lower) && !draftd_candidates_in_list (singular_heads, w->lower) &&
      !draftd_candidates_in_list (" people police staff crew team family ", w->lower)) {
    g_autofree char *plural = draftd_forms_plural (f->c->spell, w->lower);
    if (plural && !g_str_equal (plural, w->lower))
      return sure (f, w->start, w->start, article_for (w->lower), DRAFTD_FIX_ARTICLE);
  }
  /* "We had fish and chips", "had chicken for dinner": an animal eaten as a meat is a mass
   * (WordNet gives "dog" a food's sense too, so the list is written out). */
  if (!draftd_candidates_in_list (" have has had ", prev) || !(lex == DRAFTD_FORMS_ANIMAL || lex == DRAFTD_FORMS_PERSON || made) ||
      draftd_candidates_in_list (" fish chicken lamb turkey duck salmon tuna trout cod crab lobster prawn shrimp squid octopus rabbit goose ", w->lower) ||
      !lone_count_noun (f, prev, " that who which "))
    return FALSE;
  return sure (f, w->start, w->start, article_for (w->lower), DRAFTD_FIX_ARTICLE);
}

/* "Did you get chance to read it?", "had opportunity to", "gives young people chance to": a
 * chance one gets, has or is given to do something is one ("by chance", "no chance" have
 * their own word); sure. */
static gboolean
chance_article (F *f, const char *prev)
{
  const Word *w = &f->words[f->i];
  /* "gives young people chance to", "gave me opportunity to": a person given it. */
  gboolean given = draftd_candidates_in_list (" me him her us them you people ", prev) && f->i >= 2 &&
                   (draftd_candidates_in_list (" give gives gave given giving offer offers offered ", near (f, -2)) ||
                    (draftd_candidates_in_list (" give gives gave given giving offer offers offered ", near (f, -3)) && draftd_forms_is (near (f, -2), 'a')));
  if (!draftd_candidates_in_list (" chance opportunity ", w->lower) ||
      !(given || draftd_candidates_in_list (" get gets got getting have has had having ", prev)) || g_strcmp0 (near (f, 1), "to") != 0)
    return FALSE;
  return sure (f, w->start, w->start, article_for (w->lower), DRAFTD_FIX_ARTICLE);
}

/* After "be" a bare noun is a predicate as often as a missing article's ("Lonely creeks are
 * opal in the dawn"), but for "there is". */
static gboolean
be_predicate (const char *prev, const char *prev2)
{
  return draftd_candidates_in_list (" am is are was were be been being ", prev) && g_strcmp0 (prev2, "there") != 0;
}

/* "give" in its forms: given_act_article's verb, and parsed_article's before "to". */
static const char *const give_forms = " give gives gave given giving ";

/* Roles a person holds alone, one to a club or a team, which a predicate or "as" takes bare
 * ("She will be captain next season", "served as chair", "to be president of"), and a
 * family's own names for its parents, used as names ("became dad for a second time"). */
static const char *const sole_roles =
  " president captain chairman chairwoman chairperson chair head king queen leader mayor chief director champion host "
  "guest winner member secretary treasurer coach editor principal dad daddy mum mummy mom mommy grandma grandpa granny ";

/* Does the phrase words[i..k] name a sole role anywhere in it ("head coach")? */
static gboolean
sole_role (const F *f, guint k)
{
  for (guint j = f->i; j <= k; j++)
    if (draftd_candidates_in_list (sole_roles, f->words[j].lower))
      return TRUE;
  return FALSE;
}

/* Is words[i] a noun, no adjective, before a person's singular noun that ends the phrase
 * ("software engineer for", "vet nurse at", "bus driver."): a compound job, its head's index
 * in *end? */
static gboolean
person_compound (const F *f, guint *end)
{
  guint k = f->i + 1;
  if (k >= f->n || !joined (f, f->i) || !noun (f->words[f->i].lower) || draftd_forms_is (f->words[f->i].lower, 'a') ||
      draftd_candidates_function_word (f->words[f->i].lower) || draftd_forms_noun_lexfile (f->words[k].lower) != DRAFTD_FORMS_PERSON ||
      noun_number (f, f->words[k].lower) > 0 || !g_ascii_islower (f->words[k].text[0]) || !phrase_ends (f, k))
    return FALSE;
  *end = k;
  return TRUE;
}

/* "wants to be vet when", "will be plumber with", "became nurse in", "worked as driver for":
 * a person's count noun as a predicate after an infinitive's or a modal's "be" or after
 * "become", or after "as" (a role or a function), is counted where its phrase ends
 * (phrase_ends: not before a comma, so "worked as teacher, translator and guide" is a list's);
 * sure, but for a sole role and after "serve/act as" ("served as chair"). A made thing or a
 * possession after "as" ("used the bucket as stool", "as gift") is judged with "a"/"the", the
 * article's margin waived: a manual's "as separator" is as often bare. Not "As usual", "as
 * follows", "as well" (no count nouns), "such as", "so as", "as soon as". */
static gboolean
role_article (F *f, const char *prev, const char *prev2)
{
  const Word *w = &f->words[f->i];
  gboolean be = (g_strcmp0 (prev, "be") == 0 && (g_strcmp0 (prev2, "to") == 0 || draftd_candidates_in_list (modals, prev2))) ||
                draftd_candidates_in_list (" become becomes became ", prev);
  /* "as good as cash", "twice as long as": a comparison's second "as". */
  /* "taking over as volunteer coordinator", "her role as senior steward", "was appointed as
   * treasurer": a post taken on, held or handed over is the one post, bare. */
  gboolean as = g_strcmp0 (prev, "as") == 0 && prev2 && !draftd_candidates_in_list (" such so as just same ", prev2) &&
                !draftd_candidates_in_list (" as so ", near (f, -3)) &&
                !draftd_candidates_in_list (" over in on down role position post appointed elected named replaced continue continues ", prev2);
  guint k;
  /* "working as software engineer for", "He is vet nurse at": a noun before a person's noun
   * makes a compound job, after a pronoun's "is" too. */
  gboolean compound = person_compound (f, &k);
  be |= compound && pronoun_predicate (f, prev, f->words[k].lower);
  if ((!be && !as) || !g_ascii_islower (w->text[0]) || takes_no_article (w->lower) ||
      (!compound && (!article_phrase (f, prev, &k) || !phrase_ends (f, k))) || sole_role (f, k) ||
      participle_after_noun (f->words[k].lower))
    return FALSE;
  int lex = draftd_forms_noun_lexfile (f->words[k].lower);
  const char *alts[] = { article_for (w->lower), "the " };
  if (lex == DRAFTD_FORMS_PERSON && !draftd_candidates_in_list (" serve serves served serving act acts acted acting ", prev2))
    return sure (f, w->start, w->start, alts[0], DRAFTD_FIX_ARTICLE);
  if (as && (lex == DRAFTD_FORMS_ARTIFACT || lex == DRAFTD_FORMS_POSSESSION))
    return judge (f, w->start, w->start, alts, 2, DRAFTD_FIX_ARTICLE, 3.0f);
  return FALSE;
}

/* "was bought by wealthy merchant from", "was bitten by dog on": a passive's agent that is a
 * person or an animal is counted where its phrase ends ("by hand", "by train", "by default",
 * "by mistake" are no person's); sure for a person after an adjective, judged with "a"/"the",
 * 1.5 nats short of the margin, for a lone animal; a lone person is left. */
static gboolean
agent_article (F *f, const char *prev, const char *prev2)
{
  const Word *w = &f->words[f->i];
  guint k;
  if (g_strcmp0 (prev, "by") != 0 || prev2 == NULL || !participle_after_noun (prev2) || !g_ascii_islower (w->text[0]) ||
      takes_no_article (w->lower) || !article_phrase (f, prev, &k) || !phrase_ends (f, k))
    return FALSE;
  int lex = draftd_forms_noun_lexfile (f->words[k].lower);
  if (lex != DRAFTD_FORMS_PERSON && lex != DRAFTD_FORMS_ANIMAL)
    return FALSE;
  const char *alts[] = { article_for (w->lower), "the " };
  if (k > f->i)
    return sure (f, w->start, w->start, alts[0], DRAFTD_FIX_ARTICLE);
  /* A lone person is as often a means ("sent by courier", "transmitted by carrier"), and so
   * is an animal that carries ("carried by packhorse", "travelled by camel"). */
  if (lex != DRAFTD_FORMS_ANIMAL || draftd_candidates_in_list (" horse packhorse mule donkey camel pony ox oxen horses mules camels ", w->lower))
    return FALSE;
  return judge (f, w->start, w->start, alts, 2, DRAFTD_FIX_ARTICLE, 1.5f);
}

/* A thing's parts, which before "of" are "the" ones ("on the back of", "at the edge of"); "on
 * top of", "in front of" are idioms, "in back of" an American one. */
static const char *const parts_of = " back edge bottom middle corner side surface rim tip ";

/* Verbs that make or take a picture or a likeness of something ("built model of", "took photo
 * of", "drew map of"). */
static const char *const making_verbs =
  " make makes made making build builds built building draw draws drew drawn drawing take takes took taken taking "
  "paint paints painted painting carve carves carved sketch sketches sketched print prints printed ";

/* Counted nouns these verbs take bare before "of" in an idiom ("took note of", "made use of",
 * "took charge of", "lost track of"). */
static const char *const of_idioms =
  " note notice mention account stock track hold charge care use fun sense light sight advantage control part head leave shape ";

/* "on back of an envelope", "in corner of the hall": a part before "of" after a preposition;
 * "built model of the bridge", "took photo of": a made thing or a message made or taken, alone
 * or described, before "of". The target judges "the" for a part, "a" for a thing made new
 * (offered "the" too, it took "built the model of"), with the article's margin waived. */
static gboolean
part_article (F *f, const char *prev)
{
  const Word *w = &f->words[f->i];
  guint k;
  if (prev == NULL || !g_ascii_islower (w->text[0]))
    return FALSE;
  /* "back" is a particle's word too, which takes_no_article refuses. */
  if (draftd_candidates_in_list (parts_of, w->lower) && g_strcmp0 (near (f, 1), "of") == 0 &&
      (draftd_candidates_in_list (" on at to from near along across over under onto by ", prev) ||
       (g_str_equal (prev, "in") && !draftd_candidates_in_list (" back side ", w->lower)))) {
    const char *the[] = { "the " };
    return judge (f, w->start, w->start, the, 1, DRAFTD_FIX_ARTICLE, 3.0f);
  }
  if (takes_no_article (w->lower) || !draftd_candidates_in_list (making_verbs, prev))
    return FALSE;
  /* A lone noun that is an adjective's word too ("built model of") is no article_phrase's. */
  if (!article_phrase (f, prev, &k))
    k = f->i;
  if ((k == f->i && (!noun (w->lower) || draftd_candidates_in_list (mass_nouns, w->lower) || g_str_has_suffix (w->lower, "s"))) ||
      g_strcmp0 (near (f, (gint) (k - f->i) + 1), "of") != 0 || draftd_candidates_in_list (of_idioms, f->words[k].lower))
    return FALSE;
  /* A made thing, or a representation that is one by another sense ("model" is first a
   * cognition's), or a message; "made good of" is a benefit's. */
  const char *l = f->words[k].lower;
  int lex = draftd_forms_noun_lexfile (l);
  if (lex != DRAFTD_FORMS_ARTIFACT && lex != DRAFTD_FORMS_COMMUNICATION &&
      !(lex == DRAFTD_FORMS_COGNITION && draftd_forms_noun_sense_in (l, DRAFTD_FORMS_ARTIFACT)))
    return FALSE;
  const char *alts[] = { article_for (w->lower) };
  return judge (f, w->start, w->start, alts, 1, DRAFTD_FIX_ARTICLE, 3.0f);
}

/* "gave us quick tour of", "gave warm welcome to", "gave loud cheer when": an act or a
 * message given, with an adjective, is one ("gave full support", "gave formal notice", "gave
 * final approval" are a mass's, in mass_nouns or here; "gave free rein" is a thing's). After
 * "give" or its person ("her" is as often a possessive), where the phrase ends or goes on with
 * "of": sure where link-grammar says the article mends the sentence, else judged with the
 * article's margin waived (the target need only prefer it). */
static gboolean
given_act_article (F *f, const char *prev, const char *prev2)
{
  const Word *w = &f->words[f->i];
  gboolean given = draftd_candidates_in_list (give_forms, prev) ||
                   (draftd_candidates_in_list (" me him us them you ", prev) && draftd_candidates_in_list (give_forms, prev2));
  guint k;
  if (!given || !g_ascii_islower (w->text[0]) || takes_no_article (w->lower) || !article_phrase (f, prev, &k) || k == f->i ||
      !(phrase_ends (f, k) || g_strcmp0 (near (f, (gint) (k - f->i) + 1), "of") == 0))
    return FALSE;
  const char *l = f->words[k].lower;
  int lex = draftd_forms_noun_lexfile (l);
  /* "gave full play to", "was given overall management of": an amount's adjective, or a
   * noun of a mass's ending, is a mass's. */
  if ((lex != DRAFTD_FORMS_ACT && lex != DRAFTD_FORMS_COMMUNICATION) || (g_str_has_suffix (l, "tion") && !draftd_candidates_in_list (counted_tion_nouns, l)) ||
      g_str_has_suffix (l, "ment") || g_str_has_suffix (l, "sion") || g_str_has_suffix (l, "ance") || g_str_has_suffix (l, "ence") ||
      draftd_candidates_in_list (" full free due equal ample fair overall particular considerable special undue total ", w->lower) ||
      draftd_candidates_in_list (" notice consent approval warning credit priority ", l))
    return FALSE;
  return mend_or_judge (f, w->start, w->start, article_for (w->lower), DRAFTD_FIX_ARTICLE, 3.0f);
}

/* A body's part or a substance had or got is a mass noun with its description as often
 * ("has very sensitive skin", "has really long hair"; "has a very good memory" is counted),
 * and the shipped target cannot tell them apart (it preferred "a very sensitive skin" by 0.3
 * nats): after an intensifier no article is offered. */
static gboolean
had_mass (const char *prev, const char *noun)
{
  int lex = draftd_forms_noun_lexfile (noun);
  return draftd_candidates_in_list (" have has had got get gets ", prev) &&
         (lex == DRAFTD_FORMS_BODY || lex == DRAFTD_FORMS_SUBSTANCE || lex == DRAFTD_FORMS_FOOD);
}

/* "My father is engineer and he works": a pronoun's predicate words[k] ends before "and" and
 * the next clause's subject pronoun. */
static gboolean
predicate_before_clause (const F *f, const char *prev, guint k, const char *after)
{
  return g_strcmp0 (after, "and") == 0 && k + 2 < f->n && draftd_candidates_in_list (" i he she we they it ", f->words[k + 2].lower) &&
         pronoun_predicate (f, prev, f->words[k].lower);
}

/* Food, a substance or a plant ("find fresh basil", "add dried herbs"): after an adjective
 * mostly mass; so is a cover one holds ("has proper insurance") and an illness one has ("has
 * coeliac disease", "has mental illness"). */
static gboolean
stuff_noun (const char *l)
{
  if (draftd_candidates_in_list (" insurance assistance guidance maintenance cover coverage accommodation parking disease illness ", l))
    return TRUE;
  int lex = draftd_forms_noun_lexfile (l);
  return lex == DRAFTD_FORMS_FOOD || lex == DRAFTD_FORMS_SUBSTANCE || lex == DRAFTD_FORMS_PLANT;
}

/* "If you need interpreter,", "We want guide who": a person or an animal needed, wanted or
 * hired, alone where its phrase ends, is one. */
static gboolean
needed_article (F *f, const char *prev)
{
  const Word *w = &f->words[f->i];
  const char *after = near (f, 1);
  int lex = draftd_forms_noun_lexfile (w->lower);
  /* The verb's own subject or auxiliary before it ("the recently hired manager" is no hire). */
  if (!draftd_candidates_in_list (" need needs needed want wants wanted hire hired ", prev) || !g_ascii_islower (w->text[0]) ||
      !draftd_candidates_in_list (" i you we they he she to will would can could should must might may do does did don't doesn't didn't ",
                                  near (f, -2)) ||
      (lex != DRAFTD_FORMS_PERSON && lex != DRAFTD_FORMS_ANIMAL) || takes_no_article (w->lower) || noun_number (f, w->lower) >= 0 ||
      !(after == NULL || draftd_candidates_in_list (enders, after) || draftd_candidates_in_list (" who to ", after)))
    return FALSE;
  return sure (f, w->start, w->start, article_for (w->lower), DRAFTD_FIX_ARTICLE);
}

/* "bought it as gift for my sister", "kept it as reminder": what a thing serves as, given or
 * kept, is one of its kind. */
static gboolean
gift_article (F *f, const char *prev)
{
  const Word *w = &f->words[f->i];
  const char *after = near (f, 1);
  if (g_strcmp0 (prev, "as") != 0 || !g_ascii_islower (w->text[0]) ||
      !draftd_candidates_in_list (" gift souvenir reminder reward treat surprise token keepsake thank-you ", w->lower) ||
      !(after == NULL || draftd_candidates_in_list (" for to from and or of ", after)))
    return FALSE;
  return sure (f, w->start, w->start, article_for (w->lower), DRAFTD_FIX_ARTICLE);
}

/* "near city centre", "in town center", "opposite station": the one a place has, with "the". */
static gboolean
centre_article (F *f, const char *prev)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  gboolean centre = draftd_candidates_in_list (" city town ", w->lower) && draftd_candidates_in_list (" centre center ", next) &&
                    draftd_candidates_in_list (" in near to from at around outside opposite into ", prev);
  gboolean place = draftd_candidates_in_list (" station airport beach seaside ", w->lower) && draftd_candidates_in_list (" near opposite outside ", prev) &&
                   (next == NULL || draftd_candidates_in_list (enders, next));
  return g_ascii_islower (w->text[0]) && (centre || place) && sure (f, w->start, w->start, "the ", DRAFTD_FIX_ARTICLE);
}

/* Verbs that take one more of a thing: "need extra volunteer", "add extra bed". */
static const char *const extra_verbs =
  " need needs needed want wants wanted add adds added bring brings brought order ordered book booked get gets got request requested buy "
  "bought have has had fit fitted hire hired placed left put adding needing ordering ";

/* "We need extra volunteer on Thursdays", "add extra bed to our room", "need extra copy of
 * the invoice": "extra" before a made thing's or a person's singular count noun, after a verb
 * that takes one more of it, counts one, a bed too ("extra room", "extra time" and "extra
 * space" are room to spare, "extra paper" a mass). Sure. */
static gboolean
one_more_article (F *f, const char *prev)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "extra") || !draftd_candidates_in_list (extra_verbs, prev) || f->i + 1 >= f->n || !joined (f, f->i) ||
      !g_ascii_islower (w->text[0]))
    return FALSE;
  const Word *n = &f->words[f->i + 1];
  int lex = draftd_forms_noun_lexfile (n->lower);
  const char *after = near (f, 2);
  /* "adding extra column to": a made thing's sense among others counts too. */
  if ((lex != DRAFTD_FORMS_ARTIFACT && lex != DRAFTD_FORMS_PERSON && lex != DRAFTD_FORMS_COMMUNICATION &&
       (lex == DRAFTD_FORMS_SUBSTANCE || lex == DRAFTD_FORMS_FOOD || !draftd_forms_noun_sense_in (n->lower, DRAFTD_FORMS_ARTIFACT))) ||
      draftd_candidates_in_list (" room clothing storage insulation security protection padding cash change ", n->lower) ||
      (draftd_candidates_in_list (mass_nouns, n->lower) && !g_str_equal (n->lower, "bed")) ||
      g_str_has_suffix (n->lower, "ing") || n->fixed ||
      draftd_candidates_uncountable (n->lower) || noun_number (f, n->lower) >= 0 ||
      (after && joined (f, f->i + 1) && (noun (after) || noun_number (f, after) > 0) && !draftd_candidates_function_word (after)))
    return FALSE;
  return sure (f, w->start, w->start, "an ", DRAFTD_FIX_ARTICLE);
}

/* Verbs whose object is one made thing, person or document more often than a mass: "bring
 * spare inner tube", "need new volunteer", "submit ticket", "send me updated copy". */
static const char *const counted_object_verbs =
  " bring brings brought need needs needed submit submits submitted send sends sent buy buys bought book booked add adds added found "
  "install installs installed prepare prepared notice noticed wear wears wore order orders ordered request requested hire hired "
  "receive receives received get gets adding bringing sending ordering leave leaves ";

/* "Please bring spare inner tube with you", "We need new volunteer to run", "found small
 * stone lodged in": after a verb of bringing, needing, sending or finding (and its person:
 * "send me updated copy of"), adjectives or a noun's modifier and a made thing's, a person's
 * or a document's singular count noun, where the phrase ends. The target judges, with the
 * phrase's count as its prior ("bring lunch", "need help", "send email" are no such nouns). */
static gboolean
counted_object_article (F *f, const char *prev, const char *prev2)
{
  const Word *w = &f->words[f->i];
  gboolean person = draftd_candidates_in_list (" me him her us them you ", prev) && draftd_candidates_in_list (ditransitive, prev2);
  const char *verb = person ? prev2 : prev, *before = near (f, person ? -3 : -2);
  /* "extra" before its noun is one_more_article()'s, which is sure of it. */
  if (g_str_equal (w->lower, "extra") || verb == NULL || !draftd_candidates_in_list (counted_object_verbs, verb) ||
      (before && draftd_candidates_in_list (determiners, before)) ||
      !g_ascii_islower (w->text[0]) || takes_no_article (w->lower) || f->i + 1 >= f->n)
    return FALSE;
  /* One or two modifiers (adjectives, participles, a noun's) before the head. */
  guint k = f->i;
  while (k < f->i + 2 && k + 1 < f->n && joined (f, k) && !draftd_candidates_function_word (f->words[k].lower) &&
         (draftd_forms_is (f->words[k].lower, 'a') || participle_after_noun (f->words[k].lower) || noun (f->words[k].lower)) &&
         !draftd_candidates_function_word (f->words[k + 1].lower) && noun_number (f, f->words[k + 1].lower) < 0 &&
         (noun (f->words[k + 1].lower) || draftd_forms_is (f->words[k + 1].lower, 'a')))
    k++;
  const Word *h = &f->words[k];
  int lex = draftd_forms_noun_lexfile (h->lower);
  const char *after = k + 1 < f->n && joined (f, k) ? f->words[k + 1].lower : NULL;
  /* A document or a fault alone is counted too ("receive file for", "notice problem with"):
   * none is a mass or an idiom's bare noun after these verbs. */
  gboolean lone = k == f->i && !person && draftd_candidates_in_list (counted_documents, h->lower);
  /* "We still need volunteer to run the urn": a person alone before an infinitive; "need
   * scorer for Saturday" before what the person is needed for. */
  lone |= k == f->i && lex == DRAFTD_FORMS_PERSON && draftd_forms_noun_mostly (h->lower, DRAFTD_FORMS_PERSON) && k + 1 < f->n && joined (f, k) &&
          (g_str_equal (f->words[k + 1].lower, "to") ||
           (g_str_equal (f->words[k + 1].lower, "for") && draftd_candidates_in_list (" need needs needed ", verb)));
  /* "bring ladder on Sunday", "needs torch for": a made thing that is mostly one too. Not
   * before a comma, where a list of supplies is mass and count alike ("Bring sunscreen,
   * water"), nor after a determiner's adjective, where the "verb" is a compound's noun ("the
   * tiny hire car"). */
  lone |= k == f->i && lex == DRAFTD_FORMS_ARTIFACT && draftd_forms_noun_mostly (h->lower, DRAFTD_FORMS_ARTIFACT) && !draftd_forms_is (h->lower, 'v') &&
          !draftd_forms_is (h->lower, 'a') && /* "Lost cat found safe and well" */
          k + 1 < f->n && joined (f, k) && !(before && draftd_forms_is (before, 'a') && draftd_candidates_in_list (determiners, near (f, person ? -4 : -3)));
  if ((k == f->i && !lone) || h->fixed || !g_ascii_islower (h->text[0]) || noun_number (f, h->lower) >= 0 || g_str_has_suffix (h->lower, "ing") ||
      !(lex == DRAFTD_FORMS_ARTIFACT || lex == DRAFTD_FORMS_PERSON || lex == DRAFTD_FORMS_OBJECT || draftd_candidates_in_list (counted_documents, h->lower) ||
        /* "need new pressure vessel": a compound's head with a made thing's sense too. */
        /* "spare set of clothes" too, but not a substance's ("extra ice"). */
        (k > f->i && noun (f->words[k - 1].lower) && lex != DRAFTD_FORMS_SUBSTANCE && lex != DRAFTD_FORMS_FOOD &&
         draftd_forms_noun_sense_in (h->lower, DRAFTD_FORMS_ARTIFACT))) ||
      draftd_candidates_uncountable (h->lower) ||
      /* "bring first aid kit": a compound's "kit" is the one box, counted. */
      (draftd_candidates_in_list (mass_nouns, h->lower) && !(g_str_equal (h->lower, "kit") && k > f->i && noun (f->words[k - 1].lower) &&
                                                                    !draftd_forms_is (f->words[k - 1].lower, 'a'))) ||
      draftd_candidates_in_list (idiom_bare_nouns, h->lower) || g_str_equal (h->lower, "uniform") || /* "wear school uniform" */
      !(after == NULL || draftd_candidates_in_list (enders, after) ||
        draftd_candidates_in_list (" and that through of lodged if when because down up back out over tomorrow tonight today ", after)))
    return FALSE;
  const char *alts[] = { article_for (w->lower) };
  return judge (f, w->start, w->start, alts, 1, DRAFTD_FIX_ARTICLE, 4.5f);
}

static gboolean
shaped_article (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *prev2 = near (f, -2);
  if (gift_article (f, prev) || centre_article (f, prev) || existential_article (f, prev, prev2) || given_article (f, prev, prev2) || sought_article (f, prev, prev2) ||
      had_article (f, prev) || chance_article (f, prev) || featured_article (f, prev, prev2) || role_article (f, prev, prev2) || counted_object_article (f, prev, prev2) ||
      agent_article (f, prev, prev2) || part_article (f, prev) || given_act_article (f, prev, prev2) || needed_article (f, prev) || one_more_article (f, prev))
    return TRUE;
  /* A job after "as" ("works as waiter") is role_article's. */
  gboolean after_verb = draftd_candidates_in_list (article_verbs, prev) || (draftd_candidates_in_list (" me him her us them you ", prev) && draftd_candidates_in_list (ditransitive, prev2));
  /* "in small hotel", "met at party", "left it on table": a preposition's count noun. */
  gboolean after_preposition = draftd_candidates_in_list (" in at for with into on under behind ", prev);
  gboolean have = draftd_candidates_in_list (" have has had ", prev);
  if (!after_verb && !after_preposition)
    return verb_object_article (f, prev, prev2);
  if (takes_no_article (w->lower))
    return FALSE;
  /* "We have moved house": after "have" a past participle is the perfect's, not an adjective. */
  if (have && g_str_has_suffix (w->lower, "ed") && participle_after_noun (w->lower))
    return FALSE;
  if (after_preposition && household_article (f, prev))
    return TRUE;
  guint k;
  if (!article_phrase (f, prev, &k))
    return FALSE;
  const char *l = w->lower;
  const char *after = k + 1 < f->n && joined (f, k) ? f->words[k + 1].lower : NULL;
  gboolean ends = after == NULL || draftd_candidates_in_list (enders, after);
  ends |= k == f->i && predicate_before_clause (f, prev, k, after);
  const char *alts[] = { superlative (l) && k > f->i ? "the " : article_for (l) }; /* "is the best student" */
  if (k == f->i && after_verb && draftd_candidates_in_list (idiom_bare_nouns, l))
    return FALSE;
  if (k == f->i && (given_of (f, prev, prev2, after, alts) || (ends && made_act (f, prev, alts[0]))))
    return TRUE;
  /* "have reason to worry", "have cause to complain": a noun that is a verb too, before an
   * infinitive, is an idiom's. */
  if (!ends || draftd_candidates_in_list (" of ", after) || (have && k == f->i && draftd_forms_is (l, 'v') && g_strcmp0 (after, "to") == 0) ||
      bare_reading (f, prev, prev2, k, after))
    return FALSE;
  /* Sure where nothing else reads: "is very good question" (an intensifier, an adjective and a
   * count noun), "He is engineer." (a pronoun's predicate). */
  gboolean intensified = k > f->i + 1 && draftd_candidates_in_list (" very really quite ", w->lower);
  gboolean predicate = pronoun_predicate (f, prev, l);
  if (after_verb && intensified && had_mass (prev, f->words[k].lower))
    return FALSE;
  if (after_verb && (intensified || (predicate && k == f->i) || described_predicate (f, predicate, k, after)))
    return sure (f, w->start, w->start, alts[0], DRAFTD_FIX_ARTICLE);
  /* After a preposition ("in good condition", "at full speed" are idioms) and right after
   * "have" ("have reason to", "have cancer"), only where link-grammar finds the sentence
   * broken without the article and whole with it ("I have idea for", "in small hotel"); the
   * target judges "have" + noun by more than the article's usual margin, so that a doubted one
   * is a suggestion. */
  if (after_preposition && k > f->i && !g_str_has_suffix (f->words[k].lower, "tion") &&
      !draftd_candidates_in_list (bare_after_preposition, f->words[k].lower))
    return described_after_preposition (f, prev, prev2, k, after, alts);
  if (have && k == f->i)
    return mend_or_judge (f, w->start, w->start, alts[0], DRAFTD_FIX_ARTICLE, 1.5f);
  /* A bare noun right after a verb or a preposition is often right ("make payment to", "in
   * hospital", "go to bed"; "In retrospect," before a comma): only where link-grammar finds
   * the sentence broken without the article and whole with it ("wrote letter to", "met at
   * party", "told us story"). */
  gboolean phrase = after_preposition && draftd_candidates_in_list (" to with ", after); /* "with respect to" */
  /* The idioms' list is a preposition's ("for example"); a thing given a person is counted
   * ("give me example"). */
  gboolean person = draftd_candidates_in_list (ditransitive, prev2) && draftd_candidates_in_list (" me him her us them you ", prev);
  /* After a preposition, only a thing's noun ("at party"; "agree in number" is bare). */
  if (k == f->i && !phrase && (person || !draftd_candidates_in_list (bare_after_preposition, l)) && f->s[w->end] != ',' &&
      (!after_preposition || concrete_noun (l)) && !be_predicate (prev, prev2) && mended (f, w->start, w->start, alts[0]))
    return after_preposition ? place_article (f, prev, after, alts[0]) : sure (f, w->start, w->start, alts[0], DRAFTD_FIX_ARTICLE);
  /* "give me example": after a person the thing given is counted; but "give him credit",
   * "give us notice" are idioms, so the target judges, 1.5 nats short of the margin. */
  if (k == f->i && person)
    return judge (f, w->start, w->start, alts, 1, DRAFTD_FIX_ARTICLE, 1.5f);
  /* With an adjective ("need extra column") less often; not in -tion ("needs free documentation") but a
   * pronoun's predicate's that counts ("That was difficult question"), nor food or stuff. */
  gboolean counted_tion = predicate && draftd_candidates_in_list (counted_tion_nouns, f->words[k].lower);
  if (k == f->i || (after_preposition && !after_verb) || (g_str_has_suffix (f->words[k].lower, "tion") && !counted_tion) ||
      stuff_noun (f->words[k].lower))
    return FALSE;
  return described_article (f, alts[0]);
}

/* ---- article.missing, seen in the sentence's structure: "call taxi after dinner" ---- */

/* Words after which a verb stands in its own slot, so that a verb before a bare noun is the
 * clause's and no adjective of the noun ("to open bank account", "is writing book"). */
static const char *const verb_slots =
  " to will would can could should must might may shall please i we you they he she it is am are was were be been being "
  "have has had do does did don't doesn't didn't won't can't i've we've you've they've i'm we're you're they're i'll we'll ";

/* The singular nouns after a count noun that make a compound with it ("bank account", "error
 * message"), no adverb ("send plumber round tomorrow"): the phrase's head is the last, which
 * the parser must find the article's noun; words[*k] on. */
static void
compound_head (const F *f, guint *k)
{
  while (*k + 1 < f->n && joined (f, *k) && g_ascii_islower (f->words[*k + 1].text[0]) && noun (f->words[*k + 1].lower) &&
         !g_str_has_suffix (f->words[*k + 1].lower, "s") && !g_str_has_suffix (f->words[*k + 1].lower, "ed") &&
         !draftd_forms_is (f->words[*k + 1].lower, 'r'))
    (*k)++;
}

/* The parser's article is judged with the article's margin waived (3 nats, as for "need extra
 * column"): the target need only prefer it to the bare noun; "the" needs 1.5 nats more. */
#define PARSED_OBJECT_BONUS 3.0f
#define PARSED_PLACE_BONUS 3.0f
#define PARSED_THE_HANDICAP 1.5f

/* A verb's form, which before a bare noun is the clause's verb ("open", "raised", "writing"). */
static gboolean
verbal (const F *f, const char *l)
{
  return draftd_forms_is (l, 'v') || finite_verb (f, l) || gerund_word (f, l);
}

/* Does the noun phrase end at words[k]: at the sentence's or a clause's end, or before a
 * preposition, a conjunction or a particle ("leave note on", "call taxi after dinner", "send
 * plumber round")? Not before a comma, a terse style's ("please use modern tools,
 * provided by"), nor before a word that goes on the phrase ("support option parsing for",
 * "match tuple types", a hyphen's compound), nor in a list ("change internal state
 * or"). */
gboolean
phrase_ends (const F *f, guint k)
{
  const char *after = k + 1 < f->n && joined (f, k) ? f->words[k + 1].lower : NULL;
  if (after == NULL)
    return k + 1 >= f->n || strchr (".?!;:", f->s[f->words[k].end]) != NULL;
  return draftd_candidates_in_list (enders, after) ||
         draftd_candidates_in_list (" and but because when if before until while so instead round back away off out up down home together like ", after);
}

/* Is `prev`, an adjective's or a noun's word before a bare phrase, the clause's verb rather
 * than the phrase's first word: a verb in its slot ("to open bank account", "is writing book")
 * or an inflected one ("shows error message")? Not after a determiner ("A skilled baker",
 * "That unhurried walk"), nor after "to" that follows a noun, a preposition's ("kick the
 * ball to deep right field"). */
static gboolean
verb_before (const F *f, const char *prev, const char *prev2)
{
  if (!verbal (f, prev) || draftd_candidates_in_list (determiners, prev2))
    return FALSE;
  if ((g_str_has_suffix (prev, "s") || g_str_has_suffix (prev, "ed")) && finite_verb (f, prev))
    return TRUE;
  const char *prev3 = near (f, -3);
  gboolean inflected3 = prev3 && (g_str_has_suffix (prev3, "s") || g_str_has_suffix (prev3, "ed")) && finite_verb (f, prev3);
  if (g_strcmp0 (prev2, "to") == 0 && draftd_forms_is (prev, 'a') && noun (prev3) && !gerund_word (f, prev3) && !inflected3)
    return FALSE;
  return draftd_candidates_in_list (verb_slots, prev2);
}

/* Is the noun's first sense one a writer counts as a verb's object: a thing, an animal, a
 * person, an act, a message, a group, a place, a possession (WordNet's lexicographer files)?
 * Not a state, a feeling, a food or a body part ("caused chaos in", "eating porridge from",
 * "shook hand with"). */
static gboolean
counted_sense (const char *l)
{
  int lex = draftd_forms_noun_lexfile (l);
  return made_or_living (lex) || lex == DRAFTD_FORMS_ACT || lex == DRAFTD_FORMS_COMMUNICATION || lex == DRAFTD_FORMS_GROUP ||
         lex == DRAFTD_FORMS_LOCATION || lex == DRAFTD_FORMS_OBJECT || lex == DRAFTD_FORMS_PLANT || lex == DRAFTD_FORMS_POSSESSION;
}

/* "has spare wheelbarrow", "have clean towels": after "have" a base is no verb of its own
 * (the perfect would need the participle), so an adjective that is a verb's base too is the
 * phrase's. */
static gboolean
perfect_adjective (const F *f, const char *prev)
{
  const char *l = f->words[f->i].lower;
  return draftd_candidates_in_list (" has have had ", prev) && draftd_forms_is (l, 'a') && f->i + 1 < f->n && joined (f, f->i) &&
         noun (f->words[f->i + 1].lower);
}

/* "need extra column that shows", "has spare wheelbarrow they no longer use": a relative
 * clause after the phrase ends it too, for the parser to judge. */
static gboolean
relative_follows (const F *f, guint k)
{
  return k + 1 < f->n && joined (f, k) && draftd_candidates_in_list (" that which who whose i we you they he she ", f->words[k + 1].lower);
}

/* The general missing article: a singular count noun phrase, words[i..k], with no determiner,
 * whose sentence link-grammar finds no complete linkage for as written and one with "a" or
 * "an" before the phrase, in which the article is the noun's determiner and the phrase a
 * verb's object ("leave note on the door", "open bank account") or the object of a
 * preposition of place ("stayed at hotel near"). The shapes above each fitted a few
 * sentences; this one asks the parser. Even so many a bare noun is right and the parser's
 * dictionary counts every noun ("take charge", "for sale", "in person"): the target
 * judges. *a gets the article, *bonus the nats the target's margin is lowered by. */
static gboolean
parsed_article (const F *f, const char **a, float *bonus)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *prev2 = near (f, -2);
  guint k;
  if (prev == NULL || !g_ascii_islower (w->text[0]) || takes_no_article (w->lower))
    return FALSE;
  gboolean perfect = perfect_adjective (f, prev);
  if ((takes_no_article (prev) && !perfect) || g_str_has_suffix (prev, "'s") || g_str_has_suffix (prev, "’s") ||
      draftd_candidates_in_list (numbers, prev) || draftd_candidates_in_list (ordinals, prev) ||
      (verbal (f, w->lower) && draftd_candidates_in_list (verb_slots, prev) && !perfect) || !article_phrase (f, prev, &k))
    return FALSE;
  /* The phrase starts here: before words[i] no adjective or noun of it ("the leaking pipe",
   * "implementation and design rationale"), but the clause's verb, in its slot or inflected
   * ("to open bank account", "shows error message"). */
  if ((draftd_forms_is (prev, 'a') || noun (prev)) && !verb_before (f, prev, prev2))
    return FALSE;
  /* "will be head coach", "is chief engineer": a sole role's word before the noun is its
   * compound's, no verb's ("head" is one). */
  if (draftd_candidates_in_list (sole_roles, prev))
    return FALSE;
  compound_head (f, &k);
  const char *head = f->words[k].lower;
  /* "must have valid insurance cover": cover one is insured or staffed with is a mass. */
  if (g_str_equal (head, "cover") && k > f->i && draftd_candidates_in_list (" insurance staff medical travel holiday sickness ", f->words[k - 1].lower))
    return FALSE;
  /* The phrase must end (phrase_ends); at the sentence's end a terse style's abstract object
   * is as often bare ("to format sample code."): only a concrete noun there. A verb of a
   * role takes its noun bare, and "give" its idioms' before "to" ("give rise to", "give
   * way to"). */
  gboolean last = k + 1 >= f->n || !joined (f, k);
  if (draftd_candidates_in_list (idiom_bare_nouns, head) || !(phrase_ends (f, k) || relative_follows (f, k)) || (last && !concrete_noun (head)) ||
      draftd_candidates_in_list (role_verbs, prev) ||
      (draftd_candidates_in_list (give_forms, prev) && g_strcmp0 (near (f, (gint) (k - f->i) + 1), "to") == 0))
    return FALSE;
  /* The phrase's role decides below; what it could be is read from the words first, since a
   * parse costs a hundred of these tests. */
  gboolean counted = counted_sense (head);
  gboolean place = draftd_candidates_in_list (" at in on into from to with ", prev) && concrete_noun (head) &&
                   !draftd_candidates_in_list (bare_after_preposition, head);
  if (!counted && !place)
    return FALSE;
  *a = article_for (w->lower);
  g_autofree char *with = replaced (f, w->start, w->start, *a);
  char role[16];
  if (!draftd_structure_article_mends (f->s, with, w->start, f->words[k].start + strlen (*a), role, sizeof role))
    return FALSE;
  g_debug ("article: parsed %s before \"%s\", role %s", *a, head, role);
  gboolean object = role[0] == 'O' && !g_str_has_prefix (role, "Ost") && counted;
  gboolean placed = role[0] == 'J' && place;
  *bonus = object ? PARSED_OBJECT_BONUS : PARSED_PLACE_BONUS;
  return object || placed;
}

/* Drops the candidates from out[len] on (the array's clear function frees them), and their
 * sites. */
static void
forget_since (F *f, guint len, guint site)
{
  g_array_set_size (f->out, len);
  f->site = site;
}

/* "promoted to shift supervisor", "elected as club captain": a role one is given takes no
 * article, though the parser reads "to shift" as a verb and wants one for its object; nor
 * does a fixed phrase of "on" or "for" ("cash on collection", "ready for collection"). */
static gboolean
role_after_promotion (const F *f)
{
  /* "a walk-in wardrobe", "a built-in oven": a compound's particle is no preposition. */
  if (f->i >= 1 && f->words[f->i - 1].compound && f->words[f->i - 1].start > 0 && f->s[f->words[f->i - 1].start - 1] == '-')
    return TRUE;
  /* "payment on collection", "available on request": a phrase of "on" and a bare noun. */
  if (f->i >= 1 && draftd_candidates_in_list (" on upon ", f->words[f->i - 1].lower) &&
      draftd_candidates_in_list (" collection delivery arrival request demand completion receipt departure display sale loan hold ", f->words[f->i].lower))
    return TRUE;
  /* "ready for collection", "up for discussion": an act one waits for is bare after "for". */
  if (f->i >= 1 && g_str_equal (f->words[f->i - 1].lower, "for") &&
      draftd_candidates_in_list (" collection delivery dispatch pickup sale hire rent inspection approval consideration discussion review comment ", f->words[f->i].lower))
    return TRUE;
  for (guint back = 1; back <= 2 && back + 1 <= f->i; back++) {
    guint k = f->i - back;
    if (draftd_candidates_in_list (" to as ", f->words[k].lower) && k >= 1 &&
        draftd_candidates_in_list (" promoted demoted appointed elected named re-elected in serve serves served serving act acts acted acting ", f->words[k - 1].lower))
      return TRUE;
  }
  return FALSE;
}

/* Is a plural noun among words[from, to), the phrase running on (a hyphen's compound too)? */
static gboolean
plural_ahead (const F *f, guint from, guint to)
{
  for (guint k = from; k < to && k < f->n && (joined (f, k - 1) || hyphen_joined (f, k - 1)); k++)
    if (noun_number (f, f->words[k].lower) > 0)
      return TRUE;
  return FALSE;
}

/* The shapes first: a sure one stands. Where the parser confirms the article, its judgement
 * replaces a shape's (or a shape's silence), with "the" beside "a" for the target to pick. */
gboolean
missing_article (F *f)
{
  guint len = f->out->len, site = f->site;
  /* "it's been raining", "was being watched": a verb's -ing form after a be-form is the
   * progressive, no noun to determine. */
  const char *l = f->words[f->i].lower;
  if (g_str_has_suffix (l, "ing") && draftd_candidates_in_list (" be been being is are was were am ", near (f, -1)) && gerund_word (f, l))
    return FALSE;
  /* "will be put forward for grading", "can be made vegan on request": after "be" a verb's
   * participle, or a verb before its particle, is the passive's. */
  if (draftd_candidates_in_list (" be been being ", near (f, -1)) &&
      (participle_after_noun (l) || (draftd_forms_is (l, 'v') && draftd_candidates_in_list (" forward off up down out away back through over ", near (f, 1)))))
    return FALSE;
  /* "there will be vegetarian and gluten-free options": an adjective joined to another
   * before their plural noun. */
  if (draftd_candidates_in_list (" and or ", near (f, 1)) && f->i + 2 < f->n &&
      (draftd_forms_is (near (f, 2), 'a') || hyphen_joined (f, f->i + 2)) && plural_ahead (f, f->i + 2, f->i + 6))
    return FALSE;
  /* "We had better sort this out": "had better" is a modal, no noun phrase. */
  if (draftd_candidates_in_list (" better best ", l) && draftd_candidates_in_list (" had 'd ", near (f, -1)))
    return FALSE;
  /* "the printer on bench 3", "meet in room 4": a noun labelled by a number names one. */
  const char *rest = f->s + f->words[f->i].end;
  if (role_after_promotion (f) || (rest[0] == ' ' && g_ascii_isdigit (rest[1])))
    return FALSE;
  /* "I would have rung you": a participle after "have" is the perfect's, no ladder's rung. */
  const char *lemma = draftd_forms_irregular_lemma (l, 'v');
  const char *after = near (f, 1);
  if (draftd_candidates_in_list (" have has had 've ", near (f, -1)) && lemma && !g_str_equal (lemma, l) &&
      (after == NULL || draftd_candidates_function_word (after) || !(noun (after) || noun_number (f, after) > 0))) /* "has broken spoke" */
    return FALSE;
  /* "at the weekend when it is lighter?": a comparative after a be-form, ending its clause, is
   * the predicate's adjective, no "lighter" to count. */
  if (draftd_candidates_in_list (" is was are were be been am ", near (f, -1)) && draftd_candidates_comparative (l) && after == NULL)
    return FALSE;
  /* "nominated for best actress", "won best newcomer": an award's name takes no article. */
  if (draftd_candidates_in_list (" best outstanding ", l) &&
      draftd_candidates_in_list (award_heads, near (f, 1)) &&
      draftd_candidates_in_list (" for won win wins winning named nominated ", near (f, -1)))
    return FALSE;
  /* "have had to hire extra from Brixham": "extra" alone is a quantity, as "more" is. */
  if (g_str_equal (l, "extra") && !(near (f, 1) && noun (near (f, 1)) && !draftd_candidates_function_word (near (f, 1))))
    return FALSE;
  /* "It gets full sun after 2 pm": a garden's light is no count noun; nor, in British
   * shopping, is "buy loo roll", "kitchen roll" or "cling film". */
  if ((draftd_candidates_in_list (" full partial dappled ", l) && draftd_candidates_in_list (" sun shade ", near (f, 1))) ||
      (draftd_candidates_in_list (" loo toilet kitchen ", l) && g_strcmp0 (near (f, 1), "roll") == 0) ||
      (draftd_candidates_in_list (" cling tin ", l) && draftd_candidates_in_list (" film foil ", near (f, 1))))
    return FALSE;
  /* "pick up donated workbench": after a particle, an -ed word is the noun's adjective; an
   * article after it would split the phrase ("donated the workbench"). */
  if (near (f, -1) && g_str_has_suffix (near (f, -1), "ed") && draftd_candidates_in_list (" up down out off back in over away ", near (f, -2)))
    return FALSE;
  gboolean shaped = shaped_article (f);
  for (guint k = len; k < f->out->len; k++)
    if (g_array_index (f->out, DraftdCandidate, k).prior >= DRAFTD_CANDIDATE_CERTAIN)
      return TRUE;
  const char *a;
  float bonus;
  if (!parsed_article (f, &a, &bonus))
    return shaped;
  forget_since (f, len, site);
  /* "the" for a phrase the reader knows ("send the plumber round"), by more than "a" needs: a
   * phrase the parser wants a determiner for is one of many more often, and the target
   * prefers "the" to "a" where neither is known ("adopt the cat from"). */
  const Word *w = &f->words[f->i];
  float prior = -margin (f, DRAFTD_FIX_ARTICLE) + bonus;
  draftd_candidates_add (f->out, w->start, w->start, a, DRAFTD_FIX_ARTICLE, prior, f->site);
  draftd_candidates_add (f->out, w->start, w->start, "the ", DRAFTD_FIX_ARTICLE, prior - PARSED_THE_HANDICAP, f->site);
  draftd_candidates_add (f->out, w->start, w->start, "", DRAFTD_FIX_ARTICLE, 0, f->site++);
  return TRUE;
}

/* ---- article: "The Mount Kilimanjaro is" ---- */

/* A mountain named "Mount X" takes no article: "the Mount Kilimanjaro" -> "Mount Kilimanjaro".
 * Sure. */
gboolean
the_mount (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "the") || f->i + 2 >= f->n || !joined (f, f->i) || !joined (f, f->i + 1) ||
      !g_str_equal (f->words[f->i + 1].text, "Mount") || !g_ascii_isupper (f->words[f->i + 2].text[0]))
    return FALSE;
  /* "the Mount Everest base camp", "the Mount Snowdon path": the article is the noun's after
   * the name. */
  guint k = f->i + 2;
  while (k + 1 < f->n && joined (f, k) && g_ascii_isupper (f->words[k + 1].text[0]))
    k++;
  if (k + 1 < f->n && joined (f, k) && !draftd_candidates_function_word (f->words[k + 1].lower) && noun (f->words[k + 1].lower))
    return FALSE;
  return sure (f, w->start, f->words[f->i + 1].start, "", DRAFTD_FIX_ARTICLE);
}

/* ---- article.missing: "My daughter has cough" ---- */

/* An ailment one has is counted: "has cough", "had headache" -> "a cough", "a headache"
 * (after "have" in any form, "got" too); not before a noun it modifies ("has headache
 * tablets", "had fever symptoms"), and not "cold", whose "have cold feet" is an idiom. Sure. */
gboolean
ailment_article (F *f)
{
  static const char *const ailments = " cough headache fever temperature rash migraine earache toothache stomachache backache "
                                      "nosebleed sore ";
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  if (!draftd_candidates_in_list (ailments, w->lower) || !g_ascii_islower (w->text[0]) ||
      !draftd_candidates_in_list (" have has had having got 've 'd ", prev))
    return FALSE;
  /* "has sore throat": "sore" with the part that hurts. */
  if (g_str_equal (w->lower, "sore") ? !(next && noun (next)) : (next && (noun (next) || noun_number (f, next) > 0) && !draftd_candidates_function_word (next)))
    return FALSE;
  return sure (f, w->start, w->start, "a ", DRAFTD_FIX_ARTICLE);
}

/* ---- article: "I think internet has changed" ---- */

/* "internet" with no determiner is "the internet", but as a noun's modifier ("internet
 * access") or after an adjective or a possessive; the capitalised "Internet" is a name's,
 * and left. Sure. */
gboolean
bare_internet (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = f->i > 0 ? f->words[f->i - 1].lower : NULL, *next = near (f, 1);
  /* "see internet RFC 959": a name after it is what it modifies; "the telephone or internet"
   * shares the determiner of the pair. */
  const Word *after = f->i + 1 < f->n && joined (f, f->i) ? &f->words[f->i + 1] : NULL;
  if (!g_str_equal (w->lower, "internet") || (f->i == 0 && f->c->sentence_start) || (after && g_ascii_isupper (after->text[0])) ||
      draftd_candidates_in_list (" and or ", prev) ||
      (next && !draftd_candidates_function_word (next) && (noun (next) || noun_number (f, next) > 0)) ||
      (prev && (draftd_candidates_in_list (determiners, prev) || (draftd_forms_is (prev, 'a') && !draftd_candidates_function_word (prev)) ||
                g_str_has_suffix (prev, "'s") ||
                g_str_has_suffix (prev, "âs") || (f->i > 0 && f->s[f->words[f->i - 1].end] == '-'))))
    return FALSE;
  return sure (f, w->start, w->start, "the ", DRAFTD_FIX_ARTICLE);
}

/* ---- article: "in a future" ---- */

/* "wants to become a musician in a future.": the time to come is "the future" where the phrase
 * ends (a clause's end, a comma, "and" or "but"); "in a future version", "in a future where"
 * are one of many futures. Sure. */
gboolean
a_future (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "a") || g_strcmp0 (near (f, -1), "in") != 0 || g_strcmp0 (near (f, 1), "future") != 0 ||
      !g_ascii_islower (w->text[0]))
    return FALSE;
  const char *after = near (f, 2);
  gboolean ends = (after == NULL && f->i + 1 < f->n) || draftd_candidates_in_list (" and but so ", after);
  return ends && sure (f, w->start, w->end, "the", DRAFTD_FIX_ARTICLE);
}

/* ---- article.missing: "spent lot of money" ---- */

/* A word WordNet lists as a noun or adjective and never as a verb: "the parking lot of", "a
 * vacant lot of" are a plot's. "spent", "saw", "were" lack the article. */
gboolean
nominal (const char *l)
{
  return l && (noun (l) || draftd_forms_is (l, 'a')) && !draftd_forms_is (l, 'v') && draftd_forms_irregular_lemma (l, 'v') == NULL;
}

/* ---- article.missing: "is not same", "at same time" ---- */

gboolean
same (F *f)
{
  const Word *w = &f->words[f->i];
  /* Only after a linking verb, "not" or a preposition: "much the same", "all the same",
   * "Same here" are no such place. */
  if (!g_str_equal (w->lower, "same") || g_ascii_isupper (w->text[0]) ||
      !draftd_candidates_in_list (" is are was were be been being not become became remain remains look looks with at in on of for ", near (f, -1)))
    return FALSE;
  return sure (f, w->start, w->start, "the ", DRAFTD_FIX_ARTICLE);
}

/* "This is best pizza I've eaten", "It was worst day of": a superlative after a be-form,
 * before a singular count noun with more after it, takes "the" ("is best practice", "is best
 * friends with", "is best served hot" are idioms or an adverb). */
gboolean
superlative_the (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  if (!superlative (w->lower) || draftd_candidates_in_list (" first last only most least ", w->lower) || g_ascii_isupper (w->text[0]) ||
      !draftd_candidates_in_list (" is was it's that's ", near (f, -1)) || next == NULL || !noun (next) || noun_number (f, next) >= 0 ||
      draftd_forms_is (next, 'a') || draftd_candidates_in_list (mass_nouns, next) ||
      draftd_candidates_in_list (" practice practices friend friends man woman ", next) || f->i + 2 >= f->n || !joined (f, f->i + 1))
    return FALSE;
  return sure (f, w->start, w->start, "the ", DRAFTD_FIX_ARTICLE);
}

/* Is there an "ever" among words[from .. to) in one clause, before any "of", "than", "but",
 * "and" or "because" ("the best film I have ever seen"; "the better of the two")? */
gboolean
ever_after (const F *f, guint from, guint to)
{
  for (guint k = from; k < f->n && k < to; k++) {
    if (!joined (f, k - 1) || draftd_candidates_in_list (" of than but and because ", f->words[k].lower))
      return FALSE;
    if (g_str_equal (f->words[k].lower, "ever"))
      return TRUE;
  }
  return FALSE;
}

/* "it is a best kitchen gadget I have ever owned", "a worst film I've ever seen": "a" before
 * a superlative and its noun, with an "ever" in the clause after, is "the" ("a most
 * welcome change" is "very"; "a best friend", "a best seller" name things). */
gboolean
a_superlative_ever (F *f)
{
  const Word *w = &f->words[f->i];
  const char *sup = near (f, 1), *next = near (f, 2);
  if (!g_str_equal (w->lower, "a") || sup == NULL || !superlative (sup) || draftd_candidates_in_list (" first last only most least ", sup) ||
      next == NULL || !noun (next) || draftd_candidates_in_list (" friend friends seller sellers man men ", next))
    return FALSE;
  return ever_after (f, f->i + 3, f->i + 10) && sure (f, w->start, w->end, "the", DRAFTD_FIX_ARTICLE);
}

gboolean
lot_of (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1);
  /* "The stock lot of 4,200 metres": after a determiner's noun, "lot" is the compound's head,
   * a batch of goods. */
  if (!g_str_equal (w->lower, "lot") || g_strcmp0 (near (f, 1), "of") != 0 || (prev && (draftd_candidates_in_list (determiners, prev) || nominal (prev))) ||
      (prev && noun (prev) && draftd_candidates_in_list (determiners, near (f, -2))))
    return FALSE;
  /* The article alone, so that the edit is the fix (and named by it); "Lot of" at a sentence's
   * start becomes "A lot of". */
  if (g_ascii_isupper (w->text[0]))
    return sure (f, w->start, w->end, "a lot", DRAFTD_FIX_ARTICLE);
  return sure (f, w->start, w->start, "a ", DRAFTD_FIX_ARTICLE);
}

/* ---- article.missing: "Add pinch of salt", "needs new pair of boots" ---- */

/* A measure or a container before "of" counts what it holds, and as a verb's object or after
 * "with" it takes its article like any count noun ("drank cup of tea", "waited couple of
 * days"). Not at a sentence's start ("Pinch of salt." is a recipe's list), nor after a
 * determiner's participle ("the married couple of"). */
gboolean
partitive_article (F *f)
{
  static const char *const partitives =
    " pinch pair piece slice cup glass bottle packet bag box handful couple bit spoonful teaspoon tablespoon bunch loaf jar tin "
    "sheet drop dash splash bowl mug carton pint litre liter ";
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *prev2 = near (f, -2), *next = near (f, 1);
  /* The partitive right here, or after one adjective ("new pair of"). */
  gboolean adjective = draftd_forms_is (w->lower, 'a') && !draftd_candidates_function_word (w->lower) &&
                       !draftd_candidates_in_list (" half whole quarter ", w->lower) && !draftd_candidates_in_list (numbers, w->lower);
  gint p = draftd_candidates_in_list (partitives, w->lower) ? 0 : adjective && draftd_candidates_in_list (partitives, next) ? 1 : -1;
  if (p < 0 || g_strcmp0 (near (f, p + 1), "of") != 0 || prev == NULL || draftd_candidates_in_list (determiners, prev2) ||
      draftd_candidates_in_list (" half whole quarter ", prev) || draftd_candidates_in_list (numbers, prev))
    return FALSE;
  gboolean verb = !draftd_candidates_function_word (prev) && (finite_verb (f, prev) || draftd_forms_is (prev, 'v')) && !nominal (prev);
  if (!verb && !draftd_candidates_in_list (" with for ", prev))
    return FALSE;
  /* "Bring spare pair of goggles": the adjective before the partitive took the article (p = 1
   * there); the adjective is no verb here, whatever else it spells. */
  if (p == 0 && draftd_forms_is (prev, 'a') && prev2 && !draftd_candidates_function_word (prev2) &&
      (finite_verb (f, prev2) || draftd_forms_is (prev2, 'v')))
    return FALSE;
  /* "A squarely cut piece of": a participle in a determiner's phrase, adverbs before it. */
  gint k = (gint) f->i - 2;
  while (k >= 0 && joined (f, (guint) k) && g_str_has_suffix (f->words[k].lower, "ly"))
    k--;
  if (k >= 0 && joined (f, (guint) k) && draftd_candidates_in_list (determiners, f->words[k].lower))
    return FALSE;
  return sure (f, w->start, w->start, article_for (w->lower), DRAFTD_FIX_ARTICLE);
}

/* "for long time", "after long time": the phrase of a duration counts its time. */
gboolean
long_time (F *f)
{
  const Word *w = &f->words[f->i];
  const char *after = near (f, 2);
  if (!g_str_equal (w->lower, "long") || g_strcmp0 (near (f, 1), "time") != 0 || !draftd_candidates_in_list (" for after in within ", near (f, -1)) ||
      nominal (after))
    return FALSE;
  return sure (f, w->start, w->start, "a ", DRAFTD_FIX_ARTICLE);
}

/* "visiting the branch for first time", "It was first time I had": an ordinal's "time" counts
 * one occasion, which takes "the" ("for first-time buyers" is a compound's adjective; "for
 * his first time" has its determiner). */
gboolean
ordinal_time (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *after = near (f, 2);
  if (!draftd_candidates_in_list (" first second third last ", w->lower) || g_strcmp0 (near (f, 1), "time") != 0 ||
      !draftd_candidates_in_list (" for is was ", prev) || !joined (f, f->i) ||
      (after && noun (after) && !draftd_candidates_function_word (after) && !draftd_candidates_in_list (" yesterday today tonight ", after)))
    return FALSE;
  return sure (f, w->start, w->start, "the ", DRAFTD_FIX_ARTICLE);
}

/* "willing to take on role of Saturday shift lead", "took over position of treasurer": a
 * role taken on, before "of" and whose role it is, is the one there is: "the". */
gboolean
taken_role_article (F *f)
{
  const Word *w = &f->words[f->i];
  if (!draftd_candidates_in_list (" role position post job task responsibility ", w->lower) || g_strcmp0 (near (f, 1), "of") != 0 ||
      !draftd_candidates_in_list (" on over up ", near (f, -1)) ||
      !draftd_candidates_in_list (" take takes took taken taking ", near (f, -2)))
    return FALSE;
  return sure (f, w->start, w->start, "the ", DRAFTD_FIX_ARTICLE);
}

/* ---- article.extra: "the these reasons", "an information", "a new shoes" ---- */

/* words[i], an article, dropped: the article alone, so that the edit is the fix; at a
 * sentence's start the next word takes its capital ("The another" -> "Another"). */
gboolean
drop_article (F *f)
{
  const Word *w = &f->words[f->i], *n = &f->words[f->i + 1];
  if (g_ascii_isupper (w->text[0]))
    return sure (f, w->start, n->end, n->text, DRAFTD_FIX_ARTICLE);
  return sure (f, w->start, n->start, "", DRAFTD_FIX_ARTICLE);
}

/* Abstract nouns learners give a generic "the" ("I think the honesty is the most important
 * quality", "I love the nature"): qualities and states that a "the" makes specific only with
 * a phrase after them ("the honesty of her answer", "the love they shared"). */
static const char *const generic_nouns =
  " nature honesty happiness friendship patience kindness loyalty courage knowledge education love life ";

/* "the" before such a noun is dropped where the noun is generic: the subject opening its clause
 * before its verb ("I think the honesty is"), or the object of a verb of liking at its phrase's
 * end ("I love the nature, so", "we must protect the nature."). */
gboolean
generic_the (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1), *after = near (f, 2), *prev = near (f, -1);
  /* "the boys play the football": a sport is played with no article (an instrument takes one:
   * "play the piano"), but where a noun of its own follows ("the football pitch"). */
  if (g_str_equal (w->lower, "the") && draftd_candidates_in_list (" play plays played playing ", prev) &&
      draftd_candidates_in_list (" football soccer tennis basketball golf cricket rugby volleyball hockey baseball badminton chess ", next) &&
      g_ascii_islower (f->words[f->i + 1].text[0]) && !(after && noun (after) && !draftd_candidates_function_word (after)))
    return drop_article (f);
  /* "has been suffering from the insomnia for months": an illness or a state suffered is
   * named bare ("the flu" and "the cold" are idioms; "the effects of" is no state). */
  if (g_str_equal (w->lower, "the") && g_strcmp0 (prev, "from") == 0 &&
      draftd_candidates_in_list (" suffer suffers suffered suffering ", near (f, -2)) && next && g_ascii_islower (f->words[f->i + 1].text[0]) &&
      draftd_forms_noun_lexfile (next) == DRAFTD_FORMS_STATE && noun_number (f, next) < 0 && !draftd_candidates_in_list (" flu cold same ", next) &&
      !(after && (noun (after) || draftd_candidates_in_list (" of that which who ", after))))
    return drop_article (f);
  if (!g_str_equal (w->lower, "the") || next == NULL || !draftd_candidates_in_list (generic_nouns, next) ||
      !g_ascii_islower (f->words[f->i + 1].text[0]))
    return FALSE;
  /* "Spending time in the nature helps", "passionate about the nature, which": nature as the
   * outdoors ("in the nature of the job", "about the nature of" are a thing's character). */
  if (g_str_equal (next, "nature") && (draftd_candidates_in_list (" in into ", prev) || (g_strcmp0 (prev, "about") == 0 && after == NULL)) &&
      !draftd_candidates_in_list (" of that which ", after))
    return drop_article (f);
  gboolean subject = opens_clause (f, f->i, " that because but so and think thought believe says said say know knew feel felt ") &&
                     draftd_candidates_in_list (" is was makes gives brings helps means ", after);
  gboolean ends = f->i + 2 >= f->n || !joined (f, f->i + 1) || draftd_candidates_in_list (" so and because but very more ", after);
  gboolean object = ends && draftd_candidates_in_list (" love loves loved like likes liked enjoy enjoys enjoyed protect protects protected "
                                                      "respect respects respected value values valued appreciate appreciates hate hates ", prev);
  return (subject || object) && drop_article (f);
}

/* Nouns never counted that the uncountable table leaves out, its pairs being plurals learners
 * write ("informations"): "a good news", "a great fun". */
static const char *const never_counted = " news fun ";

gboolean
extra_article (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  if (next == NULL)
    return FALSE;
  const Word *n = &f->words[f->i + 1];
  /* "the these", "the another": a second determiner. Not "the this pointer", "the a priori". */
  if (g_str_equal (w->lower, "the") && draftd_candidates_in_list (" these those another my your our their ", next))
    return drop_article (f);
  if (!draftd_candidates_in_list (" a an ", w->lower))
    return FALSE;
  /* "In a such situation", "a such good film": the article goes after "such"; "a such" is
   * English nowhere. */
  if (g_str_equal (next, "such") && f->i + 2 < f->n && joined (f, f->i + 1) && !n->fixed) {
    const char *after = f->words[f->i + 2].lower;
    gboolean vowel_sound = strchr ("aeiou", after[0]) != NULL && !g_str_has_prefix (after, "uni") && !g_str_has_prefix (after, "use") &&
                           !g_str_has_prefix (after, "one");
    return sure (f, w->start, n->end, vowel_sound ? "such an" : "such a", DRAFTD_FIX_ARTICLE);
  }
  /* The phrase: adjectives, then its noun, which must end it ("an information desk" is a
   * compound's). A quantity ("a few", "a hundred") or a number leaves it alone. */
  guint k = f->i + 1;
  /* An adjective that is a noun too ("old", "public") before an uncountable noun is its adjective. */
  /* "a very good news": a degree word before the adjectives. */
  if (k + 2 < f->n && joined (f, k) && draftd_candidates_in_list (" very really quite extremely ", f->words[k].lower) &&
      draftd_forms_is (f->words[k + 1].lower, 'a'))
    k++;
  while (k + 1 < f->n && joined (f, k) && draftd_forms_is (f->words[k].lower, 'a') &&
         (!noun (f->words[k].lower) || draftd_candidates_uncountable (f->words[k + 1].lower) || draftd_candidates_in_list (never_counted, f->words[k + 1].lower)) &&
         !draftd_candidates_function_word (f->words[k].lower) &&
         (!draftd_candidates_in_list (" few many hundred thousand million dozen couple great good ", f->words[k].lower) ||
          draftd_candidates_in_list (never_counted, f->words[k + 1].lower)))
    k++;
  const Word *h = &f->words[k];
  const char *after = k + 1 < f->n && joined (f, k) ? f->words[k + 1].lower : NULL;
  if (!joined (f, k - 1) || h->fixed || !g_ascii_islower (h->text[0]) || draftd_candidates_in_list (numbers, h->lower) ||
      (noun (after) && !draftd_candidates_in_list (" today yesterday tomorrow tonight ", after)))
    return FALSE;
  /* "a witches' brew", "a heads-up": a plural's possessive or a compound's first word, whose
   * noun comes after. */
  if (f->s[h->end] == '\'' || f->s[h->end] == '-' || g_str_has_prefix (f->s + h->end, "\xe2\x80\x99"))
    return FALSE;
  /* "an information about", "gave us a homework.", "share a information and ask" ("a
   * knowledge of Greek" is English; "an advice and support service" is a compound's, whose
   * noun comes after the pair). */
  /* "a good news", "a great fun": nouns never counted, as the uncountable ones. */
  gboolean mass = draftd_candidates_uncountable (h->lower) || draftd_candidates_in_list (never_counted, h->lower);
  if (mass && !g_str_equal (h->lower, "knowledge") &&
      (after == NULL || draftd_candidates_in_list (prepositions, after) || draftd_candidates_in_list (" so because when that which today yesterday tomorrow this last ", after) ||
       (draftd_candidates_in_list (" and or but ", after) && !noun (k + 2 < f->n ? f->words[k + 2].lower : NULL))))
    return drop_article (f);
  /* A plural the dictionary makes of a noun, itself no noun ("a news", "a series", "a means"
   * are): link-grammar or the target decides. */
  g_autofree char *sing = g_str_has_suffix (h->lower, "s") ? draftd_forms_singular (f->c->spell, h->lower) : NULL;
  if (sing == NULL || g_str_equal (sing, h->lower) || !noun (sing) || noun (h->lower) || draftd_forms_is (h->lower, 'a'))
    return FALSE;
  /* The article dropped or the noun made one ("will become an experts" -> "experts" or "an
   * expert", as two of JFLEG's readers in three have it): where link-grammar finds only the
   * article wrong, it goes; else the target chooses between the two. */
  g_autofree char *bare = g_strndup (f->s + n->start, h->end - n->start);
  g_autofree char *one = g_strdup_printf ("%.*s%s", (int) (h->start - w->start), f->s + w->start, sing);
  gboolean drop = mended (f, w->start, n->start, "");
  if (drop && !whole_with (f, w->start, h->end, one))
    return drop_article (f);
  if (g_ascii_isupper (w->text[0]))
    bare[0] = g_ascii_toupper (bare[0]);
  const char *alts[] = { bare, one };
  return judge (f, w->start, h->end, alts, 2, DRAFTD_FIX_ARTICLE, 3.0f);
}

/* ---- article: "I am currently student of economics" ---- */

/* A person's singular count noun as a pronoun's complement after "am/is/was" (an adverb of
 * time between at most) takes "a": "I am student of economics" -> "a student". Unique posts
 * ("He is president of the club", "She was judge of the contest", "He is professor of
 * surgery"), a participle ("was accused of") and a noun opening a phrase of its own ("I am
 * student representative") are left. */
gboolean
be_person_article (F *f)
{
  const Word *w = &f->words[f->i];
  const char *be = near (f, -1), *next = near (f, 1);
  gint d = -1;
  if (draftd_candidates_in_list (" currently still now also just already ", be)) {
    d = -2;
    be = near (f, -2);
  }
  if (!draftd_candidates_in_list (" am is was ", be) || !draftd_candidates_in_list (" i he she ", near (f, d - 1)) || !g_ascii_islower (w->text[0]) ||
      noun_number (f, w->lower) >= 0 || draftd_forms_noun_lexfile (w->lower) != DRAFTD_FORMS_PERSON || draftd_forms_is (w->lower, 'a') ||
      draftd_candidates_function_word (w->lower) || g_str_has_suffix (w->lower, "ed") || draftd_forms_irregular_lemma (w->lower, 'v') ||
      draftd_candidates_in_list (" president chairman chairwoman chair head captain director ceo king queen mayor editor chief leader "
                                 "treasurer secretary host champion judge referee umpire professor dean governor minister "
                                 "ambassador principal bishop ",
                                 w->lower))
    return FALSE;
  if (next != NULL && !draftd_candidates_in_list (" of at in for from with who and ", next))
    return FALSE;
  return sure (f, w->start, w->start, article_for (w->lower), DRAFTD_FIX_ARTICLE);
}

/* ---- article: "protect environment", "travel around world", "learn truth" ---- */

/* Nouns there is one of where a writer means them, and the words that take them: "the"
 * before each, where its phrase ends there (no noun after it: "environment variable", "world
 * war", "truth table" are compounds, "tell truth from lies" tells them apart). */
static const struct {
  const char *noun, *before;
} unique_nouns[] = {
  { "world", " around over across throughout " },
  { "environment", " protect protecting protects protected save saving pollute polluting pollutes polluted harm harms harming harmed "
                   "damage damages damaging damaged destroy destroying destroys destroyed for to about " },
  { "truth", " tell told telling tells learn learned learnt learning know knew knowing find found finding hear heard say said speak spoke seek " },
  { "sky", " in into across " },
  { "past", " in " },
};

gboolean
unique_noun (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  /* "tell you truth": a person between the verb and its object. */
  if (draftd_candidates_in_list (" me you him her us them ", prev))
    prev = near (f, -2);
  if (prev == NULL || !g_ascii_islower (w->text[0]) || w->fixed || f->s[w->end] == '-' ||
      (next && !draftd_candidates_function_word (next)) || g_strcmp0 (next, "from") == 0)
    return FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (unique_nouns); k++)
    if (g_str_equal (w->lower, unique_nouns[k].noun) && draftd_candidates_in_list (unique_nouns[k].before, prev))
      return sure (f, w->start, w->start, "the ", DRAFTD_FIX_ARTICLE);
  return FALSE;
}

/* ---- article: "The most students in the survey said" ---- */

/* "most" before a plural of people as the subject is the greater part of them, with no "the"
 * ("Most students said"); "the most votes", "the most points" count the largest number and
 * are left, as are adjectives ("the most famous"). Opening the sentence only. */
gboolean
the_most_people (F *f)
{
  const Word *w = &f->words[f->i];
  /* "The most of people" -> "Most people", "The most of the people" -> "Most of the people". */
  if (f->i == 0 && f->c->sentence_start && g_str_equal (w->lower, "the") && g_strcmp0 (near (f, 1), "most") == 0 &&
      g_strcmp0 (near (f, 2), "of") == 0 && near (f, 3) && f->n > 4) {
    gboolean det = draftd_candidates_in_list (" the my our your his her their these those ", near (f, 3));
    if (!det && !g_str_equal (near (f, 3), "people") && noun_number (f, near (f, 3)) <= 0)
      return FALSE;
    return sure (f, w->start, f->words[det ? 1 : 2].end, "most", DRAFTD_FIX_ARTICLE);
  }
  if (f->i != 0 || !f->c->sentence_start || !g_str_equal (w->lower, "the") || g_strcmp0 (near (f, 1), "most") != 0 ||
      !draftd_candidates_in_list (" students people children teenagers parents workers employees members users customers teachers "
                                  "voters residents adults citizens participants respondents ", near (f, 2)))
    return FALSE;
  return sure (f, w->start, f->words[1].end, "most", DRAFTD_FIX_ARTICLE);
}

/* ---- article: "Second difference between them is", "The one of the most important" ---- */

/* A sentence that opens on an ordinal and its noun, then the noun's verb or phrase, takes
 * "the" ("First effect is" -> "The first effect is"; "First thing in the morning", "Last
 * night" are set phrases of time); "The one of the" + a superlative or a plural is "One of
 * the". */
gboolean
opening_ordinal (F *f)
{
  const Word *w = &f->words[f->i];
  if (f->i != 0 || !f->c->sentence_start || f->n < 4)
    return FALSE;
  if (g_str_equal (w->lower, "the") && g_strcmp0 (near (f, 1), "one") == 0 && g_strcmp0 (near (f, 2), "of") == 0 &&
      draftd_candidates_in_list (" the my our their his her these those ", near (f, 3)))
    return sure (f, w->start, f->words[1].end, "one", DRAFTD_FIX_ARTICLE);
  const char *noun_l = near (f, 1);
  if (!draftd_candidates_in_list (" first second third fourth fifth last next final ", w->lower) || noun_l == NULL || !noun (noun_l) ||
      draftd_candidates_in_list (" night week weekend month year time summer winter spring autumn morning evening day thing things step place "
                                 "class season term semester christmas easter ",
                                 noun_l) ||
      calendar_name (noun_l) || /* "Last Sunday was" */
      !draftd_candidates_in_list (" is was are were of between ", near (f, 2)))
    return FALSE;
  g_autofree char *rep = g_strdup_printf ("The %c", g_ascii_tolower (w->text[0]));
  return sure (f, w->start, w->start + 1, rep, DRAFTD_FIX_ARTICLE);
}

/* ---- article.missing: "work for international company", "recommend good dentist" ---- */

/* Count nouns learners leave bare after an adjective: people and everyday things one has one
 * of. WordNet's made things and groups hold mass nouns and crews too ("software", "staff"),
 * so these are listed; "school" and "university" are institutions ("started secondary
 * school"). */
static const char *const counted_things = " film movie house car restaurant hotel flat apartment phone laptop computer book job idea "
                                          "question problem city town country company firm team organisation organization band ";

/* "My father is engineer and works", "She was nurse in Leeds": a singular noun whose senses
 * are mostly people, bare after "is", "was" or "am", names a job one of many hold: "a", "an".
 * A post one holds alone ("is captain of the team", "was president") and a noun before "of"
 * take none. */
gboolean
bare_profession (F *f)
{
  static const char *const posts = " president chairman chairwoman chair head captain director secretary treasurer manager leader chief editor "
                                   "mayor champion king queen member host governor principal ";
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  /* "There was nobody at home": "there" opens no subject's predicate, and a pronoun in
   * -body or -one takes no article. */
  if (!draftd_candidates_in_list (" is was am ", prev) || !g_str_equal (w->text, w->lower) || draftd_candidates_function_word (w->lower) ||
      draftd_candidates_in_list (" there here ", near (f, -2)) || g_str_has_suffix (w->lower, "body") || g_str_has_suffix (w->lower, "one") ||
      draftd_candidates_in_list (posts, w->lower) || draftd_forms_is (w->lower, 'a') || draftd_candidates_uncountable (w->lower) ||
      noun_number (f, w->lower) >= 0 || draftd_forms_noun_lexfile (w->lower) != DRAFTD_FORMS_PERSON ||
      !draftd_forms_noun_mostly (w->lower, DRAFTD_FORMS_PERSON))
    return FALSE;
  if (next != NULL && !draftd_candidates_in_list (" and at in for with from who ", next))
    return FALSE;
  gboolean an = strchr ("aeiou", w->lower[0]) && !g_str_has_prefix (w->lower, "uni") && !g_str_has_prefix (w->lower, "eu");
  return sure (f, w->start, w->start, an ? "an " : "a ", DRAFTD_FIX_ARTICLE);
}

/* After a verb or a preposition, "(very/really) + an adjective + a singular person's noun"
 * (most of its senses people: "played with real spirit" is a mood) or one of counted_things,
 * with nothing but a preposition, a relative or the clause's end after it, takes "a": the
 * model declines such articles, so the rule is sure. */
gboolean
bare_adjective_noun (F *f)
{
  const Word *w = &f->words[f->i];
  gboolean degree = draftd_candidates_in_list (" very really quite ", w->lower);
  guint a = f->i + (degree ? 1 : 0);
  /* "an xterm-like terminal emulator": a compound's last part is no verb or preposition. */
  if (f->i < 1 || a + 1 >= f->n || !joined (f, f->i - 1) || !joined (f, a) || (degree && !joined (f, f->i)) || f->words[f->i - 1].compound)
    return FALSE;
  const char *gov = f->words[f->i - 1].lower, *adj = f->words[a].lower, *head = f->words[a + 1].lower;
  const char *after = a + 2 < f->n && joined (f, a + 1) ? f->words[a + 2].lower : NULL;
  if (!draftd_forms_is (adj, 'a') || draftd_candidates_function_word (adj) || !g_ascii_islower (f->words[a].text[0]) ||
      draftd_candidates_in_list (" much more most enough other another such same next last own few many several little whole only first second "
                                 "third all less far any each every no some ",
                                 adj) ||
      draftd_candidates_in_list (determiners, adj) || draftd_candidates_in_list (numbers, adj))
    return FALSE;
  /* "Sardine prices held steady": a plural noun's past is its verb, no adjective. */
  const char *adj_lemma = draftd_forms_irregular_lemma (adj, 'v');
  if (noun_number (f, gov) > 0 && (g_str_has_suffix (adj, "ed") || (adj_lemma && !g_str_equal (adj_lemma, adj))))
    return FALSE;
  int lex = draftd_forms_noun_lexfile (head), number = noun_number (f, head);
  if (!g_ascii_islower (f->words[a + 1].text[0]) || number > 0 || draftd_candidates_uncountable (head) ||
      !((lex == DRAFTD_FORMS_PERSON && number < 0 && draftd_forms_noun_mostly (head, DRAFTD_FORMS_PERSON)) ||
        draftd_candidates_in_list (counted_things, head)))
    return FALSE;
  if (after && !draftd_candidates_in_list (" who that which near in at for with from about on to ", after))
    return FALSE;
  /* The verb itself, not a participle or an adjective describing the noun ("a fashionably
   * dressed young man", "a dirty old man", "a well-bred young man"). */
  const char *before_gov = f->i >= 2 ? f->words[f->i - 2].lower : NULL;
  gboolean verb = !draftd_candidates_function_word (gov) && (draftd_forms_is (gov, 'v') || finite_verb (f, gov)) && !noun (gov) &&
                  !draftd_forms_is (gov, 'a') && !f->words[f->i - 1].compound &&
                  !(before_gov && (g_str_has_suffix (before_gov, "ly") || draftd_candidates_in_list (determiners, before_gov)));
  /* "appointed chief executive", "became head teacher": a role given takes none; nor does an
   * award's name ("nominated for best actress", "won best newcomer"). */
  if (draftd_candidates_in_list (" best outstanding ", adj) &&
      draftd_candidates_in_list (award_heads, head))
    return FALSE;
  if ((!verb && !draftd_candidates_in_list (" for with at from like about into by ", gov)) ||
      draftd_candidates_in_list (" appointed elected named became become becomes made promoted ", gov))
    return FALSE;
  gboolean an = strchr ("aeiou", w->lower[0]) && !g_str_has_prefix (w->lower, "uni") && !g_str_has_prefix (w->lower, "use") &&
                !g_str_has_prefix (w->lower, "eu") && !g_str_has_prefix (w->lower, "one");
  return sure (f, w->start, w->start, an ? "an " : "a ", DRAFTD_FIX_ARTICLE);
}
