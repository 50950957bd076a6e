/* Issue 25: draft use switches the daemon's models at runtime. The jobs running or queued
 * when the switch comes end on the old pair (their greedy text equals the old pair's), the
 * daemon then runs the new one and records it in its config file, which a restart without --target reads; a
 * switch to a broken file or to an assistant of another vocabulary fails in one line and
 * keeps the pair that ran; the REPL's /model switches too. Any path, however odd, survives
 * the record and a restart (issue 35.3). */
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/bus-fixture.h"
#include "tests/cli-run.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static char *draft_exe;

/* `draft ARGS` on the fixture's bus. */
static int
draft (BusFixture *f, const char *const *args, char **out, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, draft_exe);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  int status = -1;
  if (!bus_fixture_spawn (f, (const char *const *) argv->pdata, out, err, &status))
    return -1;
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* The target the daemon runs, from draft status --json. */
static char *
running_target (BusFixture *f)
{
  g_autofree char *out = NULL, *err = NULL;
  if (draft (f, (const char *[]) { "status", "--json", NULL }, &out, &err) != 0)
    return NULL;
  g_autoptr (JsonNode) root = cli_parse_json (out);
  JsonObject *o = root ? json_object_get_object_member (json_node_get_object (root), "models") : NULL;
  return o && json_object_has_member (o, "target_path") ? g_strdup (json_object_get_string_member (o, "target_path")) : NULL;
}

/* --force: neither pair's target can complete (issue 47); what is tested is which pair serves. */
static const char *const complete_args[] = { "complete", "--force", "--temperature", "0", "-n", "200", "Once upon a time", NULL };

/* A greedy completion on the fixture's bus, its text going to `out_path`. */
static GPid
start_job (BusFixture *f, const char *out_path)
{
  g_autofree char *cmd = g_strdup_printf ("exec %s complete --force --temperature 0 -n 200 'Once upon a time' > %s", draft_exe, out_path);
  const char *sh[] = { "/bin/sh", "-c", cmd, NULL };
  g_auto (GStrv) env = g_environ_setenv (g_get_environ (), "DBUS_SESSION_BUS_ADDRESS", f->address, TRUE);
  GPid pid = 0;
  g_spawn_async (NULL, (char **) sh, env, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, NULL);
  return pid;
}

/* The job succeeded and wrote `reference`. */
static gboolean
end_job (GPid pid, const char *out_path, const char *reference)
{
  int wait_status = -1;
  waitpid (pid, &wait_status, 0);
  g_spawn_close_pid (pid);
  g_autofree char *text = NULL;
  g_file_get_contents (out_path, &text, NULL, NULL);
  g_unlink (out_path);
  return WIFEXITED (wait_status) && WEXITSTATUS (wait_status) == 0 && g_strcmp0 (text, reference) == 0;
}

static gint64
queue_length (BusFixture *f)
{
  g_autofree char *out = NULL, *err = NULL;
  if (draft (f, (const char *[]) { "status", "--json", NULL }, &out, &err) != 0)
    return -1;
  g_autoptr (JsonNode) root = cli_parse_json (out);
  return root ? json_object_get_int_member (json_node_get_object (root), "queue_length") : -1;
}

/* A long greedy completion streams on the old pair and a second one waits behind it when the
 * switch is asked for: both end on the old pair. */
static void
switch_during_jobs (BusFixture *f, const char *reference, const char *stories)
{
  g_autofree char *a_out = g_build_filename (test_tmpdir (), "a.out", NULL), *b_out = g_build_filename (test_tmpdir (), "b.out", NULL);
  GPid a = start_job (f, a_out);
  GStatBuf st;
  for (guint i = 0; i < 3000 && (g_stat (a_out, &st) != 0 || st.st_size == 0); i++)
    g_usleep (10000);
  GPid b = start_job (f, b_out);
  for (guint i = 0; i < 300 && queue_length (f) < 2; i++)
    g_usleep (10000);
  gboolean busy = waitpid (a, NULL, WNOHANG) == 0 && queue_length (f) == 2;
  tap_diag ("when draft use was called: %s", busy ? "one job ran, one waited" : "the jobs had ended already");
  g_autofree char *out = NULL, *err = NULL;
  int s = draft (f, (const char *[]) { "use", stories, "--assistant", "none", NULL }, &out, &err);
  tap_ok (s == 0 && strstr (out, "draftd now runs") != NULL, "draft use switches while a job runs and one waits (status %d)", s);
  tap_diag ("%s%s", out, err);
  tap_ok (end_job (a, a_out, reference), "the running job ended on the old pair: its text equals the old pair's");
  tap_ok (end_job (b, b_out, reference), "so did the job queued behind it");
  g_autofree char *now = running_target (f);
  tap_ok (g_strcmp0 (now, stories) == 0, "the daemon runs the new target now (%s)", now);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  s = draft (f, (const char *[]) { "models", NULL }, &out, &err);
  g_autofree char *line = g_strdup_printf ("draftd runs: target %s, no assistant", stories);
  tap_ok (s == 0 && strstr (out, line), "draft models says which pair the daemon runs");
}

