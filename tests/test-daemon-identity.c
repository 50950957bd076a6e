/* Issue 24.4: limits count per client, a client being a process (its Unix user and pid from
 * the bus's credentials), not per connection. Five connections from this one test process
 * share one queue cap and one conversation cap; another process is served meanwhile. */
#include <string.h>
#include "lib/bus/draftd-bus.h"
#include "tests/bus-fixture.h"
#include "tests/tap.h"

#define CONNECTIONS 5
#define QUEUE_DEPTH 3

static DBusMessage *
method (const char *member, const char *first, const char *second, guint32 max_tokens)
{
  DBusMessage *m = dbus_message_new_method_call (DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, member);
  DBusMessageIter it, d;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &first);
  if (second)
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &second);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  if (max_tokens)
    draftd_bus_dict_add (&d, "max_tokens", DBUS_TYPE_UINT32, &max_tokens);
  dbus_message_iter_close_container (&it, &d);
  return m;
}

/* Forty learner sentences: a job that runs for a while, so the others queue behind it. */
static char *
long_text (void)
{
  GString *t = g_string_new (NULL);
  for (guint i = 0; i < 8; i++)
    g_string_append (t, "She go to school yesterday. The cat sat on teh mat. He have two book. We was happy to see "
                        "them. It rain all day long. ");
  return g_string_free (t, FALSE);
}

/* Two Corrects from each connection at once: 10 jobs of one process against a cap of 3. */
static void
test_queue_cap (BusFixture *f, DBusConnection **c)
{
  g_autofree char *text = long_text ();
  DBusPendingCall *pend[2 * CONNECTIONS];
  for (guint i = 0; i < G_N_ELEMENTS (pend); i++) {
    DBusMessage *m = method ("Correct", text, NULL, 0);
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
    DBusMessage *m = method ("Chat", id, "Hi.", 1);
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

int
main (void)
{
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
  return tap_done ();
}
