/* The operation table (daemon/service/operations.c), its handlers and the introspection XML
 * that clients read agree: every method of org.draftd.Assistant1 is in the table with the same
 * in- and out-arguments, the table has no method the XML lacks, every row has a handler, and a
 * job method's row reads its own arguments into a request of its kind and writes a reply of
 * its out-arguments. A method added to one alone fails here; so that this is known to hold,
 * the check is also run on an XML with one method more, one less and one changed. The property
 * rows (service.c) are held to the XML's properties the same way, and every option row's reader
 * stores a good value where its row says and refuses a bad one. */
#include <string.h>
#include "daemon/service/operations.h"
#include "daemon/service/request.h"
#include "daemon/service/service.h"
#include <gio/gio.h>
#include "lib/bus/draftd-bus-methods.h"
#include "lib/bus/draftd-bus-names.h"
#include "tests/tap.h"

typedef struct {
  gboolean in_iface;
  char *method;           /* the method or signal being read ("!Name" for a signal) */
  GString *in_signature;  /* its in-arguments so far (a signal's arguments) */
  GString *out_signature; /* its out-arguments so far */
  GHashTable *methods;    /* name -> "in/out" */
} XmlReader;

static const char *
attribute (const char **names, const char **values, const char *want)
{
  for (guint i = 0; names[i]; i++)
    if (g_str_equal (names[i], want))
      return values[i];
  return NULL;
}

static void
on_start (GMarkupParseContext *ctx, const char *element, const char **names, const char **values, gpointer user,
          GError **error)
{
  XmlReader *r = user;
  const char *name = attribute (names, values, "name");
  if (g_str_equal (element, "interface")) {
    r->in_iface = name && g_str_equal (name, DRAFTD_BUS_IFACE);
  } else if (r->in_iface && (g_str_equal (element, "method") || g_str_equal (element, "signal"))) {
    r->method = g_strconcat (element[0] == 's' ? "!" : "", name, NULL);
    g_string_truncate (r->in_signature, 0);
    g_string_truncate (r->out_signature, 0);
  } else if (r->in_iface && g_str_equal (element, "property")) {
    g_hash_table_insert (r->methods, g_strconcat ("@", name, NULL), g_strdup (attribute (names, values, "type")));
  } else if (r->method && g_str_equal (element, "arg")) {
    /* A method's arguments are "in" unless they say otherwise. */
    const char *direction = attribute (names, values, "direction");
    g_string_append (direction && g_str_equal (direction, "out") ? r->out_signature : r->in_signature,
                     attribute (names, values, "type"));
  }
}

static void
on_end (GMarkupParseContext *ctx, const char *element, gpointer user, GError **error)
{
  XmlReader *r = user;
  if (g_str_equal (element, "interface")) {
    r->in_iface = FALSE;
  } else if (r->method && (g_str_equal (element, "method") || g_str_equal (element, "signal"))) {
    g_hash_table_insert (r->methods, r->method, g_strdup_printf ("%s/%s", r->in_signature->str, r->out_signature->str));
    r->method = NULL;
  }
}

/* The interface's methods, name -> "in/out" signatures, its signals, "!name" -> "args/", and
 * its properties, "@name" -> type; NULL where the XML does not parse. */
static GHashTable *
xml_methods (const char *xml)
{
  XmlReader r = { FALSE, NULL, g_string_new (NULL), g_string_new (NULL),
                  g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free) };
  static const GMarkupParser parser = { on_start, on_end, NULL, NULL, NULL };
  g_autoptr (GMarkupParseContext) ctx = g_markup_parse_context_new (&parser, 0, &r, NULL);
  g_autoptr (GError) error = NULL;
  gboolean ok = g_markup_parse_context_parse (ctx, xml, -1, &error) && g_markup_parse_context_end_parse (ctx, &error);
  g_string_free (r.in_signature, TRUE);
  g_string_free (r.out_signature, TRUE);
  g_free (r.method);
  if (!ok) {
    tap_diag ("the XML does not parse: %s", error->message);
    g_clear_pointer (&r.methods, g_hash_table_unref);
  }
  return r.methods;
}

