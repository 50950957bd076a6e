/* Streamed jobs: Start, then the job's signals until Finished or Failed. Edits and chunks
 * are handed out as they arrive; a long job shows its progress on a terminal; Ctrl-C
 * cancels the job (a second Ctrl-C stops waiting for the daemon to confirm). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "client/client.h"
#include "lib/bus/draftd-bus.h"

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
draft_job_init (DraftJob *j, const char *method)
{
  memset (j, 0, sizeof *j);
  j->method = method;
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
  }
  g_array_unref (j->edits);
  g_string_free (j->result, TRUE);
  g_clear_pointer (&j->stats, json_node_unref);
}

/* What the signal filter tracks while the job runs. */
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
edit_from_signal (Run *r, DBusMessageIter *it)
{
  DraftEdit e = { 0 };
  const char *s;
  int types[] = { DBUS_TYPE_UINT32, DBUS_TYPE_UINT32, DBUS_TYPE_STRING, DBUS_TYPE_STRING };
  void *dest[] = { &e.offset, &e.length, &e.replacement, &e.kind };
  for (guint i = 0; i < G_N_ELEMENTS (types); i++) {
    if (!dbus_message_iter_next (it) || dbus_message_iter_get_arg_type (it) != types[i])
      return;
    if (types[i] == DBUS_TYPE_STRING) {
      dbus_message_iter_get_basic (it, &s);
      *(char **) dest[i] = (char *) s;
    } else
      dbus_message_iter_get_basic (it, dest[i]);
  }
  /* The edit contract grew a message: read it where the daemon sends one. */
  if (dbus_message_iter_next (it) && dbus_message_iter_get_arg_type (it) == DBUS_TYPE_STRING) {
    dbus_message_iter_get_basic (it, &s);
    e.message = *s ? (char *) s : NULL;
  }
  e.replacement = g_strdup (e.replacement);
  e.kind = g_strdup (e.kind);
  e.message = g_strdup (e.message);
  g_array_append_val (r->job->edits, e);
  progress_clear (r);
  if (r->job->on_edit) {
    r->job->on_edit (&e, r->job->on_edit_data);
    r->output_started = TRUE;
  }
}

static void
on_job_signal (Run *r, const char *member, DBusMessageIter *it)
{
  const char *a = NULL, *b = NULL;
  if (g_str_equal (member, "Chunk")) {
    if (dbus_message_iter_next (it) && dbus_message_iter_get_arg_type (it) == DBUS_TYPE_STRING) {
      dbus_message_iter_get_basic (it, &a);
      g_string_append (r->job->result, a);
      if (r->job->stream) {
        progress_clear (r);
        r->output_started = TRUE;
        fputs (a, stdout);
        fflush (stdout);
      }
    }
  } else if (g_str_equal (member, "Edit")) {
    edit_from_signal (r, it);
  } else if (g_str_equal (member, "Progress")) {
    guint32 done = 0, total = 0;
    if (dbus_message_iter_next (it) && dbus_message_iter_get_arg_type (it) == DBUS_TYPE_UINT32)
      dbus_message_iter_get_basic (it, &done);
    if (dbus_message_iter_next (it) && dbus_message_iter_get_arg_type (it) == DBUS_TYPE_UINT32)
      dbus_message_iter_get_basic (it, &total);
    if (total > 0)
      progress_show (r, done, total);
  } else if (g_str_equal (member, "Finished")) {
    if (dbus_message_iter_next (it) && dbus_message_iter_get_arg_type (it) == DBUS_TYPE_STRING) {
      dbus_message_iter_get_basic (it, &a);
      g_string_assign (r->job->result, a);
    }
    if (dbus_message_iter_next (it))
      r->job->stats = draft_bus_value_to_json (it);
    r->done = TRUE;
  } else if (g_str_equal (member, "Failed")) {
    if (dbus_message_iter_next (it))
      dbus_message_iter_get_basic (it, &a);
    if (dbus_message_iter_next (it))
      dbus_message_iter_get_basic (it, &b);
    r->job->cancelled = a && g_str_equal (a, DRAFTD_BUS_ERROR_CANCELLED);
    r->error = g_strdup_printf ("%s (%s)", b ? b : "failed", a ? a : "");
    r->failed = r->done = TRUE;
  }
}

