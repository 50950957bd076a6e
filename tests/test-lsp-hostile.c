/* Issue 24.2, 24.3 and 24.7: draftd-lsp against messages built to hurt it. Deeply nested
 * JSON, strings that are not text (a lone surrogate escape, \u0000, a raw NUL byte) and
 * frames whose Content-Length is wrong each get their error, and the server goes on: the
 * message after a bad frame is answered, a refused document is never opened; a Content-Length
 * it will not read (issue 35.2) is skipped as it arrives, and the message after it answered; a
 * didChange whose range does not fit the document is refused with a message, never applied as a
 * whole-document replacement (issue 35.6). */
#include <string.h>
#include "tests/tap.h"
#include "tests/test-lsp-driver.h"

#define URI "file:///tmp/draftd-test/hostile.txt"

static gint64
error_code (JsonNode *m)
{
  gint64 code = 0;
  draftd_lsp_get_int (draftd_lsp_get_object (json_node_get_object (m), "error"), "code", &code);
  return code;
}

static const char *
error_message (JsonNode *m)
{
  const char *s = draftd_lsp_get_string (draftd_lsp_get_object (json_node_get_object (m), "error"), "message");
  return s ? s : "(none)";
}

/* The server still answers: draftd.status gets its result. */
static void
check_alive (LspClient *c, const char *after)
{
  int code = 0;
  g_autoptr (JsonNode) r = lsp_call (c, "workspace/executeCommand", lsp_json ("{\"command\": \"draftd.status\"}"), &code);
  tap_ok (r != NULL && code == 0, "after %s the server still answers", after);
}

static void
send_framed (LspClient *c, const char *body, gsize len)
{
  g_autofree char *header = g_strdup_printf ("Content-Length: %zu\r\n\r\n", len);
  lsp_send_raw (c, header, strlen (header));
  lsp_send_raw (c, body, len);
}

/* A request `depth` levels deep: the message, its params, and arrays inside. */
static char *
nested_request (guint depth)
{
  g_autofree char *open = g_strnfill (depth - 2, '['), *close = g_strnfill (depth - 2, ']');
  return g_strdup_printf ("{\"jsonrpc\": \"2.0\", \"id\": 500, \"method\": \"x/y\", \"params\": {\"a\": %s%s}}", open,
                          close);
}

static void
test_nesting (LspClient *c)
{
  gsize n = 100000;
  g_autofree char *deep = g_malloc (n);
  memset (deep, '[', n);
  send_framed (c, deep, n);
  g_autoptr (JsonNode) m1 = lsp_next (c, 30000);
  tap_ok (m1 && error_code (m1) == DRAFTD_LSP_PARSE_ERROR, "100,000 nested arrays: %s", m1 ? error_message (m1) : "(no answer)");
  check_alive (c, "deep nesting");
  /* At the bound a message is read; one level more is refused. */
  g_autofree char *at_bound = nested_request (DRAFTD_LSP_MAX_DEPTH);
  lsp_send_json (c, "%s", at_bound);
  g_autoptr (JsonNode) m2 = lsp_wait (c, 500, NULL, 10000);
  tap_ok (m2 && error_code (m2) == DRAFTD_LSP_METHOD_NOT_FOUND, "%d levels deep: read (and its unknown method named)",
          DRAFTD_LSP_MAX_DEPTH);
  g_autofree char *past = nested_request (DRAFTD_LSP_MAX_DEPTH + 1);
  lsp_send_json (c, "%s", past);
  g_autoptr (JsonNode) m3 = lsp_next (c, 10000);
  tap_ok (m3 && error_code (m3) == DRAFTD_LSP_PARSE_ERROR, "%d levels: %s", DRAFTD_LSP_MAX_DEPTH + 1,
          m3 ? error_message (m3) : "(no answer)");
}

