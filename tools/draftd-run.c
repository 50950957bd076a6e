/* draftd-run: one-shot generation on the Vulkan runtime. Prints the prompt's continuation
 * (not the prompt) to stdout as it is generated; --stats prints a JSON object to stderr. */
#include <stdio.h>
#include <string.h>
#include "tools/common.h"
#include "lib/model/model.h"
#include "lib/decode/decode.h"
#include "lib/runtime/forward.h"
#include "lib/runtime/sampler.h"
#include "lib/vk/vk-device.h"

typedef struct {
  char *model, *prompt, *device, *assistant, *mode, *source;
  gint n_predict, n_ctx, top_k, draft_max, ngram;
  gboolean greedy, stats, profile, schedule;
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

static gboolean
token_is_eog (gint32 token, gpointer user)
{
  return draftd_tokenizer_is_eog (user, token);
}

static gboolean
generate (const RunOptions *o, GError **error)
{
  DraftdDecodeParams dp;
  draftd_decode_params_init (&dp);
  dp.mode = o->assistant ? DRAFTD_DECODE_SPECULATIVE : DRAFTD_DECODE_PLAIN;
  if (o->mode && !draftd_decode_mode_from_name (o->mode, &dp.mode)) {
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "unknown --mode '%s' (plain, speculative, lookup, iad)", o->mode);
    return FALSE;
  }
  if (dp.mode == DRAFTD_DECODE_SPECULATIVE && !o->assistant) {
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--mode speculative needs --assistant");
    return FALSE;
  }
  if (dp.mode == DRAFTD_DECODE_IAD && !o->source) {
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--mode iad needs --source TEXT");
    return FALSE;
  }
  g_autoptr (DraftdModel) model = draftd_model_load (o->model, error);
  if (model == NULL)
    return FALSE;
  g_autoptr (DraftdModel) amodel = NULL;
  if (dp.mode == DRAFTD_DECODE_SPECULATIVE) {
    if ((amodel = draftd_model_load (o->assistant, error)) == NULL)
      return FALSE;
    if (!draftd_tokenizer_same_vocab (model->tokenizer, amodel->tokenizer)) {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "the assistant %s does not share the target's vocabulary: they cannot be paired", o->assistant);
      return FALSE;
    }
  }
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
  if (!o->greedy) {
    dp.sampling.temperature = o->temp;
    dp.sampling.top_k = o->top_k;
    dp.sampling.top_p = o->top_p;
    dp.sampling.min_p = o->min_p;
    dp.sampling.repeat_penalty = o->repeat_penalty;
  }
  dp.sampling.seed = o->seed;
  dp.max_tokens = o->n_predict;
  DraftdLm target = draftd_lm_for_runner (runner);
  if (o->draft_max > 0)
    dp.draft_max = o->draft_max;
  else if (dp.mode == DRAFTD_DECODE_IAD) {
    /* The same block the daemon uses for Correct/Rewrite on this device. */
    dp.draft_max = draftd_decode_pick_iad_block (&target, error);
    if (dp.draft_max == 0)
      return FALSE;
  }
  if (o->ngram > 0)
    dp.ngram = o->ngram;
  dp.draft_p_min = o->draft_p_min;
  dp.draft_length = o->schedule ? DRAFTD_DRAFT_SCHEDULE : DRAFTD_DRAFT_CONFIDENCE;
  dp.source = (const gint32 *) source->data;
  dp.n_source = source->len;
  gint32 eos = draftd_tokenizer_eos (tok);
  if (eos >= 0) {
    dp.end_tokens = &eos;
    dp.n_end_tokens = 1;
  }
  dp.is_eog = token_is_eog;
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
  if (ok && o->stats && o->n_predict > 0) {
    double tps = st.decode_ms > 0 ? st.generated / ((st.prompt_ms + st.decode_ms) / 1e3) : 0;
    g_printerr ("{\"model\": \"%s\", \"assistant\": %s%s%s, \"mode\": \"%s\", \"draft_max\": %u, \"device\": \"%s\", "
                "\"prompt_tokens\": %u, \"generated_tokens\": %u, \"target_passes\": %u, \"assistant_passes\": %u, "
                "\"drafted\": %u, \"accepted\": %u, \"mean_accepted_per_pass\": %.3f, \"passes_per_token\": %.3f, "
                "\"load_ms\": %.1f, \"prompt_ms\": %.2f, \"decode_ms\": %.2f, \"tokens_per_s\": %.2f}\n",
                model->name, amodel ? "\"" : "", amodel ? amodel->name : "null", amodel ? "\"" : "",
                draftd_decode_mode_name (dp.mode), dp.draft_max, vk->name, st.prompt_tokens, st.generated, st.target_passes,
                st.assistant_passes, st.drafted, st.accepted,
                st.target_passes ? (double) st.accepted / st.target_passes : 0.0,
                st.generated ? (double) (st.target_passes + st.prompt_passes) / st.generated : 0.0, t_load / 1e3, st.prompt_ms,
                st.decode_ms, tps);
  }
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
    { "prompt", 'p', 0, G_OPTION_ARG_STRING, &o.prompt, "prompt text", "TEXT" },
    { "n-predict", 'n', 0, G_OPTION_ARG_INT, &o.n_predict, "tokens to generate (default 128)", "N" },
    { "greedy", 0, 0, G_OPTION_ARG_NONE, &o.greedy, "greedy decoding", NULL },
    { "temp", 0, 0, G_OPTION_ARG_DOUBLE, &o.temp, "temperature (default 0.8; 0 = greedy)", "T" },
    { "top-p", 0, 0, G_OPTION_ARG_DOUBLE, &o.top_p, "nucleus sampling (default 0.95)", "P" },
    { "top-k", 0, 0, G_OPTION_ARG_INT, &o.top_k, "top-k sampling (default 40; 0 = off)", "K" },
    { "min-p", 0, 0, G_OPTION_ARG_DOUBLE, &o.min_p, "min-p sampling (default off)", "P" },
    { "repeat-penalty", 0, 0, G_OPTION_ARG_DOUBLE, &o.repeat_penalty, "repetition penalty (default 1 = off)", "R" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &o.seed, "random seed (default 42)", "S" },
    { "assistant", 'a', 0, G_OPTION_ARG_FILENAME, &o.assistant, "assistant (draft) model sharing the vocabulary", "A.gguf" },
    { "mode", 0, 0, G_OPTION_ARG_STRING, &o.mode, "plain, speculative (default with --assistant), lookup, iad", "MODE" },
    { "source", 0, 0, G_OPTION_ARG_STRING, &o.source, "IAD: the text the output is drafted from", "TEXT" },
    { "draft-max", 0, 0, G_OPTION_ARG_INT, &o.draft_max, "most drafted tokens per target pass (default 16)", "K" },
    { "draft-p-min", 0, 0, G_OPTION_ARG_DOUBLE, &o.draft_p_min, "stop drafting below this assistant confidence (default 0.4)", "P" },
    { "draft-schedule", 0, 0, G_OPTION_ARG_NONE, &o.schedule, "classic draft length: start 5, +2 if all accepted, -1 otherwise", NULL },
    { "ngram", 0, 0, G_OPTION_ARG_INT, &o.ngram, "n-gram length for IAD re-alignment and prompt lookup (default 2)", "N" },
    { "ctx", 'c', 0, G_OPTION_ARG_INT, &o.n_ctx, "context length (default: the model's, at most 4096)", "N" },
    { "device", 'd', 0, G_OPTION_ARG_STRING, &o.device, "Vulkan device index or name", "DEV" },
    { "stats", 0, 0, G_OPTION_ARG_NONE, &o.stats, "print timing statistics as JSON to stderr", NULL },
    { "profile", 0, 0, G_OPTION_ARG_NONE, &o.profile, "print GPU time per kernel to stderr", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- generate text with a GGUF model on Vulkan");
  g_autoptr (GError) error = NULL;
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return tool_fail ("draftd-run", error, 2);
  if (o.model == NULL || o.prompt == NULL || argc > 1 || o.n_predict < 0 || o.n_ctx < 0 || o.top_k < 0 ||
      o.draft_max < 0 || o.ngram < 0) {
    g_printerr ("usage: draftd-run -m MODEL.gguf -p PROMPT [-n N] [--greedy | --temp T --top-p P --top-k K --seed S] [--stats]\n");
    return 2;
  }
  int status = generate (&o, &error) ? 0 : tool_fail ("draftd-run", error, 1);
  g_free (o.model);
  g_free (o.prompt);
  g_free (o.device);
  g_free (o.assistant);
  g_free (o.mode);
  g_free (o.source);
  return status;
}
