/* Correction beyond English on learners' text (issue 51): the learner development set
 * (tests/data/learners.tsv: Spanish, Czech, Russian, Ukrainian, French and German sentences with the slips
 * learners make, and clean ones) corrected line by line with no language named. Per language
 * it holds how many sentences came closer to what was meant and how few were changed without
 * coming closer (a wrong word for a wrong word) or moved away, by word edit distance, and
 * that no clean sentence is touched: the counts behind the GLEU and edit
 * precision tools/eval-lang.py prints (docs/correction.md#languages). */
#include <string.h>
#include "grammar/driver.h"
#include "tests/tap.h"
#include "tests/test-util.h"

/* What each language must hold, with the suite's pinned dictionaries. At c012b69, before the
 * respelling rules of this set: es 10 closer, 2 further; cs 14; ru 7 with 2 wrong words
 * ("бушующем", "всосем"); uk 3. Before unmarked text was identified by its words: es 17 closer
 * (16 before es.determiner-gender's "La problema" -> "El problema"), 1 no closer ("viajar" ->
 * "viatjar": the line taken for Catalan); cs 15, 3 ("cestoid": plain ASCII taken for English,
 * "záhrade": for Slovak, "milý" for "milí"). Measured now: es 19, 0; cs 23, 2 ("záhrade",
 * "milý"); ru 7, 2 ("всосем", "карбинов"); uk 5, 0. With slips of the ear (respell.c): cs 24,
 * 2; ru 11, 1 ("карбинов"). fr 3, 0 and de 7, 0 when their lines were added. With 14 Czech
 * and 10 Russian lines more: cs 24, 2 and ru 13, 1 before; with the first of several marked
 * forms taken and undetermined sentences settled by the dictionaries: cs 35, 4 (a marked
 * form is a guess, wrong now and then), ru 13, 1. With Russian's rules of spelling
 * ("свежые", "щастливый", "празник"), a dropped letter put back ahead of a changed one
 * ("следущим") and Czech words of two letters ("uz"): cs 36, 4; ru 19, 1. With unmarked
 * Czech taken back from Polish and Italian ("Mam nove kolo ...", was "novę", "każdy") and every
 * candidate counting marks in unmarked text ("Moje mama vari dobrou polevku."), Russian's "ы"/"и"
 * endings ("домашным") and no name a respelling of a lower-case word ("сахора": "Сахара"): cs 38, 3
 * ("záhrade", "kamaraď", "milý"); ru 21, 1; fr 5, 0 measured then. With 23 Czech and 12 Slovak
 * lines more, English words written without marks respelt where the writer leaves marks out
 * ("ma", "vas"), unmarked Czech taken back from English ("Mam rad cestovani a sport."), the
 * lower-case word's suggestions for a capitalised one ("Vas": "Vás", not the name "Vaš"), a
 * first word known only as a surname ("Velky") and Czech and Slovak the dictionaries cannot
 * tell agreeing: cs 51, 4 (the fourth "cestovaní", the first of two marked forms, as
 * Hunspell's first); sk 3, 0. With a word's one form with a single mark more that the index
 * does not suggest ("dia": "día") es 21, 0; with Ukrainian's apostrophe left out ("сімєю") and 5
 * Ukrainian lines more, uk 11, 0. With 8 lines more (lang55: Ukrainian "є" after a vowel and
 * in "синє", "ввечорі" no longer "вечорі", Russian "ножём", a Spanish line with a Portuguese
 * word, Slovak "naucit") and 2 of Spanish b/v ("llevava"): es 23, 0; sk 6, 0 (3, 0 at main:
 * "naucit" had no suggestion with "naučiť"); ru 23, 1; uk 14, 0 (11, 1 at main); cs 51, 4 with
 * a line whose typed mark no form may take away ("mím": "mim" beside "ním"). With 6 Russian
 * and 3 Spanish lines more (lang56: a soft sign put in, "ключь", "удивилься"; ru.tsya-tsa,
 * "должны готовится", "нам нравиться"; English words among Spanish ones taking their marks,
 * "opinion", "lei", but not a quoted value, «version»): ru 29, 1 (23, 1 before); es 25, 1,
 * the one "simpatico" -> "simpático" where "simpática" was meant (24, 0 before); fr 7, 0 (5,
 * 0 before: "tres", "telephone", English words among French ones). With 6 Ukrainian and 2
 * Czech lines more (lang57: "і" for "и", "прочітала"; "ь" for the apostrophe, "пьють"; "красиви"
 * no "красивий"; Czech named Slovak on a tie, "naucit" left, and "ucit" not Slovak's "uciť"):
 * uk 18, 0 (14, 0 at main, which made "красиви" "красивий"); cs 52, 4. With the comma before a
 * subordinate clause (lang57b: punctuation.comma-clause, "що", "что", "який") and Ukrainian's
 * Russianisms (uk.russianism): uk 23, 0; ru 30, 1 (no new lines). */
