/* Load benchmark (not a test): N clients x M mixed requests (Complete, Correct, Rewrite,
 * Properties.Get, Chat) against draftd on a private bus, each client with one call in flight
 * (lib/bus/client.h's asynchronous calls, all clients on one GLib main loop).
 * Every reply is checked against the answer the same request got alone (greedy decoding is
 * deterministic); a Chat turn continues the client's own conversation, so its reply is only
 * checked to be there, while the history it keeps is what the RSS samples watch. Prints the
 * figures; exits 1 on any lost or wrong reply.
 *   build/tools/dbus-load-bench [CLIENTS [REQUESTS-PER-CLIENT]]     (default 16 x 1000) */
#include <stdlib.h>
#include <string.h>
#include "lib/bus/client.h"
#include "lib/bus/draftd-bus-methods.h"
#include "lib/cli/cli.h"
#include "testbed/bus-daemon.h"

#define N_KINDS 5
#define KIND_CHAT 4
static const char *const texts[N_KINDS] = { "Once upon a time", "She go to school yesterday.", "the weather is nice.", "Version",
                                            "Tell me about Lily." };

/* The job method a kind calls (its row in draftd-bus-methods.h); NULL for the property Get. */
static const DraftdBusMethod *
method_of (guint kind)
{
  static const int ids[N_KINDS] = { DRAFTD_BUS_COMPLETE, DRAFTD_BUS_CORRECT, DRAFTD_BUS_REWRITE, -1, DRAFTD_BUS_CHAT };
  return ids[kind] < 0 ? NULL : draftd_bus_method (ids[kind]);
}

