#include "daemon/engine/engine.h"
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <string.h>
#include "daemon/engine/models.h"
#include "daemon/engine/threads.h"
#include "grammar/forms.h"
#include "grammar/structure.h"
#include "grammar/driver.h"
#include "lib/tokenizer/text-collector.h"


struct DraftdEngine {
  DraftdEngineConfig config;
  DraftdChatFormat format;   /* config.chat_format, parsed (when set) */
  GMutex lock;               /* guards `models` against describe() while the engine loop (un)loads */
  DraftdModels *models;      /* NULL: not loaded */
  DraftdConversations *conversations;
  DraftdSpell *spell;        /* dictionaries and the user's words: outlive model reloads */
  GThread *preload;          /* loading English's dictionaries and WordNet while the models load */
};

static void
config_clear (DraftdEngineConfig *c)
{
  g_clear_pointer (&c->target, g_free);
  g_clear_pointer (&c->assistant, g_free);
  g_clear_pointer (&c->device, g_free);
  g_clear_pointer (&c->chat_format, g_free);
  g_clear_pointer (&c->disabled_rules, g_strfreev);
  g_clear_pointer (&c->dialect, g_free);
}

/* A deep copy with the defaults filled in, and its chat format parsed. */
static gboolean
config_copy (DraftdEngineConfig *dst, const DraftdEngineConfig *src, DraftdChatFormat *format, GError **error)
{
  if (src->chat_format && !draftd_chat_format_from_name (src->chat_format, format)) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT,
                 "unknown chat format '%.48s' (plain, chatml, llama2, llama3, zephyr, phi3, gemma)", src->chat_format);
    return FALSE;
  }
  *dst = *src;
  dst->target = g_strdup (src->target);
  dst->assistant = g_strdup (src->assistant);
  dst->device = g_strdup (src->device);
  dst->chat_format = g_strdup (src->chat_format);
  dst->disabled_rules = g_strdupv (src->disabled_rules);
  dst->dialect = g_strdup (src->dialect);
  if (dst->max_text_bytes == 0)
    dst->max_text_bytes = 1 << 20;
  return TRUE;
}

/* The config's dialect has a dictionary here: said once, at start or reload, rather than as
 * the error of every correction. */
static gboolean
check_dialect (DraftdSpell *spell, const char *dialect, GError **error)
{
  if (dialect == NULL || *dialect == 0)
    return TRUE;
  g_autofree char *name = g_strdelimit (g_strdup (dialect), "-", '_');
  if (draftd_spell_region_index (spell, "en", name) >= 0)
    return TRUE;
  g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT,
               "no dictionary for dialect '%.48s' (en-US, en-GB, or the region of an installed hunspell-en-* package)", dialect);
  return FALSE;
}

/* The first correction would otherwise load Hunspell's English dictionaries (en_US, en_GB),
 * WordNet's lists and, at its first misspelt word, en_US's suggestion index itself: 0.4-0.8 s
 * and 1.4 s more of the first answer after a start on lavapipe's machine (and link-grammar's
 * dictionary, 0.35 s, at its first question), which this thread spends while the models load
 * instead. Each loads once under its own lock, so a correction
 * that comes first waits for it rather than loading twice. */
static gpointer
preload_words (gpointer data)
{
  DraftdSpell *spell = data;
  draftd_forms_is ("word", 'n');
  draftd_spell_prepare (spell, "en");
  draftd_structure_prepare ();
  return NULL;
}

DraftdEngine *
draftd_engine_new (const DraftdEngineConfig *config, GError **error)
{
  DraftdEngine *e = g_new0 (DraftdEngine, 1);
  g_mutex_init (&e->lock);
  e->conversations = draftd_conversations_new ();
  e->spell = draftd_spell_new (NULL);
  if (!config_copy (&e->config, config, &e->format, error) || !check_dialect (e->spell, config->dialect, error)) {
    draftd_engine_free (e);
    return NULL;
  }
  /* A lazy daemon loads nothing before its first request, words included. */
  if (!config->lazy)
    e->preload = g_thread_new ("draftd-words", preload_words, e->spell);
  if (!config->lazy && !draftd_engine_load (e, error)) {
    draftd_engine_free (e);
    return NULL;
  }
  return e;
}

