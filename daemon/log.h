/* Where draftd's messages go: the systemd journal when it runs under systemd (its stderr
 * is the journal) or was activated by the bus with stderr on /dev/null while a journal is
 * there; stderr otherwise. --verbose shows info and debug messages as well. */
#pragma once
#include <glib.h>

void draftd_log_setup (gboolean verbose);
