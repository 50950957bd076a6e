#include "daemon/service/request.h"
#include <string.h>
#include "daemon/engine/engine.h"
#include "daemon/service/operations.h"
#include "lib/cli/language.h"

/* Bounds on what one request may carry, checked here on the main thread before any
 * tokenizing: a client cannot make the worker chew on a huge argument. */
#define MAX_CONVERSATION_ID DRAFTD_REQUEST_MAX_CONVERSATION_ID
#define MAX_INSTRUCTION 4096
#define MAX_STOP_STRINGS 16
#define MAX_STOP_LENGTH 256
/* Longest piece of a client's argument quoted back in an error message. */
#define MAX_ECHO 48

static gboolean
invalid (GError **error, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static gboolean
too_long (GError **error, const char *what, gsize len, gsize limit)
{
  g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_TOO_LONG, "the %s is %" G_GSIZE_FORMAT " bytes; the limit is %"
               G_GSIZE_FORMAT, what, len, limit);
  return FALSE;
}

/* A client's string as it may appear in an error: at most MAX_ECHO bytes, cut at a
 * character boundary, marked when cut. */
static char *
echo (const char *s)
{
  gsize len = strlen (s);
  if (len <= MAX_ECHO)
    return g_strdup (s);
  const char *end = s + MAX_ECHO;
  while (end > s && (((guchar) *end) & 0xC0) == 0x80)
    end--;
  return g_strdup_printf ("%.*s...", (int) (end - s), s);
}

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

/* A string argument into *out, refused with TooLong when it is longer than `max` bytes.
 * The length is read first: an oversized text is never validated nor copied, so a huge call
 * costs the daemon one pass over its bytes, not three and a second copy. */
static gboolean
read_text (DBusMessageIter *it, const char *what, gsize max, char **out, GError **error)
{
  if (dbus_message_iter_get_arg_type (it) != DBUS_TYPE_STRING)
    return invalid (error, "%s must be a string", what);
  const char *v;
  dbus_message_iter_get_basic (it, &v);
  gsize len = strlen (v);
  if (len > max)
    return too_long (error, what, len, max);
  /* libdbus rejects invalid UTF-8 on the wire; a check keeps other transports honest. */
  if (!g_utf8_validate (v, len, NULL)) {
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_TEXT, "%s is not valid UTF-8", what);
    return FALSE;
  }
  *out = g_memdup2 (v, len + 1);
  return TRUE;
}

/* A number within its option's bounds in the operation table (NaN is not). */
static gboolean
within_bounds (const DraftdOption *spec, double v, GError **error)
{
  return (v >= spec->min && v <= spec->max) || invalid (error, "%s", spec->out_of_range);
}

/* An "as" option into *out: at most `max` strings of `max_len` bytes, empty ones dropped;
 * `valid` (may be NULL) checks each. */
static gboolean
read_string_list (DBusMessageIter *var, const char *name, guint max, gsize max_len, gboolean (*valid) (const char *),
                  char ***out, GError **error)
{
  DBusMessageIter a;
  g_autoptr (GPtrArray) v = g_ptr_array_new_with_free_func (g_free);
  dbus_message_iter_recurse (var, &a);
  for (; dbus_message_iter_get_arg_type (&a) == DBUS_TYPE_STRING; dbus_message_iter_next (&a)) {
    const char *str;
    dbus_message_iter_get_basic (&a, &str);
    if (v->len == max)
      return invalid (error, "option '%s' holds more than %u strings", name, max);
    if (strlen (str) > max_len)
      return invalid (error, "a string of option '%s' is %zu bytes; the limit is %zu", name, strlen (str), max_len);
    if (valid && *str && !valid (str)) {
      g_autofree char *shown = echo (str);
      return invalid (error, "'%s' in option '%s' is not a rule id (letters, digits and - . _ ')", shown, name);
    }
    if (*str)
      g_ptr_array_add (v, g_strdup (str));
  }
  g_ptr_array_add (v, NULL);
  g_strfreev (*out);
  *out = (char **) g_ptr_array_steal (v, NULL);
  return TRUE;
}

