/* Neovim from Debian, headless, with editors/neovim's setup for `draft lsp`: a buffer with
 * known errors gets its diagnostics (UTF-16 positions converted by Neovim itself), a
 * quickfix code action and a "correct selection" command change the buffer's text; a
 * fix-all offered before the quickfix and applied after it is refused as stale (issue 33:
 * versioned documentChanges), never corrupting the line.
 * The script is tests/editors/neovim-test.lua. */
#include <glib/gstdio.h>
#include "tests/tap.h"
#include "tests/test-lsp-driver.h"
#include "tests/test-util.h"

int
main (void)
{
  g_autofree char *nvim = g_find_program_in_path ("nvim");
  if (nvim == NULL)
    return tap_missing_all ("neovim is not installed (tools/setup-debian.sh installs it)");
  BusFixture f;
  int status;
  if (!lsp_fixture_begin (&f, &status))
    return status;
  g_autofree char *file = g_build_filename (test_tmpdir (), "notes.txt", NULL);
  g_file_set_contents (file, "She go to school yesterday.\n\nI like \xf0\x9f\x8d\x95 and \xe5\xaf\xbf\xe5\x8f\xb8. She have a cat.\n", -1, NULL);
  g_autofree char *script = g_build_filename (DRAFTD_SOURCE_ROOT, "tests", "editors", "neovim-test.lua", NULL);
  g_autofree char *luafile = g_strdup_printf ("luafile %s", script);
  const char *argv[] = { "timeout", "600", nvim, "--headless", "--clean", "-n", "-i", "NONE", "-c", luafile, NULL };
  /* Through `draft lsp`, the spelling the setup snippets in docs/editors.md use. */
  g_autofree char *draft_lsp = g_strdup_printf ("%s/client/draft lsp", DRAFTD_BUILD_ROOT);
  const char *env[] = { "DRAFTD_FILE", file, "DRAFTD_LSP", draft_lsp, NULL };
  lsp_run_editor (&f, argv, env, 12);
  bus_fixture_teardown (&f);
  return tap_done ();
}
