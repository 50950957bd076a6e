/* English rule families of issue 45: the errors real writers make most that need more than a
 * word's neighbour to see (the subject's head noun across its prepositional phrases, "would
 * of", "look forward to meet", "since two years", "informations", "one of the best day",
 * "speaks very good", "have seen ... yesterday", "my brother and me went"). Each family is a
 * row of `families` below: its rule id, its kind, and the function that proposes its
 * candidates; tests/data/rule-examples.tsv holds sentences each must and must not change
 * (tests/test-rule-families.c), and tests/data/dev-errors.tsv measures them together. A
 * family is sure of itself only where its pattern leaves no other reading; elsewhere it
 * proposes and the target judges.
 * The families themselves are in families-en-*.c, a file for each rule kind (agreement, the
 * subject's number, article, confusable, verb, word), since in one file they were too long to
 * read in a sitting. This one keeps what orders and names them (the `families` table,
 * draftd_candidates_family_rule), the helpers and word lists every kind uses, which
 * families-en-private.h declares to the others, and the mid-sentence capitals
 * (draftd_candidates_english_capitals), a rule candidates.c calls apart from the families. */
#include <string.h>
#include "grammar/families.h"
#include "grammar/families-en-private.h"
#include "grammar/forms.h"
#include "grammar/structure.h"
#include "lib/bus/draftd-bus-rules.h"

gboolean
sure (F *f, gsize start, gsize end, const char *rep, DraftdFixKind kind)
{
  g_autofree char *was = g_strndup (f->s + start, end - start);
  /* "I" -> "me" keeps the replacement's case. */
  g_autofree char *r = *rep && !g_str_equal (was, "I") ? draftd_candidates_match_case (was, rep) : g_strdup (rep);
  draftd_candidates_add (f->out, start, end, r, kind, DRAFTD_CANDIDATE_CERTAIN, f->site++);
  return TRUE;
}

/* sure(), named by a rule id more exact than its family row's (the row names the rest). */
gboolean
sure_named (F *f, gsize start, gsize end, const char *rep, DraftdFixKind kind, const char *rule)
{
  sure (f, start, end, rep, kind);
  g_array_index (f->out, DraftdCandidate, f->out->len - 1).rule = rule;
  return TRUE;
}

/* The word at words[i] replaced by its partner in `pairs` (word, replacement), if it has one. */
gboolean
sure_pair (F *f, const char *const (*pairs)[2], guint n, DraftdFixKind kind)
{
  const Word *w = &f->words[f->i];
  for (guint k = 0; k < n; k++)
    if (g_str_equal (w->lower, pairs[k][0]))
      return sure (f, w->start, w->end, pairs[k][1], kind);
  return FALSE;
}

/* The alternatives for [start, end) against the text as written, for the target to judge:
 * each needs the kind's margin less `bonus` nats. */
gboolean
judge (F *f, gsize start, gsize end, const char *const *alts, guint n, DraftdFixKind kind, float bonus)
{
  g_autofree char *was = g_strndup (f->s + start, end - start);
  for (guint k = 0; k < n; k++) {
    g_autofree char *r = draftd_candidates_match_case (was, alts[k]);
    draftd_candidates_add (f->out, start, end, r, kind, -margin (f, kind) + bonus, f->site);
  }
  draftd_candidates_add (f->out, start, end, was, kind, 0, f->site++);
  return TRUE;
}

/* The sentence with [start, end) replaced by `rep`, in the case of the words it replaces (an
 * insertion as given): what the parser is asked about. */
char *
replaced (const F *f, gsize start, gsize end, const char *rep)
{
  g_autofree char *was = g_strndup (f->s + start, end - start);
  g_autofree char *r = *was ? draftd_candidates_match_case (was, rep) : g_strdup (rep);
  return g_strdup_printf ("%.*s%s%s", (int) start, f->s, r, f->s + end);
}

/* Does link-grammar find a complete linkage with [start, end) replaced? */
gboolean
whole_with (const F *f, gsize start, gsize end, const char *rep)
{
  g_autofree char *with = replaced (f, start, end, rep);
  return draftd_structure_parse (with) == DRAFTD_STRUCTURE_COMPLETE;
}

/* Does link-grammar say the replacement of [start, end) mends the sentence: a complete linkage
 * with it and none without (grammar/structure.h)? */
