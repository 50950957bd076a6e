/* What checker.c and actions.c see of the language server: its state, and the host of the
 * calls they make back to server.c (send, and window/showMessage on top of it). */
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

/* What the handlers ask of the server that runs them (as operations.h gives the daemon's
 * service): server.c fills it in, so checker.c and actions.c call no function of server.c and
 * the calls between the three go one way. */
typedef struct {
  /* Writes `message` to the client and drops it; a failed write ends the server. */
  void (*send) (DraftdLspServer *s, JsonNode *message);
} DraftdLspHost;

struct _DraftdLspServer {
  DraftdLspHost host;
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
  GHashTable *unchecked_warned;  /* languages whose unchecked sentences were announced */
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

/* A document longer than this is not checked: a window/showMessage names its size and the
 * limit, once as it crosses it, and its diagnostics are cleared. Checked, it would hold the
 * daemon's queue for many minutes and the server's memory in the gigabytes. */
#define DRAFTD_LSP_MAX_CHECKED (8u << 20)

/* window/showMessage through the host: type 1 error, 2 warning, 3 info, 4 log. */
void draftd_lsp_host_show (DraftdLspServer *s, int type, const char *fmt, ...) G_GNUC_PRINTF (3, 4);
