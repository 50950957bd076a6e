#include "lib/vk/vk-pipeline-cache.h"
#include <string.h>

/* Vulkan's pipeline cache header, version one (the spec's layout, little-endian words). */
typedef struct {
  guint32 length;
  guint32 version;
  guint32 vendor_id;
  guint32 device_id;
  guint8 uuid[VK_UUID_SIZE];
} CacheHeader;

static char *
cache_path (const DraftdVk *vk)
{
  const char *dir = g_getenv ("DRAFTD_PIPELINE_CACHE_DIR");
  if (dir && (g_str_equal (dir, "off") || *dir == 0))
    return NULL;
  g_autofree char *base = dir ? g_strdup (dir) : g_build_filename (g_get_user_cache_dir (), "draftd", NULL);
  g_autofree char *name = g_strdup_printf ("pipelines-%04x-%04x.bin", vk->props.vendorID, vk->props.deviceID);
  return g_build_filename (base, name, NULL);
}

/* Whether `data` was written by this device and driver build. */
static gboolean
header_matches (const DraftdVk *vk, const guint8 *data, gsize size)
{
  CacheHeader h;
  if (size < sizeof h)
    return FALSE;
  memcpy (&h, data, sizeof h);
  return h.length >= sizeof h && h.version == VK_PIPELINE_CACHE_HEADER_VERSION_ONE && h.vendor_id == vk->props.vendorID &&
         h.device_id == vk->props.deviceID && memcmp (h.uuid, vk->props.pipelineCacheUUID, VK_UUID_SIZE) == 0;
}

void
draftd_pipeline_cache_open (DraftdVk *vk, DraftdPipelineCache *pc)
{
  memset (pc, 0, sizeof *pc);
  pc->path = cache_path (vk);
  g_autofree guint8 *data = NULL;
  gsize size = 0;
  /* Only a regular file is read: a FIFO in its place would hang startup in open(). */
  gboolean readable = pc->path && g_file_test (pc->path, G_FILE_TEST_IS_REGULAR);
  if (readable && g_file_get_contents (pc->path, (char **) &data, &size, NULL) && !header_matches (vk, data, size)) {
    g_debug ("pipeline cache %s is another device's or driver's: starting afresh", pc->path);
    size = 0;
  }
  VkPipelineCacheCreateInfo ci = {
    .sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
    .initialDataSize = size,
    .pInitialData = size ? data : NULL,
  };
  if (vkCreatePipelineCache (vk->device, &ci, NULL, &pc->cache) != VK_SUCCESS) {
    /* Data the driver rejects outright: try once more without it. */
    ci.initialDataSize = 0;
    ci.pInitialData = NULL;
    size = 0;
    if (vkCreatePipelineCache (vk->device, &ci, NULL, &pc->cache) != VK_SUCCESS)
      pc->cache = VK_NULL_HANDLE;
  }
  pc->loaded = pc->cache != VK_NULL_HANDLE && size > 0;
  if (pc->loaded) {
    g_autoptr (GBytes) b = g_bytes_new_static (data, size);
    pc->loaded_hash = g_bytes_hash (b);
  }
}

static void
save (DraftdVk *vk, DraftdPipelineCache *pc)
{
  size_t size = 0;
  if (vkGetPipelineCacheData (vk->device, pc->cache, &size, NULL) != VK_SUCCESS || size == 0)
    return;
  g_autofree guint8 *data = g_malloc (size);
  if (vkGetPipelineCacheData (vk->device, pc->cache, &size, data) != VK_SUCCESS || size <= sizeof (CacheHeader))
    return;
  g_autoptr (GBytes) b = g_bytes_new_static (data, size);
  if (pc->loaded && g_bytes_hash (b) == pc->loaded_hash)
    return;
  g_autofree char *dir = g_path_get_dirname (pc->path);
  g_autoptr (GError) error = NULL;
  if (g_mkdir_with_parents (dir, 0700) != 0 || !g_file_set_contents (pc->path, (const char *) data, size, &error))
    g_warning ("cannot save the pipeline cache %s: %s", pc->path, error ? error->message : g_strerror (errno));
}

void
draftd_pipeline_cache_close (DraftdVk *vk, DraftdPipelineCache *pc)
{
  if (pc->cache && pc->path)
    save (vk, pc);
  if (pc->cache)
    vkDestroyPipelineCache (vk->device, pc->cache, NULL);
  g_clear_pointer (&pc->path, g_free);
  pc->cache = VK_NULL_HANDLE;
}
