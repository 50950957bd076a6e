/* draftd-run: one-shot generation on the Vulkan runtime. Prints the prompt's continuation
 * (not the prompt) to stdout as it is generated; --stats prints a JSON object to stderr. */
#include <stdio.h>
#include <string.h>
#include "lib/cli/cli.h"
#include "lib/prompt/chat-format.h"
#include "lib/gguf/ggml-types.h"
#include "lib/model/model.h"
#include "lib/decode/decode.h"
#include "lib/runtime/forward.h"
#include "lib/runtime/sampler.h"
#include "lib/vk/vk-device.h"

typedef struct {
  char *model, *prompt, *device, *assistant, *mode, *source;
  gint n_predict, n_ctx, top_k, draft_max, ngram;
  gboolean greedy, stats, profile, schedule, info;
  double temp, top_p, min_p, repeat_penalty, draft_p_min;
  gint64 seed;
} RunOptions;

typedef struct {
  DraftdDetokenizer detok;
  GString *text;
} Printer;

static gboolean
print_tokens (const gint32 *tokens, guint n, gpointer user)
{
  Printer *pr = user;
  g_string_truncate (pr->text, 0);
  for (guint i = 0; i < n; i++)
    draftd_detokenizer_push (&pr->detok, tokens[i], pr->text);
  fputs (pr->text->str, stdout);
  fflush (stdout);
  return TRUE;
}

/* One JSON object on a line of its own on stderr (the text went to stdout, flushed). */
static void
print_stats (const DraftdModel *model, const DraftdModel *amodel, const DraftdVk *vk, const DraftdDecodeParams *dp,
             const DraftdDecodeStats *st, gint64 t_load)
{
  double tps = st->decode_ms > 0 ? st->generated / ((st->prompt_ms + st->decode_ms) / 1e3) : 0;
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "model");
  json_builder_add_string_value (b, model->name);
  json_builder_set_member_name (b, "assistant");
  if (amodel)
    json_builder_add_string_value (b, amodel->name);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "mode");
  json_builder_add_string_value (b, draftd_decode_mode_name (dp->mode));
  json_builder_set_member_name (b, "device");
  json_builder_add_string_value (b, vk->name);
  const struct { const char *k; gint64 v; } ints[] = {
    { "draft_max", dp->draft_max }, { "prompt_tokens", st->prompt_tokens }, { "generated_tokens", st->generated },
    { "target_passes", st->target_passes }, { "assistant_passes", st->assistant_passes }, { "drafted", st->drafted },
    { "accepted", st->accepted },
  };
  for (guint i = 0; i < G_N_ELEMENTS (ints); i++) {
    json_builder_set_member_name (b, ints[i].k);
    json_builder_add_int_value (b, ints[i].v);
  }
  const struct { const char *k; double v; } reals[] = {
    { "mean_accepted_per_pass", st->target_passes ? (double) st->accepted / st->target_passes : 0.0 },
    { "passes_per_token", st->generated ? (double) (st->target_passes + st->prompt_passes) / st->generated : 0.0 },
    { "load_ms", t_load / 1e3 }, { "prompt_ms", st->prompt_ms }, { "decode_ms", st->decode_ms }, { "tokens_per_s", tps },
  };
  for (guint i = 0; i < G_N_ELEMENTS (reals); i++) {
    json_builder_set_member_name (b, reals[i].k);
    json_builder_add_double_value (b, reals[i].v);
  }
  json_builder_end_object (b);
  g_autofree char *text = draftd_cli_json_builder_text (b, FALSE);
  g_printerr ("%s\n", text);
}

