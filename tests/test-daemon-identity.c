/* Issue 24.4: limits count per client, a client being a process (its Unix user and pid from
 * the bus's credentials), not per connection. Five connections from this one test process
 * share one queue cap and one conversation cap, and one turn: another process is served
 * meanwhile, after about one job of theirs rather than one per connection. */
#include <string.h>
#include <glib-unix.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include "lib/bus/client.h"
#include "tests/bus-fixture.h"
#include "tests/tap.h"
#include "tests/test-util.h"

#define CONNECTIONS 5
#define QUEUE_DEPTH 3

/* member(first[, second], {key: value}) with one option of basic `type` (key NULL: none). */
static DBusMessage *
method (const char *member, const char *first, const char *second, const char *key, int type, const void *value)
{
  DBusMessage *m = draftd_bus_new_call (member);
  DBusMessageIter it, d;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &first);
  if (second)
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &second);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  if (key)
    draftd_bus_dict_add (&d, key, type, value);
  /* The shipped target cannot chat (issue 47): the caps are what is tested here. */
  dbus_bool_t force = TRUE;
  if (g_str_equal (member, "Chat") || g_str_equal (member, "Complete"))
    draftd_bus_dict_add (&d, "force", DBUS_TYPE_BOOLEAN, &force);
  dbus_message_iter_close_container (&it, &d);
  return m;
}

/* Forty learner sentences: a job that runs for a while, so the others queue behind it. */
static char *
long_text (void)
{
  /* Every sentence new, in this process and across the flooding processes: the daemon
   * answers a sentence it has seen from memory, and these jobs must be long. */
  static guint calls;
  guint call = calls++, pid = (guint) getpid ();
  GString *t = g_string_new (NULL);
  for (guint i = 0; i < 8; i++)
    g_string_append_printf (t, "She go to school on day %u of %u. The cat sat on teh mat %u times. He have %u book. "
                               "We was happy to see them %u times. It rain all day long in week %u. ",
                            i, pid, call, i + 2, pid % 1000 + i, call * 8 + i);
  return g_string_free (t, FALSE);
}

/* Two Corrects from each connection at once: 10 jobs of one process against a cap of 3. */
static void
test_queue_cap (BusFixture *f, DBusConnection **c)
{
  g_autofree char *text = long_text ();
  DBusPendingCall *pend[2 * CONNECTIONS];
  for (guint i = 0; i < G_N_ELEMENTS (pend); i++) {
    DBusMessage *m = method ("Correct", text, NULL, NULL, 0, NULL);
    dbus_connection_send_with_reply (c[i % CONNECTIONS], m, &pend[i], 300000);
    dbus_message_unref (m);
  }
  for (guint i = 0; i < CONNECTIONS; i++)
    dbus_connection_flush (c[i]);
  g_autofree char *other = NULL;
  int other_status = bus_fixture_correct_elsewhere (f, "He go home.", &other);
  tap_ok (other_status == 0 && other && *other, "another process is served meanwhile (%d)", other_status);
  int busy, served;
  bus_fixture_count_replies (pend, G_N_ELEMENTS (pend), &busy, &served);
  /* One runs, three wait: the other six are refused (five at least, should one end early). */
  tap_ok (busy >= 5 && busy + served == 2 * CONNECTIONS,
          "%d connections of one process share its queue of %d: %d served, %d Busy", CONNECTIONS, QUEUE_DEPTH, served,
          busy);
}

/* 13 conversations on each of the five connections: the 65th of the process is refused. */
static void
test_conversation_cap (DBusConnection **c)
{
  int served = 0, refused = 0;
  for (int i = 0; i < 65; i++) {
    g_autofree char *id = g_strdup_printf ("c%d", i);
    guint32 one = 1;
    DBusMessage *m = method ("Chat", id, "Hi.", "max_tokens", DBUS_TYPE_UINT32, &one);
    DBusError e;
    dbus_error_init (&e);
    DBusMessage *r = dbus_connection_send_with_reply_and_block (c[i % CONNECTIONS], m, 120000, &e);
    dbus_message_unref (m);
    served += r != NULL;
    refused += i == 64 && g_strcmp0 (e.name, DRAFTD_BUS_ERROR_INVALID_ARGUMENT) == 0 && strstr (e.message, "64");
    if (r)
      dbus_message_unref (r);
    dbus_error_free (&e);
  }
  tap_ok (served == 64 && refused == 1, "64 conversations over %d connections, the 65th refused (%d served)", CONNECTIONS,
          served);
}

