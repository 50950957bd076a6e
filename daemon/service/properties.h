/* The standard interfaces libdbus leaves to us, for org.draftd.Assistant1's object:
 * org.freedesktop.DBus.Properties (Get, GetAll; every property is read-only) and
 * org.freedesktop.DBus.Introspectable (the shipped XML). */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

/* Appends the value of a property of DRAFTD_BUS_IFACE, in a variant, to `it`; FALSE (and
 * nothing appended) when there is no such property. */
typedef gboolean (*DraftdPropertyGetter) (const char *name, DBusMessageIter *it, gpointer user);

/* Handles the call if it is for one of the two interfaces; FALSE if it is not. */
gboolean draftd_properties_handle (DBusConnection *c, DBusMessage *m, DraftdPropertyGetter get, gpointer user);
