/* The subject's head noun and its number, for the English agreement families of issue 45: a
 * noun phrase across its prepositional phrases, relative clauses and compounds ("The results of
 * the survey shows", "Everyone in the team were"), the number of a subject and of a verb, and
 * the family of a partitive's noun ("Most of the kid knew", "some of my friend live");
 * families-en-agreement.c's families read them, and families of other kinds too. These sections
 * were families-en.c's until it grew too long to read in a sitting; they moved here whole and
 * in their order. The `families` table there decides when each family is tried, and
 * families-en-private.h declares what the files share. */
#include <string.h>
#include "grammar/families-en-private.h"
#include "grammar/forms.h"

/* Nouns that end in -s and are singular ("The news is"), and those a writer may take either
 * way ("Politics are", "Statistics is a science"). */
static const char *const s_singulars = " news physics mathematics measles ";
static const char *const s_either = " economics politics athletics gymnastics ethics statistics graphics ";

/* ---- agreement.subject-verb: the verb with its subject's head noun ---- */

static gboolean compound_plural (const F *f, const char *l);
static gboolean apostrophe_after_plural (const F *f, guint a);

/* +1 plural, -1 singular, 0 when the noun does not say. */
int
noun_number (const F *f, const char *l)
{
  if (l == NULL)  /* a sentence's end: no noun there */
    return 0;
  /* "Where is the scissors?": the pairs English names only in the plural. "bacteria" and
   * "algae" are plurals WordNet lists as lemmas of their own, with no exception to say so. */
  if (draftd_candidates_in_list (" people children men women feet teeth mice geese police cattle bacteria algae ", l) || draftd_candidates_in_list (plural_heads, l) ||
      draftd_candidates_in_list (" scissors trousers jeans pyjamas pajamas shorts pliers tongs tweezers binoculars leggings goggles ", l) ||
      draftd_candidates_in_list (" proceeds earnings outskirts surroundings takings winnings belongings savings ", l)) /* no singular's noun: "The proceeds go" */
    return 1;
  if (draftd_candidates_in_list (singular_heads, l) || draftd_candidates_in_list (s_singulars, l))
    return -1;
  if (draftd_candidates_in_list (either_number, l) || draftd_candidates_in_list (s_either, l))
    return 0;
  const char *lemma = draftd_forms_irregular_lemma (l, 'n');
  /* WordNet's exceptions make "crying" a form of "cry"; "businessmen" is a lemma of its own. */
  gsize n = strlen (l);
  g_autofree char *man = n > 5 && g_str_has_suffix (l, "men") ? g_strdup_printf ("%.*sman", (int) (n - 3), l) : NULL;
  if ((lemma && !g_str_equal (lemma, l) && !g_str_has_suffix (l, "ing")) || irregular_plural (l) || (man && draftd_forms_is (man, 'n')))
    return 1;
  if (g_str_has_suffix (l, "s")) {
    if (g_str_has_suffix (l, "ss") || g_str_has_suffix (l, "us") || g_str_has_suffix (l, "is"))
      return draftd_forms_is (l, 'n') ? -1 : 0;
    /* "gas", "bus": a noun WordNet lists whose "singular" would be a symbol ("Ga") is the
     * singular itself. */
    if (draftd_forms_is (l, 'n') && strlen (l) <= 3)
      return -1;
    g_autofree char *sing = draftd_forms_singular (f->c->spell, l);
    /* "crappies", "cookies": an "-ie" noun's plural, whose "-y" reading may be an adjective. */
    g_autofree char *ie = g_str_has_suffix (l, "ies") ? g_strndup (l, strlen (l) - 1) : NULL;
    return (sing && draftd_forms_is (sing, 'n')) || (ie && draftd_forms_is (ie, 'n')) || unlisted_plural (f, l, sing) || compound_plural (f, l) ? 1 : 0;
  }
  return draftd_forms_is (l, 'n') ? -1 : 0;
}

/* "apps", "repos": a newer noun WordNet 3.0 lacks, whose singular the spelling dictionary
 * knows, is plural where neither form is any word WordNet lists and the dictionary makes no
 * verb of the singular ("apped", "apping"): "podcasts", "livestreams" may be verbs. */
gboolean
unlisted_plural (const F *f, const char *l, const char *sing)
{
  static const char pos[] = { 'n', 'v', 'a' };
  if (sing == NULL || strlen (sing) < 3 || !g_ascii_isalpha (sing[strlen (sing) - 1]) || draftd_candidates_function_word (l) ||
      draftd_candidates_function_word (sing))
    return FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (pos); k++)
    if (draftd_forms_is (l, pos[k]) || draftd_forms_is (sing, pos[k]) || draftd_forms_irregular_lemma (l, pos[k]))
      return FALSE;
  g_autofree char *ed = g_strdup_printf ("%sed", sing);
  g_autofree char *ing = g_strdup_printf ("%sing", sing);
  return !draftd_spell_check (f->c->spell, f->c->lang, ed) && !draftd_spell_check (f->c->spell, f->c->lang, ing);
}

/* "chainrings", "seedtrays": a closed compound WordNet lacks, of a noun and a plural noun
 * WordNet lists ("chain" + "rings"), is the tail's plural. A word WordNet lists in any part
 * of speech is its own ("perhaps", "sometimes"). */
static gboolean
compound_plural (const F *f, const char *l)
{
  static const char pos[] = { 'n', 'v', 'a', 'r' };
  gsize n = strlen (l);
  if (n < 8 || !g_ascii_isalpha (l[0]))
    return FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (pos); k++)
    if (draftd_forms_is (l, pos[k]))
      return FALSE;
  for (gsize k = 3; k + 5 <= n; k++) {
    g_autofree char *head = g_strndup (l, k);
    g_autofree char *one = g_strndup (l + k, n - k - 1);
    if (draftd_forms_is (head, 'n') && !draftd_candidates_function_word (head) && draftd_forms_is (one, 'n') &&
        draftd_spell_check (f->c->spell, f->c->lang, l + k))
      return TRUE;
  }
  return FALSE;
}

/* An irregular plural of a noun WordNet lists ("children", "mice", "women"): WordNet's
 * index has the lemma only, and its exceptions leave out the -men of -man, which its morphy
 * derives by rule. */
gboolean
irregular_plural (const char *l)
{
  const char *lemma = draftd_forms_irregular_lemma (l, 'n');
  if (lemma && !g_str_equal (lemma, l) && draftd_forms_is (lemma, 'n') && !g_str_has_suffix (l, "ing"))
    return TRUE;
  gsize n = strlen (l);
  g_autofree char *man = g_str_has_suffix (l, "men") ? g_strdup_printf ("%.*sman", (int) (n - 3), l) : NULL;
  return man && draftd_forms_is (man, 'n') && !draftd_forms_is (l, 'n');
}

/* Can the word stand in a noun phrase after its determiner: a noun, an adjective, a number? */
gboolean
np_word (const F *f, const Word *w)
{
  /* "the back door", "at the back": a place's word, a particle elsewhere, is a noun after its
   * determiner. */
  if (w > f->words && draftd_candidates_in_list (" back inside outside ", w->lower) &&
      draftd_candidates_in_list (" the a an this that my your his her our their its ", w[-1].lower))
    return TRUE;
  /* "on the Thursday route", "the London office": a capitalised word, kept as a name's, that
   * WordNet lists as a noun is a phrase's word after a determiner and before a lower-case
   * noun it modifies (or after a possessive: "your vehicle's MOT test"); a day's or a month's
   * after a preposition too ("on Thursday"). Not "The Times is" (a title's), "a piece of
   * Python code" (a compound of the name), "let Sarah know". */
  const Word *last = f->words + f->n - 1;
  gboolean name = w->fixed && w > f->words && g_unichar_isupper (g_utf8_get_char (w->text)) && draftd_forms_is (w->lower, 'n') &&
                  (((draftd_candidates_in_list (determiners, w[-1].lower) || g_str_has_suffix (w[-1].lower, "'s")) && w < last &&
                    g_ascii_islower (w[1].text[0]) &&
                    !draftd_candidates_function_word (w[1].lower) &&
                    (draftd_forms_is (w[1].lower, 'n') || noun_number (f, w[1].lower) > 0)) ||
                   (calendar_name (w->lower) && draftd_candidates_in_list (prepositions, w[-1].lower)));
  /* "the onboarding survey", "an upskilling scheme": an -ing word WordNet lacks, after a
   * determiner and before a lower-case noun, modifies that noun. */
  gboolean modifier = w > f->words && w < last && g_str_has_suffix (w->lower, "ing") && strlen (w->lower) > 6 && g_ascii_islower (w->text[0]) &&
                      !draftd_forms_is (w->lower, 'n') && !draftd_forms_is (w->lower, 'v') && draftd_candidates_in_list (determiners, w[-1].lower) &&
                      g_ascii_islower (w[1].text[0]) && !draftd_candidates_function_word (w[1].lower) && draftd_forms_is (w[1].lower, 'n');
  /* "Neither of the proposed sites", "the revised figures": a verb's -ed participle between a
   * determiner and a lower-case noun modifies that noun. */
  modifier = modifier || (w > f->words && w < last && g_str_has_suffix (w->lower, "ed") && g_ascii_islower (w->text[0]) &&
                          draftd_candidates_in_list (" the these those my your his her our their ", w[-1].lower) && g_ascii_islower (w[1].text[0]) &&
                          !draftd_candidates_function_word (w[1].lower) && (draftd_forms_is (w[1].lower, 'n') || noun_number (f, w[1].lower) > 0) &&
                          !draftd_forms_is (w[1].lower, 'v'));
  if (modifier && g_str_has_suffix (w->lower, "ed") && !draftd_forms_is (w->lower, 'a')) {
    g_autofree char *base = draftd_candidates_verb_base (f->c->spell, w->lower);
    modifier = base && !g_str_equal (base, w->lower) && draftd_forms_is (base, 'v');
  }
  /* "for the Marston boat", "from the Varthur supplier", "in the B room": any name, or a
   * capital letter, between a determiner and a lower-case noun labels that noun; a hyphened
   * name too ("to the Dollard-des-Ormeaux arena"), and two joined by "and" ("at the Edappally
   * and Kakkanad branches"). */
  const Word *nx = w + 1;
  while (nx <= last && hyphen_joined (f, (guint) (nx - 1 - f->words)))
    nx++;
  gboolean opened = w > f->words && draftd_candidates_in_list (" the a an this that these those my your his her our their ", w[-1].lower);
  if (!opened && w - f->words >= 3 && g_str_equal (w[-1].lower, "and") && g_ascii_isupper (w[-2].text[0]) &&
      draftd_candidates_in_list (" the these those my your his her our their ", w[-3].lower))
    opened = TRUE;
  if (opened && nx <= last && nx == w + 1 && g_str_equal (nx->lower, "and") && nx + 2 <= last && g_ascii_isupper (nx[1].text[0]))
    nx += 2;
  modifier = modifier || (w > f->words && nx <= last && g_ascii_isupper (w->text[0]) && (w->fixed || w->end - w->start == 1 || nx > w + 1) && opened &&
                          g_ascii_islower (nx->text[0]) && !draftd_candidates_function_word (nx->lower) &&
                          (draftd_forms_is (nx->lower, 'n') || noun_number (f, nx->lower) > 0));
  if (modifier)
    return TRUE;
  /* "u" is a letter's name to WordNet, and a learner's "you". */
  if ((w->fixed && !name) || strlen (w->lower) < 2 || (draftd_candidates_function_word (w->lower) && !draftd_candidates_in_list (numbers, w->lower)))
    return FALSE;
  /* "our biggest clients": a superlative's -est form, which WordNet lists under its base. */
  if (draftd_candidates_in_list (numbers, w->lower) || draftd_forms_is (w->lower, 'n') || draftd_forms_is (w->lower, 'a') ||
      irregular_plural (w->lower) || (g_str_has_suffix (w->lower, "est") && superlative (w->lower)))
    return TRUE;
  g_autofree char *sing = g_str_has_suffix (w->lower, "s") ? draftd_forms_singular (f->c->spell, w->lower) : NULL;
  return (sing && draftd_forms_is (sing, 'n')) || (sing && unlisted_plural (f, w->lower, sing));
}

/* A past participle ("given", "listed", "based"): an irregular one, or -ed/-d on a verb's
 * base ("need", "seed", "speed" have none). */
gboolean
participle_after_noun (const char *l)
{
  const char *lemma = draftd_forms_irregular_lemma (l, 'v');
  if (lemma && !g_str_equal (lemma, l))
    return TRUE;
  gsize n = strlen (l);
  if (n < 5 || !g_str_has_suffix (l, "ed"))
    return FALSE;
  g_autofree char *ed = g_strndup (l, n - 2), *d = g_strndup (l, n - 1);
  return draftd_forms_is (ed, 'v') || draftd_forms_is (d, 'v');
}

/* A verb's -ing form ("making", "keeping"), which after a preposition opens a clause of its
 * own: "The method for making tabs line up is" has "line" for that clause's verb. */
gboolean
gerund_word (const F *f, const char *l)
{
  if (!g_str_has_suffix (l, "ing") || strlen (l) < 5 || draftd_candidates_function_word (l))
    return FALSE;
  /* Five letters: "using", "doing", "going" on a base of two or three letters ("thing",
   * "sting", "bring" have none). */
  if (strlen (l) == 5) {
    g_autofree char *two = g_strndup (l, 2), *three = g_strdup_printf ("%.2se", l);
    return draftd_forms_is (two, 'v') || draftd_forms_is (three, 'v');
  }
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, l);
  return fam->len > 0 && draftd_forms_is (fam->pdata[0], 'v');
}

/* The auxiliaries that show their subject's number. */
const char *const agreeing_aux = " is are was were has have does do doesn't don't isn't aren't wasn't weren't hasn't haven't ";

/* A number (digits, which are no words here) alone between words[a] and words[a + 1]:
 * "versions 2.6 and 3.0 was". */
