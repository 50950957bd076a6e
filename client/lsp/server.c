/* Message dispatch and the document lifecycle: every message is answered as JSON-RPC
 * asks (a malformed one with the matching error), and nothing a client sends stops the
 * server but exit or the end of its input. */
#include <string.h>
#include "client/lsp/server.h"
#include "client/lsp/server-main.h"
#include "lib/cli/dialect.h"

G_DEFINE_QUARK (draftd-lsp-rpc-error-quark, draftd_lsp_rpc_error)
#define RPC_ERROR draftd_lsp_rpc_error_quark ()

/* The host's send (host.h). */
static void
draftd_lsp_server_send (DraftdLspServer *s, JsonNode *message)
{
  g_autoptr (GError) error = NULL;
  if (s->out && !draftd_lsp_write (s->out, message, &error)) {
    /* The client is gone: nobody is left to serve. */
    g_printerr ("draftd-lsp: writing to the client failed: %s\n", error->message);
    g_clear_object (&s->out);
    s->exiting = TRUE;
    g_main_loop_quit (s->loop);
  }
  json_node_unref (message);
}

static JsonNode *
object_node (JsonObject *o)
{
  JsonNode *n = json_node_init_object (json_node_alloc (), o);
  json_object_unref (o);
  return n;
}

/* ---- lifecycle ---- */

/* The client's encodings in its order of preference (LSP 3.17 general.positionEncodings,
 * or clangd's offsetEncoding); UTF-16 when it offers none we know. */
static DraftdLspEncoding
negotiate (JsonObject *caps, gboolean *clangd)
{
  JsonArray *offered = draftd_lsp_get_array (draftd_lsp_get_object (caps, "general"), "positionEncodings");
  *clangd = FALSE;
  if (offered == NULL) {
    offered = draftd_lsp_get_array (caps, "offsetEncoding");
    *clangd = offered != NULL;
  }
  for (guint i = 0; offered && i < json_array_get_length (offered); i++) {
    JsonNode *n = json_array_get_element (offered, i);
    DraftdLspEncoding e;
    if (JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING &&
        draftd_lsp_encoding_from_name (json_node_get_string (n), &e))
      return e;
  }
  return DRAFTD_LSP_UTF16;
}

/* The workspace's root folder, where "Add to workspace words" creates .draftd/words.txt when
 * no folder above the file has one: the first workspaceFolder, else rootUri, else rootPath. */
static char *
workspace_root (JsonObject *params)
{
  JsonArray *folders = draftd_lsp_get_array (params, "workspaceFolders");
  JsonNode *first = folders && json_array_get_length (folders) > 0 ? json_array_get_element (folders, 0) : NULL;
  const char *uri = first && JSON_NODE_HOLDS_OBJECT (first) ? draftd_lsp_get_string (json_node_get_object (first), "uri") : NULL;
  if (uri == NULL)
    uri = draftd_lsp_get_string (params, "rootUri");
  char *path = uri ? g_filename_from_uri (uri, NULL, NULL) : NULL;
  const char *root_path = draftd_lsp_get_string (params, "rootPath");
  return path ? path : root_path && g_path_is_absolute (root_path) ? g_strdup (root_path) : NULL;
}

