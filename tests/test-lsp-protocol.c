/* draftd-lsp at the JSON-RPC level: initialize and shutdown, exit statuses, framing split
 * and joined anyhow, every malformed message answered with its JSON-RPC error while the
 * server stays up, didOpen/didChange/didClose, positions in UTF-16 (the default), UTF-8
 * and UTF-32 over text with emoji and CJK, and a 10,000-line document. */
#include <string.h>
#include "tests/tap.h"
#include "tests/test-lsp-driver.h"

#define URI "file:///tmp/draftd-test/notes.txt"
/* Sentences the shipped target reliably corrects: "go" -> "went", "have" -> "has". */
static const char DOC[] = "Hello there.\n\nShe go to school yesterday.\n\nI like \xf0\x9f\x8d\x95 and \xe5\xaf\xbf\xe5\x8f\xb8. She have a cat.\n";

static gint64
error_code (JsonNode *m)
{
  gint64 code = 0;
  draftd_lsp_get_int (draftd_lsp_get_object (json_node_get_object (m), "error"), "code", &code);
  return code;
}

static gboolean
id_is_null (JsonNode *m)
{
  JsonNode *id = json_object_get_member (json_node_get_object (m), "id");
  return id && JSON_NODE_HOLDS_NULL (id);
}

/* Every diagnostic's range covers exactly the text it says it flags. */
static gboolean
ranges_match (const char *text, JsonArray *diags, const char *encoding)
{
  for (guint i = 0; i < json_array_get_length (diags); i++) {
    JsonObject *d = json_array_get_object_element (diags, i);
    JsonObject *r = draftd_lsp_get_object (d, "range");
    gssize a = lsp_offset (text, draftd_lsp_get_object (r, "start"), encoding);
    gssize b = lsp_offset (text, draftd_lsp_get_object (r, "end"), encoding);
    const char *orig = draftd_lsp_get_string (draftd_lsp_get_object (d, "data"), "original");
    if (a < 0 || b < a || orig == NULL || strlen (orig) != (gsize) (b - a) || strncmp (text + a, orig, b - a) != 0) {
      tap_diag ("diagnostic %u: range [%zd, %zd) does not cover '%s'", i, a, b, orig ? orig : "(none)");
      return FALSE;
    }
  }
  return TRUE;
}

static gint64
start_char (JsonObject *diag, gint64 *line)
{
  JsonObject *start = draftd_lsp_get_object (draftd_lsp_get_object (diag, "range"), "start");
  gint64 ch = -1;
  draftd_lsp_get_int (start, "line", line);
  draftd_lsp_get_int (start, "character", &ch);
  return ch;
}