gboolean
number_joined (const F *f, guint a)
{
  if (a + 1 >= f->n)
    return FALSE;
  gsize b = f->words[a].end, e = f->words[a + 1].start;
  gboolean digit = FALSE;
  for (gsize k = b; k < e; k++) {
    if (!g_ascii_isdigit (f->s[k]) && f->s[k] != '.' && f->s[k] != ' ')
      return FALSE;
    digit |= g_ascii_isdigit (f->s[k]);
  }
  return digit && e > b + 2 && f->s[b] == ' ' && f->s[e - 1] == ' ';
}

/* A number hyphened to words[a], then a space: "the under-14 team", "the COVID-19 rules". */
static gboolean
hyphen_number_joined (const F *f, guint a)
{
  if (a + 1 >= f->n)
    return FALSE;
  gsize b = f->words[a].end, e = f->words[a + 1].start;
  if (e < b + 3 || f->s[b] != '-' || f->s[e - 1] != ' ')
    return FALSE;
  for (gsize k = b + 1; k + 1 < e; k++)
    if (!g_ascii_isdigit (f->s[k]))
      return FALSE;
  return TRUE;
}

/* "Each of our groomers have": after a singular head's "of" (before words[at]) the number is
 * the head's, and a plural newer than WordNet only the phrase's noun. */
static gboolean
singular_head_of (const F *f, guint at)
{
  return at >= 2 && g_str_equal (f->words[at - 1].lower, "of") && draftd_candidates_in_list (" each one neither either ", f->words[at - 2].lower);
}

/* A hyphen between two words of a compound adjective or noun ("long-standing",
 * "end-of-term"), not a number's ("ninety-eight") nor a particle's ("check-in", "check-ins",
 * "drop-off"), whose parts the phrase would misread. */
static gboolean
compound_joined (const F *f, guint a)
{
  if (!hyphen_joined (f, a))
    return FALSE;
  const char *x = f->words[a].lower, *y = f->words[a + 1].lower;
  static const char *const particles = " in ins out outs up ups off offs on ons down over ";
  return !draftd_candidates_in_list (numbers, x) && !draftd_candidates_in_list (numbers, y) && !draftd_candidates_in_list (particles, y) &&
         !g_ascii_isdigit (x[0]) && !g_ascii_isdigit (y[0]);
}

/* Are words[a] and words[a + 1] in one phrase: only spaces between, a number hyphened to the
 * first, a house's number after a preposition, or a number's digits on either side of "and" or "or" ("on wards 5 and 6 have")? */
gboolean
phrase_joined (const F *f, guint a)
{
  /* "our long-standing clients", "the end-of-term reading assessment": a hyphened
   * compound's parts are one word of the phrase. */
  if (joined (f, a) || hyphen_number_joined (f, a) || compound_joined (f, a) || apostrophe_after_plural (f, a))
    return TRUE;
  /* "for Week 6 are": a capitalised noun's number after a preposition (labelled_name()). */
  if (number_joined (f, a) && a > 0 && g_ascii_isupper (f->words[a].text[0]) && draftd_forms_is (f->words[a].lower, 'n') &&
      draftd_candidates_in_list (prepositions, f->words[a - 1].lower))
    return TRUE;
  /* "in our flat at 14 Elm Road": a house's number between a preposition and its street. */
  if (number_joined (f, a) && draftd_candidates_in_list (" at on in from to near ", f->words[a].lower) && g_ascii_isupper (f->words[a + 1].text[0]))
    return TRUE;
  return number_joined (f, a) && ((a + 1 < f->n && draftd_candidates_in_list (" and or ", f->words[a + 1].lower) && number_joined (f, a + 1)) ||
                                  (a > 0 && draftd_candidates_in_list (" and or ", f->words[a].lower) && number_joined (f, a - 1)));
}

/* "Jamie's results": a name's possessive is its phrase's determiner ("That's", "Let's" are
 * contractions, and no name's). */
static gboolean
name_possessive (const F *f, guint at)
{
  const Word *w = &f->words[at];
  gsize n = strlen (w->lower);
  if (n < 4 || !g_str_has_suffix (w->lower, "'s") || !g_ascii_isupper (w->text[0]) || at + 1 >= f->n || !joined (f, at))
    return FALSE;
  g_autofree char *base = g_strndup (w->lower, n - 2);
  return !draftd_candidates_function_word (base) && !draftd_candidates_in_list (" let here there what who where how ", base);
}

/* "in our city centres make", "at the bus stops are": a noun's -s form that is a verb's
 * too, ending the phrase right before the verb the family judges, is a compound's plural
 * (two verbs in a row make no clause), where its singular is a noun. Only before a plural
 * verb: "Attacks on stash houses is one method" agrees with its complement, a native's
 * notional singular, which the phrase left unread keeps. */
static gboolean
compound_before_verb (const F *f, guint j, guint label)
{
  if (j + 1 != label || label != f->i || f->i >= f->n)
    return FALSE;
  g_autofree char *sing = draftd_forms_singular (f->c->spell, f->words[j].lower);
  return sing && draftd_forms_is (sing, 'n') &&
         (draftd_forms_is (f->words[f->i].lower, 'v') || draftd_candidates_in_list (" are were aren't weren't ", f->words[f->i].lower));
}

/* Do words[first..label) hold a subject and its verb rather than one noun phrase? */
static gboolean
runs_into_verb (const F *f, guint first, guint label)
{
  /* "this command supports relative file", "the command gives source": a singular noun and a
   * verb's -s form after it are the phrase run into its verb; but after "each of the", "one
   * of the" the phrase names the many counted, and its -s word is a plural ("Each of the apple
   * trees"). */
  gboolean counted = first >= 3 && g_str_equal (f->words[first - 2].lower, "of") &&
                     draftd_candidates_in_list (" each either neither one ", f->words[first - 3].lower);
  /* "The auto-belays was": a hyphened compound's -s part is its plural, no verb. "the Sunday
   * patrols": nor is one after a name that a determiner opens, which labels it. */
  for (guint j = first + 1; j < label && !counted; j++)
    if (g_str_has_suffix (f->words[j].lower, "s") && noun_number (f, f->words[j - 1].lower) < 0 && !compound_joined (f, j - 1) &&
        !(j >= 2 && g_ascii_isupper (f->words[j - 1].text[0]) && draftd_candidates_in_list (determiners, f->words[j - 2].lower)) &&
        draftd_candidates_verb_form (f, f->words[j].lower) && !draftd_forms_is (f->words[j].lower, 'n') &&
        !draftd_candidates_in_list (numbers, f->words[j - 1].lower) && !draftd_forms_is (f->words[j - 1].lower, 'a') &&
        !compound_before_verb (f, j, label))
      return TRUE;
  /* "One of my waiver pickups lives on the injury report": after a plural WordNet does not
   * list as a lemma ("the sales figures" it does), an -s form of a verb is the clause's verb. */
  for (guint j = first + 1; j < label; j++)
    if (noun_number (f, f->words[j - 1].lower) > 0 && !draftd_forms_is (f->words[j - 1].lower, 'n') && g_str_has_suffix (f->words[j].lower, "s") &&
        draftd_candidates_verb_form (f, f->words[j].lower) && !draftd_forms_is (f->words[j].lower, 'n') && !compound_joined (f, j - 1) &&
        !compound_before_verb (f, j, label))
      return TRUE;
  /* "The three major operating systems used today are": a participle after a plural noun
   * opens a clause cut short, whatever comes after it ("today" is no head). */
  for (guint j = first + 1; j + 1 < label; j++)
    if ((participle_after_noun (f->words[j].lower) || g_str_equal (f->words[j].lower, "used") || gerund_word (f, f->words[j].lower)) &&
        noun_number (f, f->words[j - 1].lower) > 0)
      return TRUE;
  /* "These pipes carry waste", "the women give birth": a plural and a verb's base after it are
   * a subject and its verb, not one phrase (a plural WordNet lists, "the sales team", may be
   * a compound's). */
  for (guint j = first + 1; j < label; j++)
    if (noun_number (f, f->words[j - 1].lower) > 0 && !draftd_forms_is (f->words[j - 1].lower, 'n') && !g_str_has_suffix (f->words[j].lower, "s") && draftd_forms_is (f->words[j].lower, 'v') &&
        !draftd_forms_is (f->words[j].lower, 'a'))
      return TRUE;
  return FALSE;
}

/* "next to the water butts", "in front of the hall", "out of": where a preposition of two or
 * three words starts at words[j], the words before its last (1 or 2); 0 where none starts
 * there or nothing follows it before `end`. */
static guint
compound_preposition (const F *f, guint j, guint end)
{
  if (j + 2 < end && joined (f, j) &&
      ((draftd_candidates_in_list (" next close due ", f->words[j].lower) && g_str_equal (f->words[j + 1].lower, "to")) ||
       (draftd_candidates_in_list (" out ahead instead ", f->words[j].lower) && g_str_equal (f->words[j + 1].lower, "of"))))
    return 1;
  if (j + 3 < end && g_str_equal (f->words[j].lower, "in") && g_str_equal (f->words[j + 1].lower, "front") &&
      g_str_equal (f->words[j + 2].lower, "of") && joined (f, j) && joined (f, j + 1))
    return 2;
  return 0;
}

/* "the beginners' class": words[a] a plural in -s, its apostrophe right after it, then a
 * space before the word it owns (the apostrophe ends no word here). */
static gboolean
apostrophe_after_plural (const F *f, guint a)
{
  if (a + 1 >= f->n || !g_str_has_suffix (f->words[a].lower, "s"))
    return FALSE;
  const char *p = f->s + f->words[a].end;
  gsize q = g_str_has_prefix (p, "'") ? 1 : g_str_has_prefix (p, "\xe2\x80\x99") ? 3 : 0;
  return q && f->words[a].end + q + 1 == f->words[a + 1].start && p[q] == ' ';
}

/* "from last year's trial", "in this season's squad": a noun's possessive inside the phrase,
 * before a word of the phrase, determines that word and is part of the phrase (the head stays
 * the last noun). Only a noun WordNet lists owns: "the Smiths' house" needs no help here. */
static gboolean
owned_word (const F *f, guint at, guint end)
{
  const char *l = f->words[at].lower;
  gsize n = strlen (l);
  /* "the Thursday beginners' class": a plural's possessive too, its apostrophe after the word. */
  gboolean plural = apostrophe_after_plural (f, at);
  if (n < 4 || !(g_str_has_suffix (l, "'s") || plural) || at + 1 >= end || !(joined (f, at) || plural) || !np_word (f, &f->words[at + 1]) ||
      draftd_candidates_in_list (prepositions, f->words[at + 1].lower))
    return FALSE;
  if (plural)
    return noun_number (f, l) > 0;
  g_autofree char *owner = g_strndup (l, n - 2);
  return noun (owner);
}

/* A name's possessive determines its noun, after a preposition too ("The results of Millie's
 * blood test shows"), but for a selection's, whose number is its people's ("The pick of
 * Spain's young players were", "The cream of England's young men"). */
static gboolean
name_determiner (const F *f, guint at, gboolean after_prep)
{
  return name_possessive (f, at) &&
         !(after_prep && at >= 2 && draftd_candidates_in_list (" pick cream flower choice best rest bulk majority ", f->words[at - 2].lower));
}

/* "tenants in Building B have", "readings for Week 6 are": after a preposition, a capitalised
 * noun WordNet lists and its label (a capital letter, or digits, which are no words) are a
 * phrase of their own, its head the noun. Returns the words it takes (1 or 2), or 0. */
static guint
labelled_name (const F *f, guint at, guint end)
{
  const Word *w = &f->words[at];
  if (at + 1 > end || !g_ascii_isupper (w->text[0]) || !draftd_forms_is (w->lower, 'n') || draftd_candidates_function_word (w->lower))
    return 0;
  guint n = 0;
  if (at + 1 < end && joined (f, at) && strlen (f->words[at + 1].text) == 1 && g_ascii_isupper (f->words[at + 1].text[0]))
    n = 2;
  else if (number_joined (f, at))
    n = 1;
  if (n == 0 || (at + n < end && !draftd_candidates_in_list (prepositions, f->words[at + n].lower)))
    return 0;
  return n;
}

/* "Feed station two at Clungunford was": a number after a singular noun is its label (1),
 * the noun before it the head. */
static guint
number_label (const F *f, guint first, guint label)
{
  return label - 1 > first && draftd_candidates_in_list (numbers, f->words[label - 1].lower) && noun_number (f, f->words[label - 2].lower) < 0;
}

/* Does words[at] go on the noun phrase that starts at words[first] (its determiner from
 * words[start])? */
static gboolean
phrase_word_at (const F *f, guint at, guint first, guint start, guint end, gboolean after_prep)
{
  /* "the under-14 team": a word hyphened to a number is a modifier, whatever it is alone; "of
   * your vehicle's MOT test": a possessive right after the determiner is the phrase's too. "of
   * last week's run-through": a hyphened compound's second part belongs to it, though it is a
   * preposition alone. */
  if ((after_prep && (at > first || first > start) && owned_word (f, at, end)) || (at + 1 < end && hyphen_number_joined (f, at)) ||
      (at > first && compound_joined (f, at - 1)))
    return TRUE;
  /* "The kids made dinner last night": an irregular past after a noun is a verb, not part of
   * the phrase. "The box next to the door": "next to" is a preposition. */
  const char *l = f->words[at].lower, *lemma = draftd_forms_irregular_lemma (l, 'v');
  /* "the Roath deli still wants": an adverb WordNet also lists as a noun or an adjective
   * ("still water") modifies no noun after the phrase's own noun. */
  if (at > first && noun (f->words[at - 1].lower) && draftd_candidates_in_list (" still just even already always never often ", l))
    return FALSE;
  /* "the Edappally and Kakkanad branches": two names joined label one noun (np_word()). */
  if (at > first && g_str_equal (l, "and") && at + 1 < end && g_ascii_isupper (f->words[at - 1].text[0]) &&
      g_ascii_isupper (f->words[at + 1].text[0]) && np_word (f, &f->words[at + 1]))
    return TRUE;
  if (!draftd_candidates_in_list (prepositions, l) && np_word (f, &f->words[at]) && !(at > first && compound_preposition (f, at, end) > 0) &&
      !(at > first && noun_number (f, f->words[at - 1].lower) != 0 && lemma && !g_str_equal (lemma, l) && at + 1 < end))
    return TRUE;
  /* "on the first and second floors": ordinals joined are one word of it, after a
   * preposition only ("the first and second line are" is two lines). */
  return after_prep && at > first && at + 2 < end && draftd_candidates_in_list (" and or ", l) &&
         draftd_candidates_in_list (ordinals, f->words[at - 1].lower) && draftd_candidates_in_list (ordinals, f->words[at + 1].lower);
}