gboolean
mended (const F *f, gsize start, gsize end, const char *rep)
{
  return draftd_structure_parse (f->s) == DRAFTD_STRUCTURE_BROKEN && whole_with (f, start, end, rep);
}

const char *const modals = " would could should must might may will shall can wouldn't couldn't shouldn't mustn't ";
const char *const determiners =
  " the a an this that these those my your his her its our their some any no every each all both another ";
const char *const subject_pronouns = " i you he she we they ";
const char *const prepositions = " of in on at for with from by about to into under over near behind between among along across above below beside beneath opposite against towards toward within without beyond ";
/* Heads whose number is their own ("Each of the students has"), and those whose number is the
 * noun after their "of" ("Most of the comments are", "Most of the work is"). */
const char *const singular_heads =
  " each one neither either everyone everybody someone somebody anyone anybody nobody everything something nothing ";
const char *const plural_heads = " two three four five six seven eight nine ten several many few both ";
const char *const of_heads = " most some all half lot lots plenty rest majority none any part percent handful ";
/* Nouns of either number, or whose number a writer may choose ("The team are"). */
const char *const either_number =
  " data media staff team family committee government audience crew group public company class army band jury couple youth "
  "orchestra choir council squad club management crowd cabinet parliament congregation faculty board panel firm "
  "department police personnel clergy bunch gang peloton herd flock troupe cast workforce household pair duo trio quartet "
  "number series species means headquarters fish sheep deer aircraft offspring gnocchi ravioli tortellini "
  /* A gardener's pests, counted as a swarm ("Blackfly seem to be worse this year"). */
  "blackfly greenfly whitefly "
  /* A workplace's departments, named for their work ("maintenance are looking into it"). */
  "maintenance security housekeeping catering admin accounts reception "
  /* "The following are", "the above are reachable", "the latter are": a nominal that stands
   * for what it names, in either number. */
  "following above below latter former "
  /* Animals and things whose plural is the singular ("Quail are hunted", "fresh fruit are"). */
  "quail salmon trout bison moose swine elk sperm fruit ptarmigan grouse "
  /* Games named by a plural ("Short mat bowls is held every Monday"). */
  "bowls darts billiards skittles ";
/* Adverbs that stand between a subject and its verb ("He always give"), times among them
 * ("Young people today do", "Parents now have"). */
const char *const frequency_adverbs = " always usually often never sometimes rarely seldom also still just really only now today nowadays ";

/* The word `back` places before the current one, one frequency adverb right before the
 * current word stepped over ("He always give", "I never loose my keys", "does he often
 * leaves"); *gap says whether there was one. */
const char *
before_adverb (const F *f, gint back, guint *gap)
{
  *gap = draftd_candidates_in_list (frequency_adverbs, near (f, -1)) ? 1 : 0;
  return near (f, -back - (gint) *gap);
}

/* Does words[k] open a clause: the sentence's first word, one after a clause's punctuation,
 * or one after a word of `openers` (a conjunction, or a verb whose object the clause is)? */
gboolean
opens_clause (const F *f, guint k, const char *openers)
{
  return k == 0 || strchr (",;:", f->s[f->words[k - 1].end]) != NULL || draftd_candidates_in_list (openers, f->words[k - 1].lower);
}

const char *const numbers = " one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty "
                            "sixty seventy eighty ninety hundred ";
const char *const ordinals = " first second third fourth fifth sixth seventh eighth ninth tenth top bottom ground ";

/* Nouns that go without an article: mass nouns, meals, and what a writer counts seldom ("is
 * excellent value for money"). */
const char *const mass_nouns =
  " time fun help work music food water money information advice furniture equipment feedback homework luggage knowledge pride "
  "software hardware access permission breakfast lunch dinner supper school church college university home bed class "
  "practice progress research evidence news weather traffic health love art life space power energy data mail email "
  /* Games, played, not counted ("will feature cricket, badminton and chess"). */
  "cricket football soccer tennis golf rugby hockey baseball basketball volleyball netball badminton chess "
  "paper wood glass hair rain snow light fire sleep experience business support use care attention trouble fun nonsense "
  "luck peace silence stuff stock profit value transport transportation yesterday today tomorrow tonight morning evening afternoon "
  "night "
  /* A job named by a verb and its particle is done, not counted ("handle cleanup this year"). */
  "cleanup setup upkeep "
  /* The law's processes one applies for, as "asylum" ("apply for probate"). */
  "probate "
  /* British "kit" is the gear one wears or carries ("don't leave wet kit in the bays"). */
  "kit gear clothing ";

