/* The job queue between the D-Bus service (main thread) and the engine loop (one thread
 * that runs every pass; each running job has a thread and a lane of its own, see
 * daemon/engine/lanes.h). FIFO per client, round-robin across clients (one turn per process
 * and per user a round, however many connections and processes), bounded depth;
 * jobs start as lanes free up and all running jobs advance in every pass. Streaming and
 * completion events are delivered on the main context, in order per job. */
#pragma once
#include "daemon/engine/engine.h"

typedef struct DraftdScheduler DraftdScheduler;

/* Where a job is, in one field (as vLLM's requests carry theirs): its transitions are one
 * table in scheduler.c, and a move the table lacks is refused with a critical.
 *
 *   QUEUED ──admit──► RUNNING ──its thread ends──► FINISHED
 *     │  │              │  └──budget spent──► TIMED_OUT ──its thread ends──┘
 *     │  └─cancel─► CANCELLING ◄──cancel──┘           (ends with TooLong)
 *     │               └──its thread ends (or models fail) ──► FINISHED (Cancelled)
 *     └──the models cannot load──► FINISHED (with the reason)
 *
 * A cancelled queued job stays CANCELLING when a lane takes it: it ends at once. */
typedef enum {
  DRAFTD_JOB_QUEUED,
  DRAFTD_JOB_RUNNING,
  DRAFTD_JOB_CANCELLING,
  DRAFTD_JOB_TIMED_OUT,
  DRAFTD_JOB_FINISHED,
  DRAFTD_JOB_N_STATUSES,
} DraftdJobStatus;

/* TRUE where the table lets a job go from `from` to `to`. */
gboolean draftd_job_status_allowed (DraftdJobStatus from, DraftdJobStatus to);
const char *draftd_job_status_name (DraftdJobStatus status);

typedef struct {
  DraftdJobRequest *request;  /* immutable once submitted */
  DraftdJobResult result;     /* written by the engine; read it in done() */
  GCancellable *cancellable;
  gpointer user;              /* the submitter's, given to submit() */
  DraftdOffsetCursor wire;    /* the streamed edits' offsets so far (the sink's thread) */
} DraftdJob;

typedef struct {
  /* All called on the main context. */
  void (*chunk) (DraftdJob *job, const char *text, gpointer user);
  void (*edits) (DraftdJob *job, const DraftdGrammarEdit *edits, guint n, gpointer user);
  void (*progress) (DraftdJob *job, guint done, guint total, gpointer user);
  /* The job is over (result or error set); the scheduler frees it when this returns. */
  void (*done) (DraftdJob *job, gpointer user);
} DraftdSchedulerEvents;

/* The fair shares (see admit_request in scheduler.c, and docs/usage.md): a process (its
 * identity) keeps max_queued_per_client jobs waiting; a user's processes together hold at
 * most max_queued - max_queued_per_client of the shared queue; a process with nothing waiting
 * or running gets its first place in a reserve of max_queued_per_client beyond max_queued. */
typedef struct {
  guint max_queued;             /* all clients together; 0: 64 */
  guint max_queued_per_client;  /* a process, all its connections; 0: max_queued */
  guint job_timeout_s;          /* 0: none */
} DraftdSchedulerLimits;

DraftdScheduler *draftd_scheduler_new (DraftdEngine *engine, const DraftdSchedulerLimits *limits, GMainContext *main_context,
                                       const DraftdSchedulerEvents *events, gpointer user);
/* Stops taking jobs, cancels running and queued ones (their done() still fires), joins. */
void draftd_scheduler_free (DraftdScheduler *s);
/* Takes the request; fails with TooLong when its text passes the engine's max_text_bytes (the one
 * place that limit is checked), Busy when the queue is full. `job_user` ends up in job->user. */
DraftdJob *draftd_scheduler_submit (DraftdScheduler *s, DraftdJobRequest *request, gpointer job_user, GError **error);
/* Runs `fn` on the engine loop's thread once no job is running (queued jobs wait, and keep their
 * place); `destroy` frees `data` afterwards. A later call before it ran replaces it. */
void draftd_scheduler_between_jobs (DraftdScheduler *s, void (*fn) (gpointer data), gpointer data, GDestroyNotify destroy);
/* Cancels every queued and running job of a client. */
void draftd_scheduler_cancel_client (DraftdScheduler *s, const char *client);
/* Cancels one job, queued or running (done() still fires, with Cancelled); a job that timed
 * out or finished is left as it is. */
void draftd_scheduler_cancel (DraftdScheduler *s, DraftdJob *job);
/* Where `job` is now (any thread; it may move on at once). */
DraftdJobStatus draftd_scheduler_job_status (const DraftdJob *job);
guint draftd_scheduler_queue_length (DraftdScheduler *s);
