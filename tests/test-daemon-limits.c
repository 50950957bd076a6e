/* Issue 13.4: every unbounded input is capped, checked before any tokenizing, and an
 * error never echoes a huge argument back. */
#include <string.h>
#include "lib/bus/client.h"
#include "tests/bus-fixture.h"
#include "tests/tap.h"

#define HUGE (2u << 20)

static char *
filled (gsize n)
{
  char *s = g_malloc (n + 1);
  memset (s, 'x', n);
  s[n] = 0;
  return s;
}

/* Sends `m`; checks the error name and that the message stays short. */
static void
expect (DBusConnection *c, DBusMessage *m, const char *name, const char *what)
{
  DBusError e;
  dbus_error_init (&e);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 120000, &e);
  dbus_message_unref (m);
  gboolean ok = r == NULL && e.name && g_str_equal (e.name, name) && e.message && strlen (e.message) < 200;
  tap_ok (ok, "%s -> %s: %.200s", what, e.name ? e.name : "(success)", e.message ? e.message : "");
  if (r)
    dbus_message_unref (r);
  dbus_error_free (&e);
}

static DBusMessage *
call (const char *member)
{
  return draftd_bus_new_call (member);
}

static void
append_empty_options (DBusMessageIter *it)
{
  DBusMessageIter d;
  dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "{sv}", &d);
  dbus_message_iter_close_container (it, &d);
}

static DBusMessage *
chat (const char *id, guint32 max_tokens)
{
  DBusMessage *m = call ("Chat");
  DBusMessageIter it, d;
  const char *msg = "Hi.";
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &id);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &msg);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  draftd_bus_dict_add (&d, "max_tokens", DBUS_TYPE_UINT32, &max_tokens);
  /* The shipped target cannot chat (issue 47): the conversation cap is what is tested. */
  dbus_bool_t force = TRUE;
  draftd_bus_dict_add (&d, "force", DBUS_TYPE_BOOLEAN, &force);
  dbus_message_iter_close_container (&it, &d);
  return m;
}

/* Complete with one option whose value is an `as` of n copies of s. */
static DBusMessage *
complete_with_stop (guint n, const char *s)
{
  DBusMessage *m = call ("Complete");
  DBusMessageIter it, d, entry, var, arr;
  const char *prompt = "Hi", *key = "stop";
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &prompt);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  dbus_message_iter_open_container (&d, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
  dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &key);
  dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, "as", &var);
  dbus_message_iter_open_container (&var, DBUS_TYPE_ARRAY, "s", &arr);
  for (guint i = 0; i < n; i++)
    dbus_message_iter_append_basic (&arr, DBUS_TYPE_STRING, &s);
  dbus_message_iter_close_container (&var, &arr);
  dbus_message_iter_close_container (&entry, &var);
  dbus_message_iter_close_container (&d, &entry);
  dbus_message_iter_close_container (&it, &d);
  return m;
}

static void
test_arguments (DBusConnection *c)
{
  g_autofree char *huge = filled (HUGE);
  DBusMessage *m = call ("Rewrite");
  DBusMessageIter it, av, d;
  const char *text = "A short text.";
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &text);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &huge);
  append_empty_options (&it);
  expect (c, m, DRAFTD_BUS_ERROR_TOO_LONG, "a 2 MiB rewrite instruction");
  expect (c, chat (huge, 4), DRAFTD_BUS_ERROR_TOO_LONG, "a 2 MiB conversation id");
  expect (c, complete_with_stop (1000, "end"), DRAFTD_BUS_ERROR_INVALID_ARGUMENT, "1000 stop strings");
  expect (c, complete_with_stop (1, huge), DRAFTD_BUS_ERROR_INVALID_ARGUMENT, "a 2 MiB stop string");
  m = call ("Start");
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &huge);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "v", &av);
  dbus_message_iter_close_container (&it, &av);
  expect (c, m, DRAFTD_BUS_ERROR_INVALID_ARGUMENT, "Start with a 2 MiB method name");
  m = call ("Complete");
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &text);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  guint32 one = 1;
  draftd_bus_dict_add (&d, huge, DBUS_TYPE_UINT32, &one);
  dbus_message_iter_close_container (&it, &d);
  expect (c, m, DRAFTD_BUS_ERROR_INVALID_ARGUMENT, "an option named with 2 MiB");
  m = call ("Correct");
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &text);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  draftd_bus_dict_add (&d, "offset_unit", DBUS_TYPE_STRING, &huge);
  dbus_message_iter_close_container (&it, &d);
  expect (c, m, DRAFTD_BUS_ERROR_INVALID_ARGUMENT, "a 2 MiB offset_unit");
}

