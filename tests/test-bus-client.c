/* lib/bus/client.h against a stand-in daemon on a private bus (no models, no GPU): a job's
 * signals reach the callbacks of the job they name and no other, a daemon's error becomes
 * its code, a call past its deadline ends as unreachable, and the daemon's leaving is seen.
 * The stand-in is plain libdbus in a thread of its own. */
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include "lib/bus/client.h"
#include "tests/tap.h"

#define JOB DRAFTD_BUS_PATH "/jobs/1"

/* ---- the stand-in daemon ---- */

static void
emit (DBusConnection *c, const char *to, const char *member, int first_type, ...)
{
  DBusMessage *s = dbus_message_new_signal (DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, member);
  va_list ap;
  va_start (ap, first_type);
  dbus_message_append_args_valist (s, first_type, ap);
  va_end (ap);
  dbus_message_set_destination (s, to);
  dbus_connection_send (c, s, NULL);
  dbus_message_unref (s);
}

/* Start: the job's path, then its signals, with one Chunk of another job among them. */
static void
run_job (DBusConnection *c, DBusMessage *m)
{
  const char *job = JOB, *other = DRAFTD_BUS_PATH "/jobs/2", *to = dbus_message_get_sender (m);
  const char *hel = "Hel", *no = "no", *the = "The", *spelling = "spelling", *a = "a", *grammar = "grammar",
             *why = "a message", *hello = "Hello";
  guint32 one = 1, two = 2, zero = 0, three = 3, four = 4, n = 7;
  DBusMessage *r = dbus_message_new_method_return (m);
  dbus_message_append_args (r, DBUS_TYPE_OBJECT_PATH, &job, DBUS_TYPE_INVALID);
  dbus_connection_send (c, r, NULL);
  dbus_message_unref (r);
  emit (c, to, "Chunk", DBUS_TYPE_OBJECT_PATH, &job, DBUS_TYPE_STRING, &hel, DBUS_TYPE_INVALID);
  emit (c, to, "Chunk", DBUS_TYPE_OBJECT_PATH, &other, DBUS_TYPE_STRING, &no, DBUS_TYPE_INVALID);
  emit (c, to, "Progress", DBUS_TYPE_OBJECT_PATH, &job, DBUS_TYPE_UINT32, &one, DBUS_TYPE_UINT32, &two, DBUS_TYPE_INVALID);
  emit (c, to, "Edit", DBUS_TYPE_OBJECT_PATH, &job, DBUS_TYPE_UINT32, &zero, DBUS_TYPE_UINT32, &three, DBUS_TYPE_STRING,
        &the, DBUS_TYPE_STRING, &spelling, DBUS_TYPE_INVALID);
  emit (c, to, "Edit", DBUS_TYPE_OBJECT_PATH, &job, DBUS_TYPE_UINT32, &four, DBUS_TYPE_UINT32, &one, DBUS_TYPE_STRING, &a,
        DBUS_TYPE_STRING, &grammar, DBUS_TYPE_STRING, &why, DBUS_TYPE_INVALID);
  DBusMessage *s = dbus_message_new_signal (DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "Finished");
  DBusMessageIter it, d;
  dbus_message_iter_init_append (s, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_OBJECT_PATH, &job);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &hello);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  draftd_bus_dict_add (&d, "n", DBUS_TYPE_UINT32, &n);
  dbus_message_iter_close_container (&it, &d);
  dbus_message_set_destination (s, to);
  dbus_connection_send (c, s, NULL);
  dbus_message_unref (s);
}

typedef struct {
  char *address;
  gint ready;
} Fake;

/* Start runs a job, AddWord is refused as Busy, Never is never answered, Quit leaves. */
static gboolean
serve_one (DBusConnection *c, DBusMessage *m)
{
  if (dbus_message_is_method_call (m, DRAFTD_BUS_IFACE, "Start"))
    run_job (c, m);
  else if (dbus_message_is_method_call (m, DRAFTD_BUS_IFACE, "AddWord")) {
    DBusMessage *r = dbus_message_new_error (m, DRAFTD_BUS_ERROR_BUSY, "too many jobs");
    dbus_connection_send (c, r, NULL);
    dbus_message_unref (r);
  } else if (dbus_message_is_method_call (m, DRAFTD_BUS_IFACE, "Quit"))
    return FALSE;
  return TRUE;
}

