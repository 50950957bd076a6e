/* Rule ids, part of draftd's contract: every edit names one (grammar/edits.c), and the lists
 * that turn rules off name them back (the disabled_rules option and config key, `draft correct
 * --disable`, draftd-lsp's disabledRules). Their syntax, bounds and matching are defined here
 * once, for the grammar library and the language server alike. Header-only and free of
 * libdbus, like draftd-bus-names.h, so the grammar library needs no D-Bus to use it. */
#pragma once
#include <glib.h>
#include <string.h>

/* Bounds of a list of disabled rules, wherever it comes from (config, D-Bus, LSP). */
#define DRAFTD_MAX_DISABLED_RULES 256
#define DRAFTD_MAX_RULE_LENGTH 128

/* A rule id or family as the lists take them: ASCII letters, digits and - . _ ' only. */
static inline gboolean
draftd_rule_id_valid (const char *rule)
{
  if (*rule == 0 || strlen (rule) > DRAFTD_MAX_RULE_LENGTH)
    return FALSE;
  for (const char *p = rule; *p; p++)
    if (!g_ascii_isalnum (*p) && !strchr ("-._'", *p))
      return FALSE;
  return TRUE;
}

/* Does `rule` fall under one of `disabled`: an id, or a family ("confusable" and
 * "confusable." cover "confusable.then-than", not "confusables")? */
static inline gboolean
draftd_rule_disabled (const char *rule, const char *const *disabled)
{
  for (guint i = 0; rule && disabled && disabled[i]; i++) {
    gsize n = strlen (disabled[i]);
    while (n > 0 && disabled[i][n - 1] == '.')
      n--;
    if (n > 0 && strncmp (rule, disabled[i], n) == 0 && (rule[n] == 0 || rule[n] == '.'))
      return TRUE;
  }
  return FALSE;
}

/* Every rule id an edit can carry, with its edit kind and what it catches: what `draft rules`
 * lists, and what `--disable` and disabled_rules are checked against (an entry is one of
 * these ids or a family, the part of an id before a dot). grammar/edits.c gives edits these
 * ids; test-rules holds the two together, the confusable pairs against the grammar's own sets
 * (draftd_candidates_confusable_rules). A function, so that a file that includes this header
 * and lists nothing holds no unused table. */
typedef struct {
  const char *id, *kind, *what;
} DraftdRuleInfo;

