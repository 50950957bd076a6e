#include "lib/bus/client.h"
#include "lib/bus/glib-loop.h"
#include <string.h>

G_DEFINE_QUARK (draftd-bus-client-error-quark, draftd_bus_client_error)

struct _DraftdBus {
  DBusConnection *connection;
  GHashTable *jobs;                   /* path -> the caller's job */
  const DraftdBusJobEvents *events;
  DraftdBusPresenceFunc presence;
  gpointer presence_user;
  GHashTable *calls;                  /* Call *, waiting for a reply */
};

/* ---- errors ---- */

static const struct {
  const char *name;
  DraftdBusClientError code;
} error_names[] = {
  { DRAFTD_BUS_ERROR_INVALID_ARGUMENT, DRAFTD_BUS_CLIENT_ERROR_INVALID_ARGUMENT },
  { DRAFTD_BUS_ERROR_INVALID_TEXT, DRAFTD_BUS_CLIENT_ERROR_INVALID_TEXT },
  { DRAFTD_BUS_ERROR_TOO_LONG, DRAFTD_BUS_CLIENT_ERROR_TOO_LONG },
  { DRAFTD_BUS_ERROR_CANCELLED, DRAFTD_BUS_CLIENT_ERROR_CANCELLED },
  { DRAFTD_BUS_ERROR_NO_MODEL, DRAFTD_BUS_CLIENT_ERROR_NO_MODEL },
  { DRAFTD_BUS_ERROR_BUSY, DRAFTD_BUS_CLIENT_ERROR_BUSY },
  { DRAFTD_BUS_ERROR_INTERNAL, DRAFTD_BUS_CLIENT_ERROR_INTERNAL },
  { DRAFTD_BUS_ERROR_UNSUPPORTED, DRAFTD_BUS_CLIENT_ERROR_UNSUPPORTED },
  /* Nobody owns the name, and no .service file starts it. */
  { DBUS_ERROR_SERVICE_UNKNOWN, DRAFTD_BUS_CLIENT_ERROR_NO_DAEMON },
  { DBUS_ERROR_NAME_HAS_NO_OWNER, DRAFTD_BUS_CLIENT_ERROR_NO_DAEMON },
  { DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND, DRAFTD_BUS_CLIENT_ERROR_NO_DAEMON },
  /* It did not answer: gone, restarting, or failed to start. */
  { DBUS_ERROR_NO_REPLY, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE },
  { DBUS_ERROR_DISCONNECTED, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE },
  { DBUS_ERROR_NO_SERVER, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE },
  { DBUS_ERROR_TIMEOUT, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE },
  { DBUS_ERROR_TIMED_OUT, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE },
  { DBUS_ERROR_UNKNOWN_METHOD, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE },
  { DBUS_ERROR_UNKNOWN_OBJECT, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE },
  { DBUS_ERROR_SPAWN_EXEC_FAILED, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE },
  { DBUS_ERROR_SPAWN_FORK_FAILED, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE },
  { DBUS_ERROR_SPAWN_CHILD_EXITED, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE },
  { DBUS_ERROR_SPAWN_CHILD_SIGNALED, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE },
  { DBUS_ERROR_SPAWN_FAILED, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE },
  { DBUS_ERROR_SPAWN_SERVICE_INVALID, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE },
  { DBUS_ERROR_SPAWN_FILE_INVALID, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE },
};

void
draftd_bus_client_set_error (GError **error, const char *name, const char *message)
{
  DraftdBusClientError code = DRAFTD_BUS_CLIENT_ERROR_FAILED;
  for (guint i = 0; name && i < G_N_ELEMENTS (error_names); i++)
    if (g_str_equal (name, error_names[i].name))
      code = error_names[i].code;
  g_set_error_literal (error, DRAFTD_BUS_CLIENT_ERROR, code, message && *message ? message : name ? name : "failed");
}