static void
test_malformed (LspClient *c)
{
  lsp_send_raw (c, "Content-Length: 9\r\n\r\n{\"a\": [1}", 30);
  g_autoptr (JsonNode) m1 = lsp_next (c, 10000);
  tap_ok (m1 && error_code (m1) == DRAFTD_LSP_PARSE_ERROR && id_is_null (m1), "bad JSON: parse error (-32700), id null");
  const char *no_length = "Content-Type: application/vscode-jsonrpc\r\n\r\n{\"jsonrpc\": \"2.0\", \"id\": 99, \"method\": \"shutdown\"}";
  lsp_send_raw (c, no_length, strlen (no_length));
  g_autoptr (JsonNode) m2 = lsp_next (c, 10000);
  tap_ok (m2 && error_code (m2) == DRAFTD_LSP_PARSE_ERROR, "a header without Content-Length: parse error, its body skipped");
  lsp_send_json (c, "{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": \"textDocument/hover\", \"params\": {}}");
  g_autoptr (JsonNode) m3 = lsp_wait (c, 7, NULL, 10000);
  tap_ok (m3 && error_code (m3) == DRAFTD_LSP_METHOD_NOT_FOUND, "unknown method: -32601 with the request's id");
  lsp_send_json (c, "{\"jsonrpc\": \"2.0\", \"method\": \"$/unknownNotification\", \"params\": {}}");
  lsp_send_json (c, "{\"jsonrpc\": \"2.0\", \"id\": \"s-8\", \"method\": \"textDocument/codeAction\", \"params\": [1, 2]}");
  g_autoptr (JsonNode) m4 = lsp_next (c, 10000);
  JsonNode *id4 = m4 ? json_object_get_member (json_node_get_object (m4), "id") : NULL;
  tap_ok (m4 && error_code (m4) == DRAFTD_LSP_INVALID_PARAMS && id4 && g_strcmp0 (json_node_get_string (id4), "s-8") == 0,
          "params as an array: -32602 with the string id; the unknown notification got no answer");
  lsp_send_json (c, "{\"jsonrpc\": \"2.0\", \"id\": 9, \"method\": \"textDocument/codeAction\", \"params\": "
                    "{\"textDocument\": {\"uri\": \"" URI "\"}}}");
  g_autoptr (JsonNode) m5 = lsp_wait (c, 9, NULL, 10000);
  tap_ok (m5 && error_code (m5) == DRAFTD_LSP_INVALID_PARAMS, "codeAction without a range (or document): -32602");
  lsp_send_json (c, "{\"id\": 10, \"method\": \"shutdown\"}");
  g_autoptr (JsonNode) m6 = lsp_wait (c, 10, NULL, 10000);
  tap_ok (m6 && error_code (m6) == DRAFTD_LSP_INVALID_REQUEST, "no jsonrpc member: invalid request (-32600)");
  lsp_send_json (c, "{\"jsonrpc\": \"2.0\", \"id\": {\"x\": 1}, \"method\": \"shutdown\"}");
  g_autoptr (JsonNode) m7 = lsp_next (c, 10000);
  tap_ok (m7 && error_code (m7) == DRAFTD_LSP_INVALID_REQUEST && id_is_null (m7), "an object as id: -32600, id null");
  lsp_send_json (c, "[1, 2, 3]");
  g_autoptr (JsonNode) m8 = lsp_next (c, 10000);
  tap_ok (m8 && error_code (m8) == DRAFTD_LSP_INVALID_REQUEST, "a JSON array (batch): -32600");
  lsp_send_json (c, "{\"jsonrpc\": \"2.0\", \"id\": 11, \"method\": \"textDocument/didOpen\", \"params\": {}}");
  g_autoptr (JsonNode) m9 = lsp_wait (c, 11, NULL, 10000);
  tap_ok (m9 && error_code (m9) == DRAFTD_LSP_INVALID_REQUEST, "a notification sent with an id: -32600");
  /* One request split byte by byte, then two requests in one write. */
  g_autoptr (JsonNode) st = draftd_lsp_request (12, "workspace/executeCommand", lsp_json ("{\"command\": \"draftd.status\"}"));
  gsize len;
  g_autofree char *framed = draftd_lsp_frame (st, &len);
  for (gsize i = 0; i < len; i++)
    lsp_send_raw (c, framed + i, 1);
  g_autoptr (JsonNode) m10 = lsp_wait (c, 12, NULL, 10000);
  tap_ok (m10 && json_object_has_member (json_node_get_object (m10), "result"), "a message written one byte at a time is answered");
  g_autofree char *two = g_strdup_printf ("%s%s", framed, framed);
  lsp_send_raw (c, two, 2 * len);
  g_autoptr (JsonNode) m11 = lsp_wait (c, 12, NULL, 10000);
  g_autoptr (JsonNode) m12 = lsp_wait (c, 12, NULL, 10000);
  tap_ok (m11 && m12, "two messages in one write: both answered");
}

