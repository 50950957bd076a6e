/* Issue 33 in the language server, with a client that declares
 * workspace.workspaceEdit.documentChanges: diagnostics' code is the rule id; code actions carry
 * versioned documentChanges (TextDocumentEdit with the document's version); "Ignore rule"
 * takes the rule's diagnostics away and disabledRules (initializationOptions and
 * didChangeConfiguration, by family) keeps them away; "Add to workspace words" writes
 * .draftd/words.txt at the workspace root and the word is no longer flagged; and a didChange
 * with a malformed range is refused with a message, the document as it was (issue 35.6); the
 * dialect (the `dialect` setting, else the server's locale) and the document's path (its
 * file: URI, percent-decoded) reach the daemon's Correct, so a .draftd/words.txt written
 * beside a document after it was opened counts at its next check. */
#include <glib/gstdio.h>
#include <string.h>
#include "tests/tap.h"
#include "tests/test-lsp-driver.h"

#define TEXT "She go to the libary every day.\n"

static char *root, *uri;

static JsonObject *
find_action (JsonArray *actions, const char *title_prefix)
{
  for (guint i = 0; actions && i < json_array_get_length (actions); i++) {
    JsonObject *a = json_array_get_object_element (actions, i);
    if (g_str_has_prefix (draftd_lsp_get_string (a, "title"), title_prefix))
      return a;
  }
  return NULL;
}

static JsonNode *
actions_at (LspClient *c, gsize start, gsize end)
{
  g_autoptr (JsonNode) range = lsp_range (TEXT, start, end, "utf-16");
  g_autofree char *r = json_to_string (range, FALSE);
  int code;
  return lsp_call (c, "textDocument/codeAction",
                   lsp_json ("{\"textDocument\": {\"uri\": \"%s\"}, \"range\": %s, \"context\": {\"diagnostics\": []}}", uri, r), &code);
}

static gboolean
has_code (JsonArray *diags, const char *prefix)
{
  for (guint i = 0; diags && i < json_array_get_length (diags); i++)
    if (g_str_has_prefix (draftd_lsp_get_string (json_array_get_object_element (diags, i), "code"), prefix))
      return TRUE;
  return FALSE;
}

static void
test_versioned (LspClient *c, JsonArray *d)
{
  JsonObject *sp = lsp_find_diagnostic (d, "libary");
  tap_ok (sp && g_strcmp0 (draftd_lsp_get_string (sp, "code"), "spelling") == 0 && has_code (d, "agreement"),
          "diagnostics' code is the rule id (spelling, agreement.*)");
  g_autoptr (JsonNode) r = actions_at (c, 14, 14);
  JsonArray *actions = r && JSON_NODE_HOLDS_ARRAY (r) ? json_node_get_array (r) : NULL;
  JsonObject *fix = find_action (actions, "Replace \u201clibary\u201d"), *all = find_action (actions, "Apply all");
  JsonObject *edit = fix ? draftd_lsp_get_object (fix, "edit") : NULL;
  JsonArray *dc = draftd_lsp_get_array (edit, "documentChanges");
  JsonObject *tde = dc && json_array_get_length (dc) == 1 ? json_array_get_object_element (dc, 0) : NULL;
  JsonObject *id = draftd_lsp_get_object (tde, "textDocument");
  gint64 version = -1;
  draftd_lsp_get_int (id, "version", &version);
  tap_ok (tde && version == 1 && g_strcmp0 (draftd_lsp_get_string (id, "uri"), uri) == 0 && draftd_lsp_get_array (tde, "edits") &&
              !draftd_lsp_get_object (edit, "changes"),
          "a quickfix is a TextDocumentEdit of the document at version %" G_GINT64_FORMAT ", no plain changes", version);
  JsonArray *all_dc = all ? draftd_lsp_get_array (draftd_lsp_get_object (all, "edit"), "documentChanges") : NULL;
  tap_ok (all_dc && json_array_get_length (all_dc) == 1, "fix-all too carries documentChanges");
  tap_ok (find_action (actions, "Ignore rule spelling") && find_action (actions, "Add \u201clibary\u201d to workspace words"),
          "a spelling diagnostic offers Ignore rule spelling and Add to workspace words");
}

