/* draftd-grammar-eval: corrects each line of a file as its own text, through the same
 * grammar driver as the daemon, and prints the results one a line: the hypotheses an
 * evaluation (tools/eval-jfleg.sh) scores. Statistics go to stderr as JSON: sentences
 * changed, answers the checks refused, IAD against plain decoding of the same policy. With
 * --suggestions FILE, each line that has suggestions (candidates the target doubted, not
 * applied) is written there as its number (from 1), a tab, and the answer with them applied:
 * what tools/dev-errors.py scores them by. */
#include <stdio.h>
#include <string.h>
#include "grammar/driver.h"
#include "grammar/language.h"
#include "lib/cli/cli.h"
#include "lib/model/model.h"
#include "lib/runtime/forward.h"
#include "lib/vk/vk-device.h"

/* The file's totals: the driver's stats summed, and what only a whole evaluation counts. */
typedef struct {
  guint lines, changed;
  guint equal;                    /* lines whose IAD answer was plain decoding's (--compare) */
  double ms;                      /* IAD's own time: the wall time less plain decoding's */
  DraftdGrammarStats sum;
} Totals;

typedef struct {
  double keep_bias, doubt;
  gboolean compare, no_spelling, candidates_only, model_pass;
  const char *margins, *dialect, *suggestions;
  guint limit;
} Options;

