/* English rule families of issue 45 that fix a verb's form (verb-form.*): "would of gone",
 * "look forward to meet", "enjoy to swim", "But it dangerous", "I have visited Paris last
 * summer", "made me to study", "the letter was write by", "I know her since we were", "If I
 * would have known", "I'd like to know how much does it cost", "the man already left" after "By
 * the time". These sections were families-en.c's until it grew too long to read in a sitting;
 * they moved here whole and in their order. The `families` table there decides when each family
 * is tried, and families-en-private.h declares what the files share. */
#include <string.h>
#include "grammar/families-en-private.h"
#include "grammar/forms.h"

/* ---- verb-form.modal-of: "would of gone" ---- */

gboolean
modal_of (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  /* "would not of come", "could never of known": past the modal's "not" or "never", before a
   * participle. */
  const char *lemma = next ? draftd_forms_irregular_lemma (next, 'v') : NULL;
  if (draftd_candidates_in_list (" not never ", prev) && draftd_candidates_in_list (modals, near (f, -2)) && next &&
      (g_str_equal (next, "been") || participle_after_noun (next) || (lemma && !g_str_equal (lemma, next)) ||
       draftd_candidates_in_list (" come become run ", next)))
    prev = near (f, -2);
  if (!g_str_equal (w->lower, "of") || !draftd_candidates_in_list (modals, prev) || next == NULL)
    return FALSE;
  /* "would of" is "would have" before a participle or "been"; "could of course" is no error,
   * nor a noun after its determiner ("the will of the people", "a can of beans"). */
  if (g_str_equal (next, "course") || draftd_candidates_in_list (" the a an my your his her its our their every each another no ", near (f, -2)) ||
      draftd_candidates_in_list (determiners, next))
    return FALSE;
  /* "a free can of syrup", "a four-litre can of Amber Rich": "can" and "will" are nouns as often,
   * and take "of" so; the slip is theirs only before a participle or "been". */
  if (draftd_candidates_in_list (" can will ", prev) && !(g_str_equal (next, "been") || participle_after_noun (next) || (lemma && !g_str_equal (lemma, next))))
    return FALSE;
  return sure (f, w->start, w->end, "have", DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form.to-ing: "look forward to meet you", "committed to improve" ---- */

/* The phrases whose "to" is a preposition, so a verb after it is an -ing form: "look forward
 * to", "be committed/devoted/accustomed/opposed to" (the adjective after a be-form: "He
 * committed to run" is the verb, whose "to" is the infinitive's; "is dedicated to run
 * backups" is a machine's purpose), "the key to" in "the key to ... is" or "is the key to",
 * "when it comes to". A key to a lock ("the key to open the door") is the infinitive of
 * purpose, as is "used as a key to search". */
static gboolean
to_preposition (const F *f)
{
  const char *prev2 = near (f, -2), *prev3 = near (f, -3), *prev4 = near (f, -4);
  const char *be = " am is are was were be been being i'm you're we're they're he's she's remain remains remained feel feels felt become became seem seems ";
  if (g_strcmp0 (prev2, "forward") == 0)
    return draftd_candidates_in_list (" look looks looked looking ", prev3);
  /* "Most of us object to pay": the verb "object" takes "to" and an -ing form (after a
   * determiner or an adjective it is a noun: "the object to move"). */
  if (draftd_candidates_in_list (" object objects objected objecting ", prev2))
    return prev3 && (draftd_candidates_in_list (" i you we they he she us them who strongly would might may all both staff ", prev3) ||
                     noun_number (f, prev3) > 0);
  /* "getting used to take", "I'm used to drive": the adjective "used" of habit, after "get"
   * or a speaker's "I'm"; "is used to cut wood" is the passive's purpose, "I used to take"
   * the past habit's infinitive. */
  if (g_strcmp0 (prev2, "used") == 0) {
    const char *get = " get gets got gotten getting i'm ";
    /* "He is used to get up early": a person's habit ("They are used to make paper" may be
     * things', and is left). */
    return draftd_candidates_in_list (get, prev3) ||
           (g_strcmp0 (prev3, "am") == 0 && g_strcmp0 (prev4, "i") == 0) ||
           (draftd_candidates_in_list (" is was are were ", prev3) && draftd_candidates_in_list (" he she we you ", prev4)) ||
           (draftd_candidates_in_list (" slowly quickly soon finally already never still really ", prev3) && draftd_candidates_in_list (get, prev4));
  }
  if (draftd_candidates_in_list (" committed devoted accustomed opposed ", prev2))
    return draftd_candidates_in_list (be, prev3) ||
           (draftd_candidates_in_list (" very so fully really deeply truly totally absolutely firmly also still not ", prev3) &&
            draftd_candidates_in_list (be, prev4));
  if (g_strcmp0 (prev2, "key") == 0) {
    gboolean is = draftd_candidates_in_list (" is was are were ", prev4);
    for (guint k = f->i + 1; k < f->n && !is; k++)
      is = draftd_candidates_in_list (" is was ", f->words[k].lower);
    return g_strcmp0 (prev3, "the") == 0 && is &&
           !draftd_candidates_in_list (" open unlock lock start enter access get use ", f->words[f->i].lower);
  }
  return g_strcmp0 (prev2, "comes") == 0 && g_strcmp0 (prev3, "it") == 0 && g_strcmp0 (prev4, "when") == 0;
}

gboolean
forward_to (F *f)
{
  const Word *w = &f->words[f->i];
  if (f->i < 3 || g_strcmp0 (near (f, -1), "to") != 0 || !to_preposition (f))
    return FALSE;
  if (draftd_candidates_function_word (w->lower) || g_str_has_suffix (w->lower, "ing") || !draftd_forms_is (w->lower, 'v'))
    return FALSE;
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, w->lower);
  const char *ing = ing_form (f, fam);
  if (ing == NULL)
    return FALSE;
  /* A verb that is no noun is sure ("to meet"); one that is ("to work", "to dinner", "to
   * see") is sure only before what must be its object ("to see all of you"), or where an
   * -ing form joins it later ("used to work under pressure and meeting targets"). */
  const char *next = near (f, 1);
  gboolean paired = FALSE;
  for (guint k = f->i + 1; k + 1 < f->n && !paired && !draftd_candidates_in_list (draftd_candidates_clause_words, f->words[k].lower); k++)
    paired = g_str_equal (f->words[k].lower, "and") && g_str_has_suffix (f->words[k + 1].lower, "ing") && gerund_word (f, f->words[k + 1].lower);
  if (!draftd_forms_is (w->lower, 'n') || paired ||
      draftd_candidates_in_list (" you him her them us me it this that the a an your my our his their from with everyone everybody someone "
                                 "somebody anyone all both each as ", next))
    return sure (f, w->start, w->end, ing, DRAFTD_FIX_VERB_FORM);
  /* A count noun would need its article ("to a go"): "to go on holiday" is the verb. A mass
   * noun ("to work", "to dinner") may stand alone. */
  /* Nor before a name, its object ("to visit Japan"), nor before a particle ("to catch up"). */
  if (!draftd_candidates_in_list (mass_nouns, w->lower) &&
      (next == NULL || draftd_candidates_in_list (prepositions, next) ||
       draftd_candidates_in_list (" home there here abroad again up out off back down over together ", next) ||
       g_ascii_isupper (f->words[f->i + 1].text[0])))
    return sure (f, w->start, w->end, ing, DRAFTD_FIX_VERB_FORM);
  /* "to welcome new members", "to work long hours": an adjective that is no noun, then its
   * noun, is the verb's object (no noun is followed by one). */
  const char *next2 = near (f, 2);
  if (next && draftd_forms_is (next, 'a') && !draftd_forms_is (next, 'n') && !draftd_candidates_function_word (next) &&
      (noun (next2) || noun_number (f, next2) > 0) && !draftd_forms_is (next2, 'a'))
    return sure (f, w->start, w->end, ing, DRAFTD_FIX_VERB_FORM);
  /* "looking forward to work on your backyard project": a verb and its particle before a
   * determined object ("to work on Monday" is the job's, a day after it). */
  if (g_strcmp0 (near (f, -2), "forward") == 0 && draftd_candidates_in_list (" on with ", next) &&
      draftd_candidates_in_list (" your the this our their my his her ", next2))
    return sure (f, w->start, w->end, ing, DRAFTD_FIX_VERB_FORM);
  const char *alts[] = { ing };
  return judge (f, w->start, w->end, alts, 1, DRAFTD_FIX_VERB_FORM, 0);
}

/* ---- verb-form.to-ing: "She suggested to take a taxi", "enjoy to swim" ---- */

/* Verbs whose object is an -ing form, never an infinitive. */
static const char *const ing_object_verbs =
  " suggest suggests suggested suggesting enjoy enjoys enjoyed enjoying avoid avoids avoided avoiding finish finishes finished "
  "mind minds minded keep keeps kept consider considers considered "
  "imagine imagines imagined risk risks risked recommend recommends recommended ";

gboolean
ing_after_verb (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *prev2 = near (f, -2);
  /* "It is recommended to book", "it's recommended to avoid": the passive takes the infinitive. */
  /* "had in mind to see", "not minded to answer": the noun "mind" and the adjective "minded"
   * take the infinitive. */
  if ((g_strcmp0 (prev2, "mind") == 0 && draftd_candidates_in_list (" in my your his her our their its ", near (f, -3))) ||
      (g_strcmp0 (prev2, "minded") == 0 && draftd_candidates_in_list (" not am is are was were be been ", near (f, -3))))
    return FALSE;
  if (g_strcmp0 (prev, "to") != 0 || !draftd_candidates_in_list (ing_object_verbs, prev2) ||
      draftd_candidates_in_list (" is are was were be been being it's it’s that's that’s ", near (f, -3)) ||
      draftd_candidates_function_word (w->lower) || gerund_word (f, w->lower) || !draftd_forms_is (w->lower, 'v') || (draftd_forms_is (w->lower, 'n') && near (f, 1) == NULL))
    return FALSE;
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, w->lower);
  const char *ing = ing_form (f, fam);
  return ing && sure (f, f->words[f->i - 1].start, w->end, ing, DRAFTD_FIX_VERB_FORM);
}

/* "He insisted to pay", "She insists to come": "insist" takes "on" and an -ing form, never
 * an infinitive (sure). */
gboolean
insist_to (F *f)
{
  const Word *w = &f->words[f->i];
  if (g_strcmp0 (near (f, -1), "to") != 0 || !draftd_candidates_in_list (" insist insists insisted insisting ", near (f, -2)) ||
      draftd_candidates_function_word (w->lower) || gerund_word (f, w->lower) || !draftd_forms_is (w->lower, 'v'))
    return FALSE;
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, w->lower);
  const char *ing = ing_form (f, fam);
  if (ing == NULL)
    return FALSE;
  g_autofree char *rep = g_strdup_printf ("on %s", ing);
  return sure (f, f->words[f->i - 1].start, w->end, rep, DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form.missing-be: "But it dangerous", "and it very hard to" ---- */

/* "it" opening its clause (at the sentence's start, after a conjunction or a comma), then an
 * adjective that is no noun or verb (after "very", "so", "too", "really" at most) that ends
 * its phrase: the clause lacks its "is". After a verb "it" is an object with its complement
 * ("makes it dangerous", "found it hard to"), which is left. */
gboolean
it_adjective (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "it") || f->i + 1 >= f->n || !joined (f, f->i))
    return FALSE;
  gboolean opens = f->i == 0 || strchr (",;", f->s[f->words[f->i - 1].end]) ||
                   (joined (f, f->i - 1) && draftd_candidates_in_list (" and but so because that when if although though ", f->words[f->i - 1].lower));
  if (!opens)
    return FALSE;
  guint a = f->i + 1;
  if (a + 1 < f->n && joined (f, a) && draftd_candidates_in_list (" very so too really seriously quite ", f->words[a].lower))
    a++;
  const char *adj = f->words[a].lower;
  /* "It used to be", "it seemed": a past or a participle is the clause's verb itself. */
  if (!draftd_forms_is (adj, 'a') || draftd_forms_is (adj, 'n') || draftd_forms_is (adj, 'v') || draftd_candidates_function_word (adj) ||
      g_str_has_suffix (adj, "ly") || g_str_has_suffix (adj, "ed") || g_str_has_suffix (adj, "ing") || draftd_forms_irregular_lemma (adj, 'v'))
    return FALSE;
  const char *after = a + 1 < f->n && joined (f, a) ? f->words[a + 1].lower : NULL;
  gboolean ends = a + 1 >= f->n || !joined (f, a) || draftd_candidates_in_list (" to because for that and but when if ", after);
  if (!ends)
    return FALSE;
  g_autofree char *rep = g_strdup_printf ("%.*s is", (int) (w->end - w->start), f->s + w->start);
  return sure (f, w->start, w->end, rep, DRAFTD_FIX_VERB_FORM);
}

