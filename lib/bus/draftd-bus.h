/* The D-Bus contract between draftd and its clients: the well-known names, the error
 * names, and the few libdbus message helpers the daemon, the client and the tests share
 * (an a{sv} entry, a string in a variant). The interface itself is documented in
 * daemon/service/org.draftd.Assistant1.xml. */
#pragma once
#include <dbus/dbus.h>
#include "lib/bus/draftd-bus-names.h"

/* Appends one {sv} entry holding a basic value to an open a{sv} array iterator. */
void draftd_bus_dict_add (DBusMessageIter *dict, const char *key, int type, const void *value);
/* Appends one {sv} entry holding an "as" of the n strings (n < 0: up to a NULL). */
void draftd_bus_dict_add_strv (DBusMessageIter *dict, const char *key, const char *const *strv, int n);
/* The variant under `key` in the a{sv} that `dict` points at, recursed into *var (the first
 * entry of that key); FALSE when absent or the dict is malformed. */
dbus_bool_t draftd_bus_dict_find (DBusMessageIter *dict, const char *key, DBusMessageIter *var);
/* The value of basic `type` under `key` in the a{sv} that `dict` points at, into *out (a
 * string stays the message's); FALSE when absent or of another type. */
dbus_bool_t draftd_bus_dict_get (DBusMessageIter *dict, const char *key, int type, void *out);
/* The uint32 under `key` in the a{sv} that `dict` points at; FALSE when absent or of another type. */
dbus_bool_t draftd_bus_dict_get_u32 (DBusMessageIter *dict, const char *key, dbus_uint32_t *out);
/* Appends a string wrapped in a variant (the av argument of Start). */
void draftd_bus_append_variant_string (DBusMessageIter *it, const char *s);
