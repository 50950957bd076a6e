#include "daemon/dbus/dbus-glib-loop.h"
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

/* ---- watches ---- */

typedef struct {
  LoopData *loop;
  DBusWatch *watch;
  GSource *source;
} WatchData;

static gboolean
on_fd_ready (gint fd, GIOCondition cond, gpointer user)
{
  WatchData *w = user;
  unsigned int flags = 0;
  if (cond & G_IO_IN)
    flags |= DBUS_WATCH_READABLE;
  if (cond & G_IO_OUT)
    flags |= DBUS_WATCH_WRITABLE;
  if (cond & G_IO_ERR)
    flags |= DBUS_WATCH_ERROR;
  if (cond & G_IO_HUP)
    flags |= DBUS_WATCH_HANGUP;
  LoopData *loop = w->loop;
  dbus_watch_handle (w->watch, flags);  /* may remove this watch */
  if (dbus_connection_get_dispatch_status (loop->connection) == DBUS_DISPATCH_DATA_REMAINS)
    schedule_dispatch (loop);
  return G_SOURCE_CONTINUE;
}

static void
watch_source_start (WatchData *w)
{
  unsigned int flags = dbus_watch_get_flags (w->watch);
  GIOCondition cond = G_IO_ERR | G_IO_HUP;
  if (flags & DBUS_WATCH_READABLE)
    cond |= G_IO_IN;
  if (flags & DBUS_WATCH_WRITABLE)
    cond |= G_IO_OUT;
  w->source = g_unix_fd_source_new (dbus_watch_get_unix_fd (w->watch), cond);
  g_source_set_callback (w->source, (GSourceFunc) (void (*) (void)) on_fd_ready, w, NULL);
  g_source_attach (w->source, w->loop->context);
}

static void
watch_source_stop (WatchData *w)
{
  if (w->source) {
    g_source_destroy (w->source);
    g_clear_pointer (&w->source, g_source_unref);
  }
}

static void
watch_data_free (void *p)
{
  WatchData *w = p;
  watch_source_stop (w);
  g_free (w);
}

static dbus_bool_t
add_watch (DBusWatch *watch, void *user)
{
  WatchData *w = g_new0 (WatchData, 1);
  w->loop = user;
  w->watch = watch;
  dbus_watch_set_data (watch, w, watch_data_free);
  if (dbus_watch_get_enabled (watch))
    watch_source_start (w);
  return TRUE;
}

static void
remove_watch (DBusWatch *watch, void *user)
{
  WatchData *w = dbus_watch_get_data (watch);
  if (w)
    watch_source_stop (w);
}

static void
toggle_watch (DBusWatch *watch, void *user)
{
  WatchData *w = dbus_watch_get_data (watch);
  if (w == NULL)
    return;
  watch_source_stop (w);
  if (dbus_watch_get_enabled (watch))
    watch_source_start (w);
}

/* ---- timeouts ---- */

typedef struct {
  LoopData *loop;
  DBusTimeout *timeout;
  GSource *source;
} TimeoutData;

static gboolean
on_timeout (gpointer user)
{
  TimeoutData *t = user;
  dbus_timeout_handle (t->timeout);
  return G_SOURCE_CONTINUE;
}

static void
timeout_source_start (TimeoutData *t)
{
  t->source = g_timeout_source_new (dbus_timeout_get_interval (t->timeout));
  g_source_set_callback (t->source, on_timeout, t, NULL);
  g_source_attach (t->source, t->loop->context);
}

static void
timeout_source_stop (TimeoutData *t)
{
  if (t->source) {
    g_source_destroy (t->source);
    g_clear_pointer (&t->source, g_source_unref);
  }
}

static void
timeout_data_free (void *p)
{
  TimeoutData *t = p;
  timeout_source_stop (t);
  g_free (t);
}

static dbus_bool_t
add_timeout (DBusTimeout *timeout, void *user)
{
  TimeoutData *t = g_new0 (TimeoutData, 1);
  t->loop = user;
  t->timeout = timeout;
  dbus_timeout_set_data (timeout, t, timeout_data_free);
  if (dbus_timeout_get_enabled (timeout))
    timeout_source_start (t);
  return TRUE;
}

static void
remove_timeout (DBusTimeout *timeout, void *user)
{
  TimeoutData *t = dbus_timeout_get_data (timeout);
  if (t)
    timeout_source_stop (t);
}

static void
toggle_timeout (DBusTimeout *timeout, void *user)
{
  TimeoutData *t = dbus_timeout_get_data (timeout);
  if (t == NULL)
    return;
  timeout_source_stop (t);
  if (dbus_timeout_get_enabled (timeout))
    timeout_source_start (t);
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