static void
failed_switches (BusFixture *f, const char *stories)
{
  g_autofree char *broken = g_build_filename (test_tmpdir (), "broken.gguf", NULL);
  g_file_set_contents (broken, "GGUF but not much more", -1, NULL);
  g_autofree char *out = NULL, *err = NULL;
  int s = draft (f, (const char *[]) { "use", broken, "--assistant", "none", NULL }, &out, &err);
  tap_ok (s == 1 && strstr (err, "keeps the models it had") && strchr (err, '\n') == err + strlen (err) - 1,
          "a broken target fails in one line, saying the old pair stays");
  tap_diag ("%s", err);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  s = draft (f, (const char *[]) { "use", f->target, "--assistant", stories, NULL }, &out, &err);
  tap_ok (s == 1 && strstr (err, "does not share the target's vocabulary"), "an assistant of another vocabulary is refused");
  tap_diag ("%s", err);
  g_autofree char *now = running_target (f);
  tap_ok (g_strcmp0 (now, stories) == 0, "after both failures the daemon runs the pair it had");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  s = draft (f, (const char *[]) { "complete", "--force", "-n", "4", "Once", NULL }, &out, &err);
  tap_ok (s == 0, "and serves jobs");
  g_unlink (broken);
}

/* The REPL's /model: back to the shipped pair. */
static void
repl_model (BusFixture *f)
{
  g_autofree char *in = g_build_filename (test_tmpdir (), "repl.in", NULL);
  g_autofree char *input = g_strdup_printf ("/model %s %s\n/quit\n", f->target, f->assistant);
  g_file_set_contents (in, input, -1, NULL);
  g_autofree char *cmd = g_strdup_printf ("exec %s < %s", draft_exe, in);
  const char *sh[] = { "/bin/sh", "-c", cmd, NULL };
  g_autofree char *out = NULL, *err = NULL;
  int status = -1;
  bus_fixture_spawn (f, sh, &out, &err, &status);
  g_autofree char *now = running_target (f);
  tap_ok (out && strstr (out, "draftd now runs") && g_strcmp0 (now, f->target) == 0, "the REPL's /model switches the pair");
  tap_diag ("%s%s", out ? out : "", err ? err : "");
  g_unlink (in);
}

/* A draftd with XDG_CONFIG_HOME `xdg` and no --target (it reads the config), once it serves;
 * 0 when it did not come up. */
static GPid
start_from_config (BusFixture *f, const char *xdg)
{
  g_autofree char *exe = g_build_filename (DRAFTD_BUILD_ROOT, "daemon", "draftd", NULL);
  const char *argv[] = { exe, "--address", f->address, NULL };
  g_auto (GStrv) env = g_environ_setenv (g_get_environ (), "XDG_CONFIG_HOME", xdg, TRUE);
  env = g_environ_unsetenv (env, "DRAFTD_MODELS_DIR");
  GPid pid = 0;
  if (!g_spawn_async (NULL, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &pid, NULL))
    return 0;
  for (guint i = 0; i < 300; i++) {
    g_autofree char *now = running_target (f);
    if (now)
      return pid;
    if (waitpid (pid, NULL, WNOHANG) == pid)
      return 0;  /* it refused to start (a config it cannot read) */
    g_usleep (100000);
  }
  return pid;
}