/* --info: what a model file is, after the same validation the daemon does on load. */
static gboolean
print_info (const char *path, GError **error)
{
  g_autoptr (DraftdModel) m = draftd_model_load (path, error);
  if (m == NULL)
    return FALSE;
  const DraftdModelConfig *c = &m->config;
  /* Tensors by type, in order of first appearance. */
  g_autoptr (GString) types = g_string_new (NULL);
  guint counts[64] = { 0 };
  guint order[64], n_order = 0;
  for (guint i = 0; i < draftd_gguf_n_tensors (m->file); i++) {
    guint32 t = draftd_gguf_tensor (m->file, i)->type;
    if (t < G_N_ELEMENTS (counts) && counts[t]++ == 0)
      order[n_order++] = t;
  }
  for (guint i = 0; i < n_order; i++)
    g_string_append_printf (types, "%s%s x%u", i ? ", " : "", draftd_ggml_type_name (order[i]), counts[order[i]]);
  printf ("file          %s\n", m->path);
  printf ("name          %s\n", m->name);
  printf ("architecture  %s\n", draftd_model_arch_name (c->arch));
  printf ("parameters    %.2fM\n", m->n_params / 1e6);
  printf ("shape         dim %u, %u layers, %u heads (%u for K/V), head dim %u, feed-forward %u\n", c->n_embd, c->n_layer,
          c->n_head, c->n_head_kv, c->head_dim, c->n_ff);
  printf ("vocabulary    %u tokens\n", c->n_vocab);
  printf ("context       %u tokens (trained)\n", c->n_ctx_train);
  printf ("weights       %s; tensors: %s\n", draftd_model_quantization (m), types->str);
  printf ("chat format   %s%s\n", draftd_chat_format_name (m->prompt.format),
          m->prompt.chat_template ? "" : " (no tokenizer.chat_template)");
  if (m->n_heads)
    printf ("blockwise     %u proposal heads (%s), blocks of up to %u tokens a pass\n", m->n_heads,
            draftd_ggml_type_name (m->heads[0]->type), m->n_heads + 1);
  else
    printf ("blockwise     no proposal heads\n");
  return TRUE;
}

/* The decoding parameters the options ask for (the IAD block is picked later, per device). */
static gboolean
params_from_options (const RunOptions *o, DraftdDecodeParams *dp, GError **error)
{
  draftd_decode_params_init (dp);
  dp->mode = o->assistant ? DRAFTD_DECODE_SPECULATIVE : DRAFTD_DECODE_PLAIN;
  if (o->mode && !draftd_decode_mode_from_name (o->mode, &dp->mode)) {
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "unknown --mode '%s' (plain, speculative, lookup, iad, blockwise)", o->mode);
    return FALSE;
  }
  if (dp->mode == DRAFTD_DECODE_SPECULATIVE && !o->assistant) {
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--mode speculative needs --assistant");
    return FALSE;
  }
  if (dp->mode == DRAFTD_DECODE_IAD && !o->source) {
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--mode iad needs --source TEXT");
    return FALSE;
  }
  if (!o->greedy) {
    dp->sampling.temperature = o->temp;
    dp->sampling.top_k = o->top_k;
    dp->sampling.top_p = o->top_p;
    dp->sampling.min_p = o->min_p;
    dp->sampling.repeat_penalty = o->repeat_penalty;
  }
  dp->sampling.seed = o->seed;
  dp->max_tokens = o->n_predict;
  if (o->ngram > 0)
    dp->ngram = o->ngram;
  dp->draft_p_min = o->draft_p_min;
  dp->draft_length = o->schedule ? DRAFTD_DRAFT_SCHEDULE : DRAFTD_DRAFT_CONFIDENCE;
  return TRUE;
}

/* The assistant, which must spell tokens as the target does. */
static DraftdModel *
load_assistant (const char *path, const DraftdModel *target, GError **error)
{
  g_autoptr (DraftdModel) amodel = draftd_model_load (path, error);
  if (amodel && !draftd_tokenizer_same_vocab (target->tokenizer, amodel->tokenizer)) {
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 "the assistant %s does not share the target's vocabulary: they cannot be paired", path);
    return NULL;
  }
  return g_steal_pointer (&amodel);
}

