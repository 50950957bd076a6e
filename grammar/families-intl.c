/* Rules for German, French and Spanish (issue 51): the words natives and learners confuse
 * most that a pattern of the neighbouring words settles without a model (das/dass, seit/seid,
 * a/à, ou/où, a/ha, echo/hecho, ...); and for Russian, Ukrainian and Czech (-тся/-ться,
 * Ukrainian's Russianisms, mě/mně, the comma before a subordinate clause, the commonest slip
 * of their learners). No model here judges these languages, so each rule fires
 * only where its pattern leaves no other reading; everywhere else the text stays as written.
 * Each rule is a row of `rules` below: its language, its id (lib/bus/draftd-bus-rules.h lists
 * it, with the description an edit's message quotes), the words it exchanges, and the function
 * that finds its pattern. They run only on a sentence whose language is the row's (the
 * per-sentence decision of answer.c, or the user's). tests/data/rule-examples-intl.tsv holds
 * sentences each must and must not change, tests/data/intl-dev.tsv measures them together
 * (tests/test-grammar-intl-rules.c; docs/correction.md#rules-for-german-french-and-spanish). */
#include <string.h>
#include "grammar/families.h"
#include "grammar/candidates-private.h"
#include "lib/bus/draftd-bus-rules.h"

typedef RuleSite X;

/* The text between words[a] and words[a + 1] (or the sentence's end), spaces left out, into
 * buf: "" when only spaces, "," after a comma. */
static const char *
gap (const X *x, guint a, char buf[16])
{
  gsize from = x->words[a].end, to = a + 1 < x->n ? x->words[a + 1].start : strlen (x->s);
  guint k = 0;
  for (gsize p = from; p < to && k < 15; p++)
    if (x->s[p] != ' ')
      buf[k++] = x->s[p];
  buf[k] = 0;
  return buf;
}

/* words[i + d]'s lower case, when only spaces lie between it and words[i]; else NULL. */
static const char *
at (const X *x, gint d)
{
  gint k = (gint) x->i + d;
  if (k < 0 || k >= (gint) x->n)
    return NULL;
  char buf[16];
  for (gint a = MIN (k, (gint) x->i); a < MAX (k, (gint) x->i); a++)
    if (*gap (x, (guint) a, buf))
      return NULL;
  return x->words[k].lower;
}

/* The word with its typographic apostrophes written as ASCII ones ("c’et" -> "c'et"). */
static char *
plain_apostrophes (const char *w)
{
  GString *out = g_string_new (w);
  g_string_replace (out, "\xe2\x80\x99", "'", 0);
  return g_string_free (out, FALSE);
}

/* The part of a word after its elision ("qu'il" -> "il", "d’ou" -> "ou"). */
static const char *
bare (const char *w)
{
  const char *a = w ? strrchr (w, '\'') : NULL, *b = w ? g_strrstr (w, "\xe2\x80\x99") : NULL;
  if (b && (a == NULL || b > a))
    return b + 3;
  return a ? a + 1 : w;
}

/* Is the word, or its elided head with the apostrophe ("m'intéresse" -> "m'"), one of list? */
static gboolean
elided_in (const char *list, const char *w)
{
  g_autofree char *plain = w ? plain_apostrophes (w) : NULL;
  const char *p = plain ? strchr (plain, '\'') : NULL;
  if (p == NULL)
    return w && draftd_candidates_in_list (list, w);
  g_autofree char *head = g_strndup (plain, p - plain + 1);
  return draftd_candidates_in_list (list, head);
}

static gboolean
in (const char *list, const char *w)
{
  return w && draftd_candidates_in_list (list, w);
}

/* Does a clause start at words[i + d]: the sentence's first word, one after a comma or an
 * opening mark, or one after a conjunction of the list? */
static gboolean
clause_start (const X *x, gint d, const char *conjunctions)
{
  gint k = (gint) x->i + d;
  char buf[16];
  if (k <= 0)
    return k == 0;
  const char *g = gap (x, (guint) k - 1, buf);
  return strpbrk (g, ",;:\xc2") != NULL || in (conjunctions, bare (x->words[k - 1].lower));
}

static gboolean
question (const X *x)
{
  gsize n = strlen (x->s);
  while (n > 0 && strchr (" \"'\xc2\xbb", x->s[n - 1]))
    n--;
  return n > 0 && x->s[n - 1] == '?';
}

/* Replaces words[i + from] .. words[i + to] with `rep` in their case, keeping an elision of
 * the first ("d'ou" -> "d'où"), as a sure candidate. */
static gboolean
fix (X *x, gint from, gint to, const char *rep)
{
  const Word *a = &x->words[x->i + from], *b = &x->words[x->i + to];
  if (a->fixed || b->fixed)
    return FALSE;
  gsize start = a->start + (bare (a->text) - a->text);
  g_autofree char *was = g_strndup (x->s + start, b->end - start);
  g_autofree char *r = draftd_candidates_match_case (was, rep);
  draftd_candidates_add (x->out, start, b->end, r, DRAFTD_FIX_WORD_CHOICE, DRAFTD_CANDIDATE_CERTAIN, x->site++);
  return TRUE;
}

static gboolean
word_is (const X *x, const char *w)
{
  g_autofree char *plain = plain_apostrophes (x->words[x->i].lower);
  return g_str_equal (plain, w);
}

/* ---- German ---- */

static const char *const de_saying =
  " glaube glaubst glaubt glaubte denke denkst denkt dachte dachten weiß weißt wusste wussten hoffe hoffst hofft hoffte "
  "meine meinst meint meinte sage sagst sagt sagte sagten finde findest findet fand erzählt erzählte behauptet behauptete "
  "sicher klar wichtig schade froh möglich gut bedeutet bedeutete zeigt zeigte verstehe versteht merke merkte sehe sieht "
  "sah höre hört hörte fürchte befürchte vermute vermutet schätze wünsche wünscht will möchte möchten erwartet hofften ";
static const char *const de_subject = " ich du er sie es wir ihr man der die den dem des ein eine einen einem einer mein meine "
                                      "dein deine sein seine unser unsere euer eure ihre jemand niemand alle viele ";
static const char *const de_finite = " ist war sind waren wird wurde kann konnte hat hatte gibt gab macht machte klingt sieht "
                                     "stimmt geht ging muss soll darf heißt tut passiert reicht gefällt ";
static const char *const de_conjunctions = " und oder aber denn wenn ob weil dass als da wie damit obwohl nachdem bevor sobald ";

/* "Ich glaube, das er kommt": after a verb of saying or thinking and its comma, a clause with
 * its own subject; "Dass ist gut": "dass" never stands before a finite verb. */
