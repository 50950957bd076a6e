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

/* A path written bare reads back as itself unless the parser would change it: it strips
 * spaces at both ends, ends the value at a line break, reads a leading quote as a quoted
 * value and a leading ~ as the home directory. Such a path is written quoted
 * (daemon/config.c's unquote), so every path reads back exactly. */
static gboolean
needs_quotes (const char *v)
{
  gsize n = strlen (v);
  if (n == 0 || g_ascii_isspace (v[0]) || g_ascii_isspace (v[n - 1]) || v[0] == '"' || v[0] == '~')
    return TRUE;
  for (const char *p = v; *p; p++)
    if ((guchar) *p < 0x20 || *p == 0x7f)
      return TRUE;
  return FALSE;
}

static void
append_value (GString *out, const char *key, const char *v)
{
  g_string_append_printf (out, "%s = ", key);
  if (!needs_quotes (v)) {
    g_string_append_printf (out, "%s\n", v);
    return;
  }
  g_string_append_c (out, '"');
  for (const char *p = v; *p; p++) {
    guchar c = (guchar) *p;
    if (c == '\\' || c == '"')
      g_string_append_printf (out, "\\%c", c);
    else if (c == '\n')
      g_string_append (out, "\\n");
    else if (c == '\t')
      g_string_append (out, "\\t");
    else if (c == '\r')
      g_string_append (out, "\\r");
    else if (c < 0x20 || c == 0x7f)
      g_string_append_printf (out, "\\x%02x", c);
    else
      g_string_append_c (out, (char) c);
  }
  g_string_append (out, "\"\n");
}

static void
append_models (GString *out, const char *target, const char *assistant)
{
  append_value (out, "target", target);
  if (assistant)
    append_value (out, "assistant", assistant);
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
  /* The file is UTF-8 text (the parser refuses anything else): a path that is not is refused
   * before it is recorded, rather than recorded unreadable. (D-Bus strings are UTF-8.) */
  if (!g_utf8_validate (target, -1, NULL) || (assistant && !g_utf8_validate (assistant, -1, NULL))) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "config %s: a path that is not UTF-8 cannot be recorded", path);
    return FALSE;
  }
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
