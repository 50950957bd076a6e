/* Issue 35.7 and 48: switching models leaks nothing. Ninety successful UseModels calls
 * alternate the shipped pair and the target alone (each a full unload and load); draftd's
 * resident memory, file descriptors and threads are compared once it is warm with the end.
 * Each switch built a Vulkan instance and device again, and lavapipe kept ~200 KiB of every
 * one it destroyed (216 KiB a switch measured here, 0.8 MB in a probe); sharing the device
 * across switches left 48-74 KiB a switch, freed memory that glibc's heaps kept (0.1 MB in a
 * probe); the engine now trims them after a switch (-2 KiB a switch measured). The bound,
 * 8 KiB a switch, is the issue's.
 *
 * Warm means two things, both measured (RSS every 10 switches, /proc/PID/smaps compared):
 * - The daemon's words (Hunspell, WordNet, link-grammar's 58 MiB dictionary) load on a thread
 *   of their own beside the first model load. On a busy machine it was still loading at the
 *   10th switch, and its end counted as 12 MiB "grown", one thread and some files fewer; the
 *   test now waits for that thread to end before it switches.
 * - The one mapping that grows after that is one of glibc's thread arenas: its top creeps by
 *   0.1-0.3 MiB over the first 30-50 switches while its free chunks settle, then stays
 *   (10 -> 50: +248..+328 KiB in five runs here and +336 in a CI run, against the old bound
 *   of 320; 30 -> 90: +84..+148 in four runs; 20 -> 150: +76). So the warm-up is 30
 *   switches, and the 60 after it are held to 8 KiB each: a leak of that size would add
 *   480 KiB on top of the settling. With one arena (MALLOC_ARENA_MAX=1) the creep is a third
 *   as large, but the test measures the daemon as it runs. */
#include <string.h>
#include "lib/bus/client.h"
#include "tests/bus-fixture.h"
#include "tests/tap.h"
#include "tests/test-util.h"

#define SWITCHES 90
#define WARM 30
/* KiB a switch may add on average after the warm-up: what a model set held must go back
 * with it.
 * Under ASan the RSS measures ASan's own allocator more than draftd: its size-class regions,
 * quarantine and per-thread caches added 132 KiB a switch on an idle machine and 342-391 under
 * load (three CI runs at once beside fuzzers), with nothing leaked. There the leak check is
 * LeakSanitizer's, which checks every malloc'd byte when draftd exits (the exit status
 * below), and the RSS figure is printed, not held to a bound. */
#define MARGIN_KIB 8
#ifdef __SANITIZE_ADDRESS__
#define RSS_BOUND FALSE
#else
#define RSS_BOUND TRUE
#endif

static guint
count_entries (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;
  while (d && g_dir_read_name (d))
    n++;
  return n;
}

static gboolean
use_models (DBusConnection *c, const char *target, const char *assistant)
{
  DBusMessage *m = draftd_bus_new_call ("UseModels");
  dbus_message_append_args (m, DBUS_TYPE_STRING, &target, DBUS_TYPE_STRING, &assistant, DBUS_TYPE_INVALID);
  DBusError e;
  dbus_error_init (&e);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 300000, &e);
  dbus_message_unref (m);
  if (r == NULL)
    tap_diag ("UseModels: %s", e.message);
  dbus_error_free (&e);
  if (r)
    dbus_message_unref (r);
  return r != NULL;
}

int
main (void)
{
  /* Under ASan, freed memory waits in a quarantine of 256 MiB: a daemon that frees a model
   * set a switch would look as if it kept them. */
  const char *asan = g_getenv ("ASAN_OPTIONS");
  g_autofree char *options = g_strdup_printf ("%s%squarantine_size_mb=4", asan ? asan : "", asan && *asan ? ":" : "");
  g_setenv ("ASAN_OPTIONS", options, TRUE);
  BusFixture f;
  int code;
  if (!bus_fixture_begin (&f, NULL, &code))
    return code;
  DBusConnection *c = bus_fixture_connect (&f);
  g_autofree char *fd_dir = g_strdup_printf ("/proc/%d/fd", (int) f.draftd_pid);
  g_autofree char *task_dir = g_strdup_printf ("/proc/%d/task", (int) f.draftd_pid);
  guint64 rss_warm = 0, fds_warm = 0, threads_warm = 0;
  guint ok = 0;
  gint64 until = g_get_monotonic_time () + 300 * G_TIME_SPAN_SECOND;
  while (bus_fixture_draftd_has_thread (&f, "draftd-words") && g_get_monotonic_time () < until)
    g_usleep (20000);
  tap_ok (!bus_fixture_draftd_has_thread (&f, "draftd-words"), "the thread preloading the words has finished");
  for (guint i = 0; i < SWITCHES; i++) {
    ok += use_models (c, f.target, i % 2 ? f.assistant : "");
    if (i % 10 == 9)
      tap_diag ("RSS after %u switches: %" G_GUINT64_FORMAT " KiB", i + 1, bus_fixture_draftd_rss (&f));
    if (i + 1 == WARM) {
      rss_warm = bus_fixture_draftd_rss (&f);
      fds_warm = count_entries (fd_dir);
      threads_warm = count_entries (task_dir);
    }
  }
  guint64 rss_end = bus_fixture_draftd_rss (&f);
  tap_ok (ok == SWITCHES, "%u of %d switches succeed", ok, SWITCHES);
  int margin = MARGIN_KIB;
  guint64 allowed = (guint64) (SWITCHES - WARM) * margin;
  double per_switch = ((double) rss_end - (double) rss_warm) / (SWITCHES - WARM);
  if (RSS_BOUND)
    tap_ok (rss_end <= rss_warm + allowed,
            "RSS stays flat over %d switches: %" G_GUINT64_FORMAT " -> %" G_GUINT64_FORMAT " KiB (%.0f KiB a switch; at "
            "most %d allowed)", SWITCHES - WARM, rss_warm, rss_end, per_switch, margin);
  else
    tap_skip ("RSS over %d switches under ASan: %" G_GUINT64_FORMAT " -> %" G_GUINT64_FORMAT " KiB (%.0f KiB a switch), "
              "ASan's allocator's; LeakSanitizer checks at exit instead", SWITCHES - WARM, rss_warm, rss_end, per_switch);
  tap_ok (count_entries (fd_dir) == fds_warm, "file descriptors stay flat (%" G_GUINT64_FORMAT " -> %u)", fds_warm,
          count_entries (fd_dir));
  tap_ok (count_entries (task_dir) == threads_warm, "threads stay flat (%" G_GUINT64_FORMAT " -> %u)", threads_warm,
          count_entries (task_dir));
  dbus_connection_close (c);
  dbus_connection_unref (c);
  int st = bus_fixture_stop_draftd (&f);
  tap_ok (st == 0, "draftd exits with status 0 after SIGTERM (%d)", st);
  bus_fixture_teardown (&f);
  return tap_done ();
}
