/* What one oversized call costs everyone else (issue 48), a benchmark, not a test: one
 * client sends Correct with a text of MIB MiB (far over max_text_bytes, so it is refused
 * with TooLong) while a second client makes small calls (Properties.Get of Version) one
 * after another. Prints the small calls' latency before and during the big call, the big
 * call's answer and time, and draftd's resident memory before and at its peak.
 * The same is then done against a sink: a bare libdbus connection on the same bus that
 * answers every call at once, doing nothing with its argument. What the sink's small
 * calls wait is what the bus and libdbus cost by themselves (carrying the big message
 * to the receiver over the one connection every caller shares); it is the ceiling draftd's
 * figures are held against. Wall-clock times follow the machine's load; the CPU times (of
 * the receiving thread and of the bus) are what compares on a busy machine.
 * With --baseline PATH a second draftd binary (another build) is measured the same way, in
 * the same sitting, on a bus of its own.
 *   build/tools/dbus-huge-bench [--baseline PATH] [MIB]     (default 100) */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "lib/bus/client.h"
#include "lib/bus/draftd-bus.h"
#include "lib/cli/cli.h"
#include "testbed/bus-daemon.h"

#define SINK_NAME "org.draftd.BenchSink"
#define BEFORE_CALLS 20

/* ---- the sink: answers every method call with an empty return ---- */

typedef struct {
  DBusConnection *c;
  gint stop;
  gint cpu_ms; /* the sink thread's CPU time so far */
} Sink;

static gint64
thread_cpu_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * G_GINT64_CONSTANT (1000000) + ts.tv_nsec / 1000;
}

/* CPU time (user + system) of thread `tid` of process `pid`, from /proc, in ms. */
static double
proc_cpu_ms (int pid, int tid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/task/%d/stat", pid, tid);
  g_autofree char *s = NULL;
  if (!g_file_get_contents (path, &s, NULL, NULL) || strrchr (s, ')') == NULL)
    return 0;
  /* Fields after the command's closing parenthesis: state is the 3rd, utime the 14th. */
  g_auto (GStrv) f = g_strsplit (strrchr (s, ')') + 2, " ", 0);
  if (g_strv_length (f) < 13)
    return 0;
  return (g_ascii_strtod (f[11], NULL) + g_ascii_strtod (f[12], NULL)) * 1000.0 / sysconf (_SC_CLK_TCK);
}

/* CPU time of every thread of process `pid`, in ms. */
static double
process_cpu_ms (int pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/task", pid);
  g_autoptr (GDir) d = g_dir_open (path, 0, NULL);
  double ms = 0;
  for (const char *t; d && (t = g_dir_read_name (d));)
    ms += proc_cpu_ms (pid, atoi (t));
  return ms;
}

static DBusHandlerResult
sink_filter (DBusConnection *c, DBusMessage *m, void *user)
{
  (void) user;
  if (dbus_message_get_type (m) != DBUS_MESSAGE_TYPE_METHOD_CALL)
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  DBusMessage *r = dbus_message_new_method_return (m);
  dbus_connection_send (c, r, NULL);
  dbus_message_unref (r);
  return DBUS_HANDLER_RESULT_HANDLED;
}

static gpointer
sink_run (gpointer data)
{
  Sink *s = data;
  while (!g_atomic_int_get (&s->stop) && dbus_connection_read_write_dispatch (s->c, 50))
    g_atomic_int_set (&s->cpu_ms, (gint) (thread_cpu_us () / 1000));
  return NULL;
}

static gboolean
sink_start (BusFixture *f, Sink *s, GThread **thread)
{
  s->c = bus_fixture_connect (f);
  dbus_connection_add_filter (s->c, sink_filter, NULL, NULL);
  if (dbus_bus_request_name (s->c, SINK_NAME, DBUS_NAME_FLAG_DO_NOT_QUEUE, NULL) != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER)
    return FALSE;
  *thread = g_thread_new ("sink", sink_run, s);
  return TRUE;
}

/* ---- the big call, in a thread of its own as another process would make it ---- */

typedef struct {
  BusFixture *f;
  const char *dest, *text;
  gint done;
  double seconds;
  char *answer; /* the error name, or "(success)" */
} Big;

static DBusMessage *
correct_call (const char *dest, const char *text)
{
  DBusMessage *m = bus_fixture_text_call ("Correct", text);
  dbus_message_set_destination (m, dest);
  return m;
}

static gpointer
big_run (gpointer data)
{
  Big *b = data;
  DBusConnection *c = bus_fixture_connect (b->f);
  DBusMessage *m = correct_call (b->dest, b->text);
  DBusError e;
  dbus_error_init (&e);
  gint64 t0 = g_get_monotonic_time ();
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 600000, &e);
  b->seconds = (g_get_monotonic_time () - t0) / 1e6;
  b->answer = g_strdup (r ? "(success)" : e.name);
  if (r)
    dbus_message_unref (r);
  dbus_message_unref (m);
  dbus_error_free (&e);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  g_atomic_int_set (&b->done, 1);
  return NULL;
}

/* ---- the small calls ---- */

static double
small_call (DBusConnection *c, const char *dest)
{
  DBusMessage *m = dbus_message_new_method_call (dest, DRAFTD_BUS_PATH, DBUS_INTERFACE_PROPERTIES, "Get");
  const char *iface = DRAFTD_BUS_IFACE, *name = "Version";
  dbus_message_append_args (m, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID);
  gint64 t0 = g_get_monotonic_time ();
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 600000, NULL);
  double ms = (g_get_monotonic_time () - t0) / 1e3;
  dbus_message_unref (m);
  if (r)
    dbus_message_unref (r);
  return r ? ms : -1;
}