static void
pump_all (DBusConnection **c, int ms)
{
  for (guint i = 0; i < CONNECTIONS; i++) {
    dbus_connection_read_write (c[i], i == 0 ? ms : 0);
    while (dbus_connection_dispatch (c[i]) == DBUS_DISPATCH_DATA_REMAINS)
      ;
  }
}

static guint
completed (DBusPendingCall **pend, guint n)
{
  guint done = 0;
  for (guint i = 0; i < n; i++)
    done += dbus_pending_call_get_completed (pend[i]);
  return done;
}

static void
on_newcomer_exit (GPid pid, gint status, gpointer user)
{
  *(int *) user = status;
  g_spawn_close_pid (pid);
}

/* This test program again, as another process (another identity): started before the
 * flood, it connects, says "c", and waits for its cue on stdin so that it sends the moment
 * the parent decides, not when a loaded machine gets round to starting a process. */
typedef struct {
  GPid pid;
  int in, out, status;
} Newcomer;

static gboolean
newcomer_start (BusFixture *f, Newcomer *n)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  const char *argv[] = { self, "--newcomer-on-cue", f->address, NULL };
  n->status = -1;
  if (!g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &n->pid, &n->in, &n->out,
                                 NULL, NULL))
    return FALSE;
  /* GLib reaps it (the fixture's child watch for draftd has GLib handle SIGCHLD). */
  g_child_watch_add (n->pid, on_newcomer_exit, &n->status);
  char b = 0;
  gboolean connected = read (n->out, &b, 1) == 1 && b == 'c';  /* blocks until it is connected */
  g_unix_set_fd_nonblocking (n->out, TRUE, NULL);
  return connected;
}

/* Cues the newcomer to send its Correct and follows it to its exit (returned: its status),
 * with *at_send the flood's jobs answered when it sent and *at_end when it had its answer:
 * read from its stdout, not taken at its exit, which can come much later (under ASan its
 * leak check alone ran while 11 more jobs ended). */
static int
newcomer_cue (Newcomer *n, DBusConnection **c, DBusPendingCall **pend, guint count, guint *at_send, guint *at_end)
{
  *at_send = *at_end = G_MAXUINT;
  if (write (n->in, "g", 1) != 1)
    return -1;
  close (n->in);
  gint64 t_send = 0;
  gboolean eof = FALSE;
  for (int i = 0; i < 30000 && !eof; i++) {
    char b;
    ssize_t got;
    while ((got = read (n->out, &b, 1)) == 1) {
      if (b == 's' && *at_send == G_MAXUINT) {
        *at_send = completed (pend, count);
        t_send = g_get_monotonic_time ();
      } else if (b == 'a' && *at_end == G_MAXUINT) {
        *at_end = completed (pend, count);
        tap_diag ("the newcomer was answered %.0f ms after it sent", (g_get_monotonic_time () - t_send) / 1000.0);
      }
    }
    eof = got == 0;  /* it has exited: everything it said has been read */
    pump_all (c, 10);
    g_main_context_iteration (NULL, FALSE);
  }
  close (n->out);
  for (int i = 0; i < 30000 && n->status == -1; i++)
    g_main_context_iteration (NULL, TRUE);
  int st = n->status;
  return st >= 0 && WIFEXITED (st) ? WEXITSTATUS (st) : -1;
}

/* The newcomer's side: one Correct on a connection of its own; 0 when it is answered.
 * On cue: says "c" once connected and sends when a byte arrives on stdin. Says "s" when
 * sent and "a" when answered. */
