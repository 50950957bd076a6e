/* libFuzzer target: D-Bus argument and option parsing (daemon/service/request.c). The input
 * is a marshalled D-Bus message; whatever libdbus accepts as one is parsed as a direct call
 * of its member and as Start, the way the service would. Must never crash or leak. */
#include <dbus/dbus.h>
#include <glib.h>
#include "daemon/service/request.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  return 0;
}

static void
try_parse (DraftdJobRequest *(*parse) (DBusMessage *, GError **), DBusMessage *m)
{
  GError *error = NULL;
  DraftdJobRequest *r = parse (m, &error);
  /* Exactly one of a request and an error. */
  if ((r == NULL) == (error == NULL))
    __builtin_trap ();
  draftd_job_request_free (r);
  g_clear_error (&error);
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  if (size > (1u << 20))
    return 0;
  DBusError e;
  dbus_error_init (&e);
  DBusMessage *m = dbus_message_demarshal ((const char *) data, (int) size, &e);
  dbus_error_free (&e);
  if (m == NULL)
    return 0;
  if (dbus_message_get_type (m) == DBUS_MESSAGE_TYPE_METHOD_CALL) {
    if (draftd_request_is_operation (dbus_message_get_member (m)))
      try_parse (draftd_request_from_call, m);
    try_parse (draftd_request_from_start, m);
  }
  dbus_message_unref (m);
  return 0;
}
