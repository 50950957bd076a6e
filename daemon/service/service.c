#include "daemon/service/service.h"
#include <string.h>
#include "daemon/engine/scheduler.h"
#include "lib/bus/draftd-bus.h"
#include "grammar/grammar.h"
#include "introspection.h"

typedef struct {
  DraftdJob *job;         /* owned by the scheduler until done() */
  char *path;             /* streamed jobs: their object path */
  DBusMessage *call;      /* synchronous methods: the call to reply to */
  gboolean client_gone;
} ServiceJob;

struct DraftdService {
  DBusConnection *connection;
  DraftdEngine *engine;
  DraftdScheduler *scheduler;
  GHashTable *jobs;        /* DraftdJob* -> ServiceJob* */
  GHashTable *paths;       /* path -> DraftdJob* (streamed) */
  guint64 next_job;
  /* Stats */
  guint64 jobs_served, tokens_generated, target_passes, drafted, accepted;
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
send_error (DraftdService *s, DBusMessage *call, const char *name, const char *message)
{
  DBusMessage *r = dbus_message_new_error (call, name, message);
  if (r) {
    dbus_connection_send (s->connection, r, NULL);
    dbus_message_unref (r);
  }
}

static void
send_gerror (DraftdService *s, DBusMessage *call, const GError *error)
{
  send_error (s, call, draftd_engine_error_dbus_name (error), error->message);
}


static void
dict_u32 (DBusMessageIter *d, const char *k, guint32 v)
{
  draftd_bus_dict_add (d, k, DBUS_TYPE_UINT32, &v);
}

static void
dict_double (DBusMessageIter *d, const char *k, double v)
{
  draftd_bus_dict_add (d, k, DBUS_TYPE_DOUBLE, &v);
}

static void
dict_bool (DBusMessageIter *d, const char *k, gboolean v)
{
  dbus_bool_t b = v;
  draftd_bus_dict_add (d, k, DBUS_TYPE_BOOLEAN, &b);
}

static void
dict_string (DBusMessageIter *d, const char *k, const char *v)
{
  draftd_bus_dict_add (d, k, DBUS_TYPE_STRING, &v);
}

static void
append_stats (DBusMessageIter *it, const DraftdJobStats *st, DraftdJobKind kind)
{
  DBusMessageIter d;
  dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "{sv}", &d);
  dict_string (&d, "mode", st->mode ? st->mode : "");
  dict_u32 (&d, "generated_tokens", st->generated);
  dict_u32 (&d, "target_passes", st->target_passes);
  dict_u32 (&d, "assistant_passes", st->assistant_passes);
  dict_u32 (&d, "drafted", st->drafted);
  dict_u32 (&d, "accepted", st->accepted);
  dict_double (&d, "mean_accepted_per_pass", st->target_passes ? (double) st->accepted / st->target_passes : 0.0);
  dict_double (&d, "passes_per_token", st->generated ? (double) st->target_passes / st->generated : 0.0);
  dict_double (&d, "wall_ms", st->wall_ms);
  dict_double (&d, "tokens_per_s", st->tokens_per_s);
  if (kind == DRAFTD_JOB_COMPLETE || kind == DRAFTD_JOB_CHAT) {
    dict_u32 (&d, "prompt_tokens", st->prompt_tokens);
  } else {
    dict_u32 (&d, "segments", st->segments);
    dict_u32 (&d, "kept_source", st->kept_source);
    if (st->compared) {
      dict_u32 (&d, "greedy_passes", st->greedy_passes);
      dict_double (&d, "greedy_ms", st->greedy_ms);
      dict_bool (&d, "greedy_equal", st->greedy_equal);
      dict_double (&d, "speedup", st->wall_ms > st->greedy_ms && st->greedy_ms > 0 ? st->greedy_ms / (st->wall_ms - st->greedy_ms) : 0.0);
    }
  }
  dbus_message_iter_close_container (it, &d);
}

