/* draftd-bench's forward suite: the cost of one forward pass of T tokens, with a per-kernel
 * breakdown for each T from GPU timestamps. */
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "tools/bench/bench.h"
#include "lib/model/model.h"
#include "lib/runtime/forward.h"

typedef struct {
  DraftdRunner *r;
  const gint32 *toks;
  guint context;           /* tokens already in the cache when timing */
  guint reps;
  double min_s;            /* least sustained time per T */
  gboolean profile;
} ForwardSetup;

/* One T's timed passes: the fastest, the median, and all of them together. */
typedef struct {
  double fastest, median, total_ms;
  guint passes;
} PassTimes;

/* Passes of every T in turn until `seconds` have gone by, at least one of each: the device's
 * clocks up and its pipelines built for every shape before anything is timed. */
static gboolean
warm_up (const ForwardSetup *fs, const guint *Ts, guint n_T, double seconds, double *spent, GError **error)
{
  gint64 t0 = g_get_monotonic_time ();
  for (guint i = 0; i < n_T || (g_get_monotonic_time () - t0) / 1e6 < seconds; i++) {
    draftd_runner_truncate (fs->r, fs->context);
    if (!draftd_runner_forward (fs->r, fs->toks + fs->context, Ts[i % n_T], DRAFTD_FORWARD_ARGMAX_ONLY, error))
      return FALSE;
  }
  *spent = (g_get_monotonic_time () - t0) / 1e6;
  return TRUE;
}

/* One T: a warm-up pass, then passes until there are `reps` of them and `min_s` of timed work;
 * the kernel times are over the timed passes. */
static gboolean
time_pass (const ForwardSetup *fs, guint T, PassTimes *pt, BenchKernelTimes *kt, GError **error)
{
  g_autoptr (GArray) ms = g_array_new (FALSE, FALSE, sizeof (double));
  double total = 0;
  for (guint k = 0; k == 0 || ms->len < fs->reps || total < fs->min_s * 1e3; k++) {
    draftd_runner_truncate (fs->r, fs->context);
    if (k == 1)
      draftd_runner_profile_reset (fs->r);
    gint64 t0 = g_get_monotonic_time ();
    if (!draftd_runner_forward (fs->r, fs->toks + fs->context, T, DRAFTD_FORWARD_ARGMAX_ONLY, error))
      return FALSE;
    double v = (g_get_monotonic_time () - t0) / 1e3;
    if (k > 0) { /* the first run warms caches */
      g_array_append_val (ms, v);
      total += v;
    }
  }
  if (fs->profile)
    bench_kernel_times_read (fs->r, ms->len, kt);
  kt->dispatches = draftd_runner_last_dispatches (fs->r);
  g_array_sort (ms, bench_cmp_double);
  /* The fastest run is the least disturbed by other work on the machine. */
  pt->fastest = g_array_index (ms, double, 0);
  pt->median = g_array_index (ms, double, ms->len / 2);
  pt->total_ms = total;
  pt->passes = ms->len;
  return TRUE;
}

/* tokens_per_s from the fastest pass; sustained_tokens_per_s from all the timed passes
 * together (sustained_s of them). */
static void
forward_json_pass (JsonBuilder *b, guint T, const PassTimes *pt, double t1, guint64 weight_bytes, const BenchKernelTimes *kt)
{
  const double fastest = pt->fastest;
  json_builder_begin_object (b);
  bench_json_int (b, "T", T);
  bench_json_double (b, "ms_min", fastest);
  bench_json_double (b, "weights_gbps", weight_bytes / (fastest / 1e3) / 1e9);
  bench_json_double (b, "ms_median", pt->median);
  bench_json_double (b, "tokens_per_s", T / (fastest / 1e3));
  bench_json_int (b, "passes_timed", pt->passes);
  bench_json_double (b, "sustained_s", pt->total_ms / 1e3);
  bench_json_double (b, "sustained_tokens_per_s", (double) T * pt->passes / (pt->total_ms / 1e3));
  bench_json_double (b, "cost_vs_T1", fastest / t1);
  bench_json_int (b, "dispatches", kt->dispatches);
  bench_json_kernels (b, "kernels_ms_per_pass", kt);
  json_builder_end_object (b);
}

/* Each T timed in turn: a table row and a JSON object each, then the kernel table. */
static gboolean
time_all (const ForwardSetup *fs, const guint *Ts, guint n_T, guint64 wbytes, JsonBuilder *json, GError **error)
{
  g_autofree BenchKernelTimes *kt = g_new0 (BenchKernelTimes, n_T);
  double t1 = 0;
  gboolean ok = TRUE;
  for (guint i = 0; i < n_T && ok; i++) {
    PassTimes pt;
    ok = time_pass (fs, Ts[i], &pt, &kt[i], error);
    if (!ok)
      break;
    if (i == 0)
      t1 = pt.fastest;
    printf ("%6u %12.2f %12.1f %13.2fx %13.2f %12.1f %8.2f %11u\n", Ts[i], pt.fastest, Ts[i] / (pt.fastest / 1e3),
            pt.fastest / t1, wbytes / (pt.fastest / 1e3) / 1e9, Ts[i] * pt.passes / (pt.total_ms / 1e3),
            pt.total_ms / 1e3, kt[i].dispatches);
    forward_json_pass (json, Ts[i], &pt, t1, wbytes, &kt[i]);
  }
  if (ok)
    bench_kernel_table ("GPU ms per pass by kernel (timestamps, mean of the timed runs):", kt, "T=", Ts, n_T);
  for (guint i = 0; i < n_T; i++)
    bench_kernel_times_clear (&kt[i]);
  return ok;
}

