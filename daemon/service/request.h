/* D-Bus arguments -> a job request: the in-arguments of Complete, Chat, Rewrite and
 * Correct, given as a call's own arguments or as the variants of Start's av, with every
 * option type-checked; each job method's row in the operation table names its reader here.
 * Pure: no connection, no engine, so the fuzz target can drive it. */
#pragma once
#include <dbus/dbus.h>
#include "daemon/service/operations.h"

/* The longest conversation id (Chat, ResetConversation), in bytes. */
#define DRAFTD_REQUEST_MAX_CONVERSATION_ID 256

/* The operation table's request makers (DraftdRequestMaker): a job method called directly,
 * `op` its row; and Start(s method, av args), whose *job is the row of the method it names. */
DraftdJobRequest *draftd_request_from_call (const DraftdOperation *op, DBusMessage *call, gsize max_text,
                                            const DraftdOperation **job, GError **error);
DraftdJobRequest *draftd_request_from_start (const DraftdOperation *op, DBusMessage *call, gsize max_text,
                                             const DraftdOperation **job, GError **error);
/* The job methods' argument readers (DraftdArgumentsReader). */
gboolean draftd_request_read_complete (DraftdJobRequest *r, DBusMessageIter *args, gsize max_text, GError **error);
gboolean draftd_request_read_chat (DraftdJobRequest *r, DBusMessageIter *args, gsize max_text, GError **error);
gboolean draftd_request_read_rewrite (DraftdJobRequest *r, DBusMessageIter *args, gsize max_text, GError **error);
gboolean draftd_request_read_correct (DraftdJobRequest *r, DBusMessageIter *args, gsize max_text, GError **error);
/* The option table's readers (DraftdOptionReader): each checks a value and stores it at its
 * row's offset. Numbers within the row's bounds; a margin of 0 means off; a switch is 1 or -1
 * (unset 0); a seed is marked set; strings against their names or forms; string lists of
 * bounded count and length (rule ids checked). */
gboolean draftd_option_read_uint (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error);
gboolean draftd_option_read_double (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error);
gboolean draftd_option_read_margin (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error);
gboolean draftd_option_read_seed (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error);
gboolean draftd_option_read_bool (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error);
gboolean draftd_option_read_switch (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error);
gboolean draftd_option_read_mode (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error);
gboolean draftd_option_read_offset_unit (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o,
                                         GError **error);
gboolean draftd_option_read_path (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error);
gboolean draftd_option_read_dialect (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error);
gboolean draftd_option_read_language (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error);
gboolean draftd_option_read_stop (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error);
gboolean draftd_option_read_rules (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error);
