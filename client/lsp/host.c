#include "client/lsp/host.h"

void
draftd_lsp_host_show (DraftdLspServer *s, int type, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  JsonObject *o = json_object_new ();
  json_object_set_int_member (o, "type", type);
  json_object_set_string_member (o, "message", msg);
  s->host.send (s, draftd_lsp_notification ("window/showMessage", json_node_init_object (json_node_alloc (), o)));
  json_object_unref (o);
}
