#include "daemon/engine/engine.h"
#include <string.h>
#include "lib/decode/decode.h"
#include "grammar/grammar.h"
#include "lib/model/model.h"
#include "lib/prompt/chat-format.h"
#include "lib/runtime/forward.h"
#include "lib/tokenizer/tokenizer.h"
#include "lib/vk/vk-device.h"

G_DEFINE_QUARK (draftd-engine-error-quark, draftd_engine_error)

typedef struct {
  DraftdModel *model;
  DraftdRunner *runner;
  DraftdLm lm;
  GArray *cached;   /* tokens in the runner's cache */
} Resident;

struct DraftdEngine {
  DraftdEngineConfig config;
  GMutex lock;              /* guards conversations and loading state */
  gboolean loaded;
  DraftdVk *vk;
  Resident target, assistant;
  gboolean has_assistant;
  DraftdChatFormat format;
  guint iad_block;
  char *correct_template, *rewrite_template, *template_end;
  GHashTable *conversations; /* "client\037id" -> GPtrArray of char* (user, assistant, ...) */
};

static const char *const dbus_names[] = {
  "org.draftd.Error.InvalidArgument", "org.draftd.Error.InvalidText", "org.draftd.Error.TooLong",
  "org.draftd.Error.Cancelled", "org.draftd.Error.NoModel", "org.draftd.Error.Busy", "org.draftd.Error.Internal",
};

const char *
draftd_engine_error_dbus_name (const GError *error)
{
  if (error->domain == DRAFTD_ENGINE_ERROR && (guint) error->code < G_N_ELEMENTS (dbus_names))
    return dbus_names[error->code];
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return dbus_names[DRAFTD_ENGINE_ERROR_CANCELLED];
  if (g_error_matches (error, DRAFTD_TOKENIZER_ERROR, DRAFTD_TOKENIZER_ERROR_TEXT) ||
      g_error_matches (error, DRAFTD_GRAMMAR_ERROR, DRAFTD_GRAMMAR_ERROR_TEXT))
    return dbus_names[DRAFTD_ENGINE_ERROR_INVALID_TEXT];
  if (g_error_matches (error, DRAFTD_GRAMMAR_ERROR, DRAFTD_GRAMMAR_ERROR_TOO_LONG) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE))
    return dbus_names[DRAFTD_ENGINE_ERROR_TOO_LONG];
  if (error->domain == DRAFTD_GGUF_ERROR || error->domain == DRAFTD_MODEL_ERROR)
    return dbus_names[DRAFTD_ENGINE_ERROR_NO_MODEL];
  return dbus_names[DRAFTD_ENGINE_ERROR_INTERNAL];
}

void
draftd_job_options_init (DraftdJobOptions *o)
{
  memset (o, 0, sizeof *o);
  o->max_tokens = 128;
  o->temperature = 0.8;
  o->top_p = 0.95;
  o->top_k = 40;
  o->offset_unit = DRAFTD_GRAMMAR_UNIT_CODEPOINT;
}

DraftdJob *
draftd_job_new (DraftdJobKind kind, const char *client)
{
  DraftdJob *j = g_new0 (DraftdJob, 1);
  j->kind = kind;
  j->client = g_strdup (client);
  j->cancellable = g_cancellable_new ();
  draftd_job_options_init (&j->options);
  return j;
}

void
draftd_job_free (DraftdJob *j)
{
  if (j == NULL)
    return;
  g_free (j->client);
  g_free (j->text);
  g_free (j->instruction);
  g_free (j->conversation);
  g_strfreev (j->options.stop);
  g_free (j->options.mode);
  g_clear_object (&j->cancellable);
  g_free (j->result);
  g_clear_pointer (&j->edits, g_array_unref);
  g_clear_error (&j->error);
  g_free (j);
}

