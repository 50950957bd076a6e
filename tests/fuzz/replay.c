/* Replays a fuzz target's seed corpus (tests/fuzz/corpus/<target>/) without libFuzzer, as a
 * TAP test in the ordinary and sanitizer builds: every crash reproducer committed as a seed
 * stays a regression test, with or without clang. A broken invariant aborts the program. */
#include <string.h>
#include "tests/tap.h"
#include "tests/fuzz-common.h"

static gint
by_name (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

int
main (int argc, char **argv)
{
  if (argc != 2) {
    fprintf (stderr, "usage: %s CORPUS-DIR\n", argv[0]);
    return 2;
  }
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) dir = g_dir_open (argv[1], 0, &error);
  tap_ok (dir != NULL, "corpus %s: %s", argv[1], error ? error->message : "open");
  if (dir == NULL)
    return tap_done ();
  LLVMFuzzerInitialize (&argc, &argv);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  for (const char *n; (n = g_dir_read_name (dir));)
    g_ptr_array_add (names, g_strdup (n));
  g_ptr_array_sort (names, by_name);
  for (guint i = 0; i < names->len; i++) {
    g_autofree char *path = g_build_filename (argv[1], names->pdata[i], NULL);
    g_autofree char *contents = NULL;
    gsize len = 0;
    if (!g_file_get_contents (path, &contents, &len, &error)) {
      tap_ok (FALSE, "%s", error->message);
      g_clear_error (&error);
      continue;
    }
    /* An exact-size copy, so a sanitizer sees any read past the input. */
    g_autofree guint8 *exact = g_memdup2 (contents, len);
    LLVMFuzzerTestOneInput (exact, len);
    tap_ok (TRUE, "%s (%" G_GSIZE_FORMAT " bytes)", (const char *) names->pdata[i], len);
  }
  tap_ok (names->len > 0, "%u seeds replayed", names->len);
  return tap_done ();
}
