#include "client/lsp/daemon-client.h"
#include "lib/bus/draftd-bus.h"

#define START_TIMEOUT_MS (180 * 1000)

typedef enum { JOB_QUEUED, JOB_STARTING, JOB_RUNNING, JOB_DONE } JobState;

typedef struct {
  DraftdLspDaemon *d;
  guint64 id;
  char *method, *text, *instruction, *path;
  JobState state;
  gboolean urgent;
  GList *link;            /* in the queue while queued: leaving it is O(1), not a walk */
  gboolean cancel_requested;
  GError *error;          /* a failure to report from the main loop */
  GArray *edits;
  DraftdLspJobDone done;
  gpointer user;
} Job;

struct _DraftdLspDaemon {
  GDBusConnection *bus;
  guint max_running, running;
  GQueue queue;
  GHashTable *jobs;      /* id -> Job, every job not yet reported */
  GHashTable *by_path;   /* job object path -> Job, running ones */
  guint signal_id, watch_id;
  GQueue cancelled;      /* Job *, cancelled here and not yet reported */
  guint report_source;   /* the idle that reports them, all in one go */
  gulong closed_id;
  guint64 next_id;
  DraftdLspPresence presence;
  gpointer user;
  DraftdLspDaemonStats stats;
};

static void pump (DraftdLspDaemon *d);

static void
edit_clear (DraftdLspEdit *e)
{
  g_free (e->replacement);
  g_free (e->kind);
  g_free (e->message);
}

static void
job_free (Job *j)
{
  g_free (j->method);
  g_free (j->text);
  g_free (j->instruction);
  g_free (j->path);
  g_array_unref (j->edits);
  g_clear_error (&j->error);
  g_free (j);
}

static void
unqueue (Job *j)
{
  if (j->link)
    g_queue_delete_link (&j->d->queue, j->link);
  j->link = NULL;
}