DraftdEngine *
draftd_engine_new (const DraftdEngineConfig *config, GError **error)
{
  DraftdEngine *e = g_new0 (DraftdEngine, 1);
  e->config = *config;
  e->config.target = g_strdup (config->target);
  e->config.assistant = g_strdup (config->assistant);
  e->config.device = g_strdup (config->device);
  e->config.chat_format = g_strdup (config->chat_format);
  if (e->config.max_text_bytes == 0)
    e->config.max_text_bytes = 1 << 20;
  g_mutex_init (&e->lock);
  e->conversations = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  if (config->chat_format && !draftd_chat_format_from_name (config->chat_format, &e->format)) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT,
                 "unknown chat format '%s' (plain, chatml, llama2, llama3, zephyr, phi3, gemma)", config->chat_format);
    draftd_engine_free (e);
    return NULL;
  }
  if (!config->lazy && !draftd_engine_load (e, error)) {
    draftd_engine_free (e);
    return NULL;
  }
  return e;
}

static void
resident_clear (Resident *r)
{
  g_clear_pointer (&r->runner, draftd_runner_free);
  g_clear_pointer (&r->model, draftd_model_free);
  g_clear_pointer (&r->cached, g_array_unref);
}

void
draftd_engine_free (DraftdEngine *e)
{
  if (e == NULL)
    return;
  /* Runners before the device they live on. */
  resident_clear (&e->assistant);
  resident_clear (&e->target);
  g_clear_pointer (&e->vk, draftd_vk_free);
  g_hash_table_unref (e->conversations);
  g_free (e->correct_template);
  g_free (e->rewrite_template);
  g_free (e->template_end);
  g_free (e->config.target);
  g_free (e->config.assistant);
  g_free (e->config.device);
  g_free (e->config.chat_format);
  g_mutex_clear (&e->lock);
  g_free (e);
}

static gboolean
load_resident (DraftdEngine *e, const char *path, Resident *r, GError **error)
{
  DraftdRunnerOptions o = { .n_ctx = e->config.n_ctx };
  r->model = draftd_model_load (path, error);
  if (r->model == NULL)
    return FALSE;
  r->runner = draftd_runner_new (e->vk, r->model, &o, error);
  if (r->runner == NULL)
    return FALSE;
  r->lm = draftd_lm_for_runner (r->runner);
  r->cached = g_array_new (FALSE, FALSE, sizeof (gint32));
  return TRUE;
}

static char *
optional_string (const GgufFile *f, const char *key)
{
  return gguf_find_kv (f, key) ? gguf_get_string (f, key, NULL) : NULL;
}

gboolean
draftd_engine_load (DraftdEngine *e, GError **error)
{
  g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&e->lock);
  if (e->loaded)
    return TRUE;
  GError *local = NULL;
  if (e->config.target == NULL) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_NO_MODEL, "no target model configured");
    return FALSE;
  }
  if ((e->vk = draftd_vk_new (e->config.device, &local)) == NULL || !load_resident (e, e->config.target, &e->target, &local) ||
      (e->config.assistant && !load_resident (e, e->config.assistant, &e->assistant, &local))) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_NO_MODEL, "cannot load models: %s", local->message);
    g_error_free (local);
    resident_clear (&e->assistant);
    resident_clear (&e->target);
    g_clear_pointer (&e->vk, draftd_vk_free);
    return FALSE;
  }
  e->has_assistant = e->config.assistant != NULL;
  if (e->has_assistant && !draftd_tokenizer_same_vocab (e->target.model->tokenizer, e->assistant.model->tokenizer)) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_NO_MODEL,
                 "the assistant %s does not share the target's vocabulary", e->config.assistant);
    resident_clear (&e->assistant);
    e->has_assistant = FALSE;
    return FALSE;
  }
  const GgufFile *f = e->target.model->file;
  g_autofree char *tmpl = optional_string (f, "tokenizer.chat_template");
  if (e->config.chat_format == NULL)
    e->format = draftd_chat_format_detect (tmpl);
  /* The shipped default models carry their own prompts. */
  e->correct_template = optional_string (f, "draftd.prompt.correct");
  e->rewrite_template = optional_string (f, "draftd.prompt.rewrite");
  e->template_end = optional_string (f, "draftd.prompt.end");
  /* Verification blocks sized for this device: corrections copy most of their source. */
  e->iad_block = draftd_decode_pick_iad_block (&e->target.lm, &local);
  if (e->iad_block == 0) {
    g_propagate_error (error, local);
    return FALSE;
  }
  g_array_set_size (e->target.cached, 0);
  e->loaded = TRUE;
  return TRUE;
}

