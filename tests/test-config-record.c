/* Issue 25: what draft use records in draftd.conf. The pair replaces target= and assistant=
 * under [draftd]; every other line (comments, other keys, their order) stays as the user
 * wrote it; a missing file (and directory) is created; the result reads back strictly. */
#include <glib/gstdio.h>
#include <string.h>
#include "daemon/config.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static const char before[] =
  "# my settings\n"
  "[draftd]\n"
  "context = 1024\n"
  "target = /old/t.gguf\n"
  "assistant=/old/a.gguf\n"
  "# the GPU\n"
  "device = 0\n";

static const char after[] =
  "# my settings\n"
  "[draftd]\n"
  "target = /new/t.gguf\n"
  "context = 1024\n"
  "# the GPU\n"
  "device = 0\n";

static void
check_reads_back (const char *path, const char *target, const char *assistant)
{
  DraftdSettings s;
  draftd_settings_init (&s);
  g_autoptr (GError) error = NULL;
  gboolean ok = draftd_settings_read_file (&s, path, TRUE, &error);
  tap_no_error (error, "the written file parses");
  tap_ok (ok && g_strcmp0 (s.target, target) == 0 && g_strcmp0 (s.assistant, assistant) == 0, "with the recorded pair");
  draftd_settings_clear (&s);
}

int
main (void)
{
  g_autofree char *path = g_build_filename (test_tmpdir (), "draftd.conf", NULL);
  g_file_set_contents (path, before, -1, NULL);
  g_autoptr (GError) error = NULL;
  tap_ok (draftd_config_record_models (path, "/new/t.gguf", NULL, &error), "recording into an existing file succeeds");
  g_autofree char *text = NULL;
  g_file_get_contents (path, &text, NULL, NULL);
  tap_ok (g_strcmp0 (text, after) == 0, "the pair replaces the old one, every other line kept");
  if (g_strcmp0 (text, after) != 0)
    tap_diag ("%s", text);
  check_reads_back (path, "/new/t.gguf", NULL);
  g_unlink (path);

  g_autofree char *dir = g_build_filename (test_tmpdir (), "new-dir", NULL);
  g_autofree char *fresh = g_build_filename (dir, "draftd.conf", NULL);
  tap_ok (draftd_config_record_models (fresh, "/m/t.gguf", "/m/a.gguf", &error), "a missing file and directory are created");
  check_reads_back (fresh, "/m/t.gguf", "/m/a.gguf");
  g_unlink (fresh);
  g_rmdir (dir);
  return tap_done ();
}