const char *
draftd_bus_client_error_name (const GError *error)
{
  if (error == NULL || error->domain != DRAFTD_BUS_CLIENT_ERROR || error->code < DRAFTD_BUS_CLIENT_ERROR_INVALID_ARGUMENT)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (error_names); i++)
    if (error_names[i].code == (DraftdBusClientError) error->code)
      return error_names[i].name;
  return NULL;
}

gboolean
draftd_bus_client_unreachable (const GError *error)
{
  return error && error->domain == DRAFTD_BUS_CLIENT_ERROR &&
         (error->code == DRAFTD_BUS_CLIENT_ERROR_NO_BUS || error->code == DRAFTD_BUS_CLIENT_ERROR_NO_DAEMON ||
          error->code == DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE);
}

static void
set_error_from_dbus (GError **error, DBusError *e)
{
  draftd_bus_client_set_error (error, e->name, e->message);
  dbus_error_free (e);
}

/* ---- signals ---- */

static void
on_owner_changed (DraftdBus *b, DBusMessage *m)
{
  const char *name, *old_owner, *new_owner;
  if (!b->presence || !dbus_message_get_args (m, NULL, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &old_owner,
                                              DBUS_TYPE_STRING, &new_owner, DBUS_TYPE_INVALID) ||
      !g_str_equal (name, DRAFTD_BUS_NAME))
    return;
  if (*old_owner)
    b->presence (FALSE, b->presence_user);
  if (*new_owner)
    b->presence (TRUE, b->presence_user);
}

/* The next argument if it is of `type`, into *out; FALSE otherwise. */
static gboolean
next_arg (DBusMessageIter *it, int type, void *out)
{
  if (!dbus_message_iter_next (it) || dbus_message_iter_get_arg_type (it) != type)
    return FALSE;
  dbus_message_iter_get_basic (it, out);
  return TRUE;
}

/* One (uussss) struct as an edit; FALSE when it is not one. */
static gboolean
struct_edit (DBusMessageIter *st, DraftdBusEdit *e)
{
  DBusMessageIter f;
  dbus_message_iter_recurse (st, &f);
  if (dbus_message_iter_get_arg_type (&f) != DBUS_TYPE_UINT32)
    return FALSE;
  dbus_message_iter_get_basic (&f, &e->offset);
  if (!next_arg (&f, DBUS_TYPE_UINT32, &e->length) || !next_arg (&f, DBUS_TYPE_STRING, &e->replacement) ||
      !next_arg (&f, DBUS_TYPE_STRING, &e->kind) || !next_arg (&f, DBUS_TYPE_STRING, &e->message) ||
      !next_arg (&f, DBUS_TYPE_STRING, &e->rule))
    return FALSE;
  e->message = *e->message ? e->message : NULL;
  e->rule = *e->rule ? e->rule : NULL;
  return TRUE;
}

gboolean
draftd_bus_dict_edits (DBusMessageIter *dict, const char *key, void (*each) (gpointer user, const DraftdBusEdit *e), gpointer user)
{
  DBusMessageIter var, arr;
  if (!draftd_bus_dict_find (dict, key, &var) || dbus_message_iter_get_arg_type (&var) != DBUS_TYPE_ARRAY ||
      dbus_message_iter_get_element_type (&var) != DBUS_TYPE_STRUCT)
    return FALSE;
  dbus_message_iter_recurse (&var, &arr);
  for (; dbus_message_iter_get_arg_type (&arr) == DBUS_TYPE_STRUCT; dbus_message_iter_next (&arr)) {
    DraftdBusEdit e = { 0 };
    if (struct_edit (&arr, &e))
      each (user, &e);
  }
  return TRUE;
}