static gboolean
de_das_dass (X *x)
{
  char buf[16];
  if (word_is (x, "das") && x->i >= 1 && strchr (gap (x, x->i - 1, buf), ',') && in (de_subject, at (x, 1))) {
    const char *before = x->words[x->i - 1].lower;
    gboolean after_verb = in (de_saying, before) ||
                          (x->i >= 2 && in (" nicht mir dir ihm uns euch auch schon sehr wirklich ", before) &&
                           in (de_saying, x->words[x->i - 2].lower));
    return after_verb && fix (x, 0, 0, "dass");
  }
  return word_is (x, "dass") && in (de_finite, at (x, 1)) && fix (x, 0, 0, "das");
}

static const char *const de_time = " langem kurzem jeher gestern vorgestern heute damals jahren monaten wochen tagen stunden "
                                   "jahrzehnten ";
static const char *const de_count = " einem einer zwei drei vier fünf sechs sieben acht neun zehn vielen einigen wenigen "
                                     "mehreren über fast knapp etwa dem ";
static const char *const de_time_noun = " jahr jahren monat monaten woche wochen tag tagen stunde stunden minuten jahrzehnten "
                                        "moment beginn anfang ";

/* "ihr seit müde", "weil ihr müde seit", "Seit ihr bereit?": the verb of "ihr"; "seid gestern",
 * "seid zwei Jahren": the preposition of time. */
static gboolean
de_seit_seid (X *x)
{
  char buf[16];
  if (word_is (x, "seit")) {
    const char *next = at (x, 1);
    gboolean subject = g_strcmp0 (at (x, -1), "ihr") == 0 && clause_start (x, -1, de_conjunctions);
    gboolean predicate = next && g_unichar_islower (g_utf8_get_char (x->words[x->i + 1].text)) && !in (de_time, next) &&
                         !in (de_count, next) && !in (" ihrer eurer meiner seiner unserer wann ", next);
    if (subject && predicate)
      return fix (x, 0, 0, "seid");
    /* A preposition never ends its clause. */
    gboolean last = x->i + 1 == x->n || strpbrk (gap (x, x->i, buf), ",.!?;");
    for (guint k = x->i >= 5 ? x->i - 5 : 0; last && x->i > 0 && k < x->i; k++)
      if (g_str_equal (x->words[k].lower, "ihr"))
        return fix (x, 0, 0, "seid");
    /* "Seit ihr bereit?", "Wie lange seit ihr hier?": the question's verb. */
    gboolean asks = x->i == 0 || (x->i == 1 && in (" wo wie warum wann was wer weshalb wieso ", x->words[0].lower)) ||
                    (x->i == 2 && g_str_equal (x->words[0].lower, "wie") && g_str_equal (x->words[1].lower, "lange"));
    return asks && question (x) && g_strcmp0 (at (x, 1), "ihr") == 0 && !strchr (x->s, ',') && fix (x, 0, 0, "seid");
  }
  if (!word_is (x, "seid") || g_strcmp0 (at (x, -1), "ihr") == 0 || at (x, 1) == NULL)
    return FALSE;
  const char *next = at (x, 1), *then = at (x, 2), *third = at (x, 3);
  /* "Seid" opening a sentence is the imperative ("Seid dem Herrn dankbar") unless a word of
   * time alone follows. */
  if (x->i == 0)
    return in (" langem kurzem jeher gestern vorgestern ", next) && fix (x, 0, 0, "seit");
  gboolean count = in (de_count, next) || g_ascii_isdigit (x->s[x->words[x->i].end + 1]);
  return (in (de_time, next) || (count && (in (de_time_noun, then) || in (de_time_noun, third)))) && fix (x, 0, 0, "seit");
}

/* "immer wider", "schon wider", "wider da": again; "wieder Erwarten": against. A clause
 * ending in "wider" is one of the separable verbs ("spiegelt sich wider"), then left. */
static gboolean
de_wider_wieder (X *x)
{
  char buf[16];
  if (word_is (x, "wider")) {
    const char *prev = at (x, -1), *next = at (x, 1);
    gboolean again = in (" immer schon nie ", prev) || (g_strcmp0 (prev, "und") == 0 && x->i >= 2 &&
                                                        g_str_equal (x->words[x->i - 2].lower, "hin"));
    again |= in (" mal einmal da zurück gut ", next);
    /* The preposition "wider" takes its object: a lower-case word after it that is none
     * ("wider in der Stadt") makes it the adverb. */
    static const char *const object = " den die das dem der des ein eine einen seinen ihren meinen deinen unseren euren "
                                      "besseres besseren alle jede jeden jedes jeglichen ";
    again |= next && g_unichar_islower (g_utf8_get_char (x->words[x->i + 1].text)) && !in (object, next);
    gboolean separable = FALSE;
    for (guint k = 0; k < x->n; k++)
      separable |= g_str_has_prefix (x->words[k].lower, "spiegel") || g_str_has_prefix (x->words[k].lower, "hall") ||
                   g_str_has_prefix (x->words[k].lower, "kling") || g_str_has_prefix (x->words[k].lower, "klang");
    again |= (x->i + 1 == x->n || strpbrk (gap (x, x->i, buf), ",.!?;")) && !separable && x->i > 0;
    return again && fix (x, 0, 0, "wieder");
  }
  if (!word_is (x, "wieder"))
    return FALSE;
  const char *next = at (x, 1), *then = at (x, 2);
  gboolean against = g_strcmp0 (next, "erwarten") == 0 ||
                     (in (" besseres besseren ", next) && in (" wissen wissens ", then)) ||
                     (g_strcmp0 (next, "willen") == 0 && clause_start (x, 0, ""));
  return against && fix (x, 0, 0, "wider");
}

/* "auch wen es regnet", "Wen ich Zeit habe, dann ...": the conjunction. */
static gboolean
de_wen_wenn (X *x)
{
  if (!word_is (x, "wen"))
    return FALSE;
  if (in (" auch selbst nur sogar außer ", at (x, -1)))
    return fix (x, 0, 0, "wenn");
  char buf[16];
  for (guint k = x->i; k + 1 < x->n; k++)
    if (strchr (gap (x, k, buf), ','))
      return g_str_equal (x->words[k + 1].lower, "dann") && fix (x, 0, 0, "wenn");
  return FALSE;
}

/* ---- French ---- */

static const char *const fr_conjunctions = " et mais que quand si lorsque parce puisque car ou donc comme ";
static const char *const fr_participles =
  " été eu pu dû dit pris mis vu voulu reçu perdu mangé trouvé donné décidé commencé parlé demandé acheté oublié appelé "
  "regardé travaillé fini choisi compris appris écrit lu bu ouvert fermé passé laissé rencontré réussi vécu connu ";

/* Is words[i + d] a subject pronoun: "il", "on" always, "elle" where a clause starts (after
 * a preposition it is "elle" the person: "avec elle à Paris"). */