static inline const DraftdRuleInfo *
draftd_rules (guint *n)
{
  static const DraftdRuleInfo rules[] = {
    { "spelling", "spelling", "a misspelt word (Hunspell, and your own words: draft add-word)" },
    { "spelling.split-word", "spelling", "a word written as two (\"with out\", \"him self\", \"there fore\", \"home work\")" },
    { "capitalization", "capitalization", "a change of case only: a sentence start, \"i\" -> \"I\", a list marker" },
    { "capitalization.mid-sentence", "capitalization", "a closed-class word capitalised after a comma (\"Likewise, The theory\")" },
    { "punctuation", "punctuation", "punctuation and spacing" },
    { "punctuation.opening-comma", "punctuation", "the comma after an opening phrase or clause (\"For example,\", \"If you want a ticket, you\")" },
    { "dialect", "dialect", "a spelling of another dialect than the chosen one (colour/color)" },
    { "agreement.subject-verb", "agreement", "a verb with its subject (\"he go\", \"there is many\")" },
    { "agreement.determiner", "agreement", "a determiner with its noun (this/these, its/their)" },
    { "agreement.noun-number", "agreement", "a noun's number after a number or quantifier (\"three brother\")" },
    { "agreement.uncountable", "agreement", "an uncountable noun made plural (\"informations\", \"advices\")" },
    { "agreement.one-of-plural", "agreement", "a singular noun after \"one of the\" + superlative (\"one of the best player\")" },
    { "verb-form", "verb form", "a verb's form: tense, participle, the base after a modal" },
    { "verb-form.modal-of", "verb form", "\"would of\", \"could of\" for \"would have\"" },
    { "verb-form.to-ing", "verb form", "\"look forward to meet\" for \"meeting\", \"suggested to take\" for \"suggested taking\"" },
    { "verb-form.to-base", "verb form", "\"would like to meeting\" for \"to meet\"" },
    { "verb-form.bare-infinitive", "verb form", "\"to\" after a modal, or after \"make\" or \"let\" and its person (\"must to go\", \"made me to study\")" },
    { "verb-form.conditional", "verb form", "\"would have\" in an \"if\" clause for \"had\" (\"if I would have known\")" },
    { "verb-form.finished-time", "verb form", "the present perfect with a finished time (\"have seen it yesterday\")" },
    { "verb-form.since-perfect", "verb form", "a present with \"since\" and a point in time (\"is living here since 2010\")" },
    { "verb-form.past-perfect", "verb form", "a simple past for the past perfect before a past moment (\"By the time we arrived, the film already started\")" },
    { "verb-form.missing-be", "verb form", "a clause's \"is\" left out after \"it\" (\"But it dangerous\")" },
    { "verb-form.be-participle", "verb form", "a verb's base for its participle after \"be\" (\"your car is lock\")" },
    { "article", "article", "a/an, a missing or extra article" },
    { "preposition", "preposition", "a preposition" },
    { "preposition.for-since", "preposition", "\"since\" before a duration (\"since two years\")" },
    { "preposition.time", "preposition", "the preposition of a day (\"in Monday\" for \"on Monday\")" },
    { "preposition.missing", "preposition", "a preposition the verb needs (\"listens music\")" },
    { "preposition.redundant", "preposition", "a preposition the verb does not take (\"discuss about\")" },
    { "word-choice.pronoun-case", "word choice", "a pronoun's case (\"my brother and me went\", \"between you and I\")" },
    { "word-choice.adverb", "word choice", "an adjective for an adverb after a verb (\"speaks English very good\")" },
    { "word-choice.ing-ed", "word choice", "the -ing adjective for a person's feeling (\"were very exciting about\" for \"excited\", \"interesting in\")" },
    { "word-order.adjectives", "word choice", "adjectives out of English's order: opinion and size before colour (\"a red beautiful dress\")" },
    { "word-choice.double-negative", "word choice", "a second negative in a negated clause (\"can't find it nowhere\")" },
    { "word-choice.borrow-lend", "word choice", "\"borrow\" with the person as its object (\"borrow me your pen\" for \"lend me\")" },
    { "word-choice.fewer-less", "word choice", "\"less\" before a plural (\"less people\" for \"fewer people\")" },
    { "word-choice.much-many", "word choice", "\"much\" before a plural (\"too much cars\")" },
    { "word-choice.everyday", "word choice", "the adjective \"everyday\" for \"every day\" (\"I walk to work everyday\")" },
    { "word-choice.say-tell", "word choice", "\"say\" with a person as its object (\"He said me that\")" },
    { "confusable.wether-whether", "word choice", "wether / whether" },
    { "word-choice.of-off", "word choice", "\"of\" for a phrasal verb's \"off\" (\"Turn of the lights\")" },
    { "word-choice.breath-breathe", "word choice", "the noun \"breath\" where the verb stands (\"try to breath slowly\")" },
    { "word-choice.lead-led", "word choice", "the metal's \"lead\" where the past \"led\" stands (\"has lead to\", \"The guide lead us ... and showed\")" },
    { "word-choice.worse-worst", "word choice", "a comparative where the superlative stands (\"the worse service I have ever had\")" },
    { "confusable.affects-effects", "word choice", "affects / effects" },
    { "word-choice", "word choice", "another choice of words than a known confusable pair" },
    { "word-choice.redundant", "word choice", "a word removed (\"more better\", \"the the\", \"Although it rained, but\")" },
    { "confusable.their-there", "word choice", "their / there" },
    { "confusable.their-they're", "word choice", "their / they're" },
    { "confusable.there-they're", "word choice", "there / they're" },
    { "confusable.it's-its", "word choice", "it's / its" },
    { "confusable.than-then", "word choice", "than / then" },
    { "confusable.you're-your", "word choice", "you're / your" },
    { "word-choice.you-your", "word choice", "\"you\" for \"your\" before a preposition's noun (\"an advantage to you knowledge\")" },
    { "word-choice.to-too", "word choice", "\"to\" for \"too\" before an adjective (\"it looks to expensive\")" },
    { "confusable.affect-effect", "word choice", "affect / effect" },
    { "confusable.loose-lose", "word choice", "loose / lose" },
    { "confusable.peak-peek", "word choice", "peak (a summit) / peek (a quick look: \"a sneak peek\")" },
    { "confusable.who's-whose", "word choice", "who's / whose" },
    { "confusable.were-where", "word choice", "were / where" },
    { "confusable.accept-except", "word choice", "accept / except" },
    { "confusable.quiet-quite", "word choice", "quiet / quite" },
    { "confusable.weather-whether", "word choice", "weather / whether" },
    { "word-choice.principal-principle", "word choice", "\"in principal\" for \"in principle\"" },
    { "word-choice.who-which", "word choice", "\"which\" for a person (\"the woman which lives\" for \"who\")" },
    { "word-choice.make-do", "word choice", "\"make\" for \"do\" with homework and housework (\"make my homework\")" },
    { "word-choice.comparative", "word choice", "\"more\" before a short adjective's comparative (\"more easy than\" for \"easier than\")" },
    { "verb-form.embedded-question", "verb form", "a question's order after a verb of knowing or asking (\"know how much does it cost\" for \"how much it costs\")" },
    { "word-choice.rise-raise", "word choice", "\"rise\" with an object (\"to rise the issue\" for \"raise\")" },
    { "word-choice.lay-lie", "word choice", "\"lay down\" without an object (\"had to lay down on the grass\" for \"lie\")" },
    { "word-choice.so-such", "word choice", "\"so\" before an article (\"so a beautiful day\" for \"such a\")" },
    { "punctuation.possessive-apostrophe", "punctuation", "a plural's possessive without its apostrophe (\"the childrens toys\")" },
    { "confusable.advice-advise", "word choice", "advice / advise" },
    { "confusable.passed-past", "word choice", "passed / past" },
    { "confusable.peace-piece", "word choice", "peace / piece" },
    { "de.das-dass", "word choice", "\"dass\" opens a clause after a verb of saying or thinking (\"Ich glaube, dass er kommt\"); \"das\" before a verb" },
    { "de.seit-seid", "word choice", "\"seid\" is the verb of \"ihr\" (\"ihr seid\"), \"seit\" the preposition of time (\"seit gestern\")" },
    { "de.wider-wieder", "word choice", "\"wieder\" is again (\"immer wieder\"), \"wider\" against (\"wider Erwarten\")" },
    { "de.wen-wenn", "word choice", "\"wenn\" is if or when (\"auch wenn\"), \"wen\" whom" },
    { "fr.a-accent", "word choice", "\"a\" is the verb avoir (\"il a\", \"a été\"), \"à\" the preposition (\"à cause de\")" },
    { "fr.ou-accent", "word choice", "\"où\" is where (\"d'où\", \"le jour où\"), \"ou\" or" },
    { "fr.ca-sa", "word choice", "\"ça\" is the pronoun (\"ça va\"), \"sa\" the possessive (\"sa mère\")" },
    { "fr.ce-se", "word choice", "\"se\" is the reflexive before a verb (\"il se lève\"), \"ce\" the demonstrative (\"ce que\")" },
    { "fr.et-est", "word choice", "\"est\" is the verb (\"il est\", \"c'est\"), \"et\" and" },
    { "fr.ces-ses", "word choice", "\"ces\" points (\"ces jours-ci\"), \"ses\" is his or her (\"à ses côtés\")" },
    { "fr.determiner-gender", "agreement", "an article in its noun's gender, where the dictionary gives the noun one (\"la maison\", \"le problème\")" },
    { "es.a-ha", "word choice", "\"ha\" is the verb haber (\"ha sido\"), \"a\" the preposition (\"voy a ir\")" },
    { "es.haber-a-ver", "word choice", "\"a ver\" is let's see (\"a ver si\"), \"haber\" the verb (\"haber sido\")" },
    { "es.echo-hecho", "word choice", "\"hecho\" is done or a fact (\"he hecho\", \"de hecho\"), \"echo\" the verb echar (\"te echo de menos\")" },
    { "es.halla-haya", "word choice", "\"haya\" is the verb haber (\"que haya sido\"), \"halla\" finds (\"se halla en\")" },
    { "es.porque-por-que", "word choice", "\"por qué\" asks why (\"¿Por qué no vienes?\"), \"porque\" is because" },
    { "es.sino-si-no", "word choice", "\"sino\" is but rather (\"no solo ... sino también\"), \"si no\" if not" },
    { "es.hay-ahi-ay", "word choice", "\"hay\" is there is (\"hay que\", \"no hay\"), \"ahí\" there (\"ahí está\"), \"ay\" ouch" },
    { "es.mas-accent", "word choice", "\"más\" is more (\"lo más\", \"más o menos\"), \"mas\" a literary but" },
    { "es.determiner-gender", "agreement", "the article takes its noun's gender: \"el problema\", \"la canción\", \"la mano\"" },
    { "ru.tsya-tsa", "word choice", "\"-тся\" is the third person (\"он учится\", \"мне нравится\"), \"-ться\" the infinitive (\"хочет учиться\")" },
    { "uk.russianism", "word choice", "a Russian word or calque Ukrainian does not use (\"приймати участь\": \"брати участь\", \"на протязі\": \"протягом\", \"слідуючий\": \"наступний\")" },
    { "cs.me-mne", "word choice", "\"mně\" is the dative and locative (\"ke mně\", \"při mně\"), \"mě\" the accusative and genitive (\"pro mě\", \"u mě\")" },
    { "punctuation.comma-clause", "punctuation", "Czech, Slovak, Ukrainian and Russian set a subordinate clause off with a comma (\"Myslím, že\", \"Я думаю, що\", \"книга, которую\")" },
    { "grammar", "grammar", "a change the model made that no rule names" },
    { "style", "style", "a rewrite's change of several words" },
    { "rewrite", "rewrite", "a rewrite's change" },
  };
  *n = G_N_ELEMENTS (rules);
  return rules;
}

