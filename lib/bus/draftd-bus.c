#include "lib/bus/draftd-bus.h"
#include <string.h>

void
draftd_bus_dict_add (DBusMessageIter *dict, const char *key, int type, const void *value)
{
  DBusMessageIter entry, var;
  char sig[2] = { (char) type, 0 };
  dbus_message_iter_open_container (dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
  dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &key);
  dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, sig, &var);
  dbus_message_iter_append_basic (&var, type, value);
  dbus_message_iter_close_container (&entry, &var);
  dbus_message_iter_close_container (dict, &entry);
}

void
draftd_bus_dict_add_strv (DBusMessageIter *dict, const char *key, const char *const *strv, int n)
{
  DBusMessageIter entry, var, arr;
  dbus_message_iter_open_container (dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
  dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &key);
  dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, "as", &var);
  dbus_message_iter_open_container (&var, DBUS_TYPE_ARRAY, "s", &arr);
  for (int i = 0; strv && (n < 0 ? strv[i] != NULL : i < n); i++)
    dbus_message_iter_append_basic (&arr, DBUS_TYPE_STRING, &strv[i]);
  dbus_message_iter_close_container (&var, &arr);
  dbus_message_iter_close_container (&entry, &var);
  dbus_message_iter_close_container (dict, &entry);
}

void
draftd_bus_append_variant_string (DBusMessageIter *it, const char *s)
{
  DBusMessageIter v;
  dbus_message_iter_open_container (it, DBUS_TYPE_VARIANT, "s", &v);
  dbus_message_iter_append_basic (&v, DBUS_TYPE_STRING, &s);
  dbus_message_iter_close_container (it, &v);
}

dbus_bool_t
draftd_bus_dict_find (DBusMessageIter *dict, const char *key, DBusMessageIter *var)
{
  DBusMessageIter d;
  if (dbus_message_iter_get_arg_type (dict) != DBUS_TYPE_ARRAY)
    return FALSE;
  dbus_message_iter_recurse (dict, &d);
  for (; dbus_message_iter_get_arg_type (&d) == DBUS_TYPE_DICT_ENTRY; dbus_message_iter_next (&d)) {
    DBusMessageIter en;
    const char *k;
    dbus_message_iter_recurse (&d, &en);
    if (dbus_message_iter_get_arg_type (&en) != DBUS_TYPE_STRING)
      return FALSE;
    dbus_message_iter_get_basic (&en, &k);
    dbus_message_iter_next (&en);
    if (strcmp (k, key) == 0) {
      dbus_message_iter_recurse (&en, var);
      return TRUE;
    }
  }
  return FALSE;
}

dbus_bool_t
draftd_bus_dict_get (DBusMessageIter *dict, const char *key, int type, void *out)
{
  DBusMessageIter var;
  if (!draftd_bus_dict_find (dict, key, &var) || dbus_message_iter_get_arg_type (&var) != type)
    return FALSE;
  dbus_message_iter_get_basic (&var, out);
  return TRUE;
}

dbus_bool_t
draftd_bus_dict_get_u32 (DBusMessageIter *dict, const char *key, dbus_uint32_t *out)
{
  return draftd_bus_dict_get (dict, key, DBUS_TYPE_UINT32, out);
}