static void
on_edit (DraftdBus *b, gpointer job, DBusMessageIter *it)
{
  DraftdBusEdit e = { 0 };
  if (!next_arg (it, DBUS_TYPE_UINT32, &e.offset) || !next_arg (it, DBUS_TYPE_UINT32, &e.length) ||
      !next_arg (it, DBUS_TYPE_STRING, &e.replacement) || !next_arg (it, DBUS_TYPE_STRING, &e.kind))
    return;
  /* The edit contract grew a message: read it where the daemon sends one. */
  gboolean has_message = next_arg (it, DBUS_TYPE_STRING, &e.message);
  if (has_message && *e.message == 0)
    e.message = NULL;
  /* ... and then a rule id. */
  if (has_message && next_arg (it, DBUS_TYPE_STRING, &e.rule) && *e.rule == 0)
    e.rule = NULL;
  if (b->events->edit)
    b->events->edit (job, &e);
}

/* Finished and Failed end the job: it is no longer followed when its callback runs. */
static void
on_end (DraftdBus *b, const char *path, gpointer job, const char *member, DBusMessageIter *it)
{
  const char *a = NULL, *message = NULL;
  if (g_str_equal (member, "Finished")) {
    next_arg (it, DBUS_TYPE_STRING, &a);
    gboolean stats = dbus_message_iter_next (it);
    g_hash_table_remove (b->jobs, path);
    if (b->events->finished)
      b->events->finished (job, a ? a : "", stats ? it : NULL);
  } else {
    next_arg (it, DBUS_TYPE_STRING, &a);
    next_arg (it, DBUS_TYPE_STRING, &message);
    g_autoptr (GError) error = NULL;
    draftd_bus_client_set_error (&error, a, message ? message : "failed");
    g_hash_table_remove (b->jobs, path);
    if (b->events->failed)
      b->events->failed (job, error);
  }
}

static void
on_job_signal (DraftdBus *b, DBusMessage *m)
{
  DBusMessageIter it;
  const char *path, *member = dbus_message_get_member (m);
  gpointer job;
  if (!b->events || !dbus_message_iter_init (m, &it) || dbus_message_iter_get_arg_type (&it) != DBUS_TYPE_OBJECT_PATH)
    return;
  dbus_message_iter_get_basic (&it, &path);
  if (!g_hash_table_lookup_extended (b->jobs, path, NULL, &job))
    return;  /* another client's job, or one this one stopped following */
  if (g_str_equal (member, "Chunk")) {
    const char *text;
    if (next_arg (&it, DBUS_TYPE_STRING, &text) && b->events->chunk)
      b->events->chunk (job, text);
  } else if (g_str_equal (member, "Edit")) {
    on_edit (b, job, &it);
  } else if (g_str_equal (member, "Progress")) {
    guint32 done = 0, total = 0;
    next_arg (&it, DBUS_TYPE_UINT32, &done);
    next_arg (&it, DBUS_TYPE_UINT32, &total);
    if (b->events->progress)
      b->events->progress (job, done, total);
  } else if (g_str_equal (member, "Finished") || g_str_equal (member, "Failed")) {
    on_end (b, path, job, member, &it);
  }
}