static gboolean
run (const char *model, const char *path, const Options *opt, GError **error)
{
  float margins[DRAFTD_FIX_N_KINDS];
  if (opt->margins && !draftd_candidates_parse_margins (opt->margins, margins, error))
    return FALSE;
  g_autofree char *all = NULL;
  if (!g_file_get_contents (path, &all, NULL, error))
    return FALSE;
  g_autoptr (DraftdVk) vk = draftd_vk_new (NULL, error);
  g_autoptr (DraftdModel) m = vk ? draftd_model_load (model, error) : NULL;
  if (m == NULL)
    return FALSE;
  /* Scratch sequences, as the daemon gives its target: candidates are scored several per pass. */
  DraftdRunnerOptions o = { .n_ctx = 0, .n_seq = 9, .seq_ctx = 256 };
  g_autoptr (DraftdRunner) r = draftd_runner_new (vk, m, &o, error);
  if (r == NULL)
    return FALSE;
  DraftdLm lm = draftd_lm_for_runner (r);
  const DraftdPromptMeta *meta = &m->prompt;
  g_auto (GStrv) languages = draftd_grammar_model_languages (m->file);
  guint block = draftd_decode_pick_iad_block (&lm, error);
  if (block == 0)
    return FALSE;
  g_autoptr (GArray) cached = g_array_new (FALSE, FALSE, sizeof (gint32));
  /* An empty personal list: the evaluation must not depend on the user running it. */
  g_autoptr (DraftdSpell) spell = opt->no_spelling ? NULL : draftd_spell_new ("/dev/null");
  DraftdGrammarContext ctx = { &lm, m->tokenizer, cached, meta->format, meta->correct_template, meta->rewrite_template,
                               meta->template_end, block, 2, 0, spell, NULL, NULL };
  g_auto (GStrv) lines = g_strsplit (all, "\n", -1);
  guint n = g_strv_length (lines);
  if (n > 0 && *lines[n - 1] == 0)
    n--; /* the file's final newline */
  Totals t = { 0 };
  g_autoptr (GString) suggested = g_string_new (NULL);
  /* As the daemon decides: by the target's size, unless told. */
  gboolean pass = opt->model_pass || opt->compare || (!opt->candidates_only && m->n_params >= DRAFTD_GRAMMAR_MODEL_PASS_PARAMS);
  for (guint i = 0; i < n && (opt->limit == 0 || i < opt->limit); i++) {
    DraftdGrammarRequest req = { .keep_bias = opt->keep_bias, .compare_greedy = opt->compare, .languages = (const char *const *) languages,
                                 .margins = opt->margins ? margins : NULL, .candidates_only = !pass,
                                 .large_model = m->n_params >= DRAFTD_GRAMMAR_MODEL_PASS_PARAMS, .dialect = opt->dialect,
                                 .doubt = opt->doubt };
    DraftdGrammarStats st;
    g_autoptr (GArray) edits = draftd_grammar_edits_new ();
    g_autoptr (GArray) sugg = draftd_grammar_edits_new ();
    req.suggestions = opt->suggestions ? sugg : NULL;
    g_autofree char *out = draftd_grammar_run (&ctx, lines[i], &req, edits, &st, error);
    if (out == NULL)
      return FALSE;
    if (sugg->len > 0) {
      g_autofree char *s = draftd_grammar_apply_edit_lists (lines[i], edits, sugg);
      g_string_append_printf (suggested, "%u\t%s\n", i + 1, s);
    }
    printf ("%s\n", out);
    t.lines++;
    t.changed += !g_str_equal (out, lines[i]);
    t.equal += st.greedy_equal;
    t.ms += st.wall_ms - st.greedy_ms;
    draftd_grammar_stats_add (&t.sum, &st);
  }
  fflush (stdout);
  if (opt->suggestions && !g_file_set_contents (opt->suggestions, suggested->str, suggested->len, error))
    return FALSE;
  g_printerr ("{\"lines\": %u, \"changed\": %u, \"segments\": %u, \"kept_source\": %u, \"too_long\": %u, \"foreign\": %u, "
              "\"kept_tokens\": %u, \"block\": %u, \"drafted\": %u, \"accepted\": %u, \"tokens\": %u, \"iad_passes_per_token\": %.4f, "
              "\"iad_ms\": %.0f",
              t.lines, t.changed, t.sum.segments, t.sum.kept_source, t.sum.too_long, t.sum.foreign, t.sum.kept_tokens, block,
              t.sum.drafted, t.sum.accepted, t.sum.output_tokens, (double) t.sum.target_passes / MAX (t.sum.output_tokens, 1), t.ms);
  g_printerr (", \"fixes\": %u, \"scoring_passes\": %u", t.sum.fixes, t.sum.scoring_passes);
  if (opt->compare)
    g_printerr (", \"plain_passes_per_token\": %.4f, \"plain_ms\": %.0f, \"speedup\": %.3f, \"identical_to_plain\": %u",
                (double) t.sum.greedy_passes / MAX (t.sum.output_tokens, 1), t.sum.greedy_ms, t.ms > 0 ? t.sum.greedy_ms / t.ms : 0,
                t.equal);
  g_printerr ("}\n");
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_autofree char *model = NULL, *margins = NULL, *dialect = NULL, *suggestions = NULL;
  Options opt = { 0 };
  gint limit = 0;
  GOptionEntry entries[] = {
    { "model", 'm', 0, G_OPTION_ARG_FILENAME, &model, "target model (GGUF)", "T.gguf" },
    { "keep-bias", 0, 0, G_OPTION_ARG_DOUBLE, &opt.keep_bias, "keep policy margin (0: the default; < 0: off)", "B" },
    { "compare", 0, 0, G_OPTION_ARG_NONE, &opt.compare, "also decode plainly, same policy, and compare", NULL },
    { "limit", 'n', 0, G_OPTION_ARG_INT, &limit, "only the first N lines", "N" },
    { "no-spelling", 0, 0, G_OPTION_ARG_NONE, &opt.no_spelling, "no spelling or candidate stage: the model's pass alone", NULL },
    { "candidates-only", 0, 0, G_OPTION_ARG_NONE, &opt.candidates_only, "the candidate stage alone, no model pass", NULL },
    { "model-pass", 0, 0, G_OPTION_ARG_NONE, &opt.model_pass, "the model's own pass after the candidates, whatever its size", NULL },
    { "margins", 0, 0, G_OPTION_ARG_STRING, &margins, "candidate margins, kind=nats,...", "SPEC" },
    { "dialect", 0, 0, G_OPTION_ARG_STRING, &dialect, "hold spellings to a dialect (en-US, en-GB)", "D" },
    { "suggestions", 0, 0, G_OPTION_ARG_FILENAME, &suggestions, "write each line's answer with its suggestions applied to FILE", "FILE" },
    { "doubt", 0, 0, G_OPTION_ARG_DOUBLE, &opt.doubt, "suggestions' doubt band in nats (0: the default; < 0: none)", "D" },
    G_OPTION_ENTRY_NULL,
  };
  draftd_cli_init ();
  g_autoptr (GOptionContext) oc = g_option_context_new ("FILE - correct each line of FILE");
  int status;
  if (!draftd_cli_parse (oc, "draftd-grammar-eval", entries, &argc, &argv, &status))
    return status;
  if (argc != 2 || model == NULL)
    return draftd_cli_usage_error ("draftd-grammar-eval", "give -m T.gguf and one FILE");
  g_autoptr (GError) error = NULL;
  opt.limit = MAX (limit, 0);
  opt.margins = margins;
  opt.dialect = dialect;
  opt.suggestions = suggestions;
  if (!run (model, argv[1], &opt, &error)) {
    g_printerr ("draftd-grammar-eval: %s\n", error->message);
    return 1;
  }
  return 0;
}
