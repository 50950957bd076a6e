/* Where draftd's messages go: the systemd journal when it runs under systemd (its stderr
 * is the journal) or was activated by the bus with stderr on /dev/null while a journal is
 * there; stderr otherwise. --verbose shows info and debug messages as well. */
#pragma once
#include <glib.h>

void draftd_log_setup (gboolean verbose);
/* A failure that ends draftd: logged at the journal's "err" priority (stderr: "draftd: error: ..."),
 * so an activated daemon's reason is not lost with its /dev/null stderr. Never aborts, even
 * with G_DEBUG=fatal-criticals. */
void draftd_log_error (const char *fmt, ...) G_GNUC_PRINTF (1, 2);
/* $XDG_STATE_HOME/draftd/last-error: why the last start failed, where `draft` finds it (the
 * bus tells a client only "exited with status 1"). */
char *draftd_last_error_path (void);
/* Writes `message` there (a start that failed); NULL removes the file (draftd serves). */
void draftd_log_last_error (const char *message);
