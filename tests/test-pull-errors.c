/* Issue 25: draft pull's failures each say what happened in one line, exit 1 and leave no
 * file behind that could pass for the model: a checksum mismatch, a gated model (401, with
 * how to pass HF_TOKEN, and the same model pulled once the token is given), a missing
 * repository or file (the Hub's own 401/404 answers), too little disk space, no network. */
#include <glib/gstdio.h>
#include <string.h>
#include "tests/hub-fixture.h"
#include "tests/tap.h"

/* One line on stderr that holds `want`; exit status 1. */
static void
expect_failure (HubFixture *f, const char *mode, const char *const *extra_env, const char *want, const char *what)
{
  hub_fixture_stop (f);
  if (mode && !hub_fixture_start (f, (const char *[]) { "--mode", mode, NULL })) {
    tap_ok (FALSE, "the stand-in Hub starts in mode %s", mode);
    return;
  }
  CliResult r;
  if (!hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL }, extra_env, &r))
    return;
  /* Progress lines may come first; the error is the last line, whole. */
  g_auto (GStrv) lines = g_strsplit (r.err, "\n", -1);
  guint n = g_strv_length (lines);
  const char *last = n >= 2 ? lines[n - 2] : "";
  gboolean ok = r.status == 1 && g_str_has_prefix (last, "draft: ") && strstr (last, want) != NULL;
  tap_ok (ok, "%s: exit status 1 and one line saying '%s'", what, want);
  tap_diag ("%s", last);
  if (!ok)
    tap_diag ("status %d, stderr:\n%s", r.status, r.err);
  tap_ok (!g_file_test (f->dest, G_FILE_TEST_EXISTS) && !g_file_test (f->part, G_FILE_TEST_EXISTS), "%s: no file is left", what);
  cli_result_clear (&r);
}

static void
gated_with_token (HubFixture *f)
{
  hub_fixture_stop (f);
  if (!hub_fixture_start (f, (const char *[]) { "--mode", "gated", "--token", "hf_good", NULL }))
    return;
  CliResult r;
  if (!hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL }, (const char *[]) { "HF_TOKEN=hf_wrong", NULL }, &r))
    return;
  tap_ok (r.status == 1 && strstr (r.err, "refused the token in HF_TOKEN"), "a wrong token is named as such");
  tap_diag ("%s", r.err);
  cli_result_clear (&r);
  if (!hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL }, (const char *[]) { "HF_TOKEN=hf_good", NULL }, &r))
    return;
  tap_ok (r.status == 0 && hub_fixture_same (f, f->dest), "with the token in HF_TOKEN the gated model is pulled");
  g_unlink (f->dest);
  cli_result_clear (&r);
}

static void
run (HubFixture *f)
{
  expect_failure (f, "badsum", NULL, "checksum mismatch", "a checksum mismatch");
  expect_failure (f, "gated", NULL, "gated (401)", "a gated model");
  expect_failure (f, "gated", NULL, "HF_TOKEN=", "a gated model's message");
  gated_with_token (f);
  expect_failure (f, "norepo", NULL, "no model test-owner/tiny-GGUF on the Hub", "a missing repository");
  expect_failure (f, "nofile", NULL, "has no file", "a missing file");
  expect_failure (f, "huge", NULL, "not enough disk space", "too little disk space");
  /* Port 1 on loopback: nothing listens, as with no network at all. */
  expect_failure (f, NULL, (const char *[]) { "DRAFTD_HUB_URL=http://127.0.0.1:1", NULL }, "cannot reach the Hub",
                  "no network");
}

int
main (void)
{
  return hub_fixture_main (NULL, run);
}