static gpointer
serve (gpointer user)
{
  Fake *f = user;
  DBusConnection *c = draftd_bus_connect (f->address, NULL);
  g_assert (c != NULL);
  dbus_bus_request_name (c, DRAFTD_BUS_NAME, DBUS_NAME_FLAG_DO_NOT_QUEUE, NULL);
  g_atomic_int_set (&f->ready, 1);
  gboolean going = TRUE;
  while (going && dbus_connection_read_write (c, 50))
    for (DBusMessage *m; going && (m = dbus_connection_pop_message (c)) != NULL; dbus_message_unref (m))
      going = serve_one (c, m);
  dbus_connection_flush (c);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  return NULL;
}

/* ---- the client ---- */

typedef struct {
  GString *chunks, *edits;
  guint32 done, total, n;
  char *finished;
  gboolean present_seen, absent_seen;
  GError *error;
  gboolean replied;
} Seen;

static void
on_chunk (gpointer job, const char *text)
{
  g_string_append (((Seen *) job)->chunks, text);
}

static void
on_edit (gpointer job, const DraftdBusEdit *e)
{
  g_string_append_printf (((Seen *) job)->edits, "%u:%u:%s:%s:%s;", e->offset, e->length, e->replacement, e->kind,
                          e->message ? e->message : "-");
}

static void
on_progress (gpointer job, guint32 done, guint32 total)
{
  ((Seen *) job)->done = done;
  ((Seen *) job)->total = total;
}

static void
on_finished (gpointer job, const char *result, DBusMessageIter *stats)
{
  Seen *s = job;
  s->finished = g_strdup (result);
  if (stats)
    draftd_bus_dict_get_u32 (stats, "n", &s->n);
}

static const DraftdBusJobEvents events = { on_chunk, on_edit, on_progress, on_finished, NULL };

static void
on_reply (DBusMessage *reply, const GError *error, gpointer user)
{
  Seen *s = user;
  s->replied = TRUE;
  s->error = error ? g_error_copy (error) : NULL;
}

static void
on_presence (gboolean present, gpointer user)
{
  Seen *s = user;
  if (present)
    s->present_seen = TRUE;
  else
    s->absent_seen = TRUE;
}

/* Iterates the default context until *flag is set, or 10 s. */
static void
wait_for (gboolean *flag)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!*flag && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

static void
test_job (DraftdBus *b, Seen *s)
{
  g_autoptr (GError) error = NULL;
  DraftdBusStart start;
  draftd_bus_start_init (&start, "Complete", (const char *const[]) { "He", NULL });
  DBusMessage *r = draftd_bus_call_sync (b, draftd_bus_start_finish (&start), 5000, &error);
  g_autofree char *path = draftd_bus_job_path (r);
  tap_ok (path && g_str_equal (path, JOB), "Start names the job (%s)", path ? path : error->message);
  if (r)
    dbus_message_unref (r);
  draftd_bus_set_job_events (b, &events);
  draftd_bus_follow (b, JOB, s);
  gboolean finished = FALSE;
  for (int i = 0; i < 2000 && !(finished = s->finished != NULL); i++)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (5000);
  tap_ok (g_str_equal (s->chunks->str, "Hel"), "the job's Chunk reaches it, another job's does not (%s)", s->chunks->str);
  tap_ok (s->done == 1 && s->total == 2, "Progress: 1 of 2");
  tap_ok (g_str_equal (s->edits->str, "0:3:The:spelling:-;4:1:a:grammar:a message;"),
          "Edit signals with and without a message (%s)", s->edits->str);
  tap_ok (finished && g_str_equal (s->finished, "Hello") && s->n == 7, "Finished: the result and its stats");
}

