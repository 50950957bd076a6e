/* draftd-bench's decode suite: a fixed set of prompts (and rewrite sources) through plain,
 * speculative, blockwise (a target with proposal heads), prompt-lookup and IAD decoding
 * (with and without heads): tokens/s, target passes per generated token and tokens per pass
 * (blockwise's mean accepted block), acceptance, and speedup vs plain decoding of the same
 * model in the same run. */
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "tools/bench/bench.h"
#include "lib/decode/decode.h"
#include "lib/model/model.h"
#include "lib/runtime/forward.h"

/* Story openings, and openings in the default models' own domain (usage examples, software
 * documentation, sayings). */
static const char *const bench_prompts[] = {
  "Once upon a time", "Lily and Ben went to the park.", "The little dog", "One day, a girl named Sue",
  "Tom had a big red ball. He", "It was a sunny day and", "The function returns", "To install the package,",
  "A good friend is", "The system administrator",
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
  gboolean heads;     /* IAD: the target's proposal heads draft off the source */
} DecodeCase;

typedef struct {
  guint tokens, passes, drafted, accepted;
  double ms;          /* from the prompt to the last token */
  double prompt_ms;   /* of which the prompt's pass (IAD: with the source's first block) */
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
    p.iad_heads = c->heads;
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
    tot->prompt_ms += st.prompt_ms;
  }
  return TRUE;
}

/* The decode suite's cases: plain first (the baseline of the greedy rows), sampled plain
 * before speculative sampling (its baseline). */
static GPtrArray *
decode_cases (gboolean with_assistant, gboolean with_heads, gboolean sweep)
{
  GPtrArray *cases = g_ptr_array_new_with_free_func (g_free);
#define ADD(...) g_ptr_array_add (cases, g_memdup2 (&(DecodeCase) { __VA_ARGS__ }, sizeof (DecodeCase)))
  ADD ("plain greedy", DRAFTD_DECODE_PLAIN, FALSE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0, FALSE);
  if (with_assistant) {
    ADD ("speculative greedy", DRAFTD_DECODE_SPECULATIVE, FALSE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0, FALSE);
    if (sweep) {
      ADD ("  p_min 0.2", DRAFTD_DECODE_SPECULATIVE, FALSE, 16, 0.2f, DRAFTD_DRAFT_CONFIDENCE, 2, 0, FALSE);
      ADD ("  p_min 0.6", DRAFTD_DECODE_SPECULATIVE, FALSE, 16, 0.6f, DRAFTD_DRAFT_CONFIDENCE, 2, 0, FALSE);
      ADD ("  p_min 0.8", DRAFTD_DECODE_SPECULATIVE, FALSE, 16, 0.8f, DRAFTD_DRAFT_CONFIDENCE, 2, 0, FALSE);
      ADD ("  draft_max 8", DRAFTD_DECODE_SPECULATIVE, FALSE, 8, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0, FALSE);
      ADD ("  schedule 5 +2/-1", DRAFTD_DECODE_SPECULATIVE, FALSE, 16, 0.4f, DRAFTD_DRAFT_SCHEDULE, 2, 0, FALSE);
    }
  }
  if (with_heads)
    ADD ("blockwise greedy", DRAFTD_DECODE_BLOCKWISE, FALSE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0, FALSE);
  ADD ("lookup greedy", DRAFTD_DECODE_LOOKUP, FALSE, 8, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0, FALSE);
  ADD ("IAD, exact copy", DRAFTD_DECODE_IAD, FALSE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0, FALSE);
  ADD ("IAD, 1 edit in 12", DRAFTD_DECODE_IAD, FALSE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 12, FALSE);
  if (with_heads)
    ADD ("IAD, 1 in 12, heads", DRAFTD_DECODE_IAD, FALSE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 12, TRUE);
  if (sweep) {
    ADD ("  n 1", DRAFTD_DECODE_IAD, FALSE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 1, 12, FALSE);
    ADD ("  n 3", DRAFTD_DECODE_IAD, FALSE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 3, 12, FALSE);
    ADD ("  block 8", DRAFTD_DECODE_IAD, FALSE, 8, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 12, FALSE);
    ADD ("  block 32", DRAFTD_DECODE_IAD, FALSE, 32, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 12, FALSE);
  }
  ADD ("plain sampled T0.8", DRAFTD_DECODE_PLAIN, TRUE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0, FALSE);
  if (with_assistant)
    ADD ("speculative sampled", DRAFTD_DECODE_SPECULATIVE, TRUE, 16, 0.4f, DRAFTD_DRAFT_CONFIDENCE, 2, 0, FALSE);
#undef ADD
  return cases;
}

