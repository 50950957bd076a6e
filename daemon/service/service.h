/* org.draftd.Assistant1 on a libdbus connection: requests (request.h) become jobs for the
 * scheduler, results become replies and unicast signals, errors get their bus names
 * (errors.h), properties and introspection are answered (properties.h), and a client's
 * jobs and conversations go when it leaves the bus. Runs on the main thread; never blocks. */
#pragma once
#include <dbus/dbus.h>
#include "daemon/engine/engine.h"
#include "daemon/service/properties.h"
#include "daemon/service/switch.h"

typedef struct DraftdService DraftdService;

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
/* The properties of org.draftd.Assistant1, in the interface's order; *n gets how many. */
const DraftdProperty *draftd_service_properties (guint *n);
/* Cancels all jobs, waits for the worker, unregisters the object. */
void draftd_service_free (DraftdService *s);