/* "The letters Gillian (Orr) sent": a name of one or two words, then a lexical verb's past
 * (no auxiliary: "My daughter Isla has" is the name in apposition, and its verb). */
static gboolean
name_verb_after (const F *f, guint at, guint end)
{
  guint v = at + 1 < end && g_ascii_isupper (f->words[at + 1].text[0]) && joined (f, at) ? at + 2 : at + 1;
  if (v >= end || !joined (f, v - 1) || !g_ascii_islower (f->words[v].text[0]) || draftd_candidates_function_word (f->words[v].lower))
    return FALSE;
  const char *l = f->words[v].lower, *lemma = draftd_forms_irregular_lemma (l, 'v');
  return (lemma && !g_str_equal (lemma, l)) || (g_str_has_suffix (l, "ed") && draftd_candidates_verb_form (f, l));
}

/* May the noun phrase from words[first] end before words[at], which opens what follows: a
 * preposition, a relative clause ("the advice he gave", "the parcels the courier left", "the
 * student whose essays", "The letters Gillian sent"), or, after a preposition, a bare noun
 * joined by "and" ("for the chimney heads and rones": prepositional_phrase() takes it)? */
static gboolean
phrase_may_end (const F *f, guint at, guint first, guint end, gboolean after_prep)
{
  const char *l = f->words[at].lower;
  gboolean joined_noun = after_prep && at + 1 < end && draftd_candidates_in_list (" and or ", l) && g_ascii_islower (f->words[at + 1].text[0]) &&
                         !draftd_candidates_function_word (f->words[at + 1].lower);
  gboolean name_clause = at > first && at + 1 < end && g_ascii_isupper (f->words[at].text[0]) && f->words[at].fixed &&
                         f->words[at].end - f->words[at].start > 1 && noun_number (f, f->words[at - 1].lower) != 0 &&
                         draftd_forms_noun_lexfile (f->words[at - 1].lower) != DRAFTD_FORMS_PERSON && name_verb_after (f, at, end);
  return joined_noun || name_clause || draftd_candidates_in_list (prepositions, l) || compound_preposition (f, at, end) > 0 ||
         draftd_candidates_in_list (subject_pronouns, l) || draftd_candidates_in_list (" that which whom who whose the my your his her our their ", l);
}

/* A noun phrase from words[*k] up to a preposition or `end`: a determiner or a head of its own
 * ("each", "everyone"), then nouns and adjectives; its head is its last word. -1 if none. */
gint
noun_phrase (const F *f, guint *k, guint end)
{
  guint at = *k;
  /* A plural newer than WordNet heads a phrase ("These apps drain"), but after a preposition
   * it is often a field's term ("the contents of these repos is"), where the phrase must not
   * be taken whole. */
  gboolean after_prep = at > 0 && draftd_candidates_in_list (prepositions, f->words[at - 1].lower);
  gboolean head_of = after_prep && singular_head_of (f, at);
  /* "Each student", "Neither answer": a head of its own before its noun is that noun's
   * determiner. */
  gboolean determines = at + 1 < end && draftd_candidates_in_list (" each either neither ", f->words[at].lower) &&
                        !draftd_candidates_in_list (prepositions, f->words[at + 1].lower) && np_word (f, &f->words[at + 1]);
  gboolean predeterminer = at + 1 < end && draftd_candidates_in_list (" all both half ", f->words[at].lower) &&
                           draftd_candidates_in_list (" the my your his her our their these those ", f->words[at + 1].lower);
  /* "Most children in our street", "Some students in my class": a quantifier right before a
   * noun is its determiner, no head of its own (as it is before "of"). */
  determines = determines || (at + 1 < end && draftd_candidates_in_list (" most some all ", f->words[at].lower) && joined (f, at) &&
                              !draftd_candidates_in_list (prepositions, f->words[at + 1].lower) && noun_number (f, f->words[at + 1].lower) != 0 &&
                              np_word (f, &f->words[at + 1]));
  /* "Both of", "several of": a plural head before its "of". */
  gboolean plural_of = at + 1 < end && draftd_candidates_in_list (plural_heads, f->words[at].lower) && g_str_equal (f->words[at + 1].lower, "of");
  if (at < end && !determines && !predeterminer &&
      (plural_of || draftd_candidates_in_list (singular_heads, f->words[at].lower) || draftd_candidates_in_list (of_heads, f->words[at].lower))) {
    *k = at + 1;
    return (gint) at;
  }
  /* "All the homework", "both my sisters": a predeterminer before the determiner. "from Jack
   * Metcalfe's last litter", "behind Auntie Mei's stall": a name's first word before its
   * possessive. */
  if (predeterminer || (at + 1 < end && g_ascii_isupper (f->words[at].text[0]) && !draftd_candidates_function_word (f->words[at].lower) &&
                        joined (f, at) && name_possessive (f, at + 1)))
    at++;
  if (at < end && (determines || draftd_candidates_in_list (determiners, f->words[at].lower) || name_determiner (f, at, after_prep)))
    at++;
  /* "My neighbour's children", "the company's workers": a determiner's noun in the possessive
   * determines the head after it. */
  if (at > *k && at + 1 < end && !after_prep && g_str_has_suffix (f->words[at].lower, "'s") && joined (f, at)) {
    g_autofree char *owner = g_strndup (f->words[at].lower, strlen (f->words[at].lower) - 2);
    if (noun (owner))
      at++;
  }
  guint first = at;
  guint labelled = after_prep && at == *k ? labelled_name (f, at, end) : 0;
  if (labelled) {
    *k = at + labelled;
    return (gint) at;
  }
  while (at < end && phrase_word_at (f, at, first, *k, end, after_prep))
    at++;
  /* "on wards 5 and 6": numbers joined after the noun (digits, no words here) are its label; the
   * phrase ends after them, its noun before them (after a preposition only: "Room 5 and 6 are"). */
  guint label = at;
  if (after_prep && at > first && at < end && draftd_candidates_in_list (" and or ", f->words[at].lower) && number_joined (f, at - 1) && number_joined (f, at))
    at++;
  /* It ends at a preposition, or where a relative clause starts ("the advice he gave", "the
   * parcels the courier left", "the student whose essays"): the caller sees what follows. */
  if (at == first || (at < end && !phrase_may_end (f, at, first, end, after_prep)))
    return -1;
  if (runs_into_verb (f, first, label))
    return -1;
  label -= number_label (f, first, label);
  /* It ends in its noun: "a covered work" is no phrase "a covered" and a verb "work". */
  const char *last = f->words[label - 1].lower;
  /* "the two arguments given are": a participle after the noun is a clause cut short, and the
   * head the noun before it (WordNet lists "given" as a noun); unsure, as the phrase may also
   * have run into its verb ("the students used"). */
  if (label - 1 > first && participle_after_noun (last))
    return -1;
  g_autofree char *sing = g_str_has_suffix (last, "s") ? draftd_forms_singular (f->c->spell, last) : NULL;
  /* "last week's run-through": a hyphened compound ends the phrase as its noun. */
  gboolean hyphened = label - 1 > first && compound_joined (f, label - 2);
  if (!hyphened && !draftd_forms_is (last, 'n') && !(sing && draftd_forms_is (sing, 'n')) && !draftd_candidates_in_list (numbers, last) &&
      !irregular_plural (last) && !(sing && (!after_prep || head_of) && unlisted_plural (f, last, sing)))
    return -1;
  *k = at;
  return (gint) label - 1;
}

/* Is words[b..end) a gerund's phrase? Its number is then singular whatever its object's
 * ("Learning new languages is fun", "learning more subjects gives us"); before a noun the
 * -ing word may be a compound's ("Building materials are", "Visiting relatives", "Running
 * water"), and the number is unsure (0). */
static gboolean
gerund_subject (const F *f, guint b, guint end, int *number)
{
  const char *g = f->words[b].lower;
  /* "excluding those notices that do": a participle that works as a preposition. */
  if (b + 1 >= end ||
      draftd_candidates_in_list (" excluding including following regarding concerning according considering during notwithstanding ", g) ||
      /* "Letting him borrow", "Helping them settle": the verb after their object is bare,
       * the gerund's own. */
      draftd_candidates_in_list (" letting making helping having watching seeing hearing ", g) ||
      !gerund_word (f, g))
    return FALSE;
  const Word *next = &f->words[b + 1];
  gboolean object = draftd_candidates_in_list (determiners, next->lower) ||
                    draftd_candidates_in_list (" more many much several few new other it them him her us me ", next->lower) ||
                    (np_word (f, next) && !draftd_forms_is (next->lower, 'n') && noun_number (f, next->lower) <= 0);
  /* The object is a noun phrase and its prepositional phrases, reaching the verb exactly. */
  guint k = b + 1;
  if (draftd_candidates_in_list (" it them him her us me ", next->lower))
    k++;
  else if (draftd_candidates_in_list (" more many much several few ", next->lower) && k + 1 < end && draftd_forms_is (f->words[k + 1].lower, 'n'))
    k++;
  if (k < end && (k == b + 1 || !draftd_candidates_in_list (prepositions, f->words[k].lower)) && noun_phrase (f, &k, end) < 0)
    return FALSE;
  while (k < end) {
    if (!draftd_candidates_in_list (prepositions, f->words[k].lower))
      return FALSE;
    k++;
    if (noun_phrase (f, &k, end) < 0)
      return FALSE;
  }
  /* "Interesting books", "taking risks" (WordNet's "taking" is charming too): an -ing word
   * that is an adjective may describe the noun after it, and the number is unsure. */
  *number = object && !draftd_forms_is (g, 'a') ? -1 : 0;
  return TRUE;
}

/* Prepositions that open a sentence with a phrase of place or time. */
static const char *const opening_prepositions =
  " after before during in on at for with from by under over near behind between among across through throughout despite "
  "without within beyond around inside outside ";

/* Verbs whose object may be a clause of its own ("the people who say the food is"): after
 * them a noun may be that clause's subject, no relative clause's end. */
const char *const saying_verbs =
  " say says said think thinks thought know knows knew believe believes feel feels felt hope hopes claim claims tell tells told "
  "mean means show shows find finds found hear hears heard see sees saw suggest suggests suggested realise realised realize "
  "realized understand understands understood expect expects expected notice notices noticed argue argues argued ";

/* Can `v` be a relative clause's verb: a verb's form, not an -ing form nor a function word
 * (the auxiliaries "have" and "do" aside)? */
static gboolean
relative_verb (const F *f, const char *v)
{
  const char *lemma = draftd_forms_irregular_lemma (v, 'v');
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, v);
  if ((draftd_candidates_function_word (v) && !draftd_candidates_in_list (" have has had do did ", v)) || g_str_has_suffix (v, "ing"))
    return FALSE;
  return (lemma && draftd_forms_is (lemma, 'v')) || (draftd_forms_is (v, 'v') && fam->len > 0) ||
         ((g_str_has_suffix (v, "ed") || g_str_has_suffix (v, "s")) && fam->len > 0 && draftd_forms_is (fam->pdata[0], 'v'));
}

/* The relative clause's subject and verb from words[*k] (*k then past the verb): a pronoun
 * ("(that) he gave"), "whose" and its noun ("whose essays won"), a determiner's noun or its
 * adjective and noun ("(that) my dad grows", "the courier left"), or none after "that",
 * "which" or "who" ("that came with the phone"); at most one auxiliary or frequency adverb
 * before the verb. *verb gets the verb's index. */
static gboolean
relative_opening (const F *f, guint *k, guint end, guint *verb)
{
  guint j = *k;
  gboolean subject_rel = j < end && draftd_candidates_in_list (" that which who ", f->words[j].lower);
  if (j < end && draftd_candidates_in_list (" that which whom who ", f->words[j].lower))
    j++;
  if (j + 1 >= end)
    return FALSE;
  const char *l = f->words[j].lower;
  /* "that Daniel sent over": a name as the clause's subject, right before its verb. */
  gboolean name = j > 0 && g_ascii_isupper (f->words[j].text[0]) && !draftd_candidates_function_word (l) && relative_verb (f, f->words[j + 1].lower);
  /* "that Jago Pascoe trained": a name of two words. */
  gboolean full_name = !name && j > 0 && j + 2 < end && g_ascii_isupper (f->words[j].text[0]) && g_ascii_isupper (f->words[j + 1].text[0]) &&
                       joined (f, j) && !draftd_candidates_function_word (l) && relative_verb (f, f->words[j + 2].lower) &&
                       g_ascii_islower (f->words[j + 2].text[0]);
  if (full_name)
    j += 2;
  else if (draftd_candidates_in_list (subject_pronouns, l) || name)
    j++;
  else if (g_str_equal (l, "whose") && j == *k && noun_number (f, f->words[j + 1].lower) != 0) {
    j += 2;
    /* "whose songs we love": the clause's own subject after the noun. */
    if (j + 1 < end && draftd_candidates_in_list (subject_pronouns, f->words[j].lower))
      j++;
  }
  else if (draftd_candidates_in_list (" the my your his her our their ", l)) {
    /* The noun's phrase is one or two words: the first whose next word can be the verb. */
    guint n = j + 1;
    while (n < j + 3 && n + 1 < end && np_word (f, &f->words[n]) && !relative_verb (f, f->words[n + 1].lower))
      n++;
    if (n >= j + 3 || n + 1 >= end || !np_word (f, &f->words[n]) || noun_number (f, f->words[n].lower) == 0)
      return FALSE;
    j = n + 1;
  } else if (!subject_rel || (draftd_forms_is (l, 'a') && !g_str_has_suffix (l, "s") && !g_str_has_suffix (l, "ed") &&
                               noun_number (f, f->words[j + 1].lower) != 0))
    return FALSE; /* "which true men have": an adjective's base before a noun opens the clause's subject */
  /* "which were built", "that has closed": an auxiliary before the verb. */
  if (j + 1 < end && (draftd_candidates_in_list (" had has have did will would can could is are was were ", f->words[j].lower) ||
                      draftd_candidates_in_list (frequency_adverbs, f->words[j].lower)))
    j++;
  if (j >= end || !relative_verb (f, f->words[j].lower))
    return FALSE;
  *verb = j;
  *k = j + 1;
  return TRUE;
}

