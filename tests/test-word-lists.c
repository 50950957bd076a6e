/* Word lists read by one rule everywhere (lib/bus/draftd-bus-words.h): the personal list
 * (grammar/spell.c), a workspace's .draftd/words.txt as the daemon reads it for a request
 * (grammar/candidates.c) and as the language server reads and writes it
 * (client/lsp/words-file.c). A line starting with '#' is a comment in all three; the daemon
 * took "# names of our services" for three words before, while the language server skipped
 * it. A word that would read back as a comment is refused when added; "C#" is a word. */
#include <string.h>
#include <glib/gstdio.h>
#include "client/lsp/words-file.h"
#include "grammar/candidates.h"
#include "grammar/spell.h"
#include "lib/bus/draftd-bus-words.h"
#include "tests/tap.h"

static const char list[] = "# names of our services\n"
                           "frobnicatr\n"
                           "   # an indented comment\n"
                           "\n"
                           "  grepx  \n"
                           "C#\n"
                           "two words\n";

static void
check_rule (void)
{
  tap_ok (draftd_word_valid ("C#") && draftd_word_valid ("naïve") && draftd_word_valid ("e-mail"),
          "C#, naïve and e-mail are words");
  tap_ok (!draftd_word_valid ("#hashtag") && !draftd_word_valid ("two words") && !draftd_word_valid ("") &&
              !draftd_word_valid ("tab\tbed") && !draftd_word_valid ("\xff\xfe"),
          "a leading '#', a space, nothing, a control character and bad UTF-8 are not");
  g_autofree char *long_word = g_strnfill (65, 'a');
  tap_ok (!draftd_word_valid (long_word) && draftd_word_valid (long_word + 1), "64 bytes at most");
  char c1[] = "# a comment", c2[] = "   ", c3[] = "  word \r";
  const char *w3 = draftd_word_list_line (c3);
  tap_ok (draftd_word_list_line (c1) == NULL && draftd_word_list_line (c2) == NULL && g_strcmp0 (w3, "word") == 0,
          "a line: a comment and a blank give none, a word is stripped (CRLF too)");
}

static void
check_personal (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "personal.txt", NULL);
  g_file_set_contents (path, list, -1, NULL);
  DraftdSpell *s = draftd_spell_new (path);
  tap_ok (draftd_spell_is_personal (s, "frobnicatr") && draftd_spell_is_personal (s, "grepx") &&
              draftd_spell_is_personal (s, "C#"),
          "the personal list: its words are read");
  tap_ok (!draftd_spell_is_personal (s, "#") && !draftd_spell_is_personal (s, "names") &&
              !draftd_spell_is_personal (s, "# names of our services") && !draftd_spell_is_personal (s, "two words"),
          "and its comments are not words");
  g_autoptr (GError) error = NULL;
  gboolean added = draftd_spell_add_word (s, "#nope", &error);
  tap_ok (!added && error && strstr (error->message, "'#'"), "a word starting with '#' is refused: %s",
          error ? error->message : "added");
  g_clear_error (&error);
  tap_ok (draftd_spell_add_word (s, "F#", &error) && draftd_spell_is_personal (s, "F#"), "F# is added");
  draftd_spell_free (s);
  s = draftd_spell_new (path);
  tap_ok (draftd_spell_is_personal (s, "F#") && !draftd_spell_is_personal (s, "#nope"), "and reads back after a restart");
  draftd_spell_free (s);
}

static void
check_workspace (const char *dir)
{
  g_autofree char *project = g_build_filename (dir, "project", ".draftd", NULL);
  g_mkdir_with_parents (project, 0700);
  g_autofree char *words = g_build_filename (project, "words.txt", NULL);
  g_file_set_contents (words, list, -1, NULL);
  g_autofree char *doc = g_build_filename (dir, "project", "notes.md", NULL);

  g_autoptr (GHashTable) daemon = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  draftd_candidates_workspace_words (daemon, doc);
  tap_ok (g_hash_table_contains (daemon, "frobnicatr") && g_hash_table_contains (daemon, "grepx") &&
              g_hash_table_contains (daemon, "C#"),
          "the daemon reads a workspace's words");
  gboolean comment = FALSE;
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, daemon);
  while (g_hash_table_iter_next (&it, &key, NULL))
    comment = comment || strchr (key, ' ') || ((const char *) key)[0] == '#';
  tap_ok (!comment && g_hash_table_size (daemon) == 4, "and none of its comments (%u keys: the words, c# lower-cased)",
          g_hash_table_size (daemon));

  g_autoptr (GHashTable) lsp = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GError) error = NULL;
  draftd_lsp_words_file_load (words, lsp, &error);
  tap_ok (error == NULL && g_hash_table_size (lsp) == 3 && g_hash_table_contains (lsp, "frobnicatr") &&
              g_hash_table_contains (lsp, "grepx"),
          "the language server reads the same three words (%u)", g_hash_table_size (lsp));
  g_autofree char *used = NULL;
  gboolean added = draftd_lsp_words_file_add (doc, NULL, "#tag", &used, &error);
  tap_ok (!added && error != NULL, "it refuses a word starting with '#': %s", error ? error->message : "added");
  g_clear_error (&error);
  g_clear_pointer (&used, g_free);
  added = draftd_lsp_words_file_add (doc, NULL, "F#", &used, &error);
  g_autoptr (GHashTable) again = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  draftd_candidates_workspace_words (again, doc);
  tap_ok (added && g_strcmp0 (used, words) == 0 && g_hash_table_contains (again, "F#"),
          "and adds F#, which the daemon then reads (%s)", error ? error->message : "");
}

int
main (void)
{
  g_autofree char *dir = g_dir_make_tmp ("draftd-word-lists-XXXXXX", NULL);
  check_rule ();
  check_personal (dir);
  check_workspace (dir);
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  if (system (rm) != 0)
    tap_diag ("could not remove %s", dir);
  return tap_done ();
}
