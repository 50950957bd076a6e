/* Issue 24.7: what a client probing the daemon learns, and what it gets away with. Job paths
 * are unguessable (no two alike, no counter), Cancel answers another client's job exactly as
 * a job that never was, GetAll of an interface the object lacks is an error, and
 * ResetConversation checks its arguments like every other method. */
#include <string.h>
#include "lib/bus/client.h"
#include "tests/bus-fixture.h"
#include "tests/tap.h"

/* The error name and message of a call (NULL name when it succeeded); *message owned. */
static char *
call_error (DBusConnection *c, DBusMessage *m, char **message)
{
  DBusError e;
  dbus_error_init (&e);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 120000, &e);
  dbus_message_unref (m);
  if (r)
    dbus_message_unref (r);
  char *name = g_strdup (e.name);
  *message = g_strdup (e.message);
  dbus_error_free (&e);
  return name;
}

static DBusMessage *
cancel_call (const char *path)
{
  DBusMessage *m = draftd_bus_new_call ("Cancel");
  dbus_message_append_args (m, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
  return m;
}

static void
test_job_paths (DBusConnection *c, DBusConnection *other)
{
  static const char text[] = "She go to school. He have a cat. We was there.";
  g_autofree char *a = bus_fixture_start_job (c, "Correct", text), *b = bus_fixture_start_job (c, "Correct", text);
  const char *tail_a = a ? strrchr (a, '/') + 1 : "", *tail_b = b ? strrchr (b, '/') + 1 : "";
  tap_ok (a && b && !g_str_equal (a, b) && strlen (tail_a) >= 32 && strlen (tail_b) >= 32,
          "job paths carry 128 random bits (%s, %s)", a ? a : "-", b ? b : "-");
  g_autofree char *msg_theirs = NULL, *msg_none = NULL;
  g_autofree char *theirs = call_error (other, cancel_call (b), &msg_theirs);
  g_autofree char *none = call_error (other, cancel_call (DRAFTD_BUS_PATH "/jobs/0123456789abcdef0123456789abcdef"), &msg_none);
  tap_ok (theirs && none && g_str_equal (theirs, none) && g_str_equal (msg_theirs, msg_none),
          "Cancel of another client's job and of no job answer alike: %s: %s", theirs ? theirs : "(success)",
          msg_theirs ? msg_theirs : "");
}

static void
test_properties (DBusConnection *c)
{
  DBusMessage *m = dbus_message_new_method_call (DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DBUS_INTERFACE_PROPERTIES, "GetAll");
  const char *iface = "org.example.Nothing";
  dbus_message_append_args (m, DBUS_TYPE_STRING, &iface, DBUS_TYPE_INVALID);
  g_autofree char *message = NULL;
  g_autofree char *name = call_error (c, m, &message);
  tap_ok (g_strcmp0 (name, DBUS_ERROR_UNKNOWN_INTERFACE) == 0, "GetAll of an unknown interface: %s", name ? name : "{} (success)");
}

static void
test_reset_arguments (DBusConnection *c)
{
  const char *id = "x", *extra = "y";
  DBusMessage *m = draftd_bus_new_call ("ResetConversation");
  dbus_message_append_args (m, DBUS_TYPE_STRING, &id, DBUS_TYPE_STRING, &extra, DBUS_TYPE_INVALID);
  g_autofree char *message = NULL, *message2 = NULL;
  g_autofree char *name = call_error (c, m, &message);
  tap_ok (g_strcmp0 (name, DRAFTD_BUS_ERROR_INVALID_ARGUMENT) == 0, "ResetConversation with a trailing argument: %s",
          name ? name : "(success)");
  g_autofree char *long_id = g_strnfill (257, 'x');
  m = draftd_bus_new_call ("ResetConversation");
  dbus_message_append_args (m, DBUS_TYPE_STRING, &long_id, DBUS_TYPE_INVALID);
  g_autofree char *name2 = call_error (c, m, &message2);
  tap_ok (g_strcmp0 (name2, DRAFTD_BUS_ERROR_TOO_LONG) == 0, "ResetConversation of a 257-byte id: %s", name2 ? name2 : "(success)");
}

int
main (void)
{
  int code;
  BusFixture f;
  if (!bus_fixture_begin (&f, NULL, &code))
    return code;
  DBusConnection *other = bus_fixture_connect (&f), *c = bus_fixture_connect (&f);
  test_job_paths (c, other);
  test_properties (c);
  test_reset_arguments (c);
  dbus_connection_close (other);
  dbus_connection_unref (other);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  tap_ok (bus_fixture_stop_draftd (&f) == 0, "draftd exits 0");
  bus_fixture_teardown (&f);
  return tap_done ();
}
