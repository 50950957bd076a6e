#include "daemon/engine/scheduler.h"
#include <string.h>
#include "daemon/engine/threads.h"

struct DraftdScheduler {
  DraftdEngine *engine;
  GMainContext *main_context;
  DraftdSchedulerEvents events;
  gpointer user;
  DraftdSchedulerLimits limits;
  GMutex lock;
  GCond wake;
  GHashTable *queues;     /* client -> GQueue of SchedulerJob* */
  GQueue rotation;        /* clients with queued jobs, in turn order (char*, owned by queues' keys) */
  guint n_queued;
  guint n_reserved;       /* of n_queued: newcomers' first jobs taken over the bounds (admission) */
  GPtrArray *running;     /* SchedulerJob*: started on a lane of their own, their threads not yet joined */
  DraftdLanes *lanes;     /* the loaded models' lanes while jobs run (NULL: none run) */
  gboolean stopping;
  GThread *loop;          /* the engine loop: the only thread that runs passes */
  /* draftd_scheduler_between_jobs */
  void (*between) (gpointer);
  gpointer between_data;
  GDestroyNotify between_destroy;
};

/* A job with what its thread needs to stream it; `pub` first, so a DraftdJob* is a SchedulerJob*. */
typedef struct {
  DraftdJob pub;
  DraftdScheduler *s;
  DraftdJobSink sink;
  DraftdLane *lane;
  GThread *thread;
  gint status;            /* atomic DraftdJobStatus, moved by job_move alone */
  GSource *budget;        /* the budget's timer, from its start */
  gint64 deadline;        /* monotonic µs: when the budget is spent */
  gint64 stopped;         /* monotonic µs: when the budget's timer stopped it (before TIMED_OUT) */
  gboolean reserved;      /* queued in the newcomers' reserve (lock held) */
} SchedulerJob;

/* ---- the job's status ---- */

/* The one table of a job's moves (the diagram in scheduler.h). */
static const guint8 status_moves[DRAFTD_JOB_N_STATUSES] = {
  [DRAFTD_JOB_QUEUED] = (1u << DRAFTD_JOB_RUNNING) | (1u << DRAFTD_JOB_CANCELLING) | (1u << DRAFTD_JOB_FINISHED),
  [DRAFTD_JOB_RUNNING] = (1u << DRAFTD_JOB_CANCELLING) | (1u << DRAFTD_JOB_TIMED_OUT) | (1u << DRAFTD_JOB_FINISHED),
  [DRAFTD_JOB_CANCELLING] = 1u << DRAFTD_JOB_FINISHED,
  [DRAFTD_JOB_TIMED_OUT] = 1u << DRAFTD_JOB_FINISHED,
  [DRAFTD_JOB_FINISHED] = 0,
};

gboolean
draftd_job_status_allowed (DraftdJobStatus from, DraftdJobStatus to)
{
  return from < DRAFTD_JOB_N_STATUSES && to < DRAFTD_JOB_N_STATUSES && (status_moves[from] & (1u << to)) != 0;
}

const char *
draftd_job_status_name (DraftdJobStatus status)
{
  static const char *const names[DRAFTD_JOB_N_STATUSES] = { "queued", "running", "cancelling", "timed out", "finished" };
  return status < DRAFTD_JOB_N_STATUSES ? names[status] : "no status";
}

/* Moves the job to `to` from whatever it is now, which the table must allow: a move it lacks
 * is a bug, refused with a critical. The threads that move a job (main: cancel, budget; loop:
 * admit; job: its end) race, so the move is a compare-and-swap. */
static gboolean
job_move (SchedulerJob *job, DraftdJobStatus to)
{
  for (;;) {
    gint from = g_atomic_int_get (&job->status);
    if (!draftd_job_status_allowed (from, to)) {
      g_critical ("a job cannot go from %s to %s", draftd_job_status_name (from), draftd_job_status_name (to));
      return FALSE;
    }
    if (g_atomic_int_compare_and_exchange (&job->status, from, to))
      return TRUE;
  }
}

/* Moves the job from `from` to `to` only if it is `from` now: where a cancel, the budget or
 * the admission may meet a job another thread has already moved on, which is no bug. */