/* A didOpen whose text is not text: refused with a message to the user, never opened. */
static void
expect_refused_open (LspClient *c, const char *escaped_text, const char *what)
{
  lsp_send_json (c, "{\"jsonrpc\": \"2.0\", \"method\": \"textDocument/didOpen\", \"params\": {\"textDocument\": "
                    "{\"uri\": \"" URI "\", \"languageId\": \"plaintext\", \"version\": 1, \"text\": \"%s\"}}}",
                 escaped_text);
  g_autoptr (JsonNode) m = lsp_wait (c, -1, "window/showMessage", 10000);
  JsonObject *p = m ? draftd_lsp_get_object (json_node_get_object (m), "params") : NULL;
  const char *msg = draftd_lsp_get_string (p, "message");
  gint64 type = 0;
  draftd_lsp_get_int (p, "type", &type);
  tap_ok (msg && type == 1 && strstr (msg, "didOpen was refused") && !strstr (msg, "reachable"),
          "didOpen with %s: the user is told (%s)", what, msg ? msg : "nothing");
  int code = 0;
  g_autoptr (JsonNode) r = lsp_call (c, "textDocument/codeAction",
                                     lsp_json ("{\"textDocument\": {\"uri\": \"" URI "\"}, \"range\": {\"start\": {\"line\": 0, "
                                               "\"character\": 0}, \"end\": {\"line\": 0, \"character\": 1}}, "
                                               "\"context\": {\"diagnostics\": []}}"),
                                     &code);
  tap_ok (r == NULL && code == DRAFTD_LSP_INVALID_PARAMS, "and the document is not open (%d)", code);
}

static void
test_text (LspClient *c)
{
  expect_refused_open (c, "Hello \\ud800 there.", "a lone surrogate escape");
  expect_refused_open (c, "Hello \\udc00 there.", "a lone low surrogate escape");
  expect_refused_open (c, "Hello\\u0000 there.", "a \\u0000 escape");
  lsp_send_json (c, "{\"jsonrpc\": \"2.0\", \"id\": 600, \"method\": \"textDocument/codeAction\", \"params\": "
                    "{\"textDocument\": {\"uri\": \"file:///\\ud800x\"}}}");
  g_autoptr (JsonNode) m = lsp_wait (c, 600, NULL, 10000);
  tap_ok (m && error_code (m) == DRAFTD_LSP_INVALID_PARAMS, "a request with a lone surrogate: -32602 with its id (%s)",
          m ? error_message (m) : "no answer");
  static const char nul[] = "{\"jsonrpc\": \"2.0\", \"id\": 601, \"method\": \"x\0y\"}";
  send_framed (c, nul, sizeof nul - 1);
  g_autoptr (JsonNode) m2 = lsp_next (c, 10000);
  tap_ok (m2 && error_code (m2) == DRAFTD_LSP_PARSE_ERROR, "a raw NUL byte in a message: %s", m2 ? error_message (m2) : "no answer");
  check_alive (c, "text that is not text");
}

/* A frame whose Content-Length is wrong loses that frame only: the next message is answered. */
static void
test_framing (LspClient *c)
{
  static const char req[] = "{\"jsonrpc\": \"2.0\", \"id\": 700, \"method\": \"x/short\"}";
  g_autofree char *shorter = g_strdup_printf ("Content-Length: 10\r\n\r\n%sContent-Length: %zu\r\n\r\n%s", req,
                                              strlen (req), req);
  lsp_send_raw (c, shorter, strlen (shorter));
  g_autoptr (JsonNode) m1 = lsp_wait (c, 700, NULL, 10000);
  tap_ok (m1 && error_code (m1) == DRAFTD_LSP_METHOD_NOT_FOUND, "a Content-Length too small: the next message is answered");
  static const char req2[] = "{\"jsonrpc\": \"2.0\", \"id\": 701, \"method\": \"x/long\"}";
  g_autofree char *longer = g_strdup_printf ("Content-Length: 200\r\n\r\n%sContent-Length: %zu\r\n\r\n%s", req2,
                                             strlen (req2), req2);
  lsp_send_raw (c, longer, strlen (longer));
  g_autoptr (JsonNode) m2 = lsp_wait (c, 701, NULL, 10000);
  tap_ok (m2 && error_code (m2) == DRAFTD_LSP_METHOD_NOT_FOUND,
          "a Content-Length too large: the message inside its body is answered, with nothing more sent");
  check_alive (c, "wrong Content-Lengths");
}

/* Issue 35.6: a didChange whose range does not fit is refused with a message, and the
 * document keeps its text: never replaced whole. */