static gboolean
fr_subject (const X *x, gint d, gboolean plural)
{
  const char *w = bare (at (x, d));
  if (in (plural ? " il on ils " : " il on ", w))
    return TRUE;
  return in (plural ? " elle elles " : " elle ", w) && clause_start (x, d, fr_conjunctions);
}

/* "il à", "il y à", "à été": the verb; "a cause de", "jusqu'a", "a partir de": the
 * preposition. */
static gboolean
fr_a_accent (X *x)
{
  const char *w = bare (x->words[x->i].lower), *next = at (x, 1), *then = at (x, 2);
  if (g_str_equal (x->words[x->i].lower, "à")) {
    gboolean subject = fr_subject (x, -1, FALSE) || (g_strcmp0 (at (x, -1), "y") == 0 && fr_subject (x, -2, FALSE));
    gboolean participle = in (fr_participles, next) && !(g_str_equal (next, "fait") && g_strcmp0 (at (x, -1), "tout") == 0);
    return (subject || participle) && fix (x, 0, 0, "a");
  }
  if (!g_str_equal (w, "a"))
    return FALSE;
  if (word_is (x, "jusqu'a"))
    return fix (x, 0, 0, "à");
  if (!word_is (x, "a"))
    return FALSE;
  static const char *const de = " de du des d' ";
  static const char *const going = " vais vas va allons allez vont aller allé allée allés allées viens vient venons venez "
                                   "viennent venir habite habites habitons habitez habitent habiter retourne rentre arrive ";
  const char *prev = at (x, -1);
  if (in (going, prev))
    return fix (x, 0, 0, "à");
  /* A time of day: "a huit heures", "a 8 h", "a midi" ("il a huit ans" has no hour). */
  static const char *const hours = " une deux trois quatre cinq six sept huit neuf dix onze douze quinze vingt ";
  if (in (" midi minuit ", next) || ((in (hours, next) || (next && g_ascii_isdigit (next[0]))) && in (" heures heure h ", then)))
    return fix (x, 0, 0, "à");
  gboolean phrase = (in (" partir côté ", next) && then && elided_in (de, then)) || in (" travers ", next) ||
                    (g_strcmp0 (next, "peu") == 0 && g_strcmp0 (then, "près") == 0) || in (" quant ", prev) ||
                    (g_strcmp0 (prev, "rapport") == 0 && x->i >= 2 && g_str_equal (x->words[x->i - 2].lower, "par"));
  phrase |= g_strcmp0 (next, "cause") == 0 && then && elided_in (de, then) &&
            (clause_start (x, 0, fr_conjunctions) || in (" c'est c'était est était sont pas plus surtout seulement notamment aussi ", prev));
  phrase |= g_strcmp0 (prev, "grâce") == 0 && x->i >= 2 && !in (" la sa cette une de leur ta ma ", x->words[x->i - 2].lower);
  return phrase && fix (x, 0, 0, "à");
}

/* "d'ou", "au cas ou", "le jour ou je", "Ou est la gare ?": where. */
static gboolean
fr_ou_accent (X *x)
{
  if (word_is (x, "d'ou") || word_is (x, "jusqu'ou"))
    return fix (x, 0, 0, "où");
  if (!word_is (x, "ou"))
    return FALSE;
  static const char *const pronouns = " je j' tu il elle on nous vous ils elles ";
  const char *prev = at (x, -1), *next = at (x, 1);
  if (g_strcmp0 (prev, "cas") == 0 && x->i >= 2 && g_str_equal (x->words[x->i - 2].lower, "au"))
    return fix (x, 0, 0, "où");
  if (in (" jour moment endroit époque instant lieu ville pays maison région quartier village rue pièce restaurant hôtel "
          "école année période semaine soir matin ", prev) && x->i >= 2 &&
      in (" le la l' au du ce cet ", x->words[x->i - 2].lower) && next && elided_in (pronouns, next))
    return fix (x, 0, 0, "où");
  /* "Je ne sais pas ou il habite", "je me demande ou elle est": an indirect question. */
  static const char *const knowing = " sais sait savons savez savent savoir demande demandes demandait demandé ";
  if ((in (knowing, prev) || (g_strcmp0 (prev, "pas") == 0 && x->i >= 2 && in (knowing, x->words[x->i - 2].lower))) && next &&
      elided_in (pronouns, next))
    return fix (x, 0, 0, "où");
  return x->i == 0 && question (x) && in (" est sont es êtes vas va allez vont habites habitez habite ", next) &&
         fix (x, 0, 0, "où");
}

/* "sa va", "sa m'intéresse": the pronoun; "ça mère": the possessive. */
static gboolean
fr_ca_sa (X *x)
{
  const char *next = at (x, 1);
  if (word_is (x, "sa") && next &&
      (in (" va fait marche dépend suffit coûte sert existe arrive commence veut prend me te nous vous ne y ", next) ||
       elided_in (" m' t' n' ", next)))
    return fix (x, 0, 0, "ça");
  static const char *const feminine = " mère sœur femme fille maison voiture famille vie tante copine chambre tête amie "
                                      "grand-mère fiancée main place ville ";
  return word_is (x, "ça") && in (feminine, next) && fix (x, 0, 0, "sa");
}

/* "il ce lève": the reflexive; "se que", "se matin": the demonstrative. */
static gboolean
fr_ce_se (X *x)
{
  const char *next = at (x, 1);
  if (word_is (x, "ce"))
    return (fr_subject (x, -1, TRUE) || g_strcmp0 (at (x, -1), "ne") == 0) && next && !in (" qui que dont ", next) &&
           fix (x, 0, 0, "se");
  if (!word_is (x, "se") || next == NULL)
    return FALSE;
  gboolean demonstrative = in (" qui que dont matin soir jour moment livre week-end film pays ", next) ||
                           elided_in (" qu' ", next) || (x->i == 0 && in (" n'est n'était ", next));
  return demonstrative && fix (x, 0, 0, "ce");
}

/* "c'et", "il et très content": the verb. */
static gboolean
fr_et_est (X *x)
{
  if (word_is (x, "c'et"))
    return fix (x, 0, 0, "est");
  const char *next = at (x, 1);
  /* "Elle et très fatiguée": "elle et" before an adverb of degree is no pair of subjects. */
  if (word_is (x, "et") && g_strcmp0 (bare (at (x, -1)), "elle") == 0 && in (" très trop vraiment ", next))
    return fix (x, 0, 0, "est");
  return word_is (x, "et") && in (" il on ", bare (at (x, -1))) && next &&
         g_unichar_islower (g_utf8_get_char (x->words[x->i + 1].text)) &&
         !in (" elle lui moi toi nous vous eux elles il on ", next) && fix (x, 0, 0, "est");
}

/* "ses jours-ci", "ses gens-là", "À ses mots,": the demonstrative; "à ces côtés", "perdre ces
 * moyens", "de ces propres yeux": the possessive, in the phrases that have no demonstrative
 * reading. "ses amis" and "ces amis" are both French: elsewhere the text stays. */