static void
append_edits (DBusMessageIter *it, const DraftdJob *job)
{
  DBusMessageIter arr, st;
  dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(uuss)", &arr);
  for (guint i = 0; job->edits && i < job->edits->len; i++) {
    const DraftdGrammarEdit *e = &g_array_index (job->edits, DraftdGrammarEdit, i);
    guint32 off = draftd_grammar_offset_convert (job->text, e->start, job->options.offset_unit);
    guint32 len = draftd_grammar_offset_convert (job->text, e->end, job->options.offset_unit) - off;
    dbus_message_iter_open_container (&arr, DBUS_TYPE_STRUCT, NULL, &st);
    dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &off);
    dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &len);
    dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &e->replacement);
    dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &e->kind);
    dbus_message_iter_close_container (&arr, &st);
  }
  dbus_message_iter_close_container (it, &arr);
}

static DBusMessage *
new_signal (const char *owner, const char *member)
{
  DBusMessage *m = dbus_message_new_signal (DRAFTD_OBJECT_PATH, DRAFTD_INTERFACE, member);
  dbus_message_set_destination (m, owner);  /* unicast: only the job's owner hears it */
  return m;
}

/* ---- scheduler events ---- */

static void
on_chunk (DraftdJob *job, const char *text, gpointer user)
{
  DraftdService *s = user;
  ServiceJob *sj = g_hash_table_lookup (s->jobs, job);
  if (!sj || !sj->path || sj->client_gone)
    return;
  DBusMessage *m = new_signal (job->client, "Chunk");
  dbus_message_append_args (m, DBUS_TYPE_OBJECT_PATH, &sj->path, DBUS_TYPE_STRING, &text, DBUS_TYPE_INVALID);
  dbus_connection_send (s->connection, m, NULL);
  dbus_message_unref (m);
}

static void
on_edit (DraftdJob *job, guint32 offset, guint32 length, const char *replacement, const char *kind, gpointer user)
{
  DraftdService *s = user;
  ServiceJob *sj = g_hash_table_lookup (s->jobs, job);
  if (!sj || !sj->path || sj->client_gone)
    return;
  DBusMessage *m = new_signal (job->client, "Edit");
  dbus_message_append_args (m, DBUS_TYPE_OBJECT_PATH, &sj->path, DBUS_TYPE_UINT32, &offset, DBUS_TYPE_UINT32, &length,
                            DBUS_TYPE_STRING, &replacement, DBUS_TYPE_STRING, &kind, DBUS_TYPE_INVALID);
  dbus_connection_send (s->connection, m, NULL);
  dbus_message_unref (m);
}

static void
on_done (DraftdJob *job, gpointer user)
{
  DraftdService *s = user;
  ServiceJob *sj = g_hash_table_lookup (s->jobs, job);
  if (job->error == NULL) {
    s->jobs_served++;
    s->tokens_generated += job->stats.generated;
    s->target_passes += job->stats.target_passes;
    s->drafted += job->stats.drafted;
    s->accepted += job->stats.accepted;
  }
  if (sj && !sj->client_gone) {
    DBusMessage *m;
    DBusMessageIter it;
    if (sj->call) {
      if (job->error) {
        send_gerror (s, sj->call, job->error);
      } else {
        m = dbus_message_new_method_return (sj->call);
        dbus_message_iter_init_append (m, &it);
        dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &job->result);
        if (job->kind == DRAFTD_JOB_REWRITE || job->kind == DRAFTD_JOB_CORRECT)
          append_edits (&it, job);
        append_stats (&it, &job->stats, job->kind);
        dbus_connection_send (s->connection, m, NULL);
        dbus_message_unref (m);
      }
    } else if (job->error) {
      const char *name = draftd_engine_error_dbus_name (job->error), *msg = job->error->message;
      m = new_signal (job->client, "Failed");
      dbus_message_append_args (m, DBUS_TYPE_OBJECT_PATH, &sj->path, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &msg,
                                DBUS_TYPE_INVALID);
      dbus_connection_send (s->connection, m, NULL);
      dbus_message_unref (m);
    } else {
      m = new_signal (job->client, "Finished");
      dbus_message_iter_init_append (m, &it);
      dbus_message_iter_append_basic (&it, DBUS_TYPE_OBJECT_PATH, &sj->path);
      dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &job->result);
      append_stats (&it, &job->stats, job->kind);
      dbus_connection_send (s->connection, m, NULL);
      dbus_message_unref (m);
    }
  }
  if (sj && sj->path)
    g_hash_table_remove (s->paths, sj->path);
  g_hash_table_remove (s->jobs, job);
  draftd_job_free (job);
}