static DraftdModels *
load_models (const DraftdEngineConfig *c, const DraftdChatFormat *format, DraftdVk *share, GError **error)
{
  if (c->target == NULL) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_NO_MODEL, "no target model configured");
    return NULL;
  }
  DraftdModelsSpec spec = { c->target, c->assistant, c->device, c->n_ctx, c->chat_format ? format : NULL, c->n_lanes, share };
  GError *local = NULL;
  gint64 t0 = g_get_monotonic_time ();
  DraftdModels *m = draftd_models_load (&spec, &local);
  if (m == NULL) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_NO_MODEL, "cannot load models: %s", local->message);
    g_error_free (local);
    return NULL;
  }
  g_info ("loaded %s (%s, %" G_GUINT64_FORMAT " parameters, %s) in %.0f ms", c->target, m->target.model->name,
          m->target.model->n_params, draftd_model_quantization (m->target.model), (g_get_monotonic_time () - t0) / 1e3);
  return m;
}

/* A model set freed leaves glibc's heaps holding its host allocations (tokenizer tables,
 * metadata, per-lane buffers) as free chunks among live ones: RSS grew 48-74 KiB a switch,
 * 0.1 MB in a probe, with nothing leaked (LeakSanitizer finds nothing). Trimming after the
 * free gives those pages back (-2 KiB a switch measured), for a few milliseconds a switch. */
static void
give_back_freed_memory (void)
{
#ifdef __GLIBC__
  malloc_trim (0);
#endif
}

/* TRUE on a thread of `roles`; else a critical (threads.h) and an error for the caller. */
static gboolean
on_thread (guint roles, const char *func, GError **error)
{
  if (draftd_thread_check (roles, func))
    return TRUE;
  g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INTERNAL, "%s was called from the wrong thread", func);
  return FALSE;
}

gboolean
draftd_engine_reconfigure (DraftdEngine *e, const DraftdEngineConfig *config, GError **error)
{
  if (!on_thread (DRAFTD_THREAD_LOOP, G_STRFUNC, error))
    return FALSE;
  DraftdEngineConfig next = { 0 };
  DraftdChatFormat format = DRAFTD_CHAT_PLAIN;
  if (!check_dialect (e->spell, config->dialect, error) || !config_copy (&next, config, &format, error))
    return FALSE;
  DraftdModels *models = NULL;
  /* The pair there is replaced only now, between jobs: the new one loads onto its device when
   * the device chosen is the same, so a switch does not build a Vulkan instance again. */
  DraftdVk *share = e->models && g_strcmp0 (e->config.device, next.device) == 0 ? e->models->vk : NULL;
  if (!next.lazy && (models = load_models (&next, &format, share, error)) == NULL) {
    config_clear (&next);
    return FALSE;
  }
  g_mutex_lock (&e->lock);
  g_clear_pointer (&e->models, draftd_models_free);
  e->models = models;
  config_clear (&e->config);
  e->config = next;
  e->format = format;
  g_mutex_unlock (&e->lock);
  give_back_freed_memory ();
  return TRUE;
}

gboolean
draftd_engine_switch_models (DraftdEngine *e, const char *target, const char *assistant, GError **error)
{
  if (!on_thread (DRAFTD_THREAD_LOOP, G_STRFUNC, error))
    return FALSE;
  /* Only the engine loop changes the config, and this runs on it: the copy's strings stay valid. */
  DraftdEngineConfig next = e->config;
  next.target = (char *) target;
  next.assistant = (char *) assistant;
  /* Loaded now even in a lazy daemon: the new pair is checked before the old one goes. */
  next.lazy = FALSE;
  gboolean lazy = e->config.lazy;
  if (!draftd_engine_reconfigure (e, &next, error))
    return FALSE;
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&e->lock);
  e->config.lazy = lazy;
  return TRUE;
}

void
draftd_engine_free (DraftdEngine *e)
{
  if (e == NULL)
    return;
  g_clear_pointer (&e->preload, g_thread_join);
  g_clear_pointer (&e->models, draftd_models_free);
  draftd_conversations_free (e->conversations);
  draftd_spell_free (e->spell);
  config_clear (&e->config);
  g_mutex_clear (&e->lock);
  g_free (e);
}

gboolean
draftd_engine_load (DraftdEngine *e, GError **error)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&e->lock);
  if (e->models == NULL)
    e->models = load_models (&e->config, &e->format, NULL, error);
  return e->models != NULL;
}