static gboolean
unknown_option (const char *key, GError **error)
{
  g_autofree char *shown = echo (key);
  return invalid (error, "unknown option '%s'", shown);
}

/* ---- the option readers the option table names (DraftdOptionReader) ---- */

/* The field of `o` at the row's offset. */
#define FIELD(type, spec, o) ((type *) ((char *) (o) + (spec)->offset))

gboolean
draftd_option_read_uint (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error)
{
  dbus_uint32_t v;
  dbus_message_iter_get_basic (var, &v);
  if (!within_bounds (spec, v, error))
    return FALSE;
  *FIELD (guint, spec, o) = v;
  return TRUE;
}

gboolean
draftd_option_read_double (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error)
{
  double v;
  dbus_message_iter_get_basic (var, &v);
  if (!within_bounds (spec, v, error))
    return FALSE;
  *FIELD (double, spec, o) = v;
  return TRUE;
}

gboolean
draftd_option_read_margin (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error)
{
  if (!draftd_option_read_double (spec, var, o, error))
    return FALSE;
  /* The driver reads 0 as "its default": a client asking for no margin means off. */
  double *v = FIELD (double, spec, o);
  if (*v == 0)
    *v = -1;
  return TRUE;
}

gboolean
draftd_option_read_seed (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error)
{
  dbus_message_iter_get_basic (var, FIELD (guint64, spec, o));
  o->seed_set = TRUE;
  return TRUE;
}

gboolean
draftd_option_read_bool (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error)
{
  dbus_bool_t b;
  dbus_message_iter_get_basic (var, &b);
  *FIELD (gboolean, spec, o) = b;
  return TRUE;
}

gboolean
draftd_option_read_switch (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error)
{
  dbus_bool_t b;
  dbus_message_iter_get_basic (var, &b);
  *FIELD (gint, spec, o) = b ? 1 : -1;
  return TRUE;
}

/* The row's string field becomes `v` (NULL: none). */
static gboolean
store_string (const DraftdOption *spec, DraftdJobOptions *o, const char *v)
{
  char **field = FIELD (char *, spec, o);
  g_free (*field);
  *field = g_strdup (v);
  return TRUE;
}

gboolean
draftd_option_read_mode (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error)
{
  const char *m;
  dbus_message_iter_get_basic (var, &m);
  if (!g_strv_contains ((const char *const[]) { "auto", "plain", "speculative", "lookup", "blockwise", NULL }, m)) {
    g_autofree char *shown = echo (m);
    return invalid (error, "mode must be auto, plain, speculative, lookup or blockwise, not '%s'", shown);
  }
  return store_string (spec, o, m);
}

gboolean
draftd_option_read_offset_unit (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error)
{
  const char *u;
  dbus_message_iter_get_basic (var, &u);
  g_autofree char *shown = echo (u);
  return draftd_grammar_offset_unit_from_name (u, FIELD (DraftdGrammarOffsetUnit, spec, o)) ||
         invalid (error, "offset_unit must be codepoint, utf8 or utf16, not '%s'", shown);
}

gboolean
draftd_option_read_path (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error)
{
  const char *v;
  dbus_message_iter_get_basic (var, &v);
  g_autofree char *shown = echo (v);
  if (!g_path_is_absolute (v) || strlen (v) > 4096)
    return invalid (error, "path must be the document's absolute file name (at most 4096 bytes), not '%s'", shown);
  return store_string (spec, o, v);
}