static gboolean
job_move_from (SchedulerJob *job, DraftdJobStatus from, DraftdJobStatus to)
{
  g_return_val_if_fail (draftd_job_status_allowed (from, to), FALSE);
  return g_atomic_int_compare_and_exchange (&job->status, from, to);
}

/* Cancel: a queued or running job stops at its next step; one that timed out or ended is
 * left as it is. */
static void
job_cancel (SchedulerJob *job)
{
  if (!job_move_from (job, DRAFTD_JOB_QUEUED, DRAFTD_JOB_CANCELLING))
    job_move_from (job, DRAFTD_JOB_RUNNING, DRAFTD_JOB_CANCELLING);
  g_cancellable_cancel (job->pub.cancellable);
}

DraftdJobStatus
draftd_scheduler_job_status (const DraftdJob *job)
{
  return g_atomic_int_get (&((SchedulerJob *) job)->status);
}

static void
job_free (SchedulerJob *j)
{
  draftd_job_request_free (j->pub.request);
  draftd_job_result_clear (&j->pub.result);
  g_clear_object (&j->pub.cancellable);
  g_free (j);
}

/* ---- events posted to the main context ---- */

typedef enum { EV_CHUNK, EV_EDITS, EV_PROGRESS, EV_DONE, EV_DROPPED } EventKind;

typedef struct {
  SchedulerJob *job;
  EventKind kind;
  char *text;
  GArray *edits;
  guint done, total;
} Event;

static gboolean
deliver (gpointer p)
{
  Event *ev = p;
  DraftdScheduler *s = ev->job->s;
  DraftdJob *job = &ev->job->pub;
  /* Once a job is cancelled nothing more of it streams, even what was on its way: a
   * client that sent Cancel sees the job's end next. */
  EventKind kind = ev->kind != EV_DONE && g_cancellable_is_cancelled (job->cancellable) ? EV_DROPPED : ev->kind;
  switch (kind) {
  case EV_DROPPED:
    break;
  case EV_CHUNK:
    if (s->events.chunk)
      s->events.chunk (job, ev->text, s->user);
    break;
  case EV_EDITS:
    if (s->events.edits)
      s->events.edits (job, (DraftdGrammarEdit *) ev->edits->data, ev->edits->len, s->user);
    break;
  case EV_PROGRESS:
    if (s->events.progress)
      s->events.progress (job, ev->done, ev->total, s->user);
    break;
  case EV_DONE:
    s->events.done (job, s->user);
    job_free (ev->job);
    break;
  }
  g_free (ev->text);
  g_clear_pointer (&ev->edits, g_array_unref);
  g_free (ev);
  return G_SOURCE_REMOVE;
}

static void
post (SchedulerJob *job, EventKind kind, Event init)
{
  Event *ev = g_new (Event, 1);
  *ev = init;
  ev->job = job;
  ev->kind = kind;
  /* Events of one job keep their order: one context, FIFO at equal priority. Always a source,
   * never g_main_context_invoke: while the main thread stops the scheduler it does not own
   * its context, so invoke would run a job's done (which frees the job) at once on this
   * thread while that job's earlier events still wait in the context. */
  GSource *src = g_idle_source_new ();
  g_source_set_priority (src, G_PRIORITY_DEFAULT);
  g_source_set_callback (src, deliver, ev, NULL);
  g_source_attach (src, job->s->main_context);
  g_source_unref (src);
}

static void
sink_chunk (gpointer user, const char *text)
{
  post (user, EV_CHUNK, (Event) { .text = g_strdup (text) });
}

static void
sink_edits (gpointer user, const DraftdGrammarEdit *edits, guint n)
{
  GArray *copy = draftd_grammar_edits_new ();
  for (guint i = 0; i < n; i++) {
    DraftdGrammarEdit e = edits[i];
    e.replacement = g_strdup (e.replacement);
    e.message = g_strdup (e.message);
    e.rule = g_strdup (e.rule);
    g_array_append_val (copy, e);
  }
  post (user, EV_EDITS, (Event) { .edits = copy });
}

static void
sink_progress (gpointer user, guint done, guint total)
{
  post (user, EV_PROGRESS, (Event) { .done = done, .total = total });
}

/* ---- the engine loop ---- */

static gboolean
client_running (DraftdScheduler *s, const char *client)
{
  for (guint i = 0; i < s->running->len; i++)
    if (g_str_equal (((SchedulerJob *) g_ptr_array_index (s->running, i))->pub.request->client, client))
      return TRUE;
  return FALSE;
}