static void
test_document (LspClient *c)
{
  lsp_notify (c, "textDocument/didOpen", lsp_did_open (URI, "plaintext", 1, DOC));
  g_autoptr (JsonArray) d1 = lsp_wait_diagnostics (c, URI, 1, 120000);
  tap_ok (d1 != NULL, "didOpen: diagnostics published for version 1");
  JsonObject *go = lsp_find_diagnostic (d1, "go"), *have = lsp_find_diagnostic (d1, "have");
  gint64 line = -1;
  tap_ok (go && start_char (go, &line) == 4 && line == 2 &&
              g_strcmp0 (draftd_lsp_get_string (draftd_lsp_get_object (go, "data"), "replacement"), "went") == 0 &&
              g_strcmp0 (draftd_lsp_get_string (go, "code"), "verb-form") == 0 &&
              g_strcmp0 (draftd_lsp_get_string (draftd_lsp_get_object (go, "data"), "kind"), "verb form") == 0 &&
              g_strcmp0 (draftd_lsp_get_string (draftd_lsp_get_object (go, "data"), "rule"), "verb-form") == 0,
          "\"go\" flagged at 2:4 as a verb form: code the rule id verb-form, replacement \"went\" in data");
  gint64 sev = 0;
  tap_ok (go && draftd_lsp_get_int (go, "severity", &sev) && sev == 2 && g_strcmp0 (draftd_lsp_get_string (go, "source"), "draftd") == 0 &&
              draftd_lsp_get_string (go, "message") != NULL,
          "severity warning, source draftd, a message");
  /* UTF-16: the pizza is two code units, each kanji one: "have" starts at unit 22. */
  tap_ok (have && start_char (have, &line) == 22 && line == 4, "after an emoji and CJK, \"have\" is at UTF-16 character 22");
  tap_ok (d1 && ranges_match (DOC, d1, "utf-16"), "every diagnostic's UTF-16 range covers the text it flags");
  /* Incremental change at the diagnostic's own range: "have" -> "has". */
  g_autoptr (JsonNode) range = json_node_copy (json_object_get_member (have ? have : go, "range"));
  g_autoptr (JsonNode) change = lsp_json ("{\"textDocument\": {\"uri\": \"" URI "\", \"version\": 2}, \"contentChanges\": [{\"text\": \"has\"}]}");
  JsonObject *ch = json_array_get_object_element (draftd_lsp_get_array (json_node_get_object (change), "contentChanges"), 0);
  json_object_set_member (ch, "range", g_steal_pointer (&range));
  lsp_notify (c, "textDocument/didChange", g_steal_pointer (&change));
  g_autoptr (JsonArray) d2 = lsp_wait_diagnostics (c, URI, 2, 120000);
  g_autoptr (GString) edited = g_string_new (DOC);
  const char *at = strstr (edited->str, "have");
  g_string_erase (edited, at - edited->str, 4);
  g_string_insert (edited, at - edited->str, "has");
  tap_ok (d2 && lsp_find_diagnostic (d2, "have") == NULL && lsp_find_diagnostic (d2, "go") && ranges_match (edited->str, d2, "utf-16"),
          "didChange (a UTF-16 range after the emoji): \"have\" gone, \"go\" kept, ranges still right");
  lsp_notify (c, "textDocument/didClose", lsp_json ("{\"textDocument\": {\"uri\": \"" URI "\"}}"));
  g_autoptr (JsonArray) d3 = lsp_wait_diagnostics (c, URI, -1, 10000);
  tap_ok (d3 && json_array_get_length (d3) == 0, "didClose: diagnostics cleared");
  int code;
  g_autoptr (JsonNode) r = lsp_call (c, "textDocument/codeAction",
                                     lsp_json ("{\"textDocument\": {\"uri\": \"" URI "\"}, \"range\": {\"start\": {\"line\": 0, \"character\": 0}, "
                                               "\"end\": {\"line\": 0, \"character\": 1}}, \"context\": {\"diagnostics\": []}}"),
                                     &code);
  tap_ok (r == NULL && code == DRAFTD_LSP_INVALID_PARAMS, "a closed document is unknown (-32602)");
}

/* Another server negotiating `encodings`: the "have" of DOC must be at `expected`. */
static void
test_encoding (BusFixture *f, const char *encodings, const char *want, gint64 expected)
{
  LspClient c;
  if (!lsp_start (&c, f)) {
    tap_ok (FALSE, "draftd-lsp starts");
    return;
  }
  g_autoptr (JsonNode) init = lsp_initialize (&c, encodings);
  const char *got = init ? draftd_lsp_get_string (draftd_lsp_get_object (json_node_get_object (init), "capabilities"), "positionEncoding") : NULL;
  tap_ok (g_strcmp0 (got, want) == 0, "positionEncodings %s: the server picks %s (got %s)", encodings, want, got ? got : "nothing");
  lsp_notify (&c, "textDocument/didOpen", lsp_did_open (URI, "plaintext", 1, DOC));
  g_autoptr (JsonArray) d = lsp_wait_diagnostics (&c, URI, 1, 120000);
  JsonObject *have = d ? lsp_find_diagnostic (d, "have") : NULL;
  gint64 line;
  tap_ok (have && start_char (have, &line) == expected && d && ranges_match (DOC, d, want),
          "%s: \"have\" at character %" G_GINT64_FORMAT ", every range right", want, expected);
  /* exit without shutdown: status 1, as the protocol asks. */
  lsp_notify (&c, "exit", NULL);
  tap_ok (lsp_wait_exit (&c, 20000) == 1, "exit without shutdown: status 1");
  lsp_stop (&c);
}