static JsonArray *
change_version (LspClient *c, gint64 version, const char *changes_json, gboolean wait)
{
  lsp_notify (c, "textDocument/didChange",
              lsp_json ("{\"textDocument\": {\"uri\": \"%s\", \"version\": %" G_GINT64_FORMAT "}, \"contentChanges\": %s}", uri, version,
                        changes_json));
  return wait ? lsp_wait_checked (c, uri, version, 120000) : NULL;
}

static void
test_ignore (LspClient *c)
{
  g_autoptr (JsonNode) r = actions_at (c, 14, 14);
  JsonObject *ignore = find_action (r ? json_node_get_array (r) : NULL, "Ignore rule spelling");
  JsonObject *cmd = ignore ? draftd_lsp_get_object (ignore, "command") : NULL;
  int code = 0;
  g_autoptr (JsonNode) done = lsp_call (c, "workspace/executeCommand", cmd ? json_node_init_object (json_node_alloc (), json_object_ref (cmd))
                                                                            : lsp_json ("{}"), &code);
  g_autoptr (JsonArray) d = lsp_wait_diagnostics (c, uri, 1, 60000);
  tap_ok (done && code == 0 && d && !lsp_find_diagnostic (d, "libary") && has_code (d, "agreement"),
          "Ignore rule spelling: the misspelling's diagnostic goes, the others stay");
  /* The family through didChangeConfiguration: agreement covers agreement.subject-verb. */
  lsp_notify (c, "workspace/didChangeConfiguration", lsp_json ("{\"settings\": {\"draftd\": {\"disabledRules\": [\"agreement\"]}}}"));
  g_autoptr (JsonArray) d2 = lsp_wait_diagnostics (c, uri, 1, 60000);
  tap_ok (d2 && !has_code (d2, "agreement") && lsp_find_diagnostic (d2, "libary"),
          "disabledRules [agreement] (didChangeConfiguration) replaces the list: agreement.* go, spelling is back");
}

static void
test_workspace_words (LspClient *c)
{
  int code = 0;
  g_autoptr (JsonNode) done = lsp_call (c, "workspace/executeCommand",
                                        lsp_json ("{\"command\": \"draftd.addWorkspaceWord\", \"arguments\": [\"%s\", \"libary\"]}", uri), &code);
  g_autofree char *path = g_build_filename (root, ".draftd", "words.txt", NULL);
  g_autofree char *words = NULL;
  g_file_get_contents (path, &words, NULL, NULL);
  g_autoptr (JsonArray) d = lsp_wait_diagnostics (c, uri, 1, 60000);
  tap_ok (done && words && g_str_equal (words, "libary\n") && d && !lsp_find_diagnostic (d, "libary"),
          "Add to workspace words: %s holds the word, and it is flagged no more", path);
  g_autoptr (JsonNode) again = lsp_call (c, "workspace/executeCommand",
                                         lsp_json ("{\"command\": \"draftd.addWorkspaceWord\", \"arguments\": [\"%s\", \"libary\"]}", uri), &code);
  g_free (words);
  words = NULL;
  g_file_get_contents (path, &words, NULL, NULL);
  tap_ok (again && g_strcmp0 (words, "libary\n") == 0, "a word listed already is not written twice");
  g_autoptr (JsonNode) bad = lsp_call (c, "workspace/executeCommand",
                                       lsp_json ("{\"command\": \"draftd.addWorkspaceWord\", \"arguments\": [\"%s\", \"two words\"]}", uri), &code);
  tap_ok (bad == NULL && code == DRAFTD_LSP_INVALID_PARAMS, "a word with a space is refused (%d)", code);
  g_unlink (path);
  g_autofree char *dir = g_path_get_dirname (path);
  g_rmdir (dir);
}