static const DraftdSchedulerEvents events = { on_chunk, on_edit, on_done };

/* ---- argument parsing ---- */

static gboolean
invalid (GError **error, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static gboolean
invalid (GError **error, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error_literal (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT, msg);
  return FALSE;
}

static gboolean
read_text (DBusMessageIter *it, const char *what, char **out, GError **error)
{
  if (dbus_message_iter_get_arg_type (it) != DBUS_TYPE_STRING)
    return invalid (error, "%s must be a string", what);
  const char *v;
  dbus_message_iter_get_basic (it, &v);
  /* libdbus rejects invalid UTF-8 on the wire; a check keeps other transports honest. */
  if (!g_utf8_validate (v, -1, NULL)) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_TEXT, "%s is not valid UTF-8", what);
    return FALSE;
  }
  *out = g_strdup (v);
  dbus_message_iter_next (it);
  return TRUE;
}

typedef enum { OPT_GENERATION = 1, OPT_GRAMMAR = 2 } OptionSet;

static gboolean
read_option (const char *key, DBusMessageIter *var, OptionSet set, DraftdJobOptions *o, GError **error)
{
  int t = dbus_message_iter_get_arg_type (var);
#define WANT(type_code, sig)                                                           \
  if (t != type_code)                                                                  \
    return invalid (error, "option '%s' must be of type '%s'", key, sig);
  if (set == OPT_GENERATION) {
    if (g_str_equal (key, "max_tokens")) {
      WANT (DBUS_TYPE_UINT32, "u");
      dbus_message_iter_get_basic (var, &o->max_tokens);
      return o->max_tokens > 0 || invalid (error, "max_tokens must be at least 1");
    }
    if (g_str_equal (key, "temperature") || g_str_equal (key, "top_p") || g_str_equal (key, "min_p")) {
      WANT (DBUS_TYPE_DOUBLE, "d");
      double v;
      dbus_message_iter_get_basic (var, &v);
      if (!(v >= 0.0 && v <= (key[0] == 't' && key[1] == 'e' ? 100.0 : 1.0)))
        return invalid (error, "option '%s' is out of range", key);
      *(key[0] == 't' && key[1] == 'e' ? &o->temperature : key[0] == 't' ? &o->top_p : &o->min_p) = v;
      return TRUE;
    }
    if (g_str_equal (key, "top_k")) {
      WANT (DBUS_TYPE_UINT32, "u");
      dbus_message_iter_get_basic (var, &o->top_k);
      return TRUE;
    }
    if (g_str_equal (key, "seed")) {
      WANT (DBUS_TYPE_UINT64, "t");
      dbus_message_iter_get_basic (var, &o->seed);
      o->seed_set = TRUE;
      return TRUE;
    }
    if (g_str_equal (key, "mode")) {
      WANT (DBUS_TYPE_STRING, "s");
      const char *m;
      dbus_message_iter_get_basic (var, &m);
      if (!g_strv_contains ((const char *const[]) { "auto", "plain", "speculative", "lookup", NULL }, m))
        return invalid (error, "mode must be auto, plain, speculative or lookup, not '%s'", m);
      g_free (o->mode);
      o->mode = g_strdup (m);
      return TRUE;
    }
    if (g_str_equal (key, "stop")) {
      if (t != DBUS_TYPE_ARRAY || dbus_message_iter_get_element_type (var) != DBUS_TYPE_STRING)
        return invalid (error, "option 'stop' must be of type 'as'");
      DBusMessageIter a;
      GPtrArray *v = g_ptr_array_new ();
      dbus_message_iter_recurse (var, &a);
      while (dbus_message_iter_get_arg_type (&a) == DBUS_TYPE_STRING) {
        const char *str;
        dbus_message_iter_get_basic (&a, &str);
        if (*str)
          g_ptr_array_add (v, g_strdup (str));
        dbus_message_iter_next (&a);
      }
      g_ptr_array_add (v, NULL);
      g_strfreev (o->stop);
      o->stop = (char **) g_ptr_array_free (v, FALSE);
      return TRUE;
    }
  } else {
    if (g_str_equal (key, "offset_unit")) {
      WANT (DBUS_TYPE_STRING, "s");
      const char *u;
      dbus_message_iter_get_basic (var, &u);
      return draftd_grammar_offset_unit_from_name (u, &o->offset_unit) ||
             invalid (error, "offset_unit must be codepoint, utf8 or utf16, not '%s'", u);
    }
    if (g_str_equal (key, "compare_greedy") || g_str_equal (key, "protect_quotes")) {
      WANT (DBUS_TYPE_BOOLEAN, "b");
      dbus_bool_t b;
      dbus_message_iter_get_basic (var, &b);
      *(key[0] == 'c' ? &o->compare_greedy : &o->protect_quotes) = b;
      return TRUE;
    }
  }
#undef WANT
  return invalid (error, "unknown option '%s'", key);
}