/* 10,000 lines: 5,000 paragraphs, every 100th with an error; identical paragraphs are checked once. */
static void
test_long_document (LspClient *c)
{
  g_autoptr (GString) text = g_string_new (NULL);
  for (int i = 0; i < 5000; i++)
    g_string_append (text, i % 100 == 99 ? "She go to school yesterday.\n\n" : "This is a good day.\n\n");
  const char *uri = "file:///tmp/draftd-test/long.txt";
  lsp_notify (c, "textDocument/didOpen", lsp_did_open (uri, "plaintext", 1, text->str));
  g_autoptr (JsonArray) d = lsp_wait_diagnostics (c, uri, 1, 300000);
  guint n = d ? json_array_get_length (d) : 0, at_right_lines = 0;
  for (guint i = 0; i < n; i++) {
    gint64 line = -1;
    start_char (json_array_get_object_element (d, i), &line);
    at_right_lines += line % 200 == 198;
  }
  tap_ok (n == 50 && at_right_lines == 50, "10,000 lines: 50 diagnostics, each on its paragraph's line (%u, %u)", n, at_right_lines);
  gint64 last = -1;
  if (n)
    start_char (json_array_get_object_element (d, n - 1), &last);
  tap_ok (last == 9998, "the last one on line 9998 (%" G_GINT64_FORMAT ")", last);
  /* An edit on line 9,000 re-checks one paragraph. */
  gint64 checked = lsp_stat (c, "paragraphsChecked");
  lsp_notify (c, "textDocument/didChange",
              lsp_json ("{\"textDocument\": {\"uri\": \"%s\", \"version\": 2}, \"contentChanges\": [{\"range\": {\"start\": "
                        "{\"line\": 9000, \"character\": 0}, \"end\": {\"line\": 9000, \"character\": 4}}, \"text\": \"They was\"}]}",
                        uri));
  g_autoptr (JsonArray) d2 = lsp_wait_diagnostics (c, uri, 2, 120000);
  tap_ok (d2 && json_array_get_length (d2) >= 50 && lsp_stat (c, "paragraphsChecked") == checked + 1,
          "an edit on line 9,000: one paragraph re-checked, the other diagnostics kept");
  lsp_notify (c, "textDocument/didClose", lsp_json ("{\"textDocument\": {\"uri\": \"%s\"}}", uri));
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
  g_autoptr (JsonNode) early = lsp_call (&c, "textDocument/codeAction", lsp_json ("{}"), &code);
  tap_ok (early == NULL && code == DRAFTD_LSP_SERVER_NOT_INITIALIZED, "a request before initialize: -32002");
  g_autoptr (JsonNode) init = lsp_call (&c, "initialize", lsp_initialize_params (NULL, NULL), &code);
  JsonObject *caps = init ? draftd_lsp_get_object (json_node_get_object (init), "capabilities") : NULL;
  gint64 change = 0;
  tap_ok (caps && g_strcmp0 (draftd_lsp_get_string (caps, "positionEncoding"), "utf-16") == 0 &&
              draftd_lsp_get_int (draftd_lsp_get_object (caps, "textDocumentSync"), "change", &change) && change == 2 &&
              draftd_lsp_get_object (caps, "codeActionProvider") && draftd_lsp_get_object (caps, "executeCommandProvider"),
          "initialize: UTF-16 by default, incremental sync, code actions, commands");
  lsp_notify (&c, "initialized", lsp_json ("{}"));
  g_autoptr (JsonNode) again = lsp_call (&c, "initialize", lsp_initialize_params (NULL, NULL), &code);
  tap_ok (again == NULL && code == DRAFTD_LSP_INVALID_REQUEST, "a second initialize: -32600");
  test_malformed (&c);
  test_document (&c);
  test_long_document (&c);
  g_autoptr (JsonNode) down = lsp_call (&c, "shutdown", NULL, &code);
  tap_ok (code == 0 && down && JSON_NODE_HOLDS_NULL (down), "shutdown: result null");
  g_autoptr (JsonNode) after = lsp_call (&c, "textDocument/codeAction", lsp_json ("{}"), &code);
  tap_ok (after == NULL && code == DRAFTD_LSP_INVALID_REQUEST, "a request after shutdown: -32600");
  lsp_notify (&c, "exit", NULL);
  tap_ok (lsp_wait_exit (&c, 20000) == 0, "exit after shutdown: status 0");
  lsp_stop (&c);
  test_encoding (&f, "[\"utf-8\", \"utf-16\"]", "utf-8", 28);
  test_encoding (&f, "[\"utf-32\"]", "utf-32", 21);
  test_encoding (&f, "[\"latin-1\"]", "utf-16", 22);
  bus_fixture_teardown (&f);
  return tap_done ();
}
