/* draftd-bench: speed (and correction quality) measurements, as a table and as JSON.
 *   forward suite: the cost of one forward pass of T tokens (T = 1, 4, 8, 16, 64), with a
 *     per-kernel breakdown for each T from GPU timestamps.
 *   decode suite: a fixed set of prompts (and rewrite sources) through plain, speculative,
 *     prompt-lookup and IAD decoding: tokens/s, target passes per generated token,
 *     acceptance, and speedup vs plain greedy on the same model in the same run.
 *   correct suite (--pairs FILE of "input<TAB>reference[<TAB>preset]" lines; a preset makes it a rewrite): the grammar driver with IAD
 *     against plain greedy on each input: passes per output token, wall-clock speedup,
 *     identical output, and edit precision/recall/F0.5 against the references. */
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "tools/cli.h"
#include "lib/decode/decode.h"
#include "grammar/grammar.h"
#include "lib/model/model.h"
#include "lib/runtime/forward.h"
#include "lib/vk/vk-device.h"

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

/* Small helpers for the JSON results, built with json-glib so that names are escaped. */
static void
json_set_string (JsonBuilder *b, const char *k, const char *v)
{
  json_builder_set_member_name (b, k);
  if (v)
    json_builder_add_string_value (b, v);
  else
    json_builder_add_null_value (b);
}

static void
json_set_int (JsonBuilder *b, const char *k, gint64 v)
{
  json_builder_set_member_name (b, k);
  json_builder_add_int_value (b, v);
}

static void
json_set_double (JsonBuilder *b, const char *k, double v)
{
  json_builder_set_member_name (b, k);
  json_builder_add_double_value (b, v);
}

static void
json_set_bool (JsonBuilder *b, const char *k, gboolean v)
{
  json_builder_set_member_name (b, k);
  json_builder_add_boolean_value (b, v);
}

/* ---- forward suite ---- */

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
forward_json_pass (JsonBuilder *b, guint T, double fastest, double median, double t1, const KernelTimes *kt, guint reps)
{
  json_builder_begin_object (b);
  json_set_int (b, "T", T);
  json_set_double (b, "ms_min", fastest);
  json_set_double (b, "ms_median", median);
  json_set_double (b, "tokens_per_s", T / (fastest / 1e3));
  json_set_double (b, "cost_vs_T1", fastest / t1);
  if (kt->n) {
    json_builder_set_member_name (b, "kernels_ms_per_pass");
    json_builder_begin_object (b);
    for (guint j = 0; j < kt->n; j++)
      json_set_double (b, kt->names[j], kt->ms[j] / reps);
    json_builder_end_object (b);
  }
  json_builder_end_object (b);
}

static gboolean
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
  printf ("\nforward pass: %s (%s, %.1fM parameters, dim %u, %u layers, vocab %u) on %s\n", m->name,
          draftd_model_quantization (m), m->n_params / 1e6, m->config.n_embd, m->config.n_layer, m->config.n_vocab,
          vk->name);
  printf ("%6s %12s %12s %10s%-4u   (fastest of %u runs, %u tokens in the cache)\n", "T", "ms/pass", "tokens/s",
          "cost vs T=", Ts[0], reps, context);
  json_builder_begin_object (json);
  json_set_string (json, "suite", "forward");
  json_set_string (json, "model", m->name);
  json_set_int (json, "params", (gint64) m->n_params);
  json_set_string (json, "type", draftd_model_quantization (m));
  json_set_string (json, "device", vk->name);
  json_set_int (json, "context", context);
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
    printf ("%6u %12.2f %12.1f %13.2fx\n", Ts[i], fastest, Ts[i] / (fastest / 1e3), fastest / t1);
    forward_json_pass (json, Ts[i], fastest, median, t1, &kt[i], reps);
  }
  json_builder_end_array (json);
  json_builder_end_object (json);
  if (ok)
    print_kernel_table (kt, Ts, n_T, reps);
  for (guint i = 0; i < n_T; i++)
    kernel_times_clear (&kt[i]);
  return ok;
}