/* Reports the job and forgets it. */
static void
finish (Job *j, const char *result, const GError *error)
{
  DraftdLspDaemon *d = j->d;
  if (j->state == JOB_STARTING || j->state == JOB_RUNNING)
    d->running--;
  if (j->path)
    g_hash_table_remove (d->by_path, j->path);
  unqueue (j);
  j->state = JOB_DONE;
  g_hash_table_steal (d->jobs, &j->id);
  if (error && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    d->stats.failed++;
  j->done (error ? NULL : j->edits, result, error, j->user);
  job_free (j);
  pump (d);
}

static void
finish_cancelled (Job *j)
{
  g_autoptr (GError) e = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
  j->d->stats.cancelled++;
  finish (j, NULL, e);
}

static void
on_signal (GDBusConnection *bus, const char *sender, const char *path, const char *iface, const char *member,
           GVariant *params, gpointer user)
{
  DraftdLspDaemon *d = user;
  const char *job_path = NULL;
  if (!g_str_has_prefix (g_variant_get_type_string (params), "(o"))
    return;
  g_variant_get_child (params, 0, "&o", &job_path);
  Job *j = g_hash_table_lookup (d->by_path, job_path);
  if (j == NULL)
    return;  /* a job cancelled here, or another client's */
  if (g_str_equal (member, "Edit") &&
      (g_variant_is_of_type (params, G_VARIANT_TYPE ("(ouuss)")) || g_variant_is_of_type (params, G_VARIANT_TYPE ("(ouusss)")))) {
    DraftdLspEdit e = { 0 };
    g_variant_get_child (params, 1, "u", &e.offset);
    g_variant_get_child (params, 2, "u", &e.length);
    g_variant_get_child (params, 3, "s", &e.replacement);
    g_variant_get_child (params, 4, "s", &e.kind);
    if (g_variant_n_children (params) == 6)
      g_variant_get_child (params, 5, "s", &e.message);
    g_array_append_val (j->edits, e);
  } else if (g_str_equal (member, "Finished") && g_variant_is_of_type (params, G_VARIANT_TYPE ("(osa{sv})"))) {
    const char *result;
    g_variant_get_child (params, 1, "&s", &result);
    finish (j, result, NULL);
  } else if (g_str_equal (member, "Failed") && g_variant_is_of_type (params, G_VARIANT_TYPE ("(oss)"))) {
    const char *name, *message;
    g_variant_get_child (params, 1, "&s", &name);
    g_variant_get_child (params, 2, "&s", &message);
    g_autoptr (GError) e = g_dbus_error_new_for_dbus_error (name, message);
    finish (j, NULL, e);
  }
}

/* Jobs the daemon was running are lost when it leaves the bus: fail them, so that the
 * caller can retry once it is back. */
static void
fail_running (DraftdLspDaemon *d, const char *why)
{
  g_autoptr (GList) jobs = g_hash_table_get_values (d->by_path);
  for (GList *l = jobs; l; l = l->next) {
    g_autoptr (GError) e = g_error_new_literal (G_DBUS_ERROR, G_DBUS_ERROR_NAME_HAS_NO_OWNER, why);
    finish (l->data, NULL, e);
  }
}

static void
on_appeared (GDBusConnection *bus, const char *name, const char *owner, gpointer user)
{
  DraftdLspDaemon *d = user;
  if (d->presence)
    d->presence (TRUE, d->user);
}

static void
on_vanished (GDBusConnection *bus, const char *name, gpointer user)
{
  DraftdLspDaemon *d = user;
  fail_running (d, "draftd left the session bus (it stopped or is restarting)");
  if (d->presence)
    d->presence (FALSE, d->user);
}

static void
drop_bus (DraftdLspDaemon *d)
{
  if (d->bus == NULL)
    return;
  g_dbus_connection_signal_unsubscribe (d->bus, d->signal_id);
  g_bus_unwatch_name (d->watch_id);
  g_signal_handler_disconnect (d->bus, d->closed_id);
  g_clear_object (&d->bus);
}

static void
on_closed (GDBusConnection *bus, gboolean remote, GError *error, gpointer user)
{
  DraftdLspDaemon *d = user;
  drop_bus (d);
  fail_running (d, "the session bus connection closed");
  if (d->presence)
    d->presence (FALSE, d->user);
}

static void
attach_bus (DraftdLspDaemon *d, GDBusConnection *bus)
{
  d->bus = g_object_ref (bus);
  /* The language server outlives a bus that goes away; it reconnects when next needed. */
  g_dbus_connection_set_exit_on_close (bus, FALSE);
  d->closed_id = g_signal_connect (bus, "closed", G_CALLBACK (on_closed), d);
  d->signal_id = g_dbus_connection_signal_subscribe (bus, NULL, DRAFTD_BUS_JOB_IFACE, NULL, DRAFTD_BUS_PATH, NULL,
                                                     G_DBUS_SIGNAL_FLAGS_NONE, on_signal, d, NULL);
  d->watch_id = g_bus_watch_name_on_connection (bus, DRAFTD_BUS_NAME, G_BUS_NAME_WATCHER_FLAGS_NONE, on_appeared,
                                                on_vanished, d, NULL);
}

DraftdLspDaemon *
draftd_lsp_daemon_new (GDBusConnection *bus, guint max_running, DraftdLspPresence presence, gpointer user)
{
  DraftdLspDaemon *d = g_new0 (DraftdLspDaemon, 1);
  d->max_running = MAX (max_running, 1);
  d->jobs = g_hash_table_new (g_int64_hash, g_int64_equal);
  d->by_path = g_hash_table_new (g_str_hash, g_str_equal);
  d->presence = presence;
  d->user = user;
  g_queue_init (&d->queue);
  g_queue_init (&d->cancelled);
  if (bus)
    attach_bus (d, bus);
  return d;
}

void
draftd_lsp_daemon_free (DraftdLspDaemon *d)
{
  /* Running jobs are cancelled on the daemon; nobody is left to report them to. */
  g_autoptr (GList) jobs = g_hash_table_get_values (d->jobs);
  for (GList *l = jobs; l; l = l->next) {
    Job *j = l->data;
    if (j->path && d->bus)
      g_dbus_connection_call (d->bus, DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "Cancel",
                              g_variant_new ("(o)", j->path), NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
    j->state = JOB_DONE;
    g_autoptr (GError) e = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "the language server is exiting");
    j->done (NULL, NULL, e, j->user);
    job_free (j);
  }
  if (d->bus)
    g_dbus_connection_flush_sync (d->bus, NULL, NULL);
  drop_bus (d);
  g_queue_clear (&d->queue);
  g_queue_clear (&d->cancelled);
  if (d->report_source)
    g_source_remove (d->report_source);
  g_hash_table_unref (d->jobs);
  g_hash_table_unref (d->by_path);
  g_free (d);
}

static void
on_started (GObject *source, GAsyncResult *res, gpointer user)
{
  Job *j = user;
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), res, &error);
  if (reply == NULL) {
    finish (j, NULL, error);
    return;
  }
  g_variant_get (reply, "(o)", &j->path);
  if (j->cancel_requested) {
    g_dbus_connection_call (G_DBUS_CONNECTION (source), DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "Cancel",
                            g_variant_new ("(o)", j->path), NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
    g_clear_pointer (&j->path, g_free);
    finish_cancelled (j);
    return;
  }
  j->state = JOB_RUNNING;
  g_hash_table_insert (j->d->by_path, j->path, j);
}