void
draftd_engine_unload (DraftdEngine *e)
{
  g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&e->lock);
  if (!e->loaded)
    return;
  /* Runners before the device they live on; the next job loads everything again. */
  resident_clear (&e->assistant);
  resident_clear (&e->target);
  g_clear_pointer (&e->vk, draftd_vk_free);
  g_clear_pointer (&e->correct_template, g_free);
  g_clear_pointer (&e->rewrite_template, g_free);
  g_clear_pointer (&e->template_end, g_free);
  e->has_assistant = FALSE;
  e->loaded = FALSE;
  g_debug ("models unloaded after %u idle seconds", e->config.idle_unload);
}

gboolean
draftd_engine_is_loaded (DraftdEngine *e)
{
  g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&e->lock);
  return e->loaded;
}

guint
draftd_engine_idle_unload (DraftdEngine *e)
{
  return e->config.idle_unload;
}

guint
draftd_engine_max_text_bytes (DraftdEngine *e)
{
  return e->config.max_text_bytes;
}

static char *
conversation_key (const char *client, const char *id)
{
  return g_strdup_printf ("%s\037%s", client, id);
}

void
draftd_engine_reset_conversation (DraftdEngine *e, const char *client, const char *conversation)
{
  g_autofree char *key = conversation_key (client, conversation);
  g_mutex_lock (&e->lock);
  g_hash_table_remove (e->conversations, key);
  g_mutex_unlock (&e->lock);
}

void
draftd_engine_forget_client (DraftdEngine *e, const char *client)
{
  g_autofree char *prefix = g_strdup_printf ("%s\037", client);
  g_mutex_lock (&e->lock);
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init (&it, e->conversations);
  while (g_hash_table_iter_next (&it, &k, NULL))
    if (g_str_has_prefix (k, prefix))
      g_hash_table_iter_remove (&it);
  g_mutex_unlock (&e->lock);
}

/* ---- running jobs ---- */

typedef struct {
  DraftdJob *job;
  const DraftdTokenizer *tok;
  DraftdDetokenizer detok;
  GString *text;        /* everything so far */
  gsize sent;           /* bytes already streamed */
  gsize hold;           /* bytes held back: a stop string may start there */
  char *const *stop;
  gboolean stopped;
} TextSink;

static gboolean
on_tokens (const gint32 *tokens, guint n, gpointer user)
{
  TextSink *s = user;
  for (guint i = 0; i < n; i++)
    draftd_detokenizer_push (&s->detok, tokens[i], s->text);
  for (guint i = 0; s->stop && s->stop[i]; i++) {
    const char *hit = strstr (s->text->str + (s->sent > 64 ? s->sent - 64 : 0), s->stop[i]);
    if (hit && *s->stop[i]) {
      g_string_truncate (s->text, hit - s->text->str);
      s->stopped = TRUE;
    }
  }
  /* Stream what can no longer become part of a stop string (and is whole UTF-8). */
  gsize safe = s->text->len > s->hold && !s->stopped ? s->text->len - s->hold : s->text->len;
  while (safe > s->sent && (((guchar) s->text->str[safe]) & 0xC0) == 0x80 && safe < s->text->len)
    safe--;
  if (safe > s->sent && s->job->sink && s->job->sink->chunk) {
    g_autofree char *chunk = g_strndup (s->text->str + s->sent, safe - s->sent);
    s->job->sink->chunk (s->job, chunk);
    s->sent = safe;
  }
  return !s->stopped;
}

static gboolean
eog (gint32 t, gpointer user)
{
  return draftd_tokenizer_is_eog (user, t);
}

