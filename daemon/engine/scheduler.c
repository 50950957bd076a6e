#include "daemon/engine/scheduler.h"
#include <string.h>

struct DraftdScheduler {
  DraftdEngine *engine;
  GMainContext *main_context;
  DraftdSchedulerEvents events;
  gpointer user;
  guint max_queued;
  GMutex lock;
  GCond wake;
  GHashTable *queues;     /* client -> GQueue of DraftdJob* */
  GQueue rotation;        /* clients with queued jobs, in turn order (char*, owned by queues' keys) */
  guint n_queued;
  DraftdJob *running;
  gboolean stopping;
  GThread *worker;
};

/* ---- events posted to the main context ---- */

typedef enum { EV_CHUNK, EV_EDIT, EV_DONE } EventKind;

typedef struct {
  DraftdScheduler *s;
  EventKind kind;
  DraftdJob *job;
  char *text;
  guint32 offset, length;
  const char *kind_name;
} Event;

static gboolean
deliver (gpointer p)
{
  Event *ev = p;
  DraftdScheduler *s = ev->s;
  switch (ev->kind) {
  case EV_CHUNK:
    if (s->events.chunk)
      s->events.chunk (ev->job, ev->text, s->user);
    break;
  case EV_EDIT:
    if (s->events.edit)
      s->events.edit (ev->job, ev->offset, ev->length, ev->text, ev->kind_name, s->user);
    break;
  case EV_DONE:
    s->events.done (ev->job, s->user);
    break;
  }
  g_free (ev->text);
  g_free (ev);
  return G_SOURCE_REMOVE;
}

static void
post (DraftdScheduler *s, EventKind kind, DraftdJob *job, char *text, guint32 offset, guint32 length, const char *k)
{
  Event *ev = g_new0 (Event, 1);
  *ev = (Event) { s, kind, job, text, offset, length, k };
  /* Events of one job keep their order: one context, FIFO at equal priority. */
  g_main_context_invoke_full (s->main_context, G_PRIORITY_DEFAULT, deliver, ev, NULL);
}

static void
sink_chunk (DraftdJob *job, const char *text)
{
  DraftdScheduler *s = job->user;
  post (s, EV_CHUNK, job, g_strdup (text), 0, 0, NULL);
}

static void
sink_edit (DraftdJob *job, const DraftdGrammarEdit *e)
{
  DraftdScheduler *s = job->user;
  DraftdGrammarOffsetUnit u = job->options.offset_unit;
  guint32 off = draftd_grammar_offset_convert (job->text, e->start, u);
  guint32 end = draftd_grammar_offset_convert (job->text, e->end, u);
  post (s, EV_EDIT, job, g_strdup (e->replacement), off, end - off, e->kind);
}

static const DraftdJobSink job_sink = { sink_chunk, sink_edit };

/* ---- worker ---- */

static DraftdJob *
take_next (DraftdScheduler *s)
{
  const char *client = g_queue_pop_head (&s->rotation);
  GQueue *q = g_hash_table_lookup (s->queues, client);
  DraftdJob *job = g_queue_pop_head (q);
  s->n_queued--;
  if (g_queue_is_empty (q))
    g_hash_table_remove (s->queues, client);  /* frees `client` */
  else
    g_queue_push_tail (&s->rotation, (gpointer) client);  /* back of the line: fair across clients */
  return job;
}

static gpointer
worker_main (gpointer p)
{
  DraftdScheduler *s = p;
  g_mutex_lock (&s->lock);
  for (;;) {
    while (!s->stopping && s->n_queued == 0) {
      guint idle = draftd_engine_idle_unload (s->engine);
      if (idle == 0 || !draftd_engine_is_loaded (s->engine)) {
        g_cond_wait (&s->wake, &s->lock);
        continue;
      }
      /* Idle with models resident: give the device memory back after `idle` seconds. */
      gint64 deadline = g_get_monotonic_time () + (gint64) idle * G_TIME_SPAN_SECOND;
      gboolean timed_out = FALSE;
      while (!s->stopping && s->n_queued == 0 && !timed_out)
        timed_out = !g_cond_wait_until (&s->wake, &s->lock, deadline) && g_get_monotonic_time () >= deadline;
      if (timed_out && !s->stopping && s->n_queued == 0) {
        g_mutex_unlock (&s->lock);
        draftd_engine_unload (s->engine);
        g_mutex_lock (&s->lock);
      }
    }
    if (s->n_queued == 0)
      break;
    DraftdJob *job = take_next (s);
    s->running = job;
    g_mutex_unlock (&s->lock);
    if (!g_cancellable_set_error_if_cancelled (job->cancellable, &job->error))
      draftd_engine_run (s->engine, job);
    g_mutex_lock (&s->lock);
    s->running = NULL;
    post (s, EV_DONE, job, NULL, 0, 0, NULL);
  }
  g_mutex_unlock (&s->lock);
  return NULL;
}

