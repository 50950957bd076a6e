/* Streamed jobs as a terminal shows them (lib/bus/client.h starts and follows them): edits
 * and chunks are handed out as they arrive; a long job shows its progress on a terminal; Ctrl-C
 * cancels the job (a second Ctrl-C stops waiting for the daemon to confirm). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "client/client.h"
#include "lib/cli/dialect.h"

volatile sig_atomic_t draft_interrupted;

static void
on_sigint (int sig)
{
  draft_interrupted++;
}

void
draft_install_sigint (void)
{
  /* No SA_RESTART: a blocking read or select returns EINTR, so Ctrl-C is seen at once. */
  struct sigaction sa = { .sa_handler = on_sigint };
  sigemptyset (&sa.sa_mask);
  sigaction (SIGINT, &sa, NULL);
  /* A parent may have left SIGINT blocked (the mask survives exec): Ctrl-C must reach us. */
  sigset_t set;
  sigemptyset (&set);
  sigaddset (&set, SIGINT);
  sigprocmask (SIG_UNBLOCK, &set, NULL);
}

void
draft_job_init (DraftJob *j, DraftdBusMethodId method)
{
  memset (j, 0, sizeof *j);
  j->method = draftd_bus_method (method);
  j->result = g_string_new (NULL);
  j->edits = g_array_new (FALSE, TRUE, sizeof (DraftEdit));
}

void
draft_job_clear (DraftJob *j)
{
  for (guint i = 0; i < j->edits->len; i++) {
    DraftEdit *e = &g_array_index (j->edits, DraftEdit, i);
    g_free (e->replacement);
    g_free (e->kind);
    g_free (e->message);
    g_free (e->rule);
  }
  g_array_unref (j->edits);
  g_string_free (j->result, TRUE);
  g_clear_pointer (&j->stats, json_node_unref);
}

/* What the job's callbacks track while it runs. */
typedef struct {
  DraftJob *job;
  char *path;
  gboolean done, failed, daemon_gone;
  char *error;
  gint64 started;
  gboolean progress_tty;
  gboolean stdout_tty, output_started;
  int progress_width;           /* characters of the progress line on screen, 0: none */
} Run;

static void
progress_clear (Run *r)
{
  if (r->progress_width > 0)
    fprintf (stderr, "\r%*s\r", r->progress_width, "");
  r->progress_width = 0;
}

static void
progress_show (Run *r, guint32 done, guint32 total)
{
  /* Short jobs would only flicker: the line appears after a second. Once the result streams
   * to the same terminal, a progress line would overwrite it. */
  if (!r->progress_tty || (r->stdout_tty && r->output_started) || g_get_monotonic_time () - r->started < G_USEC_PER_SEC)
    return;
  g_autofree char *line = g_strdup_printf ("sentence %u/%u", done, total);
  progress_clear (r);
  fputs (line, stderr);
  fflush (stderr);
  r->progress_width = (int) strlen (line);
}

static void
on_chunk (gpointer user, const char *text)
{
  Run *r = user;
  g_string_append (r->job->result, text);
  if (r->job->stream) {
    progress_clear (r);
    r->output_started = TRUE;
    fputs (text, stdout);
    fflush (stdout);
  }
}

static void
on_edit (gpointer user, const DraftdBusEdit *edit)
{
  Run *r = user;
  DraftEdit e = { edit->offset, edit->length, g_strdup (edit->replacement), g_strdup (edit->kind), g_strdup (edit->message),
                  g_strdup (edit->rule) };
  g_array_append_val (r->job->edits, e);
  progress_clear (r);
  if (r->job->on_edit) {
    r->job->on_edit (&e, r->job->on_edit_data);
    r->output_started = TRUE;
  }
}

static void
on_progress (gpointer user, guint32 done, guint32 total)
{
  if (total > 0)
    progress_show (user, done, total);
}

static void
on_finished (gpointer user, const char *result, DBusMessageIter *stats)
{
  Run *r = user;
  g_string_assign (r->job->result, result);
  if (stats)
    r->job->stats = draft_bus_value_to_json (stats);
  r->done = TRUE;
}

static void
on_failed (gpointer user, const GError *error)
{
  Run *r = user;
  const char *name = draftd_bus_client_error_name (error);
  r->job->cancelled = g_error_matches (error, DRAFTD_BUS_CLIENT_ERROR, DRAFTD_BUS_CLIENT_ERROR_CANCELLED);
  r->job->invalid_argument = g_strcmp0 (name, DRAFTD_BUS_ERROR_INVALID_ARGUMENT) == 0;
  r->error = g_strdup_printf ("%s (%s)", error->message, name ? name : "");
  r->failed = r->done = TRUE;
}

static const DraftdBusJobEvents job_events = { on_chunk, on_edit, on_progress, on_finished, on_failed };

/* The daemon left the bus (a closed connection ends the wait by itself). */
static void
on_presence (gboolean present, gpointer user)
{
  Run *r = user;
  if (!present && draftd_bus_is_connected (draft_bus ()))
    r->daemon_gone = TRUE;
}

