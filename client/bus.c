/* The client's side of the bus: one private connection, opened on first use. */
#include <stdio.h>
#include <string.h>
#include "client/client.h"
#include "lib/bus/client.h"
#include "lib/cli/cli.h"

static char *bus_address;
static DraftdBus *bus;
static gint64 opened_at;  /* real time (µs) the connection opened: later starts are this run's */

void
draft_bus_set_address (const char *address)
{
  g_free (bus_address);
  bus_address = g_strdup (address);
}

const char *
draft_bus_address (void)
{
  return bus_address;
}

static DraftdBus *
open_bus (GError **error)
{
  if (bus == NULL) {
    opened_at = g_get_real_time ();
    bus = draftd_bus_open (bus_address, NULL, error);
  }
  return bus;
}

DraftdBus *
draft_bus_quiet (void)
{
  return open_bus (NULL);
}

DraftdBus *
draft_bus (void)
{
  if (bus)
    return bus;
  g_autoptr (GError) error = NULL;
  if (open_bus (&error) == NULL)
    g_printerr ("draft: cannot connect to the session bus: %s\n"
                "       draftd serves the D-Bus session bus; in a session without one, run the daemon and the\n"
                "       client under `dbus-run-session`, or give the daemon's bus with --address.\n", error->message);
  return bus;
}

void
draft_bus_close (void)
{
  g_clear_pointer (&bus, draftd_bus_free);
  g_clear_pointer (&bus_address, g_free);
}

/* The reason a start of draftd by the bus failed during this run, which the daemon left in
 * $XDG_STATE_HOME/draftd/last-error (the bus itself says only "exited with status 1");
 * FALSE when there is none this recent. */
static gboolean
print_start_failure (void)
{
  g_autofree char *path = NULL;
  g_autofree char *text = draftd_cli_start_failure (opened_at, &path);
  if (text == NULL)
    return FALSE;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_printerr ("draft: draftd could not start:\n");
  for (guint i = 0; lines[i]; i++)
    g_printerr ("       %s\n", lines[i]);
  g_printerr ("       (the reason is kept in %s)\n", path);
  return TRUE;
}

void
draft_bus_print_error (const GError *error)
{
  if ((draftd_bus_client_unreachable (error) || g_error_matches (error, DRAFTD_BUS_CLIENT_ERROR, DRAFTD_BUS_CLIENT_ERROR_FAILED)) &&
      print_start_failure ())
    return;
  if (g_error_matches (error, DRAFTD_BUS_CLIENT_ERROR, DRAFTD_BUS_CLIENT_ERROR_NO_DAEMON))
    /* A daemon started from a shell dies with the terminal: point at the two ways that last. */
    g_printerr ("draft: draftd is not running, and the bus could not start it.\n"
                "       With draftd installed, the bus starts it on demand (D-Bus activation), or enable the\n"
                "       systemd user unit so it runs with your session:\n"
                "           systemctl --user enable --now draftd\n"
                "       From a source tree: build/daemon/draftd (it stops with that terminal).\n");
  else if (g_strcmp0 (draftd_bus_client_error_name (error), DRAFTD_BUS_ERROR_INVALID_ARGUMENT) == 0 &&
           strstr (error->message, "unknown option '"))
    /* draft sends an option the running daemon predates (locale_dialect after an upgrade):
     * the bus keeps the old daemon until it is restarted. */
    g_printerr ("draft: %s\n"
                "       The draftd running is older than this draft: restart it (systemctl --user restart draftd).\n",
                error->message);
  else
    g_printerr ("draft: %s\n", error->message);
}

DBusMessage *
draft_bus_call (DBusMessage *m, int timeout_ms)
{
  DraftdBus *b = draft_bus ();
  if (b == NULL) {
    dbus_message_unref (m);
    return NULL;
  }
  g_autoptr (GError) error = NULL;
  DBusMessage *r = draftd_bus_call_sync (b, m, timeout_ms, &error);
  if (r == NULL)
    draft_bus_print_error (error);
  return r;
}

static JsonNode *
basic_to_json (DBusMessageIter *v)
{
  union {
    dbus_uint32_t u;
    dbus_int32_t i;
    dbus_uint64_t t;
    dbus_int64_t x;
    double d;
    dbus_bool_t b;
    const char *s;
  } x;
  JsonNode *n = json_node_new (JSON_NODE_VALUE);
  dbus_message_iter_get_basic (v, &x);
  switch (dbus_message_iter_get_arg_type (v)) {
  case DBUS_TYPE_UINT32: json_node_set_int (n, x.u); break;
  case DBUS_TYPE_INT32: json_node_set_int (n, x.i); break;
  case DBUS_TYPE_UINT64: json_node_set_int (n, (gint64) x.t); break;
  case DBUS_TYPE_INT64: json_node_set_int (n, x.x); break;
  case DBUS_TYPE_DOUBLE: json_node_set_double (n, x.d); break;
  case DBUS_TYPE_BOOLEAN: json_node_set_boolean (n, x.b); break;
  case DBUS_TYPE_STRING:
  case DBUS_TYPE_OBJECT_PATH: json_node_set_string (n, x.s); break;
  default: json_node_init_null (n);
  }
  return n;
}