static void
test_bad_ranges (LspClient *c)
{
  static const char *const ranges[] = {
    "{\"start\": {\"line\": 0, \"character\": 5}, \"end\": {\"line\": 0, \"character\": 2}}",
    "{\"start\": {\"line\": 4000000000, \"character\": 0}, \"end\": {\"line\": 4000000000, \"character\": 0}}",
    "{\"start\": {\"line\": 0, \"character\": 99}, \"end\": {\"line\": 0, \"character\": 99}}",
    "{\"start\": {\"line\": -1, \"character\": 0}, \"end\": {\"line\": 0, \"character\": 0}}",
    "[]",
    "null",
  };
  lsp_notify (c, "textDocument/didOpen", lsp_did_open (URI, "plaintext", 1, "Short text.\n"));
  guint told = 0;
  for (guint i = 0; i < G_N_ELEMENTS (ranges); i++) {
    lsp_send_json (c, "{\"jsonrpc\": \"2.0\", \"method\": \"textDocument/didChange\", \"params\": {\"textDocument\": "
                      "{\"uri\": \"" URI "\", \"version\": %u}, \"contentChanges\": [{\"range\": %s, \"text\": \"X\"}]}}",
                   i + 2, ranges[i]);
    g_autoptr (JsonNode) m = lsp_wait (c, -1, "window/showMessage", 10000);
    const char *msg = m ? draftd_lsp_get_string (draftd_lsp_get_object (json_node_get_object (m), "params"), "message") : NULL;
    told += msg && strstr (msg, "refused") != NULL;
  }
  tap_ok (told == G_N_ELEMENTS (ranges), "%u of %zu malformed didChange ranges refused with a message", told, G_N_ELEMENTS (ranges));
  lsp_notify (c, "textDocument/didClose", lsp_json ("{\"textDocument\": {\"uri\": \"" URI "\"}}"));
  check_alive (c, "malformed didChange ranges");
}

/* Issue 35.2: a Content-Length the server will not read (over DRAFTD_LSP_MAX_FRAME, or past
 * any integer) is refused at once, its bytes are dropped as they come, and the message that
 * follows them is answered: no claim makes the server deaf. */
static void
expect_refused_claim (LspClient *c, const char *claim, gsize junk, gint64 id, const char *what)
{
  g_autofree char *header = g_strdup_printf ("Content-Length: %s\r\n\r\n", claim);
  lsp_send_raw (c, header, strlen (header));
  /* Its own error, past any answer to an earlier bad frame still on its way. */
  JsonNode *refused = NULL;
  while ((refused = lsp_next (c, 10000)) && !strstr (error_message (refused), "the limit is"))
    json_node_unref (refused);
  tap_ok (refused && error_code (refused) == DRAFTD_LSP_PARSE_ERROR, "%s: refused before its bytes come (%s)", what,
          refused ? error_message (refused) : "no answer");
  g_clear_pointer (&refused, json_node_unref);
  /* Some of what it claimed (JSON-ish bytes, no header), then a real request. */
  g_autofree char *body = g_strnfill (junk, 'x');
  lsp_send_raw (c, body, junk);
  g_autofree char *req = g_strdup_printf ("{\"jsonrpc\": \"2.0\", \"id\": %" G_GINT64_FORMAT ", \"method\": \"x/after\"}", id);
  send_framed (c, req, strlen (req));
  g_autoptr (JsonNode) m = lsp_wait (c, id, NULL, 30000);
  tap_ok (m && error_code (m) == DRAFTD_LSP_METHOD_NOT_FOUND, "%s: the request after %zu of its bytes is answered", what, junk);
}

static void
test_claims (LspClient *c)
{
  expect_refused_claim (c, "100000000", 1 << 20, 710, "a Content-Length of 100 MB");
  expect_refused_claim (c, "100000000000000000000", 1 << 20, 711, "a Content-Length of 10^20");
  expect_refused_claim (c, "9223372036854775807", 100, 712, "a Content-Length of 2^63 - 1");
  check_alive (c, "Content-Lengths it will not read");
}

int
main (void)
{
  int status = 1;
  BusFixture f;
  LspClient c;
  if (!lsp_begin (&f, &c, &status))
    return status;
  g_autoptr (JsonNode) init = lsp_initialize (&c, NULL);
  tap_ok (init != NULL, "initialize");
  test_nesting (&c);
  test_text (&c);
  test_framing (&c);
  test_bad_ranges (&c);
  test_claims (&c);
  return lsp_end (&c, &f);
}