/* "Someone who enjoys long walks and terrible puns is": after an indefinite person's "who",
 * bare plurals or mass nouns, adjectives before them, joined by "and", are the clause's
 * objects, *k then past them. Without a determiner the last of them opens no second subject
 * ("[someone] and terrible puns" is no reading a writer means). */
static gboolean
person_objects (const F *f, guint start, guint *k, guint end)
{
  if (start == 0 || !g_str_equal (f->words[start].lower, "who") ||
      !draftd_candidates_in_list (" everyone everybody someone somebody anyone anybody nobody ", f->words[start - 1].lower))
    return FALSE;
  guint j = *k;
  for (;;) {
    guint stop = j;
    while (stop < end && !g_str_equal (f->words[stop].lower, "and"))
      stop++;
    if (j >= stop || draftd_candidates_in_list (determiners, f->words[j].lower))
      return FALSE;
    gint head = noun_phrase (f, &j, stop);
    if (head < 0 || j != stop || (noun_number (f, f->words[head].lower) <= 0 && !draftd_candidates_in_list (mass_nouns, f->words[head].lower)))
      return FALSE;
    if (stop == end)
      break;
    j = stop + 1;
  }
  *k = end;
  return TRUE;
}

/* "pulled from the CRM": "the" before a name the lexicons lack that ends the phrase: 1, else 0. */
static guint
the_name (const F *f, guint k, guint end)
{
  guint caps = k + 1;
  while (caps < end && g_ascii_isupper (f->words[caps].text[0]))
    caps++;
  return k + 1 < end && g_str_equal (f->words[k].lower, "the") && g_ascii_isupper (f->words[k + 1].text[0]) && f->words[k + 1].fixed &&
         (caps == end || draftd_candidates_in_list (prepositions, f->words[caps].lower));
}

/* Is words[k..end) a relative clause, with or without its relative word ("(that) he gave me",
 * "which you uploaded this morning", "the courier left by the door", "that sells the cheap
 * tickets", "whose essays won the prize"): its subject and verb, an infinitive after it, then
 * an object (a pronoun, or a determiner's phrase or a bare plural where the verb takes no
 * clause), a particle or a preposition left at its end ("listen to"), prepositions' phrases,
 * and a time or place at its end, and nothing else? */
static gboolean
relative_clause (const F *f, guint k, guint end)
{
  /* Its end: a time or a place ("yesterday", "last week", "every Monday", "all night",
   * "online", "well"). */
  while (end > k + 2) {
    const char *e = f->words[end - 1].lower;
    /* "who take the bus home", "I decided to move back home": "home" after no determiner is
     * the place gone to ("bought the home" keeps its noun). */
    if (draftd_candidates_in_list (" yesterday online abroad here there well already ", e) || draftd_candidates_in_list (frequency_adverbs, e) ||
        (g_str_equal (e, "home") && !draftd_candidates_in_list (determiners, f->words[end - 2].lower)))
      end--;
    else if ((draftd_candidates_in_list (time_nouns, e) || calendar_name (e)) && draftd_candidates_in_list (" last this every next all ", f->words[end - 2].lower))
      end -= 2;
    else
      break;
  }
  guint verb, start = k;
  /* "The results of the blood test show that her kidney function is": after a verb of
   * showing or saying that could be the clause's own, "that" opens its object's clause, not
   * a relative one ("her kidney function" is no relative's subject and verb). */
  if (k > 0 && g_str_equal (f->words[k].lower, "that") &&
      (draftd_candidates_in_list (clause_verbs, f->words[k - 1].lower) ||
       draftd_candidates_in_list (" shows suggest suggests indicate indicates reveal reveals prove proves mean means ", f->words[k - 1].lower)))
    return FALSE;
  if (!relative_opening (f, &k, end, &verb))
    return FALSE;
  /* "For a trip abroad I mean ask an agent": a pronoun and a verb of saying or thinking alone,
   * with no relative word, may be a comment ("I mean", "I think") before a lexical verb; before
   * an auxiliary they are the clause ("The people I know is"). */
  if (k == end && draftd_candidates_in_list (saying_verbs, f->words[verb].lower) &&
      !draftd_candidates_in_list (" that which whom who ", f->words[start].lower) &&
      (end >= f->n || !draftd_candidates_in_list (agreeing_aux, f->words[end].lower)))
    return FALSE;
  /* "who wants to join the trips": an infinitive after the verb, whose object follows. */
  if (k + 1 < end && g_str_equal (f->words[k].lower, "to") && draftd_forms_is (f->words[k + 1].lower, 'v') &&
      !draftd_candidates_function_word (f->words[k + 1].lower)) {
    k += 2;
    verb = k - 1;
  }
  if (k < end && draftd_candidates_in_list (" me him her us them you it ", f->words[k].lower))
    k++;
  else if (person_objects (f, start, &k, end))
    ;
  /* A bare object is a plural or a mass noun ("who wants tickets"): "who allowed extra time"
   * may go on past its end. */
  else if (k < end &&
           (draftd_candidates_in_list (" the a an my your his her our their this these those ", f->words[k].lower) ||
            (np_word (f, &f->words[k]) && !draftd_forms_is (f->words[k].lower, 'a') &&
             (noun_number (f, f->words[k].lower) > 0 || draftd_candidates_in_list (mass_nouns, f->words[k].lower)))) &&
           !draftd_candidates_in_list (saying_verbs, f->words[verb].lower) && noun_phrase (f, &k, end) < 0)
    return FALSE;
  /* "to" before a verb is its infinitive's ("he decided to grow"), unless that verb is an
   * auxiliary ("the music I listen to is"). */
  gboolean infinitive = k + 1 == end && g_str_equal (f->words[k].lower, "to") && end < f->n &&
                        !draftd_candidates_in_list (agreeing_aux, f->words[end].lower);
  if (k < end && !infinitive &&
      (draftd_candidates_in_list (" up out back down off away ", f->words[k].lower) ||
       (draftd_candidates_in_list (prepositions, f->words[k].lower) && (k + 1 == end || draftd_candidates_in_list (prepositions, f->words[k + 1].lower)))))
    k++;
  /* "next to me": a preposition of two words (extra: its words after the first). */
  guint extra;
  while (k + 1 < end && ((extra = compound_preposition (f, k, end)) > 0 || draftd_candidates_in_list (prepositions, f->words[k].lower) ||
                         draftd_candidates_in_list (opening_prepositions, f->words[k].lower))) {
    k += extra + 1;
    if (k >= end)
      return FALSE;
    /* A place's name ("we met in Rome"), a pronoun ("I wrote to her"); "the" before a name
     * ("pulled from the CRM"). */
    k += the_name (f, k, end);
    if (draftd_candidates_in_list (" me him her us them you it ", f->words[k].lower))
      k++;
    else if (g_ascii_isupper (f->words[k].text[0]))
      while (k < end && g_ascii_isupper (f->words[k].text[0]))
        k++;
    else if (noun_phrase (f, &k, end) < 0)
      return FALSE;
  }
  return k == end;
}

/* Heads whose number the words leave to the writer, words[head] of the subject from words[b]
 * (rest: the noun after an of-head's "of", or -1). */
/* "The kids next door keep": "next door" after a determiner's noun places it, and that noun
 * is the head (WordNet lists "door" as a noun); -1 where the phrase has no such shape. */
static gint
placed_head (const F *f, guint b, gint head)
{
  gint p = g_str_equal (f->words[head].lower, "door") && g_str_equal (f->words[head - 1].lower, "next") ? head - 2 : -1;
  if (p <= (gint) b || !draftd_candidates_in_list (determiners, f->words[b].lower) || g_ascii_isupper (f->words[p].text[0]))
    return -1;
  for (gint j = (gint) b + 1; j < p; j++)
    if (!np_word (f, &f->words[j]) || noun_number (f, f->words[j].lower) > 0)
      return -1;
  return noun_number (f, f->words[p].lower) != 0 && !draftd_forms_is (f->words[p].lower, 'a') ? p : -1;
}

/* "Our neighbour upstairs play": "upstairs" or "downstairs" between a noun and the verb
 * places the noun, no part of the subject's phrase: 1 where it stands there, else 0; `skip`
 * words before the verb stepped over already ("Our landlord upstairs never answer"). */
guint
placed_adverb (const F *f, guint skip)
{
  guint a = f->i - 1 - skip;
  return f->i >= 3 + skip && draftd_candidates_in_list (" upstairs downstairs ", f->words[a].lower) && joined (f, a - 1) &&
                 noun_number (f, f->words[a - 1].lower) != 0 && !draftd_forms_is (f->words[a - 1].lower, 'a') ? 1 : 0;
}

/* Words between the subject and its verb that belong to neither: "more than" ("the views
 * more than make up for it") and a time ("His results this term show"): how many, or 0. */
guint
time_before_verb (const F *f, guint b)
{
  if (f->i < b + 3 || !joined (f, f->i - 2))
    return 0;
  const char *a = f->words[f->i - 2].lower, *c = f->words[f->i - 1].lower;
  if (g_str_equal (a, "more") && g_str_equal (c, "than"))
    return 2;
  /* "Bar takings last night were": a night's or a weekend's time too. */
  return draftd_candidates_in_list (" this last ", a) &&
                 draftd_candidates_in_list (" term week month year season semester summer winter night weekend quarter ", c)
             ? 2
             : 0;
}

static gboolean
head_unsure (const F *f, guint b, gint head, gint rest, guint k, guint end)
{
  const char *h = f->words[head].lower;
  /* "The young are", "the unemployed do": "the" and an adjective alone name people ("The
   * quality of the photos" is a noun's phrase). */
  if (head == (gint) b + 1 && k == end && g_str_equal (f->words[b].lower, "the") && draftd_forms_is (h, 'a') && !g_str_has_suffix (h, "s"))
    return TRUE;
  /* "Seven is a prime": a number alone is one number. */
  if (head == (gint) b && k == end && draftd_candidates_in_list (numbers, h) && !g_str_equal (h, "one"))
    return TRUE;
  /* "Now let me", "Today marks", "Why are": a time or place word (or a question word) opening the clause is an adverb to
   * the reader, though WordNet lists it as a noun. */
  if (head == (gint) b && draftd_candidates_in_list (" now today tomorrow yesterday tonight here there home then why how where when ", h))
    return TRUE;
  /* "The changes above have", "and so forth are": a place or an adverb after the noun is no
   * head. */
  if (head > (gint) b && draftd_candidates_in_list (" above below here there forth instead upstairs downstairs ", h))
    return TRUE;
  /* "The kids next door keep": "next door" places the noun before it, the head. */
  if (head > (gint) b + 1 && g_str_equal (h, "door") && g_str_equal (f->words[head - 1].lower, "next"))
    return TRUE;
  /* "line by line comparisons are": a noun by itself is an adverb, the head comes after. */
  for (guint j = b + 1; j + 1 < end; j++)
    if (g_str_equal (f->words[j].lower, "by") && g_str_equal (f->words[j - 1].lower, f->words[j + 1].lower))
      return TRUE;
  /* "The rest are lost", "the majority is": without its "of", the writer's number. */
  return rest < 0 && head > (gint) b && draftd_candidates_in_list (of_heads, h);
}

/* Are words[b..end) all capitalised words, none a function word: a name's? */
static gboolean
capitalised_run (const F *f, guint b, guint end)
{
  for (guint j = b; j < end; j++)
    if (!g_ascii_isupper (f->words[j].text[0]) || draftd_candidates_function_word (f->words[j].lower) || (j > b && !joined (f, j - 1)))
      return FALSE;
  return TRUE;
}

/* A preposition's phrase from words[*k] ("in the garden", "of replacing the cracked tiles"),
 * *k then past it; FALSE where none starts there or it does not end before `end`. */