/* Methods of the XML the table lacks, or has with other in- or out-arguments. */
static char *
missing_from_table (GHashTable *xml)
{
  GString *out = g_string_new (NULL);
  GHashTableIter it;
  gpointer name, sig;
  g_hash_table_iter_init (&it, xml);
  while (g_hash_table_iter_next (&it, &name, &sig)) {
    const DraftdOperation *op = draftd_operation_find (name);
    g_autofree char *row = op ? g_strdup_printf ("%s/%s", op->in_signature, op->out_signature) : NULL;
    if (!strchr ("!@", ((char *) name)[0]) && (row == NULL || !g_str_equal (row, sig)))
      g_string_append_printf (out, " %s(%s)", (char *) name, (char *) sig);
  }
  return g_string_free (out, FALSE);
}

/* Methods of the table the XML lacks. */
static char *
missing_from_xml (GHashTable *xml)
{
  GString *out = g_string_new (NULL);
  guint n;
  const DraftdOperation *ops = draftd_operations (&n);
  for (guint i = 0; i < n; i++)
    if (!g_hash_table_contains (xml, ops[i].name))
      g_string_append_printf (out, " %s", ops[i].name);
  return g_string_free (out, FALSE);
}

/* The XML with `from` replaced by `to` (once). */
static char *
edited (const char *xml, const char *from, const char *to)
{
  const char *at = strstr (xml, from);
  g_assert (at != NULL);
  return g_strdup_printf ("%.*s%s%s", (int) (at - xml), xml, to, at + strlen (from));
}

static void
check_edited (const char *xml)
{
  g_autofree char *more = edited (xml, "<method name=\"Cancel\">",
                                  "<method name=\"Extra\"><arg type=\"s\" direction=\"in\"/></method><method name=\"Cancel\">");
  g_autoptr (GHashTable) with_extra = xml_methods (more);
  g_autofree char *extra = with_extra ? missing_from_table (with_extra) : NULL;
  tap_ok (extra && g_str_equal (extra, " Extra(s/)"), "a method added to the XML alone is caught:%s", extra ? extra : "");
  g_autofree char *less = edited (xml, "<method name=\"Cancel\">", "<method name=\"Renamed\">");
  g_autoptr (GHashTable) without = xml_methods (less);
  g_autofree char *gone = without ? missing_from_xml (without) : NULL;
  tap_ok (gone && g_str_equal (gone, " Cancel"), "a method of the table missing from the XML is caught:%s", gone ? gone : "");
  g_autofree char *changed = edited (xml, "<arg name=\"info\" type=\"a{sv}\"", "<arg name=\"info\" type=\"s\"");
  g_autoptr (GHashTable) with_changed = xml_methods (changed);
  g_autofree char *differs = with_changed ? missing_from_table (with_changed) : NULL;
  tap_ok (differs && g_str_equal (differs, " UseModels(ss/s)"), "an out-argument changed in the XML alone is caught:%s",
          differs ? differs : "");
}

/* Every row has a handler; the rows the service queues as jobs make requests; a job method's
 * row has every part of one (a reader, options last, a writer) and no other row has them. */
static void
check_rows (void)
{
  guint n;
  const DraftdOperation *ops = draftd_operations (&n);
  g_autoptr (GString) bad = g_string_new (NULL);
  for (guint i = 0; i < n; i++) {
    const DraftdOperation *op = &ops[i];
    gboolean job = draftd_operation_is_job (op);
    gboolean ok = op->handle != NULL && (op->request != NULL) == (job || op->streamed) &&
                  job == (op->options != DRAFTD_OPTIONS_NONE) && job == (op->write != NULL) &&
                  (!job || (g_str_has_suffix (op->in_signature, "a{sv}") && !op->streamed)) &&
                  (!op->streamed || g_str_equal (op->out_signature, "o"));
    if (!ok)
      g_string_append_printf (bad, " %s", op->name);
  }
  tap_ok (bad->len == 0, "every row has a handler, and a job method's row every part of a job%s", bad->str);
}

