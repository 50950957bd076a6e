/* Which thread runs what (docs/architecture.md, "The threads"): the main thread runs the GLib
 * main loop, the D-Bus service and the scheduler's side of the queue; the engine loop admits
 * jobs and runs every pass, model loads and switches; each running job has a thread of its
 * own. Each of those threads says which it is, first thing, and the entry points of engine.h,
 * scheduler.h and service.h check it: a call from the wrong thread is a critical (fatal in
 * the tests, G_DEBUG=fatal-criticals) that names the function and both threads, and the call
 * does nothing. */
#pragma once
#include <glib.h>

typedef enum {
  DRAFTD_THREAD_UNNAMED = 0,   /* a thread that has said nothing (libraries', tools', tests') */
  DRAFTD_THREAD_MAIN = 1 << 0, /* the GLib main loop: the service, submits, events delivered */
  DRAFTD_THREAD_LOOP = 1 << 1, /* the engine loop (draftd-engine) */
  DRAFTD_THREAD_JOB = 1 << 2,  /* a running job's thread (draftd-job) */
} DraftdThreadRole;

/* The calling thread is `role` from now on. A thread that already has another role keeps it,
 * and the call is a critical: one thread never plays two parts. */
void draftd_thread_claim (DraftdThreadRole role);
/* The calling thread's role. */
DraftdThreadRole draftd_thread_role (void);
/* TRUE where the calling thread's role is one of `roles` (a mask); else a critical naming
 * `func`, the roles it runs on and the caller's, and FALSE. */
gboolean draftd_thread_check (guint roles, const char *func);

/* At an entry point: returns (with `val`) unless the calling thread is one of `roles`. */
#define DRAFTD_THREAD_RETURN_UNLESS(roles)                                                                              \
  G_STMT_START                                                                                                         \
  {                                                                                                                    \
    if (!draftd_thread_check ((roles), G_STRFUNC))                                                                     \
      return;                                                                                                          \
  }                                                                                                                    \
  G_STMT_END
#define DRAFTD_THREAD_RETURN_VAL_UNLESS(roles, val)                                                                     \
  G_STMT_START                                                                                                         \
  {                                                                                                                    \
    if (!draftd_thread_check ((roles), G_STRFUNC))                                                                     \
      return (val);                                                                                                    \
  }                                                                                                                    \
  G_STMT_END