static gboolean
read_options (DBusMessageIter *it, OptionSet set, DraftdJobOptions *o, GError **error)
{
  if (dbus_message_iter_get_arg_type (it) != DBUS_TYPE_ARRAY || dbus_message_iter_get_element_type (it) != DBUS_TYPE_DICT_ENTRY)
    return invalid (error, "options must be of type 'a{sv}'");
  DBusMessageIter dict;
  dbus_message_iter_recurse (it, &dict);
  while (dbus_message_iter_get_arg_type (&dict) == DBUS_TYPE_DICT_ENTRY) {
    DBusMessageIter entry, var;
    const char *key;
    dbus_message_iter_recurse (&dict, &entry);
    if (dbus_message_iter_get_arg_type (&entry) != DBUS_TYPE_STRING)
      return invalid (error, "options must be of type 'a{sv}'");
    dbus_message_iter_get_basic (&entry, &key);
    dbus_message_iter_next (&entry);
    if (dbus_message_iter_get_arg_type (&entry) != DBUS_TYPE_VARIANT)
      return invalid (error, "options must be of type 'a{sv}'");
    dbus_message_iter_recurse (&entry, &var);
    if (!read_option (key, &var, set, o, error))
      return FALSE;
    dbus_message_iter_next (&dict);
  }
  dbus_message_iter_next (it);
  return TRUE;
}

/* Parses the in-arguments of one of the four operations from `it` (plain arguments of a
 * call, or the variants of Start's av, unwrapped by the caller into `its`). */
typedef struct {
  DBusMessageIter *its;   /* one iterator per argument */
  guint n;
} Args;

static DraftdJob *
parse_job (const char *method, const char *client, Args *a, GError **error)
{
  static const struct {
    const char *name;
    DraftdJobKind kind;
    const char *sig;
  } ops[] = { { "Complete", DRAFTD_JOB_COMPLETE, "sa{sv}" },
              { "Chat", DRAFTD_JOB_CHAT, "ssa{sv}" },
              { "Rewrite", DRAFTD_JOB_REWRITE, "ssa{sv}" },
              { "Correct", DRAFTD_JOB_CORRECT, "sa{sv}" } };
  guint i = 0;
  while (i < G_N_ELEMENTS (ops) && !g_str_equal (ops[i].name, method))
    i++;
  if (i == G_N_ELEMENTS (ops)) {
    invalid (error, "unknown method '%s' (Complete, Chat, Rewrite, Correct)", method);
    return NULL;
  }
  guint want = ops[i].kind == DRAFTD_JOB_CHAT || ops[i].kind == DRAFTD_JOB_REWRITE ? 3 : 2;
  if (a->n != want) {
    invalid (error, "%s takes arguments (%s), got %u", method, ops[i].sig, a->n);
    return NULL;
  }
  DraftdJob *job = draftd_job_new (ops[i].kind, client);
  gboolean ok;
  switch (ops[i].kind) {
  case DRAFTD_JOB_COMPLETE:
    ok = read_text (&a->its[0], "prompt", &job->text, error) && read_options (&a->its[1], OPT_GENERATION, &job->options, error);
    break;
  case DRAFTD_JOB_CHAT:
    ok = read_text (&a->its[0], "conversation", &job->conversation, error) &&
         read_text (&a->its[1], "message", &job->text, error) &&
         read_options (&a->its[2], OPT_GENERATION, &job->options, error);
    if (ok && job->conversation[0] == 0)
      ok = invalid (error, "the conversation id is empty");
    break;
  case DRAFTD_JOB_REWRITE:
    ok = read_text (&a->its[0], "text", &job->text, error) && read_text (&a->its[1], "instruction", &job->instruction, error) &&
         read_options (&a->its[2], OPT_GRAMMAR, &job->options, error);
    if (ok) {
      g_autofree char *trimmed = g_strstrip (g_strdup (job->instruction));
      if (trimmed[0] == 0)
        ok = invalid (error, "the instruction is empty");
    }
    break;
  case DRAFTD_JOB_CORRECT:
  default:
    ok = read_text (&a->its[0], "text", &job->text, error) && read_options (&a->its[1], OPT_GRAMMAR, &job->options, error);
    break;
  }
  if (!ok) {
    draftd_job_free (job);
    return NULL;
  }
  return job;
}