typedef gboolean (*FamilyFn) (F *f);

/* The families, in the order they are tried at each word; the first that proposes wins. */
static const struct {
  const char *id;
  FamilyFn fn;
} families[] = {
  { "verb-form.modal-of", modal_of },
  { "preposition.for-since", since_duration },
  { "preposition.for-since", for_point },
  { "preposition.redundant", redundant_preposition },
  { "confusable.wether-whether", wether },
  { "word-choice", word_row },
  { "word-choice", real_word_slip },
  { "word-choice", comparing_opening },
  { "word-choice", degree_noun },
  { "word-choice", work_like_job },
  { "word-choice", adjective_for_noun },
  { "word-choice", heard_or_complement },
  { "word-choice.worse-worst", the_worse_ever },
  { "confusable.affect-effect", how_effects },
  { "confusable.accept-except", comma_accept },
  { "word-choice", context_slip },
  { "agreement.subject-verb", amount_are },
  { "agreement.noun-number", bare_singular_subject },
  { "agreement.noun-number", span_adjective },
  { "confusable.who's-whose", whos_noun_verb },
  { "word-choice.principal-principle", in_principal },
  { "word-choice.who-which", person_which },
  { "word-choice", stationery_noun },
  { "word-choice", compliment_on },
  { "word-choice", form_from },
  { "preposition.redundant", redundant_on },
  { "word-choice.so-such", so_such },
  { "punctuation.possessive-apostrophe", plural_possessive },
  { "word-choice.make-do", make_homework },
  { "article", be_most_singular },
  { "article", to_the_work },
  { "word-choice.comparative", most_short },
  { "word-choice", success_modifier },
  { "word-choice.adverb", very_much_order },
  { "word-choice.adverb", manner_before_language },
  { "word-choice.ing-ed", feeling_ing },
  { "word-choice.ing-ed", thing_ed },
  { "verb-form.past-perfect", already_past_perfect },
  { "verb-form", u_participle_past },
  { "verb-form", future_time_clause },
  { "verb-form", if_will },
  { "article", be_person_article },
  { "confusable.than-then", rather_then },
  { "word-choice", too_praise },
  { "word-order.adjectives", adjective_order },
  { "word-choice.adverb", degree_adjective },
  { "word-choice", make_photos },
  { "confusable.it's-its", its_noun_verb },
  { "word-choice", learner_phrase },
  { "agreement.noun-number", unit_plural },
  { "confusable.quiet-quite", quite_noun },
  { "word-choice.make-do", do_decision },
  { "word-choice.breath-breathe", breath_verb },
  { "word-choice.lead-led", lead_led },
  { "word-choice.of-off", of_off },
  { "agreement.uncountable", uncountable_plural },
  { "agreement.one-of-plural", one_of_superlative },
  { "agreement.noun-number", partitive_person },
  { "verb-form.to-ing", forward_to },
  { "verb-form.to-ing", ing_after_verb },
  { "verb-form.to-ing", insist_to },
  { "verb-form.to-ing", good_at_base },
  { "word-choice.fewer-less", fewer_for_less },
  { "word-choice.redundant", although_but },
  { "verb-form.to-base", to_base },
  { "verb-form.to-base", infinitive_for_ing },
  { "verb-form.to-base", suggest_object },
  { "verb-form.to-base", used_to_ing },
  { "agreement.determiner", this_plural },
  /* Before the verb's agreement, which judges every verb it sees. */
  { "verb-form.since-perfect", since_perfect },
  { "confusable.accept-except", everyone_accept },
  { "confusable.accept-except", clause_accept },
  { "agreement.subject-verb", theres_plural },
  { "agreement.subject-verb", there_are_singular },
  { "agreement.subject-verb", number_of_verb },
  { "agreement.subject-verb", of_subject_verb },
  { "agreement.subject-verb", question_number },
  { "agreement.subject-verb", bare_singular_verb },
  { "agreement.subject-verb", subject_head },
  { "agreement.subject-verb", name_subject_verb },
  { "agreement.subject-verb", plain_plural_subject },
  { "agreement.subject-verb", determined_plural_subject },
  { "agreement.subject-verb", results_of_verb },
  { "agreement.subject-verb", relative_subject },
  { "agreement.subject-verb", place_inversion },
  { "agreement.subject-verb", parenthetical_subject },
  { "agreement.subject-verb", who_verb },
  { "agreement.subject-verb", linked_agreement },
  { "agreement.subject-verb", pronoun_base },
  { "verb-form", do_question_base },
  { "verb-form.be-participle", close_closed },
  { "confusable.loose-lose", be_loose },
  { "verb-form.be-participle", be_participle },
  { "verb-form.be-participle", be_past },
  { "agreement.determiner", determiner_across },
  { "agreement.determiner", others_plural },
  { "agreement.noun-number", every_plural },
  { "agreement.noun-number", age_compound },
  { "word-choice.much-many", much_many },
  { "confusable.quiet-quite", very_quite },
  { "word-choice.everyday", everyday },
  { "spelling.split-word", split_word },
  { "word-choice.say-tell", say_tell },
  { "confusable.there-they're", there_ing_opening },
  { "confusable.there-they're", there_state },
  { "confusable.their-they're", their_ing_opening },
  { "confusable.it's-its", its_time },
  { "confusable.it's-its", its_worth },
  { "confusable.it's-its", its_too },
  { "confusable.it's-its", its_adjective_to },
  { "confusable.their-there", over_their },
  { "confusable.their-there", there_possessive },
  { "confusable.who's-whose", whose_this },
  { "confusable.who's-whose", whose_adjective },
  { "confusable.were-where", were_where },
  { "word-choice.worse-worst", worse_ever },
  { "confusable.accept-except", accept_except },
  { "confusable.possessive-contraction", possessive_or_contraction },
  { "confusable.than-then", then_after_comparative },
  { "confusable.affect-effect", affect_effect },
  { "confusable.affect-effect", effecting },
  { "word-choice.to-too", to_too },
  { "verb-form.missing-be", it_adjective },
  { "verb-form.missing-be", modal_able },
  { "word-choice.you-your", you_your },
  { "word-choice.double-negative", double_negative },
  { "confusable.loose-lose", lose_loose },
  { "verb-form.finished-time", perfect_finished },
  { "word-choice.pronoun-case", pronoun_case },
  { "word-choice.adverb", adverb_for_adjective },
  { "word-choice.comparative", more_adjective_than },
  { "word-choice.comparative", more_in_group },
  { "verb-form.bare-infinitive", modal_ing },
  { "word-choice.who-which", thing_who },
  { "verb-form.finished-time", opening_past_noun },
  { "verb-form.finished-time", past_and_present },
  { "verb-form.finished-time", past_sequence },
  { "word-choice.pronoun-case", reflexive_object },
  { "word-choice.pronoun-case", object_myself },
  { "word-choice.pronoun-case", object_and_subject },
  { "confusable.you're-your", your_participle },
  { "verb-form.embedded-question", embedded_question },
  { "verb-form.embedded-question", embedded_be },
  { "verb-form.embedded-question", embedded_modal },
  { "verb-form.embedded-question", question_order },
  { "word-choice.rise-raise", prices_raised },
  { "word-choice.rise-raise", rise_object },
  { "word-choice", among_two },
  { "word-choice", take_me },
  { "word-choice", won_side },
  { "word-choice", remember_me_to },
  { "verb-form.to-base", like_that_you },
  { "punctuation.possessive-apostrophe", people_possessive },
  { "punctuation.possessive-apostrophe", name_possessive_s },
  { "punctuation.possessive-apostrophe", the_people_possessive },
  { "punctuation.possessive-apostrophe", kin_possessive },
  { "punctuation.possessive-apostrophe", opening_possessive },
  { "punctuation.possessive-apostrophe", time_possessive },
  { "confusable.passed-past", past_as_verb },
  { "punctuation.possessive-apostrophe", plural_apostrophe },
  { "word-choice.adverb", manner_adjective },
  { "article.missing", unique_noun },
  { "article.extra", the_most_people },
  { "article", opening_ordinal },
  { "article.missing", bare_adjective_noun },
  { "article.missing", bare_profession },
  { "article.missing", missing_article },
  { "article", the_mount },
  { "article.missing", lot_of },
  { "article.missing", partitive_article },
  { "article.missing", long_time },
  { "article.missing", ordinal_time },
  { "article.missing", taken_role_article },
  { "article.missing", same },
  { "article.missing", a_future },
  { "article.missing", bare_internet },
  { "article.missing", ailment_article },
  { "article.missing", superlative_the },
  { "article.missing", a_superlative_ever },
  { "article.extra", extra_article },
  { "article.extra", generic_the },
  { "preposition.redundant", redundant_of_for },
  { "verb-form.bare-infinitive", make_to },
  { "preposition.missing", listen_to },
  { "preposition.missing", go_place },
  { "preposition.missing", agree_with },
  { "preposition", prefer_than },
  { "preposition", at_year },
  { "preposition", on_floor },
  { "preposition.redundant", considered_as },
  { "verb-form", want_base },
  { "verb-form", missing_to },
  { "verb-form", going_base },
  { "preposition.missing", most_of },
  { "confusable.quiet-quite", quite_at_end },
  { "word-choice.lay-lie", lay_lie_clause },
  { "verb-form", tag_pronoun },
  { "verb-form", bare_participle },
  { "punctuation.opening-comma", clause_comma },
  { "verb-form.conditional", if_would_have },
  { "word-choice.borrow-lend", borrow_lend },
  { "preposition.time", day_preposition },
  { "preposition.time", year_preposition },
  { "verb-form.bare-infinitive", modal_to },
  { "word-choice.redundant", repeated_subject },
};

