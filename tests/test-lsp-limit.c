/* Issue 48: a document over the language server's limit (DRAFTD_LSP_MAX_CHECKED, 8 MiB) got
 * nothing at all: no diagnostics, no message, while its paragraphs held the daemon's queue.
 * Now it is not checked, the user is told its size and the limit (once as it crosses it),
 * and its diagnostics are cleared; cut under the limit it is checked again. Shipped models;
 * needs hunspell-en-us. */
#include <string.h>
#include "tests/tap.h"
#include "tests/test-lsp-driver.h"

#define URI "file:///tmp/draftd-test/huge.txt"
#define LINE "This sentence has a mistaek in it.\n\n"

static void
replace_text (LspClient *c, gint64 version, const char *text)
{
  g_autofree char *q = lsp_quote (text);
  lsp_notify (c, "textDocument/didChange",
              lsp_json ("{\"textDocument\": {\"uri\": \"" URI "\", \"version\": %" G_GINT64_FORMAT "}, \"contentChanges\": "
                        "[{\"text\": %s}]}", version, q));
}

static char *
shown_message (LspClient *c)
{
  g_autoptr (JsonNode) m = lsp_wait (c, -1, "window/showMessage", 120000);
  const char *msg = m ? draftd_lsp_get_string (draftd_lsp_get_object (json_node_get_object (m), "params"), "message") : NULL;
  return g_strdup (msg ? msg : "(no message)");
}

int
main (void)
{
  LspClient c;
  BusFixture f;
  int status;
  if (!lsp_begin (&f, &c, &status))
    return status;
  g_autoptr (JsonNode) init = lsp_initialize (&c, NULL);
  g_autoptr (GString) huge = g_string_new (NULL);
  while (huge->len <= (9u << 20))
    g_string_append (huge, LINE);
  lsp_notify (&c, "textDocument/didOpen", lsp_did_open (URI, "plaintext", 1, huge->str));
  g_autofree char *told = shown_message (&c);
  tap_ok (strstr (told, "huge.txt is 9.0 MiB") && strstr (told, "over 8 MiB are not checked"),
          "a 9 MiB document: the user is told its size and the limit: %s", told);
  g_autoptr (JsonArray) none = lsp_wait_diagnostics (&c, URI, 1, 120000);
  tap_ok (none && json_array_get_length (none) == 0, "its diagnostics are an empty list");
  tap_ok (lsp_stat (&c, "jobsStarted") == 0 && lsp_stat (&c, "paragraphsPending") == 0,
          "and none of its paragraphs went to the daemon");
  replace_text (&c, 2, LINE);
  g_autoptr (JsonArray) d = lsp_wait_checked (&c, URI, 2, 120000);
  tap_ok (d && lsp_find_diagnostic (d, "mistaek"), "cut under the limit, it is checked again");
  replace_text (&c, 3, huge->str);
  g_autofree char *again = shown_message (&c);
  g_autoptr (JsonArray) cleared = lsp_wait_diagnostics (&c, URI, 3, 120000);
  tap_ok (strstr (again, "not checked") && cleared && json_array_get_length (cleared) == 0,
          "grown past it again, the user is told again and the diagnostics cleared");
  return lsp_end (&c, &f);
}
