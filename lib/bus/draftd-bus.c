#include "lib/bus/draftd-bus.h"

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
draftd_bus_append_variant_string (DBusMessageIter *it, const char *s)
{
  DBusMessageIter v;
  dbus_message_iter_open_container (it, DBUS_TYPE_VARIANT, "s", &v);
  dbus_message_iter_append_basic (&v, DBUS_TYPE_STRING, &s);
  dbus_message_iter_close_container (it, &v);
}