/* A service of the test's own: what each handler asks of it is noted. */
typedef struct {
  DraftdOperationHost host;
  DBusMessage *sent;                   /* the last reply or error */
  const DraftdOperation *queued, *switched;
} Host;

static void
host_send (DraftdOperationHost *h, DBusMessage *m)
{
  Host *t = (Host *) h;
  if (t->sent)
    dbus_message_unref (t->sent);
  t->sent = m;
}

static gboolean
host_cancel (DraftdOperationHost *h, const char *path, const char *sender, GError **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no job %s", path);
  return FALSE;
}

static void
host_queue (DraftdOperationHost *h, const DraftdOperation *op, DBusMessage *call)
{
  ((Host *) h)->queued = op;
}

static void
host_use_models (DraftdOperationHost *h, const DraftdOperation *op, DBusMessage *call)
{
  ((Host *) h)->switched = op;
}

/* Each row's handler, given a call of its member with one argument too many: a job method or
 * Start is queued (its request maker checks it later), UseModels goes to the switcher, and
 * every other method answers at once with InvalidArgument naming its own arguments. */
static void
check_handlers (void)
{
  guint n;
  const DraftdOperation *ops = draftd_operations (&n);
  g_autoptr (GString) bad = g_string_new (NULL);
  guint switchers = 0;
  for (guint i = 0; i < n; i++) {
    const DraftdOperation *op = &ops[i];
    Host t = { .host = { NULL, host_send, host_cancel, host_queue, host_use_models } };
    DBusMessage *m = dbus_message_new_method_call (NULL, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, op->name);
    guint32 extra = 1;
    dbus_message_set_serial (m, 1);  /* as if it had come: a reply needs the call's serial */
    dbus_message_append_args (m, DBUS_TYPE_UINT32, &extra, DBUS_TYPE_INVALID);
    op->handle (&t.host, op, m);
    g_autofree char *want = g_strdup_printf ("%s takes arguments (%s)", op->name, op->in_signature);
    gboolean answered = t.sent && dbus_message_get_type (t.sent) == DBUS_MESSAGE_TYPE_ERROR &&
                        g_strcmp0 (dbus_message_get_error_name (t.sent), DRAFTD_BUS_ERROR_INVALID_ARGUMENT) == 0;
    const char *text = NULL;
    if (answered)
      dbus_message_get_args (t.sent, NULL, DBUS_TYPE_STRING, &text, DBUS_TYPE_INVALID);
    gboolean ok = op->request ? t.queued == op && !t.sent
                              : t.switched == op ? !t.sent : answered && g_strcmp0 (text, want) == 0 && !t.queued;
    if (!ok)
      g_string_append_printf (bad, " %s", op->name);
    switchers += t.switched != NULL;
    if (t.sent)
      dbus_message_unref (t.sent);
    dbus_message_unref (m);
  }
  /* One method switches models: a second row handed to the switcher is a row with the wrong handler. */
  tap_ok (bad->len == 0 && switchers == 1,
          "every handler queues its job, hands UseModels on (%u rows do), or refuses bad arguments by name%s", switchers,
          bad->str);
}

/* A value of each in-argument type a job method takes, as a client would send it. */
static gboolean
append_value (DBusMessageIter *it, const char *type)
{
  DBusMessageIter d;
  const char *word = "word";
  if (g_str_equal (type, "s"))
    return dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &word);
  if (!g_str_equal (type, "a{sv}"))
    return FALSE;
  dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "{sv}", &d);
  return dbus_message_iter_close_container (it, &d);
}

