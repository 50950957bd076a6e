#include "client/lsp/daemon-client.h"
#include "lib/bus/client.h"

#define START_TIMEOUT_MS (180 * 1000)

typedef enum { JOB_QUEUED, JOB_STARTING, JOB_RUNNING, JOB_DONE } JobState;

typedef struct {
  DraftdLspDaemon *d;
  guint64 id;
  const DraftdBusMethod *method;
  char *text, *instruction, *path;
  char **disabled_rules;  /* sent as the option of that name; NULL: none */
  char *dialect, *locale_dialect, *document, *language;  /* Correct's dialect, locale_dialect, path and language; NULL: not sent */
  JobState state;
  gboolean urgent;
  GList *link;            /* in the queue while queued: leaving it is O(1), not a walk */
  gboolean cancel_requested;
  GError *error;          /* a failure to report from the main loop */
  GArray *edits;
  char *unchecked_language;  /* the Finished stats' language of sentences left unchecked */
  DraftdLspJobDone done;
  gpointer user;
} Job;

struct _DraftdLspDaemon {
  char *address;         /* NULL: the session bus */
  DraftdBus *bus;        /* opened when first needed, again after the connection closed */
  guint max_running, running;
  GQueue queue;
  GHashTable *jobs;      /* id -> Job, every job not yet reported */
  GHashTable *by_path;   /* job object path -> Job, running ones */
  GQueue cancelled;      /* Job *, cancelled here and not yet reported */
  guint report_source;   /* the idle that reports them, all in one go */
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
  g_free (e->rule);
}

static void
job_free (Job *j)
{
  g_strfreev (j->disabled_rules);
  g_free (j->dialect);
  g_free (j->locale_dialect);
  g_free (j->language);
  g_free (j->document);
  g_free (j->text);
  g_free (j->instruction);
  g_free (j->path);
  g_free (j->unchecked_language);
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
  if (j->path) {
    g_hash_table_remove (d->by_path, j->path);
    if (d->bus)
      draftd_bus_unfollow (d->bus, j->path);
  }
  unqueue (j);
  j->state = JOB_DONE;
  g_hash_table_steal (d->jobs, &j->id);
  if (error && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    d->stats.failed++;
  j->done (error ? NULL : j->edits, result, error ? NULL : j->unchecked_language, error, j->user);
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
on_edit (gpointer user, const DraftdBusEdit *edit)
{
  Job *j = user;
  DraftdLspEdit e = { edit->offset, edit->length, g_strdup (edit->replacement), g_strdup (edit->kind),
                      g_strdup (edit->message), g_strdup (edit->rule), FALSE };
  g_array_append_val (j->edits, e);
}

static void
on_suggestion (gpointer user, const DraftdBusEdit *edit)
{
  Job *j = user;
  DraftdLspEdit e = { edit->offset, edit->length, g_strdup (edit->replacement), g_strdup (edit->kind),
                      g_strdup (edit->message), g_strdup (edit->rule), TRUE };
  g_array_append_val (j->edits, e);
}

static void
on_finished (gpointer user, const char *result, DBusMessageIter *stats)
{
  Job *j = user;
  dbus_uint32_t unchecked = 0;
  const char *language = NULL;
  if (stats && draftd_bus_dict_get_u32 (stats, "unchecked", &unchecked) && unchecked > 0)
    j->unchecked_language =
      g_strdup (draftd_bus_dict_get (stats, "unchecked_language", DBUS_TYPE_STRING, &language) && *language ? language : "und");
  if (stats)
    draftd_bus_dict_edits (stats, "suggestions", on_suggestion, j);
  finish (j, result, NULL);
}

static void
on_failed (gpointer user, const GError *error)
{
  finish (user, NULL, error);
}

static const DraftdBusJobEvents job_events = { NULL, on_edit, NULL, on_finished, on_failed };

/* Jobs the daemon was running are lost when it leaves the bus: fail them, so that the
 * caller can retry once it is back. */
static void
fail_running (DraftdLspDaemon *d, const char *why)
{
  g_autoptr (GList) jobs = g_hash_table_get_values (d->by_path);
  for (GList *l = jobs; l; l = l->next) {
    g_autoptr (GError) e = g_error_new_literal (DRAFTD_BUS_CLIENT_ERROR, DRAFTD_BUS_CLIENT_ERROR_NO_DAEMON, why);
    finish (l->data, NULL, e);
  }
}

static void
on_presence (gboolean present, gpointer user)
{
  DraftdLspDaemon *d = user;
  if (!present)
    fail_running (d, draftd_bus_is_connected (d->bus) ? "draftd left the session bus (it stopped or is restarting)"
                                                      : "the session bus connection closed");
  if (d->presence)
    d->presence (present, d->user);
}

static gboolean
free_bus (gpointer bus)
{
  draftd_bus_free (bus);
  return G_SOURCE_REMOVE;
}

/* The bus, connected when first needed; the language server outlives a bus that goes away
 * and connects again. NULL with *error set when there is none. */
static DraftdBus *
ensure_bus (DraftdLspDaemon *d, GError **error)
{
  if (d->bus && !draftd_bus_is_connected (d->bus))
    g_idle_add (free_bus, g_steal_pointer (&d->bus));  /* its callbacks may be on the stack */
  if (d->bus == NULL) {
    GMainContext *context = g_main_context_get_thread_default ();
    d->bus = draftd_bus_open (d->address, context ? context : g_main_context_default (), error);
    if (d->bus == NULL)
      return NULL;
    draftd_bus_set_job_events (d->bus, &job_events);
    draftd_bus_watch_daemon (d->bus, on_presence, d);
  }
  return d->bus;
}

DraftdLspDaemon *
draftd_lsp_daemon_new (const char *address, guint max_running, DraftdLspPresence presence, gpointer user)
{
  DraftdLspDaemon *d = g_new0 (DraftdLspDaemon, 1);
  d->address = g_strdup (address);
  d->max_running = MAX (max_running, 1);
  d->jobs = g_hash_table_new (g_int64_hash, g_int64_equal);
  d->by_path = g_hash_table_new (g_str_hash, g_str_equal);
  d->presence = presence;
  d->user = user;
  g_queue_init (&d->queue);
  g_queue_init (&d->cancelled);
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
      draftd_bus_cancel (d->bus, j->path);
    j->state = JOB_DONE;
    g_autoptr (GError) e = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "the language server is exiting");
    j->done (NULL, NULL, NULL, e, j->user);
    job_free (j);
  }
  g_clear_pointer (&d->bus, draftd_bus_free);  /* flushes the cancels */
  g_free (d->address);
  g_queue_clear (&d->queue);
  g_queue_clear (&d->cancelled);
  if (d->report_source)
    g_source_remove (d->report_source);
  g_hash_table_unref (d->jobs);
  g_hash_table_unref (d->by_path);
  g_free (d);
}

