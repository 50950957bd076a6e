/* Spelling per language and the user's own words, through the grammar driver with the
 * shipped target: French and German sentences are spelt by their own dictionaries when
 * those are installed and left alone when not ($DRAFTD_DICT_PATH names the only folders
 * searched); a word added to the personal list is never flagged again, also after a restart
 * (a new list read from the same file); every edit says its kind and what it changes; names,
 * identifiers, accents and paths are never respelt. Needs Debian's hunspell-en-us,
 * hunspell-fr and hunspell-de-de. */
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "grammar/driver.h"
#include "grammar/forms.h"
#include "tests/tap.h"
#include "tests/test-util.h"

typedef struct {
  DraftdGrammarContext ctx;
  GArray *edits;
} Run;

static char *
correct (Run *r, const char *text)
{
  g_array_set_size (r->edits, 0);
  char *out = test_grammar_correct (&r->ctx, text, NULL, r->edits);
  return out ? out : g_strdup ("");
}

static void
check_languages (Run *r, const char *only_english)
{
  g_autofree char *fr = correct (r, "Nous sommes alles au marche avec mes parents hier matin.");
  g_autofree char *de = correct (r, "Wir haben gestern einen langen Spaziergang im Wald gemacht, es war schoen.");
  tap_ok (strstr (fr, "allés") != NULL, "French is spelt by the French dictionary: %s", fr);
  tap_ok (strstr (de, "schön") != NULL || strstr (de, "schoen") == NULL, "German is spelt by the German dictionary: %s", de);
  g_setenv ("DRAFTD_DICT_PATH", only_english, TRUE);
  g_autoptr (DraftdSpell) english = draftd_spell_new ("/dev/null");
  DraftdSpell *saved = r->ctx.spell;
  r->ctx.spell = english;
  g_autofree char *fr2 = correct (r, "Nous sommes alles au marche avec mes parents hier matin.");
  tap_ok (g_str_equal (fr2, "Nous sommes alles au marche avec mes parents hier matin."),
          "without a French dictionary, French is left alone");
  r->ctx.spell = saved;
  g_unsetenv ("DRAFTD_DICT_PATH");
}

static void
check_personal (Run *r, const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "words.txt", NULL);
  g_autoptr (DraftdSpell) spell = draftd_spell_new (path);
  DraftdSpell *saved = r->ctx.spell;
  r->ctx.spell = spell;
  /* Not "draftd": draftd knows its own name (grammar/words-en.c), and a word and a daemon's
   * "d" is a program's name. */
  const char *text = "We check our notes with drafte every morning.";
  g_autofree char *before = correct (r, text);
  g_autoptr (GError) error = NULL;
  gboolean added = draftd_spell_add_word (spell, "drafte", &error);
  g_autofree char *after = correct (r, text);
  tap_ok (!g_str_equal (before, text) && added && g_str_equal (after, text), "a personal word is flagged before and not after: %s", before);
  g_autoptr (DraftdSpell) restarted = draftd_spell_new (path);
  tap_ok (draftd_spell_check (restarted, "en", "drafte"), "the personal list survives a restart");
  tap_ok (!draftd_spell_add_word (restarted, "two words", NULL) && !draftd_spell_add_word (restarted, "", NULL),
          "words with spaces and empty words are refused");
  /* Checks are remembered (grammar/spell.c): the answers kept before a word is added are not
   * the ones given after. */
  gboolean was = draftd_spell_check (restarted, "en", "draftz");
  guint was_regions = draftd_spell_regions (restarted, "en", "draftz");
  gboolean again = draftd_spell_check (restarted, "en", "draftz") == was && draftd_spell_regions (restarted, "en", "draftz") == was_regions;
  gboolean now = draftd_spell_add_word (restarted, "draftz", &error) && draftd_spell_check (restarted, "en", "draftz");
  guint regions = draftd_spell_regions (restarted, "en", "draftz");
  tap_ok (!was && was_regions == 0 && again && now && regions != 0 && (regions & (regions + 1)) == 0,
          "a remembered check is asked again once the word is added: %d/%#x, then %d/%#x", was, was_regions, now, regions);
  r->ctx.spell = saved;
}

