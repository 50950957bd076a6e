#include "daemon/config.h"
#include <glib/gstdio.h>
#include <string.h>

/* The key of a "key = value" line, or NULL. */
static char *
line_key (const char *line)
{
  const char *eq = strchr (line, '=');
  return eq ? g_strstrip (g_strndup (line, eq - line)) : NULL;
}

static void
append_models (GString *out, const char *target, const char *assistant)
{
  g_string_append_printf (out, "target = %s\n", target);
  if (assistant)
    g_string_append_printf (out, "assistant = %s\n", assistant);
}

/* Every line but target= and assistant= in [draftd] is kept as it was (comments, order,
 * blank lines): the file is the user's. The new pair goes right under the section header. */
static char *
rewrite (const char *text, const char *target, const char *assistant)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);
  gboolean in_section = FALSE, written = FALSE;
  guint n = g_strv_length (lines);
  if (n > 0 && *lines[n - 1] == 0)
    n--;  /* the final newline */
  for (guint i = 0; i < n; i++) {
    g_autofree char *stripped = g_strstrip (g_strdup (lines[i]));
    g_autofree char *key = stripped[0] == '#' || stripped[0] == ';' ? NULL : line_key (stripped);
    if (stripped[0] == '[')
      in_section = g_str_equal (stripped, "[draftd]");
    else if (in_section && key && (g_str_equal (key, "target") || g_str_equal (key, "assistant")))
      continue;
    g_string_append_printf (out, "%s\n", lines[i]);
    if (in_section && stripped[0] == '[' && !written) {
      append_models (out, target, assistant);
      written = TRUE;
    }
  }
  if (!written) {
    g_string_append (out, out->len ? "\n[draftd]\n" : "[draftd]\n");
    append_models (out, target, assistant);
  }
  return g_string_free (out, FALSE);
}

gboolean
draftd_config_record_models (const char *path, const char *target, const char *assistant, GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) local = NULL;
  if (!g_file_get_contents (path, &text, NULL, &local)) {
    if (!g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT)) {
      g_propagate_prefixed_error (error, g_steal_pointer (&local), "config %s: ", path);
      return FALSE;
    }
    text = g_strdup ("");
  }
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *next = rewrite (text, target, assistant);
  if (g_mkdir_with_parents (dir, 0700) != 0) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "cannot create %s", dir);
    return FALSE;
  }
  /* Written whole to a temporary file and renamed: a crash leaves the old file or the new. */
  return g_file_set_contents_full (path, next, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}