gboolean
bench_forward (DraftdVk *vk, const char *path, const guint *Ts, guint n_T, guint context, guint reps, const BenchTiming *timing,
               JsonBuilder *json, GError **error)
{
  g_autoptr (DraftdModel) m = draftd_model_load (path, error);
  if (m == NULL)
    return FALSE;
  guint max_T = 0;
  for (guint i = 0; i < n_T; i++)
    max_T = MAX (max_T, Ts[i]);
  DraftdRunnerOptions o = { .n_ctx = context + MAX (max_T, 896u), .n_batch = MAX (max_T, 64u), .profile = vk->timestamps };
  g_autoptr (DraftdRunner) r = draftd_runner_new (vk, m, &o, error);
  if (r == NULL)
    return FALSE;
  g_autofree gint32 *toks = g_new (gint32, context + max_T);
  for (guint i = 0; i < context + max_T; i++)
    toks[i] = 3 + (i * 7919u) % (m->config.n_vocab - 3);
  if (!draftd_runner_forward (r, toks, context, DRAFTD_FORWARD_ARGMAX_ONLY, error))
    return FALSE;
  ForwardSetup fs = { r, toks, context, reps, timing->min_s, o.profile };
  double warm = 0;
  if (timing->warmup_s > 0 && !warm_up (&fs, Ts, n_T, timing->warmup_s, &warm, error))
    return FALSE;
  printf ("\nforward pass: %s (%s, %.1fM parameters, dim %u, %u layers, vocab %u) on %s, %s kernels, matmuls read %s\n",
          m->name, draftd_model_quantization (m), m->n_params / 1e6, m->config.n_embd, m->config.n_layer,
          m->config.n_vocab, vk->name, vk->gpu_kernels ? "GPU" : "CPU",
          vk->gpu_kernels ? "storage buffers" : vk->texel_loads ? "texels" : "storage buffers");
  const guint64 wbytes = draftd_runner_weight_bytes (r);
  printf ("%6s %12s %12s %10s%-4u %13s %12s %8s %11s   (fastest of at least %u runs and %.1f s after %.1f s of"
          " warm-up; %u tokens in the cache; %.1f MB of weights; %s kernels)\n", "T", "ms/pass", "tokens/s", "cost vs T=",
          Ts[0], "weights GB/s", "sustained/s", "timed s", "dispatches", reps, timing->min_s, warm, context, wbytes / 1e6,
          vk->gpu_kernels ? "GPU" : "CPU");
  json_builder_begin_object (json);
  bench_json_string (json, "suite", "forward");
  bench_json_string (json, "model", m->name);
  bench_json_int (json, "params", (gint64) m->n_params);
  bench_json_int (json, "weight_bytes", (gint64) wbytes);
  /* What each form's matmul kernels read a pass: tools/gpu-check.sh turns a kernel's time into
   * GB/s with it (gemv_u4sm and gemv_dot_u4sm read the u4sm bytes). */
  guint64 by_form[DRAFTD_N_WTYPES];
  draftd_runner_weight_bytes_by_form (r, by_form);
  json_builder_set_member_name (json, "weight_bytes_by_form");
  json_builder_begin_object (json);
  for (guint t = 0; t < DRAFTD_N_WTYPES; t++)
    if (by_form[t] > 0)
      bench_json_int (json, draftd_wtype_name (t), (gint64) by_form[t]);
  json_builder_end_object (json);
  bench_json_string (json, "int_dot", vk->int_dot ? "yes" : "no");
  bench_json_string (json, "type", draftd_model_quantization (m));
  bench_json_string (json, "device", vk->name);
  bench_json_string (json, "matmul_loads", vk->texel_loads && !vk->gpu_kernels ? "texel" : "buffer");
  bench_json_string (json, "kernels", vk->gpu_kernels ? "gpu" : "cpu");
  bench_json_int (json, "context", context);
  bench_json_double (json, "warmup_s", warm);
  bench_json_double (json, "min_s", timing->min_s);
  json_builder_set_member_name (json, "passes");
  json_builder_begin_array (json);
  gboolean ok = time_all (&fs, Ts, n_T, wbytes, json, error);
  json_builder_end_array (json);
  json_builder_end_object (json);
  return ok;
}