void
draftd_engine_unload (DraftdEngine *e)
{
  DRAFTD_THREAD_RETURN_UNLESS (DRAFTD_THREAD_LOOP);
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&e->lock);
  if (e->models == NULL)
    return;
  g_clear_pointer (&e->models, draftd_models_free);
  g_debug ("models unloaded after %u idle seconds", e->config.idle_unload);
  g_clear_pointer (&locker, g_mutex_locker_free);
  give_back_freed_memory ();
}

gboolean
draftd_engine_is_loaded (DraftdEngine *e)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&e->lock);
  return e->models != NULL;
}

guint
draftd_engine_idle_unload (DraftdEngine *e)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&e->lock);
  return e->config.idle_unload;
}

guint
draftd_engine_max_text_bytes (DraftdEngine *e)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&e->lock);
  return e->config.max_text_bytes;
}

DraftdConversations *
draftd_engine_conversations (DraftdEngine *e)
{
  return e->conversations;
}

GVariant *
draftd_engine_describe (DraftdEngine *e)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("a{sv}"));
  /* Held throughout: the engine loop may unload the models of an idle daemon. */
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&e->lock);
  g_variant_builder_add (&b, "{sv}", "loaded", g_variant_new_boolean (e->models != NULL));
  if (e->models)
    draftd_models_describe (e->models, &b);
  else
    g_variant_builder_add (&b, "{sv}", "target_path", g_variant_new_string (e->config.target ? e->config.target : ""));
  return g_variant_builder_end (&b);
}

void
draftd_engine_loop_counters (DraftdEngine *e, DraftdLanesCounters *out)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&e->lock);
  *out = (DraftdLanesCounters) { 0 };
  if (e->models)
    draftd_lanes_counters (e->models->lanes, out);
}

/* ---- running jobs ---- */

/* Text-generating jobs: streams the text as it becomes final, cut at stop strings. */
typedef struct {
  const DraftdJobSink *sink;
  DraftdTextCollector collector;
  gsize sent;           /* bytes already streamed */
} TextSink;

static void
stream_final (TextSink *s)
{
  gsize final = draftd_text_collector_final_len (&s->collector);
  if (final > s->sent && s->sink && s->sink->chunk) {
    g_autofree char *chunk = g_strndup (s->collector.text->str + s->sent, final - s->sent);
    s->sink->chunk (s->sink->user, chunk);
    s->sent = final;
  }
}

static gboolean
on_tokens (const gint32 *tokens, guint n, gpointer user)
{
  TextSink *s = user;
  gboolean more = draftd_text_collector_push (&s->collector, tokens, n);
  stream_final (s);
  return more;
}

static gboolean
choose_mode (const DraftdModels *m, const DraftdJobOptions *o, DraftdDecodeMode *mode, GError **error)
{
  const char *name = o->mode ? o->mode : "auto";
  gboolean heads = m->target.model->n_heads > 0;
  if (g_str_equal (name, "auto"))
    /* Drafting is lossless either way; without an assistant the target's own proposal
     * heads draft (blockwise), or else the context's repeats (n-gram lookup) still save
     * target passes. */
    *mode = m->has_assistant ? DRAFTD_DECODE_SPECULATIVE : heads ? DRAFTD_DECODE_BLOCKWISE : DRAFTD_DECODE_LOOKUP;
  else if (!draftd_decode_mode_from_name (name, mode) || *mode == DRAFTD_DECODE_IAD) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT,
                 "unknown mode '%s' (auto, plain, speculative, lookup, blockwise)", name);
    return FALSE;
  }
  if (*mode == DRAFTD_DECODE_BLOCKWISE && !heads) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT,
                 "mode 'blockwise' needs a target with proposal heads; %s has none", m->target.model->name);
    return FALSE;
  }
  if (*mode == DRAFTD_DECODE_SPECULATIVE && !m->has_assistant) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT,
                 "mode 'speculative' needs an assistant model; none is loaded");
    return FALSE;
  }
  return TRUE;
}

/* The request's stop strings and `extra`, as one NULL-terminated array of borrowed strings. */
static GPtrArray *
stop_strings (const DraftdJobOptions *o, char **extra)
{
  GPtrArray *stops = g_ptr_array_new ();
  for (guint i = 0; o->stop && o->stop[i]; i++)
    g_ptr_array_add (stops, o->stop[i]);
  for (guint i = 0; extra && extra[i]; i++)
    g_ptr_array_add (stops, extra[i]);
  g_ptr_array_add (stops, NULL);
  return stops;
}

