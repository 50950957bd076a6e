/* The daemon as the language server sees it: Correct and Rewrite jobs started with
 * Start through lib/bus/client.h, their Edit signals collected until Finished or Failed, Cancel for
 * stale ones, a bound on how many run at once, and the daemon's comings and goings
 * (a call that finds no daemon starts it through D-Bus activation). */
#pragma once
#include "lib/bus/draftd-bus-methods.h"
#include <gio/gio.h>

typedef struct {
  guint32 offset, length;   /* UTF-8 bytes of the text sent */
  char *replacement, *kind;
  char *message;            /* NULL where the daemon sends none (edits of type (uuss)) */
  char *rule;               /* the rule id; NULL where the daemon sends none */
  gboolean suggestion;      /* offered, not a fix: the daemon's target doubted it (Correct's
                             * stats "suggestions"); never applied without the user's choice */
} DraftdLspEdit;

typedef struct _DraftdLspDaemon DraftdLspDaemon;

/* Called once per job: edits (DraftdLspEdit, the suggestions after the fixes) and the result
 * text on success, with
 * unchecked_language the language of sentences the daemon left unchecked ("und": it could
 * not be told; NULL: every sentence was checked); or an error (G_IO_ERROR_CANCELLED for a
 * cancelled job; a DRAFTD_BUS_CLIENT_ERROR when the daemon is missing, restarted mid-job or
 * refused the text). */
typedef void (*DraftdLspJobDone) (GArray *edits, const char *result, const char *unchecked_language, const GError *error,
                                  gpointer user);

/* Presence: called with TRUE when the daemon appears on the bus, FALSE when it goes. */
typedef void (*DraftdLspPresence) (gboolean present, gpointer user);

/* address NULL: the session bus (connected when first needed, again after a failure). */
DraftdLspDaemon *draftd_lsp_daemon_new (const char *address, guint max_running, DraftdLspPresence presence,
                                        gpointer user);
void draftd_lsp_daemon_free (DraftdLspDaemon *d);

/* What goes with a job beside its text, each as the Correct option of its name; NULL (or an
 * empty list) is not sent. dialect, locale_dialect, path and language go with Correct only. */
typedef struct {
  const char *const *disabled_rules;
  const char *dialect;          /* the dialect setting ("" none) */
  const char *locale_dialect;   /* the server's locale's, where the setting names none */
  const char *path;             /* the document's file: the daemon reads its workspace's words */
  const char *language;         /* the language setting, else the document's declared one; NULL: auto */
} DraftdLspJobOptions;

/* method: a grammar job (draftd-bus-methods.h), DRAFTD_BUS_CORRECT (instruction NULL) or
 * DRAFTD_BUS_REWRITE; options may be NULL. An urgent job (what
 * the user just typed or asked for) goes before the queued ones. Returns the job's id (never 0). */
guint64 draftd_lsp_daemon_start (DraftdLspDaemon *d, DraftdBusMethodId method, const char *text, const char *instruction,
                                 const DraftdLspJobOptions *options, gboolean urgent, DraftdLspJobDone done, gpointer user);
/* Stops a job: dropped if still queued here, Cancel on the bus if running. Its callback
 * runs (from the main loop) with G_IO_ERROR_CANCELLED. Unknown or finished ids are ignored. */
void draftd_lsp_daemon_cancel (DraftdLspDaemon *d, guint64 id);

typedef struct {
  guint64 started, cancelled, failed;
} DraftdLspDaemonStats;
void draftd_lsp_daemon_stats (DraftdLspDaemon *d, DraftdLspDaemonStats *out);

/* Whether the error means the daemon could not be reached (missing, restarting, no bus). */
gboolean draftd_lsp_daemon_unreachable (const GError *error);

/* Called once when a call is done: error NULL on success. */
typedef void (*DraftdLspCallDone) (const GError *error, gpointer user);
/* Adds a word to the user's personal word list (AddWord). */
void draftd_lsp_daemon_add_word (DraftdLspDaemon *d, const char *word, DraftdLspCallDone done, gpointer user);
