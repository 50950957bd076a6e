#include "tests/cli-run.h"
#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/tap.h"

gboolean
cli_run (const char *exe, const char *const *args, const char *const *env, const char *stdin_text, CliResult *r)
{
  memset (r, 0, sizeof *r);
  g_autofree char *path = g_path_is_absolute (exe) ? g_strdup (exe) : g_build_filename (DRAFTD_BUILD_ROOT, exe, NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, path);
  for (guint i = 0; args && args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_autoptr (GSubprocessLauncher) l = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  /* The input comes from a file, not a pipe: a program that refuses its arguments exits before
   * reading it, and writing into a pipe nobody reads kills this test with SIGPIPE (or, ignored,
   * fails the whole exchange and loses the program's answer). */
  g_autoptr (GError) error = NULL;
  g_autofree char *in_path = NULL;
  int in_fd = g_file_open_tmp ("draftd-cli-XXXXXX", &in_path, &error);
  if (in_fd < 0) {
    tap_diag ("cannot write %s's input: %s", exe, error->message);
    return FALSE;
  }
  close (in_fd);
  if (!g_file_set_contents (in_path, stdin_text ? stdin_text : "", -1, &error)) {
    tap_diag ("cannot write %s's input: %s", exe, error->message);
    g_unlink (in_path);
    return FALSE;
  }
  g_subprocess_launcher_set_stdin_file_path (l, in_path);
  for (guint i = 0; env && env[i]; i++) {
    const char *eq = strchr (env[i], '=');
    if (eq) {
      g_autofree char *name = g_strndup (env[i], eq - env[i]);
      g_subprocess_launcher_setenv (l, name, eq + 1, TRUE);
    } else
      g_subprocess_launcher_unsetenv (l, env[i]);
  }
  g_autoptr (GSubprocess) p = g_subprocess_launcher_spawnv (l, (const char *const *) argv->pdata, &error);
  g_unlink (in_path);  /* the child holds it open */
  if (p == NULL) {
    tap_diag ("cannot run %s: %s", exe, error->message);
    return FALSE;
  }
  g_autoptr (GBytes) out = NULL, err = NULL;
  if (!g_subprocess_communicate (p, NULL, NULL, &out, &err, &error)) {
    tap_diag ("%s: %s", exe, error->message);
    return FALSE;
  }
  gsize n;
  const char *d = g_bytes_get_data (out, &n);
  r->out = g_strndup (d ? d : "", n);  /* empty output: no data pointer */
  d = g_bytes_get_data (err, &n);
  r->err = g_strndup (d ? d : "", n);
  r->status = g_subprocess_get_if_exited (p) ? g_subprocess_get_exit_status (p) : 128 + g_subprocess_get_term_sig (p);
  return TRUE;
}

void
cli_result_clear (CliResult *r)
{
  g_clear_pointer (&r->out, g_free);
  g_clear_pointer (&r->err, g_free);
}

JsonNode *
cli_parse_json (const char *text)
{
  g_autoptr (JsonParser) p = json_parser_new ();
  g_autoptr (GError) error = NULL;
  if (!json_parser_load_from_data (p, text, -1, &error)) {
    tap_diag ("invalid JSON (%s): %s", error->message, text);
    return NULL;
  }
  return json_node_copy (json_parser_get_root (p));
}

char *
cli_pty_collect (int fd, int pid, int *status)
{
  GString *all = g_string_new (NULL);
  char buf[4096];
  ssize_t n;
  /* Until the program's end (EIO once no process holds the terminal); a signal is no end. */
  while ((n = read (fd, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0)
      g_string_append_len (all, buf, n);
  close (fd);
  waitpid (pid, status, 0);
  return g_string_free (all, FALSE);
}
