/* The shipped defaults fix what writers get wrong: tests/data/one-error.tsv holds short
 * sentences with one error each (spelling, apostrophes, agreement, verb forms, number,
 * articles, confusables, comparatives, prepositions, capitals), each beside its correct twin.
 * Through the grammar driver as the daemon runs it (spelling and candidates judged by the
 * target, then its own pass): at least 90% come back exactly as their twin, and every twin
 * comes back byte-identical. Needs Debian's hunspell-en-us and wordnet-base. */
#include <string.h>
#include "grammar/driver.h"
#include "tests/tap.h"
#include "tests/test-util.h"

typedef struct {
  DraftdGrammarContext ctx;
  guint fixed, kept, pairs;
} Run;

static void
check_pair (Run *r, const char *wrong, const char *right)
{
  g_autofree char *fixed = test_grammar_correct (&r->ctx, wrong, NULL, NULL);
  g_autofree char *kept = test_grammar_correct (&r->ctx, right, NULL, NULL);
  r->pairs++;
  if (fixed && g_str_equal (fixed, right))
    r->fixed++;
  else
    tap_diag ("not fixed: %s -> %s (want %s)", wrong, fixed ? fixed : "(error)", right);
  if (kept && g_str_equal (kept, right))
    r->kept++;
  else
    tap_diag ("clean twin changed: %s -> %s", right, kept ? kept : "(error)");
}

int
main (void)
{
  if (!g_file_test ("/usr/share/hunspell/en_US.dic", G_FILE_TEST_EXISTS))
    return tap_skip_all ("hunspell-en-us is not installed");
  g_autofree char *path = g_build_filename (DRAFTD_SOURCE_ROOT, "tests", "data", "one-error.tsv", NULL);
  g_autofree char *all = NULL;
  g_assert_true (g_file_get_contents (path, &all, NULL, NULL));
  g_autoptr (DraftdVk) vk = test_vk ();
  TestGrammar g;
  if (!test_grammar_context (vk, 0, &g))
    return tap_done ();
  Run r = { g.ctx, 0, 0, 0 };
  g_auto (GStrv) lines = g_strsplit (all, "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    g_auto (GStrv) pair = g_strsplit (lines[i], "\t", 2);
    if (lines[i][0] != '#' && pair[0] && pair[1])
      check_pair (&r, pair[0], pair[1]);
  }
  tap_ok (r.pairs >= 60, "the set holds %u pairs", r.pairs);
  tap_ok (r.fixed * 10 >= r.pairs * 9, "%u/%u one-error sentences fixed (at least 90%%)", r.fixed, r.pairs);
  tap_ok (r.kept == r.pairs, "%u/%u clean twins come back byte-identical", r.kept, r.pairs);
  test_grammar_clear (&g);
  test_check_validation ();
  return tap_done ();
}
