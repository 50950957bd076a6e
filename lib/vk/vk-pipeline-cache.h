/* The device's pipeline cache, kept on disk between runs: compiling the kernels is most of a
 * model's load time on drivers that compile at pipeline creation (llvmpipe: seconds). One
 * file per device under $DRAFTD_PIPELINE_CACHE_DIR, else $XDG_CACHE_HOME/draftd; a file
 * written by another device or driver build is ignored (its header names both).
 * $DRAFTD_PIPELINE_CACHE_DIR=off keeps the cache in memory only. */
#pragma once
#include "lib/vk/vk-device.h"

typedef struct {
  VkPipelineCache cache;
  char *path;         /* NULL: not persisted */
  gboolean loaded;    /* the file's data was accepted */
  guint loaded_hash;  /* of the data read, so an unchanged cache is not written again */
} DraftdPipelineCache;

/* Never fails: an unreadable or foreign file gives an empty cache, and a cache the driver
 * refuses gives VK_NULL_HANDLE (pipelines are then built without one). */
void draftd_pipeline_cache_open (DraftdVk *vk, DraftdPipelineCache *pc);
/* Writes the cache back if its data changed and holds more than the header (lavapipe's
 * does not: Mesa keeps its own disk cache), atomically, so a reader never sees half a file;
 * then destroys it. A write that fails is logged, not fatal. */
void draftd_pipeline_cache_close (DraftdVk *vk, DraftdPipelineCache *pc);
