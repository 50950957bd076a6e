/* GVariant -> libdbus: the property values the daemon builds as GVariants, written into
 * libdbus messages. Covers the types the properties use (s, b, u, t, d, a{sv}). */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

/* Appends `v` as its own D-Bus type. */
void draftd_dbus_append_gvariant (DBusMessageIter *it, GVariant *v);
/* Appends `v` wrapped in a variant. */
void draftd_dbus_append_gvariant_in_variant (DBusMessageIter *it, GVariant *v);
