/* The edit contract from both sides of its change: Edit signals of type (ouuss) and of
 * type (ouusss) (with a message) are both read by draftd-lsp, and a message, when sent,
 * is the diagnostic's message. A stand-in daemon on a private bus sends exactly one of
 * each, so the test does not depend on which the real daemon sends today. */
#include <gio/gio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/tap.h"
#include "tests/test-lsp-driver.h"
#include "lib/bus/draftd-bus-names.h"

static const char introspection[] =
  "<node><interface name='" DRAFTD_BUS_IFACE "'>"
  "<method name='Start'><arg name='method' type='s' direction='in'/><arg name='args' type='av' direction='in'/>"
  "<arg name='job' type='o' direction='out'/></method>"
  "<method name='Cancel'><arg name='job' type='o' direction='in'/></method>"
  "</interface></node>";

typedef struct {
  GMainContext *ctx;
  GMainLoop *loop;
  GDBusConnection *bus;
  char *address;
  guint jobs;
  gboolean utf8_asked;
  gint ready;     /* the name is ours */
  GMutex lock;
} Fake;

/* "Teh" is flagged wherever it is: with a message in the first job, without in the others. */
static void
on_call (GDBusConnection *bus, const char *sender, const char *path, const char *iface, const char *method,
         GVariant *params, GDBusMethodInvocation *inv, gpointer user)
{
  Fake *f = user;
  if (!g_str_equal (method, "Start")) {
    g_dbus_method_invocation_return_value (inv, NULL);
    return;
  }
  g_autoptr (GVariant) args = g_variant_get_child_value (params, 1);
  g_autoptr (GVariant) v0 = g_variant_get_child_value (args, 0);
  g_autoptr (GVariant) text_v = g_variant_get_variant (v0);
  g_autoptr (GVariant) v1 = g_variant_get_child_value (args, g_variant_n_children (args) - 1);
  g_autoptr (GVariant) opts = g_variant_get_variant (v1);
  const char *unit = NULL, *text = g_variant_get_string (text_v, NULL);
  g_mutex_lock (&f->lock);
  guint n = ++f->jobs;
  if (g_variant_lookup (opts, "offset_unit", "&s", &unit) && g_str_equal (unit, "utf8"))
    f->utf8_asked = TRUE;
  g_mutex_unlock (&f->lock);
  g_autofree char *job = g_strdup_printf (DRAFTD_BUS_PATH "/jobs/%u", n);
  g_dbus_method_invocation_return_value (inv, g_variant_new ("(o)", job));
  const char *at = strstr (text, "Teh");
  if (at) {
    guint32 off = at - text;
    GVariant *edit = n == 1 ? g_variant_new ("(ouusss)", job, off, 3, "The", "spelling", "Possible typo: \u201cTeh\u201d is \u201cThe\u201d")
                            : g_variant_new ("(ouuss)", job, off, 3, "The", "spelling");
    g_dbus_connection_emit_signal (bus, sender, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "Edit", edit, NULL);
  }
  GVariantBuilder stats;
  g_variant_builder_init (&stats, G_VARIANT_TYPE ("a{sv}"));
  g_dbus_connection_emit_signal (bus, sender, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "Finished",
                                 g_variant_new ("(osa{sv})", job, text, &stats), NULL);
}

static gpointer
serve (gpointer user)
{
  Fake *f = user;
  g_main_context_push_thread_default (f->ctx);
  g_autoptr (GError) error = NULL;
  f->bus = g_dbus_connection_new_for_address_sync (f->address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                   G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION, NULL, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (GDBusNodeInfo) info = g_dbus_node_info_new_for_xml (introspection, &error);
  static const GDBusInterfaceVTable vtable = { on_call, NULL, NULL, { 0 } };
  g_dbus_connection_register_object (f->bus, DRAFTD_BUS_PATH, info->interfaces[0], &vtable, f, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (GVariant) r G_GNUC_UNUSED = g_dbus_connection_call_sync (f->bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                        "org.freedesktop.DBus", "RequestName",
                                                        g_variant_new ("(su)", DRAFTD_BUS_NAME, 4u), NULL,
                                                        G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
  g_atomic_int_set (&f->ready, 1);
  g_main_loop_run (f->loop);
  g_dbus_connection_close_sync (f->bus, NULL, NULL);
  g_clear_object (&f->bus);
  g_main_context_pop_thread_default (f->ctx);
  return NULL;
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
  Fake f = { g_main_context_new (), NULL, NULL, g_strdup (buf), 0, FALSE, 0, { 0 } };
  f.loop = g_main_loop_new (f.ctx, FALSE);
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
  tap_ok (f.utf8_asked, "draftd-lsp asks for UTF-8 offsets");
  g_autoptr (JsonNode) down G_GNUC_UNUSED = lsp_call (&c, "shutdown", NULL, &code);
  lsp_notify (&c, "exit", NULL);
  tap_ok (lsp_wait_exit (&c, 20000) == 0, "shutdown and exit: status 0");
  lsp_stop (&c);
  g_main_loop_quit (f.loop);
  g_thread_join (thread);
  g_main_loop_unref (f.loop);
  g_main_context_unref (f.ctx);
  g_free (f.address);
  kill (bus_pid, SIGTERM);
  waitpid (bus_pid, NULL, 0);
  return tap_done ();
}
