/* draftd-lsp with no daemon running: its Start call asks the bus to start draftd (D-Bus
 * activation, as the installed org.draftd.Assistant1.service does on a desktop), and the
 * document's diagnostics arrive from the daemon the bus started. The private bus finds
 * the service file under $XDG_DATA_HOME/dbus-1/services. */
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include "tests/tap.h"
#include "tests/test-lsp-driver.h"
#include "tests/test-util.h"
#include "lib/bus/draftd-bus-names.h"

static char *
owner_pid (BusFixture *f)
{
  const char *argv[] = { "dbus-send", "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                         "org.freedesktop.DBus.GetConnectionUnixProcessID", "string:" DRAFTD_BUS_NAME, NULL };
  char *out = NULL;
  g_autofree char *err = NULL;
  int status;
  if (!bus_fixture_spawn (f, argv, &out, &err, &status) || !g_spawn_check_wait_status (status, NULL)) {
    g_free (out);
    return NULL;
  }
  return g_strstrip (out);
}

int
main (void)
{
  /* The service file must be in place before the fixture's dbus-daemon starts. */
  const char *tmp = test_tmpdir ();
  g_autofree char *services = g_build_filename (tmp, "data", "dbus-1", "services", NULL);
  g_autofree char *config = g_build_filename (tmp, "activated-config", NULL);
  g_mkdir_with_parents (services, 0700);
  g_mkdir_with_parents (config, 0700);
  g_autofree char *service = g_strdup_printf (
      "[D-BUS Service]\nName=" DRAFTD_BUS_NAME "\nExec=/usr/bin/env XDG_CONFIG_HOME=%s %s/daemon/draftd --target "
      "%s/models/draftd-target.gguf --assistant %s/models/draftd-assistant.gguf --keep-bias 0.05\n",
      config, DRAFTD_BUILD_ROOT, DRAFTD_SOURCE_ROOT, DRAFTD_SOURCE_ROOT);
  g_autofree char *service_path = g_build_filename (services, DRAFTD_BUS_NAME ".service", NULL);
  g_file_set_contents (service_path, service, -1, NULL);
  g_autofree char *data = g_build_filename (tmp, "data", NULL);
  g_setenv ("XDG_DATA_HOME", data, TRUE);

  BusFixture f;
  LspClient c;
  int status;
  if (!lsp_begin (&f, &c, &status))
    return status;
  g_autofree char *first = owner_pid (&f);
  int stopped = bus_fixture_stop_draftd (&f);
  g_autofree char *none = owner_pid (&f);
  /* Stopped right after it took the name, draftd may not yet handle SIGTERM: any exit will do. */
  tap_ok (first && stopped >= 0 && none == NULL, "the fixture's draftd (%s) stopped (%d): nobody owns the name (%s)",
          first ? first : "none", stopped, none ? none : "none");
  int code;
  g_autoptr (JsonNode) init G_GNUC_UNUSED = lsp_initialize (&c, NULL);
  const char *uri = "file:///tmp/draftd-test/activation.txt";
  g_autoptr (JsonArray) d = lsp_open (&c, uri, "plaintext", "She go to school yesterday.\n");
  tap_ok (d && lsp_find_diagnostic (d, "go"), "the document is checked: the bus started draftd for the server's first job");
  g_autofree char *second = owner_pid (&f);
  tap_ok (second && g_strcmp0 (first, second) != 0, "the name is owned again, by another process (%s, was %s)", second ? second : "none",
          first ? first : "none");
  /* No assertion on warnings: on a loaded machine the bus may give up on a slow start
   * (its own 25 s limit) before the daemon takes the name, and the retry then succeeds. */
  g_autoptr (JsonNode) down G_GNUC_UNUSED = lsp_call (&c, "shutdown", NULL, &code);
  lsp_notify (&c, "exit", NULL);
  tap_ok (lsp_wait_exit (&c, 20000) == 0, "shutdown and exit: status 0");
  lsp_stop (&c);
  /* The activated draftd is the bus's child; it exits when the bus goes away. */
  if (second)
    kill ((pid_t) g_ascii_strtoll (strrchr (second, ' ') ? strrchr (second, ' ') + 1 : second, NULL, 10), SIGTERM);
  bus_fixture_teardown (&f);
  return tap_done ();
}