static JsonNode *
on_initialize (DraftdLspServer *s, JsonObject *params, GError **error)
{
  gboolean clangd;
  JsonObject *client_caps = draftd_lsp_get_object (params, "capabilities");
  s->encoding = negotiate (client_caps, &clangd);
  s->work_done_progress = draftd_lsp_get_bool (draftd_lsp_get_object (client_caps, "window"), "workDoneProgress", FALSE);
  JsonObject *ws_edit = draftd_lsp_get_object (draftd_lsp_get_object (client_caps, "workspace"), "workspaceEdit");
  s->document_changes = draftd_lsp_get_bool (ws_edit, "documentChanges", FALSE);
  s->root_path = workspace_root (params);
  draftd_lsp_settings_update (&s->settings, draftd_lsp_get_object (params, "initializationOptions"));
  s->initialized = TRUE;
  JsonObject *caps = json_object_new ();
  json_object_set_string_member (caps, "positionEncoding", draftd_lsp_encoding_name (s->encoding));
  JsonObject *sync = json_object_new ();
  json_object_set_boolean_member (sync, "openClose", TRUE);
  json_object_set_int_member (sync, "change", 2);  /* incremental */
  json_object_set_object_member (caps, "textDocumentSync", sync);
  JsonObject *ca = json_object_new ();
  JsonArray *kinds = json_array_new ();
  json_array_add_string_element (kinds, "quickfix");
  json_array_add_string_element (kinds, "refactor.rewrite");
  json_array_add_string_element (kinds, "source.fixAll.draftd");
  json_object_set_array_member (ca, "codeActionKinds", kinds);
  json_object_set_object_member (caps, "codeActionProvider", ca);
  JsonObject *ec = json_object_new ();
  JsonArray *cmds = json_array_new ();
  for (guint i = 0; draftd_lsp_commands[i]; i++)
    json_array_add_string_element (cmds, draftd_lsp_commands[i]);
  json_object_set_array_member (ec, "commands", cmds);
  json_object_set_object_member (caps, "executeCommandProvider", ec);
  JsonObject *r = json_object_new ();
  json_object_set_object_member (r, "capabilities", caps);
  if (clangd)
    json_object_set_string_member (r, "offsetEncoding", draftd_lsp_encoding_name (s->encoding));
  JsonObject *info = json_object_new ();
  json_object_set_string_member (info, "name", "draftd-lsp");
  json_object_set_string_member (info, "version", DRAFTD_LSP_VERSION);
  json_object_set_object_member (r, "serverInfo", info);
  return object_node (r);
}

static JsonNode *
on_shutdown (DraftdLspServer *s, JsonObject *params, GError **error)
{
  s->shutdown = TRUE;
  return json_node_init_null (json_node_alloc ());
}

/* ---- documents ---- */

static DraftdLspDocument *
document_of (DraftdLspServer *s, JsonObject *params, GError **error)
{
  const char *uri = draftd_lsp_get_string (draftd_lsp_get_object (params, "textDocument"), "uri");
  DraftdLspDocument *doc = uri ? g_hash_table_lookup (s->documents, uri) : NULL;
  if (doc == NULL)
    g_set_error (error, RPC_ERROR, DRAFTD_LSP_INVALID_PARAMS, "%s is not an open document", uri ? uri : "textDocument.uri");
  return doc;
}

static JsonNode *
on_did_open (DraftdLspServer *s, JsonObject *params, GError **error)
{
  JsonObject *td = draftd_lsp_get_object (params, "textDocument");
  const char *uri = draftd_lsp_get_string (td, "uri"), *text = draftd_lsp_get_string (td, "text");
  gint64 version = 0;
  if (uri == NULL || text == NULL || !draftd_lsp_get_int (td, "version", &version)) {
    g_set_error_literal (error, RPC_ERROR, DRAFTD_LSP_INVALID_PARAMS, "didOpen needs textDocument {uri, languageId, version, text}");
    return NULL;
  }
  DraftdLspDocument *old = g_hash_table_lookup (s->documents, uri);
  if (old)
    draftd_lsp_checker_forget (s, old);
  draftd_lsp_load_workspace_words (s, uri);
  DraftdLspDocument *doc = draftd_lsp_document_new (uri, draftd_lsp_get_string (td, "languageId"), version, text);
  g_hash_table_replace (s->documents, doc->uri, doc);
  draftd_lsp_checker_schedule (s, doc, 0);
  return NULL;
}