static void
sampling_params (const DraftdJobOptions *o, DraftdSamplerParams *s)
{
  s->temperature = o->temperature;
  s->top_p = o->top_p;
  s->top_k = o->top_k;
  s->min_p = o->min_p;
  s->seed = o->seed_set ? o->seed : g_random_int () | ((guint64) g_random_int () << 32);
}

/* Decodes after `ids` on the lane, both caches reused and updated; the text streams
 * through `sink`. */
static gboolean
decode_tokens (DraftdLane *lane, DraftdDecodeParams *p, GArray *ids, TextSink *sink, DraftdDecodeStats *st,
               GError **error)
{
  const DraftdLm *t = draftd_lane_target (lane);
  const DraftdLm *a = p->mode == DRAFTD_DECODE_SPECULATIVE ? draftd_lane_assistant (lane) : NULL;
  GArray *t_cached = draftd_lane_target_cached (lane), *a_cached = draftd_lane_assistant_cached (lane);
  draftd_cache_reuse (t, t_cached, (gint32 *) ids->data, ids->len);
  if (a)
    draftd_cache_reuse (a, a_cached, (gint32 *) ids->data, ids->len);
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (gint32));
  gboolean ok = draftd_decode (t, a, (gint32 *) ids->data, ids->len, p, out, st, error);
  draftd_cache_update (t, t_cached, (gint32 *) ids->data, ids->len, out);
  if (a)
    draftd_cache_update (a, a_cached, (gint32 *) ids->data, ids->len, out);
  if (ok) {
    /* The end: whatever the detokenizer and the stop-string window held back goes out. */
    draftd_text_collector_finish (&sink->collector);
    stream_final (sink);
  }
  return ok;
}

/* Generates text after `prompt` (already formatted); stop strings end it. */
static char *
generate (DraftdModels *m, DraftdLane *lane, const DraftdJobRequest *req, GCancellable *cancellable,
          const DraftdJobSink *job_sink, const char *prompt, gboolean parse_special, char **extra_stop,
          DraftdJobStats *stats, GError **error)
{
  const DraftdTokenizer *tok = m->target.model->tokenizer;
  DraftdDecodeParams p;
  draftd_decode_params_init (&p);
  if (!choose_mode (m, &req->options, &p.mode, error))
    return NULL;
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  if (!draftd_tokenizer_encode (tok, prompt, -1, TRUE, parse_special, ids, error))
    return NULL;
  guint n_ctx = draftd_runner_n_ctx (m->target.runner);
  if (ids->len == 0 || ids->len >= n_ctx) {
    /* Advice the model can take: a larger --context only below the model's own. */
    guint most = m->target.model->config.n_ctx_train;
    g_autofree char *help = n_ctx < most ? g_strdup_printf (" (shorten the prompt, leaving room for the answer, or start "
                                                            "draftd with a larger --context, up to %u)", most)
                                         : g_strdup (", the most this model takes (shorten the prompt, leaving room for "
                                                     "the answer, or use a model with a longer context: draft pull "
                                                     "qwen2.5-1.5b, then draft use qwen2.5-1.5b)");
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_TOO_LONG, "the prompt is %u tokens; the context holds %u%s",
                 ids->len, n_ctx, help);
    return NULL;
  }
  sampling_params (&req->options, &p.sampling);
  p.max_tokens = MIN (req->options.max_tokens, n_ctx - ids->len);
  p.is_eog = draftd_tokenizer_is_eog_cb;
  p.is_eog_data = (gpointer) tok;
  p.cancellable = cancellable;
  g_autoptr (GPtrArray) stops = stop_strings (&req->options, extra_stop);
  TextSink sink = { .sink = job_sink };
  draftd_text_collector_init (&sink.collector, tok, (const char *const *) stops->pdata);
  p.on_tokens = on_tokens;
  p.on_tokens_data = &sink;
  gboolean ok = decode_tokens (lane, &p, ids, &sink, &stats->decode, error);
  stats->mode = draftd_decode_mode_name (p.mode);
  GString *text = g_steal_pointer (&sink.collector.text);
  draftd_text_collector_clear (&sink.collector);
  return g_string_free (text, !ok);
}

