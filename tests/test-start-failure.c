/* Issue 47: a daemon that the bus starts (D-Bus activation, as the installed
 * org.draftd.Assistant1.service does) and that fails to start says why where the user sees
 * it. With a config typo, `draft status` prints the config's FILE:LINE, the bad value and the
 * fix, read from $XDG_STATE_HOME/draftd/last-error, instead of the bus's "Process
 * org.draftd.Assistant1 exited with status 1"; a value only the start can judge (a dialect
 * without a dictionary) names its line too; draftd-lsp shows the editor the same reason. Once
 * the config is fixed, the next command starts draftd and the kept reason is gone. */
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include "lib/bus/draftd-bus-names.h"
#include "tests/bus-fixture.h"
#include "tests/cli-run.h"
#include "tests/tap.h"
#include "tests/test-lsp-driver.h"
#include "tests/test-util.h"

static const char *address;

static void
draft_status (CliResult *r)
{
  const char *args[] = { "--address", address, "status", NULL };
  if (!cli_run ("client/draft", args, (const char *const[]) { "LC_ALL=C.UTF-8", NULL }, NULL, r))
    *r = (CliResult) { g_strdup (""), g_strdup ("draft did not run"), -1 };
}

/* With `config` as draftd.conf, draft status fails, and says what `want` says. */
static void
expect_reason (const char *conf_path, const char *config, const char *want, const char *what)
{
  g_file_set_contents (conf_path, config, -1, NULL);
  CliResult r;
  draft_status (&r);
  g_autofree char *where = g_strdup_printf ("%s:%s", conf_path, want);
  tap_ok (r.status == 1 && strstr (r.err, "draftd could not start") && strstr (r.err, where) && strstr (r.err, "Fix it") &&
              !strstr (r.err, "exited with status"),
          "%s: draft status exits 1 (%d) with the reason: %s", what, r.status, r.err);
  cli_result_clear (&r);
}

/* An editor's language server, its first check starting draftd: the reason as its message. */
static void
check_lsp (BusFixture *f, const char *want)
{
  LspClient c;
  if (!lsp_start (&c, f)) {
    tap_ok (FALSE, "draftd-lsp starts");
    return;
  }
  g_autoptr (JsonNode) init G_GNUC_UNUSED = lsp_initialize (&c, NULL);
  lsp_notify (&c, "textDocument/didOpen", lsp_did_open ("file:///tmp/draftd-test/start.txt", "plaintext", 1, "She go to school.\n"));
  g_autoptr (JsonNode) m = lsp_wait (&c, -1, "window/showMessage", 60000);
  JsonObject *params = m ? draftd_lsp_get_object (json_node_get_object (m), "params") : NULL;
  const char *msg = params ? draftd_lsp_get_string (params, "message") : NULL;
  tap_ok (msg && strstr (msg, "draftd could not start") && strstr (msg, want) && !strstr (msg, "exited with status"),
          "draftd-lsp shows the reason to the editor: %s", msg ? msg : "(no message)");
  int code;
  g_autoptr (JsonNode) down G_GNUC_UNUSED = lsp_call (&c, "shutdown", NULL, &code);
  lsp_notify (&c, "exit", NULL);
  lsp_wait_exit (&c, 20000);
  lsp_stop (&c);
}

static void
stop_activated (BusFixture *f)
{
  const char *argv[] = { "dbus-send", "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                         "org.freedesktop.DBus.GetConnectionUnixProcessID", "string:" DRAFTD_BUS_NAME, NULL };
  g_autofree char *out = NULL;
  int status;
  if (bus_fixture_spawn (f, argv, &out, NULL, &status) && g_spawn_check_wait_status (status, NULL) && strrchr (out, ' '))
    kill ((pid_t) g_ascii_strtoll (strrchr (out, ' ') + 1, NULL, 10), SIGTERM);
}

int
main (void)
{
  g_autofree char *target = NULL, *assistant = NULL;
  if (!test_shipped_models (&target, &assistant))
    return tap_missing_all ("the shipped models are absent");
  /* The bus and the daemons it starts see these: the service file, the config, the state. */
  const char *tmp = test_tmpdir ();
  g_autofree char *data = g_build_filename (tmp, "data", NULL), *config = g_build_filename (tmp, "config", NULL);
  g_autofree char *state = g_build_filename (tmp, "state", NULL);
  g_autofree char *services = g_build_filename (data, "dbus-1", "services", NULL);
  g_autofree char *conf_dir = g_build_filename (config, "draftd", NULL);
  g_mkdir_with_parents (services, 0700);
  g_mkdir_with_parents (conf_dir, 0700);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  /* As installed, but the build tree's draftd (which finds the shipped models itself). */
  g_autofree char *service = g_strdup_printf ("[D-BUS Service]\nName=" DRAFTD_BUS_NAME "\nExec=%s/daemon/draftd --activated\n",
                                              DRAFTD_BUILD_ROOT);
  g_autofree char *service_path = g_build_filename (services, DRAFTD_BUS_NAME ".service", NULL);
  g_file_set_contents (service_path, service, -1, NULL);
  g_autofree char *conf_path = g_build_filename (conf_dir, "draftd.conf", NULL);
  g_autofree char *last_error = g_build_filename (state, "draftd", "last-error", NULL);

  BusFixture f;
  g_autoptr (GError) error = NULL;
  if (!bus_fixture_start_bus (&f, &error)) {
    tap_ok (FALSE, "a private bus: %s", error->message);
    return tap_done ();
  }
  address = f.address;
  expect_reason (conf_path, "[draftd]\nlazy = true\nlazyy = false\n", "3: unknown key 'lazyy'", "a misspelt key");
  tap_ok (g_file_test (last_error, G_FILE_TEST_IS_REGULAR), "the reason is kept in $XDG_STATE_HOME/draftd/last-error");
  expect_reason (conf_path, "[draftd]\nlazy = true\nqueue_depth = 0\n", "3: queue_depth must be a whole number from 1",
                 "a value out of range");
  expect_reason (conf_path, "[draftd]\nlazy = true\n\ndialect = en-XX\n", "4: dialect = en-XX: no dictionary for dialect 'en-XX'",
                 "a dialect without a dictionary (found only at start)");
  check_lsp (&f, "draftd.conf:4: dialect = en-XX");
  g_file_set_contents (conf_path, "[draftd]\nlazy = true\n", -1, NULL);
  CliResult r;
  draft_status (&r);
  tap_ok (r.status == 0 && strstr (r.out, "draftd "), "the config fixed, draft status starts draftd and answers (%d): %s", r.status,
          r.status ? r.err : "ok");
  cli_result_clear (&r);
  tap_ok (!g_file_test (last_error, G_FILE_TEST_EXISTS), "a daemon that serves removes the kept reason");
  stop_activated (&f);
  bus_fixture_clear (&f);
  return tap_done ();
}
