#include "daemon/service/service.h"
#include <string.h>
#include <sys/random.h>
#include "daemon/engine/scheduler.h"
#include "daemon/engine/threads.h"
#include "daemon/service/clients.h"
#include "daemon/service/errors.h"
#include "daemon/service/operations.h"
#include "daemon/service/properties.h"
#include "daemon/service/replies.h"
#include "daemon/service/switch.h"
#include "lib/bus/draftd-bus.h"

/* Each conversation keeps up to 64 turns: this bounds what one client (all the connections
 * of one process) holds. */
#define MAX_CONVERSATIONS_PER_CLIENT 64

typedef struct {
  DraftdJob *job;         /* owned by the scheduler until done() */
  const DraftdOperation *op;  /* the job method's row: its reply and its name */
  char *path;             /* streamed jobs: their object path */
  DBusMessage *call;      /* synchronous methods: the call to reply to */
  gboolean client_gone;
} ServiceJob;

/* Totals since start, for the Stats property. */
typedef struct {
  guint64 jobs_served, tokens_generated, target_passes, drafted, accepted;
  guint64 jobs_cancelled;  /* ended by Cancel or by the caller's death: a client can
                            * wait for this instead of guessing how long a cancelled job takes */
} ServiceTotals;

struct DraftdService {
  DraftdOperationHost host;    /* first: what the operation table's handlers see of it */
  DBusConnection *connection;
  DraftdEngine *engine;
  DraftdScheduler *scheduler;
  DraftdClients *clients;
  GHashTable *jobs;        /* ServiceJob* set (owned) */
  GHashTable *paths;       /* path -> ServiceJob* (streamed) */
  guint64 next_job;
  ServiceTotals totals;
  DraftdSwitcher *switcher;    /* UseModels */
};

static void
service_job_free (gpointer p)
{
  ServiceJob *sj = p;
  g_free (sj->path);
  if (sj->call)
    dbus_message_unref (sj->call);
  g_free (sj);
}

/* ---- replies ---- */

static void
send_message (DraftdService *s, DBusMessage *m)
{
  if (m) {
    dbus_connection_send (s->connection, m, NULL);
    dbus_message_unref (m);
  }
}

static void
send_error (DraftdService *s, DBusMessage *call, const char *name, const char *message)
{
  send_message (s, dbus_message_new_error (call, name, message));
}

static void
send_gerror (DraftdService *s, DBusMessage *call, const GError *error)
{
  send_error (s, call, draftd_service_error_name (error), error->message);
}

/* A signal about a streamed job, unicast: only the job's owner hears it. NULL when nobody listens. */
static DBusMessage *
job_signal (DraftdJob *job, const char *member)
{
  ServiceJob *sj = job->user;
  if (!sj->path || sj->client_gone)
    return NULL;
  DBusMessage *m = dbus_message_new_signal (DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, member);
  dbus_message_set_destination (m, job->request->client);
  dbus_message_append_args (m, DBUS_TYPE_OBJECT_PATH, &sj->path, DBUS_TYPE_INVALID);
  return m;
}

/* ---- scheduler events ---- */

static void
on_chunk (DraftdJob *job, const char *text, gpointer user)
{
  DBusMessage *m = job_signal (job, "Chunk");
  if (m) {
    dbus_message_append_args (m, DBUS_TYPE_STRING, &text, DBUS_TYPE_INVALID);
    send_message (user, m);
  }
}

static void
on_edits (DraftdJob *job, const DraftdGrammarEdit *edits, guint n, gpointer user)
{
  for (guint i = 0; i < n; i++) {
    DBusMessage *m = job_signal (job, "Edit");
    if (m == NULL)
      return;
    DraftdWireEdit w = draftd_reply_wire_edit (job->request, &edits[i], &job->wire);
    dbus_message_append_args (m, DBUS_TYPE_UINT32, &w.offset, DBUS_TYPE_UINT32, &w.length, DBUS_TYPE_STRING, &w.replacement,
                              DBUS_TYPE_STRING, &w.kind, DBUS_TYPE_STRING, &w.message, DBUS_TYPE_STRING, &w.rule,
                              DBUS_TYPE_INVALID);
    send_message (user, m);
  }
}

