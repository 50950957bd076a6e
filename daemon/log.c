#include "daemon/log.h"
#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static gboolean use_journal;

/* A bus-activated daemon gets /dev/null as stderr: what it says would be lost. */
static gboolean
stderr_is_null (void)
{
  struct stat st, null_st;
  return fstat (STDERR_FILENO, &st) == 0 && stat ("/dev/null", &null_st) == 0 && S_ISCHR (st.st_mode) &&
         st.st_rdev == null_st.st_rdev;
}

/* On a terminal or in a log file: "draftd: warning: text", one line, like the tools. */
static void
write_stderr (GLogLevelFlags level, const GLogField *fields, gsize n_fields)
{
  const char *message = NULL;
  gboolean err = FALSE;
  for (gsize i = 0; i < n_fields; i++) {
    if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0)
      message = fields[i].value;
    if (g_str_equal (fields[i].key, "PRIORITY") && fields[i].length < 0)
      err = g_str_equal (fields[i].value, "3");
  }
  const char *prefix = err || level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL) ? "error: "
                       : level & G_LOG_LEVEL_WARNING                     ? "warning: "
                                                                         : "";
  fprintf (stderr, "draftd: %s%s\n", prefix, message ? message : "");
  fflush (stderr);
}

static GLogWriterOutput
writer (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer user)
{
  const char *domain = NULL;
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "GLIB_DOMAIN"))
      domain = fields[i].value;
  if (g_log_writer_default_would_drop (level, domain))
    return G_LOG_WRITER_HANDLED;
  if (use_journal && g_log_writer_journald (level, fields, n_fields, user) == G_LOG_WRITER_HANDLED)
    return G_LOG_WRITER_HANDLED;
  write_stderr (level, fields, n_fields);
  return G_LOG_WRITER_HANDLED;
}

void
draftd_log_setup (gboolean verbose)
{
  use_journal = g_log_writer_is_journald (STDERR_FILENO) ||
                (stderr_is_null () && g_file_test ("/run/systemd/journal/socket", G_FILE_TEST_EXISTS));
  if (verbose)
    g_log_set_debug_enabled (TRUE);
  g_log_set_writer_func (writer, NULL, NULL);
}

char *
draftd_last_error_path (void)
{
  return g_build_filename (g_get_user_state_dir (), "draftd", "last-error", NULL);
}

void
draftd_log_last_error (const char *message)
{
  g_autofree char *path = draftd_last_error_path ();
  if (message == NULL) {
    g_unlink (path);
    return;
  }
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = g_strconcat (message, "\n", NULL);
  /* Whole or not at all (the rename): draft never reads half a reason. */
  if (g_mkdir_with_parents (dir, 0700) != 0 || !g_file_set_contents (path, text, -1, &error))
    g_warning ("cannot write %s, where draft looks for why draftd did not start: %s", path,
               error ? error->message : g_strerror (errno));
}

void
draftd_log_error (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  const GLogField fields[] = {
    { "MESSAGE", msg, -1 },
    { "PRIORITY", "3", -1 },
    { "GLIB_DOMAIN", G_LOG_DOMAIN, -1 },
  };
  g_log_structured_array (G_LOG_LEVEL_WARNING, fields, G_N_ELEMENTS (fields));
}
