#include "daemon/service/switch.h"
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include "daemon/service/errors.h"
#include "lib/bus/draftd-bus.h"

struct DraftdSwitcher {
  DBusConnection *connection;
  DraftdEngine *engine;
  DraftdScheduler *scheduler;
  DraftdRecordModels record;
  gpointer record_data;
  struct Switch *pending;     /* the switch under way, one at a time */
};

typedef struct Switch {
  DraftdSwitcher *owner;
  DBusMessage *call;
  char *target, *assistant;   /* assistant NULL: none */
  GHashTable *before;         /* the jobs there when the call came that have not ended */
  gboolean ran, ok;           /* written on the worker, read on the main thread after it */
  GError *error;
} Switch;

/* The switch is over (replied): the next one may come. */
static void
switch_free (Switch *sw)
{
  if (sw->owner->pending == sw)
    sw->owner->pending = NULL;
  g_hash_table_unref (sw->before);
  dbus_message_unref (sw->call);
  g_free (sw->target);
  g_free (sw->assistant);
  g_clear_error (&sw->error);
  g_free (sw);
}

static void
reply_error (Switch *sw, const char *name, const char *message)
{
  DBusMessage *m = dbus_message_new_error (sw->call, name, message);
  dbus_connection_send (sw->owner->connection, m, NULL);
  dbus_message_unref (m);
}

static void
dict_string (DBusMessageIter *d, const char *key, const char *value)
{
  draftd_bus_dict_add (d, key, DBUS_TYPE_STRING, &value);
}

/* The switch is done: record it, then tell the caller what runs now and where it was kept. */
static void
reply_done (Switch *sw)
{
  g_autofree char *where = NULL;
  g_autoptr (GError) error = NULL;
  gboolean recorded = sw->owner->record && sw->owner->record (sw->target, sw->assistant, sw->owner->record_data, &where, &error);
  g_message ("switched models: target %s, %s%s", sw->target, sw->assistant ? "assistant " : "no assistant",
             sw->assistant ? sw->assistant : "");
  if (!recorded && error)
    g_warning ("the switch is not recorded for the next start: %s", error->message);
  DBusMessage *m = dbus_message_new_method_return (sw->call);
  DBusMessageIter it, d;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  dict_string (&d, "target", sw->target);
  dict_string (&d, "assistant", sw->assistant ? sw->assistant : "");
  if (recorded && where)
    dict_string (&d, "config", where);
  if (error)
    dict_string (&d, "config_error", error->message);
  dbus_message_iter_close_container (&it, &d);
  dbus_connection_send (sw->owner->connection, m, NULL);
  dbus_message_unref (m);
}

static gboolean
reply_on_main (gpointer p)
{
  Switch *sw = p;
  if (sw->ok) {
    reply_done (sw);
  } else {
    g_autofree char *msg = g_strdup_printf ("%s; draftd keeps the models it had", sw->error->message);
    g_warning ("switching models failed: %s", msg);
    reply_error (sw, draftd_service_error_name (sw->error), msg);
  }
  switch_free (sw);
  return G_SOURCE_REMOVE;
}

static void
switch_on_worker (gpointer p)
{
  Switch *sw = p;
  sw->ran = TRUE;
  sw->ok = draftd_engine_switch_models (sw->owner->engine, sw->target, sw->assistant, &sw->error);
}

/* After the worker ran it: the reply goes out from the main thread, like every reply. Not
 * run (a SIGHUP reload took its place, or the daemon stops; this is then the main thread):
 * the caller learns so. */
static void
switch_destroy (gpointer p)
{
  Switch *sw = p;
  if (sw->ran) {
    g_main_context_invoke (NULL, reply_on_main, sw);
    return;
  }
  reply_error (sw, DRAFTD_BUS_ERROR_CANCELLED, "a reload of the config, or the daemon stopping, came before the switch");
  switch_free (sw);
}

/* The paths are checked here, at once, so a typo is not a wait for the running job. Any
 * absolute path is taken, line breaks included: the config records it quoted (issue 35.3). */
static gboolean
check_path (const char *role, const char *path, GError **error)
{
  GStatBuf st;
  if (!g_path_is_absolute (path)) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT, "the %s must be an absolute path, "
                 "not '%.48s'", role, path);
    return FALSE;
  }
  if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode)) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT, "the %s %s is not a file draftd can read",
                 role, path);
    return FALSE;
  }
  return TRUE;
}

static void
start (Switch *sw)
{
  draftd_scheduler_between_jobs (sw->owner->scheduler, switch_on_worker, sw, switch_destroy);
}

/* FALSE, with the error replied, when the call cannot be taken. */
static gboolean
check_call (DraftdSwitcher *owner, const DraftdOperation *op, DBusMessage *call, const char **target, const char **assistant)
{
  g_autoptr (GError) error = NULL;
  if (!dbus_message_has_signature (call, op->in_signature) ||
      !dbus_message_get_args (call, NULL, DBUS_TYPE_STRING, target, DBUS_TYPE_STRING, assistant, DBUS_TYPE_INVALID))
    g_set_error (&error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT, "%s takes arguments (%s)", op->name,
                 op->in_signature);
  else if (owner->pending)
    g_set_error (&error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_BUSY, "another switch of models is under way");
  else if (check_path ("target", *target, &error) && **assistant)
    check_path ("assistant", *assistant, &error);
  if (error == NULL)
    return TRUE;
  DBusMessage *m = dbus_message_new_error (call, draftd_service_error_name (error), error->message);
  dbus_connection_send (owner->connection, m, NULL);
  dbus_message_unref (m);
  return FALSE;
}

DraftdSwitcher *
draftd_switcher_new (DBusConnection *connection, DraftdEngine *engine, DraftdScheduler *scheduler)
{
  DraftdSwitcher *owner = g_new0 (DraftdSwitcher, 1);
  owner->connection = dbus_connection_ref (connection);
  owner->engine = engine;
  owner->scheduler = scheduler;
  return owner;
}

void
draftd_switcher_free (DraftdSwitcher *owner)
{
  if (owner == NULL)
    return;
  /* The scheduler, freed first, ran or dropped every switch it held; one still waiting for
   * jobs is told the daemon stops. */
  if (owner->pending) {
    reply_error (owner->pending, DRAFTD_BUS_ERROR_CANCELLED, "the daemon stopped before the switch");
    switch_free (owner->pending);
  }
  dbus_connection_unref (owner->connection);
  g_free (owner);
}

void
draftd_switcher_set_recorder (DraftdSwitcher *owner, DraftdRecordModels record, gpointer data)
{
  owner->record = record;
  owner->record_data = data;
}

void
draftd_switcher_handle (DraftdSwitcher *owner, const DraftdOperation *op, DBusMessage *call, const GPtrArray *jobs)
{
  const char *target, *assistant;
  if (!check_call (owner, op, call, &target, &assistant))
    return;
  Switch *sw = g_new0 (Switch, 1);
  sw->owner = owner;
  sw->call = dbus_message_ref (call);
  sw->target = g_strdup (target);
  sw->assistant = *assistant ? g_strdup (assistant) : NULL;
  /* Jobs asked for before the switch were asked of the old pair: they end on it. */
  sw->before = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < jobs->len; i++)
    g_hash_table_add (sw->before, jobs->pdata[i]);
  owner->pending = sw;
  if (g_hash_table_size (sw->before) == 0)
    start (sw);
}

void
draftd_switcher_job_done (DraftdSwitcher *owner, gconstpointer job)
{
  Switch *sw = owner->pending;
  if (sw && g_hash_table_remove (sw->before, job) && g_hash_table_size (sw->before) == 0)
    start (sw);
}
