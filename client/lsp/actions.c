/* Code actions (each fix, all fixes, correct or rewrite the selection) and the commands
 * behind the selection ones: the daemon works on the selected text, and its edits come
 * back to the client as a workspace/applyEdit request. */
#include <string.h>
#include "client/lsp/server.h"
#include "client/lsp/words-file.h"

const char *const draftd_lsp_commands[] = { "draftd.correct", "draftd.rewrite", "draftd.status", "draftd.addWord",
                                            "draftd.ignoreRule", "draftd.addWorkspaceWord", NULL };

static const char *const known_presets[] = { "formal", "concise", "simple", "friendly", NULL };

static JsonNode *
object_node (JsonObject *o)
{
  JsonNode *n = json_node_init_object (json_node_alloc (), o);
  json_object_unref (o);
  return n;
}

static JsonNode *
text_edit (DraftdLspServer *s, DraftdLspDocument *doc, gsize start, gsize end, const char *text)
{
  JsonObject *o = json_object_new ();
  json_object_set_member (o, "range", draftd_lsp_document_range_node (doc, s->encoding, start, end));
  json_object_set_string_member (o, "newText", text);
  return object_node (o);
}

/* The edits of one document as a WorkspaceEdit: versioned documentChanges where the client
 * takes them, so that it refuses edits computed for a text it has changed since (a fix-all
 * offered before a quick fix was applied); plain {changes: {uri: edits}} otherwise. */
static JsonNode *
workspace_edit (DraftdLspServer *s, DraftdLspDocument *doc, JsonArray *edits)
{
  JsonObject *we = json_object_new ();
  if (s->document_changes) {
    JsonObject *id = json_object_new ();
    json_object_set_string_member (id, "uri", doc->uri);
    json_object_set_int_member (id, "version", doc->version);
    JsonObject *tde = json_object_new ();
    json_object_set_object_member (tde, "textDocument", id);
    json_object_set_array_member (tde, "edits", edits);
    JsonArray *dc = json_array_new ();
    json_array_add_object_element (dc, tde);
    json_object_set_array_member (we, "documentChanges", dc);
  } else {
    JsonObject *changes = json_object_new ();
    json_object_set_array_member (changes, doc->uri, edits);
    json_object_set_object_member (we, "changes", changes);
  }
  return object_node (we);
}

static JsonObject *
action (const char *title, const char *kind)
{
  JsonObject *a = json_object_new ();
  json_object_set_string_member (a, "title", title);
  json_object_set_string_member (a, "kind", kind);
  return a;
}

/* The client asked for some kinds only (context.only): a kind matches its own prefix. */
static gboolean
wanted (JsonArray *only, const char *kind)
{
  if (only == NULL)
    return TRUE;
  for (guint i = 0; i < json_array_get_length (only); i++) {
    const char *k = json_array_get_string_element (only, i);
    gsize n = k ? strlen (k) : 0;
    if (k && strncmp (kind, k, n) == 0 && (kind[n] == 0 || kind[n] == '.'))
      return TRUE;
  }
  return FALSE;
}

/* A quickfix that runs a command with string arguments. */
static void
command_quickfix (const char *title, const char *command, const char *const *args, JsonArray *out)
{
  JsonObject *a = action (title, "quickfix");
  JsonObject *c = json_object_new ();
  json_object_set_string_member (c, "title", title);
  json_object_set_string_member (c, "command", command);
  JsonArray *arr = json_array_new ();
  for (guint i = 0; args[i]; i++)
    json_array_add_string_element (arr, args[i]);
  json_object_set_array_member (c, "arguments", arr);
  json_object_set_object_member (a, "command", c);
  json_array_add_object_element (out, a);
}

/* For a spelling fix, "Add “word” to dictionary" (the user's personal list, through the
 * daemon) and "... to workspace words" (.draftd/words.txt of the project); for any fix with a
 * rule id, "Ignore rule" once per rule. */