static const char *const bench_prompts[] = {
  "Once upon a time", "Lily and Ben went to the park.", "The little dog", "One day, a girl named Sue",
  "Tom had a big red ball. He", "It was a sunny day and",
};

typedef struct {
  const char *label;
  DraftdDecodeMode mode;
  gboolean sample;
  guint draft_max;
  float p_min;
  DraftdDraftLength length;
  guint ngram;
  guint edit_every;   /* IAD: change one source token in this many (0: copy exactly) */
} DecodeCase;

typedef struct {
  guint tokens, passes, drafted, accepted;
  double ms;
} Totals;

static gboolean
run_case (DraftdLm *t, DraftdLm *a, const DraftdModel *m, const DecodeCase *c, guint n_tokens, GPtrArray *plain_outs,
          Totals *tot, GError **error)
{
  memset (tot, 0, sizeof *tot);
  for (guint i = 0; i < G_N_ELEMENTS (bench_prompts); i++) {
    g_autoptr (GArray) prompt = g_array_new (FALSE, FALSE, sizeof (gint32));
    draftd_tokenizer_encode (m->tokenizer, bench_prompts[i], -1, TRUE, FALSE, prompt, NULL);
    DraftdDecodeParams p;
    draftd_decode_params_init (&p);
    p.mode = c->mode;
    p.max_tokens = n_tokens;
    p.draft_max = c->draft_max;
    p.draft_p_min = c->p_min;
    p.draft_length = c->length;
    p.ngram = c->ngram;
    p.is_eog = draftd_tokenizer_is_eog_cb;
    p.is_eog_data = m->tokenizer;
    if (c->sample) {
      p.sampling.temperature = 0.8f;
      p.sampling.top_p = 0.95f;
      p.sampling.seed = 1234 + i;
    }
    g_autoptr (GArray) src = NULL;
    if (c->mode == DRAFTD_DECODE_IAD) {
      /* A rewrite whose answer mostly copies its source: the plain output, lightly edited. */
      src = g_array_copy (g_ptr_array_index (plain_outs, i));
      /* A prompt the model ends at once leaves nothing to copy: no rewrite to time. */
      if (src->len == 0)
        continue;
      for (guint k = c->edit_every ? 3 : src->len; k < src->len; k += c->edit_every)
        g_array_index (src, gint32, k) = 3 + (g_array_index (src, gint32, k) * 31) % (m->config.n_vocab - 3);
      p.source = (gint32 *) src->data;
      p.n_source = src->len;
    }
    g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (gint32));
    DraftdDecodeStats st;
    draftd_lm_truncate (t, 0);
    if (a)
      draftd_lm_truncate (a, 0);
    if (!draftd_decode (t, a, (gint32 *) prompt->data, prompt->len, &p, out, &st, error))
      return FALSE;
    if (plain_outs->len < G_N_ELEMENTS (bench_prompts))
      g_ptr_array_add (plain_outs, g_array_ref (out));
    else if (!c->sample) {
      GArray *ref = g_ptr_array_index (plain_outs, i);
      if (ref->len != out->len || (out->len > 0 && memcmp (ref->data, out->data, out->len * 4) != 0)) {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s differs from plain greedy on prompt %u: lossless decoding is broken",
                     c->label, i);
        return FALSE;
      }
    }
    tot->tokens += st.generated;
    tot->passes += st.target_passes + st.prompt_passes;
    tot->drafted += st.drafted;
    tot->accepted += st.accepted;
    tot->ms += st.prompt_ms + st.decode_ms;
  }
  return TRUE;
}

/* The decode suite's cases: plain first (the baseline of the greedy rows), sampled plain
 * before speculative sampling (its baseline). */