static void
on_progress (DraftdJob *job, guint done, guint total, gpointer user)
{
  DBusMessage *m = job_signal (job, "Progress");
  if (m) {
    dbus_message_append_args (m, DBUS_TYPE_UINT32, &done, DBUS_TYPE_UINT32, &total, DBUS_TYPE_INVALID);
    send_message (user, m);
  }
}

static void
count_served (ServiceTotals *t, const DraftdJobStats *st)
{
  t->jobs_served++;
  t->tokens_generated += draftd_job_stats_generated (st);
  t->target_passes += draftd_job_stats_target_passes (st);
  t->drafted += draftd_job_stats_drafted (st);
  t->accepted += draftd_job_stats_accepted (st);
}

static void
reply_call (DraftdService *s, const ServiceJob *sj)
{
  if (sj->job->result.error) {
    send_gerror (s, sj->call, sj->job->result.error);
    return;
  }
  DBusMessage *m = dbus_message_new_method_return (sj->call);
  DBusMessageIter it;
  dbus_message_iter_init_append (m, &it);
  sj->op->write (&it, sj->job, TRUE);
  send_message (s, m);
}

static void
signal_end (DraftdService *s, DraftdJob *job)
{
  const GError *error = job->result.error;
  DBusMessage *m = job_signal (job, error ? "Failed" : "Finished");
  if (m == NULL)
    return;
  DBusMessageIter it;
  dbus_message_iter_init_append (m, &it);
  if (error) {
    const char *name = draftd_service_error_name (error);
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &name);
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &error->message);
  } else
    ((ServiceJob *) job->user)->op->write (&it, job, FALSE);
  send_message (s, m);
}

/* One line per job, for --verbose and the journal. */
static void
log_job (const DraftdJob *job)
{
  const DraftdJobRequest *req = job->request;
  const DraftdJobStats *st = &job->result.stats;
  const char *method = ((const ServiceJob *) job->user)->op->name;
  if (job->result.error) {
    g_info ("%s from %s failed: %s: %s", method, req->client, draftd_service_error_name (job->result.error),
            job->result.error->message);
    return;
  }
  g_info ("%s from %s: %u segments, %u tokens, %u target passes, %.0f ms (%s)", method, req->client,
          st->grammar.segments, draftd_job_stats_generated (st), draftd_job_stats_target_passes (st), st->wall_ms,
          st->mode ? st->mode : "-");
}

static void
on_done (DraftdJob *job, gpointer user)
{
  DraftdService *s = user;
  ServiceJob *sj = job->user;
  log_job (job);
  if (job->result.error == NULL)
    count_served (&s->totals, &job->result.stats);
  else if (g_strcmp0 (draftd_service_error_name (job->result.error), DRAFTD_BUS_ERROR_CANCELLED) == 0)
    s->totals.jobs_cancelled++;
  if (sj->call && !sj->client_gone)
    reply_call (s, sj);
  else
    signal_end (s, job);
  draftd_switcher_job_done (s->switcher, sj);
  if (sj->path)
    g_hash_table_remove (s->paths, sj->path);
  g_hash_table_remove (s->jobs, sj);
}

static const DraftdSchedulerEvents events = { on_chunk, on_edits, on_progress, on_done };

/* ---- methods ---- */

/* The private conversations of every connection of the caller's process, or the session's. */
static guint
conversations_held (DraftdService *s, const DraftdJobRequest *req, const char *owner)
{
  DraftdConversations *convs = draftd_engine_conversations (s->engine);
  if (owner != req->client)
    return draftd_conversations_count (convs, owner);
  g_autoptr (GPtrArray) names = draftd_clients_connections (s->clients, draftd_job_request_identity (req));
  guint n = 0;
  for (guint i = 0; i < names->len; i++)
    n += draftd_conversations_count (convs, names->pdata[i]);
  return MAX (n, draftd_conversations_count (convs, owner));
}

/* A streamed job's object path: 128 random bits, so that no client can guess another's
 * (sequential numbers told how many jobs others had run, and which paths were live). */