static GVariant *
start_args (Job *j)
{
  GVariantBuilder opts, args;
  g_variant_builder_init (&opts, G_VARIANT_TYPE ("a{sv}"));
  /* Byte offsets: the server maps them through its piece tables to any LSP encoding. */
  g_variant_builder_add (&opts, "{sv}", "offset_unit", g_variant_new_string ("utf8"));
  g_variant_builder_init (&args, G_VARIANT_TYPE ("av"));
  g_variant_builder_add (&args, "v", g_variant_new_string (j->text));
  if (j->instruction)
    g_variant_builder_add (&args, "v", g_variant_new_string (j->instruction));
  g_variant_builder_add (&args, "v", g_variant_builder_end (&opts));
  return g_variant_new ("(sav)", j->method, &args);
}

static gboolean
fail_later (gpointer user)
{
  Job *j = user;
  finish (j, NULL, j->error);
  return G_SOURCE_REMOVE;
}

static void
pump (DraftdLspDaemon *d)
{
  while (d->running < d->max_running && !g_queue_is_empty (&d->queue)) {
    Job *j = g_queue_pop_head (&d->queue);
    j->link = NULL;
    if (d->bus == NULL) {
      g_autoptr (GError) error = NULL;
      g_autoptr (GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
      if (bus == NULL) {
        /* Reported from the main loop: callbacks never run inside draftd_lsp_daemon_start. */
        j->error = g_steal_pointer (&error);
        j->state = JOB_DONE;
        g_idle_add (fail_later, j);
        continue;
      }
      attach_bus (d, bus);
    }
    j->state = JOB_STARTING;
    d->running++;
    d->stats.started++;
    /* Without NO_AUTO_START: a daemon that is not running is started by D-Bus activation,
     * and the reply waits for it to load its models (a slow machine takes more than the
     * default 25 s). A running daemon answers Start at once. */
    g_dbus_connection_call (d->bus, DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "Start", start_args (j),
                            G_VARIANT_TYPE ("(o)"), G_DBUS_CALL_FLAGS_NONE, START_TIMEOUT_MS, NULL, on_started, j);
  }
}

/* What the user just typed must not wait behind a long check's paragraphs (the daemon runs
 * one client's jobs in order): those the daemon holds are stopped there and queued again,
 * right behind the urgent job. Their callbacks see nothing of it. */
static void
preempt (DraftdLspDaemon *d)
{
  g_autoptr (GList) running = g_hash_table_get_values (d->by_path);
  for (GList *l = running; l; l = l->next) {
    Job *j = l->data;
    if (j->urgent || j->cancel_requested)
      continue;
    g_dbus_connection_call (d->bus, DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "Cancel",
                            g_variant_new ("(o)", j->path), NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
    g_hash_table_remove (d->by_path, j->path);
    g_clear_pointer (&j->path, g_free);
    g_array_set_size (j->edits, 0);
    j->state = JOB_QUEUED;
    d->running--;
    g_queue_push_nth (&d->queue, j, 1);
    j->link = g_queue_peek_nth_link (&d->queue, 1);
  }
}

guint64
draftd_lsp_daemon_start (DraftdLspDaemon *d, const char *method, const char *text, const char *instruction,
                         gboolean urgent, DraftdLspJobDone done, gpointer user)
{
  Job *j = g_new0 (Job, 1);
  j->d = d;
  j->id = ++d->next_id;
  j->method = g_strdup (method);
  j->text = g_strdup (text);
  j->instruction = g_strdup (instruction);
  j->edits = g_array_new (FALSE, TRUE, sizeof (DraftdLspEdit));
  g_array_set_clear_func (j->edits, (GDestroyNotify) edit_clear);
  j->done = done;
  j->user = user;
  g_hash_table_insert (d->jobs, &j->id, j);
  j->urgent = urgent;
  if (urgent) {
    g_queue_push_head (&d->queue, j);
    j->link = d->queue.head;
    if (d->running >= d->max_running)
      preempt (d);
  } else {
    g_queue_push_tail (&d->queue, j);
    j->link = d->queue.tail;
  }
  pump (d);
  return j->id;
}

static gboolean
report_cancelled (gpointer user)
{
  DraftdLspDaemon *d = user;
  d->report_source = 0;
  for (Job *j; (j = g_queue_pop_head (&d->cancelled));)
    finish_cancelled (j);
  return G_SOURCE_REMOVE;
}

void
draftd_lsp_daemon_cancel (DraftdLspDaemon *d, guint64 id)
{
  Job *j = g_hash_table_lookup (d->jobs, &id);
  if (j == NULL || j->cancel_requested || j->state == JOB_DONE)
    return;
  j->cancel_requested = TRUE;
  if (j->state == JOB_STARTING)
    return;  /* on_started cancels it once the daemon has named it */
  if (j->state == JOB_RUNNING) {
    g_dbus_connection_call (d->bus, DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "Cancel",
                            g_variant_new ("(o)", j->path), NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
    g_hash_table_remove (d->by_path, j->path);
  } else {
    unqueue (j);
  }
  /* Reported from the main loop: the caller may be iterating over its own job table. One
   * idle for them all: a closed document cancels thousands at once. */
  g_queue_push_tail (&d->cancelled, j);
  if (d->report_source == 0)
    d->report_source = g_idle_add (report_cancelled, d);
}

void
draftd_lsp_daemon_stats (DraftdLspDaemon *d, DraftdLspDaemonStats *out)
{
  *out = d->stats;
}

gboolean
draftd_lsp_daemon_unreachable (const GError *error)
{
  if (error == NULL)
    return FALSE;
  if (error->domain == G_IO_ERROR)
    return error->code != G_IO_ERROR_CANCELLED;
  if (error->domain != G_DBUS_ERROR)
    return FALSE;
  switch (error->code) {
  case G_DBUS_ERROR_SERVICE_UNKNOWN:
  case G_DBUS_ERROR_NAME_HAS_NO_OWNER:
  case G_DBUS_ERROR_NO_REPLY:
  case G_DBUS_ERROR_DISCONNECTED:
  case G_DBUS_ERROR_NO_SERVER:
  case G_DBUS_ERROR_TIMEOUT:
  case G_DBUS_ERROR_TIMED_OUT:
  case G_DBUS_ERROR_UNKNOWN_METHOD:
  case G_DBUS_ERROR_UNKNOWN_OBJECT:
  case G_DBUS_ERROR_SPAWN_EXEC_FAILED:
  case G_DBUS_ERROR_SPAWN_FORK_FAILED:
  case G_DBUS_ERROR_SPAWN_CHILD_EXITED:
  case G_DBUS_ERROR_SPAWN_CHILD_SIGNALED:
  case G_DBUS_ERROR_SPAWN_FAILED:
  case G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND:
  case G_DBUS_ERROR_SPAWN_SERVICE_INVALID:
  case G_DBUS_ERROR_SPAWN_FILE_INVALID:
    return TRUE;
  default:
    return FALSE;
  }
}

typedef struct {
  DraftdLspCallDone done;
  gpointer user;
} Call;

static void
on_add_word (GObject *source, GAsyncResult *res, gpointer user)
{
  Call *c = user;
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), res, &error);
  c->done (reply ? NULL : error, c->user);
  g_free (c);
}

void
draftd_lsp_daemon_add_word (DraftdLspDaemon *d, const char *word, DraftdLspCallDone done, gpointer user)
{
  if (d->bus == NULL) {
    g_autoptr (GError) error = NULL;
    g_autoptr (GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
    if (bus == NULL) {
      done (error, user);
      return;
    }
    attach_bus (d, bus);
  }
  Call *c = g_new0 (Call, 1);
  c->done = done;
  c->user = user;
  g_dbus_connection_call (d->bus, DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "AddWord", g_variant_new ("(s)", word),
                          NULL, G_DBUS_CALL_FLAGS_NONE, START_TIMEOUT_MS, NULL, on_add_word, c);
}
