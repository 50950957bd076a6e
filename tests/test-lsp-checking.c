/* draftd-lsp's checking against the daemon: a change re-checks only its paragraph (the
 * rest from the cache), with the keystroke-to-diagnostics latency measured on a
 * 200-paragraph document; a paragraph changed again mid-check is cancelled on the
 * daemon; code actions (one fix, all fixes, correct and rewrite the selection through
 * workspace/applyEdit); settings (checks, dictionary, comments); LaTeX, Markdown and git
 * commit messages; and the daemon going away and coming back. */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include "tests/tap.h"
#include "tests/test-lsp-driver.h"

#define DOC_URI "file:///tmp/draftd-test/long.txt"

static void
change_line (LspClient *c, const char *uri, gint64 version, gint64 line, const char *old_text, const char *new_text)
{
  g_autofree char *q = lsp_quote (new_text);
  lsp_notify (c, "textDocument/didChange",
              lsp_json ("{\"textDocument\": {\"uri\": \"%s\", \"version\": %" G_GINT64_FORMAT "}, \"contentChanges\": "
                        "[{\"range\": {\"start\": {\"line\": %" G_GINT64_FORMAT ", \"character\": 0}, \"end\": {\"line\": %"
                        G_GINT64_FORMAT ", \"character\": %ld}}, \"text\": %s}]}",
                        uri, version, line, line, g_utf8_strlen (old_text, -1), q));
}

static void
configure (LspClient *c, const char *settings_json)
{
  lsp_notify (c, "workspace/didChangeConfiguration", lsp_json ("{\"settings\": {\"draftd\": %s}}", settings_json));
}

static gint64
diag_line (JsonObject *d)
{
  gint64 line = -1;
  draftd_lsp_get_int (draftd_lsp_get_object (draftd_lsp_get_object (d, "range"), "start"), "line", &line);
  return line;
}

