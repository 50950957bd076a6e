/* The suggestion index over a Hunspell dictionary's forms (grammar/spell-index.h): built
 * from a copy of Debian's en_US and cached, read back from the cache, rebuilt when the
 * dictionary changes and when the cache is damaged (never trusted; both on a part of en_US,
 * since each case is a whole build), its suggestions for
 * learners' misspellings, Hunspell's own suggestions where the index finds nothing, and the
 * user's words among the suggestions. Needs Debian's hunspell-en-us. */
#include <string.h>
#include <glib/gstdio.h>
#include "grammar/spell.h"
#include "grammar/spell-index.h"
#include "grammar/spell-affix.h"
#include "tests/tap.h"

typedef struct {
  char *dir, *aff, *dic, *cache;
  Hunhandle *h;
} Fixture;

static DraftdSpellIndex *
open_index (Fixture *f, const char *what)
{
  g_autoptr (GError) error = NULL;
  DraftdSpellIndex *idx = draftd_spell_index_open (f->h, f->aff, f->dic, NULL, f->cache, &error);
  tap_no_error (error, "%s: the index opens", what);
  return idx;
}

static gboolean
first_is (const DraftdSpellIndex *idx, const char *typed, const char *want)
{
  g_autoptr (GArray) s = draftd_spell_index_suggest (idx, typed, 10);
  const char *got = s->len ? g_array_index (s, DraftdSpellSuggestion, 0).word : "(none)";
  gboolean ok = g_str_equal (got, want);
  if (!ok)
    tap_diag ("%s: first suggestion %s, not %s", typed, got, want);
  for (guint i = 0; i < s->len; i++)
    g_free (g_array_index (s, DraftdSpellSuggestion, i).word);
  return ok;
}

static void
check_forms (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) forms = draftd_spell_affix_expand (f->h, f->aff, f->dic, NULL, &error);
  tap_no_error (error, "the dictionary's forms are expanded");
  g_autoptr (GHashTable) set = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean accepted = TRUE;
  for (guint i = 0; forms && i < forms->len; i++) {
    g_hash_table_add (set, forms->pdata[i]);
    accepted = accepted && Hunspell_spell (f->h, forms->pdata[i]) != 0;
  }
  tap_ok (forms && forms->len > 100000, "en_US makes over 100,000 forms (%u)", forms ? forms->len : 0);
  tap_ok (accepted, "Hunspell accepts every form");
  const char *want[] = { "accommodated", "businesses", "unfortunately", "differently", "rewriting", "children's" };
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    tap_ok (g_hash_table_contains (set, want[i]), "the forms include %s", want[i]);
  tap_ok (!g_hash_table_contains (set, "bullshit") && !g_hash_table_contains (set, "bullshitting"),
          "a stem flagged NOSUGGEST is never a form");
}

static void
check_cache (Fixture *f)
{
  g_autofree char *path = draftd_spell_index_cache_path (f->cache, f->dic);
  g_autoptr (DraftdSpellIndex) built = open_index (f, "first use");
  tap_ok (built && !draftd_spell_index_from_cache (built), "the first use builds the index");
  tap_ok (g_file_test (path, G_FILE_TEST_IS_REGULAR), "and caches it in %s", path);
  g_autoptr (DraftdSpellIndex) again = open_index (f, "second use");
  tap_ok (again && draftd_spell_index_from_cache (again), "the second use reads the cache");
  tap_ok (again && built && draftd_spell_index_size (again) == draftd_spell_index_size (built),
          "with the same %u forms", built ? draftd_spell_index_size (built) : 0);
  tap_ok (again && first_is (again, "accomadated", "accommodated"), "the cached index suggests as the built one");
}

/* Damage and change, on a dictionary of en_US's first few thousand stems: every case
 * below rebuilds the index, the same code whatever the dictionary's size, and en_US whole
 * took 20 s a build under ASan. */
