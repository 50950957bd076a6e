/* The language server: its state, shared by the message dispatch (server.c), the checker
 * (diagnostics, checker.c) and the code actions (actions.c). */
#pragma once
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include "client/lsp/daemon-client.h"
#include "client/lsp/document.h"
#include "client/lsp/prose.h"
#include "client/lsp/rpc.h"

typedef struct {
  char **checks;             /* kinds reported (spelling, grammar, punctuation, style); NULL: all */
  char **presets;            /* rewrite instructions offered as code actions */
  GHashTable *dictionary;    /* casefolded words never flagged */
  DraftdLspProseOptions prose;
  guint debounce_ms;
  char **disabled_rules;     /* rule ids and families not reported (disabledRules; "Ignore this rule") */
  char *dialect;             /* "en-GB", or "" for none; NULL: the locale's (the daemon's config first) */
  char *language;            /* "uk": every document checked in it; NULL: auto (the document's declared, else each
                              * sentence's own) */
} DraftdLspSettings;

typedef struct _DraftdLspServer DraftdLspServer;
struct _DraftdLspServer {
  GMainLoop *loop;
  GOutputStream *out;
  DraftdLspReader reader;
  DraftdLspEncoding encoding;
  gboolean initialized, shutdown, exiting;
  int exit_code;
  DraftdLspSettings settings;
  GHashTable *documents;     /* uri -> DraftdLspDocument */
  DraftdLspDaemon *daemon;
  GHashTable *cache;         /* paragraph text -> GArray of DraftdLspEdit (Correct's answer) */
  GHashTable *commands;      /* JSON-RPC id (as text) -> job id of a running workspace/executeCommand */
  gint64 next_request;
  gboolean daemon_down;      /* an outage was announced; announce the recovery */
  guint retry_source, retry_seconds;
  guint64 cache_hits, paragraphs_checked;
  guint64 stale_changes; /* didChange notifications dropped for a version not above the document's */
  gboolean work_done_progress;  /* the client takes $/progress (window.workDoneProgress) */
  gboolean document_changes;    /* the client takes versioned documentChanges (workspace.workspaceEdit) */
  GHashTable *workspace_words;  /* casefolded words of the .draftd/words.txt lists of open documents */
  char *root_path;              /* the workspace's root folder (rootUri, the first workspaceFolder), or NULL */
  char *locale_dialect;         /* the dialect of the server's locale (lib/cli/dialect.h), or NULL */
};

void draftd_lsp_server_send (DraftdLspServer *s, JsonNode *message);
/* window/showMessage: type 1 error, 2 warning, 3 info, 4 log. */
void draftd_lsp_server_show (DraftdLspServer *s, int type, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

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
/* A document longer than this is not checked: a window/showMessage names its size and the
 * limit, once as it crosses it, and its diagnostics are cleared. Checked, it would hold the
 * daemon's queue for many minutes and the server's memory in the gigabytes. */
#define DRAFTD_LSP_MAX_CHECKED (8u << 20)
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