static GPtrArray *
decode_cases (gboolean with_assistant, gboolean sweep)
{
  GPtrArray *cases = g_ptr_array_new_with_free_func (g_free);
#define ADD(...) g_ptr_array_add (cases, g_memdup2 (&(DecodeCase) { __VA_ARGS__ }, sizeof (DecodeCase)))
  ADD ("plain greedy", DRAFTD_DECODE_PLAIN, FALSE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0);
  if (with_assistant) {
    ADD ("speculative greedy", DRAFTD_DECODE_SPECULATIVE, FALSE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0);
    if (sweep) {
      ADD ("  p_min 0.2", DRAFTD_DECODE_SPECULATIVE, FALSE, 16, 0.2f, DRAFTD_DRAFT_CONFIDENCE, 2, 0);
      ADD ("  p_min 0.6", DRAFTD_DECODE_SPECULATIVE, FALSE, 16, 0.6f, DRAFTD_DRAFT_CONFIDENCE, 2, 0);
      ADD ("  p_min 0.8", DRAFTD_DECODE_SPECULATIVE, FALSE, 16, 0.8f, DRAFTD_DRAFT_CONFIDENCE, 2, 0);
      ADD ("  draft_max 8", DRAFTD_DECODE_SPECULATIVE, FALSE, 8, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0);
      ADD ("  schedule 5 +2/-1", DRAFTD_DECODE_SPECULATIVE, FALSE, 16, 0.4f, DRAFTD_DRAFT_SCHEDULE, 2, 0);
    }
  }
  ADD ("lookup greedy", DRAFTD_DECODE_LOOKUP, FALSE, 8, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0);
  ADD ("IAD, exact copy", DRAFTD_DECODE_IAD, FALSE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0);
  ADD ("IAD, 1 edit in 12", DRAFTD_DECODE_IAD, FALSE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 12);
  if (sweep) {
    ADD ("  n 1", DRAFTD_DECODE_IAD, FALSE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 1, 12);
    ADD ("  n 3", DRAFTD_DECODE_IAD, FALSE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 3, 12);
    ADD ("  block 8", DRAFTD_DECODE_IAD, FALSE, 8, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 12);
    ADD ("  block 32", DRAFTD_DECODE_IAD, FALSE, 32, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 12);
  }
  ADD ("plain sampled T0.8", DRAFTD_DECODE_PLAIN, TRUE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0);
  if (with_assistant)
    ADD ("speculative sampled", DRAFTD_DECODE_SPECULATIVE, TRUE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0);
#undef ADD
  return cases;
}

/* One table row and one JSON object per case, speedups against the case's plain baseline. */
static void
decode_report (GPtrArray *cases, const Totals *best, JsonBuilder *json)
{
  double plain_tps = 0, plain_sampled_tps = 0;
  for (guint i = 0; i < cases->len; i++) {
    const DecodeCase *c = g_ptr_array_index (cases, i);
    const Totals tot = best[i];
    double tps = tot.tokens / (tot.ms / 1e3);
    if (i == 0)
      plain_tps = tps;
    if (c->sample && c->mode == DRAFTD_DECODE_PLAIN)
      plain_sampled_tps = tps;
    double base = c->sample ? plain_sampled_tps : plain_tps;
    double ppt = (double) tot.passes / tot.tokens;
    double acc = tot.drafted ? (double) tot.accepted / tot.drafted : 0;
    double per_pass = (double) tot.accepted / tot.passes;
    printf ("%-22s %9.1f %10.3f %12.2f %10.1f%% %8.2fx %8u\n", c->label, tps, ppt, per_pass, acc * 100, tps / base,
            tot.tokens);
    g_autofree char *label = g_strstrip (g_strdup (c->label));
    json_builder_begin_object (json);
    json_set_string (json, "mode", draftd_decode_mode_name (c->mode));
    json_set_string (json, "label", label);
    json_set_bool (json, "sampled", c->sample);
    json_set_int (json, "draft_max", c->draft_max);
    json_set_double (json, "p_min", c->p_min);
    json_set_bool (json, "schedule", c->length == DRAFTD_DRAFT_SCHEDULE);
    json_set_int (json, "ngram", c->ngram);
    json_set_int (json, "tokens", tot.tokens);
    json_set_double (json, "tokens_per_s", tps);
    json_set_double (json, "passes_per_token", ppt);
    json_set_double (json, "accepted_per_pass", per_pass);
    json_set_double (json, "acceptance", acc);
    json_set_double (json, "speedup", tps / base);
    json_builder_end_object (json);
  }
}

