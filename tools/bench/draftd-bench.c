/* draftd-bench: speed (and correction quality) measurements, as a table and as JSON. The
 * suites live in tools/bench/: device, forward, seqs, decode, correct and serve. */
#include <gio/gio.h>
#include <stdio.h>
#include "lib/cli/cli.h"
#include "tools/bench/bench.h"

/* --passes T,T,... and --clients N,N,...: up to 16 counts from 1 to `max`. */
static gboolean
parse_counts (const char *list, guint max, guint *Ts, guint *n_T)
{
  g_auto (GStrv) parts = g_strsplit (list, ",", -1);
  *n_T = 0;
  for (guint i = 0; parts[i]; i++) {
    guint64 v = 0;
    if (*n_T == 16 || !g_ascii_string_to_unsigned (parts[i], 10, 1, max, &v, NULL))
      return FALSE;
    Ts[(*n_T)++] = (guint) v;
  }
  return *n_T > 0;
}

typedef struct {
  char **models, **daemons;
  char *json_path, *device, *assistant, *suite, *pairs, *passes, *text, *clients;
  gint reps, n_tokens, limit, block, first_block, ngram, context;
  double warmup_s, min_s;
  gboolean sweep, oracle_heads;
  gboolean device_suite, forward, seqs, decode, correct, serve;
  guint Ts[16], n_T, Ns[16], n_N;
} BenchArgs;

static void
bench_args_clear (BenchArgs *a)
{
  g_strfreev (a->models);
  g_strfreev (a->daemons);
  g_free (a->text);
  g_free (a->clients);
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
  if (suite && !g_strv_contains ((const char *const[]) { "device", "forward", "seqs", "decode", "correct", "serve", "all",
                                                         NULL }, suite))
    return draftd_cli_usage_error (prog, "unknown suite '%s' (device, forward, seqs, decode, correct, serve or all)", suite),
           FALSE;
  a->serve = suite && g_str_equal (suite, "serve");
  if (a->clients && !parse_counts (a->clients, 16, a->Ns, &a->n_N))
    return draftd_cli_usage_error (prog, "--clients takes up to 16 counts from 1 to 16, comma-separated"), FALSE;
  gboolean all = suite && g_str_equal (suite, "all");
  a->device_suite = all || (suite && g_str_equal (suite, "device"));
  a->forward = (!suite && !a->pairs) || all || (suite && g_str_equal (suite, "forward"));
  a->seqs = all || (suite && g_str_equal (suite, "seqs"));
  a->decode = (!suite && !a->pairs) || all || (suite && g_str_equal (suite, "decode"));
  a->correct = (suite && g_str_equal (suite, "correct")) || (a->pairs && (!suite || all));
  if (a->correct && !a->pairs)
    return draftd_cli_usage_error (prog, "the correct suite needs --pairs FILE"), FALSE;
  if (a->passes && !parse_counts (a->passes, 512, a->Ts, &a->n_T))
    return draftd_cli_usage_error (prog, "--passes takes up to 16 token counts from 1 to 512, comma-separated"), FALSE;
  if (a->models == NULL && !a->serve && !(suite && g_str_equal (suite, "device")))
    return draftd_cli_usage_error (prog, "-m MODEL.gguf is required"), FALSE;
  if (argc > 1)
    return draftd_cli_usage_error (prog, "unexpected argument '%s'", argv[1]), FALSE;
  if (!(a->warmup_s >= 0 && a->warmup_s <= 600 && a->min_s >= 0 && a->min_s <= 600))
    return draftd_cli_usage_error (prog, "--warmup-seconds and --min-seconds must be from 0 to 600"), FALSE;
  if (a->serve && a->models && a->models[1])
    return draftd_cli_usage_error (prog, "the serve suite takes one -m (the daemon's target)"), FALSE;
  if (a->reps < 1 || a->n_tokens < 2 || a->limit < 1 || a->block < 0 || a->first_block < 0 || a->ngram < 0)
    return draftd_cli_usage_error (prog, "--reps and --limit must be at least 1, --tokens at least 2, --block, --first-block and --ngram 0 or more"), FALSE;
  if (a->context < 1 || a->context > 65536)
    return draftd_cli_usage_error (prog, "--context takes a token count from 1 to 65536"), FALSE;
  return TRUE;
}

