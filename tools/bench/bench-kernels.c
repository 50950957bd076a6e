/* draftd-bench: GPU time per kernel from a runner's timestamps (draftd_runner_profile), read
 * and printed the same way by the suites that show where a pass goes (forward, seqs). */
#include <stdio.h>
#include <string.h>
#include "tools/bench/bench.h"

void
bench_kernel_times_read (DraftdRunner *r, guint passes, BenchKernelTimes *kt)
{
  g_autofree char *prof = draftd_runner_profile (r);
  g_auto (GStrv) lines = g_strsplit (prof, "\n", -1);
  kt->passes = passes;
  for (guint i = 0; lines[i] && *lines[i] && kt->n < G_N_ELEMENTS (kt->names); i++) {
    char *sp = strchr (lines[i], ' ');
    *sp = 0;
    kt->names[kt->n] = g_strdup (lines[i]);
    kt->ms[kt->n++] = g_ascii_strtod (sp + 1, NULL);
  }
}

void
bench_kernel_times_clear (BenchKernelTimes *kt)
{
  for (guint i = 0; i < kt->n; i++)
    g_free (kt->names[i]);
  kt->n = 0;
}

void
bench_kernel_table (const char *title, const BenchKernelTimes *kt, const char *label, const guint *Ts, guint n_T)
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
  printf ("%s\n%-14s", title, "kernel");
  for (guint i = 0; i < n_T; i++)
    printf ("    %s%-*u", label, (int) (7 - strlen (label)), Ts[i]);
  printf ("\n");
  g_autofree double *total = g_new0 (double, n_T);
  for (guint k = 0; k < n_names; k++) {
    printf ("%-14s", names[k]);
    for (guint i = 0; i < n_T; i++) {
      double v = 0;
      for (guint j = 0; j < kt[i].n; j++)
        if (g_str_equal (kt[i].names[j], names[k]))
          v = kt[i].ms[j] / kt[i].passes;
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

void
bench_json_kernels (JsonBuilder *b, const char *member, const BenchKernelTimes *kt)
{
  if (kt == NULL || kt->n == 0)
    return;
  json_builder_set_member_name (b, member);
  json_builder_begin_object (b);
  for (guint j = 0; j < kt->n; j++)
    bench_json_double (b, kt->names[j], kt->ms[j] / kt->passes);
  json_builder_end_object (b);
}