static gboolean
fr_ces_ses (X *x)
{
  const char *next = at (x, 1);
  if (next == NULL)
    return FALSE;
  if (word_is (x, "ses")) {
    const Word *n = &x->words[x->i + 1];
    gboolean here = x->i + 2 < x->n && x->s[n->end] == '-' && n->end + 1 == x->words[x->i + 2].start &&
                    in (" ci là ", x->words[x->i + 2].lower);
    char buf[16];
    gboolean at_words = g_str_equal (next, "mots") && x->i == 1 && g_str_equal (x->words[0].lower, "à") &&
                        g_str_equal (gap (x, x->i + 1, buf), ",");
    return (here || at_words) && fix (x, 0, 0, "ces");
  }
  if (!word_is (x, "ces"))
    return FALSE;
  const char *prev = at (x, -1), *then = at (x, 2);
  /* "à ces côtés du carré", "perdu ces moyens de pression": the demonstrative after all. */
  gboolean of = then && (in (" de du des qui que ", then) || elided_in (" d' qu' ", then));
  gboolean side = g_str_equal (next, "côtés") && g_strcmp0 (prev, "à") == 0 && !of;
  gboolean means = g_str_equal (next, "moyens") && g_str_has_prefix (prev ? prev : "", "perd") && !of;
  gboolean own = g_str_equal (next, "propres") && g_strcmp0 (prev, "de") == 0 && in (" yeux mains oreilles ", then);
  return (side || means || own) && fix (x, 0, 0, "ses");
}

/* A noun's one gender by French's dictionary (Dicollecte's morphology): 'f' or 'm' where every
 * analysis is of a singular noun of that gender and nothing else (no verb: "je la porte"; no
 * adjective; no noun of both genders: "le/la tour"), else 0. */
static char
fr_gender (const X *x, const char *word)
{
  g_auto (GStrv) all = draftd_spell_analyze (x->c->spell, "fr", word);
  char gender = 0;
  for (guint k = 0; all[k]; k++) {
    const char *a = all[k];
    char g = strstr (a, "is:fem") ? 'f' : strstr (a, "is:mas") ? 'm' : 0;
    if (!strstr (a, "po:nom") || strstr (a, "po:v") || strstr (a, "po:adj") || strstr (a, "is:epi") || !strstr (a, "is:sg") ||
        g == 0 || (gender && g != gender))
      return 0;
    gender = g;
  }
  return gender;
}

/* "la problème", "un voiture": the article takes its noun's gender, where the dictionary
 * gives the noun one gender and no twin of the other ("ami"/"amie": "une ami" may mean
 * either). Before a vowel or an "h", "le" and "la" are "l'": not theirs to choose. */
static gboolean
fr_determiner_gender (X *x)
{
  static const char *const articles[][2] = { { "le", "la" }, { "un", "une" } };
  const char *next = at (x, 1);
  if (next == NULL || !g_unichar_islower (g_utf8_get_char (x->words[x->i + 1].text)) || strchr (next, '\'') || strstr (next, "\xe2\x80\x99"))
    return FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (articles); k++) {
    gboolean fem = word_is (x, articles[k][1]);
    if (!fem && !word_is (x, articles[k][0]))
      continue;
    if (k == 0 && g_utf8_strchr ("aeiouyhàâéèêëîïôœùû", -1, g_utf8_get_char (next)))
      return FALSE;
    char g = fr_gender (x, next);
    gsize n = strlen (next);
    g_autofree char *twin = g == 'm' ? g_strconcat (next, "e", NULL) : n > 1 && next[n - 1] == 'e' ? g_strndup (next, n - 1) : NULL;
    if (g == 0 || (g == 'f') == fem || (twin && fr_gender (x, twin)))
      return FALSE;
    return fix (x, 0, 0, articles[k][fem ? 0 : 1]);
  }
  return FALSE;
}

/* ---- Spanish ---- */

static const char *const es_participles =
  " sido estado tenido hecho dicho ido visto puesto podido llegado vivido comido salido escrito vuelto abierto roto "
  "habido conocido decidido empezado terminado comprado encontrado trabajado estudiado dejado llamado hablado pensado "
  "recibido perdido olvidado cambiado ";

/* "a sido": the verb (not after a plural, which wants "han"); "voy ha comprar", "ha ir": the
 * preposition. */
static gboolean
es_a_ha (X *x)
{
  const char *prev = at (x, -1), *next = at (x, 1);
  /* Not "pasa a estado sólido", "de puesto a puesto". */
  if (word_is (x, "a"))
    return in (es_participles, next) && !(prev && (g_str_has_suffix (prev, "s") || g_str_equal (prev, next))) &&
           !in (" pasa pasar pasó cambia cambiar cambió ", prev) && fix (x, 0, 0, "ha");
  if (!word_is (x, "ha") || next == NULL)
    return FALSE;
  static const char *const motion = " voy vas va vamos vais van iba ibas íbamos iban fui fue fuimos fueron vino vengo vienes viene "
                                    "vienen empiezo empieza empezó empiezan comienza comenzó aprendo aprende aprendí aprendió "
                                    "vuelvo vuelve volvió ";
  static const char *const nouns = " lugar mar hogar bar altar azar collar pilar mujer poder deber placer taller ayer porvenir ";
  gsize n = strlen (next);
  gboolean infinitive = n >= 3 && (g_str_has_suffix (next, "ar") || g_str_has_suffix (next, "er") || g_str_has_suffix (next, "ir")) &&
                        !in (nouns, next) && g_strcmp0 (prev, "no") != 0 && draftd_spell_check (x->c->spell, x->c->lang, next);
  return (in (motion, prev) || infinitive) && fix (x, 0, 0, "a");
}

/* "Haber si vienes": "a ver"; "a ver sido": the infinitive. */
static gboolean
es_haber_a_ver (X *x)
{
  static const char *const asking = " si qué cómo cuándo quién dónde cuánto cuántos cuál ";
  const char *next = at (x, 1);
  if (word_is (x, "haber"))
    return in (asking, next) && (clause_start (x, 0, "") || g_strcmp0 (at (x, -1), "vamos") == 0) && fix (x, 0, 0, "a ver");
  return word_is (x, "a") && g_strcmp0 (next, "ver") == 0 && in (es_participles, at (x, 2)) && fix (x, 0, 1, "haber");
}

/* "he echo", "de echo", "el echo de que": the participle and the noun; "te hecho de menos":
 * the verb "echar". */