static DBusMessage *
request (guint kind)
{
  const DraftdBusMethod *job = method_of (kind);
  if (job == NULL) {
    DBusMessage *m = dbus_message_new_method_call (DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DBUS_INTERFACE_PROPERTIES, "Get");
    const char *iface = DRAFTD_BUS_IFACE;
    dbus_message_append_args (m, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &texts[kind], DBUS_TYPE_INVALID);
    return m;
  }
  DraftdBusStart s;
  draftd_bus_method_begin (&s, job, &(DraftdBusArgs) { "load", texts[kind], "formal" }, FALSE);
  if (job->work == DRAFTD_BUS_GENERATION) {
    guint32 mt = 8;
    double t = 0.0;
    /* The shipped target cannot complete or chat (it is refused, issue 47): the load is measured. */
    dbus_bool_t force = TRUE;
    draftd_bus_dict_add (&s.options, "max_tokens", DBUS_TYPE_UINT32, &mt);
    draftd_bus_dict_add (&s.options, "temperature", DBUS_TYPE_DOUBLE, &t);
    draftd_bus_dict_add (&s.options, "force", DBUS_TYPE_BOOLEAN, &force);
  }
  return draftd_bus_start_finish (&s);
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

/* What the run counts; each client keeps one call in flight through lib/bus/client.h. */
typedef struct {
  BusFixture *fixture;
  char *expect[N_KINDS];
  guint per_client;
  guint64 total, finished, wrong, lost, next_report, rss_max;
  GMainLoop *loop;
} Bench;

typedef struct {
  Bench *bench;
  DraftdBus *bus;
  guint index, kind, sent, done;
} Client;

static void send_next (Client *cl);

static void
report (Bench *b)
{
  if (b->finished < b->next_report)
    return;
  guint64 rss = bus_fixture_draftd_rss (b->fixture);
  b->rss_max = MAX (b->rss_max, rss);
  g_print ("%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT " replies, RSS %" G_GUINT64_FORMAT " KiB\n", b->finished, b->total, rss);
  b->next_report += b->total / 10;
}

static void
on_reply (DBusMessage *r, const GError *error, gpointer user)
{
  Client *cl = user;
  Bench *b = cl->bench;
  g_autofree char *got = answer (r);
  b->lost += got == NULL;
  if (cl->kind != KIND_CHAT)
    b->wrong += got && (!b->expect[cl->kind] || !g_str_equal (got, b->expect[cl->kind]));
  b->finished++;
  report (b);
  if (++cl->done < b->per_client)
    send_next (cl);
  if (b->finished == b->total)
    g_main_loop_quit (b->loop);
}

static void
send_next (Client *cl)
{
  cl->kind = (cl->sent + cl->index) % N_KINDS;
  draftd_bus_call (cl->bus, request (cl->kind), 600000, on_reply, cl);
  cl->sent++;
}

/* Each request alone, on a connection of its own: the answers the loaded run must give. */
static void
reference_answers (BusFixture *f, Bench *b)
{
  g_autoptr (DraftdBus) ref = bus_fixture_open (f);
  for (guint k = 0; k < N_KINDS; k++) {
    DBusMessage *r = draftd_bus_call_sync (ref, request (k), 600000, NULL);
    b->expect[k] = answer (r);
    g_print ("reference %u: %s\n", k, b->expect[k] ? b->expect[k] : "(failed)");
    if (r)
      dbus_message_unref (r);
  }
}

/* The clients, each with its first call sent, all on the default main context. */
static Client *
start_clients (BusFixture *f, Bench *b, guint n_clients)
{
  Client *cls = g_new0 (Client, n_clients);
  for (guint i = 0; i < n_clients; i++) {
    g_autoptr (GError) error = NULL;
    cls[i] = (Client) { .bench = b, .index = i, .bus = draftd_bus_open (f->address, g_main_context_default (), &error) };
    g_assert_no_error (error);
    send_next (&cls[i]);
  }
  return cls;
}

int
main (int argc, char **argv)
{
  draftd_cli_init ();
  g_autoptr (GOptionContext) oc = g_option_context_new ("[CLIENTS [REQUESTS-PER-CLIENT]]");
  g_option_context_set_summary (oc, "CLIENTS (default 16) clients send REQUESTS-PER-CLIENT (default 1000) mixed requests\n"
                                    "each to draftd on a private bus, and report throughput, latency and the daemon's memory.");
  int status;
  if (!draftd_cli_parse (oc, "dbus-load-bench", NULL, &argc, &argv, &status))
    return status;
  guint n_clients = argc > 1 ? atoi (argv[1]) : 16, per_client = argc > 2 ? atoi (argv[2]) : 1000;
  BusFixture f;
  g_autoptr (GError) error = NULL;
  if (n_clients == 0 || per_client == 0 || argc > 3)
    return draftd_cli_usage_error ("dbus-load-bench", "CLIENTS and REQUESTS-PER-CLIENT are numbers of at least 1");
  if (!bus_fixture_start (&f, NULL, NULL, NULL, 0, NULL, &error)) {
    g_printerr ("dbus-load-bench: %s\n", error->message);
    bus_fixture_clear (&f);
    return 1;
  }
  Bench b = { .fixture = &f, .per_client = per_client, .total = (guint64) n_clients * per_client,
              .loop = g_main_loop_new (NULL, FALSE) };
  b.next_report = b.total / 10;
  reference_answers (&f, &b);
  guint64 rss_start = bus_fixture_draftd_rss (&f);
  b.rss_max = rss_start;
  gint64 t0 = g_get_monotonic_time ();
  g_autofree Client *cls = start_clients (&f, &b, n_clients);
  g_main_loop_run (b.loop);
  double s = (g_get_monotonic_time () - t0) / 1e6;
  guint64 rss_end = bus_fixture_draftd_rss (&f);
  g_print ("%u clients x %u requests: %" G_GUINT64_FORMAT " replies in %.1f s (%.1f/s), %" G_GUINT64_FORMAT
           " lost, %" G_GUINT64_FORMAT " wrong; RSS %" G_GUINT64_FORMAT " -> %" G_GUINT64_FORMAT " KiB (max %" G_GUINT64_FORMAT ")\n",
           n_clients, per_client, b.finished, s, b.finished / s, b.lost, b.wrong, rss_start, rss_end, b.rss_max);
  for (guint i = 0; i < n_clients; i++)
    draftd_bus_free (cls[i].bus);
  g_main_loop_unref (b.loop);
  int st = bus_fixture_stop_draftd (&f);
  bus_fixture_clear (&f);
  for (guint k = 0; k < N_KINDS; k++)
    g_free (b.expect[k]);
  return b.lost || b.wrong || st != 0;
}
