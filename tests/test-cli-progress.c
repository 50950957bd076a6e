/* draft against a stand-in for draftd that speaks the newer edit contract: edits carrying a
 * message, and Progress signals. The message must reach --json and the diff; a job over a
 * second shows "sentence i/n" on a terminal's stderr, and never in a pipe. */
#include <fcntl.h>
#include <pty.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "lib/bus/draftd-bus.h"
#include "tests/cli-run.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static const char job_path[] = DRAFTD_BUS_PATH "/job/1";

static void
send_signal (DBusConnection *c, const char *dest, const char *member, int first_type, ...)
{
  DBusMessage *m = dbus_message_new_signal (DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, member);
  dbus_message_set_destination (m, dest);
  const char *path = job_path;
  dbus_message_append_args (m, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
  va_list ap;
  va_start (ap, first_type);
  dbus_message_append_args_valist (m, first_type, ap);
  va_end (ap);
  dbus_connection_send (c, m, NULL);
  dbus_connection_flush (c);
  dbus_message_unref (m);
}

/* The job: three sentences, 0.6 s each, one edit with a message, then Finished. */
static void
run_job (DBusConnection *c, DBusMessage *start)
{
  const char *client = dbus_message_get_sender (start);
  DBusMessage *r = dbus_message_new_method_return (start);
  const char *path = job_path;
  dbus_message_append_args (r, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
  dbus_connection_send (c, r, NULL);
  dbus_message_unref (r);
  const char *rep = "went", *kind = "grammar", *msg = "tense: go → went", *result = "She went to the café.";
  guint32 off = 4, len = 2, total = 3;
  for (guint32 done = 1; done <= total; done++) {
    g_usleep (600000);
    if (done == 2)
      send_signal (c, client, "Edit", DBUS_TYPE_UINT32, &off, DBUS_TYPE_UINT32, &len, DBUS_TYPE_STRING, &rep, DBUS_TYPE_STRING,
                   &kind, DBUS_TYPE_STRING, &msg, DBUS_TYPE_INVALID);
    send_signal (c, client, "Progress", DBUS_TYPE_UINT32, &done, DBUS_TYPE_UINT32, &total, DBUS_TYPE_INVALID);
  }
  DBusMessage *m = dbus_message_new_signal (DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "Finished");
  dbus_message_set_destination (m, client);
  DBusMessageIter it, d;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_OBJECT_PATH, &path);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &result);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  dbus_message_iter_close_container (&it, &d);
  dbus_connection_send (c, m, NULL);
  dbus_connection_flush (c);
  dbus_message_unref (m);
}

static volatile gboolean stopping;

/* The stand-in owns the daemon's name (or gave up): clients may start. */
static GMutex ready_lock;
static GCond ready_cond;
static gboolean ready;

static void
set_ready (void)
{
  g_mutex_lock (&ready_lock);
  ready = TRUE;
  g_cond_signal (&ready_cond);
  g_mutex_unlock (&ready_lock);
}

static void
wait_ready (void)
{
  g_mutex_lock (&ready_lock);
  while (!ready)
    g_cond_wait (&ready_cond, &ready_lock);
  g_mutex_unlock (&ready_lock);
}

static gpointer
serve (gpointer address)
{
  DBusConnection *c = dbus_connection_open_private (address, NULL);
  if (c == NULL || !dbus_bus_register (c, NULL)) {
    set_ready ();
    return NULL;
  }
  dbus_bus_request_name (c, DRAFTD_BUS_NAME, DBUS_NAME_FLAG_DO_NOT_QUEUE, NULL);
  set_ready ();
  while (!stopping && dbus_connection_read_write (c, 100)) {
    DBusMessage *m;
    while ((m = dbus_connection_pop_message (c)) != NULL) {
      if (dbus_message_is_method_call (m, DRAFTD_BUS_IFACE, "Start"))
        run_job (c, m);
      dbus_message_unref (m);
    }
  }
  dbus_connection_close (c);
  dbus_connection_unref (c);
  return NULL;
}

/* draft correct --diff with stderr on a terminal, and stdout too, or in `out_file`;
 * returns what the terminal showed. */