static gboolean
choose_mode (DraftdEngine *e, const DraftdJobOptions *o, DraftdDecodeMode *mode, GError **error)
{
  const char *m = o->mode ? o->mode : "auto";
  if (g_str_equal (m, "auto"))
    *mode = e->has_assistant ? DRAFTD_DECODE_SPECULATIVE : DRAFTD_DECODE_PLAIN;
  else if (!draftd_decode_mode_from_name (m, mode) || *mode == DRAFTD_DECODE_IAD) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT,
                 "unknown mode '%s' (auto, plain, speculative, lookup)", m);
    return FALSE;
  }
  if (*mode == DRAFTD_DECODE_SPECULATIVE && !e->has_assistant) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT,
                 "mode 'speculative' needs an assistant model; none is loaded");
    return FALSE;
  }
  return TRUE;
}

/* Generates text after `prompt` (already formatted); stop strings end it. */
static char *
generate (DraftdEngine *e, DraftdJob *job, const char *prompt, gboolean parse_special, char **extra_stop, GError **error)
{
  const DraftdJobOptions *o = &job->options;
  const DraftdTokenizer *tok = e->target.model->tokenizer;
  DraftdDecodeParams p;
  draftd_decode_params_init (&p);
  if (!choose_mode (e, o, &p.mode, error))
    return NULL;
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  if (!draftd_tokenizer_encode (tok, prompt, -1, TRUE, parse_special, ids, error))
    return NULL;
  guint n_ctx = draftd_runner_n_ctx (e->target.runner);
  if (ids->len == 0 || ids->len >= n_ctx) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_TOO_LONG,
                 "the prompt is %u tokens; the context holds %u (leave room for the answer)", ids->len, n_ctx);
    return NULL;
  }
  p.sampling.temperature = o->temperature;
  p.sampling.top_p = o->top_p;
  p.sampling.top_k = o->top_k;
  p.sampling.min_p = o->min_p;
  p.sampling.seed = o->seed_set ? o->seed : g_random_int () | ((guint64) g_random_int () << 32);
  p.max_tokens = MIN (o->max_tokens, n_ctx - ids->len);
  p.is_eog = eog;
  p.is_eog_data = (gpointer) tok;
  p.cancellable = job->cancellable;
  g_autoptr (GPtrArray) stops = g_ptr_array_new ();
  for (guint i = 0; o->stop && o->stop[i]; i++)
    g_ptr_array_add (stops, o->stop[i]);
  for (guint i = 0; extra_stop && extra_stop[i]; i++)
    g_ptr_array_add (stops, extra_stop[i]);
  g_ptr_array_add (stops, NULL);
  gsize hold = 0;
  for (guint i = 0; stops->pdata[i]; i++)
    hold = MAX (hold, strlen (stops->pdata[i]));
  TextSink sink = { job, tok, { 0 }, g_string_new (NULL), 0, hold ? hold - 1 : 0, (char *const *) stops->pdata, FALSE };
  draftd_detokenizer_init (&sink.detok, tok, FALSE);
  p.on_tokens = on_tokens;
  p.on_tokens_data = &sink;
  Resident *a = p.mode == DRAFTD_DECODE_SPECULATIVE ? &e->assistant : NULL;
  draftd_cache_reuse (&e->target.lm, e->target.cached, (gint32 *) ids->data, ids->len);
  if (a)
    draftd_cache_reuse (&a->lm, a->cached, (gint32 *) ids->data, ids->len);
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (gint32));
  DraftdDecodeStats st;
  gboolean ok = draftd_decode (&e->target.lm, a ? &a->lm : NULL, (gint32 *) ids->data, ids->len, &p, out, &st, error);
  draftd_cache_update (&e->target.lm, e->target.cached, (gint32 *) ids->data, ids->len, out);
  if (a)
    draftd_cache_update (&a->lm, a->cached, (gint32 *) ids->data, ids->len, out);
  if (ok) {
    /* The end: whatever the detokenizer and the stop-string window held back goes out. */
    if (!sink.stopped)
      draftd_detokenizer_flush (&sink.detok, sink.text);
    sink.hold = 0;
    on_tokens (NULL, 0, &sink);
  }
  draftd_detokenizer_clear (&sink.detok);
  job->stats.prompt_tokens = st.prompt_tokens;
  job->stats.generated = st.generated;
  job->stats.target_passes = st.target_passes + st.prompt_passes;
  job->stats.assistant_passes = st.assistant_passes;
  job->stats.drafted = st.drafted;
  job->stats.accepted = st.accepted;
  job->stats.mode = draftd_decode_mode_name (p.mode);
  char *text = g_string_free (sink.text, !ok);
  return ok ? text : NULL;
}