guint
draftd_candidates_english_families (const DraftdCandidateContext *c, const char *s, const Word *words, guint n, guint i,
                                    GArray *out, guint site)
{
  F f = { c, s, words, n, i, out, site };
  if (words[i].fixed || words[i].compound)
    return site;
  guint before = out->len;
  for (guint k = 0; k < G_N_ELEMENTS (families); k++)
    if (families[k].fn (&f)) {
      g_debug ("family %s (row %u) at \"%s\"", families[k].id, k, words[i].text);
      /* Its edits carry the row's id (unless the rule named them more closely) where the id
       * is one users can name (draft rules, --disable); an umbrella's ("article.missing") is
       * named by what it changed. */
      for (guint a = before; draftd_rule_known (families[k].id) && a < out->len; a++)
        if (g_array_index (out, DraftdCandidate, a).rule == NULL)
          g_array_index (out, DraftdCandidate, a).rule = families[k].id;
      return f.site;
    }
  return site;
}

/* The agreement family an edit of the "agreement" kind belongs to; NULL for the umbrella's. */
static const char *
agreement_rule (const char *before, const char *was, const char *now)
{
  if (before && draftd_candidates_in_list (" every each ", before))
    return "agreement.noun-number";
  /* "many new worker" -> "workers": a noun made plural after a quantifier's adjective. */
  gsize wl = strlen (was);
  if (before && draftd_forms_is (before, 'a') && !draftd_candidates_function_word (before) && g_str_has_prefix (now, was) &&
      draftd_candidates_in_list (" s es ", now + wl) && draftd_forms_is (was, 'n') && !draftd_forms_is (was, 'v'))
    return "agreement.noun-number";
  /* "other country" -> "countries", "Most student in" -> "students", "a few friend": a count
   * word's noun made plural, whatever else the noun may be. */
  if (before && draftd_candidates_in_list (" other most few ", before) && draftd_forms_is (was, 'n') && wl > 2 &&
      strncmp (now, was, wl - 1) == 0 && g_str_has_suffix (now, "s") && strlen (now) > wl)
    return "agreement.noun-number";
  if (draftd_candidates_uncountable_plural (was))
    return "agreement.uncountable";
  if (before && superlative (before) && !draftd_candidates_in_list (" most least ", before))
    return "agreement.one-of-plural";
  return NULL;
}