static char *
job_path (DraftdService *s)
{
  for (;;) {
    guint64 r[2];
    if (getrandom (r, sizeof r, 0) != sizeof r) {
      /* No kernel entropy (it never fails once booted): GLib's seeded generator, then a count. */
      r[0] = g_random_int () | (guint64) g_random_int () << 32;
      r[1] = ++s->next_job;
    }
    char *path = g_strdup_printf ("%s/jobs/%016" G_GINT64_MODIFIER "x%016" G_GINT64_MODIFIER "x", DRAFTD_BUS_PATH, r[0], r[1]);
    if (!g_hash_table_contains (s->paths, path))
      return path;
    g_free (path);
  }
}

static gboolean
submit (DraftdService *s, const DraftdOperation *op, DraftdJobRequest *req, DBusMessage *call, gboolean streamed,
        GError **error)
{
  DraftdConversations *convs = draftd_engine_conversations (s->engine);
  const char *owner = req->conversation ? draftd_job_request_conversation_owner (req) : NULL;
  if (owner && !draftd_conversations_exists (convs, owner, req->conversation) &&
      conversations_held (s, req, owner) >= MAX_CONVERSATIONS_PER_CLIENT) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT,
                 "%s %d conversations; end one with ResetConversation",
                 owner == req->client ? "this client already has" : "the session already keeps", MAX_CONVERSATIONS_PER_CLIENT);
    draftd_job_request_free (req);
    return FALSE;
  }
  ServiceJob *sj = g_new0 (ServiceJob, 1);
  sj->op = op;
  if (streamed)
    sj->path = job_path (s);
  else
    sj->call = dbus_message_ref (call);
  sj->job = draftd_scheduler_submit (s->scheduler, req, sj, error);
  if (sj->job == NULL) {
    service_job_free (sj);
    return FALSE;
  }
  g_hash_table_add (s->jobs, sj);
  if (sj->path) {
    g_hash_table_insert (s->paths, sj->path, sj);
    DBusMessage *r = dbus_message_new_method_return (call);
    dbus_message_append_args (r, DBUS_TYPE_OBJECT_PATH, &sj->path, DBUS_TYPE_INVALID);
    send_message (s, r);
  }
  return TRUE;
}

/* A job request read from its call, waiting for the caller's identity (clients.h). */
typedef struct {
  const DraftdOperation *job;  /* the job method's row (the one Start names) */
  gboolean streamed;           /* called through Start */
  DraftdJobRequest *req;
} Pending;

static void
pending_free (gpointer p)
{
  Pending *pd = p;
  g_clear_pointer (&pd->req, draftd_job_request_free);
  g_free (pd);
}

/* A job request, once the caller's identity is known; `m` the call's reply stub. */
static void
on_identified (DBusMessage *m, gpointer data, const char *identity, gpointer user)
{
  DraftdService *s = user;
  Pending *pd = data;
  g_autoptr (GError) error = NULL;
  DraftdJobRequest *req = g_steal_pointer (&pd->req);
  req->identity = g_strdup (identity);
  if (!submit (s, pd->job, req, m, pd->streamed, &error))
    send_gerror (s, m, error);
}

/* What a reply needs of a call (its path, member, sender and serial, and whether it wants a
 * reply) without its arguments: kept from dispatch to reply in place of the call. libdbus
 * counts every message still referenced against the connection's incoming limit (63 MiB by
 * default) and stops reading the connection above it; a large call held while its caller's
 * identity was asked for kept the bus's answer unread for 25 s (the call's timeout), and
 * every other client waited with it. */
static DBusMessage *
reply_stub (DBusMessage *call)
{
  DBusMessage *stub = dbus_message_new_method_call (NULL, dbus_message_get_path (call), dbus_message_get_interface (call),
                                                    dbus_message_get_member (call));
  dbus_message_set_serial (stub, dbus_message_get_serial (call));
  if (dbus_message_get_sender (call))
    dbus_message_set_sender (stub, dbus_message_get_sender (call));
  dbus_message_set_no_reply (stub, dbus_message_get_no_reply (call));
  return stub;
}

/* ---- the operation table's host (operations.h) ---- */

static void
host_send (DraftdOperationHost *h, DBusMessage *m)
{
  send_message ((DraftdService *) h, m);
}

/* A job method or Start: read at once, so that a call the readers refuse (a text over
 * max_text_bytes above all) is answered and let go before anything waits on it; then held as
 * its request and a reply stub until the caller's identity is known. */
