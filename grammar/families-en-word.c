/* English rule families of issue 45 that choose a word or mend one where it stands: word choice
 * (word-choice.*: "make my homework", "speaks English very good", "between you and I", "less
 * people", "looks to expensive", "He said me that"), prepositions ("since two years", "discuss
 * about", "listens music", "at Monday"), punctuation ("the childrens toys", an opening clause's
 * comma), split words ("him self"), the adjectives' order, and the word rows. A few families of
 * other kinds stay with the section that holds them ("were" for "where", "whose" for "who's",
 * "quite" for "quiet"). These sections were families-en.c's until it grew too long to read in a
 * sitting; they moved here whole and in their order. The `families` table there decides when
 * each family is tried, and families-en-private.h declares what the files share. */
#include <string.h>
#include "grammar/families-en-private.h"
#include "grammar/forms.h"

/* ---- preposition.for-since: "since two years" ---- */

/* Only a number between spaces in s[a, b): " 20 ". */
static gboolean
digits_between (const F *f, gsize a, gsize b)
{
  gsize k = a;
  if (k >= b || f->s[k++] != ' ')
    return FALSE;
  if (k >= b || !g_ascii_isdigit (f->s[k]))
    return FALSE;
  while (k < b && g_ascii_isdigit (f->s[k]))
    k++;
  return k + 1 == b && f->s[k] == ' ';
}

/* Nouns of a stretch of time, which "next", "this", "every" or "last" make a time's phrase. */
const char *const time_nouns = " week month year night summer winter spring autumn time morning afternoon evening weekend term ";

/* A day's, a month's or a feast's name ("Monday", "May", "Easter"): a time, never a place. */
gboolean
calendar_name (const char *l)
{
  return draftd_candidates_in_list (" monday tuesday wednesday thursday friday saturday sunday january february march april may june "
                                    "july august september october november december christmas easter ",
                                    l);
}

/* "has worked here for 2019", "has been learning Spanish for last September": "for" before a
 * point in time (a year's figures, "last" and a month, a season or a weekday) after a present
 * perfect is "since". */
gboolean
for_point (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "for"))
    return FALSE;
  gsize after = f->i + 1 < f->n ? f->words[f->i + 1].start : strlen (f->s);
  gboolean year = FALSE;
  if (f->i + 1 >= f->n || !joined (f, f->i)) {
    /* " 2019." or " 2019 and": four figures alone. */
    gsize k = w->end, d = 0;
    if (k < after && f->s[k] == ' ')
      k++;
    while (k < after && g_ascii_isdigit (f->s[k]))
      k++, d++;
    year = d == 4 && (f->s[w->end + 1] == '1' || f->s[w->end + 1] == '2') && (k == after || strchr (".,;! ", f->s[k]));
  }
  const char *point = near (f, 2);
  gboolean last = g_strcmp0 (near (f, 1), "last") == 0 &&
                  (calendar_name (point) || draftd_candidates_in_list (" spring summer autumn winter year month week weekend term semester ", point));
  /* "has been working on the module for March": a month alone is a deadline after most verbs
   * ("has planned the trip for March"), a start only after a perfect progressive, whose span
   * runs up to now. */
  gboolean month = calendar_name (near (f, 1)) && !draftd_candidates_in_list (" monday tuesday wednesday thursday friday saturday sunday christmas easter may ",
                                                                           near (f, 1));
  if (!year && !last && !month)
    return FALSE;
  /* The perfect before it: "have"/"has" and a participle, no "ago" or other clause between;
   * "I've been" opens the sentence too. */
  for (gint k = (gint) f->i - 1; k >= 0; k--) {
    const char *l = f->words[k].lower;
    if (draftd_candidates_in_list (draftd_candidates_clause_words, l) || strchr (",;", f->s[f->words[k].end]))
      return FALSE;
    if (draftd_candidates_in_list (" have has 've 's haven't hasn't ", l) || g_str_has_suffix (l, "'ve")) {
      /* "has not worked properly for last Friday": a negation or an adverb of frequency
       * between "has" and its participle. */
      guint p = k + 1;
      while (p < f->i && draftd_candidates_in_list (" not never always really ", f->words[p].lower))
        p++;
      /* "We've been saving for March", "been preparing for": a verb whose "for" is its purpose
       * keeps it. */
      if (!year && !last)
        return g_str_equal (f->words[p].lower, "been") && p + 1 < f->i && g_str_has_suffix (f->words[p + 1].lower, "ing") &&
               !draftd_candidates_in_list (" preparing waiting saving training planning budgeting applying asking hoping looking searching "
                                           "aiming gearing booking scheduling rehearsing studying practising practicing revising pushing "
                                           "getting ready ",
                                           f->words[f->i - 1].lower) &&
               sure (f, w->start, w->end, "since", DRAFTD_FIX_PREPOSITION);
      return participle_after_noun (f->words[p].lower) || g_str_equal (f->words[p].lower, "been") ?
               sure (f, w->start, w->end, "since", DRAFTD_FIX_PREPOSITION) : FALSE;
    }
  }
  return FALSE;
}

gboolean
since_duration (F *f)
{
  const Word *w = &f->words[f->i];
  /* "since three seasons now": a sport's or a school's span too. */
  static const char *const units = " minutes hours days weeks months years decades centuries ages generations seasons terms semesters winters summers ";
  const char *q = near (f, 1), *u = near (f, 2), *after = near (f, 3);
  if (!g_str_equal (w->lower, "since"))
    return FALSE;
  /* "since about three weeks": a rough count is a count; the duration lies past its word. */
  if (draftd_candidates_in_list (" about around almost nearly roughly over ", q) && u != NULL)
    q = u, u = after, after = near (f, 4);
  /* "since more than forty years", "since well over a decade": so is a bound on it. */
  else if (draftd_candidates_in_list (" more less fewer ", q) && g_strcmp0 (u, "than") == 0 && near (f, 3))
    q = near (f, 3), u = near (f, 4), after = near (f, 5);
  /* Figures are no words here: "since 20 minutes" has "minutes" next, past the digits. */
  if (q == NULL && f->i + 1 < f->n && digits_between (f, w->end, f->words[f->i + 1].start))
    q = "20", u = f->words[f->i + 1].lower, after = f->i + 2 < f->n && joined (f, f->i + 1) ? f->words[f->i + 2].lower : NULL;
  if (q == NULL)
    return FALSE;
  /* "since thirty-two years": a number hyphened to the next is one count. */
  if (draftd_candidates_in_list (numbers, q) && f->i + 3 < f->n && f->s[f->words[f->i + 1].end] == '-' &&
      draftd_candidates_in_list (numbers, f->words[f->i + 2].lower) && joined (f, f->i + 2)) {
    u = f->words[f->i + 3].lower;
    after = f->i + 4 < f->n && joined (f, f->i + 3) ? f->words[f->i + 4].lower : NULL;
  }
  /* "I haven't seen him since months": a bare plural unit is a duration, with no count; not
   * where it opens a clause ("Since weeks had passed", "since years of neglect"). */
  if (f->i > 0 && draftd_candidates_in_list (" weeks months years decades ages ", q) &&
      !draftd_candidates_in_list (" ago of had have has was were are passed went elapsed ", u))
    return sure (f, w->start, w->end, "for", DRAFTD_FIX_PREPOSITION);
  gboolean count = draftd_candidates_in_list (numbers, q) || draftd_candidates_in_list (" many several few ", q) || g_ascii_isdigit (q[0]);
  /* "since a long time": a duration too ("since a long time ago" names its start). */
  if (g_str_equal (q, "a") && g_strcmp0 (u, "long") == 0 && g_strcmp0 (after, "time") == 0 && g_strcmp0 (near (f, 4), "ago") != 0)
    return sure (f, w->start, w->end, "for", DRAFTD_FIX_PREPOSITION);
  /* "since an hour", "since a week": one unit. */
  if (draftd_candidates_in_list (" a an ", q) && draftd_candidates_in_list (" minute hour day week month year decade ", u)) {
    count = TRUE;
    u = "hours";
  }
  /* "since two years ago" names a point in time, and is right; "Since two weeks had passed"
   * is a reason, the duration its clause's subject. */
  if (!count || !draftd_candidates_in_list (units, u) || g_strcmp0 (after, "ago") == 0 ||
      draftd_candidates_in_list (" had have has was were passed went elapsed ", after))
    return FALSE;
  return sure (f, w->start, w->end, "for", DRAFTD_FIX_PREPOSITION);
}

/* ---- preposition.redundant: "discuss about the plan" ---- */

/* "reached to the station", "entered into the room": verbs that take their place as a
 * direct object. "reached into his pocket", "reached out to", "entered into an agreement"
 * keep theirs: only "to" right after "reach", before a determiner, and "into" before a
 * determiner and a place. */
static gboolean
place_object (F *f)
{
  const Word *w = &f->words[f->i];
  static const char *const reach = " reach reached reaches reaching ";
  static const char *const enter = " enter entered enters entering ";
  static const char *const places = " room house building office classroom hall kitchen shop store station church hotel "
                                    "restaurant bank car bus train garden flat apartment museum library school hospital ";
  const char *prev = near (f, -1), *next = near (f, 1), *noun = near (f, 2);
  if (!draftd_candidates_in_list (" the a an my his her our their your this that ", next))
    return FALSE;
  gboolean to = g_str_equal (w->lower, "to") && draftd_candidates_in_list (reach, prev);
  gboolean into = g_str_equal (w->lower, "into") && draftd_candidates_in_list (enter, prev) && draftd_candidates_in_list (places, noun);
  if (!to && !into)
    return FALSE;
  return sure (f, f->words[f->i - 1].end, w->end, "", DRAFTD_FIX_PREPOSITION);
}

gboolean
redundant_preposition (F *f)
{
  const Word *w = &f->words[f->i];
  if (place_object (f))
    return TRUE;
  static const char *const verbs = " discuss discussed discusses discussing emphasise emphasised emphasises emphasising emphasize "
                                   "emphasized emphasizes emphasizing ";
  const char *prev = near (f, -1), *next = near (f, 1);
  /* "emphasises on the need", "emphasised on clear communication": "emphasis on" is the
   * noun's, the verb takes its object; not before a time ("emphasised on the first day
   * that", "on Monday"). */
  const char *time_words = " day morning afternoon evening night week weekend first last same ";
  if (g_str_equal (w->lower, "on") && draftd_candidates_in_list (verbs, prev) && g_str_has_prefix (prev, "emphas") && next &&
      ((draftd_candidates_in_list (" the a an this these that those our their his her its my your ", next) &&
        !draftd_candidates_in_list (time_words, near (f, 2))) ||
       (!draftd_candidates_function_word (next) && g_ascii_islower (f->words[f->i + 1].text[0]) && !g_ascii_isdigit (next[0]) &&
        !draftd_candidates_in_list (time_words, next) && !calendar_name (next))))
    return sure (f, f->words[f->i - 1].end, w->end, "", DRAFTD_FIX_PREPOSITION);
  /* "Please contact with me": the verb takes its object; "in contact with", and "Contact with
   * the pier" opening a sentence, are the noun's. */
  if (g_str_equal (w->lower, "with") && g_strcmp0 (prev, "contact") == 0 &&
      draftd_candidates_in_list (" please to can could will would should must i we you they ", near (f, -2)) &&
      draftd_candidates_in_list (" me him her us them the our my your their his ", next))
    return sure (f, f->words[f->i - 1].end, w->end, "", DRAFTD_FIX_PREPOSITION);
  /* "The sample comprises of 120 undergraduates": "comprise" takes its parts as its object
   * ("is comprised of" is the passive's, and left). */
  if (g_str_equal (w->lower, "of") && draftd_candidates_in_list (" comprise comprises comprised comprising ", prev) && f->i + 1 < f->n &&
      !draftd_candidates_in_list (" is are was were be been being ", near (f, -2)))
    return sure (f, f->words[f->i - 1].end, w->end, "", DRAFTD_FIX_PREPOSITION);
  /* "discussed about 20 items": "about" as "roughly". */
  if (!g_str_equal (w->lower, "about") || !draftd_candidates_in_list (verbs, prev) || next == NULL || g_ascii_isdigit (next[0]) ||
      draftd_candidates_in_list (numbers, next))
    return FALSE;
  return sure (f, f->words[f->i - 1].end, w->end, "", DRAFTD_FIX_PREPOSITION);
}

/* ---- word-choice.of-off: "Turn of the lights" ---- */

/* "of" after a verb whose particle is "off" ("turn", "switch", "shut", "log", "sign", "take",
 * "put", "drop", "pay", "cut", "show", "set", "call") where the verb is one: the sentence's
 * first word (an imperative), or after "to", a modal, "please", "and", "don't" or a subject
 * pronoun, before a determiner ("Please turn of the oven", "I switched of my phone"). A noun
 * ("the turn of the tide", "a switch of the") has its determiner before it. */
