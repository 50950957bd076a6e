/* UseModels: the daemon switches to another target and assistant at runtime. The jobs
 * running or queued when the call comes end on the old pair; then the new pair loads and is
 * checked on the worker between jobs, while the old one stays resident, and the jobs after
 * it run on the new one: no job sees both. A pair that fails to load changes nothing.
 *
 * The switcher knows nothing of the service that owns it: it is given the connection, the
 * engine and the scheduler, the jobs there are when a call comes, and each job's end. */
#pragma once
#include <dbus/dbus.h>
#include "daemon/engine/scheduler.h"
#include "daemon/service/operations.h"

/* Records a switch of models (UseModels) where the next start finds it; main thread. Sets
 * *where to the file written (or NULL); FALSE with the reason when it could not. */
typedef gboolean (*DraftdRecordModels) (const char *target, const char *assistant, gpointer data, char **where,
                                        GError **error);

typedef struct DraftdSwitcher DraftdSwitcher;

DraftdSwitcher *draftd_switcher_new (DBusConnection *connection, DraftdEngine *engine, DraftdScheduler *scheduler);
/* After the scheduler is freed (which ends a switch under way). */
void draftd_switcher_free (DraftdSwitcher *sw);
void draftd_switcher_set_recorder (DraftdSwitcher *sw, DraftdRecordModels record, gpointer data);
/* Handles a UseModels call (`op` its row); `jobs` are the jobs running or queued now, as the
 * owner will name them to draftd_switcher_job_done. The reply goes out once the switch is done
 * or has failed. */
void draftd_switcher_handle (DraftdSwitcher *sw, const DraftdOperation *op, DBusMessage *call, const GPtrArray *jobs);
/* A job ended: a switch waiting for it may go. */
void draftd_switcher_job_done (DraftdSwitcher *sw, gconstpointer job);