static gboolean
prepositional_phrase (const F *f, guint *k, guint end)
{
  guint j = *k;
  j += compound_preposition (f, j, end);
  if (j >= end || !draftd_candidates_in_list (prepositions, f->words[j].lower))
    return FALSE;
  j++;
  /* "a system to make package installation": "to" and a verb is an infinitive. */
  if (j < end && g_str_equal (f->words[j - 1].lower, "to") && draftd_forms_is (f->words[j].lower, 'v'))
    return FALSE;
  /* "The cost of living in big cities": an -ing noun WordNet lists, before a preposition, is
   * the phrase's noun, no clause of its own. */
  gboolean of = g_str_equal (f->words[j - 1].lower, "of");
  gboolean ing_noun = j + 1 < end && of && draftd_forms_is (f->words[j].lower, 'n') && draftd_candidates_in_list (prepositions, f->words[j + 1].lower);
  /* "in Building B": a capitalised -ing word is a name's. */
  if (j < end && gerund_word (f, f->words[j].lower) && !ing_noun && g_ascii_islower (f->words[j].text[0])) {
    /* "The cost of replacing the cracked tiles are": after "of", a gerund and its determiner's
     * object name an act, which the head's noun measures; the number stays the head's. Any
     * other -ing word may open a clause of its own ("The method for making tabs line up"),
     * and its object's phrase must end where a noun phrase ends ("of making the tabs line"
     * runs into a verb). */
    if (!of || j + 2 >= end ||
        !draftd_candidates_in_list (" the a an my your his her our their this these those all ", f->words[j + 1].lower) ||
        draftd_candidates_in_list (" letting making helping having watching seeing hearing ", f->words[j].lower))
      return FALSE;
    j++;
    if (g_str_equal (f->words[j].lower, "all") && j + 2 < end && draftd_candidates_in_list (" the my your his her our their these those ", f->words[j + 1].lower))
      j++;
  }
  /* "at our fair in Leeds was", "on Mill Road have": a place's name of up to three words right
   * before an auxiliary (a street's before any verb) ends the phrase (before any other word it may be a compound's: "a
   * piece of Python code"). */
  /* "at 14 Elm Road make": a street's name ends where its last word does, before any verb. */
  gboolean street = end > j && draftd_candidates_in_list (" road street lane avenue close drive way place square crescent grove terrace gardens hill ",
                                                          f->words[end - 1].lower);
  /* "near the Plough were": "the" before the name. */
  guint name = j < end && g_str_equal (f->words[j].lower, "the") ? j + 1 : j;
  /* "One of our clients in Harrogate live nearby": so does one before a lower-case verb that is
   * no noun. */
  const char *after = end < f->n ? f->words[end].lower : NULL;
  gboolean verb_after = after && g_ascii_islower (f->words[end].text[0]) && draftd_forms_is (after, 'v') && !noun (after) &&
                        !draftd_candidates_function_word (after);
  if (end < f->n && end > name && end - name <= 3 && (street || verb_after || draftd_candidates_in_list (agreeing_aux, after)) &&
      capitalised_run (f, name, end)) {
    *k = end;
    return TRUE;
  }
  /* "of the photos taken with the front camera are": a participle after the phrase's noun,
   * before a preposition, ends the phrase; its own prepositions' phrases follow. */
  guint stop = j;
  while (stop + 1 < end && !draftd_candidates_in_list (prepositions, f->words[stop].lower))
    stop++;
  for (guint p = j + 1; p < stop; p++)
    if (participle_after_noun (f->words[p].lower) && draftd_candidates_in_list (prepositions, f->words[p + 1].lower) &&
        noun_number (f, f->words[p - 1].lower) != 0) {
      guint q = j;
      if (noun_phrase (f, &q, p) == (gint) p - 1 && q == p) {
        *k = p + 1;
        return TRUE;
      }
    }
  if (noun_phrase (f, &j, end) < 0)
    return FALSE;
  /* "for the chimney heads and rones": a bare noun joined to the object is the object's too
   * (a second subject would have its own determiner, joined_subject()'s). */
  guint more = j + 1;
  if (j + 1 < end && draftd_candidates_in_list (" and or ", f->words[j].lower) && g_ascii_islower (f->words[j + 1].text[0]) &&
      !draftd_candidates_function_word (f->words[j + 1].lower) && noun_phrase (f, &more, end) >= 0)
    j = more;
  *k = j;
  return TRUE;
}

/* "The keys left in the lockbox by the guests", "The instructions printed on the back of
 * the packet": a determiner's noun phrase, a past participle right after its noun, and the
 * participle's prepositions' phrases up to `end`, where a later verb stands: the phrase's noun
 * is the head, the participle's phrases its own. A past that is no participle ("went",
 * "took") is the clause's verb; -1 where the subject has no such shape. */
static gint
participle_head (const F *f, guint b, guint end)
{
  if (b + 4 > end || !draftd_candidates_in_list (" the my your his her our their these those this that ", f->words[b].lower))
    return -1;
  guint p = b + 1;
  while (p + 3 <= end && !(participle_after_noun (f->words[p + 1].lower) && draftd_candidates_in_list (prepositions, f->words[p + 2].lower)))
    p++;
  if (p + 3 > end || draftd_candidates_past_only (f->c->spell, f->words[p + 1].lower))
    return -1;
  guint k = b;
  if (noun_phrase (f, &k, p + 1) != (gint) p || k != p + 1)
    return -1;
  for (k = p + 2; k < end;)
    if (!prepositional_phrase (f, &k, end))
      return -1;
  return (gint) p;
}

/* A determiner's phrase, or a name, opens at words[k]: the part of a joined subject. */
static gboolean
own_determiner (const F *f, guint k)
{
  const Word *w = &f->words[k];
  if (draftd_candidates_in_list (" the a an my your his her our their this that these those its ", w->lower) || name_possessive (f, k))
    return TRUE;
  /* "Sarah", "Tom": a capital mid-sentence, or at its start a word WordNet does not list. */
  return g_ascii_isupper (w->text[0]) && !draftd_candidates_function_word (w->lower) &&
         (k > 0 || (!draftd_forms_is (w->lower, 'n') && !draftd_forms_is (w->lower, 'a') && !draftd_forms_is (w->lower, 'v')));
}

/* One part of a joined subject, words[*k..end): a determiner's noun phrase or a name, and its
 * prepositions' phrases where `phrases` allows: its number, 0 where none. */
static int
joined_part (const F *f, guint *k, guint end, gboolean phrases)
{
  if (*k >= end || !own_determiner (f, *k))
    return 0;
  int number;
  if (draftd_candidates_in_list (" the a an my your his her our their this that these those its ", f->words[*k].lower) || name_possessive (f, *k)) {
    gint h = noun_phrase (f, k, end);
    if (h < 0 || (number = noun_number (f, f->words[h].lower)) == 0)
      return 0;
  } else {
    number = -1;
    (*k)++;
  }
  while (*k < end)
    if (!phrases || !prepositional_phrase (f, k, end))
      return 0;
  return number;
}

/* "Neither the landlord nor his agent have", "Either Tom or his sisters": the verb agrees
 * with the nearer part, after "nor" or "or". "My manager and her deputy was", "Sarah and her
 * brother": two parts joined by "and", each with its own determiner or a name, are two
 * things, plural ("Fish and chips", "My friend and colleague John", "Each student and
 * teacher" have no second determiner: one thing, or one at a time). FALSE where
 * words[b..end) is no such subject. */
static gboolean
joined_subject (const F *f, guint b, guint end, int *number)
{
  const char *l = f->words[b].lower;
  const char *stop = g_str_equal (l, "neither") ? "nor" : g_str_equal (l, "either") ? "or" : "and";
  /* "used as the separator and the grouping is": after "as", "than" or "like" a noun phrase
   * is no clause's subject, and "and" may join two clauses. */
  if (g_str_equal (stop, "and") && b > 0 && draftd_candidates_in_list (" as than like ", f->words[b - 1].lower))
    return FALSE;
  guint k = g_str_equal (stop, "and") ? b : b + 1, c = k + 1;
  while (c + 1 < end && !g_str_equal (f->words[c].lower, stop))
    c++;
  /* "The flat looks great and the cat has": a linking verb and its adjective make the first
   * part a clause, "and" joining two of them. */
  for (guint j = b + 1; j + 1 < c; j++)
    if (draftd_candidates_in_list (" looks seems feels sounds tastes smells appears ", f->words[j].lower) && draftd_forms_is (f->words[j + 1].lower, 'a'))
      return FALSE;
  /* "The bond between the signifier and the signified", "the record for the mile and a half":
   * an "and" after a preposition's phrase may join that phrase's nouns; the first part of
   * "and" is a noun phrase alone. */
  if (c + 1 >= end || joined_part (f, &k, c, !g_str_equal (stop, "and")) == 0)
    return FALSE;
  k = c + 1;
  int second = joined_part (f, &k, end, TRUE);
  if (second == 0 || k != end)
    return FALSE;
  *number = g_str_equal (stop, "and") ? 1 : second;
  return TRUE;
}

/* Is `l` a person's singular count noun ("kid", "friend", "student"), which "most of the",
 * "some of my" count as people (a group's noun, "team", "staff", may be either)? */
static gboolean
partitive_person_noun (const F *f, const char *l)
{
  return noun_number (f, l) < 0 && draftd_forms_noun_lexfile (l) == DRAFTD_FORMS_PERSON && !draftd_candidates_in_list (either_number, l) &&
         !draftd_forms_is (l, 'a') && !draftd_candidates_function_word (l) && !draftd_candidates_uncountable (l);
}

/* ---- agreement.noun-number: "Most of the kid knew", "some of my friend live" ---- */

/* "most/some/many/several/few/all/both/half of", "lots/plenty of", "a lot of", then the/my/...
 * (an adjective at most), then a person's singular noun where its phrase ends (sure: a person
 * is no whole that has parts; "most of the day", "some of the cake" are). */
gboolean
partitive_person (F *f)
{
  const Word *w = &f->words[f->i];
  guint k = f->i - 1;
  if (f->i < 3 || !g_ascii_islower (w->text[0]) || !partitive_person_noun (f, w->lower))
    return FALSE;
  if (draftd_forms_is (f->words[k].lower, 'a') && !draftd_candidates_function_word (f->words[k].lower) && k >= 3)
    k--;
  if (!draftd_candidates_in_list (" the my your his her our their these those ", f->words[k].lower) || !g_str_equal (f->words[k - 1].lower, "of") ||
      !draftd_candidates_in_list (" most some many several few all both half lots plenty lot ", f->words[k - 2].lower) ||
      (g_str_equal (f->words[k - 2].lower, "lot") && (k < 3 || !g_str_equal (f->words[k - 3].lower, "a"))))
    return FALSE;
  for (guint j = k - 2; j < f->i; j++)
    if (!joined (f, j))
      return FALSE;
  const char *next = near (f, 1);
  /* "all of the customer calls": a noun after it is the phrase's head, the person its modifier. */
  gboolean ends = phrase_end_word (f) || (finite_verb (f, next) && !noun (next) && noun_number (f, next) <= 0) ||
                  draftd_candidates_in_list (" and or but ", next) ||
                  (next == NULL && f->i + 1 < f->n);
  g_autofree char *plural = draftd_forms_plural (f->c->spell, w->lower);
  if (!ends || plural == NULL || g_str_equal (plural, w->lower))
    return FALSE;
  return sure (f, w->start, w->end, plural, DRAFTD_FIX_AGREEMENT);
}

/* The number "none" takes from its "of" phrase at words[k..end): singular for a mass noun
 * ("None of the information in the brochure" was), else 0 (either is standard). */
static int
none_number (const F *f, guint k, guint end)
{
  guint j = k + 1;
  gint m = k < end && g_str_equal (f->words[k].lower, "of") ? noun_phrase (f, &j, end) : -1;
  const char *ml = m >= 0 ? f->words[m].lower : NULL;
  if (ml == NULL || !(draftd_candidates_in_list (mass_nouns, ml) || draftd_candidates_uncountable (ml)) ||
      draftd_candidates_in_list (either_number, ml) || noun_number (f, ml) > 0)
    return 0;
  while (j < end)
    if (!prepositional_phrase (f, &j, end))
      return 0;
  return -1;
}

/* The number of a subject's head `h`, or of the noun words[rest] after its "of" (-1 for none).
 * "Most of my friend lives": a person is no whole to take part of; the writer meant people
 * (partitive_person() makes the noun plural). */
static int
of_number (const F *f, const char *h, gint rest)
{
  if (rest >= 0 && draftd_candidates_in_list (" most some all lots plenty ", h) && partitive_person_noun (f, f->words[rest].lower))
    return 1;
  return noun_number (f, rest >= 0 ? f->words[rest].lower : h);
}

/* "Their tacos al pastor are", "the moules et frites": a Romance particle inside the phrase
 * words[b..end) makes a dish's or a place's foreign name, whose head English cannot find. */
static gboolean
foreign_name (const F *f, guint b, guint end)
{
  for (guint k = b; k < end; k++)
    if (draftd_candidates_in_list (" al del della di da de la le les des du y e et ", f->words[k].text))
      return TRUE;
  return FALSE;
}

/* The number of a subject whose head words[head] is "number": "a number of people are", "the
 * number of people is", with adjectives of size or change between too ("The growing number of
 * cars makes", "a large number of them are"); another adjective may make the number notional
 * ("the requisite number of spaces are printed"). */
static int
number_head (const F *f, guint b, gint head, guint end)
{
  /* Only "a number of" counts its things: "if a number is less than ten" is one number. */
  gboolean of = (guint) head + 1 < end && g_str_equal (f->words[head + 1].lower, "of");
  gint d = head - 1;
  while (d > (gint) b && draftd_candidates_in_list (" growing increasing rising falling declining shrinking large small huge vast high low "
                                                   "great big total overall sheer record ", f->words[d].lower))
    d--;
  return g_str_equal (f->words[d].lower, "a") ? (of ? 1 : -1) : g_str_equal (f->words[d].lower, "the") ? -1 : 0;
}

/* The number of the subject words[b..end) make, a noun phrase and its prepositional phrases
 * (and, where `relative` is given, a pronoun's relative clause after them: *relative says
 * whether there was one); 0 when they are no such subject or its number is unsure. */
