#include "client/lsp/words-file.h"
#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include "lib/bus/draftd-bus-words.h"

char *
draftd_lsp_words_file_find (const char *file)
{
  g_autofree char *dir = g_path_get_dirname (file);
  for (;;) {
    g_autofree char *candidate = g_build_filename (dir, DRAFTD_LSP_WORDS_FILE, NULL);
    if (g_file_test (candidate, G_FILE_TEST_IS_REGULAR))
      return g_steal_pointer (&candidate);
    g_autofree char *up = g_path_get_dirname (dir);
    if (g_str_equal (up, dir))
      return NULL;
    g_free (dir);
    dir = g_steal_pointer (&up);
  }
}

static void
add_folded (const char *word, gpointer set)
{
  g_hash_table_add (set, g_utf8_casefold (word, -1));
}

gboolean
draftd_lsp_words_file_load (const char *path, GHashTable *set, GError **error)
{
  g_autofree char *text = NULL;
  gsize length = 0;
  if (!draftd_word_list_read (path, &text, &length, error))
    return FALSE;
  /* Lines that are not text are skipped as the daemon skips them. */
  if (text)
    g_free (draftd_word_list_parse (text, length, add_folded, set));
  return TRUE;
}

/* Where a new list goes: the workspace root when the file lies under it, else the file's folder. */
static char *
new_list_path (const char *file, const char *root)
{
  g_autofree char *dir = g_path_get_dirname (file);
  gsize n = root ? strlen (root) : 0;
  gboolean inside = root && strncmp (dir, root, n) == 0 && (dir[n] == 0 || dir[n] == '/' || (n > 0 && root[n - 1] == '/'));
  return g_build_filename (inside ? root : dir, DRAFTD_LSP_WORDS_FILE, NULL);
}

gboolean
draftd_lsp_words_file_add (const char *file, const char *root, const char *word, char **used, GError **error)
{
  if (!draftd_word_valid (word)) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "a workspace word: " DRAFTD_WORD_RULE);
    return FALSE;
  }
  g_autofree char *path = draftd_lsp_words_file_find (file);
  if (path == NULL)
    path = new_list_path (file, root);
  g_autoptr (GHashTable) have = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (!draftd_lsp_words_file_load (path, have, error))
    return FALSE;
  g_autofree char *fold = g_utf8_casefold (word, -1);
  if (!g_hash_table_contains (have, fold) && !draftd_word_list_append (path, word, 0755, error))
    return FALSE;
  if (used)
    *used = g_steal_pointer (&path);
  return TRUE;
}