/* Is `entry` (as a disabled list takes it) an id of draftd_rules(), or a family of some: the
 * part before one of its dots, a trailing dot allowed ("confusable", "confusable.")? */
static inline gboolean
draftd_rule_known (const char *entry)
{
  guint n;
  const DraftdRuleInfo *rules = draftd_rules (&n);
  gsize len = strlen (entry);
  while (len > 0 && entry[len - 1] == '.')
    len--;
  for (guint i = 0; len > 0 && i < n; i++)
    if (strncmp (rules[i].id, entry, len) == 0 && (rules[i].id[len] == 0 || rules[i].id[len] == '.'))
      return TRUE;
  return FALSE;
}

/* Edit distance, case-insensitive, of two short ASCII strings (longer ones: far). */
static inline guint
draftd_ascii_distance (const char *a, gsize la, const char *b, gsize lb)
{
  if (la > DRAFTD_MAX_RULE_LENGTH || lb > DRAFTD_MAX_RULE_LENGTH)
    return G_MAXUINT;
  guint row[DRAFTD_MAX_RULE_LENGTH + 1];
  for (gsize j = 0; j <= lb; j++)
    row[j] = j;
  for (gsize i = 1; i <= la; i++) {
    guint prev = row[0];
    row[0] = i;
    for (gsize j = 1; j <= lb; j++) {
      guint cur = row[j];
      row[j] = MIN (MIN (row[j] + 1, row[j - 1] + 1), prev + (g_ascii_tolower (a[i - 1]) != g_ascii_tolower (b[j - 1])));
      prev = cur;
    }
  }
  return row[lb];
}

