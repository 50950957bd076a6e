/* Issue 25: what draft use records in draftd.conf. The pair replaces target= and assistant=
 * under [draftd]; every other line (comments, other keys, their order) stays as the user
 * wrote it; a missing file (and directory) is created; the result reads back strictly, and
 * so does any path, however odd (issue 35.3). */
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

/* Issue 35.3: paths the bare syntax cannot hold are recorded quoted and read back exactly. */
static const char *const odd_paths[] = {
  "/m/ lead and trail .gguf ", " /m/leading-space.gguf", "/m/hash # semi ; eq = x.gguf", "/m/\"quoted\" 'single'.gguf",
  "\"/m/leading-quote.gguf", "/m/back\\slash\\", "/m/new\nline.gguf", "/m/cr\r", "/m/tab\there\t", "/m/bell\a.gguf",
  "~/not-home.gguf", "/m/na\xc3\xafve \xe6\xa8\xa1\xe5\x9e\x8b.gguf", "/m/\\x41 \\n literal.gguf",
};

static void
check_odd_paths (const char *path)
{
  for (guint i = 0; i < G_N_ELEMENTS (odd_paths); i++) {
    g_autoptr (GError) error = NULL;
    const char *assistant = odd_paths[(i + 1) % G_N_ELEMENTS (odd_paths)];
    gboolean ok = draftd_config_record_models (path, odd_paths[i], assistant, &error);
    DraftdSettings s;
    draftd_settings_init (&s);
    ok = ok && draftd_settings_read_file (&s, path, TRUE, &error);
    g_autofree char *shown = g_strescape (odd_paths[i], NULL);
    tap_ok (ok && g_strcmp0 (s.target, odd_paths[i]) == 0 && g_strcmp0 (s.assistant, assistant) == 0,
            "the path \"%s\" is recorded and reads back exactly", shown);
    if (error)
      tap_diag ("%s", error->message);
    draftd_settings_clear (&s);
  }
  g_autoptr (GError) error = NULL;
  tap_ok (!draftd_config_record_models (path, "/m/\xff.gguf", NULL, &error), "a path that is not UTF-8 is refused, not recorded");
  /* Quoted values written by hand: a broken one is an error on its line. */
  static const char *const bad[] = { "\"/m/x", "\"/m/x\" y", "\"/m/\\q\"", "\"/m/\\x0\"", "\"/m/\\x00\"", "\"\"" };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++) {
    g_autofree char *text = g_strdup_printf ("[draftd]\ntarget = %s\n", bad[i]);
    g_file_set_contents (path, text, -1, NULL);
    DraftdSettings s;
    draftd_settings_init (&s);
    g_autoptr (GError) e = NULL;
    tap_ok (!draftd_settings_read_file (&s, path, TRUE, &e) && e && strstr (e->message, ":2:"), "target = %s is refused: %s",
            bad[i], e ? e->message : "(read)");
    draftd_settings_clear (&s);
  }
  g_unlink (path);
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
  check_odd_paths (path);
  return tap_done ();
}
