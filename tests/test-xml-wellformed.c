/* Issue 35.4: every XML file the project ships, and what Introspect returns, is well-formed as
 * xmllint reads it (a "--" inside a comment once made python-dbus and xmllint refuse the
 * introspection data). The files are found by walking the source tree, so a new one is
 * checked without being named here. */
#include <glib/gstdio.h>
#include <string.h>
#include "lib/bus/draftd-bus-names.h"
#include "tests/bus-fixture.h"
#include "tests/tap.h"
#include "tests/test-util.h"

/* xmllint --noout on one file: TRUE when it is well-formed; its complaint in *why. */
static gboolean
xmllint (const char *path, char **why)
{
  const char *argv[] = { "xmllint", "--noout", path, NULL };
  int status = 0;
  g_autoptr (GError) error = NULL;
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, why,
                     &status, &error)) {
    *why = g_strdup (error->message);
    return FALSE;
  }
  return g_spawn_check_wait_status (status, NULL);
}

/* The XML files under `dir`, build trees and version control left out. */
static void
collect (const char *dir, GPtrArray *out)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  for (const char *name; d && (name = g_dir_read_name (d));) {
    g_autofree char *path = g_build_filename (dir, name, NULL);
    if (name[0] == '.' || g_str_has_prefix (name, "build") || g_file_test (path, G_FILE_TEST_IS_SYMLINK))
      continue;
    if (g_file_test (path, G_FILE_TEST_IS_DIR))
      collect (path, out);
    else if (g_str_has_suffix (name, ".xml") || g_str_has_suffix (name, ".xml.in"))
      g_ptr_array_add (out, g_steal_pointer (&path));
  }
}

static void
check_shipped (void)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  collect (DRAFTD_SOURCE_ROOT, files);
  tap_ok (files->len > 0, "the source tree holds XML files (%u)", files->len);
  for (guint i = 0; i < files->len; i++) {
    const char *path = g_ptr_array_index (files, i);
    g_autofree char *why = NULL;
    tap_ok (xmllint (path, &why), "xmllint --noout %s", path + strlen (DRAFTD_SOURCE_ROOT) + 1);
    if (why && *why)
      tap_diag ("%s", why);
  }
}

/* What the running daemon answers to Introspect, through xmllint too. */
static void
check_introspect (BusFixture *f)
{
  DBusConnection *c = bus_fixture_connect (f);
  DBusMessage *m = dbus_message_new_method_call (DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DBUS_INTERFACE_INTROSPECTABLE, "Introspect");
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 30000, NULL);
  const char *xml = NULL;
  tap_ok (r && dbus_message_get_args (r, NULL, DBUS_TYPE_STRING, &xml, DBUS_TYPE_INVALID), "Introspect answers");
  g_autofree char *path = g_build_filename (test_tmpdir (), "introspect.xml", NULL);
  if (xml && g_file_set_contents (path, xml, -1, NULL)) {
    g_autofree char *why = NULL;
    tap_ok (xmllint (path, &why), "what Introspect returns is well-formed");
    if (why && *why)
      tap_diag ("%s", why);
  }
  g_unlink (path);
  if (r)
    dbus_message_unref (r);
  dbus_message_unref (m);
  dbus_connection_close (c);
  dbus_connection_unref (c);
}

int
main (void)
{
  g_autofree char *xmllint_path = g_find_program_in_path ("xmllint");
  if (!xmllint_path)
    return tap_missing_all ("xmllint (libxml2-utils; tools/setup-debian.sh --tests installs it)");
  check_shipped ();
  BusFixture f;
  int status;
  if (!bus_fixture_begin (&f, NULL, &status))
    return status;
  check_introspect (&f);
  bus_fixture_teardown (&f);
  return tap_done ();
}
