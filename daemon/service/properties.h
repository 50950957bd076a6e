/* The standard interfaces libdbus leaves to us, for org.draftd.Assistant1's object:
 * org.freedesktop.DBus.Properties (Get, GetAll; every property is read-only) and
 * org.freedesktop.DBus.Introspectable (the shipped XML). */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

/* One read-only property of DRAFTD_BUS_IFACE: the getter walks these rows, and test-operations
 * holds them to the introspection XML (name and type). */
typedef struct {
  const char *name;
  const char *signature;  /* its type, as the XML gives it */
  /* Appends the value, one `signature`, inside the variant the getter has opened. */
  void (*append) (DBusMessageIter *value, gpointer user);
} DraftdProperty;

/* Handles the call if it is for one of the two interfaces, the properties those `n` rows;
 * FALSE if it is not. */
gboolean draftd_properties_handle (DBusConnection *c, DBusMessage *m, const DraftdProperty *properties, guint n,
                                   gpointer user);
