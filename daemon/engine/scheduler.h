/* The job queue between the D-Bus service (main thread) and the engine (one worker
 * thread). FIFO per client, round-robin across clients, bounded depth. Completion and
 * streaming events are delivered on the main context. */
#pragma once
#include "daemon/engine/engine.h"

typedef struct DraftdScheduler DraftdScheduler;

typedef struct {
  /* All called on the main context. */
  void (*chunk) (DraftdJob *job, const char *text, gpointer user);
  void (*edit) (DraftdJob *job, guint32 offset, guint32 length, const char *replacement, const char *kind, gpointer user);
  /* The job is done (result or error set); the callee takes ownership of the job. */
  void (*done) (DraftdJob *job, gpointer user);
} DraftdSchedulerEvents;

DraftdScheduler *draftd_scheduler_new (DraftdEngine *engine, guint max_queued, GMainContext *main_context,
                                       const DraftdSchedulerEvents *events, gpointer user);
/* Stops taking jobs, cancels running and queued ones (their done() still fires), joins. */
void draftd_scheduler_free (DraftdScheduler *s);
/* Takes ownership; fails with Busy when the queue is full. */
gboolean draftd_scheduler_submit (DraftdScheduler *s, DraftdJob *job, GError **error);
/* Cancels every queued and running job of a client. */
void draftd_scheduler_cancel_client (DraftdScheduler *s, const char *client);
guint draftd_scheduler_queue_length (DraftdScheduler *s);