static JsonNode *
on_did_change (DraftdLspServer *s, JsonObject *params, GError **error)
{
  DraftdLspDocument *doc = document_of (s, params, error);
  if (doc == NULL)
    return NULL;
  /* Versions only grow (the protocol's rule). A change at or below the version applied is
   * stale (an editor's reordering, a replay): applying it would put old text over new, or a
   * range meant for other text, and label diagnostics with a version the editor has left.
   * It is dropped: the text, its version and the diagnostics stay the newest's. */
  gint64 version = 0;
  if (draftd_lsp_get_int (draftd_lsp_get_object (params, "textDocument"), "version", &version) && version <= doc->version) {
    s->stale_changes++;
    g_printerr ("draftd-lsp: a change to %s at version %" G_GINT64_FORMAT " ignored: version %" G_GINT64_FORMAT
                " is applied already\n", doc->uri, version, doc->version);
    return NULL;
  }
  JsonArray *changes = draftd_lsp_get_array (params, "contentChanges");
  g_autoptr (GError) local = NULL;
  if (changes == NULL)
    g_set_error_literal (&local, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "didChange needs contentChanges, an array");
  if (local || !draftd_lsp_document_apply (doc, s->encoding, changes, &local)) {
    /* The copies no longer agree, and only the client can make them agree again (close and
     * reopen the file): say so where the user sees it, keep the last good text, and leave
     * its diagnostics as they were rather than guess. */
    draftd_lsp_host_show (s, 1, "draftd: a change to %s was refused (%s); draftd keeps the text as it was before it. "
                            "Reopen the file to check it again.", doc->uri, local->message);
    g_set_error (error, RPC_ERROR, DRAFTD_LSP_INVALID_PARAMS, "didChange refused: %s", local->message);
    return NULL;
  }
  draftd_lsp_get_int (draftd_lsp_get_object (params, "textDocument"), "version", &doc->version);
  draftd_lsp_checker_schedule (s, doc, s->settings.debounce_ms);
  return NULL;
}

static JsonNode *
on_did_close (DraftdLspServer *s, JsonObject *params, GError **error)
{
  DraftdLspDocument *doc = document_of (s, params, error);
  if (doc == NULL)
    return NULL;
  draftd_lsp_checker_forget (s, doc);
  JsonObject *p = json_object_new ();
  json_object_set_string_member (p, "uri", doc->uri);
  json_object_set_array_member (p, "diagnostics", json_array_new ());
  draftd_lsp_server_send (s, draftd_lsp_notification ("textDocument/publishDiagnostics", object_node (p)));
  g_hash_table_remove (s->documents, doc->uri);
  return NULL;
}

static void
recheck_all (DraftdLspServer *s)
{
  GHashTableIter it;
  gpointer doc;
  g_hash_table_iter_init (&it, s->documents);
  while (g_hash_table_iter_next (&it, NULL, &doc))
    draftd_lsp_checker_schedule (s, doc, 0);
}

static JsonNode *
on_configuration (DraftdLspServer *s, JsonObject *params, GError **error)
{
  JsonObject *settings = draftd_lsp_get_object (params, "settings");
  JsonObject *ours = draftd_lsp_get_object (settings, "draftd");
  if (draftd_lsp_settings_update (&s->settings, ours ? ours : settings))
    draftd_lsp_checker_reset (s);
  recheck_all (s);
  return NULL;
}

static JsonNode *
on_code_action (DraftdLspServer *s, JsonObject *params, GError **error)
{
  return draftd_lsp_code_actions (s, params, error);
}

/* ---- dispatch ---- */

typedef JsonNode *(*Handler) (DraftdLspServer *s, JsonObject *params, GError **error);

static const struct {
  const char *method;
  Handler handler;
  gboolean request;
} methods[] = {
  { "initialize", on_initialize, TRUE },
  { "shutdown", on_shutdown, TRUE },
  { "textDocument/codeAction", on_code_action, TRUE },
  { "textDocument/didOpen", on_did_open, FALSE },
  { "textDocument/didChange", on_did_change, FALSE },
  { "textDocument/didClose", on_did_close, FALSE },
  { "workspace/didChangeConfiguration", on_configuration, FALSE },
};

static void
reply_error (DraftdLspServer *s, JsonNode *id, int code, const char *message)
{
  if (id)
    draftd_lsp_server_send (s, draftd_lsp_error_response (id, code, message));
  else
    g_printerr ("draftd-lsp: %s\n", message);  /* a notification gets no answer */
}

