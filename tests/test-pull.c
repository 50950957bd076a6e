/* Issue 25: draft pull against a stand-in Hub on loopback: REPO/FILE.gguf and a catalogue
 * name land whole in $XDG_DATA_HOME/draftd/models, with no partial file left, progress as
 * plain lines in a pipe, and no token sent unasked; pulling again downloads nothing. */
#include <glib/gstdio.h>
#include <string.h>
#include "tests/hub-fixture.h"
#include "tests/tap.h"

static void pull_same_name_elsewhere (HubFixture *f);

static void
pull_by_path (HubFixture *f)
{
  CliResult r;
  if (!hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL }, NULL, &r))
    return;
  tap_ok (r.status == 0, "draft pull REPO/FILE.gguf succeeds (status %d)", r.status);
  if (r.status != 0)
    tap_diag ("stderr: %s", r.err);
  tap_ok (hub_fixture_same (f, f->dest), "the file in the models directory equals the served one");
  tap_ok (!g_file_test (f->part, G_FILE_TEST_EXISTS), "no partial file is left");
  tap_ok (strstr (r.out, "SHA-256 verified") != NULL && strstr (r.out, f->dest) != NULL, "stdout says where it went");
  tap_diag ("%s", r.out);
  tap_ok (strstr (r.err, "100%") != NULL && strstr (r.err, "\r") == NULL, "progress comes as plain lines in a pipe");
  tap_ok (hub_fixture_count (f, "/api/models/test-owner/tiny-GGUF/revision/main?blobs=true") == 1,
          "the size and checksum come from the Hub's revision metadata");
  tap_ok (hub_fixture_count (f, "auth=yes") == 0, "no Authorization header without HF_TOKEN");
  cli_result_clear (&r);

  if (!hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL }, NULL, &r))
    return;
  tap_ok (r.status == 0 && strstr (r.out, "up to date") != NULL, "pulling again finds it up to date");
  tap_ok (hub_fixture_count (f, "GET /cdn/") == 1, "and downloads nothing more");
  cli_result_clear (&r);
  pull_same_name_elsewhere (f);
}

/* Issue 34: no lock file is left in the models directory. */
static gboolean
no_lock_files (HubFixture *f)
{
  g_autoptr (GDir) d = g_dir_open (f->models, 0, NULL);
  const char *n;
  while (d && (n = g_dir_read_name (d)))
    if (g_str_has_suffix (n, ".lock")) {
      tap_diag ("left behind: %s", n);
      return FALSE;
    }
  return d != NULL;
}

/* Issue 34: another repository's file of the same name gets a name of its own, and the first
 * file stays. */
static void
pull_same_name_elsewhere (HubFixture *f)
{
  g_autofree char *other = g_strdup_printf ("other-owner/tiny-GGUF/%s", f->name);
  g_autofree char *dest = g_strdup_printf ("%s/other-owner--tiny-GGUF--%s", f->models, f->name);
  CliResult r;
  if (!hub_fixture_draft (f, (const char *[]) { "pull", other, NULL }, NULL, &r))
    return;
  tap_ok (r.status == 0 && hub_fixture_same (f, dest) && strstr (r.out, dest) && !strstr (r.out, "up to date"),
          "the same file name from another repository lands on a distinct local name");
  tap_ok (hub_fixture_same (f, f->dest), "and the first repository's file stays where it was");
  tap_ok (no_lock_files (f), "no .FILE.gguf.lock is left after either pull");
  cli_result_clear (&r);
}