static int
by_value (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* A UTF-16 range over text from byte offsets, as JSON text. */
static char *
range_json (const char *text, gsize start, gsize end)
{
  g_autoptr (JsonNode) r = lsp_range (text, start, end, "utf-16");
  return json_to_string (r, FALSE);
}

/* 200 paragraphs; paragraph 100 edited five times, each a keystroke-to-diagnostics latency. */
static void
test_incremental (LspClient *c, GString *text)
{
  for (int i = 0; i < 200; i++)
    g_string_append_printf (text, i % 2 ? "They was happy in room %d.\n\n" : "This is a good day for page %d.\n\n", i);
  lsp_notify (c, "textDocument/didOpen", lsp_did_open (DOC_URI, "plaintext", 1, text->str));
  g_autoptr (JsonArray) d1 = lsp_wait_checked (c, DOC_URI, 1, 300000);
  tap_ok (d1 && lsp_find_diagnostic (d1, "was") != NULL, "200 paragraphs: diagnostics published (%u)", d1 ? json_array_get_length (d1) : 0);
  static const char *const edits[] = { "She go to school yesterday.", "She have a cat.", "They was happy.",
                                       "She go to school today.", "She have a dog." };
  double ms[G_N_ELEMENTS (edits)];
  gboolean one_each = TRUE, flagged = TRUE;
  const char *old = "This is a good day for page 100.";
  for (guint k = 0; k < G_N_ELEMENTS (edits); k++) {
    gint64 checked = lsp_stat (c, "paragraphsChecked"), hits = lsp_stat (c, "cacheHits");
    gint64 t0 = g_get_monotonic_time ();
    change_line (c, DOC_URI, 2 + k, 200, old, edits[k]);
    g_autoptr (JsonArray) d = lsp_wait_diagnostics (c, DOC_URI, 2 + k, 120000);
    ms[k] = (g_get_monotonic_time () - t0) / 1000.0;
    one_each &= lsp_stat (c, "paragraphsChecked") == checked + 1 && lsp_stat (c, "cacheHits") == hits + 199;
    gboolean here = FALSE;
    for (guint i = 0; d && i < json_array_get_length (d); i++)
      here |= diag_line (json_array_get_object_element (d, i)) == 200;
    flagged &= here;
    old = edits[k];
  }
  tap_ok (one_each, "each 1-paragraph change re-checks that paragraph only (199 from the cache)");
  tap_ok (flagged, "each changed paragraph's error is flagged on its line");
  qsort (ms, G_N_ELEMENTS (ms), sizeof (double), by_value);
  tap_diag ("keystroke to diagnostics, 1 paragraph changed in 200 (debounce 300 ms included): %.0f %.0f %.0f %.0f %.0f ms",
            ms[0], ms[1], ms[2], ms[3], ms[4]);
}

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

static JsonArray *
action_edits (JsonObject *a, const char *uri)
{
  return draftd_lsp_get_array (draftd_lsp_get_object (draftd_lsp_get_object (a, "edit"), "changes"), uri);
}

/* Applies TextEdits (UTF-16 ranges) to text, right to left. */
static char *
apply_edits (const char *text, JsonArray *edits)
{
  GString *s = g_string_new (text);
  for (guint i = json_array_get_length (edits); i-- > 0;) {
    JsonObject *e = json_array_get_object_element (edits, i);
    JsonObject *r = draftd_lsp_get_object (e, "range");
    gssize a = lsp_offset (s->str, draftd_lsp_get_object (r, "start"), "utf-16");
    gssize b = lsp_offset (s->str, draftd_lsp_get_object (r, "end"), "utf-16");
    g_assert (a >= 0 && b >= a);
    g_string_erase (s, a, b - a);
    g_string_insert (s, a, draftd_lsp_get_string (e, "newText"));
  }
  return g_string_free (s, FALSE);
}

static void
test_actions (LspClient *c)
{
  const char *uri = "file:///tmp/draftd-test/actions.txt";
  const char *text = "She go to school yesterday.\n\nThey was happy.\n\nI think that we should maybe go home now.\n";
  g_autoptr (JsonArray) d = lsp_open (c, uri, "plaintext", text);
  int code;
  g_autofree char *cursor = range_json (text, 4, 4);
  g_autoptr (JsonNode) r = lsp_call (c, "textDocument/codeAction",
                                     lsp_json ("{\"textDocument\": {\"uri\": \"%s\"}, \"range\": %s, \"context\": {\"diagnostics\": []}}", uri,
                                               cursor),
                                     &code);
  JsonArray *actions = r && JSON_NODE_HOLDS_ARRAY (r) ? json_node_get_array (r) : NULL;
  JsonObject *fix = find_action (actions, "Replace \u201cgo\u201d"), *all = find_action (actions, "Apply all");
  g_autofree char *fixed = fix ? apply_edits (text, action_edits (fix, uri)) : NULL;
  tap_ok (fixed && g_str_has_prefix (fixed, "She went to school yesterday.\n") && g_strcmp0 (draftd_lsp_get_string (fix, "kind"), "quickfix") == 0,
          "a quickfix at the cursor replaces \"go\" with \"went\"");
  g_autofree char *all_fixed = all ? apply_edits (text, action_edits (all, uri)) : NULL;
  tap_ok (all_fixed && strstr (all_fixed, "She went") && strstr (all_fixed, "They were") && d &&
              json_array_get_length (action_edits (all, uri)) == json_array_get_length (d),
          "\"apply all\" carries one edit per diagnostic, fixing both sentences");
  tap_ok (find_action (actions, "Correct selection") == NULL, "no selection actions for an empty range");
  /* A selection: the third paragraph. */
  const char *sel = strstr (text, "I think");
  g_autofree char *range = range_json (text, sel - text, sel - text + strlen ("I think that we should maybe go home now."));
  g_autoptr (JsonNode) r2 = lsp_call (c, "textDocument/codeAction",
                                      lsp_json ("{\"textDocument\": {\"uri\": \"%s\"}, \"range\": %s, \"context\": {\"diagnostics\": []}}", uri, range),
                                      &code);
  JsonArray *sel_actions = r2 && JSON_NODE_HOLDS_ARRAY (r2) ? json_node_get_array (r2) : NULL;
  JsonObject *formal = find_action (sel_actions, "Rewrite selection as formal");
  tap_ok (find_action (sel_actions, "Correct selection") && formal && find_action (sel_actions, "Rewrite selection as concise") &&
              find_action (sel_actions, "Rewrite selection as simple") && find_action (sel_actions, "Rewrite selection as friendly"),
          "a selection offers correct and the four rewrite presets");
  /* Run the rewrite command as a client would: it asks us to apply its edits. */
  JsonObject *cmd = formal ? draftd_lsp_get_object (formal, "command") : NULL;
  gint64 id = lsp_request (c, "workspace/executeCommand", cmd ? json_node_init_object (json_node_alloc (), cmd) : lsp_json ("{}"));
  g_autoptr (JsonNode) apply = lsp_wait (c, -1, "workspace/applyEdit", 120000);
  g_autoptr (JsonNode) done = lsp_wait (c, id, NULL, 120000);
  JsonObject *res = done ? draftd_lsp_get_object (json_node_get_object (done), "result") : NULL;
  JsonArray *edits = apply ? draftd_lsp_get_array (draftd_lsp_get_object (draftd_lsp_get_object (draftd_lsp_get_object (
                                                       json_node_get_object (apply), "params"), "edit"), "changes"), uri) : NULL;
  g_autofree char *rewritten = edits ? apply_edits (text, edits) : NULL;
  const char *result = draftd_lsp_get_string (res, "result");
  tap_ok (rewritten && result && strstr (rewritten, result) && !strstr (rewritten, "maybe") && g_str_has_prefix (rewritten, "She go"),
          "rewrite as formal: workspace/applyEdit turns the selection into the daemon's rewrite (%s), nothing else", result ? result : "none");
  if (apply) {
    gint64 aid = 0;
    draftd_lsp_get_int (json_node_get_object (apply), "id", &aid);
    lsp_send_json (c, "{\"jsonrpc\": \"2.0\", \"id\": %" G_GINT64_FORMAT ", \"result\": {\"applied\": true}}", aid);
  }
  g_autofree char *first = range_json (text, 0, strlen ("She go to school yesterday."));
  gint64 id2 = lsp_request (c, "workspace/executeCommand",
                            lsp_json ("{\"command\": \"draftd.correct\", \"arguments\": [\"%s\", %s]}", uri, first));
  g_autoptr (JsonNode) apply2 = lsp_wait (c, -1, "workspace/applyEdit", 120000);
  g_autoptr (JsonNode) done2 = lsp_wait (c, id2, NULL, 120000);
  JsonArray *edits2 = apply2 ? draftd_lsp_get_array (draftd_lsp_get_object (draftd_lsp_get_object (draftd_lsp_get_object (
                                                         json_node_get_object (apply2), "params"), "edit"), "changes"), uri) : NULL;
  g_autofree char *corrected = edits2 ? apply_edits (text, edits2) : NULL;
  tap_ok (corrected && g_str_has_prefix (corrected, "She went to school yesterday.\n\nThey was") && done2,
          "correct selection: the selection corrected through workspace/applyEdit, the rest untouched");
  lsp_notify (c, "textDocument/didClose", lsp_json ("{\"textDocument\": {\"uri\": \"%s\"}}", uri));
}

static void
test_settings (LspClient *c)
{
  const char *uri = "file:///tmp/draftd-test/settings.txt";
  const char *text = "She go to school yesterday.\n\nThey was happy.\n";
  g_autoptr (JsonArray) d0 = lsp_open (c, uri, "plaintext", text);
  configure (c, "{\"dictionary\": [\"GO\"]}");
  g_autoptr (JsonArray) d1 = lsp_wait_diagnostics (c, uri, 1, 120000);
  tap_ok (d0 && lsp_find_diagnostic (d0, "go") && d1 && !lsp_find_diagnostic (d1, "go") && lsp_find_diagnostic (d1, "was"),
          "a dictionary word (any case) is never flagged; others still are");
  configure (c, "{\"dictionary\": [], \"checks\": [\"spelling\", \"punctuation\"]}");
  g_autoptr (JsonArray) d2 = lsp_wait_diagnostics (c, uri, 1, 120000);
  tap_ok (d2 && json_array_get_length (d2) == 0, "checks without grammar: the grammar errors are not reported");
  configure (c, "{\"checks\": [\"spelling\", \"grammar\", \"punctuation\", \"style\"], \"presets\": [\"formal\", \"in the voice of a pirate\"]}");
  g_autoptr (JsonArray) d3 = lsp_wait_diagnostics (c, uri, 1, 120000);
  tap_ok (d3 && lsp_find_diagnostic (d3, "go") && lsp_find_diagnostic (d3, "was"), "all checks back on");
  int code;
  g_autofree char *range = range_json (text, 0, 10);
  g_autoptr (JsonNode) r = lsp_call (c, "textDocument/codeAction",
                                     lsp_json ("{\"textDocument\": {\"uri\": \"%s\"}, \"range\": %s, \"context\": {\"diagnostics\": []}}", uri, range),
                                     &code);
  JsonArray *actions = r && JSON_NODE_HOLDS_ARRAY (r) ? json_node_get_array (r) : NULL;
  tap_ok (find_action (actions, "Rewrite selection as formal") && find_action (actions, "Rewrite selection: in the voice of a pirate") &&
              !find_action (actions, "Rewrite selection as concise"),
          "presets: the configured ones are offered, a free instruction among them");
  lsp_notify (c, "textDocument/didClose", lsp_json ("{\"textDocument\": {\"uri\": \"%s\"}}", uri));
}

/* Each file type: the error in prose is flagged where it is, the same sentence in markup is not. */
static void
test_file_types (LspClient *c)
{
  static const struct {
    const char *lang, *text;
    gint64 line;
  } cases[] = {
    { "latex", "We write $x$ here. She go to school yesterday.\n\n\\begin{verbatim}\nShe go to school yesterday.\n\\end{verbatim}\n", 0 },
    { "markdown", "# Notes\n\n```\nShe go to school yesterday.\n```\n\nShe go to school yesterday.\n", 6 },
    { "gitcommit", "Fix the reader\n\nShe go to school yesterday.\n\n# She go to school yesterday.\n", 2 },
    { "c", "int main (void); /* x */\n// She go to school yesterday.\nint go;\n", 1 },
  };
  configure (c, "{\"comments\": true}");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *uri = g_strdup_printf ("file:///tmp/draftd-test/doc%u", i);
    g_autoptr (JsonArray) d = lsp_open (c, uri, cases[i].lang, cases[i].text);
    guint gos = 0;
    gboolean right_line = TRUE;
    for (guint k = 0; d && k < json_array_get_length (d); k++) {
      JsonObject *o = json_array_get_object_element (d, k);
      if (g_strcmp0 (draftd_lsp_get_string (draftd_lsp_get_object (o, "data"), "original"), "go") == 0) {
        gos++;
        right_line &= diag_line (o) == cases[i].line;
      }
    }
    tap_ok (gos == 1 && right_line, "%s: \"go\" flagged once, on line %" G_GINT64_FORMAT " (not in markup)", cases[i].lang, cases[i].line);
    lsp_notify (c, "textDocument/didClose", lsp_json ("{\"textDocument\": {\"uri\": \"%s\"}}", uri));
  }
  configure (c, "{\"comments\": false}");
}