static int
newcomer_main (const char *address, gboolean on_cue)
{
  DBusConnection *c = draftd_bus_connect (address, NULL);
  if (c == NULL)
    return 1;
  if (on_cue) {
    char b;
    fputs ("c", stdout);
    fflush (stdout);
    if (read (STDIN_FILENO, &b, 1) != 1)
      return 1;
  }
  DBusMessage *m = method ("Correct", "He go home.", NULL, NULL, 0, NULL);
  DBusPendingCall *pend = NULL;
  dbus_connection_send_with_reply (c, m, &pend, 300000);
  dbus_connection_flush (c);
  dbus_message_unref (m);
  fputs ("s", stdout);  /* sent: the parent counts from here */
  fflush (stdout);
  dbus_pending_call_block (pend);
  DBusMessage *r = dbus_pending_call_steal_reply (pend);
  int status = r && dbus_message_get_type (r) == DBUS_MESSAGE_TYPE_METHOD_RETURN ? 0 : 1;
  fputs ("a", stdout);  /* answered */
  fflush (stdout);
  if (r)
    dbus_message_unref (r);
  dbus_pending_call_unref (pend);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  return status;
}

/* Five connections of one process send 16 one-sentence Corrects at once; another
 * process's Correct, sent while they run, waits at most for those in flight, not for one
 * per connection (their turns rotated per connection before). */
static void
test_turns (void)
{
  BusFixture f;
  int code;
  if (!bus_fixture_begin (&f, NULL, &code))
    return;
  /* Each job's sentence its own (numbered): the same sentence again is answered from memory. */
  static const char sentence[] = "The committee have decided that the new library number %u will opens next spring, once "
                                 "the builders finishes the roof and the windows of the old hall beside the river, and "
                                 "the mayor say that everyone are welcome to the opening.";
  DBusConnection *c[CONNECTIONS];
  /* 16 jobs, the most a process may queue: at most 7 run at once (a process never takes the
   * last lane), so at least 9 are left when the first ends. */
  DBusPendingCall *pend[16];
  for (guint i = 0; i < CONNECTIONS; i++)
    c[i] = bus_fixture_connect (&f);
  Newcomer nc;
  gboolean started = newcomer_start (&f, &nc);
  tap_ok (started, "another process is connected, waiting for its cue");
  if (!started) {
    bus_fixture_teardown (&f);
    return;
  }
  for (guint i = 0; i < G_N_ELEMENTS (pend); i++) {
    /* The model's pass too: a job long enough that the newcomer's call is quick beside it. */
    dbus_bool_t yes = TRUE;
    g_autofree char *text = g_strdup_printf (sentence, i + 1);
    DBusMessage *m = method ("Correct", text, NULL, "model_pass", DBUS_TYPE_BOOLEAN, &yes);
    dbus_connection_send_with_reply (c[i % CONNECTIONS], m, &pend[i], 300000);
    dbus_message_unref (m);
  }
  /* The cue: the first of their jobs answered, so they are all admitted and running or
   * queued. */
  for (int i = 0; i < 30000 && completed (pend, G_N_ELEMENTS (pend)) == 0; i++)
    pump_all (c, 20);
  guint before = 0, after = 0;
  int st = newcomer_cue (&nc, c, pend, G_N_ELEMENTS (pend), &before, &after);
  /* The newcomer starts at once on the lane a process already running never takes, and
   * runs beside that process's jobs: those in flight on the other lanes end meanwhile,
   * one round of them. Their turns rotated per connection before, and it waited for
   * the rest of the process's queue. */
  guint lanes = bus_fixture_models_u32 (c[0], "lanes");
  guint n = G_N_ELEMENTS (pend);
  tap_ok (st == 0 && lanes >= 1 && before != G_MAXUINT && n - before > lanes,
          "the newcomer sent while more than a round of theirs was left (%u of %u, %u lanes; %d)",
          before == G_MAXUINT ? 0 : n - before, n, lanes, st);
  tap_ok (st == 0 && after != G_MAXUINT && after - before <= lanes,
          "a newcomer waited for %u jobs of a process with %d connections (%u to %u; at most %u)", after - before,
          CONNECTIONS, before, after, lanes);
  int busy, served;
  bus_fixture_count_replies (pend, G_N_ELEMENTS (pend), &busy, &served);
  tap_ok (served == (int) G_N_ELEMENTS (pend), "and all %d of theirs are served", served);
  for (guint i = 0; i < CONNECTIONS; i++) {
    dbus_connection_close (c[i]);
    dbus_connection_unref (c[i]);
  }
  bus_fixture_teardown (&f);
}

