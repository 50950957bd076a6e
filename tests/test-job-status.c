/* A job's status (daemon/engine/scheduler.h): one field, moved only along one table, as a
 * lane's state is. The table is exactly the diagram's moves; a job the scheduler holds is
 * QUEUED while it waits, CANCELLING once cancelled, and FINISHED when its end is reported,
 * here with models that cannot load, so no device is needed. */
#include <string.h>
#include "daemon/engine/scheduler.h"
#include "tests/tap.h"
#include "tests/test-util.h"

/* The diagram's moves, and only those. */
static void
check_table (void)
{
  static const struct {
    DraftdJobStatus from, to;
  } moves[] = {
    { DRAFTD_JOB_QUEUED, DRAFTD_JOB_RUNNING },        { DRAFTD_JOB_QUEUED, DRAFTD_JOB_CANCELLING },
    { DRAFTD_JOB_QUEUED, DRAFTD_JOB_FINISHED },       { DRAFTD_JOB_RUNNING, DRAFTD_JOB_CANCELLING },
    { DRAFTD_JOB_RUNNING, DRAFTD_JOB_TIMED_OUT },     { DRAFTD_JOB_RUNNING, DRAFTD_JOB_FINISHED },
    { DRAFTD_JOB_CANCELLING, DRAFTD_JOB_FINISHED },   { DRAFTD_JOB_TIMED_OUT, DRAFTD_JOB_FINISHED },
  };
  g_autoptr (GString) bad = g_string_new (NULL);
  for (guint from = 0; from < DRAFTD_JOB_N_STATUSES; from++)
    for (guint to = 0; to < DRAFTD_JOB_N_STATUSES; to++) {
      gboolean want = FALSE;
      for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
        want |= moves[i].from == from && moves[i].to == to;
      if (draftd_job_status_allowed (from, to) != want)
        g_string_append_printf (bad, " %s->%s", draftd_job_status_name (from), draftd_job_status_name (to));
    }
  tap_ok (bad->len == 0, "the table allows the diagram's %u moves and no other%s%s", (guint) G_N_ELEMENTS (moves),
          bad->len ? ":" : "", bad->str);
  gboolean terminal = TRUE;
  for (guint to = 0; to < DRAFTD_JOB_N_STATUSES; to++)
    terminal &= !draftd_job_status_allowed (DRAFTD_JOB_FINISHED, to);
  tap_ok (terminal && !draftd_job_status_allowed (DRAFTD_JOB_N_STATUSES, DRAFTD_JOB_FINISHED),
          "a finished job moves no more, and no status outside the enum moves");
}

typedef struct {
  TestGate gate;                  /* holds the engine loop while the test queues and cancels */
  guint done;
  DraftdJobStatus at_done[2];
  DraftdJob *jobs[2];
} Record;

static void
on_done (DraftdJob *job, gpointer user)
{
  Record *r = user;
  for (guint i = 0; i < 2; i++)
    if (r->jobs[i] == job)
      r->at_done[i] = draftd_scheduler_job_status (job);
  r->done++;
}

static void
check_scheduler (DraftdScheduler *s, Record *r)
{
  draftd_scheduler_between_jobs (s, test_gate_enter, &r->gate, NULL);
  test_gate_wait_entered (&r->gate);
  for (guint i = 0; i < 2; i++)
    r->jobs[i] = draftd_scheduler_submit (s, draftd_job_request_new (DRAFTD_JOB_COMPLETE, ":1.1"), NULL, NULL);
  DraftdJobStatus waiting = draftd_scheduler_job_status (r->jobs[0]);
  draftd_scheduler_cancel (s, r->jobs[1]);
  DraftdJobStatus cancelled = draftd_scheduler_job_status (r->jobs[1]);
  tap_ok (waiting == DRAFTD_JOB_QUEUED && cancelled == DRAFTD_JOB_CANCELLING, "a waiting job is %s, a cancelled one %s",
          draftd_job_status_name (waiting), draftd_job_status_name (cancelled));
  test_gate_open (&r->gate);
  while (r->done < 2)
    g_main_context_iteration (NULL, TRUE);
  tap_ok (r->at_done[0] == DRAFTD_JOB_FINISHED && r->at_done[1] == DRAFTD_JOB_FINISHED,
          "both are finished when their end is reported (%s, %s)", draftd_job_status_name (r->at_done[0]),
          draftd_job_status_name (r->at_done[1]));
}

int
main (void)
{
  check_table ();
  /* Lazy, with a target that is not there: the loop's first load fails each waiting job. */
  DraftdEngineConfig config = { .target = (char *) "/nonexistent/target.gguf", .lazy = TRUE };
  g_autoptr (GError) error = NULL;
  DraftdEngine *e = draftd_engine_new (&config, &error);
  tap_ok (e != NULL, "a lazy engine is made%s%s", error ? ": " : "", error ? error->message : "");
  if (e == NULL)
    return tap_done ();
  Record r = { 0 };
  test_gate_init (&r.gate);
  DraftdSchedulerLimits limits = { 0 };
  DraftdSchedulerEvents events = { .done = on_done };
  DraftdScheduler *s = draftd_scheduler_new (e, &limits, NULL, &events, &r);
  check_scheduler (s, &r);
  draftd_scheduler_free (s);
  draftd_engine_free (e);
  test_gate_clear (&r.gate);
  return tap_done ();
}