/* A call of `op` with a value of each of its in-arguments, direct or through Start(s, av). */
static DBusMessage *
call_of (const DraftdOperation *op, gboolean start)
{
  DBusMessage *m = dbus_message_new_method_call (NULL, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, start ? "Start" : op->name);
  DBusMessageIter it, args, var, *to = &it;
  DBusSignatureIter si;
  gboolean ok = TRUE;
  dbus_message_iter_init_append (m, &it);
  if (start) {
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &op->name);
    dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "v", &args);
  }
  dbus_signature_iter_init (&si, op->in_signature);
  do {
    char *type = dbus_signature_iter_get_signature (&si);
    if (start)
      dbus_message_iter_open_container (&args, DBUS_TYPE_VARIANT, type, &var);
    ok &= append_value (start ? &var : to, type);
    if (start)
      dbus_message_iter_close_container (&args, &var);
    dbus_free (type);
  } while (dbus_signature_iter_next (&si));
  if (start)
    dbus_message_iter_close_container (&it, &args);
  return ok ? m : (dbus_message_unref (m), NULL);
}

/* The row's request maker (or Start's) reads the call into a request of the row's kind, its
 * text held to max_text bytes; the error, if any, in *error. */
static DraftdJobRequest *
request_within (const DraftdOperation *op, gboolean start, gsize max_text, GError **error)
{
  const DraftdOperation *maker = start ? draftd_operation_find ("Start") : op, *job = NULL;
  DBusMessage *m = call_of (op, start);
  DraftdJobRequest *r = m ? maker->request (maker, m, max_text, &job, error) : NULL;
  if (m)
    dbus_message_unref (m);
  if (r && (job != op || r->kind != op->kind || r->bulk != op->bulk))
    g_clear_pointer (&r, draftd_job_request_free);
  return r;
}

static DraftdJobRequest *
request_of (const DraftdOperation *op, gboolean start)
{
  g_autoptr (GError) error = NULL;
  DraftdJobRequest *r = request_within (op, start, G_MAXSIZE, &error);
  if (error)
    tap_diag ("%s%s: %s", start ? "Start " : "", op->name, error->message);
  return r;
}

/* Each job method's text ("word", 4 bytes) is read at a limit of 4 bytes and refused with
 * TooLong at 3, directly and through Start: the limit is applied by the reader, before the
 * text is copied (issue 48), not only later by the scheduler. */
static void
check_text_limit (void)
{
  guint n;
  const DraftdOperation *ops = draftd_operations (&n);
  g_autoptr (GString) bad = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    for (int start = 0; start < 2 && draftd_operation_is_job (&ops[i]); start++) {
      g_autoptr (GError) e4 = NULL, e3 = NULL;
      g_autoptr (DraftdJobRequest) fits = request_within (&ops[i], start, 4, &e4);
      g_autoptr (DraftdJobRequest) over = request_within (&ops[i], start, 3, &e3);
      if (!fits || over || !g_error_matches (e3, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_TOO_LONG) ||
          !strstr (e3->message, "is 4 bytes; the limit is 3"))
        g_string_append_printf (bad, " %s%s (%s)", start ? "Start " : "", ops[i].name, e3 ? e3->message : "accepted");
    }
  tap_ok (bad->len == 0, "every job method's text is held to the limit by its reader, directly and through Start%s%s",
          bad->len ? "; not:" : "", bad->str);
}

/* What the row's writer gives a finished job of one edit, reply (or, after the job's path,
 * Finished). */
static char *
written (const DraftdOperation *op, DraftdJobRequest *r, gboolean reply)
{
  DraftdJob job = { .request = r, .result = { .text = g_strdup ("text"), .edits = draftd_grammar_edits_new () } };
  DraftdGrammarEdit e = { .end = 4, .replacement = g_strdup ("Word"), .kind = "capitalization", .rule = g_strdup ("capitalization") };
  g_array_append_val (job.result.edits, e);
  const char *path = DRAFTD_BUS_PATH;
  DBusMessage *m = dbus_message_new_signal (DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "Finished");
  DBusMessageIter it;
  dbus_message_iter_init_append (m, &it);
  if (!reply)
    dbus_message_iter_append_basic (&it, DBUS_TYPE_OBJECT_PATH, &path);
  op->write (&it, &job, reply);
  char *signature = g_strdup (dbus_message_get_signature (m));
  dbus_message_unref (m);
  draftd_job_result_clear (&job.result);
  return signature;
}

