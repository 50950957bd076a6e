/* What every draftd command-line program does the same way: the locale, arguments taken as
 * UTF-8 whatever the locale, --version, usage errors with exit status 2, and JSON written
 * by json-glib. Exit statuses: 0 success, 1 failure, 2 usage. */
#pragma once
#include <glib.h>
#include <json-glib/json-glib.h>

#define DRAFTD_CLI_EXIT_OK 0
#define DRAFTD_CLI_EXIT_FAILURE 1
#define DRAFTD_CLI_EXIT_USAGE 2

/* setlocale (LC_ALL, ""), and GLib's printing made to write UTF-8 as it is: converting it to
 * the locale's charset would print '?' for every non-ASCII character under LC_ALL=C. */
void draftd_cli_init (void);

/* Parses `entries` plus --version. Text options must be declared G_OPTION_ARG_FILENAME (raw
 * bytes): G_OPTION_ARG_STRING converts from the locale's charset and fails on UTF-8 under
 * the C locale. Every string option and remaining argument is then checked to be UTF-8.
 * Returns TRUE to go on; FALSE with *exit_status set when the program should end now
 * (--version printed: 0; a usage error printed with a pointer to --help: 2). */
gboolean draftd_cli_parse (GOptionContext *ctx, const char *prog, const GOptionEntry *entries, int *argc, char ***argv,
                           int *exit_status);

/* Prints "prog: message" and a pointer to --help; returns DRAFTD_CLI_EXIT_USAGE. */
int draftd_cli_usage_error (const char *prog, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

/* Prints "prog: error message"; returns `status`. */
int draftd_cli_fail (const char *prog, const GError *error, int status);

/* The node as compact (one line) or pretty JSON text, newline not included. */
char *draftd_cli_json_text (JsonNode *node, gboolean pretty);
/* The builder's root as JSON text. */
char *draftd_cli_json_builder_text (JsonBuilder *b, gboolean pretty);

/* Why a draftd the bus started could not start, as it left it in
 * $XDG_STATE_HOME/draftd/last-error (the bus says only "exited with status 1"), when the file
 * dates from `since` (real time, µs) or later; NULL otherwise. Its path in *path. */
char *draftd_cli_start_failure (gint64 since, char **path);
