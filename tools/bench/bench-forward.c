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

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* Per-kernel GPU time of the passes since the last reset, as parallel arrays. */
typedef struct {
  guint n;
  char *names[16];
  double ms[16];
} KernelTimes;

static void
kernel_times_read (DraftdRunner *r, KernelTimes *kt)
{
  g_autofree char *prof = draftd_runner_profile (r);
  g_auto (GStrv) lines = g_strsplit (prof, "\n", -1);
  for (guint i = 0; lines[i] && *lines[i] && kt->n < G_N_ELEMENTS (kt->names); i++) {
    char *sp = strchr (lines[i], ' ');
    *sp = 0;
    kt->names[kt->n] = g_strdup (lines[i]);
    kt->ms[kt->n++] = g_ascii_strtod (sp + 1, NULL);
  }
}

static void
kernel_times_clear (KernelTimes *kt)
{
  for (guint i = 0; i < kt->n; i++)
    g_free (kt->names[i]);
  kt->n = 0;
}

typedef struct {
  DraftdRunner *r;
  const gint32 *toks;
  guint context;           /* tokens already in the cache when timing */
  guint reps;
  gboolean profile;
} ForwardSetup;

/* One T: the fastest and the median of `reps` passes after a warm-up pass, and the kernel times. */
static gboolean
time_pass (const ForwardSetup *fs, guint T, double *fastest, double *median, KernelTimes *kt, GError **error)
{
  g_autofree double *ms = g_new (double, fs->reps);
  for (guint k = 0; k < fs->reps + 1; k++) {
    draftd_runner_truncate (fs->r, fs->context);
    if (k == 1)
      draftd_runner_profile_reset (fs->r);
    gint64 t0 = g_get_monotonic_time ();
    if (!draftd_runner_forward (fs->r, fs->toks + fs->context, T, DRAFTD_FORWARD_ARGMAX_ONLY, error))
      return FALSE;
    if (k > 0) /* the first run warms caches */
      ms[k - 1] = (g_get_monotonic_time () - t0) / 1e3;
  }
  if (fs->profile)
    kernel_times_read (fs->r, kt);
  qsort (ms, fs->reps, sizeof (double), cmp_double);
  /* The fastest run is the least disturbed by other work on the machine. */
  *fastest = ms[0];
  *median = ms[fs->reps / 2];
  return TRUE;
}

/* Mean GPU time per pass for each kernel (rows) and T (columns), kernels in first-seen order
 * over all T (a pass of one T may skip some); the sum is below the wall-clock figure by the
 * submit overhead. */
static void
print_kernel_table (const KernelTimes *kt, const guint *Ts, guint n_T, guint reps)
{
  const char *names[32];
  guint n_names = 0;
  for (guint i = 0; i < n_T; i++)
    for (guint j = 0; j < kt[i].n; j++) {
      guint k = 0;
      while (k < n_names && !g_str_equal (names[k], kt[i].names[j]))
        k++;
      if (k == n_names && n_names < G_N_ELEMENTS (names))
        names[n_names++] = kt[i].names[j];
    }
  if (n_names == 0)
    return;
  printf ("GPU ms per pass by kernel (timestamps, mean of the timed runs):\n%-14s", "kernel");
  for (guint i = 0; i < n_T; i++)
    printf ("    T=%-5u", Ts[i]);
  printf ("\n");
  g_autofree double *total = g_new0 (double, n_T);
  for (guint k = 0; k < n_names; k++) {
    printf ("%-14s", names[k]);
    for (guint i = 0; i < n_T; i++) {
      double v = 0;
      for (guint j = 0; j < kt[i].n; j++)
        if (g_str_equal (kt[i].names[j], names[k]))
          v = kt[i].ms[j] / reps;
      total[i] += v;
      printf (" %10.2f", v);
    }
    printf ("\n");
  }
  printf ("%-14s", "total");
  for (guint i = 0; i < n_T; i++)
    printf (" %10.2f", total[i]);
  printf ("\n");
}