static void
queue_free (gpointer q)
{
  g_queue_free (q);
}

DraftdScheduler *
draftd_scheduler_new (DraftdEngine *engine, guint max_queued, GMainContext *ctx, const DraftdSchedulerEvents *events,
                      gpointer user)
{
  DraftdScheduler *s = g_new0 (DraftdScheduler, 1);
  s->engine = engine;
  s->main_context = g_main_context_ref (ctx ? ctx : g_main_context_default ());
  s->events = *events;
  s->user = user;
  s->max_queued = max_queued ? max_queued : 64;
  g_mutex_init (&s->lock);
  g_cond_init (&s->wake);
  s->queues = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, queue_free);
  g_queue_init (&s->rotation);
  s->worker = g_thread_new ("draftd-worker", worker_main, s);
  return s;
}

void
draftd_scheduler_free (DraftdScheduler *s)
{
  if (s == NULL)
    return;
  g_mutex_lock (&s->lock);
  s->stopping = TRUE;
  /* Queued jobs still run, but see their cancellation at once and report Cancelled. */
  GHashTableIter it;
  gpointer q;
  g_hash_table_iter_init (&it, s->queues);
  while (g_hash_table_iter_next (&it, NULL, &q))
    for (GList *l = ((GQueue *) q)->head; l; l = l->next)
      g_cancellable_cancel (((DraftdJob *) l->data)->cancellable);
  if (s->running)
    g_cancellable_cancel (s->running->cancellable);
  g_cond_signal (&s->wake);
  g_mutex_unlock (&s->lock);
  g_thread_join (s->worker);
  /* Deliver the last done() events before the caller tears the rest down. */
  while (g_main_context_iteration (s->main_context, FALSE))
    ;
  g_hash_table_unref (s->queues);
  g_mutex_clear (&s->lock);
  g_cond_clear (&s->wake);
  g_main_context_unref (s->main_context);
  g_free (s);
}

gboolean
draftd_scheduler_submit (DraftdScheduler *s, DraftdJob *job, GError **error)
{
  g_mutex_lock (&s->lock);
  if (s->stopping || s->n_queued >= s->max_queued) {
    g_mutex_unlock (&s->lock);
    g_set_error (error, DRAFTD_ENGINE_ERROR, s->stopping ? DRAFTD_ENGINE_ERROR_CANCELLED : DRAFTD_ENGINE_ERROR_BUSY,
                 s->stopping ? "the daemon is shutting down" : "the queue is full (%u jobs waiting)", s->n_queued);
    draftd_job_free (job);
    return FALSE;
  }
  job->sink = &job_sink;
  job->user = s;
  GQueue *q = g_hash_table_lookup (s->queues, job->client);
  if (q == NULL) {
    char *key = g_strdup (job->client);
    q = g_queue_new ();
    g_hash_table_insert (s->queues, key, q);
    g_queue_push_tail (&s->rotation, key);
  }
  g_queue_push_tail (q, job);
  s->n_queued++;
  g_cond_signal (&s->wake);
  g_mutex_unlock (&s->lock);
  return TRUE;
}

void
draftd_scheduler_cancel_client (DraftdScheduler *s, const char *client)
{
  g_mutex_lock (&s->lock);
  GQueue *q = g_hash_table_lookup (s->queues, client);
  for (GList *l = q ? q->head : NULL; l; l = l->next)
    g_cancellable_cancel (((DraftdJob *) l->data)->cancellable);
  if (s->running && g_str_equal (s->running->client, client))
    g_cancellable_cancel (s->running->cancellable);
  g_mutex_unlock (&s->lock);
}

guint
draftd_scheduler_queue_length (DraftdScheduler *s)
{
  g_mutex_lock (&s->lock);
  guint n = s->n_queued + (s->running ? 1 : 0);
  g_mutex_unlock (&s->lock);
  return n;
}