/* Each job method's row reads its in-arguments (called directly and through Start) and writes
 * its reply's out-arguments and Finished's, as the XML has them. */
static void
check_jobs (GHashTable *xml)
{
  guint n;
  const DraftdOperation *ops = draftd_operations (&n);
  const char *finished = g_hash_table_lookup (xml, "!Finished");
  for (guint i = 0; i < n; i++) {
    const DraftdOperation *op = &ops[i];
    if (!draftd_operation_is_job (op))
      continue;
    g_autoptr (DraftdJobRequest) r = request_of (op, FALSE);
    g_autoptr (DraftdJobRequest) started = request_of (op, TRUE);
    tap_ok (r && started, "%s(%s) is read into a request of its kind, directly and through Start", op->name, op->in_signature);
    if (r == NULL)
      continue;
    g_autofree char *reply = written (op, r, TRUE), *end = written (op, r, FALSE);
    g_autofree char *end_xml = finished ? g_strndup (finished, strcspn (finished, "/")) : NULL;
    tap_ok (g_str_equal (reply, op->out_signature) && g_strcmp0 (end, end_xml) == 0,
            "%s's writer gives its reply (%s) and Finished (%s): %s, %s", op->name, op->out_signature,
            end_xml ? end_xml : "not in the XML", reply, end);
  }
}

/* Properties of the XML the rows lack or type otherwise, then rows the XML lacks. */
static char *
property_mismatches (GHashTable *xml)
{
  GString *out = g_string_new (NULL);
  guint n;
  const DraftdProperty *rows = draftd_service_properties (&n);
  GHashTableIter it;
  gpointer name, type;
  g_hash_table_iter_init (&it, xml);
  while (g_hash_table_iter_next (&it, &name, &type)) {
    const DraftdProperty *row = NULL;
    for (guint i = 0; ((char *) name)[0] == '@' && i < n; i++)
      if (g_str_equal (rows[i].name, (char *) name + 1))
        row = &rows[i];
    if (((char *) name)[0] == '@' && (row == NULL || !g_str_equal (row->signature, type)))
      g_string_append_printf (out, " %s(%s)", (char *) name + 1, (char *) type);
  }
  for (guint i = 0; i < n; i++) {
    g_autofree char *key = g_strconcat ("@", rows[i].name, NULL);
    if (!g_hash_table_contains (xml, key) || rows[i].append == NULL)
      g_string_append_printf (out, " %s", rows[i].name);
  }
  return g_string_free (out, FALSE);
}

/* The property rows and the XML's properties agree, and a property renamed or retyped in the
 * XML alone is caught. */
static void
check_properties (const char *xml, GHashTable *methods)
{
  g_autofree char *bad = property_mismatches (methods);
  tap_ok (*bad == 0, "every property of the XML is a row with its type, and every row is in the XML%s%s",
          *bad ? "; not:" : "", bad);
  g_autofree char *renamed = edited (xml, "<property name=\"QueueLength\"", "<property name=\"Queue\"");
  g_autoptr (GHashTable) with_renamed = xml_methods (renamed);
  g_autofree char *caught = with_renamed ? property_mismatches (with_renamed) : NULL;
  tap_ok (g_strcmp0 (caught, " Queue(u) QueueLength") == 0, "a property renamed in the XML alone is caught:%s",
          caught ? caught : "");
  g_autofree char *retyped = edited (xml, "<property name=\"Version\" type=\"s\"", "<property name=\"Version\" type=\"u\"");
  g_autoptr (GHashTable) with_retyped = xml_methods (retyped);
  g_autofree char *caught2 = with_retyped ? property_mismatches (with_retyped) : NULL;
  tap_ok (g_strcmp0 (caught2, " Version(u)") == 0, "a property retyped in the XML alone is caught:%s", caught2 ? caught2 : "");
}

