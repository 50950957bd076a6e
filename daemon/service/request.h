/* D-Bus arguments -> a job request: the in-arguments of Complete, Chat, Rewrite and
 * Correct, given as a call's own arguments or as the variants of Start's av, with every
 * option type-checked. Pure: no connection, no engine, so the fuzz target can drive it. */
#pragma once
#include <dbus/dbus.h>
#include "daemon/engine/job.h"

/* The longest conversation id (Chat, ResetConversation), in bytes. */
#define DRAFTD_REQUEST_MAX_CONVERSATION_ID 256

/* Complete, Chat, Rewrite or Correct called directly: the member names the operation. */
DraftdJobRequest *draftd_request_from_call (DBusMessage *call, GError **error);
/* Start(s method, av args). */
DraftdJobRequest *draftd_request_from_start (DBusMessage *call, GError **error);
/* TRUE for the members handled by draftd_request_from_call. */
gboolean draftd_request_is_operation (const char *member);