static JsonNode *
array_to_json (DBusMessageIter *arr)
{
  DBusMessageIter d;
  dbus_message_iter_recurse (arr, &d);
  if (dbus_message_iter_get_element_type (arr) == DBUS_TYPE_DICT_ENTRY) {
    JsonObject *o = json_object_new ();
    for (; dbus_message_iter_get_arg_type (&d) == DBUS_TYPE_DICT_ENTRY; dbus_message_iter_next (&d)) {
      DBusMessageIter e;
      const char *k;
      dbus_message_iter_recurse (&d, &e);
      if (dbus_message_iter_get_arg_type (&e) != DBUS_TYPE_STRING)
        continue;
      dbus_message_iter_get_basic (&e, &k);
      dbus_message_iter_next (&e);
      json_object_set_member (o, k, draft_bus_value_to_json (&e));
    }
    return json_node_init_object (json_node_alloc (), o);
  }
  JsonArray *a = json_array_new ();
  for (; dbus_message_iter_get_arg_type (&d) != DBUS_TYPE_INVALID; dbus_message_iter_next (&d))
    json_array_add_element (a, draft_bus_value_to_json (&d));
  return json_node_init_array (json_node_alloc (), a);
}

JsonNode *
draft_bus_value_to_json (DBusMessageIter *it)
{
  DBusMessageIter inner;
  switch (dbus_message_iter_get_arg_type (it)) {
  case DBUS_TYPE_VARIANT:
    dbus_message_iter_recurse (it, &inner);
    return draft_bus_value_to_json (&inner);
  case DBUS_TYPE_ARRAY:
    return array_to_json (it);
  case DBUS_TYPE_STRUCT: {
    JsonArray *a = json_array_new ();
    for (dbus_message_iter_recurse (it, &inner); dbus_message_iter_get_arg_type (&inner) != DBUS_TYPE_INVALID;
         dbus_message_iter_next (&inner))
      json_array_add_element (a, draft_bus_value_to_json (&inner));
    return json_node_init_array (json_node_alloc (), a);
  }
  default:
    return basic_to_json (it);
  }
}

JsonNode *
draft_bus_get_property (const char *name)
{
  DBusMessage *m = dbus_message_new_method_call (DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DBUS_INTERFACE_PROPERTIES, "Get");
  const char *iface = DRAFTD_BUS_IFACE;
  dbus_message_append_args (m, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID);
  DBusMessage *r = draft_bus_call (m, 30000);
  if (r == NULL)
    return NULL;
  DBusMessageIter it;
  JsonNode *n = dbus_message_iter_init (r, &it) ? draft_bus_value_to_json (&it) : json_node_new (JSON_NODE_NULL);
  dbus_message_unref (r);
  return n;
}

/* The Models property as a JSON object, or NULL. Quiet on failure: the request it goes with
 * reports an unreachable daemon in its own words. */
JsonObject *
draft_bus_models_quiet (void)
{
  DraftdBus *b = draft_bus ();
  if (b == NULL)
    return NULL;
  DBusMessage *m = dbus_message_new_method_call (DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DBUS_INTERFACE_PROPERTIES, "Get");
  const char *iface = DRAFTD_BUS_IFACE, *name = "Models";
  dbus_message_append_args (m, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID);
  DBusMessage *r = draftd_bus_call_sync (b, m, 30000, NULL);
  if (r == NULL)
    return NULL;
  DBusMessageIter it;
  g_autoptr (JsonNode) n = dbus_message_iter_init (r, &it) ? draft_bus_value_to_json (&it) : NULL;
  dbus_message_unref (r);
  return n && JSON_NODE_HOLDS_OBJECT (n) ? json_object_ref (json_node_get_object (n)) : NULL;
}

/* The daemon's line on what its target cannot do (the Models property's `limits`, set while a
 * toy model such as the shipped one serves), or NULL. */
char *
draft_bus_model_limits (void)
{
  g_autoptr (JsonObject) o = draft_bus_models_quiet ();
  const char *limits = o && json_object_has_member (o, "limits") ? json_object_get_string_member (o, "limits") : NULL;
  return g_strdup (limits);
}

/* Calls a method of one string argument and no result. */
static gboolean
call_string (const char *method, const char *arg)
{
  DBusMessage *m = draftd_bus_new_call (method);
  dbus_message_append_args (m, DBUS_TYPE_STRING, &arg, DBUS_TYPE_INVALID);
  DBusMessage *r = draft_bus_call (m, 30000);
  if (r)
    dbus_message_unref (r);
  return r != NULL;
}

gboolean
draft_bus_reset_conversation (const char *conversation)
{
  return call_string ("ResetConversation", conversation);
}

gboolean
draft_bus_add_word (const char *word)
{
  return call_string ("AddWord", word);
}
