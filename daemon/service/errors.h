/* The one place where a GError becomes an org.draftd.Error name (lib/bus/draftd-bus.h):
 * each domain the daemon can meet is mapped here, at the bus edge, and nowhere else. */
#pragma once
#include <glib.h>

const char *draftd_service_error_name (const GError *error);
