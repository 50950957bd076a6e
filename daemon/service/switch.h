/* UseModels: the daemon switches to another target and assistant at runtime. The new pair
 * loads and is checked on the worker between jobs, while the old one stays resident: the job
 * running (with any it lets in between its segments) ends on the old pair, the jobs after it
 * run on the new one, and no job sees both. A pair that fails to load changes nothing. */
#pragma once
#include <dbus/dbus.h>
#include "daemon/engine/engine.h"
#include "daemon/service/service.h"

/* Handles a UseModels call; the reply goes out once the switch is done or has failed. */
void draftd_switch_handle (DraftdService *s, DBusConnection *c, DraftdEngine *engine, DBusMessage *call,
                           DraftdRecordModels record, gpointer record_data);
