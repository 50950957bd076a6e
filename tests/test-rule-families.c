/* The rule families of issue 45 (grammar/families-en.c), each held to its own examples:
 * tests/data/rule-examples.tsv names a rule, sentences it must fix (exactly as their twin,
 * with an edit that names the rule) and sentences it must leave byte-identical. Through the
 * grammar driver as the daemon runs it, with the shipped models. A fix marked fire-lg needs
 * link-grammar (grammar/structure.h) and is skipped in a build without it. Needs Debian's
 * hunspell-en-us and wordnet-base. */
#include <string.h>
#include "grammar/driver.h"
#include "grammar/structure.h"
#include "lib/bus/draftd-bus-rules.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static gboolean large_target;

/* The text corrected, whether one of its edits names `rule`, and how many edits there were. */
static char *
correct (DraftdGrammarContext *ctx, const char *text, const char *rule, gboolean *named, guint *n_edits)
{
  /* As the daemon decides by the target's size: the shipped one's candidates alone. */
  DraftdGrammarRequest req = { .candidates_only = !large_target, .large_model = large_target };
  g_autoptr (GArray) edits = draftd_grammar_edits_new ();
  char *out = test_grammar_correct (ctx, text, &req, edits);
  *named = FALSE;
  *n_edits = edits->len;
  for (guint i = 0; i < edits->len; i++) {
    const DraftdGrammarEdit *e = &g_array_index (edits, DraftdGrammarEdit, i);
    *named |= g_strcmp0 (e->rule, rule) == 0;
    if (g_strcmp0 (e->rule, rule) != 0)
      tap_diag ("  %s: edit '%.*s' -> '%s' is %s", text, (int) (e->end - e->start), text + e->start, e->replacement, e->rule);
  }
  return out;
}

static void
check (DraftdGrammarContext *ctx, char **cols)
{
  gboolean lg = g_str_equal (cols[1], "fire-lg"), fire = lg || g_str_equal (cols[1], "fire"), named;
  if (lg && draftd_structure_parse ("This is a sentence.") == DRAFTD_STRUCTURE_UNKNOWN) {
    tap_skip ("%s fixes %s only with link-grammar, which this build lacks", cols[0], cols[2]);
    return;
  }
  guint n_edits;
  g_autofree char *out = correct (ctx, cols[2], cols[0], &named, &n_edits);
  const char *want = fire ? cols[3] : cols[2];
  /* One error, one fix: an editor offers it as one diagnostic, even where the diff of the
   * answer would cut it around the words it keeps ("Me and my cousin" -> "My cousin and I"). */
  if (fire)
    tap_ok (g_strcmp0 (out, want) == 0 && named && n_edits == 1, "%s fixes, in %u edit(s): %s -> %s", cols[0], n_edits, cols[2],
            out ? out : "(error)");
  else
    tap_ok (g_strcmp0 (out, want) == 0, "%s leaves alone: %s -> %s", cols[0], cols[2], out ? out : "(error)");
}

int
main (void)
{
  if (!g_file_test ("/usr/share/hunspell/en_US.dic", G_FILE_TEST_EXISTS) || !g_file_test ("/usr/share/wordnet/index.noun", G_FILE_TEST_EXISTS))
    return tap_skip_all ("hunspell-en-us or wordnet-base is not installed");
  g_autofree char *path = g_build_filename (DRAFTD_SOURCE_ROOT, "tests", "data", "rule-examples.tsv", NULL);
  g_autofree char *all = NULL;
  g_assert_true (g_file_get_contents (path, &all, NULL, NULL));
  g_autoptr (DraftdVk) vk = test_vk ();
  TestGrammar g;
  if (!test_grammar_context (vk, 0, &g))
    return tap_done ();
  large_target = g.large;
  g_auto (GStrv) lines = g_strsplit (all, "\n", -1);
  g_autoptr (GHashTable) fires = g_hash_table_new (g_str_hash, g_str_equal), keeps = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; lines[i]; i++) {
    g_auto (GStrv) cols = g_strsplit (lines[i], "\t", 4);
    /* An empty line splits into no columns at all: count them before reading any. */
    if (lines[i][0] == '#' || g_strv_length (cols) < 3)
      continue;
    gboolean fire = g_str_has_prefix (cols[1], "fire");
    if (fire && cols[3] == NULL)
      continue;
    check (&g.ctx, cols);
    g_hash_table_add (fire ? fires : keeps, (gpointer) g_intern_string (cols[0]));
  }
  /* Every family has examples of both kinds. */
  g_autoptr (GList) names = g_hash_table_get_keys (fires);
  guint both = 0, listed = 0;
  for (GList *n = names; n; n = n->next) {
    both += g_hash_table_contains (keeps, n->data);
    listed += draftd_rule_known (n->data);
    if (!draftd_rule_known (n->data))
      tap_diag ("%s is not in draftd_rules(): draft rules and --disable do not know it", (const char *) n->data);
  }
  tap_ok (listed == g_hash_table_size (fires), "every family's id is listed by draft rules and taken by --disable");
  tap_ok (g_hash_table_size (fires) >= 15 && both == g_hash_table_size (fires) && both == g_hash_table_size (keeps),
          "%u rules, each with sentences it must fix and sentences it must leave alone", both);
  test_grammar_clear (&g);
  test_check_validation ();
  return tap_done ();
}