int
subject_number (const F *f, guint b, guint end, gboolean *relative)
{
  int gerund, joined;
  if (foreign_name (f, b, end))
    return 0;
  if (gerund_subject (f, b, end, &gerund))
    return gerund;
  if (joined_subject (f, b, end, &joined))
    return joined;
  gint participle = participle_head (f, b, end);
  if (participle >= 0)
    return noun_number (f, f->words[participle].lower);
  guint k = b;
  gint head = noun_phrase (f, &k, end);
  if (head < 0)
    return 0;
  const char *h = f->words[head].lower;
  gint rest = -1;
  guint phrase_end = k; /* where the head's own phrase ends, before its prepositions */
  /* "None of these options is/are used": either number is standard (none_number: a mass
   * noun's is singular). */
  if (g_str_equal (h, "none"))
    return none_number (f, k, end);
  /* "Each of them", "Neither of us": a singular head's pronoun. */
  if (head == (gint) b && k + 2 == end && draftd_candidates_in_list (singular_heads, h) && g_str_equal (f->words[k].lower, "of") &&
      draftd_candidates_in_list (" them us you these those ", f->words[k + 1].lower))
    return -1;
  /* "Both of my sisters", "Several of the rooms": a plural head's number is its own. */
  gboolean plural_of = head == (gint) b && draftd_candidates_in_list (plural_heads, h) && k < end && g_str_equal (f->words[k].lower, "of");
  if (k < end && g_str_equal (f->words[k].lower, "of") && (draftd_candidates_in_list (of_heads, h) || plural_of)) {
    k++;
    rest = noun_phrase (f, &k, end);
    if (rest < 0)
      return 0;
  }
  while (k < end) {
    /* "The advice (that) he gave me were": a relative clause ends the subject, only after a
     * determiner's noun, an of-head's phrase ("Most of the advice we got") or an indefinite
     * person ("Anyone who wants tickets"). */
    if (relative && (k > (guint) head || draftd_candidates_in_list (singular_heads, h)) &&
        (draftd_candidates_in_list (determiners, f->words[b].lower) || rest >= 0 || draftd_candidates_in_list (singular_heads, h)) &&
        relative_clause (f, k, end)) {
      *relative = TRUE;
      break;
    }
    if (!prepositional_phrase (f, &k, end))
      return 0;
  }
  gint placed = rest < 0 && k == end ? placed_head (f, b, head) : -1;
  if (placed >= 0)
    return noun_number (f, f->words[placed].lower);
  if (head_unsure (f, b, head, rest, phrase_end, end))
    return 0;
  if (plural_of)
    return noun_number (f, f->words[rest].lower) > 0 ? 1 : 0;
  if (g_str_equal (h, "number") && head > (gint) b)
    return number_head (f, b, head, end);
  /* "A wide variety of third-party extensions are": "a variety of", "a range of", "a host of"
   * count their things as "a number of" does, either number standard. */
  if (g_str_equal (f->words[b].lower, "a") && draftd_candidates_in_list (" variety range host majority minority couple handful ", h) &&
      (guint) head + 1 < end && g_str_equal (f->words[head + 1].lower, "of"))
    return 0;
  if (head == (gint) b && draftd_candidates_in_list (determiners, h) && !draftd_candidates_in_list (singular_heads, h) && !draftd_candidates_in_list (of_heads, h))
    return 0;
  /* "this reading passage casts" is no subject: its determiner is singular and its last noun
   * plural, so the phrase has run into the verb. */
  if (draftd_candidates_in_list (" this that a an every each another ", f->words[b].lower) && head > (gint) b && rest < 0 &&
      noun_number (f, h) > 0)
    return 0;
  /* "Each team", "every family": a group counted one by one is singular. */
  if (draftd_candidates_in_list (" each every ", f->words[b].lower) && head == (gint) b + 1 && rest < 0 && k == end &&
      draftd_candidates_in_list (" team family committee government crew group company class band jury ", h))
    return -1;
  /* An adjective alone ("old have it", "the rich") names people of either number. */
  if (head == (gint) b && draftd_forms_is (h, 'a') && !draftd_candidates_in_list (singular_heads, h) && !draftd_candidates_in_list (of_heads, h) && !draftd_candidates_in_list (plural_heads, h))
    return 0;
  return of_number (f, h, rest);
}

const char *const singular_aux[SINGULAR_AUX_N][2] = {
  { "is", "are" }, { "was", "were" }, { "has", "have" }, { "does", "do" }, { "doesn't", "don't" }, { "isn't", "aren't" },
  { "wasn't", "weren't" }, { "hasn't", "haven't" },
};

/* The verb's number (+1 plural, -1 singular, 0 none) and the form of the other number. */
int
verb_number (const F *f, const char *l, char **other)
{
  for (guint k = 0; k < G_N_ELEMENTS (singular_aux); k++) {
    if (g_str_equal (l, singular_aux[k][0]) || g_str_equal (l, singular_aux[k][1])) {
      gboolean sing = g_str_equal (l, singular_aux[k][0]);
      *other = g_strdup (singular_aux[k][sing ? 1 : 0]);
      return sing ? -1 : 1;
    }
  }
  /* A past ends in -ed; "need", "feed" and "succeed" are bases WordNet lists; so are "bring",
   * "sing", "swing", which are no -ing forms. */
  gboolean ing = g_str_has_suffix (l, "ing") && !draftd_candidates_in_list (" bring sing ring sting swing cling fling wring sling ", l);
  if (draftd_candidates_function_word (l) || (g_str_has_suffix (l, "ed") && !draftd_forms_is (l, 'v')) || ing ||
      draftd_forms_irregular_lemma (l, 'v'))
    return 0;
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, l);
  gsize n = strlen (l);
  for (guint k = 0; k < fam->len; k++) {
    const char *v = fam->pdata[k];
    gsize m = strlen (v);
    /* "shows" and "show", "watches" and "watch", "carries" and "carry". */
    if (g_str_has_suffix (l, "s") && m < n && n - m <= 2 && draftd_forms_is (v, 'v') &&
        (g_str_has_prefix (l, v) || (v[m - 1] == 'y' && strncmp (l, v, m - 1) == 0))) {
      *other = g_strdup (v);
      return -1;
    }
    if (!g_str_has_suffix (l, "s") && draftd_forms_is (l, 'v') && m > n && m - n <= 2 && g_str_has_suffix (v, "s") &&
        (g_str_has_prefix (v, l) || (l[n - 1] == 'y' && strncmp (l, v, n - 1) == 0))) {
      *other = g_strdup (v);
      return 1;
    }
  }
  return 0;
}

/* Verbs an adjective completes, in both numbers. */
static const char *const linking_verbs =
  " look looks seem seems feel feels sound sounds taste tastes smell smells turn turns grow grows become becomes appear appears "
  "remain remains stay stays get gets "
  /* "The flavours really comes alive", "the lid came loose". */
  "come comes ";

/* Verbs and adjectives of demand whose "that" clause takes the subjunctive's base ("required
 * that the locale remain", "It is essential that he be told"). */
const char *const mandative_words =
  " require requires required requiring insist insists insisted demand demands demanded ask asks asked request requests "
  "requested propose proposes proposed recommend recommends recommended suggest suggests suggested urge urges urged prefer prefers preferred "
  "essential imperative vital necessary important crucial ";

/* "This are the books": the demonstrative takes the verb's number. */
gboolean
demonstrative (F *f, guint b)
{
  const Word *w = &f->words[f->i];
  if (b + 1 != f->i || !draftd_candidates_in_list (" are were ", w->lower) || !draftd_candidates_in_list (" this that ", f->words[b].lower))
    return FALSE;
  /* "other activities, that are compulsory": "that" after a noun and its comma is a relative
   * pronoun, its verb the noun's. */
  if (b > 0 && g_str_equal (f->words[b].lower, "that") && np_word (f, &f->words[b - 1]))
    return FALSE;
  /* "constructions that are not wrong but that are risky": a second relative clause, joined. */
  if (b > 0 && g_str_equal (f->words[b].lower, "that") && draftd_candidates_in_list (" and but or ", f->words[b - 1].lower))
    return FALSE;
  /* "If this were known", "as though that were enough", "I wish this were over": "were"
   * after a condition or a wish is the subjunctive, singular. */
  if (g_str_equal (w->lower, "were") && b > 0 &&
      draftd_candidates_in_list (" if though unless wish wished suppose supposing only ", f->words[b - 1].lower))
    return FALSE;
  const Word *d = &f->words[b];
  /* The determiner is what changes: its family's id, not the subject-verb rule's. */
  return sure_named (f, d->start, d->end, g_str_equal (d->lower, "this") ? "these" : "those", DRAFTD_FIX_AGREEMENT,
                     "agreement.determiner");
}

/* Is `l` a form in -s or -ed that is a verb and no noun ("arrives", "opened"; not "trends")? */
gboolean
inflected_verb (const F *f, const char *l)
{
  if ((!g_str_has_suffix (l, "s") && !g_str_has_suffix (l, "ed")) || draftd_forms_is (l, 'n'))
    return FALSE;
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, l);
  return fam->len > 0;
}

/* No other verb in the clause after words[i], up to a comma or the sentence's end: no
 * auxiliary, no form in -s or -ed that is a verb and no noun ("a clear trend"). */
gboolean
only_verb (const F *f)
{
  for (guint k = f->i + 1; k < f->n && (joined (f, k - 1) || number_joined (f, k - 1) || hyphen_joined (f, k - 1)); k++) {
    const char *l = f->words[k].lower;
    /* "versions 2.6 and 3.0 was": numbers joined are one phrase, not two clauses. */
    if (draftd_candidates_in_list (" and or ", l) && number_joined (f, k - 1) && number_joined (f, k))
      continue;
    /* "need a deeper pot before the summer heat arrives": a verb after "before" or "after" is
     * its own clause's, whether the word opens a clause or a preposition's phrase. */
    if (draftd_candidates_in_list (draftd_candidates_clause_words, l) || draftd_candidates_in_list (" and or before after ", l))
      return TRUE;
    /* "to do" is an infinitive, not the clause's verb. */
    if (draftd_candidates_in_list (draftd_candidates_verb_auxiliaries, l) && !g_str_equal (f->words[k - 1].lower, "to"))
      return FALSE;
    /* "the figures", "my notes": after a determiner, a noun. */
    if (!draftd_candidates_in_list (" the a an my your his her our their its these those ", f->words[k - 1].lower) && inflected_verb (f, l))
      return FALSE;
  }
  return TRUE;
}

/* "either give both names or use '-'": "either" alone before the verb, with "or" after it, is
 * the conjunction's, not a subject. */
gboolean
either_or (const F *f, guint b)
{
  if (b + 1 != f->i || !draftd_candidates_in_list (" either neither ", f->words[b].lower))
    return FALSE;
  for (guint k = f->i + 1; k < f->n; k++)
    if (draftd_candidates_in_list (" or nor ", f->words[k].lower))
      return TRUE;
  return FALSE;
}

/* Only spaces between the words from words[i] to its clause's end (a comma, a semicolon, the
 * sentence's end, or a conjunction that opens the next clause, where only_verb stops too:
 * "drip when you turn the hot-water knob" has its hyphen in the next clause): no quote or
 * bracket hides a verb. A compound's hyphen ("a two-year warranty") and a number ("by 4.2
 * points") hide none: only_verb reads on over both. */
gboolean
clause_plain (const F *f)
{
  for (guint k = f->i + 1; k < f->n; k++) {
    gboolean on = joined (f, k - 1) || number_joined (f, k - 1) || hyphen_joined (f, k - 1);
    if (on && draftd_candidates_in_list (" when whenever because while if unless until although though ", f->words[k].lower))
      return TRUE;
    if (on)
      continue;
    gsize e = f->words[k - 1].end;
    return strchr (",;.!?", f->s[e]) != NULL;
  }
  return TRUE;
}

/* Is words[k] a noun that ends a preposition's phrase: a preposition, a determiner, then it? */
static gboolean
prepositional_object (const F *f, guint k)
{
  return k >= 2 && noun (f->words[k].lower) && joined (f, k - 1) && joined (f, k - 2) &&
         draftd_candidates_in_list (" the a an this that my your his her our their ", f->words[k - 1].lower) &&
         draftd_candidates_in_list (prepositions, f->words[k - 2].lower);
}

/* People a writer names in the singular without a determiner where the plural is meant. */
static const char *const person_nouns = " student teacher driver worker parent doctor user customer employee citizen resident tourist "
                                        "farmer player reader writer researcher engineer consumer smoker child person kid friend "
                                        "manager owner patient ";

/* Is words[b], alone before the verb `l`, a person's noun with no determiner while the verb
 * is plural ("scientist assume", "Recently student have")? A count noun cannot stand bare,
 * and the writer who left its -s out meant people in general: JFLEG's references make it
 * "scientists assume", never "scientist assumes". */
static gboolean
bare_person (const F *f, guint b, const char *l, const char *other)
{
  const char *noun = f->words[b].lower;
  if (b + 1 != f->i || !g_ascii_islower (f->words[b].text[b == 0 ? 1 : 0]) || g_str_has_suffix (l, "s") ||
      !g_str_has_suffix (other, "s"))
    return FALSE;
  /* "Realist people can": a verb that is a noun too may be the phrase's own noun. */
  if (draftd_forms_is (l, 'n') && !draftd_candidates_in_list (" are were have do don't aren't weren't haven't ", l))
    return FALSE;
  return (draftd_candidates_in_list (person_nouns, noun) || (g_str_has_suffix (noun, "ist") && strlen (noun) > 5 && !draftd_forms_is (noun, 'a'))) &&
         draftd_forms_is (noun, 'n');
}

static gboolean
plural_person (F *f, guint b)
{
  g_autofree char *pl = draftd_forms_plural (f->c->spell, f->words[b].lower);
  return pl && sure (f, f->words[b].start, f->words[b].end, pl, DRAFTD_FIX_AGREEMENT);
}

/* Prepositions of place, which open an inverted sentence ("On the top shelf sits") and join
 * its noun phrases. */
const char *const place_prepositions =
  " in on at behind under over near beside inside outside above below along among between beyond across ";

/* "the shelf above the sink": a preposition of place before a determiner joins two noun
 * phrases, though WordNet lists "above" and "below" as nouns ("the above"): read as one, it
 * made "the kitchen sink" the subject of "On the shelf above the kitchen sink sit two jars". */
gboolean
place_joiner (const F *f, guint k)
{
  return k + 1 < f->n && draftd_candidates_in_list (place_prepositions, f->words[k].lower) &&
         draftd_candidates_in_list (determiners, f->words[k + 1].lower);
}

/* Where the subject starts after an opening preposition's phrase whose comma was left out
 * ("After the storm the streets was empty", "In the end the results shows"): at the
 * determiner that follows the phrase's noun, which starts a phrase of its own; b where the
 * clause does not open so. Only a determiner marks the cut: "In the morning people" may be
 * "the morning people". */