static void
word_and_rule_actions (DraftdLspDocument *doc, const DraftdLspFix *f, GHashTable *rules_offered, JsonArray *out)
{
  g_autofree char *word = g_strndup (doc->text->str + f->start, f->end - f->start);
  if (g_strcmp0 (f->kind, "spelling") == 0 && !strpbrk (word, " \t\n") && *word) {
    g_autofree char *title = g_strdup_printf ("Add \u201c%s\u201d to dictionary", word);
    command_quickfix (title, "draftd.addWord", (const char *const[]) { word, NULL }, out);
    g_autofree char *ws_title = g_strdup_printf ("Add \u201c%s\u201d to workspace words", word);
    command_quickfix (ws_title, "draftd.addWorkspaceWord", (const char *const[]) { doc->uri, word, NULL }, out);
  }
  if (f->rule && !g_hash_table_contains (rules_offered, f->rule)) {
    g_hash_table_add (rules_offered, f->rule);
    g_autofree char *title = g_strdup_printf ("Ignore rule %s", f->rule);
    command_quickfix (title, "draftd.ignoreRule", (const char *const[]) { f->rule, NULL }, out);
  }
}

/* The fixes "apply all" takes: not the suggestions, which wait for the user's choice. */
static guint
count_fixes (const DraftdLspDocument *doc)
{
  guint n = 0;
  for (guint i = 0; i < doc->fixes->len; i++)
    n += !g_array_index (doc->fixes, DraftdLspFix, i).suggestion;
  return n;
}

/* Quick fixes for each fix and suggestion in the range (a suggestion is never the preferred
 * one, which editors may apply by themselves), and "apply all" for the document's fixes. */
static void
add_fix_actions (DraftdLspServer *s, DraftdLspDocument *doc, gsize start, gsize end, JsonArray *only, JsonArray *out)
{
  gboolean first = TRUE;
  g_autoptr (GHashTable) rules_offered = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < doc->fixes->len && wanted (only, "quickfix"); i++) {
    const DraftdLspFix *f = &g_array_index (doc->fixes, DraftdLspFix, i);
    if (f->end < start || f->start > end)
      continue;
    g_autofree char *original = g_strndup (doc->text->str + f->start, f->end - f->start);
    g_autofree char *title = *f->replacement ? g_strdup_printf ("Replace \u201c%s\u201d with \u201c%s\u201d", original, f->replacement)
                                             : g_strdup_printf ("Delete \u201c%s\u201d", original);
    JsonObject *a = action (title, "quickfix");
    JsonArray *edits = json_array_new ();
    json_array_add_element (edits, text_edit (s, doc, f->start, f->end, f->replacement));
    json_object_set_member (a, "edit", workspace_edit (s, doc, edits));
    JsonArray *diags = json_array_new ();
    json_array_add_element (diags, draftd_lsp_fix_diagnostic (s, doc, f));
    json_object_set_array_member (a, "diagnostics", diags);
    json_object_set_boolean_member (a, "isPreferred", first && !f->suggestion);
    first &= f->suggestion;
    json_array_add_object_element (out, a);
    word_and_rule_actions (doc, f, rules_offered, out);
  }
  if (count_fixes (doc) > 0 && wanted (only, "source.fixAll")) {
    g_autofree char *title = g_strdup_printf ("Apply all draftd fixes in the document (%u)", count_fixes (doc));
    JsonObject *a = action (title, "source.fixAll.draftd");
    JsonArray *edits = json_array_new ();
    for (guint i = 0; i < doc->fixes->len; i++) {
      const DraftdLspFix *f = &g_array_index (doc->fixes, DraftdLspFix, i);
      if (f->suggestion)
        continue;
      json_array_add_element (edits, text_edit (s, doc, f->start, f->end, f->replacement));
    }
    json_object_set_member (a, "edit", workspace_edit (s, doc, edits));
    json_array_add_object_element (out, a);
  }
}

