#include "daemon/service/dbus-gvariant.h"

void
draftd_dbus_append_gvariant_in_variant (DBusMessageIter *it, GVariant *v)
{
  DBusMessageIter var;
  dbus_message_iter_open_container (it, DBUS_TYPE_VARIANT, g_variant_get_type_string (v), &var);
  draftd_dbus_append_gvariant (&var, v);
  dbus_message_iter_close_container (it, &var);
}

static void
append_vardict (DBusMessageIter *it, GVariant *v)
{
  DBusMessageIter d, e;
  GVariantIter gi;
  const char *k;
  GVariant *val;
  dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "{sv}", &d);
  g_variant_iter_init (&gi, v);
  while (g_variant_iter_next (&gi, "{&sv}", &k, &val)) {
    dbus_message_iter_open_container (&d, DBUS_TYPE_DICT_ENTRY, NULL, &e);
    dbus_message_iter_append_basic (&e, DBUS_TYPE_STRING, &k);
    draftd_dbus_append_gvariant_in_variant (&e, val);
    dbus_message_iter_close_container (&d, &e);
    g_variant_unref (val);
  }
  dbus_message_iter_close_container (it, &d);
}

void
draftd_dbus_append_gvariant (DBusMessageIter *it, GVariant *v)
{
  if (g_variant_is_of_type (v, G_VARIANT_TYPE_STRING)) {
    const char *s = g_variant_get_string (v, NULL);
    dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &s);
  } else if (g_variant_is_of_type (v, G_VARIANT_TYPE_BOOLEAN)) {
    dbus_bool_t b = g_variant_get_boolean (v);
    dbus_message_iter_append_basic (it, DBUS_TYPE_BOOLEAN, &b);
  } else if (g_variant_is_of_type (v, G_VARIANT_TYPE_UINT32)) {
    guint32 u = g_variant_get_uint32 (v);
    dbus_message_iter_append_basic (it, DBUS_TYPE_UINT32, &u);
  } else if (g_variant_is_of_type (v, G_VARIANT_TYPE_UINT64)) {
    guint64 u = g_variant_get_uint64 (v);
    dbus_message_iter_append_basic (it, DBUS_TYPE_UINT64, &u);
  } else if (g_variant_is_of_type (v, G_VARIANT_TYPE_DOUBLE)) {
    double d = g_variant_get_double (v);
    dbus_message_iter_append_basic (it, DBUS_TYPE_DOUBLE, &d);
  } else if (g_variant_is_of_type (v, G_VARIANT_TYPE_VARDICT)) {
    append_vardict (it, v);
  } else {
    g_critical ("no D-Bus mapping for GVariant type %s", g_variant_get_type_string (v));
  }
}