static void
append_gen_options (DBusMessageIter *d, const DraftGenOptions *g)
{
  if (g == NULL)
    return;
  if (g->max_tokens > 0) {
    guint32 v = g->max_tokens;
    draftd_bus_dict_add (d, "max_tokens", DBUS_TYPE_UINT32, &v);
  }
  const struct { const char *key; double v; } doubles[] = {
    { "temperature", g->temperature }, { "top_p", g->top_p }, { "min_p", g->min_p },
  };
  for (guint i = 0; i < G_N_ELEMENTS (doubles); i++)
    if (!isnan (doubles[i].v))
      draftd_bus_dict_add (d, doubles[i].key, DBUS_TYPE_DOUBLE, &doubles[i].v);
  if (g->top_k >= 0) {
    guint32 v = g->top_k;
    draftd_bus_dict_add (d, "top_k", DBUS_TYPE_UINT32, &v);
  }
  if (g->seed >= 0) {
    guint64 v = g->seed;
    draftd_bus_dict_add (d, "seed", DBUS_TYPE_UINT64, &v);
  }
  if (g->stop && g->stop[0])
    draftd_bus_dict_add_strv (d, "stop", (const char *const *) g->stop, -1);
  if (g->force) {
    dbus_bool_t yes = TRUE;
    draftd_bus_dict_add (d, "force", DBUS_TYPE_BOOLEAN, &yes);
  }
}

/* A correction's dialect and document: --dialect, else the locale's (the daemon prefers its
 * config's, and ignores a locale it has no dictionary for); --path or the FILE corrected. */
static void
add_document_options (DBusMessageIter *options, const DraftJob *j)
{
  g_autofree char *locale = j->dialect ? NULL : draftd_cli_locale_dialect ();
  if (j->dialect)
    draftd_bus_dict_add (options, "dialect", DBUS_TYPE_STRING, &j->dialect);
  else if (locale)
    draftd_bus_dict_add (options, "locale_dialect", DBUS_TYPE_STRING, &locale);
  if (j->path)
    draftd_bus_dict_add (options, "path", DBUS_TYPE_STRING, &j->path);
  if (j->language)
    draftd_bus_dict_add (options, "language", DBUS_TYPE_STRING, &j->language);
}

/* Start's av: the method's in-arguments, options last; which options, its row says. */
static DBusMessage *
build_start (const DraftJob *j)
{
  DraftdBusStart s;
  draftd_bus_method_begin (&s, j->method, &(DraftdBusArgs) { j->conversation, j->text, j->instruction }, TRUE);
  if (j->method->work == DRAFTD_BUS_GRAMMAR) {
    const char *unit = "codepoint";
    draftd_bus_dict_add (&s.options, "offset_unit", DBUS_TYPE_STRING, &unit);
    if (j->disabled_rules && j->disabled_rules[0])
      draftd_bus_dict_add_strv (&s.options, "disabled_rules", (const char *const *) j->disabled_rules, -1);
  } else {
    append_gen_options (&s.options, j->gen);
  }
  if (j->method->document)
    add_document_options (&s.options, j);
  if (j->shared) {
    dbus_bool_t yes = TRUE;
    draftd_bus_dict_add (&s.options, "shared", DBUS_TYPE_BOOLEAN, &yes);
  }
  return draftd_bus_start_finish (&s);
}

/* Dispatches until the job ends; the first Ctrl-C cancels it, a second stops waiting. */
static void
wait_for_end (DraftdBus *b, Run *r)
{
  gboolean cancel_sent = FALSE;
  while (!r->done && !r->daemon_gone && draftd_bus_dispatch (b, 100)) {
    if (draft_interrupted && !cancel_sent) {
      draftd_bus_cancel (b, r->path);
      cancel_sent = TRUE;
    } else if (draft_interrupted > 1) {
      r->job->cancelled = TRUE;
      break;
    }
  }
  if (cancel_sent)
    r->job->cancelled = TRUE;
  if (!r->done && !r->job->cancelled && !r->error)
    r->error = g_strdup (r->daemon_gone ? "draftd exited before the job ended" : "lost the connection to the bus");
}

/* Start, then the job's signals until it ends. FALSE when Start itself failed (printed). */
static gboolean
start_and_follow (DraftdBus *b, Run *r)
{
  g_autoptr (GError) error = NULL;
  DBusMessage *reply = draftd_bus_call_sync (b, build_start (r->job), DBUS_TIMEOUT_INFINITE, &error);
  if (reply == NULL) {
    r->job->invalid_argument = g_strcmp0 (draftd_bus_client_error_name (error), DRAFTD_BUS_ERROR_INVALID_ARGUMENT) == 0;
    draft_bus_print_error (error);
    return FALSE;
  }
  r->path = draftd_bus_job_path (reply);
  dbus_message_unref (reply);
  if (r->path == NULL) {
    r->error = g_strdup ("Start named no job");
    return TRUE;
  }
  /* Signals that came with the reply wait in the queue: they are dispatched now. */
  draftd_bus_follow (b, r->path, r);
  wait_for_end (b, r);
  draftd_bus_unfollow (b, r->path);
  return TRUE;
}

gboolean
draft_job_run (DraftJob *j)
{
  DraftdBus *b = draft_bus ();
  if (b == NULL)
    return FALSE;
  Run r = { .job = j, .started = g_get_monotonic_time (), .progress_tty = isatty (STDERR_FILENO),
           .stdout_tty = isatty (STDOUT_FILENO) };
  draftd_bus_set_job_events (b, &job_events);
  draftd_bus_watch_daemon (b, on_presence, &r);
  draft_interrupted = 0;
  gboolean started = start_and_follow (b, &r);
  progress_clear (&r);
  draftd_bus_unwatch_daemon (b);
  draftd_bus_set_job_events (b, NULL);
  gboolean ok = started && r.done && !r.failed;
  if (j->cancelled)
    g_printerr ("\n[cancelled]\n");
  else if (started && !ok)
    g_printerr ("%sdraft: %s\n", r.output_started ? "\n" : "", r.error);  /* off the streamed line, if any */
  g_free (r.path);
  g_free (r.error);
  return ok && !j->cancelled;
}