static gboolean
bench_decode (DraftdVk *vk, const char *path, const char *assistant_path, guint n_tokens, gboolean sweep,
              guint rounds, JsonBuilder *json, GError **error)
{
  g_autoptr (DraftdModel) m = draftd_model_load (path, error);
  if (m == NULL)
    return FALSE;
  g_autoptr (DraftdModel) am = assistant_path ? draftd_model_load (assistant_path, error) : NULL;
  if (assistant_path && am == NULL)
    return FALSE;
  if (am && !draftd_tokenizer_same_vocab (m->tokenizer, am->tokenizer)) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "the assistant does not share the target's vocabulary");
    return FALSE;
  }
  DraftdRunnerOptions o = { .n_ctx = 512 };
  g_autoptr (DraftdRunner) r = draftd_runner_new (vk, m, &o, error);
  g_autoptr (DraftdRunner) ar = r && am ? draftd_runner_new (vk, am, &o, error) : NULL;
  if (r == NULL || (am && ar == NULL))
    return FALSE;
  DraftdLm t = draftd_lm_for_runner (r), a = ar ? draftd_lm_for_runner (ar) : (DraftdLm) { 0 };
  g_autoptr (GPtrArray) cases = decode_cases (ar != NULL, sweep);
  printf ("\ndecoding: %s%s%s on %s, %zu prompts x %u tokens, fastest of %u rounds\n", m->name,
          am ? " + assistant " : "", am ? am->name : "", vk->name, G_N_ELEMENTS (bench_prompts), n_tokens, rounds);
  printf ("%-22s %9s %10s %12s %11s %9s %8s\n", "mode", "tokens/s", "passes/tok", "accepted/pass", "acceptance",
          "speedup", "tokens");
  g_autoptr (GPtrArray) plain_outs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  gboolean ok = TRUE;
  /* Rounds go over every case in turn, so a slow spell of the machine does not land on one
   * mode only; each case keeps its fastest round (the counts are the same in every round). */
  g_autofree Totals *best = g_new0 (Totals, cases->len);
  for (guint round = 0; round < rounds && ok; round++)
    for (guint i = 0; i < cases->len && ok; i++) {
      const DecodeCase *c = g_ptr_array_index (cases, i);
      Totals tot;
      ok = run_case (&t, c->mode == DRAFTD_DECODE_SPECULATIVE ? &a : NULL, m, c, n_tokens, plain_outs, &tot, error);
      if (ok && (round == 0 || tot.ms < best[i].ms))
        best[i] = tot;
    }
  if (!ok)
    return FALSE;
  json_builder_begin_object (json);
  json_set_string (json, "suite", "decode");
  json_set_string (json, "model", m->name);
  json_set_string (json, "assistant", am ? am->name : NULL);
  json_set_string (json, "device", vk->name);
  json_builder_set_member_name (json, "runs");
  json_builder_begin_array (json);
  decode_report (cases, best, json);
  json_builder_end_array (json);
  json_builder_end_object (json);
  return TRUE;
}

static gboolean
edit_in (const DraftdGrammarEdit *e, GArray *set)
{
  for (guint i = 0; i < set->len; i++) {
    const DraftdGrammarEdit *r = &g_array_index (set, DraftdGrammarEdit, i);
    if (r->start == e->start && r->end == e->end && g_str_equal (r->replacement, e->replacement))
      return TRUE;
  }
  return FALSE;
}

/* ---- correct suite ---- */

typedef struct {
  guint n, identical, exact, clean, clean_kept, kept_source, n_rewrite;
  guint tp, n_hyp, n_ref, passes, greedy_passes, tokens, drafted, accepted;
  double ms, greedy_ms;
} CorrectTotals;

/* Truncates the target's cache to what it shares with `snapshot`, the state before the
 * first of a sentence's two runs: the second run then reuses exactly the prompt prefix the
 * first did, so neither finds the other's prompt already cached. */
