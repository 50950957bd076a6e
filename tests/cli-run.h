/* Running draftd's programs as a user would, for the command-line tests: environment
 * overrides (locale, colour, bus), stdin, captured output, the exit status; and JSON
 * checked by a parser. */
#pragma once
#include <glib.h>
#include <json-glib/json-glib.h>

typedef struct {
  char *out, *err;   /* NUL-terminated; may hold any bytes the program wrote */
  int status;        /* exit status, or 128 + signal */
} CliResult;

/* `exe` is relative to the build root ("client/draft", "tools/draftd-run"), or an absolute
 * path (another program: /usr/bin/python3). `env` holds
 * "NAME=VALUE" entries to set and "NAME" entries to unset. FALSE if it could not run. */
gboolean cli_run (const char *exe, const char *const *args, const char *const *env, const char *stdin_text, CliResult *r);
void cli_result_clear (CliResult *r);
/* Parses one JSON document; NULL (with the reason as a TAP diagnostic) if invalid. */
JsonNode *cli_parse_json (const char *text);
/* What a child wrote to its pseudo-terminal (forkpty's `fd`, closed here) until it closed
 * its side, then the child's wait status. */
char *cli_pty_collect (int fd, int pid, int *status);
