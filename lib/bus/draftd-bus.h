/* The D-Bus contract between draftd and its clients: the well-known names, the error
 * names, and the few libdbus message helpers the daemon, the client and the tests share
 * (an a{sv} entry, a string in a variant). The interface itself is documented in
 * daemon/service/org.draftd.Assistant1.xml. */
#pragma once
#include <dbus/dbus.h>

#define DRAFTD_BUS_NAME "org.draftd.Assistant1"
#define DRAFTD_BUS_PATH "/org/draftd/Assistant1"
#define DRAFTD_BUS_IFACE "org.draftd.Assistant1"
#define DRAFTD_BUS_JOB_IFACE "org.draftd.Assistant1"

/* Error names, one per failure a client can act on. */
#define DRAFTD_BUS_ERROR_INVALID_ARGUMENT "org.draftd.Error.InvalidArgument"
#define DRAFTD_BUS_ERROR_INVALID_TEXT "org.draftd.Error.InvalidText"
#define DRAFTD_BUS_ERROR_TOO_LONG "org.draftd.Error.TooLong"
#define DRAFTD_BUS_ERROR_CANCELLED "org.draftd.Error.Cancelled"
#define DRAFTD_BUS_ERROR_NO_MODEL "org.draftd.Error.NoModel"
#define DRAFTD_BUS_ERROR_BUSY "org.draftd.Error.Busy"
#define DRAFTD_BUS_ERROR_INTERNAL "org.draftd.Error.Internal"

/* Appends one {sv} entry holding a basic value to an open a{sv} array iterator. */
void draftd_bus_dict_add (DBusMessageIter *dict, const char *key, int type, const void *value);
/* Appends a string wrapped in a variant (the av argument of Start). */
void draftd_bus_append_variant_string (DBusMessageIter *it, const char *s);