/* A flooding process: FLOOD_JOBS long Corrects on one connection of its own, "s" on stdout
 * once they are sent; then it waits to be killed (its jobs end with it). */
#define FLOOD_JOBS 16
#define FLOODERS 5

static int
flood_main (const char *address)
{
  DBusConnection *c = draftd_bus_connect (address, NULL);
  if (c == NULL)
    return 1;
  g_autofree char *text = long_text ();
  for (guint i = 0; i < FLOOD_JOBS; i++) {
    DBusMessage *m = method ("Correct", text, NULL, NULL, 0, NULL);
    dbus_connection_send (c, m, NULL);
    dbus_message_unref (m);
  }
  dbus_connection_flush (c);
  /* A Ping answered after the Corrects: the daemon has read (and queued) them all. */
  DBusMessage *ping = dbus_message_new_method_call (DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, "org.freedesktop.DBus.Peer", "Ping");
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, ping, 60000, NULL);
  dbus_message_unref (ping);
  if (r)
    dbus_message_unref (r);
  fputs ("s", stdout);
  fflush (stdout);
  /* Until killed, or until the bus goes (a parent that died takes it along): no orphan spins. */
  while (dbus_connection_read_write_dispatch (c, -1))
    ;
  return 0;
}

/* Issue 35.5, through the bus: five processes of this user, each with one connection and 16
 * long Corrects, flood the queue of 64; a sixth process is still admitted and answered (it
 * was refused Busy before). How soon it starts is held by test-engine-shares. */
static void
test_processes (void)
{
  BusFixture f;
  int code;
  if (!bus_fixture_begin (&f, NULL, &code))
    return;
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  const char *argv[] = { self, "--flood", f.address, NULL };
  GPid pids[FLOODERS];
  guint ready = 0;
  for (guint i = 0; i < FLOODERS; i++) {
    int out = -1;
    pids[i] = 0;
    if (!g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &pids[i], NULL, &out, NULL, NULL))
      continue;
    char b;
    ready += read (out, &b, 1) == 1;  /* blocks until its Corrects are queued */
    close (out);
  }
  tap_ok (ready == FLOODERS, "%u processes have sent %d long Corrects each", ready, FLOOD_JOBS);
  const char *nargv[] = { self, "--newcomer", f.address, NULL };
  int st = -1;
  g_spawn_sync (NULL, (char **) nargv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &st, NULL);
  tap_ok (WIFEXITED (st) && WEXITSTATUS (st) == 0, "a sixth process is admitted and answered while they flood (%d)", st);
  for (guint i = 0; i < FLOODERS; i++)
    if (pids[i]) {
      kill (pids[i], SIGTERM);
      waitpid (pids[i], NULL, 0);
      g_spawn_close_pid (pids[i]);
    }
  tap_ok (bus_fixture_stop_draftd (&f) == 0, "draftd exits 0");
  bus_fixture_teardown (&f);
}

int
main (int argc, char **argv)
{
  if (argc == 3 && g_str_equal (argv[1], "--newcomer"))
    return newcomer_main (argv[2], FALSE);
  if (argc == 3 && g_str_equal (argv[1], "--newcomer-on-cue"))
    return newcomer_main (argv[2], TRUE);
  if (argc == 3 && g_str_equal (argv[1], "--flood"))
    return flood_main (argv[2]);
  BusFixture f;
  int code;
  const char *extra[] = { "--client-queue-depth", G_STRINGIFY (QUEUE_DEPTH), NULL };
  if (!bus_fixture_begin (&f, extra, &code))
    return code;
  DBusConnection *c[CONNECTIONS];
  for (guint i = 0; i < CONNECTIONS; i++)
    c[i] = bus_fixture_connect (&f);
  test_queue_cap (&f, c);
  test_conversation_cap (c);
  for (guint i = 0; i < CONNECTIONS; i++) {
    dbus_connection_close (c[i]);
    dbus_connection_unref (c[i]);
  }
  tap_ok (bus_fixture_stop_draftd (&f) == 0, "draftd exits 0");
  bus_fixture_teardown (&f);
  test_turns ();
  test_processes ();
  return tap_done ();
}
