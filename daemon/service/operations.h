/* The one table of org.draftd.Assistant1's methods, and the dispatch: each row names a
 * method, its in- and out-arguments and the handler that answers it; a job method's row also
 * says how its arguments become a request (request.c), whether it is bulk work, and what its
 * reply and Finished hold (replies.c). The service's on_message looks the member up here and
 * calls the row's handler; no method name is matched anywhere else. test-operations holds the
 * table, its handlers and org.draftd.Assistant1.xml to each other.
 *
 * Adding a method: a row in operations.c, its handler (a static function above the table
 * there; the job methods share one, and a reader of their own where request.c has none that
 * fits), the XML, and for a job method its client row (lib/bus/draftd-bus-methods.[ch]);
 * docs/architecture.md walks through it. */
#pragma once
#include <dbus/dbus.h>
#include "daemon/engine/scheduler.h"

typedef struct DraftdOperation DraftdOperation;
typedef struct DraftdOperationHost DraftdOperationHost;

/* Which a{sv} keys a job method takes. */
typedef enum {
  DRAFTD_OPTIONS_NONE,
  DRAFTD_OPTIONS_GENERATION,  /* Complete, Chat */
  DRAFTD_OPTIONS_GRAMMAR,     /* Correct, Rewrite */
} DraftdOptionSet;

/* Answers `call` on the main thread, at once or later (a job's reply); never blocks. */
typedef void (*DraftdOperationHandler) (DraftdOperationHost *h, const DraftdOperation *op, DBusMessage *call);

/* What a handler may ask of the service that dispatches to it, and all it knows of it: the
 * service fills this in (service.c), so the table needs nothing of service.c and the two are
 * no cycle; test-operations drives the handlers with a host of its own. */
struct DraftdOperationHost {
  DraftdEngine *engine;
  /* Sends `m` (a reply or an error) and drops it. */
  void (*send) (DraftdOperationHost *h, DBusMessage *m);
  /* The caller's streamed job at `path` is cancelled; FALSE where `sender` has no such job. */
  gboolean (*cancel) (DraftdOperationHost *h, const char *path, const char *sender, GError **error);
  /* A job method or Start (`op` its row) becomes a job once the caller's identity is known; the
   * reply comes when it ends (or at once with its path). */
  void (*queue) (DraftdOperationHost *h, const DraftdOperation *op, DBusMessage *call);
  /* UseModels (switch.h). */
  void (*use_models) (DraftdOperationHost *h, const DraftdOperation *op, DBusMessage *call);
};
/* A job method's in-arguments, `args` one per argument in the row's order and of the row's
 * count, into `r`: every value checked, a clear error for a bad one; a text (prompt, message)
 * longer than max_text bytes is refused with TooLong before it is validated or copied. Pure. */
typedef gboolean (*DraftdArgumentsReader) (DraftdJobRequest *r, DBusMessageIter *args, gsize max_text, GError **error);
/* The call -> a request, and the job method that runs it (*job: the row itself, or for
 * Start the row it names); max_text as the readers take it (the engine's max_text_bytes). Pure. */
typedef DraftdJobRequest *(*DraftdRequestMaker) (const DraftdOperation *op, DBusMessage *call, gsize max_text,
                                                const DraftdOperation **job, GError **error);
/* A successful job's out-arguments: the reply's (reply TRUE; the row's out_signature) or the
 * Finished signal's after the job's path ("sa{sv}"). */
typedef void (*DraftdResultWriter) (DBusMessageIter *it, const DraftdJob *job, gboolean reply);

struct DraftdOperation {
  const char *name;           /* the member */
  const char *in_signature;   /* its in-arguments, one after the other */
  const char *out_signature;  /* its out-arguments */
  DraftdOperationHandler handle;
  /* Job methods and Start: */
  DraftdRequestMaker request;
  gboolean streamed;          /* the reply is the job's object path; signals follow */
  /* Job methods (read set): Start may name them. */
  DraftdJobKind kind;
  DraftdOptionSet options;
  DraftdArgumentsReader read;
  gboolean bulk;              /* long work that gives its lane to interactive jobs (lanes.h) */
  DraftdResultWriter write;
};

typedef struct DraftdOption DraftdOption;
/* Checks an option's value (`var`, already of the row's signature) against the row and stores
 * it in `o` where the row says (its offset); a clear error for a bad value. Pure. */
typedef gboolean (*DraftdOptionReader) (const DraftdOption *spec, DBusMessageIter *var, DraftdJobOptions *o, GError **error);

/* One a{sv} key of a job method: its type, bounds, and where its value goes. The reader walks
 * these rows; no key is matched anywhere else. */
struct DraftdOption {
  const char *key;
  DraftdOptionSet set;
  const char *signature;      /* the variant's type */
  DraftdOptionReader read;    /* how the value is checked and stored (request.h) */
  gsize offset;               /* where in DraftdJobOptions the reader stores it */
  /* Numeric options: the bounds, inclusive, and what a value outside them is told. */
  double min, max;
  const char *out_of_range;
};

/* Every method, in the interface's order; *n gets how many. */
const DraftdOperation *draftd_operations (guint *n);
/* NULL for a name the interface does not have. */
const DraftdOperation *draftd_operation_find (const char *name);
/* TRUE for a job method: one that Start may name. */
gboolean draftd_operation_is_job (const DraftdOperation *op);
/* The job methods' names, ", "-separated, for error texts. */
const char *draftd_operation_job_names (void);
/* Every option row, of every set; *n gets how many. */
const DraftdOption *draftd_options (guint *n);
/* The option `key` of `set`, or NULL where that set has no such key. */
const DraftdOption *draftd_option_find (DraftdOptionSet set, const char *key);