static gboolean
es_echo_hecho (X *x)
{
  static const char *const haber = " he has ha hemos habéis han había habías habíamos habían habrá habría haya hayas hubiera "
                                   "hubiese habrán haber de el un este ese aquel del al ";
  if (word_is (x, "echo"))
    return in (haber, at (x, -1)) && fix (x, 0, 0, "hecho");
  return word_is (x, "hecho") && g_strcmp0 (at (x, 1), "de") == 0 && g_strcmp0 (at (x, 2), "menos") == 0 &&
         in (" te lo la los las os le les ", at (x, -1)) && fix (x, 0, 0, "echo");
}

/* "que halla sido": the subjunctive of "haber"; "se haya en Madrid": "hallarse". */
static gboolean
es_halla_haya (X *x)
{
  static const char *const clitics = " se me te nos os le les lo la ";
  if (word_is (x, "halla"))
    return in (es_participles, at (x, 1)) && !in (clitics, at (x, -1)) && fix (x, 0, 0, "haya");
  return word_is (x, "haya") && g_strcmp0 (at (x, -1), "se") == 0 && g_strcmp0 (at (x, 1), "en") == 0 && fix (x, 0, 0, "halla");
}

/* "¿Porque no vienes?": the question's "por qué", where the question opens with it (after
 * "y", "pero", "entonces" too). */
static gboolean
es_porque (X *x)
{
  gboolean porque = word_is (x, "porque"), por_que = word_is (x, "por") && g_strcmp0 (at (x, 1), "que") == 0;
  if (!(porque || por_que) || !question (x))
    return FALSE;
  guint first = x->i >= 1 && in (" y pero entonces ", x->words[x->i - 1].lower) ? x->i - 1 : x->i;
  gsize from = first > 0 ? x->words[first - 1].end : 0;
  g_autofree char *before = g_strndup (x->s + from, x->words[first].start - from);
  return strstr (before, "\u00bf") && (first == x->i || at (x, -1)) && fix (x, 0, por_que ? 1 : 0, "por qué");
}

/* "no solo ... si no también": "sino"; "Sino vienes, ...": "si no". */
static gboolean
es_sino_si_no (X *x)
{
  if (word_is (x, "si") && g_strcmp0 (at (x, 1), "no") == 0 && in (" también que ", at (x, 2)))
    return fix (x, 0, 1, "sino");
  return word_is (x, "sino") && x->i == 0 && !in (" que ", at (x, 1)) && strchr (x->s, ',') && fix (x, 0, 0, "si no");
}

static const char *const es_quantities = " un una unos unas mucho mucha muchos muchas poco poca pocos pocas varios varias algo "
                                         "alguien algún alguna algunos algunas nada nadie ningún ninguna ninguno demasiado "
                                         "demasiada demasiados demasiadas bastante bastantes tanto tanta tantos tantas ";

/* Is words[i + d] an infinitive the dictionary knows ("estudiar", "tener", "ir")? */
static gboolean
es_infinitive (const X *x, gint d)
{
  const char *w = at (x, d);
  gsize n = w ? strlen (w) : 0;
  return n >= 2 && (g_str_has_suffix (w, "ar") || g_str_has_suffix (w, "er") || g_str_has_suffix (w, "ir")) &&
         draftd_spell_check (x->c->spell, x->c->lang, w);
}

/* "hay" is there is, "ahí" there, "ay" ouch: "Hay está", "por hay" -> "ahí"; "ahí que
 * estudiar", "no ahí nada", "no ay", "ay que ir", "en casa ay un perro" -> "hay"; "¡Hay, qué
 * dolor!", "hay de mí" -> "ay". "Ahí muchos se equivocan", "¡Ay una araña!" and "¿Qué hay
 * está noche?" (where "está" is the slip) are not theirs. */
static gboolean
es_hay_ahi_ay (X *x)
{
  const char *prev = at (x, -1), *next = at (x, 1);
  static const char *const nothing = " nada nadie ningún ninguna ninguno tiempo problema dinero manera forma nunca ";
  if (word_is (x, "hay")) {
    char buf[16];
    gsize start = x->words[x->i].start;
    gboolean opened = start >= 2 && strncmp (x->s + start - 2, "\u00a1", 2) == 0;
    if ((opened && g_str_equal (gap (x, x->i, buf), ",")) || (g_strcmp0 (next, "de") == 0 && in (" mí ti ", at (x, 2))))
      return fix (x, 0, 0, "ay");
    gboolean verb = in (" está están estaba estaban va van viene vienen tienes tiene tienen ", next) && clause_start (x, 0, " y pero ");
    return (verb || g_strcmp0 (prev, "por") == 0 || (g_strcmp0 (prev, "de") == 0 && g_strcmp0 (next, "que") == 0)) &&
           fix (x, 0, 0, "ahí");
  }
  gboolean ahi = word_is (x, "ahí"), ay = word_is (x, "ay");
  if (!(ahi || ay) || next == NULL)
    return FALSE;
  if (g_str_equal (next, "que") && es_infinitive (x, 2))
    return fix (x, 0, 0, "hay");
  if (g_strcmp0 (prev, "no") == 0 && (ay || in (nothing, next)))
    return fix (x, 0, 0, "hay");
  return ay && prev && !clause_start (x, 0, " y o pero ") && in (es_quantities, next) && fix (x, 0, 0, "hay");
}

/* "más" is more, "mas" a literary but: "lo mas", "mucho mas", "una vez mas", "mas o menos",
 * "mas tarde" -> "más". The conjunction follows a comma or opens a clause ("lo intentó, mas no
 * pudo"): not after these words. */
static gboolean
es_mas_accent (X *x)
{
  if (!word_is (x, "mas"))
    return FALSE;
  const char *prev = at (x, -1), *next = at (x, 1);
  static const char *const before = " lo el la los las mucho mucha muchos muchas poco poca pocos pocas algo nada nadie "
                                    "alguien vez día aún todavía uno una dos tres sin qué ";
  static const char *const after = " tarde temprano cerca lejos grande grandes pequeño pequeña importante importantes fácil "
                                   "difícil rápido despacio barato caro alto alta bajo baja allá ";
  gboolean menos = g_strcmp0 (next, "o") == 0 && g_strcmp0 (at (x, 2), "menos") == 0;
  return (in (before, prev) || menos || (prev && in (after, next))) && fix (x, 0, 0, "más");
}

/* Spanish's dictionary gives no gender ("mesa" and "problema" share one flag), and an
 * ending alone is a guess ("la mano", "el día"). Sure are the nouns in -ción, -sión, -dad,
 * -tad and -tud, all feminine, and these, the masculines in -a and the feminines in -o
 * learners trip on; none is also a verb a pronoun "la" could stand before ("la programa",
 * she programs it, is left out). */
static const char *const es_masculine_a =
  " problema problemas sistema sistemas idioma idiomas clima climas día días planeta planetas poema poemas dilema dilemas "
  "esquema esquemas diploma diplomas síntoma síntomas panorama panoramas enigma enigmas pijama pijamas mapa mapas drama "
  "dramas teorema teoremas ";