static gboolean
run_suites (DraftdVk *vk, const BenchArgs *a, JsonBuilder *json, GError **error)
{
  if (a->device_suite && !bench_device (vk, (const char *const *) a->models, a->reps, json, error))
    return FALSE;
  if (a->serve) {
    g_autofree char *own = g_build_filename (DRAFTD_BUILD_ROOT, "daemon", "draftd", NULL);
    const char *const fallback[] = { own, NULL };
    return bench_serve (a->daemons ? (const char *const *) a->daemons : fallback, a->models ? a->models[0] : NULL,
                        a->assistant, a->text, a->Ns, a->n_N, MIN (a->reps, 3), a->min_s, json, error);
  }
  const BenchTiming timing = { a->warmup_s, a->min_s };
  for (guint i = 0; a->models && a->models[i]; i++) {
    if (a->forward && !bench_forward (vk, a->models[i], a->Ts, a->n_T, (guint) a->context, a->reps, &timing, json, error))
      return FALSE;
    if (a->seqs && !bench_seqs (vk, a->models[i], a->reps, json, error))
      return FALSE;
    if (a->decode && !bench_decode (vk, a->models[i], i == 0 ? a->assistant : NULL, a->n_tokens, a->sweep,
                                    MIN (a->reps, 3), &timing, json, error))
      return FALSE;
    if (a->correct && !bench_correct (vk, a->models[i], a->pairs, a->limit, a->block, a->first_block, a->ngram, a->oracle_heads,
                                      json, error))
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
  BenchArgs a = { .reps = 5, .n_tokens = 96, .context = 128, .limit = 200, .Ts = { 1, 4, 8, 16, 64 }, .n_T = 5, .Ns = { 1, 2, 4, 8 }, .n_N = 4 };
  GOptionEntry entries[] = {
    { "model", 'm', 0, G_OPTION_ARG_FILENAME_ARRAY, &a.models, "GGUF model (repeatable; serve suite: the daemon's target, default the shipped one)", "MODEL.gguf" },
    { "suite", 0, 0, G_OPTION_ARG_FILENAME, &a.suite, "device, forward, seqs, decode, correct or all (default: forward and decode; correct with --pairs)", "NAME" },
    { "json", 'j', 0, G_OPTION_ARG_FILENAME, &a.json_path, "write results as JSON to FILE", "FILE" },
    { "reps", 'r', 0, G_OPTION_ARG_INT, &a.reps, "timed repetitions per measurement (default 5; the decode suite runs at most 3 rounds)", "N" },
    { "device", 'd', 0, G_OPTION_ARG_FILENAME, &a.device, "Vulkan device index or name", "DEV" },
    { "assistant", 'a', 0, G_OPTION_ARG_FILENAME, &a.assistant, "decode suite: assistant model (for the first -m); serve suite: the daemon's assistant", "A.gguf" },
    { "warmup-seconds", 0, 0, G_OPTION_ARG_DOUBLE, &a.warmup_s, "forward and decode suites: work untimed for this long first, per model (a GPU's clocks rise under load; default 0)", "S" },
    { "min-seconds", 0, 0, G_OPTION_ARG_DOUBLE, &a.min_s, "forward and decode suites: repeat timed runs until each figure has this much work behind it (default 0: --reps alone); serve suite: each client sends Completes enough for this much work alone (default 1)", "S" },
    { "tokens", 'n', 0, G_OPTION_ARG_INT, &a.n_tokens, "decode suite: tokens per run (default 96)", "N" },
    { "sweep", 0, 0, G_OPTION_ARG_NONE, &a.sweep, "decode suite: also try other draft settings", NULL },
    { "passes", 0, 0, G_OPTION_ARG_FILENAME, &a.passes, "forward suite: tokens per pass to time, costs relative to the first (default 1,4,8,16,64)", "T,T,..." },
    { "context", 0, 0, G_OPTION_ARG_INT, &a.context, "forward suite: tokens in the cache before each timed pass (default 128)", "N" },
    { "pairs", 0, 0, G_OPTION_ARG_FILENAME, &a.pairs, "correct suite: input<TAB>reference[<TAB>rewrite preset] lines", "FILE" },
    { "limit", 0, 0, G_OPTION_ARG_INT, &a.limit, "correct suite: most sentences (default 200)", "N" },
    { "block", 0, 0, G_OPTION_ARG_INT, &a.block, "correct suite: IAD block (default: picked for the device)", "N" },
    { "first-block", 0, 0, G_OPTION_ARG_INT, &a.first_block, "correct suite: most source tokens IAD drafts beside the prompt (default 64, as fits one pass)", "N" },
    { "ngram", 0, 0, G_OPTION_ARG_INT, &a.ngram, "correct suite: IAD re-alignment n-gram (default 2)", "N" },
    { "oracle-heads", 0, 0, G_OPTION_ARG_NONE, &a.oracle_heads, "correct suite, a diagnostic: IAD again with perfect proposal heads of k = 2..8 (guessing the target's own greedy answer; not a decoding mode)", NULL },
    { "daemon", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &a.daemons, "serve suite: a draftd binary (repeatable, compared in alternating rounds; default this build's)", "DRAFTD" },
    { "text", 0, 0, G_OPTION_ARG_FILENAME, &a.text, "serve suite: a text to correct as one call", "FILE" },
    { "clients", 0, 0, G_OPTION_ARG_FILENAME, &a.clients, "serve suite: clients completing at once (default 1,2,4,8)", "N,N,..." },
    G_OPTION_ENTRY_NULL,
  };
  draftd_cli_init ();
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- measure draftd's speed and correction quality");
  g_option_context_set_description (ctx,
    "Suites:\n"
    "  device    the device's ceilings: streaming GB/s from a shader, the cost of a dispatch and of a\n"
    "            submission; with -m, each model's decode ceiling and pass floor (-m is optional)\n"
    "  forward   cost of one forward pass of T tokens, with GPU time per kernel\n"
    "  decode    plain, speculative, blockwise (a target with proposal heads), prompt-lookup and IAD\n"
    "            decoding on fixed prompts: tokens/s, passes per token, tokens per pass, acceptance,\n"
    "            speedup over plain greedy\n"
    "  correct   the grammar driver over --pairs: IAD against plain greedy timed from the same cache\n"
    "            state in alternating order, identical output, edit precision/recall/F0.5; a target with\n"
    "            proposal heads: IAD without them too, and the passes they save; --oracle-heads (a\n"
    "            diagnostic, not a decoding mode): IAD with perfect heads of k = 2..8, the ceiling\n"
    "  serve     draftd itself on a private bus (--daemon, repeatable, in alternating rounds): --text\n"
    "            corrected as one call (sentences/s), and --clients completing at once (tokens/s);\n"
    "            -m and --assistant name its models\n"
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