static void
test_errors (Fake *f)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdBus) blocking = draftd_bus_open (f->address, NULL, &error);
  DBusMessage *m = draftd_bus_new_call ("AddWord");
  const char *word = "draftd";
  dbus_message_append_args (m, DBUS_TYPE_STRING, &word, DBUS_TYPE_INVALID);
  DBusMessage *r = draftd_bus_call_sync (blocking, m, 5000, &error);
  tap_ok (r == NULL && g_error_matches (error, DRAFTD_BUS_CLIENT_ERROR, DRAFTD_BUS_CLIENT_ERROR_BUSY) &&
          g_strcmp0 (draftd_bus_client_error_name (error), DRAFTD_BUS_ERROR_BUSY) == 0 &&
          g_str_equal (error->message, "too many jobs"), "a refusal is its code, its name and its message");
  g_clear_error (&error);
  draftd_bus_client_set_error (&error, DBUS_ERROR_SERVICE_UNKNOWN, "no such name");
  tap_ok (error->code == DRAFTD_BUS_CLIENT_ERROR_NO_DAEMON && draftd_bus_client_unreachable (error),
          "ServiceUnknown: no daemon, unreachable");
  g_clear_error (&error);
  draftd_bus_client_set_error (&error, "org.example.Other", "other");
  tap_ok (error->code == DRAFTD_BUS_CLIENT_ERROR_FAILED && !draftd_bus_client_error_name (error) &&
          !draftd_bus_client_unreachable (error), "another error: failed, no daemon error name");
}

static void
test_deadline_and_leaving (DraftdBus *b, Seen *s)
{
  gint64 t0 = g_get_monotonic_time ();
  draftd_bus_call (b, draftd_bus_new_call ("Never"), 200, on_reply, s);
  wait_for (&s->replied);
  tap_ok (s->replied && draftd_bus_client_unreachable (s->error) && g_get_monotonic_time () - t0 < 5 * G_USEC_PER_SEC,
          "a call past its deadline ends, as unreachable, on the main loop");
  draftd_bus_watch_daemon (b, on_presence, s);
  DBusMessage *quit = draftd_bus_new_call ("Quit");
  dbus_message_set_no_reply (quit, TRUE);
  dbus_connection_send (draftd_bus_connection (b), quit, NULL);
  dbus_message_unref (quit);
  wait_for (&s->absent_seen);
  tap_ok (s->absent_seen && !s->present_seen, "the daemon leaving the bus is seen");
}

static char *
start_bus (GPid *pid)
{
  g_autofree char *dbus_daemon = g_find_program_in_path ("dbus-daemon");
  if (dbus_daemon == NULL)
    return NULL;
  const char *argv[] = { dbus_daemon, "--session", "--nofork", "--print-address=1", NULL };
  gint out;
  if (!g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL | G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                 pid, NULL, &out, NULL, NULL))
    return NULL;
  char buf[512];
  gsize n = 0;
  while (n < sizeof buf - 1 && read (out, buf + n, 1) == 1 && buf[n] != '\n')
    n++;
  buf[n] = 0;
  close (out);
  return g_strdup (buf);
}

int
main (void)
{
  GPid bus_pid;
  Fake f = { start_bus (&bus_pid), 0 };
  if (f.address == NULL)
    return tap_missing_all ("dbus-daemon is not installed");
  GThread *thread = g_thread_new ("fake-draftd", serve, &f);
  while (!g_atomic_int_get (&f.ready))
    g_usleep (1000);
  g_autoptr (GError) error = NULL;
  DraftdBus *b = draftd_bus_open (f.address, g_main_context_default (), &error);
  tap_ok (b != NULL, "the library connects to an address");
  Seen s = { .chunks = g_string_new (NULL), .edits = g_string_new (NULL) };
  if (b) {
    test_job (b, &s);
    test_errors (&f);
    test_deadline_and_leaving (b, &s);
  }
  g_thread_join (thread);
  g_clear_pointer (&b, draftd_bus_free);
  kill (bus_pid, SIGTERM);
  g_spawn_close_pid (bus_pid);
  g_string_free (s.chunks, TRUE);
  g_string_free (s.edits, TRUE);
  g_free (s.finished);
  g_clear_error (&s.error);
  g_free (f.address);
  return tap_done ();
}
