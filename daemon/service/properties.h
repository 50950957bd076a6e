/* The standard interfaces libdbus leaves to us, for org.draftd.Assistant1's object:
 * org.freedesktop.DBus.Properties (Get, GetAll; every property is read-only) and
 * org.freedesktop.DBus.Introspectable (the shipped XML). */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

/* The value of a property of DRAFTD_BUS_IFACE (floating or full reference), or NULL if none. */
typedef GVariant *(*DraftdPropertyGetter) (const char *name, gpointer user);

/* Handles the call if it is for one of the two interfaces; FALSE if it is not. */
gboolean draftd_properties_handle (DBusConnection *c, DBusMessage *m, DraftdPropertyGetter get, gpointer user);