static void
check_kinds (Run *r)
{
  static const char *const cases[][3] = {
    { "He doesnt like apples.", "spelling", "spelling: doesnt \u2192 doesn't" },
    { "I has a car.", "agreement", "agreement: has \u2192 have" },
    { "I waited for a hour.", "article", "article: a \u2192 an" },
    { "Yesterday I buyed a new car.", "verb form", "verb form: buyed \u2192 bought" },
    { "She is good in mathematics.", "preposition", "preposition: in \u2192 at" },
    { "Their going to the park.", "word choice", NULL },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *out = correct (r, cases[i][0]);
    const DraftdGrammarEdit *e = r->edits->len == 1 ? &g_array_index (r->edits, DraftdGrammarEdit, 0) : NULL;
    gboolean ok = e && g_str_equal (e->kind, cases[i][1]) && (cases[i][2] == NULL || g_strcmp0 (e->message, cases[i][2]) == 0);
    tap_ok (ok, "%s -> %s: kind %s, message %s", cases[i][0], out, e ? e->kind : "-", e && e->message ? e->message : "-");
  }
}

/* Suggestions are weighed by the edits writers make (a letter left out or doubled is cheap, a
 * space left out after a preposition too), and a lower-case word is not respelt as one that
 * changes two of its letters. */
/* Each case's sentence comes back as its second string, or unchanged where that is NULL. */
static void
check_cases (Run *r, const char *const (*cases)[2], guint n)
{
  for (guint i = 0; i < n; i++) {
    g_autofree char *out = correct (r, cases[i][0]);
    const char *want = cases[i][1] ? cases[i][1] : cases[i][0];
    tap_ok (g_str_equal (out, want), "%s -> %s", cases[i][0], out);
  }
}

/* A term's short name is a few edits from many words, a writer's slip in a short word one;
 * nor is a term cut into pieces that are no common words (with the common words' list). */
static void
check_far_terms (Run *r)
{
  static const char *const cases[][2] = {
    { "Link the program against libc and zlib.", NULL },
    { "The udev rules load the driver.", NULL },
    { "The parser was generated with yacc last year.", NULL },
    { "Each inode holds the metadata of one file.", NULL },
    { "Keep your attrs in a small class.", NULL },
    { "The posix shell runs the script.", NULL },
    /* Endings no common word has: a term's, unless a slip's (keys swapped or neighbours). */
    { "Build it against libpng and libssl.", NULL },
    { "Create a venv for each project.", NULL },
    { "The glibc headers are installed.", NULL },
    { "I likr this song a lot.", "I like this song a lot." },
    { "They want somethign new.", "They want something new." },
    { "We had a gret time at the party.", "We had a great time at the party." },
    { "He did not beleive me at first.", "He did not believe me at first." },
  };
  check_cases (r, cases, G_N_ELEMENTS (cases));
}

static void
check_typing_cost (Run *r)
{
  static const char *const cases[][2] = {
    { "She was very successfull in her job.", "She was very successful in her job." },
    { "They are hirring new staff.", "They are hiring new staff." },
    { "We must protect the inviroment.", "We must protect the environment." },
    { "It is a very sofisticated machine.", "It is a very sophisticated machine." },
    { "The regional sejmik voted on the budget.", "The regional sejmik voted on the budget." },
    { "I read three pargarghs today.", "I read three paragraphs today." },
    /* A space left out after a preposition, at a sentence's start too; a name is no such run. */
    { "Inorder to win, they worked hard.", "In order to win, they worked hard." },
    { "They worked hard infact.", "They worked hard in fact." },
    { "Infact even today we walk.", "In fact even today we walk." },
    { "Furethermore, it rains.", "Furthermore, it rains." },
    { "Vandyke painted it.", "Vandyke painted it." },
    /* A name in lower case is the name from five letters on; below, likelier a slip. */
    { "Our yong people can learn a lot.", "Our young people can learn a lot." },
    /* A letter left out before a vowel changed ("softy"), a common word before a rare one;
     * a short function word's first two letters swapped. */
    { "Wear a helmet for your own safty.", "Wear a helmet for your own safety." },
    { "I have told him many tims already.", "I have told him many times already." },
    { "She put the book on hte table.", "She put the book on the table." },
    /* An overregularized past: the past without an auxiliary, the participle after one. */
    { "In the second act, the butler stealed the letter.", "In the second act, the butler stole the letter." },
    { "The letter was stealed from the desk.", "The letter was stolen from the desk." },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *out = correct (r, cases[i][0]);
    tap_ok (g_str_equal (out, cases[i][1]), "%s -> %s", cases[i][0], out);
  }
  /* A common word with a letter left out, tenth of the index's suggestions: only with the
   * common words' list (wamerican-small, optional). */
  const char *common = g_getenv ("DRAFTD_COMMON_WORDS");
  if (!g_file_test (common ? common : "/usr/share/dict/american-english-small", G_FILE_TEST_EXISTS)) {
    tap_skip ("no common words' list (wamerican-small)");
  } else {
    g_autofree char *out = correct (r, "The film is baed on a true story.");
    tap_ok (g_str_equal (out, "The film is based on a true story."), "baed -> %s", out);
    check_far_terms (r);
  }
  /* Of two words one edit away, the commoner by SCOWL's levels (Debian's scowl, optional). */
  const char *levels = g_getenv ("DRAFTD_WORD_LEVELS");
  g_autofree char *ten = g_build_filename (levels ? levels : "/usr/share/dict/scowl", "english-words.10", NULL);
  if (!g_file_test (ten, G_FILE_TEST_EXISTS)) {
    tap_skip ("no word levels (scowl)");
    tap_skip ("no word levels (scowl)");
  } else {
    g_autofree char *out = correct (r, "We are faceing tough competition every day.");
    tap_ok (g_str_equal (out, "We are facing tough competition every day."), "faceing -> %s", out);
    g_autofree char *out2 = correct (r, "If it tast bad, nobody buys it.");
    tap_ok (g_str_equal (out2, "If it tastes bad, nobody buys it."), "tast -> %s", out2);
  }
}