static void
collect_args (DBusMessageIter *first, GArray *its)
{
  DBusMessageIter it = *first;
  while (dbus_message_iter_get_arg_type (&it) != DBUS_TYPE_INVALID) {
    g_array_append_val (its, it);
    dbus_message_iter_next (&it);
  }
}

static gboolean
submit (DraftdService *s, DraftdJob *job, DBusMessage *call, char **path_out, GError **error)
{
  if (strlen (job->text) > draftd_engine_max_text_bytes (s->engine)) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_TOO_LONG, "the text is %zu bytes; the limit is %u",
                 strlen (job->text), draftd_engine_max_text_bytes (s->engine));
    draftd_job_free (job);
    return FALSE;
  }
  ServiceJob *sj = g_new0 (ServiceJob, 1);
  sj->job = job;
  if (path_out)
    sj->path = g_strdup_printf ("%s/jobs/%" G_GUINT64_FORMAT, DRAFTD_OBJECT_PATH, ++s->next_job);
  else
    sj->call = dbus_message_ref (call);
  g_hash_table_insert (s->jobs, job, sj);
  if (sj->path)
    g_hash_table_insert (s->paths, sj->path, job);
  char *path = sj->path;
  if (!draftd_scheduler_submit (s->scheduler, job, error)) {
    if (path)
      g_hash_table_remove (s->paths, path);
    g_hash_table_remove (s->jobs, job);
    return FALSE;
  }
  if (path_out)
    *path_out = path;
  return TRUE;
}

/* ---- methods ---- */

static void
handle_operation (DraftdService *s, DBusMessage *m, const char *method)
{
  g_autoptr (GError) error = NULL;
  DBusMessageIter first;
  g_autoptr (GArray) its = g_array_new (FALSE, FALSE, sizeof (DBusMessageIter));
  if (dbus_message_iter_init (m, &first))
    collect_args (&first, its);
  Args a = { (DBusMessageIter *) its->data, its->len };
  DraftdJob *job = parse_job (method, dbus_message_get_sender (m), &a, &error);
  if (job == NULL || !submit (s, job, m, NULL, &error))
    send_gerror (s, m, error);
}

