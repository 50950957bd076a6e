/* The language server: the message dispatch (server.c), the checker (diagnostics, checker.c)
 * and the code actions (actions.c). The state they share, and the host through which the
 * handlers call back, are host.h's. */
#pragma once
#include "client/lsp/host.h"

void draftd_lsp_settings_init (DraftdLspSettings *st);
void draftd_lsp_settings_clear (DraftdLspSettings *st);
/* Reads the draftd settings object (initializationOptions or didChangeConfiguration's draftd
 * member). TRUE when a setting the daemon's answers depend on (dialect) changed: the cached
 * answers no longer hold. */
gboolean draftd_lsp_settings_update (DraftdLspSettings *st, JsonObject *o);
/* The options of a Correct of `doc`'s text: the dialect setting, else the locale's; its file. */
void draftd_lsp_job_options (DraftdLspServer *s, DraftdLspDocument *doc, DraftdLspJobOptions *out);
/* Takes `rules` as the disabled rules, less those that are not rule ids (logged). */
void draftd_lsp_settings_set_rules (DraftdLspSettings *st, char **rules);

/* checker.c: diagnostics. */
void draftd_lsp_checker_schedule (DraftdLspServer *s, DraftdLspDocument *doc, guint delay_ms);
void draftd_lsp_checker_forget (DraftdLspServer *s, DraftdLspDocument *doc);
/* Every cached answer and every check under way dropped (the dialect changed): what is
 * checked next is asked of the daemon again. */
void draftd_lsp_checker_reset (DraftdLspServer *s);
/* The daemon came (TRUE) or went (FALSE). */
void draftd_lsp_checker_presence (DraftdLspServer *s, gboolean present);
/* {paragraphsChecked, cacheHits, jobsStarted, jobsCancelled, jobsFailed, cacheSize, paragraphsPending}. */
JsonNode *draftd_lsp_checker_stats (DraftdLspServer *s);
/* The Diagnostic for a fix: range, severity, code (its kind), message, data {replacement, kind, original}. */
JsonNode *draftd_lsp_fix_diagnostic (DraftdLspServer *s, DraftdLspDocument *doc, const DraftdLspFix *f);
void draftd_lsp_cached_edits_free (gpointer p);

/* actions.c: textDocument/codeAction and workspace/executeCommand. */
JsonNode *draftd_lsp_code_actions (DraftdLspServer *s, JsonObject *params, GError **error);
/* Starts a command; FALSE with an error for a bad one. The reply to `id` is sent when it ends. */
gboolean draftd_lsp_execute_command (DraftdLspServer *s, JsonNode *id, JsonObject *params, GError **error);
void draftd_lsp_cancel_request (DraftdLspServer *s, JsonNode *id);
/* The words of the .draftd/words.txt list above a file: URI join s->workspace_words. */
void draftd_lsp_load_workspace_words (DraftdLspServer *s, const char *uri);
extern const char *const draftd_lsp_commands[];