/* The chat prompt: the history and the new message, the oldest exchanges dropped until it
 * fits half the context. */
static char *
chat_prompt (DraftdModels *m, GPtrArray *turns_text, GError **error)
{
  guint n_ctx = draftd_runner_n_ctx (m->target.runner);
  for (;;) {
    g_autofree DraftdChatTurn *turns = g_new (DraftdChatTurn, turns_text->len);
    for (guint i = 0; i < turns_text->len; i++)
      turns[i] = (DraftdChatTurn) { i % 2 == 0 ? "user" : "assistant", g_ptr_array_index (turns_text, i) };
    g_autofree char *prompt = draftd_chat_format_render (m->format, turns, turns_text->len, TRUE);
    g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
    if (!draftd_tokenizer_encode (m->target.model->tokenizer, prompt, -1, TRUE, TRUE, ids, error))
      return NULL;
    if (ids->len <= n_ctx / 2 || turns_text->len <= 1)
      return g_steal_pointer (&prompt);
    g_ptr_array_remove_range (turns_text, 0, 2);
  }
}

static void
run_chat (DraftdEngine *e, DraftdModels *m, DraftdLane *lane, const DraftdJobRequest *req, GCancellable *cancellable,
          const DraftdJobSink *sink, DraftdJobResult *res)
{
  g_autoptr (GPtrArray) turns = draftd_conversations_history (e->conversations, draftd_job_request_conversation_owner (req),
                                                                req->conversation);
  g_ptr_array_add (turns, g_strdup (req->text));
  g_autofree char *prompt = chat_prompt (m, turns, &res->error);
  if (prompt == NULL)
    return;
  char *stop_plain[] = { (char *) draftd_chat_format_end (m->format), NULL };
  res->text = generate (m, lane, req, cancellable, sink, prompt, TRUE, m->format == DRAFTD_CHAT_PLAIN ? stop_plain : NULL,
                        &res->stats, &res->error);
  if (res->text == NULL)
    return;
  g_strstrip (res->text);
  draftd_conversations_append (e->conversations, draftd_job_request_conversation_owner (req), req->conversation, req->text,
                               res->text);
}

typedef struct {
  const DraftdJobSink *sink;
  const char *text;                 /* the request's: the edits' offsets point into it */
  char **disabled[2];               /* the config's and the request's disabled rules */
} SegmentHook;

/* Is the edit's rule one the daemon's config or the request turned off? Names the rule
 * first where the grammar left it unnamed. */
static gboolean
edit_disabled (const SegmentHook *h, DraftdGrammarEdit *e)
{
  if (e->rule == NULL)
    draftd_grammar_edit_set_rule (h->text, e);
  return draftd_rule_disabled (e->rule, (const char *const *) h->disabled[0]) ||
         draftd_rule_disabled (e->rule, (const char *const *) h->disabled[1]);
}

/* After each segment: its edits (less the disabled ones) and the progress go to the caller. */
static void
on_segment (const DraftdGrammarEdit *edits, guint n, guint done, guint total, gpointer user)
{
  const SegmentHook *h = user;
  const DraftdJobSink *sink = h->sink;
  if (sink == NULL)
    return;
  if (sink->progress)
    sink->progress (sink->user, done, total);
  g_autoptr (GArray) kept = draftd_grammar_edits_new ();
  for (guint i = 0; i < n; i++) {
    DraftdGrammarEdit e = edits[i];
    e.replacement = g_strdup (e.replacement);
    e.message = g_strdup (e.message);
    e.rule = g_strdup (e.rule);
    if (edit_disabled (h, &e))
      draftd_grammar_edit_clear (&e);
    else
      g_array_append_val (kept, e);
  }
  if (sink->edits && kept->len > 0)
    sink->edits (sink->user, (DraftdGrammarEdit *) kept->data, kept->len);
}

/* Drops the disabled edits from the result and, when any went, writes the text again from
 * the original and the edits kept (they are in text order and do not overlap). */