static void
run_chat (DraftdEngine *e, DraftdJob *job)
{
  g_autofree char *key = conversation_key (job->client, job->conversation);
  g_autoptr (GPtrArray) turns_text = g_ptr_array_new_with_free_func (g_free);
  g_mutex_lock (&e->lock);
  GPtrArray *history = g_hash_table_lookup (e->conversations, key);
  for (guint i = 0; history && i < history->len; i++)
    g_ptr_array_add (turns_text, g_strdup (g_ptr_array_index (history, i)));
  g_mutex_unlock (&e->lock);
  g_ptr_array_add (turns_text, g_strdup (job->text));
  /* Drop the oldest exchanges until the prompt fits half the context. */
  guint n_ctx = draftd_runner_n_ctx (e->target.runner);
  g_autofree char *prompt = NULL;
  for (;;) {
    g_autofree DraftdChatTurn *turns = g_new (DraftdChatTurn, turns_text->len);
    for (guint i = 0; i < turns_text->len; i++)
      turns[i] = (DraftdChatTurn) { i % 2 == 0 ? "user" : "assistant", g_ptr_array_index (turns_text, i) };
    g_free (prompt);
    prompt = draftd_chat_format_render (e->format, turns, turns_text->len, TRUE);
    g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
    if (!draftd_tokenizer_encode (e->target.model->tokenizer, prompt, -1, TRUE, TRUE, ids, &job->error))
      return;
    if (ids->len <= n_ctx / 2 || turns_text->len <= 1)
      break;
    g_ptr_array_remove_range (turns_text, 0, 2);
  }
  char *stop_plain[] = { (char *) draftd_chat_format_end (e->format), NULL };
  job->result = generate (e, job, prompt, TRUE, e->format == DRAFTD_CHAT_PLAIN ? stop_plain : NULL, &job->error);
  if (job->result == NULL)
    return;
  g_strstrip (job->result);
  g_mutex_lock (&e->lock);
  history = g_hash_table_lookup (e->conversations, key);
  if (history == NULL) {
    history = g_ptr_array_new_with_free_func (g_free);
    g_hash_table_insert (e->conversations, g_strdup (key), history);
  }
  g_ptr_array_add (history, g_strdup (job->text));
  g_ptr_array_add (history, g_strdup (job->result));
  /* Bound what one conversation keeps. */
  while (history->len > 64)
    g_ptr_array_remove_range (history, 0, 2);
  g_mutex_unlock (&e->lock);
}

static void
forward_edits (const DraftdGrammarEdit *edits, guint n, gpointer user)
{
  DraftdJob *job = user;
  for (guint i = 0; i < n && job->sink && job->sink->edit; i++)
    job->sink->edit (job, &edits[i]);
}

