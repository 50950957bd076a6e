/* What this device can do at best: how fast a shader streams memory with nothing else to do,
 * and what one dispatch costs. The ceilings a forward pass is measured against (decode of a
 * model is bound by reading its weights once per token; a small model's pass by its
 * dispatches); draftd-bench's device suite prints them. */
#pragma once
#include "lib/vk/vk-device.h"

typedef struct {
  guint64 bytes;           /* read per streaming dispatch (one buffer, as large as a binding allows) */
  double stream_gbps;      /* 16-byte loads as four 32-bit words, fastest run */
  double stream64_gbps;    /* as two 64-bit words (0: no shaderInt64) */
  double stream_texel_gbps; /* as uvec4 texels of a uniform texel buffer (0: not a texel-loads device) */
  double dispatch_us;      /* one empty dispatch and its barrier, amid many in one submission */
  double submit_us;        /* one submission of one empty dispatch, waited for */
} DraftdVkProbe;

/* Fastest of `reps` runs of each measurement. */
gboolean draftd_vk_probe (DraftdVk *vk, guint reps, DraftdVkProbe *out, GError **error);