/* Is `was` a verb's base ("arrive", "write"), which a perfect's "have" makes a participle
 * ("has arrive" -> "arrived"), not a participle made a past ("have seen" -> "saw")? */
static gboolean
verb_base (const char *was)
{
  const char *lemma = draftd_forms_irregular_lemma (was, 'v');
  return !strchr (was, '_') && !g_str_has_suffix (was, "ed") && (lemma == NULL || g_str_equal (lemma, was)) && draftd_forms_is (was, 'v');
}

/* The family of an edit that moves words, one edit (grammar/edits.c), or NULL. */
static const char *
moved_rule (const char *was, const char *now)
{
  /* "like very much football" -> "like football very much". */
  if (g_str_has_prefix (was, "very_much_") && g_str_has_suffix (now, "_very_much"))
    return "word-choice.adverb";
  /* "Me and my cousin" -> "My cousin and I". */
  if (g_str_has_prefix (was, "me_and_") && g_str_has_suffix (now, "_and_i"))
    return "word-choice.pronoun-case";
  return NULL;
}

char *
draftd_candidates_family_rule (const char *kind, const char *before, const char *was, const char *now)
{
  const char *moved = moved_rule (was, now);
  if (moved)
    return g_strdup (moved);
  /* "But it dangerous" -> "But it is dangerous": the diff names the "is" put in "grammar". */
  /* "will able to" -> "will be able to" too. */
  if (*was == 0 && ((g_str_equal (now, "is") && g_strcmp0 (before, "it") == 0) ||
                    (g_str_equal (now, "be") && draftd_candidates_in_list (" will would should must may might shall won't wouldn't shouldn't to not ", before))))
    return g_strdup ("verb-form.missing-be");
  /* The diff names a word dropped "grammar": "have visited" -> "visited". */
  if (g_str_equal (kind, "grammar") && draftd_candidates_in_list (" have has ", was) && *now == 0)
    return g_strdup ("verb-form.finished-time");
  /* "is living" -> "has been living", "know" -> "have known" (before "since"); the diff makes
   * the first "grammar". */
  if ((g_str_equal (kind, "verb form") || g_str_equal (kind, "grammar")) && *was && !strchr (was, '_') &&
      (g_str_has_prefix (now, "have_") || g_str_has_prefix (now, "has_")))
    return g_strdup ("verb-form.since-perfect");
  if (g_str_equal (kind, "verb form")) {
    if (before && draftd_candidates_in_list (" am is are was were be been being very so really too ", before) && *was && *now &&
        !strchr (now, '_') && !g_str_has_suffix (now, "ing"))
      return g_strdup ("verb-form.be-participle");
    if (g_str_equal (was, "of") && g_str_equal (now, "have"))
      return g_strdup ("verb-form.modal-of");
    if (g_str_equal (was, "would_have") && g_str_equal (now, "had"))
      return g_strdup ("verb-form.conditional");
    if ((g_strcmp0 (before, "to") == 0 || g_str_has_prefix (was, "to_")) && g_str_has_suffix (now, "ing"))
      return g_strdup ("verb-form.to-ing");
    if (g_strcmp0 (before, "to") == 0 && g_str_has_suffix (was, "ing"))
      return g_strdup ("verb-form.to-base");
    if (g_str_equal (was, "to") && *now == 0 &&
        (draftd_candidates_in_list (" me him her us them you ", before) || draftd_candidates_in_list (modals, before)))
      return g_strdup ("verb-form.bare-infinitive");
    /* "have visited" -> "visited", "have seen" -> "saw" (a participle would end in -n). */
    if ((draftd_candidates_in_list (" have has ", was) && *now == 0) || g_str_has_prefix (was, "have_") || g_str_has_prefix (was, "has_") ||
        (draftd_candidates_in_list (" have has ", before) && *now && !g_str_has_suffix (now, "n") && !g_str_has_suffix (now, "ne") &&
         !verb_base (was)))
      return g_strdup ("verb-form.finished-time");
  }
  /* The only English rules that put a comma in are the opening phrase's and clause's. */
  if (g_str_equal (kind, "punctuation") && *was == 0 && (g_str_equal (now, ",") || g_str_equal (now, ",_it")) && before)
    return g_strdup ("punctuation.opening-comma");
  if (g_str_equal (kind, "preposition")) {
    if (g_str_equal (was, "since") && g_str_equal (now, "for"))
      return g_strdup ("preposition.for-since");
    /* "focus in" -> "on" is a collocation's (candidates-en.c), no day's. */
    if (draftd_candidates_in_list (" in at ", was) && g_str_equal (now, "on") && !(before && g_str_has_prefix (before, "focus")))
      return g_strdup ("preposition.time");
    if (*now == 0)
      return g_strdup ("preposition.redundant");
    if (*was == 0 && g_str_equal (now, "to"))
      return g_strdup ("preposition.missing");
  }
  const char *agreement = g_str_equal (kind, "agreement") ? agreement_rule (before, was, now) : NULL;
  if (agreement)
    return g_strdup (agreement);
  if (g_str_equal (kind, "word choice")) {
    if (g_str_equal (was, "much") && g_str_equal (now, "many"))
      return g_strdup ("word-choice.much-many");
    if (g_str_equal (was, "everyday") && g_str_equal (now, "every_day"))
      return g_strdup ("word-choice.everyday");
    if (draftd_candidates_in_list (" say says said saying ", was) && draftd_candidates_in_list (" tell tells told telling ", now))
      return g_strdup ("word-choice.say-tell");
    if (g_str_equal (was, "less") && g_str_equal (now, "fewer"))
      return g_strdup ("word-choice.fewer-less");
    if (draftd_candidates_in_list (" borrow borrows borrowed borrowing ", was) && draftd_candidates_in_list (" lend lends lent lending ", now))
      return g_strdup ("word-choice.borrow-lend");
    static const char *const pronouns = " i me she her he him we us they them ";
    if (draftd_candidates_in_list (pronouns, was) && draftd_candidates_in_list (pronouns, now))
      return g_strdup ("word-choice.pronoun-case");
    if (draftd_candidates_in_list (" nothing nobody nowhere no ", was) && draftd_candidates_in_list (" anything anybody anywhere any ", now))
      return g_strdup ("word-choice.double-negative");
    if (g_str_equal (was, "loosing") && g_str_equal (now, "losing"))
      return g_strdup ("confusable.loose-lose");

    for (guint k = 0; k < G_N_ELEMENTS (adverb_of); k++)
      if (g_str_equal (was, adverb_of[k][0]) && g_str_equal (now, adverb_of[k][1]))
        return g_strdup ("word-choice.adverb");
  }
  return NULL;
}