/* A long paragraph whose check is running when it changes again: Cancel reaches the daemon. */
static void
test_cancel (LspClient *c)
{
  configure (c, "{\"debounceMs\": 0}");
  const char *uri = "file:///tmp/draftd-test/cancel.txt";
  g_autoptr (GString) text = g_string_new (NULL);
  for (int i = 0; i < 30; i++)
    g_string_append_printf (text, "This is a good day number %d and the sun is warm. ", i);
  gint64 started = lsp_stat (c, "jobsStarted"), cancelled = lsp_stat (c, "jobsCancelled");
  lsp_notify (c, "textDocument/didOpen", lsp_did_open (uri, "plaintext", 1, text->str));
  while (lsp_stat (c, "jobsStarted") == started)
    g_usleep (2000);
  lsp_notify (c, "textDocument/didChange",
              lsp_json ("{\"textDocument\": {\"uri\": \"%s\", \"version\": 2}, \"contentChanges\": [{\"text\": \"They was happy.\"}]}", uri));
  g_autoptr (JsonArray) d = lsp_wait_diagnostics (c, uri, 2, 120000);
  tap_ok (lsp_stat (c, "jobsCancelled") == cancelled + 1, "the stale paragraph's job was cancelled");
  tap_ok (d && lsp_find_diagnostic (d, "was"), "the new text is checked and published");
  lsp_notify (c, "textDocument/didClose", lsp_json ("{\"textDocument\": {\"uri\": \"%s\"}}", uri));
  configure (c, "{\"debounceMs\": 300}");
}

