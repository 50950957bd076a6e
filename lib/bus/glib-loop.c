#include "lib/bus/glib-loop.h"
#include <glib-unix.h>

typedef struct {
  DBusConnection *connection;  /* not owned */
  GMainContext *context;
  GSource *dispatch_idle;
} LoopData;

static gboolean
dispatch_pending (gpointer user)
{
  LoopData *d = user;
  dbus_connection_ref (d->connection);
  while (dbus_connection_dispatch (d->connection) == DBUS_DISPATCH_DATA_REMAINS)
    ;
  g_clear_pointer (&d->dispatch_idle, g_source_unref);
  dbus_connection_unref (d->connection);
  return G_SOURCE_REMOVE;
}

static void
schedule_dispatch (LoopData *d)
{
  if (d->dispatch_idle != NULL)
    return;
  d->dispatch_idle = g_idle_source_new ();
  g_source_set_priority (d->dispatch_idle, G_PRIORITY_DEFAULT);
  g_source_set_callback (d->dispatch_idle, dispatch_pending, d, NULL);
  g_source_attach (d->dispatch_idle, d->context);
}

static void
on_dispatch_status (DBusConnection *c, DBusDispatchStatus status, void *user)
{
  if (status == DBUS_DISPATCH_DATA_REMAINS)
    schedule_dispatch (user);
}

static void
on_wakeup (void *user)
{
  LoopData *d = user;
  g_main_context_wakeup (d->context);
}

/* ---- watches and timeouts ---- */

/* A libdbus watch or timeout and the GSource that serves it while libdbus enables it. */
typedef struct {
  LoopData *loop;
  DBusWatch *watch;      /* one of the two */
  DBusTimeout *timeout;
  GSource *source;
} Hook;

static gboolean
on_fd_ready (gint fd, GIOCondition cond, gpointer user)
{
  Hook *h = user;
  unsigned int flags = 0;
  if (cond & G_IO_IN)
    flags |= DBUS_WATCH_READABLE;
  if (cond & G_IO_OUT)
    flags |= DBUS_WATCH_WRITABLE;
  if (cond & G_IO_ERR)
    flags |= DBUS_WATCH_ERROR;
  if (cond & G_IO_HUP)
    flags |= DBUS_WATCH_HANGUP;
  LoopData *loop = h->loop;
  dbus_watch_handle (h->watch, flags);  /* may remove this watch */
  if (dbus_connection_get_dispatch_status (loop->connection) == DBUS_DISPATCH_DATA_REMAINS)
    schedule_dispatch (loop);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_timeout (gpointer user)
{
  Hook *h = user;
  dbus_timeout_handle (h->timeout);
  return G_SOURCE_CONTINUE;
}

static void
hook_stop (Hook *h)
{
  if (h && h->source) {
    g_source_destroy (h->source);
    g_clear_pointer (&h->source, g_source_unref);
  }
}

/* (Re)starts the hook's source if libdbus has it enabled. */
static void
hook_update (Hook *h)
{
  if (h == NULL)
    return;
  hook_stop (h);
  if (h->watch && dbus_watch_get_enabled (h->watch)) {
    unsigned int flags = dbus_watch_get_flags (h->watch);
    GIOCondition cond = G_IO_ERR | G_IO_HUP;
    if (flags & DBUS_WATCH_READABLE)
      cond |= G_IO_IN;
    if (flags & DBUS_WATCH_WRITABLE)
      cond |= G_IO_OUT;
    h->source = g_unix_fd_source_new (dbus_watch_get_unix_fd (h->watch), cond);
    g_source_set_callback (h->source, (GSourceFunc) (void (*) (void)) on_fd_ready, h, NULL);
  } else if (h->timeout && dbus_timeout_get_enabled (h->timeout)) {
    h->source = g_timeout_source_new (dbus_timeout_get_interval (h->timeout));
    g_source_set_callback (h->source, on_timeout, h, NULL);
  } else {
    return;
  }
  g_source_attach (h->source, h->loop->context);
}

static void
hook_free (void *p)
{
  Hook *h = p;
  hook_stop (h);
  g_free (h);
}

static Hook *
hook_new (LoopData *loop, DBusWatch *watch, DBusTimeout *timeout)
{
  Hook *h = g_new0 (Hook, 1);
  h->loop = loop;
  h->watch = watch;
  h->timeout = timeout;
  return h;
}

/* Hands the hook to libdbus, which frees it with its watch or timeout. */
static dbus_bool_t
hook_attach (Hook *h)
{
  if (h->watch)
    dbus_watch_set_data (h->watch, h, hook_free);
  else
    dbus_timeout_set_data (h->timeout, h, hook_free);
  hook_update (h);
  return TRUE;
}

/* libdbus may call remove or toggle for a watch or timeout it never gave us data for: the
 * hook helpers take NULL. */
static dbus_bool_t
add_watch (DBusWatch *watch, void *user)
{
  return hook_attach (hook_new (user, watch, NULL));
}

static void
remove_watch (DBusWatch *watch, void *user)
{
  hook_stop (dbus_watch_get_data (watch));
}

static void
toggle_watch (DBusWatch *watch, void *user)
{
  hook_update (dbus_watch_get_data (watch));
}

static dbus_bool_t
add_timeout (DBusTimeout *timeout, void *user)
{
  return hook_attach (hook_new (user, NULL, timeout));
}

static void
remove_timeout (DBusTimeout *timeout, void *user)
{
  hook_stop (dbus_timeout_get_data (timeout));
}

static void
toggle_timeout (DBusTimeout *timeout, void *user)
{
  hook_update (dbus_timeout_get_data (timeout));
}

static void
loop_data_free (void *p)
{
  LoopData *d = p;
  if (d->dispatch_idle) {
    g_source_destroy (d->dispatch_idle);
    g_source_unref (d->dispatch_idle);
  }
  g_main_context_unref (d->context);
  g_free (d);
}

static dbus_int32_t loop_slot = -1;

void
draftd_dbus_setup_with_main_loop (DBusConnection *connection, GMainContext *context)
{
  LoopData *d = g_new0 (LoopData, 1);
  d->connection = connection;
  d->context = g_main_context_ref (context ? context : g_main_context_default ());
  /* The connection owns the loop data: freed when the connection is finalized. */
  dbus_connection_allocate_data_slot (&loop_slot);
  dbus_connection_set_data (connection, loop_slot, d, loop_data_free);
  dbus_connection_set_watch_functions (connection, add_watch, remove_watch, toggle_watch, d, NULL);
  dbus_connection_set_timeout_functions (connection, add_timeout, remove_timeout, toggle_timeout, d, NULL);
  dbus_connection_set_wakeup_main_function (connection, on_wakeup, d, NULL);
  dbus_connection_set_dispatch_status_function (connection, on_dispatch_status, d, NULL);
  if (dbus_connection_get_dispatch_status (connection) == DBUS_DISPATCH_DATA_REMAINS)
    schedule_dispatch (d);
}