static gboolean same_user (const char *a, const char *b);

/* The other connections of the identity whose turn it was go to the back of the line too:
 * one process gets one turn per round however many connections it opens, so a newcomer
 * waits for one job of its, not one per connection. With `whole_user`, every connection of
 * that process's user goes behind the other users' (in their order): one user gets one turn
 * per round however many processes it runs. Lock held. */
static void
identity_to_back (DraftdScheduler *s, const char *identity, gboolean whole_user)
{
  GQueue later = G_QUEUE_INIT;
  for (GList *l = s->rotation.head, *next; l; l = next) {
    next = l->next;
    SchedulerJob *head = g_queue_peek_head (g_hash_table_lookup (s->queues, l->data));
    const char *who = draftd_job_request_identity (head->pub.request);
    if (whole_user ? same_user (who, identity) : g_str_equal (who, identity)) {
      g_queue_unlink (&s->rotation, l);
      g_queue_push_tail_link (&later, l);
    }
  }
  for (GList *l; (l = g_queue_pop_head_link (&later));)
    g_queue_push_tail_link (&s->rotation, l);
}

static gboolean
identity_running (DraftdScheduler *s, const char *identity)
{
  for (guint i = 0; i < s->running->len; i++)
    if (g_str_equal (draftd_job_request_identity (((SchedulerJob *) g_ptr_array_index (s->running, i))->pub.request), identity))
      return TRUE;
  return FALSE;
}

/* The next job in turn whose client has none running (a client's jobs stay in order);
 * NULL if there is none. For the `last_lane` free, a process that has a job running
 * already waits: a newcomer from another finds a lane at once, however many connections
 * the first one opens. Lock held. */
static SchedulerJob *
take_next (DraftdScheduler *s, gboolean last_lane)
{
  for (GList *l = s->rotation.head; l; l = l->next) {
    const char *client = l->data;
    if (client_running (s, client))
      continue;
    if (last_lane) {
      SchedulerJob *head = g_queue_peek_head (g_hash_table_lookup (s->queues, client));
      if (identity_running (s, draftd_job_request_identity (head->pub.request)))
        continue;
    }
    g_queue_delete_link (&s->rotation, l);
    GQueue *q = g_hash_table_lookup (s->queues, client);
    SchedulerJob *job = g_queue_pop_head (q);
    s->n_queued--;
    s->n_reserved -= job->reserved;
    if (g_queue_is_empty (q))
      g_hash_table_remove (s->queues, client);  /* frees `client` */
    else
      g_queue_push_tail (&s->rotation, (gpointer) client);  /* back of the line: fair across clients */
    identity_to_back (s, draftd_job_request_identity (job->pub.request), FALSE);
    identity_to_back (s, draftd_job_request_identity (job->pub.request), TRUE);
    return job;
  }
  return NULL;
}

/* Jobs that could start now but for a free lane. Lock held. */
static guint
startable (DraftdScheduler *s)
{
  guint n = 0;
  for (GList *l = s->rotation.head; l; l = l->next)
    n += !client_running (s, l->data);
  return n;
}

/* The budget's timer is a source with a ready time in microseconds, never
 * g_timeout_add_seconds: that rounds its expiry to a per-session mark within the second and
 * so fires up to 0.25 s early by design. (A GLib timeout source would not do either: one that
 * returns G_SOURCE_CONTINUE is re-armed a whole interval later.) Should a wakeup still come
 * before the deadline, the timer waits out the rest. */
static gboolean
deadline_dispatch (GSource *source, GSourceFunc callback, gpointer data)
{
  return callback (data);
}

static GSourceFuncs deadline_funcs = { NULL, NULL, deadline_dispatch, NULL, NULL, NULL };

static gboolean
on_timeout (gpointer p)
{
  SchedulerJob *job = p;
  gint64 now = g_get_monotonic_time ();
  if (now < job->deadline) {
    g_source_set_ready_time (g_main_current_source (), job->deadline);
    return G_SOURCE_CONTINUE;
  }
  job->stopped = now;
  /* A job cancelled meanwhile ends as Cancelled, as its client asked. */
  if (job_move_from (job, DRAFTD_JOB_RUNNING, DRAFTD_JOB_TIMED_OUT))
    g_cancellable_cancel (job->pub.cancellable);
  return G_SOURCE_REMOVE;
}