static void
handle_start (DraftdService *s, DBusMessage *m)
{
  g_autoptr (GError) error = NULL;
  DBusMessageIter it, arr;
  const char *method = NULL;
  if (!dbus_message_has_signature (m, "sav")) {
    send_error (s, m, "org.draftd.Error.InvalidArgument", "Start takes arguments (sav)");
    return;
  }
  dbus_message_iter_init (m, &it);
  dbus_message_iter_get_basic (&it, &method);
  dbus_message_iter_next (&it);
  dbus_message_iter_recurse (&it, &arr);
  g_autoptr (GArray) its = g_array_new (FALSE, FALSE, sizeof (DBusMessageIter));
  while (dbus_message_iter_get_arg_type (&arr) == DBUS_TYPE_VARIANT) {
    DBusMessageIter v;
    dbus_message_iter_recurse (&arr, &v);
    g_array_append_val (its, v);
    dbus_message_iter_next (&arr);
  }
  Args a = { (DBusMessageIter *) its->data, its->len };
  char *path = NULL;
  DraftdJob *job = parse_job (method, dbus_message_get_sender (m), &a, &error);
  if (job == NULL || !submit (s, job, m, &path, &error)) {
    send_gerror (s, m, error);
    return;
  }
  DBusMessage *r = dbus_message_new_method_return (m);
  dbus_message_append_args (r, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
  dbus_connection_send (s->connection, r, NULL);
  dbus_message_unref (r);
}

static void
handle_cancel (DraftdService *s, DBusMessage *m)
{
  const char *path;
  if (!dbus_message_get_args (m, NULL, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID)) {
    send_error (s, m, "org.draftd.Error.InvalidArgument", "Cancel takes arguments (o)");
    return;
  }
  DraftdJob *job = g_hash_table_lookup (s->paths, path);
  if (job == NULL) {
    send_error (s, m, "org.draftd.Error.InvalidArgument", "no such job (finished, or never started)");
    return;
  }
  if (!g_str_equal (job->client, dbus_message_get_sender (m))) {
    send_error (s, m, "org.draftd.Error.InvalidArgument", "only the client that started a job may cancel it");
    return;
  }
  g_cancellable_cancel (job->cancellable);
  DBusMessage *r = dbus_message_new_method_return (m);
  dbus_connection_send (s->connection, r, NULL);
  dbus_message_unref (r);
}

static void
handle_reset (DraftdService *s, DBusMessage *m)
{
  const char *id;
  if (!dbus_message_get_args (m, NULL, DBUS_TYPE_STRING, &id, DBUS_TYPE_INVALID)) {
    send_error (s, m, "org.draftd.Error.InvalidArgument", "ResetConversation takes arguments (s)");
    return;
  }
  draftd_engine_reset_conversation (s->engine, dbus_message_get_sender (m), id);
  DBusMessage *r = dbus_message_new_method_return (m);
  dbus_connection_send (s->connection, r, NULL);
  dbus_message_unref (r);
}

/* ---- properties ---- */

static void append_gvariant (DBusMessageIter *it, GVariant *v);

static void
append_gvariant_in_variant (DBusMessageIter *it, GVariant *v)
{
  DBusMessageIter var;
  dbus_message_iter_open_container (it, DBUS_TYPE_VARIANT, g_variant_get_type_string (v), &var);
  append_gvariant (&var, v);
  dbus_message_iter_close_container (it, &var);
}

static void
append_gvariant (DBusMessageIter *it, GVariant *v)
{
  if (g_variant_is_of_type (v, G_VARIANT_TYPE_STRING)) {
    const char *s = g_variant_get_string (v, NULL);
    dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &s);
  } else if (g_variant_is_of_type (v, G_VARIANT_TYPE_BOOLEAN)) {
    dbus_bool_t b = g_variant_get_boolean (v);
    dbus_message_iter_append_basic (it, DBUS_TYPE_BOOLEAN, &b);
  } else if (g_variant_is_of_type (v, G_VARIANT_TYPE_UINT32)) {
    guint32 u = g_variant_get_uint32 (v);
    dbus_message_iter_append_basic (it, DBUS_TYPE_UINT32, &u);
  } else if (g_variant_is_of_type (v, G_VARIANT_TYPE_UINT64)) {
    guint64 u = g_variant_get_uint64 (v);
    dbus_message_iter_append_basic (it, DBUS_TYPE_UINT64, &u);
  } else if (g_variant_is_of_type (v, G_VARIANT_TYPE_DOUBLE)) {
    double d = g_variant_get_double (v);
    dbus_message_iter_append_basic (it, DBUS_TYPE_DOUBLE, &d);
  } else if (g_variant_is_of_type (v, G_VARIANT_TYPE_VARDICT)) {
    DBusMessageIter d, e;
    GVariantIter gi;
    const char *k;
    GVariant *val;
    dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "{sv}", &d);
    g_variant_iter_init (&gi, v);
    while (g_variant_iter_next (&gi, "{&sv}", &k, &val)) {
      dbus_message_iter_open_container (&d, DBUS_TYPE_DICT_ENTRY, NULL, &e);
      dbus_message_iter_append_basic (&e, DBUS_TYPE_STRING, &k);
      append_gvariant_in_variant (&e, val);
      dbus_message_iter_close_container (&d, &e);
      g_variant_unref (val);
    }
    dbus_message_iter_close_container (it, &d);
  }
}