/* ---- capitalization.mid-sentence: "Likewise, The theory", "For example, When I went" ---- */

/* Closed-class words a writer capitalises after a comma, as if a sentence began there; never
 * "I", nor "a" (a list's "A)"), nor "you", which licences capitalise as a defined term ("the
 * Work, You must"). */
static const char *const mid_capitals = " the when if it this that because so and but we they he she there in for as although "
                                        "since while then my our these those what how which who some many most all not to on at "
                                        "by with of or ";

/* Only spaces, or a comma and spaces, between words[k - 1] and words[k]. */
static gboolean
comma_or_space_before (const char *s, const Word *words, guint k, gboolean *comma)
{
  *comma = FALSE;
  for (gsize j = words[k - 1].end; j < words[k].start; j++) {
    if (s[j] == ',' && !*comma)
      *comma = TRUE;
    else if (s[j] != ' ')
      return FALSE;
  }
  return words[k].start > words[k - 1].end;
}

/* Is words[i] a closed-class word in title case inside the sentence, after a comma, where no
 * sentence, quote, title or name starts: the word after it in lower case (or "I": "The Beatles"
 * and "When Harry Met Sally" keep theirs), the word before it no article ("the If statement"
 * names a keyword) and no capitalised word but the sentence's first ("Likewise, The"; "Gone
 * With the Wind" keeps its title)? */