/* A good and a bad value of each string option (NULL bad: every string is good). */
static const struct {
  const char *key, *good, *bad;
} string_samples[] = {
  { "mode", "plain", "fast" },       { "offset_unit", "utf16", "bytes" }, { "dialect", "en-GB", "english" },
  { "locale_dialect", "en-GB", "GB" }, { "language", "uk", "not a code" },  { "path", "/home/a/b.md", "b.md" },
};

/* A variant of the row's type holding a good value (bad: one the reader refuses; FALSE where
 * the type has none); the variant's contents in *var, which lives as long as the message. */
static gboolean
option_value (DBusMessage *m, const DraftdOption *spec, gboolean bad, DBusMessageIter *var)
{
  DBusMessageIter it, v, a;
  char t = spec->signature[0];
  const char *str = t == 'a' ? (bad ? "not a rule!" : "a.rule") : NULL;
  dbus_uint32_t u = bad ? (dbus_uint32_t) spec->min - 1 : MAX ((dbus_uint32_t) spec->min, 1);
  double d = bad ? spec->max + 1 : spec->max;
  dbus_uint64_t seed = 42;
  dbus_bool_t b = TRUE;
  for (guint i = 0; t == 's' && i < G_N_ELEMENTS (string_samples); i++)
    if (g_str_equal (string_samples[i].key, spec->key))
      str = bad ? string_samples[i].bad : string_samples[i].good;
  if ((t == 's' && str == NULL) || (bad && (t == 'b' || t == 't' || (t == 'u' && spec->min == 0) ||
                                            (t == 'a' && g_str_equal (spec->key, "stop")))))
    return FALSE;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_open_container (&it, DBUS_TYPE_VARIANT, spec->signature, &v);
  if (t == 'a') {
    dbus_message_iter_open_container (&v, DBUS_TYPE_ARRAY, "s", &a);
    dbus_message_iter_append_basic (&a, DBUS_TYPE_STRING, &str);
    dbus_message_iter_close_container (&v, &a);
  } else
    dbus_message_iter_append_basic (&v, t, t == 's' ? (void *) &str : t == 'u' ? (void *) &u : t == 'd' ? (void *) &d
                                           : t == 't' ? (void *) &seed : (void *) &b);
  dbus_message_iter_close_container (&it, &v);
  dbus_message_iter_init (m, &it);
  dbus_message_iter_recurse (&it, var);
  return TRUE;
}

/* The row's reader, given a good value, stores it at the row's offset and nowhere before it or
 * past the field; given a bad one (where its type has one), refuses it and stores nothing. */
static gboolean
option_reads (const DraftdOption *spec, gboolean bad)
{
  g_autoptr (DraftdJobRequest) r = draftd_job_request_new (DRAFTD_JOB_CORRECT, "test");
  DraftdJobOptions before = r->options;
  DBusMessage *m = dbus_message_new_method_call (NULL, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, "Correct");
  DBusMessageIter var;
  g_autoptr (GError) error = NULL;
  gboolean valued = option_value (m, spec, bad, &var);
  gboolean read = valued && spec->read (spec, &var, &r->options, &error);
  dbus_message_unref (m);
  if (!valued)
    return bad;  /* no bad value of this type: nothing to refuse */
  const guchar *was = (const guchar *) &before, *is = (const guchar *) &r->options;
  /* The field: up to a pointer's width from its offset (a double, a pointer, or less). */
  gsize at = spec->offset, end = MIN (at + sizeof (gpointer), sizeof before);
  gboolean here = memcmp (was + at, is + at, end - at) != 0;
  gboolean elsewhere = memcmp (was, is, at) != 0 || (memcmp (was + end, is + end, sizeof before - end) != 0 &&
                                                     spec->read != draftd_option_read_seed);
  if (bad && error)
    tap_diag ("%s refused: %s", spec->key, error->message);
  return bad ? !read && error && !here : read && here && !elsewhere;
}