static JsonObject *
command_action (const char *title, const char *command, const char *uri, JsonObject *range, const char *instruction)
{
  JsonObject *a = action (title, "refactor.rewrite");
  JsonObject *c = json_object_new ();
  json_object_set_string_member (c, "title", title);
  json_object_set_string_member (c, "command", command);
  JsonArray *args = json_array_new ();
  json_array_add_string_element (args, uri);
  json_array_add_object_element (args, json_object_ref (range));
  if (instruction)
    json_array_add_string_element (args, instruction);
  json_object_set_array_member (c, "arguments", args);
  json_object_set_object_member (a, "command", c);
  return a;
}

JsonNode *
draftd_lsp_code_actions (DraftdLspServer *s, JsonObject *params, GError **error)
{
  const char *uri = draftd_lsp_get_string (draftd_lsp_get_object (params, "textDocument"), "uri");
  JsonObject *range = draftd_lsp_get_object (params, "range");
  DraftdLspDocument *doc = uri ? g_hash_table_lookup (s->documents, uri) : NULL;
  gsize start, end;
  if (doc == NULL || range == NULL) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "codeAction needs the textDocument of an open document and a range");
    return NULL;
  }
  if (!draftd_lsp_document_range (doc, s->encoding, range, &start, &end, error))
    return NULL;
  JsonArray *only = draftd_lsp_get_array (draftd_lsp_get_object (params, "context"), "only");
  JsonArray *out = json_array_new ();
  add_fix_actions (s, doc, start, end, only, out);
  if (end > start && wanted (only, "refactor.rewrite")) {
    json_array_add_object_element (out, command_action ("Correct selection", "draftd.correct", uri, range, NULL));
    for (guint i = 0; s->settings.presets[i]; i++) {
      const char *p = s->settings.presets[i];
      g_autofree char *title = g_strv_contains (known_presets, p) ? g_strdup_printf ("Rewrite selection as %s", p)
                                                                  : g_strdup_printf ("Rewrite selection: %s", p);
      json_array_add_object_element (out, command_action (title, "draftd.rewrite", uri, range, p));
    }
  }
  return json_node_init_array (json_node_alloc (), out);
}

/* ---- commands ---- */

typedef struct {
  DraftdLspServer *s;
  JsonNode *id;
  char *key, *uri, *original, *label;
  gsize start, end;
} Command;

static char *
id_key (JsonNode *id)
{
  if (json_node_get_value_type (id) == G_TYPE_STRING)
    return g_strdup_printf ("s:%s", json_node_get_string (id));
  return g_strdup_printf ("i:%" G_GINT64_FORMAT, json_node_get_int (id));
}

static void
command_free (Command *c)
{
  json_node_unref (c->id);
  g_free (c->key);
  g_free (c->uri);
  g_free (c->original);
  g_free (c->label);
  g_free (c);
}

/* The daemon's edits (bytes of the selection) as TextEdits; NULL if one does not fit. */
static JsonArray *
selection_edits (DraftdLspServer *s, DraftdLspDocument *doc, Command *c, GArray *edits)
{
  JsonArray *out = json_array_new ();
  const char *sel = c->original;
  gsize n = strlen (sel);
  for (guint i = 0; i < edits->len; i++) {
    const DraftdLspEdit *e = &g_array_index (edits, DraftdLspEdit, i);
    gsize a = e->offset, b = (gsize) e->offset + e->length;
    if (e->suggestion)
      continue; /* "Correct selection" applies the fixes; what the target doubted stays a diagnostic */
    if (b > n || !g_utf8_validate (sel, a, NULL) || !g_utf8_validate (sel + a, b - a, NULL) ||
        (a < n && (sel[a] & 0xc0) == 0x80) || (b < n && (sel[b] & 0xc0) == 0x80)) {
      json_array_unref (out);
      return NULL;
    }
    json_array_add_element (out, text_edit (s, doc, c->start + a, c->start + b, e->replacement));
  }
  return out;
}

