/* draftd-bench: speed measurements, printed as a table and written as JSON.
 *   forward suite: the cost of one forward pass of T tokens (T = 1, 4, 16, 64), with a
 *   per-kernel breakdown from GPU timestamps. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "common.h"
#include "model/model.h"
#include "runtime/forward.h"
#include "vk/vk-device.h"

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static gboolean
bench_forward (DraftdVk *vk, const char *path, guint reps, GString *json, GError **error)
{
  g_autoptr (DraftdModel) m = draftd_model_load (path, error);
  if (m == NULL)
    return FALSE;
  DraftdRunnerOptions o = { .n_ctx = 1024, .n_batch = 64, .profile = vk->timestamps };
  g_autoptr (DraftdRunner) r = draftd_runner_new (vk, m, &o, error);
  if (r == NULL)
    return FALSE;
  const guint Ts[] = { 1, 4, 8, 16, 64 };
  const guint context = 128; /* tokens already in the cache when timing */
  g_autofree gint32 *toks = g_new (gint32, context + 64);
  for (guint i = 0; i < context + 64; i++)
    toks[i] = 3 + (i * 7919u) % (m->config.n_vocab - 3);
  if (!draftd_runner_forward (r, toks, context, DRAFTD_FORWARD_ARGMAX_ONLY, error))
    return FALSE;
  printf ("\nforward pass: %s (%s, %.1fM parameters, dim %u, %u layers, vocab %u) on %s\n", m->name,
          draftd_model_quantization (m), m->n_params / 1e6, m->config.n_embd, m->config.n_layer, m->config.n_vocab,
          vk->name);
  printf ("%6s %12s %12s %14s\n", "T", "ms/pass", "tokens/s", "cost vs T=1");
  g_string_append_printf (json, "{\"suite\": \"forward\", \"model\": \"%s\", \"params\": %" G_GUINT64_FORMAT
                          ", \"type\": \"%s\", \"device\": \"%s\", \"context\": %u, \"passes\": [",
                          m->name, m->n_params, draftd_model_quantization (m), vk->name, context);
  double t1 = 0;
  for (guint i = 0; i < G_N_ELEMENTS (Ts); i++) {
    guint T = Ts[i];
    g_autofree double *ms = g_new (double, reps);
    for (guint k = 0; k < reps + 1; k++) {
      draftd_runner_truncate (r, context);
      gint64 t0 = g_get_monotonic_time ();
      if (!draftd_runner_forward (r, toks + context, T, DRAFTD_FORWARD_ARGMAX_ONLY, error))
        return FALSE;
      if (k > 0) /* the first run warms caches */
        ms[k - 1] = (g_get_monotonic_time () - t0) / 1e3;
    }
    qsort (ms, reps, sizeof (double), cmp_double);
    double med = ms[reps / 2];
    if (T == 1)
      t1 = med;
    printf ("%6u %12.2f %12.1f %13.2fx\n", T, med, T / (med / 1e3), med / t1);
    g_string_append_printf (json, "%s{\"T\": %u, \"ms\": %.3f, \"tokens_per_s\": %.2f, \"cost_vs_T1\": %.3f}",
                            i ? ", " : "", T, med, T / (med / 1e3), med / t1);
  }
  g_string_append (json, "]");
  if (o.profile) {
    g_autofree char *prof = draftd_runner_profile (r);
    g_auto (GStrv) lines = g_strsplit (prof, "\n", -1);
    double total = 0;
    for (guint i = 0; lines[i] && *lines[i]; i++)
      total += g_ascii_strtod (strchr (lines[i], ' ') + 1, NULL);
    printf ("GPU time by kernel over all passes above:\n");
    g_string_append (json, ", \"kernels_ms\": {");
    for (guint i = 0; lines[i] && *lines[i]; i++) {
      char *sp = strchr (lines[i], ' ');
      *sp = 0;
      double v = g_ascii_strtod (sp + 1, NULL);
      printf ("  %-14s %9.1f ms %5.1f%%\n", lines[i], v, 100 * v / total);
      g_string_append_printf (json, "%s\"%s\": %.3f", i ? ", " : "", lines[i], v);
    }
    g_string_append (json, "}");
  }
  g_string_append (json, "}");
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_auto (GStrv) models = NULL;
  g_autofree char *json_path = NULL, *device = NULL;
  gint reps = 5;
  GOptionEntry entries[] = {
    { "model", 'm', 0, G_OPTION_ARG_FILENAME_ARRAY, &models, "GGUF model (repeatable)", "MODEL.gguf" },
    { "json", 'j', 0, G_OPTION_ARG_FILENAME, &json_path, "write results as JSON to FILE", "FILE" },
    { "reps", 'r', 0, G_OPTION_ARG_INT, &reps, "timed repetitions per measurement (default 5)", "N" },
    { "device", 'd', 0, G_OPTION_ARG_STRING, &device, "Vulkan device index or name", "DEV" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- measure draftd's speed");
  g_autoptr (GError) error = NULL;
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return tool_fail ("draftd-bench", error, 2);
  if (models == NULL || argc > 1 || reps < 1) {
    g_printerr ("usage: draftd-bench -m MODEL.gguf [-m ...] [--json FILE] [--reps N]\n");
    return 2;
  }
  g_autoptr (DraftdVk) vk = draftd_vk_new (device, &error);
  if (vk == NULL)
    return tool_fail ("draftd-bench", error, 1);
  g_autoptr (GString) json = g_string_new ("{\"results\": [");
  for (guint i = 0; models[i]; i++) {
    if (i)
      g_string_append (json, ", ");
    if (!bench_forward (vk, models[i], reps, json, &error))
      return tool_fail ("draftd-bench", error, 1);
  }
  g_string_append (json, "]}\n");
  if (json_path && !g_file_set_contents (json_path, json->str, -1, &error))
    return tool_fail ("draftd-bench", error, 1);
  return 0;
}