/* Terms of edited and technical prose (issue 45): a compound of two words is not split nor
 * respelt two letters off, a word that starts as no English word does is an abbreviation, a
 * prefixed word keeps its stem, a capitalised name one letter from a word at its end is a
 * name, a compound's plural is on its last part, and "a" before a function word is a letter.
 * Learners' words of the same shapes are still put right. */
static void
check_term_shapes (Run *r)
{
  static const char *const cases[][2] = {
    { "Each user has a keymap of their own.", NULL },
    { "Insert the smartcard before you sign.", NULL },
    { "The testsuite runs on every commit.", NULL },
    { "Run makeinfo to build the manual.", NULL },
    { "The hexstring is printed in capitals.", NULL },
    { "The ctime of the file changed.", NULL },
    { "Check the mtime before you copy it.", NULL },
    { "Read the msgid from the catalogue.", NULL },
    { "The old build left the binary unstripped.", NULL },
    { "Automake reads this file first.", NULL },
    { "Zile is a small editor.", NULL },
    /* Regional Englishes' everyday words. */
    { "The craic on the bus home was mighty.", NULL },
    { "The bakkie collecting you will have our logo on the side.", NULL },
    /* Names become common nouns, and trade words newer than the dictionaries. */
    { "I booked the mat pilates class for Thursday.", NULL },
    { "The staff listened instead of upselling me.", NULL },
    /* A hyphenated compound's plural, and "a" as a letter or the article before a "yoo" sound. */
    { "There are two possible work-arounds for this problem.", NULL },
    { "Keep the list sorted, assuming a is sorted.", NULL },
    { "Print a usage message and exit.", NULL },
    /* Code in prose: a call, a reST role, a file's extension or a dotfile. */
    { "The result is repr(obj) with its quotes.", NULL },
    { "See :attr:`timeout` for the default.", NULL },
    { "Delete the .pyc files and the .netrc file.", NULL },
    /* English's productive suffixes on a known stem: a noun's -like and -ful, an adjective's -ness. */
    { "The room had a prisonlike feel.", NULL },
    { "He drank a shoeful of water.", NULL },
    { "The wiggliness of the worm amused her.", NULL },
    { "Their happyness was clear.", "Their happiness was clear." },
    { "He was very carefull with the money.", "He was very careful with the money." },
    { "Many people smoke cigarrets every day.", "Many people smoke cigarettes every day." },
    { "She cooks foods lke rice and beans.", "She cooks foods like rice and beans." },
    { "I saw hte film last week.", "I saw the film last week." },
    { "His answer was uncorrect.", "His answer was incorrect." },
    { "Techology changes very fast.", "Technology changes very fast." },
  };
  check_cases (r, cases, G_N_ELEMENTS (cases));
}

/* The word lookups take NULL, which rules pass for the word past a sentence's end: a NULL
 * reaching g_str_hash crashed correction ("Let's race and see who gets there first."). */
