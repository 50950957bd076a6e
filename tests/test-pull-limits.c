/* Issue 35.1: draft pull holds a server to the Hub's metadata, not to its headers. More bytes
 * than the metadata's size end the pull at once, the partial file deleted (a probe once saw
 * a 722 KB model's .part reach 2 GB); a Content-Length of 10^15 is not waited for once the
 * file's bytes are there; a server that stalls is named as stalled (not "cannot reach the
 * Hub"), resumed, and given up on with what arrived kept; metadata fields of the wrong JSON
 * types are refused in one line, without a GLib critical before it. */
#include <glib/gstdio.h>
#include <string.h>
#include "tests/hub-fixture.h"
#include "tests/tap.h"

/* One second without a byte is a stall here: the stalls of the stand-in Hub are endless. */
static const char *const stall_env[] = { "DRAFTD_HUB_STALL_SECONDS=1", NULL };

static gboolean
restart (HubFixture *f, const char *const *options)
{
  hub_fixture_stop (f);
  g_unlink (f->dest);
  g_unlink (f->part);
  gboolean ok = hub_fixture_start (f, options);
  if (!ok)
    tap_ok (FALSE, "the stand-in Hub starts in mode %s", options[1]);
  return ok;
}

/* The last line of stderr (the error, after any progress lines). */
static char *
last_line (const CliResult *r)
{
  g_auto (GStrv) lines = g_strsplit (r->err, "\n", -1);
  guint n = g_strv_length (lines);
  return g_strdup (n >= 2 ? lines[n - 2] : "");
}

/* Exit status 1, the last line holding `want`, nothing logged by GLib. */
static void
expect_error (const CliResult *r, const char *want, const char *what)
{
  g_autofree char *last = last_line (r);
  gboolean clean = !strstr (r->err, "CRITICAL") && !strstr (r->err, "WARNING") && !strstr (r->err, "GLib");
  tap_ok (r->status == 1 && g_str_has_prefix (last, "draft: ") && strstr (last, want) && clean,
          "%s: exit status 1 and one line saying '%s'", what, want);
  tap_diag ("%s", last);
  if (r->status != 1 || !clean || !strstr (last, want))
    tap_diag ("status %d, stderr:\n%s", r->status, r->err);
}

static void
test_overflow (HubFixture *f)
{
  if (!restart (f, (const char *[]) { "--mode", "overflow", NULL }))
    return;
  CliResult r;
  if (!hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL }, NULL, &r))
    return;
  expect_error (&r, "sent more than", "bytes past the metadata's size");
  tap_ok (!g_file_test (f->part, G_FILE_TEST_EXISTS) && !g_file_test (f->dest, G_FILE_TEST_EXISTS),
          "and no partial file is left to resume");
  cli_result_clear (&r);
}

static void
test_liar (HubFixture *f)
{
  if (!restart (f, (const char *[]) { "--mode", "liar", NULL }))
    return;
  CliResult r;
  /* Without the stall override: the old client waited its 60 s here, then blamed the network. */
  if (!hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL }, NULL, &r))
    return;
  tap_ok (r.status == 0 && hub_fixture_same (f, f->dest),
          "a Content-Length of 10^15: the pull ends with the file once its bytes are there");
  if (r.status != 0)
    tap_diag ("status %d, stderr:\n%s", r.status, r.err);
  cli_result_clear (&r);
}

static void
test_stall (HubFixture *f)
{
  if (!restart (f, (const char *[]) { "--mode", "stall", "--drops", "1", NULL }))
    return;
  CliResult r;
  if (!hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL }, stall_env, &r))
    return;
  guint ranges = hub_fixture_count (f, "range=bytes=");
  tap_ok (r.status == 0 && hub_fixture_same (f, f->dest) && ranges >= 1,
          "a stall halfway is resumed from where it stopped, and the file arrives whole");
  if (r.status != 0 || ranges == 0)
    tap_diag ("status %d, %u range requests, stderr:\n%s", r.status, ranges, r.err);
  cli_result_clear (&r);
  if (!restart (f, (const char *[]) { "--mode", "stall", "--drops", "100", NULL }))
    return;
  if (!hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL }, stall_env, &r))
    return;
  expect_error (&r, "no data arrived for 1 s", "a server that keeps stalling");
  g_autofree char *last = last_line (&r);
  tap_ok (strstr (last, "resumes") && g_file_test (f->part, G_FILE_TEST_EXISTS) && !strstr (r.err, "cannot reach"),
          "it is named a stall, not an unreachable Hub, and what arrived is kept to resume");
  cli_result_clear (&r);
}

static void
test_types (HubFixture *f, const char *mode)
{
  if (!restart (f, (const char *[]) { "--mode", mode, NULL }))
    return;
  CliResult r;
  if (!hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL }, NULL, &r))
    return;
  g_autofree char *what = g_strdup_printf ("metadata with fields of the wrong types (%s)", mode);
  expect_error (&r, "gives no SHA-256 and size", what);
  cli_result_clear (&r);
}

static void
run (HubFixture *f)
{
  test_overflow (f);
  test_liar (f);
  test_stall (f);
  test_types (f, "badtypes");
  test_types (f, "badlfs");
}

int
main (void)
{
  return hub_fixture_main (NULL, run);
}
