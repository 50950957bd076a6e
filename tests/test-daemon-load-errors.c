/* Issue 13.2: a lazy daemon whose models cannot be loaded (an assistant with another
 * vocabulary) answers every request with NoModel and the reason, and each failed load
 * gives everything back: the device, the target, their threads and file descriptors. */
#include <string.h>
#include "lib/bus/draftd-bus.h"
#include "tests/bus-fixture.h"
#include "tests/tap.h"
#include "tests/test-util.h"

#define ROUNDS 8

static guint
count_entries (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;
  while (d && g_dir_read_name (d))
    n++;
  return n;
}

int
main (void)
{
  /* A random model with a vocabulary of its own. */
  g_autofree char *bad = g_build_filename (test_tmpdir (), "other-vocab.gguf", NULL);
  const char *args[] = { "--random", "dim=64,layers=1,heads=2,ff=128,vocab=400,ctx=128", "--type", "f32", "-o", bad, NULL };
  g_autofree char *out = NULL, *err = NULL;
  int st = -1;
  g_autoptr (GError) error = NULL;
  if (!test_run_tool ("draftd-convert", args, NULL, &out, &err, &st, &error) || st != 0) {
    tap_ok (FALSE, "draftd-convert --random: %s", error ? error->message : err);
    return tap_done ();
  }
  BusFixture f;
  int code;
  const char *extra[] = { "--lazy", "--assistant", bad, NULL };
  if (!bus_fixture_begin (&f, extra, &code))
    return code;
  DBusConnection *c = bus_fixture_connect (&f);
  g_autofree char *fd_dir = g_strdup_printf ("/proc/%d/fd", (int) f.draftd_pid);
  g_autofree char *task_dir = g_strdup_printf ("/proc/%d/task", (int) f.draftd_pid);
  guint fds[ROUNDS], threads[ROUNDS];
  guint64 rss[ROUNDS];
  gboolean all_no_model = TRUE;
  for (int i = 0; i < ROUNDS; i++) {
    g_autofree char *message = NULL;
    g_autofree char *name = bus_fixture_complete_error (c, "Hello", &message);
    all_no_model &= name && g_str_equal (name, DRAFTD_BUS_ERROR_NO_MODEL) && message && strstr (message, "vocabulary");
    if (i == 0)
      tap_diag ("first answer: %s: %s", name ? name : "(success)", message ? message : "");
    fds[i] = count_entries (fd_dir);
    threads[i] = count_entries (task_dir);
    rss[i] = bus_fixture_draftd_rss (&f);
  }
  tap_ok (all_no_model, "each request gets NoModel naming the vocabulary mismatch");
  /* The first failed load may leave one-time state (the Vulkan loader's); later ones none. */
  tap_ok (fds[ROUNDS - 1] == fds[1], "file descriptors stay flat over %d failed loads (%u -> %u)", ROUNDS - 2, fds[1],
          fds[ROUNDS - 1]);
  tap_ok (threads[ROUNDS - 1] == threads[1], "threads stay flat (%u -> %u)", threads[1], threads[ROUNDS - 1]);
  /* A leaked model set is ~75 MB a load; ASan's quarantine alone adds a few MB a load. */
  tap_ok (rss[ROUNDS - 1] < rss[1] + (ROUNDS - 2) * 16384,
          "RSS grows less than 16 MiB a failed load (%" G_GUINT64_FORMAT " -> %" G_GUINT64_FORMAT " KiB)", rss[1], rss[ROUNDS - 1]);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  st = bus_fixture_stop_draftd (&f);
  tap_ok (st == 0, "draftd exits with status 0 after SIGTERM (%d)", st);
  g_autofree char *log = NULL;
  g_file_get_contents (f.log_path, &log, NULL, NULL);
  tap_ok (log && !strstr (log, "LeakSanitizer") && !strstr (log, "ERROR: AddressSanitizer"), "no sanitizer report in the daemon's log");
  bus_fixture_teardown (&f);
  return tap_done ();
}