static DBusHandlerResult
filter (DBusConnection *c, DBusMessage *m, void *user)
{
  DraftdBus *b = user;
  if (dbus_message_get_type (m) != DBUS_MESSAGE_TYPE_SIGNAL)
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  /* Only the bus itself speaks for names: another client could send the same signal to us. */
  if (dbus_message_is_signal (m, DBUS_INTERFACE_DBUS, "NameOwnerChanged") && dbus_message_has_sender (m, DBUS_SERVICE_DBUS))
    on_owner_changed (b, m);
  else if (dbus_message_is_signal (m, DBUS_INTERFACE_LOCAL, "Disconnected") && b->presence)
    b->presence (FALSE, b->presence_user);
  else if (dbus_message_has_interface (m, DRAFTD_BUS_IFACE))
    on_job_signal (b, m);
  return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

/* ---- the connection ---- */

DBusConnection *
draftd_bus_connect (const char *address, GError **error)
{
  DBusError e;
  dbus_error_init (&e);
  DBusConnection *c = address ? dbus_connection_open_private (address, &e) : dbus_bus_get_private (DBUS_BUS_SESSION, &e);
  if (c && address && !dbus_bus_register (c, &e)) {
    dbus_connection_close (c);
    dbus_connection_unref (c);
    c = NULL;
  }
  if (c == NULL) {
    g_set_error (error, DRAFTD_BUS_CLIENT_ERROR, DRAFTD_BUS_CLIENT_ERROR_NO_BUS, "%s", e.message ? e.message : e.name);
    dbus_error_free (&e);
    return NULL;
  }
  /* Clients outlive a bus that goes away: the caller decides what that means. */
  dbus_connection_set_exit_on_disconnect (c, FALSE);
  return c;
}

DraftdBus *
draftd_bus_open (const char *address, GMainContext *context, GError **error)
{
  DBusConnection *c = draftd_bus_connect (address, error);
  if (c == NULL)
    return NULL;
  DraftdBus *b = g_new0 (DraftdBus, 1);
  b->connection = c;
  b->jobs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  b->calls = g_hash_table_new (NULL, NULL);
  dbus_connection_add_filter (c, filter, b, NULL);
  if (context)
    draftd_dbus_setup_with_main_loop (c, context);
  return b;
}

typedef struct {
  DraftdBus *bus;
  DBusPendingCall *pending;
  DraftdBusReplyFunc done;
  gpointer user;
} Call;

static void
call_free (Call *call)
{
  dbus_pending_call_unref (call->pending);
  g_free (call);
}

void
draftd_bus_free (DraftdBus *b)
{
  if (b == NULL)
    return;
  GHashTableIter i;
  Call *call;
  g_hash_table_iter_init (&i, b->calls);
  while (g_hash_table_iter_next (&i, (gpointer *) &call, NULL)) {
    dbus_pending_call_cancel (call->pending);
    call_free (call);
  }
  draftd_bus_unwatch_daemon (b);
  dbus_connection_remove_filter (b->connection, filter, b);
  dbus_connection_flush (b->connection);
  dbus_connection_close (b->connection);
  dbus_connection_unref (b->connection);
  g_hash_table_unref (b->calls);
  g_hash_table_unref (b->jobs);
  g_free (b);
}

DBusConnection *
draftd_bus_connection (DraftdBus *b)
{
  return b->connection;
}

gboolean
draftd_bus_is_connected (DraftdBus *b)
{
  return dbus_connection_get_is_connected (b->connection);
}

gboolean
draftd_bus_dispatch (DraftdBus *b, int timeout_ms)
{
  return dbus_connection_read_write_dispatch (b->connection, timeout_ms);
}

/* ---- calls ---- */

DBusMessage *
draftd_bus_new_call (const char *method)
{
  return dbus_message_new_method_call (DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, method);
}

DBusMessage *
draftd_bus_call_sync (DraftdBus *b, DBusMessage *call, int timeout_ms, GError **error)
{
  DBusError e;
  dbus_error_init (&e);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (b->connection, call, timeout_ms, &e);
  dbus_message_unref (call);
  if (r == NULL)
    set_error_from_dbus (error, &e);
  return r;
}

static void
on_reply (DBusPendingCall *pending, void *user)
{
  Call *call = user;
  g_hash_table_remove (call->bus->calls, call);
  DBusMessage *r = dbus_pending_call_steal_reply (pending);
  g_autoptr (GError) error = NULL;
  if (r == NULL)
    g_set_error_literal (&error, DRAFTD_BUS_CLIENT_ERROR, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE, "no reply");
  else if (dbus_message_get_type (r) == DBUS_MESSAGE_TYPE_ERROR) {
    const char *message = NULL;
    dbus_message_get_args (r, NULL, DBUS_TYPE_STRING, &message, DBUS_TYPE_INVALID);
    draftd_bus_client_set_error (&error, dbus_message_get_error_name (r), message);
  }
  call->done (error ? NULL : r, error, call->user);
  if (r)
    dbus_message_unref (r);
  call_free (call);
}

void
draftd_bus_call (DraftdBus *b, DBusMessage *m, int timeout_ms, DraftdBusReplyFunc done, gpointer user)
{
  Call *call = g_new0 (Call, 1);
  call->bus = b;
  call->done = done;
  call->user = user;
  if (!dbus_connection_send_with_reply (b->connection, m, &call->pending, timeout_ms) || call->pending == NULL) {
    /* Disconnected: libdbus gives no pending call. Reported from the main loop, as a reply would be. */
    dbus_message_unref (m);
    g_free (call);
    g_autoptr (GError) error = g_error_new_literal (DRAFTD_BUS_CLIENT_ERROR, DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE,
                                                    "the bus connection is closed");
    done (NULL, error, user);
    return;
  }
  dbus_message_unref (m);
  g_hash_table_add (b->calls, call);
  dbus_pending_call_set_notify (call->pending, on_reply, call, NULL);
}

/* ---- jobs ---- */

void
draftd_bus_start_init (DraftdBusStart *s, const char *method, const char *const *args)
{
  s->message = draftd_bus_new_call ("Start");
  s->direct = FALSE;
  dbus_message_iter_init_append (s->message, &s->top);
  dbus_message_iter_append_basic (&s->top, DBUS_TYPE_STRING, &method);
  dbus_message_iter_open_container (&s->top, DBUS_TYPE_ARRAY, "v", &s->args);
  for (guint i = 0; args && args[i]; i++)
    draftd_bus_append_variant_string (&s->args, args[i]);
  dbus_message_iter_open_container (&s->args, DBUS_TYPE_VARIANT, "a{sv}", &s->variant);
  dbus_message_iter_open_container (&s->variant, DBUS_TYPE_ARRAY, "{sv}", &s->options);
}

DBusMessage *
draftd_bus_start_finish (DraftdBusStart *s)
{
  if (s->direct) {
    dbus_message_iter_close_container (&s->top, &s->options);
    return g_steal_pointer (&s->message);
  }
  dbus_message_iter_close_container (&s->variant, &s->options);
  dbus_message_iter_close_container (&s->args, &s->variant);
  dbus_message_iter_close_container (&s->top, &s->args);
  return g_steal_pointer (&s->message);
}

char *
draftd_bus_job_path (DBusMessage *reply)
{
  const char *path = NULL;
  if (reply == NULL || !dbus_message_get_args (reply, NULL, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID))
    return NULL;
  return g_strdup (path);
}

void
draftd_bus_cancel (DraftdBus *b, const char *job)
{
  DBusMessage *m = draftd_bus_new_call ("Cancel");
  dbus_message_append_args (m, DBUS_TYPE_OBJECT_PATH, &job, DBUS_TYPE_INVALID);
  dbus_message_set_no_reply (m, TRUE);
  dbus_message_set_auto_start (m, FALSE);
  dbus_connection_send (b->connection, m, NULL);
  dbus_connection_flush (b->connection);
  dbus_message_unref (m);
}

void
draftd_bus_set_job_events (DraftdBus *b, const DraftdBusJobEvents *events)
{
  b->events = events;
}

void
draftd_bus_follow (DraftdBus *b, const char *path, gpointer job)
{
  g_hash_table_insert (b->jobs, g_strdup (path), job);
}

void
draftd_bus_unfollow (DraftdBus *b, const char *path)
{
  g_hash_table_remove (b->jobs, path);
}

/* ---- the daemon's presence ---- */

static const char owner_rule[] =
  "type='signal',sender='" DBUS_SERVICE_DBUS "',member='NameOwnerChanged',arg0='" DRAFTD_BUS_NAME "'";

void
draftd_bus_watch_daemon (DraftdBus *b, DraftdBusPresenceFunc presence, gpointer user)
{
  if (b->presence == NULL)
    dbus_bus_add_match (b->connection, owner_rule, NULL);
  b->presence = presence;
  b->presence_user = user;
}

void
draftd_bus_unwatch_daemon (DraftdBus *b)
{
  if (b->presence && dbus_connection_get_is_connected (b->connection))
    dbus_bus_remove_match (b->connection, owner_rule, NULL);
  b->presence = NULL;
}
