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
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "tools/common.h"
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

static gboolean
bench_forward (DraftdVk *vk, const char *path, const guint *Ts, guint n_T, guint reps, GString *json, GError **error)
{
  g_autoptr (DraftdModel) m = draftd_model_load (path, error);
  if (m == NULL)
    return FALSE;
  guint max_T = 0;
  for (guint i = 0; i < n_T; i++)
    max_T = MAX (max_T, Ts[i]);
  const guint context = 128; /* tokens already in the cache when timing */
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
  g_string_append_printf (json, "{\"suite\": \"forward\", \"model\": \"%s\", \"params\": %" G_GUINT64_FORMAT
                          ", \"type\": \"%s\", \"device\": \"%s\", \"context\": %u, \"passes\": [",
                          m->name, m->n_params, draftd_model_quantization (m), vk->name, context);
  g_autofree KernelTimes *kt = g_new0 (KernelTimes, n_T);
  double t1 = 0;
  for (guint i = 0; i < n_T; i++) {
    guint T = Ts[i];
    g_autofree double *ms = g_new (double, reps);
    for (guint k = 0; k < reps + 1; k++) {
      draftd_runner_truncate (r, context);
      if (k == 1)
        draftd_runner_profile_reset (r);
      gint64 t0 = g_get_monotonic_time ();
      if (!draftd_runner_forward (r, toks + context, T, DRAFTD_FORWARD_ARGMAX_ONLY, error))
        return FALSE;
      if (k > 0) /* the first run warms caches */
        ms[k - 1] = (g_get_monotonic_time () - t0) / 1e3;
    }
    if (o.profile)
      kernel_times_read (r, &kt[i]);
    qsort (ms, reps, sizeof (double), cmp_double);
    /* The fastest run is the least disturbed by other work on the machine. */
    double fastest = ms[0], median = ms[reps / 2];
    if (i == 0)
      t1 = fastest;
    printf ("%6u %12.2f %12.1f %13.2fx\n", T, fastest, T / (fastest / 1e3), fastest / t1);
    g_string_append_printf (json, "%s{\"T\": %u, \"ms_min\": %.3f, \"ms_median\": %.3f, \"tokens_per_s\": %.2f, \"cost_vs_T1\": %.3f",
                            i ? ", " : "", T, fastest, median, T / (fastest / 1e3), fastest / t1);
    if (kt[i].n) {
      g_string_append (json, ", \"kernels_ms_per_pass\": {");
      for (guint j = 0; j < kt[i].n; j++)
        g_string_append_printf (json, "%s\"%s\": %.3f", j ? ", " : "", kt[i].names[j], kt[i].ms[j] / reps);
      g_string_append (json, "}");
    }
    g_string_append (json, "}");
  }
  g_string_append (json, "]}");
  /* Kernels in first-seen order over all T (a pass of one T may skip some). */
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
  if (n_names > 0) {
    /* Mean GPU time per pass; the sum is below the wall-clock figure by the submit overhead. */
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
  for (guint i = 0; i < n_T; i++)
    kernel_times_clear (&kt[i]);
  return TRUE;
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
eog_cb (gint32 t, gpointer user)
{
  return draftd_tokenizer_is_eog (user, t);
}

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
    p.is_eog = eog_cb;
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
      if (ref->len != out->len || memcmp (ref->data, out->data, out->len * 4) != 0) {
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

static gboolean
bench_decode (DraftdVk *vk, const char *path, const char *assistant_path, guint n_tokens, gboolean sweep,
              guint rounds, GString *json, GError **error)
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
  GPtrArray *cases = g_ptr_array_new_with_free_func (g_free);
#define ADD(...) g_ptr_array_add (cases, g_memdup2 (&(DecodeCase) { __VA_ARGS__ }, sizeof (DecodeCase)))
  ADD ("plain greedy", DRAFTD_DECODE_PLAIN, FALSE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0);
  if (ar) {
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
  if (ar)
    ADD ("speculative sampled", DRAFTD_DECODE_SPECULATIVE, TRUE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0);
#undef ADD
  printf ("\ndecoding: %s%s%s on %s, %zu prompts x %u tokens, fastest of %u rounds\n", m->name,
          am ? " + assistant " : "", am ? am->name : "", vk->name, G_N_ELEMENTS (bench_prompts), n_tokens, rounds);
  printf ("%-22s %9s %10s %12s %11s %9s %8s\n", "mode", "tokens/s", "passes/tok", "accepted/pass", "acceptance",
          "speedup", "tokens");
  g_string_append_printf (json, "{\"suite\": \"decode\", \"model\": \"%s\", \"assistant\": %s%s%s, \"device\": \"%s\", \"runs\": [",
                          m->name, am ? "\"" : "", am ? am->name : "null", am ? "\"" : "", vk->name);
  g_autoptr (GPtrArray) plain_outs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  double plain_tps = 0, plain_sampled_tps = 0;
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
  for (guint i = 0; i < cases->len && ok; i++) {
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
    g_string_append_printf (json,
                            "%s{\"mode\": \"%s\", \"label\": \"%s\", \"sampled\": %s, \"draft_max\": %u, \"p_min\": %.2f, "
                            "\"schedule\": %s, \"ngram\": %u, \"tokens\": %u, \"tokens_per_s\": %.2f, "
                            "\"passes_per_token\": %.4f, \"accepted_per_pass\": %.3f, \"acceptance\": %.4f, "
                            "\"speedup\": %.3f}",
                            i ? ", " : "", draftd_decode_mode_name (c->mode), g_strstrip (g_strdup (c->label)),
                            c->sample ? "true" : "false", c->draft_max, c->p_min,
                            c->length == DRAFTD_DRAFT_SCHEDULE ? "true" : "false", c->ngram, tot.tokens, tps, ppt,
                            per_pass, acc, tps / base);
  }
  g_string_append (json, "]}");
  g_ptr_array_unref (cases);
  return ok;
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

static gboolean
bench_correct (DraftdVk *vk, const char *path, const char *pairs_path, guint limit, guint block, guint ngram, GString *json,
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
  const GgufFile *f = m->file;
  g_autofree char *tmpl = gguf_find_kv (f, "tokenizer.chat_template") ? gguf_get_string (f, "tokenizer.chat_template", NULL) : NULL;
  g_autofree char *correct = gguf_find_kv (f, "draftd.prompt.correct") ? gguf_get_string (f, "draftd.prompt.correct", NULL) : NULL;
  g_autofree char *end = gguf_find_kv (f, "draftd.prompt.end") ? gguf_get_string (f, "draftd.prompt.end", NULL) : NULL;
  g_autofree char *rewrite = gguf_find_kv (f, "draftd.prompt.rewrite") ? gguf_get_string (f, "draftd.prompt.rewrite", NULL) : NULL;
  g_autoptr (GArray) cached = g_array_new (FALSE, FALSE, sizeof (gint32));
  /* The engine's choice for this device, unless given. */
  const char *block_from = block ? "given" : "picked for the device";
  if (block == 0 && (block = draftd_decode_pick_iad_block (&lm, error)) == 0)
    return FALSE;
  DraftdGrammarContext ctx = { &lm, m->tokenizer, cached, draftd_chat_format_detect (tmpl), correct, rewrite, end, block,
                         ngram ? ngram : 2 };
  g_auto (GStrv) lines = g_strsplit (pairs, "\n", -1);
  guint n = 0, identical = 0, exact = 0, clean = 0, clean_kept = 0, kept_source = 0, n_rewrite = 0;
  guint tp = 0, n_hyp = 0, n_ref = 0, passes = 0, greedy_passes = 0, tokens = 0, drafted = 0, accepted = 0;
  double ms = 0, greedy_ms = 0;
  for (guint i = 0; lines[i] && n < limit; i++) {
    char *tab = strchr (lines[i], '\t');
    if (tab == NULL)
      continue;
    *tab = 0;
    /* A third column names a rewrite preset (or instruction); without it, correction. */
    char *preset = strchr (tab + 1, '\t');
    if (preset)
      *preset++ = 0;
    const char *src = lines[i], *ref = tab + 1;
    DraftdGrammarRequest req = { .compare_greedy = TRUE, .rewrite = preset != NULL, .instruction = preset };
    n_rewrite += preset != NULL;
    DraftdGrammarStats st;
    g_autoptr (GArray) edits = draftd_grammar_edits_new ();
    g_autofree char *hyp = draftd_grammar_run (&ctx, src, &req, edits, &st, error);
    if (hyp == NULL)
      return FALSE;
    n++;
    identical += st.greedy_equal;
    exact += g_str_equal (hyp, ref);
    kept_source += st.kept_source;
    passes += st.target_passes;
    drafted += st.drafted;
    accepted += st.accepted;
    greedy_passes += st.greedy_passes;
    tokens += st.output_tokens;
    ms += st.wall_ms - st.greedy_ms;
    greedy_ms += st.greedy_ms;
    if (g_str_equal (src, ref)) {
      clean++;
      clean_kept += g_str_equal (hyp, src);
    }
    g_autoptr (GArray) ref_edits = draftd_grammar_edits_new ();
    draftd_grammar_diff (src, 0, strlen (src), ref, strlen (ref), FALSE, ref_edits);
    n_hyp += edits->len;
    n_ref += ref_edits->len;
    for (guint k = 0; k < edits->len; k++)
      tp += edit_in (&g_array_index (edits, DraftdGrammarEdit, k), ref_edits);
  }
  double P = n_hyp ? (double) tp / n_hyp : 0, R = n_ref ? (double) tp / n_ref : 0;
  double F05 = P + R > 0 ? 1.25 * P * R / (0.25 * P + R) : 0;
  const char *task = n_rewrite == n && n > 0 ? "rewrite" : n_rewrite ? "correct+rewrite" : "correct";
  printf ("\n%s: %s on %s, %u held-out sentences (%u unchanged in the reference), IAD block %u (%s), n-gram %u\n", task,
          m->name, vk->name, n, clean, block, block_from, ctx.ngram);
  printf ("  drafted %u source tokens, accepted %u (%.1f%%)\n", drafted, accepted, drafted ? 100.0 * accepted / drafted : 0);
  printf ("  IAD:   %.3f target passes per output token, %.0f ms\n", (double) passes / MAX (tokens, 1), ms);
  printf ("  plain: %.3f target passes per output token, %.0f ms  -> speedup %.2fx\n", (double) greedy_passes / MAX (tokens, 1),
          greedy_ms, ms > 0 ? greedy_ms / ms : 0);
  printf ("  output identical to plain greedy: %u/%u\n", identical, n);
  printf ("  edits: precision %.3f recall %.3f F0.5 %.3f (%u proposed, %u in references, %u matched)\n", P, R, F05, n_hyp,
          n_ref, tp);
  printf ("  error-free sentences left unchanged: %u/%u; exact corrections: %u/%u; safety net kept the source %u times\n",
          clean_kept, clean, exact, n, kept_source);
  g_string_append_printf (json,
                          "{\"suite\": \"correct\", \"task\": \"%s\", \"model\": \"%s\", \"device\": \"%s\", \"sentences\": %u, \"block\": %u, \"ngram\": %u, \"drafted\": %u, \"accepted\": %u, "
                          "\"iad_passes_per_token\": %.4f, \"greedy_passes_per_token\": %.4f, \"iad_ms\": %.1f, \"greedy_ms\": %.1f, "
                          "\"speedup\": %.3f, \"identical_to_greedy\": %u, \"precision\": %.4f, \"recall\": %.4f, \"f05\": %.4f, "
                          "\"clean\": %u, \"clean_unchanged\": %u, \"exact\": %u, \"kept_source\": %u}",
                          task, m->name, vk->name, n, block, ctx.ngram, drafted, accepted, (double) passes / MAX (tokens, 1), (double) greedy_passes / MAX (tokens, 1),
                          ms, greedy_ms, ms > 0 ? greedy_ms / ms : 0, identical, P, R, F05, clean, clean_kept, exact, kept_source);
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_auto (GStrv) models = NULL;
  g_autofree char *json_path = NULL, *device = NULL, *assistant = NULL, *suite = NULL, *pairs = NULL, *passes = NULL;
  gint reps = 5, n_tokens = 96, limit = 200, block = 0, ngram = 0;
  gboolean sweep = FALSE;
  GOptionEntry entries[] = {
    { "model", 'm', 0, G_OPTION_ARG_FILENAME_ARRAY, &models, "GGUF model (repeatable)", "MODEL.gguf" },
    { "json", 'j', 0, G_OPTION_ARG_FILENAME, &json_path, "write results as JSON to FILE", "FILE" },
    { "reps", 'r', 0, G_OPTION_ARG_INT, &reps, "timed repetitions per measurement (default 5; the decode suite runs at most 3 rounds)", "N" },
    { "device", 'd', 0, G_OPTION_ARG_STRING, &device, "Vulkan device index or name", "DEV" },
    { "assistant", 'a', 0, G_OPTION_ARG_FILENAME, &assistant, "assistant model for the decode suite (first -m)", "A.gguf" },
    { "suite", 0, 0, G_OPTION_ARG_STRING, &suite, "forward, decode or all (default)", "NAME" },
    { "tokens", 'n', 0, G_OPTION_ARG_INT, &n_tokens, "tokens per decode run (default 96)", "N" },
    { "sweep", 0, 0, G_OPTION_ARG_NONE, &sweep, "decode suite: also try other draft settings", NULL },
    { "passes", 0, 0, G_OPTION_ARG_STRING, &passes, "forward suite: tokens per pass to time, costs relative to the first (default 1,4,8,16,64)", "T,T,..." },
    { "pairs", 0, 0, G_OPTION_ARG_FILENAME, &pairs, "correct suite: input<TAB>reference[<TAB>rewrite preset] lines", "FILE" },
    { "limit", 0, 0, G_OPTION_ARG_INT, &limit, "correct suite: most sentences (default 200)", "N" },
    { "block", 0, 0, G_OPTION_ARG_INT, &block, "correct suite: IAD block (default: picked for the device)", "N" },
    { "ngram", 0, 0, G_OPTION_ARG_INT, &ngram, "correct suite: IAD re-alignment n-gram (default 2)", "N" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- measure draftd's speed");
  g_autoptr (GError) error = NULL;
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return tool_fail ("draftd-bench", error, 2);
  gboolean do_forward = (!suite && !pairs) || (suite && (g_str_equal (suite, "forward") || g_str_equal (suite, "all")));
  gboolean do_decode = (!suite && !pairs) || (suite && (g_str_equal (suite, "decode") || g_str_equal (suite, "all")));
  gboolean do_correct = (suite && g_str_equal (suite, "correct")) || (pairs && (!suite || g_str_equal (suite, "all")));
  if (do_correct && !pairs) {
    g_printerr ("draftd-bench: --suite correct needs --pairs FILE\n");
    return 2;
  }
  guint Ts[16] = { 1, 4, 8, 16, 64 }, n_T = 5;
  if (passes) {
    g_auto (GStrv) parts = g_strsplit (passes, ",", -1);
    n_T = 0;
    for (guint i = 0; parts[i]; i++) {
      guint64 v = 0;
      if (n_T == G_N_ELEMENTS (Ts) || !g_ascii_string_to_unsigned (parts[i], 10, 1, 512, &v, NULL)) {
        g_printerr ("draftd-bench: --passes takes up to 16 token counts from 1 to 512, comma-separated\n");
        return 2;
      }
      Ts[n_T++] = (guint) v;
    }
  }
  if (models == NULL || argc > 1 || reps < 1 || n_tokens < 2 || limit < 1 || block < 0 || ngram < 0 || (!do_forward && !do_decode && !do_correct)) {
    g_printerr ("usage: draftd-bench -m MODEL.gguf [-m ...] [-a ASSISTANT.gguf] [--suite forward|decode|correct|all] [--sweep]\n"
                "                    [--pairs FILE] [--limit N] [--block N] [--ngram N]\n"
                "                    [--json FILE] [--reps N] [--tokens N] [--passes T,T,...]\n");
    return 2;
  }
  g_autoptr (DraftdVk) vk = draftd_vk_new (device, &error);
  if (vk == NULL)
    return tool_fail ("draftd-bench", error, 1);
  g_autoptr (GString) json = g_string_new ("{\"results\": [");
  gboolean first = TRUE;
  for (guint i = 0; models[i]; i++) {
    if (do_forward) {
      g_string_append (json, first ? "" : ", ");
      first = FALSE;
      if (!bench_forward (vk, models[i], Ts, n_T, reps, json, &error))
        return tool_fail ("draftd-bench", error, 1);
    }
    if (do_decode) {
      g_string_append (json, first ? "" : ", ");
      first = FALSE;
      if (!bench_decode (vk, models[i], i == 0 ? assistant : NULL, n_tokens, sweep, MIN (reps, 3), json, &error))
        return tool_fail ("draftd-bench", error, 1);
    }
    if (do_correct) {
      g_string_append (json, first ? "" : ", ");
      first = FALSE;
      if (!bench_correct (vk, models[i], pairs, limit, block, ngram, json, &error))
        return tool_fail ("draftd-bench", error, 1);
    }
  }
  g_string_append (json, "]}\n");
  if (json_path && !g_file_set_contents (json_path, json->str, -1, &error))
    return tool_fail ("draftd-bench", error, 1);
  return 0;
}
