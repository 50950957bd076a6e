#include "lib/bus/draftd-bus-methods.h"

/* In the order of DraftdBusMethodId. */
static const DraftdBusMethod methods[DRAFTD_BUS_N_METHODS] = {
  [DRAFTD_BUS_COMPLETE] = { "Complete", { DRAFTD_BUS_ARG_TEXT }, DRAFTD_BUS_GENERATION, FALSE },
  [DRAFTD_BUS_CHAT] = { "Chat", { DRAFTD_BUS_ARG_CONVERSATION, DRAFTD_BUS_ARG_TEXT }, DRAFTD_BUS_GENERATION, FALSE },
  [DRAFTD_BUS_REWRITE] = { "Rewrite", { DRAFTD_BUS_ARG_TEXT, DRAFTD_BUS_ARG_INSTRUCTION }, DRAFTD_BUS_GRAMMAR, FALSE },
  [DRAFTD_BUS_CORRECT] = { "Correct", { DRAFTD_BUS_ARG_TEXT }, DRAFTD_BUS_GRAMMAR, TRUE },
};

const DraftdBusMethod *
draftd_bus_method (DraftdBusMethodId id)
{
  g_return_val_if_fail (id < DRAFTD_BUS_N_METHODS, NULL);
  return &methods[id];
}

const DraftdBusMethod *
draftd_bus_methods (guint *n)
{
  *n = G_N_ELEMENTS (methods);
  return methods;
}

char *
draftd_bus_method_in_signature (const DraftdBusMethod *m)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; m->args[i] != DRAFTD_BUS_ARG_END; i++)
    g_string_append_c (s, 's');
  g_string_append (s, "a{sv}");
  return g_string_free (s, FALSE);
}

const char *
draftd_bus_method_out_signature (const DraftdBusMethod *m)
{
  return m->work == DRAFTD_BUS_GRAMMAR ? "sa(uusss)a{sv}" : "sa{sv}";
}

static const char *
arg_value (DraftdBusArg arg, const DraftdBusArgs *a)
{
  const char *const values[] = { NULL, a->conversation, a->text, a->instruction };
  return values[arg] ? values[arg] : "";
}

void
draftd_bus_method_begin (DraftdBusStart *s, const DraftdBusMethod *m, const DraftdBusArgs *a, gboolean streamed)
{
  const char *args[G_N_ELEMENTS (m->args) + 1] = { NULL };
  for (guint i = 0; m->args[i] != DRAFTD_BUS_ARG_END; i++)
    args[i] = arg_value (m->args[i], a);
  if (streamed) {
    draftd_bus_start_init (s, m->name, args);
    return;
  }
  /* Direct: the same arguments, not wrapped in variants; `args` and `variant` stay unused. */
  *s = (DraftdBusStart) { .message = draftd_bus_new_call (m->name), .direct = TRUE };
  dbus_message_iter_init_append (s->message, &s->top);
  for (guint i = 0; args[i]; i++)
    dbus_message_iter_append_basic (&s->top, DBUS_TYPE_STRING, &args[i]);
  dbus_message_iter_open_container (&s->top, DBUS_TYPE_ARRAY, "{sv}", &s->options);
}

gboolean
draftd_bus_method_reply (const DraftdBusMethod *m, DBusMessage *reply, const char **text, DBusMessageIter *stats)
{
  if (reply == NULL || dbus_message_get_type (reply) != DBUS_MESSAGE_TYPE_METHOD_RETURN ||
      !dbus_message_has_signature (reply, draftd_bus_method_out_signature (m)))
    return FALSE;
  dbus_message_iter_init (reply, stats);
  dbus_message_iter_get_basic (stats, text);
  dbus_message_iter_next (stats);
  if (m->work == DRAFTD_BUS_GRAMMAR)
    dbus_message_iter_next (stats);  /* the edits */
  return TRUE;
}
