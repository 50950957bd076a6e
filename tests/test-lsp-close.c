/* Issue 24.6: closing a document of 100,000 paragraphs, each a Correct job queued for the
 * daemon, costs about what opening it did (each cancelled job used to be looked for along
 * the whole queue: 11 s to two minutes without an answer). The measure is relative: until
 * a status request sent after didClose is answered, against until the opened document's
 * jobs were all started. */
#include <string.h>
#include "tests/tap.h"
#include "tests/test-lsp-driver.h"

#define PARAGRAPHS 100000
#define URI "file:///tmp/draftd-test/large.txt"

/* Milliseconds from sending `method` (params consumed) until the status command answers
 * with `stat` at `want` or more (any value when `stat` is NULL). */
static double
settled_after (LspClient *c, const char *method, JsonNode *params, const char *stat, gint64 want)
{
  gint64 t0 = g_get_monotonic_time ();
  lsp_notify (c, method, params);
  for (int i = 0; i < 6000; i++) {
    gint64 v = lsp_stat (c, stat ? stat : "jobsStarted");
    if (stat == NULL || v >= want)
      break;
    g_usleep (10000);
  }
  return (g_get_monotonic_time () - t0) / 1e3;
}

int
main (void)
{
  LspClient c;
  BusFixture f;
  int status;
  if (!lsp_begin (&f, &c, &status))
    return status;
  GString *text = g_string_new (NULL);
  g_autoptr (JsonNode) init = lsp_initialize (&c, NULL);
  for (guint i = 0; i < PARAGRAPHS; i++)
    g_string_append_printf (text, "Paragraph %u go here.\n\n", i);
  /* Opening counts until every paragraph has its job: the work closing undoes. */
  double open_ms = settled_after (&c, "textDocument/didOpen", lsp_did_open (URI, "plaintext", 1, text->str),
                                  "paragraphsChecked", PARAGRAPHS);
  g_string_free (text, TRUE);
  tap_ok (init && lsp_stat (&c, "paragraphsChecked") == PARAGRAPHS, "a %u-paragraph document is opened, a job per paragraph (%.0f ms)",
          PARAGRAPHS, open_ms);
  double close_ms = settled_after (&c, "textDocument/didClose", lsp_json ("{\"textDocument\": {\"uri\": \"" URI "\"}}"),
                                   NULL, 0);
  /* Linear, closing is about as much work as opening; quadratic, it was a hundred times
   * that and more. A second of slack for a loaded machine. */
  tap_ok (close_ms <= 3 * open_ms + 1000, "didClose costs about what didOpen does (%.0f ms against %.0f ms)", close_ms,
          open_ms);
  /* All but the few the daemon finished before the close. */
  settled_after (&c, "$/noop", NULL, "jobsCancelled", PARAGRAPHS - 100);
  gint64 cancelled = lsp_stat (&c, "jobsCancelled");
  tap_ok (cancelled >= PARAGRAPHS - 100, "its jobs are cancelled (%" G_GINT64_FORMAT ")", cancelled);
  return lsp_end (&c, &f);
}