/* One table row and one JSON object per case, speedups against the case's plain baseline;
 * `sum` is every timed round's together (the sustained figures). */
static void
decode_report (GPtrArray *cases, const Totals *best, const Totals *sum, JsonBuilder *json)
{
  double plain_tps = 0, plain_sampled_tps = 0;
  for (guint i = 0; i < cases->len; i++) {
    const DecodeCase *c = g_ptr_array_index (cases, i);
    const Totals tot = best[i];
    double tps = tot.tokens / (tot.ms / 1e3);
    /* Generation alone: sampled runs end at different lengths, so their prompt shares differ. */
    double gen_tps = tot.tokens > 1 ? (tot.tokens - 1) / (MAX (tot.ms - tot.prompt_ms, 1e-3) / 1e3) : 0;
    if (i == 0)
      plain_tps = tps;
    if (c->sample && c->mode == DRAFTD_DECODE_PLAIN)
      plain_sampled_tps = tps;
    double base = c->sample ? plain_sampled_tps : plain_tps;
    double ppt = (double) tot.passes / tot.tokens;
    double acc = tot.drafted ? (double) tot.accepted / tot.drafted : 0;
    double per_pass = (double) tot.accepted / tot.passes;
    printf ("%-22s %9.1f %9.1f %10.3f %10.2f %12.2f %10.1f%% %8.2fx %8u\n", c->label, tps, gen_tps, ppt, 1.0 / ppt,
            per_pass, acc * 100, tps / base, tot.tokens);
    g_autofree char *label = g_strstrip (g_strdup (c->label));
    json_builder_begin_object (json);
    bench_json_string (json, "mode", draftd_decode_mode_name (c->mode));
    bench_json_string (json, "label", label);
    bench_json_bool (json, "sampled", c->sample);
    bench_json_int (json, "draft_max", c->draft_max);
    bench_json_double (json, "p_min", c->p_min);
    bench_json_bool (json, "schedule", c->length == DRAFTD_DRAFT_SCHEDULE);
    bench_json_int (json, "ngram", c->ngram);
    bench_json_int (json, "tokens", tot.tokens);
    bench_json_double (json, "tokens_per_s", tps);
    bench_json_double (json, "generation_tokens_per_s", gen_tps);
    bench_json_double (json, "prompt_ms", tot.prompt_ms);
    bench_json_double (json, "passes_per_token", ppt);
    bench_json_double (json, "accepted_per_pass", per_pass);
    bench_json_double (json, "tokens_per_pass", 1.0 / ppt);
    bench_json_bool (json, "heads", c->mode == DRAFTD_DECODE_BLOCKWISE || c->heads);
    bench_json_double (json, "acceptance", acc);
    bench_json_double (json, "speedup", tps / base);
    bench_json_double (json, "sustained_s", sum[i].ms / 1e3);
    bench_json_double (json, "sustained_tokens_per_s", sum[i].tokens / MAX (sum[i].ms / 1e3, 1e-9));
    json_builder_end_object (json);
  }
}

typedef struct {
  DraftdLm *t, *a;
  const DraftdModel *m;
  guint n_tokens;
  GPtrArray *cases, *plain_outs;
} DecodeRun;