static const struct {
  const char *lang;
  guint lines, errors, closer_min, wasted_max;
} expected[] = {
  { "es", 76, 46, 25, 1 },
  { "cs", 106, 70, 52, 4 },
  { "sk", 14, 7, 6, 0 },
  { "ru", 82, 43, 30, 1 },
  { "uk", 79, 29, 23, 0 },
  { "fr", 21, 9, 7, 0 },
  { "de", 22, 10, 7, 0 },
};

typedef struct {
  guint lines, errors, closer, wasted, exact, clean_changed;
} Counts;

/* Words and punctuation marks, as tools/eval-lang.py splits them. */
static GPtrArray *
tokens (const char *s)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  const char *p = s;
  while (*p) {
    gunichar c = g_utf8_get_char (p);
    const char *q = g_utf8_next_char (p);
    if (g_unichar_isalnum (c) || c == '_') {
      /* A word, with its inner apostrophes ("сім'єю", "l'été"). */
      while (*q) {
        gunichar d = g_utf8_get_char (q);
        const char *r = g_utf8_next_char (q);
        if (g_unichar_isalnum (d) || d == '_' || ((d == '\'' || d == 0x2019) && *r && g_unichar_isalnum (g_utf8_get_char (r))))
          q = r;
        else
          break;
      }
    }
    if (!g_unichar_isspace (c))
      g_ptr_array_add (out, g_strndup (p, q - p));
    p = q;
  }
  return out;
}

static guint
distance (GPtrArray *a, GPtrArray *b)
{
  g_autofree guint *row = g_new (guint, b->len + 1);
  for (guint j = 0; j <= b->len; j++)
    row[j] = j;
  for (guint i = 1; i <= a->len; i++) {
    guint diag = row[0];
    row[0] = i;
    for (guint j = 1; j <= b->len; j++) {
      guint up = row[j];
      guint sub = diag + !g_str_equal (a->pdata[i - 1], b->pdata[j - 1]);
      row[j] = MIN (MIN (row[j] + 1, row[j - 1] + 1), sub);
      diag = up;
    }
  }
  return row[b->len];
}

static void
count_line (Counts *n, const char *src, const char *want, const char *got)
{
  g_autoptr (GPtrArray) s = tokens (src), w = tokens (want), g = tokens (got);
  guint before = distance (s, w), after = distance (g, w);
  n->lines++;
  n->errors += !g_str_equal (src, want);
  n->closer += after < before;
  n->wasted += !g_str_equal (got, src) && after >= before;
  n->exact += !g_str_equal (src, want) && g_str_equal (got, want);
  n->clean_changed += g_str_equal (src, want) && !g_str_equal (got, src);
  if (!g_str_equal (got, src) && after >= before)
    tap_diag ("no closer: %s -> %s (want %s)", src, got, want);
}