/* The job's own thread: runs it on its lane, whose passes the loop runs with everyone
 * else's, and gives the lane back. */
static gpointer
job_main (gpointer p)
{
  SchedulerJob *job = p;
  DraftdScheduler *s = job->s;
  DraftdJobResult *res = &job->pub.result;
  draftd_thread_claim (DRAFTD_THREAD_JOB);
  draftd_engine_run (s->engine, job->lane, job->pub.request, job->pub.cancellable, &job->sink, res);
  if (draftd_scheduler_job_status (&job->pub) == DRAFTD_JOB_TIMED_OUT && res->error && g_error_matches (res->error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
    g_clear_error (&res->error);
    /* The time it ran by the daemon's clock, so a budget cut short would show. */
    double ran = (job->stopped - (job->deadline - (gint64) s->limits.job_timeout_s * G_TIME_SPAN_SECOND)) / 1e6;
    g_set_error (&res->error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_TOO_LONG,
                 "the job ran past its time budget (%u s; stopped after %.3f s); send less text at a time",
                 s->limits.job_timeout_s, ran);
  }
  job_move (job, DRAFTD_JOB_FINISHED);
  draftd_lane_close (job->lane);  /* wakes the loop, which joins this thread */
  return NULL;
}

/* Starts the jobs in turn while lanes are free. Lock held. */
static void
admit (DraftdScheduler *s)
{
  guint n_lanes = draftd_lanes_n_lanes (s->lanes);
  /* Sentence workers never take the last free lane (draftd_lanes_open's reserve), so a free
   * lane seen here is still free below. */
  guint open;
  while (!s->between && (open = draftd_lanes_open_count (s->lanes)) < n_lanes) {
    SchedulerJob *job = take_next (s, open + 1 == n_lanes && n_lanes > 1);
    if (job == NULL)
      break;
    const DraftdJobRequest *r = job->pub.request;
    g_autofree char *affinity =
        r->conversation ? g_strdup_printf ("%s/%s", draftd_job_request_conversation_owner (r), r->conversation) : NULL;
    job->lane = draftd_lanes_open (s->lanes, job, affinity, 0, !r->bulk);
    g_assert (job->lane);
    if (s->limits.job_timeout_s) {
      job->deadline = g_get_monotonic_time () + (gint64) s->limits.job_timeout_s * G_TIME_SPAN_SECOND;
      job->budget = g_source_new (&deadline_funcs, sizeof (GSource));
      g_source_set_ready_time (job->budget, job->deadline);
      g_source_set_callback (job->budget, on_timeout, job, NULL);
      g_source_attach (job->budget, s->main_context);
    }
    /* A job cancelled while queued stays CANCELLING: it ends at once. */
    job_move_from (job, DRAFTD_JOB_QUEUED, DRAFTD_JOB_RUNNING);
    g_ptr_array_add (s->running, job);
    job->thread = g_thread_new ("draftd-job", job_main, job);
  }
  draftd_lanes_set_waiting (s->lanes, startable (s));
}

/* Joins the jobs whose threads are done and reports them. Lock held. */
static void
reap (DraftdScheduler *s)
{
  for (guint i = 0; i < s->running->len;) {
    SchedulerJob *job = g_ptr_array_index (s->running, i);
    if (draftd_scheduler_job_status (&job->pub) != DRAFTD_JOB_FINISHED) {
      i++;
      continue;
    }
    g_thread_join (job->thread);
    if (job->budget) {
      g_source_destroy (job->budget);
      g_clear_pointer (&job->budget, g_source_unref);
    }
    g_ptr_array_remove_index (s->running, i);
    post (job, EV_DONE, (Event) { 0 });
  }
}

/* Waits (lock held) until a job is queued or the scheduler stops; an idle daemon with
 * models resident gives the device memory back after idle_unload seconds. */
static void
wait_for_work (DraftdScheduler *s)
{
  while (!s->stopping && s->n_queued == 0 && !s->between) {
    guint idle = draftd_engine_idle_unload (s->engine);
    if (idle == 0 || !draftd_engine_is_loaded (s->engine)) {
      g_cond_wait (&s->wake, &s->lock);
      continue;
    }
    gint64 deadline = g_get_monotonic_time () + (gint64) idle * G_TIME_SPAN_SECOND;
    gboolean timed_out = FALSE;
    while (!s->stopping && s->n_queued == 0 && !s->between && !timed_out)
      timed_out = !g_cond_wait_until (&s->wake, &s->lock, deadline) && g_get_monotonic_time () >= deadline;
    if (timed_out && !s->stopping && s->n_queued == 0 && !s->between) {
      g_mutex_unlock (&s->lock);
      draftd_engine_unload (s->engine);
      g_mutex_lock (&s->lock);
    }
  }
}

/* Lock held on entry and exit. */
static void
run_between (DraftdScheduler *s)
{
  void (*fn) (gpointer) = s->between;
  gpointer data = s->between_data;
  GDestroyNotify destroy = s->between_destroy;
  s->between = NULL;
  g_mutex_unlock (&s->lock);
  fn (data);
  if (destroy)
    destroy (data);
  g_mutex_lock (&s->lock);
}

void
draftd_scheduler_between_jobs (DraftdScheduler *s, void (*fn) (gpointer data), gpointer data, GDestroyNotify destroy)
{
  DRAFTD_THREAD_RETURN_UNLESS (DRAFTD_THREAD_MAIN);
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  if (s->between && s->between_destroy)
    s->between_destroy (s->between_data);
  s->between = fn;
  s->between_data = data;
  s->between_destroy = destroy;
  g_cond_signal (&s->wake);
  if (s->lanes)
    draftd_lanes_kick (s->lanes);
}

/* With no job running: the models' lanes, loading the models if need be; on failure the
 * next job in turn fails with the reason. Lock held. */
static gboolean
open_lanes (DraftdScheduler *s)
{
  GError *error = NULL;
  g_mutex_unlock (&s->lock);
  DraftdLanes *lanes = draftd_engine_lanes (s->engine, &error);
  g_mutex_lock (&s->lock);
  s->lanes = lanes;
  if (lanes)
    return TRUE;
  SchedulerJob *job = take_next (s, FALSE);
  if (job) {
    job->pub.result.error = error;
    job_move (job, DRAFTD_JOB_FINISHED);
    post (job, EV_DONE, (Event) { 0 });
  } else {
    g_error_free (error);
  }
  return FALSE;
}

/* The engine loop (see daemon/engine/lanes.h and docs/architecture.md): admit queued jobs
 * onto free lanes, wait until every running job has parked its next pass, run them all as
 * one pass per model, retire the jobs that ended; models load, unload and switch only
 * while no job runs. */
static gpointer
loop_main (gpointer p)
{
  DraftdScheduler *s = p;
  draftd_thread_claim (DRAFTD_THREAD_LOOP);
  g_mutex_lock (&s->lock);
  for (;;) {
    reap (s);
    if (s->running->len == 0) {
      s->lanes = NULL;
      wait_for_work (s);
      if (s->between) {
        run_between (s);
        continue;
      }
      if (s->n_queued == 0)
        break;  /* stopping */
      if (!open_lanes (s))
        continue;
    }
    admit (s);
    DraftdLanes *lanes = s->lanes;
    g_mutex_unlock (&s->lock);
    if (draftd_lanes_settle (lanes))
      draftd_lanes_run (lanes);
    g_mutex_lock (&s->lock);
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
draftd_scheduler_new (DraftdEngine *engine, const DraftdSchedulerLimits *limits, GMainContext *ctx, const DraftdSchedulerEvents *events,
                      gpointer user)
{
  /* The thread that makes the scheduler submits to it and runs the context its events go to. */
  draftd_thread_claim (DRAFTD_THREAD_MAIN);
  DraftdScheduler *s = g_new0 (DraftdScheduler, 1);
  s->engine = engine;
  s->main_context = g_main_context_ref (ctx ? ctx : g_main_context_default ());
  s->events = *events;
  s->user = user;
  s->limits = *limits;
  if (s->limits.max_queued == 0)
    s->limits.max_queued = 64;
  if (s->limits.max_queued_per_client == 0)
    s->limits.max_queued_per_client = s->limits.max_queued;
  g_mutex_init (&s->lock);
  g_cond_init (&s->wake);
  s->queues = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, queue_free);
  g_queue_init (&s->rotation);
  s->running = g_ptr_array_new ();
  s->loop = g_thread_new ("draftd-engine", loop_main, s);
  return s;
}

static void
cancel_queue (GQueue *q)
{
  for (GList *l = q ? q->head : NULL; l; l = l->next)
    job_cancel (l->data);
}

void
draftd_scheduler_free (DraftdScheduler *s)
{
  if (s == NULL)
    return;
  DRAFTD_THREAD_RETURN_UNLESS (DRAFTD_THREAD_MAIN);
  g_mutex_lock (&s->lock);
  s->stopping = TRUE;
  /* Queued jobs still run, but see their cancellation at once and report Cancelled. */
  GHashTableIter it;
  gpointer q;
  g_hash_table_iter_init (&it, s->queues);
  while (g_hash_table_iter_next (&it, NULL, &q))
    cancel_queue (q);
  for (guint i = 0; i < s->running->len; i++)
    job_cancel (g_ptr_array_index (s->running, i));
  g_cond_signal (&s->wake);
  if (s->lanes)
    draftd_lanes_kick (s->lanes);
  g_mutex_unlock (&s->lock);
  g_thread_join (s->loop);
  /* Deliver the last done() events before the caller tears the rest down. */
  while (g_main_context_iteration (s->main_context, FALSE))
    ;
  if (s->between && s->between_destroy)
    s->between_destroy (s->between_data);
  g_hash_table_unref (s->queues);
  g_ptr_array_unref (s->running);
  g_mutex_clear (&s->lock);
  g_cond_clear (&s->wake);
  g_main_context_unref (s->main_context);
  g_free (s);
}

/* The user of an identity "uid:pid": its length up to the colon. An identity without
 * credentials is a unique bus name (":1.42"), a user of its own: all of it. */
static gsize
user_len (const char *identity)
{
  const char *colon = strchr (identity, ':');
  return colon && colon > identity ? (gsize) (colon - identity) : strlen (identity);
}

static gboolean
same_user (const char *a, const char *b)
{
  gsize n = user_len (a);
  return n == user_len (b) && strncmp (a, b, n) == 0;
}

/* What waits and runs of the request's process and user. */
typedef struct {
  guint process_queued, process_running;
  guint user_shared;   /* the user's jobs in the shared queue (not in the reserve) */
} Counts;

/* Lock held. Each queue is one connection's, so its head tells whose it is. */
static Counts
count_for (DraftdScheduler *s, const DraftdJobRequest *r)
{
  const char *me = draftd_job_request_identity (r);
  Counts c = { 0 };
  GHashTableIter it;
  gpointer q;
  g_hash_table_iter_init (&it, s->queues);
  while (g_hash_table_iter_next (&it, NULL, &q)) {
    const char *who = draftd_job_request_identity (((SchedulerJob *) g_queue_peek_head (q))->pub.request);
    if (g_str_equal (who, me))
      c.process_queued += g_queue_get_length (q);
    if (same_user (who, me))
      for (GList *l = ((GQueue *) q)->head; l; l = l->next)
        c.user_shared += !((SchedulerJob *) l->data)->reserved;
  }
  for (guint i = 0; i < s->running->len; i++)
    c.process_running += g_str_equal (draftd_job_request_identity (((SchedulerJob *) g_ptr_array_index (s->running, i))->pub.request), me);
  return c;
}

/* Fair shares (docs/usage.md, "Fair shares"). With Q = max_queued and P =
 * max_queued_per_client: a process keeps at most P jobs waiting beside one running, whatever
 * its connections; a user's processes together hold at most Q - P of the shared queue, so
 * however many processes one user runs, P places stay for others; and a process with
 * nothing waiting or running (a newcomer) gets its first place even when those bounds are
 * reached, in a reserve of P places beyond the Q. TRUE to admit; *reserved: into the reserve. */
/* A request's text against the engine's limit (max_text_bytes), at once: a text too long is
 * refused before it waits in the queue or reaches a tokenizer. A request from the bus was
 * already held to it by its reader (daemon/service/request.c), before its text was copied;
 * this check keeps every other way into the scheduler to the same limit. */
static gboolean
text_fits (DraftdScheduler *s, const DraftdJobRequest *r, GError **error)
{
  gsize len = r->text ? strlen (r->text) : 0;
  guint limit = draftd_engine_max_text_bytes (s->engine);
  if (len <= limit)
    return TRUE;
  g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_TOO_LONG, "the text is %zu bytes; the limit is %u", len, limit);
  return FALSE;
}

static gboolean
admit_request (DraftdScheduler *s, const DraftdJobRequest *r, gboolean *reserved, GError **error)
{
  guint shared_cap = s->limits.max_queued, process_cap = s->limits.max_queued_per_client;
  /* Where one process may fill the whole queue (P >= Q) there is no share to leave. */
  guint user_cap = shared_cap > process_cap ? shared_cap - process_cap : shared_cap;
  Counts c = count_for (s, r);
  /* A process's further running jobs (on other lanes) count as waiting ones. */
  guint mine = c.process_queued + (c.process_running > 0 ? c.process_running - 1 : 0);
  gboolean newcomer = c.process_queued == 0 && c.process_running == 0;
  *reserved = FALSE;
  if (s->stopping) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_CANCELLED, "the daemon is shutting down");
    return FALSE;
  }
  if (mine >= process_cap) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_BUSY,
                 "you have %u jobs waiting or running beside another already; wait for one to finish", mine);
    return FALSE;
  }
  if (s->n_queued - s->n_reserved < shared_cap && c.user_shared < user_cap)
    return TRUE;
  if (newcomer && s->n_reserved < process_cap) {
    *reserved = TRUE;
    return TRUE;
  }
  if (c.user_shared >= user_cap)
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_BUSY,
                 "your processes have %u jobs waiting, their share of the queue; wait for one to finish", c.user_shared);
  else
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_BUSY, "the queue is full (%u jobs waiting)", s->n_queued);
  return FALSE;
}

