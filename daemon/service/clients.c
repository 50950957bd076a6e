#include "daemon/service/clients.h"
#include "lib/bus/draftd-bus.h"

/* A message held until its sender's identity is known, with what it was dispatched with. */
typedef struct {
  DBusMessage *m;
  gpointer data;
  GDestroyNotify destroy;
} Waiting;

static void
waiting_free (gpointer p)
{
  Waiting *w = p;
  dbus_message_unref (w->m);
  if (w->destroy)
    w->destroy (w->data);
  g_free (w);
}

typedef struct {
  DraftdClients *owner;
  char *name;
  char *identity;          /* NULL until the bus has answered */
  GQueue waiting;          /* Waiting *, in arrival order */
  DBusPendingCall *call;
} Client;

struct DraftdClients {
  DBusConnection *connection;
  DraftdClientsReady ready;
  gpointer user;
  GHashTable *by_name;     /* unique name -> Client */
};

static void
client_free (gpointer p)
{
  Client *cl = p;
  if (cl->call) {
    dbus_pending_call_cancel (cl->call);
    dbus_pending_call_unref (cl->call);
  }
  g_queue_clear_full (&cl->waiting, waiting_free);
  g_free (cl->name);
  g_free (cl->identity);
  g_free (cl);
}

DraftdClients *
draftd_clients_new (DBusConnection *connection, DraftdClientsReady ready, gpointer user)
{
  DraftdClients *c = g_new0 (DraftdClients, 1);
  c->connection = dbus_connection_ref (connection);
  c->ready = ready;
  c->user = user;
  c->by_name = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, client_free);
  return c;
}

void
draftd_clients_free (DraftdClients *c)
{
  if (c == NULL)
    return;
  g_hash_table_unref (c->by_name);
  dbus_connection_unref (c->connection);
  g_free (c);
}

/* "uid:pid" from GetConnectionCredentials' a{sv}; the unique name where either is missing
 * (an error, or a bus on a platform without them). */
static char *
identity_of (DBusMessage *reply, const char *name)
{
  DBusMessageIter it;
  dbus_uint32_t uid, pid;
  if (reply && dbus_message_get_type (reply) == DBUS_MESSAGE_TYPE_METHOD_RETURN && dbus_message_iter_init (reply, &it) &&
      draftd_bus_dict_get_u32 (&it, "UnixUserID", &uid) && draftd_bus_dict_get_u32 (&it, "ProcessID", &pid))
    return g_strdup_printf ("%u:%u", uid, pid);
  return g_strdup (name);
}

static void
on_credentials (DBusPendingCall *call, void *user)
{
  Client *cl = user;
  DBusMessage *reply = dbus_pending_call_steal_reply (call);
  cl->identity = identity_of (reply, cl->name);
  if (reply)
    dbus_message_unref (reply);
  g_clear_pointer (&cl->call, dbus_pending_call_unref);
  /* ready() may reply and send, never forget this client: the queue stays valid. */
  for (Waiting *w; (w = g_queue_pop_head (&cl->waiting));) {
    cl->owner->ready (w->m, w->data, cl->identity, cl->owner->user);
    waiting_free (w);
  }
}

static Client *
client_ask (DraftdClients *c, const char *name)
{
  Client *cl = g_new0 (Client, 1);
  cl->owner = c;
  cl->name = g_strdup (name);
  g_queue_init (&cl->waiting);
  g_hash_table_insert (c->by_name, cl->name, cl);
  DBusMessage *m = dbus_message_new_method_call (DBUS_SERVICE_DBUS, DBUS_PATH_DBUS, DBUS_INTERFACE_DBUS,
                                                 "GetConnectionCredentials");
  dbus_message_append_args (m, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID);
  if (!dbus_connection_send_with_reply (c->connection, m, &cl->call, DBUS_TIMEOUT_USE_DEFAULT) || cl->call == NULL)
    cl->identity = g_strdup (name);  /* out of memory, or our bus connection is gone */
  else
    dbus_pending_call_set_notify (cl->call, on_credentials, cl, NULL);
  dbus_message_unref (m);
  return cl;
}

void
draftd_clients_dispatch (DraftdClients *c, DBusMessage *m, gpointer data, GDestroyNotify destroy)
{
  const char *name = dbus_message_get_sender (m);
  Client *cl = NULL;
  if (name) {
    cl = g_hash_table_lookup (c->by_name, name);
    if (cl == NULL)
      cl = client_ask (c, name);
  }
  /* A peer-to-peer caller (no sender) is the only one there is. */
  if (cl == NULL || (cl->identity && g_queue_is_empty (&cl->waiting))) {
    c->ready (m, data, cl ? cl->identity : "", c->user);
    if (destroy)
      destroy (data);
    return;
  }
  Waiting *w = g_new (Waiting, 1);
  *w = (Waiting) { dbus_message_ref (m), data, destroy };
  g_queue_push_tail (&cl->waiting, w);
}

void
draftd_clients_forget (DraftdClients *c, const char *name)
{
  g_hash_table_remove (c->by_name, name);
}

const char *
draftd_clients_identity (DraftdClients *c, const char *name)
{
  Client *cl = name ? g_hash_table_lookup (c->by_name, name) : NULL;
  return cl ? cl->identity : NULL;
}

GPtrArray *
draftd_clients_connections (DraftdClients *c, const char *identity)
{
  GPtrArray *names = g_ptr_array_new ();
  GHashTableIter it;
  gpointer v;
  g_hash_table_iter_init (&it, c->by_name);
  while (g_hash_table_iter_next (&it, NULL, &v))
    if (g_strcmp0 (((Client *) v)->identity, identity) == 0)
      g_ptr_array_add (names, ((Client *) v)->name);
  return names;
}