static const char *const es_feminine_o = " mano manos foto fotos moto motos ";

/* 'm' or 'f' for a noun whose gender is sure, with its number in *plural; else 0. */
static char
es_gender (const char *w, gboolean *plural)
{
  static const char *const fem_sg[] = { "ción", "sión", "dad", "tad", "tud" };
  static const char *const fem_pl[] = { "ciones", "siones", "dades", "tades", "tudes" };
  *plural = g_str_has_suffix (w, "s");
  if (in (es_masculine_a, w))
    return 'm';
  if (in (es_feminine_o, w))
    return 'f';
  for (guint k = 0; k < G_N_ELEMENTS (fem_sg); k++) {
    *plural = g_str_has_suffix (w, fem_pl[k]);
    if (*plural || g_str_has_suffix (w, fem_sg[k]))
      return 'f';
  }
  return 0;
}

/* "la problema", "el canción", "un ciudad", "los manos": the article right before a noun of
 * sure gender takes it, in the noun's number. A capitalised noun is a name or a title's. */
static gboolean
es_determiner_gender (X *x)
{
  static const char *const articles[][3] = { { "el", "la", "" }, { "un", "una", "" }, { "los", "las", "s" }, { "unos", "unas", "s" } };
  const char *next = at (x, 1);
  if (next == NULL || !g_unichar_islower (g_utf8_get_char (x->words[x->i + 1].text)))
    return FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (articles); k++) {
    gboolean fem = word_is (x, articles[k][1]);
    if (!fem && !word_is (x, articles[k][0]))
      continue;
    gboolean plural;
    char g = es_gender (next, &plural);
    if (g == 0 || plural != (*articles[k][2] != 0) || (g == 'f') == fem)
      return FALSE;
    return fix (x, 0, 0, articles[k][fem ? 0 : 1]);
  }
  return FALSE;
}

/* ---- Russian ---- */

/* Words after which a verb is its infinitive: modals, verbs of starting and wanting, "чтобы"
 * (which takes an infinitive or a past, never a present). */
static const char *const ru_before_infinitive =
  " должен должна должно должны могу можешь можем можете могут мог могла могли хочу хочешь хочет хотим хотите хотят "
  "хотел хотела хотели буду будешь будет будем будете будут нужно надо можно нельзя начал начала начали начинаю "
  "начинает стал стала стали стану станет люблю любит любят умею умеет умеют чтобы ";

/* "-тся" is the third person ("он учится"), "-ться" the infinitive ("хочет учиться"); they
 * sound alike. "должны встретится", "чтобы учится", "должны много учится" -> "-ться" (not
 * after a first "Может", which may be a parenthetical maybe: "Может учится где-то"); "мне
 * нравиться", "мне не нравиться" -> "нравится": the verb of liking after its dative is its
 * third person ("Мне учиться ещё год" is an infinitive, and left). Only where the dictionary
 * lists the other form. */
static gboolean
ru_tsya_tsa (X *x)
{
  const char *w = x->words[x->i].lower, *prev = at (x, -1);
  /* One adverb between ("должны много заниматся", "мне очень нравиться"). */
  if (in (" очень так тоже всегда много больше ещё уже сразу не ", prev) && at (x, -2))
    prev = at (x, -2);
  gsize n = strlen (w);
  g_autofree char *other = NULL;
  if (g_str_has_suffix (w, "тся") && !g_str_has_suffix (w, "ться") && in (ru_before_infinitive, prev) &&
      !(x->i == 1 && g_str_equal (prev, "может")))
    other = g_strdup_printf ("%.*sться", (int) (n - strlen ("тся")), w);
  else if (in (" нравиться понравиться ", w) && in (" мне тебе ему ей нам вам им ", prev))
    other = g_strdup_printf ("%.*sтся", (int) (n - strlen ("ться")), w);
  return other && draftd_spell_check (x->c->spell, x->c->lang, other) && fix (x, 0, 0, other);
}

/* Is `b` `a` with "-тся" for "-ться" or the reverse: ru.tsya-tsa's edit, whatever the verb? */
static gboolean
ru_tsya_pair (const char *a, const char *b)
{
  gsize na = strlen (a), nb = strlen (b);
  if (na > nb)
    return ru_tsya_pair (b, a);
  return nb == na + strlen ("ь") && g_str_has_suffix (a, "тся") && g_str_has_suffix (b, "ться") &&
         strncmp (a, b, na - strlen ("тся")) == 0;
}

static gboolean
same_language (const char *lang, const char *rule_lang)
{
  return lang && strncmp (lang, rule_lang, 2) == 0 && (lang[2] == 0 || lang[2] == '-' || lang[2] == '_');
}

/* ---- Czech ---- */

/* "mně" is the dative and locative of "já", "mě" the accusative and genitive: after a
 * preposition that takes only the one or the other the form is sure ("ke mně", "při mně";
 * "pro mě", "u mě"). Not after "o", "na", "v", "za", which take both ("záleží na mně",
 * "stará se o mě"). */
static gboolean
cs_me_mne (X *x)
{
  static const char *const dative = " k ke při proti naproti kvůli díky vůči ";
  static const char *const accusative = " pro bez beze u do od ode z ze kolem okolo místo vedle podle blízko kromě včetně přes přese ";
  const char *prev = at (x, -1);
  if (word_is (x, "mě") && in (dative, prev))
    return fix (x, 0, 0, "mně");
  return word_is (x, "mně") && in (accusative, prev) && fix (x, 0, 0, "mě");
}

/* ---- Czech, Ukrainian, Russian: the comma before a subordinate clause ---- */

/* Each language's words that open a subordinate clause ("že", "що", "что", the relatives in the
 * nominative and accusative), those of them that also ask a question (left alone in a question:
 * "Ты знаешь где он?" may ask "где"), and the words after which no comma goes before them: a
 * coordinating conjunction ("a že", "і що", "и что"), a particle that binds to the conjunction
 * ("jen když", "тільки коли", "даже если"), a phrase's first word ("поки що", "пока что": for
 * now), a word written apart from its conjunction ("zatím co" for "zatímco"), a compound
 * conjunction's first word ("для того чтобы", "тому що": the comma may go before either), a
 * comparison ("než aby", "ніж", "чем") and a preposition ("o čem", "про що", "на которое": the
 * comma goes before the preposition, which needs the clause's reading). Nor does a comma go
 * after another of the opening words ("že když", "що коли": it goes before the first). */
