/* Issue 48: documents are checked fairly against one another. A short document opened while
 * another's long check runs used to wait behind every paragraph of it (40 s in a probe);
 * its first check now goes ahead, as an edit does. The test tells by events, not times: the
 * short document's diagnostics must come while the long one still has paragraphs pending.
 * Shipped models; needs hunspell-en-us. */
#include <string.h>
#include "tests/tap.h"
#include "tests/test-lsp-driver.h"

#define LONG_URI "file:///tmp/draftd-test/fair-long.txt"
#define SHORT_URI "file:///tmp/draftd-test/fair-short.txt"
#define PARAGRAPHS 60

int
main (void)
{
  LspClient c;
  BusFixture f;
  int status;
  if (!lsp_begin (&f, &c, &status))
    return status;
  g_autoptr (JsonNode) init = lsp_initialize (&c, NULL);
  g_autoptr (GString) text = g_string_new (NULL);
  for (guint i = 0; i < PARAGRAPHS; i++)
    g_string_append_printf (text, "Paragraph %u says that she go to school every day.\n\n", i);
  lsp_notify (&c, "textDocument/didOpen", lsp_did_open (LONG_URI, "plaintext", 1, text->str));
  /* The long check is under way: the daemon holds its first jobs. */
  gint64 pending = 0;
  for (guint i = 0; i < 1000 && (pending = lsp_stat (&c, "paragraphsPending")) < PARAGRAPHS / 2; i++)
    ;
  tap_ok (pending >= PARAGRAPHS / 2, "a %u-paragraph document's check is under way (%" G_GINT64_FORMAT " pending)", PARAGRAPHS,
          pending);
  lsp_notify (&c, "textDocument/didOpen", lsp_did_open (SHORT_URI, "plaintext", 1, "A short note with a mistaek.\n"));
  g_autoptr (JsonArray) d = lsp_wait_diagnostics (&c, SHORT_URI, 1, 300000);
  gint64 left = lsp_stat (&c, "paragraphsPending");
  tap_ok (d && lsp_find_diagnostic (d, "mistaek"), "the short document gets its diagnostics");
  tap_ok (left > 0, "before the long one's check is over (%" G_GINT64_FORMAT " of its paragraphs still pending)", left);
  g_autoptr (JsonArray) all = lsp_wait_checked (&c, LONG_URI, 1, 600000);
  tap_ok (all && json_array_get_length (all) >= PARAGRAPHS, "and the long one is checked whole after all (%u diagnostics)",
          all ? json_array_get_length (all) : 0);
  return lsp_end (&c, &f);
}
