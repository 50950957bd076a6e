/* Emacs from Debian, in batch: editors/emacs/draftd.el byte-compiles without a warning
 * (warnings are errors), and ERT tests (tests/editors/emacs-test.el) run the compiled
 * package against a daemon on a private bus: the Flymake backend reports the edits,
 * an edit applies at point, correct and rewrite region give the daemon's text, C-g
 * cancels the job on the daemon and restores the region; and Eglot drives draft lsp.
 * Issue 23: draftd-mode checks paragraphs through a cache, cancels superseded checks and
 * leaves nothing behind when turned off; a long correction lets timers run and undoes in
 * one step; draftd-complete and draftd-chat stream; the rewrite prompt takes spaces.
 * Issue 33: diagnostics show their rule id, and draftd-disabled-rules leaves a rule's edits
 * out of Flymake (from the cache) and of corrections (through the daemon); draftd-dialect,
 * else the locale's, holds spellings to a dialect (a change of it seen at the next Flymake
 * check); a file's buffer sends its path, so its workspace's .draftd/words.txt counts.
 * Issue 47: complete and chat on the toy target are a user-error naming what works (in the
 * chat buffer too), and draftd-force-generation runs them; the reason a draftd started by
 * the bus left in last-error is read back when it is the call's own. */
#include <glib/gstdio.h>
#include <string.h>
#include "tests/tap.h"
#include "tests/test-lsp-driver.h"
#include "tests/test-util.h"

int
main (void)
{
  g_autofree char *emacs = g_find_program_in_path ("emacs");
  if (emacs == NULL)
    return tap_missing_all ("emacs is not installed (tools/setup-debian.sh installs emacs-nox)");
  /* Compile a copy: the source tree stays free of .elc files. */
  g_autofree char *dir = g_build_filename (test_tmpdir (), "elisp", NULL);
  g_mkdir_with_parents (dir, 0700);
  g_autofree char *src = g_build_filename (DRAFTD_SOURCE_ROOT, "editors", "emacs", "draftd.el", NULL);
  g_autofree char *copy = g_build_filename (dir, "draftd.el", NULL);
  g_autofree char *text = NULL;
  g_file_get_contents (src, &text, NULL, NULL);
  g_file_set_contents (copy, text ? text : "", -1, NULL);
  const char *compile[] = { emacs, "-batch", "-Q", "--eval", "(setq byte-compile-error-on-warn t)", "-f", "batch-byte-compile", copy, NULL };
  g_autofree char *out = NULL, *err = NULL;
  int status = -1;
  gboolean ran = g_spawn_sync (NULL, (char **) compile, NULL, 0, NULL, NULL, &out, &err, &status, NULL);
  gboolean clean = ran && g_spawn_check_wait_status (status, NULL) && !(err && strstr (err, "Warning"));
  tap_ok (clean, "draftd.el byte-compiles with warnings as errors");
  if (!clean)
    tap_diag ("%s%s", out ? out : "", err ? err : "");

  BusFixture f;
  int code;
  if (!lsp_fixture_begin (&f, &code))
    return code;
  g_autofree char *tests = g_build_filename (DRAFTD_SOURCE_ROOT, "tests", "editors", "emacs-test.el", NULL);
  g_autofree char *elc = g_build_filename (dir, "draftd.elc", NULL);
  const char *argv[] = { "timeout", "600", emacs, "-batch", "-Q", "-L", dir, "-l", elc, "-l", tests, "-f", "draftd-test-run", NULL };
  lsp_run_editor (&f, argv, NULL, 23);
  bus_fixture_teardown (&f);
  return tap_done ();
}
