/* Issue 25: two pulls of one file at once do not collide: the second waits for the first's
 * lock, then finds the file whole and downloads nothing. */
#include <string.h>
#include "tests/hub-fixture.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static void
run (HubFixture *f)
{
  GSubprocess *p[2];
  char *err[2];
  for (guint i = 0; i < 2; i++) {
    g_autofree char *o = g_strdup_printf ("out%u", i), *e = g_strdup_printf ("err%u", i);
    g_autofree char *out = g_build_filename (test_tmpdir (), o, NULL);
    err[i] = g_build_filename (test_tmpdir (), e, NULL);
    p[i] = hub_fixture_draft_async (f, (const char *[]) { "pull", f->arg, NULL }, out, err[i]);
  }
  guint ok = 0, waited = 0;
  for (guint i = 0; i < 2; i++) {
    g_subprocess_wait (p[i], NULL, NULL);
    ok += g_subprocess_get_if_exited (p[i]) && g_subprocess_get_exit_status (p[i]) == 0;
    g_autofree char *text = NULL;
    g_file_get_contents (err[i], &text, NULL, NULL);
    waited += text && strstr (text, "waiting for it") != NULL;
    g_object_unref (p[i]);
    g_free (err[i]);
  }
  tap_ok (ok == 2, "both pulls succeed");
  tap_ok (waited == 1, "one of them waited for the other");
  tap_ok (hub_fixture_count (f, "GET /cdn/") == 1, "the file was downloaded once");
  tap_ok (hub_fixture_same (f, f->dest), "and is whole");
}

int
main (void)
{
  /* Slow enough that the second pull starts while the first downloads. */
  return hub_fixture_main ((const char *[]) { "--mode", "slow", "--rate", "2000000", NULL }, run);
}