static void
cache_restore (DraftdGrammarContext *ctx, const GArray *snapshot)
{
  guint c = 0;
  while (c < ctx->cached->len && c < snapshot->len &&
         g_array_index (ctx->cached, gint32, c) == g_array_index (snapshot, gint32, c))
    c++;
  g_array_set_size (ctx->cached, c);
  draftd_lm_truncate (ctx->target, c);
}

/* One sentence, timed twice from the same cache state: IAD alone, and the run that decodes
 * each segment plainly for comparison. Their order alternates from sentence to sentence,
 * so that neither side always comes second to a warmer cache. */
static char *
correct_sentence (DraftdGrammarContext *ctx, const char *src, const char *preset, CorrectTotals *t, GArray *edits,
                  GError **error)
{
  DraftdGrammarRequest iad_req = { .rewrite = preset != NULL, .instruction = preset };
  DraftdGrammarRequest cmp_req = iad_req;
  cmp_req.compare_greedy = TRUE;
  g_autoptr (GArray) snapshot = g_array_copy (ctx->cached);
  g_autoptr (GArray) cmp_edits = draftd_grammar_edits_new ();
  gboolean iad_first = t->n % 2 == 0;
  DraftdGrammarStats ist, cst;
  g_autofree char *hyp = NULL, *cmp_hyp = NULL;
  for (guint k = 0; k < 2; k++) {
    gboolean iad = (k == 0) == iad_first;
    if (k == 1)
      cache_restore (ctx, snapshot);
    char *out = draftd_grammar_run (ctx, src, iad ? &iad_req : &cmp_req, iad ? edits : cmp_edits, iad ? &ist : &cst, error);
    if (out == NULL)
      return NULL;
    *(iad ? &hyp : &cmp_hyp) = out;
  }
  t->n++;
  t->identical += cst.greedy_equal && g_str_equal (hyp, cmp_hyp);
  t->kept_source += ist.kept_source;
  t->passes += ist.target_passes;
  t->drafted += ist.drafted;
  t->accepted += ist.accepted;
  t->tokens += ist.output_tokens;
  t->ms += ist.wall_ms;
  t->greedy_passes += cst.greedy_passes;
  t->greedy_ms += cst.greedy_ms;
  return g_steal_pointer (&hyp);
}

/* Edit-level agreement with the reference, and the clean-sentence counts. */
static void
score_sentence (const char *src, const char *ref, const char *hyp, GArray *edits, CorrectTotals *t)
{
  t->exact += g_str_equal (hyp, ref);
  if (g_str_equal (src, ref)) {
    t->clean++;
    t->clean_kept += g_str_equal (hyp, src);
  }
  g_autoptr (GArray) ref_edits = draftd_grammar_edits_new ();
  draftd_grammar_diff (src, 0, strlen (src), ref, strlen (ref), FALSE, ref_edits);
  t->n_hyp += edits->len;
  t->n_ref += ref_edits->len;
  for (guint k = 0; k < edits->len; k++)
    t->tp += edit_in (&g_array_index (edits, DraftdGrammarEdit, k), ref_edits);
}

