/* The job methods of org.draftd.Assistant1 as a client calls them: one row a method, naming
 * its string arguments in order, the kind of work (a generation's options and reply, or a
 * grammar job's: offset units, rule ids, edits), and whether a document's options go with it.
 * `draft`, `draftd-lsp` and the benchmarks build their calls and read their replies by the
 * row, never by matching a method's name; test-operations holds these rows to the daemon's
 * operation table (daemon/service/operations.c). A new job method is one row here. */
#pragma once
#include "lib/bus/client.h"

typedef enum {
  DRAFTD_BUS_COMPLETE,
  DRAFTD_BUS_CHAT,
  DRAFTD_BUS_REWRITE,
  DRAFTD_BUS_CORRECT,
  DRAFTD_BUS_N_METHODS,
} DraftdBusMethodId;

/* A string in-argument, before the options. */
typedef enum {
  DRAFTD_BUS_ARG_END,
  DRAFTD_BUS_ARG_CONVERSATION,
  DRAFTD_BUS_ARG_TEXT,
  DRAFTD_BUS_ARG_INSTRUCTION,
} DraftdBusArg;

typedef enum {
  DRAFTD_BUS_GENERATION,  /* generation options (max_tokens, ...); replies (s text, a{sv} stats) */
  DRAFTD_BUS_GRAMMAR,     /* grammar options (offset_unit, disabled_rules, ...); replies with edits */
} DraftdBusWork;

typedef struct {
  const char *name;
  DraftdBusArg args[4];   /* its string in-arguments, in order, up to DRAFTD_BUS_ARG_END */
  DraftdBusWork work;
  gboolean document;      /* a document's options go with it (dialect, locale_dialect, path, language) */
} DraftdBusMethod;

/* What a call's string arguments are drawn from; NULL where the method takes none. */
typedef struct {
  const char *conversation, *text, *instruction;
} DraftdBusArgs;

const DraftdBusMethod *draftd_bus_method (DraftdBusMethodId id);
/* Every row; *n gets how many. */
const DraftdBusMethod *draftd_bus_methods (guint *n);
/* The row's in-signature: its string arguments, then a{sv}. Newly allocated. */
char *draftd_bus_method_in_signature (const DraftdBusMethod *m);
/* The row's reply signature (and Finished's after the job's path). */
const char *draftd_bus_method_out_signature (const DraftdBusMethod *m);
/* A call of `m`, through Start (streamed) or direct, its arguments from `a` in the row's
 * order; the options are open in s->options until draftd_bus_start_finish. */
void draftd_bus_method_begin (DraftdBusStart *s, const DraftdBusMethod *m, const DraftdBusArgs *a, gboolean streamed);
/* A direct call's reply: its text, and *stats at its a{sv} of statistics (edits skipped);
 * FALSE for an error or a reply of another shape. */
gboolean draftd_bus_method_reply (const DraftdBusMethod *m, DBusMessage *reply, const char **text, DBusMessageIter *stats);