static void
pull_by_name (HubFixture *f)
{
  g_autofree char *dest = g_build_filename (f->models, "SmolLM2-135M-Instruct-Q8_0.gguf", NULL);
  CliResult r;
  if (!hub_fixture_draft (f, (const char *[]) { "pull", "smollm2-135m-q8", NULL }, (const char *[]) { "HF_TOKEN=hf_test", NULL }, &r))
    return;
  tap_ok (r.status == 0, "draft pull NAME takes the catalogue's repository and file (status %d)", r.status);
  tap_ok (hub_fixture_count (f, "/api/models/bartowski/SmolLM2-135M-Instruct-GGUF/") == 1, "from the catalogue's repository");
  tap_ok (hub_fixture_same (f, dest), "saved under the catalogue's file name");
  tap_ok (strstr (r.out, "it assists smollm2-1.7b: draft pull smollm2-1.7b, then draft use smollm2-1.7b") != NULL,
          "and says what the assistant is for");
  tap_ok (hub_fixture_count (f, "GET /bartowski/SmolLM2-135M-Instruct-GGUF/resolve/main/SmolLM2-135M-Instruct-Q8_0.gguf range=- "
                                "auth=yes") == 1, "HF_TOKEN goes to the Hub");
  tap_ok (hub_fixture_count (f, "GET /cdn/SmolLM2-135M-Instruct-Q8_0.gguf range=- auth=no") == 1,
          "but not across the redirect to the file's host");
  cli_result_clear (&r);
}

/* A file there with other contents (another revision, or damaged) is replaced, and stays
 * until its replacement is whole. */
static void
replace_stale (HubFixture *f)
{
  g_autofree char *data = NULL;
  gsize n;
  g_file_get_contents (f->gguf, &data, &n, NULL);
  data[n / 2] ^= 1;
  g_file_set_contents (f->dest, data, n, NULL);
  hub_fixture_stop (f);
  CliResult r;
  if (!hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL }, NULL, &r))
    return;
  g_autofree char *kept = NULL;
  g_file_get_contents (f->dest, &kept, NULL, NULL);
  tap_ok (r.status == 1 && kept && memcmp (kept, data, n) == 0, "a differing file stays while its replacement cannot come");
  cli_result_clear (&r);
  if (!hub_fixture_start (f, NULL) || !hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL }, NULL, &r))
    return;
  tap_ok (r.status == 0 && hub_fixture_same (f, f->dest) && strstr (r.out, "pulled"), "then the pull replaces it");
  cli_result_clear (&r);
}

/* http_proxy from the environment: the Hub's address (a documentation address nothing
 * answers at) is asked of the proxy, here the stand-in itself. */
static void
through_proxy (HubFixture *f)
{
  g_unlink (f->dest);
  g_autofree char *proxy = g_strdup_printf ("http_proxy=%s", f->url);
  CliResult r;
  if (!hub_fixture_draft (f, (const char *[]) { "pull", f->arg, NULL },
                          (const char *[]) { proxy, "DRAFTD_HUB_URL=http://192.0.2.1", NULL }, &r))
    return;
  tap_ok (r.status == 0 && hub_fixture_same (f, f->dest), "http_proxy from the environment carries the pull");
  tap_ok (hub_fixture_count (f, "/revision/main?blobs=true range=- auth=no proxied") == 1, "the metadata came through it");
  cli_result_clear (&r);
}

static void
usage_errors (HubFixture *f)
{
  CliResult r;
  const char *bad[] = { "no-such-model", "owner/repo/notes.txt", "owner/../x.gguf", NULL };
  for (guint i = 0; bad[i]; i++) {
    if (!hub_fixture_draft (f, (const char *[]) { "pull", bad[i], NULL }, NULL, &r))
      return;
    tap_ok (r.status == 2 && strstr (r.err, "draft pull --list") != NULL, "'%s' is a usage error", bad[i]);
    cli_result_clear (&r);
  }
  if (hub_fixture_draft (f, (const char *[]) { "pull", "--list", NULL }, NULL, &r))
    tap_ok (r.status == 0 && strstr (r.out, "qwen2.5-1.5b") && strstr (r.out, "apache-2.0"), "--list shows the catalogue");
  cli_result_clear (&r);
}

static void
run (HubFixture *f)
{
  pull_by_path (f);
  pull_by_name (f);
  replace_stale (f);
  through_proxy (f);
  usage_errors (f);
}

int
main (void)
{
  return hub_fixture_main ((const char *[]) { "--names", "draftd-target-Q4_K_M.gguf,SmolLM2-135M-Instruct-Q8_0.gguf", NULL }, run);
}
