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

gboolean
draftd_lsp_words_file_load (const char *path, GHashTable *set, GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) local = NULL;
  if (!g_file_get_contents (path, &text, NULL, &local)) {
    if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
      return TRUE;
    g_propagate_error (error, g_steal_pointer (&local));
    return FALSE;
  }
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    const char *w = draftd_word_list_line (lines[i]);
    if (w)
      g_hash_table_add (set, g_utf8_casefold (w, -1));
  }
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
  g_autofree char *dir = g_path_get_dirname (path);
  if (!g_hash_table_contains (have, fold)) {
    if (g_mkdir_with_parents (dir, 0755) != 0) {
      int err = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (err), "cannot create %s: %s", dir, g_strerror (err));
      return FALSE;
    }
    /* A list whose last line has no newline gets one first, or the word would join that line. */
    g_autofree char *old = NULL;
    gsize len = 0;
    gboolean join = g_file_get_contents (path, &old, &len, NULL) && len > 0 && old[len - 1] != '\n';
    FILE *f = g_fopen (path, "a");
    gboolean ok = f && fprintf (f, "%s%s\n", join ? "\n" : "", word) > 0;
    ok = f && fclose (f) == 0 && ok;
    if (!ok) {
      int err = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (err), "cannot write %s: %s", path, g_strerror (err));
      return FALSE;
    }
  }
  if (used)
    *used = g_steal_pointer (&path);
  return TRUE;
}