/* Every option row has a reader and a field, is found by its key, and its reader takes a good
 * value and refuses a bad one. */
static void
check_options (void)
{
  guint n;
  const DraftdOption *options = draftd_options (&n);
  g_autoptr (GString) bad = g_string_new (NULL);
  for (guint i = 0; i < n; i++) {
    const DraftdOption *spec = &options[i];
    gboolean ok = spec->read && spec->offset < sizeof (DraftdJobOptions) && spec->set != DRAFTD_OPTIONS_NONE &&
                  draftd_option_find (spec->set, spec->key) == spec && option_reads (spec, FALSE) && option_reads (spec, TRUE);
    if (!ok)
      g_string_append_printf (bad, " %s", spec->key);
  }
  tap_ok (bad->len == 0, "each of %u options stores a good value in its own field and refuses a bad one%s%s", n,
          bad->len ? "; not:" : "", bad->str);
}

/* The clients' rows (lib/bus/draftd-bus-methods.h) and the job methods' rows agree: every job
 * method has a client row with its in- and out-arguments and its kind of options, and no client
 * row names a method that is no job method. */
static void
check_client_rows (void)
{
  g_autoptr (GString) bad = g_string_new (NULL);
  guint n, n_ops, jobs = 0;
  const DraftdBusMethod *rows = draftd_bus_methods (&n);
  const DraftdOperation *ops = draftd_operations (&n_ops);
  for (guint i = 0; i < n; i++) {
    const DraftdOperation *op = draftd_operation_find (rows[i].name);
    g_autofree char *in = draftd_bus_method_in_signature (&rows[i]);
    DraftdOptionSet set = rows[i].work == DRAFTD_BUS_GRAMMAR ? DRAFTD_OPTIONS_GRAMMAR : DRAFTD_OPTIONS_GENERATION;
    if (!draftd_operation_is_job (op) || !g_str_equal (in, op->in_signature) || op->options != set ||
        !g_str_equal (draftd_bus_method_out_signature (&rows[i]), op->out_signature))
      g_string_append_printf (bad, " %s(%s/%s)", rows[i].name, in, draftd_bus_method_out_signature (&rows[i]));
  }
  for (guint i = 0; i < n_ops; i++)
    jobs += draftd_operation_is_job (&ops[i]);
  tap_ok (bad->len == 0 && jobs == n, "the clients' %u rows are the %u job methods, with their arguments and options%s%s", n,
          jobs, bad->len ? "; not:" : "", bad->str);
}

int
main (void)
{
  g_autofree char *path = g_build_filename (DRAFTD_SOURCE_ROOT, "daemon", "service", "org.draftd.Assistant1.xml", NULL);
  g_autofree char *xml = NULL;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (path, &xml, NULL, &error)) {
    tap_ok (FALSE, "the introspection XML reads: %s", error->message);
    return tap_done ();
  }
  g_autoptr (GHashTable) methods = xml_methods (xml);
  g_autofree char *missing = methods ? missing_from_table (methods) : g_strdup (" (no XML)");
  tap_ok (*missing == 0, "every method of %s in the XML is in the operation table with its in- and out-arguments%s%s", DRAFTD_BUS_IFACE,
          *missing ? "; not:" : "", missing);
  g_autofree char *extra = methods ? missing_from_xml (methods) : g_strdup (" (no XML)");
  tap_ok (*extra == 0, "every method of the operation table is in the XML%s%s", *extra ? "; not:" : "", extra);
  check_rows ();
  check_handlers ();
  if (methods)
    check_jobs (methods);
  check_text_limit ();
  check_edited (xml);
  if (methods)
    check_properties (xml, methods);
  check_options ();
  check_client_rows ();
  return tap_done ();
}