static guint
after_opening_phrase (const F *f, guint b)
{
  if (!draftd_candidates_in_list (opening_prepositions, f->words[b].lower) || (b > 0 && !draftd_candidates_in_list (" and but so ", f->words[b - 1].lower)))
    return b;
  guint k = b + 1, first;
  /* Its noun phrases, joined by prepositions ("At the end of the day"). */
  for (;; k++) {
    if (k < f->i && draftd_candidates_in_list (determiners, f->words[k].lower))
      k++;
    first = k;
    while (k < f->i && !draftd_candidates_in_list (determiners, f->words[k].lower) && !place_joiner (f, k) && np_word (f, &f->words[k]))
      k++;
    if (k == first || k >= f->i || !(draftd_candidates_in_list (prepositions, f->words[k].lower) || place_joiner (f, k)))
      break;
  }
  if (k == first || k + 1 >= f->i || !draftd_candidates_in_list (" the a an this these those my your his her our their its ", f->words[k].lower) ||
      !draftd_forms_is (f->words[k - 1].lower, 'n'))
    return b;
  return k;
}

/* "from that seller": "that" after a preposition and before a noun is its determiner, no
 * clause's opener ("in that he" has a pronoun after it). */
static gboolean
that_determiner (const F *f, guint k)
{
  return k >= 1 && k + 1 < f->i && g_str_equal (f->words[k].lower, "that") && joined (f, k - 1) &&
         draftd_candidates_in_list (prepositions, f->words[k - 1].lower) && np_word (f, &f->words[k + 1]) &&
         !draftd_candidates_in_list (subject_pronouns, f->words[k + 1].lower);
}

/* Where the clause of words[i] starts its subject (*b): after a clause's opening word, a
 * comma's conjunction or an opening phrase; FALSE where no subject can stand before it. */
gboolean
subject_start (const F *f, guint *start)
{
  guint b = f->i - 1;
  /* A relative word after a noun that opens a whole relative clause up to the verb ("The
   * advice that he gave me were", "The teacher who marked our tests are") opens no clause of
   * the subject's: the subject is before it. "know why the fans on my laptop keeps": an
   * embedded "why" or "how" before a determiner opens a clause in plain order (a sentence's
   * first "Why are the pages" is a question's). */
  while (b > 0 && phrase_joined (f, b - 1) && !(b >= 2 && draftd_candidates_in_list (" why how ", f->words[b - 1].lower) &&
                                                draftd_candidates_in_list (" the my your his her our their ", f->words[b].lower)) &&
         (!draftd_candidates_in_list (draftd_candidates_clause_words, f->words[b - 1].lower) || that_determiner (f, b - 1) ||
          (b >= 2 && draftd_candidates_in_list (" that which who whom whose ", f->words[b - 1].lower) && joined (f, b - 2) &&
           (draftd_forms_is (f->words[b - 2].lower, 'n') || noun_number (f, f->words[b - 2].lower) != 0) && relative_clause (f, b - 1, f->i))))
    b--;
  /* The clause starts the sentence, or follows a comma or a word that opens it. */
  if (b > 0 && !draftd_candidates_in_list (draftd_candidates_clause_words, f->words[b - 1].lower) &&
      !strchr (",;:", f->s[f->words[b - 1].end]) &&
      !(b >= 2 && draftd_candidates_in_list (" why how ", f->words[b - 1].lower) &&
        draftd_candidates_in_list (" the my your his her our their ", f->words[b].lower)))
    return FALSE;
  /* ", and each of them speak": the conjunction after a comma opens the clause. */
  if (b + 1 < f->i && draftd_candidates_in_list (" and but so yet ", f->words[b].lower) && (b == 0 || strchr (",;", f->s[f->words[b - 1].end]))) {
    /* "The license, your conveying the work, and the weather are": the last item of a list
     * of subjects, two commas or more before it, is no clause of its own. */
    guint commas = 0;
    for (gsize k = 0; k < f->words[b].start; k++)
      commas += f->s[k] == ',';
    if (commas >= 2 && draftd_candidates_in_list (" and or ", f->words[b].lower))
      return FALSE;
    b++;
  }
  *start = after_opening_phrase (f, b);
  return TRUE;
}

/* Verbs an -ing form completes ("The lights keep flickering"). */
/* "need" with its -ing form is a passive's ("The batteries in the alarm needs replacing"). */
static const char *const gerund_verbs = " keep keeps stop stops start starts finish finishes enjoy enjoys avoid avoids need needs ";

/* Is `next` the complement of the verb `l`, so that `l` is no compound's noun: a linking
 * verb's adjective ("These cakes tastes amazing"), an aspect verb's -ing form ("keeps
 * flickering")? */
gboolean
verb_complement (const F *f, const char *l, const char *next)
{
  if (draftd_candidates_in_list (linking_verbs, l) && draftd_forms_is (next, 'a') && !draftd_candidates_function_word (next) &&
      !draftd_forms_is (next, 'n'))
    return TRUE;
  return draftd_candidates_in_list (gerund_verbs, l) && g_str_has_suffix (next, "ing") && gerund_word (f, next);
}

/* "that endangered animals is", "that young people was": after "that", an adjective and a
 * plural (no determiner's reading: "that" points at no plural) before "is", "was" or "has". */
static gboolean
adjective_plural_subject (const F *f, guint b)
{
  const Word *w = &f->words[f->i];
  if (f->i != b + 2 || !draftd_candidates_in_list (" is was has ", w->lower) || !g_str_equal (f->words[b - 1].lower, "that"))
    return FALSE;
  const char *adj = f->words[b].lower, *head = f->words[b + 1].lower;
  if (!draftd_forms_is (adj, 'a') || draftd_forms_is (adj, 'n') || draftd_candidates_function_word (adj))
    return FALSE;
  if (draftd_candidates_in_list (" people children men women ", head))
    return TRUE;
  g_autofree char *sing = g_str_has_suffix (head, "s") && !g_str_has_suffix (head, "ss") ? draftd_forms_singular (f->c->spell, head) : NULL;
  return sing && draftd_forms_is (sing, 'n') && !draftd_forms_is (head, 'n');
}

/* Readings in which words[i] is no verb of the subject from words[b], or takes no -s. */
gboolean
no_verb_of_subject (const F *f, guint b, const char *other)
{
  const Word *w = &f->words[f->i];
  /* After "that" or "which" the clause's subject has its determiner ("that the results show"):
   * "that work are", "which makes passes" are a determiner's phrase and a relative's verb. */
  if (b > 0 && draftd_candidates_in_list (" that which who whose ", f->words[b - 1].lower) && !draftd_candidates_in_list (determiners, f->words[b].lower) &&
      !adjective_plural_subject (f, b))
    return TRUE;
  /* "has emerged as the style guide that": after "as" a noun phrase often stands alone, its
   * last noun no verb ("guide" -> "guides"). */
  if (b > 0 && g_str_equal (f->words[b - 1].lower, "as") && draftd_forms_is (w->lower, 'n'))
    return TRUE;
  /* "The combined work need only contain": the modal "need" (and "dare") takes no -s. */
  if (draftd_candidates_in_list (" need dare ", w->lower) && draftd_candidates_in_list (" only not ", near (f, 1)))
    return TRUE;
  /* "if the result were": the subjunctive. */
  if (g_str_equal (w->lower, "were") && b > 0 && draftd_candidates_in_list (" if though ", f->words[b - 1].lower))
    return TRUE;
  /* "The same approach works", "the parameter list means", "a source code using": a noun
   * before a verb's -s form or an -ing form is a compound's, its verb after it. */
  const char *after_w = near (f, 1);
  if (after_w && !draftd_candidates_function_word (w->lower) && draftd_forms_is (g_str_has_suffix (w->lower, "s") ? other : w->lower, 'n') &&
      !verb_complement (f, w->lower, after_w) &&
      ((g_str_has_suffix (after_w, "s") && !g_str_has_suffix (after_w, "ss") && draftd_candidates_verb_form (f, after_w)) || gerund_word (f, after_w)))
    return TRUE;
  return FALSE;
}

gboolean
like_verb (F *f, guint b, int s, const char *other)
{
  const Word *w = &f->words[f->i];
  /* "Something like per-object flags", "treating it like Unix 'ls' output": an indefinite
   * pronoun's or a gerund's "like" is the preposition, and the clause must run to its end in
   * plain words (a hyphen or a quote hides the verb that may follow). */
  return s == -1 && only_verb (f) && clause_plain (f) && !gerund_word (f, f->words[b].lower) &&
         !draftd_candidates_in_list (" something anything nothing everything someone anyone nobody everyone it ", f->words[f->i - 1].lower) &&
         sure (f, w->start, w->end, other, DRAFTD_FIX_AGREEMENT);
}

/* "Our school bus go to Entebbe": "go" or "come" before where to is no noun's "go". */
static gboolean
going_to (const char *sing, const char *next)
{
  return draftd_candidates_in_list (" go come ", sing) && draftd_candidates_in_list (" to home back ", next);
}

/* "A cigarette burn on the table", "The bullet train drew in", "A bomb scare led them": a
 * base that is a noun too, right after a thing's singular noun, is a compound's last noun as
 * often as the verb ("My uncle work", "Everybody in the office know" are verbs: after a
 * person's, an animal's, a preposition's object, and before an object). */
static gboolean
compound_end (const F *f)
{
  const char *before = f->words[f->i - 1].lower, *next = near (f, 1);
  int lex = draftd_forms_noun_lexfile (before);
  /* Before its object ("advertisement make me", "This point affect the") it is the verb. */
  if (next && (draftd_candidates_in_list (" me him her us them you it ", next) || draftd_candidates_in_list (determiners, next)))
    return FALSE;
  if (next && going_to (f->words[f->i].lower, next))
    return FALSE;
  /* "If the thermostat screen stay blank": a linking verb before its adjective, and no noun
   * after that, is the verb ("a hotel stay" has no adjective to take). */
  const char *n2 = near (f, 2);
  if (next && draftd_candidates_in_list (linking_verbs, f->words[f->i].lower) && draftd_forms_is (next, 'a') && !draftd_candidates_function_word (next) &&
      !(n2 && noun (n2)))
    return FALSE;
  return !g_str_has_suffix (f->words[f->i].lower, "s") && noun_number (f, before) < 0 && lex != DRAFTD_FORMS_PERSON && lex != DRAFTD_FORMS_ANIMAL &&
         !prepositional_object (f, f->i - 1);
}

/* "Each of the boxes come", "Every one of the windows stick": "each", "either", "neither" or
 * "every one" from words[b], then "of", a determiner and a plural noun right before the verb's
 * base. Nothing else in the phrase can be the verb's subject (a plural's base after it makes
 * no compound), so the base is the head's verb, and wrong. */
static gboolean
each_of_plural (const F *f, guint b)
{
  guint k = b;
  if (k + 1 < f->i && g_str_equal (f->words[k].lower, "every") && g_str_equal (f->words[k + 1].lower, "one"))
    k++;
  else if (!draftd_candidates_in_list (" each either neither ", f->words[k].lower))
    return FALSE;
  if (k + 3 >= f->i || !g_str_equal (f->words[k + 1].lower, "of") ||
      !draftd_candidates_in_list (" the these those my your his her our their its ", f->words[k + 2].lower) ||
      g_str_has_suffix (f->words[f->i].lower, "s"))
    return FALSE;
  for (guint j = k; j < f->i; j++)
    if (!joined (f, j) || (j > k + 2 && !np_word (f, &f->words[j])))
      return FALSE;
  return noun_number (f, f->words[f->i - 1].lower) > 0 && !draftd_forms_is (f->words[f->i - 1].lower, 'v');
}

/* Is `next`, right after the verb words[i], a bare noun that is its object: a noun that is
 * no verb ("eat meat"), or a regular plural that is no verb's -s form ("sell cars", "work
 * nights"; "the garden hose leaks" has a compound's noun and its verb)? Not after a word
 * that is an adjective too, which is the noun's own ("Our team work long hours", "clean
 * towels"). */
static gboolean
bare_object (const F *f, const char *next)
{
  if (!noun (next) && noun_number (f, next) <= 0)
    return FALSE;
  if (draftd_candidates_function_word (next) || draftd_forms_is (f->words[f->i].lower, 'a'))
    return FALSE;
  if (noun (next) && !draftd_forms_is (next, 'v'))
    return TRUE;
  return !noun (next) && noun_number (f, next) > 0 && !draftd_candidates_verb_form (f, next);
}

/* The verb after its subject, of the other number: sure where nothing else reads, else the
 * model's to judge. */
/* "lives just outside Leeds", "works right next to": past a degree adverb before a place's
 * preposition, the preposition; else `next`. */
static const char *
past_degree (const F *f, const char *next)
{
  const char *after = near (f, 2);
  if (draftd_candidates_in_list (" just right still only ", next) &&
      (draftd_candidates_in_list (prepositions, after) || draftd_candidates_in_list (" outside inside around beyond next off ", after) ||
       draftd_candidates_in_list (numbers, after))) /* "live just two doors down" */
    return after;
  return next;
}

/* Before "every (single) time" a verb is sure after a person or an animal: the time's clause
 * has its own verb ("My neighbour's dog bark every single time a van pulls up"); after a
 * thing's noun the word may end a compound ("the entire installation scheme every time"). */
static gboolean
every_time_doer (const F *f)
{
  int lex = draftd_forms_noun_lexfile (f->words[f->i - 1].lower);
  return every_time (f) && (lex == DRAFTD_FORMS_PERSON || lex == DRAFTD_FORMS_ANIMAL);
}

/* Is the verb (its singular `sing`) "need", "want", "seem" or "tend" before "to" and a verb's
 * base ("The list of items need to be updated")? The infinitive is its object; the noun
 * "need" before one has its determiner ("the need to act"), and is no subject's verb. */
