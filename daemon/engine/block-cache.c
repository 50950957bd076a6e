#include "daemon/engine/block-cache.h"
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include "lib/decode/decode.h"

/* Everything the measurement depends on, one line: the device and driver, the kernel family
 * and loads chosen (DRAFTD_KERNELS, DRAFTD_LOADS and DRAFTD_NO_INT64 change those), lavapipe's
 * threads, the model file as it is now, and the context its passes run in. */
static char *
cache_key (const DraftdVk *vk, const char *canonical, const struct stat *st, const DraftdLm *lm)
{
  g_autoptr (GString) key = g_string_new ("draftd-iad-block 1");
  g_string_append_printf (key, " device %04x:%04x driver %u uuid ", vk->props.vendorID, vk->props.deviceID,
                          vk->props.driverVersion);
  for (guint i = 0; i < VK_UUID_SIZE; i++)
    g_string_append_printf (key, "%02x", vk->props.pipelineCacheUUID[i]);
  const char *lp = g_getenv ("LP_NUM_THREADS");
  g_string_append_printf (key, " kernels %s%s%s%s lp %s cpus %u ctx %u batch %u model %s size %" G_GINT64_FORMAT
                          " mtime %" G_GINT64_FORMAT ".%09ld",
                          vk->gpu_kernels ? "gpu" : "cpu", vk->texel_loads ? "-texel" : "", vk->shader_int64 ? "-i64" : "",
                          vk->tiled_gemm ? "-tiled" : "", lp ? lp : "-", g_get_num_processors (), draftd_lm_n_ctx (lm),
                          draftd_lm_n_batch (lm), canonical, (gint64) st->st_size, (gint64) st->st_mtim.tv_sec,
                          st->st_mtim.tv_nsec);
  return g_string_free (g_steal_pointer (&key), FALSE);
}

/* The file for this device and model path (NULL: caching is off). */
static char *
cache_file (const DraftdVk *vk, const char *canonical)
{
  const char *dir = g_getenv ("DRAFTD_PIPELINE_CACHE_DIR");
  if (dir && (g_str_equal (dir, "off") || *dir == 0))
    return NULL;
  g_autofree char *base = dir ? g_strdup (dir) : g_build_filename (g_get_user_cache_dir (), "draftd", NULL);
  g_autofree char *id = g_strdup_printf ("%04x:%04x %s", vk->props.vendorID, vk->props.deviceID, canonical);
  g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, id, -1);
  g_autofree char *name = g_strdup_printf ("iad-block-%.16s.txt", sum);
  return g_build_filename (base, name, NULL);
}

/* The block the file holds for `key`, or 0: no file, another key, or a value the picker
 * could not have given. */
static guint
cached_block (const char *file, const char *key)
{
  g_autofree char *text = NULL;
  if (!g_file_test (file, G_FILE_TEST_IS_REGULAR) || !g_file_get_contents (file, &text, NULL, NULL))
    return 0;
  char *nl = strchr (text, '\n');
  if (nl == NULL)
    return 0;
  *nl = 0;
  guint64 block = 0;
  if (!g_str_equal (text, key) || !g_ascii_string_to_unsigned (g_strchomp (nl + 1), 10, DRAFTD_IAD_MIN_BLOCK, 32, &block, NULL))
    return 0;
  return (guint) block;
}

guint
draftd_block_cache_pick (const DraftdVk *vk, const char *path, const DraftdLm *lm, GError **error)
{
  g_autofree char *canonical = g_canonicalize_filename (path, NULL);
  struct stat st;
  g_autofree char *file = stat (canonical, &st) == 0 ? cache_file (vk, canonical) : NULL;
  g_autofree char *key = file ? cache_key (vk, canonical, &st, lm) : NULL;
  guint block = file ? cached_block (file, key) : 0;
  if (block)
    return block;
  block = draftd_decode_pick_iad_block (lm, error);
  if (block == 0 || file == NULL)
    return block;
  /* Written whole or not at all (g_file_set_contents); a cache that cannot be written only
   * costs the next start the measurement. */
  g_autofree char *dir = g_path_get_dirname (file);
  g_autofree char *text = g_strdup_printf ("%s\n%u\n", key, block);
  g_autoptr (GError) local = NULL;
  if (g_mkdir_with_parents (dir, 0700) != 0 || !g_file_set_contents (file, text, -1, &local))
    g_debug ("cannot keep the IAD block in %s: %s", file, local ? local->message : g_strerror (errno));
  return block;
}