static void
dispatch (DraftdLspServer *s, const char *method, JsonNode *id, JsonObject *params)
{
  if (g_str_equal (method, "exit")) {
    s->exit_code = s->shutdown ? 0 : 1;
    s->exiting = TRUE;
    g_main_loop_quit (s->loop);
    return;
  }
  if (g_str_equal (method, "$/cancelRequest")) {
    draftd_lsp_cancel_request (s, params ? json_object_get_member (params, "id") : NULL);
    return;
  }
  if (!s->initialized && !g_str_equal (method, "initialize")) {
    reply_error (s, id, DRAFTD_LSP_SERVER_NOT_INITIALIZED, "the server is not initialized yet");
    return;
  }
  if (s->shutdown && id) {
    reply_error (s, id, DRAFTD_LSP_INVALID_REQUEST, "the server is shutting down");
    return;
  }
  if (s->initialized && g_str_equal (method, "initialize")) {
    reply_error (s, id, DRAFTD_LSP_INVALID_REQUEST, "initialize was already called");
    return;
  }
  g_autoptr (GError) error = NULL;
  if (g_str_equal (method, "workspace/executeCommand") && id) {
    if (!params || !draftd_lsp_execute_command (s, id, params, &error))
      reply_error (s, id, DRAFTD_LSP_INVALID_PARAMS, error ? error->message : "executeCommand needs params");
    return;
  }
  for (guint i = 0; i < G_N_ELEMENTS (methods); i++) {
    if (!g_str_equal (methods[i].method, method))
      continue;
    if (methods[i].request != (id != NULL)) {
      reply_error (s, id, DRAFTD_LSP_INVALID_REQUEST, methods[i].request ? "this method is a request: it needs an id"
                                                                        : "this method is a notification: it takes no id");
      return;
    }
    if (params == NULL && !g_str_equal (method, "shutdown")) {
      reply_error (s, id, DRAFTD_LSP_INVALID_PARAMS, "params must be an object");
      return;
    }
    JsonNode *result = methods[i].handler (s, params, &error);
    if (error)
      reply_error (s, id, error->domain == RPC_ERROR ? error->code : DRAFTD_LSP_INVALID_PARAMS, error->message);
    else if (id)
      draftd_lsp_server_send (s, draftd_lsp_response (id, result));
    else if (result)
      json_node_unref (result);
    return;
  }
  /* Unknown notifications (including $/ ones) are ignored, as the protocol asks. */
  if (id) {
    g_autofree char *msg = g_strdup_printf ("unknown method '%s'", method);
    reply_error (s, id, DRAFTD_LSP_METHOD_NOT_FOUND, msg);
  }
}

static gboolean
valid_id (JsonNode *id)
{
  if (!JSON_NODE_HOLDS_VALUE (id))
    return FALSE;
  GType t = json_node_get_value_type (id);
  return t == G_TYPE_INT64 || t == G_TYPE_STRING;
}

/* A message with a string that is not text (a lone surrogate escape, \u0000) is refused
 * whole: forwarded, a document would reach the daemon as bytes it cannot take. A request
 * gets the error; a notification (didOpen) has no answer, so the user is told. */
static void
refuse_text (DraftdLspServer *s, JsonNode *id, const char *method)
{
  static const char why[] = "a string in it is not valid UTF-8 (a lone surrogate escape such as \\ud800, or \\u0000)";
  if (id) {
    g_autofree char *msg = g_strdup_printf ("the request was refused: %s", why);
    draftd_lsp_server_send (s, draftd_lsp_error_response (id, DRAFTD_LSP_INVALID_PARAMS, msg));
    return;
  }
  gboolean named = method && g_utf8_validate (method, -1, NULL) && strlen (method) <= 64;
  draftd_lsp_host_show (s, 1, "draftd-lsp: %s was refused: %s", named ? method : "a notification", why);
}

