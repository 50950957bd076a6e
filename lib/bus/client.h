/* draftd's clients' side of the bus, on libdbus: `draft`, `draftd-lsp`, the tests and the
 * load bench all speak to the daemon through this.
 *   - open the session bus or an address, run by hand (the CLI) or on a GLib main context
 *     (lib/bus/glib-loop.h, what the daemon itself uses);
 *   - call a method of the daemon with a deadline, blocking or with a callback;
 *   - build Start, follow the jobs' signals (Chunk, Edit, Progress, Finished, Failed),
 *     Cancel a job;
 *   - watch the daemon's name come and go.
 * Errors are one domain, DRAFTD_BUS_CLIENT_ERROR; the daemon's own org.draftd.Error.* names
 * map to codes one to one. */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>
#include "lib/bus/draftd-bus.h"

#define DRAFTD_BUS_CLIENT_ERROR (draftd_bus_client_error_quark ())
GQuark draftd_bus_client_error_quark (void);

typedef enum {
  DRAFTD_BUS_CLIENT_ERROR_FAILED,       /* another D-Bus error */
  DRAFTD_BUS_CLIENT_ERROR_NO_BUS,       /* no connection to the bus */
  DRAFTD_BUS_CLIENT_ERROR_NO_DAEMON,    /* not running, and the bus cannot start it */
  DRAFTD_BUS_CLIENT_ERROR_UNREACHABLE,  /* no reply in time, disconnected, activation failed */
  /* The daemon's errors, org.draftd.Error.*: */
  DRAFTD_BUS_CLIENT_ERROR_INVALID_ARGUMENT,
  DRAFTD_BUS_CLIENT_ERROR_INVALID_TEXT,
  DRAFTD_BUS_CLIENT_ERROR_TOO_LONG,
  DRAFTD_BUS_CLIENT_ERROR_CANCELLED,
  DRAFTD_BUS_CLIENT_ERROR_NO_MODEL,
  DRAFTD_BUS_CLIENT_ERROR_BUSY,
  DRAFTD_BUS_CLIENT_ERROR_INTERNAL,
  DRAFTD_BUS_CLIENT_ERROR_UNSUPPORTED,  /* the loaded model cannot do it (completion, chat) */
} DraftdBusClientError;

/* Sets *error from a D-Bus error name and message. */
void draftd_bus_client_set_error (GError **error, const char *name, const char *message);
/* The org.draftd.Error.* name of a daemon's error, NULL for the others. */
const char *draftd_bus_client_error_name (const GError *error);
/* Whether the error means the daemon could not be reached (no bus, not running, no reply). */
gboolean draftd_bus_client_unreachable (const GError *error);

/* A bare private connection (address NULL: the session bus), registered on the bus and
 * never exiting the process when it closes: for programs that drive libdbus themselves
 * (the tests' low-level checks). The caller closes and unrefs it. */
DBusConnection *draftd_bus_connect (const char *address, GError **error);

typedef struct _DraftdBus DraftdBus;

/* address NULL: the session bus. context NULL: the caller runs the connection itself
 * (draftd_bus_dispatch); otherwise it runs on that main context. */
DraftdBus *draftd_bus_open (const char *address, GMainContext *context, GError **error);
/* Closes the connection; calls still waiting never call back. */
void draftd_bus_free (DraftdBus *b);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdBus, draftd_bus_free)
DBusConnection *draftd_bus_connection (DraftdBus *b);
gboolean draftd_bus_is_connected (DraftdBus *b);
/* Reads, writes and dispatches for up to timeout_ms; FALSE once disconnected. */
gboolean draftd_bus_dispatch (DraftdBus *b, int timeout_ms);

/* A call of `method` on the daemon's object and interface, to fill with arguments. */
DBusMessage *draftd_bus_new_call (const char *method);
/* Sends `call` (taking it) and waits up to timeout_ms (-1: libdbus's default) for the reply. */
DBusMessage *draftd_bus_call_sync (DraftdBus *b, DBusMessage *call, int timeout_ms, GError **error);
/* reply NULL when error is set; the reply is the callback's to read, not to keep. */
typedef void (*DraftdBusReplyFunc) (DBusMessage *reply, const GError *error, gpointer user);
/* Sends `call` (taking it); `done` runs once, when the reply or the deadline comes. */
void draftd_bus_call (DraftdBus *b, DBusMessage *call, int timeout_ms, DraftdBusReplyFunc done, gpointer user);

/* Start(method, av): the method's string arguments, then an a{sv} of options that is open
 * between init and finish (fill `options` with draftd_bus_dict_add). */
typedef struct {
  DBusMessage *message;
  DBusMessageIter top, args, variant, options;
  gboolean direct;  /* a job method called itself (draftd-bus-methods.h), not through Start */
} DraftdBusStart;
void draftd_bus_start_init (DraftdBusStart *s, const char *method, const char *const *args);
DBusMessage *draftd_bus_start_finish (DraftdBusStart *s);
/* The path a Start reply names, or NULL. */
char *draftd_bus_job_path (DBusMessage *reply);
/* Cancel(job), without waiting and without starting a daemon that is gone. */
void draftd_bus_cancel (DraftdBus *b, const char *job);

/* An Edit signal; the strings live as long as the callback. message NULL where the daemon
 * sent none (an edit of type (ouuss)), rule NULL where it sent no rule id (before (ouussss)). */
typedef struct {
  guint32 offset, length;
  const char *replacement, *kind, *message, *rule;
} DraftdBusEdit;

/* Calls each(user, edit) for every (uussss) of the a(uussss) under `key` in the a{sv} `dict`
 * (Correct's stats "suggestions": offered, not applied); FALSE when there is none of that type. */
gboolean draftd_bus_dict_edits (DBusMessageIter *dict, const char *key, void (*each) (gpointer user, const DraftdBusEdit *e),
                                gpointer user);

/* What a followed job's signals call; `job` is what draftd_bus_follow was given. After
 * finished or failed the job is no longer followed. Any callback may be NULL. */
typedef struct {
  void (*chunk) (gpointer job, const char *text);
  void (*edit) (gpointer job, const DraftdBusEdit *edit);
  void (*progress) (gpointer job, guint32 done, guint32 total);
  void (*finished) (gpointer job, const char *result, DBusMessageIter *stats);
  void (*failed) (gpointer job, const GError *error);
} DraftdBusJobEvents;

void draftd_bus_set_job_events (DraftdBus *b, const DraftdBusJobEvents *events);
/* Follows the job at `path` (as Start named it); signals of other paths are left alone. */
void draftd_bus_follow (DraftdBus *b, const char *path, gpointer job);
void draftd_bus_unfollow (DraftdBus *b, const char *path);

/* Called with FALSE when the daemon leaves the bus or the connection closes, TRUE when
 * it (re)appears; changes only, never the state at the start. */
typedef void (*DraftdBusPresenceFunc) (gboolean present, gpointer user);
void draftd_bus_watch_daemon (DraftdBus *b, DraftdBusPresenceFunc presence, gpointer user);
void draftd_bus_unwatch_daemon (DraftdBus *b);