static void
on_command_done (GArray *edits, const char *result, const char *unchecked_language, const GError *error, gpointer user)
{
  Command *c = user;
  DraftdLspServer *s = c->s;
  g_hash_table_remove (s->commands, c->key);
  DraftdLspDocument *doc = g_hash_table_lookup (s->documents, c->uri);
  JsonArray *changes = NULL;
  if (error && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
    s->host.send (s, draftd_lsp_error_response (c->id, DRAFTD_LSP_REQUEST_CANCELLED, "cancelled"));
  } else if (error) {
    if (draftd_lsp_daemon_unreachable (error))
      draftd_lsp_host_show (s, 1, "draftd is not reachable on the session bus: %s", error->message);
    s->host.send (s, draftd_lsp_error_response (c->id, DRAFTD_LSP_REQUEST_FAILED, error->message));
  } else if (doc == NULL || c->end > doc->text->len || strncmp (doc->text->str + c->start, c->original, c->end - c->start) != 0) {
    s->host.send (s, draftd_lsp_error_response (c->id, DRAFTD_LSP_REQUEST_FAILED,
                                                          "the document changed while draftd worked on it; try again"));
  } else if ((changes = selection_edits (s, doc, c, edits)) == NULL) {
    s->host.send (s, draftd_lsp_error_response (c->id, DRAFTD_LSP_INTERNAL_ERROR, "the daemon's edits do not fit the selection"));
  } else {
    guint n = json_array_get_length (changes);
    if (n == 0) {
      draftd_lsp_host_show (s, 3, "draftd: nothing to change in the selection.");
      json_array_unref (changes);
    } else {
      JsonObject *params = json_object_new ();
      json_object_set_string_member (params, "label", c->label);
      json_object_set_member (params, "edit", workspace_edit (s, doc, changes));
      s->host.send (s, draftd_lsp_request (++s->next_request, "workspace/applyEdit", object_node (params)));
    }
    JsonObject *r = json_object_new ();
    json_object_set_int_member (r, "edits", n);
    json_object_set_string_member (r, "result", result);
    s->host.send (s, draftd_lsp_response (c->id, object_node (r)));
  }
  command_free (c);
}

typedef struct {
  DraftdLspServer *s;
  JsonNode *id;
  char *word;
} AddWord;

/* The word is the user's now: its diagnostics go at once, before the daemon is asked again
 * (cached answers still hold the fix; the filter drops it). */
static void
recheck_word (DraftdLspServer *s, const char *word)
{
  g_hash_table_add (s->settings.dictionary, g_utf8_casefold (word, -1));
  GHashTableIter it;
  gpointer doc;
  g_hash_table_iter_init (&it, s->documents);
  while (g_hash_table_iter_next (&it, NULL, &doc))
    draftd_lsp_checker_schedule (s, doc, 0);
}

static void
on_word_added (const GError *error, gpointer user)
{
  AddWord *a = user;
  if (error)
    a->s->host.send (a->s, draftd_lsp_error_response (a->id, DRAFTD_LSP_REQUEST_FAILED, error->message));
  else
    a->s->host.send (a->s, draftd_lsp_response (a->id, json_node_init_null (json_node_alloc ())));
  if (error == NULL)
    recheck_word (a->s, a->word);
  json_node_unref (a->id);
  g_free (a->word);
  g_free (a);
}

/* draftd.addWord [word]: the daemon keeps it; fixes of that word leave every document now. */
static gboolean
add_word (DraftdLspServer *s, JsonNode *id, JsonArray *args, GError **error)
{
  JsonNode *w = args && json_array_get_length (args) == 1 ? json_array_get_element (args, 0) : NULL;
  if (w == NULL || !JSON_NODE_HOLDS_VALUE (w) || json_node_get_value_type (w) != G_TYPE_STRING) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "draftd.addWord takes [word]");
    return FALSE;
  }
  AddWord *a = g_new0 (AddWord, 1);
  a->s = s;
  a->id = json_node_copy (id);
  a->word = g_strdup (json_node_get_string (w));
  draftd_lsp_daemon_add_word (s->daemon, a->word, on_word_added, a);
  return TRUE;
}

