/* The IAD block kept per device and model (daemon/engine/block-cache.h, issue 47): measured
 * and written the first time, read back (not measured) after, measured again when the
 * model file changes or the file holds a value the picker cannot give, and nothing written
 * with the cache off. */
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <utime.h>
#include "daemon/engine/block-cache.h"
#include "lib/decode/decode.h"
#include "tests/tap.h"
#include "tests/test-util.h"

/* The one iad-block-*.txt in dir (NULL: none or several), and how many there are. */
static char *
only_file (const char *dir, guint *count)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  char *found = NULL;
  *count = 0;
  while (d && (name = g_dir_read_name (d)) != NULL) {
    if (!g_str_has_prefix (name, "iad-block-"))
      continue;
    (*count)++;
    g_free (found);
    found = g_build_filename (dir, name, NULL);
  }
  if (*count != 1)
    g_clear_pointer (&found, g_free);
  return found;
}

/* The file's key line with `value` as its block. */
static void
set_value (const char *file, const char *value)
{
  g_autofree char *text = NULL;
  g_file_get_contents (file, &text, NULL, NULL);
  char *nl = text ? strchr (text, '\n') : NULL;
  if (nl)
    *nl = 0;
  g_autofree char *next = g_strdup_printf ("%s\n%s\n", text ? text : "", value);
  g_file_set_contents (file, next, -1, NULL);
}

static gboolean
in_range (guint b)
{
  return b >= DRAFTD_IAD_MIN_BLOCK && b <= 32;
}

static void
check_cache (const DraftdVk *vk, const char *model, const DraftdLm *lm, const char *dir)
{
  GError *error = NULL;
  guint count;
  guint first = draftd_block_cache_pick (vk, model, lm, &error);
  g_autofree char *file = only_file (dir, &count);
  tap_ok (in_range (first) && file != NULL, "the first pick measures %u and writes one file (%u there)", first, count);
  if (file == NULL)
    return;
  g_autofree char *text = NULL;
  g_file_get_contents (file, &text, NULL, NULL);
  g_autofree char *tail = g_strdup_printf ("\n%u\n", first);
  tap_ok (text && g_str_has_suffix (text, tail) && strstr (text, model) != NULL, "the file holds the model's key and the block");

  /* A value the measurement never gives (it gives 2^k - 1, at least 7): returned as is,
   * so it was read. */
  guint planted = 30;
  g_autofree char *planted_s = g_strdup_printf ("%u", planted);
  set_value (file, planted_s);
  guint again = draftd_block_cache_pick (vk, model, lm, &error);
  tap_ok (again == planted, "a later pick reads the kept block (%u, kept %u)", again, planted);

  set_value (file, "999");
  guint fixed = draftd_block_cache_pick (vk, model, lm, &error);
  g_clear_pointer (&text, g_free);
  g_file_get_contents (file, &text, NULL, NULL);
  g_autofree char *fixed_tail = g_strdup_printf ("\n%u\n", fixed);
  tap_ok (in_range (fixed) && text && g_str_has_suffix (text, fixed_tail), "an impossible kept value is measured again (%u) and replaced",
          fixed);

  /* The model rewritten (a new mtime): the kept key no longer matches. */
  set_value (file, planted_s);
  struct stat st;
  g_stat (model, &st);
  struct utimbuf times = { st.st_atime, st.st_mtime + 10 };
  g_utime (model, &times);
  guint after = draftd_block_cache_pick (vk, model, lm, &error);
  tap_ok (in_range (after) && after != planted, "a changed model file is measured again (%u, not the kept %u)", after, planted);
  g_autofree char *still = only_file (dir, &count);
  tap_ok (still != NULL && g_str_equal (still, file), "still one file for the model: the new key replaced the old");
  if (error)
    tap_diag ("%s", error->message);
}

int
main (void)
{
  g_autofree char *target = NULL, *assistant = NULL;
  if (!test_shipped_models (&target, &assistant))
    return tap_missing_all ("the shipped models are absent");
  /* A copy, whose mtime the test may change. */
  const char *tmp = test_tmpdir ();
  g_autofree char *model = g_build_filename (tmp, "target.gguf", NULL);
  g_autofree char *bytes = NULL;
  gsize size = 0;
  if (!g_file_get_contents (target, &bytes, &size, NULL) || !g_file_set_contents (model, bytes, size, NULL))
    return tap_skip_all ("cannot copy %s", target);
  g_autoptr (DraftdVk) vk = test_vk ();
  TestLoaded l;
  if (!test_load (vk, model, 0, &l))
    return tap_done ();
  g_autofree char *dir = g_build_filename (tmp, "cache", NULL);
  g_setenv ("DRAFTD_PIPELINE_CACHE_DIR", dir, TRUE);
  check_cache (vk, model, &l.lm, dir);

  g_autofree char *off_dir = g_build_filename (tmp, "off", NULL);
  g_setenv ("DRAFTD_PIPELINE_CACHE_DIR", "off", TRUE);
  g_setenv ("XDG_CACHE_HOME", off_dir, TRUE);
  GError *error = NULL;
  guint b = draftd_block_cache_pick (vk, model, &l.lm, &error);
  tap_ok (in_range (b) && !g_file_test (off_dir, G_FILE_TEST_EXISTS), "with the cache off the block is measured (%u) and nothing written",
          b);
  g_clear_error (&error);
  test_unload (&l);
  test_check_validation ();
  return tap_done ();
}