static void
drop_disabled (const SegmentHook *h, DraftdJobResult *res)
{
  GString *text = g_string_new (NULL);
  gsize copied = 0;
  gboolean dropped = FALSE;
  for (guint i = 0; res->edits && i < res->edits->len;) {
    DraftdGrammarEdit *e = &g_array_index (res->edits, DraftdGrammarEdit, i);
    if (edit_disabled (h, e)) {
      g_array_remove_index (res->edits, i);
      dropped = TRUE;
      continue;
    }
    g_string_append_len (text, h->text + copied, e->start - copied);
    g_string_append (text, e->replacement);
    copied = e->end;
    i++;
  }
  g_string_append (text, h->text + copied);
  for (guint i = res->suggestions ? res->suggestions->len : 0; i-- > 0;)
    if (edit_disabled (h, &g_array_index (res->suggestions, DraftdGrammarEdit, i)))
      g_array_remove_index (res->suggestions, i);
  if (dropped && res->text) {
    g_free (res->text);
    res->text = g_string_free (text, FALSE);
  } else {
    g_string_free (text, TRUE);
  }
}

/* A long text's sentences in flight at once: each worker of the grammar driver gets a lane
 * of its own, and gives it back when a job waits for one. */
typedef struct {
  DraftdGrammarContext ctx;  /* first: what the driver holds is this */
  DraftdLane *lane;
} WorkerContext;

typedef struct {
  DraftdLane *own;           /* the job's lane: it waits while its workers finish */
  const DraftdGrammarContext *base;
  GPtrArray *threads;        /* the workers' threads, joined when the job's run returns */
} Workers;

/* The engine owns every thread that touches a model: the driver's workers run on these. */
static void
workers_start (GThreadFunc work, gpointer data, gpointer user)
{
  g_ptr_array_add (((Workers *) user)->threads, g_thread_new ("draftd-sentences", work, data));
}

static DraftdGrammarContext *
workers_open (gpointer user)
{
  Workers *w = user;
  DraftdLane *lane = draftd_lanes_open (draftd_lane_lanes (w->own), draftd_lane_owner (w->own), NULL, 1, FALSE);
  if (lane == NULL)
    return NULL;
  WorkerContext *c = g_new (WorkerContext, 1);
  c->ctx = *w->base;
  c->ctx.target = draftd_lane_target (lane);
  c->ctx.cached = draftd_lane_target_cached (lane);
  c->ctx.workers = NULL;
  c->lane = lane;
  return &c->ctx;
}

static void
workers_close (DraftdGrammarContext *ctx, gpointer user)
{
  WorkerContext *c = (WorkerContext *) ctx;
  draftd_lane_close (c->lane);
  g_free (c);
}

static gboolean
workers_contended (gpointer user)
{
  return draftd_lanes_contended (draftd_lane_lanes (((Workers *) user)->own));
}

static void workers_wait_begin (gpointer user) { draftd_lane_wait_begin (((Workers *) user)->own); }
static void workers_wait_end (gpointer user) { draftd_lane_wait_end (((Workers *) user)->own); }

/* Does a correction run the target's own pass after the candidates? Asked for, or by size
 * (DRAFTD_GRAMMAR_MODEL_PASS_PARAMS). */
static gboolean
model_pass (const DraftdModels *m, const DraftdJobOptions *o)
{
  if (o->model_pass != 0 || o->compare_greedy)
    return o->model_pass > 0 || o->compare_greedy;
  return m->target.model->n_params >= DRAFTD_GRAMMAR_MODEL_PASS_PARAMS;
}