static void
check_rebuilds (Fixture *f)
{
  g_autofree char *path = draftd_spell_index_cache_path (f->cache, f->dic);
  g_autoptr (DraftdSpellIndex) built = open_index (f, "small dictionary, first use");
  tap_ok (built && !draftd_spell_index_from_cache (built) && draftd_spell_index_size (built) > 1000,
          "a small dictionary is indexed (%u forms)", built ? draftd_spell_index_size (built) : 0);

  /* A damaged cache (one byte flipped, then cut short, then garbage) is rebuilt. */
  g_autofree char *data = NULL;
  gsize len = 0;
  g_file_get_contents (path, &data, &len, NULL);
  tap_ok (len > 100, "its cache is written (%zu bytes)", len);
  const char *damage[] = { "a byte flipped", "cut short", "garbage" };
  for (guint k = 0; k < G_N_ELEMENTS (damage) && len > 100; k++) {
    g_autofree char *bad = g_memdup2 (data, len);
    bad[len / 2] ^= 0x20;
    gsize blen = k == 1 ? len / 3 : len;
    if (k == 2)
      memset (bad, 'x', 64);
    g_file_set_contents (path, bad, blen, NULL);
    g_autoptr (DraftdSpellIndex) idx = open_index (f, damage[k]);
    tap_ok (idx && !draftd_spell_index_from_cache (idx) && draftd_spell_index_size (idx) == draftd_spell_index_size (built),
            "a cache %s is rebuilt, never trusted", damage[k]);
  }
  g_autoptr (DraftdSpellIndex) healed = open_index (f, "after the damage");
  tap_ok (healed && draftd_spell_index_from_cache (healed), "and the rebuilt cache is read the next time");

  /* A word added to the dictionary: another size and mtime, a new index that knows it. */
  g_autofree char *dic = NULL;
  g_file_get_contents (f->dic, &dic, NULL, NULL);
  g_autofree char *more = g_strconcat (dic, "quizzicalness/M\n", NULL);
  g_file_set_contents (f->dic, more, -1, NULL);
  Hunspell_destroy (f->h);
  f->h = Hunspell_create (f->aff, f->dic);
  g_autoptr (DraftdSpellIndex) changed = open_index (f, "changed dictionary");
  tap_ok (changed && !draftd_spell_index_from_cache (changed), "a changed dictionary is indexed again");
  tap_ok (changed && first_is (changed, "quizicalness", "quizzicalness"), "and the new index has its new word");
}

static void
check_suggestions (Fixture *f)
{
  g_autoptr (DraftdSpellIndex) idx = open_index (f, "suggestions");
  if (idx == NULL)
    return;
  tap_ok (first_is (idx, "accomadated", "accommodated"), "accomadated -> accommodated");
  tap_ok (first_is (idx, "difrent", "different"), "difrent -> different");
  tap_ok (first_is (idx, "Difrent", "Different"), "in the word's case: Difrent -> Different");
  tap_ok (first_is (idx, "DIFRENT", "DIFFERENT"), "DIFRENT -> DIFFERENT");
  tap_ok (first_is (idx, "recieve", "receive"), "recieve -> receive (two letters swapped)");
  tap_ok (first_is (idx, "alot", "a lot"), "alot -> a lot (two words run together)");
  tap_ok (first_is (idx, "english", "English"), "english -> English (a name in lower case)");
  g_autoptr (GArray) none = draftd_spell_index_suggest (idx, "xqzvwpt", 10);
  tap_ok (none->len == 0, "nothing within two edits of xqzvwpt");
  tap_ok (draftd_spell_index_cost ("leter", "letter") < draftd_spell_index_cost ("leter", "lever"),
          "a letter undoubled costs less than one changed");
  tap_ok (draftd_spell_index_cost ("abc", "xyzabc") < 0, "three edits are beyond the index");
}

/* Through DraftdSpell, as the candidate stage asks: the index first, Hunspell's own
 * suggestions where it finds nothing, the user's words among them. */
