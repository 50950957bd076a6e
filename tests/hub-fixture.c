#include "tests/hub-fixture.h"
#include <glib/gstdio.h>
#include <string.h>
#include "tests/tap.h"
#include "tests/test-util.h"
#include "testbed/scratch.h"

gboolean
hub_fixture_init (HubFixture *f, int *exit_code)
{
  memset (f, 0, sizeof *f);
  f->gguf = test_shared_model ("reference/draftd-target-Q4_K_M.gguf");
  if (f->gguf == NULL) {
    *exit_code = tap_missing_all ("../shared/models/reference/draftd-target-Q4_K_M.gguf is absent");
    return FALSE;
  }
  f->name = g_path_get_basename (f->gguf);
  f->home = g_build_filename (test_tmpdir (), "data", NULL);
  f->models = g_build_filename (f->home, "draftd", "models", NULL);
  f->log = g_build_filename (test_tmpdir (), "hub.log", NULL);
  f->arg = g_strdup_printf ("test-owner/tiny-GGUF/%s", f->name);
  /* Not a catalogue model: its local name says its repository (issue 34). */
  f->dest = g_strdup_printf ("%s/test-owner--tiny-GGUF--%s", f->models, f->name);
  f->part = g_strdup_printf ("%s.part", f->dest);
  return TRUE;
}

gboolean
hub_fixture_start (HubFixture *f, const char *const *options)
{
  g_autofree char *script = g_build_filename (DRAFTD_SOURCE_ROOT, "tests", "hub-server.py", NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  const char *head[] = { "/usr/bin/python3", script, "--file", f->gguf, "--log", f->log };
  for (guint i = 0; i < G_N_ELEMENTS (head); i++)
    g_ptr_array_add (argv, (char *) head[i]);
  for (guint i = 0; options && options[i]; i++)
    g_ptr_array_add (argv, (char *) options[i]);
  g_ptr_array_add (argv, NULL);
  g_unlink (f->log);
  g_autoptr (GError) error = NULL;
  f->server = g_subprocess_newv ((const char *const *) argv->pdata, G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                                 &error);
  if (f->server == NULL) {
    tap_diag ("cannot start the stand-in Hub: %s", error->message);
    return FALSE;
  }
  g_autoptr (GDataInputStream) in = g_data_input_stream_new (g_subprocess_get_stdout_pipe (f->server));
  g_autofree char *port = g_data_input_stream_read_line (in, NULL, NULL, &error);
  if (port == NULL || atoi (port) <= 0) {
    tap_diag ("the stand-in Hub did not start");
    hub_fixture_stop (f);
    return FALSE;
  }
  g_free (f->url);
  f->url = g_strdup_printf ("http://127.0.0.1:%s", port);
  return TRUE;
}

void
hub_fixture_stop (HubFixture *f)
{
  if (f->server == NULL)
    return;
  g_subprocess_force_exit (f->server);
  g_subprocess_wait (f->server, NULL, NULL);
  g_clear_object (&f->server);
}

void
hub_fixture_clear (HubFixture *f)
{
  hub_fixture_stop (f);
  if (f->home)
    testbed_remove_tree (f->home);
  if (f->log)
    g_unlink (f->log);
  g_free (f->url);
  g_free (f->log);
  g_free (f->home);
  g_free (f->models);
  g_free (f->gguf);
  g_free (f->name);
  g_free (f->arg);
  g_free (f->dest);
  g_free (f->part);
}

int
hub_fixture_main (const char *const *options, void (*body) (HubFixture *f))
{
  HubFixture f;
  int status;
  if (!hub_fixture_init (&f, &status))
    return status;
  if (options && !hub_fixture_start (&f, options))
    tap_ok (FALSE, "the stand-in Hub starts");
  else
    body (&f);
  hub_fixture_clear (&f);
  return tap_done ();
}

GStrv
hub_fixture_env (HubFixture *f, const char *const *extra)
{
  GStrv env = g_get_environ ();
  static const char *const unset[] = { "http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy",
                                       "HF_TOKEN", "HF_ENDPOINT" };
  for (guint i = 0; i < G_N_ELEMENTS (unset); i++)
    env = g_environ_unsetenv (env, unset[i]);
  env = g_environ_setenv (env, "DRAFTD_HUB_URL", f->url ? f->url : "http://127.0.0.1:1", TRUE);
  env = g_environ_setenv (env, "XDG_DATA_HOME", f->home, TRUE);
  env = g_environ_setenv (env, "no_proxy", "127.0.0.1,localhost", TRUE);
  for (guint i = 0; extra && extra[i]; i++) {
    g_auto (GStrv) kv = g_strsplit (extra[i], "=", 2);
    env = kv[1] ? g_environ_setenv (env, kv[0], kv[1], TRUE) : g_environ_unsetenv (env, kv[0]);
  }
  return env;
}

static GSubprocessLauncher *
launcher (HubFixture *f, const char *const *extra, GSubprocessFlags flags)
{
  GSubprocessLauncher *l = g_subprocess_launcher_new (flags);
  g_auto (GStrv) env = hub_fixture_env (f, extra);
  g_subprocess_launcher_set_environ (l, env);
  return l;
}

static GPtrArray *
draft_argv (const char *const *args)
{
  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (argv, g_build_filename (DRAFTD_BUILD_ROOT, "client", "draft", NULL));
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);
  return argv;
}

gboolean
hub_fixture_draft (HubFixture *f, const char *const *args, const char *const *extra_env, CliResult *r)
{
  memset (r, 0, sizeof *r);
  g_autoptr (GSubprocessLauncher) l = launcher (f, extra_env, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr (GPtrArray) argv = draft_argv (args);
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) p = g_subprocess_launcher_spawnv (l, (const char *const *) argv->pdata, &error);
  if (p == NULL || !g_subprocess_communicate_utf8 (p, NULL, NULL, &r->out, &r->err, &error)) {
    tap_diag ("cannot run draft: %s", error->message);
    return FALSE;
  }
  r->status = g_subprocess_get_if_exited (p) ? g_subprocess_get_exit_status (p) : 128 + g_subprocess_get_term_sig (p);
  if (r->out == NULL)
    r->out = g_strdup ("");
  if (r->err == NULL)
    r->err = g_strdup ("");
  return TRUE;
}

GSubprocess *
hub_fixture_draft_async (HubFixture *f, const char *const *args, const char *out_path, const char *err_path)
{
  g_autoptr (GSubprocessLauncher) l = launcher (f, NULL, G_SUBPROCESS_FLAGS_NONE);
  g_subprocess_launcher_set_stdout_file_path (l, out_path);
  g_subprocess_launcher_set_stderr_file_path (l, err_path);
  g_autoptr (GPtrArray) argv = draft_argv (args);
  return g_subprocess_launcher_spawnv (l, (const char *const *) argv->pdata, NULL);
}

guint
hub_fixture_count (HubFixture *f, const char *needle)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (f->log, &text, NULL, NULL))
    return 0;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;
  for (guint i = 0; lines[i]; i++)
    n += strstr (lines[i], needle) != NULL;
  return n;
}

gboolean
hub_fixture_same (HubFixture *f, const char *path)
{
  g_autofree char *a = NULL, *b = NULL;
  gsize na, nb;
  return g_file_get_contents (f->gguf, &a, &na, NULL) && g_file_get_contents (path, &b, &nb, NULL) && na == nb &&
         memcmp (a, b, na) == 0;
}