static void
correct_report (const DraftdModel *m, const DraftdVk *vk, const DraftdGrammarContext *ctx, const char *block_from,
                const CorrectTotals *t, JsonBuilder *json)
{
  double P = t->n_hyp ? (double) t->tp / t->n_hyp : 0, R = t->n_ref ? (double) t->tp / t->n_ref : 0;
  double F05 = P + R > 0 ? 1.25 * P * R / (0.25 * P + R) : 0;
  double iad_ppt = (double) t->passes / MAX (t->tokens, 1), greedy_ppt = (double) t->greedy_passes / MAX (t->tokens, 1);
  double speedup = t->ms > 0 ? t->greedy_ms / t->ms : 0;
  const char *task = t->n_rewrite == t->n && t->n > 0 ? "rewrite" : t->n_rewrite ? "correct+rewrite" : "correct";
  printf ("\n%s: %s on %s, %u held-out sentences (%u unchanged in the reference), IAD block %u (%s), n-gram %u\n", task,
          m->name, vk->name, t->n, t->clean, ctx->block, block_from, ctx->ngram);
  printf ("  drafted %u source tokens, accepted %u (%.1f%%)\n", t->drafted, t->accepted,
          t->drafted ? 100.0 * t->accepted / t->drafted : 0);
  printf ("  IAD:   %.3f target passes per output token, %.0f ms\n", iad_ppt, t->ms);
  printf ("  plain: %.3f target passes per output token, %.0f ms  -> speedup %.2fx (same cache state, alternating order)\n",
          greedy_ppt, t->greedy_ms, speedup);
  printf ("  output identical to plain greedy: %u/%u\n", t->identical, t->n);
  printf ("  edits: precision %.3f recall %.3f F0.5 %.3f (%u proposed, %u in references, %u matched)\n", P, R, F05, t->n_hyp,
          t->n_ref, t->tp);
  printf ("  error-free sentences left unchanged: %u/%u; exact corrections: %u/%u; safety net kept the source %u times\n",
          t->clean_kept, t->clean, t->exact, t->n, t->kept_source);
  json_builder_begin_object (json);
  json_set_string (json, "suite", "correct");
  json_set_string (json, "task", task);
  json_set_string (json, "model", m->name);
  json_set_string (json, "device", vk->name);
  const struct { const char *k; guint v; } counts[] = {
    { "sentences", t->n }, { "block", ctx->block }, { "ngram", ctx->ngram }, { "drafted", t->drafted },
    { "accepted", t->accepted }, { "identical_to_greedy", t->identical }, { "clean", t->clean },
    { "clean_unchanged", t->clean_kept }, { "exact", t->exact }, { "kept_source", t->kept_source },
  };
  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    json_set_int (json, counts[i].k, counts[i].v);
  const struct { const char *k; double v; } reals[] = {
    { "iad_passes_per_token", iad_ppt }, { "greedy_passes_per_token", greedy_ppt }, { "iad_ms", t->ms },
    { "greedy_ms", t->greedy_ms }, { "speedup", speedup }, { "precision", P }, { "recall", R }, { "f05", F05 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (reals); i++)
    json_set_double (json, reals[i].k, reals[i].v);
  json_builder_end_object (json);
}

static gboolean
bench_correct (DraftdVk *vk, const char *path, const char *pairs_path, guint limit, guint block, guint ngram, JsonBuilder *json,
               GError **error)
{
  g_autoptr (DraftdModel) m = draftd_model_load (path, error);
  if (m == NULL)
    return FALSE;
  g_autofree char *pairs = NULL;
  if (!g_file_get_contents (pairs_path, &pairs, NULL, error))
    return FALSE;
  DraftdRunnerOptions o = { .n_ctx = 512 };
  g_autoptr (DraftdRunner) r = draftd_runner_new (vk, m, &o, error);
  if (r == NULL)
    return FALSE;
  DraftdLm lm = draftd_lm_for_runner (r);
  const DraftdPromptMeta *meta = &m->prompt;
  g_autoptr (GArray) cached = g_array_new (FALSE, FALSE, sizeof (gint32));
  /* The engine's choice for this device, unless given. */
  const char *block_from = block ? "given" : "picked for the device";
  if (block == 0 && (block = draftd_decode_pick_iad_block (&lm, error)) == 0)
    return FALSE;
  DraftdGrammarContext ctx = { &lm, m->tokenizer, cached, meta->format, meta->correct_template, meta->rewrite_template,
                               meta->template_end, block, ngram ? ngram : 2 };
  g_auto (GStrv) lines = g_strsplit (pairs, "\n", -1);
  CorrectTotals t = { 0 };
  for (guint i = 0; lines[i] && t.n < limit; i++) {
    char *tab = strchr (lines[i], '\t');
    if (tab == NULL)
      continue;
    *tab = 0;
    /* A third column names a rewrite preset (or instruction); without it, correction. */
    char *preset = strchr (tab + 1, '\t');
    if (preset)
      *preset++ = 0;
    g_autoptr (GArray) edits = draftd_grammar_edits_new ();
    g_autofree char *hyp = correct_sentence (&ctx, lines[i], preset, &t, edits, error);
    if (hyp == NULL)
      return FALSE;
    t.n_rewrite += preset != NULL;
    score_sentence (lines[i], tab + 1, hyp, edits, &t);
  }
  correct_report (m, vk, &ctx, block_from, &t, json);
  return TRUE;
}

/* --passes T,T,...: up to 16 token counts from 1 to 512. */
static gboolean
parse_passes (const char *passes, guint *Ts, guint *n_T)
{
  g_auto (GStrv) parts = g_strsplit (passes, ",", -1);
  *n_T = 0;
  for (guint i = 0; parts[i]; i++) {
    guint64 v = 0;
    if (*n_T == 16 || !g_ascii_string_to_unsigned (parts[i], 10, 1, 512, &v, NULL))
      return FALSE;
    Ts[(*n_T)++] = (guint) v;
  }
  return *n_T > 0;
}

typedef struct {
  char **models;
  char *json_path, *device, *assistant, *suite, *pairs, *passes;
  gint reps, n_tokens, limit, block, ngram;
  gboolean sweep;
  gboolean forward, decode, correct;
  guint Ts[16], n_T;
} BenchArgs;

static void
bench_args_clear (BenchArgs *a)
{
  g_strfreev (a->models);
  g_free (a->json_path);
  g_free (a->device);
  g_free (a->assistant);
  g_free (a->suite);
  g_free (a->pairs);
  g_free (a->passes);
}

/* Which suites to run and whether the numbers make sense; a usage error is printed. */
static gboolean
check_args (BenchArgs *a, int argc, char **argv)
{
  const char *prog = "draftd-bench";
  const char *suite = a->suite;
  if (suite && !g_strv_contains ((const char *const[]) { "forward", "decode", "correct", "all", NULL }, suite))
    return draftd_cli_usage_error (prog, "unknown suite '%s' (forward, decode, correct or all)", suite), FALSE;
  gboolean all = suite && g_str_equal (suite, "all");
  a->forward = (!suite && !a->pairs) || all || (suite && g_str_equal (suite, "forward"));
  a->decode = (!suite && !a->pairs) || all || (suite && g_str_equal (suite, "decode"));
  a->correct = (suite && g_str_equal (suite, "correct")) || (a->pairs && (!suite || all));
  if (a->correct && !a->pairs)
    return draftd_cli_usage_error (prog, "the correct suite needs --pairs FILE"), FALSE;
  if (a->passes && !parse_passes (a->passes, a->Ts, &a->n_T))
    return draftd_cli_usage_error (prog, "--passes takes up to 16 token counts from 1 to 512, comma-separated"), FALSE;
  if (a->models == NULL)
    return draftd_cli_usage_error (prog, "-m MODEL.gguf is required"), FALSE;
  if (argc > 1)
    return draftd_cli_usage_error (prog, "unexpected argument '%s'", argv[1]), FALSE;
  if (a->reps < 1 || a->n_tokens < 2 || a->limit < 1 || a->block < 0 || a->ngram < 0)
    return draftd_cli_usage_error (prog, "--reps and --limit must be at least 1, --tokens at least 2, --block and --ngram 0 or more"), FALSE;
  return TRUE;
}

static gboolean
run_suites (DraftdVk *vk, const BenchArgs *a, JsonBuilder *json, GError **error)
{
  for (guint i = 0; a->models[i]; i++) {
    if (a->forward && !bench_forward (vk, a->models[i], a->Ts, a->n_T, a->reps, json, error))
      return FALSE;
    if (a->decode && !bench_decode (vk, a->models[i], i == 0 ? a->assistant : NULL, a->n_tokens, a->sweep,
                                    MIN (a->reps, 3), json, error))
      return FALSE;
    if (a->correct && !bench_correct (vk, a->models[i], a->pairs, a->limit, a->block, a->ngram, json, error))
      return FALSE;
  }
  return TRUE;
}

/* Runs the suites; the JSON document is written only when all of them succeeded. */
static int
run_and_write (const BenchArgs *a)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdVk) vk = draftd_vk_new (a->device, &error);
  if (vk == NULL)
    return draftd_cli_fail ("draftd-bench", error, 1);
  g_autoptr (JsonBuilder) json = json_builder_new ();
  json_builder_begin_object (json);
  json_builder_set_member_name (json, "results");
  json_builder_begin_array (json);
  if (!run_suites (vk, a, json, &error))
    return draftd_cli_fail ("draftd-bench", error, 1);
  json_builder_end_array (json);
  json_builder_end_object (json);
  g_autofree char *text = draftd_cli_json_builder_text (json, TRUE);
  g_autofree char *doc = g_strconcat (text, "\n", NULL);
  if (a->json_path && !g_file_set_contents (a->json_path, doc, -1, &error))
    return draftd_cli_fail ("draftd-bench", error, 1);
  return DRAFTD_CLI_EXIT_OK;
}