static void
test_malformed_change (LspClient *c)
{
  lsp_notify (c, "workspace/didChangeConfiguration", lsp_json ("{\"settings\": {\"draftd\": {\"disabledRules\": []}}}"));
  g_autoptr (JsonArray) d0 = lsp_wait_diagnostics (c, uri, 1, 60000);
  change_version (c, 2, "[{\"range\": {\"start\": {\"line\": 9, \"character\": 0}, \"end\": {\"line\": 9, \"character\": 2}}, \"text\": \"X\"}]",
                  FALSE);
  g_autoptr (JsonNode) m = lsp_wait (c, -1, "window/showMessage", 10000);
  const char *msg = m ? draftd_lsp_get_string (draftd_lsp_get_object (json_node_get_object (m), "params"), "message") : NULL;
  tap_ok (msg && strstr (msg, "refused") && strstr (msg, "past the end"), "a didChange past the end is refused, the user told: %s",
          msg ? msg : "nothing");
  change_version (c, 3, "{\"range\": 1, \"text\": \"X\"}", FALSE);
  change_version (c, 3, "[{\"range\": \"everything\", \"text\": \"X\"}]", FALSE);
  g_autoptr (JsonNode) m2 = lsp_wait (c, -1, "window/showMessage", 10000);
  /* A good change after them applies to the text as it was: "go" still where it was. */
  g_autoptr (JsonArray) d = change_version (c, 4, "[{\"range\": {\"start\": {\"line\": 1, \"character\": 0}, \"end\": {\"line\": 1, "
                                                  "\"character\": 0}}, \"text\": \"Fine.\"}]", TRUE);
  JsonObject *go = lsp_find_diagnostic (d, "go");
  gint64 ch = -1;
  draftd_lsp_get_int (draftd_lsp_get_object (draftd_lsp_get_object (go, "range"), "start"), "character", &ch);
  tap_ok (m2 && go && ch == 4, "a range that is not one is refused too, never the whole document: \"go\" still at 0:4 after a good change");
}

#define US_TEXT "I like the color of the sky.\n"
#define WORD_TEXT "We check our notes with drafte every morning.\n"

static JsonArray *
configure_dialect (LspClient *c, const char *doc_uri, const char *value_json)
{
  lsp_notify (c, "workspace/didChangeConfiguration", lsp_json ("{\"settings\": {\"draftd\": {\"dialect\": %s}}}", value_json));
  return lsp_wait_diagnostics (c, doc_uri, 1, 120000);
}

/* The dialect setting over an American document: none by default (the server's locale is
 * C.UTF-8 here), en-GB flags "color", null goes back to the locale's. Each change drops the
 * cached answers, or the old dialect's would be shown again. */
static void
test_dialect_setting (LspClient *c)
{
  g_autofree char *file = g_build_filename (root, "american.txt", NULL);
  g_autofree char *us_uri = g_filename_to_uri (file, NULL, NULL);
  g_autoptr (JsonArray) d0 = lsp_open (c, us_uri, "plaintext", US_TEXT);
  tap_ok (d0 && !lsp_find_diagnostic (d0, "color"), "no dialect set, C locale: \"color\" is not flagged");
  g_autoptr (JsonArray) d1 = configure_dialect (c, us_uri, "\"en_gb\"");
  JsonObject *colour = lsp_find_diagnostic (d1, "color");
  tap_ok (colour && g_strcmp0 (draftd_lsp_get_string (colour, "code"), "dialect") == 0,
          "dialect \"en_gb\" (didChangeConfiguration): \"color\" is a dialect diagnostic");
  g_autoptr (JsonArray) d2 = configure_dialect (c, us_uri, "null");
  tap_ok (d2 && !lsp_find_diagnostic (d2, "color"), "dialect null: the locale's again (none), not a cached en-GB answer");
}

#define CS_TEXT "Prosim.\n"

/* The language setting (issue 51): a Czech word without its marks, too short to tell, is left
 * alone by default; `language: "cs"` checks every document in Czech, "auto" goes back; a
 * Markdown document's front matter names its own language. */
