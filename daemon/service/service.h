/* org.draftd.Assistant1 on a libdbus connection: requests (request.h) become jobs for the
 * scheduler, results become replies and unicast signals, errors get their bus names
 * (errors.h), properties and introspection are answered (properties.h), and a client's
 * jobs and conversations go when it leaves the bus. Runs on the main thread; never blocks. */
#pragma once
#include <dbus/dbus.h>
#include "daemon/engine/engine.h"

typedef struct DraftdService DraftdService;

DraftdService *draftd_service_new (DBusConnection *connection, DraftdEngine *engine, guint max_queued,
                                   GError **error);
/* Cancels all jobs, waits for the worker, unregisters the object. */
void draftd_service_free (DraftdService *s);
