#include "lib/cli/cli.h"
#include <locale.h>
#include <stdio.h>
#include <glib/gstdio.h>

#ifndef DRAFTD_VERSION
#error "DRAFTD_VERSION is defined by the build"
#endif

static void
print_stdout (const char *s)
{
  fputs (s, stdout);
}

static void
print_stderr (const char *s)
{
  fputs (s, stderr);
}

void
draftd_cli_init (void)
{
  setlocale (LC_ALL, "");
  g_set_print_handler (print_stdout);
  g_set_printerr_handler (print_stderr);
}

int
draftd_cli_usage_error (const char *prog, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_printerr ("%s: %s\nTry '%s --help' for the options.\n", prog, msg, prog);
  return DRAFTD_CLI_EXIT_USAGE;
}

int
draftd_cli_fail (const char *prog, const GError *error, int status)
{
  g_printerr ("%s: %s\n", prog, error->message);
  return status;
}

/* The string options GOption filled, by their storage; FILENAME options hold raw bytes. */
static const char *
check_entries_utf8 (const GOptionEntry *entries)
{
  for (const GOptionEntry *e = entries; e && e->long_name; e++) {
    if (e->arg == G_OPTION_ARG_FILENAME || e->arg == G_OPTION_ARG_STRING) {
      const char *s = *(char **) e->arg_data;
      if (s && !g_utf8_validate (s, -1, NULL))
        return e->long_name;
    } else if (e->arg == G_OPTION_ARG_FILENAME_ARRAY || e->arg == G_OPTION_ARG_STRING_ARRAY) {
      char **v = *(char ***) e->arg_data;
      for (guint i = 0; v && v[i]; i++)
        if (!g_utf8_validate (v[i], -1, NULL))
          return e->long_name;
    }
  }
  return NULL;
}

gboolean
draftd_cli_parse (GOptionContext *ctx, const char *prog, const GOptionEntry *entries, int *argc, char ***argv,
                  int *exit_status)
{
  gboolean version = FALSE;
  const GOptionEntry version_entry[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, &version, "print the version and exit", NULL },
    G_OPTION_ENTRY_NULL,
  };
  g_autoptr (GError) error = NULL;
  if (entries)
    g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_add_main_entries (ctx, version_entry, NULL);
  if (!g_option_context_parse (ctx, argc, argv, &error)) {
    *exit_status = draftd_cli_usage_error (prog, "%s", error->message);
    return FALSE;
  }
  if (version) {
    g_print ("%s %s\n", prog, DRAFTD_VERSION);
    *exit_status = DRAFTD_CLI_EXIT_OK;
    return FALSE;
  }
  const char *bad = check_entries_utf8 (entries);
  if (bad) {
    *exit_status = draftd_cli_usage_error (prog, "the value of --%s is not valid UTF-8", bad);
    return FALSE;
  }
  for (int i = 1; i < *argc; i++)
    if (!g_utf8_validate ((*argv)[i], -1, NULL)) {
      *exit_status = draftd_cli_usage_error (prog, "argument %d is not valid UTF-8", i);
      return FALSE;
    }
  return TRUE;
}

char *
draftd_cli_json_text (JsonNode *node, gboolean pretty)
{
  g_autoptr (JsonGenerator) g = json_generator_new ();
  json_generator_set_pretty (g, pretty);
  json_generator_set_root (g, node);
  return json_generator_to_data (g, NULL);
}

char *
draftd_cli_json_builder_text (JsonBuilder *b, gboolean pretty)
{
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  return draftd_cli_json_text (root, pretty);
}

char *
draftd_cli_start_failure (gint64 since, char **path)
{
  g_autofree char *file = g_build_filename (g_get_user_state_dir (), "draftd", "last-error", NULL);
  GStatBuf st;
  char *text = NULL;
  /* A second of slack: the file's time and ours may be rounded differently. */
  if (since == 0 || g_stat (file, &st) != 0 || (gint64) st.st_mtime * G_USEC_PER_SEC < since - G_USEC_PER_SEC ||
      !g_file_get_contents (file, &text, NULL, NULL))
    return NULL;
  if (path)
    *path = g_steal_pointer (&file);
  return g_strchomp (text);
}
