/* Issue 48: draft pull against a server that trickles (a byte every interval) fails with a
 * message naming the rate, whether the server closes after each byte (each reconnect gained
 * a byte, so the rule "three stalls with nothing gained" never fired: 14 reconnects in 45 s
 * and no end) or keeps one connection open (above curl's 1 B/s stall floor). What arrived is
 * kept for the next pull. The rate floor's window is shortened by the environment here; its
 * defaults (1 KiB/s over 30 s) fail a byte every 2 s within 30 s. */
#include <glib/gstdio.h>
#include <string.h>
#include "tests/hub-fixture.h"
#include "tests/tap.h"

static const char *const rate_env[] = { "DRAFTD_HUB_MIN_RATE=1000", "DRAFTD_HUB_RATE_WINDOW=2", NULL };

static void
trickle (HubFixture *f, const char *per_connection, const char *what)
{
  hub_fixture_stop (f);
  g_unlink (f->part);
  if (!hub_fixture_start (f, (const char *[]) { "--mode", "trickle", "--interval", "0.2", "--trickle-bytes", per_connection, NULL })) {
    tap_ok (FALSE, "the stand-in Hub starts trickling");
    return;
  }
  CliResult r;
  gint64 t0 = g_get_monotonic_time ();
  if (!hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL }, rate_env, &r))
    return;
  double seconds = (g_get_monotonic_time () - t0) / 1e6;
  g_auto (GStrv) lines = g_strsplit (r.err, "\n", -1);
  guint n = g_strv_length (lines);
  const char *last = n >= 2 ? lines[n - 2] : "";
  tap_ok (r.status == 1 && strstr (last, "B/s)") && strstr (last, "under the minimum rate of 1.0") &&
              strstr (last, "kB/s"),
          "%s: the pull fails naming the rate", what);
  tap_ok (strstr (last, "resumes") && g_file_test (f->part, G_FILE_TEST_EXISTS) && !g_file_test (f->dest, G_FILE_TEST_EXISTS),
          "what arrived is kept to resume, and nothing is renamed into place");
  tap_diag ("%s: %.1f s, %u requests for the file: %s", what, seconds, hub_fixture_count (f, "GET /cdn/"), last);
  if (r.status != 1)
    tap_diag ("status %d, stderr:\n%s", r.status, r.err);
  cli_result_clear (&r);
}

static void
run (HubFixture *f)
{
  trickle (f, "1", "a byte a connection, reconnecting");
  tap_ok (hub_fixture_count (f, "GET /cdn/") > 3, "the pull reconnected and gained bytes before it gave up (%u requests)",
          hub_fixture_count (f, "GET /cdn/"));
  trickle (f, "1000000", "a byte every 0.2 s on one open connection");
}

int
main (void)
{
  return hub_fixture_main (NULL, run);
}
