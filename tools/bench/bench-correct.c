/* draftd-bench's correct suite (--pairs FILE of "input<TAB>reference[<TAB>preset]" lines; a
 * preset makes it a rewrite): the grammar driver with IAD against plain greedy on each input:
 * passes per output token, wall-clock speedup, identical output, and edit
 * precision/recall/F0.5 against the references. */
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "tools/bench/bench.h"
#include "grammar/driver.h"
#include "lib/model/model.h"
#include "lib/runtime/forward.h"

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

/* Perfect heads proposing k - 1 tokens, k from 2 (one head) to 8. */
#define ORACLE_K_MIN 2
#define ORACLE_K_MAX 8
#define ORACLE_N (ORACLE_K_MAX - ORACLE_K_MIN + 1)

typedef struct {
  guint n, identical, exact, clean, clean_kept, kept_source, n_rewrite;
  guint tp, n_hyp, n_ref, passes, greedy_passes, tokens, drafted, accepted;
  double ms, greedy_ms;
  /* A target with proposal heads: IAD without them too, on the same cache state. */
  gboolean heads;
  guint head_drafted, head_accepted, noheads_passes, noheads_identical, edited, edited_passes, edited_noheads_passes;
  double noheads_ms;
  /* --oracle-heads (a diagnostic): IAD with perfect heads of k = ORACLE_K_MIN .. ORACLE_K_MAX. */
  BenchOracle *oracle;
  guint oracle_passes[ORACLE_N], oracle_edited_passes[ORACLE_N], oracle_identical[ORACLE_N], oracle_head_drafted[ORACLE_N],
    oracle_head_accepted[ORACLE_N];
  double oracle_ms[ORACLE_N];
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

/* A third run of a sentence when the target has heads (or --oracle-heads): IAD without
 * them, from the same cache state; its passes, and whether its output is the same. A
 * sentence the target edits (its IAD run left the source somewhere) is where heads can save
 * passes: *edited says whether this one is. The oracle records this run's answer. */
static gboolean
iad_without_heads (DraftdGrammarContext *ctx, const char *src, const DraftdGrammarRequest *iad_req, const GArray *snapshot,
                   const char *hyp, guint passes, CorrectTotals *t, gboolean *edited, GError **error)
{
  DraftdGrammarRequest req = *iad_req;
  req.iad_without_heads = TRUE;
  g_autoptr (GArray) edits = draftd_grammar_edits_new ();
  DraftdGrammarStats st;
  cache_restore (ctx, snapshot);
  if (t->oracle)
    bench_oracle_record (t->oracle);
  g_autofree char *out = draftd_grammar_run (ctx, src, &req, edits, &st, error);
  if (t->oracle)
    bench_oracle_pass (t->oracle);
  if (out == NULL)
    return FALSE;
  t->noheads_passes += st.target_passes;
  t->noheads_ms += st.wall_ms;
  t->noheads_identical += g_str_equal (out, hyp);
  *edited = st.drafted > st.accepted;
  if (*edited) {
    t->edited++;
    t->edited_passes += passes;
    t->edited_noheads_passes += st.target_passes;
  }
  return TRUE;
}

/* The diagnostic's runs of a sentence: IAD with perfect heads of each k, from the same
 * cache state, their guesses the answer iad_without_heads recorded. */
static gboolean
iad_oracle (DraftdGrammarContext *ctx, const char *src, const DraftdGrammarRequest *iad_req, const GArray *snapshot,
            const char *hyp, gboolean edited, CorrectTotals *t, GError **error)
{
  for (guint k = ORACLE_K_MIN; k <= ORACLE_K_MAX; k++) {
    guint x = k - ORACLE_K_MIN;
    g_autoptr (GArray) edits = draftd_grammar_edits_new ();
    DraftdGrammarStats st;
    cache_restore (ctx, snapshot);
    bench_oracle_play (t->oracle, k - 1);
    g_autofree char *out = draftd_grammar_run (ctx, src, iad_req, edits, &st, error);
    bench_oracle_pass (t->oracle);
    if (out == NULL)
      return FALSE;
    t->oracle_passes[x] += st.target_passes;
    t->oracle_edited_passes[x] += edited ? st.target_passes : 0;
    t->oracle_identical[x] += g_str_equal (out, hyp);
    t->oracle_head_drafted[x] += st.head_drafted;
    t->oracle_head_accepted[x] += st.head_accepted;
    t->oracle_ms[x] += st.wall_ms;
  }
  return TRUE;
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
  gboolean edited = FALSE;
  if ((t->heads || t->oracle) && !iad_without_heads (ctx, src, &iad_req, snapshot, hyp, ist.target_passes, t, &edited, error))
    return NULL;
  if (t->oracle && !iad_oracle (ctx, src, &iad_req, snapshot, hyp, edited, t, error))
    return NULL;
  t->n++;
  t->identical += cst.greedy_equal && g_str_equal (hyp, cmp_hyp);
  t->head_drafted += ist.head_drafted;
  t->head_accepted += ist.head_accepted;
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

/* The diagnostic's ceiling: passes on the sentences the target edits with perfect heads of
 * each k, against IAD without heads in the same sitting. */
static void
oracle_report (const CorrectTotals *t, JsonBuilder *json)
{
  printf ("  ORACLE (bench-only diagnostic, not a decoding mode): perfect heads guessing the target's own greedy answer\n");
  json_builder_set_member_name (json, "oracle_heads");
  json_builder_begin_array (json);
  for (guint k = ORACLE_K_MIN; k <= ORACLE_K_MAX; k++) {
    guint x = k - ORACLE_K_MIN;
    double fewer = t->edited_noheads_passes ? 100.0 * (1.0 - (double) t->oracle_edited_passes[x] / t->edited_noheads_passes) : 0;
    printf ("    k=%u: %u target passes on the %u edited sentences (%u without heads: %.1f%% fewer), %.3f passes per "
            "output token, guesses %u drafted %u accepted, %.0f ms, identical output %u/%u\n",
            k, t->oracle_edited_passes[x], t->edited, t->edited_noheads_passes, fewer,
            (double) t->oracle_passes[x] / MAX (t->tokens, 1), t->oracle_head_drafted[x], t->oracle_head_accepted[x],
            t->oracle_ms[x], t->oracle_identical[x], t->n);
    json_builder_begin_object (json);
    bench_json_int (json, "k", k);
    bench_json_int (json, "edited_passes", t->oracle_edited_passes[x]);
    bench_json_int (json, "passes", t->oracle_passes[x]);
    bench_json_int (json, "head_drafted", t->oracle_head_drafted[x]);
    bench_json_int (json, "head_accepted", t->oracle_head_accepted[x]);
    bench_json_int (json, "identical", t->oracle_identical[x]);
    bench_json_double (json, "ms", t->oracle_ms[x]);
    json_builder_end_object (json);
  }
  json_builder_end_array (json);
  guint hits, at_end, misses;
  bench_oracle_counts (t->oracle, &hits, &at_end, &misses);
  printf ("    (asked for guesses %u times: answered from the recorded answer %u, at its last token %u, no record %u)\n",
          hits + at_end + misses, hits, at_end, misses);
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
  if (t->oracle && !t->heads)
    printf ("  IAD without heads: %.3f passes per output token, %.0f ms, identical output %u/%u; sentences IAD edited "
            "(%u): %u target passes\n", (double) t->noheads_passes / MAX (t->tokens, 1), t->noheads_ms, t->noheads_identical,
            t->n, t->edited, t->edited_noheads_passes);
  if (t->heads) {
    printf ("  proposal heads: %u guesses drafted off the source, %u accepted; IAD without heads: %.3f passes per output "
            "token, %.0f ms, identical output %u/%u\n", t->head_drafted, t->head_accepted,
            (double) t->noheads_passes / MAX (t->tokens, 1), t->noheads_ms, t->noheads_identical, t->n);
    printf ("  sentences IAD edited (%u): %u target passes with heads, %u without (%.1f%% fewer)\n", t->edited,
            t->edited_passes, t->edited_noheads_passes,
            t->edited_noheads_passes ? 100.0 * (1.0 - (double) t->edited_passes / t->edited_noheads_passes) : 0);
  }
  printf ("  edits: precision %.3f recall %.3f F0.5 %.3f (%u proposed, %u in references, %u matched)\n", P, R, F05, t->n_hyp,
          t->n_ref, t->tp);
  printf ("  error-free sentences left unchanged: %u/%u; exact corrections: %u/%u; safety net kept the source %u times\n",
          t->clean_kept, t->clean, t->exact, t->n, t->kept_source);
  json_builder_begin_object (json);
  bench_json_string (json, "suite", "correct");
  bench_json_string (json, "task", task);
  bench_json_string (json, "model", m->name);
  bench_json_string (json, "device", vk->name);
  const struct { const char *k; guint v; } counts[] = {
    { "sentences", t->n }, { "block", ctx->block }, { "ngram", ctx->ngram }, { "drafted", t->drafted },
    { "accepted", t->accepted }, { "identical_to_greedy", t->identical }, { "clean", t->clean },
    { "clean_unchanged", t->clean_kept }, { "exact", t->exact }, { "kept_source", t->kept_source },
    { "head_drafted", t->head_drafted }, { "head_accepted", t->head_accepted },
    { "noheads_passes", t->noheads_passes }, { "noheads_identical", t->noheads_identical },
    { "edited", t->edited }, { "edited_passes", t->edited_passes }, { "edited_noheads_passes", t->edited_noheads_passes },
  };
  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    bench_json_int (json, counts[i].k, counts[i].v);
  const struct { const char *k; double v; } reals[] = {
    { "iad_passes_per_token", iad_ppt }, { "greedy_passes_per_token", greedy_ppt }, { "iad_ms", t->ms },
    { "greedy_ms", t->greedy_ms }, { "speedup", speedup }, { "precision", P }, { "recall", R }, { "f05", F05 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (reals); i++)
    bench_json_double (json, reals[i].k, reals[i].v);
  if (t->oracle)
    oracle_report (t, json);
  json_builder_end_object (json);
}

gboolean
bench_correct (DraftdVk *vk, const char *path, const char *pairs_path, guint limit, guint block, guint first_block,
               guint ngram, gboolean oracle, JsonBuilder *json, GError **error)
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
  CorrectTotals t = { .heads = m->n_heads > 0, .oracle = oracle ? bench_oracle_new (&lm) : NULL };
  DraftdGrammarContext ctx = { t.oracle ? bench_oracle_lm (t.oracle) : &lm, m->tokenizer, cached, meta->format, meta->correct_template, meta->rewrite_template,
                               meta->template_end, block, ngram ? ngram : 2, first_block, NULL, NULL, NULL };
  g_auto (GStrv) lines = g_strsplit (pairs, "\n", -1);
  gboolean ok = TRUE;
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
    if ((ok = hyp != NULL) == FALSE)
      break;
    t.n_rewrite += preset != NULL;
    score_sentence (lines[i], tab + 1, hyp, edits, &t);
  }
  if (ok)
    correct_report (m, vk, &ctx, block_from, &t, json);
  g_clear_pointer (&t.oracle, bench_oracle_free);
  return ok;
}
