#include "daemon/service/operations.h"
#include <string.h>
#include "daemon/engine/engine.h"
#include "daemon/service/errors.h"
#include "daemon/service/replies.h"
#include "daemon/service/request.h"
#include "lib/bus/draftd-bus.h"

/* ---- the handlers of the methods that answer at once ---- */

/* The call's arguments, of exactly the row's in-signature, into the pointers after `error`
 * (one per argument, as dbus_message_get_args takes them). */
static gboolean
arguments (const DraftdOperation *op, DBusMessage *call, GError **error, int first_type, ...)
{
  va_list ap;
  va_start (ap, first_type);
  gboolean ok = dbus_message_has_signature (call, op->in_signature) && dbus_message_get_args_valist (call, NULL, first_type, ap);
  va_end (ap);
  if (!ok)
    g_set_error (error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT, "%s takes arguments (%s)", op->name,
                 op->in_signature);
  return ok;
}

/* Answers `call`: its error, or an empty return where error is NULL. */
static void
reply (DraftdOperationHost *h, DBusMessage *call, const GError *error)
{
  h->send (h, error ? dbus_message_new_error (call, draftd_service_error_name (error), error->message)
                    : dbus_message_new_method_return (call));
}

/* Cancel(o): the caller's own streamed job ends as Cancelled. */
static void
handle_cancel (DraftdOperationHost *h, const DraftdOperation *op, DBusMessage *call)
{
  const char *path;
  g_autoptr (GError) error = NULL;
  if (arguments (op, call, &error, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID))
    h->cancel (h, path, dbus_message_get_sender (call), &error);
  reply (h, call, error);
}

/* ResetConversation(s): the caller's own conversation of that name and the session's shared one. */
static void
handle_reset (DraftdOperationHost *h, const DraftdOperation *op, DBusMessage *call)
{
  const char *id;
  g_autoptr (GError) error = NULL;
  if (arguments (op, call, &error, DBUS_TYPE_STRING, &id, DBUS_TYPE_INVALID) && strlen (id) > DRAFTD_REQUEST_MAX_CONVERSATION_ID)
    g_set_error (&error, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_TOO_LONG, "the conversation id is longer than %d bytes",
                 DRAFTD_REQUEST_MAX_CONVERSATION_ID);
  if (error == NULL) {
    DraftdConversations *convs = draftd_engine_conversations (h->engine);
    draftd_conversations_reset (convs, dbus_message_get_sender (call), id);
    draftd_conversations_reset (convs, DRAFTD_CONVERSATIONS_SESSION, id);
  }
  reply (h, call, error);
}

/* AddWord(s): the word joins the user's personal list; spelling never flags it again. */
static void
handle_add_word (DraftdOperationHost *h, const DraftdOperation *op, DBusMessage *call)
{
  const char *word;
  g_autoptr (GError) error = NULL;
  if (arguments (op, call, &error, DBUS_TYPE_STRING, &word, DBUS_TYPE_INVALID))
    draftd_engine_add_word (h->engine, word, &error);
  reply (h, call, error);
}

/* A job method, or Start: the service queues it. */
static void
handle_job (DraftdOperationHost *h, const DraftdOperation *op, DBusMessage *call)
{
  h->queue (h, op, call);
}

/* UseModels(ss): the service's switcher takes it (switch.h). */
static void
handle_use_models (DraftdOperationHost *h, const DraftdOperation *op, DBusMessage *call)
{
  h->use_models (h, op, call);
}

/* ---- the table ---- */

/* A job method: the service queues it (the reply comes when it ends); its arguments are read
 * by `reader`, and `writer` gives its reply. */
#define JOB(job_kind, option_set, reader, is_bulk, writer)                                                          \
  .handle = handle_job, .request = draftd_request_from_call, .kind = job_kind, .options = option_set, \
  .read = reader, .bulk = is_bulk, .write = writer

/* In the interface's order. libdbus checks a call against no signature: every handler checks
 * its own arguments. */
static const DraftdOperation operations[] = {
  { "Complete", "sa{sv}", "sa{sv}",
    JOB (DRAFTD_JOB_COMPLETE, DRAFTD_OPTIONS_GENERATION, draftd_request_read_complete, FALSE, draftd_reply_generation) },
  { "Chat", "ssa{sv}", "sa{sv}",
    JOB (DRAFTD_JOB_CHAT, DRAFTD_OPTIONS_GENERATION, draftd_request_read_chat, FALSE, draftd_reply_generation) },
  { "ResetConversation", "s", "", .handle = handle_reset },
  { "AddWord", "s", "", .handle = handle_add_word },
  { "Rewrite", "ssa{sv}", "sa(uusss)a{sv}",
    JOB (DRAFTD_JOB_REWRITE, DRAFTD_OPTIONS_GRAMMAR, draftd_request_read_rewrite, TRUE, draftd_reply_grammar) },
  { "Correct", "sa{sv}", "sa(uusss)a{sv}",
    JOB (DRAFTD_JOB_CORRECT, DRAFTD_OPTIONS_GRAMMAR, draftd_request_read_correct, TRUE, draftd_reply_grammar) },
  { "Start", "sav", "o", .handle = handle_job, .request = draftd_request_from_start, .streamed = TRUE },
  { "Cancel", "o", "", .handle = handle_cancel },
  { "UseModels", "ss", "a{sv}", .handle = handle_use_models },
};