static void
forward_json_pass (JsonBuilder *b, guint T, double fastest, double median, double t1, guint64 weight_bytes,
                   const KernelTimes *kt, guint reps)
{
  json_builder_begin_object (b);
  bench_json_int (b, "T", T);
  bench_json_double (b, "ms_min", fastest);
  bench_json_double (b, "weights_gbps", weight_bytes / (fastest / 1e3) / 1e9);
  bench_json_double (b, "ms_median", median);
  bench_json_double (b, "tokens_per_s", T / (fastest / 1e3));
  bench_json_double (b, "cost_vs_T1", fastest / t1);
  if (kt->n) {
    json_builder_set_member_name (b, "kernels_ms_per_pass");
    json_builder_begin_object (b);
    for (guint j = 0; j < kt->n; j++)
      bench_json_double (b, kt->names[j], kt->ms[j] / reps);
    json_builder_end_object (b);
  }
  json_builder_end_object (b);
}

gboolean
bench_forward (DraftdVk *vk, const char *path, const guint *Ts, guint n_T, guint reps, JsonBuilder *json, GError **error)
{
  g_autoptr (DraftdModel) m = draftd_model_load (path, error);
  if (m == NULL)
    return FALSE;
  guint max_T = 0;
  for (guint i = 0; i < n_T; i++)
    max_T = MAX (max_T, Ts[i]);
  const guint context = 128;
  DraftdRunnerOptions o = { .n_ctx = context + MAX (max_T, 896u), .n_batch = MAX (max_T, 64u), .profile = vk->timestamps };
  g_autoptr (DraftdRunner) r = draftd_runner_new (vk, m, &o, error);
  if (r == NULL)
    return FALSE;
  g_autofree gint32 *toks = g_new (gint32, context + max_T);
  for (guint i = 0; i < context + max_T; i++)
    toks[i] = 3 + (i * 7919u) % (m->config.n_vocab - 3);
  if (!draftd_runner_forward (r, toks, context, DRAFTD_FORWARD_ARGMAX_ONLY, error))
    return FALSE;
  printf ("\nforward pass: %s (%s, %.1fM parameters, dim %u, %u layers, vocab %u) on %s, %s kernels, matmuls read %s\n",
          m->name, draftd_model_quantization (m), m->n_params / 1e6, m->config.n_embd, m->config.n_layer,
          m->config.n_vocab, vk->name, vk->gpu_kernels ? "GPU" : "CPU",
          vk->gpu_kernels ? "storage buffers" : vk->texel_loads ? "texels" : "storage buffers");
  const guint64 wbytes = draftd_runner_weight_bytes (r);
  printf ("%6s %12s %12s %10s%-4u %13s   (fastest of %u runs, %u tokens in the cache; %.1f MB of weights)\n", "T",
          "ms/pass", "tokens/s", "cost vs T=", Ts[0], "weights GB/s", reps, context, wbytes / 1e6);
  json_builder_begin_object (json);
  bench_json_string (json, "suite", "forward");
  bench_json_string (json, "model", m->name);
  bench_json_int (json, "params", (gint64) m->n_params);
  bench_json_int (json, "weight_bytes", (gint64) wbytes);
  bench_json_string (json, "type", draftd_model_quantization (m));
  bench_json_string (json, "device", vk->name);
  bench_json_string (json, "matmul_loads", vk->texel_loads && !vk->gpu_kernels ? "texel" : "buffer");
  bench_json_string (json, "kernels", vk->gpu_kernels ? "gpu" : "cpu");
  bench_json_int (json, "context", context);
  json_builder_set_member_name (json, "passes");
  json_builder_begin_array (json);
  ForwardSetup fs = { r, toks, context, reps, o.profile };
  g_autofree KernelTimes *kt = g_new0 (KernelTimes, n_T);
  double t1 = 0;
  gboolean ok = TRUE;
  for (guint i = 0; i < n_T && ok; i++) {
    double fastest, median;
    ok = time_pass (&fs, Ts[i], &fastest, &median, &kt[i], error);
    if (!ok)
      break;
    if (i == 0)
      t1 = fastest;
    printf ("%6u %12.2f %12.1f %13.2fx %13.2f\n", Ts[i], fastest, Ts[i] / (fastest / 1e3), fastest / t1,
            wbytes / (fastest / 1e3) / 1e9);
    forward_json_pass (json, Ts[i], fastest, median, t1, wbytes, &kt[i], reps);
  }
  json_builder_end_array (json);
  json_builder_end_object (json);
  if (ok)
    print_kernel_table (kt, Ts, n_T, reps);
  for (guint i = 0; i < n_T; i++)
    kernel_times_clear (&kt[i]);
  return ok;
}