int
main (int argc, char **argv)
{
  BenchArgs a = { .reps = 5, .n_tokens = 96, .limit = 200, .Ts = { 1, 4, 8, 16, 64 }, .n_T = 5 };
  GOptionEntry entries[] = {
    { "model", 'm', 0, G_OPTION_ARG_FILENAME_ARRAY, &a.models, "GGUF model (repeatable)", "MODEL.gguf" },
    { "suite", 0, 0, G_OPTION_ARG_FILENAME, &a.suite, "forward, decode, correct or all (default: forward and decode; correct with --pairs)", "NAME" },
    { "json", 'j', 0, G_OPTION_ARG_FILENAME, &a.json_path, "write results as JSON to FILE", "FILE" },
    { "reps", 'r', 0, G_OPTION_ARG_INT, &a.reps, "timed repetitions per measurement (default 5; the decode suite runs at most 3 rounds)", "N" },
    { "device", 'd', 0, G_OPTION_ARG_FILENAME, &a.device, "Vulkan device index or name", "DEV" },
    { "assistant", 'a', 0, G_OPTION_ARG_FILENAME, &a.assistant, "decode suite: assistant model (for the first -m)", "A.gguf" },
    { "tokens", 'n', 0, G_OPTION_ARG_INT, &a.n_tokens, "decode suite: tokens per run (default 96)", "N" },
    { "sweep", 0, 0, G_OPTION_ARG_NONE, &a.sweep, "decode suite: also try other draft settings", NULL },
    { "passes", 0, 0, G_OPTION_ARG_FILENAME, &a.passes, "forward suite: tokens per pass to time, costs relative to the first (default 1,4,8,16,64)", "T,T,..." },
    { "pairs", 0, 0, G_OPTION_ARG_FILENAME, &a.pairs, "correct suite: input<TAB>reference[<TAB>rewrite preset] lines", "FILE" },
    { "limit", 0, 0, G_OPTION_ARG_INT, &a.limit, "correct suite: most sentences (default 200)", "N" },
    { "block", 0, 0, G_OPTION_ARG_INT, &a.block, "correct suite: IAD block (default: picked for the device)", "N" },
    { "ngram", 0, 0, G_OPTION_ARG_INT, &a.ngram, "correct suite: IAD re-alignment n-gram (default 2)", "N" },
    G_OPTION_ENTRY_NULL,
  };
  draftd_cli_init ();
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- measure draftd's speed and correction quality");
  g_option_context_set_description (ctx,
    "Suites:\n"
    "  forward   cost of one forward pass of T tokens, with GPU time per kernel\n"
    "  decode    plain, speculative, prompt-lookup and IAD decoding on fixed prompts: tokens/s, passes\n"
    "            per token, acceptance, speedup over plain greedy\n"
    "  correct   the grammar driver over --pairs: IAD against plain greedy timed from the same cache\n"
    "            state in alternating order, identical output, edit precision/recall/F0.5\n"
    "Results print as tables; --json writes them as one JSON document.\n"
    "Exit status: 0 success, 1 failure, 2 usage error.");
  int status = DRAFTD_CLI_EXIT_OK;
  if (!draftd_cli_parse (ctx, "draftd-bench", entries, &argc, &argv, &status))
    goto out;
  status = check_args (&a, argc, argv) ? run_and_write (&a) : DRAFTD_CLI_EXIT_USAGE;
out:
  bench_args_clear (&a);
  return status;
}
