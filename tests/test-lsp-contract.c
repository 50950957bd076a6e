/* The edit contract from both sides of its change: Edit signals of type (ouuss) and of
 * type (ouusss) (with a message) are both read by draftd-lsp, and a message, when sent,
 * is the diagnostic's message. A stand-in daemon on a private bus (plain libdbus, in a
 * thread) sends exactly one of each, so the test does not depend on which the real daemon
 * sends today. A suggestion (Correct's Finished stats "suggestions", a(uussss): what the
 * target doubted) is an Information diagnostic whose quick fix is offered but never
 * preferred, and "apply all" leaves it out. */
#include <gio/gio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/tap.h"
#include "tests/test-lsp-driver.h"
#include "lib/bus/client.h"

typedef struct {
  char *address;
  guint jobs;
  gint utf8_asked;
  gint ready;     /* the name is ours */
  gint stop;
} Fake;

/* Start's av: the text (first), and whether the options (last) ask for offset_unit utf8. */
static const char *
start_args (DBusMessage *m, gboolean *utf8)
{
  DBusMessageIter it, av, v;
  const char *text = NULL;
  if (!dbus_message_iter_init (m, &it) || !dbus_message_iter_next (&it) || dbus_message_iter_get_arg_type (&it) != DBUS_TYPE_ARRAY)
    return NULL;
  dbus_message_iter_recurse (&it, &av);
  for (; dbus_message_iter_get_arg_type (&av) == DBUS_TYPE_VARIANT; dbus_message_iter_next (&av)) {
    dbus_message_iter_recurse (&av, &v);
    if (dbus_message_iter_get_arg_type (&v) == DBUS_TYPE_STRING && text == NULL)
      dbus_message_iter_get_basic (&v, &text);
    else if (dbus_message_iter_get_arg_type (&v) == DBUS_TYPE_ARRAY) {
      DBusMessageIter d, e, value;
      const char *key, *unit;
      for (dbus_message_iter_recurse (&v, &d); dbus_message_iter_get_arg_type (&d) == DBUS_TYPE_DICT_ENTRY; dbus_message_iter_next (&d)) {
        dbus_message_iter_recurse (&d, &e);
        dbus_message_iter_get_basic (&e, &key);
        dbus_message_iter_next (&e);
        dbus_message_iter_recurse (&e, &value);
        if (g_str_equal (key, "offset_unit") && dbus_message_iter_get_arg_type (&value) == DBUS_TYPE_STRING) {
          dbus_message_iter_get_basic (&value, &unit);
          *utf8 |= g_str_equal (unit, "utf8");
        }
      }
    }
  }
  return text;
}

/* Sends `m` (taking it); a signal goes to `to` alone, a reply already knows where. */
static void
send_to (DBusConnection *c, DBusMessage *m, const char *to)
{
  if (to)
    dbus_message_set_destination (m, to);
  dbus_connection_send (c, m, NULL);
  dbus_message_unref (m);
}

/* stats["suggestions"] = [(offset, length, replacement, "agreement", "", "agreement.subject-verb")]. */
static void
append_suggestion (DBusMessageIter *stats, guint32 off, guint32 len, const char *rep)
{
  DBusMessageIter entry, var, arr, st;
  const char *key = "suggestions", *kind = "agreement", *message = "", *rule = "agreement.subject-verb";
  dbus_message_iter_open_container (stats, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
  dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &key);
  dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, "a(uussss)", &var);
  dbus_message_iter_open_container (&var, DBUS_TYPE_ARRAY, "(uussss)", &arr);
  dbus_message_iter_open_container (&arr, DBUS_TYPE_STRUCT, NULL, &st);
  dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &off);
  dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &len);
  dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &rep);
  dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &kind);
  dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &message);
  dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &rule);
  dbus_message_iter_close_container (&arr, &st);
  dbus_message_iter_close_container (&var, &arr);
  dbus_message_iter_close_container (&entry, &var);
  dbus_message_iter_close_container (stats, &entry);
}