static gboolean
capital_inside (const char *s, const Word *words, guint n, guint i)
{
  const Word *w = &words[i], *prev = &words[i - 1];
  gboolean comma, after;
  if (i + 1 >= n || !g_ascii_isupper (w->text[0]) || !draftd_candidates_in_list (mid_capitals, w->lower) ||
      !g_str_equal (w->text + 1, w->lower + 1) || !comma_or_space_before (s, words, i, &comma) ||
      !comma_or_space_before (s, words, i + 1, &after) || after)
    return FALSE;
  if (!(g_ascii_islower (words[i + 1].text[0]) || g_str_equal (words[i + 1].text, "I")) ||
      draftd_candidates_in_list (" the a an ", prev->lower))
    return FALSE;
  /* Without a comma the capital may start a sentence whose full stop was left out
   * ("than requested In non-blocking mode"): only after an opening function word ("So It"). */
  if (!comma)
    return i == 1 && draftd_candidates_function_word (prev->lower);
  return !g_unichar_isupper (g_utf8_get_char (prev->text)) || g_str_equal (prev->text, "I") || i == 1;
}

guint
draftd_candidates_english_capitals (const DraftdCandidateContext *c, const char *s, const Word *words, guint n, GArray *out,
                                    guint site)
{
  (void) c;
  for (guint i = 1; i < n; i++)
    if (capital_inside (s, words, n, i))
      draftd_candidates_add (out, words[i].start, words[i].end, words[i].lower, DRAFTD_FIX_PUNCTUATION, DRAFTD_CANDIDATE_CERTAIN,
                             site++);
  return site;
}