static void
test_language_setting (LspClient *c)
{
  g_autofree char *file = g_build_filename (root, "prosba.txt", NULL), *md = g_build_filename (root, "dopis.md", NULL);
  g_autofree char *cs_uri = g_filename_to_uri (file, NULL, NULL), *md_uri = g_filename_to_uri (md, NULL, NULL);
  g_autoptr (JsonArray) d0 = lsp_open (c, cs_uri, "plaintext", CS_TEXT);
  tap_ok (d0 && !lsp_find_diagnostic (d0, "Prosim"), "no language set: \"Prosim\" is too short to tell and left alone");
  lsp_notify (c, "workspace/didChangeConfiguration", lsp_json ("{\"settings\": {\"draftd\": {\"language\": \"cs\"}}}"));
  g_autoptr (JsonArray) d1 = lsp_wait_diagnostics (c, cs_uri, 1, 120000);
  tap_ok (d1 && lsp_find_diagnostic (d1, "Prosim"), "language \"cs\": \"Prosim\" is flagged in Czech");
  lsp_notify (c, "workspace/didChangeConfiguration", lsp_json ("{\"settings\": {\"draftd\": {\"language\": \"auto\"}}}"));
  g_autoptr (JsonArray) d2 = lsp_wait_diagnostics (c, cs_uri, 1, 120000);
  tap_ok (d2 && !lsp_find_diagnostic (d2, "Prosim"), "language \"auto\": left alone again, not a cached Czech answer");
  g_autoptr (JsonArray) d3 = lsp_open (c, md_uri, "markdown", "---\nlang: cs\n---\n\n" CS_TEXT);
  tap_ok (d3 && lsp_find_diagnostic (d3, "Prosim"), "a Markdown document whose front matter says lang: cs is checked in Czech");
}

#define EL_TEXT                                                                                                      \
  "Η γλώσσα είναι το σημαντικότερο εργαλείο επικοινωνίας των ανθρώπων. Κάθε μέρα μιλάμε και γράφουμε σε πολλές "   \
  "διαφορετικές περιστάσεις.\n"
#define EL_TEXT2                                                                                                     \
  "Το καλοκαίρι πηγαίνουμε συχνά στη θάλασσα με τους φίλους μας. Τα βράδια καθόμαστε στην παραλία και κοιτάζουμε "  \
  "τα αστέρια.\n"

/* Every window/showMessage already read, freed; TRUE if one of them holds `needle`. A check's
 * message is sent before its diagnostics, so once they are read it is here. */
static gboolean
shown (LspClient *c, const char *needle)
{
  gboolean found = FALSE;
  for (JsonNode *m; (m = lsp_wait (c, -1, "window/showMessage", 0)) != NULL; json_node_unref (m)) {
    const char *text = draftd_lsp_get_string (draftd_lsp_get_object (json_node_get_object (m), "params"), "message");
    found |= text && strstr (text, needle) != NULL;
  }
  return found;
}

/* Text in a language draftd has no dictionary for (Greek: none is pinned for the tests) comes
 * back without diagnostics: the server says so once, or the user takes silence for a clean
 * text; a second such document is not announced again. */
static void
test_unchecked_language (LspClient *c)
{
  g_autofree char *file = g_build_filename (root, "glossa.txt", NULL), *file2 = g_build_filename (root, "thalassa.txt", NULL);
  g_autofree char *uri1 = g_filename_to_uri (file, NULL, NULL), *uri2 = g_filename_to_uri (file2, NULL, NULL);
  shown (c, "");
  g_autoptr (JsonArray) d1 = lsp_open (c, uri1, "plaintext", EL_TEXT);
  tap_ok (d1 && json_array_get_length (d1) == 0 && shown (c, "sentences in 'el' are not checked"),
          "a Greek document: no diagnostics, and a message that Greek is not checked and how to get it");
  g_autoptr (JsonArray) d2 = lsp_open (c, uri2, "plaintext", EL_TEXT2);
  tap_ok (d2 && !shown (c, ""), "a second Greek document: the message is not repeated");
}

/* A document in a folder named with a space (%20 in its URI): once .draftd/words.txt there
 * lists its made-up word, the next check flags it no more. The server's own filter read the
 * lists when the document opened (there was none): only the daemon, given the path, knows. */