/* "Teh" is flagged wherever it is: with a message in the first job, without in the others. */
static void
on_start (Fake *f, DBusConnection *c, DBusMessage *m)
{
  gboolean utf8 = FALSE;
  const char *text = start_args (m, &utf8), *to = dbus_message_get_sender (m);
  guint n = ++f->jobs;
  if (utf8)
    g_atomic_int_set (&f->utf8_asked, 1);
  g_autofree char *job = g_strdup_printf (DRAFTD_BUS_PATH "/jobs/%u", n);
  const char *path = job, *the = "The", *kind = "spelling", *why = "Possible typo: \u201cTeh\u201d is \u201cThe\u201d";
  DBusMessage *r = dbus_message_new_method_return (m);
  dbus_message_append_args (r, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
  send_to (c, r, NULL);
  const char *at = text ? strstr (text, "Teh") : NULL;
  if (at) {
    guint32 off = at - text, len = 3;
    DBusMessage *e = dbus_message_new_signal (DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "Edit");
    dbus_message_append_args (e, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_UINT32, &off, DBUS_TYPE_UINT32, &len,
                              DBUS_TYPE_STRING, &the, DBUS_TYPE_STRING, &kind, DBUS_TYPE_INVALID);
    if (n == 1)
      dbus_message_append_args (e, DBUS_TYPE_STRING, &why, DBUS_TYPE_INVALID);
    send_to (c, e, to);
  }
  DBusMessage *done = dbus_message_new_signal (DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "Finished");
  DBusMessageIter it, stats;
  dbus_message_iter_init_append (done, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_OBJECT_PATH, &path);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, text ? &text : &the);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &stats);
  const char *walks = text ? strstr (text, "walks") : NULL;
  if (walks)
    append_suggestion (&stats, walks - text, 5, "walk");
  dbus_message_iter_close_container (&it, &stats);
  send_to (c, done, to);
}

/* The stand-in daemon: Start as above, any other method of the interface answered empty. */
static gpointer
serve (gpointer user)
{
  Fake *f = user;
  DBusConnection *c = draftd_bus_connect (f->address, NULL);
  g_assert (c != NULL);
  g_assert (dbus_bus_request_name (c, DRAFTD_BUS_NAME, DBUS_NAME_FLAG_DO_NOT_QUEUE, NULL) == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER);
  g_atomic_int_set (&f->ready, 1);
  while (!g_atomic_int_get (&f->stop) && dbus_connection_read_write (c, 50))
    for (DBusMessage *m; (m = dbus_connection_pop_message (c)) != NULL; dbus_message_unref (m))
      if (dbus_message_is_method_call (m, DRAFTD_BUS_IFACE, "Start"))
        on_start (f, c, m);
      else if (dbus_message_get_type (m) == DBUS_MESSAGE_TYPE_METHOD_CALL && !dbus_message_get_no_reply (m))
        send_to (c, dbus_message_new_method_return (m), NULL);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  return NULL;
}

/* The code actions at [start, end) of the document. */
static JsonNode *
actions_at (LspClient *c, const char *uri, const char *text, gsize start, gsize end)
{
  int code;
  JsonNode *range = lsp_range (text, start, end, "utf-16");
  g_autofree char *r = json_to_string (range, FALSE);
  json_node_unref (range);
  return lsp_call (c, "textDocument/codeAction",
                   lsp_json ("{\"textDocument\": {\"uri\": \"%s\"}, \"range\": %s, \"context\": {\"diagnostics\": []}}", uri, r), &code);
}

static JsonObject *
titled (JsonNode *actions, const char *prefix)
{
  JsonArray *a = actions && JSON_NODE_HOLDS_ARRAY (actions) ? json_node_get_array (actions) : NULL;
  for (guint i = 0; a && i < json_array_get_length (a); i++) {
    JsonObject *o = json_array_get_object_element (a, i);
    const char *t = draftd_lsp_get_string (o, "title");
    if (t && g_str_has_prefix (t, prefix))
      return o;
  }
  return NULL;
}

