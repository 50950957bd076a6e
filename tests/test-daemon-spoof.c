/* Issue 13.1: only the bus itself may say that a client left. A second connection sends
 * draftd a unicast NameOwnerChanged(victim, victim, "") (a forged Local.Disconnected cannot
 * pass the bus: it disconnects the sender); the victim's conversation must survive and its
 * calls be answered. */
#include <string.h>
#include "lib/bus/client.h"
#include "tests/bus-fixture.h"
#include "tests/tap.h"

/* Prompt tokens of one greedy Chat turn in conversation "c" (0 on failure). */
static guint32
chat_turn (DBusConnection *c)
{
  DBusMessage *m = draftd_bus_new_call ("Chat");
  DBusMessageIter it, d;
  const char *id = "c", *msg = "Hello there.";
  guint32 mt = 8, n = 0;
  double temp = 0.0;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &id);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &msg);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  draftd_bus_dict_add (&d, "max_tokens", DBUS_TYPE_UINT32, &mt);
  draftd_bus_dict_add (&d, "temperature", DBUS_TYPE_DOUBLE, &temp);
  dbus_bool_t force = TRUE;  /* the shipped target cannot chat (issue 47): the history is what is tested */
  draftd_bus_dict_add (&d, "force", DBUS_TYPE_BOOLEAN, &force);
  dbus_message_iter_close_container (&it, &d);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 120000, NULL);
  dbus_message_unref (m);
  if (r == NULL)
    return 0;
  DBusMessageIter ri;
  dbus_message_iter_init (r, &ri);
  dbus_message_iter_next (&ri);
  n = bus_fixture_dict_u32 (&ri, "prompt_tokens");
  dbus_message_unref (r);
  return n;
}

static void
send_spoof (DBusConnection *attacker, const char *draftd, const char *path, const char *iface, const char *member,
            const char *victim)
{
  DBusMessage *m = dbus_message_new_signal (path, iface, member);
  dbus_message_set_destination (m, draftd);
  const char *none = "";
  dbus_message_append_args (m, DBUS_TYPE_STRING, &victim, DBUS_TYPE_STRING, &victim, DBUS_TYPE_STRING, &none,
                            DBUS_TYPE_INVALID);
  dbus_connection_send (attacker, m, NULL);
  dbus_message_unref (m);
}

/* A round trip from the attacker: draftd has handled everything it sent before. */
static gboolean
ping (DBusConnection *c)
{
  DBusMessage *m = dbus_message_new_method_call (DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DBUS_INTERFACE_PROPERTIES, "Get");
  const char *iface = DRAFTD_BUS_IFACE, *prop = "Version";
  dbus_message_append_args (m, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &prop, DBUS_TYPE_INVALID);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 60000, NULL);
  dbus_message_unref (m);
  if (r)
    dbus_message_unref (r);
  return r != NULL;
}

int
main (void)
{
  BusFixture f;
  int code;
  if (!bus_fixture_begin (&f, NULL, &code))
    return code;
  DBusConnection *victim = bus_fixture_connect (&f), *attacker = bus_fixture_connect (&f);
  g_autofree char *draftd = NULL;
  {
    DBusError e;
    dbus_error_init (&e);
    DBusMessage *m = dbus_message_new_method_call (DBUS_SERVICE_DBUS, DBUS_PATH_DBUS, DBUS_INTERFACE_DBUS, "GetNameOwner");
    const char *name = DRAFTD_BUS_NAME;
    dbus_message_append_args (m, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID);
    DBusMessage *r = dbus_connection_send_with_reply_and_block (attacker, m, 10000, &e);
    const char *owner = NULL;
    if (r)
      dbus_message_get_args (r, NULL, DBUS_TYPE_STRING, &owner, DBUS_TYPE_INVALID);
    draftd = g_strdup (owner);
    dbus_message_unref (m);
    if (r)
      dbus_message_unref (r);
    dbus_error_free (&e);
  }
  tap_ok (draftd != NULL, "draftd's unique name: %s", draftd ? draftd : "(none)");
  guint32 first = chat_turn (victim);
  tap_ok (first > 0, "the victim starts a conversation (%u prompt tokens)", first);
  const char *vname = dbus_bus_get_unique_name (victim);
  send_spoof (attacker, draftd, DBUS_PATH_DBUS, DBUS_INTERFACE_DBUS, "NameOwnerChanged", vname);
  dbus_connection_flush (attacker);
  tap_ok (ping (attacker), "draftd answers the attacker's next call (it handled the spoofed signals)");
  guint32 second = chat_turn (victim);
  tap_ok (second > first, "a spoofed NameOwnerChanged from a client does not wipe the victim's conversation (%u -> %u tokens)",
          first, second);
  dbus_connection_close (attacker);
  dbus_connection_unref (attacker);
  dbus_connection_close (victim);
  dbus_connection_unref (victim);
  int st = bus_fixture_stop_draftd (&f);
  tap_ok (st == 0, "draftd exits with status 0 after SIGTERM (%d)", st);
  bus_fixture_teardown (&f);
  return tap_done ();
}
