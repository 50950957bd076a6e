/* draftd-bench's device suite: the device's own ceilings, measured with kernels that do
 * nothing else (lib/vk/vk-probe.c): how fast a shader streams memory, and what a dispatch
 * and a submission cost. With -m, what they mean for each model: a one-token pass must read
 * every weight once, so streaming its weights bounds decoding from above; a pass issues
 * about ten dispatches per layer, which bounds a small model's pass from below. */
#include <stdio.h>
#include "tools/bench/bench.h"
#include "lib/model/model.h"
#include "lib/runtime/forward.h"
#include "lib/vk/vk-probe.h"

gboolean
bench_device (DraftdVk *vk, const char *const *models, guint reps, JsonBuilder *json, GError **error)
{
  DraftdVkProbe p;
  if (!draftd_vk_probe (vk, reps, &p, error))
    return FALSE;
  double best = MAX (MAX (p.stream_gbps, p.stream64_gbps), p.stream_texel_gbps);
  printf ("\ndevice: %s (fastest of %u runs)\n", vk->name, reps);
  printf ("  streaming %.0f MiB from a shader: %.2f GB/s with 32-bit loads", p.bytes / 1048576.0, p.stream_gbps);
  if (p.stream64_gbps > 0)
    printf (", %.2f GB/s with 64-bit loads", p.stream64_gbps);
  if (p.stream_texel_gbps > 0)
    printf (", %.2f GB/s as 16-byte texels", p.stream_texel_gbps);
  printf ("\n  one empty dispatch and its barrier: %.1f us; one submission, waited for: %.1f us\n", p.dispatch_us,
          p.submit_us);
  json_builder_begin_object (json);
  bench_json_string (json, "suite", "device");
  bench_json_string (json, "device", vk->name);
  bench_json_int (json, "stream_bytes", (gint64) p.bytes);
  bench_json_double (json, "stream_gbps", p.stream_gbps);
  bench_json_double (json, "stream64_gbps", p.stream64_gbps);
  bench_json_double (json, "stream_texel_gbps", p.stream_texel_gbps);
  bench_json_double (json, "dispatch_us", p.dispatch_us);
  bench_json_double (json, "submit_us", p.submit_us);
  json_builder_set_member_name (json, "models");
  json_builder_begin_array (json);
  if (models && models[0])
    printf ("%-24s %12s %12s %14s %14s\n", "model", "weights MB", "dispatches", "decode ceiling", "pass floor");
  for (guint i = 0; models && models[i]; i++) {
    g_autoptr (DraftdModel) m = draftd_model_load (models[i], error);
    if (m == NULL)
      return FALSE;
    DraftdRunnerOptions o = { .n_ctx = 64 };
    g_autoptr (DraftdRunner) r = draftd_runner_new (vk, m, &o, error);
    const gint32 bos = MAX (draftd_tokenizer_bos (m->tokenizer), 0);
    if (r == NULL || !draftd_runner_forward (r, &bos, 1, DRAFTD_FORWARD_ARGMAX_ONLY, error))
      return FALSE;
    guint64 bytes = draftd_runner_weight_bytes (r);
    guint dispatches = draftd_runner_last_dispatches (r);
    double ceiling = best * 1e9 / bytes;                         /* tokens/s */
    double floor_ms = (dispatches * p.dispatch_us + p.submit_us) / 1e3;
    printf ("%-24s %12.1f %12u %10.1f t/s %11.2f ms\n", m->name, bytes / 1e6, dispatches, ceiling, floor_ms);
    json_builder_begin_object (json);
    bench_json_string (json, "model", m->name);
    bench_json_int (json, "weight_bytes", (gint64) bytes);
    bench_json_int (json, "dispatches_per_pass", dispatches);
    bench_json_double (json, "decode_ceiling_tokens_per_s", ceiling);
    bench_json_double (json, "pass_floor_ms", floor_ms);
    json_builder_end_object (json);
  }
  json_builder_end_array (json);
  json_builder_end_object (json);
  if (models && models[0])
    printf ("decode ceiling: the weights streamed once per token at the fastest rate, with no arithmetic;\n"
            "pass floor: a one-token pass's dispatches and its submission, with no work in them.\n");
  return TRUE;
}
