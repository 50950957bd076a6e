/* draftd-run: one-shot generation on the Vulkan runtime. Prints the prompt's continuation
 * (not the prompt) to stdout as it is generated; --stats prints a JSON object to stderr. */
#include <stdio.h>
#include <string.h>
#include "common.h"
#include "model/model.h"
#include "runtime/forward.h"
#include "runtime/sampler.h"
#include "vk/vk-device.h"

typedef struct {
  char *model, *prompt, *device;
  gint n_predict, n_ctx, top_k;
  gboolean greedy, stats, profile;
  double temp, top_p, min_p, repeat_penalty;
  gint64 seed;
} RunOptions;

static gboolean
generate (const RunOptions *o, GError **error)
{
  g_autoptr (DraftdModel) model = draftd_model_load (o->model, error);
  if (model == NULL)
    return FALSE;
  g_autoptr (DraftdVk) vk = draftd_vk_new (o->device, error);
  if (vk == NULL)
    return FALSE;
  DraftdRunnerOptions ro = { .n_ctx = o->n_ctx, .profile = o->profile };
  gint64 t_load = g_get_monotonic_time ();
  g_autoptr (DraftdRunner) runner = draftd_runner_new (vk, model, &ro, error);
  if (runner == NULL)
    return FALSE;
  t_load = g_get_monotonic_time () - t_load;
  const DraftdTokenizer *tok = model->tokenizer;
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  if (!draftd_tokenizer_encode (tok, o->prompt, -1, TRUE, FALSE, ids, error))
    return FALSE;
  if (ids->len == 0) {
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "the prompt is empty and the model has no BOS token");
    return FALSE;
  }
  DraftdSamplerParams sp;
  draftd_sampler_params_init (&sp);
  if (!o->greedy) {
    sp.temperature = o->temp;
    sp.top_k = o->top_k;
    sp.top_p = o->top_p;
    sp.min_p = o->min_p;
    sp.repeat_penalty = o->repeat_penalty;
  }
  sp.seed = o->seed;
  DraftdRng rng;
  draftd_rng_seed (&rng, sp.seed);
  gboolean greedy = draftd_sampler_is_greedy (&sp) && sp.repeat_penalty == 1.0f;
  guint n_vocab = model->config.n_vocab;
  g_autofree float *probs = g_new (float, n_vocab);
  guint n_prompt = ids->len;

  gint64 t0 = g_get_monotonic_time ();
  if (!draftd_runner_forward (runner, (const gint32 *) ids->data, ids->len,
                              greedy ? DRAFTD_FORWARD_ARGMAX_ONLY : DRAFTD_FORWARD_LAST, error))
    return FALSE;
  gint64 t_prompt = g_get_monotonic_time () - t0;
  DraftdDetokenizer detok;
  draftd_detokenizer_init (&detok, tok, FALSE);
  g_autoptr (GString) text = g_string_new (NULL);
  guint generated = 0;
  gboolean ok = TRUE;
  t0 = g_get_monotonic_time ();
  while ((gint) generated < o->n_predict) {
    gint32 next;
    if (greedy) {
      next = draftd_runner_argmax (runner, 0);
    } else {
      draftd_sampler_distribution (&sp, draftd_runner_logits (runner, 0), n_vocab, (const gint32 *) ids->data,
                                   ids->len, probs);
      next = draftd_sample_from (probs, n_vocab, &rng);
    }
    if (draftd_tokenizer_is_eog (tok, next))
      break;
    generated++;
    g_array_append_val (ids, next);
    g_string_truncate (text, 0);
    draftd_detokenizer_push (&detok, next, text);
    fputs (text->str, stdout);
    fflush (stdout);
    if ((gint) generated == o->n_predict || draftd_runner_n_past (runner) >= draftd_runner_n_ctx (runner))
      break;
    if (!(ok = draftd_runner_forward (runner, &next, 1, greedy ? DRAFTD_FORWARD_ARGMAX_ONLY : DRAFTD_FORWARD_LAST,
                                      error)))
      break;
  }
  gint64 t_gen = g_get_monotonic_time () - t0;
  g_string_truncate (text, 0);
  draftd_detokenizer_flush (&detok, text);
  draftd_detokenizer_clear (&detok);
  fputs (text->str, stdout);
  fputc ('\n', stdout);
  fflush (stdout);
  if (o->stats) {
    g_printerr ("{\"model\": \"%s\", \"device\": \"%s\", \"prompt_tokens\": %u, \"generated_tokens\": %u, "
                "\"target_passes\": %" G_GUINT64_FORMAT ", \"load_ms\": %.1f, \"prompt_ms\": %.2f, \"decode_ms\": %.2f, "
                "\"prompt_tokens_per_s\": %.2f, \"decode_tokens_per_s\": %.2f}\n",
                model->name, vk->name, n_prompt, generated, draftd_runner_passes (runner), t_load / 1e3, t_prompt / 1e3,
                t_gen / 1e3, t_prompt ? n_prompt / (t_prompt / 1e6) : 0.0, t_gen ? generated / (t_gen / 1e6) : 0.0);
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
  RunOptions o = { .n_predict = 128, .temp = 0.8, .top_p = 0.95, .top_k = 40, .repeat_penalty = 1.0, .seed = 42 };
  g_autofree char *unused = NULL;
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
  if (o.model == NULL || o.prompt == NULL || argc > 1 || o.n_predict < 0 || o.n_ctx < 0 || o.top_k < 0) {
    g_printerr ("usage: draftd-run -m MODEL.gguf -p PROMPT [-n N] [--greedy | --temp T --top-p P --top-k K --seed S] [--stats]\n");
    return 2;
  }
  int status = generate (&o, &error) ? 0 : tool_fail ("draftd-run", error, 1);
  g_free (o.model);
  g_free (o.prompt);
  g_free (o.device);
  return status;
}