static GVariant *
property_value (DraftdService *s, const char *name)
{
  if (g_str_equal (name, "Version"))
    return g_variant_new_string (DRAFTD_VERSION);
  if (g_str_equal (name, "QueueLength"))
    return g_variant_new_uint32 (draftd_scheduler_queue_length (s->scheduler));
  if (g_str_equal (name, "Models"))
    return draftd_engine_describe (s->engine);
  if (g_str_equal (name, "Stats")) {
    GVariantBuilder b;
    g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add (&b, "{sv}", "jobs_served", g_variant_new_uint64 (s->jobs_served));
    g_variant_builder_add (&b, "{sv}", "tokens_generated", g_variant_new_uint64 (s->tokens_generated));
    g_variant_builder_add (&b, "{sv}", "target_passes", g_variant_new_uint64 (s->target_passes));
    g_variant_builder_add (&b, "{sv}", "mean_acceptance",
                           g_variant_new_double (s->drafted ? (double) s->accepted / s->drafted : 0.0));
    g_variant_builder_add (&b, "{sv}", "passes_per_token",
                           g_variant_new_double (s->tokens_generated ? (double) s->target_passes / s->tokens_generated : 0.0));
    return g_variant_builder_end (&b);
  }
  return NULL;
}

static void
handle_properties (DraftdService *s, DBusMessage *m, const char *member)
{
  const char *iface = NULL, *name = NULL;
  DBusMessage *r;
  DBusMessageIter it;
  if (g_str_equal (member, "GetAll")) {
    if (!dbus_message_get_args (m, NULL, DBUS_TYPE_STRING, &iface, DBUS_TYPE_INVALID)) {
      send_error (s, m, DBUS_ERROR_INVALID_ARGS, "GetAll takes arguments (s)");
      return;
    }
    r = dbus_message_new_method_return (m);
    dbus_message_iter_init_append (r, &it);
    GVariantBuilder b;
    g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
    if (g_str_equal (iface, DRAFTD_INTERFACE) || *iface == 0) {
      const char *names[] = { "Version", "Models", "Stats", "QueueLength" };
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        g_variant_builder_add (&b, "{sv}", names[i], property_value (s, names[i]));
    }
    g_autoptr (GVariant) all = g_variant_ref_sink (g_variant_builder_end (&b));
    append_gvariant (&it, all);
  } else if (g_str_equal (member, "Get")) {
    if (!dbus_message_get_args (m, NULL, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID)) {
      send_error (s, m, DBUS_ERROR_INVALID_ARGS, "Get takes arguments (ss)");
      return;
    }
    g_autoptr (GVariant) v = g_str_equal (iface, DRAFTD_INTERFACE) ? property_value (s, name) : NULL;
    if (v == NULL) {
      send_error (s, m, DBUS_ERROR_UNKNOWN_PROPERTY, "no such property");
      return;
    }
    g_variant_ref_sink (v);
    r = dbus_message_new_method_return (m);
    dbus_message_iter_init_append (r, &it);
    append_gvariant_in_variant (&it, v);
  } else if (g_str_equal (member, "Set")) {
    send_error (s, m, DBUS_ERROR_PROPERTY_READ_ONLY, "all properties are read-only");
    return;
  } else {
    send_error (s, m, DBUS_ERROR_UNKNOWN_METHOD, "unknown method");
    return;
  }
  dbus_connection_send (s->connection, r, NULL);
  dbus_message_unref (r);
}