static void
on_started (DBusMessage *reply, const GError *error, gpointer user)
{
  Job *j = user;
  if (reply == NULL) {
    finish (j, NULL, error);
    return;
  }
  j->path = draftd_bus_job_path (reply);
  if (j->cancel_requested || j->path == NULL) {
    if (j->path)
      draftd_bus_cancel (j->d->bus, j->path);
    g_clear_pointer (&j->path, g_free);
    finish_cancelled (j);
    return;
  }
  j->state = JOB_RUNNING;
  g_hash_table_insert (j->d->by_path, j->path, j);
  draftd_bus_follow (j->d->bus, j->path, j);
}

static DBusMessage *
start_call (Job *j)
{
  DraftdBusStart s;
  draftd_bus_method_begin (&s, j->method, &(DraftdBusArgs) { .text = j->text, .instruction = j->instruction }, TRUE);
  /* Byte offsets: the server maps them through its piece tables to any LSP encoding. */
  const char *unit = "utf8";
  draftd_bus_dict_add (&s.options, "offset_unit", DBUS_TYPE_STRING, &unit);
  if (j->disabled_rules && j->disabled_rules[0])
    draftd_bus_dict_add_strv (&s.options, "disabled_rules", (const char *const *) j->disabled_rules, -1);
  const char *const keys[] = { "dialect", "locale_dialect", "path", "language" };
  const char *values[] = { j->dialect, j->locale_dialect, j->document, j->language };
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (values[i] && j->method->document)
      draftd_bus_dict_add (&s.options, keys[i], DBUS_TYPE_STRING, &values[i]);
  return draftd_bus_start_finish (&s);
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
    g_autoptr (GError) error = NULL;
    if (ensure_bus (d, &error) == NULL) {
      /* Reported from the main loop: callbacks never run inside draftd_lsp_daemon_start. */
      j->error = g_steal_pointer (&error);
      j->state = JOB_DONE;
      g_idle_add (fail_later, j);
      continue;
    }
    j->state = JOB_STARTING;
    d->running++;
    d->stats.started++;
    /* Without NO_AUTO_START: a daemon that is not running is started by D-Bus activation,
     * and the reply waits for it to load its models (a slow machine takes more than the
     * default 25 s). A running daemon answers Start at once. */
    draftd_bus_call (d->bus, start_call (j), START_TIMEOUT_MS, on_started, j);
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
    draftd_bus_cancel (d->bus, j->path);
    draftd_bus_unfollow (d->bus, j->path);
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
draftd_lsp_daemon_start (DraftdLspDaemon *d, DraftdBusMethodId method, const char *text, const char *instruction,
                         const DraftdLspJobOptions *options, gboolean urgent, DraftdLspJobDone done, gpointer user)
{
  Job *j = g_new0 (Job, 1);
  j->d = d;
  j->id = ++d->next_id;
  j->method = draftd_bus_method (method);
  j->text = g_strdup (text);
  j->instruction = g_strdup (instruction);
  if (options) {
    j->disabled_rules = g_strdupv ((char **) options->disabled_rules);
    j->dialect = g_strdup (options->dialect);
    j->locale_dialect = g_strdup (options->locale_dialect);
    j->document = g_strdup (options->path);
    j->language = g_strdup (options->language);
  }
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
    draftd_bus_cancel (d->bus, j->path);
    draftd_bus_unfollow (d->bus, j->path);
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
  return draftd_bus_client_unreachable (error);
}

typedef struct {
  DraftdLspCallDone done;
  gpointer user;
} Call;

static void
on_add_word (DBusMessage *reply, const GError *error, gpointer user)
{
  Call *c = user;
  c->done (error, c->user);
  g_free (c);
}

void
draftd_lsp_daemon_add_word (DraftdLspDaemon *d, const char *word, DraftdLspCallDone done, gpointer user)
{
  g_autoptr (GError) error = NULL;
  if (ensure_bus (d, &error) == NULL) {
    done (error, user);
    return;
  }
  Call *c = g_new0 (Call, 1);
  c->done = done;
  c->user = user;
  DBusMessage *m = draftd_bus_new_call ("AddWord");
  dbus_message_append_args (m, DBUS_TYPE_STRING, &word, DBUS_TYPE_INVALID);
  draftd_bus_call (d->bus, m, START_TIMEOUT_MS, on_add_word, c);
}
