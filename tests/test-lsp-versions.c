/* Issue 48: didChange versions out of order (5, 7, 6, 7, 3) were all applied, the text went
 * back to older versions and the diagnostics were labelled with the stale version. A change
 * at or below the version applied is now dropped: the text stays the newest version's, no
 * diagnostics are published for a stale version, and the server counts what it dropped.
 * Every change here replaces the whole text, each with a misspelling of its own, so the
 * diagnostics tell which text the server holds. Shipped models; needs hunspell-en-us. */
#include <string.h>
#include "tests/tap.h"
#include "tests/test-lsp-driver.h"

#define URI "file:///tmp/draftd-test/versions.txt"

static void
change (LspClient *c, gint64 version, const char *text)
{
  g_autofree char *q = lsp_quote (text);
  lsp_notify (c, "textDocument/didChange",
              lsp_json ("{\"textDocument\": {\"uri\": \"" URI "\", \"version\": %" G_GINT64_FORMAT "}, \"contentChanges\": "
                        "[{\"text\": %s}]}", version, q));
}

/* Publishes for URI until one at `version` holds `word` and nothing is pending; the
 * versions of every publish seen on the way, in *seen. */
static JsonArray *
wait_for (LspClient *c, gint64 version, const char *word, GString *seen)
{
  for (;;) {
    g_autoptr (JsonNode) m = lsp_wait (c, -1, "textDocument/publishDiagnostics", 120000);
    if (m == NULL)
      return NULL;
    JsonObject *p = draftd_lsp_get_object (json_node_get_object (m), "params");
    gint64 v = -1;
    draftd_lsp_get_int (p, "version", &v);
    g_string_append_printf (seen, " %" G_GINT64_FORMAT, v);
    JsonArray *d = draftd_lsp_get_array (p, "diagnostics");
    if (v == version && d && lsp_find_diagnostic (d, word) && lsp_stat (c, "paragraphsPending") == 0)
      return json_array_ref (d);
  }
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
  lsp_notify (&c, "textDocument/didOpen", lsp_did_open (URI, "plaintext", 5, "The fifth version has a mistaek.\n"));
  change (&c, 7, "The seventh version has a speling error.\n");
  change (&c, 6, "The sixth version has a typpo.\n");
  change (&c, 7, "The seventh again has an erorr.\n");
  change (&c, 3, "The third version has a wrongg word.\n");
  g_autoptr (GString) seen = g_string_new (NULL);
  g_autoptr (JsonArray) d = wait_for (&c, 7, "speling", seen);
  tap_ok (d != NULL, "version 7's text is checked: \"speling\" is flagged");
  gboolean stale_flagged = d && (lsp_find_diagnostic (d, "typpo") || lsp_find_diagnostic (d, "erorr") ||
                                 lsp_find_diagnostic (d, "wrongg") || lsp_find_diagnostic (d, "mistaek"));
  tap_ok (d && !stale_flagged, "and no word of the stale changes' texts: the text is version 7's");
  /* Anything still on its way comes before the answer to a request sent now. */
  gint64 stale = lsp_stat (&c, "staleChanges");
  JsonNode *m;
  while ((m = lsp_wait (&c, -1, "textDocument/publishDiagnostics", 0)) != NULL) {
    gint64 v = -1;
    draftd_lsp_get_int (draftd_lsp_get_object (json_node_get_object (m), "params"), "version", &v);
    g_string_append_printf (seen, " %" G_GINT64_FORMAT, v);
    json_node_unref (m);
  }
  g_auto (GStrv) versions = g_strsplit (g_strstrip (seen->str), " ", -1);
  gboolean only_applied = TRUE;
  for (guint i = 0; versions[i]; i++)
    only_applied = only_applied && (g_str_equal (versions[i], "5") || g_str_equal (versions[i], "7"));
  tap_ok (only_applied, "diagnostics are published for versions 5 and 7 only (published:%s)", seen->str);
  tap_ok (stale == 3, "the three stale changes (6, 7 again, 3) are counted as dropped (%" G_GINT64_FORMAT ")", stale);
  change (&c, 8, "The eighth version has a blunderr.\n");
  g_autoptr (GString) later = g_string_new (NULL);
  g_autoptr (JsonArray) d8 = wait_for (&c, 8, "blunderr", later);
  tap_ok (d8 != NULL, "a newer version after them is applied and checked");
  return lsp_end (&c, &f);
}