static gboolean
generate (const RunOptions *o, GError **error)
{
  DraftdDecodeParams dp;
  if (!params_from_options (o, &dp, error))
    return FALSE;
  g_autoptr (DraftdModel) model = draftd_model_load (o->model, error);
  if (model == NULL)
    return FALSE;
  g_autoptr (DraftdModel) amodel = NULL;
  if (dp.mode == DRAFTD_DECODE_SPECULATIVE && (amodel = load_assistant (o->assistant, model, error)) == NULL)
    return FALSE;
  g_autoptr (DraftdVk) vk = draftd_vk_new (o->device, error);
  if (vk == NULL)
    return FALSE;
  DraftdRunnerOptions ro = { .n_ctx = o->n_ctx, .profile = o->profile };
  gint64 t_load = g_get_monotonic_time ();
  g_autoptr (DraftdRunner) runner = draftd_runner_new (vk, model, &ro, error);
  if (runner == NULL)
    return FALSE;
  g_autoptr (DraftdRunner) arunner = amodel ? draftd_runner_new (vk, amodel, &ro, error) : NULL;
  if (amodel && arunner == NULL)
    return FALSE;
  t_load = g_get_monotonic_time () - t_load;
  const DraftdTokenizer *tok = model->tokenizer;
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr (GArray) source = g_array_new (FALSE, FALSE, sizeof (gint32));
  if (!draftd_tokenizer_encode (tok, o->prompt, -1, TRUE, FALSE, ids, error) ||
      (o->source && !draftd_tokenizer_encode (tok, o->source, -1, FALSE, FALSE, source, error)))
    return FALSE;
  if (ids->len == 0) {
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "the prompt is empty and the model has no BOS token");
    return FALSE;
  }
  DraftdLm target = draftd_lm_for_runner (runner);
  if (o->draft_max > 0) {
    /* A limit the user gives holds for IAD's first pass too. */
    dp.draft_max = o->draft_max;
    dp.first_block = o->draft_max;
  } else if (dp.mode == DRAFTD_DECODE_IAD) {
    /* The same block the daemon uses for Correct/Rewrite on this device. */
    dp.draft_max = draftd_decode_pick_iad_block (&target, error);
    if (dp.draft_max == 0)
      return FALSE;
  }
  dp.source = (const gint32 *) source->data;
  dp.n_source = source->len;
  gint32 eos = draftd_tokenizer_eos (tok);
  if (eos >= 0) {
    dp.end_tokens = &eos;
    dp.n_end_tokens = 1;
  }
  dp.is_eog = draftd_tokenizer_is_eog_cb;
  dp.is_eog_data = (gpointer) tok;
  Printer pr = { .text = g_string_new (NULL) };
  draftd_detokenizer_init (&pr.detok, tok, FALSE);
  dp.on_tokens = print_tokens;
  dp.on_tokens_data = &pr;
  DraftdLm assistant = arunner ? draftd_lm_for_runner (arunner) : (DraftdLm) { 0 };
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (gint32));
  DraftdDecodeStats st;
  gboolean ok = o->n_predict == 0 ||
                draftd_decode (&target, arunner ? &assistant : NULL, (gint32 *) ids->data, ids->len, &dp, out, &st, error);
  g_string_truncate (pr.text, 0);
  draftd_detokenizer_flush (&pr.detok, pr.text);
  draftd_detokenizer_clear (&pr.detok);
  fputs (pr.text->str, stdout);
  fputc ('\n', stdout);
  fflush (stdout);
  g_string_free (pr.text, TRUE);
  if (ok && o->stats && o->n_predict > 0)
    print_stats (model, amodel, vk, &dp, &st, t_load);
  if (o->profile) {
    g_autofree char *prof = draftd_runner_profile (runner);
    g_printerr ("%s", prof);
  }
  return ok;
}

