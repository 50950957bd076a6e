/* Issue 25: draft pull resumes with a range request: at once when the server drops the
 * connection mid-file, and on the next pull after Ctrl-C, which keeps what arrived. Issue 48:
 * SIGTERM ends it the same way (status 143), and neither leaves the lock file behind. */
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include "tests/hub-fixture.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static void
dropped_connection (HubFixture *f)
{
  if (!hub_fixture_start (f, (const char *[]) { "--mode", "drop", "--drops", "2", NULL }))
    return;
  CliResult r;
  if (!hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL }, NULL, &r))
    return;
  tap_ok (r.status == 0, "a pull whose connection drops twice mid-file still succeeds (status %d)", r.status);
  tap_ok (hub_fixture_count (f, "GET /cdn/") == 3 && hub_fixture_count (f, ".gguf range=bytes=") == 4,
          "by two range requests from where each transfer broke");
  tap_ok (hub_fixture_same (f, f->dest), "the file is whole");
  g_unlink (f->dest);
  cli_result_clear (&r);
  hub_fixture_stop (f);
}

static guint64
size_of (const char *path)
{
  GStatBuf st;
  return g_stat (path, &st) == 0 ? (guint64) st.st_size : 0;
}

/* Ctrl-C (or SIGTERM: `signal`) while the file is half there. */
static guint64
interrupt_pull (HubFixture *f, int signal, int want_status)
{
  if (!hub_fixture_start (f, (const char *[]) { "--mode", "slow", "--rate", "400000", NULL }))
    return 0;
  g_autofree char *out_name = g_strdup_printf ("out-%d", signal), *err_name = g_strdup_printf ("err-%d", signal);
  g_autofree char *out = g_build_filename (test_tmpdir (), out_name, NULL), *err = g_build_filename (test_tmpdir (), err_name, NULL);
  GSubprocess *p = hub_fixture_draft_async (f, (const char *[]) { "pull", f->arg, NULL }, out, err);
  for (guint i = 0; i < 3000 && size_of (f->part) < 300000; i++)
    g_usleep (10000);
  g_subprocess_send_signal (p, signal);
  g_subprocess_wait (p, NULL, NULL);
  int status = g_subprocess_get_if_exited (p) ? g_subprocess_get_exit_status (p) : -1;
  g_object_unref (p);
  g_autofree char *text = NULL;
  g_file_get_contents (err, &text, NULL, NULL);
  const char *name = signal == SIGINT ? "Ctrl-C" : "SIGTERM";
  tap_ok (status == want_status, "%s ends the pull with status %d (%d)", name, want_status, status);
  tap_ok (text && strstr (text, signal == SIGINT ? "interrupted" : "stopped by SIGTERM") && strstr (text, "resumes"),
          "and says the next pull resumes");
  tap_diag ("%s", text ? text : "");
  guint64 kept = size_of (f->part);
  tap_ok (kept >= 300000, "what arrived is kept (%" G_GUINT64_FORMAT " bytes)", kept);
  g_autofree char *lock_name = g_strdup_printf (".%s.lock", f->name);
  g_autofree char *lock = g_build_filename (f->models, lock_name, NULL);
  tap_ok (!g_file_test (lock, G_FILE_TEST_EXISTS), "and its lock is released and removed");
  hub_fixture_stop (f);
  return kept;
}

/* The pull after Ctrl-C asks for the rest only. */
static void
resume (HubFixture *f, guint64 kept)
{
  CliResult r;
  if (!hub_fixture_start (f, NULL) || !hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL }, NULL, &r))
    return;
  g_autofree char *range = g_strdup_printf ("/cdn/%s range=bytes=%" G_GUINT64_FORMAT "-", f->name, kept);
  tap_ok (r.status == 0 && strstr (r.err, "resuming"), "the next pull resumes (status %d)", r.status);
  tap_ok (hub_fixture_count (f, range) == 1 && hub_fixture_count (f, "GET /cdn/") == 1, "asking for the rest only (%s)",
          range);
  tap_ok (hub_fixture_same (f, f->dest) && !g_file_test (f->part, G_FILE_TEST_EXISTS), "the file is whole, the part gone");
  cli_result_clear (&r);
}

static void
run (HubFixture *f)
{
  dropped_connection (f);
  guint64 kept = interrupt_pull (f, SIGTERM, 128 + SIGTERM);
  g_unlink (f->part);
  kept = interrupt_pull (f, SIGINT, 130);
  if (kept > 0)
    resume (f, kept);
}

int
main (void)
{
  return hub_fixture_main (NULL, run);
}
