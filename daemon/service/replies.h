/* What a finished job's reply and Finished signal hold, per kind of method (the operation
 * table's `write`), and the one conversion of an edit to the wire. Pure: a job in, message
 * arguments out, so test-operations can hold each writer to the out-arguments of the XML. */
#pragma once
#include <dbus/dbus.h>
#include "daemon/engine/scheduler.h"

/* An edit as the client reads it: offsets in its unit, no NULL strings. */
typedef struct {
  guint32 offset, length;
  const char *replacement, *kind, *message, *rule;
} DraftdWireEdit;

DraftdWireEdit draftd_reply_wire_edit (const DraftdJobRequest *req, const DraftdGrammarEdit *e, DraftdOffsetCursor *at);
/* Complete, Chat: text, stats. */
void draftd_reply_generation (DBusMessageIter *it, const DraftdJob *job, gboolean reply);
/* Correct, Rewrite: text, edits (the reply only: Finished follows the Edit signals), stats
 * with the grammar driver's counts and, in the reply, each edit's rule; Correct's stats, in
 * the reply and Finished, also its suggestions. */
void draftd_reply_grammar (DBusMessageIter *it, const DraftdJob *job, gboolean reply);