static void
run_grammar (DraftdModels *m, DraftdLane *lane, DraftdSpell *spell, const DraftdEngineConfig *config, const DraftdJobRequest *req,
             GCancellable *cancellable, const DraftdJobSink *sink, DraftdJobResult *res)
{
  DraftdGrammarContext ctx = {
    .target = draftd_lane_target (lane),
    .tokenizer = m->target.model->tokenizer,
    .cached = draftd_lane_target_cached (lane),
    .format = m->format,
    .correct_template = m->target.model->prompt.correct_template,
    .rewrite_template = m->target.model->prompt.rewrite_template,
    .template_end = m->target.model->prompt.template_end,
    .block = m->iad_block,
    .ngram = 2,
    .spell = spell,
    .answers = m->answers,
  };
  g_autoptr (GPtrArray) threads = g_ptr_array_new ();
  Workers w = { lane, &ctx, threads };
  DraftdGrammarWorkers workers = { workers_open, workers_start, workers_close, workers_contended, workers_wait_begin,
                                   workers_wait_end, &w };
  ctx.workers = &workers;
  SegmentHook hook = { sink, req->text, { config->disabled_rules, req->options.disabled_rules } };
  DraftdGrammarRequest greq = {
    .rewrite = req->kind == DRAFTD_JOB_REWRITE,
    .instruction = req->instruction,
    .presets = m->target.model->prompt.presets,
    .follows_instructions = m->target.model->prompt.chat_template != NULL,
    .protect_quotes = req->options.protect_quotes,
    .languages = (const char *const *) m->languages,
    .keep_bias = req->options.keep_bias ? req->options.keep_bias : config->keep_bias,
    .compare_greedy = req->options.compare_greedy,
    .candidates_only = req->kind == DRAFTD_JOB_CORRECT && !model_pass (m, &req->options),
    .large_model = m->target.model->n_params >= DRAFTD_GRAMMAR_MODEL_PASS_PARAMS,
    /* The request's (even "", none), else the config's; the locale's only where neither names one. */
    .dialect = req->options.dialect ? req->options.dialect : config->dialect,
    .locale_dialect = req->options.locale_dialect,
    .path = req->options.path,
    .language = req->options.language,
    .cancellable = cancellable,
    .on_segment = on_segment,
    .user = &hook,
  };
  res->edits = draftd_grammar_edits_new ();
  res->suggestions = req->kind == DRAFTD_JOB_CORRECT ? draftd_grammar_edits_new () : NULL;
  greq.suggestions = res->suggestions;
  res->stats.mode = "iad";
  res->text = draftd_grammar_run (&ctx, req->text, &greq, res->edits, &res->stats.grammar, &res->error);
  for (guint i = 0; i < threads->len; i++)
    g_thread_join (threads->pdata[i]);
  drop_disabled (&hook, res);
}

void
draftd_engine_run (DraftdEngine *e, DraftdLane *lane, const DraftdJobRequest *req, GCancellable *cancellable,
                   const DraftdJobSink *sink, DraftdJobResult *res)
{
  gint64 t0 = g_get_monotonic_time ();
  if (!on_thread (DRAFTD_THREAD_JOB, G_STRFUNC, &res->error) || g_cancellable_set_error_if_cancelled (cancellable, &res->error))
    return;
  /* Only the engine loop loads and unloads, and never while a lane is open: the models stay
   * put while this runs. */
  DraftdModels *m = e->models;
  /* Refused as free-form rewrite is: a toy target's continuation is noise that looks like an
   * answer, so the caller hears what works instead, unless it asked to see anyway. */
  gboolean generation = req->kind == DRAFTD_JOB_COMPLETE || req->kind == DRAFTD_JOB_CHAT;
  g_autofree char *cannot = generation && !req->options.force
                              ? draftd_models_cannot_generate (m, req->kind == DRAFTD_JOB_CHAT ? "chat" : "completion")
                              : NULL;
  if (cannot) {
    g_set_error_literal (&res->error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_UNSUPPORTED, cannot);
    return;
  }
  switch (req->kind) {
  case DRAFTD_JOB_COMPLETE:
    res->text = generate (m, lane, req, cancellable, sink, req->text, FALSE, NULL, &res->stats, &res->error);
    break;
  case DRAFTD_JOB_CHAT:
    run_chat (e, m, lane, req, cancellable, sink, res);
    break;
  case DRAFTD_JOB_REWRITE:
  case DRAFTD_JOB_CORRECT:
    run_grammar (m, lane, e->spell, &e->config, req, cancellable, sink, res);
    break;
  }
  res->stats.wall_ms = (g_get_monotonic_time () - t0) / 1e3;
}

DraftdLanes *
draftd_engine_lanes (DraftdEngine *e, GError **error)
{
  if (!draftd_engine_load (e, error))
    return NULL;
  return e->models->lanes;
}

gboolean
draftd_engine_add_word (DraftdEngine *e, const char *word, GError **error)
{
  GError *local = NULL;
  if (draftd_spell_add_word (e->spell, word, &local))
    return TRUE;
  g_set_error (error, DRAFTD_ENGINE_ERROR,
               g_error_matches (local, DRAFTD_SPELL_ERROR, DRAFTD_SPELL_ERROR_INVALID_WORD) ? DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT
                                                                                          : DRAFTD_ENGINE_ERROR_INTERNAL,
               "%s", local->message);
  g_error_free (local);
  return FALSE;
}