static void
host_queue (DraftdOperationHost *h, const DraftdOperation *op, DBusMessage *call)
{
  DraftdService *s = (DraftdService *) h;
  g_autoptr (GError) error = NULL;
  Pending *pd = g_new0 (Pending, 1);
  pd->streamed = op->streamed;
  /* pd->job gets the job method's row: op itself, or the one Start names. */
  pd->req = op->request (op, call, draftd_engine_max_text_bytes (s->engine), &pd->job, &error);
  if (pd->req == NULL) {
    send_gerror (s, call, error);
    pending_free (pd);
    return;
  }
  DBusMessage *stub = reply_stub (call);
  draftd_clients_dispatch (s->clients, stub, pd, pending_free);
  dbus_message_unref (stub);
}

static gboolean
host_cancel (DraftdOperationHost *h, const char *path, const char *sender, GError **error)
{
  ServiceJob *sj = g_hash_table_lookup (((DraftdService *) h)->paths, path);
  /* One answer for both: a different one would tell a prober that another client's job exists. */
  if (sj == NULL || g_strcmp0 (sj->job->request->client, sender) != 0) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT,
                 "no such job of yours (finished, never started, or not yours)");
    return FALSE;
  }
  draftd_scheduler_cancel (((DraftdService *) h)->scheduler, sj->job);
  return TRUE;
}

static void
host_use_models (DraftdOperationHost *h, const DraftdOperation *op, DBusMessage *call)
{
  DraftdService *s = (DraftdService *) h;
  /* The switch waits for the jobs there are now; each one's end is told it (on_done). */
  g_autoptr (GPtrArray) jobs = g_ptr_array_new ();
  GHashTableIter it;
  gpointer job;
  g_hash_table_iter_init (&it, s->jobs);
  while (g_hash_table_iter_next (&it, &job, NULL))
    g_ptr_array_add (jobs, job);
  draftd_switcher_handle (s->switcher, op, call, jobs);
}

/* The jobs' totals since start, and the engine loop's counters since the models loaded: how
 * full its passes were (loop_lanes_served / loop_iterations) and where its time went (in
 * passes, or holding a pass for a lane still computing). draftd-bench's serve suite reads
 * them around each timed run. */
static void
append_stats (DBusMessageIter *v, gpointer user)
{
  DraftdService *s = user;
  const ServiceTotals *t = &s->totals;
  DraftdLanesCounters lc;
  draftd_engine_loop_counters (s->engine, &lc);
  DBusMessageIter d;
  double acceptance = t->drafted ? (double) t->accepted / t->drafted : 0.0;
  double passes = t->tokens_generated ? (double) t->target_passes / t->tokens_generated : 0.0;
  double pass_ms = lc.pass_us / 1e3, waited_ms = lc.waited_us / 1e3;
  dbus_message_iter_open_container (v, DBUS_TYPE_ARRAY, "{sv}", &d);
  draftd_bus_dict_add (&d, "jobs_served", DBUS_TYPE_UINT64, &t->jobs_served);
  draftd_bus_dict_add (&d, "jobs_cancelled", DBUS_TYPE_UINT64, &t->jobs_cancelled);
  draftd_bus_dict_add (&d, "tokens_generated", DBUS_TYPE_UINT64, &t->tokens_generated);
  draftd_bus_dict_add (&d, "target_passes", DBUS_TYPE_UINT64, &t->target_passes);
  draftd_bus_dict_add (&d, "mean_acceptance", DBUS_TYPE_DOUBLE, &acceptance);
  draftd_bus_dict_add (&d, "passes_per_token", DBUS_TYPE_DOUBLE, &passes);
  draftd_bus_dict_add (&d, "loop_iterations", DBUS_TYPE_UINT64, &lc.iterations);
  draftd_bus_dict_add (&d, "loop_lanes_served", DBUS_TYPE_UINT64, &lc.lanes_served);
  draftd_bus_dict_add (&d, "loop_target_tokens", DBUS_TYPE_UINT64, &lc.target_tokens);
  draftd_bus_dict_add (&d, "loop_late", DBUS_TYPE_UINT64, &lc.late);
  draftd_bus_dict_add (&d, "loop_pass_ms", DBUS_TYPE_DOUBLE, &pass_ms);
  draftd_bus_dict_add (&d, "loop_waited_ms", DBUS_TYPE_DOUBLE, &waited_ms);
  dbus_message_iter_close_container (v, &d);
}

