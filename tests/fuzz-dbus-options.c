/* libFuzzer target: D-Bus argument and option parsing (daemon/service/request.c). The input
 * is a marshalled D-Bus message; whatever libdbus accepts as one is parsed as a direct call
 * of its member and as Start, by the request makers of their rows in the operation table,
 * the way the service would. Must never crash or leak. */
#include <dbus/dbus.h>
#include <glib.h>
#include "daemon/service/operations.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  return 0;
}

static void
try_parse (const DraftdOperation *op, DBusMessage *m)
{
  GError *error = NULL;
  const DraftdOperation *job = NULL;
  DraftdJobRequest *r = op->request (op, m, G_MAXSIZE, &job, &error);
  /* Exactly one of a request and an error; a request is a job method's. */
  if ((r == NULL) == (error == NULL) || (r && !draftd_operation_is_job (job)))
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
    const DraftdOperation *op = draftd_operation_find (dbus_message_get_member (m));
    if (draftd_operation_is_job (op))
      try_parse (op, m);
    try_parse (draftd_operation_find ("Start"), m);
  }
  dbus_message_unref (m);
  return 0;
}