/* Where an option's value goes in DraftdJobOptions. */
#define AT(field) G_STRUCT_OFFSET (DraftdJobOptions, field)
#define GENERATION DRAFTD_OPTIONS_GENERATION
#define GRAMMAR DRAFTD_OPTIONS_GRAMMAR

/* Each row's reader (request.h) checks the value and stores it at the row's offset. Strings
 * and booleans have no bounds here: a string's reader checks it against its names. */
static const DraftdOption options[] = {
  { "max_tokens", GENERATION, "u", draftd_option_read_uint, AT (max_tokens), 1, G_MAXUINT32, "max_tokens must be at least 1" },
  { "temperature", GENERATION, "d", draftd_option_read_double, AT (temperature), 0, 100, "option 'temperature' is out of range" },
  { "top_p", GENERATION, "d", draftd_option_read_double, AT (top_p), 0, 1, "option 'top_p' is out of range" },
  { "min_p", GENERATION, "d", draftd_option_read_double, AT (min_p), 0, 1, "option 'min_p' is out of range" },
  { "top_k", GENERATION, "u", draftd_option_read_uint, AT (top_k), 0, G_MAXUINT32, NULL },
  { "seed", GENERATION, "t", draftd_option_read_seed, AT (seed), 0, 0, NULL },
  { "mode", GENERATION, "s", draftd_option_read_mode, AT (mode), 0, 0, NULL },
  { "stop", GENERATION, "as", draftd_option_read_stop, AT (stop), 0, 0, NULL },
  { "shared", GENERATION, "b", draftd_option_read_bool, AT (shared), 0, 0, NULL },
  { "force", GENERATION, "b", draftd_option_read_bool, AT (force), 0, 0, NULL },
  { "offset_unit", GRAMMAR, "s", draftd_option_read_offset_unit, AT (offset_unit), 0, 0, NULL },
  { "keep_bias", GRAMMAR, "d", draftd_option_read_margin, AT (keep_bias), 0, 100,
    "keep_bias must be a log-probability margin from 0 to 100" },
  { "model_pass", GRAMMAR, "b", draftd_option_read_switch, AT (model_pass), 0, 0, NULL },
  { "compare_greedy", GRAMMAR, "b", draftd_option_read_bool, AT (compare_greedy), 0, 0, NULL },
  { "protect_quotes", GRAMMAR, "b", draftd_option_read_bool, AT (protect_quotes), 0, 0, NULL },
  { "dialect", GRAMMAR, "s", draftd_option_read_dialect, AT (dialect), 0, 0, NULL },
  { "locale_dialect", GRAMMAR, "s", draftd_option_read_dialect, AT (locale_dialect), 0, 0, NULL },
  { "language", GRAMMAR, "s", draftd_option_read_language, AT (language), 0, 0, NULL },
  { "path", GRAMMAR, "s", draftd_option_read_path, AT (path), 0, 0, NULL },
  { "disabled_rules", GRAMMAR, "as", draftd_option_read_rules, AT (disabled_rules), 0, 0, NULL },
};

const DraftdOption *
draftd_options (guint *n)
{
  *n = G_N_ELEMENTS (options);
  return options;
}

const DraftdOperation *
draftd_operations (guint *n)
{
  *n = G_N_ELEMENTS (operations);
  return operations;
}

const DraftdOperation *
draftd_operation_find (const char *name)
{
  for (guint i = 0; name && i < G_N_ELEMENTS (operations); i++)
    if (g_str_equal (operations[i].name, name))
      return &operations[i];
  return NULL;
}

gboolean
draftd_operation_is_job (const DraftdOperation *op)
{
  return op && op->read != NULL;
}

const char *
draftd_operation_job_names (void)
{
  static gsize names;
  if (g_once_init_enter (&names)) {
    GString *s = g_string_new (NULL);
    for (guint i = 0; i < G_N_ELEMENTS (operations); i++)
      if (draftd_operation_is_job (&operations[i]))
        g_string_append_printf (s, "%s%s", s->len ? ", " : "", operations[i].name);
    g_once_init_leave (&names, (gsize) g_string_free (s, FALSE));
  }
  return (const char *) names;
}

const DraftdOption *
draftd_option_find (DraftdOptionSet set, const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (options[i].set == set && g_str_equal (options[i].key, key))
      return &options[i];
  return NULL;
}
