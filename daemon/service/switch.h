/* UseModels: the daemon switches to another target and assistant at runtime. The jobs
 * running or queued when the call comes end on the old pair; then the new pair loads and is
 * checked on the worker between jobs, while the old one stays resident, and the jobs after
 * it run on the new one: no job sees both. A pair that fails to load changes nothing. */
#pragma once
#include <dbus/dbus.h>
#include "daemon/engine/engine.h"
#include "daemon/service/service.h"

typedef struct DraftdSwitch DraftdSwitch;

typedef struct {
  DraftdService *service;
  DBusConnection *connection;
  DraftdEngine *engine;
  GHashTable *jobs;              /* the service's jobs: the switch waits for those there now */
  DraftdSwitch **pending;        /* where the switch waiting for them is kept (one at a time) */
  DraftdRecordModels record;
  gpointer record_data;
} DraftdSwitchContext;

/* Handles a UseModels call; the reply goes out once the switch is done or has failed. */
void draftd_switch_handle (const DraftdSwitchContext *ctx, DBusMessage *call);
/* A job of the service ended (before it leaves `jobs`): a switch waiting for it may go. */
void draftd_switch_job_done (DraftdSwitch **pending, gpointer job);