static gboolean
infinitive_object (const F *f, const char *sing)
{
  const char *infinitive = g_strcmp0 (near (f, 1), "to") == 0 ? near (f, 2) : NULL;
  return draftd_candidates_in_list (" need want seem tend ", sing) && infinitive &&
         (g_str_equal (infinitive, "be") || (draftd_forms_is (infinitive, 'v') && !draftd_candidates_function_word (infinitive)));
}

/* What follows the verb words[i] of the subject from words[b]: a complement (*complement: a
 * linking verb's adjective, an aspect verb's -ing form, a mass noun), or a bare object (the
 * return value)? */
static gboolean
object_after (const F *f, guint b, const char *next, gboolean *complement_out)
{
  const Word *w = &f->words[f->i];
  /* A linking verb and its adjective ("The photos on the page looks blurry", "turns red"). */
  gboolean complement = (draftd_candidates_in_list (linking_verbs, w->lower) && draftd_forms_is (next, 'a') && !draftd_candidates_function_word (next)) ||
                        verb_complement (f, w->lower, next);
  /* A mass noun is an object with no determiner ("The flowers in the garden needs water"),
   * after its adjective too ("plays loud music"). */
  const char *mass = draftd_forms_is (next, 'a') && !draftd_candidates_function_word (next) && draftd_candidates_in_list (mass_nouns, near (f, 2)) ? near (f, 2) : next;
  complement |= draftd_candidates_in_list (mass_nouns, mass) && !draftd_candidates_in_list (" today tomorrow tonight yesterday home ", mass) &&
                (draftd_candidates_in_list (determiners, f->words[b].lower) || name_possessive (f, b)) && f->i > b + 2;
  /* A verb before a bare noun, its object ("My mother never eat meat", "My cousin sell cars"). */
  gboolean bare_noun = bare_object (f, next) &&
                       ((draftd_candidates_in_list (determiners, f->words[b].lower) || name_possessive (f, b)) || draftd_candidates_in_list (singular_heads, f->words[b].lower)); /* "Pay close attention" */
  /* "My neighbour play loud music", "One of my neighbours play loud music": an adjective and
   * its noun after the verb are its object, after a determiner's or a head's subject. */
  const char *n2 = near (f, 2);
  bare_noun |= draftd_forms_is (next, 'a') && !draftd_candidates_function_word (next) && n2 && (noun (n2) || noun_number (f, n2) > 0) &&
               !draftd_forms_is (n2, 'v') &&
               (draftd_candidates_in_list (determiners, f->words[b].lower) || draftd_candidates_in_list (singular_heads, f->words[b].lower));
  *complement_out = complement;
  return bare_noun;
}

/* "our new deputy head teacher in charge": the word and the next are a compound noun WordNet
 * lists ("head teacher"), no verb and its object. */
static gboolean
listed_compound (const char *l, const char *next)
{
  g_autofree char *pair = g_strdup_printf ("%s_%s", l, next);
  return draftd_forms_noun_lexfile (pair) >= 0;
}

gboolean
verb_against_subject (F *f, guint b, const char *other)
{
  const Word *w = &f->words[f->i];
  if (bare_person (f, b, w->lower, other))
    return plural_person (f, b);
  /* "After the war, soldier were sent home": before a plural's auxiliary the noun is made
   * plural (bare_singular_subject), not the verb singular. */
  if (draftd_candidates_in_list (" are were have do don't aren't weren't haven't ", w->lower) && bare_count_subject (f, f->i - 1))
    return FALSE;
  const char *alts[] = { other };
  if (draftd_candidates_in_list (agreeing_aux, w->lower))
    return sure (f, w->start, w->end, other, DRAFTD_FIX_AGREEMENT);
  /* A verb that may be a noun ("shows", "survey") is the model's to judge; after an
   * adjective it is the noun ("the third cause that"), unless that word is a noun too and
   * the object of a preposition ("The mice in the attic keeps", "at the back hurts"): the
   * preposition's phrase ends there, and the word after it is the clause's verb. */
  const char *next = near (f, 1);
  /* "My boss want": a person's noun is the head, though WordNet lists it as an adjective too. */
  const char *before = f->words[f->i - 1 - placed_adverb (f, 0)].lower;
  /* "Neither of my sisters drive.": a base that ends the sentence after "each/either/neither
   * of" and its plural is the clause's only verb. */
  if (next == NULL && f->i + 1 == f->n && f->s[w->end] == '.' && each_of_plural (f, b))
    return sure (f, w->start, w->end, other, DRAFTD_FIX_AGREEMENT);
  /* "last week's run-through shows": a hyphened compound's tail is its noun's. */
  gboolean hyphened = f->i >= 2 && compound_joined (f, f->i - 2);
  if (next == NULL || (draftd_forms_is (before, 'a') && !hyphened && !prepositional_object (f, f->i - 1) &&
                       !(draftd_forms_noun_lexfile (before) == DRAFTD_FORMS_PERSON && f->i >= 2 &&
                         draftd_candidates_in_list (determiners, f->words[f->i - 2].lower))))
    return FALSE;
  /* "for a quick call this afternoon": after "a" and an adjective, a base that is a noun too
   * is that phrase's own noun ("quick" is WordNet's noun too), not the subject's verb. */
  if (f->i >= 2 && draftd_candidates_in_list (" a an ", f->words[f->i - 2].lower) && draftd_forms_is (before, 'a') &&
      draftd_forms_is (w->lower, 'n') && !g_str_has_suffix (w->lower, "s"))
    return FALSE;
  if (listed_compound (w->lower, next))
    return FALSE;
  gboolean complement, bare_noun = object_after (f, b, next, &complement);
  next = past_degree (f, next);
  if (!complement && !bare_noun && !draftd_candidates_in_list (determiners, next) && !draftd_candidates_in_list (prepositions, next) &&
      !draftd_candidates_in_list (numbers, next) &&
      !draftd_candidates_in_list (" that to it him her them me us you up out down off back nearby here there abroad together alone "
                                  "south north east west when whenever because while as outside inside around beyond every ", next) &&
      !g_str_has_suffix (next, "ly"))
    return FALSE;
  /* A verb that is no noun in either form ("live", "lives") reads no other way; nor does one
   * whose clause has no other verb to be its ("The results of the survey shows a trend":
   * "survey shows" as a noun would leave the sentence without one). */
  g_autofree char *sing = g_str_has_suffix (w->lower, "s") ? g_strdup (other) : g_strdup (w->lower);
  /* A bare noun that is no verb is an object too ("The results of the test shows improvement"),
   * where nothing after it can be the clause's verb (only_verb, below). */
  gboolean object = complement || bare_noun || draftd_candidates_in_list (determiners, next) || draftd_candidates_in_list (" it him her them me us you ", next);
  /* An irregular plural right before it is the subject's head, never a noun's modifier
   * ("The children plays in the garden": no "children plays" are staged). */
  gboolean irregular = draftd_candidates_in_list (" children people men women feet teeth mice geese ", f->words[f->i - 1].lower);
  /* So is a plural person's noun ("One of my cousins work as": "cousins work" is no compound
   * anyone writes). */
  const char *last = f->words[f->i - 1].lower;
  g_autofree char *one = g_str_has_suffix (last, "s") ? draftd_forms_singular (f->c->spell, last) : NULL;
  irregular |= one && !g_str_equal (one, last) && draftd_forms_noun_lexfile (one) == DRAFTD_FORMS_PERSON && phrase_joined (f, f->i - 1);
  /* A verb of thinking or saying is a noun in no compound, its clause's verb its own ("thinks
   * the deadline is"); nor is one whose object is an infinitive (infinitive_object()). */
  gboolean clause_verb = ((draftd_candidates_in_list (" think know say believe suppose realise realize ", sing) || infinitive_object (f, sing)) && f->i > b + 1) ||
                         going_to (sing, next);
  /* "My phone keep restarting": an aspect verb before its -ing form ends no compound. */
  if (draftd_forms_is (sing, 'n') && !clause_verb && !verb_complement (f, w->lower, next) && compound_end (f))
    return FALSE;
  gboolean each_of = each_of_plural (f, b);
  if (!draftd_forms_is (sing, 'n') || clause_verb || ((((object || irregular || each_of) && only_verb (f)) || every_time_doer (f)) && clause_plain (f)))
    return sure (f, w->start, w->end, other, DRAFTD_FIX_AGREEMENT);
  /* A noun's reading is left when another verb follows in the clause ("The object code form
   * of an Application may incorporate"). Here link-grammar's mending is a bonus, not a
   * verdict: a verb that is also a noun often ends a compound ("If the start position in a sort
   * field specifier falls", "These options take effect at the point"), and a long sentence of
   * terms it cannot parse whole as written parses with the compound's noun made a verb. With
   * the mending, the target has only to prefer the change (GNU manuals, 2026-11-29: two such
   * changes in 2,000 sentences). */
  /* A quote, a bracket or a number before the clause's end may hide its verb ("the module
   * search path 'sys.path' usually includes"): only a plain clause is judged. */
  return only_verb (f) && clause_plain (f) &&
         judge (f, w->start, w->end, alts, 1, DRAFTD_FIX_AGREEMENT, mended (f, w->start, w->end, alts[0]) ? margin (f, DRAFTD_FIX_AGREEMENT) : 0);
}

/* ---- agreement.noun-number: "Recently scientist have found", "some driver make trouble" ---- */

/* Is words[i] a singular noun of a person, an animal or a made thing with no determiner,
 * opening its clause (at the sentence's start, after an opening adverb or a comma; an
 * adjective before it at most, or a bare "some")? Before a plural's verb the writer meant the
 * plural ("Recently scientists have found"), not a singular's verb ("scientist has"), which
 * would still want its article. */
gboolean
bare_count_subject (const F *f, guint i)
{
  const Word *w = &f->words[i];
  /* A capital is a name's ("John were late"), at the sentence's start too. */
  if (!g_ascii_islower (w->text[0]) || noun_number (f, w->lower) >= 0 || draftd_forms_is (w->lower, 'a') ||
      draftd_candidates_uncountable (w->lower) || draftd_candidates_in_list (mass_nouns, w->lower))
    return FALSE;
  /* A person's noun may be a verb too ("soldier", "nurse"); a thing's that is a verb ("work",
   * "set") is often no count noun at all. */
  int lex = draftd_forms_noun_lexfile (w->lower);
  if (lex != DRAFTD_FORMS_PERSON && (draftd_forms_is (w->lower, 'v') || (lex != DRAFTD_FORMS_ANIMAL && lex != DRAFTD_FORMS_ARTIFACT)))
    return FALSE;
  guint k = i;
  if (k > 0 && draftd_candidates_joined (f, k - 1) && draftd_forms_is (f->words[k - 1].lower, 'a') && !noun (f->words[k - 1].lower) &&
      !draftd_candidates_function_word (f->words[k - 1].lower))
    k--;
  if (k > 0 && draftd_candidates_joined (f, k - 1) && g_str_equal (f->words[k - 1].lower, "some"))
    k--;
  if (k == 0)
    return f->c->sentence_start && f->words[0].start == 0;
  if (!draftd_candidates_joined (f, k - 1))
    return f->s[f->words[k - 1].end] == ',';
  /* "Recently scientist have" */
  return k == 1 && f->c->sentence_start && f->words[0].start == 0 && g_str_has_suffix (f->words[0].lower, "ly");
}

/* ---- the family: "Recently scientist have found", "some driver make trouble" ---- */

/* bare_count_subject's noun before a verb only a plural takes is made plural. The plural
 * mends no compound ("car park", "student loan"): a plain verb that is also a noun needs
 * link-grammar's say, and the target judges every one. */
gboolean
bare_singular_subject (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  if (next == NULL || !bare_count_subject (f, f->i))
    return FALSE;
  g_autofree char *other = NULL;
  gboolean aux = draftd_candidates_in_list (" are were have do don't aren't weren't haven't ", next);
  if (!aux && (verb_number (f, next, &other) != 1 || draftd_candidates_function_word (next)))
    return FALSE;
  g_autofree char *plural = draftd_forms_plural (f->c->spell, w->lower);
  if (plural == NULL || g_str_equal (plural, w->lower))
    return FALSE;
  gboolean mends = mended (f, w->start, w->end, plural);
  if (!aux && !mends)
    return FALSE;
  /* An auxiliary only a plural takes, and the parse mended: no other reading is left. */
  if (aux && mends)
    return sure (f, w->start, w->end, plural, DRAFTD_FIX_AGREEMENT);
  const char *alts[] = { plural };
  return judge (f, w->start, w->end, alts, 1, DRAFTD_FIX_AGREEMENT, mends ? margin (f, DRAFTD_FIX_AGREEMENT) : 0);
}

/* ---- agreement.noun-number: "It's a five minutes walk from the station" ---- */

/* "a" + a number + a unit's plural + a noun: the count makes a compound adjective, singular and
 * hyphenated ("a five-minute walk", "a two-week course"). Sure: "a five minutes" reads no other
 * way. */
gboolean
span_adjective (F *f)
{
  static const char *const units = " seconds minutes hours days weeks months years miles kilometres kilometers metres meters dollars pounds euros "
                                    "pence cents ";
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "a") || f->i + 3 >= f->n || !joined (f, f->i) || !joined (f, f->i + 1) || !joined (f, f->i + 2) ||
      !draftd_candidates_in_list (" two three four five six seven eight nine ten twelve fifteen twenty thirty forty fifty sixty hundred ",
                                  f->words[f->i + 1].lower) ||
      !draftd_candidates_in_list (units, f->words[f->i + 2].lower) || !noun (f->words[f->i + 3].lower) ||
      draftd_candidates_function_word (f->words[f->i + 3].lower))
    return FALSE;
  const Word *n = &f->words[f->i + 1], *u = &f->words[f->i + 2];
  g_autofree char *rep = g_strdup_printf ("-%.*s", (int) (strlen (u->text) - 1), u->text);
  return sure (f, n->end, u->end, rep, DRAFTD_FIX_AGREEMENT);
}