static void
run_grammar (DraftdEngine *e, DraftdJob *job)
{
  DraftdGrammarContext ctx = {
    .target = &e->target.lm,
    .tokenizer = e->target.model->tokenizer,
    .cached = e->target.cached,
    .format = e->format,
    .correct_template = e->correct_template,
    .rewrite_template = e->rewrite_template,
    .template_end = e->template_end,
    .block = e->iad_block,
    .ngram = 2,
  };
  DraftdGrammarRequest req = {
    .rewrite = job->kind == DRAFTD_JOB_REWRITE,
    .instruction = job->instruction,
    .protect_quotes = job->options.protect_quotes,
    .compare_greedy = job->options.compare_greedy,
    .cancellable = job->cancellable,
    .on_segment = forward_edits,
    .user = job,
  };
  DraftdGrammarStats gs;
  job->edits = draftd_grammar_edits_new ();
  job->result = draftd_grammar_run (&ctx, job->text, &req, job->edits, &gs, &job->error);
  job->stats.segments = gs.segments;
  job->stats.kept_source = gs.kept_source;
  job->stats.target_passes = gs.target_passes;
  job->stats.generated = gs.output_tokens;
  job->stats.drafted = gs.drafted;
  job->stats.accepted = gs.accepted;
  job->stats.compared = job->options.compare_greedy;
  job->stats.greedy_passes = gs.greedy_passes;
  job->stats.greedy_ms = gs.greedy_ms;
  job->stats.greedy_equal = gs.greedy_equal;
  job->stats.mode = "iad";
}

void
draftd_engine_run (DraftdEngine *e, DraftdJob *job)
{
  gint64 t0 = g_get_monotonic_time ();
  if (!draftd_engine_load (e, &job->error))
    return;
  if (strlen (job->text) > e->config.max_text_bytes) {
    g_set_error (&job->error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_TOO_LONG, "the text is %zu bytes; the limit is %u",
                 strlen (job->text), e->config.max_text_bytes);
    return;
  }
  switch (job->kind) {
  case DRAFTD_JOB_COMPLETE:
    job->result = generate (e, job, job->text, FALSE, NULL, &job->error);
    break;
  case DRAFTD_JOB_CHAT:
    run_chat (e, job);
    break;
  case DRAFTD_JOB_REWRITE:
  case DRAFTD_JOB_CORRECT:
    run_grammar (e, job);
    break;
  }
  job->stats.wall_ms = (g_get_monotonic_time () - t0) / 1e3;
  job->stats.tokens_per_s = job->stats.wall_ms > 0 ? job->stats.generated / (job->stats.wall_ms / 1e3) : 0;
}

GVariant *
draftd_engine_describe (DraftdEngine *e)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("a{sv}"));
  /* Held throughout: the worker may unload the models of an idle daemon. */
  g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&e->lock);
  gboolean loaded = e->loaded;
  g_variant_builder_add (&b, "{sv}", "loaded", g_variant_new_boolean (loaded));
  if (!loaded) {
    g_variant_builder_add (&b, "{sv}", "target_path", g_variant_new_string (e->config.target ? e->config.target : ""));
    return g_variant_builder_end (&b);
  }
  Resident *rs[2] = { &e->target, e->has_assistant ? &e->assistant : NULL };
  const char *roles[2] = { "target", "assistant" };
  for (guint i = 0; i < 2; i++) {
    if (rs[i] == NULL)
      continue;
    const DraftdModel *m = rs[i]->model;
    g_autofree char *k = NULL;
#define ADD(suffix, v)                                     \
  do {                                                     \
    g_free (k);                                            \
    k = g_strdup_printf ("%s_%s", roles[i], suffix);       \
    g_variant_builder_add (&b, "{sv}", k, v);              \
  } while (0)
    ADD ("name", g_variant_new_string (m->name));
    ADD ("path", g_variant_new_string (m->path));
    ADD ("architecture", g_variant_new_string (draftd_model_arch_name (m->config.arch)));
    ADD ("parameters", g_variant_new_uint64 (m->n_params));
    ADD ("quantization", g_variant_new_string (draftd_model_quantization (m)));
    ADD ("context_length", g_variant_new_uint32 (draftd_runner_n_ctx (rs[i]->runner)));
#undef ADD
  }
  g_variant_builder_add (&b, "{sv}", "device", g_variant_new_string (e->vk->name));
  g_variant_builder_add (&b, "{sv}", "chat_format", g_variant_new_string (draftd_chat_format_name (e->format)));
  g_variant_builder_add (&b, "{sv}", "iad_block", g_variant_new_uint32 (e->iad_block));
  return g_variant_builder_end (&b);
}
