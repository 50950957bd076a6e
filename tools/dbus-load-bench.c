/* Load benchmark (not a test): N clients x M mixed requests (Complete, Correct, Rewrite,
 * Properties.Get, Chat) against draftd on a private bus, each client with one call in flight.
 * Every reply is checked against the answer the same request got alone (greedy decoding is
 * deterministic); a Chat turn continues the client's own conversation, so its reply is only
 * checked to be there, while the history it keeps is what the RSS samples watch. Prints the
 * figures; exits 1 on any lost or wrong reply.
 *   build/tools/dbus-load-bench [CLIENTS [REQUESTS-PER-CLIENT]]     (default 16 x 1000) */
#include <stdlib.h>
#include <string.h>
#include "lib/bus/client.h"
#include "testbed/bus-daemon.h"

#define N_KINDS 5
#define KIND_GET 3
#define KIND_CHAT 4
static const char *const texts[N_KINDS] = { "Once upon a time", "She go to school yesterday.", "the weather is nice.", "Version",
                                            "Tell me about Lily." };

static DBusMessage *
request (guint kind)
{
  static const char *const members[N_KINDS] = { "Complete", "Correct", "Rewrite", "Get", "Chat" };
  DBusMessage *m = kind == KIND_GET ? dbus_message_new_method_call (DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DBUS_INTERFACE_PROPERTIES, "Get")
                                     : draftd_bus_new_call (members[kind]);
  DBusMessageIter it, d;
  dbus_message_iter_init_append (m, &it);
  if (kind == KIND_CHAT) {
    const char *conversation = "load";
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &conversation);
  }
  if (kind == KIND_GET) {
    const char *iface = DRAFTD_BUS_IFACE;
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &iface);
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &texts[kind]);
    return m;
  }
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &texts[kind]);
  if (kind == 2) {
    const char *instruction = "formal";
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &instruction);
  }
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  if (kind == 0 || kind == KIND_CHAT) {
    guint32 mt = 8;
    double t = 0.0;
    draftd_bus_dict_add (&d, "max_tokens", DBUS_TYPE_UINT32, &mt);
    draftd_bus_dict_add (&d, "temperature", DBUS_TYPE_DOUBLE, &t);
  }
  dbus_message_iter_close_container (&it, &d);
  return m;
}

/* The reply's first string (a method's text; a property's value inside its variant). */
static char *
answer (DBusMessage *r)
{
  DBusMessageIter it, v;
  const char *s = NULL;
  if (r == NULL || dbus_message_get_type (r) != DBUS_MESSAGE_TYPE_METHOD_RETURN || !dbus_message_iter_init (r, &it))
    return NULL;
  if (dbus_message_iter_get_arg_type (&it) == DBUS_TYPE_VARIANT) {
    dbus_message_iter_recurse (&it, &v);
    it = v;
  }
  if (dbus_message_iter_get_arg_type (&it) == DBUS_TYPE_STRING)
    dbus_message_iter_get_basic (&it, &s);
  return g_strdup (s);
}

typedef struct {
  DBusConnection *c;
  DBusPendingCall *pending;
  guint kind, sent, done;
} Client;

static void
send_next (Client *cl)
{
  cl->kind = (cl->sent + GPOINTER_TO_UINT (cl->c)) % N_KINDS;
  DBusMessage *m = request (cl->kind);
  dbus_connection_send_with_reply (cl->c, m, &cl->pending, 600000);
  dbus_message_unref (m);
  cl->sent++;
}

int
main (int argc, char **argv)
{
  guint n_clients = argc > 1 ? atoi (argv[1]) : 16, per_client = argc > 2 ? atoi (argv[2]) : 1000;
  BusFixture f;
  g_autoptr (GError) error = NULL;
  if (n_clients == 0 || per_client == 0) {
    g_printerr ("usage: dbus-load-bench [CLIENTS [REQUESTS-PER-CLIENT]]\n");
    return 2;
  }
  if (!bus_fixture_start (&f, NULL, NULL, NULL, 0, NULL, &error)) {
    g_printerr ("dbus-load-bench: %s\n", error->message);
    bus_fixture_clear (&f);
    return 1;
  }
  DBusConnection *ref = bus_fixture_connect (&f);
  char *expect[N_KINDS];
  for (guint k = 0; k < N_KINDS; k++) {
    DBusMessage *m = request (k);
    DBusMessage *r = dbus_connection_send_with_reply_and_block (ref, m, 600000, NULL);
    expect[k] = answer (r);
    g_print ("reference %u: %s\n", k, expect[k] ? expect[k] : "(failed)");
    dbus_message_unref (m);
    if (r)
      dbus_message_unref (r);
  }
  g_autofree Client *cls = g_new0 (Client, n_clients);
  for (guint i = 0; i < n_clients; i++) {
    cls[i].c = bus_fixture_connect (&f);
    send_next (&cls[i]);
  }
  guint64 rss_start = bus_fixture_draftd_rss (&f), rss_max = rss_start, total = (guint64) n_clients * per_client;
  guint64 finished = 0, wrong = 0, lost = 0, next_report = total / 10;
  gint64 t0 = g_get_monotonic_time ();
  while (finished < total) {
    for (guint i = 0; i < n_clients; i++) {
      Client *cl = &cls[i];
      dbus_connection_read_write_dispatch (cl->c, 0);
      if (cl->pending == NULL || !dbus_pending_call_get_completed (cl->pending))
        continue;
      DBusMessage *r = dbus_pending_call_steal_reply (cl->pending);
      g_autofree char *got = answer (r);
      lost += got == NULL;
      if (cl->kind != KIND_CHAT)
        wrong += got && (!expect[cl->kind] || !g_str_equal (got, expect[cl->kind]));
      if (r)
        dbus_message_unref (r);
      g_clear_pointer (&cl->pending, dbus_pending_call_unref);
      finished++;
      if (++cl->done < per_client)
        send_next (cl);
    }
    if (finished >= next_report) {
      guint64 rss = bus_fixture_draftd_rss (&f);
      rss_max = MAX (rss_max, rss);
      g_print ("%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT " replies, RSS %" G_GUINT64_FORMAT " KiB\n", finished, total, rss);
      next_report += total / 10;
    }
    g_usleep (1000);
  }
  double s = (g_get_monotonic_time () - t0) / 1e6;
  guint64 rss_end = bus_fixture_draftd_rss (&f);
  g_print ("%u clients x %u requests: %" G_GUINT64_FORMAT " replies in %.1f s (%.1f/s), %" G_GUINT64_FORMAT
           " lost, %" G_GUINT64_FORMAT " wrong; RSS %" G_GUINT64_FORMAT " -> %" G_GUINT64_FORMAT " KiB (max %" G_GUINT64_FORMAT ")\n",
           n_clients, per_client, finished, s, finished / s, lost, wrong, rss_start, rss_end, rss_max);
  for (guint i = 0; i < n_clients; i++) {
    dbus_connection_close (cls[i].c);
    dbus_connection_unref (cls[i].c);
  }
  dbus_connection_close (ref);
  dbus_connection_unref (ref);
  int st = bus_fixture_stop_draftd (&f);
  bus_fixture_clear (&f);
  for (guint k = 0; k < N_KINDS; k++)
    g_free (expect[k]);
  return lost || wrong || st != 0;
}