void
draftd_lsp_server_handle (DraftdLspServer *s, const char *body)
{
  g_autoptr (GError) error = NULL;
  gboolean text_ok;
  g_autoptr (JsonNode) root = draftd_lsp_parse (body, &text_ok, &error);
  if (root == NULL) {
    draftd_lsp_server_send (s, draftd_lsp_error_response (NULL, DRAFTD_LSP_PARSE_ERROR, error->message));
    return;
  }
  JsonObject *o = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonNode *id = o ? json_object_get_member (o, "id") : NULL;
  if (id && JSON_NODE_HOLDS_NULL (id))
    id = NULL;
  if (o == NULL || g_strcmp0 (draftd_lsp_get_string (o, "jsonrpc"), "2.0") != 0 || (id && !valid_id (id))) {
    draftd_lsp_server_send (s, draftd_lsp_error_response (id && valid_id (id) ? id : NULL, DRAFTD_LSP_INVALID_REQUEST,
                                                          "not a JSON-RPC 2.0 message (an object with jsonrpc \"2.0\" and a "
                                                          "number or string id)"));
    return;
  }
  const char *method = draftd_lsp_get_string (o, "method");
  if (!text_ok) {
    refuse_text (s, id, method);
    return;
  }
  if (method == NULL) {
    if (id && (json_object_has_member (o, "result") || json_object_has_member (o, "error")))
      return;  /* the client's answer to one of our requests (applyEdit, showMessage): nothing to do */
    draftd_lsp_server_send (s, draftd_lsp_error_response (id, DRAFTD_LSP_INVALID_REQUEST, "a request needs a method"));
    return;
  }
  JsonNode *params = json_object_get_member (o, "params");
  if (params && !JSON_NODE_HOLDS_OBJECT (params) && !JSON_NODE_HOLDS_NULL (params)) {
    reply_error (s, id, DRAFTD_LSP_INVALID_PARAMS, "params must be an object");
    return;
  }
  dispatch (s, method, id, params && JSON_NODE_HOLDS_OBJECT (params) ? json_node_get_object (params) : NULL);
}

void
draftd_lsp_server_feed (DraftdLspServer *s, const guint8 *data, gsize len)
{
  draftd_lsp_reader_feed (&s->reader, data, len);
  for (;;) {
    g_autofree char *body = NULL;
    DraftdLspFrame f = draftd_lsp_reader_next (&s->reader, &body);
    if (f == DRAFTD_LSP_FRAME_NONE)
      break;
    if (f == DRAFTD_LSP_FRAME_BAD) {
      draftd_lsp_server_send (s, draftd_lsp_error_response (NULL, DRAFTD_LSP_PARSE_ERROR, body));
      continue;
    }
    if (!g_utf8_validate (body, -1, NULL)) {
      draftd_lsp_server_send (s, draftd_lsp_error_response (NULL, DRAFTD_LSP_PARSE_ERROR, "a message is not valid UTF-8"));
      continue;
    }
    draftd_lsp_server_handle (s, body);
    if (s->exiting)
      break;  /* after exit (or a client gone), what follows is not read */
  }
}

static void
on_presence (gboolean present, gpointer user)
{
  draftd_lsp_checker_presence (user, present);
}

DraftdLspServer *
draftd_lsp_server_new (GOutputStream *out, const char *bus_address)
{
  DraftdLspServer *s = g_new0 (DraftdLspServer, 1);
  s->host = (DraftdLspHost) { draftd_lsp_server_send };
  s->loop = g_main_loop_new (NULL, FALSE);
  s->out = out ? g_object_ref (out) : NULL;
  s->exit_code = 1;  /* the input ended without shutdown and exit */
  s->encoding = DRAFTD_LSP_UTF16;
  draftd_lsp_reader_init (&s->reader);
  draftd_lsp_settings_init (&s->settings);
  s->documents = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) draftd_lsp_document_free);
  s->cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, draftd_lsp_cached_edits_free);
  s->commands = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s->workspace_words = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s->unchecked_warned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s->daemon = draftd_lsp_daemon_new (bus_address, 2, on_presence, s);
  s->locale_dialect = draftd_cli_locale_dialect ();
  return s;
}

void
draftd_lsp_server_free (DraftdLspServer *s)
{
  g_hash_table_remove_all (s->documents);
  draftd_lsp_daemon_free (s->daemon);
  if (s->retry_source)
    g_source_remove (s->retry_source);
  g_hash_table_unref (s->documents);
  g_hash_table_unref (s->cache);
  g_hash_table_unref (s->commands);
  g_hash_table_unref (s->workspace_words);
  g_hash_table_unref (s->unchecked_warned);
  draftd_lsp_settings_clear (&s->settings);
  g_free (s->root_path);
  g_free (s->locale_dialect);
  draftd_lsp_reader_clear (&s->reader);
  g_clear_object (&s->out);
  g_main_loop_unref (s->loop);
  g_free (s);
}