DraftdJob *
draftd_scheduler_submit (DraftdScheduler *s, DraftdJobRequest *request, gpointer job_user, GError **error)
{
  gboolean here = draftd_thread_check (DRAFTD_THREAD_MAIN, G_STRFUNC);
  if (!here)
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INTERNAL, "a job is submitted on the main thread");
  /* Before the lock: the engine's own lock is never taken inside the scheduler's. */
  if (!here || !text_fits (s, request, error)) {
    draftd_job_request_free (request);
    return NULL;
  }
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  gboolean reserved;
  if (!admit_request (s, request, &reserved, error)) {
    draftd_job_request_free (request);
    return NULL;
  }
  GQueue *q = g_hash_table_lookup (s->queues, request->client);
  SchedulerJob *job = g_new0 (SchedulerJob, 1);
  job->pub = (DraftdJob) { .request = request, .cancellable = g_cancellable_new (), .user = job_user };
  job->s = s;
  job->sink = (DraftdJobSink) { sink_chunk, sink_edits, sink_progress, job };
  job->reserved = reserved;
  if (q == NULL) {
    char *key = g_strdup (request->client);
    q = g_queue_new ();
    g_hash_table_insert (s->queues, key, q);
    g_queue_push_tail (&s->rotation, key);
  }
  g_queue_push_tail (q, job);
  s->n_queued++;
  s->n_reserved += reserved;
  g_cond_signal (&s->wake);
  if (s->lanes)
    draftd_lanes_kick (s->lanes);
  return &job->pub;
}

void
draftd_scheduler_cancel_client (DraftdScheduler *s, const char *client)
{
  DRAFTD_THREAD_RETURN_UNLESS (DRAFTD_THREAD_MAIN);
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  cancel_queue (g_hash_table_lookup (s->queues, client));
  for (guint i = 0; i < s->running->len; i++) {
    SchedulerJob *job = g_ptr_array_index (s->running, i);
    if (g_str_equal (job->pub.request->client, client))
      job_cancel (job);
  }
}

void
draftd_scheduler_cancel (DraftdScheduler *s, DraftdJob *job)
{
  DRAFTD_THREAD_RETURN_UNLESS (DRAFTD_THREAD_MAIN);
  job_cancel ((SchedulerJob *) job);
}

guint
draftd_scheduler_queue_length (DraftdScheduler *s)
{
  DRAFTD_THREAD_RETURN_VAL_UNLESS (DRAFTD_THREAD_MAIN, 0);
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  return s->n_queued + s->running->len;
}
