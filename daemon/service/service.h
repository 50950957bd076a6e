/* org.draftd.Assistant1 on a libdbus connection: argument checking, jobs for the
 * scheduler, replies and unicast signals, properties and introspection, and cleanup when a
 * client leaves the bus. Everything here runs on the main thread and never blocks. */
#pragma once
#include <dbus/dbus.h>
#include "daemon/engine/engine.h"

#define DRAFTD_BUS_NAME "org.draftd.Assistant1"
#define DRAFTD_OBJECT_PATH "/org/draftd/Assistant1"
#define DRAFTD_INTERFACE "org.draftd.Assistant1"

typedef struct DraftdService DraftdService;

DraftdService *draftd_service_new (DBusConnection *connection, DraftdEngine *engine, guint max_queued,
                                   GError **error);
/* Cancels all jobs, waits for the worker, unregisters the object. */
void draftd_service_free (DraftdService *s);