/* $/cancelRequest stops a running rewrite: the request ends with RequestCancelled, no edit. */
static void
test_cancel_request (LspClient *c)
{
  const char *uri = "file:///tmp/draftd-test/cancel-request.txt";
  g_autoptr (GString) text = g_string_new (NULL);
  for (int i = 0; i < 30; i++)
    g_string_append_printf (text, "I think that we should maybe go home at %d. ", i);
  lsp_notify (c, "textDocument/didOpen", lsp_did_open (uri, "plaintext", 1, text->str));
  g_autofree char *range = range_json (text->str, 0, text->len);
  gint64 id = lsp_request (c, "workspace/executeCommand",
                           lsp_json ("{\"command\": \"draftd.rewrite\", \"arguments\": [\"%s\", %s, \"concise\"]}", uri, range));
  lsp_notify (c, "$/cancelRequest", lsp_json ("{\"id\": %" G_GINT64_FORMAT "}", id));
  g_autoptr (JsonNode) r = lsp_wait (c, id, NULL, 120000);
  gint64 code = 0;
  draftd_lsp_get_int (draftd_lsp_get_object (r ? json_node_get_object (r) : NULL, "error"), "code", &code);
  tap_ok (code == DRAFTD_LSP_REQUEST_CANCELLED, "$/cancelRequest: the rewrite ends with RequestCancelled (-32800)");
  g_autoptr (JsonNode) stray = lsp_wait (c, -1, "workspace/applyEdit", 500);
  tap_ok (stray == NULL, "and asks for no edit");
  lsp_notify (c, "textDocument/didClose", lsp_json ("{\"textDocument\": {\"uri\": \"%s\"}}", uri));
}