static inline guint
draftd_rule_distance (const char *a, const char *b)
{
  return draftd_ascii_distance (a, strlen (a), b, strlen (b));
}

/* The ids and families nearest to an unknown `entry`, at most three, closest first, as
 * "'a', 'b' or 'c'": what an error that refuses it names. */
static inline char *
draftd_rule_nearest (const char *entry)
{
  guint n;
  const DraftdRuleInfo *rules = draftd_rules (&n);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++) {
    const char *dot = strchr (rules[i].id, '.');
    /* Each family once ("confusable" as well as its pairs), and not again where it is an id
     * too ("word-choice"). */
    g_autofree char *family = dot ? g_strndup (rules[i].id, dot - rules[i].id) : NULL;
    if (family && !g_ptr_array_find_with_equal_func (names, family, g_str_equal, NULL))
      g_ptr_array_add (names, g_steal_pointer (&family));
    if (!g_ptr_array_find_with_equal_func (names, rules[i].id, g_str_equal, NULL))
      g_ptr_array_add (names, g_strdup (rules[i].id));
  }
  const char *best[3] = { NULL };
  guint dist[3] = { G_MAXUINT, G_MAXUINT, G_MAXUINT };
  for (guint i = 0; i < names->len; i++) {
    const char *name = names->pdata[i];
    guint d = draftd_rule_distance (entry, name);
    for (guint k = 0; k < 3; k++)
      if (d < dist[k]) {
        for (guint m = 2; m > k; m--) {
          dist[m] = dist[m - 1];
          best[m] = best[m - 1];
        }
        dist[k] = d;
        best[k] = name;
        break;
      }
  }
  guint found = best[2] ? 3 : best[1] ? 2 : best[0] ? 1 : 0;
  GString *s = g_string_new (NULL);
  for (guint k = 0; k < found; k++)
    g_string_append_printf (s, "%s'%s'", k == 0 ? "" : k + 1 == found ? " or " : ", ", best[k]);
  return g_string_free (s, FALSE);
}