static gboolean
all_sustained (const Totals *sum, guint n, double min_s)
{
  for (guint i = 0; i < n; i++)
    if (sum[i].ms < min_s * 1e3)
      return FALSE;
  return TRUE;
}

/* Plain greedy (the first case, whose outputs the lossless checks compare with) over the
 * prompts until `seconds` have gone by: the device's clocks up before anything is timed. */
static gboolean
decode_warm_up (const DecodeRun *d, double seconds, double *spent, GError **error)
{
  gint64 t0 = g_get_monotonic_time ();
  do {
    Totals tot;
    if (!run_case (d->t, NULL, d->m, g_ptr_array_index (d->cases, 0), d->n_tokens, d->plain_outs, &tot, error))
      return FALSE;
  } while ((g_get_monotonic_time () - t0) / 1e6 < seconds);
  *spent = (g_get_monotonic_time () - t0) / 1e6;
  return TRUE;
}

/* Rounds go over every case in turn, so a slow spell of the machine does not land on one
 * mode only; each case keeps its fastest round (the counts are the same in every round) and
 * the sum of all, and rounds go on until every case has `min_s` of timed work. */
static gboolean
decode_rounds (const DecodeRun *d, guint rounds, double min_s, Totals *best, Totals *sum, GError **error)
{
  for (guint round = 0; round < rounds || !all_sustained (sum, d->cases->len, min_s); round++)
    for (guint i = 0; i < d->cases->len; i++) {
      const DecodeCase *c = g_ptr_array_index (d->cases, i);
      Totals tot;
      if (!run_case (d->t, c->mode == DRAFTD_DECODE_SPECULATIVE ? d->a : NULL, d->m, c, d->n_tokens, d->plain_outs, &tot,
                     error))
        return FALSE;
      if (round == 0 || tot.ms < best[i].ms)
        best[i] = tot;
      sum[i].tokens += tot.tokens;
      sum[i].ms += tot.ms;
    }
  return TRUE;
}

gboolean
bench_decode (DraftdVk *vk, const char *path, const char *assistant_path, guint n_tokens, gboolean sweep,
              guint rounds, const BenchTiming *timing, JsonBuilder *json, GError **error)
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
  g_autoptr (GPtrArray) cases = decode_cases (ar != NULL, m->n_heads > 0, sweep);
  g_autoptr (GPtrArray) plain_outs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  DecodeRun d = { &t, &a, m, n_tokens, cases, plain_outs };
  double warm = 0;
  if (timing->warmup_s > 0 && !decode_warm_up (&d, timing->warmup_s, &warm, error))
    return FALSE;
  printf ("\ndecoding: %s%s%s on %s, %zu prompts x %u tokens, fastest of at least %u rounds and %.1f s each, after %.1f s"
          " of warm-up\n", m->name, am ? " + assistant " : "", am ? am->name : "", vk->name, G_N_ELEMENTS (bench_prompts),
          n_tokens, rounds, timing->min_s, warm);
  printf ("%-22s %9s %9s %10s %10s %12s %11s %9s %8s\n", "mode", "tokens/s", "gen t/s", "passes/tok", "tok/pass",
          "accepted/pass", "acceptance", "speedup", "tokens");
  g_autofree Totals *best = g_new0 (Totals, cases->len), *sum = g_new0 (Totals, cases->len);
  if (!decode_rounds (&d, rounds, timing->min_s, best, sum, error))
    return FALSE;
  json_builder_begin_object (json);
  bench_json_string (json, "suite", "decode");
  bench_json_string (json, "model", m->name);
  bench_json_string (json, "assistant", am ? am->name : NULL);
  bench_json_string (json, "device", vk->name);
  bench_json_double (json, "warmup_s", warm);
  bench_json_double (json, "min_s", timing->min_s);
  json_builder_set_member_name (json, "runs");
  json_builder_begin_array (json);
  decode_report (cases, best, sum, json);
  json_builder_end_array (json);
  json_builder_end_object (json);
  return TRUE;
}
