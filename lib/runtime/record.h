/* One forward pass recorded and run (record.c). Internal to lib/runtime/. */
#pragma once
#include "lib/runtime/runner.h"

/* One pass of T tokens whose ids, positions and output rows the caller wrote into the
 * host-visible buffers; max_keys: the most keys any of them sees; attn_tile: the CPU
 * attention kernels' token tile. Appends the n_out outputs' ids (and logits with
 * copy_logits, hidden states where the runner keeps them) to the runner's outputs. */
gboolean draftd_runner_record_pass (DraftdRunner *r, guint T, guint n_out, guint max_keys, guint attn_tile,
                                    gboolean copy_logits, GError **error);