static void
check_language (DraftdGrammarContext *ctx, GStrv lines, guint k)
{
  Counts n = { 0 };
  for (guint i = 0; lines[i]; i++) {
    g_auto (GStrv) f = g_strsplit (lines[i], "\t", 3);
    guint nf = g_strv_length (f);
    if (lines[i][0] == '#' || nf < 2 || !g_str_equal (f[0], expected[k].lang))
      continue;
    const char *want = nf == 3 ? f[2] : f[1];
    g_autofree char *got = test_grammar_correct (ctx, f[1], NULL, NULL);
    g_assert_nonnull (got);
    count_line (&n, f[1], want, got);
  }
  tap_diag ("%s: %u lines, %u with errors: %u closer (%u exactly as meant), %u changed no closer, %u clean changed",
            expected[k].lang, n.lines, n.errors, n.closer, n.exact, n.wasted, n.clean_changed);
  tap_ok (n.lines == expected[k].lines && n.errors == expected[k].errors && n.closer >= expected[k].closer_min &&
              n.wasted <= expected[k].wasted_max && n.clean_changed == 0,
          "%s learners: %u/%u sentences closer to what was meant (at least %u), %u changed no closer (at most %u), %u of %u "
          "clean changed",
          expected[k].lang, n.closer, n.errors, expected[k].closer_min, n.wasted, expected[k].wasted_max, n.clean_changed,
          n.lines - n.errors);
}

/* Native prose of one language (tests/data/native.tsv): not a sentence changed. */
static void
check_native (DraftdGrammarContext *ctx, GStrv lines, const char *lang)
{
  guint n = 0, changed = 0;
  for (guint i = 0; lines[i]; i++) {
    g_auto (GStrv) f = g_strsplit (lines[i], "\t", 2);
    if (lines[i][0] == '#' || g_strv_length (f) != 2 || !g_str_equal (f[0], lang))
      continue;
    g_autofree char *got = test_grammar_correct (ctx, f[1], NULL, NULL);
    g_assert_nonnull (got);
    n++;
    if (!g_str_equal (got, f[1])) {
      changed++;
      tap_diag ("native text changed: %s -> %s", f[1], got);
    }
  }
  tap_ok (n >= 30 && changed == 0, "%s native prose: %u of %u sentences changed", lang, changed, n);
}

int
main (void)
{
  const char *need[] = { "en_US", "es_ES", "cs_CZ", "sk_SK", "ru_RU", "uk_UA", "fr_FR", "de_DE" };
  for (guint i = 0; i < G_N_ELEMENTS (need); i++) {
    g_autofree char *p = g_strdup_printf ("%s/%s.dic", g_getenv ("DRAFTD_DICT_PATH"), need[i]);
    if (!g_file_test (p, G_FILE_TEST_EXISTS))
      return tap_missing_all ("the pinned dictionaries lack %s (tools/setup-debian.sh --tests installs them)", need[i]);
  }
  g_autofree char *path = g_build_filename (DRAFTD_SOURCE_ROOT, "tests", "data", "learners.tsv", NULL);
  g_autofree char *all = NULL;
  g_assert_true (g_file_get_contents (path, &all, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (all, "\n", -1);
  g_autoptr (DraftdVk) vk = test_vk ();
  TestGrammar g;
  if (!test_grammar_context (vk, 0, &g))
    return tap_done ();
  for (guint k = 0; k < G_N_ELEMENTS (expected); k++)
    check_language (&g.ctx, lines, k);
  g_autofree char *native_path = g_build_filename (DRAFTD_SOURCE_ROOT, "tests", "data", "native.tsv", NULL);
  g_autofree char *native = NULL;
  g_assert_true (g_file_get_contents (native_path, &native, NULL, NULL));
  g_auto (GStrv) native_lines = g_strsplit (native, "\n", -1);
  check_native (&g.ctx, native_lines, "ru");
  check_native (&g.ctx, native_lines, "cs");
  test_grammar_clear (&g);
  test_check_validation ();
  return tap_done ();
}