static char *
run_in_pty (const char *address, const char *out_file, int *status)
{
  g_autofree char *exe = g_build_filename (DRAFTD_BUILD_ROOT, "client", "draft", NULL);
  g_autofree char *input = g_build_filename (test_tmpdir (), "input.txt", NULL);
  g_file_set_contents (input, "She go to the café.\n", -1, NULL);
  int fd;
  pid_t pid = forkpty (&fd, NULL, NULL, NULL);
  if (pid == 0) {
    int in = open ("/dev/null", O_RDONLY);
    dup2 (in, STDIN_FILENO);
    g_setenv ("TERM", "dumb", TRUE);
    if (out_file) {
      int out = open (out_file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2 (out, STDOUT_FILENO);
    }
    execl (exe, exe, "--address", address, "correct", "--diff", input, (char *) NULL);
    _exit (127);
  }
  return cli_pty_collect (fd, pid, status);
}

int
main (void)
{
  const char *bus_argv[] = { "dbus-daemon", "--session", "--nofork", "--print-address=1", NULL };
  GPid bus_pid;
  gint out_fd;
  if (!g_spawn_async_with_pipes (NULL, (char **) bus_argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD |
                                 G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &bus_pid, NULL, &out_fd, NULL, NULL)) {
    tap_ok (FALSE, "dbus-daemon starts");
    return tap_done ();
  }
  char address[512];
  gsize n = 0;
  while (n < sizeof address - 1 && read (out_fd, address + n, 1) == 1 && address[n] != '\n')
    n++;
  address[n] = 0;
  close (out_fd);
  GThread *service = g_thread_new ("service", serve, address);
  wait_ready ();

  const char *args[] = { "--address", address, "correct", "--json", NULL };
  CliResult r;
  cli_run ("client/draft", args, (const char *const[]) { "LC_ALL=C", NULL }, "She go to the café.\n", &r);
  g_autoptr (JsonNode) doc = r.status == 0 ? cli_parse_json (r.out) : NULL;
  JsonArray *edits = doc ? json_object_get_array_member (json_node_get_object (doc), "edits") : NULL;
  JsonObject *e = edits && json_array_get_length (edits) == 1 ? json_array_get_object_element (edits, 0) : NULL;
  tap_ok (e && g_str_equal (json_object_get_string_member (e, "message"), "tense: go → went") &&
          g_str_equal (json_object_get_string_member (e, "replacement"), "went"),
          "an edit's message reaches --json (status %d)", r.status);
  tap_ok (!strstr (r.err, "sentence"), "no progress line when stderr is not a terminal");
  cli_result_clear (&r);

  int status = -1;
  g_autofree char *out_file = g_build_filename (test_tmpdir (), "corrected.txt", NULL);
  g_autofree char *tty = run_in_pty (address, out_file, &status);
  g_autofree char *written = NULL;
  g_file_get_contents (out_file, &written, NULL, NULL);
  tap_ok (WIFEXITED (status) && WEXITSTATUS (status) == 0, "draft correct --diff > FILE on a terminal succeeds");
  tap_ok (strstr (tty, "sentence 2/3") || strstr (tty, "sentence 3/3"), "a job over a second shows its progress on the terminal");
  tap_ok (written && g_str_has_prefix (written, "She [-go-]{+went+} to the café.\n") && strstr (written, "tense: go → went") &&
          !strstr (written, "sentence"), "the file gets the diff and the edit's message, and no progress");
  tap_diag ("terminal: %s", tty);
  g_autofree char *shared = run_in_pty (address, NULL, &status);
  tap_ok (WIFEXITED (status) && WEXITSTATUS (status) == 0 && strstr (shared, "She [-go-]{+went+} to the café.") &&
          strstr (shared, "tense: go → went"), "with the result on the same terminal, progress never overwrites it");
  tap_diag ("terminal: %s", shared);
  stopping = TRUE;
  g_thread_join (service);
  kill (bus_pid, SIGTERM);
  waitpid (bus_pid, NULL, 0);
  return tap_done ();
}