/* The string arguments of a command, exactly n of them; NULL (error set) otherwise. */
static gboolean
string_args (JsonArray *args, guint n, const char **out, const char *usage, GError **error)
{
  for (guint i = 0; i < n; i++) {
    JsonNode *a = args && json_array_get_length (args) == n ? json_array_get_element (args, i) : NULL;
    if (a == NULL || !JSON_NODE_HOLDS_VALUE (a) || json_node_get_value_type (a) != G_TYPE_STRING) {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s", usage);
      return FALSE;
    }
    out[i] = json_node_get_string (a);
  }
  return TRUE;
}

static void
recheck_documents (DraftdLspServer *s)
{
  GHashTableIter it;
  gpointer doc;
  g_hash_table_iter_init (&it, s->documents);
  while (g_hash_table_iter_next (&it, NULL, &doc))
    draftd_lsp_checker_schedule (s, doc, 0);
}

/* draftd.ignoreRule [rule]: the rule joins disabledRules for the rest of the session; every
 * document's diagnostics go again without it (from the cached answers: no daemon call). */
static gboolean
ignore_rule (DraftdLspServer *s, JsonNode *id, JsonArray *args, GError **error)
{
  const char *rule;
  if (!string_args (args, 1, &rule, "draftd.ignoreRule takes [rule id]", error))
    return FALSE;
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  if (s->settings.disabled_rules)
    g_strv_builder_addv (b, (const char **) s->settings.disabled_rules);
  g_strv_builder_add (b, rule);
  char **all = g_strv_builder_end (b);
  draftd_lsp_settings_set_rules (&s->settings, all);
  if (!g_strv_contains ((const char *const *) s->settings.disabled_rules, rule)) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "'%.48s' is not a rule id", rule);
    return FALSE;
  }
  recheck_documents (s);
  s->host.send (s, draftd_lsp_response (id, json_node_init_null (json_node_alloc ())));
  return TRUE;
}

void
draftd_lsp_load_workspace_words (DraftdLspServer *s, const char *uri)
{
  g_autofree char *file = g_filename_from_uri (uri, NULL, NULL);
  g_autofree char *list = file ? draftd_lsp_words_file_find (file) : NULL;
  g_autoptr (GError) error = NULL;
  if (list && !draftd_lsp_words_file_load (list, s->workspace_words, &error))
    g_printerr ("draftd-lsp: %s: %s\n", list, error->message);
}

/* draftd.addWorkspaceWord [uri, word]: appended to the project's .draftd/words.txt (see
 * words-file.h), and not flagged in any document from now on. */
static gboolean
add_workspace_word (DraftdLspServer *s, JsonNode *id, JsonArray *args, GError **error)
{
  const char *a[2];
  if (!string_args (args, 2, a, "draftd.addWorkspaceWord takes [uri of a file, word]", error))
    return FALSE;
  g_autofree char *file = g_filename_from_uri (a[0], NULL, NULL);
  g_autofree char *used = NULL;
  if (file == NULL) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%.80s is not a file: URI; workspace words live beside files", a[0]);
    return FALSE;
  }
  if (!draftd_lsp_words_file_add (file, s->root_path, a[1], &used, error))
    return FALSE;
  g_hash_table_add (s->workspace_words, g_utf8_casefold (a[1], -1));
  recheck_documents (s);
  JsonObject *r = json_object_new ();
  json_object_set_string_member (r, "file", used);
  s->host.send (s, draftd_lsp_response (id, object_node (r)));
  return TRUE;
}