static GPid
start_draftd (BusFixture *f)
{
  g_autofree char *exe = g_build_filename (DRAFTD_BUILD_ROOT, "daemon", "draftd", NULL);
  g_autofree char *target = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  g_autofree char *assistant = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-assistant.gguf", NULL);
  /* The fixture's margin (see bus-fixture.c): the tiny model's corrections here are weak. */
  const char *argv[] = { exe, "--address", f->address, "--target", target, "--assistant", assistant, "--keep-bias", "0.05",
                         NULL };
  GPid pid = 0;
  g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &pid, NULL);
  return pid;
}

static JsonNode *
wait_message (LspClient *c, int type)
{
  for (;;) {
    JsonNode *m = lsp_wait (c, -1, "window/showMessage", 120000);
    gint64 t = 0;
    if (m == NULL || (draftd_lsp_get_int (draftd_lsp_get_object (json_node_get_object (m), "params"), "type", &t) && t == type))
      return m;
    json_node_unref (m);
  }
}

static void
test_daemon_restart (LspClient *c, BusFixture *f)
{
  const char *uri = "file:///tmp/draftd-test/restart.txt";
  tap_ok (bus_fixture_stop_draftd (f) == 0, "draftd stopped");
  lsp_notify (c, "textDocument/didOpen", lsp_did_open (uri, "plaintext", 1, "She go to school every day.\n"));
  g_autoptr (JsonNode) down G_GNUC_UNUSED = wait_message (c, 2);
  const char *msg = down ? draftd_lsp_get_string (draftd_lsp_get_object (json_node_get_object (down), "params"), "message") : NULL;
  tap_ok (msg && strstr (msg, "not reachable"), "daemon gone: a warning says so (%s)", msg ? msg : "none");
  int code;
  g_autoptr (JsonNode) st = lsp_call (c, "workspace/executeCommand", lsp_json ("{\"command\": \"draftd.status\"}"), &code);
  tap_ok (st != NULL, "the server stays up and answers");
  GPid pid = start_draftd (f);
  g_autoptr (JsonArray) d = lsp_wait_diagnostics (c, uri, 1, 120000);
  g_autoptr (JsonNode) back = wait_message (c, 3);
  tap_ok (d && lsp_find_diagnostic (d, "go") && back, "daemon back: the document is checked, and a message says so");
  if (pid) {
    kill (pid, SIGTERM);
    waitpid (pid, NULL, 0);
  }
}

int
main (void)
{
  BusFixture f;
  LspClient c;
  int status;
  if (!lsp_begin (&f, &c, &status))
    return status;
  int code;
  g_autoptr (JsonNode) init G_GNUC_UNUSED = lsp_initialize (&c, NULL);
  tap_ok (init != NULL, "initialize");
  g_autoptr (GString) text = g_string_new (NULL);
  test_incremental (&c, text);
  test_actions (&c);
  test_settings (&c);
  test_file_types (&c);
  test_cancel (&c);
  test_cancel_request (&c);
  test_daemon_restart (&c, &f);
  g_autoptr (JsonNode) down G_GNUC_UNUSED = lsp_call (&c, "shutdown", NULL, &code);
  lsp_notify (&c, "exit", NULL);
  tap_ok (lsp_wait_exit (&c, 20000) == 0, "shutdown and exit: status 0");
  lsp_stop (&c);
  bus_fixture_teardown (&f);
  return tap_done ();
}