gboolean
draftd_option_read_dialect (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error)
{
  const char *v;
  dbus_message_iter_get_basic (var, &v);
  g_autofree char *shown = echo (v);
  /* "en-US", "en_GB", ...: the dictionary is looked for when the job runs. */
  gboolean ok = *v == 0 || (strlen (v) == 5 && g_ascii_strncasecmp (v, "en", 2) == 0 && (v[2] == '-' || v[2] == '_') &&
                            g_ascii_isupper (v[3]) && g_ascii_isupper (v[4]));
  if (!ok)
    return invalid (error, "%s must be like en-US or en-GB, or empty for none, not '%s'", spec->key, shown);
  return store_string (spec, o, v);
}

gboolean
draftd_option_read_language (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error)
{
  const char *v;
  dbus_message_iter_get_basic (var, &v);
  g_autofree char *shown = echo (v);
  g_autofree char *code = draftd_language_normalize (v);
  if (code == NULL)
    return invalid (error, "language must be a language code like uk, cs or pt-BR, or auto, not '%s'", shown);
  /* "auto" is no language: identified sentence by sentence. */
  return store_string (spec, o, g_str_equal (code, "auto") ? NULL : code);
}

gboolean
draftd_option_read_stop (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error)
{
  return read_string_list (var, spec->key, MAX_STOP_STRINGS, MAX_STOP_LENGTH, NULL, FIELD (char **, spec, o), error);
}

gboolean
draftd_option_read_rules (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error)
{
  return read_string_list (var, spec->key, DRAFTD_MAX_DISABLED_RULES, DRAFTD_MAX_RULE_LENGTH, draftd_rule_id_valid,
                           FIELD (char **, spec, o), error);
}

/* One a{sv} entry: a key the operation takes, of the type the table gives it. */
static gboolean
read_option (const char *key, DBusMessageIter *var, DraftdOptionSet set, DraftdJobOptions *o, GError **error)
{
  const DraftdOption *spec = draftd_option_find (set, key);
  if (spec == NULL)
    return unknown_option (key, error);
  char *sig = dbus_message_iter_get_signature (var);
  gboolean typed = sig && g_str_equal (sig, spec->signature);
  dbus_free (sig);
  if (!typed)
    return invalid (error, "option '%s' must be of type '%s'", key, spec->signature);
  return spec->read (spec, var, o, error);
}

static gboolean
read_options (DBusMessageIter *it, DraftdOptionSet set, DraftdJobOptions *o, GError **error)
{
  if (dbus_message_iter_get_arg_type (it) != DBUS_TYPE_ARRAY || dbus_message_iter_get_element_type (it) != DBUS_TYPE_DICT_ENTRY)
    return invalid (error, "options must be of type 'a{sv}'");
  DBusMessageIter dict;
  dbus_message_iter_recurse (it, &dict);
  for (; dbus_message_iter_get_arg_type (&dict) == DBUS_TYPE_DICT_ENTRY; dbus_message_iter_next (&dict)) {
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
  }
  return TRUE;
}

gboolean
draftd_request_read_complete (DraftdJobRequest *r, DBusMessageIter *args, gsize max_text, GError **error)
{
  if (!read_text (&args[0], "prompt", max_text, &r->text, error) ||
      !read_options (&args[1], DRAFTD_OPTIONS_GENERATION, &r->options, error))
    return FALSE;
  return !r->options.shared || invalid (error, "'shared' is an option of Chat");
}

gboolean
draftd_request_read_chat (DraftdJobRequest *r, DBusMessageIter *args, gsize max_text, GError **error)
{
  if (!read_text (&args[0], "conversation id", MAX_CONVERSATION_ID, &r->conversation, error))
    return FALSE;
  if (!read_text (&args[1], "message", max_text, &r->text, error) ||
      !read_options (&args[2], DRAFTD_OPTIONS_GENERATION, &r->options, error))
    return FALSE;
  return r->conversation[0] != 0 || invalid (error, "the conversation id is empty");
}