/* The engine describes its models as a GVariant a{sv} of basic values (daemon/engine/ is
 * GLib-only); this writes that one shape into the message. */
static void
append_description (DBusMessageIter *v, GVariant *dict)
{
  DBusMessageIter d, entry, value;
  GVariantIter gi;
  const char *key;
  GVariant *val;
  dbus_message_iter_open_container (v, DBUS_TYPE_ARRAY, "{sv}", &d);
  g_variant_iter_init (&gi, dict);
  while (g_variant_iter_next (&gi, "{&sv}", &key, &val)) {
    const char *type = g_variant_get_type_string (val);
    dbus_bool_t b = g_variant_is_of_type (val, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean (val);
    const char *str = g_variant_is_of_type (val, G_VARIANT_TYPE_STRING) ? g_variant_get_string (val, NULL) : NULL;
    /* Fixed-size numbers have the same layout in both; a boolean is one byte in a GVariant. */
    const void *p = str ? (const void *) &str : type[0] == 'b' ? (const void *) &b : g_variant_get_data (val);
    if (type[1] == 0 && (str || g_variant_type_is_basic (g_variant_get_type (val)))) {
      dbus_message_iter_open_container (&d, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
      dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &key);
      dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, type, &value);
      dbus_message_iter_append_basic (&value, type[0], p);
      dbus_message_iter_close_container (&entry, &value);
      dbus_message_iter_close_container (&d, &entry);
    } else
      g_critical ("Models: no D-Bus form for %s of type %s", key, type);
    g_variant_unref (val);
  }
  dbus_message_iter_close_container (v, &d);
}

static void
append_version (DBusMessageIter *v, gpointer user)
{
  const char *version = DRAFTD_VERSION;
  dbus_message_iter_append_basic (v, DBUS_TYPE_STRING, &version);
}

static void
append_models (DBusMessageIter *v, gpointer user)
{
  g_autoptr (GVariant) models = g_variant_ref_sink (draftd_engine_describe (((DraftdService *) user)->engine));
  append_description (v, models);
}

static void
append_queue_length (DBusMessageIter *v, gpointer user)
{
  guint32 n = draftd_scheduler_queue_length (((DraftdService *) user)->scheduler);
  dbus_message_iter_append_basic (v, DBUS_TYPE_UINT32, &n);
}

/* In the interface's order; test-operations holds them to the XML. */
static const DraftdProperty properties[] = {
  { "Version", "s", append_version },
  { "Models", "a{sv}", append_models },
  { "Stats", "a{sv}", append_stats },
  { "QueueLength", "u", append_queue_length },
};

const DraftdProperty *
draftd_service_properties (guint *n)
{
  *n = G_N_ELEMENTS (properties);
  return properties;
}

static DBusHandlerResult
on_message (DBusConnection *c, DBusMessage *m, void *user)
{
  DraftdService *s = user;
  DRAFTD_THREAD_RETURN_VAL_UNLESS (DRAFTD_THREAD_MAIN, DBUS_HANDLER_RESULT_NOT_YET_HANDLED);
  if (dbus_message_get_type (m) != DBUS_MESSAGE_TYPE_METHOD_CALL)
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  if (draftd_properties_handle (c, m, properties, G_N_ELEMENTS (properties), s))
    return DBUS_HANDLER_RESULT_HANDLED;
  const char *iface = dbus_message_get_interface (m), *member = dbus_message_get_member (m);
  if (iface && !g_str_equal (iface, DRAFTD_BUS_IFACE))
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  /* The operation table is the dispatch: each method's row names its handler. */
  const DraftdOperation *op = draftd_operation_find (member);
  if (op)
    op->handle (&s->host, op, m);
  else
    send_error (s, m, DBUS_ERROR_UNKNOWN_METHOD, "unknown method");
  return DBUS_HANDLER_RESULT_HANDLED;
}