static const struct {
  const char *lang, *opens, *asks, *never_after;
} comma_langs[] = {
  { "cs", " že protože přestože ačkoli ačkoliv aby abych abys abychom abyste kdyby kdybych kdybys kdybychom kdybyste jestli jestliže když který která které kteří kterou kde co kdy ",
    " kde co kdy když jestli ",
    " a i nebo ani či ale avšak jen jenom pouze právě hlavně zejména zvlášť zvláště především ještě až teprve asi snad prostě také taky tak "
    "ne než nežli jako jakoby proto to toho tom tomu tím zatím sotva v ve na s se z ze k ke o od ode do pro "
    "při po za před pod nad mezi přes bez beze u kvůli díky podle skrz " },
  /* Slovak sets its clauses off as Czech does; a short Czech sentence is often Slovak to CLD2. */
  { "sk", " že pretože aby keby keď ktorý ktorá ktoré ktorí ktorú kde čo kedy ",
    " kde čo kedy keď ",
    " a i alebo ani ale však len iba práve hlavne najmä zvlášť ešte až asi snáď proste tiež tak nie než ako akoby preto to "
    "v vo na s so z zo k ku o od do pre pri po za pred pod nad medzi cez bez u kvôli vďaka podľa " },
  { "uk", " що щоб якщо бо хоча який яка яке які яку коли де ",
    " що який яка яке які яку коли де ",
    " і й та або чи а але ні ані тільки лише лиш саме навіть особливо зокрема ось от то те того тому тим так поки хіба дарма також теж не хоч як ніж мов "
    "ніби наче в у на до з із зі від для про по за під над перед між через без при о об біля після "
    "крізь серед " },
  { "ru", " что чтобы если хотя который которая которое которые которую когда где ",
    " что когда где ",
    " и а но или либо да ни только лишь именно даже особенно то того тому потому тем том так пока разве чуть несмотря также тоже не ведь вот ну как чем "
    "в во на с со к ко о об обо от до для по за под над перед между через без при из у "
    "про после ",
  },
};

/* Words after an opener that make it none ("что угодно", "що завгодно", "что ли", "хотя бы"). */
static const char *const comma_not_before = " угодно завгодно небудь нибудь попало ли ж же бы б би ";

/* A verb of having or being before "co"/"що"/"что" with an infinitive is no clause: "nemám co
 * dělat", "мені є що сказати", "мне есть что сказать" take no comma. */
static const char *const comma_have =
  " mám máš má máme máte mají nemám nemáš nemá nemáme nemáte nemají mít nemít měl měla měli neměl neměla neměli je není "
  "bylo nebylo bude nebude mať nemať є нема немає було буде есть было будет ";

/* "Myslím že", "Я думаю що", "Это книга которую": a comma goes in before the clause's first
 * word (Czech, Ukrainian and Russian set every subordinate clause off), and before "тому що",
 * "потому что". Not at a sentence's start, nor where any mark already lies between (a comma, a
 * dash, a hyphen: "что-то"), nor in Czech before "co" + a superlative ("co nejdřív"). */
static gboolean
clause_comma (X *x)
{
  const char *w = x->words[x->i].lower, *prev = at (x, -1), *next = at (x, 1);
  guint k = 0;
  while (k < G_N_ELEMENTS (comma_langs) && !same_language (x->c->lang, comma_langs[k].lang))
    k++;
  if (k == G_N_ELEMENTS (comma_langs) || prev == NULL || next == NULL || x->words[x->i - 1].fixed)
    return FALSE;
  gboolean compound = in (" тому потому ", w) && in (" що что ", next);
  if (!compound && !in (comma_langs[k].opens, w))
    return FALSE;
  if (in (comma_langs[k].never_after, prev) || in (comma_langs[k].opens, prev) || in (comma_not_before, next) || (in (comma_langs[k].asks, w) && question (x)) ||
      (in (" co čo що что ", w) && in (comma_have, prev)) || (in (" co čo ", w) && g_str_has_prefix (next, "nej")))
    return FALSE;
  gsize end = x->words[x->i - 1].end;
  draftd_candidates_add (x->out, end, end, ",", DRAFTD_FIX_PUNCTUATION, DRAFTD_CANDIDATE_CERTAIN, x->site++);
  return TRUE;
}

/* ---- Ukrainian: Russianisms with one Ukrainian answer ---- */

/* A Russian word or calque that Ukrainian never uses, and its Ukrainian word, in the same
 * form: "нравиться" (any use), "вовремя", "міроприємство", "співпадати" (the norm's
 * "збігатися"). Forms with two readings ("міроприємства": one or several?) are left out. */
static const char *const uk_calques =
  " нравиться|подобається нравляться|подобаються нравилось|подобалося нравилося|подобалося нравився|подобався нравилась|подобалася "
  "нравилася|подобалася нравились|подобалися нравилися|подобалися вовремя|вчасно міроприємство|захід міроприємств|заходів "
  "міроприємствах|заходах міроприємствами|заходами міроприємствам|заходам міроприємству|заходу міроприємством|заходом "
  "міроприємстві|заході співпадати|збігатися співпадає|збігається співпадають|збігаються співпадало|збігалося співпадав|збігався "
  "співпадала|збігалася співпадали|збігалися співпав|збігся співпало|збіглося співпала|збіглася ";
/* "приймати участь" is "брати участь", form for form. */
static const char *const uk_take_part =
  " приймати|брати приймаю|беру приймаєш|береш приймає|бере приймаємо|беремо приймаєте|берете приймають|беруть приймав|брав "
  "приймала|брала приймали|брали приймало|брало прийняти|взяти прийняв|взяв прийняла|взяла прийняли|взяли прийняло|взяло "
  "прийму|візьму приймеш|візьмеш прийме|візьме приймемо|візьмемо приймете|візьмете приймуть|візьмуть ";
/* The nouns of time and quantities after which "на протязі" is "протягом" ("на протязі тижня"),
 * not a draught ("сидів на протязі"). */
static const char *const uk_spans =
  " тижня дня року місяця години хвилини століття дня ночі вечора літа зими весни осені днів років місяців тижнів годин хвилин століть "
  "всього усього цілого цілої багатьох кількох двох трьох чотирьох п'яти останніх наступних довгого довгих тривалого перших цього того ";

/* The partner of `w` in a "was|now" list, or NULL. */
static char *
partner (const char *list, const char *w)
{
  g_autofree char *key = g_strdup_printf (" %s|", w);
  const char *p = strstr (list, key);
  if (p == NULL)
    return NULL;
  p += strlen (key);
  return g_strndup (p, strcspn (p, " "));
}

