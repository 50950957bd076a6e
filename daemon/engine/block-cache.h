/* The IAD verification block measured once per device, driver and model.
 *
 * draftd_decode_pick_iad_block times 18 forward passes of 1 to 32 tokens: on lavapipe 0.6-1 s
 * of every start after the first (5 s of the first, where the shaders compile), for an
 * answer that changes only with the device, its driver, the kernels chosen, the model file
 * and the context. The answer is kept beside the pipeline cache
 * ($DRAFTD_PIPELINE_CACHE_DIR, else $XDG_CACHE_HOME/draftd; "off" keeps nothing), one file
 * per device and model path holding the whole key it was measured under: a different key
 * (a new driver, a rewritten model) or a value out of range is measured again. */
#pragma once
#include "lib/decode/lm.h"
#include "lib/vk/vk-device.h"

/* The block for the model at `path`, resident on `vk` as `lm`: read from the cache, or
 * measured and written there. 0 with an error when a measuring pass fails. */
guint draftd_block_cache_pick (const DraftdVk *vk, const char *path, const DraftdLm *lm, GError **error);
