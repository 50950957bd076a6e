/* Issue 48: SIGTERM frees the bus name before anything else ends, so a draftd started at that
 * moment owns org.draftd.Assistant1 and serves (one started a second after a SIGTERM used to
 * fail with "another draftd already owns ..."), and the stopping daemon exits 0 with its job
 * cancelled. Every wait is for an event: NameOwnerChanged on the test's own connection, a
 * child's exit from the GLib context. Shipped models. */
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "lib/bus/draftd-bus.h"
#include "tests/bus-fixture.h"
#include "tests/tap.h"
#include "tests/test-util.h"

#define WAIT_MS 120000

/* When the first draftd's exit was seen (0: not yet), stamped wherever the test waits. */
static gint64 first_exit_at;
static BusFixture *first;

static void
stamp_exit (void)
{
  if (first && first->draftd_exited && first_exit_at == 0)
    first_exit_at = g_get_monotonic_time ();
}

/* Waits for NameOwnerChanged of draftd's name; the new owner ("" when released), NULL when
 * none came in WAIT_MS. The GLib context runs meanwhile: the child watches reap there. */
static char *
wait_owner_change (DBusConnection *c)
{
  gint64 end = g_get_monotonic_time () + WAIT_MS * (gint64) 1000;
  while (g_get_monotonic_time () < end) {
    while (g_main_context_iteration (NULL, FALSE))
      ;
    stamp_exit ();
    DBusMessage *m;
    while ((m = dbus_connection_pop_message (c)) != NULL) {
      const char *name = NULL, *old = NULL, *owner = NULL;
      char *found = NULL;
      if (dbus_message_is_signal (m, DBUS_INTERFACE_DBUS, "NameOwnerChanged") &&
          dbus_message_get_args (m, NULL, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &old, DBUS_TYPE_STRING, &owner,
                                 DBUS_TYPE_INVALID) &&
          g_str_equal (name, DRAFTD_BUS_NAME))
        found = g_strdup (owner);
      dbus_message_unref (m);
      if (found)
        return found;
    }
    dbus_connection_read_write (c, 50); /* until a message comes, or a child's exit is due */
  }
  return NULL;
}

typedef struct {
  GPid pid;
  gboolean exited;
  int status;
} Child;

static void
on_child_exit (GPid pid, gint status, gpointer user)
{
  Child *child = user;
  child->exited = TRUE;
  child->status = WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status);
  g_spawn_close_pid (pid);
}

/* A second draftd on the fixture's bus, with the first one's models and config folder. */
static gboolean
spawn_second (BusFixture *f, Child *child, const char *log_path)
{
  g_autofree char *exe = g_build_filename (DRAFTD_BUILD_ROOT, "daemon", "draftd", NULL);
  const char *argv[] = { exe, "--address", f->address, "--target", f->target, "--assistant", f->assistant, NULL };
  g_autofree char *xdg = g_build_filename (f->dir, "xdg", NULL);
  g_auto (GStrv) env = g_environ_setenv (g_get_environ (), "XDG_CONFIG_HOME", xdg, TRUE);
  int log_fd = open (log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  gboolean ok = g_spawn_async_with_fds (NULL, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &child->pid, -1,
                                        log_fd, log_fd, NULL);
  close (log_fd);
  if (ok)
    g_child_watch_add (child->pid, on_child_exit, child);
  return ok;
}

static void
wait_exit (gboolean *exited)
{
  gint64 end = g_get_monotonic_time () + WAIT_MS * (gint64) 1000;
  while (!*exited && g_get_monotonic_time () < end) {
    g_main_context_iteration (NULL, TRUE); /* the child watch wakes it */
    stamp_exit ();
  }
}

static double
ms_since (gint64 t0)
{
  return (g_get_monotonic_time () - t0) / 1000.0;
}

static void
check_handover (BusFixture *f, DBusConnection *c)
{
  g_autofree char *job = bus_fixture_start_job (c, "Correct", "She go to school yesterday. He dont like it. We was late again.");
  tap_ok (job != NULL, "a job is under way when SIGTERM comes");
  gint64 t0 = g_get_monotonic_time ();
  first = f;
  kill (f->draftd_pid, SIGTERM);
  g_autofree char *released = wait_owner_change (c);
  double release_ms = ms_since (t0);
  tap_ok (released && *released == 0, "SIGTERM frees the name (new owner \"%s\")", released ? released : "(no change)");
  Child second = { 0 };
  g_autofree char *second_log = g_build_filename (f->dir, "second.log", NULL);
  gint64 t1 = g_get_monotonic_time ();
  tap_ok (spawn_second (f, &second, second_log), "a second draftd starts at once");
  g_autofree char *owner = wait_owner_change (c);
  double own_ms = ms_since (t1);
  g_autofree char *said = NULL;
  g_file_get_contents (second_log, &said, NULL, NULL);
  tap_ok (owner && *owner && !second.exited, "the second draftd owns %s: %s", DRAFTD_BUS_NAME,
          owner && *owner ? owner : said ? said : "(no log)");
  wait_exit (&f->draftd_exited);
  double exit_ms = (first_exit_at - t0) / 1000.0;
  tap_ok (f->draftd_exited && f->draftd_status == 0, "the first exits 0 (%d)", f->draftd_exited ? f->draftd_status : -1);
  f->draftd_pid = 0;
  g_autofree char *log = NULL;
  g_file_get_contents (f->log_path, &log, NULL, NULL);
  const char *stopping = log ? strstr (log, "stopping on a signal") : NULL;
  tap_ok (stopping && g_str_has_prefix (stopping, "stopping on a signal: " DRAFTD_BUS_NAME " released"),
          "its log says the name went first");
  tap_diag ("the first's log from the signal on: %s", stopping ? stopping : "(none)");
  tap_diag ("SIGTERM to the name released: %.0f ms; to the first's exit: %.0f ms; the second's start to its owning "
            "the name: %.0f ms", release_ms, exit_ms, own_ms);
  g_autofree char *message = NULL;
  g_autofree char *error = bus_fixture_complete_error (c, "Once upon a time", &message);
  tap_ok (error == NULL, "calls to the name reach the second: %s", error ? message : "served");
  if (!second.exited)
    kill (second.pid, SIGTERM);
  wait_exit (&second.exited);
  tap_ok (second.exited && second.status == 0, "the second stops cleanly too (%d)", second.exited ? second.status : -1);
}

int
main (void)
{
  BusFixture f;
  int code;
  if (!bus_fixture_begin (&f, NULL, &code))
    return code;
  DBusConnection *c = bus_fixture_connect (&f);
  dbus_bus_add_match (c, "type='signal',sender='" DBUS_SERVICE_DBUS "',member='NameOwnerChanged',arg0='" DRAFTD_BUS_NAME "'",
                      NULL);
  check_handover (&f, c);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  bus_fixture_teardown (&f);
  return tap_done ();
}
