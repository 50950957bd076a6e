/* Who a caller is, beyond its connection: its Unix user and process, from the bus's own
 * credentials (GetConnectionCredentials), so that limits count per client and a process
 * cannot multiply them by opening more connections. Asked once per connection, without
 * blocking: a caller's first messages wait until the bus has answered, in order. */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

typedef struct DraftdClients DraftdClients;

/* Called on the main thread with a message whose sender's identity is now known, and the
 * `data` it was dispatched with (freed by its destroy function once this returns). */
typedef void (*DraftdClientsReady) (DBusMessage *m, gpointer data, const char *identity, gpointer user);

DraftdClients *draftd_clients_new (DBusConnection *connection, DraftdClientsReady ready, gpointer user);
void draftd_clients_free (DraftdClients *c);
/* Hands `m` and `data` (the caller's, such as the request read from `m`) to ready() with its
 * sender's identity ("uid:pid"), at once when it is known; `destroy` (may be NULL) frees `data`
 * after ready(), or when the sender leaves first. A sender the bus cannot vouch for counts as
 * its own connection (its unique name). */
void draftd_clients_dispatch (DraftdClients *c, DBusMessage *m, gpointer data, GDestroyNotify destroy);
/* The connection left the bus: messages still waiting for its identity are dropped. */
void draftd_clients_forget (DraftdClients *c, const char *name);
/* The identity of a connection, NULL while unknown. */
const char *draftd_clients_identity (DraftdClients *c, const char *name);
/* The connections (unique names) of an identity. */
GPtrArray *draftd_clients_connections (DraftdClients *c, const char *identity);
