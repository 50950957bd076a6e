/* The one table of org.draftd.Assistant1's methods: each one's in-arguments and, for the
 * methods that run a job, the job's kind and the options it takes, with their types and
 * bounds. Request parsing, the job log and the error texts read it; test-operations holds it
 * against org.draftd.Assistant1.xml, so a method added to one and not the other fails there. */
#pragma once
#include "daemon/engine/job.h"

/* Which a{sv} keys a job method takes. */
typedef enum {
  DRAFTD_OPTIONS_NONE,
  DRAFTD_OPTIONS_GENERATION,  /* Complete, Chat */
  DRAFTD_OPTIONS_GRAMMAR,     /* Correct, Rewrite */
} DraftdOptionSet;

typedef struct {
  const char *name;           /* the member */
  const char *in_signature;   /* its in-arguments, one after the other */
  gboolean job;               /* runs a job: has a kind, and Start may name it */
  DraftdJobKind kind;
  DraftdOptionSet options;
} DraftdOperation;

typedef struct {
  const char *key;
  DraftdOptionSet set;
  const char *signature;      /* the variant's type */
  /* Numeric options: the bounds, inclusive, and what a value outside them is told. */
  double min, max;
  const char *out_of_range;
} DraftdOption;

/* Every method, in the interface's order; *n gets how many. */
const DraftdOperation *draftd_operations (guint *n);
/* NULL for a name the interface does not have. */
const DraftdOperation *draftd_operation_find (const char *name);
/* The job method that runs jobs of `kind`. */
const DraftdOperation *draftd_operation_for_kind (DraftdJobKind kind);
/* The job methods' names, ", "-separated, for error texts. */
const char *draftd_operation_job_names (void);
/* The option `key` of `set`, or NULL where that set has no such key. */
const DraftdOption *draftd_option_find (DraftdOptionSet set, const char *key);