static void
check_forms_null (Run *r)
{
  g_autoptr (GPtrArray) fam = draftd_forms_verb_family (r->ctx.spell, NULL);
  g_autofree char *plural = draftd_forms_plural (r->ctx.spell, NULL), *singular = draftd_forms_singular (r->ctx.spell, NULL);
  tap_ok (!draftd_forms_is (NULL, 'n') && draftd_forms_irregular_lemma (NULL, 'v') == NULL && plural == NULL && singular == NULL &&
            fam->len == 0 && draftd_forms_noun_lexfile (NULL) == -1 && !draftd_forms_noun_sense_in (NULL, DRAFTD_FORMS_ARTIFACT),
          "word lookups take NULL as no word");
  /* A later sense counts ("pharmacy": the science first, the shop second); one WordNet lacks
   * does not. Without WordNet's files neither does. */
  if (draftd_forms_noun_lexfile ("pharmacy") >= 0)
    tap_ok (draftd_forms_noun_lexfile ("pharmacy") != DRAFTD_FORMS_ARTIFACT && draftd_forms_noun_sense_in ("pharmacy", DRAFTD_FORMS_ARTIFACT) &&
              !draftd_forms_noun_sense_in ("pharmacy", DRAFTD_FORMS_PERSON),
            "a noun's later sense: pharmacy is a shop too");
  g_autofree char *out = correct (r, "Let's race and see who gets there first.");
  tap_ok (g_str_equal (out, "Let's race and see who gets there first."), "a rule's word past the sentence's end: %s", out);
}

static void
check_untouched (Run *r)
{
  static const char *const texts[] = {
    "We flew from Zürich to Reykjavík with a naïve résumé.", "Call parseConfigFile before load_user_prefs in src/utils/strutil.c.",
    "The Frobnitz team met the Qwertzy people in Ljubljana.", "Version 2b of the xq9 tool is on https://example.org/frobz/.",
    "Use `grep -rn foo` and then run ./configure --prefix=/opt/thing.",
    /* Issue 33: native writers' text that was "corrected". */
    "Salander met Pingu at the station.", "Publius wrote to Goltzius and Pandey.", "The costs, however, were not.",
    "Sublicensing is not permitted.", "Two tractor-trailers and the vote-getters watched the motorsport.",
    "It is not a crime per se.", "Restart systemd and draftd after the upgrade.",
    "The patent license, your conveying the work, and the weather are covered whether in Source or Object form.",
    "It was passed on, and we explained where to find it.", "The \"undump\" and \"unexec\" methods are described.",
    "We frobnicate the widget, then frobnicate it again.",
  };
  guint same = 0;
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++) {
    g_autofree char *out = correct (r, texts[i]);
    same += g_str_equal (out, texts[i]);
    if (!g_str_equal (out, texts[i]))
      tap_diag ("changed: %s -> %s", texts[i], out);
  }
  tap_ok (same == G_N_ELEMENTS (texts), "names, identifiers, accents, paths and code are never respelt (%u/%u)", same,
          (guint) G_N_ELEMENTS (texts));
}

int
main (void)
{
  static const char *const dicts[] = { "en_US", "fr", "de_DE" };
  for (guint i = 0; i < G_N_ELEMENTS (dicts); i++) {
    g_autofree char *p = g_strdup_printf ("/usr/share/hunspell/%s.dic", dicts[i]);
    if (!g_file_test (p, G_FILE_TEST_EXISTS))
      return tap_missing_all ("%s is not installed (hunspell-en-us, hunspell-fr, hunspell-de-de)", p);
  }
  g_autofree char *dir = g_dir_make_tmp ("draftd-spelling-XXXXXX", NULL);
  g_autofree char *en_dir = g_build_filename (dir, "en", NULL);
  g_mkdir (en_dir, 0700);
  for (guint k = 0; k < 2; k++) {
    g_autofree char *from = g_strdup_printf ("/usr/share/hunspell/en_US.%s", k ? "aff" : "dic");
    g_autofree char *to = g_strdup_printf ("%s/en_US.%s", en_dir, k ? "aff" : "dic");
    g_assert_true (symlink (from, to) == 0);
  }
  g_autoptr (DraftdVk) vk = test_vk ();
  TestGrammar g;
  if (!test_grammar_context (vk, 7, &g))
    return tap_done ();
  Run r = { g.ctx, draftd_grammar_edits_new () };
  check_languages (&r, en_dir);
  check_personal (&r, dir);
  check_kinds (&r);
  check_typing_cost (&r);
  check_term_shapes (&r);
  check_forms_null (&r);
  check_untouched (&r);
  g_array_unref (r.edits);
  test_grammar_clear (&g);
  test_check_validation ();
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_true (system (cmd) == 0);
  return tap_done ();
}