gboolean
draftd_request_read_rewrite (DraftdJobRequest *r, DBusMessageIter *args, gsize max_text, GError **error)
{
  if (!read_text (&args[0], "text", max_text, &r->text, error) ||
      !read_text (&args[1], "instruction", MAX_INSTRUCTION, &r->instruction, error))
    return FALSE;
  if (!read_options (&args[2], DRAFTD_OPTIONS_GRAMMAR, &r->options, error))
    return FALSE;
  g_autofree char *trimmed = g_strstrip (g_strdup (r->instruction));
  return trimmed[0] != 0 || invalid (error, "the instruction is empty");
}

gboolean
draftd_request_read_correct (DraftdJobRequest *r, DBusMessageIter *args, gsize max_text, GError **error)
{
  return read_text (&args[0], "text", max_text, &r->text, error) &&
         read_options (&args[1], DRAFTD_OPTIONS_GRAMMAR, &r->options, error);
}

/* How many arguments a signature holds (complete types at its top level). */
static guint
signature_length (const char *signature)
{
  DBusSignatureIter it;
  guint n = 0;
  dbus_signature_iter_init (&it, signature);
  if (*signature)
    do
      n++;
    while (dbus_signature_iter_next (&it));
  return n;
}

/* A job method's arguments, `its`, by its row. */
static DraftdJobRequest *
parse (const DraftdOperation *op, const char *client, GArray *its, gsize max_text, GError **error)
{
  if (its->len != signature_length (op->in_signature)) {
    invalid (error, "%s takes arguments (%s), got %u", op->name, op->in_signature, its->len);
    return NULL;
  }
  g_autoptr (DraftdJobRequest) r = draftd_job_request_new (op->kind, client);
  r->bulk = op->bulk;
  if (!op->read (r, (DBusMessageIter *) its->data, max_text, error))
    return NULL;
  return g_steal_pointer (&r);
}

static const char *
sender_of (DBusMessage *m)
{
  const char *s = dbus_message_get_sender (m);
  return s ? s : "";
}

DraftdJobRequest *
draftd_request_from_call (const DraftdOperation *op, DBusMessage *call, gsize max_text, const DraftdOperation **job,
                          GError **error)
{
  g_return_val_if_fail (draftd_operation_is_job (op), NULL);
  g_autoptr (GArray) its = g_array_new (FALSE, FALSE, sizeof (DBusMessageIter));
  DBusMessageIter it;
  if (dbus_message_iter_init (call, &it))
    for (; dbus_message_iter_get_arg_type (&it) != DBUS_TYPE_INVALID; dbus_message_iter_next (&it))
      g_array_append_val (its, it);
  *job = op;
  return parse (op, sender_of (call), its, max_text, error);
}

DraftdJobRequest *
draftd_request_from_start (const DraftdOperation *op, DBusMessage *call, gsize max_text, const DraftdOperation **job,
                           GError **error)
{
  if (!dbus_message_has_signature (call, op->in_signature)) {
    invalid (error, "%s takes arguments (%s)", op->name, op->in_signature);
    return NULL;
  }
  DBusMessageIter it, arr;
  const char *method = NULL;
  dbus_message_iter_init (call, &it);
  dbus_message_iter_get_basic (&it, &method);
  *job = draftd_operation_find (method);
  if (!draftd_operation_is_job (*job)) {
    g_autofree char *shown = echo (method);
    invalid (error, "unknown method '%s' (%s)", shown, draftd_operation_job_names ());
    return NULL;
  }
  dbus_message_iter_next (&it);
  dbus_message_iter_recurse (&it, &arr);
  g_autoptr (GArray) its = g_array_new (FALSE, FALSE, sizeof (DBusMessageIter));
  for (; dbus_message_iter_get_arg_type (&arr) == DBUS_TYPE_VARIANT; dbus_message_iter_next (&arr)) {
    DBusMessageIter v;
    dbus_message_iter_recurse (&arr, &v);
    g_array_append_val (its, v);
  }
  return parse (*job, sender_of (call), its, max_text, error);
}