gboolean
of_off (F *f)
{
  const Word *w = &f->words[f->i];
  const char *verb = near (f, -1), *before = near (f, -2), *next = near (f, 1);
  /* "drop me of at the station": a person dropped is dropped off. */
  if (g_str_equal (w->lower, "of") && draftd_candidates_in_list (" me him her us them you ", verb) &&
      draftd_candidates_in_list (" drop drops dropped dropping ", before) &&
      (next == NULL || draftd_candidates_in_list (" at near outside in here there by on ", next)))
    return sure (f, w->start, w->end, "off", DRAFTD_FIX_WORD_CHOICE);
  /* "Turn the heat of and let it rest": an object between, and the phrase ending after "of"
   * (a comma, the end, "and", "before", "for"): "the heat of the oven" goes on. */
  if (g_str_equal (w->lower, "of") && f->i >= 3 && draftd_candidates_in_list (" the your my it ", near (f, -2) ? near (f, -2) : "") &&
      draftd_candidates_in_list (" turn turned switch switched ", near (f, -3)) &&
      draftd_candidates_in_list (" heat oven hob gas light lights tap power engine radio tv telly music heating ", verb) &&
      (next == NULL || draftd_candidates_in_list (" and before for when then after ", next)))
    return sure (f, w->start, w->end, "off", DRAFTD_FIX_WORD_CHOICE);
  /* "take their muddy boots of before coming in": clothes taken off, the phrase ending after
   * "of" ("the boots of the players" goes on). */
  if (g_str_equal (w->lower, "of") && draftd_candidates_in_list (" boots shoes coat coats jacket jackets hat hats gloves wellies trainers ", verb) &&
      (next == NULL || draftd_candidates_in_list (" and before when then after please at in ", next))) {
    for (gint d = -2; d >= -4 && near (f, d); d--)
      if (draftd_candidates_in_list (" take takes took taking taken ", near (f, d)))
        return sure (f, w->start, w->end, "off", DRAFTD_FIX_WORD_CHOICE);
  }
  if (!g_str_equal (w->lower, "of") || verb == NULL || next == NULL ||
      !draftd_candidates_in_list (" turn turned turning switch switched switching shut shutting log logged sign signed put take took "
                                  "drop dropped pay paid cut show showed set call called ",
                                  verb) ||
      !draftd_candidates_in_list (" the my your his her our their this that these those everything it them ", next))
    return FALSE;
  gboolean opens = f->i == 1 && f->c->sentence_start && g_ascii_isupper (f->words[0].text[0]) && !g_str_has_suffix (verb, "ed") &&
                   !g_str_has_suffix (verb, "ing");
  gboolean verb_slot = before && (draftd_candidates_in_list (" to please and don't didn't i you we they he she ", before) ||
                                  draftd_candidates_in_list (modals, before));
  /* "to take of the fruit", "put of the": the archaic partitive and "put off" (delay) are
   * rarer than the fix but not never: only the light's and the machine's verbs open a
   * sentence. */
  if (opens && !draftd_candidates_in_list (" turn switch shut log sign ", verb))
    return FALSE;
  return (opens || verb_slot) && sure (f, w->start, w->end, "off", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.breath-breathe: "Try to breath slowly" ---- */

/* The noun "breath" where only the verb can stand: after "to", a modal or a negated
 * auxiliary ("can't breath"), or a subject pronoun ("I breath through my nose"), and not
 * before what makes it a noun's phrase ("to breath test", "out of breath"). */
gboolean
breath_verb (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  /* "could barely breath", "can hardly breath": a degree adverb between. */
  if (draftd_candidates_in_list (" barely hardly scarcely still just even never not ", prev) && near (f, -2))
    prev = near (f, -2);
  /* "Breath in through your nose", "Breath slowly": an instruction opening its sentence. */
  if (g_str_equal (w->lower, "breath") && f->i == 0 && f->c->sentence_start && w->start == 0 &&
      draftd_candidates_in_list (" in out slowly deeply normally calmly ", next))
    return sure (f, w->start, w->end, "breathe", DRAFTD_FIX_WORD_CHOICE);
  if (!g_str_equal (w->lower, "breath") || prev == NULL ||
      !(draftd_candidates_in_list (" to i you we they don't didn't can't cannot couldn't please ", prev) || draftd_candidates_in_list (modals, prev)))
    return FALSE;
  /* "gasping to breath" is no phrase; "from breath to breath" and a noun after it are. */
  if ((next && ((noun (next) && !draftd_candidates_in_list (" more less in out again ", next)) ||
                draftd_candidates_in_list (" to test tests testing of ", next))) ||
      g_strcmp0 (near (f, -2), "breath") == 0)
    return FALSE;
  return sure (f, w->start, w->end, "breathe", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.lead-led: "has lead to", "The guide lead us ... and showed" ---- */

/* Does the clause after words[k] go on in the past: "and" and then a past ("and showed us",
 * "and took"), before any word that opens another clause? */
static gboolean
past_coordinate (const F *f, guint k)
{
  for (guint j = k + 1; j + 1 < f->n; j++) {
    if (draftd_candidates_in_list (draftd_candidates_clause_words, f->words[j].lower) && !g_str_equal (f->words[j].lower, "as"))
      return FALSE;
    if (!g_str_equal (f->words[j].lower, "and"))
      continue;
    const char *v = f->words[j + 1].lower;
    /* "and said", "and found": an irregular past whose participle is the same. */
    if (draftd_candidates_past_only (f->c->spell, v) || draftd_forms_irregular_past (v) ||
        (g_str_has_suffix (v, "ed") && draftd_candidates_verb_form (f, v) && !draftd_forms_is (v, 'a')))
      return TRUE;
  }
  return FALSE;
}

/* Does a later clause of the sentence have a subject pronoun and a past ("until we reached")?
 * After a singular subject "lead" is wrong either way, and the sentence's tense chooses. */
static gboolean
past_clause (const F *f, guint k)
{
  for (guint j = k + 1; j + 1 < f->n; j++) {
    const char *v = f->words[j + 1].lower;
    /* "before we finally found": an adverb between. */
    if (j + 2 < f->n && (g_str_has_suffix (v, "ly") || draftd_candidates_in_list (" then just already still also ", v)))
      v = f->words[j + 2].lower;
    /* After a subject pronoun an irregular form is finite, so the past ("we found"). */
    if (draftd_candidates_in_list (" i we you they he she it ", f->words[j].lower) &&
        (draftd_candidates_past_only (f->c->spell, v) || draftd_forms_irregular_past (v) ||
         (g_str_has_suffix (v, "ed") && draftd_candidates_verb_form (f, v) && !draftd_forms_is (v, 'a'))))
      return TRUE;
  }
  return FALSE;
}

/* Is there a finished time in the clause after words[k] ("last year", "yesterday", "two
 * weeks ago", "in 2019"), before any word that opens another clause? */
static gboolean
finished_time_after (const F *f, guint k)
{
  const char *const times = draftd_candidates_last_times;
  for (guint j = k + 1; j < f->n; j++) {
    const char *l = f->words[j].lower;
    if (draftd_candidates_in_list (draftd_candidates_clause_words, l))
      return FALSE;
    if (draftd_candidates_in_list (" yesterday ago ", l) || (g_str_equal (l, "last") && j + 1 < f->n && draftd_candidates_in_list (times, f->words[j + 1].lower)) ||
        (g_str_equal (l, "in") && j + 1 < f->n && strlen (f->words[j + 1].lower) == 4 && g_ascii_isdigit (f->words[j + 1].lower[0]) &&
         (f->words[j + 1].lower[0] == '1' || f->words[j + 1].lower[0] == '2')))
      return TRUE;
  }
  return FALSE;
}

/* The metal's "lead" where the verb's past "led" stands (they sound alike): after "have",
 * "has", "had" (an adverb between), or after a noun subject in a clause that goes on in the
 * past ("and showed"), before what the verb leads (a determiner, a pronoun, "to"). "have
 * lead in their pipes" and "have lead pipes" are the noun's; a present clause ("These paths
 * lead to the river and join") keeps the verb's base. */
gboolean
lead_led (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  if (!g_str_equal (w->lower, "lead") || prev == NULL ||
      !draftd_candidates_in_list (" to the a an us them him her me my our their his your its this these those many some several ", next))
    return FALSE;
  const char *aux = draftd_candidates_in_list (" already recently also just never not always finally eventually ultimately only ", prev) ? near (f, -2) : prev;
  gboolean perfect = draftd_candidates_in_list (" has have had having ", aux);
  /* "bring an extension lead to the crib room": a determiner's noun after a verb is its
   * object, "lead" the compound's noun. */
  const char *prev3 = near (f, -3);
  gboolean object = draftd_candidates_in_list (determiners, near (f, -2)) && prev3 && !draftd_candidates_function_word (prev3) &&
                    (draftd_forms_is (prev3, 'v') || finite_verb (f, prev3));
  gboolean subject = !object && !draftd_candidates_function_word (prev) && (noun (prev) || g_ascii_isupper (f->words[f->i - 1].text[0])) &&
                     !draftd_forms_is (prev, 'a');
  gboolean narrative = subject && (past_coordinate (f, f->i) || (noun_number (f, prev) < 0 && (past_clause (f, f->i) || finished_time_after (f, f->i))));
  /* "Her decision to lie to her sister lead to the tragedy": a singular's "lead to" agrees
   * with nothing; the writer spelt the past as its sound. */
  gboolean plural_before = FALSE; /* "computers in the classroom lead to": the head is plural */
  for (guint k = 0; k + 1 < f->i; k++)
    plural_before |= noun_number (f, f->words[k].lower) > 0;
  narrative |= subject && noun_number (f, prev) < 0 && g_str_equal (next, "to") && !plural_before &&
               !draftd_candidates_in_list (" will would can could should must may might ", near (f, -2));
  /* "The ranger who lead our hike ... was funny": a relative's verb in a story the sentence's
   * "was" or "were" tells. */
  gboolean told = FALSE;
  for (guint k = f->i + 1; k < f->n; k++)
    told |= draftd_candidates_in_list (" was were ", f->words[k].lower);
  narrative |= g_str_equal (prev, "who") && told && draftd_candidates_in_list (" our the my their his her us them ", next);
  if (!perfect && !narrative)
    return FALSE;
  return sure (f, w->start, w->end, "led", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word rows: a word, what must stand before and after it, and its fix ---- */

/* Patterns as data, as LanguageTool's rules are: the word (lower case), the lists the words
 * one and two before it and one and two after it must be in (NULL: anything, or nothing;
 * near() stops at a comma or a clause's end), and the sure fix, named by the row's rule id.
 * Each row's examples, that must and must not fire, are in tests/data/rule-examples.tsv. */
typedef struct {
  const char *rule, *word, *before2, *before, *after, *after2, *rep;
  DraftdFixKind kind;
  const char *after_not; /* a word must follow, and not one of these (NULL: no such bar) */
} WordRow;

/* Numbers a count's "hundred" or "thousand" follows ("two hundred guests"). */
#define COUNTS " two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty sixty seventy eighty ninety several few "
/* Verbs in -s that follow a contracted "is" only by a slip ("It's depends"): no participle or adjective reads them. */
#define CONTRACTED_IS_VERBS " depends seems looks means makes takes works sounds needs wants goes comes gets costs feels tastes happens matters "

static const WordRow word_rows[] = {
  /* "I haven't decided weather to apply" ("checked the weather to see" has its determiner). */
  { "confusable.weather-whether", "weather", NULL, " decide decided decides deciding know knew wonder wondered ask asked unsure sure doubt matter ",
    " to if or ", NULL, "whether", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "When we we're kids": "we're" after a subject pronoun is the past's "were". */
  { "confusable.were-where", "we're", NULL, " we they you ", NULL, NULL, "were", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "my points of views": the phrase's "view" stays singular. */
  { "agreement.noun-number", "views", " point points ", " of ", NULL, NULL, "view", DRAFTD_FIX_AGREEMENT, NULL },
  /* "loosing the money": the verb "lose" before what is lost ("loosing arrows" is left). */
  { "confusable.loose-lose", "loosing", NULL, NULL, " the my your his her our their a weight money time control interest sight track everything ",
    NULL, "losing", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "We except returns within 30 days", "Please except my sincere thanks": after a subject
   * pronoun or "please", before what is taken, the verb "accept". */
  { "confusable.accept-except", "except", NULL, " we i they please ",
    " returns payment payments cash cards card my our your his her their this these all any bookings donations responsibility ", NULL,
    "accept", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The ward was quite overnight": a time after the be-form, the adjective's. */
  { "confusable.quiet-quite", "quite", NULL, " was is were are ", " overnight tonight ", NULL, "quiet", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "strongly advice you to": the noun before a person and "to" is the verb. */
  { "confusable.advice-advise", "advice", NULL, NULL, " you him her them me us ", " to not against ", "advise", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "I'd advice anyone with clay soil to": a wish's or a subject's verb before the people advised. */
  { "confusable.advice-advise", "advice", NULL, " i'd we'd would i we strongly ", " anyone everyone everybody anybody people ", NULL, "advise",
    DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "worked hard to sent me to a good school": "to" and a person sent, the base. */
  { "verb-form", "sent", NULL, " to ", " me him her us them ", NULL, "send", DRAFTD_FIX_VERB_FORM, NULL },
  /* "Could you please advice me which": after "please" or a modal, the verb. */
  { "confusable.advice-advise", "advice", NULL, " please can could would will to ", " you him her them me us ", NULL, "advise", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "I can able to work": "able" has its own "be". */
  { "verb-form", "can", NULL, " i ", " able ", " to ", "am", DRAFTD_FIX_VERB_FORM, NULL },
  { "verb-form", "can", NULL, " we you they ", " able ", " to ", "are", DRAFTD_FIX_VERB_FORM, NULL },
  { "verb-form", "can", NULL, " he she it ", " able ", " to ", "is", DRAFTD_FIX_VERB_FORM, NULL },
  /* "serious economical problems": the economy's, not thrift's. */
  { "word-choice", "economical", NULL, NULL, " problems problem crisis crises growth development situation policy policies reform reforms "
    "system power powers sanctions issues difficulties recession ", NULL, "economic", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "take your brake before two": a rest is taken, a brake applied ("take the brake off" is
   * the car's, and left). */
  { "word-choice", "brake", " take takes took taking have has had having need needs needed ", " a your my our his her their ", NULL, NULL, "break",
    DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice", "brake", " a ", " short quick lunch coffee tea ", NULL, NULL, "break", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "Thanks for baring with us", "please bare with me": patience is borne. */
  { "word-choice", "baring", NULL, NULL, " with ", " me us him her them ", "bearing", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice", "bare", NULL, NULL, " with ", " me us him her them ", "bear", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The room was quite and clean": "quite" grades, and grades no "and". */
  { "confusable.quiet-quite", "quite", NULL, " was is were are be very so ", " and ", NULL, "quiet", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The principle reason": the adjective "principal" before the nouns it ranks. */
  { "word-choice.principal-principle", "principle", NULL, NULL,
    " reason reasons aim aims cause causes goal goals source sources concern concerns purpose objective character characters role roles "
    "ingredient ingredients investor investors dancer dancers cellist violinist actor actors architect investigator investigators ", NULL, "principal",
    DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The main principal behind our pricing", "the basic principal that": an idea is ranked as
   * main or basic, and stands behind a thing or before its "that" (a school's head is "the
   * principal" alone). */
  { "word-choice.principal-principle", "principal", NULL, " main basic key guiding underlying core fundamental central ", " behind that ", NULL,
    "principle", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "Could I lend your charger": what the asker takes from another is borrowed. */
  { "word-choice.borrow-lend", "lend", " can could may might ", " i ", " your his her their ", NULL, "borrow", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "two hundreds guests": a number's "hundred" takes no plural before its noun ("two
   * hundreds of" is left: "hundreds of" counts). */
  { "agreement.noun-number", "hundreds", NULL, COUNTS, NULL, NULL, "hundred", DRAFTD_FIX_AGREEMENT, " of " },
  { "agreement.noun-number", "thousands", NULL, COUNTS, NULL, NULL, "thousand", DRAFTD_FIX_AGREEMENT, " of " },
  { "agreement.noun-number", "millions", NULL, COUNTS, NULL, NULL, "million", DRAFTD_FIX_AGREEMENT, " of " },
  { "agreement.noun-number", "dozens", NULL, COUNTS, NULL, NULL, "dozen", DRAFTD_FIX_AGREEMENT, " of " },
  /* "spent many time on": a span of time spent is "much" of it ("many times" counts). */
  { "word-choice.much-many", "many", NULL, " spend spent spending waste wasted wasting take took ", " time ", NULL, "much",
    DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "to rise the issue": what is lifted or brought up is raised ("prices rise" takes none). */
  { "word-choice.rise-raise", "rise", NULL, " to will would can could should must ", " the this that my your his her our their ",
    " issue question matter point concern alarm money funds awareness rent prices price taxes tax wages salaries fees standards hand hands voice "
    "children family ", "raise", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "decided to rise taxes": "rise" takes no object, bare plural or no. */
  { "word-choice.rise-raise", "rise", NULL, " to will would can could should must ", " taxes prices wages salaries fees rents awareness money funds "
    "standards ", NULL, "raise", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "some good advise about": the noun after a quantity or a praising adjective. */
  { "confusable.advice-advise", "advise", NULL, " some any much good useful great helpful excellent expert professional practical sound ", NULL,
    NULL, "advice", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "had to lay down on the grass", "is to lay back on a mat": lying down takes no object
   * ("lay down the law" has one). */
  { "word-choice.lay-lie", "lay", NULL, " to ", " down back ", " on in for and to ", "lie", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The bake sale helped rise £640": what is helped up is raised ("helped prices rise" has the
   * object before). */
  { "word-choice.rise-raise", "rise", NULL, " help helps helped helping ", NULL, NULL, "raise", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "had not being told": the perfect's participle of "be" is "been". */
  { "verb-form", "being", NULL, " had has have hadn't hasn't haven't ", NULL, NULL, "been", DRAFTD_FIX_VERB_FORM, NULL },
  { "verb-form", "being", " had has have ", " not never already just ", NULL, NULL, "been", DRAFTD_FIX_VERB_FORM, NULL },
  /* "before start of their shift": a point of a span after a preposition takes "the". */
  /* Not after "at": manuals' terse "at end of file", "at start of line". */
  { "article", "start", NULL, " before after from until till by since ", " of ", NULL, "the start", DRAFTD_FIX_ARTICLE, NULL },
  { "article", "end", NULL, " before after from until till since ", " of ", NULL, "the end", DRAFTD_FIX_ARTICLE, NULL },
  /* "by end of the month"; an office's "by end of day" (or "of play", "of business") is idiom. */
  { "article", "end", NULL, " by ", " of ", " the this next last each every his her their our my your its ", "the end", DRAFTD_FIX_ARTICLE, NULL },
  { "article", "beginning", NULL, " before after at from until till by since ", " of ", NULL, "the beginning", DRAFTD_FIX_ARTICLE, NULL },
  /* "even worst than": "than" compares, so the comparative. */
  { "word-choice.worse-worst", "worst", NULL, NULL, " than ", NULL, "worse", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice.worse-worst", "best", NULL, NULL, " than ", NULL, "better", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "learn me how to swim": what is taught to a person. */
  { "word-choice", "learn", NULL, NULL, " me him her us them ", " how to ", "teach", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice", "learned", NULL, NULL, " me him her us them ", " how to ", "taught", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice", "learnt", NULL, NULL, " me him her us them ", " how to ", "taught", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "Hardly nobody came": "hardly" is a negative of its own. */
  { "word-choice.double-negative", "nobody", NULL, " hardly barely scarcely ", NULL, NULL, "anybody", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice.double-negative", "nothing", NULL, " hardly barely scarcely ", NULL, NULL, "anything", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice.double-negative", "never", NULL, " hardly barely scarcely ", NULL, NULL, "ever", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice.double-negative", "no", NULL, " hardly barely scarcely ", NULL, NULL, "any", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice.double-negative", "no-one", NULL, " hardly barely scarcely ", NULL, NULL, "anyone", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "done a lot of researches", "many evidences": nouns mostly uncountable whose plural is a
   * verb's -s too ("she researches"), after a quantity or a verb of doing only. */
  { "agreement.uncountable", "researches", NULL, " of many some several these those any more done do did doing conduct conducted conducting carry carried ",
    NULL, NULL, "research", DRAFTD_FIX_AGREEMENT, NULL },
  /* "Recent researches on climate migration": after the adjectives that date or rate a body
   * of work, before what it is on or what it did. */
  { "agreement.uncountable", "researches", NULL, " recent previous prior earlier further extensive scientific academic medical current existing numerous ",
    " on into in have has show showed shows suggest suggests found indicate ", NULL, "research", DRAFTD_FIX_AGREEMENT, NULL },
  { "agreement.uncountable", "evidences", NULL, " of many some several these those any more no enough ", NULL, NULL, "evidence",
    DRAFTD_FIX_AGREEMENT, NULL },
  /* "Could you advice me on which", "Can anyone advice me": the verb after a modal's subject,
   * before its person. */
  { "confusable.advice-advise", "advice", " can could would will ", " you anyone someone somebody anybody he she they we i ", " me us him her them ", NULL, "advise", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "Please keep quite during the exam", "asked for the street to be kept quite after 11
   * p.m.": "keep", "stay" take the adjective "quiet", a state kept before its time ("stayed
   * quite warm" grades an adjective). */
  { "confusable.quiet-quite", "quite", NULL, " keep keeps kept keeping stay stays stayed staying remain remains remained ",
    " after during at in until till while when for please and ", NULL, "quiet", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "open every day accept Tuesday": a day left out of "every day" is "except". */
  { "confusable.accept-except", "accept", " every ", " day night week weekend month ",
    " monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays weekends holidays christmas ",
    NULL, "except", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "a sneak peak at", "take a quick peak at": a look is a peek (a summit is "peak"). */
  { "confusable.peak-peek", "peak", NULL, " sneak ", NULL, NULL, "peek", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "confusable.peak-peek", "peak", " take took taking takes ", " a ", " at inside into ", NULL, "peek", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "confusable.peak-peek", "peak", " a ", " quick ", " at inside into ", NULL, "peek", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "u will agree": the chat spelling of "you" before its verb. */
  { "spelling", "u", NULL, NULL, " will would can could should must may might can't cannot don't dont do did are were have had know need want think see get go ",
    NULL, "you", DRAFTD_FIX_SPELLING, NULL },
  /* "It was very easy to me to understand": whom a thing is easy or hard for, before what is
   * done ("important to me" is what matters to a person, and stays). */
  { "preposition", "to", NULL, " easy easier hard harder difficult possible impossible necessary dangerous useful helpful boring fun normal "
    "common usual convenient safe unsafe ", " me him her us them you ", " to ", "for", DRAFTD_FIX_PREPOSITION, NULL },
  /* "We go to the beach in weekends": days take "on". */
  { "preposition.time", "in", NULL, NULL, " weekends weekdays ", NULL, "on", DRAFTD_FIX_PREPOSITION, NULL },
  /* "It's depends on the weather": a verb's -s after a contracted "is" has the "is" too many. */
  { "verb-form", "it's", NULL, NULL, CONTRACTED_IS_VERBS, NULL, "it", DRAFTD_FIX_VERB_FORM, NULL },
  { "verb-form", "that's", NULL, NULL, CONTRACTED_IS_VERBS, NULL, "that", DRAFTD_FIX_VERB_FORM, NULL },
  { "verb-form", "he's", NULL, NULL, CONTRACTED_IS_VERBS, NULL, "he", DRAFTD_FIX_VERB_FORM, NULL },
  { "verb-form", "she's", NULL, NULL, CONTRACTED_IS_VERBS, NULL, "she", DRAFTD_FIX_VERB_FORM, NULL },
  /* "Please wait me in the lobby": one waits for a person. */
  { "preposition.missing", "wait", NULL, NULL, " me him her us them ", NULL, "wait for", DRAFTD_FIX_PREPOSITION, NULL },
  { "preposition.missing", "waited", NULL, NULL, " me him her us them ", NULL, "waited for", DRAFTD_FIX_PREPOSITION, NULL },
  { "preposition.missing", "waiting", NULL, NULL, " me him her us them ", NULL, "waiting for", DRAFTD_FIX_PREPOSITION, NULL },
  /* "The accident was happened": a verb that takes no object has no passive. */
  { "verb-form.be-participle", "was", NULL, NULL, " happened occurred existed ", NULL, "", DRAFTD_FIX_VERB_FORM, NULL },
  { "verb-form.be-participle", "were", NULL, NULL, " happened occurred existed ", NULL, "", DRAFTD_FIX_VERB_FORM, NULL },
  /* "She told that she was tired": "tell" takes its listener; "I was told that" has one. */
  { "word-choice.say-tell", "told", NULL, " i you he she we they it ", " that ", NULL, "said", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The amount of people": people are counted ("the amount of money" is not). */
  { "word-choice", "amount", " the a an this that large huge small ", NULL, " of ", " people students children cars visitors tourists "
    "customers employees workers users members participants books questions mistakes times friends ", "number", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice", "amount", NULL, " the a an this that ", " of ", " people students children cars visitors tourists customers employees "
    "workers users members participants books questions mistakes times friends ", "number", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "Please lay down and rest": lying down takes no object. */
  { "word-choice.lay-lie", "lay", NULL, " please can could will would should must ", " down ", " and on in for to . ", "lie",
    DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "Could you please to send me": a request's "please" takes the bare verb. */
  { "verb-form.to-base", "to", " you ", " please ", NULL, NULL, "", DRAFTD_FIX_VERB_FORM, NULL },
  /* "are really effecting local businesses": "effect" is to bring about ("effecting change"),
   * what acts on people or businesses affects them. */
  { "confusable.affect-effect", "effecting", NULL, NULL, " local small many people everyone children students businesses us them me him her "
    "my our your their his ", NULL, "affecting", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "I just want to lay on the sofa": lying takes no object. */
  { "word-choice.lay-lie", "lay", NULL, " to ", " on in ", " the my his her their our bed sofa couch floor grass beach ", "lie",
    DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "I suggest you to visit": "suggest" takes a clause, not an object and its infinitive. */
  { "verb-form.to-base", "to", " suggest suggests suggested ", " you ", NULL, NULL, "", DRAFTD_FIX_VERB_FORM, NULL },
  /* "as expensive than my old laptop": "as ... as". */
  { "word-choice.comparative", "than", " as ", NULL, NULL, NULL, "as", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "We had a really funny time": a good time is "fun" ("a funny time" may be a strange one,
   * but not a really good one). */
  { "word-choice", "funny", NULL, " really very such so ", " time ", NULL, "fun", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "very sensible to criticism": what reacts to something is sensitive to it. */
  { "word-choice", "sensible", NULL, " very so too quite extremely really is are was were ", " to ", NULL, "sensitive", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "I walked passed your branch": going by a place is "past" it. */
  { "confusable.passed-past", "passed", NULL, " walked walk walks walking ran run runs running drove drive drives driving went go goes "
    "going rode cycled hurried rushed ", NULL, NULL, "past", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "Once you have past level 40": a perfect's participle before what is gone by ("have past
   * experience" is the adjective's, before a noun). */
  { "confusable.passed-past", "past", NULL, " have has had ", " the a an my your his her our their level all it them this that these those every both "
    "each ", NULL, "passed", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The hotel is close from the beach": near to a place. */
  { "preposition", "from", " is are was were very so quite really ", " close ", NULL, NULL, "to", DRAFTD_FIX_PREPOSITION, NULL },
  /* "the perfect compliment to our sea bass": what completes a thing complements it. */
  { "word-choice", "compliment", NULL, " perfect ideal natural excellent great ", " to for ", NULL, "complement", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "sells handmade stationary": paper and pens are stationery. */
  { "word-choice", "stationary", NULL, " handmade office school sells sell selling buy bought personalised personalized wedding stock stocks stocked stocking ", NULL, NULL,
    "stationery", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "to catch my breathe": the noun after a possessive. */
  { "word-choice.breath-breathe", "breathe", NULL, " my his her your our their a deep ", NULL, NULL, "breath", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "We strongly advice guests to", "We always advice customers to": the verb after its adverb
   * or subject. */
  { "confusable.advice-advise", "advice", NULL, " strongly would we i always usually often generally normally ", NULL, NULL, "advise", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "so slow than we almost left": "so" + an adjective takes a result's "that". */
  { "confusable.than-then", "than", " so such ", NULL, " we i you he she they it the ", NULL, "that", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "We ordered the stationary for the invitations": what is ordered, or what is for a use. */
  { "word-choice", "stationary", " order ordered ordering buy bought ", " the our some new ", NULL, NULL, "stationery", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice", "stationary", NULL, NULL, " shop shops store supplies set sets cupboard order items ", NULL, "stationery", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "sells lovely stationary": an adjective between the selling and what is sold. */
  { "word-choice", "stationary", " sells sell selling buy bought order ordered stock stocks stocked stocking ", NULL, NULL, NULL, "stationery", DRAFTD_FIX_WORD_CHOICE,
    NULL },
  /* "I could care less": the idiom says no care is left. */
  { "word-choice", "could", NULL, " i we you they he she ", " care ", " less ", "couldn't", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "To who should tenants address": a preposition's object before a question's auxiliary and
   * its subject ("about who should do the washing-up" has "who" as the subject). */
  { "word-choice.pronoun-case", "who", NULL, " to for with from about by ", " should can could would will do does did shall must ",
    " i we you they he she the my our your their tenants students people customers staff guests members parents employees ", "whom",
    DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The bin lorry already past our building": the verb of going by, after its adverb. */
  { "confusable.passed-past", "past", " lorry bus train car truck van tram he she they we i it ", " already finally recently never ",
    " the a an my your his her our their this that ", NULL, "passed", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "This casts doubt in the passage": doubt is cast on something. */
  { "preposition", "in", " cast casts casting ", " doubt doubts ", NULL, NULL, "on", DRAFTD_FIX_PREPOSITION, NULL },
  /* "He is not in guard": one is "on guard". */
  { "preposition", "in", NULL, " not be is are was were been stay stayed ", " guard ", NULL, "on", DRAFTD_FIX_PREPOSITION, NULL },
  /* "Only by braking out of your routine": breaking out, up, free, away. */
  { "word-choice", "braking", NULL, NULL, " out up free away ", NULL, "breaking", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "when the postman past the window", "she past the exam", "My son past his driving test": a
   * subject's verb of going by. */
  { "confusable.passed-past", "past", NULL, " postman he she they we i someone everyone son daughter brother sister husband wife friend mum dad "
    "mother father ", " the our my your his her their this that ", NULL, "passed",
    DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "a bit of piece and quiet", "world piece", "piece of mind": peace. */
  { "confusable.peace-piece", "piece", NULL, NULL, " and ", " quiet ", "peace", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "confusable.peace-piece", "piece", NULL, " world inner ", NULL, NULL, "peace", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "confusable.peace-piece", "piece", NULL, NULL, " of ", " mind ", "peace", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "make sure you site all sources": sources are cited. */
  { "word-choice", "site", NULL, " you we i they please always must should ", " all your their sources references any every each ", NULL, "cite",
    DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "consistent to those reported": consistent with. */
  { "preposition", "to", NULL, " consistent inconsistent ", NULL, NULL, "with", DRAFTD_FIX_PREPOSITION,
    " within about around roughly approximately " }, /* "consistent to within 0.1 cm3": a tolerance's "to" */
  /* "Employees may order stationary through the portal". */
  { "word-choice", "stationary", NULL, " order ordered buy bought ", NULL, NULL, "stationery", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "replacing the hole section of pipe": all of it. */
  { "word-choice", "hole", NULL, " the this my your our their ", " section thing day week world family time process point year story lot ", NULL,
    "whole", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "Pets are not aloud in the halls": permitted ("read aloud" is out loud). */
  { "word-choice", "aloud", NULL, " not be is are was were been being ", NULL, NULL, "allowed", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "once a weak", "twice per weak": the seven days. */
  { "word-choice", "weak", " once twice ", " a ", NULL, NULL, "week", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice", "weak", NULL, " per ", NULL, NULL, "week", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "my whole family altogether at the ceremony": all of them in one place. */
  { "word-choice", "altogether", NULL, " family us them everyone everybody friends team group ", " at in for on ", NULL, "all together",
    DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "My cough got worser": the comparative is "worse". */
  { "word-choice.worse-worst", "worser", NULL, NULL, NULL, NULL, "worse", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "We wish to object against the application": one objects to it. */
  { "preposition", "against", " to we i you they strongly formally would must wish ", " object objects objected ", NULL, NULL, "to",
    DRAFTD_FIX_PREPOSITION, NULL },
  /* "There isn't many time left": a mass noun after a singular's "be". */
  { "word-choice.much-many", "many", NULL, " isn't wasn't is was not ", " time money ", NULL, "much", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The principle said": a school's head speaks. */
  { "word-choice.principal-principle", "principle", NULL, " the our your my ", " said says told announced called emailed wrote asked thanked welcomed ",
    NULL, "principal", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "For desert I usually have", "the desert menu": the sweet course. */
  { "word-choice", "desert", NULL, " for ", " i we i'll we'll they she he you ", NULL, "dessert", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice", "desert", NULL, NULL, " menu spoon wine course fork plate trolley recipe recipes ", NULL, "dessert", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "needs new school cloths": what one wears ("cleaning cloths" are for wiping). */
  { "word-choice", "cloths", NULL, " new school my your his her our their warm winter summer dirty baby work wear wearing wore designer "
    "children's kids' casual smart ", NULL, NULL, "clothes", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "so many complements on the scarf": praise is had on something ("complements each other"). */
  { "word-choice", "complements", NULL, " many some lots few the ", " on from ", NULL, "compliments", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice", "complement", NULL, " a nice lovely ", " on from ", NULL, "compliment", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The handle is a bit lose": the adjective after a degree or "come". */
  { "confusable.loose-lose", "lose", NULL, " bit very too slightly come comes came coming feel feels felt feeling seem seems seemed worked broke shook ", NULL, NULL, "loose", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The datas were collected": "data" is already a plural (or a mass noun), never "dates";
   * it stays out of the uncountable nouns, as "these data" is standard. */
  { "agreement.uncountable", "datas", NULL, NULL, NULL, NULL, "data", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "does not get lose", "the dog got lose": a thing that gets free is loose ("get lost" is
   * the lost). */
  { "confusable.loose-lose", "lose", NULL, " get gets got getting ", NULL, NULL, "loose", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "My final peace of advice", "a peace of cake": a part of a thing is a piece ("peace of
   * mind" is left). */
  { "confusable.peace-piece", "peace", NULL, NULL, " of ", " advice cake paper furniture equipment information music art work land bread pie news "
    "evidence luggage jewellery jewelry software code writing string wood glass metal chocolate toast pizza fruit cheese meat ", "piece",
    DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "would seek legal council", "on the advice of legal council": a lawyer's advice is counsel
   * (a council is a body that sits). */
  { "word-choice", "council", NULL, " legal ", NULL, NULL, "counsel", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "happy to advice new users", "Kindly advice": the verb before the people advised. */
  { "confusable.advice-advise", "advice", NULL, " to please kindly ", " new all our your their any customers users staff clients people residents "
    "students parents members patients everyone anyone ", NULL, "advise", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "confusable.advice-advise", "advice", NULL, " kindly ", NULL, NULL, "advise", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "the boss fight way to easy": a degree's "too" before an adjective. */
  { "word-choice.to-too", "to", NULL, " way far much little bit ", " easy hard difficult expensive cheap big small long short early late fast slow hot cold "
    "loud quiet strong weak high low good bad young old busy tired complicated simple powerful ", NULL, "too", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "you should go to the bed early": bed, as sleep, takes no article. */
  { "article", "the", " go goes went going ", " to ", " bed ", " early late at now after before and soon tonight ", "", DRAFTD_FIX_ARTICLE, NULL },
  /* "a little friends": "few" counts plurals. */
  { "word-choice.much-many", "little", " only ", " a ", " friends people things days weeks hours minutes ideas questions words times ", NULL,
    "few", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice.much-many", "little", NULL, " a ", " friends people things days weeks hours minutes ideas questions words times ", NULL,
    "few", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "I only have a few time before my shift": a mass noun is measured with "a little". */
  { "word-choice.much-many", "few", NULL, " a ", " time money information advice help luck patience ", " before to for left and but so until ",
    "little", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "Make sure you read thorough the data sheet": a way gone or read through. */
  { "word-choice", "thorough", NULL, " read reads reading look looks looked looking go goes went going walk walked walks get got gets drive drove "
    "come came pass passed run ran flick flicked scroll scrolled ", " the a an this that these those my your his her our their it them ", NULL,
    "through", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "In this explainer we site the IPCC's report": a source is cited. */
  { "word-choice", "site", NULL, " we i they you also always ", " the a an this these those his her their our its ", NULL, "cite",
    DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "unless you won't hold the button": "unless" carries the negation itself. */
  { "verb-form", "won't", " unless ", " you i we they he she it ", NULL, NULL, "", DRAFTD_FIX_VERB_FORM, NULL },
  /* "would welcome the change to discuss my application": an opportunity is a chance ("a
   * change to the rules" is a change). */
  { "word-choice", "change", " welcome welcomed appreciate appreciated have had has get got given missed miss ", " the a ", " to ",
    " discuss meet speak see learn explain apply join attend thank prove ", "chance", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "I would like to book appointment with Dr Patel": one appointment among many, and the
   * parser reads the bare noun whole ("appointment letters" is a compound's). */
  { "article", "appointment", NULL, " book make schedule arrange cancel rearrange need booked made scheduled arranged cancelled canceled ",
    " with for at on to in ", NULL, "an appointment", DRAFTD_FIX_ARTICLE, NULL },
  /* "Strawberries are at their peek in late June": the high point. */
  { "confusable.peak-peek", "peek", " at ", " their its the ", NULL, NULL, "peak", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The old gasworks sight on Canal Street": a place built on is a site. */
  { "word-choice", "sight", NULL, " building construction gasworks factory camping caravan burial demolition development brownfield "
    "industrial heritage landfill ", NULL, NULL, "site", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The back break on my bike": what stops a wheel is a brake. */
  { "word-choice", "break", NULL, " back front rear hand emergency disc ", NULL, NULL, "brake", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "pouring over seed catalogues": reading closely is poring ("pouring over the pasta" is
   * a sauce's). */
  { "word-choice", "pouring", NULL, NULL, " over ", " seed maps books catalogues catalogs notes documents details records files plans "
    "brochures ", "poring", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "I asked the builders if the could start": a modal takes a subject ("the might of", "the
   * will of" are nouns, and left). */
  { "word-choice", "the", NULL, " if that because when so and but ", " could would should ", NULL, "they", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The whole team worked hardly to meet the deadline": effort is hard ("hardly" is barely). */
  { "word-choice.adverb", "hardly", NULL, " worked work works working tried try tries trying studied study studies studying trained train trains "
    "training pushed ", " to on for and ", NULL, "hard", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The bread smells so nicely": a sense's verb takes an adjective. */
  { "word-choice.adverb", "nicely", NULL, " smells smell smelled smelt tastes taste tasted ", NULL, NULL, "nice", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "my old Honda runs smooth again", "the app works perfect now": how a machine runs. */
  { "word-choice.adverb", "smooth", NULL, " runs ran running ", NULL, NULL, "smoothly", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice.adverb", "perfect", NULL, " runs ran running works worked working ", NULL, NULL, "perfectly", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice.adverb", "nicely", " smells smell smelled smelt tastes taste tasted ", " so really very ", NULL, NULL, "nice",
    DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "Mushrooms loose about half their weight" is rare; "loose their" never an adjective's. */
  { "confusable.loose-lose", "loose", NULL, NULL, " their your his her my our its ", NULL, "lose", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "the community fridge ... and its open from 9am": "it is" open or closed at a time. */
  { "confusable.it's-its", "its", NULL, NULL, " open closed ", " from until till at on every daily now again today ", "it's", DRAFTD_FIX_WORD_CHOICE,
    NULL },
  /* "Joan Pritchard past away peacefully": died is "passed away". */
  { "confusable.passed-past", "past", NULL, NULL, " away ", " peacefully suddenly last on in at after yesterday ", "passed", DRAFTD_FIX_WORD_CHOICE,
    NULL },
  /* "The room was quiet small for a family": a degree before an adjective. */
  { "confusable.quiet-quite", "quiet", NULL, " was is were are be been ", " small big large expensive cheap good bad difficult easy hard far "
    "close nice different similar long short busy cold warm hot tired ", NULL, "quite", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "please rise them with Mark": a thing brought up is raised ("rise" takes no object). */
  { "word-choice.rise-raise", "rise", NULL, " please ", " them it this these those your any concerns issues questions money funds awareness ",
    NULL, "raise", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice.rise-raise", "rise", NULL, " to ", " them concerns questions money funds awareness ", NULL, "raise", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The manager assured us than the issue": what one is told or promised is a "that" clause. */
  { "confusable.than-then", "than", " assured told promised informed reminded warned convinced ", " us me him her them you ", NULL, NULL,
    "that", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "A squeeze of lime really compliments the sweetness": what sets off a flavour complements it. */
  { "word-choice", "compliments", NULL, NULL, " the its ", " sweetness flavour flavor flavours flavors taste richness saltiness acidity colour "
    "color colours colors decor ", "complements", DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice", "compliment", NULL, NULL, " the its ", " sweetness flavour flavor flavours flavors taste richness saltiness acidity colour "
    "color colours colors decor ", "complement", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "I usually lay on the sofa for an hour": a habit's present of lying ("I usually lay the
   * table" has its object). */
  { "word-choice.lay-lie", "lay", NULL, " usually often always sometimes normally ", " on in ", " the my a bed sofa couch floor grass beach ", "lie",
    DRAFTD_FIX_WORD_CHOICE, NULL },
  { "word-choice.lay-lie", "lay", NULL, " usually often always sometimes normally ", " down ", " for and on in to ", "lie", DRAFTD_FIX_WORD_CHOICE,
    NULL },
  /* "you will need to lay flat for two hours": lying, with no object. */
  { "word-choice.lay-lie", "lay", NULL, " to ", " flat still ", " for on in and until ", "lie", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "have been laying around for years": lying about a place. */
  { "word-choice.lay-lie", "laying", NULL, " been is are was were be ", " around about ", NULL, "lying", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "You need to setup two-factor authentication": the verb is two words ("the setup" is
   * the noun). */
  { "word-choice", "setup", NULL, " to ", " the a an your my our their two new ", NULL, "set up", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The proposal was past by a narrow margin": a vote's passive is "passed" ("was past by
   * the time we arrived" is a time's adjective, with no article after "by"). */
  { "confusable.passed-past", "past", NULL, " was were been be ", " by ", " a an ", "passed", DRAFTD_FIX_WORD_CHOICE, NULL },
  /* "The lighting design beautifully compliments the dark mood": a manner's adverb before it
   * sets off a thing (praise is paid, not done beautifully). */
  { "word-choice", "compliments", NULL, " beautifully perfectly nicely neatly ", " the its their ", NULL, "complements", DRAFTD_FIX_WORD_CHOICE,
    NULL },
  { "word-choice", "complimented", NULL, " beautifully perfectly nicely neatly ", " the its their ", NULL, "complemented", DRAFTD_FIX_WORD_CHOICE,
    NULL },
  /* "was inspired from a production she saw": one is inspired by it. */
  { "preposition", "from", NULL, " inspired ", " a an the his her their my our your this that these those ", NULL, "by", DRAFTD_FIX_PREPOSITION,
    NULL },
  /* "to apply for position of junior accountant": the post applied for is a known one. */
  { "article", "position", " apply applying applied ", " for ", " of as ", NULL, "the position", DRAFTD_FIX_ARTICLE, NULL },
};

/* Does the word `d` places from words[i] fit `list` (NULL fits anything)? */
static gboolean
row_fits (const F *f, gint d, const char *list)
{
  return list == NULL || draftd_candidates_in_list (list, near (f, d));
}

/* Is there a word after words[i], and not one of `list` (NULL: no bar)? */
static gboolean
row_avoids (const F *f, const char *list)
{
  return list == NULL || (near (f, 1) && !draftd_candidates_in_list (list, near (f, 1)));
}

gboolean
word_row (F *f)
{
  const Word *w = &f->words[f->i];
  for (guint r = 0; r < G_N_ELEMENTS (word_rows); r++) {
    const WordRow *row = &word_rows[r];
    if (g_str_equal (w->lower, row->word) && row_fits (f, -2, row->before2) && row_fits (f, -1, row->before) &&
        row_fits (f, 1, row->after) && row_fits (f, 2, row->after2) && row_avoids (f, row->after_not)) {
      /* A fix that ends with the word itself ("the position") puts in what goes before it. */
      gsize rl = strlen (row->rep), wl = strlen (row->word);
      if (rl > wl && g_str_has_suffix (row->rep, row->word) && row->rep[rl - wl - 1] == ' ') {
        g_autofree char *ins = g_strndup (row->rep, rl - wl);
        return sure_named (f, w->start, w->start, ins, row->kind, row->rule);
      }
      /* A word taken out goes with the space after it ("was happened" -> "happened"). */
      if (*row->rep == 0 && f->i + 1 < f->n)
        return sure_named (f, w->start, f->words[f->i + 1].start, "", row->kind, row->rule);
      return sure_named (f, w->start, w->end, row->rep, row->kind, row->rule);
    }
  }
  return FALSE;
}

/* ---- word-choice: "every child needs their own stationary, including a ruler" ---- */

/* "stationary" where its noun phrase ends (a comma, the sentence's end, "and", "for",
 * "including") after a determiner, "own" or a hyphened adjective ("eco-friendly stationary,")
 * heads the phrase as a noun: paper and pens, stationery. After a verb or an adverb it is the
 * adjective ("the lorry remained stationary,"). Sure. */
gboolean
stationery_noun (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  if (!g_str_equal (w->lower, "stationary") || f->i == 0 || !joined (f, f->i - 1) ||
      !(next == NULL || draftd_candidates_in_list (" and including for from such or ", next)))
    return FALSE;
  const Word *p = &f->words[f->i - 1];
  gboolean hyphened = p->start > 0 && f->s[p->start - 1] == '-' && draftd_forms_is (p->lower, 'a');
  /* "spent $30 on stationary for the kids": money spent on a thing. */
  gboolean spent = g_str_equal (p->lower, "on") && g_strcmp0 (next, "for") == 0;
  if (!hyphened && !spent && !draftd_candidates_in_list (" own the their his her my your our some new school office ", p->lower))
    return FALSE;
  return sure (f, w->start, w->end, "stationery", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice: "I wanted to complement the bin crew on their work" ---- */

/* Praise is given to a person or a group "on" or "for" what they did: "complement" with such
 * an object (a pronoun, or a person's or a group's noun within three words) and then "on" or
 * "for" and a deed within six words of the clause ("complement the staff in the Rainbow Room
 * for making") is "compliment" ("complements the dish", "complement the team" with neither
 * are left). Sure. */
gboolean
compliment_on (F *f)
{
  static const char *const forms[][2] = {
    { "complement", "compliment" }, { "complemented", "complimented" }, { "complementing", "complimenting" }, { "complements", "compliments" },
  };
  const Word *w = &f->words[f->i];
  const char *rep = NULL;
  for (guint k = 0; k < G_N_ELEMENTS (forms); k++)
    if (g_str_equal (w->lower, forms[k][0]))
      rep = forms[k][1];
  const char *next = near (f, 1);
  if (rep == NULL || next == NULL || g_strcmp0 (near (f, -1), "a") == 0 || g_strcmp0 (near (f, -1), "the") == 0)
    return FALSE;
  guint head = f->i + 1;
  if (!draftd_candidates_in_list (" me him her us them you ", next)) {
    if (!draftd_candidates_in_list (" the our my your his her their ", next))
      return FALSE;
    head++;
    while (head + 1 < f->n && head < f->i + 4 && joined (f, head) && !draftd_candidates_in_list (prepositions, f->words[head + 1].lower))
      head++;
    const char *h = f->words[head].lower;
    g_autofree char *sing = noun_number (f, h) > 0 ? draftd_forms_singular (f->c->spell, h) : NULL;
    int lex = draftd_forms_noun_lexfile (sing ? sing : h);
    if (lex != DRAFTD_FORMS_PERSON && lex != DRAFTD_FORMS_GROUP)
      return FALSE;
  }
  /* "for making", "for their patience": praise's "for" takes a deed ("complement the team
   * for the summer season" completes it). */
  for (guint on = head + 1; on + 1 < f->n && on <= head + 6 && joined (f, on - 1); on++)
    if (g_str_equal (f->words[on].lower, "on") ||
        (g_str_equal (f->words[on].lower, "for") && (gerund_word (f, f->words[on + 1].lower) ||
                                                     draftd_candidates_in_list (" their his her your all ", f->words[on + 1].lower))))
      return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  return FALSE;
}

/* ---- word-choice: "the noise form the pub" ---- */

/* "I bought these bulbs form a garden centre", "ordered the charger form your shop": after a
 * verb of getting and its object (a noun right before "form"), before a determiner's place or
 * source ("the bulbs form a clump" has no such verb before its subject). */
static gboolean
getting_form (const F *f)
{
  const char *prev = near (f, -1), *next = near (f, 1), *after = near (f, 2);
  if (prev == NULL || next == NULL || !(noun (prev) || noun_number (f, prev) > 0) ||
      !draftd_candidates_in_list (" a an the your my our their his her this that ", next))
    return FALSE;
  /* "received your bond lodgement form this morning": a time after "this" ends the clause. */
  if (after && draftd_candidates_in_list (" this that ", next) && (draftd_candidates_in_list (time_nouns, after) || calendar_name (after)))
    return FALSE;
  for (gint d = -2; d >= -5 && near (f, d); d--)
    if (draftd_candidates_in_list (" bought buy ordered order got get received receive borrowed borrow downloaded download collected "
                                   "collect picked rented hired purchased ",
                                   near (f, d)))
      return TRUE;
  return FALSE;
}

/* "form" after what comes or is sent from somewhere, or after a verb of coming or hearing, and
 * before a determiner or a name: "from" with two letters swapped ("Students form the
 * majority" has a plural's verb; "the application form the council sent" a compound). Sure. */
gboolean
form_from (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  if (!g_str_equal (w->lower, "form") || prev == NULL || next == NULL)
    return FALSE;
  if (!(draftd_candidates_in_list (" the a an my your his her our their this that ", next) || g_ascii_isupper (f->words[f->i + 1].text[0])) ||
      !draftd_candidates_in_list (" noise noises smell smells letter email message call news reply response feedback support help advice visitors "
                                  "away far came come comes heard hear received receive moved travelled traveled walked drove flew returned "
                                  "graduated borrowed ", prev))
    return getting_form (f) && sure (f, w->start, w->end, "from", DRAFTD_FIX_WORD_CHOICE);
  return sure (f, w->start, w->end, "from", DRAFTD_FIX_WORD_CHOICE);
}

/* "Let's meet on next Monday": "next", "last" and "this" take no preposition. After "be" the
 * "on" is an event's taking place ("The working bee is on this Saturday", "what's on this
 * weekend"), and stays. Sure. */
gboolean
redundant_on (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1);
  if (!g_str_equal (w->lower, "on") || !draftd_candidates_in_list (" next last this ", near (f, 1)) ||
      !draftd_candidates_in_list (" monday tuesday wednesday thursday friday saturday sunday weekend ", near (f, 2)))
    return FALSE;
  /* "Patrol 4 is rostered on this Sunday": a roster's "on" (working) is no day's. */
  if (prev && (draftd_candidates_in_list (" is are was were be been being isn't aren't wasn't weren't rostered scheduled ", prev) || g_str_has_suffix (prev, "'s") ||
               g_str_has_suffix (prev, "'re")))
    return FALSE;
  return sure (f, w->start, f->words[f->i + 1].start, "", DRAFTD_FIX_PREPOSITION);
}

/* ---- word-choice.principal-principle: "I agree in principal" ---- */

/* "the principal of universal basic income", "the principals of democracy": a head's or a
 * loan's principal is of a determined or named thing ("the principal of the school", "of
 * Westfield High"); a bare idea after "of" is a principle's. */
static gboolean
principal_of_idea (F *f)
{
  const Word *w = &f->words[f->i];
  const char *after = near (f, 2);
  if (!draftd_candidates_in_list (" principal principals ", w->lower) || g_strcmp0 (near (f, 1), "of") != 0 || after == NULL ||
      !g_ascii_islower (f->words[f->i + 2].text[0]) || draftd_candidates_function_word (after) ||
      draftd_candidates_in_list (determiners, after) || draftd_candidates_in_list (numbers, after))
    return FALSE;
  return sure (f, w->start, w->end, g_str_equal (w->lower, "principal") ? "principle" : "principles", DRAFTD_FIX_WORD_CHOICE);
}

/* "I wrote to the principle about the bus", "the school principle", "the principle said": a
 * school's head, a person spoken to or speaking, is its principal ("according to the
 * principle", "committed to the principle" are ideas, no one written to). */
static gboolean
principle_person (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1);
  if (!g_str_equal (w->lower, "principle") || prev == NULL)
    return FALSE;
  gboolean school = draftd_candidates_in_list (" school head deputy vice assistant ", prev);
  gboolean determined = draftd_candidates_in_list (" the our your my their his her ", prev);
  gboolean spoken_to = determined && draftd_candidates_in_list (" to with ", near (f, -2)) &&
                       draftd_candidates_in_list (" wrote write writes writing written spoke speak speaks speaking spoken talked talk talks talking "
                                                  "complained complain emailed email went go sent send explained explain reported report "
                                                  "mentioned mention ", near (f, -3));
  gboolean speaks = determined && draftd_candidates_in_list (" said says told asked called emailed phoned rang announced wants wanted ", near (f, 1));
  /* "The principle of Oakfield Academy thanked": the head of a named school. */
  gboolean head = FALSE;
  for (guint k = f->i + 2; determined && g_strcmp0 (near (f, 1), "of") == 0 && k < f->n && k < f->i + 6; k++) {
    if (!g_ascii_isupper (f->words[k].text[0]) || !joined (f, k - 1))
      break;
    if (k > f->i + 2 && draftd_candidates_in_list (" school academy college ", f->words[k].lower)) {
      head = TRUE;
      break;
    }
  }
  return (school || spoken_to || speaks || head) && sure (f, w->start, w->end, "principal", DRAFTD_FIX_WORD_CHOICE);
}

/* "in principal" is "in principle" unless money's principal goes on ("in principal and
 * interest", "in principal payments"). */
gboolean
in_principal (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = f->i + 1 < f->n && joined (f, f->i) ? f->words[f->i + 1].lower : NULL;
  if (principal_of_idea (f) || principle_person (f))
    return TRUE;
  if (!g_str_equal (w->lower, "principal") || g_strcmp0 (near (f, -1), "in") != 0 ||
      (next && (noun (next) || draftd_candidates_in_list (" and or plus ", next))))
    return FALSE;
  return sure (f, w->start, w->end, "principle", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.who-which: "The woman which lives next door" ---- */

/* Nouns only a person is: not "child", "parent", "manager", "worker", "player", "host", "user",
 * which manuals give to tree nodes, programs and threads ("a single child which is"). */
static const char *const who_nouns =
  " man woman boy girl person people friend friends teacher teachers student students doctor doctors guy guys "
  "lady ladies men women neighbour neighbor neighbours neighbors brother sister mother father colleague colleagues "
  "employee employees boss nurse patient patients actor actress singer mentor tutor supervisor landlord landlady knight soldier "
  "soldiers king queen prince princess author writer poet painter farmer farmers customer customers client clients passenger passengers "
  "tenant tenants applicant applicants candidate candidates volunteer volunteers receptionist receptionists waiter waiters "
  "waitress cashier cashiers shopkeeper salesman saleswoman tourist tourists uncle aunt cousin cousins grandmother grandfather "
  "classmate classmates pupil pupils stranger strangers husband wife son daughter lecturer lecturers professor professors chef chefs "
  "baker founder photographer journalist reporter artist musician athlete instructor barista bartender pharmacist dentist surgeon "
  "lawyer accountant architect scientist researcher engineer engineers technician technicians plumber electrician "
  "mechanic mechanics builder builders carpenter gardener hairdresser firefighter paramedic midwife ";
/* Not "editor", "compiler", "specifier", "decorator", "child", "manager", "owner", "coach":
 * WordNet's people are also a program's parts or a thing's, so the list is of words a manual
 * does not use so. */

/* "The guide which showed us around", "a product designer which has experience": a noun
 * whose first sense in WordNet is a person's, with no comma, and after "which" a past only
 * people do to others ("showed us", "told me"; "the guide which shows you how" may be a
 * book), a person's gesture, or "has/had experience". Words a manual gives to parts
 * ("child", "parent", "host", "user", "owner", "worker") are no person there, save a
 * parent, child, owner or manager in a story's past. */
/* People's words a manual gives to parts and a story to people: person_acts() reads them as
 * people only in a story's past, person_which() before "lived" or "died". */
static const char *const story_people = " child children parent parents owner owners leader leaders manager managers ";

static gboolean
person_acts (const F *f, const char *prev, const char *next)
{
  static const char *const human_verbs = " showed told helped taught greeted welcomed thanked warned reassured ";
  g_autofree char *one = prev && g_str_has_suffix (prev, "s") ? draftd_forms_singular (f->c->spell, prev) : NULL;
  if (prev == NULL || next == NULL || !joined (f, f->i - 1) || !joined (f, f->i) ||
      draftd_forms_noun_lexfile (one && draftd_forms_noun_lexfile (prev) < 0 ? one : prev) != DRAFTD_FORMS_PERSON ||
      draftd_candidates_in_list (" host hosts user users worker workers master slave client clients server caller callee sender receiver ", prev))
    return FALSE;
  const char *after = near (f, 2);
  /* "The parent which found a blue lunchbox", "The driver which stopped to help": a story's
   * past of what people do, after "the" and its noun (a manual's parts act in the present). */
  if (f->i >= 2 && g_str_equal (f->words[f->i - 2].lower, "the") &&
      draftd_candidates_in_list (" found stopped rang phoned visited volunteered offered handed donated rescued noticed spotted ", next) &&
      (draftd_candidates_in_list (" a an the to his her their my our your us me him them ", after) || after == NULL))
    return TRUE;
  /* "We thank the annotators which labeled", "the nurses which treated him": any past after a
   * person's noun (an adjective between at most) and "the", save the agents software names
   * ("the driver which crashed", "the editor which opened the file"). */
  static const char *const agents = " driver drivers editor editors player players reader readers writer writers handler handlers "
                                    "listener listeners runner runners builder builders tracker trackers viewer viewers loader loaders "
                                    "scheduler schedulers controller controllers monitor monitors operator operators agent agents "
                                    "broker brokers model models judge judges ";
  guint d = f->i >= 3 && draftd_forms_is (f->words[f->i - 2].lower, 'a') && joined (f, f->i - 3) ? f->i - 3 : f->i - 2;
  if (f->i >= 2 && joined (f, d) && g_str_equal (f->words[d].lower, "the") && !draftd_candidates_in_list (agents, prev) &&
      g_strcmp0 (after, "by") != 0) {
    g_autofree char *base = g_str_has_suffix (next, "ed") ? draftd_candidates_verb_base (f->c->spell, next) : NULL;
    if (draftd_forms_irregular_past (next) || (base && !g_str_equal (base, next) && draftd_forms_is (base, 'v')))
      return TRUE;
  }
  if (draftd_candidates_in_list (story_people, prev))
    return FALSE;
  return (draftd_candidates_in_list (human_verbs, next) && draftd_candidates_in_list (" us me him her them you everyone ", after)) ||
         draftd_candidates_in_list (" smiled laughed apologised apologized ", next) ||
         (draftd_candidates_in_list (" has had ", next) && g_strcmp0 (after, "experience") == 0);
}

/* A person's noun (no comma between) before "which" and a verb takes "who": "the woman which
 * lives"; "the company which employs" and ", which surprised" are left. */
gboolean
person_which (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  /* "My first mentor, which trained me": a person's noun opening the sentence before the
   * relative's comma too ("He thanked the man, which surprised everyone" means the thanks). */
  if (prev == NULL && f->i >= 2 && f->i <= 4 && f->s[f->words[f->i - 1].end] == ',' &&
      draftd_candidates_in_list (" my our your his her their the ", f->words[0].lower))
    prev = f->words[f->i - 1].lower;
  /* "a reference from Mrs Clarke, which supervised me": a titled name before the comma, and a
   * verb of what a person does with others ("I met Mrs Clarke, which surprised me" is about
   * the meeting, and its verbs are no such). */
  if (g_str_equal (w->lower, "which") && f->i >= 2 && f->s[f->words[f->i - 1].end] == ',' && joined (f, f->i - 2) &&
      g_ascii_isupper (f->words[f->i - 1].text[0]) &&
      draftd_candidates_in_list (" mr mrs ms miss dr professor prof sir dame ", f->words[f->i - 2].lower) &&
      draftd_candidates_in_list (" supervised supervises taught teaches trained trains mentored mentors managed manages lives lived works "
                                 "worked runs ran owns owned founded coached coaches treated treats examined repaired fixed built donated "
                                 "organised organized ", next))
    return sure (f, w->start, w->end, "who", DRAFTD_FIX_WORD_CHOICE);
  if (g_str_equal (w->lower, "which") && person_acts (f, prev, next))
    return sure (f, w->start, w->end, "who", DRAFTD_FIX_WORD_CHOICE);
  /* "The mill owners, which lived in large houses": only people live and die, the relative's
   * comma between or not. */
  if (g_str_equal (w->lower, "which") && draftd_candidates_in_list (story_people, prev) && !draftd_candidates_in_list (" child children ", prev) &&
      draftd_candidates_in_list (" lived died ", next))
    return sure (f, w->start, w->end, "who", DRAFTD_FIX_WORD_CHOICE);
  /* "The seasonal workers which came back": a worker of a trade or a season is a person, no
   * thread ("worker threads which"). */
  if (g_str_equal (w->lower, "which") && draftd_candidates_in_list (" worker workers ", prev) && next && !draftd_candidates_in_list (determiners, next) &&
      draftd_candidates_in_list (" seasonal migrant farm factory care health key social youth aid office construction domestic agency ", near (f, -2)))
    return sure (f, w->start, w->end, "who", DRAFTD_FIX_WORD_CHOICE);
  /* "thanks to everyone which contributed": a pronoun of people. */
  if (g_str_equal (w->lower, "which") && draftd_candidates_in_list (" everyone everybody anyone anybody someone somebody ", prev) && next)
    return sure (f, w->start, w->end, "who", DRAFTD_FIX_WORD_CHOICE);
  if (!g_str_equal (w->lower, "which") || !draftd_candidates_in_list (who_nouns, prev) || next == NULL ||
      draftd_candidates_in_list (determiners, next) || draftd_candidates_in_list (" of ", next))
    return FALSE;
  /* "other people which time only solidifies": a bare noun after it is the determiner
   * "which"'s own; a verb after a person takes "-s" or "-ed" ("which lives", "which worked"). */
  /* "The volunteers which help with the tea trolley": a plural's base, a verb too, before
   * its preposition or object is the verb. */
  const char *after = near (f, 2);
  gboolean verb = noun_number (f, prev) > 0 && draftd_forms_is (next, 'v') && after &&
                  (draftd_candidates_in_list (prepositions, after) || draftd_candidates_in_list (" the a an our their us them out ", after));
  if (noun (next) && !g_str_has_suffix (next, "s") && !g_str_has_suffix (next, "ed") && !verb)
    return FALSE;
  return sure (f, w->start, w->end, "who", DRAFTD_FIX_WORD_CHOICE);
}

/* "She opened the letter, who had been sitting there": a made thing or a message before the
 * relative's comma takes "which" ("the band, who", "the company, who" are people). */
gboolean
thing_who (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "who") || f->i < 2 || near (f, 1) == NULL)
    return FALSE;
  static const char *const dets = " the this that my your his her our their a an ";
  if (f->s[f->words[f->i - 1].end] == ',') {
    if (!draftd_candidates_in_list (dets, f->words[f->i - 2].lower))
      return FALSE;
  } else {
    /* "a new laptop who has": without the comma, a singular made thing (an adjective between
     * at most) and a verb's -s right after. */
    guint d = f->i - 2;
    if (d > 0 && joined (f, d - 1) && draftd_forms_is (f->words[d].lower, 'a') && draftd_candidates_in_list (dets, f->words[d - 1].lower))
      d--;
    if (!joined (f, f->i - 1) || !joined (f, d) || !draftd_candidates_in_list (dets, f->words[d].lower) ||
        noun_number (f, f->words[f->i - 1].lower) >= 0 || !g_str_has_suffix (near (f, 1), "s"))
      return FALSE;
  }
  const char *noun_ = f->words[f->i - 1].lower;
  int lex = draftd_forms_noun_lexfile (noun_);
  /* By the noun's first sense ("a man of letters" is a later one). */
  if ((lex != DRAFTD_FORMS_ARTIFACT && lex != DRAFTD_FORMS_COMMUNICATION) || draftd_forms_noun_sense_in (noun_, DRAFTD_FORMS_GROUP) ||
      !(finite_verb (f, near (f, 1)) || draftd_candidates_in_list (draftd_candidates_verb_auxiliaries, near (f, 1))))
    return FALSE;
  return sure_named (f, w->start, w->end, "which", DRAFTD_FIX_WORD_CHOICE, "word-choice.who-which");
}

/* ---- word-choice.comparative: "the most easy part" ---- */

/* A short adjective takes "-est", not "most": "the most easy" -> "the easiest". */
gboolean
most_short (F *f)
{
  static const char *const rows[][2] = {
    { "easy", "easiest" }, { "happy", "happiest" }, { "busy", "busiest" }, { "funny", "funniest" }, { "lucky", "luckiest" },
    { "heavy", "heaviest" }, { "cheap", "cheapest" }, { "big", "biggest" }, { "small", "smallest" }, { "fast", "fastest" },
    { "hard", "hardest" }, { "nice", "nicest" }, { "young", "youngest" }, { "tall", "tallest" }, { "long", "longest" },
    { "short", "shortest" }, { "large", "largest" }, { "high", "highest" }, { "great", "greatest" }, { "safe", "safest" },
    { "early", "earliest" }, { "strong", "strongest" }, { "quick", "quickest" }, { "cold", "coldest" }, { "hot", "hottest" },
    { "warm", "warmest" }, { "close", "closest" }, { "new", "newest" }, { "old", "oldest" },
  };
  const Word *w = &f->words[f->i];
  const char *adj = near (f, 1);
  if (!g_str_equal (w->lower, "most") || g_strcmp0 (near (f, -1), "the") != 0 || adj == NULL)
    return FALSE;
  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    if (g_str_equal (adj, rows[r][0]))
      return sure (f, w->start, f->words[f->i + 1].end, rows[r][1], DRAFTD_FIX_WORD_CHOICE);
  return FALSE;
}

/* ---- word-choice: "started a success business" ---- */

/* "success" as a determiner's modifier of a business, company or person is "successful" ("a
 * success story", "success rate", "the success criteria" are compounds). */
gboolean
success_modifier (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "success") || !draftd_candidates_in_list (" a an the his her their our my very ", near (f, -1)) ||
      !draftd_candidates_in_list (" business businesses company companies career man woman person people writer singer artist "
                                  "entrepreneur restaurant shop brand film", near (f, 1)))
    return FALSE;
  return sure (f, w->start, w->end, "successful", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.make-do: "make my homework" ---- */

/* Homework and housework are done, not made ("make homework fun" makes it something). */
gboolean
make_homework (F *f)
{
  static const char *const pairs[][2] = { { "make", "do" }, { "makes", "does" }, { "made", "did" }, { "making", "doing" } };
  const Word *w = &f->words[f->i];
  guint k = f->i + 1;
  if (!draftd_candidates_in_list (" make makes made making ", w->lower))
    return FALSE;
  /* "made a lot of research", "make some research": a quantity before the noun. */
  if (k + 2 < f->n && joined (f, k) && joined (f, k + 1) && g_str_equal (f->words[k].lower, "a") && g_str_equal (f->words[k + 1].lower, "lot") &&
      g_str_equal (f->words[k + 2].lower, "of"))
    k += 3;
  else if (k + 1 < f->n && joined (f, k) && g_str_equal (f->words[k].lower, "lots") && g_str_equal (f->words[k + 1].lower, "of"))
    k += 2;
  else if (k < f->n && joined (f, f->i) && draftd_candidates_in_list (" my your his her our their the some much more any no enough ", f->words[k].lower))
    k++;
  if (k >= f->n || !joined (f, k - 1) || !draftd_candidates_in_list (" homework housework research shopping laundry ironing ", f->words[k].lower))
    return FALSE;
  const char *after = k + 1 < f->n && joined (f, k) ? f->words[k + 1].lower : NULL;
  if (after && (draftd_forms_is (after, 'a') || noun (after)) && !draftd_candidates_function_word (after))
    return FALSE;
  /* "made" may be the participle ("was made"): after "have" or "be" it is "done". */
  if (g_str_equal (w->lower, "made") && draftd_candidates_in_list (" have has had is was are were be been ", near (f, -1)))
    return sure (f, w->start, w->end, "done", DRAFTD_FIX_WORD_CHOICE);
  return sure_pair (f, pairs, G_N_ELEMENTS (pairs), DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.adverb: "I like very much football" ---- */

/* "very much" between "like" and what is liked goes after it, where that is a noun (with its
 * determiner) ending the clause: "like very much football." ("like very much the way you
 * sing" goes on, and is left). */
gboolean
very_much_order (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "very") || g_strcmp0 (near (f, 1), "much") != 0 ||
      !draftd_candidates_in_list (" like likes liked love loves loved enjoy enjoys enjoyed ", near (f, -1)))
    return FALSE;
  guint k = f->i + 2;
  if (k < f->n && joined (f, k - 1) && draftd_candidates_in_list (" the my your his her our their this that these those ", f->words[k].lower))
    k++;
  if (k >= f->n || !joined (f, k - 1) || !(noun (f->words[k].lower) || noun_number (f, f->words[k].lower) != 0) ||
      (k + 1 < f->n && joined (f, k)))
    return FALSE;
  const Word *e = &f->words[k];
  g_autofree char *rep = g_strdup_printf ("%.*s %.*s", (int) (e->end - f->words[f->i + 2].start), f->s + f->words[f->i + 2].start,
                                          (int) (f->words[f->i + 1].end - w->start), f->s + w->start);
  return sure (f, w->start, e->end, rep, DRAFTD_FIX_WORD_CHOICE);
}

/* "She speaks very well English", "writes fluently German": the manner goes after the
 * language spoken ("speaks very well English and French" is left: where the list ends is
 * the writer's). */
gboolean
manner_before_language (F *f)
{
  static const char *const languages = " english french german spanish italian chinese mandarin japanese russian arabic portuguese dutch "
                                       "polish swedish greek turkish korean hindi ";
  const Word *w = &f->words[f->i];
  guint k = f->i + (g_str_equal (w->lower, "very") || g_str_equal (w->lower, "really") ? 1 : 0);
  if (!draftd_candidates_in_list (" speak speaks spoke speaking write writes wrote writing ", near (f, -1)) || k >= f->n || !joined (f, k) ||
      (k > f->i && !joined (f, f->i)) || !draftd_candidates_in_list (" well fluently badly perfectly ", f->words[k].lower))
    return FALSE;
  const Word *lang = k + 1 < f->n && joined (f, k) ? &f->words[k + 1] : NULL;
  if (lang == NULL || !g_ascii_isupper (lang->text[0]) || !draftd_candidates_in_list (languages, lang->lower) ||
      (k + 2 < f->n && joined (f, k + 1) && draftd_candidates_in_list (" and or ", f->words[k + 2].lower)))
    return FALSE;
  g_autofree char *rep = g_strdup_printf ("%s %.*s", lang->text, (int) (f->words[k].end - w->start), f->s + w->start);
  return sure (f, w->start, lang->end, rep, DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.ing-ed: "The children were very exciting about the trip" ---- */

/* Is `l` a person: a subject pronoun, or a noun whose first sense (of itself or of its
 * singular) is a person's ("children", "students", "my sister")? */
static gboolean
person_word (const F *f, const char *l)
{
  if (l == NULL)
    return FALSE;
  if (draftd_candidates_in_list (subject_pronouns, l))
    return TRUE;
  const char *lemma = draftd_forms_irregular_lemma (l, 'n');
  g_autofree char *sing = lemma == NULL && g_str_has_suffix (l, "s") ? draftd_forms_singular (f->c->spell, l) : NULL;
  const char *n = lemma ? lemma : sing ? sing : l;
  return draftd_forms_noun_lexfile (n) == DRAFTD_FORMS_PERSON && !draftd_forms_is (n, 'a');
}

/* A person who "is exciting about" something feels it: the -ing adjective that describes
 * what causes a feeling, after a person's "be" and before the preposition its -ed twin takes,
 * is that twin ("were very exciting about" -> "excited", "I am interesting in" ->
 * "interested"). What is exciting ("The trip was exciting for") is left; so is "in person". */
gboolean
feeling_ing (F *f)
{
  static const char *const rows[][3] = {
    { "exciting", "excited", " about by " },        { "interesting", "interested", " in " },
    { "boring", "bored", " with of by in during " },          { "confusing", "confused", " about by " },
    { "disappointing", "disappointed", " with by " }, { "surprising", "surprised", " by at " },
    { "frightening", "frightened", " of by " },     { "worrying", "worried", " about " },
    { "annoying", "annoyed", " with by at " },      { "embarrassing", "embarrassed", " about by " },
    { "amazing", "amazed", " by at " },             { "tiring", "tired", " of " },
    { "satisfying", "satisfied", " with " },        { "terrifying", "terrified", " of " },
  };
  const Word *w = &f->words[f->i];
  const char *rep = NULL, *preps = NULL;
  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    if (g_str_equal (w->lower, rows[r][0])) {
      rep = rows[r][1];
      preps = rows[r][2];
    }
  if (rep == NULL || !draftd_candidates_in_list (preps, near (f, 1)) || g_strcmp0 (near (f, 2), "person") == 0)
    return FALSE;
  gint d = -1;
  if (draftd_candidates_in_list (" very so really quite extremely too incredibly often always sometimes usually ", near (f, d)))
    d--;
  const char *be = near (f, d), *subject = near (f, d - 1);
  if (draftd_candidates_in_list (" i'm we're they're you're he's she's ", be))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  if (!draftd_candidates_in_list (" am is are was were ", be) || !person_word (f, subject) || g_str_equal (subject, "it"))
    return FALSE;
  /* "Why are the students ...": a question's "be" comes before its subject. */
  if ((gint) f->i + d - 1 > 0 && draftd_candidates_in_list (" what why how who which ", f->words[f->i + d - 2].lower))
    return FALSE;
  return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-order.adjectives: "a red beautiful dress" ---- */

/* Opinion and size come before colour in English's order of adjectives: a colour, then an
 * adjective of opinion or size, then the noun, after a determiner or at the phrase's start,
 * swap ("a red beautiful dress" -> "a beautiful red dress", "the black big dog" -> "big
 * black"). Both adjectives must be plain ones; "a red hot poker", "navy blue" are no pair. */
gboolean
adjective_order (F *f)
{
  static const char *const colours = " red blue green yellow black white brown grey gray pink purple orange ";
  static const char *const before_colour = " beautiful lovely nice pretty ugly gorgeous elegant cute wonderful horrible "
                                           "stylish fancy big small large little huge tiny long short tall ";
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1), *head = near (f, 2);
  if (!draftd_candidates_in_list (colours, w->lower) || !draftd_candidates_in_list (before_colour, next) || head == NULL ||
      !noun (head) || draftd_candidates_in_list (colours, head) || draftd_candidates_in_list (before_colour, head) || !g_ascii_islower (w->text[0]) ||
      !draftd_candidates_in_list (" a an the my your his her our their this that these those some two three ", near (f, -1)))
    return FALSE;
  const Word *o = &f->words[f->i + 1];
  g_autofree char *rep = g_strdup_printf ("%s %s", o->text, w->text);
  return sure (f, w->start, o->end, rep, DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.adverb: "worked incredible hard" ---- */

/* A degree adjective before an adjective that is no noun ("incredible hard", "terrible
 * sorry") and ends its phrase grades it, as its adverb: "worked incredible hard" ->
 * "incredibly". "extreme cold" ("cold" is a noun too), "an awful lot" and two adjectives
 * before a noun ("some amazing new features") are left. */
gboolean
degree_adjective (F *f)
{
  static const char *const rows[][2] = {
    { "incredible", "incredibly" }, { "terrible", "terribly" }, { "extreme", "extremely" }, { "awful", "awfully" },
    { "unbelievable", "unbelievably" }, { "amazing", "amazingly" }, { "remarkable", "remarkably" }, { "surprising", "surprisingly" },
  };
  const char *next = near (f, 1);
  if (next == NULL || !draftd_forms_is (next, 'a') || draftd_forms_is (next, 'n') || draftd_candidates_function_word (next) ||
      draftd_candidates_in_list (" lot many much few other same ", next) || g_str_has_suffix (next, "ing"))
    return FALSE;
  /* "some amazing new capabilities", "the same awful waxen pallor": two adjectives before
   * their noun may each describe it. */
  const char *after = near (f, 2);
  if (after && (noun (after) || noun_number (f, after) > 0) && !draftd_candidates_function_word (after))
    return FALSE;
  return sure_pair (f, rows, G_N_ELEMENTS (rows), DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice: "made a lot of photos" ---- */

/* Photos are taken ("made a lot of photos" -> "took"): "make" and a quantity or adjectives
 * (three words at most) before photo(s), photograph(s) or selfie(s). */
gboolean
make_photos (F *f)
{
  static const char *const pairs[][2] = { { "make", "take" }, { "makes", "takes" }, { "made", "took" }, { "making", "taking" } };
  const Word *w = &f->words[f->i];
  if (!draftd_candidates_in_list (" make makes made making ", w->lower))
    return FALSE;
  for (guint k = f->i + 1; k < f->n && k <= f->i + 4 && joined (f, k - 1); k++) {
    const char *l = f->words[k].lower;
    if (draftd_candidates_in_list (" photo photos photograph photographs selfie selfies ", l)) {
      /* "made a photo album": the photo is a compound's. */
      const char *after = k + 1 < f->n && joined (f, k) ? f->words[k + 1].lower : NULL;
      if (after && noun (after) && !draftd_candidates_function_word (after))
        return FALSE;
      /* "made" after "have" or "be" is the participle: "taken". */
      if (g_str_equal (w->lower, "made") && draftd_candidates_in_list (" have has had is was are were be been ", near (f, -1)))
        return sure (f, w->start, w->end, "taken", DRAFTD_FIX_WORD_CHOICE);
      return sure_pair (f, pairs, G_N_ELEMENTS (pairs), DRAFTD_FIX_WORD_CHOICE);
    }
    if (!draftd_candidates_in_list (" a an the some many lots lot of few several nice great good beautiful amazing lovely more loads hundreds dozens "
                                    "my our his her their your these those ",
                                    l) &&
        !g_ascii_isdigit (l[0]))
      return FALSE;
  }
  return FALSE;
}

/* ---- word-choice: learners' fixed phrases ---- */

/* "telling the true" is the noun "truth"; "almost people" is "most people" ("almost all
 * people" is left). */
gboolean
learner_phrase (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  if (g_str_equal (w->lower, "true") && g_strcmp0 (prev, "the") == 0 &&
      draftd_candidates_in_list (" tell tells told telling say says said saying know knew knows ", near (f, -2)) &&
      next == NULL)
    return sure (f, w->start, w->end, "truth", DRAFTD_FIX_WORD_CHOICE);
  if (g_str_equal (w->lower, "almost") && draftd_candidates_in_list (" people students children teachers parents adults countries ", next))
    return sure (f, w->start, w->end, "most", DRAFTD_FIX_WORD_CHOICE);
  return FALSE;
}

/* ---- learners' word choices, by their words' parts of speech ---- */

/* "on a quite street": after an article and before a noun that is no adjective, "quiet". */
gboolean
quite_noun (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  if (!g_str_equal (w->lower, "quite") || !draftd_candidates_in_list (" a the this that ", near (f, -1)) || !noun (next) ||
      draftd_forms_is (next, 'a') || draftd_forms_is (next, 'r') || g_str_has_suffix (next, "ly"))
    return FALSE;
  return sure (f, w->start, w->end, "quiet", DRAFTD_FIX_WORD_CHOICE);
}

/* "do a decision", "did a mistake": decisions and mistakes are made. */
gboolean
do_decision (F *f)
{
  static const char *const pairs[][2] = { { "do", "make" }, { "does", "makes" }, { "did", "made" }, { "doing", "making" }, { "done", "made" } };
  if (!draftd_candidates_in_list (" a the this that my your his her our their ", near (f, 1)) ||
      !draftd_candidates_in_list (" decision decisions mistake mistakes ", near (f, 2)))
    return FALSE;
  return sure_pair (f, pairs, G_N_ELEMENTS (pairs), DRAFTD_FIX_WORD_CHOICE);
}

/* "about 12 kilometre long": a number above one and a unit before a measure's adjective takes
 * the plural ("a 12 kilometre walk", "a 5 year old son" are compounds before their noun). */
gboolean
unit_plural (F *f)
{
  static const char *const units = " kilometre kilometer metre meter mile foot inch centimetre centimeter millimetre millimeter "
                                   "yard kilogram kilo gram pound ton tonne litre liter hour minute day week month year ";
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  if (!draftd_candidates_in_list (units, w->lower) || w->start < 3 || f->s[w->start - 1] != ' ' || !g_ascii_isdigit (f->s[w->start - 2]) ||
      !(draftd_candidates_in_list (" long wide tall high deep thick away ", next) ||
        (next == NULL && f->i + 1 < f->n && f->s[w->end] == ',')))
    return FALSE;
  gsize d = w->start - 1;
  while (d > 0 && (g_ascii_isdigit (f->s[d - 1]) || f->s[d - 1] == '.' || f->s[d - 1] == ','))
    d--;
  if (d > 0 && g_ascii_isalpha (f->s[d - 1]))
    return FALSE;
  if (g_ascii_strtod (f->s + d, NULL) == 1.0)
    return FALSE;
  g_autofree char *plural = g_str_equal (w->lower, "foot") ? g_strdup ("feet") : g_strconcat (w->lower, "s", NULL);
  return sure (f, w->start, w->end, plural, DRAFTD_FIX_AGREEMENT);
}

/* ---- punctuation.possessive-apostrophe: "the childrens toys" ---- */

/* A plural without "s" that a writer gives one ("childrens", "womens", "mens") before a noun
 * is its possessive; elsewhere the spelling's own candidates decide. */
gboolean
plural_possessive (F *f)
{
  const Word *w = &f->words[f->i];
  static const char *const rows[][2] = { { "childrens", "children's" }, { "womens", "women's" }, { "mens", "men's" } };
  const char *next = near (f, 1);
  for (guint r = 0; r < G_N_ELEMENTS (rows); r++) {
    if (!g_str_equal (w->lower, rows[r][0]))
      continue;
    /* "The womens' team": the apostrophe after the "s" goes too. */
    if (f->s[w->end] == '\'' && f->i + 1 < f->n && f->words[f->i + 1].start == w->end + 2)
      return sure (f, w->start, w->end + 1, rows[r][1], DRAFTD_FIX_SPELLING);
    if (next && (noun_number (f, next) != 0 || draftd_forms_is (next, 'a')) && !draftd_candidates_function_word (next))
      return sure (f, w->start, w->end, rows[r][1], DRAFTD_FIX_SPELLING);
  }
  return FALSE;
}

/* ---- word-choice.fewer-less: "less people" ---- */

/* "less" counts no plural: "less people", "less cars" are "fewer"; a plural that is a mass
 * or a subject's name ("less news", "less mathematics") has no singular noun of its own. */
gboolean
fewer_for_less (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1), *prev = near (f, -1);
  if (!g_str_equal (w->lower, "less") || next == NULL || draftd_candidates_in_list (" much far no even any ", prev))
    return FALSE;
  gboolean plural = draftd_candidates_in_list (" people children men women ", next);
  if (!plural && g_str_has_suffix (next, "s") && !g_str_has_suffix (next, "ss") && strlen (next) > 3) {
    g_autofree char *sing = draftd_forms_singular (f->c->spell, next);
    /* Nor a verb's -s form: "Less uses termcap" names the pager. */
    /* "uses less parts than": before "than" a noun that is a verb too is the noun. */
    /* After a clause's verb ("makes less mistakes") the -s word is that verb's object. */
    plural = sing && !g_str_equal (sing, next) && draftd_forms_is (sing, 'n') &&
             (!draftd_forms_is (sing, 'v') || g_strcmp0 (near (f, 2), "than") == 0 || draftd_candidates_in_list (" were are have had ", prev) ||
              (prev && finite_verb (f, prev) && !draftd_candidates_function_word (prev))) &&
             !draftd_forms_is (next, 'a') &&
             !draftd_candidates_in_list (mass_nouns, sing);
  }
  /* "received less bug reports from": a noun that is no adjective, then a plural (one that
   * may be a verb's -s form only where its phrase ends), with a verb before "less" ("less
   * expensive cars" has an adjective). */
  const char *n2 = near (f, 2);
  const char *n3 = near (f, 3);
  if (!plural && n2 && noun (next) && !draftd_forms_is (next, 'a') && !draftd_candidates_function_word (next) && prev &&
      (finite_verb (f, prev) || draftd_candidates_in_list (" have has had ", prev)) && g_str_has_suffix (n2, "s") && !g_str_has_suffix (n2, "ss")) {
    g_autofree char *sing2 = draftd_forms_singular (f->c->spell, n2);
    gboolean ends = n3 == NULL || g_str_equal (n3, "than") || draftd_candidates_in_list (prepositions, n3);
    plural = sing2 && !g_str_equal (sing2, n2) && noun (sing2) && (!draftd_forms_is (sing2, 'v') || ends) &&
             !draftd_candidates_in_list (mass_nouns, sing2);
  }
  return plural && sure (f, w->start, w->end, "fewer", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.redundant: "Although it was raining, but we went" ---- */

/* A sentence opened by "although" or "though" has its main clause after the comma; a "but"
 * there joins nothing. */
gboolean
although_but (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "but") || f->i < 3 || !f->c->sentence_start ||
      !draftd_candidates_in_list (" although though ", f->words[0].lower) || f->s[f->words[f->i - 1].end] != ',')
    return FALSE;
  /* Only the first comma: "Although it rained, we walked, but slowly" is another "but". */
  for (guint k = 0; k + 1 < f->i; k++)
    if (strchr (",;:", f->s[f->words[k].end]))
      return FALSE;
  return sure (f, w->start, f->words[f->i + 1].start, "", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.to-too: "to" for "too" before an adjective or a degree ---- */

static const char *const to_too_linking = " is are was were am be been being it's that's looks look looked seem seems seemed feel feels "
                                          "felt sounds sound sounded become becomes became ";

/* "The dress looks to expensive", "It is to late for that", "is to heavy to lift": after a
 * linking verb, "to" before an adjective that is no verb is the adverb "too" ("is to blame",
 * "is to clean" are infinitives, and so is "was to first generate"; "looks to significant
 * changes" is "towards"). Sure where the adjective ends its phrase (a function word or the
 * clause's end after it); an adjective that is also a noun only before "to" or "for" ("is to
 * cold for", not "was to iron shirts"). A degree ("to far", "to late", "to much") also after a
 * verb's past ("walked to far"), judged there. */
static gboolean
to_too_adjective (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1), *after = near (f, 2);
  if (next == NULL || prev == NULL)
    return FALSE;
  /* "was far to salty", "is way to expensive": a degree between. */
  gboolean linking = draftd_candidates_in_list (to_too_linking, prev) ||
                     (draftd_candidates_in_list (" far way much ", prev) && draftd_candidates_in_list (to_too_linking, near (f, -2)));
  gboolean degree = draftd_candidates_in_list (" far late early much many ", next);
  gboolean adjective = draftd_forms_is (next, 'a') && !draftd_forms_is (next, 'v') && !draftd_candidates_function_word (next) &&
                       (!draftd_forms_is (next, 'n') || after == NULL || draftd_candidates_in_list (" to for ", after));
  gboolean ends = after == NULL || draftd_candidates_function_word (after);
  if (linking && (adjective || degree) && ends)
    return sure (f, w->start, w->end, "too", DRAFTD_FIX_WORD_CHOICE);
  /* "you do not need to come in to early", "we got there to late.": no place is "early" or
   * "late" where the phrase ends ("to early March", "from early to late" have theirs). */
  gboolean from = g_strcmp0 (near (f, -2), "from") == 0 || g_strcmp0 (near (f, -3), "from") == 0;
  if (draftd_candidates_in_list (" early late ", next) && !from && (after == NULL || draftd_candidates_in_list (" for and but because so to ", after)) &&
      (f->i + 2 >= f->n || !joined (f, f->i + 1) || after))
    return sure (f, w->start, w->end, "too", DRAFTD_FIX_WORD_CHOICE);
  /* "The walls were to thin and": an adjective that is a verb too ("thin", "clean", "slow")
   * may be the infinitive ("The plan is to clean and paint"): the target judges. */
  gboolean verb_too = draftd_forms_is (next, 'a') && !draftd_candidates_function_word (next) && !draftd_forms_is (next, 'n');
  if ((linking && (adjective || degree || (verb_too && ends))) || (degree && g_str_has_suffix (prev, "ed"))) {
    const char *alts[] = { "too" };
    return judge (f, w->start, w->end, alts, 1, DRAFTD_FIX_WORD_CHOICE, 0);
  }
  return FALSE;
}

/* "to" where a clause ends on it: "I want it to, because", "is to cold." after a word that no
 * infinitive's "to" ends ("give it to." is a preposition left hanging), judged. */
gboolean
to_too (F *f)
{
  const Word *w = &f->words[f->i];
  /* "You should to bring": a modal's "to" is modal_to()'s. */
  if (!g_str_equal (w->lower, "to") || f->i == 0 || draftd_candidates_in_list (modals, near (f, -1)))
    return FALSE;
  /* "move it from 9am to later this afternoon": a range's "from" before it. */
  for (guint k = f->i >= 4 ? f->i - 4 : 0; k + 1 < f->i; k++)
    if (g_str_equal (f->words[k].lower, "from"))
      return FALSE;
  if (to_too_adjective (f))
    return TRUE;
  const char *prev = near (f, -1), *next = near (f, 1);
  /* "The pressure is to low for a boiler": "be", "to", a plain degree adjective and the
   * phrase's end or its "for" (an infinitive has its object: "is to cool the engine"); "The
   * mash was far to thick at first", "was to small on mobile screens": a degree between, and
   * a preposition after an adjective that is no verb ("The plan is to thin at least half" is
   * an infinitive). */
  const char *be = draftd_candidates_in_list (" far way much ", prev) ? near (f, -2) : prev;
  const char *after = near (f, 2);
  if (draftd_candidates_in_list (" is are was were be been ", be) &&
      draftd_candidates_in_list (" low high cold hot warm late early long short small big expensive cheap slow fast loud heavy dark busy tired "
                                 "full hard difficult easy weak strong thin thick far dangerous young old wet dry soft ",
                                 next) &&
      (after == NULL || draftd_candidates_in_list (" for and but to ", after) ||
       (draftd_candidates_in_list (" at on in with when if ", after) && !draftd_forms_is (next, 'v'))))
    return sure (f, w->start, w->end, "too", DRAFTD_FIX_WORD_CHOICE);
  gboolean clause_end = next == NULL ? f->i + 1 >= f->n || f->s[w->end] == ',' : draftd_candidates_in_list (" because but so ", next);
  gboolean pronoun = prev && draftd_candidates_in_list (" me it us them him her ", prev) && near (f, -2) &&
                     !draftd_candidates_in_list (" give gave given send sent show showed tell told bring brought lend lent read write wrote "
                                                 "hand handed pass passed offer offered explain explained say said belong belongs ",
                                                 near (f, -2));
  /* "is to cold.": a word that is no verb ("me to cry." is an infinitive), then the sentence's or
   * clause's end. */
  /* A noun that is no adjective is the preposition's object ("When it comes to money, he"). */
  /* "from nine to ninety,": a number is a range's end. */
  /* "lost a whole crop to something,": an indefinite pronoun is the preposition's object too. */
  gboolean word_then_end = next && !draftd_forms_is (next, 'v') && !(noun (next) && !draftd_forms_is (next, 'a')) && f->i + 1 < f->n &&
                           !draftd_candidates_in_list (" something anything nothing everything someone anyone everyone somebody anybody "
                                                       "everybody nobody somewhere anywhere everywhere nowhere ",
                                                       next) &&
                           !draftd_candidates_in_list (numbers, next) && !g_ascii_isdigit (next[0]) &&
                           strchr (".,!?;", f->s[f->words[f->i + 1].end]) && f->s[f->words[f->i + 1].end];
  /* "I want to come to!", "Can we go to?": "come", "go" or "join" and its "to" ending the
   * clause that a subject pronoun opens ("the party I want to go to" strands the preposition
   * of a noun before the pronoun, and is left). */
  gboolean also = FALSE;
  if (clause_end && draftd_candidates_in_list (" come go join ", prev)) {
    gint s = g_strcmp0 (near (f, -2), "to") == 0 && draftd_candidates_in_list (" want wants wanted like love would ", near (f, -3)) ? -4
             : draftd_candidates_in_list (" can could may ", near (f, -3)) ? -2 : 0;
    const char *subject = s ? near (f, s) : NULL;
    guint at = s ? f->i + (guint) s : 0;
    also = subject && draftd_candidates_in_list (" i we you they he she ", subject) &&
           (s == -4 ? opens_clause (f, at, " and but so because ") : (at >= 1 && opens_clause (f, at - 1, " and but so because ")));
  }
  if (also)
    return sure (f, w->start, w->end, "too", DRAFTD_FIX_WORD_CHOICE);
  if ((clause_end && pronoun) || word_then_end) {
    const char *alts[] = { "too" };
    return judge (f, w->start, w->end, alts, 1, DRAFTD_FIX_WORD_CHOICE, 0);
  }
  return FALSE;
}

/* ---- word-choice.you-your: "you" for "your" before a preposition's noun ---- */

/* "an advantage to you knowledge", "in you house": after a preposition, "you" before a noun
 * that is no verb or adjective, where that noun ends its phrase, is the possessive ("to you
 * guys", "for you today" are left: a group's noun, a time's). Judged. */
gboolean
you_your (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1), *after = near (f, 2);
  if (!g_str_equal (w->text, "you") || prev == NULL || next == NULL || !draftd_candidates_in_list (prepositions, prev))
    return FALSE;
  /* "Those of you finishing your course": a part of the group addressed. */
  if (g_str_equal (prev, "of") && draftd_candidates_in_list (" those all some many each most none any one both few several ", near (f, -2)))
    return FALSE;
  if (!draftd_forms_is (next, 'n') || draftd_forms_is (next, 'v') || draftd_forms_is (next, 'a') ||
      draftd_candidates_function_word (next) ||
      draftd_candidates_in_list (" guys people folks all both two ladies gentlemen yesterday today tomorrow tonight ", next))
    return FALSE;
  if (after && !draftd_candidates_function_word (after) && !draftd_candidates_in_list (prepositions, after))
    return FALSE;
  const char *alts[] = { "your" };
  return judge (f, w->start, w->end, alts, 1, DRAFTD_FIX_WORD_CHOICE, 0);
}

/* ---- word-choice.pronoun-case: "my brother and me went", "between you and I" ---- */

/* Does the word look like a finite verb: an auxiliary, a past, a present of either number? */
gboolean
finite_verb (const F *f, const char *l)
{
  if (l == NULL)
    return FALSE;
  if (draftd_candidates_in_list (" am are is was were have has had do does did can could will would should may might must ", l))
    return TRUE;
  const char *lemma = draftd_forms_irregular_lemma (l, 'v');
  if (lemma && !g_str_equal (lemma, l))
    return TRUE;
  g_autofree char *other = NULL;
  g_autoptr (GPtrArray) fam = g_str_has_suffix (l, "ed") ? draftd_forms_verb_family (f->c->spell, l) : NULL;
  return (fam && fam->len > 0) || verb_number (f, l, &other) != 0;
}

/* "Me and my cousin went" opens with the object pronoun; the subject it means is "My cousin
 * and I", the other person first, as writers and editors put it ("I and my cousin" is no
 * fix anyone makes). Sure where the other is a name or a noun phrase right before a finite
 * verb. */
/* The finite verb after the other part of a pronoun's pair, from words[from]: a name or a noun
 * phrase right before it ("Me and my husband are", "him and his wife would"); 0 where none. */
static guint
pair_verb (const F *f, guint from)
{
  guint verb = from;
  /* After its determiner a word is the noun, whatever else it can be. */
  while (verb < f->n && verb < from + 4 &&
         (!finite_verb (f, f->words[verb].lower) || (verb > from && draftd_candidates_in_list (determiners, f->words[verb - 1].lower))))
    verb++;
  if (verb == from || verb >= f->n || !joined (f, verb - 1))
    return 0;
  guint k = from;
  gboolean name = verb == from + 1 && g_ascii_isupper (f->words[from].text[0]);
  return name || (noun_phrase (f, &k, verb) >= 0 && k == verb) ? verb : 0;
}

static gboolean
me_and_opening (F *f)
{
  const Word *w = &f->words[f->i];
  if (f->i != 0 || !f->c->sentence_start || !g_str_equal (w->lower, "me") || g_strcmp0 (near (f, 1), "and") != 0 || f->n < 4)
    return FALSE;
  guint from = 2, verb = pair_verb (f, from);
  if (verb == 0)
    return FALSE;
  const char *other = f->s + f->words[from].start;
  g_autofree char *rep = g_strdup_printf ("%c%.*s and I", g_ascii_toupper (other[0]),
                                          (int) (f->words[verb - 1].end - f->words[from].start - 1), other + 1);
  draftd_candidates_add (f->out, w->start, f->words[verb - 1].end, rep, DRAFTD_FIX_WORD_CHOICE, DRAFTD_CANDIDATE_CERTAIN, f->site++);
  return TRUE;
}

/* Each object pronoun and its subject's form. */
static const char *const subject_of[][2] = { { "her", "she" }, { "him", "he" }, { "us", "we" }, { "them", "they" }, { "me", "I" } };

/* "split between he and his sister": "between" takes objects, the first one too. "The coach
 * gave we players a talk": "we" + a plural after a verb of giving or telling is its object,
 * where no verb follows for it to be a clause's subject. */
static gboolean
object_pronoun (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  if (g_strcmp0 (prev, "between") == 0 && g_strcmp0 (next, "and") == 0)
    for (guint k = 0; k < 4; k++)  /* not "I": "between you and I" is the rule's below */
      if (g_str_equal (w->lower, subject_of[k][1]))
        return sure (f, w->start, w->end, subject_of[k][0], DRAFTD_FIX_WORD_CHOICE);
  return g_str_equal (w->lower, "we") && next && noun_number (f, next) > 0 && !finite_verb (f, near (f, 2)) &&
         draftd_candidates_in_list (" gave give gives giving told tell tells telling taught teach teaches showed show shows offered offer "
                                    "offers sent send sends asked ask asks ",
                                    prev) &&
         sure (f, w->start, w->end, "us", DRAFTD_FIX_WORD_CHOICE);
}

/* Is the word `d` places from words[i] a noun, whatever else it can be: after its
 * determiner ("my husband and I"), a compound's head after its determiner and modifier ("asked
 * my lab partner and I"; "the professor asked" has a past), or a name inside the sentence
 * ("ring Mark or I")? */
static gboolean
noun_at (const F *f, gint d)
{
  const char *p = near (f, d), *before = near (f, d - 1);
  if (p == NULL)
    return FALSE;
  const char *lemma = draftd_forms_irregular_lemma (p, 'v');
  gboolean compound = before && draftd_candidates_in_list (determiners, near (f, d - 2)) && noun (before) && noun (p) &&
                      !draftd_candidates_function_word (before) && !g_str_has_suffix (p, "ed") && (lemma == NULL || g_str_equal (lemma, p));
  return compound || (before && draftd_candidates_in_list (determiners, before)) ||
         ((gint) f->i + d > 0 && g_ascii_isupper (f->words[(gint) f->i + d].text[0]));
}

/* A verb of telling within four words before words[f->i] ("told my friend and I that"). */
static gboolean
told_before (const F *f)
{
  for (gint d = -2; d >= -5; d--)
    if (draftd_candidates_in_list (" told tell tells telling showed show shows warned reminded informed assured promised ", near (f, d)))
      return TRUE;
  return FALSE;
}

/* "My colleague Achieng and me travelled": words[start..and) are a noun phrase and the name
 * it is in apposition to. */
static gboolean
named_apposition (const F *f, guint start, guint and)
{
  guint k = start;
  return and > start + 1 && g_ascii_isupper (f->words[and - 1].text[0]) && noun_phrase (f, &k, and - 1) >= 0 && k == and - 1 &&
         joined (f, and - 2);
}

/* "Dan and me cleaned up", "Tasha and him walked": an object pronoun after "and" before the
 * clause's verb, with a noun phrase or a name from the clause's start to "and": the subject's
 * pronoun. */
static gboolean
paired_subject (F *f, const char *subject)
{
  const Word *w = &f->words[f->i];
  /* The subject: a noun phrase or a name from the clause's start to "and". The clause starts
   * at the sentence's start, after an opening phrase's comma ("After the party, Dan and me
   * cleaned up"), or, for a name, after an opening time ("Last night Dan and me cooked"). */
  guint and = f->i - 1, start = 0;
  for (guint j = 1; j < and; j++)
    if (strchr (",;", f->s[f->words[j - 1].end]))
      start = j;
  /* "On Sunday my sister and me went": an opening time without its comma. */
  if (and > start + 2 && draftd_candidates_in_list (" on in at last this next ", f->words[start].lower) &&
      (calendar_name (f->words[start + 1].lower) ||
       draftd_candidates_in_list (" morning afternoon evening night weekend week month year summer winter spring autumn ", f->words[start + 1].lower)))
    start += 2;
  else if (and > start + 1 && draftd_candidates_in_list (" yesterday today tonight ", f->words[start].lower))
    start += 1;
  guint k = start;
  gboolean time_before = and >= 2 && and - 1 > start && g_ascii_isupper (f->words[and - 1].text[0]) &&
                         draftd_candidates_in_list (" night yesterday today tonight morning afternoon evening weekend week month year ", f->words[and - 2].lower);
  gboolean name = (and == start + 1 && (f->words[start].fixed || g_ascii_isupper (f->words[start].text[0]) ||
                                        draftd_candidates_in_list (" she he we they you ", f->words[start].lower))) ||
                  time_before;
  if (name || (noun_phrase (f, &k, and) >= 0 && k == and) || named_apposition (f, start, and))
    return sure (f, w->start, w->end, subject, DRAFTD_FIX_WORD_CHOICE);
  return FALSE;
}

gboolean
pronoun_case (F *f)
{
  if (me_and_opening (f))
    return TRUE;
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  /* "Her and her sister live", "Us students need": an object pronoun opens the sentence. */
  if (f->i == 0 && f->c->sentence_start && next && (g_str_equal (next, "and") || (g_str_equal (w->lower, "us") && noun_number (f, next) > 0)))
    for (guint k = 0; k < 4; k++)
      if (g_str_equal (w->lower, subject_of[k][0]))
        return sure (f, w->start, w->end, subject_of[k][1], DRAFTD_FIX_WORD_CHOICE);
  if (object_pronoun (f))
    return TRUE;
  if (!draftd_candidates_in_list (" and or ", prev) || f->i < 2)
    return FALSE;
  /* "Tasha and him walked": "him", "her", "them", "us" likewise. */
  const char *subject = NULL;
  for (guint k = 0; k < G_N_ELEMENTS (subject_of); k++)
    if (g_str_equal (w->lower, subject_of[k][0]))
      subject = subject_of[k][1];
  if (subject && finite_verb (f, next) && !g_str_has_suffix (next, "ing") && (g_str_equal (w->lower, "me") || !noun (next)))
    return paired_subject (f, subject);
  /* "gave Tom and I a new plan": a subject's "I" takes a verb after it, never a determiner;
   * before one it is the first object of a verb that takes two. "contact Sam or I directly.":
   * a manner adverb that ends the clause leaves "I" no verb either. */
  /* "drove Jake and I home": a place's adverb leaves "I" no verb too. */
  static const char *const ends = " last yesterday today tomorrow if when because after before during until home so unless ";
  gboolean adverb_ends = (adverb (next) || draftd_candidates_in_list (" only just also even still ", next)) && (near (f, 2) == NULL || draftd_candidates_in_list (prepositions, near (f, 2)) ||
                                           draftd_candidates_in_list (ends, near (f, 2)) || draftd_candidates_in_list (" rather instead ", near (f, 2)));
  /* "safe for Lucy and I all morning": a span of time ("Lucy and I all agreed" has a verb). */
  adverb_ends |= g_strcmp0 (next, "all") == 0 && draftd_candidates_in_list (" morning afternoon evening night day week weekend year summer ", near (f, 2));
  /* "gave my friend and I extra homework": an adjective or a noun that is no verb, no adverb. */
  gboolean nominal_next = next && !draftd_forms_is (next, 'v') && !finite_verb (f, next) && !draftd_candidates_function_word (next) && !adverb (next) &&
                          !g_str_has_suffix (next, "ly") && (draftd_forms_is (next, 'a') || noun (next));
  /* "gave Sarah and I detailed instructions": an adjective that is a verb's past too, before
   * a plural noun with no determiner, describes it. */
  const char *n2 = near (f, 2);
  nominal_next |= next && n2 && g_str_has_suffix (next, "ed") && draftd_forms_is (next, 'a') && noun_number (f, n2) > 0 &&
                  !draftd_candidates_function_word (n2);
  /* "told my friend and I that we had to", "send it to Karen or I and we'll add it": a clause
   * after the object, the told one's or the next one. */
  gboolean clause_next = (g_strcmp0 (next, "that") == 0 && told_before (f)) ||
                         (draftd_candidates_in_list (" and but so ", next) && n2 &&
                          draftd_candidates_in_list (" we we'll we're she he they they'll you i'll ", n2));
  if (!g_str_equal (w->text, "I") || (next && !draftd_candidates_in_list (prepositions, next) && !draftd_candidates_in_list (ends, next) &&
                                        !draftd_candidates_in_list (" a an the my your his her our their some this ", next) && !adverb_ends &&
                                        !nominal_next && !clause_next))
    return FALSE;
  /* "to Sarah and I.", "between you and I": the object of a preposition or an -ing verb;
   * "call Tom or I if": of a verb other than "be" ("It was Tom and I" is formal, not wrong). */
  for (gint d = -2; d >= -5; d--) {
    const char *p = near (f, d);
    gboolean noun = noun_at (f, d);
    if (p == NULL || draftd_candidates_in_list (draftd_candidates_clause_words, p) || draftd_candidates_in_list (" is are was were be been being am ", p))
      return FALSE;
    if (draftd_candidates_in_list (" between for to with from of about like at by ", p) || (g_str_has_suffix (p, "ing") && strlen (p) > 4) ||
        (d < -2 && !noun && finite_verb (f, p)))
      return sure (f, w->start, w->end, "me", DRAFTD_FIX_WORD_CHOICE);
    if (!noun && finite_verb (f, p))
      return FALSE;
  }
  return FALSE;
}

/* ---- word-choice.adverb: "speaks English very good" ---- */

/* adverb_of, this section's table, and ADVERB_OF_DEGREED are in families-en-private.h. */
/* Verbs an adjective completes ("looks good", "made it easy", "kept quiet"). */
static const char *const linking =
  " be am is are was were been being seem seems seemed look looks looked feel feels felt sound sounds sounded taste tastes tasted "
  "smell smells smelled become became becomes get gets got remain remains remained stay stays stayed appear appears appeared "
  "turn turns turned grow grows grew keep keeps kept prove proves proved make makes made find finds found consider considered "
  "think thought want wants wanted like likes liked call called leave left paint painted hold held set come came comes "
  /* "responsible for keeping the drains clear": the -ing forms make their object so too. */
  "keeping making leaving getting finding holding painting turning ";

/* An adverb of manner: one of the table's, one that is its adjective's too ("fast", "hard"),
 * or an adjective's -ly form ("quickly", "happily"). */
gboolean
adverb (const char *l)
{
  if (l == NULL)
    return FALSE;
  if (draftd_candidates_in_list (" fast hard late early loud straight ", l))
    return TRUE;
  for (guint k = 0; k < G_N_ELEMENTS (adverb_of); k++)
    if (g_str_equal (l, adverb_of[k][1]))
      return TRUE;
  gsize n = strlen (l);
  if (n < 5 || !g_str_has_suffix (l, "ly"))
    return FALSE;
  g_autofree char *base = g_strndup (l, n - 2), *y = g_strdup_printf ("%.*sy", (int) (n - 3), l);
  return draftd_forms_is (base, 'a') || (l[n - 3] == 'i' && draftd_forms_is (y, 'a'));
}

/* An activity's -ing form the adjective after it goes with: one of the listed ones, or, with
 * a degree word between ("has been eating very slow"), a progressive's -ing form (after
 * "be" or "keep") whose verb takes no adjective ("getting very cold", "looking really good",
 * "going bad" are left, and "makes exploring OpenGL programming very easy" is a noun's). */
static gboolean
activity_ing (F *f, gint d)
{
  const char *l = near (f, d);
  if (draftd_candidates_in_list (" working performing playing speaking singing driving cooking behaving dancing ", l))
    return TRUE;
  if (d == -1 || l == NULL || !gerund_word (f, l) ||
      !draftd_candidates_in_list (" is are was were am be been being keep keeps kept ", near (f, d - 1)))
    return FALSE;
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, l);
  return fam->len > 0 && !draftd_candidates_in_list (linking, fam->pdata[0]) && !draftd_candidates_in_list (" go end ", fam->pdata[0]);
}

/* Does the adjective at words[f->i] end its clause: nothing after it, or a time or a place?
 * "performed very good this season": a time's phrase ends it too, as does a span's
 * preposition ("behaved very good during the drive", "played bad throughout the half");
 * "worked very consistent all year" too; "explains things so clear that everyone" is a
 * result's clause after its "so". */
static gboolean
manner_ends (const F *f, const char *next, gboolean so_that)
{
  /* "rode very careful down the wet descent": a direction's preposition after a degree word. */
  gboolean down = draftd_candidates_in_list (" down up ", next) && draftd_candidates_in_list (" very really so too quite extremely ", near (f, -1));
  gboolean time = down || (draftd_candidates_in_list (" this last all every ", next) &&
                           draftd_candidates_in_list (" season year week month morning night time weekend summer winter spring autumn day ", near (f, 2)));
  /* "spoke very rude to us": after a verb of speaking, "to" names the listener ("was rude to
   * us" is the adjective's, after "be"). */
  gboolean listener = g_strcmp0 (next, "to") == 0 &&
                      (draftd_candidates_in_list (" spoke speak speaks talked talk talks replied reply replies answered behaved acted respond responds responded react reacts reacted ", near (f, -1)) ||
                       (draftd_candidates_in_list (" very really so too quite extremely ", near (f, -1)) &&
                        draftd_candidates_in_list (" spoke speak speaks talked talk talks replied reply replies answered behaved acted respond responds responded react reacts reacted ", near (f, -2))));
  /* "works good as long as you", "ran smooth as expected": a condition's or a comparison's "as". */
  gboolean as = g_strcmp0 (next, "as") == 0 && draftd_candidates_in_list (" long soon expected usual always ever ", near (f, 2));
  return next == NULL || time || so_that || listener || as ||
         draftd_candidates_in_list (" yesterday today now lately recently at in on for with when because and but together compared overall ", next) ||
         draftd_candidates_in_list (" during throughout until after before despite since ", next) ||
         /* "drove very careful through the snow"; but "stretched clear around the corner" is
          * the adverb "clear", all the way. */
         (draftd_candidates_in_list (" through across around along past ", next) &&
          (draftd_candidates_in_list (" very really so too quite extremely ", near (f, -1)) ||
           /* "ride careful through the roadworks": an adjective no adverb spells alike. */
           draftd_candidates_in_list (" careful careless cautious ", f->words[f->i].lower)));
}

/* No verb an adjective completes within reach of words[i + d] ("made the rules clear"), nor one
 * that makes its object so, however long the object ("makes learning and exploring the API
 * easy"), nor a verb of finding or leaving, or a perfect's "seen", before its object, whose
 * state the adjective is ("had never seen the high street so quiet", "found the room empty",
 * "left the door open"; "we won't see matters clear" is the manner of seeing). */
static gboolean
completed_verb (const F *f, gint d)
{
  /* "I've filed them smooth", "wipe it clean", "pulled it tight": an adjective of the state a
   * doing leaves its pronoun's object in. */
  if (draftd_candidates_in_list (" smooth clean flat tight short free open shut dry straight level sharp ", f->words[f->i].lower) &&
      draftd_candidates_in_list (" it them him her ", near (f, d)))
    return TRUE;
  /* "so take it slow", "take things easy": the idiom's adjective. */
  if (draftd_candidates_in_list (" slow easy ", f->words[f->i].lower) && draftd_candidates_in_list (" it things ", near (f, d)) &&
      draftd_candidates_in_list (" take takes took taking ", near (f, d - 1)))
    return TRUE;
  /* "stay well left and ride careful": a linking verb of the clause before "and" is not this
   * one's. */
  for (gint k = d; k >= d - 3 && near (f, k) && !draftd_candidates_in_list (" and but or ", near (f, k)); k--)
    if (draftd_candidates_in_list (linking, near (f, k)))
      return TRUE;
  for (gint k = d - 4; k >= d - 10 && near (f, k); k--)
    if (draftd_candidates_in_list (" make makes made making keep keeps kept keeping render renders rendered ", near (f, k)))
      return TRUE;
  for (gint k = d - 1; k >= d - 5 && near (f, k) && !draftd_candidates_in_list (" and but or ", near (f, k)); k--)
    /* "will need the whole back lot clear": what is needed so. */
    if (draftd_candidates_in_list (" seen find finds found finding leave leaves left leaving want wants wanted need needs needed "
                                   "like likes liked prefer prefers preferred consider considers considered imagine imagined ",
                                   near (f, k)))
      return TRUE;
  return FALSE;
}

/* Is the adjective after words[i + d] the manner of a doing: a passive's participle of doing
 * ("were written so clear that", "was explained very poor"; "was painted bright", "were made
 * clear" are results, left), or "good" after an -ly adverb and a verb of how a thing went or
 * ran ("worked surprisingly good in the pilot"; "was surprisingly good" links it)? */
static gboolean
manner_of_doing (const F *f, gint d)
{
  if (draftd_candidates_in_list (" written explained presented described designed organised organized labelled labeled worded displayed "
                                 "done handled played sung spoken taught deployed delivered fixed repaired resolved solved answered processed "
                                 "installed updated ",
                                 near (f, d)) &&
      draftd_candidates_in_list (" is are was were been being ", near (f, d - 1)))
    return TRUE;
  return g_str_equal (f->words[f->i].lower, "good") && near (f, d) && g_str_has_suffix (near (f, d), "ly") && adverb (near (f, d)) &&
         draftd_candidates_in_list (" worked works went goes performed performs played plays ran runs sold sells ", near (f, d - 1));
}

/* "The paperwork was completed quick": right after a passive's participle (at near(d)), the
 * manner it was done in. */
static gboolean
passive_manner (const F *f, gint d)
{
  const char *done = near (f, d);
  return d == -1 && done && g_str_has_suffix (done, "ed") && participle_after_noun (done) &&
         draftd_candidates_in_list (" is was are were been be being ", near (f, d - 1)) && !draftd_candidates_in_list (linking, done);
}

/* Back from words[f->i + d] over the verb's object (at most a determiner and two words, or a
 * place's phrase after it: "handled that angry merchant from Ajah very calm"): is a verb of
 * doing there, whose manner the adjective after it would be? */
static gboolean
doing_verb_before (const F *f, gint d, gboolean so_that)
{
  gboolean place = FALSE;
  for (gint skip = 0; skip <= 6; skip++, d--) {
    const char *p = near (f, d);
    if (skip > 3 && !place)
      return FALSE;
    /* "it's serious": a contraction holds its own verb, "is" mostly. */
    if (p == NULL || draftd_candidates_in_list (linking, p) || strchr (p, '\'') || strstr (p, "\xe2\x80\x99"))
      return FALSE;
    /* "A book so serious that": before a result's "that" the verb must be one ("book" is a
     * noun as well). */
    /* "spoke so quiet that": an irregular past is a verb, whatever noun it spells. */
    if ((finite_verb (f, p) && !(so_that && noun (p) && !draftd_candidates_past_only (f->c->spell, p))) ||
        (!so_that && draftd_candidates_in_list (" speak sing play work drive write answer behave run dance cook ride cycle swim climb ", p)))
      return TRUE;
    /* "settled in really good", "picked up the routine really quick": a phrasal verb's particle. */
    if ((skip == 0 || draftd_candidates_in_list (" up out off ", p)) && draftd_candidates_in_list (" in out up down off back away on through over ", p) &&
        finite_verb (f, near (f, d - 1)) &&
        !draftd_candidates_in_list (draftd_candidates_verb_auxiliaries, near (f, d - 1)))
      return TRUE;
    /* "speaks English and Italian very good": names joined by "and" are one object. */
    gint at = (gint) f->i + d;
    gboolean names = g_str_equal (p, "and") && at >= 1 && at + 1 < (gint) f->n && g_ascii_isupper (f->words[at - 1].text[0]) &&
                     g_ascii_isupper (f->words[at + 1].text[0]);
    /* "from Ajah": a place's name after its preposition, once. */
    if (g_str_equal (p, "from") && skip == 1 && !place && at + 1 < (gint) f->n && g_ascii_isupper (f->words[at + 1].text[0])) {
      place = TRUE;
      continue;
    }
    /* "spoke to us very rude": the listener's "to" is stepped over too. */
    if (!names && draftd_candidates_function_word (p) != draftd_candidates_in_list (" it that this them him her us me you the a an my his our their to ", p))
      return FALSE;
  }
  return FALSE;
}

gboolean
adverb_for_adjective (F *f)
{
  const Word *w = &f->words[f->i];
  const char *rep = NULL, *next = near (f, 1);
  gboolean degreed = FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (adverb_of); k++)
    if (g_str_equal (w->lower, adverb_of[k][0])) {
      rep = adverb_of[k][1];
      degreed = k >= ADVERB_OF_DEGREED;
    }
  gboolean so_that = g_strcmp0 (next, "that") == 0 && g_strcmp0 (near (f, -1), "so") == 0;
  /* "handled the merchant very calm, even when he": a comma before the next clause's opener
   * ends the manner's phrase too. */
  gboolean comma = f->s[w->end] == ',' && f->i + 1 < f->n &&
                   draftd_candidates_in_list (" even so and but when while because though although if which ", f->words[f->i + 1].lower);
  /* "very calm even when the queue", "really good considering the wind": the next clause's
   * opener with no comma too. */
  comma |= (g_strcmp0 (next, "even") == 0 && draftd_candidates_in_list (" when if though as ", near (f, 2))) || g_strcmp0 (next, "considering") == 0;
  if (rep == NULL || !(manner_ends (f, next, so_that) || comma))
    return FALSE;
  /* "provides easy, extensible completion": an adjective before a comma and another one. */
  if (next == NULL && f->i + 1 < f->n && f->s[w->end] == ',' && draftd_forms_is (f->words[f->i + 1].lower, 'a') &&
      !adverb (f->words[f->i + 1].lower) && !comma)
    return FALSE;
  /* "detect a bad 'Z' file": a determiner's adjective, its noun after a quote. After a modal
   * ("will correct for") or "to do" ("power to do good") the word is a verb or its object. */
  /* "wrote one patient, who": a number's noun. */
  if (draftd_candidates_in_list (determiners, near (f, -1)) || draftd_candidates_in_list (modals, near (f, -1)) ||
      draftd_candidates_in_list (numbers, near (f, -1)) ||
      (draftd_candidates_in_list (determiners, near (f, -2)) && draftd_forms_is (near (f, -1), 'a')) || /* "the general good" */
      (g_strcmp0 (near (f, -1), "do") == 0 && g_strcmp0 (near (f, -2), "to") == 0))
    return FALSE;
  /* "develop good and efficient measures": coordinated adjectives before their noun. */
  const char *after = near (f, 2);
  /* "very clear and fixed it" is a second verb's clause, its object after it. */
  if (draftd_candidates_in_list (" and but or ", next) && after && draftd_forms_is (after, 'a') && !g_str_has_suffix (after, "ly") &&
      !draftd_candidates_in_list (" even also then still just ", after) && /* "and even showed me" */
      !draftd_candidates_in_list (" it them him her me us the a an this that my his their our your ", near (f, 3)))
    return FALSE;
  gint d = -1;
  while (draftd_candidates_in_list (" very really so too quite extremely more much pretty ", near (f, d)))
    d--;
  /* "The milk went bad", "the river ran dry"; but "went very good" is how it went. A
   * degreed row alone is left too. */
  if (d == -1 && (degreed || draftd_candidates_in_list (" go goes went gone run runs ran ", near (f, d))))
    return FALSE;
  /* "drives too fast and too careless": the adverb it is coordinated with stands for it. */
  if (draftd_candidates_in_list (" and or ", near (f, d)) && adverb (near (f, d - 1))) {
    d -= 2;
    while (draftd_candidates_in_list (" very really so too quite extremely more much pretty ", near (f, d)))
      d--;
  }
  /* "is working perfect now": an activity's -ing form right before it is the verb it goes
   * with, whatever "is" comes before ("is looking good" is no activity's). */
  if (activity_ing (f, d) || manner_of_doing (f, d) || passive_manner (f, d))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  /* No verb an adjective completes within reach ("made the rules clear"), nor one that makes
   * its object so, however long the object ("makes learning and exploring the API easy"); an
   * -ly adverb before it modifies the adjective ("had dropped beautifully clear"). */
  if (completed_verb (f, d) || (near (f, d) && g_str_has_suffix (near (f, d), "ly") && adverb (near (f, d))))
    return FALSE;
  return doing_verb_before (f, d, so_that) && sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
}

/* The -ly adverb of an adjective the dictionary knows ("confident" -> "confidently", "steady"
 * -> "steadily", "gentle" -> "gently", "basic" -> "basically"), or NULL. Adjectives that are
 * adverbs of their own, whose -ly form means something else ("hard", "late", "high", "free",
 * "fair", "flat", "wide", "short", "backward") have none here; the table's are its ("good" -> "well"). */
static char *
ly_adverb_of (F *f, const char *adj)
{
  gsize n = strlen (adj);
  /* "move backward and forward": a direction's "-ward" is an adverb already. */
  if (n < 4 || !draftd_forms_is (adj, 'a') || draftd_candidates_function_word (adj) || adverb (adj) || g_str_has_suffix (adj, "ward") ||
      draftd_candidates_in_list (" hard late high low free fair flat wide short close deep direct right wrong clean first last dirty pretty even round ", adj))
    return NULL;
  for (guint k = 0; k < G_N_ELEMENTS (adverb_of); k++)
    if (g_str_equal (adj, adverb_of[k][0]))
      return g_strdup (adverb_of[k][1]);
  char *ly = g_str_has_suffix (adj, "y")    ? g_strdup_printf ("%.*sily", (int) (n - 1), adj)
             : g_str_has_suffix (adj, "le") ? g_strdup_printf ("%.*sly", (int) (n - 1), adj)
             : g_str_has_suffix (adj, "ic") ? g_strdup_printf ("%sally", adj)
             : g_str_has_suffix (adj, "ll") ? g_strdup_printf ("%sy", adj)
                                            : g_strdup_printf ("%sly", adj);
  /* "home" -> "homely", "love" -> "lovely": an -ly word that is an adjective is no manner. */
  if (draftd_spell_check (f->c->spell, f->c->lang, ly) && !draftd_forms_is (ly, 'a'))
    return ly;
  g_free (ly);
  return NULL;
}

/* Verbs of a manner's activity that take no object before its adverb ("breathe steady and"). */
static const char *const manner_verbs =
  " breathe breathes breathed breathing walk walks walked walking speak speaks spoke speaking move moves moved moving "
  "dress dresses dressed dressing behave behaves behaved behaving react reacts reacted reacting respond responds responded responding ";

/* "Leo is reading much more confident than", "He drives more careful than": an activity's -ing
 * form (activity_ing()) or a finite verb that links no adjective, then "more" (after "much",
 * "far", "even") and an adjective before "than", is the manner of the verb ("feels more
 * confident than", "looks much more relaxed than", "is acting more mature than" link it).
 * "If you breathe steady and", "She dressed elegant, then": a verb of manner's activity right
 * before the adjective, which ends its clause ("Hold the ladder steady and", "Stay calm and",
 * "walked away happy" are left). */
gboolean
manner_adjective (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  g_autofree char *ly = ly_adverb_of (f, w->lower);
  if (ly == NULL)
    return FALSE;
  /* "offered far more choice than", "had more fun than": an adjective that is a noun too is
   * the quantity "more" counts. */
  if (g_strcmp0 (next, "than") == 0 && g_strcmp0 (near (f, -1), "more") == 0) {
    if (draftd_forms_is (w->lower, 'n'))
      return FALSE;
    gint d = draftd_candidates_in_list (" much far even ", near (f, -2)) ? -3 : -2;
    const char *v = near (f, d);
    if (v == NULL || draftd_candidates_in_list (linking, v) || draftd_candidates_in_list (" act acts acted acting ", v) ||
        draftd_candidates_function_word (v) || draftd_candidates_in_list (draftd_candidates_verb_auxiliaries, v))
      return FALSE;
    g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, v);
    /* "find the weekend slots more convenient than": a plural noun after no subject's pronoun
     * is the object, no verb ("He drives much more careful" has its subject). */
    gboolean unlinked = fam->len > 0 && !draftd_candidates_in_list (linking, fam->pdata[0]) && !draftd_forms_is (v, 'n') &&
                        (noun_number (f, v) <= 0 || draftd_candidates_in_list (" i you he she we they it who ", near (f, d - 1)));
    return (activity_ing (f, d) || (unlinked && finite_verb (f, v) && !g_str_has_suffix (v, "ing"))) &&
           sure (f, w->start, w->end, ly, DRAFTD_FIX_WORD_CHOICE);
  }
  return (next == NULL || g_str_equal (next, "and")) && (next || f->i + 1 >= f->n || strchr (",.;!", f->s[w->end])) &&
         draftd_candidates_in_list (manner_verbs, near (f, -1)) && sure (f, w->start, w->end, ly, DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.so-such: "It was so a beautiful day that" ---- */

/* After "be", "so" before an article is "such": "so a beautiful day" ("late, so a taxi was
 * called" is the conjunction, after its comma). */
gboolean
so_such (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "so") || !draftd_candidates_in_list (" a an ", near (f, 1)) || near (f, 2) == NULL ||
      !draftd_candidates_in_list (" is was are were be been 's ", near (f, -1)))
    return FALSE;
  return sure (f, w->start, w->end, "such", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- preposition.redundant: "most of people", "despite of", "went for shopping" ---- */

gboolean
redundant_of_for (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  if (next == NULL || prev == NULL)
    return FALSE;
  if (g_str_equal (w->lower, "of") && g_str_equal (prev, "despite"))
    return sure (f, f->words[f->i - 1].end, w->end, "", DRAFTD_FIX_PREPOSITION);
  /* "go for shopping": the activity itself is what one goes. */
  static const char *const outings = " shopping swimming fishing hiking camping skiing jogging sightseeing cycling ";
  const char *then = near (f, 2);
  if (g_str_equal (w->lower, "for") && draftd_candidates_in_list (" go goes went going ", prev) && draftd_candidates_in_list (outings, next) &&
      (then == NULL || draftd_candidates_in_list (prepositions, then) || draftd_candidates_in_list (" and yesterday today tomorrow every last this ", then)))
    return sure (f, f->words[f->i - 1].end, w->end, "", DRAFTD_FIX_PREPOSITION);
  /* "most of people": a quantifier takes "of" only before a determiner or a pronoun; "make the
   * most of", "Most of London" keep it, and a noun after the plural may be its compound's
   * ("most of people skills"), but not "here", "today" (WordNet's nouns too). */
  const char *before = near (f, -2);
  if (!g_str_equal (w->lower, "of") || !draftd_candidates_in_list (" most many several some ", prev) || draftd_candidates_in_list (determiners, before) ||
      g_strcmp0 (before, "the") == 0)
    return FALSE;
  guint k = f->i + 1;
  while (k + 1 < f->n && joined (f, k) && draftd_forms_is (f->words[k].lower, 'a') && !noun (f->words[k].lower) &&
         !draftd_candidates_function_word (f->words[k].lower))
    k++;
  const Word *h = &f->words[k];
  const char *after = k + 1 < f->n && joined (f, k) ? f->words[k + 1].lower : NULL;
  g_autofree char *sing = g_str_has_suffix (h->lower, "s") ? draftd_forms_singular (f->c->spell, h->lower) : NULL;
  gboolean plural = draftd_candidates_in_list (" people children men women ", h->lower) ||
                    (sing && !g_str_equal (sing, h->lower) && noun (sing) && !noun (h->lower) && !draftd_forms_is (h->lower, 'a'));
  if (!joined (f, k - 1) || h->fixed || !g_ascii_islower (h->text[0]) || !g_ascii_islower (f->words[f->i + 1].text[0]) || !plural ||
      (nominal (after) && !draftd_candidates_in_list (" here there today now ", after)))
    return FALSE;
  return sure (f, w->start, f->words[f->i + 1].start, "", DRAFTD_FIX_PREPOSITION);
}

/* ---- word-choice.double-negative: "I can't find my keys nowhere" ---- */

/* A negative pronoun after a negated auxiliary of its clause is the "any" word in standard
 * English. Not after "be" ("it isn't nothing" says something), nor past a conjunction or a
 * comma (near() stops there), nor "no" but right after a verb of having or finding ("can't
 * say no" is a word said). */
gboolean
double_negative (F *f)
{
  static const char *const pairs[][2] = {
    { "nothing", "anything" }, { "nobody", "anybody" }, { "nowhere", "anywhere" }, { "no", "any" },
  };
  const Word *w = &f->words[f->i];
  const char *rep = NULL;
  for (guint k = 0; k < G_N_ELEMENTS (pairs) && rep == NULL; k++)
    rep = g_str_equal (w->lower, pairs[k][0]) ? pairs[k][1] : NULL;
  /* "didn't give me no explanation": a person given something, then the "no" of the thing. */
  gboolean given = draftd_candidates_in_list (" me him her us them you ", near (f, -1)) &&
                   draftd_candidates_in_list (" give gave given send sent tell told show showed offer offered pay paid bring brought ", near (f, -2));
  if (rep == NULL || (g_str_equal (w->lower, "no") && !given &&
                      !draftd_candidates_in_list (" have got need find see want received receive get heard gotten seen found had ", near (f, -1))))
    return FALSE;
  /* "there isn't nothing I can do": an existential's negated "be" ("it isn't nothing" says
   * something, and is left). */
  if (g_strcmp0 (near (f, -2), "there") == 0 && draftd_candidates_in_list (" isn't wasn't aren't weren't ", near (f, -1)))
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  /* Back over the verb and its object ("couldn't find the spare key nowhere"). */
  for (gint back = 2; back <= 6; back++) {
    const char *b = near (f, -back);
    if (b == NULL || draftd_candidates_in_list (" and but or because that which who when if than for ", near (f, -back + 1)))
      return FALSE;
    if (draftd_candidates_in_list (" can't couldn't don't doesn't didn't won't wouldn't shouldn't haven't hasn't hadn't cannot ", b))
      return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
  }
  return FALSE;
}

/* ---- preposition.missing: "listens music", "explained me how" ---- */

gboolean
listen_to (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1);
  /* "She explained me how it works": what is explained is the object, the person gets "to"
   * ("explain me" is no request to explain the writer); "explained them" may be the things. */
  if (draftd_candidates_in_list (" explain explains explained explaining ", prev) && draftd_candidates_in_list (" me us ", w->lower) &&
      !draftd_candidates_in_list (" to away ", near (f, 1)))
    return sure (f, w->start, w->start, "to ", DRAFTD_FIX_PREPOSITION);
  /* "We went London by train": a verb of going before a place's name, capitalised within the
   * sentence; not "go Dutch", "return True" (an adjective's reading, or no verb of going), not
   * a time ("come Monday", "come January"), not an errand's name ("went Christmas shopping"),
   * and not "travel", which takes its place as an object ("travelled Europe by train"). */
  const Word *place = f->i + 1 < f->n && joined (f, f->i) ? &f->words[f->i + 1] : NULL;
  const char *errand = near (f, 2);
  if (place && f->i >= 1 && draftd_candidates_in_list (" go goes went come comes came ", w->lower) &&
      g_unichar_isupper (g_utf8_get_char (place->text)) && !g_str_equal (place->text, "I") && !draftd_forms_is (place->lower, 'a') &&
      !calendar_name (place->lower) &&
      !(errand && g_str_has_suffix (errand, "ing")))
    return sure (f, place->start, place->start, "to ", DRAFTD_FIX_PREPOSITION);
  if (!draftd_candidates_in_list (" listen listens listened listening ", prev) ||
      !draftd_candidates_in_list (" music the a an my his her our their your this that these those ", w->lower))
    return FALSE;
  /* "listened a loud bang" is heard (heard_or_complement), no listening to. */
  if (draftd_candidates_in_list (" a an ", w->lower) && sudden_sound (f, 1))
    return FALSE;
  return sure (f, w->start, w->start, "to ", DRAFTD_FIX_PREPOSITION);
}

/* ---- punctuation.opening-comma: "If you want a ticket, you should book early" ---- */

/* Words that open a subordinate clause before the sentence's main clause. */
static const char *const subordinators = " if when whenever because although though while unless once since as after before until ";
/* Verbs and adjectives that take a clause as their object ("If you think you can", "When I
 * was sure they were gone"): a pronoun after them opens that clause, not the main one. */
static const char *const clause_takers =
  " say says said think thinks thought know knows knew believe believes believed feel feels felt hope hopes hoped realize "
  "realizes realized realise realises realised see sees saw seen find finds found show shows showed mean means meant guess "
  "suppose supposed wish wished hear heard notice noticed decide decided understand understood tell tells told remember "
  "remembered forget forgot doubt agree agreed admit admitted assume assumed claim claimed explain explained learn learned "
  "learnt mention mentioned suggest suggested expect expected imagine imagined fear feared worry worried insist insisted "
  "ensure sure afraid glad aware certain convinced proud ";
static const char *const auxiliaries = " am is are was were has have had do does did will would can could should may might must ";

/* The opening subordinator's word: the sentence's first, after "And", "But" or "So" and
 * "even"; G_MAXUINT where the sentence opens no subordinate clause or is a question. */
static guint
opening_clause (const F *f)
{
  gsize len = strlen (f->s);
  while (len > 0 && g_ascii_isspace (f->s[len - 1]))
    len--;
  if (!f->c->sentence_start || f->n < 5 || f->words[0].start != 0 || (len > 0 && f->s[len - 1] == '?'))
    return G_MAXUINT;
  guint b = 0;
  if (draftd_candidates_in_list (" and but so ", f->words[0].lower) && joined (f, 0))
    b = 1;
  if (g_str_equal (f->words[b].lower, "even") && joined (f, b))
    b++;
  if (!draftd_candidates_in_list (subordinators, f->words[b].lower))
    return G_MAXUINT;
  return b;
}

/* Does words (b, k) hold the subordinate clause's own verb: an auxiliary, or a finite verb
 * after its subject (not a noun after its determiner: "After the results")? */
static gboolean
clause_has_verb (const F *f, guint b, guint k)
{
  for (guint j = b + 2; j < k; j++) {
    const char *l = f->words[j].lower, *before = f->words[j - 1].lower;
    if (draftd_candidates_in_list (auxiliaries, l) || g_str_equal (l, "be"))
      return TRUE;
    /* "the potato harvest", "the storm last week": a noun's base after a noun is its
     * compound's or a time's, no verb ("the kids cooks" would be the verb's -s). */
    const char *lemma = draftd_forms_irregular_lemma (l, 'v');
    if (noun (before) && noun (l) && !g_str_has_suffix (l, "s") && !g_str_has_suffix (l, "ed") && !(lemma && !g_str_equal (lemma, l)))
      continue;
    if (!draftd_candidates_in_list (determiners, before) && !draftd_candidates_in_list (prepositions, before) &&
        !draftd_forms_is (before, 'a') && finite_verb (f, l))
      return TRUE;
  }
  return FALSE;
}

/* Does the main clause start at words[k]: a subject pronoun and its verb, after a word that
 * ends the opening clause (a noun, an adjective, "it": not a verb that takes a clause, an
 * object pronoun of one such, a function word)? */
static gboolean
main_clause_at (const F *f, guint b, guint k)
{
  const char *l = f->words[k].lower, *prev = f->words[k - 1].lower;
  const char *next = k + 1 < f->n ? f->words[k + 1].lower : NULL, *next2 = k + 2 < f->n ? f->words[k + 2].lower : NULL;
  if (k < b + 3 || next == NULL || !draftd_candidates_in_list (" i you he she we they it there ", l))
    return FALSE;
  if ((draftd_candidates_function_word (prev) && !draftd_candidates_in_list (" it this here there ", prev)) ||
      draftd_candidates_in_list (clause_takers, prev) || draftd_candidates_in_list (" then too also just only even still ", prev))
    return FALSE;
  /* "If I had known how easy it is to fit": a question word up to three words before opens an
   * embedded question, whose subject this is. */
  for (guint j = k >= b + 4 ? k - 3 : b + 1; j < k; j++)
    if (draftd_candidates_in_list (" how what which whether why where when who ", f->words[j].lower))
      return FALSE;
  if (g_str_equal (l, "there"))
    return draftd_candidates_in_list (" is are was were will would can could may might must has have had ", next);
  /* "he probably would", "we all passed": one adverb or quantifier before the verb. */
  if (g_str_has_suffix (next, "ly") || draftd_candidates_in_list (" always never often usually also still just all both ", next))
    next = next2;
  return next && !g_str_has_suffix (next, "ing") && finite_verb (f, next);
}

/* No comma between the subordinator at words[b] and the main clause at words[at]; a later one
 * only where what follows it opens no clause of its own (a subject pronoun and its verb, or
 * an imperative's base: "If you want the car you saw, call the dealer" has its main clause
 * after the comma). "As far as I am concerned I agree with this statement, however some
 * people" has its comma after the main clause. */
static gboolean
comma_after_main (const F *f, guint b, guint at)
{
  for (guint k = b; k < at; k++)
    if (!joined (f, k))
      return FALSE;
  for (guint k = at; k + 1 < f->n; k++) {
    if (joined (f, k))
      continue;
    const char *a = f->words[k + 1].lower, *c = k + 2 < f->n ? f->words[k + 2].lower : NULL;
    /* "If anyone has a ladder I could borrow this weekend, I'd be happy": a subject's
     * contraction holds its verb. */
    if ((draftd_candidates_in_list (" i you he she we they it there ", a) && finite_verb (f, c)) ||
        draftd_candidates_in_list (" i'd i'll i'm i've we'd we'll we're we've you'd you'll you're he'd he'll she'd she'll they'd they'll "
                                   "they're it'll it's there's ", a) ||
        (draftd_forms_is (a, 'v') && !draftd_candidates_function_word (a) && !g_str_has_suffix (a, "ing")))
      return FALSE;
  }
  return TRUE;
}

/* An opening subordinate clause takes its comma where the main clause's subject and verb
 * start; only where exactly one place reads so, and the clause has a verb of its own ("After
 * school we went" is a short phrase, whose comma is the writer's choice). */
gboolean
clause_comma (F *f)
{
  if (f->i < 3 || !draftd_candidates_in_list (" i you he she we they it there ", f->words[f->i].lower))
    return FALSE;
  guint b = opening_clause (f), found = 0, at = 0;
  if (b == G_MAXUINT)
    return FALSE;
  for (guint k = b + 3; k < f->n; k++)
    if (main_clause_at (f, b, k)) {
      found++;
      at = k;
    }
  /* Past eight words the writer who left the comma out was drafting, not slipping: the one
   * clean sentence of our sets that reads so is a licence's ("If you distribute a large
   * enough number of copies you must also follow"); the target prefers the comma there as
   * much as anywhere, so it cannot be the judge. */
  if (found != 1 || at != f->i || at - b > 8 || !clause_has_verb (f, b, at) || !comma_after_main (f, b, at))
    return FALSE;
  gsize end = f->words[f->i - 1].end;
  return sure (f, end, end, ",", DRAFTD_FIX_PUNCTUATION);
}

/* ---- word-choice.much-many: "too much cars" ---- */

gboolean
much_many (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1), *then = near (f, 2);
  /* "raise many money", "too many traffic": a mass noun is counted by "much". */
  if (g_str_equal (w->lower, "many") && next && (draftd_candidates_uncountable (next) || draftd_candidates_in_list (" money traffic ", next)) &&
      !f->words[f->i + 1].fixed && !(then && (noun (then) || noun_number (f, then) > 0))) /* "many software developers" */
    return sure (f, w->start, w->end, "much", DRAFTD_FIX_WORD_CHOICE);
  /* "how much does it cost": an auxiliary is no plural noun ("does" is "doe"'s plural too). */
  if (!g_str_equal (w->lower, "much") || next == NULL || f->words[f->i + 1].fixed || draftd_candidates_function_word (next))
    return FALSE;
  /* "Thank you so much guys!": the thanks' "much", and its people addressed. */
  for (guint k = f->i >= 3 ? f->i - 3 : 0; k < f->i; k++)
    if (draftd_candidates_in_list (" thank thanks ", f->words[k].lower))
      return FALSE;
  /* "so much homeworks", "much informations": an uncountable noun's plural, which loses its
   * -s (agreement.uncountable); "much" stays. */
  if (draftd_candidates_uncountable_plural (next))
    return FALSE;
  /* "so much needs to change": a verb's -s form. */
  g_autofree char *sing = draftd_forms_singular (f->c->spell, next);
  /* "How much times": "times" is a verb's -s form too, but never after "much". */
  gboolean plural = draftd_candidates_in_list (" people times ", next) ||
                    (g_str_has_suffix (next, "s") && sing && !g_str_equal (sing, next) && noun (sing) && !noun (next) && !draftd_forms_is (next, 'a'));
  /* "not much job opportunities": a noun's modifier before the plural. */
  g_autofree char *sing2 = draftd_forms_singular (f->c->spell, then);
  const char *after = near (f, 3);
  if (!plural && then && noun (next) && !draftd_forms_is (next, 'a') && g_str_has_suffix (then, "s") && sing2 && !g_str_equal (sing2, then) &&
      noun (sing2) && !noun (then) && !draftd_forms_is (then, 'a') && !draftd_candidates_verb_form (f, then) &&
      (after == NULL || draftd_candidates_function_word (after)))
    plural = TRUE;
  else if (!plural || draftd_candidates_in_list (" to be ", then))
    return FALSE;
  return sure (f, w->start, w->end, "many", DRAFTD_FIX_WORD_CHOICE);
}

/* "wasn't very quite because", "so quite in the library": "quite" after a degree word is the
 * adjective "quiet" ("quite" is a degree word itself, and none stands before it). */
gboolean
very_quite (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  /* "The campsite was lovely and quite, apart from": an adjective's "and" before it, where its
   * clause ends ("and quite a few", "and quite good" grade). */
  const char *before = near (f, -2);
  if (g_str_equal (w->lower, "quite") && g_strcmp0 (near (f, -1), "and") == 0 && before && draftd_forms_is (before, 'a') &&
      !draftd_candidates_function_word (before) && near (f, 1) == NULL)
    return sure (f, w->start, w->end, "quiet", DRAFTD_FIX_WORD_CHOICE);
  if (!g_str_equal (w->lower, "quite") || !draftd_candidates_in_list (" very so too really ", near (f, -1)) ||
      draftd_candidates_in_list (" a an ", next) ||
      (next && !draftd_candidates_function_word (next) && !draftd_candidates_in_list (prepositions, next) &&
       !draftd_candidates_in_list (draftd_candidates_clause_words, next)))
    return FALSE;
  return sure (f, w->start, w->end, "quiet", DRAFTD_FIX_WORD_CHOICE);
}

/* Is words[k] a finite verb's past ("agreed", "went") or an auxiliary? */
static gboolean
past_or_auxiliary (const F *f, guint k)
{
  const char *l = f->words[k].lower, *lemma = draftd_forms_irregular_lemma (l, 'v');
  return (lemma && !g_str_equal (lemma, l)) || (g_str_has_suffix (l, "ed") && draftd_candidates_verb_form (f, l)) ||
         draftd_candidates_in_list (" was were is are has have had will would can could ", l);
}

/* "Everyone accept my little brother loved the trip": after "everyone", "everybody", "all",
 * before a person and a later verb of the clause, "accept" is "except" (the agreement rule
 * would make it "accepts"). */
gboolean
everyone_accept (F *f)
{
  const Word *w = &f->words[f->i];
  /* "All the children accept Harry brought": "all" and its determiner's plural too, before a
   * name and its past ("All members accept the proposal will take time" accept a clause). */
  gboolean plural_all = noun_number (f, near (f, -1)) > 0 &&
                        (g_strcmp0 (near (f, -2), "all") == 0 || (g_strcmp0 (near (f, -2), "the") == 0 && g_strcmp0 (near (f, -3), "all") == 0));
  if (g_str_equal (w->lower, "accept") && plural_all && near (f, 1) && g_ascii_isupper (f->words[f->i + 1].text[0]) && near (f, 2) &&
      draftd_forms_irregular_past (near (f, 2)))
    return sure (f, w->start, w->end, "except", DRAFTD_FIX_WORD_CHOICE);
  if (!g_str_equal (w->lower, "accept") || !draftd_candidates_in_list (" everyone everybody all ", near (f, -1)) ||
      !(draftd_candidates_in_list (" my your his her our their the me him us them ", near (f, 1)) ||
        (near (f, 1) && g_ascii_isupper (f->words[f->i + 1].text[0]))))
    return FALSE;
  for (guint k = f->i + 2; k < f->n && joined (f, k - 1); k++)
    if (past_or_auxiliary (f, k))
      return sure (f, w->start, w->end, "except", DRAFTD_FIX_WORD_CHOICE);
  return FALSE;
}

/* ---- spelling.split-word: "with out", "him self", "there fore" ---- */

/* Words a writer splits in two (or three), each row with what must (`next`) or must not
 * (`not_next`) follow for the split to read as nothing else: "every body of water" and "May
 * be" inside a sentence ("it may be") are English, and are left ("some one" before a noun
 * is too: split_word()). Rows the split form of which is English as often ("can not", "any
 * more", "in deed", "what ever", "be cause") are not here. */
static const struct {
  const char *split, *joined, *next, *not_next;
} split_words[] = {
  { "him self", "himself", NULL, NULL },           { "her self", "herself", NULL, NULL },
  { "my self", "myself", NULL, NULL },             { "your self", "yourself", NULL, NULL },
  { "it self", "itself", NULL, NULL },             { "one self", "oneself", NULL, NULL },
  { "them selves", "themselves", NULL, NULL },     { "our selves", "ourselves", NULL, NULL },
  { "your selves", "yourselves", NULL, NULL },     { "with out", "without", NULL, NULL },
  { "there fore", "therefore", NULL, NULL },       { "now a days", "nowadays", NULL, NULL },
  { "now adays", "nowadays", NULL, NULL },         { "never the less", "nevertheless", NULL, NULL },
  { "in stead", "instead", " of ", NULL },         { "through out", "throughout", " the my his her our their this that these those ", NULL },
  { "every where", "everywhere", NULL, NULL },     { "some where", "somewhere", NULL, NULL },
  { "any where", "anywhere", NULL, NULL },         { "no where", "nowhere", NULL, NULL },
  { "al though", "although", NULL, NULL },         { "whole heartedly", "wholeheartedly", NULL, NULL },
  { "every body", "everybody", NULL, " of " },     { "an other", "another", NULL, NULL },
  { "class room", "classroom", NULL, NULL },       { "bed room", "bedroom", NULL, NULL },
  { "bath room", "bathroom", NULL, NULL },         { "news paper", "newspaper", NULL, NULL },
  { "news papers", "newspapers", NULL, NULL },     { "foot ball", "football", NULL, NULL },
  { "basket ball", "basketball", NULL, NULL },     { "home work", "homework", NULL, NULL },
  { "week end", "weekend", NULL, NULL },           { "week ends", "weekends", NULL, NULL },
  { "some how", "somehow", NULL, NULL },           { "out side", "outside", NULL, NULL },
  { "some one", "someone", NULL, " of " },          { "some thing", "something", NULL, " of " },
  { "any thing", "anything", NULL, " of " },         { "every thing", "everything", NULL, " of " },
};

gboolean
split_word (F *f)
{
  const Word *w = &f->words[f->i];
  gsize n = strlen (w->lower);
  for (guint r = 0; r < G_N_ELEMENTS (split_words); r++) {
    /* The row's first word first, so that every word of every sentence splits no row. */
    if (strncmp (split_words[r].split, w->lower, n) != 0 || split_words[r].split[n] != ' ')
      continue;
    g_auto (GStrv) parts = g_strsplit (split_words[r].split, " ", -1);
    guint m = 0;
    while (parts[m] && f->i + m < f->n && g_str_equal (f->words[f->i + m].lower, parts[m]) && (m == 0 || joined (f, f->i + m - 1)) &&
           !f->words[f->i + m].fixed)
      m++;
    if (parts[m] != NULL)
      continue;
    /* The word after the split: its own, only spaces between (a hyphen's "some how-to" is
     * another word's). */
    const Word *last = &f->words[f->i + m - 1];
    const char *next = f->i + m < f->n && joined (f, f->i + m - 1) ? f->words[f->i + m].lower : NULL;
    /* "some one person": a noun after "some one" makes it a quantity. */
    gboolean quantity = g_str_equal (split_words[r].joined, "someone") && noun (next);
    if (f->s[last->end] == '-' || quantity || (split_words[r].next && !draftd_candidates_in_list (split_words[r].next, next)) ||
        (split_words[r].not_next && draftd_candidates_in_list (split_words[r].not_next, next)))
      return FALSE;
    return sure (f, w->start, last->end, split_words[r].joined, DRAFTD_FIX_SPELLING);
  }
  /* "In deed, they can": "in deed" opening a sentence before its comma is "Indeed" ("in
   * deed and in word" is left). */
  if (f->i == 0 && f->c->sentence_start && g_str_equal (w->text, "In") && g_strcmp0 (near (f, 1), "deed") == 0 && f->n > 2 &&
      f->s[f->words[1].end] == ',')
    return sure (f, w->start, f->words[1].end, "Indeed", DRAFTD_FIX_SPELLING);
  /* "That is why I m here": the contraction's apostrophe left out, and a space typed for it
   * (not "5 m here": a number's metres). */
  if (g_str_equal (w->lower, "i") && g_strcmp0 (near (f, 1), "m") == 0 && f->i + 2 < f->n && joined (f, f->i + 1))
    return sure (f, w->start, f->words[f->i + 1].end, "I'm", DRAFTD_FIX_SPELLING);
  /* "Some times I feel": opening a sentence before a subject, "Sometimes" ("Some times of
   * the year" are times). */
  if (f->i == 0 && f->c->sentence_start && g_str_equal (w->text, "Some") && g_strcmp0 (near (f, 1), "times") == 0 &&
      draftd_candidates_in_list (" i you he she it we they people my our there ", near (f, 2)))
    return sure (f, w->start, f->words[1].end, "Sometimes", DRAFTD_FIX_SPELLING);
  /* "May be he is right": a sentence that opens on "May be" and a subject means "Maybe". */
  if (f->i == 0 && f->c->sentence_start && g_str_equal (w->text, "May") && g_strcmp0 (near (f, 1), "be") == 0 &&
      draftd_candidates_in_list (" he she it they we you i there the this that ", near (f, 2)))
    return sure (f, w->start, f->words[1].end, "Maybe", DRAFTD_FIX_SPELLING);
  return FALSE;
}

/* ---- word-choice.everyday: "I walk to work everyday" ---- */

gboolean
everyday (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  /* "everyday life", "everyday use": the adjective before its noun. */
  if (!g_str_equal (w->lower, "everyday") || w->fixed || draftd_candidates_in_list (determiners, near (f, -1)))
    return FALSE;
  g_autofree char *sing = next ? draftd_forms_singular (f->c->spell, next) : NULL;
  if (next && (noun (next) || draftd_forms_is (next, 'a') || (sing && noun (sing))))
    return FALSE;
  return sure (f, w->start, w->end, "every day", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.say-tell: "He said me that" ---- */

gboolean
say_tell (F *f)
{
  static const char *const say[][2] = { { "say", "tell" }, { "says", "tells" }, { "said", "told" }, { "saying", "telling" } };
  /* Not "her", a possessive as often ("He said her name twice"); what is said follows. */
  const char *after = near (f, 2);
  if (!draftd_candidates_in_list (" me him us them ", near (f, 1)) ||
      (after && !draftd_candidates_in_list (" that the a about what how why when where to which whether if who ", after)))
    return FALSE;
  return sure_pair (f, say, G_N_ELEMENTS (say), DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.borrow-lend: "Can you borrow me your pen?" ---- */

/* "borrow" takes what is borrowed, from someone; the person it goes to is "lend"'s: "borrow
 * me your pen". Only before a determiner's phrase, where "me" cannot be what is borrowed. */
gboolean
borrow_lend (F *f)
{
  static const char *const pairs[][2] = {
    { "borrow", "lend" }, { "borrows", "lends" }, { "borrowed", "lent" }, { "borrowing", "lending" },
  };
  const char *next = near (f, 1), *after = near (f, 2);
  /* "borrow me twenty pounds": a sum after the person too. */
  gboolean sum = (after && (g_ascii_isdigit (after[0]) || after[0] == '$')) || draftd_candidates_in_list (numbers, after);
  if (!draftd_candidates_in_list (" me him her us them ", next) ||
      (!sum && !draftd_candidates_in_list (" your his her their our my some a an the this that ", after)))
    return FALSE;
  return sure_pair (f, pairs, G_N_ELEMENTS (pairs), DRAFTD_FIX_WORD_CHOICE);
}

/* ---- preposition.time: "in Monday", "at Monday" ---- */

static const char *const months =
  " january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec ";

/* Is the text at p a day of the month in figures ("14", "14th", "3rd"), then a space or a
 * comma? Its length, without what follows. */
static gsize
day_number (const char *p)
{
  gsize n = strspn (p, "0123456789");
  if (n == 0 || n > 2 || atoi (p) < 1 || atoi (p) > 31)
    return 0;
  if (g_str_has_prefix (p + n, "st") || g_str_has_prefix (p + n, "nd") || g_str_has_prefix (p + n, "rd") || g_str_has_prefix (p + n, "th"))
    n += 2;
  return p[n] == ' ' || p[n] == ',' ? n : 0;
}

/* The word that starts at byte `at`, or NULL. */
static const Word *
word_starting (const F *f, gsize at)
{
  for (guint k = f->i + 1; k < f->n; k++)
    if (f->words[k].start >= at)
      return f->words[k].start == at ? &f->words[k] : NULL;
  return NULL;
}

/* Is m a month's name, capitalised, not a street's or a building's ("14 May Street")? */
static gboolean
month_word (const F *f, const Word *m)
{
  if (m == NULL || !g_ascii_isupper (m->text[0]))
    return FALSE;
  g_autofree char *ml = g_ascii_strdown (m->text, -1);
  const Word *after = word_starting (f, m->end + 1);
  return draftd_candidates_in_list (months, ml) && !(f->s[m->end] == ' ' && after && g_ascii_isupper (after->text[0]));
}

/* A date takes "on": "in 14 May", "at 3rd June", "in May 14" ("in May 2020" is a month's). */
static gboolean
date_preposition (F *f)
{
  const Word *w = &f->words[f->i];
  if (f->s[w->end] != ' ')
    return FALSE;
  gsize day = day_number (f->s + w->end + 1);
  if (day && f->s[w->end + 1 + day] == ' ' && month_word (f, word_starting (f, w->end + 2 + day)))
    return sure (f, w->start, w->end, "on", DRAFTD_FIX_PREPOSITION);
  const Word *m = word_starting (f, w->end + 1);
  if (m && month_word (f, m) && f->s[m->end] == ' ' && day_number (f->s + m->end + 1))
    return sure (f, w->start, w->end, "on", DRAFTD_FIX_PREPOSITION);
  return FALSE;
}

/* A day takes "on". Not before its possessive ("in Monday's meeting"). */
gboolean
day_preposition (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  /* "the closing stock figure as at 31 December": an account's "as at" a date is idiom. */
  if (draftd_candidates_in_list (" in at ", w->lower) && g_strcmp0 (near (f, -1), "as") != 0 && date_preposition (f))
    return TRUE;
  if (!draftd_candidates_in_list (" in at ", w->lower) ||
      !draftd_candidates_in_list (" monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays ", next) ||
      f->s[f->words[f->i + 1].end] == '\'' || g_str_has_prefix (f->s + f->words[f->i + 1].end, "\xe2\x80\x99"))
    return FALSE;
  /* "I've pencilled in Saturday", "can fit in Monday": a verb's particle, the day its object. */
  if (g_str_equal (w->lower, "in") && draftd_candidates_in_list (" pencilled penciled pencil pencils fit fitted squeeze squeezed slot slotted ", near (f, -1)))
    return FALSE;
  /* "at Thursday night's meeting": the day's part owns the event. */
  if (f->i + 2 < f->n && joined (f, f->i + 1) &&
      (g_str_has_suffix (f->words[f->i + 2].lower, "'s") || f->s[f->words[f->i + 2].end] == '\'' ||
       g_str_has_prefix (f->s + f->words[f->i + 2].end, "\xe2\x80\x99")))
    return FALSE;
  /* "from Dave at Tuesday training", "at Sunday lunch": the day names an event's noun after
   * it, which takes "at" ("in Monday morning" is still the day's part). */
  const char *event = near (f, 2);
  if (event && noun (event) && !draftd_candidates_function_word (event) &&
      !draftd_candidates_in_list (" morning afternoon evening night mornings afternoons evenings nights ", event))
    return FALSE;
  return sure (f, w->start, w->end, "on", DRAFTD_FIX_PREPOSITION);
}

/* A year takes "in": "moved to Canada on 2015," ("on 2015 sales", "at 2015 prices" are a
 * year's noun). */
gboolean
year_preposition (F *f)
{
  const Word *w = &f->words[f->i];
  const char *y = f->s + w->end + 1;
  /* The year a word of its own: not a date's ("on 2024-05-01"). */
  if (!g_str_equal (w->lower, "on") || f->s[w->end] != ' ' || strspn (y, "0123456789") != 4 || !strchr (",;:!?) .", y[4]) ||
      (y[4] == '.' && y[5] && y[5] != ' ') || atoi (y) < 1800 || atoi (y) > 2099)
    return FALSE;
  /* The word after the year, only a space between. */
  gsize e = (gsize) (y + 4 - f->s);
  const Word *a = f->i + 1 < f->n && f->words[f->i + 1].start == e + 1 && f->s[e] == ' ' ? &f->words[f->i + 1] : NULL;
  if (a && (noun_number (f, a->lower) != 0 || draftd_forms_is (a->lower, 'a')) && !draftd_candidates_function_word (a->lower))
    return FALSE;
  return sure (f, w->start, w->end, "in", DRAFTD_FIX_PREPOSITION);
}

/* ---- word-choice.redundant: "My brother he works in a bank" ---- */

/* A subject pronoun repeating the noun phrase that opens the sentence, before the clause's
 * only verb. Not "The man he saw was tall": there the pronoun opens a relative clause, and
 * another verb follows. */
gboolean
repeated_subject (F *f)
{
  const Word *w = &f->words[f->i];
  if (f->i < 2 || f->i > 4 || !f->c->sentence_start || f->words[0].start != 0 || !draftd_candidates_in_list (" he she it they ", w->lower) ||
      !draftd_candidates_in_list (" the my your his her our their ", f->words[0].lower) || f->i + 1 >= f->n)
    return FALSE;
  for (guint k = 0; k + 1 <= f->i; k++)
    if (!joined (f, k))
      return FALSE;
  for (guint k = 1; k < f->i; k++)
    if (!np_word (f, &f->words[k]))
      return FALSE;
  int number = noun_number (f, f->words[f->i - 1].lower);
  /* "The doctors say it is", "My parents think it is": a compound's nouns before its last are
   * singular, so a plural before the last word is the subject, and that word its verb. */
  for (guint k = 1; k + 1 < f->i; k++)
    if (noun_number (f, f->words[k].lower) > 0)
      return FALSE;
  gboolean plural = g_str_equal (w->lower, "they");
  const char *verb = f->words[f->i + 1].lower;
  /* "My sister she" and "The dog it" agree; "people he" does not. "he" and "she" repeat a
   * person ("The same dress she wore", "The moment he arrived" open a relative clause). */
  if (draftd_candidates_in_list (" he she ", w->lower) && draftd_forms_noun_lexfile (f->words[f->i - 1].lower) != DRAFTD_FORMS_PERSON)
    return FALSE;
  if (number == 0 || (number == 1) != plural || !finite_verb (f, verb) || draftd_candidates_in_list (" is was has does ", f->words[f->i - 1].lower))
    return FALSE;
  F at_verb = *f;
  at_verb.i = f->i + 1;
  if (!only_verb (&at_verb))
    return FALSE;
  return sure (f, f->words[f->i - 1].end, w->end, "", DRAFTD_FIX_WORD_CHOICE);
}

/* "Do you know who's umbrella this is?": "who's" before a noun and the "this is" whose
 * complement the noun's owner is (a question embedded, its verb at the end) is "whose". */
gboolean
whose_this (F *f)
{
  const Word *w = &f->words[f->i];
  g_autofree char *l = plain (w->lower);
  const char *next = near (f, 1);
  if (!g_str_equal (l, "who's") || next == NULL || !noun (next) || draftd_forms_is (next, 'v') ||
      !draftd_candidates_in_list (" this that it these those ", near (f, 2)) || !draftd_candidates_in_list (" is was are were ", near (f, 3)))
    return FALSE;
  return sure (f, w->start, w->end, "whose", DRAFTD_FIX_WORD_CHOICE);
}

/* "a flatmate whose tidy, quiet and happy", "a designer whose reliable and quick": "whose"
 * after a noun, before an adjective that is no noun or verb and ends its phrase (a comma,
 * "and", "enough", "to", the end) is "who's" ("whose early novels" has its noun). */
gboolean
whose_adjective (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  if (!g_str_equal (w->lower, "whose") || prev == NULL || !noun (prev) || next == NULL || !draftd_forms_is (next, 'a') ||
      draftd_candidates_function_word (next))
    return FALSE;
  /* The adjectives ("tidy, quiet and happy"), then no noun of theirs ("whose clean, green
   * image"): "to", "enough" or the clause's end. A first word that is a noun or a verb too
   * ("tidy") needs a second adjective after it. */
  guint k = f->i + 1, adjectives = 0;
  while (k < f->n && draftd_forms_is (f->words[k].lower, 'a') && !draftd_candidates_function_word (f->words[k].lower)) {
    adjectives++;
    gboolean comma = f->s[f->words[k].end] == ',', and = k + 1 < f->n && g_str_equal (f->words[k + 1].lower, "and");
    if (!comma && !and)
      break;
    k += and ? 2 : 1;
  }
  if (k >= f->n)
    return FALSE;
  gboolean ends = k + 1 >= f->n || !joined (f, k) || draftd_candidates_in_list (" enough to ", f->words[k + 1].lower);
  /* "a volunteer whose willing to run": an adjective that takes "to" ("willing", a verb's
   * form too) before its "to". */
  gboolean plain_adjective = (!draftd_forms_is (next, 'n') && !draftd_forms_is (next, 'v')) ||
                             (draftd_candidates_in_list (" willing able unable keen eager ready prepared likely happy ", next) &&
                              g_strcmp0 (near (f, 2), "to") == 0);
  return ends && (plain_adjective || adjectives >= 2) && sure (f, w->start, w->end, "who's", DRAFTD_FIX_WORD_CHOICE);
}

/* "the bookshop in Porto were we spent an afternoon": "were" after a noun, before a subject
 * pronoun and its verb, is "where" ("So were we", "Neither were they" invert after their
 * adverb; "Were we" opens a question). */
gboolean
were_where (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1), *verb = near (f, 2);
  /* "the small village were my grandparents grew up": a possessive's noun as the subject, a
   * past after it; "were" + that phrase + a past reads no other way, whatever the noun before. */
  gboolean owned = draftd_candidates_in_list (" my your his her our their ", next) && (noun (verb) || noun_number (f, verb) > 0);
  /* "a small guesthouse were the owner cooked": "the" too after a singular, which "were"
   * cannot be the verb of. */
  owned |= g_strcmp0 (next, "the") == 0 && prev && noun_number (f, prev) < 0 && (noun (verb) || noun_number (f, verb) > 0);
  if (owned)
    verb = near (f, 3);
  if (!g_str_equal (w->lower, "were") || prev == NULL || !(owned || draftd_candidates_in_list (" we they i he she you ", next)) || verb == NULL ||
      draftd_candidates_function_word (prev) || !(noun (prev) || g_ascii_isupper (f->words[f->i - 1].text[0])) ||
      draftd_candidates_in_list (" so neither nor as than ", prev))
    return FALSE;
  /* The verb: a past, or an -s-less present after the pronoun, no noun ("were they told"
   * would be a participle after the pronoun). */
  const char *lemma = draftd_forms_irregular_lemma (verb, 'v');
  gboolean past = (lemma && !g_str_equal (lemma, verb)) || (g_str_has_suffix (verb, "ed") && draftd_candidates_verb_form (f, verb));
  if (!past && !draftd_candidates_in_list (" can could will would used usually often always live work stay met ", verb))
    return FALSE;
  /* "The tickets were they told us about": a participle after the pronoun reads as a reduced
   * relative only with a passive "were" before it; a place's noun or a name before "were". */
  int lex = draftd_forms_noun_lexfile (prev);
  if (!owned && !g_ascii_isupper (f->words[f->i - 1].text[0]) && lex != DRAFTD_FORMS_ARTIFACT && lex != DRAFTD_FORMS_LOCATION)
    return FALSE;
  return (!owned || past) && sure (f, w->start, w->end, "where", DRAFTD_FIX_WORD_CHOICE);
}

/* "agreed fixing the heating", "decided selling the house": a verb whose object is an
 * infinitive, before an -ing form and that form's object, takes "to" and the base ("offered
 * cooking classes", "planned fishing trips": an -ing word before a noun is its adjective). */
gboolean
infinitive_for_ing (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  static const char *const takes_to =
    " agree agreed agrees decide decided decides refuse refused refuses promise promised promises hope hoped hopes plan planned "
    "plans want wanted wants manage managed manages afford choose chose fail failed fails threaten threatened pretend pretended "
    "offer offered offers ";
  /* "decided going to the beach", "hope seeing you", "plan visiting Rome": a place's "to", a
   * place's adverb, "you" or a name goes on the -ing form's phrase too ("want cooking to be
   * easier" makes the -ing word the object of "want"). */
  gboolean on = next && (draftd_candidates_in_list (" home there back abroad out you ", next) || g_ascii_isupper (f->words[f->i + 1].text[0]) ||
                         (g_str_equal (next, "to") && !draftd_candidates_in_list (" want wanted wants ", prev)));
  if (!g_str_has_suffix (w->lower, "ing") || !draftd_candidates_in_list (takes_to, prev) || next == NULL ||
      !(on || draftd_candidates_in_list (" the a an my your his her our their this that these those it them him us me at in on for with from ", next)) ||
      (f->i >= 2 && draftd_candidates_in_list (determiners, f->words[f->i - 2].lower)) || !gerund_word (f, w->lower))
    return FALSE;
  /* "decided touring Europe was too expensive": the -ing form's phrase is a clause's subject;
   * "we don't offer tutoring in Mandarin": before a preposition a service's noun is what is
   * offered. */
  if (later_verb (f, f->i + 2) ||
      (g_str_has_prefix (prev, "offer") && draftd_candidates_in_list (" in for on at with ", next)))
    return FALSE;
  g_autofree char *base = draftd_candidates_verb_base (f->c->spell, w->lower);
  if (base == NULL || g_str_equal (base, w->lower))
    return FALSE;
  g_autofree char *rep = g_strdup_printf ("to %s", base);
  return sure (f, w->start, w->end, rep, DRAFTD_FIX_VERB_FORM);
}

/* "the worse customer service I have ever experienced", "the better film I have ever seen":
 * a comparative after "the" before a noun and an "ever" in its clause is the superlative
 * ("the worse of the two" compares two). */
gboolean
worse_ever (F *f)
{
  const Word *w = &f->words[f->i];
  if (!draftd_candidates_in_list (" worse better ", w->lower) || g_strcmp0 (near (f, -1), "the") != 0 || !noun (near (f, 1)))
    return FALSE;
  return ever_after (f, f->i + 2, f->i + 9) && sure (f, w->start, w->end, g_str_equal (w->lower, "worse") ? "worst" : "best", DRAFTD_FIX_WORD_CHOICE);
}

/* "All departments accept finance will move": after a subject of "all", "every" or
 * "everyone" (its noun at most between), a noun phrase and then the clause's modal or
 * auxiliary: "accept" is no verb (that would leave "will move" without a subject), but the
 * exception. */
static gboolean
every_but (const F *f)
{
  guint i = f->i;
  if (i == 0 || i > 3 || !f->c->sentence_start || f->words[0].start != 0 ||
      !draftd_candidates_in_list (" all every everyone everybody everything each ", f->words[0].lower))
    return FALSE;
  for (guint k = 0; k + 1 <= i; k++)
    if (!joined (f, k))
      return FALSE;
  /* A bare noun or name only: "All members accept the proposal will take time" has a clause
   * for its object ("accept that ..."); after "all", a plural's verb, a name may open one too. */
  gboolean names = !g_str_equal (f->words[0].lower, "all");
  guint k = i + 1, start = k;
  while (k < f->n && k < start + 3 && joined (f, k - 1) &&
         ((noun (f->words[k].lower) && g_ascii_islower (f->words[k].text[0])) || (names && g_ascii_isupper (f->words[k].text[0]))))
    k++;
  return k > start && k < f->n && joined (f, k - 1) &&
         draftd_candidates_in_list (" will would can could must should may might are were is was have has had ", f->words[k].lower);
}

/* "Everyone on the committee signed the letter accept Mr Hughes": "accept" after a clause's
 * verb and its object, before a name, a determiner or a pronoun, is "except" (no "and",
 * "who", "that" before it gives it a subject of its own: "The people who signed the letter
 * accept the terms"). */
gboolean
accept_except (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  /* "have been weeded accept the two": a passive's participle ends its clause too. */
  gboolean passive = prev && draftd_candidates_in_list (" been be being was were is are ", near (f, -2)) &&
                     (g_str_has_suffix (prev, "ed") || draftd_candidates_past_only (f->c->spell, prev));
  if (g_str_equal (w->lower, "accept") && every_but (f))
    return sure (f, w->start, w->end, "except", DRAFTD_FIX_WORD_CHOICE);
  if (!g_str_equal (w->lower, "accept") || prev == NULL || !(noun (prev) || passive) || draftd_candidates_function_word (prev) || next == NULL ||
      !(g_ascii_isupper (f->words[f->i + 1].text[0]) || draftd_candidates_in_list (" the my your his her our their one two three me him her us them ", next)))
    return FALSE;
  gboolean verb = FALSE;
  for (guint k = 0; k < f->i; k++) {
    const char *l = f->words[k].lower;
    /* A modal right before it makes it the verb ("they will accept the terms"); one that heads
     * a passive earlier ("will be closed on Monday accept the chemist") does not. */
    if (draftd_candidates_in_list (" who that which and or but when if because while to ", l) || f->s[f->words[k].end] == ',' ||
        (k + 2 >= f->i && draftd_candidates_in_list (" will would can could should must may might not ", l)))
      return FALSE;
    verb |= k > 0 && (draftd_candidates_past_only (f->c->spell, l) || (g_str_has_suffix (l, "ed") && draftd_candidates_verb_form (f, l)));
  }
  return verb && sure (f, w->start, w->end, "except", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.comparative: "more easy than" ---- */

/* Short adjectives whose comparative is "-er": "more" before one of them and "than" is a
 * learner's ("more easy than" -> "easier than"); "more cheap flights than" counts flights. */
static const char *const er_adjectives = " easy cheap big small fast slow old young tall short long happy busy early large hot cold "
                                         "warm nice high low heavy rich strong weak quick great safe close near lucky tidy dirty ";

/* The "-er" comparative of one of er_adjectives: a consonant's "y" is "i", an "e" takes "r",
 * a consonant after one vowel at a short word's end is doubled ("big" -> "bigger"). */
static char *
er_form (const char *l)
{
  gsize n = strlen (l);
  if (l[n - 1] == 'y')
    return g_strdup_printf ("%.*sier", (int) (n - 1), l);
  if (l[n - 1] == 'e')
    return g_strconcat (l, "r", NULL);
  if (n == 3 && strchr ("aeiou", l[1]) && !strchr ("aeiouwxy", l[2]))
    return g_strdup_printf ("%s%cer", l, l[2]);
  return g_strconcat (l, "er", NULL);
}

gboolean
more_adjective_than (F *f)
{
  const Word *w = &f->words[f->i];
  if (f->i < 1 || !draftd_candidates_in_list (er_adjectives, w->lower) || g_strcmp0 (near (f, -1), "more") != 0)
    return FALSE;
  /* "The hotel was more cheap, but", "is more easy to use": a predicate's comparative where
   * its phrase ends, after a linking verb; before a noun "more" counts ("more cheap
   * flights"). */
  const char *next = near (f, 1), *before = near (f, -2);
  gboolean ends = strchr (",.;!?", f->s[w->end]) != NULL || draftd_candidates_in_list (" and but or so to ", next);
  if (g_strcmp0 (next, "than") != 0 &&
      !(ends && draftd_candidates_in_list (" is was are were be been am seems seemed looks looked feels felt became become becomes "
                                           "get gets got getting much even far ",
                                           before)))
    return FALSE;
  const Word *more = &f->words[f->i - 1];
  g_autofree char *er = er_form (w->lower);
  return draftd_spell_check (f->c->spell, "en", er) && sure (f, more->start, w->end, er, DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.pronoun-case: "please contact Daniel or myself" ---- */

/* "myself" joined by "and" or "or" to a name or an object pronoun, after the verb or the
 * preposition whose object the pair is, reflects nobody where the sentence has no "I": it is
 * the object "me". "Sarah and myself will attend" (a subject) is left. */
gboolean
reflexive_object (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "myself") || f->i < 3 || !draftd_candidates_in_list (" and or ", near (f, -1)) || near (f, -2) == NULL)
    return FALSE;
  guint g = f->i - 2;
  if (!g_ascii_isupper (f->words[g].text[0]) && !draftd_candidates_in_list (" him her them us you ", f->words[g].lower))
    return FALSE;
  /* Back over a name's other words ("Mr Daniel Smith"). */
  while (g > 0 && joined (f, g - 1) && g_ascii_isupper (f->words[g - 1].text[0]))
    g--;
  if (g == 0 || !joined (f, g - 1))
    return FALSE;
  const char *gov = f->words[g - 1].lower;
  if (!draftd_candidates_in_list (prepositions, gov) && !draftd_candidates_in_list (" between ", gov) &&
      (draftd_candidates_function_word (gov) || !(draftd_forms_is (gov, 'v') || finite_verb (f, gov))))
    return FALSE;
  for (guint k = 0; k < f->n; k++)
    if (draftd_candidates_in_list (" i i'm i've i'll i'd ", f->words[k].lower))
      return FALSE;
  return sure (f, w->start, w->end, "me", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.pronoun-case: "said that him and his wife would inspect" ---- */

/* An object pronoun opening a clause (the sentence's start, or after "that", "because", "if",
 * ...), joined by "and" to a name or a noun phrase right before the clause's finite verb, is
 * the subject's ("him and his wife would" -> "he and his wife"). */
gboolean
object_and_subject (F *f)
{
  static const char *const pairs[][2] = { { "him", "he" }, { "her", "she" }, { "them", "they" }, { "us", "we" } };
  const Word *w = &f->words[f->i];
  const char *rep = NULL, *prev = near (f, -1);
  for (guint k = 0; k < G_N_ELEMENTS (pairs); k++)
    rep = g_str_equal (w->lower, pairs[k][0]) ? pairs[k][1] : rep;
  if (rep == NULL || g_strcmp0 (near (f, 1), "and") != 0 ||
      !((f->i == 0 && f->c->sentence_start) || draftd_candidates_in_list (" that because when if although though while since but ", prev)))
    return FALSE;
  guint from = f->i + 2, verb = pair_verb (f, from);
  if (verb == 0)
    return FALSE;
  /* "her and her sister's car": a possessive's pair, whose object form is the owner's. */
  for (guint k = from; k < verb; k++)
    if (g_str_has_suffix (f->words[k].lower, "'s") || g_str_has_suffix (f->words[k].lower, "\xe2\x80\x99s"))
      return FALSE;
  return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
}

/* ---- punctuation.possessive-apostrophe: "for my parents anniversary" ---- */

/* A verb that takes one object, so that the determiner's plural after it and a noun are one
 * object with its owner ("I borrowed my sisters car"), not two ("give my friends money"). */
static gboolean
one_object_verb (const F *f, const char *l)
{
  static const char *const two_objects = " give gave given gives giving send sent sends sending show showed shown shows showing tell told "
                                         "tells ask asked asks buy bought buys bring brought brings offer offered offers lend lent lends "
                                         "pay paid pays owe owed owes teach taught teaches make made makes get got gets find found finds "
                                         "leave left leaves cook cooked cooks sell sold sells write wrote writes hand handed hands pass "
                                         "passed passes promise promised promises call called calls wish wished wishes cost costs save "
                                         "saved saves order ordered orders fetch fetched owe let lets call keep kept ";
  if (draftd_candidates_in_list (two_objects, l) || draftd_candidates_function_word (l))
    return FALSE;
  const char *lemma = draftd_forms_irregular_lemma (l, 'v');
  g_autofree char *base = lemma == NULL && g_str_has_suffix (l, "ed") ? draftd_candidates_verb_base (f->c->spell, l) : NULL;
  return (lemma && !g_str_equal (lemma, l)) || (base && draftd_forms_is (base, 'v'));
}

/* A determiner's plural of people before a noun that is no verb, adjective or time, in a
 * preposition's phrase or opening its clause, is a possessive ("for my parents anniversary",
 * "in my friends car"); "give my friends money" (two objects after a verb) and "my parents
 * today" are left. */
gboolean
people_possessive (F *f)
{
  static const char *const people = " parents friends sisters brothers cousins grandparents neighbours neighbors colleagues classmates "
                                     "kids sons daughters fathers mothers dads mums moms husbands wives uncles aunts bosses ";
  /* After "the", a party to a sale, a case or a team, one of whom owns ("from the buyers
   * solicitor": the buyer's); a group's members share ("the teachers lounge", "the members
   * area" are left). */
  static const char *const parties = " buyers sellers vendors landlords tenants clients captains owners applicants ";
  /* Parents share what is theirs ("my parents' anniversary"); a sister's, a friend's birthday
   * or car is mostly one's, the apostrophe left out of "sister's". */
  const Word *w = &f->words[f->i];
  gboolean shared = draftd_candidates_in_list (" parents grandparents ", w->lower);
  const char *next = near (f, 1), *gov = near (f, -2);
  /* "photos of your cousins new puppy": an adjective that is no noun or verb, then a noun
   * that is no verb, after a preposition or a verb of one object: the owned noun's phrase. */
  const char *n2 = near (f, 2);
  gboolean described = next && n2 && gov && draftd_forms_is (next, 'a') && !noun (next) && !draftd_forms_is (next, 'v') &&
                       !draftd_candidates_function_word (next) && !g_str_has_suffix (next, "ly") && noun (n2) && !draftd_forms_is (n2, 'v') &&
                       (draftd_candidates_in_list (prepositions, gov) || one_object_verb (f, gov));
  gboolean party = draftd_candidates_in_list (parties, w->lower) && g_strcmp0 (near (f, -1), "the") == 0;
  if ((!party && (!draftd_candidates_in_list (people, w->lower) || !draftd_candidates_in_list (" my your his her our their ", near (f, -1)))) ||
      next == NULL || !g_ascii_islower (f->words[f->i + 1].text[0]))
    return FALSE;
  g_autofree char *rep = shared ? g_strconcat (w->text, "'", NULL) : g_strdup_printf ("%.*s's", (int) strlen (w->text) - 1, w->text);
  if (described)
    return sure (f, w->start, w->end, rep, DRAFTD_FIX_SPELLING);
  if (!noun (next) ||
      /* "My parents house is near": a noun that is a verb too is the owned subject before its "is",
       * and the object of a verb that takes one, a preposition after it ("took my brothers bike
       * from"; a verb of seeing takes a clause: "saw my friends bike to school"). */
      ((draftd_forms_is (next, 'v') || finite_verb (f, next)) && !draftd_candidates_in_list (" is was has ", near (f, 2)) &&
       !(gov && one_object_verb (f, gov) && !draftd_candidates_in_list (" saw seen watched heard noticed felt made helped let ", gov) &&
         draftd_candidates_in_list (prepositions, near (f, 2)))) ||
      draftd_forms_is (next, 'a') ||
      draftd_candidates_in_list (" today tonight yesterday tomorrow now then here there also still always never often ever once ", next) ||
      (gov && !draftd_candidates_in_list (prepositions, gov) && !one_object_verb (f, gov)))
    return FALSE;
  return sure (f, w->start, w->end, rep, DRAFTD_FIX_SPELLING);
}

/* "for Sarahs leaving present", "from Johns desk": a name the dictionary knows, given an "s"
 * it does not know, after a preposition or a verb of one object and before a noun (an -ing
 * form and its noun) that is no verb, is the name's possessive. */
gboolean
name_possessive_s (F *f)
{
  /* At the owned noun: a capitalised word within the sentence is fixed, a name's. */
  if (f->i < 2 || !joined (f, f->i - 1))
    return FALSE;
  const Word *w = &f->words[f->i - 1];
  gsize n = strlen (w->text);
  const char *next = f->words[f->i].lower, *gov = f->words[f->i - 2].lower;
  if (n < 4 || w->text[n - 1] != 's' || w->text[n - 2] == 's' || !g_ascii_isupper (w->text[0]) || !g_ascii_islower (w->text[1]) ||
      !g_ascii_islower (f->words[f->i].text[0]) || !joined (f, f->i - 2) || draftd_candidates_function_word (next) ||
      (!draftd_candidates_in_list (prepositions, gov) && !one_object_verb (f, gov)))
    return FALSE;
  g_autofree char *stem = g_strndup (w->text, n - 1);
  if (!g_str_is_ascii (w->text) || draftd_spell_check (f->c->spell, "en", w->text) || !draftd_spell_check (f->c->spell, "en", stem))
    return FALSE;
  const char *after = near (f, 1);
  /* A noun that is a verb's base too ("cat") only without an object after it ("heard Thomas
   * play the piano"). */
  gboolean object = after && (draftd_candidates_in_list (determiners, after) || draftd_candidates_in_list (" me him her us them it you ", after));
  gboolean owned = (noun (next) && !clause_verb_word (f, next) && !(draftd_forms_is (next, 'v') && object)) ||
                   (g_str_has_suffix (next, "ing") && after && noun (after) && !clause_verb_word (f, after));
  if (!owned)
    return FALSE;
  g_autofree char *rep = g_strdup_printf ("%s's", stem);
  return sure (f, w->start, w->end, rep, DRAFTD_FIX_SPELLING);
}

/* "I borrowed my brother camera": a determiner's relative, in the singular, right before a
 * thing people own is its owner, the "'s" left out. Only things owned ("my sister company",
 * "my mother tongue", "my friend group" are compounds). */
gboolean
kin_possessive (F *f)
{
  static const char *const kin = " brother sister mother father mum mom dad friend cousin uncle aunt son daughter husband wife boss "
                                 "neighbour neighbor grandmother grandfather grandma grandpa girlfriend boyfriend flatmate roommate ";
  static const char *const owned = " car camera phone laptop computer house flat apartment room bike bicycle bag wallet keys "
                                   "dog cat birthday wedding jacket coat shoes desk office garden kitchen charger ";
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  if (!draftd_candidates_in_list (kin, w->lower) || !draftd_candidates_in_list (" my your his her our their ", near (f, -1)) ||
      !draftd_candidates_in_list (owned, next) || !g_ascii_islower (f->words[f->i + 1].text[0]))
    return FALSE;
  g_autofree char *rep = g_strconcat (w->text, "'s", NULL);
  return sure (f, w->start, w->end, rep, DRAFTD_FIX_SPELLING);
}

/* "My fathers restaurant is popular", "The teams new kit will be": a subject that opens the
 * sentence on a determiner's plural (a person's or a group's, or any before an adjective),
 * then its noun (an adjective before it at most) and a singular's verb or a modal, is a
 * possessive and its noun ("Last weeks outage" is time_possessive's); "the
 * winner of Saturdays race": a day's plural after a preposition, before a noun. A plural
 * owns nothing there but a family's shared parents ("parents'"); a singular owner is the
 * commoner reading of the rest. */
gboolean
opening_possessive (F *f)
{
  static const char *const days = " mondays tuesdays wednesdays thursdays fridays saturdays sundays ";
  /* The day's name is a fixed word: its noun acts for it. */
  const Word *d = f->i >= 2 ? &f->words[f->i - 1] : NULL;
  if (d && draftd_candidates_in_list (days, d->lower) && joined (f, f->i - 1) && joined (f, f->i - 2) &&
      draftd_candidates_in_list (" of at from after before since ", f->words[f->i - 2].lower) && g_ascii_islower (f->words[f->i].text[0]) &&
      noun (f->words[f->i].lower) && !draftd_forms_is (f->words[f->i].lower, 'a') && !draftd_candidates_function_word (f->words[f->i].lower)) {
    g_autofree char *rep = g_strdup_printf ("%.*s's", (int) strlen (d->text) - 1, d->text);
    return sure (f, d->start, d->end, rep, DRAFTD_FIX_SPELLING);
  }
  const Word *w = &f->words[f->i];
  gsize n = strlen (w->lower);
  const char *next = near (f, 1), *n2 = near (f, 2), *n3 = near (f, 3);
  if (n < 4 || !g_str_has_suffix (w->lower, "s") || g_str_has_suffix (w->lower, "ss") || next == NULL || n2 == NULL ||
      !g_ascii_islower (f->words[f->i + 1].text[0]) || draftd_candidates_function_word (next))
    return FALSE;
  g_autofree char *stem = g_strndup (w->text, n - 1);
  if (f->i != 1 || !joined (f, 0) || !draftd_candidates_in_list (" the my our your his her their ", f->words[0].lower))
    return FALSE;
  g_autofree char *sing = draftd_forms_singular (f->c->spell, w->lower);
  if (sing == NULL || g_str_equal (sing, w->lower) || !draftd_forms_is (sing, 'n') || draftd_forms_is (w->lower, 'a') ||
      g_ascii_strncasecmp (sing, w->lower, n - 1) != 0)
    return FALSE;
  /* An adjective that is no noun or verb between: "teams new kit". */
  gboolean adj = draftd_forms_is (next, 'a') && !noun (next) && !draftd_forms_is (next, 'v') && !g_str_has_suffix (next, "ly");
  /* Without one, only a person or a group owns ("The sports hall is", "the arts centre" are
   * compounds). */
  int lex = draftd_forms_noun_lexfile (sing);
  if (!adj && lex != DRAFTD_FORMS_PERSON && lex != DRAFTD_FORMS_GROUP)
    return FALSE;
  const char *head = adj ? n2 : next, *verb = adj ? n3 : n2;
  /* "The councils decision to close the centre has": a decision's infinitive after it, the
   * head a noun only ("The developers plan to raise the wall" has its verb). */
  gboolean infinitive = !adj && verb && head && g_str_equal (verb, "to") && draftd_candidates_in_list (" decision proposal refusal failure decisions proposals ", head);
  if (head == NULL || verb == NULL || !noun (head) || draftd_forms_is (head, 'a') || draftd_candidates_function_word (head) ||
      !(infinitive || draftd_candidates_in_list (adj ? " is was has will would can could should must " : " is was has ", verb) ||
        /* "My neighbours cat keeps digging", "The landlords agent will visit": a person's
         * singular noun, then a singular's verb or a modal. */
        (!adj && lex == DRAFTD_FORMS_PERSON && noun_number (f, head) < 0 &&
         (draftd_candidates_in_list (" will would can could should must keeps needs seems looks wants gets goes ", verb) ||
          /* "Our captains armband went missing": an irregular past, the owned noun no verb. */
          (draftd_forms_irregular_past (verb) && !draftd_forms_is (head, 'v'))))))
    return FALSE;
  gboolean shared = draftd_candidates_in_list (" parents grandparents ", w->lower);
  g_autofree char *rep = shared ? g_strconcat (w->text, "'", NULL) : g_strdup_printf ("%s's", stem);
  return sure (f, w->start, w->end, rep, DRAFTD_FIX_SPELLING);
}

/* "The surgery past its inspection with flying colours", "Jayden past his final
 * assessment": after a subject's noun or name, before a possessive's phrase, with no verb
 * of its own in the clause, "past" is the verb "passed" ("the road past his house is
 * closed" has its verb; "walked past her" its verb of motion). */
gboolean
past_as_verb (F *f)
{
  /* A verb of motion takes "past" as its preposition ("walked past her"), and a place or a
   * vehicle as its postmodifier ("the road past his house"). */
  static const char *const motion = " walk walks run runs drive drives ride rides fly flies sail sails swim swims go goes come comes rush race "
                                    "hurry march stroll wander ";
  static const char *const places = " way road path house door window bus car train ";
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  if (!g_str_equal (w->lower, "past") || prev == NULL || draftd_candidates_function_word (prev) || g_str_has_suffix (prev, "ed") ||
      draftd_candidates_in_list (motion, prev) ||
      !(noun (prev) || noun_number (f, prev) > 0 || (f->i >= 2 && g_ascii_isupper (f->words[f->i - 1].text[0]))))
    return FALSE;
  /* "The deadline for paying the rent past three days ago", "The first motor bus past
   * through the village": a time ago, or "through", takes no preposition "past" after a noun
   * ("rent" is a past too). */
  gboolean ago = FALSE;
  for (gint d = 2; d <= 4 && near (f, d); d++)
    ago |= g_str_equal (near (f, d), "ago");
  if ((ago && (draftd_candidates_in_list (numbers, next) || draftd_candidates_in_list (" a an two few several ", next))) || g_strcmp0 (next, "through") == 0)
    return sure (f, w->start, w->end, "passed", DRAFTD_FIX_WORD_CHOICE);
  /* A plural subject ("Most players past their best still train") only with a finished time
   * ("Three of our older swimmers past their badges last week"). */
  if (!draftd_candidates_in_list (" its his her their my our your ", next) || draftd_forms_irregular_past (prev) ||
      draftd_candidates_in_list (places, prev) || (!noun (prev) && noun_number (f, prev) > 0 && !finished_time (f, NULL)))
    return FALSE;
  for (guint k = f->i + 2; k < f->n && joined (f, k - 1); k++)
    if (finite_verb (f, f->words[k].lower) && !noun (f->words[k].lower))
      return FALSE;
  /* The subject's phrase opens its clause ("In the years past their prime" is a
   * preposition's). */
  guint b = f->i - 1;
  while (b > 0 && joined (f, b - 1) &&
         (draftd_candidates_in_list (determiners, f->words[b - 1].lower) ||
          (!draftd_candidates_function_word (f->words[b - 1].lower) &&
           (noun (f->words[b - 1].lower) || g_ascii_isupper (f->words[b - 1].text[0]) || draftd_forms_is (f->words[b - 1].lower, 'a')))))
    b--;
  /* "Three of our older swimmers past their badges": a count's "of" opens the phrase. */
  if (b >= 2 && g_str_equal (f->words[b - 1].lower, "of") &&
      (draftd_candidates_in_list (numbers, f->words[b - 2].lower) || draftd_candidates_in_list (" some most all many several both ", f->words[b - 2].lower)))
    b -= 2;
  if (b > 0 && joined (f, b - 1) && !draftd_candidates_in_list (" and but so ", f->words[b - 1].lower))
    return FALSE;
  return sure (f, w->start, w->end, "passed", DRAFTD_FIX_WORD_CHOICE);
}

/* "came to last weeks coffee morning", "the minutes of yesterdays meeting", "Next months
 * rota is": a time's plural (after "last" or "next", not "the last" or "over the next", a
 * span) or "yesterdays",
 * "todays", "tonights" before a noun that is no verb is the time's possessive. */
gboolean
time_possessive (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1), *prev = near (f, -1), *prev2 = near (f, -2);
  gboolean day = draftd_candidates_in_list (" yesterdays todays tonights ", w->lower);
  gboolean last = draftd_candidates_in_list (" weeks nights months years days ", w->lower) && draftd_candidates_in_list (" last next ", prev) &&
                  !draftd_candidates_in_list (" the these those over past few first ", prev2);
  /* A noun that is a verb too ("release") is the owned one before a verb of its own ("Last
   * nights release broke"). */
  const char *n2 = near (f, 2);
  if ((!day && !last) || next == NULL || !g_ascii_islower (f->words[f->i + 1].text[0]) || !noun (next) ||
      draftd_candidates_function_word (next) || g_str_has_suffix (next, "ly") ||
      (finite_verb (f, next) && !(n2 && (draftd_forms_irregular_past (n2) || draftd_candidates_in_list (" is was has will ", n2)))))
    return FALSE;
  g_autofree char *rep = g_strdup_printf ("%.*s's", (int) strlen (w->text) - 1, w->text);
  return sure (f, w->start, w->end, rep, DRAFTD_FIX_SPELLING);
}

/* "I bought fresh egg's, milk and bread", "two banana's.": an "'s" on a noun after an
 * adjective or a number, closing the phrase (a comma, a stop, "and", "or"), is a plural's
 * stray apostrophe. "the baker's." (a determiner's owner), "than last year's" and names are
 * left. */
gboolean
plural_apostrophe (F *f)
{
  const Word *w = &f->words[f->i];
  gsize n = strlen (w->lower);
  /* "All knives, board's and aprons": a list's item between plurals is one. */
  gboolean listed = f->i >= 1 && f->s[f->words[f->i - 1].end] == ',' && g_str_has_suffix (f->words[f->i - 1].lower, "s") &&
                    draftd_candidates_in_list (" and or ", near (f, 1)) && near (f, 2) && noun_number (f, near (f, 2)) > 0;
  if (n < 5 || !g_str_has_suffix (w->lower, "'s") || !g_ascii_islower (w->text[0]) || f->i < 1 || (!joined (f, f->i - 1) && !listed))
    return FALSE;
  g_autofree char *stem = g_strndup (w->lower, n - 2);
  const char *prev = f->words[f->i - 1].lower, *before = f->i >= 2 && joined (f, f->i - 2) ? f->words[f->i - 2].lower : NULL;
  char after = f->s[w->end];
  /* "bought some apple's at the market": a preposition after a counted noun ends it too. */
  gboolean closes = after == ',' || after == '.' || after == ';' || draftd_candidates_in_list (" and or at in on from for are were ", near (f, 1));
  /* "All the laptop's in": "all" before the determiner counts them too. */
  gboolean counted = g_ascii_isdigit (prev[0]) || draftd_candidates_in_list (" two three four five six seven eight nine ten twelve twenty "
                                                                              "some many few several more lots ",
                                                                              prev) ||
                     (draftd_candidates_in_list (" the my our your their these those ", prev) && draftd_candidates_in_list (" all both ", before)) ||
                     (draftd_forms_is (prev, 'a') && !draftd_candidates_function_word (prev) && !draftd_candidates_in_list (determiners, before) &&
                      !(before && g_str_has_suffix (before, "'s")));
  counted |= listed;
  /* "The dog's were very well behaved": a determiner's noun before a plural's "were" or
   * "are", which no "is" or "has" of a contraction takes. */
  counted |= draftd_candidates_in_list (" the my our your their his her ", prev) && draftd_candidates_in_list (" were are ", near (f, 1));
  /* "better than last year's": a time's possessive stands for its results. */
  /* "share a van with another customer's": one owner after "another", "each", "every". */
  if (!closes || !counted || !noun (stem) || draftd_candidates_in_list (" last next this previous following same another each every one ", prev) ||
      draftd_candidates_in_list (" year week month day night season century decade term ", stem) || draftd_candidates_function_word (stem) || draftd_candidates_uncountable (stem) ||
      noun_number (f, stem) > 0 || (noun_number (f, stem) == 0 && !listed))
    return FALSE;
  g_autofree char *plural = draftd_forms_plural (f->c->spell, stem);
  return plural && sure (f, w->start, w->end, plural, DRAFTD_FIX_SPELLING);
}

/* ---- word-choice: "The staff were too friendly and helpful" ---- */

/* "too" says more than is wanted; before praise with no "to", "for" or "with" after ("The
 * staff were too friendly and helpful, so I would like to thank them") the writer means
 * "very". "too good to be true", "too friendly with my wife", "not too", "too kind" are left. */
gboolean
too_praise (F *f)
{
  static const char *const praise = " friendly helpful welcoming polite attentive delicious professional ";
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "too") || !draftd_candidates_in_list (praise, near (f, 1)) ||
      !draftd_candidates_in_list (" is are was were been ", near (f, -1)) || draftd_candidates_in_list (" not never ", near (f, -2)))
    return FALSE;
  for (guint k = f->i + 2; k < f->n && k < f->i + 6 && joined (f, k - 1); k++)
    if (draftd_candidates_in_list (" to for with ", f->words[k].lower))
      return FALSE;
  return sure (f, w->start, w->end, "very", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- verb-form: "If you want be a doctor" ---- */

/* Verbs that are no common noun, after which "want" needs its "to" ("want water", "want
 * help" are nouns wanted). */
static const char *const wanted_verbs =
  " be go get become buy learn see know eat make take find give live stay leave tell say try meet keep bring spend pay "
  "write read speak improve continue understand explain create ";

/* "want" and a verb's base without its "to": "If you want be", "She wants go home". */
gboolean
want_base (F *f)
{
  const Word *w = &f->words[f->i];
  if (!draftd_candidates_in_list (" want wants wanted ", w->lower) || f->i + 1 >= f->n || !joined (f, f->i) ||
      !draftd_candidates_in_list (wanted_verbs, f->words[f->i + 1].lower))
    return FALSE;
  const Word *v = &f->words[f->i + 1];
  /* "if you want live vocals": a verb that is an adjective too, before a plural noun, is the
   * noun's adjective. */
  const char *after = near (f, 2);
  g_autofree char *one = after && g_str_has_suffix (after, "s") ? g_strndup (after, strlen (after) - 1) : NULL;
  if (draftd_forms_is (v->lower, 'a') && one && joined (f, f->i + 1) && draftd_forms_is (one, 'n') && !draftd_candidates_function_word (after))
    return FALSE;
  return sure (f, v->start, v->start, "to ", DRAFTD_FIX_VERB_FORM);
}

/* "The fan is surprisingly quite, even on", "the room went quite.": "quite" ends its clause
 * after a be-form, a verb of seeming or a manner's adverb, where only the adjective "quiet"
 * stands ("not quite." and "quite so" are left). */
gboolean
quite_at_end (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1);
  gboolean ends = f->i + 1 >= f->n || strchr (",.;!?", f->s[w->end]) != NULL;
  /* "were quite, frankly, disappointing": an aside's adverb between the degree and its word. */
  if (!g_str_equal (w->lower, "quite") || !ends || prev == NULL ||
      (f->s[w->end] == ',' && f->i + 1 < f->n && g_str_has_suffix (f->words[f->i + 1].lower, "ly")))
    return FALSE;
  gboolean be = draftd_candidates_in_list (" is was are were be been seems seemed seem stayed stay stays kept keep went go goes fell ", prev);
  gboolean adverb_ = g_str_has_suffix (prev, "ly") && strlen (prev) > 4 && !draftd_candidates_in_list (" only really nearly hardly ", prev) &&
                     f->i >= 2 && draftd_candidates_in_list (" is was are were seems seemed stayed ", near (f, -2));
  if (!be && !adverb_)
    return FALSE;
  return sure (f, w->start, w->end, "quiet", DRAFTD_FIX_WORD_CHOICE);
}

/* "If you feel dizzy, lay down for a few minutes": a command's "lay down" after an opening
 * clause's comma (a story's "they lay down" is the past of "lie", with its subject); "let
 * the dough lay in the fridge": after "let" or "leave" and its object, a place or a manner
 * with no object of "lay" is lying. Both are "lie". */
gboolean
lay_lie_clause (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1), *next2 = near (f, 2);
  if (!g_str_equal (w->lower, "lay") || next == NULL || f->i < 2)
    return FALSE;
  gboolean command = f->s[f->words[f->i - 1].end] == ',' && draftd_candidates_in_list (" if when once after before ", f->words[0].lower) &&
                     draftd_candidates_in_list (" down back ", next) && (next2 == NULL || draftd_candidates_in_list (" for and on in to until ", next2));
  gboolean left = f->i >= 3 && joined (f, f->i - 3) && joined (f, f->i - 2) && joined (f, f->i - 1) &&
                  draftd_candidates_in_list (" let lets letting leave leaves left ", f->words[f->i - 3].lower) &&
                  draftd_candidates_in_list (" the it them your my his her their our ", f->words[f->i - 2].lower) &&
                  draftd_candidates_in_list (" in on flat still there overnight ", next) &&
                  (next2 == NULL || draftd_candidates_in_list (" the a your my his her their our for overnight until ", next2));
  if (!command && !left)
    return FALSE;
  return sure (f, w->start, w->end, "lie", DRAFTD_FIX_WORD_CHOICE);
}

/* "Most the reviews mention", "most the time", "a lot the tests": "most" before a
 * determiner takes "of"; "at
 * most the first three" is a bound, "the most the" no learner's. */
gboolean
most_of (F *f)
{
  const Word *w = &f->words[f->i];
  /* "A lot the failing tests": "a lot" likewise. */
  gboolean lot = g_str_equal (w->lower, "lot") && draftd_candidates_in_list (" a ", near (f, -1));
  if ((!g_str_equal (w->lower, "most") && !lot) || !draftd_candidates_in_list (" the my our your his her their these those ", near (f, 1)) ||
      (!lot && draftd_candidates_in_list (" at the ", near (f, -1))))
    return FALSE;
  return sure (f, w->end, w->end, " of", DRAFTD_FIX_PREPOSITION);
}

/* Is `l` a verb's base and nothing else a sentence could make of it here: no noun, no
 * adjective, no -ing, -ed or -s form? */
static gboolean
bare_verb (const char *l)
{
  return l && draftd_forms_is (l, 'v') && !noun (l) && !draftd_forms_is (l, 'a') && !draftd_candidates_function_word (l) &&
         !g_str_has_suffix (l, "ing") && !g_str_has_suffix (l, "ed") && draftd_forms_irregular_lemma (l, 'v') == NULL;
}

/* "The council has agreed repair the footpath", "My advisor wants me apply for": a verb of
 * deciding or wanting, then (an object pronoun and) a verb's base, takes "to". The base
 * has an object or a preposition after it; it is no noun at all after an object ("tell me
 * weather the" is "whether"), or a noun too only before a determiner's object after a verb
 * of deciding ("agreed repair the footpath"). */
gboolean
missing_to (F *f)
{
  static const char *const deciding = " agree agrees agreed decide decides decided promise promises promised refuse refuses refused "
                                      "plan plans planned hope hopes hoped manage manages managed offer offers offered ";
  static const char *const asking = " want wants wanted ask asks asked tell tells told allow allows allowed expect expects expected "
                                    "encourage encourages encouraged remind reminds reminded need needs needed urge urges urged ";
  /* Verbs whose object is never followed by a second one: a base after it, though a noun too,
   * is the infinitive's ("I want you come to the lab"; "asked him advice on" has two). */
  static const char *const wanting = " want wants wanted expect expects expected encourage encourages encouraged need needs needed urge urges urged ";
  const Word *w = &f->words[f->i];
  gboolean object = draftd_candidates_in_list (asking, w->lower) && draftd_candidates_in_list (" me him her us them you ", near (f, 1));
  /* "their plans depend": after a determiner or an adjective the word is a noun. */
  const char *prev = near (f, -1);
  /* "We would like thank everyone who", "I'd like remind all residents": a wish's "like"
   * before a verb that is no noun ("would like coffee", "would like help with") takes "to". */
  if (draftd_candidates_in_list (" like love prefer ", w->lower) &&
      draftd_candidates_in_list (" would i'd we'd you'd he'd she'd they'd ", prev) && f->i + 1 < f->n && joined (f, f->i) &&
      g_ascii_islower (f->words[f->i + 1].text[0]) && bare_verb (near (f, 1)))
    return sure (f, f->words[f->i + 1].start, f->words[f->i + 1].start, "to ", DRAFTD_FIX_VERB_FORM);
  /* "was managed like a puppet": a passive's participle takes no infinitive, and "like" is
   * the preposition there. */
  /* "Most insurance plans require a referral": an -s form after a lower-case noun or a
   * quantifier is the plural noun, the subject of the base after it. */
  gboolean plural_noun = g_str_has_suffix (w->lower, "s") && prev && f->i > 0 && g_ascii_islower (f->words[f->i - 1].text[0]) &&
                         !object && (draftd_candidates_in_list (" most many some all few several both ", prev) ||
                                     (noun (prev) && !draftd_candidates_function_word (prev) &&
                                      draftd_forms_noun_lexfile (prev) != DRAFTD_FORMS_PERSON && draftd_forms_noun_lexfile (prev) != DRAFTD_FORMS_GROUP));
  if ((!object && !draftd_candidates_in_list (deciding, w->lower)) || plural_noun ||
      (prev && (draftd_candidates_in_list (determiners, prev) || (draftd_forms_is (prev, 'a') && !draftd_candidates_function_word (prev)) ||
                draftd_candidates_in_list (" is are was were be been being ", prev))))
    return FALSE;
  guint at = f->i + (object ? 2 : 1);
  const char *base = near (f, object ? 2 : 1), *after = near (f, object ? 3 : 2);
  if (at >= f->n || base == NULL || after == NULL || !g_ascii_islower (f->words[at].text[0]) || g_str_equal (base, "like") ||
      !(draftd_candidates_in_list (determiners, after) || draftd_candidates_in_list (prepositions, after) ||
        draftd_candidates_in_list (" a an it them him her me us ", after)))
    return FALSE;
  /* A base that is a noun too ("repair") before a determiner's object. */
  gboolean base_form = draftd_forms_is (base, 'v') && !g_str_has_suffix (base, "s") && !g_str_has_suffix (base, "ing") &&
                       !g_str_has_suffix (base, "ed") && draftd_forms_irregular_lemma (base, 'v') == NULL;
  const char *lemma = draftd_forms_irregular_lemma (base, 'v');
  gboolean wanted = object && draftd_candidates_in_list (wanting, w->lower) && draftd_forms_is (base, 'v') && !draftd_forms_is (base, 'a') &&
                    (lemma == NULL || g_str_equal (lemma, base)) && !g_str_has_suffix (base, "s") && !g_str_has_suffix (base, "ing") &&
                    !draftd_candidates_function_word (base);
  if (!bare_verb (base) && !wanted && !(base_form && !object && draftd_candidates_in_list (" the a an his her their my our your its ", after)))
    return FALSE;
  return sure (f, f->words[at].start, f->words[at].start, "to ", DRAFTD_FIX_VERB_FORM);
}

/* "I'm going try growing sweet peas", "if it is possible extend the deadline": the future's
 * "going" after "be", or an adjective that takes an infinitive after "it is", before a verb's
 * base, takes "to". The base is a verb only: no adjective ("going live", "going green"), no
 * place or direction ("going home", "going back"); after the adjective, no noun either
 * ("possible design" is a possible one) unless an object follows ("it is possible record
 * the"). */
gboolean
going_base (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *base = near (f, 1), *after = near (f, 2);
  gboolean going = g_str_equal (w->lower, "going") &&
                   draftd_candidates_in_list (" am is are was were be been i'm you're we're they're he's she's it's ", prev);
  gboolean adjective = draftd_candidates_in_list (" possible impossible necessary important difficult easy hard ", w->lower) &&
                       draftd_candidates_in_list (" is was be ", prev) && g_strcmp0 (near (f, -2), "it") == 0;
  if ((!going && !adjective) || base == NULL || !g_ascii_islower (f->words[f->i + 1].text[0]))
    return FALSE;
  if (!draftd_forms_is (base, 'v') || draftd_forms_is (base, 'a') || draftd_candidates_function_word (base) || draftd_forms_irregular_past (base) ||
      g_str_has_suffix (base, "s") || g_str_has_suffix (base, "ing") || g_str_has_suffix (base, "ed") ||
      draftd_candidates_in_list (" home back out away ahead abroad there here down up over on off in round forward through ", base) ||
      draftd_forms_noun_lexfile (base) == DRAFTD_FORMS_LOCATION)
    return FALSE;
  if (adjective && noun (base) && !(after && (draftd_candidates_in_list (determiners, after) || draftd_candidates_in_list (" it them him her me us ", after))))
    return FALSE;
  return sure (f, f->words[f->i + 1].start, f->words[f->i + 1].start, "to ", DRAFTD_FIX_VERB_FORM);
}

/* ---- preposition.missing: "When I went Paris" ---- */

/* A verb of going and a place's name without its "to": "went Paris", "moved Canada". Not
 * "travel", "visit" or "leave", which take the place as their object ("travelled Europe"). */
gboolean
go_place (F *f)
{
  const Word *w = &f->words[f->i];
  if (!draftd_candidates_in_list (" go goes went going gone come comes came coming move moves moved moving return returns returned ", w->lower) ||
      f->i + 1 >= f->n || !joined (f, f->i))
    return FALSE;
  const Word *p = &f->words[f->i + 1];
  g_autofree char *lower = g_ascii_strdown (p->text, -1);
  /* A direction is no place gone to ("moving West"). */
  if (!g_ascii_isupper (p->text[0]) || draftd_candidates_function_word (lower) || draftd_forms_noun_lexfile (lower) != DRAFTD_FORMS_LOCATION ||
      draftd_candidates_in_list (" north south east west northeast northwest southeast southwest upstate downtown uptown inland overseas abroad "
                                 "home ", lower) ||
      (f->i + 2 < f->n && joined (f, f->i + 1) && g_ascii_isupper (f->words[f->i + 2].text[0]) == FALSE && noun (f->words[f->i + 2].lower)))
    return FALSE;
  return sure (f, p->start, p->start, "to ", DRAFTD_FIX_PREPOSITION);
}

/* ---- preposition.redundant: "is considered as the best" ---- */

/* "consider" takes its complement bare: "is considered as the least important" -> "is
 * considered the least important", "consider it as the best". ("regarded as", "seen as"
 * keep theirs.) */
gboolean
considered_as (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  gboolean object = f->i >= 2 && draftd_candidates_in_list (" consider considers considered considering ", near (f, -2)) &&
                    draftd_candidates_in_list (" him her them it me us you this that ", prev);
  /* Only before a superlative ("considered as the least important"): "considered as a
   * candidate", "as one of" are common in careful prose too. */
  const char *next2 = near (f, 2);
  if (!g_str_equal (w->lower, "as") || !(draftd_candidates_in_list (" considered consider considers considering ", prev) || object) ||
      g_strcmp0 (next, "the") != 0 || !superlative (next2) || !joined (f, f->i - 1))
    return FALSE;
  return sure (f, f->words[f->i - 1].end, w->end, "", DRAFTD_FIX_PREPOSITION);
}

/* ---- preposition.missing: "I agree the statement", "deal the problems" ---- */

/* What one agrees with: an opinion or its holder. Not a plan or terms, which British English
 * agrees bare ("agreed the budget"). */
static const char *const opinions =
  " statement opinion opinions idea ideas view views point argument arguments author writer speaker lecturer professor "
  "teacher claim claims suggestion proposal ";
/* What one deals with ("deal the cards" deals them out). */
static const char *const troubles =
  " problem problems issue issues situation situations stress challenge challenges difficulty difficulties pressure conflict "
  "conflicts complaints customers ";

/* "agree" or "deal" and the noun of an opinion or a trouble without the "with" they take; a
 * determiner between at most ("I agree the statement", "to deal these problems"). A pronoun
 * after "agree" opens a clause as often ("I agree you should go"), and is left. */
gboolean
agree_with (F *f)
{
  const Word *w = &f->words[f->i];
  gboolean agree = draftd_candidates_in_list (" agree agrees agreed agreeing ", w->lower);
  gboolean deal = draftd_candidates_in_list (" deal deals dealt dealing ", w->lower);
  if ((!agree && !deal) || f->i + 1 >= f->n || !joined (f, f->i))
    return FALSE;
  guint k = f->i + 1;
  if (draftd_candidates_in_list (" the this that these those my your his her our their ", f->words[k].lower) && k + 1 < f->n && joined (f, k))
    k++;
  const char *head = f->words[k].lower;
  if (k == f->i + 1 || !draftd_candidates_in_list (agree ? opinions : troubles, head) ||
      (k + 1 < f->n && joined (f, k) && noun (f->words[k + 1].lower)))
    return FALSE;
  /* "I agree the idea is good": the noun the subject of a clause "that" was left out of ("the
   * statement that cars" is the noun's own clause). */
  const char *after = k + 1 < f->n && joined (f, k) ? f->words[k + 1].lower : NULL;
  if (after && ((draftd_candidates_in_list (draftd_candidates_clause_words, after) && !g_str_equal (after, "that")) ||
                draftd_candidates_in_list (modals, after) ||
                draftd_candidates_verb_form (f, after)))
    return FALSE;
  /* "everyone agreed the views at the top were worth it": the clause's verb after the noun's
   * phrase. */
  for (guint j = k + 1; j < f->n && j <= k + 6 && joined (f, j - 1); j++)
    if (draftd_candidates_in_list (" is are was were has have had will would can could ", f->words[j].lower))
      return FALSE;
  return sure (f, f->words[f->i + 1].start, f->words[f->i + 1].start, "with ", DRAFTD_FIX_PREPOSITION);
}

/* ---- confusable.accept-except: "agreed to the new schedule accept Mark, who" ---- */

/* "accept" after a clause whose verb came before it, its object's noun right before, and a
 * name, a person or "the one" after it: the clause's exception ("Everyone agreed to the plan accept
 * Mark, who"). A second verb would need its "and" ("they signed the form and accept"). */
gboolean
clause_accept (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  /* "submitted their counts accept the one in Southampton", "accept for Mark": the one left
   * out, or "for" and who or what. */
  const char *n2 = near (f, 2);
  gboolean left_out = (g_strcmp0 (next, "the") == 0 && draftd_candidates_in_list (" one ones last first ", n2)) ||
                      (g_strcmp0 (next, "for") == 0 && n2 &&
                       (draftd_candidates_in_list (" me him her us them one the a ", n2) || g_ascii_isupper (f->words[f->i + 2].text[0])));
  if (!g_str_equal (w->lower, "accept") || f->i < 3 || (!noun (near (f, -1)) && noun_number (f, near (f, -1)) <= 0) || next == NULL ||
      !(draftd_candidates_in_list (" me him her us them ", next) || g_ascii_isupper (f->words[f->i + 1].text[0]) || left_out))
    return FALSE;
  for (guint k = f->i - 1; k > 0 && joined (f, k - 1); k--) {
    const char *l = f->words[k - 1].lower;
    /* "Will the students accept Mark?": a modal opening a question has the verb for its own;
     * "The hall will be open every evening accept Wednesday" has the modal inside its clause. */
    gboolean opening = k == 1 || !joined (f, k - 2);
    if (draftd_candidates_in_list (" and or but who that which ", l) || (draftd_candidates_in_list (modals, l) && opening))
      return FALSE;
    if (draftd_candidates_in_list (modals, l) || past_or_auxiliary (f, k - 1))
      return sure (f, w->start, w->end, "except", DRAFTD_FIX_WORD_CHOICE);
  }
  return FALSE;
}

/* ---- word-choice.ing-ed: "The film was very bored" ---- */

/* Things that cause a feeling: what a film or a lesson "is" is the -ing adjective ("The film
 * was very bored" -> "boring"). Only nouns that are never the one who feels. */
static const char *const feeling_causes =
  " film films movie movies book books lesson lessons lecture lectures class course game match trip journey story stories party "
  "speech talk show programme program news result results ending meeting weekend holiday job work museum exhibition "
  "concert play novel series documentary ";

gboolean
thing_ed (F *f)
{
  static const char *const rows[][2] = {
    { "bored", "boring" },       { "interested", "interesting" }, { "excited", "exciting" },       { "confused", "confusing" },
    { "disappointed", "disappointing" }, { "surprised", "surprising" }, { "tired", "tiring" },   { "amazed", "amazing" },
    { "frightened", "frightening" }, { "annoyed", "annoying" }, { "embarrassed", "embarrassing" },
  };
  const Word *w = &f->words[f->i];
  const char *rep = NULL, *next = near (f, 1);
  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    if (g_str_equal (w->lower, rows[r][0]))
      rep = rows[r][1];
  /* Where the phrase ends: not "was tired of", "was interested in" (a slip of another kind). */
  if (rep == NULL || (next && !draftd_candidates_in_list (" and but because so for ", next) &&
                      !(g_str_equal (next, "that") && g_strcmp0 (near (f, -1), "so") == 0)))
    return FALSE;
  gint d = -1;
  if (draftd_candidates_in_list (" very so really quite extremely too incredibly ", near (f, d)))
    d--;
  const char *be = near (f, d), *subject = near (f, d - 1);
  /* "I enjoyed the film, it was very interested": "it" stands for the thing named before. */
  gboolean named = FALSE;
  for (gint k = (gint) f->i + d - 2; g_strcmp0 (subject, "it") == 0 && k >= 1 && !named; k--)
    named = draftd_candidates_in_list (feeling_causes, f->words[k].lower) && draftd_candidates_in_list (" the this that my our ", f->words[k - 1].lower);
  if (!draftd_candidates_in_list (" is was are were ", be) ||
      !(named || (draftd_candidates_in_list (feeling_causes, subject) &&
                  draftd_candidates_in_list (" the this that these those my our his her their your ", near (f, d - 2)))))
    return FALSE;
  return sure (f, w->start, w->end, rep, DRAFTD_FIX_WORD_CHOICE);
}

/* ---- verb-form: "It's a nice day, isn't?" ---- */

/* A question tag is an auxiliary and its subject's pronoun: one left without it before the
 * question mark takes the pronoun of the sentence's subject ("It's ..., isn't it?"), where the
 * sentence opens on a pronoun ("This", "That" are "it"). */
gboolean
tag_pronoun (F *f)
{
  const Word *w = &f->words[f->i];
  if (f->i < 2 || f->s[w->end] != '?' || f->s[f->words[f->i - 1].end] != ',' ||
      !draftd_candidates_in_list (" isn't aren't wasn't weren't doesn't don't didn't won't can't haven't hasn't shouldn't wouldn't couldn't ",
                                  w->lower))
    return FALSE;
  static const char *const subjects[][2] = {
    { "it", "it" }, { "it's", "it" }, { "this", "it" }, { "that", "it" }, { "that's", "it" }, { "they", "they" }, { "they're", "they" },
    { "he", "he" }, { "he's", "he" }, { "she", "she" }, { "she's", "she" }, { "you", "you" }, { "you're", "you" }, { "we", "we" },
    { "we're", "we" }, { "there", "there" }, { "there's", "there" },
  };
  for (guint k = 0; k < G_N_ELEMENTS (subjects); k++)
    if (g_str_equal (f->words[0].lower, subjects[k][0])) {
      g_autofree char *rep = g_strdup_printf ("%s %s", w->text, subjects[k][1]);
      return sure (f, w->start, w->end, rep, DRAFTD_FIX_VERB_FORM);
    }
  return FALSE;
}

/* ---- preposition: "I prefer tea than coffee" ---- */

/* One thing is preferred to another: "than" after "prefer" and its object (a noun phrase of
 * three words at most, no verb: "prefer to stay than go" wants "rather than", another fix),
 * before a noun phrase. */
gboolean
prefer_than (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  if (!g_str_equal (w->lower, "than") || next == NULL || (!noun (next) && !draftd_candidates_in_list (determiners, next)))
    return FALSE;
  for (guint k = f->i; k > 0 && f->i - k < 4 && joined (f, k - 1); k--) {
    const char *l = f->words[k - 1].lower;
    if (draftd_candidates_in_list (" prefer prefers preferred ", l))
      return k < f->i && sure (f, w->start, w->end, "to", DRAFTD_FIX_PREPOSITION);
    if (g_str_equal (l, "to") || (!noun (l) && !draftd_candidates_in_list (determiners, l) && !draftd_forms_is (l, 'a')))
      return FALSE;
  }
  return FALSE;
}

/* ---- word-choice.rise-raise: "Prices have raised a lot this year" ---- */

/* What goes up by itself has "risen": "raised" after a perfect's "have" with such a subject
 * and no object after it (a degree, a time or the sentence's end). */
gboolean
prices_raised (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1), *next2 = near (f, 2);
  if (!g_str_equal (w->lower, "raised") || !draftd_candidates_in_list (" have has had ", near (f, -1)) ||
      !draftd_candidates_in_list (" prices price costs cost rates rate temperatures temperature levels level numbers sales taxes rents fees "
                                  "salaries wages unemployment inflation ", near (f, -2)))
    return FALSE;
  /* "have raised a lot of money" has its object after "a lot". */
  if (next && !draftd_candidates_in_list (" by sharply dramatically significantly steadily again quickly slowly since this last in over considerably "
                                          "slightly a ", next))
    return FALSE;
  if (g_strcmp0 (next, "a") == 0 && (g_strcmp0 (next2, "lot") != 0 || g_strcmp0 (near (f, 3), "of") == 0))
    return FALSE;
  return sure (f, w->start, w->end, "risen", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- verb-form.embedded-question: "Where you are going tomorrow?" ---- */

/* A direct question keeps its auxiliary before its subject pronoun: "Where you are going?" ->
 * "Where are you going?" Opening the sentence, ending with its question mark. */
gboolean
question_order (F *f)
{
  const Word *w = &f->words[f->i];
  if (f->i != 1 || !f->c->sentence_start || !draftd_candidates_in_list (" where what when why how who ", f->words[0].lower) ||
      !draftd_candidates_in_list (" you we they he she it i ", w->lower) || f->i + 2 >= f->n || !joined (f, 0) || !joined (f, f->i))
    return FALSE;
  const Word *aux = &f->words[f->i + 1];
  /* "Why you didn't send": a negative contraction moves with its auxiliary. */
  g_autofree char *aux_l = plain (aux->lower);
  if (!draftd_candidates_in_list (" are is am was were will can could should would have has didn't don't doesn't can't won't isn't aren't "
                                  "wasn't weren't haven't hasn't couldn't shouldn't wouldn't ",
                                  aux_l) ||
      !strchr (f->s + aux->end, '?') ||
      strpbrk (f->s + aux->end, ",;"))
    return FALSE;
  /* From the question word, whose capital stays where it was. */
  g_autofree char *rep = g_strdup_printf ("%s %s %s", f->words[0].text, aux->text, w->text);
  return sure (f, f->words[0].start, aux->end, rep, DRAFTD_FIX_VERB_FORM);
}

/* ---- word-choice.comparative: "the more intelligent student in the class" ---- */

/* The one above all the rest of a group is the superlative's: "the more" + an adjective + a
 * noun + "in the" ("the more intelligent of the two" compares two, and is left). */
gboolean
more_in_group (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "more") || g_strcmp0 (near (f, -1), "the") != 0 || f->i + 3 >= f->n ||
      !draftd_forms_is (near (f, 1), 'a') || draftd_candidates_function_word (near (f, 1)) || !noun (near (f, 2)) ||
      g_strcmp0 (near (f, 3), "in") != 0 || !draftd_candidates_in_list (" the my our their his her this ", near (f, 4)))
    return FALSE;
  return sure (f, w->start, w->end, "most", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- verb-form.to-ing: "She is very good at cook" ---- */

/* A skill after "good at" is a noun or an -ing form: a verb that is no noun there takes
 * "-ing" ("good at cook" is no cook). */
gboolean
good_at_base (F *f)
{
  const Word *w = &f->words[f->i];
  if (g_strcmp0 (near (f, -1), "at") != 0 || !draftd_candidates_in_list (" good bad better best great terrible excellent brilliant skilled ", near (f, -2)) ||
      !draftd_forms_is (w->lower, 'v') || draftd_candidates_function_word (w->lower) || g_str_has_suffix (w->lower, "ing") ||
      g_str_has_suffix (w->lower, "s") || (near (f, 1) && !draftd_candidates_function_word (near (f, 1))))
    return FALSE;
  /* "cook", "swim", "draw" are nouns too, but none a skill one is good at. */
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, w->lower);
  const char *ing = ing_form (f, fam);
  return ing && sure (f, w->start, w->end, ing, DRAFTD_FIX_VERB_FORM);
}

/* ---- word-choice.rise-raise: "decided to rise the parking charges" ---- */

/* "rise" takes no object: after "to" or a modal, before a determiner and what it lifts, it is
 * "raise" ("to rise the next morning", "to rise this year" are a time's, and left). */
gboolean
rise_object (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "rise") || !draftd_candidates_in_list (" to will would can could should must ", near (f, -1)) ||
      !draftd_candidates_in_list (" the this that these those my your his her our their ", near (f, 1)) || near (f, 2) == NULL ||
      draftd_candidates_in_list (" next following same first early day morning most least fastest highest ", near (f, 2)) ||
      /* "expected to rise this year": a time, no object. */
      draftd_candidates_in_list (" year week month evening time summer winter spring autumn season quarter decade century term ", near (f, 2)) ||
      /* "going to rise that fast": a degree's "that", no object. */
      (draftd_candidates_in_list (" that this ", near (f, 1)) &&
       (g_str_has_suffix (near (f, 2), "ly") || draftd_candidates_in_list (" fast far high much quick steep sharp ", near (f, 2)))))
    return FALSE;
  return sure (f, w->start, w->end, "raise", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice: "a footpath among the bakery and the post office" ---- */

/* What lies between two things is "between" them: "among" + a singular noun phrase + "and" +
 * another ("among the trees and bushes" counts many). */
gboolean
among_two (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "among"))
    return FALSE;
  guint k = f->i + 1;
  while (k < f->n && f->i + 4 > k && joined (f, k - 1) && !g_str_equal (f->words[k].lower, "and"))
    k++;
  /* Two things each with its determiner ("among strictness level and warning categories" is
   * no pair). */
  if (k >= f->n || k == f->i + 1 || !g_str_equal (f->words[k].lower, "and") || !joined (f, k - 1) || k + 1 >= f->n ||
      !draftd_candidates_in_list (" the a an my your his her our their this that ", f->words[k + 1].lower) ||
      !draftd_candidates_in_list (" the a an my your his her our their this that ", f->words[f->i + 1].lower) ||
      noun_number (f, f->words[k - 1].lower) > 0 || (!noun (f->words[k - 1].lower) && !g_ascii_isupper (f->words[k - 1].text[0])))
    return FALSE;
  return sure (f, w->start, w->end, "between", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice: "Could you take me a coffee" ---- */

/* What comes to the speaker is brought: a request's "take me" + a thing one carries ("take
 * me a minute" is time, and left). */
gboolean
take_me (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "take") || !draftd_candidates_in_list (" you please ", near (f, -1)) ||
      !draftd_candidates_in_list (" me us ", near (f, 1)) || !draftd_candidates_in_list (" a an some the my ", near (f, 2)) ||
      !draftd_candidates_in_list (" coffee tea drink water glass cup copy sandwich snack pen pencil paper chair plate towel blanket ", near (f, 3)))
    return FALSE;
  return sure (f, w->start, w->end, "bring", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- preposition: "held at the second floor" ---- */

/* A building's floor is "on": "at/in the" + an ordinal or "top/ground" + "floor" ("at the
 * first sign", "at the second attempt" are no floors). */
gboolean
on_floor (F *f)
{
  const Word *w = &f->words[f->i];
  if (!draftd_candidates_in_list (" at in ", w->lower) || g_strcmp0 (near (f, 1), "the") != 0 || g_strcmp0 (near (f, 3), "floor") != 0 ||
      !draftd_candidates_in_list (" first second third fourth fifth sixth seventh eighth ninth tenth top ground upper lower ", near (f, 2)))
    return FALSE;
  return sure (f, w->start, w->end, "on", DRAFTD_FIX_PREPOSITION);
}

/* ---- verb-form: "I seen him at the party" ---- */

/* A participle right after its subject pronoun, with no "have" before it (a question's
 * "have I seen", "Never have I seen" has one), is the past: "I seen" -> "saw", "we done it"
 * -> "did". */
gboolean
bare_participle (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev2 = near (f, -2);
  if (!draftd_candidates_in_list (" seen done ", w->lower) || !draftd_candidates_in_list (" i you we they he she ", near (f, -1)) ||
      (f->i >= 2 && prev2 == NULL) || draftd_candidates_in_list (" have has had haven't hasn't hadn't never ", prev2) ||
      (g_str_equal (w->lower, "done") && !draftd_candidates_in_list (" it that this my his her their our the a an ", near (f, 1))))
    return FALSE;
  return sure (f, w->start, w->end, g_str_equal (w->lower, "seen") ? "saw" : "did", DRAFTD_FIX_VERB_FORM);
}

/* ---- word-choice: "our team won the team from Green Park" ---- */

/* One wins a game and beats a side: "won/win" + a determiner + a side's noun -> "beat". */
gboolean
won_side (F *f)
{
  static const char *const pairs[][2] = { { "won", "beat" }, { "win", "beat" }, { "wins", "beats" }, { "winning", "beating" } };
  if (!draftd_candidates_in_list (" the our their your his her every ", near (f, 1)) ||
      !draftd_candidates_in_list (" team teams side sides opponent opponents rivals champions club ", near (f, 2)))
    return FALSE;
  /* "won the team prize", "won the club championship": the side's noun names what was won. */
  const char *after = near (f, 3);
  if (after && noun (after) && !draftd_candidates_function_word (after))
    return FALSE;
  return sure_pair (f, pairs, G_N_ELEMENTS (pairs), DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice: "Please remember me to buy some milk" ---- */

/* Making someone remember is reminding them: "remember" + a person + "to" + a verb ("remember
 * me to your mother" sends greetings, and has no verb). */
gboolean
remember_me_to (F *f)
{
  static const char *const pairs[][2] = {
    { "remember", "remind" }, { "remembers", "reminds" }, { "remembered", "reminded" }, { "remembering", "reminding" },
  };
  const char *v = near (f, 3);
  if (!draftd_candidates_in_list (" me him her us them you ", near (f, 1)) || g_strcmp0 (near (f, 2), "to") != 0 || v == NULL ||
      !draftd_forms_is (v, 'v') || draftd_candidates_function_word (v) || g_str_has_suffix (v, "s") || g_str_has_suffix (v, "ed"))
    return FALSE;
  return sure_pair (f, pairs, G_N_ELEMENTS (pairs), DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice.pronoun-case: "please contact myself or the HR team" ---- */

/* "myself" as the object of a verb with no "I" in its clause to reflect is the writer's
 * would-be formal "me": "contact myself", "email myself or", "send it to myself" stays where
 * "I" does the sending. */
gboolean
object_myself (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "myself") ||
      !draftd_candidates_in_list (" contact email call phone ask tell inform message text notify cc ", near (f, -1)))
    return FALSE;
  for (guint k = 0; k < f->i; k++)
    if (draftd_candidates_in_list (" i i'm i've i'll i'd ", f->words[k].lower))
      return FALSE;
  return sure (f, w->start, w->end, "me", DRAFTD_FIX_WORD_CHOICE);
}

/* ---- word-choice: "My daughter works like a volunteer coordinator" ---- */

/* A job one does is "as" one: "works/worked like a" + a person's noun (a word before it at
 * most) is the job, where no likeness is meant ("worked like a slave", "like a madman"). */
gboolean
work_like_job (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "like") || !draftd_candidates_in_list (" work works worked working ", near (f, -1)) ||
      !draftd_candidates_in_list (" a an ", near (f, 1)))
    return FALSE;
  for (gint d = 2; d <= 3 && near (f, d); d++) {
    const char *n = near (f, d);
    if (draftd_forms_noun_lexfile (n) == DRAFTD_FORMS_PERSON && (near (f, d + 1) == NULL || draftd_candidates_function_word (near (f, d + 1))))
      return !draftd_candidates_in_list (" slave dog horse trooper maniac madman beaver demon fiend machine robot professional pro expert champion "
                                         "genius hero boss veteran beginner amateur ", n) &&
             sure (f, w->start, w->end, "as", DRAFTD_FIX_WORD_CHOICE);
  }
  return FALSE;
}

/* ---- word-choice.worse-worst: "These are the worse earbuds I have ever owned" ---- */

/* "the worse" + a noun, then "ever", "of all" or "in the world" within a few words, ranks
 * above all: the superlative "worst". */
gboolean
the_worse_ever (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "worse") || g_strcmp0 (near (f, -1), "the") != 0)
    return FALSE;
  for (gint d = 2; d <= 6 && near (f, d); d++)
    if (g_str_equal (near (f, d), "ever") || (g_str_equal (near (f, d), "all") && g_strcmp0 (near (f, d - 1), "of") == 0) ||
        (g_str_equal (near (f, d), "world") && g_strcmp0 (near (f, d - 1), "the") == 0))
      return sure (f, w->start, w->end, "worst", DRAFTD_FIX_WORD_CHOICE);
  return FALSE;
}

/* ---- punctuation.possessive-apostrophe: "The players boots must be cleaned" ---- */

/* "the" + a plural of people + a noun that is no verb, then the clause's auxiliary or modal:
 * the noun is theirs ("The players' boots must"). */
gboolean
the_people_possessive (F *f)
{
  const Word *w = &f->words[f->i];
  gsize n = strlen (w->lower);
  const char *next = near (f, 1);
  /* Two words before a modal make no subject and verb: the second is the noun owned. */
  if (n < 5 || w->lower[n - 1] != 's' || w->lower[n - 2] == 's' || g_strcmp0 (near (f, -1), "the") != 0 || next == NULL ||
      !g_ascii_islower (f->words[f->i + 1].text[0]) || draftd_candidates_function_word (next) || noun_number (f, next) == 0 ||
      !draftd_candidates_in_list (" must will should can ", near (f, 2)))
    return FALSE;
  g_autofree char *sing = draftd_forms_singular (f->c->spell, w->lower);
  if (sing == NULL || g_str_equal (sing, w->lower) || draftd_forms_noun_lexfile (sing) != DRAFTD_FORMS_PERSON)
    return FALSE;
  g_autofree char *rep = g_strconcat (w->text, "'", NULL);
  return sure_named (f, w->start, w->end, rep, DRAFTD_FIX_SPELLING, "punctuation.possessive-apostrophe");
}

/* ---- preposition: "started working at the mill at 1962" ---- */

/* A year is a span, so "in 1962"; "at" before a year is a learner's. Not a figure a verb of
 * measuring puts "at" ("stood at 1962", "valued at 2000"), nor a time in 24-hour digits
 * ("at 1900 hours", "at 19.30"); a full stop after the year ends the sentence. Sure. */
gboolean
at_year (F *f)
{
  const Word *w = &f->words[f->i];
  const char *y = f->s + w->end;
  if (!g_str_equal (w->lower, "at") || *y != ' ' || !(g_str_has_prefix (y + 1, "19") || g_str_has_prefix (y + 1, "20")) ||
      !g_ascii_isdigit (y[3]) || !g_ascii_isdigit (y[4]) || g_ascii_isdigit (y[5]) || y[5] == ':' || y[5] == 'h' || (y[5] == '.' && g_ascii_isdigit (y[6])) ||
      g_str_has_prefix (y + 5, " hours") || g_str_has_prefix (y + 5, " hrs") || g_str_has_prefix (y + 5, " GMT") || g_str_has_prefix (y + 5, " UTC"))
    return FALSE;
  const char *prev = near (f, -1);
  if (prev == NULL || draftd_candidates_in_list (" stood stands stand estimated valued priced set fixed capped peaked is was were are be been "
                                                 "remained remains stayed numbered totalled totaled rate level around about ", prev))
    return FALSE;
  return sure (f, w->start, w->end, g_ascii_isupper (w->text[0]) ? "In" : "in", DRAFTD_FIX_PREPOSITION);
}
