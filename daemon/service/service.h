/* org.draftd.Assistant1 on a libdbus connection: requests (request.h) become jobs for the
 * scheduler, results become replies and unicast signals, errors get their bus names
 * (errors.h), properties and introspection are answered (properties.h), and a client's
 * jobs and conversations go when it leaves the bus. Runs on the main thread; never blocks. */
#pragma once
#include <dbus/dbus.h>
#include "daemon/engine/engine.h"
#include "daemon/service/operations.h"
#include "daemon/service/switch.h"

typedef struct {
  guint max_queued;             /* jobs waiting, all clients together, before Busy */
  guint max_queued_per_client;  /* jobs waiting from one client before Busy */
  guint job_timeout_s;          /* seconds one job may run before TooLong; 0: no limit */
} DraftdServiceLimits;

DraftdService *draftd_service_new (DBusConnection *connection, DraftdEngine *engine, const DraftdServiceLimits *limits,
                                   GError **error);
/* Where a switch of models (UseModels) is recorded for the next start (switch.h). */
void draftd_service_set_recorder (DraftdService *s, DraftdRecordModels record, gpointer data);
/* Runs `fn` on the worker once no job runs; queued jobs wait (see draftd_scheduler_between_jobs). */
void draftd_service_between_jobs (DraftdService *s, void (*fn) (gpointer data), gpointer data, GDestroyNotify destroy);
/* Cancels all jobs, waits for the worker, unregisters the object. */
void draftd_service_free (DraftdService *s);

/* For the operation table's handlers (operations.c), on the main thread. */
DraftdEngine *draftd_service_engine (DraftdService *s);
/* Sends `m` (a reply or signal) and drops it; NULL: nothing. */
void draftd_service_send (DraftdService *s, DBusMessage *m);
/* Answers `call`: its error, or an empty return where error is NULL. */
void draftd_service_reply (DraftdService *s, DBusMessage *call, const GError *error);
/* The caller's streamed job at `path` is cancelled; FALSE where `sender` has no such job. */
gboolean draftd_service_cancel (DraftdService *s, const char *path, const char *sender, GError **error);
/* Handlers: a job method or Start, once the caller's identity is known, becomes a job (the
 * reply comes when it ends, or at once with its path); UseModels (switch.h). */
void draftd_service_handle_job (DraftdService *s, const DraftdOperation *op, DBusMessage *call);
void draftd_service_handle_use_models (DraftdService *s, const DraftdOperation *op, DBusMessage *call);