gboolean
draftd_lsp_execute_command (DraftdLspServer *s, JsonNode *id, JsonObject *params, GError **error)
{
  const char *name = draftd_lsp_get_string (params, "command");
  JsonArray *args = draftd_lsp_get_array (params, "arguments");
  guint nargs = args ? json_array_get_length (args) : 0;
  if (g_strcmp0 (name, "draftd.status") == 0) {
    s->host.send (s, draftd_lsp_response (id, draftd_lsp_checker_stats (s)));
    return TRUE;
  }
  if (g_strcmp0 (name, "draftd.addWord") == 0)
    return add_word (s, id, args, error);
  if (g_strcmp0 (name, "draftd.ignoreRule") == 0)
    return ignore_rule (s, id, args, error);
  if (g_strcmp0 (name, "draftd.addWorkspaceWord") == 0)
    return add_workspace_word (s, id, args, error);
  gboolean rewrite = g_strcmp0 (name, "draftd.rewrite") == 0;
  if (!rewrite && g_strcmp0 (name, "draftd.correct") != 0) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "unknown command '%s' (draftd.correct, draftd.rewrite, draftd.status, draftd.addWord, "
                 "draftd.ignoreRule, draftd.addWorkspaceWord)",
                 name ? name : "");
    return FALSE;
  }
  JsonNode *uri_node = nargs > 0 ? json_array_get_element (args, 0) : NULL;
  JsonNode *range_node = nargs > 1 ? json_array_get_element (args, 1) : NULL;
  JsonNode *instr_node = nargs > 2 ? json_array_get_element (args, 2) : NULL;
  const char *uri = uri_node && JSON_NODE_HOLDS_VALUE (uri_node) && json_node_get_value_type (uri_node) == G_TYPE_STRING
                        ? json_node_get_string (uri_node) : NULL;
  const char *instruction = instr_node && JSON_NODE_HOLDS_VALUE (instr_node) &&
                                    json_node_get_value_type (instr_node) == G_TYPE_STRING ? json_node_get_string (instr_node) : NULL;
  DraftdLspDocument *doc = uri ? g_hash_table_lookup (s->documents, uri) : NULL;
  if (doc == NULL || range_node == NULL || !JSON_NODE_HOLDS_OBJECT (range_node) || (rewrite && instruction == NULL)) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s takes [uri of an open document, range%s]", name,
                 rewrite ? ", instruction" : "");
    return FALSE;
  }
  gsize start, end;
  if (!draftd_lsp_document_range (doc, s->encoding, json_node_get_object (range_node), &start, &end, error))
    return FALSE;
  Command *c = g_new0 (Command, 1);
  c->s = s;
  c->id = json_node_copy (id);
  c->key = id_key (id);
  c->uri = g_strdup (uri);
  c->start = start;
  c->end = end;
  c->original = g_strndup (doc->text->str + start, end - start);
  c->label = rewrite ? g_strdup_printf ("draftd: rewrite (%s)", instruction) : g_strdup ("draftd: correct");
  DraftdLspJobOptions options;
  draftd_lsp_job_options (s, doc, &options);
  options.disabled_rules = (const char *const *) s->settings.disabled_rules;
  guint64 job = draftd_lsp_daemon_start (s->daemon, rewrite ? DRAFTD_BUS_REWRITE : DRAFTD_BUS_CORRECT, c->original, instruction, &options, TRUE,
                                         on_command_done, c);
  g_hash_table_insert (s->commands, g_strdup (c->key), GSIZE_TO_POINTER (job));
  return TRUE;
}

void
draftd_lsp_cancel_request (DraftdLspServer *s, JsonNode *id)
{
  if (id == NULL || !JSON_NODE_HOLDS_VALUE (id))
    return;
  g_autofree char *key = id_key (id);
  gpointer job = g_hash_table_lookup (s->commands, key);
  if (job)
    draftd_lsp_daemon_cancel (s->daemon, GPOINTER_TO_SIZE (job));
}
