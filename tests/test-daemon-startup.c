/* Issue 13.6, 13.8 and 24.7: a FIFO given as the model, or where the pipeline cache goes,
 * never hangs startup; an assistant that is a directory is not called ready;
 * $DRAFTD_MODELS_DIR holds the default models; SIGTERM during loading exits 0; a bus-activated
 * daemon whose models cannot load stays on the bus answering NoModel with the reason;
 * --verbose logs model loading and one summary line per job. */
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "lib/bus/draftd-bus.h"
#include "tests/bus-fixture.h"
#include "tests/tap.h"
#include "tests/test-util.h"

/* Runs draftd to its end (killed after 60 s) in `envp` (NULL: ours), sending it SIGTERM as
 * soon as its stderr shows `term_at` (when not NULL); returns its exit status, -1 when it
 * hung or was killed by a signal. */
static int
run_to_end (const char *const *argv, char **envp, const char *term_at, char **err)
{
  GPid pid;
  gint err_fd;
  if (!g_spawn_async_with_pipes (NULL, (char **) argv, envp, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
                                 NULL, &pid, NULL, NULL, &err_fd, NULL))
    return -2;
  int status = 0;
  gboolean exited = FALSE;
  GString *s = g_string_new (NULL);
  char buf[4096];
  ssize_t n;
  if (term_at) {
    /* Read until the line shows, then stop it there. */
    while (!strstr (s->str, term_at) && (n = read (err_fd, buf, sizeof buf)) > 0)
      g_string_append_len (s, buf, n);
    kill (pid, SIGTERM);
  }
  for (int i = 0; i < 600 && !exited; i++) {
    exited = waitpid (pid, &status, WNOHANG) == pid;
    if (!exited)
      g_usleep (100000);
  }
  if (!exited) {
    kill (pid, SIGKILL);
    waitpid (pid, &status, 0);
  }
  while ((n = read (err_fd, buf, sizeof buf)) > 0)
    g_string_append_len (s, buf, n);
  close (err_fd);
  *err = g_string_free (s, FALSE);
  return exited && WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* The last line of what draftd said (its reason), for one TAP line. */
static const char *
last_line (char *text)
{
  g_strstrip (text);
  const char *nl = strrchr (text, '\n');
  return nl ? nl + 1 : text;
}

/* "(success)", or "ERROR-NAME: message". */
static char *
complete_answer (DBusConnection *c)
{
  g_autofree char *message = NULL;
  g_autofree char *name = bus_fixture_complete_error (c, "Hello", &message);
  return name ? g_strdup_printf ("%s: %s", name, message) : g_strdup ("(success)");
}

/* Issue 24.7: an assistant path that is a directory is a warning, and the log then says the
 * models are ready without it, not with it. */
static void
test_assistant_directory (const char *exe)
{
  g_autofree char *shipped = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  const char *argv[] = { exe, "--target", shipped, "--assistant", test_tmpdir (), "--address",
                         "unix:path=/nonexistent/draftd-test", NULL };
  g_autofree char *err = NULL;
  run_to_end (argv, NULL, NULL, &err);
  const char *ready = strstr (err, "models ready");
  g_autofree char *line = ready ? g_strndup (ready, strcspn (ready, "\n")) : g_strdup ("(no ready line)");
  tap_ok (strstr (err, "warning: no assistant") && ready && strstr (line, "(no assistant)") && !strstr (line, test_tmpdir ()),
          "an assistant that is a directory: warned, and not called ready: %s", line);
}

/* A FIFO where the device's pipeline cache file goes is passed over, not read (startup hung
 * in open() before): draftd gets as far as the bus. */
static void
test_pipeline_cache_fifo (const char *exe)
{
  g_autofree char *dir = g_build_filename (test_tmpdir (), "pipeline-cache", NULL);
  g_mkdir_with_parents (dir, 0700);
  DraftdVk *vk = test_vk ();
  g_autofree char *name = g_strdup_printf ("pipelines-%04x-%04x.bin", vk->props.vendorID, vk->props.deviceID);
  draftd_vk_free (vk);
  g_autofree char *fifo = g_build_filename (dir, name, NULL);
  g_autofree char *shipped = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  const char *argv[] = { exe, "--target", shipped, "--address", "unix:path=/nonexistent/draftd-test", NULL };
  char **envp = g_environ_setenv (g_get_environ (), "DRAFTD_PIPELINE_CACHE_DIR", dir, TRUE);
  g_autofree char *err = NULL;
  int st = mkfifo (fifo, 0600) == 0 ? run_to_end (argv, envp, NULL, &err) : -3;
  g_strfreev (envp);
  tap_ok (st == 1 && strstr (err, "cannot connect"), "a FIFO as the pipeline cache file is passed over (%d): %s", st,
          err ? last_line (err) : "");
}

int
main (void)
{
  g_autofree char *fifo = g_build_filename (test_tmpdir (), "model.fifo", NULL);
  tap_ok (mkfifo (fifo, 0600) == 0, "a FIFO in place of the model");
  g_autofree char *exe = g_build_filename (DRAFTD_BUILD_ROOT, "daemon", "draftd", NULL);
  const char *argv[] = { exe, "--target", fifo, "--address", "unix:path=/nonexistent/draftd-test", NULL };
  g_autofree char *err = NULL;
  int st = run_to_end (argv, NULL, NULL, &err);
  tap_ok (st == 1 && strstr (err, "not a regular file"), "draftd refuses it at once, without hanging (%d): %s", st,
          last_line (err));
  test_assistant_directory (exe);
  test_pipeline_cache_fifo (exe);

  /* Without a target anywhere, $DRAFTD_MODELS_DIR is where the default models are looked for
   * first: a file there that is no model is what draftd then names. */
  g_autofree char *models = g_build_filename (test_tmpdir (), "models-dir", NULL);
  g_autofree char *config = g_build_filename (test_tmpdir (), "empty-config", NULL);
  g_mkdir_with_parents (models, 0700);
  g_mkdir_with_parents (config, 0700);
  g_autofree char *fake = g_build_filename (models, "draftd-target.gguf", NULL);
  g_file_set_contents (fake, "not a model", -1, NULL);
  char **envp = g_get_environ ();
  envp = g_environ_setenv (envp, "DRAFTD_MODELS_DIR", models, TRUE);
  envp = g_environ_setenv (envp, "XDG_CONFIG_HOME", config, TRUE);
  const char *no_target[] = { exe, "--address", "unix:path=/nonexistent/draftd-test", NULL };
  g_autofree char *err2 = NULL;
  st = run_to_end (no_target, envp, NULL, &err2);
  g_strfreev (envp);
  tap_ok (st == 1 && strstr (err2, fake) && strstr (err2, "not a GGUF file"),
          "with no target configured, draftd takes the default models from $DRAFTD_MODELS_DIR: %s", last_line (err2));

  /* SIGTERM once draftd says it is loading (the shipped target takes most of a second here):
   * it finishes loading, never touches the bus, and exits 0. */
  g_autofree char *shipped = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  const char *loading[] = { exe, "--target", shipped, "--address", "unix:path=/nonexistent/draftd-test", NULL };
  g_autofree char *err3 = NULL;
  st = run_to_end (loading, NULL, "loading models", &err3);
  gboolean clean = st == 0 && strstr (err3, "a signal came while the models loaded") && !strstr (err3, "cannot connect");
  tap_ok (clean, "SIGTERM during model loading: exit status 0, before the bus (%d)", st);
  if (!clean)
    tap_diag ("draftd said: %s", err3);

  BusFixture f;
  int code;
  const char *extra[] = { "--activated", "--target", fifo, NULL };
  if (!bus_fixture_begin (&f, extra, &code))
    return code;
  DBusConnection *c = bus_fixture_connect (&f);
  g_autofree char *answer = complete_answer (c);
  tap_ok (g_str_has_prefix (answer, DRAFTD_BUS_ERROR_NO_MODEL) && strstr (answer, "not a regular file"),
          "activated with a bad model, draftd stays on the bus answering %s", answer);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  tap_ok (bus_fixture_stop_draftd (&f) == 0, "and exits 0 on SIGTERM");
  bus_fixture_teardown (&f);

  const char *verbose[] = { "--verbose", NULL };
  if (!bus_fixture_begin (&f, verbose, &code))
    return code;
  c = bus_fixture_connect (&f);
  g_autofree char *ok G_GNUC_UNUSED = complete_answer (c);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  bus_fixture_stop_draftd (&f);
  g_autofree char *log = NULL;
  g_file_get_contents (f.log_path, &log, NULL, NULL);
  tap_ok (log && strstr (log, "draftd: loaded ") && strstr (log, "parameters"), "--verbose logs the model load");
  tap_ok (log && strstr (log, "draftd: Complete from :") && strstr (log, "target passes"),
          "--verbose logs a summary line per job");
  bus_fixture_teardown (&f);
  return tap_done ();
}