static DBusHandlerResult
job_filter (DBusConnection *c, DBusMessage *m, void *user)
{
  Run *r = user;
  if (dbus_message_get_type (m) != DBUS_MESSAGE_TYPE_SIGNAL)
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  if (dbus_message_is_signal (m, DBUS_INTERFACE_DBUS, "NameOwnerChanged")) {
    const char *name, *old_owner, *new_owner;
    if (dbus_message_get_args (m, NULL, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &old_owner, DBUS_TYPE_STRING,
                               &new_owner, DBUS_TYPE_INVALID) &&
        g_str_equal (name, DRAFTD_BUS_NAME) && *new_owner == 0)
      r->daemon_gone = TRUE;
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  }
  DBusMessageIter it;
  const char *path;
  if (!dbus_message_has_interface (m, DRAFTD_BUS_JOB_IFACE) || !dbus_message_iter_init (m, &it) ||
      dbus_message_iter_get_arg_type (&it) != DBUS_TYPE_OBJECT_PATH)
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  dbus_message_iter_get_basic (&it, &path);
  if (!r->path || !g_str_equal (path, r->path))
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  on_job_signal (r, dbus_message_get_member (m), &it);
  return DBUS_HANDLER_RESULT_HANDLED;
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
  if (g->stop && g->stop[0]) {
    DBusMessageIter e, v, a;
    const char *key = "stop";
    dbus_message_iter_open_container (d, DBUS_TYPE_DICT_ENTRY, NULL, &e);
    dbus_message_iter_append_basic (&e, DBUS_TYPE_STRING, &key);
    dbus_message_iter_open_container (&e, DBUS_TYPE_VARIANT, "as", &v);
    dbus_message_iter_open_container (&v, DBUS_TYPE_ARRAY, "s", &a);
    for (guint i = 0; g->stop[i]; i++)
      dbus_message_iter_append_basic (&a, DBUS_TYPE_STRING, &g->stop[i]);
    dbus_message_iter_close_container (&v, &a);
    dbus_message_iter_close_container (&e, &v);
    dbus_message_iter_close_container (d, &e);
  }
}

/* Start's av: the method's in-arguments, each in a variant, options last. */
static DBusMessage *
build_start (const DraftJob *j)
{
  DBusMessage *m = dbus_message_new_method_call (DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "Start");
  DBusMessageIter it, av, v, d;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &j->method);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "v", &av);
  gboolean grammar = g_str_equal (j->method, "Correct") || g_str_equal (j->method, "Rewrite");
  if (g_str_equal (j->method, "Chat"))
    draftd_bus_append_variant_string (&av, j->conversation);
  draftd_bus_append_variant_string (&av, j->text);
  if (g_str_equal (j->method, "Rewrite"))
    draftd_bus_append_variant_string (&av, j->instruction);
  dbus_message_iter_open_container (&av, DBUS_TYPE_VARIANT, "a{sv}", &v);
  dbus_message_iter_open_container (&v, DBUS_TYPE_ARRAY, "{sv}", &d);
  if (grammar) {
    const char *unit = "codepoint";
    draftd_bus_dict_add (&d, "offset_unit", DBUS_TYPE_STRING, &unit);
  } else
    append_gen_options (&d, j->gen);
  if (j->shared) {
    dbus_bool_t yes = TRUE;
    draftd_bus_dict_add (&d, "shared", DBUS_TYPE_BOOLEAN, &yes);
  }
  dbus_message_iter_close_container (&v, &d);
  dbus_message_iter_close_container (&av, &v);
  dbus_message_iter_close_container (&it, &av);
  return m;
}

static void
send_cancel (DBusConnection *c, const char *path)
{
  DBusMessage *m = dbus_message_new_method_call (DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "Cancel");
  dbus_message_append_args (m, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
  dbus_connection_send (c, m, NULL);
  dbus_connection_flush (c);
  dbus_message_unref (m);
}

static const char owner_rule[] =
  "type='signal',sender='" DBUS_SERVICE_DBUS "',member='NameOwnerChanged',arg0='" DRAFTD_BUS_NAME "'";

/* Dispatches until the job ends; the first Ctrl-C cancels it, a second stops waiting. */
static void
wait_for_end (DBusConnection *c, Run *r)
{
  gboolean cancel_sent = FALSE;
  while (!r->done && !r->daemon_gone && dbus_connection_read_write_dispatch (c, 100)) {
    if (draft_interrupted && !cancel_sent) {
      send_cancel (c, r->path);
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

gboolean
draft_job_run (DraftJob *j)
{
  DBusConnection *c = draft_bus ();
  if (c == NULL)
    return FALSE;
  Run r = { .job = j, .started = g_get_monotonic_time (), .progress_tty = isatty (STDERR_FILENO),
           .stdout_tty = isatty (STDOUT_FILENO) };
  dbus_connection_add_filter (c, job_filter, &r, NULL);
  dbus_bus_add_match (c, owner_rule, NULL);
  DBusError e;
  dbus_error_init (&e);
  DBusMessage *m = build_start (j);
  draft_interrupted = 0;
  DBusMessage *reply = dbus_connection_send_with_reply_and_block (c, m, DBUS_TIMEOUT_INFINITE, &e);
  dbus_message_unref (m);
  if (reply == NULL) {
    draft_bus_print_error (&e);
    dbus_error_free (&e);
  } else {
    const char *path = NULL;
    dbus_message_get_args (reply, NULL, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
    r.path = g_strdup (path);
    dbus_message_unref (reply);
    /* Signals that came with the reply wait in the queue: the filter sees them now. */
    wait_for_end (c, &r);
  }
  progress_clear (&r);
  dbus_bus_remove_match (c, owner_rule, NULL);
  dbus_connection_remove_filter (c, job_filter, &r);
  gboolean ok = reply && r.done && !r.failed;
  if (j->cancelled)
    g_printerr ("\n[cancelled]\n");
  else if (reply && !ok)
    g_printerr ("%sdraft: %s\n", r.output_started ? "\n" : "", r.error);  /* off the streamed line, if any */
  g_free (r.path);
  g_free (r.error);
  return ok && !j->cancelled;
}