static int
cmp_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* The receiving thread's CPU time in ms: draftd's main thread, or the sink's. */
static double
receiver_cpu_ms (BusFixture *f, Sink *sink)
{
  return sink ? g_atomic_int_get (&sink->cpu_ms) : proc_cpu_ms (f->draftd_pid, f->draftd_pid);
}

/* One row: the small calls to draftd (sink NULL) or the sink, before and while `text` is
 * sent to it. */
static void
measure (BusFixture *f, Sink *sink, const char *label, const char *text)
{
  const char *dest = sink ? SINK_NAME : DRAFTD_BUS_NAME;
  DBusConnection *c = bus_fixture_connect (f);
  double before[BEFORE_CALLS];
  for (guint i = 0; i < BEFORE_CALLS; i++)
    before[i] = small_call (c, dest);
  qsort (before, BEFORE_CALLS, sizeof *before, cmp_double);
  guint64 hwm0 = sink ? 0 : bus_fixture_draftd_status_kib (f, "VmHWM:");
  double cpu0 = receiver_cpu_ms (f, sink), bus0 = proc_cpu_ms (f->bus_pid, f->bus_pid);
  double all0 = sink ? 0 : process_cpu_ms (f->draftd_pid);
  Big b = { .f = f, .dest = dest, .text = text };
  GThread *t = g_thread_new ("big", big_run, &b);
  double worst = 0;
  guint n = 0, failed = 0;
  while (!g_atomic_int_get (&b.done)) {
    double ms = small_call (c, dest);
    failed += ms < 0;
    worst = MAX (worst, ms);
    n++;
  }
  g_thread_join (t);
  g_print ("%-20s big call: %-26s %6.2f s, CPU: receiver %5.0f ms, bus %5.0f ms | small calls: median %.2f ms before; "
           "%u during, worst %.0f ms, %u failed",
           sink ? "sink (bare libdbus)" : label, b.answer, b.seconds, receiver_cpu_ms (f, sink) - cpu0,
           proc_cpu_ms (f->bus_pid, f->bus_pid) - bus0, before[BEFORE_CALLS / 2], n, worst, failed);
  if (!sink)
    g_print (" | its other threads' CPU %.0f ms", process_cpu_ms (f->draftd_pid) - all0 - (receiver_cpu_ms (f, sink) - cpu0));
  if (!sink)
    g_print (" | peak RSS %" G_GUINT64_FORMAT " -> %" G_GUINT64_FORMAT " KiB", hwm0, bus_fixture_draftd_status_kib (f, "VmHWM:"));
  g_print ("\n");
  g_free (b.answer);
  dbus_connection_close (c);
  dbus_connection_unref (c);
}

/* A text of `mib` MiB of short words, valid UTF-8, so only its size is wrong. */
static char *
big_text (guint mib)
{
  gsize n = (gsize) mib << 20;
  char *s = g_malloc (n + 1);
  for (gsize i = 0; i < n; i++)
    s[i] = i % 5 == 4 ? ' ' : 'a' + (i % 7);
  s[n] = 0;
  return s;
}

/* A bus with `draftd` (NULL: the build's) and the sink on it: the sink, draftd, the sink. */
static gboolean
sitting (const char *draftd, const char *text)
{
  BusFixture f;
  g_autoptr (GError) error = NULL;
  bus_fixture_set_draftd (draftd);
  if (!bus_fixture_start (&f, NULL, NULL, NULL, 0, NULL, &error)) {
    g_printerr ("dbus-huge-bench: %s\n", error->message);
    bus_fixture_clear (&f);
    bus_fixture_set_draftd (NULL);
    return FALSE;
  }
  Sink sink = { 0 };
  GThread *st = NULL;
  gboolean ok = sink_start (&f, &sink, &st);
  if (ok) {
    measure (&f, &sink, NULL, text);
    measure (&f, NULL, draftd ? draftd : "draftd (this build)", text);
    measure (&f, &sink, NULL, text);
    g_atomic_int_set (&sink.stop, 1);
    g_thread_join (st);
  } else {
    g_printerr ("dbus-huge-bench: could not own %s\n", SINK_NAME);
  }
  if (sink.c) {
    dbus_connection_close (sink.c);
    dbus_connection_unref (sink.c);
  }
  ok &= bus_fixture_stop_draftd (&f) == 0;
  bus_fixture_clear (&f);
  bus_fixture_set_draftd (NULL);
  return ok;
}

int
main (int argc, char **argv)
{
  draftd_cli_init ();
  g_autofree char *baseline = NULL;
  GOptionEntry entries[] = {
    { "baseline", 0, 0, G_OPTION_ARG_FILENAME, &baseline, "another draftd binary, measured the same way after this build's", "PATH" },
    { NULL },
  };
  g_autoptr (GOptionContext) oc = g_option_context_new ("[MIB]");
  g_option_context_set_summary (oc, "One client sends Correct with MIB (default 100) MiB of text to draftd on a private bus while\n"
                                    "another makes small calls; the same against a bare libdbus sink, the ceiling.");
  g_option_context_add_main_entries (oc, entries, NULL);
  int status;
  if (!draftd_cli_parse (oc, "dbus-huge-bench", NULL, &argc, &argv, &status))
    return status;
  guint mib = argc > 1 ? atoi (argv[1]) : 100;
  if (mib == 0 || mib > 1000 || argc > 2)
    return draftd_cli_usage_error ("dbus-huge-bench", "MIB is a number from 1 to 1000");
  g_autofree char *text = big_text (mib);
  g_print ("a Correct of %u MiB, one call at a time\n", mib);
  gboolean ok = sitting (NULL, text);
  if (baseline)
    ok &= sitting (baseline, text);
  return !ok;
}
