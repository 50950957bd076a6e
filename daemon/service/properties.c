#include "daemon/service/properties.h"
#include "lib/bus/draftd-bus.h"
#include "introspection.h"

/* The rows a call is answered from. */
typedef struct {
  const DraftdProperty *rows;
  guint n;
  gpointer user;
} Properties;

/* The property's value, in a variant of its row's type. */
static void
append_value (DBusMessageIter *it, const DraftdProperty *p, gpointer user)
{
  DBusMessageIter v;
  dbus_message_iter_open_container (it, DBUS_TYPE_VARIANT, p->signature, &v);
  p->append (&v, user);
  dbus_message_iter_close_container (it, &v);
}

static void
reply_error (DBusConnection *c, DBusMessage *m, const char *name, const char *message)
{
  DBusMessage *r = dbus_message_new_error (m, name, message);
  if (r) {
    dbus_connection_send (c, r, NULL);
    dbus_message_unref (r);
  }
}

static DBusMessage *
get_all (DBusConnection *c, DBusMessage *m, const Properties *ps)
{
  const char *iface = NULL;
  if (!dbus_message_has_signature (m, "s") || !dbus_message_get_args (m, NULL, DBUS_TYPE_STRING, &iface, DBUS_TYPE_INVALID)) {
    reply_error (c, m, DBUS_ERROR_INVALID_ARGS, "GetAll takes arguments (s)");
    return NULL;
  }
  /* An empty name means every interface (the specification's reading); another one has none. */
  if (!g_str_equal (iface, DRAFTD_BUS_IFACE) && *iface != 0) {
    reply_error (c, m, DBUS_ERROR_UNKNOWN_INTERFACE, "no such interface: the object has properties on " DRAFTD_BUS_IFACE " only");
    return NULL;
  }
  DBusMessage *r = dbus_message_new_method_return (m);
  DBusMessageIter it, dict, entry;
  dbus_message_iter_init_append (r, &it);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &dict);
  for (guint i = 0; i < ps->n; i++) {
    dbus_message_iter_open_container (&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
    dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &ps->rows[i].name);
    append_value (&entry, &ps->rows[i], ps->user);
    dbus_message_iter_close_container (&dict, &entry);
  }
  dbus_message_iter_close_container (&it, &dict);
  return r;
}

static DBusMessage *
get_one (DBusConnection *c, DBusMessage *m, const Properties *ps)
{
  const char *iface = NULL, *name = NULL;
  if (!dbus_message_get_args (m, NULL, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID)) {
    reply_error (c, m, DBUS_ERROR_INVALID_ARGS, "Get takes arguments (ss)");
    return NULL;
  }
  const DraftdProperty *p = NULL;
  for (guint i = 0; g_str_equal (iface, DRAFTD_BUS_IFACE) && p == NULL && i < ps->n; i++)
    if (g_str_equal (ps->rows[i].name, name))
      p = &ps->rows[i];
  if (p == NULL) {
    reply_error (c, m, DBUS_ERROR_UNKNOWN_PROPERTY, "no such property");
    return NULL;
  }
  DBusMessage *r = dbus_message_new_method_return (m);
  DBusMessageIter it;
  dbus_message_iter_init_append (r, &it);
  append_value (&it, p, ps->user);
  return r;
}

gboolean
draftd_properties_handle (DBusConnection *c, DBusMessage *m, const DraftdProperty *properties, guint n, gpointer user)
{
  const Properties ps = { properties, n, user };
  const char *iface = dbus_message_get_interface (m), *member = dbus_message_get_member (m);
  DBusMessage *r = NULL;
  if (iface && g_str_equal (iface, DBUS_INTERFACE_INTROSPECTABLE) && g_str_equal (member, "Introspect")) {
    const char *xml = draftd_introspection_xml;
    r = dbus_message_new_method_return (m);
    dbus_message_append_args (r, DBUS_TYPE_STRING, &xml, DBUS_TYPE_INVALID);
  } else if (iface && g_str_equal (iface, DBUS_INTERFACE_PROPERTIES)) {
    if (g_str_equal (member, "GetAll"))
      r = get_all (c, m, &ps);
    else if (g_str_equal (member, "Get"))
      r = get_one (c, m, &ps);
    else if (g_str_equal (member, "Set"))
      reply_error (c, m, DBUS_ERROR_PROPERTY_READ_ONLY, "all properties are read-only");
    else
      reply_error (c, m, DBUS_ERROR_UNKNOWN_METHOD, "unknown method");
  } else {
    return FALSE;
  }
  if (r) {
    dbus_connection_send (c, r, NULL);
    dbus_message_unref (r);
  }
  return TRUE;
}
