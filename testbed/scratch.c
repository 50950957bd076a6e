#include "testbed/scratch.h"
#include <glib/gstdio.h>

void
testbed_remove_tree (const char *path)
{
  GDir *d = g_dir_open (path, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d))) {
    g_autofree char *child = g_build_filename (path, name, NULL);
    if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
      testbed_remove_tree (child);
    else
      g_unlink (child);
  }
  if (d)
    g_dir_close (d);
  g_rmdir (path);
}