/* A suggestion beside a fix: shown as Information, offered, never preferred nor in "apply all". */
static void
test_suggestion (LspClient *c)
{
  const char *uri = "file:///tmp/draftd-test/s.txt", *text = "The children walks home. Teh end.\n";
  g_autoptr (JsonArray) d = lsp_open (c, uri, "plaintext", text);
  JsonObject *s = d ? lsp_find_diagnostic (d, "walks") : NULL, *fix = d ? lsp_find_diagnostic (d, "Teh") : NULL;
  gint64 sev = 0, fix_sev = 0;
  if (s)
    draftd_lsp_get_int (s, "severity", &sev);
  if (fix)
    draftd_lsp_get_int (fix, "severity", &fix_sev);
  JsonObject *data = s ? draftd_lsp_get_object (s, "data") : NULL;
  tap_ok (s && sev == 3 && fix_sev != 3 && data && json_object_get_boolean_member_with_default (data, "suggestion", FALSE) &&
              g_strcmp0 (draftd_lsp_get_string (s, "code"), "agreement.subject-verb") == 0,
          "a suggestion is an Information diagnostic with its rule, the fix beside it is not (%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ")",
          sev, fix_sev);
  gsize at = strstr (text, "walks") - text;
  g_autoptr (JsonNode) here = actions_at (c, uri, text, at, at);
  JsonObject *offer = titled (here, "Replace \u201cwalks\u201d with \u201cwalk\u201d");
  tap_ok (offer && !json_object_get_boolean_member_with_default (offer, "isPreferred", TRUE),
          "its quick fix is offered, and not the preferred one an editor may apply by itself");
  JsonObject *all = titled (here, "Apply all draftd fixes");
  g_autoptr (JsonNode) all_node = all ? json_node_init_object (json_node_alloc (), all) : NULL;
  g_autofree char *all_text = all_node ? json_to_string (all_node, FALSE) : NULL;
  tap_ok (all && strstr (draftd_lsp_get_string (all, "title"), "(1)") && !strstr (all_text, "\"walk\""),
          "\"apply all\" takes the one fix and leaves the suggestion (%s)", all ? draftd_lsp_get_string (all, "title") : "none");
}

static const char *
diag_message (JsonArray *d)
{
  JsonObject *o = d ? lsp_find_diagnostic (d, "Teh") : NULL;
  return o ? draftd_lsp_get_string (o, "message") : NULL;
}

int
main (void)
{
  g_autofree char *dbus_daemon = g_find_program_in_path ("dbus-daemon");
  if (dbus_daemon == NULL)
    return tap_missing_all ("dbus-daemon is not installed");
  const char *bus_argv[] = { dbus_daemon, "--session", "--nofork", "--print-address=1", NULL };
  GPid bus_pid;
  gint out_fd;
  g_assert (g_spawn_async_with_pipes (NULL, (char **) bus_argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL | G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &bus_pid, NULL,
                                      &out_fd, NULL, NULL));
  char buf[512];
  gsize n = 0;
  while (n < sizeof buf - 1 && read (out_fd, buf + n, 1) == 1 && buf[n] != '\n')
    n++;
  buf[n] = 0;
  close (out_fd);
  Fake f = { .address = g_strdup (buf) };
  GThread *thread = g_thread_new ("fake-draftd", serve, &f);
  while (!g_atomic_int_get (&f.ready))
    g_usleep (1000);

  BusFixture fixture = { 0 };
  fixture.address = f.address;
  LspClient c;
  g_assert (lsp_start (&c, &fixture));
  int code;
  g_autoptr (JsonNode) init G_GNUC_UNUSED = lsp_initialize (&c, NULL);
  g_autoptr (JsonArray) d1 = lsp_open (&c, "file:///tmp/draftd-test/a.txt", "plaintext", "Teh cat sat.\n");
  const char *m1 = diag_message (d1);
  tap_ok (m1 && strstr (m1, "Possible typo"), "an Edit of type (ouusss): its message is the diagnostic's (%s)", m1 ? m1 : "none");
  g_autoptr (JsonArray) d2 = lsp_open (&c, "file:///tmp/draftd-test/b.txt", "plaintext", "A dog. Teh end.\n");
  JsonObject *o2 = d2 ? lsp_find_diagnostic (d2, "Teh") : NULL;
  const char *m2 = diag_message (d2);
  gint64 ch = -1;
  if (o2)
    draftd_lsp_get_int (draftd_lsp_get_object (draftd_lsp_get_object (o2, "range"), "start"), "character", &ch);
  tap_ok (m2 && strstr (m2, "The") && !strstr (m2, "Possible") && ch == 7,
          "an Edit of type (ouuss): a message made from the edit (%s), at character 7", m2 ? m2 : "none");
  tap_ok (g_atomic_int_get (&f.utf8_asked), "draftd-lsp asks for UTF-8 offsets");
  test_suggestion (&c);
  g_autoptr (JsonNode) down G_GNUC_UNUSED = lsp_call (&c, "shutdown", NULL, &code);
  lsp_notify (&c, "exit", NULL);
  tap_ok (lsp_wait_exit (&c, 20000) == 0, "shutdown and exit: status 0");
  lsp_stop (&c);
  g_atomic_int_set (&f.stop, 1);
  g_thread_join (thread);
  g_free (f.address);
  kill (bus_pid, SIGTERM);
  waitpid (bus_pid, NULL, 0);
  return tap_done ();
}