/* Conversations per client: 64 are kept, the 65th new one is refused, an old one goes on. */
static void
test_conversations (DBusConnection *c)
{
  int served = 0;
  for (int i = 0; i < 64; i++) {
    g_autofree char *id = g_strdup_printf ("c%d", i);
    DBusMessage *m = chat (id, 1);
    DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 120000, NULL);
    dbus_message_unref (m);
    served += r != NULL;
    if (r)
      dbus_message_unref (r);
  }
  tap_ok (served == 64, "64 conversations are served (%d)", served);
  expect (c, chat ("c64", 1), DRAFTD_BUS_ERROR_INVALID_ARGUMENT, "a 65th conversation");
  DBusMessage *m = chat ("c0", 1);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 120000, NULL);
  dbus_message_unref (m);
  tap_ok (r != NULL, "an existing conversation goes on");
  if (r)
    dbus_message_unref (r);
}

/* A monitor of the fixture's bus (BecomeMonitor): every message the bus routes, in its order. */
static DBusConnection *
monitor (BusFixture *f)
{
  DBusConnection *m = bus_fixture_connect (f);
  DBusMessage *call = dbus_message_new_method_call (DBUS_SERVICE_DBUS, DBUS_PATH_DBUS, "org.freedesktop.DBus.Monitoring",
                                                    "BecomeMonitor");
  DBusMessageIter it, rules;
  dbus_uint32_t flags = 0;
  dbus_message_iter_init_append (call, &it);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "s", &rules);
  dbus_message_iter_close_container (&it, &rules);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_UINT32, &flags);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (m, call, 120000, NULL);
  dbus_message_unref (call);
  if (r == NULL) {
    dbus_connection_unref (m);
    return NULL;
  }
  dbus_message_unref (r);
  return m;
}

/* Issue 48: a call whose text is over the limit is refused as it arrives, before the daemon
 * asks the bus who sent it. Until then it was held while GetConnectionCredentials went out,
 * and a call over libdbus's 63 MiB incoming limit stopped the daemon reading its connection:
 * the bus's answer stayed unread for the 25 s of its timeout, and every client waited. The
 * monitor sees the bus's order, so once it has seen the refusal it has seen any question the
 * daemon asked before it. */
static void
test_refused_unasked (BusFixture *f)
{
  DBusConnection *mon = monitor (f);
  DBusConnection *c = bus_fixture_connect (f);
  const char *me = dbus_bus_get_unique_name (c);
  g_autofree char *huge = filled (HUGE);
  DBusMessage *m = bus_fixture_text_call ("Correct", huge);
  dbus_uint32_t serial = 0;
  dbus_connection_send (c, m, &serial);
  dbus_connection_flush (c);
  dbus_message_unref (m);
  gboolean answered = FALSE, refused = FALSE, asked = FALSE;
  g_autofree char *answer = NULL;
  while (mon && !answered && dbus_connection_read_write (mon, 120000)) {
    for (DBusMessage *seen; (seen = dbus_connection_pop_message (mon));) {
      const char *arg = NULL;
      if (dbus_message_is_method_call (seen, DBUS_INTERFACE_DBUS, "GetConnectionCredentials") &&
          dbus_message_get_args (seen, NULL, DBUS_TYPE_STRING, &arg, DBUS_TYPE_INVALID) && g_str_equal (arg, me))
        asked = TRUE;
      if (dbus_message_get_reply_serial (seen) == serial && g_strcmp0 (dbus_message_get_destination (seen), me) == 0) {
        answered = TRUE;
        answer = g_strdup (dbus_message_get_error_name (seen) ? dbus_message_get_error_name (seen) : "(success)");
        refused = g_str_equal (answer, DRAFTD_BUS_ERROR_TOO_LONG);
      }
      dbus_message_unref (seen);
    }
  }
  tap_ok (mon && refused && !asked, "a 2 MiB text is refused with TooLong before its sender's identity is asked for: %s%s",
          answer ? answer : "no answer", mon == NULL ? " (no monitor)" : asked ? " (it was asked first)" : "");
  dbus_connection_close (c);
  dbus_connection_unref (c);
  if (mon) {
    dbus_connection_close (mon);
    dbus_connection_unref (mon);
  }
}

int
main (void)
{
  BusFixture f;
  int code;
  if (!bus_fixture_begin (&f, NULL, &code))
    return code;
  DBusConnection *c = bus_fixture_connect (&f);
  test_arguments (c);
  test_conversations (c);
  test_refused_unasked (&f);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  int st = bus_fixture_stop_draftd (&f);
  tap_ok (st == 0, "draftd exits with status 0 after SIGTERM (%d)", st);
  bus_fixture_teardown (&f);
  return tap_done ();
}