static void
check_spell (Fixture *f)
{
  g_setenv ("DRAFTD_DICT_PATH", f->dir, TRUE);
  g_setenv ("XDG_CACHE_HOME", f->cache, TRUE);
  g_autofree char *words = g_build_filename (f->dir, "words.txt", NULL);
  g_autoptr (DraftdSpell) spell = draftd_spell_new (words);
  const char *cases[][2] = { { "Unforturntly", "Unfortunately" }, { "accomadated", "accommodated" },
                             { "difrent", "different" }, { "buissnes", "business" } };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_auto (GStrv) s = draftd_spell_suggest (spell, "en", cases[i][0]);
    gboolean found = FALSE;
    for (guint k = 0; s[k] && k < 6 && !found; k++)
      found = g_str_equal (s[k], cases[i][1]);
    g_autofree char *all = g_strjoinv (", ", s);
    tap_ok (found, "%s: %s among the first six (%s)", cases[i][0], cases[i][1], all);
  }
  g_auto (GStrv) before = draftd_spell_suggest (spell, "en", "draftdd");
  g_autoptr (GError) error = NULL;
  draftd_spell_add_word (spell, "draftd", &error);
  tap_no_error (error, "a personal word is added");
  g_auto (GStrv) after = draftd_spell_suggest (spell, "en", "draftdd");
  tap_ok ((before[0] == NULL || !g_str_equal (before[0], "draftd")) && after[0] && g_str_equal (after[0], "draftd"),
          "the user's word is suggested once added: draftdd -> %s", after[0] ? after[0] : "(none)");
  g_unsetenv ("DRAFTD_DICT_PATH");
}

static gboolean
copy_file (const char *from, const char *to)
{
  g_autofree char *data = NULL;
  gsize len;
  return g_file_get_contents (from, &data, &len, NULL) && g_file_set_contents (to, data, len, NULL);
}

int
main (void)
{
  if (!g_file_test ("/usr/share/hunspell/en_US.dic", G_FILE_TEST_EXISTS))
    return tap_skip_all ("needs Debian's hunspell-en-us");
  Fixture f = { 0 };
  f.dir = g_dir_make_tmp ("draftd-spell-index-XXXXXX", NULL);
  f.aff = g_build_filename (f.dir, "en_US.aff", NULL);
  f.dic = g_build_filename (f.dir, "en_US.dic", NULL);
  f.cache = g_build_filename (f.dir, "cache", NULL);
  if (!copy_file ("/usr/share/hunspell/en_US.aff", f.aff) || !copy_file ("/usr/share/hunspell/en_US.dic", f.dic))
    return tap_skip_all ("cannot copy en_US to %s", f.dir);
  f.h = Hunspell_create (f.aff, f.dic);
  check_forms (&f);
  check_cache (&f);
  check_suggestions (&f);
  check_spell (&f);
  Hunspell_destroy (f.h);

  /* The small dictionary: en_US's count line replaced, its first 3000 stems kept. */
  Fixture small = { .dir = f.dir, .aff = f.aff };
  small.dic = g_build_filename (f.dir, "small.dic", NULL);
  small.cache = g_build_filename (f.dir, "small-cache", NULL);
  g_autofree char *all = NULL;
  g_file_get_contents ("/usr/share/hunspell/en_US.dic", &all, NULL, NULL);
  g_auto (GStrv) lines = g_strsplit (all ? all : "", "\n", 3002);
  g_autoptr (GString) part = g_string_new ("3000\n");
  for (guint i = 1; lines[i] && i <= 3000; i++)
    g_string_append_printf (part, "%s\n", lines[i]);
  g_file_set_contents (small.dic, part->str, part->len, NULL);
  small.h = Hunspell_create (small.aff, small.dic);
  check_rebuilds (&small);
  Hunspell_destroy (small.h);
  g_free (small.dic);
  g_free (small.cache);
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", f.dir);
  if (system (rm) != 0)
    tap_diag ("could not remove %s", f.dir);
  g_free (f.dir);
  g_free (f.aff);
  g_free (f.dic);
  g_free (f.cache);
  return tap_done ();
}