/* "we will able to do", "wants to able to drive": "able" after a modal (or "to") and before
 * its "to" lacks its "be". Not after "can" or "could" ("can be able to" is no one's fix: the
 * writer meant "can"), which the target may judge on its own. */
gboolean
modal_able (F *f)
{
  const Word *w = &f->words[f->i];
  if (!g_str_equal (w->lower, "able") || f->i == 0 || g_strcmp0 (near (f, 1), "to") != 0)
    return FALSE;
  guint m = f->i - 1;
  if (g_str_equal (f->words[m].lower, "not") && m > 0 && joined (f, m - 1))
    m--;
  if (!joined (f, m) || !draftd_candidates_in_list (" will would should must may might shall won't wouldn't shouldn't to ", f->words[m].lower))
    return FALSE;
  return sure (f, w->start, w->end, "be able", DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form.finished-time: "I have visited Paris last summer" ---- */

/* The clause around words[f->i], as word indices [*from, *to): a semicolon, or a comma before
 * a conjunction, ends one ("We have bought it two years ago, and it is already worn": the
 * second clause's "already" keeps its own perfect, not the first's). */
static void
clause_bounds (const F *f, guint *from, guint *to)
{
  /* ", as the pastor has asked us": a reason's "as" after a comma opens a clause too; so do a
   * relative's word and an absolute phrase's "with" (", with the first crosses arriving on
   * 28 February"). */
  static const char *const joins = " and but so yet because while although though whereas as with which who where when ";
  *from = 0;
  *to = f->n;
  for (guint k = 1; k < f->n; k++) {
    /* The mark anywhere between the two words: a number is no word ("in 2019, but we"). */
    const char *gap = f->s + f->words[k - 1].end, *stop = f->s + f->words[k].start;
    gboolean semicolon = memchr (gap, ';', stop - gap) != NULL, comma = memchr (gap, ',', stop - gap) != NULL;
    if (!semicolon && !(comma && draftd_candidates_in_list (joins, f->words[k].lower)))
      continue;
    if (k > f->i) {
      *to = k;
      return;
    }
    *from = k;
  }
}

/* Is p inside a bracket the sentence opened before it ("Our club (founded in 1950) has
 * grown": the aside's time is not its clause's)? */
static gboolean
bracketed (const char *s, const char *p)
{
  gint depth = 0;
  for (; s < p; s++)
    depth += *s == '(' ? 1 : *s == ')' && depth > 0 ? -1 : 0;
  return depth > 0;
}

/* Participles of arranging, which may name the time a thing is for ("booked a table on
 * Friday", "planned a trip in March") rather than when it was done. */
static const char *const arranging_participles =
  " booked scheduled arranged planned organised organized reserved set fixed moved postponed rescheduled confirmed made invited "
  "promised agreed decided "
  /* "The court has listed the hearing for 10am on Monday 17 March": a court's diary. */
  "listed ";

/* "signed the contract on Monday", "sent the invoice on 3 May": a day's "on" is a finished
 * time after a participle of doing; one of arranging ("booked a table on Friday") may name
 * the day it is for, and an infinitive ("agreed to meet on Monday") owns the day itself. */
static gboolean
finished_day (const F *f, guint k, const char *part)
{
  const char *day = k + 1 < f->n ? f->words[k + 1].lower : NULL, *month = k + 2 < f->n ? f->words[k + 2].lower : NULL;
  /* "has made the transfer on 3 May": a payment or a claim made is done on its day, where
   * "made an appointment" names the day it is for. */
  gboolean done_act = part && g_str_equal (part, "made") && k >= 1 &&
                      draftd_candidates_in_list (" transfer payment deposit purchase withdrawal complaint claim mistake error donation ", f->words[k - 1].lower);
  /* "On Sunday mornings": a day's parts in the plural recur, no finished time. */
  if (part == NULL || !g_str_equal (f->words[k].lower, "on") || day == NULL ||
      !(calendar_name (day) || (g_ascii_isdigit (day[0]) && calendar_name (month))) ||
      draftd_candidates_in_list (" mornings afternoons evenings nights ", month) ||
      (draftd_candidates_in_list (arranging_participles, part) && !done_act))
    return FALSE;
  for (guint j = f->i + 1; j < k; j++)
    if (g_str_equal (f->words[j].lower, "to") &&
        (draftd_forms_is (f->words[j + 1].lower, 'v') || draftd_candidates_verb_form (f, f->words[j + 1].lower)) && /* "to arrives" too */
        !draftd_candidates_in_list (determiners, f->words[j + 1].lower))
      return FALSE;
  /* "have opened their farm for Open Farm Sunday on 8 June": the day is the event's the
   * thing is done for. */
  for (guint j = f->i + 2; j + 1 < k; j++)
    if (g_str_equal (f->words[j].lower, "for") && g_ascii_isupper (f->words[j + 1].text[0]))
      return FALSE;
  /* "has given her an appointment on Monday": an occasion's noun after "a" or "an", right
   * before "on", owns the day, the time it is for ("approved it at the meeting on 14 January"
   * is when it was done). */
  if (k >= 2 && draftd_candidates_in_list (" appointment meeting interview slot booking session call viewing date place exam test hearing demo visit tour trial consultation ",
                                           f->words[k - 1].lower) &&
      draftd_candidates_in_list (" a an ", f->words[k - 2].lower))
    return FALSE;
  /* "has trained hard all season and deserves a good result on Sunday": a second verb after
   * "and" owns the day. */
  for (guint j = f->i + 2; j + 1 < k; j++)
    if (g_str_equal (f->words[j].lower, "and") && finite_verb (f, f->words[j + 1].lower) && !noun (f->words[j + 1].lower))
      return FALSE;
  return TRUE;
}

/* Does a subordinate clause start at words[k]: "after", "when", "because", "who", ... with a
 * finite verb within its next four words ("after a cyclist was injured on Tuesday")? Its time is its
 * own verb's, not the main clause's perfect's. */
static gboolean
subordinate_at (const F *f, guint k)
{
  /* "a reference from Mrs Clarke, who supervised me ... in 2022": a relative clause's verb
   * owns the time after it too. */
  if (draftd_candidates_in_list (" who which whom ", f->words[k].lower) && k + 1 < f->n && finite_verb (f, f->words[k + 1].lower))
    return TRUE;
  /* "have asked why their boxes were taken on Monday": a question's clause owns its time too. */
  /* "have placed an extra blanket in your room, as the nights in June can get cold": "as"
   * after a comma opens a reason's clause, its verb a little further on. */
  gboolean as = g_str_equal (f->words[k].lower, "as") && k > 0 && f->s[f->words[k - 1].end] == ',';
  if (!as && !draftd_candidates_in_list (" after when because while until once although though whereas whether if that who which whom why how where ", f->words[k].lower))
    return FALSE;
  /* "that film last weekend": a time's "last" or "next" is no verb of a clause, nor its noun
   * ("weekend" is a verb too). */
  for (guint j = k + 2; j < f->n && j <= k + (as ? 5 : 4); j++)
    if (!draftd_candidates_in_list (determiners, f->words[j - 1].lower) && finite_verb (f, f->words[j].lower) &&
        !draftd_candidates_in_list (" last next ", f->words[j].lower) && !draftd_candidates_in_list (" last next ", f->words[j - 1].lower))
      return TRUE;
  return FALSE;
}

/* Does a finite verb of the clause stand before the offset `at`, itself before the perfect
 * ("The car I bought last spring has had no problems": the time is "bought"'s, a relative
 * clause's, not the perfect's)? */
static gboolean
verb_before_time (const F *f, guint from, gsize at)
{
  if (at >= f->words[f->i].start)
    return FALSE;
  for (guint j = from; j < f->i && f->words[j].end <= at; j++)
    if (finite_verb (f, f->words[j].lower))
      return TRUE;
  return FALSE;
}

/* A modal among words[from, to): "Employees who have completed five years will be
 * recognised on Friday": the time after it is the modal's verb's. */
static gboolean
modal_between (const F *f, guint from, guint to)
{
  for (guint j = from; j < to && j < f->n; j++)
    if (draftd_candidates_in_list (" will shall won't can can't could must should may might ", f->words[j].lower))
      return TRUE;
  return FALSE;
}

/* A finite verb or an infinitive among words[from, to) ("have had a brilliant season and
 * they're hoping to win the cup in June": the month is the other verb's). */
static gboolean
verb_between (const F *f, guint from, guint to)
{
  for (guint j = from; j < to; j++)
    if ((finite_verb (f, f->words[j].lower) && !noun (f->words[j].lower)) ||
        (g_str_equal (f->words[j].lower, "to") && j + 1 < to && draftd_forms_is (f->words[j + 1].lower, 'v') &&
         !draftd_candidates_in_list (determiners, f->words[j + 1].lower)))
      return TRUE;
  return FALSE;
}

/* A subject's past among words[from, to): a past right after a noun, a name or a pronoun
 * ("the court clerk told", "my dad started"), no determiner's noun ("the forms"). */
static gboolean
subject_past_between (const F *f, guint from, guint to)
{
  for (guint j = MAX (from, 1u); j < to; j++) {
    const char *l = f->words[j].lower, *p = f->words[j - 1].lower;
    const char *lemma = draftd_forms_irregular_lemma (l, 'v');
    gboolean past = (lemma && !g_str_equal (lemma, l) && !draftd_candidates_in_list (" had has have been ", l)) ||
                    (g_str_has_suffix (l, "ed") && draftd_candidates_verb_form (f, l) && !draftd_forms_is (l, 'a'));
    if (past && joined (f, j - 1) && (noun (p) || draftd_candidates_in_list (" i you he she we they ", p)) && !draftd_candidates_in_list (determiners, p))
      return TRUE;
  }
  return FALSE;
}

/* "has fallen by twelve per cent, according to figures released by the council last week":
 * past a comma, a participle ("released", "published") opens a reduced clause that owns any
 * time after it. The participle's index, or G_MAXUINT where none stands before `to`. */
static guint
reduced_clause_at (const F *f, guint to)
{
  gboolean comma = FALSE;
  for (guint j = f->i + 2; j < to; j++) {
    comma |= strchr (",;", f->s[f->words[j - 1].end]) != NULL;
    const char *l = f->words[j].lower, *lemma = draftd_forms_irregular_lemma (l, 'v');
    if (comma && !draftd_candidates_function_word (l) &&
        ((g_str_has_suffix (l, "ed") && draftd_candidates_verb_form (f, l)) || (lemma && !g_str_equal (lemma, l) && g_str_has_suffix (l, "n"))))
      return j;
  }
  return G_MAXUINT;
}

/* "at last Tuesday's meeting": a weekday's possessive after "last" is that day's. */
static gboolean
day_possessive (const char *l)
{
  gsize n = strlen (l);
  if (n < 8 || !g_str_has_suffix (l, "'s"))
    return FALSE;
  g_autofree char *day = g_strndup (l, n - 2);
  return draftd_candidates_in_list (" monday tuesday wednesday thursday friday saturday sunday ", day);
}

/* A perfect whose time is no finished one: "In the past, the garden club has held its plant
 * sale in May" (a span up to now, what recurs in it); "don't use it until Marcus has replaced
 * the part on Thursday" (after "until", "once" or "when", a time to come). */
static gboolean
perfect_span (const F *f)
{
  for (guint k = 0; k + 2 < f->n; k++)
    if (g_str_equal (f->words[k].lower, "in") && g_str_equal (f->words[k + 1].lower, "the") && g_str_equal (f->words[k + 2].lower, "past"))
      return TRUE;
  for (gint d = -2; d >= -4 && near (f, d + 1); d--)
    if (draftd_candidates_in_list (" until till once when after before ", near (f, d)))
      return TRUE;
  return FALSE;
}

/* Does the clause of words[f->i] name a finished time: "yesterday", "ago", "last week" (not
 * "the last week"), "in 2019", a day's "on" after the participle `part` where one is given
 * (finished_day()); and nothing that keeps the present perfect ("since", "ever", "just")?
 * Words in a bracket are its aside's. */
gboolean
finished_time (const F *f, const char *part)
{
  gboolean finished = FALSE;
  guint from, to;
  if (perfect_span (f))
    return FALSE;
  clause_bounds (f, &from, &to);
  for (guint k = f->i + 1; k < to; k++)
    if (subordinate_at (f, k)) {
      to = k;
      break;
    }
  guint reduced = reduced_clause_at (f, to);
  for (guint k = from; k < to; k++) {
    const char *l = f->words[k].lower;
    /* "has reached its verdict ..., the court clerk told reporters on Tuesday": a finite verb
     * between the participle and the time owns the time. */
    if (bracketed (f->s, f->s + f->words[k].start) || verb_before_time (f, from, f->words[k].start) || k > reduced || modal_between (f, f->i + 2, k) ||
        (k > f->i + 2 && subject_past_between (f, f->i + (draftd_candidates_in_list (" i you he she we they it ", near (f, 1)) ? 3 : 2), k)))
      continue;
    /* "We have moved here in March": a month's "in" after a participle of doing, as a day's
     * "on" (finished_day()); "have planned a trip in March" may name the month it is for (a
     * move in March is one made then: a meeting moved to March is "to"). */
    finished |= part && g_str_equal (l, "in") && k + 1 < f->n && g_ascii_isupper (f->words[k + 1].text[0]) && k > f->i &&
                !verb_between (f, f->i + 2, k) &&
                calendar_name (f->words[k + 1].lower) && !draftd_candidates_in_list (" christmas easter ", f->words[k + 1].lower) &&
                !draftd_candidates_in_list (" monday tuesday wednesday thursday friday saturday sunday ", f->words[k + 1].lower) &&
                (g_str_equal (part, "moved") || !draftd_candidates_in_list (arranging_participles, part));
    /* "just after the meeting", "just before lunch": a point in time, no perfect's "just";
     * "just below the second lock" a place's. */
    const char *next = k + 1 < f->n ? f->words[k + 1].lower : NULL, *before = k > 0 ? f->words[k - 1].lower : NULL;
    if ((g_str_equal (l, "just") && (draftd_candidates_in_list (" after before as when ", next) || draftd_candidates_in_list (place_prepositions, next))) ||
        (g_str_equal (l, "before") && draftd_candidates_in_list (" just right shortly ", before)))
      continue;
    finished |= finished_day (f, k, part);
    /* "so far" keeps the perfect; the "so" of a result ("yesterday, so it's ready") does not.
     * Nor does a "for" that starts no duration ("ready for review"). */
    const char *after = k + 1 < f->n ? f->words[k + 1].lower : NULL;
    gboolean duration = g_str_equal (l, "for") && (after == NULL || g_ascii_isdigit (after[0]) || draftd_candidates_in_list (numbers, after) ||
                                                   draftd_candidates_in_list (" ages years months weeks days hours long several many some over "
                                                                              "almost nearly about more most last ", after) ||
                                                   /* "for a week" is a duration, "for a job" a purpose. */
                                                   (draftd_candidates_in_list (" a an ", after) && k + 2 < f->n &&
                                                    draftd_candidates_in_list (" while week month year day hour minute moment second decade century "
                                                                               "fortnight bit long few couple time lifetime night spell term semester "
                                                                               "season summer winter ",
                                                                               f->words[k + 2].lower)) ||
                                                   (g_str_equal (after, "the") && k + 2 < f->n &&
                                                    draftd_candidates_in_list (" past last whole entire rest first ", f->words[k + 2].lower)));
    /* "We have stayed in this hotel last summer for four nights": a duration after the finished
     * time is the stay's length then, no span up to now. */
    if (duration && finished)
      continue;
    if (draftd_candidates_in_list (" since ever never already just yet recently lately before ", l) || duration ||
        (g_str_equal (l, "so") && g_strcmp0 (after, "far") == 0))
      return FALSE;
    finished |= draftd_candidates_in_list (" yesterday ago ", l);
    /* "has risen by 12% compared with last year", "more than last year": a time compared
     * with is no time of the clause's. */
    finished |= g_str_equal (l, "last") && k + 1 < f->n &&
                (k == 0 || !draftd_candidates_in_list (" the this these over past few than with to from versus ", f->words[k - 1].lower)) &&
                (draftd_candidates_in_list (" week month year season term semester summer winter spring autumn night weekend ", f->words[k + 1].lower) ||
                 calendar_name (f->words[k + 1].lower) || day_possessive (f->words[k + 1].lower));
    /* "at the last meeting": one past occasion ("over the last week" is a span, and left). */
    finished |= g_str_equal (l, "last") && k >= 2 && k + 1 < f->n && g_str_equal (f->words[k - 1].lower, "the") &&
                g_str_equal (f->words[k - 2].lower, "at") &&
                draftd_candidates_in_list (" meeting match game session lesson concert party election conference visit appointment rehearsal ",
                                           f->words[k + 1].lower);
  }
  const char *end = f->s + f->words[to - 1].end;
  for (const char *p = strstr (f->s + f->words[from].start, "in "); p && p < end && !finished; p = strstr (p + 1, "in ")) {
    gboolean word = (p == f->s || !g_ascii_isalpha (p[-1])) && !bracketed (f->s, p) && !verb_before_time (f, from, (gsize) (p - f->s));
    finished = word && (p[3] == '1' || p[3] == '2') && g_ascii_isdigit (p[4]) && g_ascii_isdigit (p[5]) && g_ascii_isdigit (p[6]) &&
               !g_ascii_isalnum (p[7]);
  }
  return finished;
}

/* The simple past of a participle: "visited", "bought"; "seen" -> "saw". NULL when unsure. */
static char *
past_of (const F *f, const char *part)
{
  const char *lemma = draftd_forms_irregular_lemma (part, 'v');
  /* "have come", "have run": a participle spelt as its base, which WordNet lists under no
   * other lemma. */
  if (lemma == NULL && draftd_candidates_in_list (" come become run ", part))
    lemma = part;
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, part);
  if (fam->len == 0 || (lemma == NULL && !g_str_has_suffix (part, "ed")))
    return NULL;
  if (lemma == NULL)
    return g_strdup (part);
  if (g_str_equal (lemma, part) && !g_str_equal (part, "come") && !g_str_equal (part, "become") && !g_str_equal (part, "run"))
    return NULL;
  char *past = NULL;
  for (guint k = 0; k < fam->len; k++) {
    const char *v = fam->pdata[k];
    if (g_strcmp0 (draftd_forms_irregular_lemma (v, 'v'), lemma) != 0 || g_str_equal (v, lemma) || g_str_has_suffix (v, "s") ||
        g_str_has_suffix (v, "ing"))
      continue;
    if (past)
      return g_free (past), NULL;
    past = g_strdup (v);
  }
  return past ? past : g_str_equal (lemma, part) ? NULL : g_strdup (part);
}

/* "Have you seen the match yesterday?": a question's perfect with a finished time is the
 * simple past's "Did you see" (sure; "Have you been" is left, as the statement's "been" is). */
static gboolean
perfect_question (F *f)
{
  const Word *w = &f->words[f->i];
  const char *subject = near (f, 1), *part = near (f, 2);
  if (f->i != 0 || !f->c->sentence_start || !draftd_candidates_in_list (" have has ", w->lower) ||
      !draftd_candidates_in_list (" you they we he she i it ", subject) || part == NULL || g_str_equal (part, "been") ||
      g_str_equal (part, "got") || !strchr (f->s, '?') || !finished_time (f, NULL))
    return FALSE;
  g_autofree char *past = past_of (f, part), *base = draftd_candidates_verb_base (f->c->spell, part);
  if (past == NULL || base == NULL)
    return FALSE;
  g_autofree char *rep = g_strdup_printf ("%s %s %s", g_ascii_isupper (w->text[0]) ? "Did" : "did",
                                          g_str_equal (subject, "i") ? "I" : subject, base);
  draftd_candidates_add (f->out, w->start, f->words[f->i + 2].end, rep, DRAFTD_FIX_VERB_FORM, DRAFTD_CANDIDATE_CERTAIN, f->site++);
  return TRUE;
}

gboolean
perfect_finished (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1), *prev = near (f, -1);
  if (perfect_question (f))
    return TRUE;
  /* "Our team (the under-14s) has won": a bracket's aside between the subject and "has"; the
   * subject's word before it is the one to look at. */
  if (prev == NULL && f->i > 0 && f->s[f->words[f->i - 1].end] == ')')
    for (guint k = f->i - 1; k > 0 && prev == NULL; k--)
      if (memchr (f->s + f->words[k - 1].end, '(', f->words[k].start - f->words[k - 1].end) && !bracketed (f->s, f->s + f->words[k - 1].start))
        prev = f->words[k - 1].lower;
  /* "have" after its subject, before the participle; "been" takes its subject's number. After
   * a modal, "I'd" among them, it is the conditional's ("I'd have done it years ago"). */
  if (!draftd_candidates_in_list (" have has ", w->lower) || next == NULL || g_str_equal (next, "been") || g_str_equal (next, "got") ||
      prev == NULL || draftd_candidates_in_list (modals, prev) || draftd_candidates_in_list (" to not ", prev) ||
      g_str_has_suffix (prev, "'d") || g_str_has_suffix (prev, "’d") || !finished_time (f, next))
    return FALSE;
  g_autofree char *past = past_of (f, next);
  if (past == NULL)
    return FALSE;
  return sure (f, w->start, f->words[f->i + 1].end, past, DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form.bare-infinitive: "made me to study" ---- */

gboolean
make_to (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *verb = near (f, -2), *next = near (f, 1);
  /* "made it to the final", "made them to order": "it" and the nouns of "to order" aside. */
  if (!g_str_equal (w->lower, "to") || !draftd_candidates_in_list (" me him her us them you ", prev) ||
      !draftd_candidates_in_list (" make makes made making let lets letting ", verb) || next == NULL || !draftd_forms_is (next, 'v') ||
      draftd_candidates_in_list (" order measure scale size last ", next))
    return FALSE;
  return sure (f, f->words[f->i - 1].end, w->end, "", DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form.to-base: "we want to meeting him" ---- */

/* Is the -ing word's family led by a verb's base it was made from: "meeting" -> "meet",
 * "bringing" -> "bring" (a base may end in "-ing" itself: "bring", "sing", "string"); "to
 * swimming" is no word's -ing form when its family offers another -ing word first. */
static gboolean
ing_base (const char *ing, const GPtrArray *fam)
{
  if (fam->len == 0 || !draftd_forms_is (fam->pdata[0], 'v'))
    return FALSE;
  const char *base = fam->pdata[0];
  return !g_str_has_suffix (base, "ing") || (strlen (base) < strlen (ing) && g_str_has_prefix (ing, base));
}

gboolean
to_base (F *f)
{
  const Word *w = &f->words[f->i];
  static const char *const takes_infinitive =
    " want wants wanted like would need needs needed plan plans planned hope hopes hoped decide decides decided try tries "
    /* "remember to returning the form", "the opportunity to discussing": these take the
     * infinitive only ("remember returning it" has no "to"). */
    "remember remembers forget forgets opportunity chance "
    /* "All staff are expected to attending the briefing": a passive's infinitive. */
    "expected supposed required "
    /* "Members are reminded to bringing their own gloves": a passive's request likewise. */
    "reminded asked encouraged advised urged requested told allowed permitted "
    "tried going able trying planning hoping deciding have has had possible impossible unable willing easy hard difficult "
    /* "Could someone volunteer to collecting the raffle money": these take an infinitive only
     * ("agree to", "commit to", "look forward to" take an -ing form or a noun). */
    "volunteer volunteers volunteered offer offers offered promise promised refuse refused manage managed afford ready happy glad eager "
    /* "I am writing to confirming your booking": a letter's purpose. */
    "writing ";
  /* "help Gordon to carrying the roller": a verb of helping or asking, its object, then "to". */
  gboolean object = f->i >= 3 && draftd_candidates_in_list (" help helps helped ask asked tell told allow allowed ", near (f, -3)) &&
                    (draftd_candidates_in_list (" me him her us them you ", near (f, -2)) || g_ascii_isupper (f->words[f->i - 2].text[0]));
  /* "arranged for a locksmith to attending": a person's noun, then its infinitive's "to". */
  object |= f->i >= 3 && draftd_candidates_in_list (" a an the ", near (f, -3)) && draftd_forms_noun_lexfile (near (f, -2)) == DRAFTD_FORMS_PERSON;
  /* "The purpose of this email is to reminding everyone": an aim's "is to" takes the base. */
  for (gint d = -3; d >= -7 && !object && draftd_candidates_in_list (" is was ", near (f, -2)) && near (f, d); d--)
    object = draftd_candidates_in_list (" purpose aim goal intention objective ", near (f, d));
  /* "asked all forwards to arrives by 9:15": an -s form that is only a verb's is no
   * preposition's object ("to plays" may be "to the plays"; "arrives" names nothing). */
  g_autofree char *base_s = NULL;
  if (f->i >= 2 && g_strcmp0 (near (f, -1), "to") == 0 && g_str_has_suffix (w->lower, "s") && !noun (w->lower) && noun_number (f, w->lower) <= 0 &&
      !draftd_forms_is (w->lower, 'a') && verb_number (f, w->lower, &base_s) == -1 && base_s && draftd_forms_is (base_s, 'v') && !noun (base_s))
    return sure (f, w->start, w->end, base_s, DRAFTD_FIX_VERB_FORM);
  if (f->i < 2 || g_strcmp0 (near (f, -1), "to") != 0 || !(object || draftd_candidates_in_list (takes_infinitive, near (f, -2))))
    return FALSE;
  /* "we have to reduced sulfur", "I wanted to went": a past after an infinitive's "to" (after
   * "have to", "need to", "want to", no preposition's) is the base. */
  const char *lemma = draftd_forms_irregular_lemma (w->lower, 'v');
  /* Not a past that is a base too ("have to lay low", "had to found a company"). */
  gboolean past = (lemma && !g_str_equal (lemma, w->lower) && !draftd_forms_is (w->lower, 'v') && draftd_candidates_past_only (f->c->spell, w->lower)) ||
                  (g_str_has_suffix (w->lower, "ed") && draftd_candidates_verb_form (f, w->lower));
  if (past) {
    g_autofree char *base = draftd_candidates_verb_base (f->c->spell, w->lower);
    return base && draftd_forms_is (base, 'v') && sure (f, w->start, w->end, base, DRAFTD_FIX_VERB_FORM);
  }
  /* "planning to going back": five letters are enough ("going", "doing"; "to sing" is no -ing). */
  if (!g_str_has_suffix (w->lower, "ing") || strlen (w->lower) < 5)
    return FALSE;
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, w->lower);
  /* The family's base comes first ("meeting" -> "meet"); "to swimming" has none. */
  if (!ing_base (w->lower, fam))
    return FALSE;
  return sure (f, w->start, w->end, fam->pdata[0], DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form: "Why does he always leaves", "Did you went" ---- */

/* After "do/does/did" and its subject pronoun (and a frequency adverb), the verb is bare: an
 * -s form or an irregular past there has no other reading. */
gboolean
do_question_base (F *f)
{
  const Word *w = &f->words[f->i];
  guint gap;
  /* "Did anyone saw", "Does anybody knows": an indefinite pronoun is a subject as sure. */
  if (!draftd_candidates_in_list (" he she it i you we they anyone anybody someone somebody everyone everybody ", before_adverb (f, 1, &gap)) ||
      draftd_candidates_function_word (w->lower))
    return FALSE;
  g_autofree char *other = NULL;
  /* "Can someone helps me", "Could you sends": a question's modal takes the base too. */
  guint m = f->i >= 2 + gap ? f->i - 2 - gap : 0; /* the modal's index, where it opens its question */
  const char *aux = before_adverb (f, 2, &gap);
  if (draftd_candidates_in_list (" can could will would should may might must ", aux) &&
      (m == 0 || !joined (f, m - 1) || g_str_equal (f->words[m - 1].lower, "please")) && g_str_has_suffix (w->lower, "s") &&
      verb_number (f, w->lower, &other) == -1)
    return sure (f, w->start, w->end, other, DRAFTD_FIX_VERB_FORM);
  if (!draftd_candidates_in_list (" do does did don't doesn't didn't ", aux))
    return FALSE;
  const char *lemma = draftd_forms_irregular_lemma (w->lower, 'v');
  if (verb_number (f, w->lower, &other) == -1)
    return sure (f, w->start, w->end, other, DRAFTD_FIX_VERB_FORM);
  if (lemma && !g_str_equal (lemma, w->lower) && !g_str_has_suffix (w->lower, "ing"))
    return sure (f, w->start, w->end, lemma, DRAFTD_FIX_VERB_FORM);
  /* "Did you received": a regular past after "did" too. */
  if (g_str_has_suffix (w->lower, "ed") && draftd_candidates_in_list (" did didn't ", aux)) {
    g_autofree char *base = draftd_candidates_verb_base (f->c->spell, w->lower);
    return base && draftd_forms_is (base, 'v') && sure (f, w->start, w->end, base, DRAFTD_FIX_VERB_FORM);
  }
  return FALSE;
}

/* ---- verb-form.be-participle: "your car is lock", "the letter was write by" ---- */

/* A verb base's past participle: "lock" -> "locked", "write" -> "written", "sell" -> "sold";
 * NULL when its family leaves it unsure. */
static char *
participle_of (const F *f, const char *base)
{
  /* "was lead by a retired teacher": "leaded" is the dictionary's adjective (leaded fuel),
   * no participle of leading. */
  if (draftd_candidates_in_list (" lead mislead ", base))
    return g_strdup (g_str_equal (base, "lead") ? "led" : "misled");
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, base);
  const char *lemma = draftd_forms_irregular_lemma (base, 'v');
  const char *one = NULL, *en = NULL, *ed = NULL;
  guint forms = 0;
  for (guint k = 0; k < fam->len; k++) {
    const char *v = fam->pdata[k];
    if (g_str_equal (v, base) || g_str_has_suffix (v, "s") || g_str_has_suffix (v, "ing") ||
        (lemma && g_strcmp0 (draftd_forms_irregular_lemma (v, 'v'), lemma) != 0))
      continue;
    forms++;
    one = v;
    /* "wrote" and "written", "knew" and "known": the participle ends in -n. */
    if (g_str_has_suffix (v, "n") || g_str_has_suffix (v, "ne"))
      en = v;
    if (g_str_has_suffix (v, "ed"))
      ed = v;
  }
  /* A regular verb's family may hold an archaic past too ("work": "wrought"). */
  if (lemma == NULL && ed)
    return g_strdup (ed);
  return g_strdup (forms == 1 ? one : forms == 2 ? en : NULL);
}

/* "My son's bike was stole", "The cake was ate": a past that is no participle after "be" is
 * the participle ("stolen", "eaten"); "was broke" (an adjective's) is left. */
gboolean
be_past (F *f)
{
  const Word *w = &f->words[f->i];
  const char *l = w->lower;
  if (!draftd_candidates_in_list (" is are was were be been being ", near (f, -1)) || draftd_forms_is (l, 'a') || g_str_has_suffix (l, "ing") ||
      g_str_has_suffix (l, "s") || g_str_has_suffix (l, "ed") || !draftd_candidates_past_only (f->c->spell, l))
    return FALSE;
  g_autofree char *part = participle_of (f, draftd_forms_irregular_lemma (l, 'v'));
  return part && !g_str_equal (part, l) && sure (f, w->start, w->end, part, DRAFTD_FIX_VERB_FORM);
}

/* Is an adjective that is no verb one vowel away ("cheep" -> "cheap")? */
static gboolean
vowel_from_adjective (const char *l)
{
  g_autofree char *t = g_strdup (l);
  for (gsize k = 0; t[k]; k++) {
    if (!strchr ("aeiou", l[k]))
      continue;
    for (const char *v = "aeiou"; *v; v++) {
      t[k] = *v;
      if (*v != l[k] && draftd_forms_is (t, 'a') && !draftd_forms_is (t, 'v'))
        return TRUE;
    }
    t[k] = l[k];
  }
  return FALSE;
}

/* Verbs a learner puts after "am" for the verb itself ("I am agree"): another family's. */
static const char *const stative_after_be = " agree disagree believe know understand like want need think mean go do be have let help ";
/* What may follow a passive's participle: its agent, its preposition, a time, the clause's end. */
static const char *const after_passive = " by to in with at after about from for when because last yesterday on before and but so or more again "
                                          "soon immediately properly correctly ";

/* "The shop was close when we arrived", "The bridge was close last month": a made thing
 * (WordNet's noun.artifact: a shop, a road, a door) near something is "close to", "close by";
 * before a time, a reason or a duration it was shut, "closed". Adjectives are otherwise left
 * to be_participle's callers ("The race was close until the end" is an event's). */
gboolean
close_closed (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *subject = near (f, -2), *next = near (f, 1);
  /* Places that open and close: "The match was close until the end" is a game's, though a
   * match is a made thing too. */
  static const char *const shut_places = " shop store museum library bank office school road bridge restaurant cafe pub bar gallery "
                                         "park airport station pool gym factory border street market door gate theatre theater cinema "
                                         "tunnel motorway highway bakery pharmacy clinic hospital ";
  if (!g_str_equal (w->lower, "close") || !draftd_candidates_in_list (" is was are were ", prev) || subject == NULL ||
      !draftd_candidates_in_list (shut_places, subject) || f->i < 3 ||
      !draftd_candidates_in_list (" the this that my our your his her their ", f->words[f->i - 3].lower) ||
      !draftd_candidates_in_list (" for when last yesterday until because during all today on ", next))
    return FALSE;
  return sure (f, w->start, w->end, "closed", DRAFTD_FIX_VERB_FORM);
}

/* "The handle is lose.": after "be", at its clause's end, the adjective "loose" (the
 * participle "lost" would need no misspelling). */
gboolean
be_loose (F *f)
{
  const Word *w = &f->words[f->i];
  const char *next = near (f, 1);
  /* "One of the wheels came lose on the way": a verb of coming apart takes "loose" whatever
   * follows it, but an object ("let lose his temper" is no phrase anyone writes). */
  if (g_str_equal (w->lower, "lose") && draftd_candidates_in_list (" came come comes coming broke breaks broken worked shook cut ", near (f, -1)) &&
      !draftd_candidates_in_list (determiners, next) && !draftd_candidates_in_list (" it them him her me us you ", next))
    return sure (f, w->start, w->end, "loose", DRAFTD_FIX_WORD_CHOICE);
  if (!g_str_equal (w->lower, "lose") || !draftd_candidates_in_list (" is are was were be been ", near (f, -1)) ||
      (next && !draftd_candidates_in_list (" and again now ", next)))
    return FALSE;
  return sure (f, w->start, w->end, "loose", DRAFTD_FIX_WORD_CHOICE);
}

gboolean
be_participle (F *f)
{
  const Word *w = &f->words[f->i];
  const char *l = w->lower, *prev = near (f, -1), *next = near (f, 1);
  /* Degree words that take an adjective or a participle, never a bare noun ("is really drug" is
   * another error). */
  gboolean intensified = draftd_candidates_in_list (" very so too ", prev);
  const char *be = intensified ? near (f, -2) : prev, *subject = near (f, intensified ? -3 : -2);
  /* "after an am wrap": a be-form after a determiner is a name (terminfo's "am"). */
  if (g_strcmp0 (be, "am") == 0 && g_strcmp0 (subject, "i") != 0)
    return FALSE;
  if (!draftd_candidates_in_list (" am is are was were be been being ", be) || draftd_candidates_in_list (determiners, subject) || !g_ascii_islower (w->text[0]) ||
      draftd_candidates_function_word (l) || !draftd_forms_is (l, 'v') || draftd_forms_is (l, 'a') || g_str_has_suffix (l, "s") ||
      g_str_has_suffix (l, "ed") || g_str_has_suffix (l, "ing") || draftd_candidates_in_list (base_participles, l) ||
      draftd_candidates_in_list (stative_after_be, l) ||
      /* "was overrun", "is overcome": a compound of "run" or "come" is its own participle;
       * "There was pressure on": an existential's noun. */
      g_str_has_suffix (l, "run") || g_str_has_suffix (l, "come") || g_strcmp0 (subject, "there") == 0)
    return FALSE;
  /* "is went": an irregular past, another error. "were spot on": an idiom's noun as the
   * predicate. */
  const char *lemma = draftd_forms_irregular_lemma (l, 'v');
  if ((lemma && !g_str_equal (lemma, l)) || (g_str_equal (l, "spot") && g_strcmp0 (next, "on") == 0))
    return FALSE;
  /* Where the clause goes on, the word may be its noun ("is paint brand"): only before what
   * ends a passive. */
  if (next && !draftd_candidates_in_list (after_passive, next))
    return FALSE;
  /* "My father is engineer", "He is doctor at": a person's noun is the predicate, whose
   * article is missing ("engineered", "doctored" are not what was meant). */
  if (!intensified && g_strcmp0 (next, "by") != 0 && draftd_forms_noun_lexfile (l) == DRAFTD_FORMS_PERSON)
    return FALSE;
  g_autofree char *part = participle_of (f, l);
  if (part == NULL)
    return FALSE;
  /* "is very surprise": no noun follows an intensifier bare; "was write by": no noun is the
   * word. A noun may be the predicate ("The answer is love", "All you do is paint"): the
   * target judges, or link-grammar settles it. */
  gboolean cleft = FALSE;
  for (guint k = 0; k < f->i; k++)
    cleft |= draftd_candidates_in_list (" do does did what all ", f->words[k].lower);
  /* A rare verb may be a misspelt adjective ("are cheep" for "cheap"): sure only before the
   * passive's agent or its "to" ("was write by", "is marry to"), elsewhere judged. */
  if (intensified || (!noun (l) && !cleft && draftd_candidates_in_list (" by to ", next)))
    return sure (f, w->start, w->end, part, DRAFTD_FIX_VERB_FORM);
  /* link-grammar's word for it is not enough, nor the target's: "are cheep," (for "cheap")
   * reads mended as "cheeped", and the target prefers it. An adjective one vowel away is what
   * was meant. */
  if (vowel_from_adjective (l))
    return FALSE;
  /* "The house was paint last year", "The door was lock yesterday": a thing's noun (a made
   * thing or a material, not an idea: "The theme was love last year") is no predicate
   * before a past time; the thing was done then. The target prefers the noun by 2 nats. */
  /* So is any noun after a made thing ("The window was break last night"), but an animal's,
   * a food's or a plant's (WordNet's noun.animal, noun.food, noun.plant: "The main dish was
   * fish last time"), and a verb that is no noun ("The letter was send last week"). */
  int lexfile = draftd_forms_noun_lexfile (l);
  if (!cleft && draftd_candidates_in_list (" last yesterday ", next) && draftd_candidates_in_list (" was were ", be) &&
      (lexfile == DRAFTD_FORMS_ARTIFACT || lexfile == DRAFTD_FORMS_SUBSTANCE || !noun (l) ||
       (draftd_forms_noun_lexfile (subject) == DRAFTD_FORMS_ARTIFACT && lexfile != DRAFTD_FORMS_ANIMAL && lexfile != DRAFTD_FORMS_FOOD && lexfile != DRAFTD_FORMS_PLANT)))
    return sure (f, w->start, w->end, part, DRAFTD_FIX_VERB_FORM);
  /* Elsewhere a noun may well be the predicate where its clause ends or a time follows ("The
   * key to it is trust.", "The roof was slate and", "The prize was cash last year"), and the
   * target prefers the participle there as much as where it is meant: only a preposition or
   * a clause after it leaves the target to judge ("was build in the nineteenth century", "is
   * lock before you leave"). */
  if (noun (l) && (next == NULL || !draftd_candidates_in_list (" by to in with at after about from for when because on before into under ", next)))
    return FALSE;
  const char *alts[] = { part };
  return judge (f, w->start, w->end, alts, 1, DRAFTD_FIX_VERB_FORM, 1.0f);
}

/* ---- verb-form.since-perfect: "He is living here since 2010", "I know her since we were" ---- */

static const char *const since_points = " last then yesterday childhood birth january february march april june july august "
                                        "september october november december monday tuesday wednesday thursday friday saturday sunday "
                                        "noon midnight christmas easter ";

/* Does "since" at words[k] name a point in time: 2 for a year, a figure, "last year", "then",
 * a month, "nine o'clock" (no other reading); 1 for a past clause, "since we were children"
 * (which may be a reason, "since I saw it"); 0 for anything else. */
static int
since_point (const F *f, guint k)
{
  const char *s = f->s + f->words[k].end;
  if (s[0] == ' ' && g_ascii_isdigit (s[1]))
    return 2;
  if (k + 1 >= f->n || !joined (f, k))
    return 0;
  const char *a = f->words[k + 1].lower, *b = k + 2 < f->n && joined (f, k + 1) ? f->words[k + 2].lower : NULL;
  if (draftd_candidates_in_list (since_points, a) || (draftd_candidates_in_list (numbers, a) && g_strcmp0 (b, "o'clock") == 0))
    return 2;
  if (!draftd_candidates_in_list (" i we you they he she ", a) || !draftd_candidates_in_list (" was were moved left started came met arrived ", b))
    return 0;
  /* "since we were children", "since I was ten", "since she was a (little) baby", "since we
   * were at school": a time of life is a point in time, never a reason. */
  const char *c = k + 3 < f->n && joined (f, k + 2) ? f->words[k + 3].lower : NULL;
  const char *d = k + 4 < f->n && joined (f, k + 3) ? f->words[k + 4].lower : NULL;
  static const char *const stages = " children kids young little small teenagers students babies boys girls born ";
  static const char *const stage = " child kid baby boy girl teenager student ";
  if (draftd_candidates_in_list (" was were ", b) &&
      (draftd_candidates_in_list (stages, c) || (draftd_candidates_in_list (" a ", c) && draftd_candidates_in_list (stage, d)) ||
       (c && g_ascii_isdigit (c[0])) || (draftd_candidates_in_list (numbers, c) && !draftd_candidates_in_list (" one ", c)) ||
       (draftd_candidates_in_list (" at in ", c) && draftd_candidates_in_list (" school university college kindergarten ", d)) ||
       (draftd_candidates_in_list (" a ", c) && draftd_candidates_in_list (" little young small ", d) && k + 5 < f->n && joined (f, k + 4) &&
        draftd_candidates_in_list (stage, f->words[k + 5].lower))))
    return 2;
  return 1;
}

/* The "since" after the verb at words[i] in its clause, no other verb or conjunction between;
 * 0 when none. */
static guint
since_after (const F *f)
{
  for (guint k = f->i + 1; k < f->n && k <= f->i + 8 && joined (f, k - 1); k++) {
    const char *l = f->words[k].lower;
    if (g_str_equal (l, "since"))
      /* "It is two years since", "a long time since": the time elapsed is the predicate. */
      return draftd_candidates_in_list (" long while ages years months weeks days time ever ", f->words[k - 1].lower) ? 0 : k;
    /* "a starter that's been going since 2014": a perfect of its own has the "since". */
    if (draftd_candidates_in_list (" and but or because when that which who if while been has have had ", l))
      return 0;
    /* "I think my father works here since 2010": a clause of its own, its subject and verb. */
    const char *before = f->words[k - 1].lower;
    if (k > f->i + 1 && (g_str_has_suffix (l, "s") || draftd_candidates_in_list (" is are was were has have ", l)) &&
        draftd_candidates_verb_form (f, l) && (noun (before) || draftd_candidates_in_list (" he she it they we i you ", before)))
      return 0;
  }
  return 0;
}

gboolean
since_perfect (F *f)
{
  const Word *w = &f->words[f->i];
  const char *l = w->lower, *prev = near (f, -1), *next = near (f, 1), *prev2 = near (f, -2);
  guint k = since_after (f);
  int point = k ? since_point (f, k) : 0;
  if (point == 0 || prev == NULL || next == NULL || !g_ascii_islower (w->text[0]))
    return FALSE;
  gboolean be = draftd_candidates_in_list (" am is are ", l);
  const char *have = g_str_equal (l, "is") ? "has" : "have";
  g_autofree char *rep = NULL;
  gsize end = w->end;
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, next);
  /* "is being maintained since" would need "has been": another shape. */
  if (be && g_str_has_suffix (next, "ing") && fam->len > 0 && !g_str_equal (next, "being")) {
    rep = g_strdup_printf ("%s been %s", have, next);
    end = f->words[f->i + 1].end;
  } else if (be && draftd_candidates_in_list (" here there married away ill sick single friends open closed unemployed ", next)) {
    rep = g_strdup_printf ("%s been", have);
  } else if (!be && !draftd_candidates_function_word (l) && !g_str_has_suffix (l, "ed") &&
             !g_str_has_suffix (l, "ing") && draftd_forms_irregular_lemma (l, 'v') == NULL) {
    /* A present after its subject: a pronoun, or a determiner's noun ("My father works"). */
    /* The determiner's noun opens its clause ("left by the compost bins since Sunday": a
     * preposition's object, and "bins" its plural, no verb). */
    const char *prev3 = near (f, -3);
    gboolean opens = prev3 == NULL || draftd_candidates_in_list (draftd_candidates_clause_words, prev3) || draftd_candidates_in_list (" and but so ", prev3);
    gboolean third = draftd_candidates_in_list (" he she it ", prev) ||
                     (noun (prev) && draftd_candidates_in_list (" my his her our their the this ", prev2) && opens);
    gboolean other = draftd_candidates_in_list (" i you we they ", prev);
    g_autofree char *base = NULL;
    if (third && verb_number (f, l, &base) == -1)
      have = "has";
    else if (other && verb_number (f, l, &base) == 1) {
      /* verb_number gave the -s form ("lives"); the participle is the base's. */
      g_free (base);
      base = g_strdup (l);
    } else
      return FALSE;
    g_autofree char *part = participle_of (f, base);
    if (part == NULL)
      return FALSE;
    rep = g_strdup_printf ("%s %s", have, part);
  } else {
    return FALSE;
  }
  if (point == 2)
    return sure (f, w->start, end, rep, DRAFTD_FIX_VERB_FORM);
  const char *alts[] = { rep };
  return judge (f, w->start, end, alts, 1, DRAFTD_FIX_VERB_FORM, 0.0f);
}

/* ---- verb-form.bare-infinitive: "He must to finish the report" ---- */

/* Verbs whose base ends in "-ing" ("You should to bring"): no -ing form. */
static const char *const ing_verbs = " bring sing ring sting swing cling fling wring spring string ";

/* A modal takes the bare verb; "ought to", "have to", "need to" are not modals here. */
gboolean
modal_to (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *next = near (f, 1);
  /* "the will to win", "a can to recycle": after a determiner the word is a noun. */
  if (!g_str_equal (w->lower, "to") ||
      !draftd_candidates_in_list (" must can could should will would might may shall can't cannot couldn't shouldn't won't wouldn't mustn't ", prev) ||
      next == NULL ||
      draftd_candidates_in_list (determiners, near (f, -2)) ||
      !draftd_forms_is (next, 'v') || (g_str_has_suffix (next, "ing") && !draftd_candidates_in_list (ing_verbs, next)) ||
      g_str_has_suffix (next, "ed") || (draftd_candidates_function_word (next) && !draftd_candidates_in_list (" be have do ", next)))
    return FALSE;
  return sure (f, f->words[f->i - 1].end, w->end, "", DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form.conditional: "If I would have known" ---- */

/* An "if" clause of the unreal past takes the past perfect: "would have" there is "had". */
gboolean
if_would_have (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1), *before = near (f, -2), *next = near (f, 1), *after = near (f, 2);
  if (!g_str_equal (w->lower, "would") || g_strcmp0 (next, "have") != 0 || after == NULL ||
      !draftd_candidates_in_list (" i you he she it we they ", prev) || g_strcmp0 (before, "if") != 0 ||
      !(g_str_has_suffix (after, "ed") || g_str_has_suffix (after, "en") || draftd_forms_irregular_lemma (after, 'v')))
    return FALSE;
  return sure (f, w->start, f->words[f->i + 1].end, "had", DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form.bare-infinitive: "you should adding the garlic" ---- */

/* A modal takes the verb's base: an -ing form right after one is that base ("should adding"
 * -> "should add"; "will be adding" has its "be"). */
gboolean
modal_ing (F *f)
{
  const Word *w = &f->words[f->i];
  /* "a book that is must reading": "must" the noun, after "be" or an article. */
  if (!g_str_has_suffix (w->lower, "ing") || strlen (w->lower) < 6 ||
      !draftd_candidates_in_list (" can could should would will must may might shall ", near (f, -1)) || !gerund_word (f, w->lower) ||
      draftd_candidates_in_list (" is are was were be a an the ", near (f, -2)))
    return FALSE;
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (f->c->spell, w->lower);
  if (!ing_base (w->lower, fam))
    return FALSE;
  return sure (f, w->start, w->end, fam->pdata[0], DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form.embedded-question: "I'd like to know how much does it cost" ---- */

/* A question reported after a verb of knowing or asking keeps a statement's order. The
 * question word, "do"/"does", a subject and the verb's base: the subject goes first and the
 * verb takes the auxiliary's number ("know how much does it cost" -> "how much it costs",
 * "wonder where do they keep" -> "where they keep"). "did" makes the verb's past, only after
 * a verb of asking in the past ("asked me where did I buy" -> "where I bought"). After a lone
 * "what", "who" or "which" only a pronoun is the subject ("know what does the most damage":
 * "what" is). */
static const char *const asking = " know knew knows wonder wondered wondering wonders ask asked asking asks tell explain understand sure idea "
                                  "remember forget find show see ";

/* The verb of knowing or asking whose object the question word at words[i + d] is
 * ("wondering when", "tell me what time": a person between), or NULL. */
static const char *
asked_at (const F *f, gint d)
{
  const char *gov = near (f, d - 1);
  if (draftd_candidates_in_list (" me us him her them you ", gov))
    gov = near (f, d - 2);
  return draftd_candidates_in_list (asking, gov) ? gov : NULL;
}

gboolean
embedded_question (F *f)
{
  const Word *w = &f->words[f->i];
  gboolean does = g_str_equal (w->lower, "does"), did = g_str_equal (w->lower, "did");
  const char *q = near (f, -1);
  if ((!does && !did && !g_str_equal (w->lower, "do")) || q == NULL || f->i < 2)
    return FALSE;
  gint d = -1;
  gboolean lone = draftd_candidates_in_list (" what who which ", q);
  if (draftd_candidates_in_list (" much many long often far time kind ", q) && draftd_candidates_in_list (" how what which ", near (f, -2)))
    d = -2;
  else if (!draftd_candidates_in_list (" how where when why what who which ", q))
    return FALSE;
  const char *gov = asked_at (f, d);
  if (gov == NULL)
    return FALSE;
  /* The subject: a pronoun of the auxiliary's number, or (not after a lone question word) a
   * determiner and its noun. */
  const char *s1 = near (f, 1);
  guint verb = f->i + 2;
  if (!draftd_candidates_in_list (does ? " he she it " : did ? " i you we they he she it " : " i you we they ", s1)) {
    if (lone || !draftd_candidates_in_list (" the this that my your his her our their ", s1) || !noun (near (f, 2)))
      return FALSE;
    verb = f->i + 3;
  }
  const char *v = near (f, (gint) (verb - f->i));
  if (v == NULL || draftd_candidates_function_word (v) || !draftd_forms_is (v, 'v') || g_str_has_suffix (v, "s"))
    return FALSE;
  g_autofree char *other = NULL;
  /* "asked me where did I buy it": after a verb of asking in the past, "did" goes and the
   * verb takes its past ("where I bought"). */
  if (did) {
    if (!draftd_candidates_in_list (" asked wondered knew wanted ", gov) || !draftd_candidates_in_list (" i you we they he she it ", s1))
      return FALSE;
    other = draftd_candidates_simple_past (f->c->spell, v);
    if (other == NULL)
      return FALSE;
  }
  if (does && verb_number (f, v, &other) != 1)
    return FALSE;
  if (did) {
    g_autofree char *rep = g_strdup_printf ("%.*s %s", (int) (f->words[verb - 1].end - f->words[f->i + 1].start), f->s + f->words[f->i + 1].start,
                                            other);
    return sure (f, w->start, f->words[verb].end, rep, DRAFTD_FIX_VERB_FORM);
  }
  if (!does) /* "do" goes: the verb's base is already the statement's */
    return sure (f, w->start, f->words[f->i + 1].start, "", DRAFTD_FIX_VERB_FORM);
  const Word *vw = &f->words[verb];
  g_autofree char *rep = g_strdup_printf ("%.*s %s", (int) (f->words[verb - 1].end - f->words[f->i + 1].start), f->s + f->words[f->i + 1].start,
                                          other);
  return sure (f, w->start, vw->end, rep, DRAFTD_FIX_VERB_FORM);
}

/* "Could you tell me where is the lost property box", "I don't understand why is the game
 * asking": after a verb of knowing or asking and its question word, "is/are/was/were" before
 * a determiner's phrase goes after it, at the phrase's end or before its -ing form. */
gboolean
embedded_be (F *f)
{
  const Word *w = &f->words[f->i];
  const char *gov = near (f, -2);
  if (!draftd_candidates_in_list (" is are was were ", w->lower) || !draftd_candidates_in_list (" where why when what how who ", near (f, -1)))
    return FALSE;
  if (draftd_candidates_in_list (" me us him her them you ", gov))
    gov = near (f, -3);
  /* "asked the agent where was": the person asked, a determiner's noun. */
  else if (noun (gov) && draftd_candidates_in_list (" the my our your his her their ", near (f, -3)))
    gov = near (f, -4);
  if (!draftd_candidates_in_list (asking, gov) || !draftd_candidates_in_list (" the my your his her our their this that ", near (f, 1)))
    return FALSE;
  /* The phrase: the determiner and up to three nouns or adjectives, the last a noun. */
  guint e = f->i + 1;
  while (e + 1 < f->n && e < f->i + 4 && joined (f, e) &&
         (noun (f->words[e + 1].lower) || draftd_forms_is (f->words[e + 1].lower, 'a') || superlative (f->words[e + 1].lower)) &&
         !g_str_has_suffix (f->words[e + 1].lower, "ing"))
    e++;
  /* "where is the nearest office for residence permits?": a preposition's phrase that ends
   * the question belongs to the subject. */
  guint p = e + 1;
  if (p + 1 < f->n && joined (f, e) && draftd_candidates_in_list (" for of in on at near to ", f->words[p].lower) && noun (f->words[e].lower)) {
    guint q = p + 1 + (draftd_candidates_in_list (determiners, f->words[p + 1].lower) ? 1 : 0);
    /* A name's words ("at Heathrow", "at Terminal 2") are the phrase's too. */
    while (q < f->n && q < p + 5 && joined (f, q - 1) && (np_word (f, &f->words[q]) || g_ascii_isupper (f->words[q].text[0])) &&
           (!clause_verb_word (f, f->words[q].lower) || noun_number (f, f->words[q].lower) > 0))
      q++;
    if (q == f->n && q > p + 1 && (noun_number (f, f->words[q - 1].lower) != 0 || g_ascii_isupper (f->words[q - 1].text[0])) &&
        strchr (f->s + f->words[q - 1].end, '?'))
      e = q - 1;
  }
  /* "at Terminal 2?", "at Gate B?": a figure or a letter naming the place ends it. */
  gsize end = f->words[e].end;
  if (e + 1 == f->n && f->s[end] == ' ' && g_ascii_isalnum (f->s[end + 1]) && (f->s[end + 2] == '?' || (g_ascii_isdigit (f->s[end + 2]) && f->s[end + 3] == '?')))
    end += f->s[end + 2] == '?' ? 2 : 3;
  const char *after = e + 1 < f->n && joined (f, e) ? f->words[e + 1].lower : NULL;
  gboolean ing = after && g_str_has_suffix (after, "ing") && gerund_word (f, after);
  if (e == f->i + 1 || !(noun (f->words[e].lower) || noun_number (f, f->words[e].lower) > 0) || !(ing || after == NULL || draftd_candidates_in_list (" as and but because so if when ", after)))
    return FALSE;
  g_autofree char *rep = g_strdup_printf ("%.*s %s", (int) (end - f->words[f->i + 1].start), f->s + f->words[f->i + 1].start, w->text);
  return sure (f, w->start, end, rep, DRAFTD_FIX_VERB_FORM);
}

/* Is `v` a content verb's plain base ("leave", "send"; no form in -s, -ed or -ing, and no
 * auxiliary)? */
gboolean
plain_base (const char *v)
{
  return v && draftd_forms_is (v, 'v') && !draftd_candidates_function_word (v) && !g_str_has_suffix (v, "s") && !g_str_has_suffix (v, "ed") &&
         !g_str_has_suffix (v, "ing");
}

/* Is words[k], joined to the word before, a verb's base ("be", "have", "leave")? */
static gboolean
modal_base (const F *f, guint k)
{
  const char *v = k < f->n && joined (f, k - 1) ? f->words[k].lower : NULL;
  return v && (g_str_equal (v, "be") || g_str_equal (v, "have") || plain_base (v));
}

/* "I was wondering when will the repairs be finished", "Can you tell me what time will the
 * bus leave": after a verb of knowing or asking and its question word, a modal before its
 * subject (a pronoun, or a determiner and at most two more words ending in a noun) and the
 * verb's base goes after the subject. "I wonder who will win" (the subject is "who") is left. */
gboolean
embedded_modal (F *f)
{
  const Word *w = &f->words[f->i];
  gint d = -1;
  if (!draftd_candidates_in_list (" will would can could should ", w->lower))
    return FALSE;
  if (draftd_candidates_in_list (" much many long often far time ", near (f, -1)) && draftd_candidates_in_list (" how what ", near (f, -2)))
    d = -2;
  else if (!draftd_candidates_in_list (" where why when how ", near (f, -1)))
    return FALSE;
  if (!asked_at (f, d))
    return FALSE;
  guint e = f->i + 1;
  if (e >= f->n || !joined (f, f->i))
    return FALSE;
  if (!draftd_candidates_in_list (" i you he she we they it ", f->words[e].lower)) {
    if (!draftd_candidates_in_list (" the this that my your his her our their these those ", f->words[e].lower))
      return FALSE;
    /* "the new water heater be delivered": adjectives and nouns, up to three. */
    while (e + 1 < f->n && e < f->i + 4 && joined (f, e) &&
           (noun (f->words[e + 1].lower) || noun_number (f, f->words[e + 1].lower) != 0 ||
            (draftd_forms_is (f->words[e + 1].lower, 'a') && !draftd_candidates_function_word (f->words[e + 1].lower))))
      e++;
    /* "the bus leave": the phrase's last noun may be a verb too ("bus"); the longest phrase
     * the verb's base follows. */
    while (e > f->i + 1 && !modal_base (f, e + 1))
      e--;
    if (e == f->i + 1)
      return FALSE;
  }
  if (!modal_base (f, e + 1))
    return FALSE;
  g_autofree char *rep = g_strdup_printf ("%.*s %s", (int) (f->words[e].end - f->words[f->i + 1].start), f->s + f->words[f->i + 1].start, w->text);
  return sure (f, w->start, f->words[e].end, rep, DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form.to-base: "I would like that you send me" ---- */

/* "would like that you send" is English's "would like you to send": "like/want that" + a
 * subject pronoun + a verb's base takes the object and "to". */
gboolean
like_that_you (F *f)
{
  static const char *const objects[][2] = { { "you", "you" }, { "he", "him" }, { "she", "her" }, { "they", "them" }, { "we", "us" } };
  const Word *w = &f->words[f->i];
  const char *who = near (f, 1), *v = near (f, 2), *obj = NULL;
  if (!g_str_equal (w->lower, "that") || !draftd_candidates_in_list (" like want wanted ", near (f, -1)) ||
      !draftd_candidates_in_list (" would 'd i we ", near (f, -2)) || v == NULL)
    return FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (objects); k++)
    obj = g_strcmp0 (who, objects[k][0]) == 0 ? objects[k][1] : obj;
  /* The base only: "that you sent" reports a fact. */
  if (obj == NULL || !plain_base (v) || draftd_forms_irregular_lemma (v, 'v') != NULL)
    return FALSE;
  const Word *o = &f->words[f->i + 1];
  g_autofree char *rep = g_strdup_printf ("%s to", g_str_equal (obj, o->lower) ? o->text : obj);
  return sure (f, w->start, o->end, rep, DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form.finished-time: "Yesterday my daughter tells me" ---- */

/* A sentence that opens on "Yesterday", "Last week/season/..." or "... ago" (its comma or none), then a
 * determiner's noun as the subject (an adjective between at most), and a present verb: the
 * finished time leaves the present no reading, and the verb takes its simple past
 * ("Yesterday the landlord sends" -> "sent"). Pronoun subjects are candidates-en.c's. */
gboolean
opening_past_noun (F *f)
{
  const Word *w = &f->words[f->i];
  if (!f->c->sentence_start || f->words[0].start != 0 || f->i < 3)
    return FALSE;
  guint b = draftd_candidates_finished_opening (f);
  /* "When we arrived at the hotel, the receptionist tells us": a past clause and its comma. */
  for (guint k = 3; b == 0 && k + 1 < f->i && k <= 12; k++)
    if (f->s[f->words[k - 1].end] == ',') {
      b = draftd_candidates_past_clause_before (f, k) ? k : 0;
      break;
    }
  if (b == 0 || !draftd_candidates_in_list (" the a an some my our your his her their this that ", f->words[b].lower))
    return FALSE;
  for (guint k = b; k + 1 < f->i; k++)
    if (!joined (f, k))
      return FALSE;
  /* The subject: the determiner, at most one adjective, the noun right before the verb ("the
   * young man was": an adjective before a noun is its phrase, "man" no verb). */
  const char *head = f->words[f->i - 1].lower, *next = near (f, 1);
  if (draftd_forms_is (head, 'a') && noun (w->lower) && draftd_forms_noun_lexfile (head) != DRAFTD_FORMS_PERSON) /* "the mechanic call" */
    return FALSE;
  /* "our school team beat the team": a noun before a verb is the subject's own head. */
  /* "the plow truck didn't go": an auxiliary after it likewise. */
  if (noun (w->lower) && next && (draftd_candidates_verb_form (f, next) || draftd_candidates_own_past (next) ||
                                  draftd_forms_irregular_lemma (next, 'v') != NULL || draftd_candidates_in_list (draftd_candidates_verb_auxiliaries, next)))
    return FALSE;
  if (f->i - b > 3 || !noun (head) || (f->i - b == 3 && !draftd_forms_is (f->words[b + 1].lower, 'a')) || !joined (f, f->i - 1))
    return FALSE;
  g_autofree char *other = NULL;
  int v = verb_number (f, w->lower, &other);
  const char *base = v < 0 ? other : v > 0 ? w->lower : NULL;
  if (base == NULL || draftd_candidates_own_past (base) || draftd_candidates_in_list (" think believe know remember feel guess hope ", base))
    return FALSE;
  g_autofree char *past = draftd_candidates_simple_past (f->c->spell, base);
  return past && sure (f, w->start, w->end, past, DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form: "Please call me when you will arrive" ---- */

/* A clause of time about the future takes the present: "as soon as" + a pronoun + "will" +
 * a base, and "when/once/before/after/until" + a pronoun + "will" after "call/text/meet/...
 * me" or "send me a message", where the clause tells when to do it ("Please call me when
 * you will arrive" -> "when you arrive"). "Tell me when you will arrive" asks for the time, and
 * is left. */
/* "will" and the base `v` after the pronoun `subject` become the present: "will " goes, and the
 * base takes its -s after "he", "she", "it" (the edit is the deletion alone where the verb
 * stays as it is). */
static gboolean
will_to_present (F *f, const char *subject, const char *v)
{
  const Word *w = &f->words[f->i];
  g_autofree char *other = NULL;
  const char *form = v;
  if (draftd_candidates_in_list (" he she it ", subject)) {
    if (verb_number (f, v, &other) != 1)
      return FALSE;
    form = other;
  }
  if (form == v)
    return sure (f, w->start, f->words[f->i + 1].start, "", DRAFTD_FIX_VERB_FORM);
  return sure (f, w->start, f->words[f->i + 1].end, form, DRAFTD_FIX_VERB_FORM);
}

gboolean
future_time_clause (F *f)
{
  const Word *w = &f->words[f->i];
  const char *subject = near (f, -1), *conj = near (f, -2), *v = near (f, 1);
  if (!g_str_equal (w->lower, "will") || !draftd_candidates_in_list (" i you we they he she it ", subject) || !plain_base (v) ||
      g_str_equal (v, "be"))
    return FALSE;
  gboolean soon = g_strcmp0 (conj, "as") == 0 && g_strcmp0 (near (f, -3), "soon") == 0 && g_strcmp0 (near (f, -4), "as") == 0;
  gboolean told = draftd_candidates_in_list (" when once before after until ", conj) && draftd_candidates_in_list (" me us him her them you ", near (f, -3)) &&
                  draftd_candidates_in_list (" call phone ring text email message contact wake meet ", near (f, -4));
  /* "Send me a message when he will arrive", "give us a call once you will know": what the
   * person is given does it then. */
  told |= draftd_candidates_in_list (" when once before after until ", conj) &&
          draftd_candidates_in_list (" message text call line note email reminder ring shout ", near (f, -3)) &&
          draftd_candidates_in_list (" a an ", near (f, -4)) && draftd_candidates_in_list (" me us ", near (f, -5));
  /* "We will wait until you will finish": "before", "after", "until", "once" open a time's
   * clause only (no question's, as "when" may: "I'll ask when he will come"), after a main
   * clause's own "will". */
  gboolean main_will = FALSE;
  for (guint k = 0; k + 2 < f->i && !main_will; k++)
    main_will = draftd_candidates_in_list (" will i'll we'll you'll he'll she'll they'll ", f->words[k].lower);
  told |= draftd_candidates_in_list (" once before after until ", conj) && main_will;
  /* "I will send you the photos when I will get home": "when" after a main clause's "will"
   * too, where no verb of asking or knowing before it makes it a question's ("I'll ask when
   * he will come", "I'm not sure when they will"). */
  gboolean asks = FALSE;
  for (guint k = 0; k + 2 < f->i && !asks; k++)
    asks = draftd_candidates_in_list (" ask asks asked tell told know knows sure idea wonder wondering check confirm find decide see say says "
                                      "said guess predict question unclear clear depends depend ", f->words[k].lower);
  told |= g_strcmp0 (conj, "when") == 0 && main_will && !asks;
  /* "When I will finish my studies, I want to": an opening time clause before its comma (a
   * question puts "will" first: "When will I"). */
  told |= f->i == 2 && f->c->sentence_start && draftd_candidates_in_list (" when once before after until ", conj) &&
          strchr (f->s + w->end, ',') != NULL && strchr (f->s + w->end, '?') == NULL;
  if (!soon && !told)
    return FALSE;
  return will_to_present (f, subject, v);
}

/* A figure and its units' signs alone between words[a] and words[a + 1] ("above 40°C",
 * "by 20%"): digits are no words, and the clause goes on through them. 1 for a figure alone,
 * 2 for a figure and then its clause's comma ("by 20%, we"), 0 for anything else. */
static int
figure_between (const F *f, guint a)
{
  if (a + 1 >= f->n)
    return 0;
  gboolean digit = FALSE, comma = FALSE;
  for (gsize k = f->words[a].end; k < f->words[a + 1].start; k++) {
    if (f->s[k] == ',' && digit && !comma)
      comma = TRUE;
    else if (strchr (",;:!?()[]\"", f->s[k]) || (comma && f->s[k] != ' '))
      return 0;
    digit |= g_ascii_isdigit (f->s[k]);
  }
  return !digit ? 0 : comma ? 2 : 1;
}

/* "If it will rain on Saturday, the sale will move indoors": an opening "if" clause of a
 * pronoun, "will" and a verb's base, before a comma and a main clause with its own "will", is
 * the first conditional's present ("If it rains"). Not "you" ("If you will follow me" asks),
 * nor a verb of helping, allowing or agreeing ("If it will help, I'll stay" is a result). */
gboolean
if_will (F *f)
{
  const Word *w = &f->words[f->i];
  const char *subject = near (f, -1), *v = near (f, 1);
  /* "If the weather will be": a determiner and a noun stand for their pronoun. */
  gboolean noun_subject = (f->i == 3 && draftd_candidates_in_list (" the my our your his her their this that ", near (f, -2)) && noun (subject)) ||
                          /* "If prices will rise": a bare plural too. */
                          (f->i == 2 && subject && noun_number (f, subject) > 0 && !draftd_candidates_function_word (subject) && !draftd_candidates_in_list (" people ", subject));
  if (noun_subject)
    subject = noun_number (f, subject) > 0 ? "they" : "it";
  if (!g_str_equal (w->lower, "will") || (f->i != 2 && !noun_subject) || !g_str_equal (f->words[0].lower, "if") || !f->c->sentence_start ||
      !draftd_candidates_in_list (" i he she it we they ", subject) || (!plain_base (v) && g_strcmp0 (v, "be") != 0) ||
      draftd_candidates_in_list (" help let allow excuse accept agree listen wait bear make give permit ", v))
    return FALSE;
  guint comma = f->i + 1;
  gboolean time = FALSE;
  for (; comma < f->n && (joined (f, comma) || figure_between (f, comma) == 1); comma++)
    time |= draftd_candidates_in_list (" tomorrow tonight next later soon weekend ", f->words[comma + 1 < f->n ? comma + 1 : comma].lower) ||
            calendar_name (f->words[comma + 1 < f->n ? comma + 1 : comma].lower); /* "on Sunday" */
  /* "If it will be of any help": "be" only with the time it is foretold for ("If the weather
   * will be good tomorrow"). */
  if (comma + 1 >= f->n || (f->s[f->words[comma].end] != ',' && figure_between (f, comma) != 2) || (g_str_equal (v, "be") && !time))
    return FALSE;
  gboolean main_will = FALSE;
  for (guint k = comma + 1; k < f->n && !main_will; k++)
    main_will = draftd_candidates_in_list (" will won't i'll we'll you'll he'll she'll it'll they'll ", f->words[k].lower) ||
                (g_str_equal (f->words[k].lower, "going") && k + 1 < f->n && g_str_equal (f->words[k + 1].lower, "to"));
  /* "If the sky will be clear on Saturday, I plan to": "be" with the time it is foretold for
   * needs no "will" in the main clause to be a condition's. */
  if (!main_will && !g_str_equal (v, "be"))
    return FALSE;
  if (g_str_equal (v, "be"))
    return sure (f, w->start, f->words[f->i + 1].end,
                 g_str_equal (subject, "i") ? "am" : draftd_candidates_in_list (" he she it ", subject) ? "is" : "are", DRAFTD_FIX_VERB_FORM);
  return will_to_present (f, subject, v);
}

/* ---- verb-form: "The kids drunk all the juice" ---- */

/* The participles in "-u-" that writers give for their pasts ("drunk", "swum", "begun",
 * "sung") right after the subject that opens the clause (a subject pronoun, or a determiner
 * and its noun), with an object or a time after: the simple past ("The kids drunk all the
 * juice" -> "drank"). "They got drunk", "was sung" have their auxiliary before. */
gboolean
u_participle_past (F *f)
{
  static const char *const pairs[][2] = {
    { "drunk", "drank" }, { "swum", "swam" }, { "begun", "began" }, { "sung", "sang" }, { "rung", "rang" },
    { "sunk", "sank" }, { "shrunk", "shrank" }, { "stunk", "stank" }, { "sprung", "sprang" },
  };
  const char *prev = near (f, -1), *next = near (f, 1);
  if (prev == NULL || next == NULL ||
      !(draftd_candidates_in_list (" the a an my your his her our their all some every each ", next) || g_ascii_isdigit (next[0]) ||
        draftd_candidates_in_list (" it them this that everything yesterday ", next)))
    return FALSE;
  gboolean pronoun = draftd_candidates_in_list (" i you we they he she ", prev) && (f->i == 1 || !joined (f, f->i - 2) ||
                                                                                 draftd_candidates_in_list (draftd_candidates_clause_words, near (f, -2)));
  gboolean phrase = (noun (prev) || noun_number (f, prev) > 0) && draftd_candidates_in_list (" the my your his her our their ", near (f, -2)) &&
                    (f->i == 2 || !joined (f, f->i - 3) || draftd_candidates_in_list (draftd_candidates_clause_words, near (f, -3)));
  return (pronoun || phrase) && sure_pair (f, pairs, G_N_ELEMENTS (pairs), DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form.past-perfect: "By the time the ambulance arrived, the man already left" ---- */

/* Does the sentence open on "By the time" and a clause in the past whose comma ends right
 * before words[s]? */
static gboolean
by_the_time_past (const F *f, guint s)
{
  if (s < 5 || s > 14 || !g_str_equal (f->words[0].lower, "by") || !g_str_equal (f->words[1].lower, "the") ||
      !g_str_equal (f->words[2].lower, "time") || f->s[f->words[s - 1].end] != ',')
    return FALSE;
  gboolean past = FALSE;
  for (guint k = 3; k < s; k++) {
    const char *l = f->words[k].lower, *lemma = draftd_forms_irregular_lemma (l, 'v');
    g_autofree char *base = g_str_has_suffix (l, "ed") ? draftd_candidates_verb_base (f->c->spell, l) : NULL;
    if (!joined (f, k - 1) && k > 3)
      return FALSE;
    past |= draftd_candidates_in_list (" was were did had got ", l) || (lemma && !g_str_equal (lemma, l) && !draftd_forms_is (l, 'n')) ||
            (base && draftd_forms_is (base, 'v'));
  }
  return past;
}

/* An action finished before a past moment is in the past perfect: after an opening "By the
 * time" or "When" clause in the past and its comma, the subject, "already" and a simple past
 * take "had" ("the man already left" -> "the man had already left"; "already went" -> "had
 * already gone"). The site is "already". */
gboolean
already_past_perfect (F *f)
{
  const Word *w = &f->words[f->i];
  const char *verb = near (f, 1);
  if (!g_str_equal (w->lower, "already") || verb == NULL || !f->c->sentence_start || f->words[0].start != 0 || f->i < 4)
    return FALSE;
  /* The subject: a pronoun, or a determiner and at most two words, after the comma. */
  guint k = f->i - 1;
  while (k > 0 && f->s[f->words[k - 1].end] != ',' && f->i - k <= 3)
    k--;
  if (k == 0 || f->s[f->words[k - 1].end] != ',' || !(by_the_time_past (f, k) || draftd_candidates_past_clause_before (f, k)))
    return FALSE;
  for (guint j = k; j < f->i; j++)
    if (!joined (f, j))
      return FALSE;
  gboolean pronoun = f->i - k == 1 && draftd_candidates_in_list (" i you he she we they it ", f->words[k].lower);
  if (!pronoun && !(draftd_candidates_in_list (" the my our your his her their this that ", f->words[k].lower) && noun (f->words[f->i - 1].lower)))
    return FALSE;
  const char *lemma = draftd_forms_irregular_lemma (verb, 'v');
  g_autofree char *base = g_str_has_suffix (verb, "ed") ? draftd_candidates_verb_base (f->c->spell, verb) : NULL;
  gboolean past = (lemma && !g_str_equal (lemma, verb) && !g_str_has_suffix (verb, "ing")) || (base && draftd_forms_is (base, 'v'));
  /* "I already knew the answer": a state held at that moment stays simple. */
  if (!past || draftd_candidates_in_list (" know be have think believe understand want like love hate need own seem feel realise realize "
                                          "remember suspect guess prefer mean ",
                                          lemma ? lemma : base))
    return FALSE;
  g_autofree char *participle = draftd_candidates_participle_of_past (f->c->spell, verb);
  if (participle) {
    const Word *v = &f->words[f->i + 1];
    g_autofree char *rep = g_strdup_printf ("had %s %s", w->text, participle);
    return sure (f, w->start, v->end, rep, DRAFTD_FIX_VERB_FORM);
  }
  return sure (f, w->start, w->start, "had ", DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form.to-base: "When I was a child, I used to playing" ---- */

/* The past habit's "used to" takes a verb's base; its -ing form belongs to "be/get used to"
 * ("I am used to playing"), which a subject pronoun right before "used" rules out (an adverb
 * between at most: "we always used to going"). */
gboolean
used_to_ing (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev3 = near (f, -3), *prev4 = near (f, -4);
  const char *subjects = " i you he she we they ";
  if (f->i < 3 || !g_str_has_suffix (w->lower, "ing") || g_strcmp0 (near (f, -1), "to") != 0 || g_strcmp0 (near (f, -2), "used") != 0 ||
      !(draftd_candidates_in_list (subjects, prev3) ||
        (draftd_candidates_in_list (" always often usually never also still just ", prev3) && draftd_candidates_in_list (subjects, prev4))))
    return FALSE;
  g_autofree char *base = draftd_candidates_verb_base (f->c->spell, w->lower);
  if (base == NULL || !draftd_forms_is (base, 'v'))
    return FALSE;
  return sure (f, w->start, w->end, base, DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form.finished-time: "Yesterday we went to the new place, and the noodles are cold" ---- */


/* After a finished time and a past verb, a clause joined by "and" whose subject (a pronoun, or
 * a determiner and at most two words) is described by "is/are" and an adjective tells the same
 * past: "was/were" ("and the noodles are really overcooked", "and the waiter is rude"). */
gboolean
past_and_present (F *f)
{
  const Word *w = &f->words[f->i];
  if (!draftd_candidates_in_list (" is are ", w->lower) || draftd_candidates_finished_opening (f) == 0)
    return FALSE;
  guint and = f->i;
  while (and > 1 && f->i - and < 5 && !g_str_equal (f->words[and - 1].lower, "and"))
    and--;
  if (and <= 2 || !g_str_equal (f->words[and - 1].lower, "and") || and == f->i)
    return FALSE;
  const char *first = f->words[and].lower;
  gboolean pronoun = and + 1 == f->i && draftd_candidates_in_list (" it they he she we ", first);
  gboolean phrase = draftd_candidates_in_list (" the my our his her their this these those ", first) && f->i - and <= 3;
  for (guint k = and + 1; phrase && k < f->i; k++)
    phrase = np_word (f, &f->words[k]) && !clause_verb_word (f, f->words[k].lower);
  if (!(pronoun || phrase))
    return FALSE;
  /* The first clause's past: an irregular past ("ate", which WordNet names a goddess too) or
   * a regular one that is a verb's, not after a determiner ("the saw"). */
  gboolean past = FALSE;
  for (guint k = 1; k + 1 < and; k++) {
    const char *l = f->words[k].lower, *lemma = draftd_forms_irregular_lemma (l, 'v');
    if (draftd_candidates_in_list (determiners, f->words[k - 1].lower))
      continue;
    past |= (lemma && !g_str_equal (lemma, l)) || g_str_equal (l, "was") || g_str_equal (l, "were") ||
            (g_str_has_suffix (l, "ed") && draftd_candidates_verb_form (f, l) && !draftd_forms_is (l, 'a'));
  }
  /* Described by an adjective, a degree word before it at most ("are really overcooked"). */
  guint d = f->i + 1;
  if (d < f->n && draftd_candidates_in_list (" really very so too quite extremely rather a bit ", f->words[d].lower))
    d++;
  if (!past || d >= f->n || !joined (f, d - 1) || draftd_candidates_function_word (f->words[d].lower))
    return FALSE;
  /* "overcooked", "delayed": a participle describes as an adjective does. */
  const char *l = f->words[d].lower;
  if (!draftd_forms_is (l, 'a') && !(g_str_has_suffix (l, "ed") && draftd_candidates_verb_form (f, l)))
    return FALSE;
  return sure (f, w->start, w->end, g_str_equal (w->lower, "is") ? "was" : "were", DRAFTD_FIX_VERB_FORM);
}

/* ---- verb-form.finished-time: "we walked to school and never complain", "when I walked in I see" ---- */

/* Is words[k] a past right after its subject pronoun: an irregular past ("saw", "was") or a
 * verb's regular one ("walked")? */
static gboolean
pronoun_past (const F *f, guint k)
{
  if (k == 0 || k >= f->n || !joined (f, k - 1) || !draftd_candidates_in_list (" i we they he she you ", f->words[k - 1].lower))
    return FALSE;
  const char *l = f->words[k].lower, *lemma = draftd_forms_irregular_lemma (l, 'v');
  if (lemma && !g_str_equal (lemma, l) && !g_str_has_suffix (l, "ing"))
    return TRUE;
  /* "need", "feed" end in -ed and are bases. */
  g_autofree char *base = g_str_has_suffix (l, "ed") ? draftd_candidates_verb_base (f->c->spell, l) : NULL;
  return base && !g_str_equal (base, l) && draftd_candidates_verb_form (f, l);
}

/* "We left at seven, and by ten we reach the lake and stopped": a pronoun's present whose
 * clause goes on with "and" and a past shares that past, in a sentence that told a past
 * before it. */
static gboolean
past_after_and (F *f)
{
  const Word *w = &f->words[f->i];
  gboolean before = FALSE;
  for (guint c = 1; c + 1 < f->i && !before; c++)
    before = pronoun_past (f, c);
  if (!before)
    return FALSE;
  for (guint c = f->i + 1; c + 1 < f->n && c <= f->i + 8 && joined (f, c - 1); c++) {
    const char *l = f->words[c].lower;
    if (g_str_equal (l, "and") && joined (f, c)) {
      const char *v = f->words[c + 1].lower, *lemma = draftd_forms_irregular_lemma (v, 'v');
      g_autofree char *base = g_str_has_suffix (v, "ed") ? draftd_candidates_verb_base (f->c->spell, v) : NULL;
      gboolean past = (lemma && !g_str_equal (lemma, v) && !g_str_has_suffix (v, "ing") && !draftd_forms_is (v, 'n')) ||
                      (base && !g_str_equal (base, v) && draftd_candidates_verb_form (f, v) && !draftd_forms_is (v, 'a'));
      g_autofree char *simple = past ? draftd_candidates_simple_past (f->c->spell, w->lower) : NULL;
      return simple && sure (f, w->start, w->end, simple, DRAFTD_FIX_VERB_FORM);
    }
    if (draftd_candidates_in_list (" that which who because when if while but so or to ", l) || draftd_candidates_in_list (modals, l) ||
        draftd_candidates_in_list (draftd_candidates_verb_auxiliaries, l) || clause_verb_word (f, l))
      return FALSE;
  }
  return FALSE;
}

/* Where the present at words[i] goes on a past: after "when/after/once" + a pronoun + a past
 * with no comma, its own pronoun before it ("and when I walked in I see" -> "saw"); or after
 * "and" (an adverb between at most) sharing the subject of a past with nothing but its object
 * and times between ("we walked two miles to school every day and never complain"). */
gboolean
past_sequence (F *f)
{
  const Word *w = &f->words[f->i];
  const char *prev = near (f, -1);
  if (f->i < 4 || !plain_base (w->lower) || prev == NULL ||
      draftd_candidates_in_list (" think believe know remember feel guess hope mean wonder ", w->lower))
    return FALSE;
  guint k = f->i - 1;
  if (draftd_candidates_in_list (" i we they he she you ", prev) && past_after_and (f))
    return TRUE;
  if (draftd_candidates_in_list (" i we they he she you ", prev)) {
    /* "Only after I had moved out did I realise": an auxiliary before the pronoun carries the
     * tense, the verb stays its base. */
    if (draftd_candidates_in_list (draftd_candidates_verb_auxiliaries, near (f, -2)))
      return FALSE;
    for (guint c = k; c-- > 0 && k - c <= 6 && joined (f, c);)
      if (draftd_candidates_in_list (" when after once ", f->words[c].lower)) {
        g_autofree char *past = c + 2 < k && pronoun_past (f, c + 2) ? draftd_candidates_simple_past (f->c->spell, w->lower) : NULL;
        return past && sure (f, w->start, w->end, past, DRAFTD_FIX_VERB_FORM);
      }
    return FALSE;
  }
  gboolean adverb = draftd_candidates_in_list (" never always also then often usually sometimes just even ", prev);
  guint and = adverb ? k - 1 : k;
  if (!g_str_equal (f->words[and].lower, "and") || !joined (f, and) || (!adverb && noun (w->lower)))
    return FALSE;
  for (guint c = and; c-- > 1 && and - c <= 10 && joined (f, c);) {
    if (pronoun_past (f, c)) {
      g_autofree char *past = draftd_candidates_simple_past (f->c->spell, w->lower);
      return past && sure (f, w->start, w->end, past, DRAFTD_FIX_VERB_FORM);
    }
    /* "wanted to go and never complain": an infinitive's own verb ("to school" is a place). */
    if (draftd_candidates_in_list (" that which who because when if while but so or ", f->words[c].lower) ||
        (g_str_equal (f->words[c].lower, "to") && plain_base (f->words[c + 1].lower) &&
         !draftd_candidates_in_list (" school work bed church town class market college university hospital court ", f->words[c + 1].lower)) ||
        draftd_candidates_in_list (modals, f->words[c].lower) || clause_verb_word (f, f->words[c].lower))
      return FALSE;
  }
  return FALSE;
}

/* ---- verb-form.to-base: "My friend suggested me to try" ---- */

/* "suggest" takes a clause, not an object and its infinitive: "suggested me to try" -> "suggested
 * I try", the object pronoun made the clause's subject ("suggest you to" is word_rows'). */
gboolean
suggest_object (F *f)
{
  static const char *const subject_of[][2] = { { "me", "I" }, { "him", "he" }, { "her", "she" }, { "us", "we" }, { "them", "they" } };
  const Word *w = &f->words[f->i];
  if (!draftd_candidates_in_list (" suggest suggests suggested ", w->lower) || f->i + 3 >= f->n ||
      !joined (f, f->i) || !joined (f, f->i + 1) || !joined (f, f->i + 2) || !g_str_equal (f->words[f->i + 2].lower, "to") ||
      !plain_base (f->words[f->i + 3].lower))
    return FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (subject_of); k++)
    if (g_str_equal (f->words[f->i + 1].lower, subject_of[k][0])) {
      g_autofree char *rep = g_strdup_printf ("%s %s", subject_of[k][1], f->words[f->i + 3].text);
      return sure (f, f->words[f->i + 1].start, f->words[f->i + 3].end, rep, DRAFTD_FIX_VERB_FORM);
    }
  return FALSE;
}
