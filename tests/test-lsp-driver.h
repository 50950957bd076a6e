/* Drives draftd-lsp over pipes as an editor would: framed JSON-RPC in, messages out,
 * with the daemon of a BusFixture behind it. Shared by the test-lsp-* tests. */
#pragma once
#include <json-glib/json-glib.h>
#include "client/lsp/rpc.h"
#include "tests/bus-fixture.h"

typedef struct {
  GPid pid;
  int in_fd, out_fd;
  DraftdLspReader reader;
  GQueue messages;       /* JsonNode *, received and not yet taken */
  gint64 next_id;
  gboolean exited;
  int status;
} LspClient;

/* A daemon with the shipped models on a private bus; FALSE when the test is over (see bus_fixture_begin). */
gboolean lsp_fixture_begin (BusFixture *f, int *exit_code);
gboolean lsp_start (LspClient *c, BusFixture *f);
/* Both of the above: FALSE when the test is over, with *exit_code what main() returns. */
gboolean lsp_begin (BusFixture *f, LspClient *c, int *exit_code);
/* initialize (offering encodings_json, may be NULL), then initialized; the initialize result. */
JsonNode *lsp_initialize (LspClient *c, const char *encodings_json);
/* didOpen (version 1), then its diagnostics (NULL if none came). */
JsonArray *lsp_open (LspClient *c, const char *uri, const char *language, const char *text);
/* Waits for the server to exit (after exit, or its input closed); its exit status, -1 on timeout. */
int lsp_wait_exit (LspClient *c, int timeout_ms);
void lsp_stop (LspClient *c);
/* The end of a test: shutdown and exit (checked), the server and the fixture stopped; what
 * main() returns. */
int lsp_end (LspClient *c, BusFixture *f);

/* Raw bytes, as they are. */
void lsp_send_raw (LspClient *c, const char *bytes, gsize len);
/* One framed message; params is consumed (may be NULL). */
void lsp_notify (LspClient *c, const char *method, JsonNode *params);
gint64 lsp_request (LspClient *c, const char *method, JsonNode *params);
/* A message from a JSON text (printf format), framed. */
void lsp_send_json (LspClient *c, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

/* The next message matching (a response to `id` when id >= 0, else a notification or request
 * named `method`); others are kept for later. NULL on timeout. Caller unrefs. */
JsonNode *lsp_wait (LspClient *c, gint64 id, const char *method, int timeout_ms);
/* The next message of any kind. */
JsonNode *lsp_next (LspClient *c, int timeout_ms);
/* The response to a request: its result (NULL on error or timeout, *code set to the error code). */
JsonNode *lsp_call (LspClient *c, const char *method, JsonNode *params, int *code);
/* Diagnostics published for uri at `version` (skips older ones). Caller unrefs the array. */
JsonArray *lsp_wait_diagnostics (LspClient *c, const char *uri, gint64 version, int timeout_ms);

/* The diagnostics published for uri at `version` once no paragraph is left to check (a long
 * check publishes as it goes: the first publish of a version may hold only some of them). */
JsonArray *lsp_wait_checked (LspClient *c, const char *uri, gint64 version, int timeout_ms);

/* Builders: JSON from a printf-format text (tests' literal messages), and a string value. */
JsonNode *lsp_json (const char *fmt, ...) G_GNUC_PRINTF (1, 2);
char *lsp_quote (const char *s);
JsonNode *lsp_initialize_params (const char *encodings_json, const char *options_json);
JsonNode *lsp_did_open (const char *uri, const char *language, gint64 version, const char *text);
/* A range over `text` from byte offsets, in the encoding's units. */
JsonNode *lsp_range (const char *text, gsize start, gsize end, const char *encoding);
/* The byte offset of an LSP position over `text` in the encoding; -1 if outside. */
gssize lsp_offset (const char *text, JsonObject *position, const char *encoding);
/* The executeCommand draftd.status counters. */
gint64 lsp_stat (LspClient *c, const char *name);
/* A diagnostic whose data.original is `original`, or NULL. */
JsonObject *lsp_find_diagnostic (JsonArray *diags, const char *original);

/* Runs an editor (argv, with the fixture's bus, DRAFTD_LSP (the server's command line,
 * split at spaces by the scripts), DRAFTD_SOURCE_ROOT, DRAFTD_RESULT
 * and a private HOME in its environment, plus env_pairs: name, value, ..., NULL) and turns
 * the "ok ..." / "not ok ..." lines it writes to $DRAFTD_RESULT into TAP results. */
gboolean lsp_run_editor (BusFixture *f, const char *const *argv, const char *const *env_pairs, guint expected);