static DBusHandlerResult
on_message (DBusConnection *c, DBusMessage *m, void *user)
{
  DraftdService *s = user;
  if (dbus_message_get_type (m) != DBUS_MESSAGE_TYPE_METHOD_CALL)
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  const char *iface = dbus_message_get_interface (m), *member = dbus_message_get_member (m);
  if (iface && g_str_equal (iface, DBUS_INTERFACE_INTROSPECTABLE) && g_str_equal (member, "Introspect")) {
    DBusMessage *r = dbus_message_new_method_return (m);
    const char *xml = draftd_introspection_xml;
    dbus_message_append_args (r, DBUS_TYPE_STRING, &xml, DBUS_TYPE_INVALID);
    dbus_connection_send (c, r, NULL);
    dbus_message_unref (r);
  } else if (iface && g_str_equal (iface, DBUS_INTERFACE_PROPERTIES)) {
    handle_properties (s, m, member);
  } else if (iface == NULL || g_str_equal (iface, DRAFTD_INTERFACE)) {
    if (g_str_equal (member, "Complete") || g_str_equal (member, "Chat") || g_str_equal (member, "Rewrite") ||
        g_str_equal (member, "Correct"))
      handle_operation (s, m, member);
    else if (g_str_equal (member, "Start"))
      handle_start (s, m);
    else if (g_str_equal (member, "Cancel"))
      handle_cancel (s, m);
    else if (g_str_equal (member, "ResetConversation"))
      handle_reset (s, m);
    else
      send_error (s, m, DBUS_ERROR_UNKNOWN_METHOD, "unknown method");
  } else {
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  }
  return DBUS_HANDLER_RESULT_HANDLED;
}

/* A client left the bus: cancel its jobs, drop its conversations, send it nothing more. */
static DBusHandlerResult
on_filter (DBusConnection *c, DBusMessage *m, void *user)
{
  DraftdService *s = user;
  const char *name, *old_owner, *new_owner;
  if (!dbus_message_is_signal (m, DBUS_INTERFACE_DBUS, "NameOwnerChanged") ||
      !dbus_message_get_args (m, NULL, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &old_owner, DBUS_TYPE_STRING,
                              &new_owner, DBUS_TYPE_INVALID))
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  if (name[0] != ':' || new_owner[0] != 0)
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  GHashTableIter it;
  gpointer k, v;
  g_hash_table_iter_init (&it, s->jobs);
  while (g_hash_table_iter_next (&it, &k, &v))
    if (g_str_equal (((DraftdJob *) k)->client, name))
      ((ServiceJob *) v)->client_gone = TRUE;
  draftd_scheduler_cancel_client (s->scheduler, name);
  draftd_engine_forget_client (s->engine, name);
  return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

static const DBusObjectPathVTable vtable = { .message_function = on_message };

DraftdService *
draftd_service_new (DBusConnection *connection, DraftdEngine *engine, guint max_queued, GError **error)
{
  DraftdService *s = g_new0 (DraftdService, 1);
  s->connection = dbus_connection_ref (connection);
  s->engine = engine;
  s->jobs = g_hash_table_new_full (NULL, NULL, NULL, service_job_free);
  s->paths = g_hash_table_new (g_str_hash, g_str_equal);
  DBusError derr;
  dbus_error_init (&derr);
  if (!dbus_connection_try_register_object_path (connection, DRAFTD_OBJECT_PATH, &vtable, s, &derr)) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INTERNAL, "cannot register %s: %s", DRAFTD_OBJECT_PATH,
                 derr.message);
    dbus_error_free (&derr);
    dbus_connection_unref (s->connection);
    g_hash_table_unref (s->paths);
    g_hash_table_unref (s->jobs);
    g_free (s);
    return NULL;
  }
  dbus_connection_add_filter (connection, on_filter, s, NULL);
  dbus_bus_add_match (connection,
                      "type='signal',sender='" DBUS_SERVICE_DBUS "',interface='" DBUS_INTERFACE_DBUS
                      "',member='NameOwnerChanged',arg2=''",
                      NULL);
  s->scheduler = draftd_scheduler_new (engine, max_queued, NULL, &events, s);
  return s;
}

void
draftd_service_free (DraftdService *s)
{
  if (s == NULL)
    return;
  /* Detach from the bus first: freeing the scheduler drains the main context, and a call or
   * a NameOwnerChanged dispatched then must not reach a half-torn-down service. */
  dbus_connection_remove_filter (s->connection, on_filter, s);
  dbus_connection_unregister_object_path (s->connection, DRAFTD_OBJECT_PATH);
  /* Running and queued jobs are cancelled; their replies go out as Cancelled errors. */
  draftd_scheduler_free (s->scheduler);
  s->scheduler = NULL;
  dbus_connection_flush (s->connection);
  g_hash_table_unref (s->paths);
  g_hash_table_unref (s->jobs);
  dbus_connection_unref (s->connection);
  g_free (s);
}