static void
test_document_path (LspClient *c)
{
  g_autofree char *folder = g_build_filename (root, "my notes", NULL), *dot = g_build_filename (folder, ".draftd", NULL);
  g_autofree char *file = g_build_filename (folder, "today.txt", NULL), *list = g_build_filename (dot, "words.txt", NULL);
  g_mkdir_with_parents (dot, 0755);
  g_autofree char *doc_uri = g_filename_to_uri (file, NULL, NULL);
  g_autoptr (JsonArray) d0 = lsp_open (c, doc_uri, "plaintext", WORD_TEXT);
  tap_ok (strstr (doc_uri, "%20") && d0 && lsp_find_diagnostic (d0, "drafte"), "an unknown word in %s is flagged", doc_uri);
  g_file_set_contents (list, "drafte\n", -1, NULL);
  lsp_notify (c, "textDocument/didChange",
              lsp_json ("{\"textDocument\": {\"uri\": \"%s\", \"version\": 2}, \"contentChanges\": [{\"text\": %s}]}", doc_uri,
                        "\"We check our notes with drafte every evening.\\n\""));
  g_autoptr (JsonArray) d1 = lsp_wait_checked (c, doc_uri, 2, 120000);
  tap_ok (d1 && !lsp_find_diagnostic (d1, "drafte"), "after drafte joins %s, the next check leaves it (the path reached the daemon)", list);
  g_unlink (list);
  g_rmdir (dot);
}

/* A server started under LANG=en_GB.UTF-8 holds documents to en-GB with no setting. */
static void
test_locale (BusFixture *f)
{
  LspClient c;
  g_setenv ("LANG", "en_GB.UTF-8", TRUE);
  g_unsetenv ("LC_ALL");
  g_unsetenv ("LC_MESSAGES");
  gboolean started = lsp_start (&c, f);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  if (!started) {
    tap_ok (FALSE, "a second server starts");
    return;
  }
  g_autoptr (JsonNode) init = lsp_initialize (&c, NULL);
  g_autofree char *file = g_build_filename (root, "british.txt", NULL);
  g_autofree char *gb_uri = g_filename_to_uri (file, NULL, NULL);
  g_autoptr (JsonArray) d = lsp_open (&c, gb_uri, "plaintext", US_TEXT);
  JsonObject *colour = lsp_find_diagnostic (d, "color");
  tap_ok (colour && g_strcmp0 (draftd_lsp_get_string (colour, "code"), "dialect") == 0,
          "a server whose locale is en_GB.UTF-8 flags \"color\" as dialect, no setting needed");
  int code;
  g_autoptr (JsonNode) down G_GNUC_UNUSED = lsp_call (&c, "shutdown", NULL, &code);
  lsp_notify (&c, "exit", NULL);
  lsp_stop (&c);
}

int
main (void)
{
  int status = 1;
  BusFixture f;
  LspClient c;
  if (!lsp_begin (&f, &c, &status))
    return status;
  root = g_build_filename (f.dir, "workspace", NULL);
  g_mkdir_with_parents (root, 0755);
  g_autofree char *file = g_build_filename (root, "notes.txt", NULL);
  uri = g_filename_to_uri (file, NULL, NULL);
  g_autofree char *root_uri = g_filename_to_uri (root, NULL, NULL);
  int code;
  g_autoptr (JsonNode) init = lsp_call (&c, "initialize",
                                        lsp_json ("{\"processId\": null, \"rootUri\": \"%s\", \"capabilities\": {\"workspace\": "
                                                  "{\"workspaceEdit\": {\"documentChanges\": true}}}, \"initializationOptions\": "
                                                  "{\"disabledRules\": [\"confusable\"]}}", root_uri), &code);
  lsp_notify (&c, "initialized", lsp_json ("{}"));
  tap_ok (init != NULL, "initialize with documentChanges and a workspace root");
  g_autoptr (JsonArray) d = lsp_open (&c, uri, "plaintext", TEXT);
  test_versioned (&c, d);
  test_ignore (&c);
  test_workspace_words (&c);
  test_malformed_change (&c);
  test_document_path (&c);
  test_dialect_setting (&c);
  test_language_setting (&c);
  test_unchecked_language (&c);
  test_locale (&f);
  g_free (uri);
  g_free (root);
  return lsp_end (&c, &f);
}