static gboolean
uk_russianism (X *x)
{
  const char *w = x->words[x->i].lower, *next = at (x, 1), *next2 = at (x, 2);
  g_autofree char *calque = partner (uk_calques, w), *take = partner (uk_take_part, w);
  if (calque)
    return fix (x, 0, 0, calque);
  /* "приймали участь", "прийняв активну участь". */
  if (take && (g_strcmp0 (next, "участь") == 0 || (next && g_str_has_suffix (next, "у") && g_strcmp0 (next2, "участь") == 0)))
    return fix (x, 0, 0, take);
  if (g_str_has_prefix (w, "слідуюч") && strlen (w) > strlen ("слідуюч")) {
    g_autofree char *now = g_strconcat ("наступн", w + strlen ("слідуюч"), NULL);
    return draftd_spell_check (x->c->spell, x->c->lang, now) && fix (x, 0, 0, now);
  }
  /* "являється головною проблемою": the verb before an instrumental is "є". */
  static const char *const instrumental[] = { "ою", "ею", "єю", "ом", "ем", "єм", "им", "ім", "ами", "ями" };
  if (in (" являється являються ", w) && next)
    for (guint k = 0; k < G_N_ELEMENTS (instrumental); k++)
      if (g_str_has_suffix (next, instrumental[k]))
        return fix (x, 0, 0, "є");
  return word_is (x, "на") && g_strcmp0 (next, "протязі") == 0 && in (uk_spans, next2) && fix (x, 0, 1, "протягом");
}

/* Is `b` `a` with Ukrainian's "наступн-" for the Russianism "слідуюч-", either way? */
static gboolean
uk_next_pair (const char *a, const char *b)
{
  /* Swapped once only: both in "слідуюч-" ("слідуючwx" -> "слідуюч", a fuzzer's edit) are no
   * pair, and asking again would loop. */
  if (g_str_has_prefix (b, "слідуюч") && !g_str_has_prefix (a, "слідуюч"))
    return uk_next_pair (b, a);
  return g_str_has_prefix (a, "слідуюч") && g_str_has_prefix (b, "наступн") && g_str_equal (a + strlen ("слідуюч"), b + strlen ("наступн"));
}

typedef gboolean (*RuleFn) (X *x);

/* The rules: language, id, the pairs of words (lower case, '_' for a space) an edit of the
 * rule exchanges, either way (ru.tsya-tsa's are any verb's: ru_tsya_pair), and the pattern. */
static const struct {
  const char *lang, *id, *pairs;
  RuleFn fire;
} rules[] = {
  { "de", "de.das-dass", " das|dass ", de_das_dass },
  { "de", "de.seit-seid", " seit|seid ", de_seit_seid },
  { "de", "de.wider-wieder", " wider|wieder ", de_wider_wieder },
  { "de", "de.wen-wenn", " wen|wenn ", de_wen_wenn },
  { "fr", "fr.a-accent", " a|à ", fr_a_accent },
  { "fr", "fr.ou-accent", " ou|où ", fr_ou_accent },
  { "fr", "fr.ca-sa", " ça|sa ", fr_ca_sa },
  { "fr", "fr.ce-se", " ce|se ", fr_ce_se },
  { "fr", "fr.et-est", " et|est ", fr_et_est },
  { "fr", "fr.ces-ses", " ces|ses ", fr_ces_ses },
  { "fr", "fr.determiner-gender", " le|la un|une ", fr_determiner_gender },
  { "es", "es.a-ha", " a|ha ", es_a_ha },
  { "es", "es.haber-a-ver", " haber|a_ver ", es_haber_a_ver },
  { "es", "es.echo-hecho", " echo|hecho ", es_echo_hecho },
  { "es", "es.halla-haya", " halla|haya ", es_halla_haya },
  { "es", "es.porque-por-que", " porque|por_qué que|qué por_que|por_qué ", es_porque },
  { "es", "es.sino-si-no", " si_no|sino ", es_sino_si_no },
  { "es", "es.hay-ahi-ay", " hay|ahí hay|ay ahí|ay ", es_hay_ahi_ay },
  { "es", "es.mas-accent", " mas|más ", es_mas_accent },
  { "es", "es.determiner-gender", " el|la un|una los|las unos|unas ", es_determiner_gender },
  { "ru", "ru.tsya-tsa", "", ru_tsya_tsa },
  { "uk", "uk.russianism", " на_протязі|протягом являється|є являються|є ", uk_russianism },
  { "cs", "cs.me-mne", " mě|mně ", cs_me_mne },
  { "cs", "punctuation.comma-clause", "", clause_comma },
  { "sk", "punctuation.comma-clause", "", clause_comma },
  { "uk", "punctuation.comma-clause", "", clause_comma },
  { "ru", "punctuation.comma-clause", "", clause_comma },
};


guint
draftd_candidates_intl_rules (const DraftdCandidateContext *c, const char *s, const Word *words, guint n, guint i, GArray *out,
                              guint site)
{
  X x = { c, s, words, n, i, out, site };
  guint before = out->len;
  for (guint k = 0; k < G_N_ELEMENTS (rules); k++)
    if (same_language (c->lang, rules[k].lang) && rules[k].fire (&x)) {
      /* Its edits carry its id: a comma put in names no pair of words. */
      for (guint a = before; a < out->len; a++)
        g_array_index (out, DraftdCandidate, a).rule = rules[k].id;
      return x.site;
    }
  return site;
}

const char *
draftd_candidates_intl_rule (const char *was, const char *now)
{
  /* "jusqu'a" -> "jusqu'à" exchanges what follows the elision. */
  const char *wa = strchr (was, '\''), *na = strchr (now, '\'');
  if (wa && na && wa - was == na - now && strncmp (was, now, wa - was) == 0) {
    was = wa + 1;
    now = na + 1;
  }
  if (ru_tsya_pair (was, now))
    return "ru.tsya-tsa";
  g_autofree char *calque = partner (uk_calques, was), *take = partner (uk_take_part, was);
  if (uk_next_pair (was, now) || g_strcmp0 (calque, now) == 0 || g_strcmp0 (take, now) == 0)
    return "uk.russianism";
  g_autofree char *ab = g_strdup_printf (" %s|%s ", was, now), *ba = g_strdup_printf (" %s|%s ", now, was);
  for (guint k = 0; k < G_N_ELEMENTS (rules); k++)
    if (strstr (rules[k].pairs, ab) || strstr (rules[k].pairs, ba))
      return rules[k].id;
  return NULL;
}

/* Is `rule` one of this file's ids? Those alone speak through the registry's words here; an
 * English family's edits have messages of their own. */
static gboolean
intl_rule_id (const char *rule)
{
  for (guint k = 0; rule && k < G_N_ELEMENTS (rules); k++)
    if (g_str_equal (rules[k].id, rule))
      return TRUE;
  return FALSE;
}

char *
draftd_candidates_intl_message (const char *rule, const char *was, const char *now, const char **kind)
{
  guint n;
  const DraftdRuleInfo *info = draftd_rules (&n);
  for (guint k = 0; intl_rule_id (rule) && k < n; k++)
    if (g_str_equal (info[k].id, rule)) {
      *kind = info[k].kind;
      if (*was == 0)
        return g_strdup_printf ("add \u201c%s\u201d: %s", now, info[k].what);
      return g_strdup_printf ("%s \u2192 %s: %s", was, now, info[k].what);
    }
  return NULL;
}