/* A client left the bus: cancel its jobs, drop its conversations, send it nothing more. */
static DBusHandlerResult
on_filter (DBusConnection *c, DBusMessage *m, void *user)
{
  DraftdService *s = user;
  const char *name, *old_owner, *new_owner;
  /* Only the bus may say who left: any client can send us this signal unicast. */
  if (!dbus_message_is_signal (m, DBUS_INTERFACE_DBUS, "NameOwnerChanged") ||
      g_strcmp0 (dbus_message_get_sender (m), DBUS_SERVICE_DBUS) != 0 ||
      !dbus_message_get_args (m, NULL, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &old_owner, DBUS_TYPE_STRING,
                              &new_owner, DBUS_TYPE_INVALID))
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  if (name[0] != ':' || new_owner[0] != 0)
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init (&it, s->jobs);
  while (g_hash_table_iter_next (&it, &k, NULL))
    if (g_str_equal (((ServiceJob *) k)->job->request->client, name))
      ((ServiceJob *) k)->client_gone = TRUE;
  draftd_scheduler_cancel_client (s->scheduler, name);
  draftd_clients_forget (s->clients, name);
  draftd_conversations_forget_client (draftd_engine_conversations (s->engine), name);
  return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

static const DBusObjectPathVTable vtable = { .message_function = on_message };

DraftdService *
draftd_service_new (DBusConnection *connection, DraftdEngine *engine, const DraftdServiceLimits *limits, GError **error)
{
  /* The service runs where it is made: the thread of the main loop its connection is on. */
  draftd_thread_claim (DRAFTD_THREAD_MAIN);
  DBusError derr;
  dbus_error_init (&derr);
  DraftdService *s = g_new0 (DraftdService, 1);
  if (!dbus_connection_try_register_object_path (connection, DRAFTD_BUS_PATH, &vtable, s, &derr)) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INTERNAL, "cannot register %s: %s", DRAFTD_BUS_PATH,
                 derr.message);
    dbus_error_free (&derr);
    g_free (s);
    return NULL;
  }
  s->host = (DraftdOperationHost) { engine, host_send, host_cancel, host_queue, host_use_models };
  s->connection = dbus_connection_ref (connection);
  s->engine = engine;
  s->jobs = g_hash_table_new_full (NULL, NULL, service_job_free, NULL);
  s->paths = g_hash_table_new (g_str_hash, g_str_equal);
  s->clients = draftd_clients_new (connection, on_identified, s);
  dbus_connection_add_filter (connection, on_filter, s, NULL);
  dbus_bus_add_match (connection,
                      "type='signal',sender='" DBUS_SERVICE_DBUS "',interface='" DBUS_INTERFACE_DBUS
                      "',member='NameOwnerChanged',arg2=''",
                      NULL);
  DraftdSchedulerLimits sl = { limits->max_queued, limits->max_queued_per_client, limits->job_timeout_s };
  s->scheduler = draftd_scheduler_new (engine, &sl, NULL, &events, s);
  s->switcher = draftd_switcher_new (connection, engine, s->scheduler);
  return s;
}

void
draftd_service_set_recorder (DraftdService *s, DraftdRecordModels record, gpointer data)
{
  DRAFTD_THREAD_RETURN_UNLESS (DRAFTD_THREAD_MAIN);
  draftd_switcher_set_recorder (s->switcher, record, data);
}

void
draftd_service_between_jobs (DraftdService *s, void (*fn) (gpointer data), gpointer data, GDestroyNotify destroy)
{
  DRAFTD_THREAD_RETURN_UNLESS (DRAFTD_THREAD_MAIN);
  draftd_scheduler_between_jobs (s->scheduler, fn, data, destroy);
}

void
draftd_service_free (DraftdService *s)
{
  if (s == NULL)
    return;
  DRAFTD_THREAD_RETURN_UNLESS (DRAFTD_THREAD_MAIN);
  /* Detach from the bus first: freeing the scheduler drains the main context, and a call or
   * a NameOwnerChanged dispatched then must not reach a half-torn-down service. */
  dbus_connection_remove_filter (s->connection, on_filter, s);
  dbus_connection_unregister_object_path (s->connection, DRAFTD_BUS_PATH);
  /* Running and queued jobs are cancelled; their replies go out as Cancelled errors. */
  draftd_scheduler_free (s->scheduler);
  s->scheduler = NULL;
  draftd_switcher_free (s->switcher);
  draftd_clients_free (s->clients);
  dbus_connection_flush (s->connection);
  g_hash_table_unref (s->paths);
  g_hash_table_unref (s->jobs);
  dbus_connection_unref (s->connection);
  g_free (s);
}