int
main (int argc, char **argv)
{
  RunOptions o = { .n_predict = 128, .temp = 0.8, .top_p = 0.95, .top_k = 40, .repeat_penalty = 1.0, .seed = 42,
                   .draft_p_min = 0.4 };
  GOptionEntry entries[] = {
    { "model", 'm', 0, G_OPTION_ARG_FILENAME, &o.model, "GGUF model", "MODEL.gguf" },
    { "prompt", 'p', 0, G_OPTION_ARG_FILENAME, &o.prompt, "prompt text", "TEXT" },
    { "n-predict", 'n', 0, G_OPTION_ARG_INT, &o.n_predict, "tokens to generate (default 128)", "N" },
    { "greedy", 0, 0, G_OPTION_ARG_NONE, &o.greedy, "greedy decoding", NULL },
    { "temp", 0, 0, G_OPTION_ARG_DOUBLE, &o.temp, "temperature (default 0.8; 0 = greedy)", "T" },
    { "top-p", 0, 0, G_OPTION_ARG_DOUBLE, &o.top_p, "nucleus sampling (default 0.95)", "P" },
    { "top-k", 0, 0, G_OPTION_ARG_INT, &o.top_k, "top-k sampling (default 40; 0 = off)", "K" },
    { "min-p", 0, 0, G_OPTION_ARG_DOUBLE, &o.min_p, "min-p sampling (default off)", "P" },
    { "repeat-penalty", 0, 0, G_OPTION_ARG_DOUBLE, &o.repeat_penalty, "repetition penalty (default 1 = off)", "R" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &o.seed, "random seed (default 42)", "S" },
    { "assistant", 'a', 0, G_OPTION_ARG_FILENAME, &o.assistant, "assistant (draft) model sharing the vocabulary", "A.gguf" },
    { "mode", 0, 0, G_OPTION_ARG_FILENAME, &o.mode, "plain, speculative (default with --assistant), lookup, iad, blockwise (a target with proposal heads)", "MODE" },
    { "source", 0, 0, G_OPTION_ARG_FILENAME, &o.source, "IAD: the text the output is drafted from", "TEXT" },
    { "draft-max", 0, 0, G_OPTION_ARG_INT, &o.draft_max, "most drafted tokens per target pass (default 16)", "K" },
    { "draft-p-min", 0, 0, G_OPTION_ARG_DOUBLE, &o.draft_p_min, "stop drafting below this assistant confidence (default 0.4)", "P" },
    { "draft-schedule", 0, 0, G_OPTION_ARG_NONE, &o.schedule, "classic draft length: start 5, +2 if all accepted, -1 otherwise", NULL },
    { "ngram", 0, 0, G_OPTION_ARG_INT, &o.ngram, "n-gram length for IAD re-alignment and prompt lookup (default 2)", "N" },
    { "ctx", 'c', 0, G_OPTION_ARG_INT, &o.n_ctx, "context length (default: the model's, at most 4096)", "N" },
    { "device", 'd', 0, G_OPTION_ARG_FILENAME, &o.device, "Vulkan device index or name", "DEV" },
    { "stats", 0, 0, G_OPTION_ARG_NONE, &o.stats, "print timing statistics as JSON to stderr", NULL },
    { "profile", 0, 0, G_OPTION_ARG_NONE, &o.profile, "print GPU time per kernel to stderr", NULL },
    { "info", 0, 0, G_OPTION_ARG_NONE, &o.info, "check the model and print its architecture, shape, types, context and chat format, and whether it has blockwise proposal heads", NULL },
    G_OPTION_ENTRY_NULL,
  };
  draftd_cli_init ();
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- generate text with a GGUF model on Vulkan");
  g_option_context_set_description (ctx, "The continuation goes to stdout; --stats and --profile write to stderr.\n"
                                         "Exit status: 0 success, 1 failure, 2 usage error.");
  g_autoptr (GError) error = NULL;
  int status;
  if (!draftd_cli_parse (ctx, "draftd-run", entries, &argc, &argv, &status))
    goto out;
  if (argc > 1)
    status = draftd_cli_usage_error ("draftd-run", "unexpected argument '%s'", argv[1]);
  else if (o.model == NULL)
    status = draftd_cli_usage_error ("draftd-run", "-m MODEL.gguf is required");
  else if (o.info)
    status = print_info (o.model, &error) ? 0 : draftd_cli_fail ("draftd-run", error, 1);
  else if (o.prompt == NULL)
    status = draftd_cli_usage_error ("draftd-run", "-p PROMPT is required");
  else if (o.n_predict < 0 || o.n_ctx < 0 || o.top_k < 0 || o.draft_max < 0 || o.ngram < 0)
    status = draftd_cli_usage_error ("draftd-run", "-n, --ctx, --top-k, --draft-max and --ngram take numbers of 0 or more");
  else
    status = generate (&o, &error) ? 0 : draftd_cli_fail ("draftd-run", error, 1);
out:
  g_free (o.model);
  g_free (o.prompt);
  g_free (o.device);
  g_free (o.assistant);
  g_free (o.mode);
  g_free (o.source);
  return status;
}