static int
stop (GPid pid)
{
  int wait_status = -1;
  kill (pid, SIGTERM);
  waitpid (pid, &wait_status, 0);
  g_spawn_close_pid (pid);
  return WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

/* A daemon started without --target reads the pair draft use recorded. */
static void
survives_restart (BusFixture *f)
{
  g_autofree char *conf = g_build_filename (test_tmpdir (), "xdg", "draftd", "draftd.conf", NULL);
  g_autofree char *text = NULL;
  g_file_get_contents (conf, &text, NULL, NULL);
  g_autofree char *line = g_strdup_printf ("target = %s\nassistant = %s\n", f->target, f->assistant);
  tap_ok (text && strstr (text, line), "the config file records the last pair");
  /* Under ASan a leak of the switches' state would show in the exit status. */
  int stopped = bus_fixture_stop_draftd (f);
  tap_ok (stopped == 0, "the daemon that switched stops cleanly (status %d)", stopped);
  g_autofree char *xdg = g_build_filename (test_tmpdir (), "xdg", NULL);
  GPid pid = start_from_config (f, xdg);
  g_autofree char *now = pid ? running_target (f) : NULL;
  tap_ok (g_strcmp0 (now, f->target) == 0, "a restarted daemon runs the recorded target (%s)", now);
  tap_ok (pid && stop (pid) == 0, "and stops cleanly");
}

/* Issue 35.3: draft use to a path with everything the config's syntax gives a meaning to
 * (spaces at both ends, #, ;, =, quotes, backslashes, a line break, non-ASCII), then a
 * restart: the daemon comes back on that very path. */
static void
odd_path_survives_restart (BusFixture *f)
{
  g_autofree char *dir = g_build_filename (test_tmpdir (), " odd # ; = \" ' \\ dir ", NULL);
  g_autofree char *target = g_build_filename (dir, " t # ; = \"q\" \\ \n na\xc3\xafve \xe6\xa8\xa1\xe5\x9e\x8b.gguf ", NULL);
  g_autofree char *assistant = g_build_filename (dir, "a\\ \t;#=.gguf", NULL);
  g_mkdir_with_parents (dir, 0700);
  gboolean linked = symlink (f->target, target) == 0 && symlink (f->assistant, assistant) == 0;
  tap_ok (linked, "the models linked under paths the config syntax gives meanings to");
  g_autofree char *xdg = g_build_filename (test_tmpdir (), "xdg", NULL);
  GPid pid = start_from_config (f, xdg);
  g_autofree char *out = NULL, *err = NULL;
  int used = pid ? draft (f, (const char *[]) { "use", target, "--assistant", assistant, NULL }, &out, &err) : -1;
  tap_ok (used == 0, "draft use switches to them (%s)", err ? err : "no daemon");
  tap_ok (pid && stop (pid) == 0, "the daemon stops cleanly");
  pid = start_from_config (f, xdg);
  g_autofree char *now = pid ? running_target (f) : NULL;
  g_autofree char *shown = g_strescape (now ? now : "(no daemon)", NULL);
  tap_ok (g_strcmp0 (now, target) == 0, "restarted, the daemon runs that very path (%s)", shown);
  if (pid)
    stop (pid);
  g_autofree char *conf = g_build_filename (xdg, "draftd", "draftd.conf", NULL);
  g_autofree char *conf_dir = g_path_get_dirname (conf);
  g_unlink (conf);
  g_rmdir (conf_dir);
  g_rmdir (xdg);
  g_unlink (target);
  g_unlink (assistant);
  g_rmdir (dir);
}

int
main (void)
{
  g_autofree char *found = test_shared_model ("gguf/stories260K-llamacpp.gguf");
  if (found == NULL)
    return tap_missing_all ("../shared/models/gguf/stories260K-llamacpp.gguf is absent");
  /* As draft use gives it to the daemon: absolute, without "..". */
  g_autofree char *stories = g_canonicalize_filename (found, NULL);
  BusFixture f;
  int status;
  if (!bus_fixture_begin (&f, NULL, &status))
    return status;
  draft_exe = g_build_filename (DRAFTD_BUILD_ROOT, "client", "draft", NULL);
  g_autofree char *reference = NULL, *err = NULL;
  if (draft (&f, complete_args, &reference, &err) == 0 && *reference) {
    switch_during_jobs (&f, reference, stories);
    failed_switches (&f, stories);
    repl_model (&f);
    survives_restart (&f);
    odd_path_survives_restart (&f);
  } else {
    tap_ok (FALSE, "a greedy completion on the old pair: %s", err);
  }
  bus_fixture_teardown (&f);
  g_free (draft_exe);
  return tap_done ();
}
