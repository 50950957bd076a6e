/* Issue 35.5: fair shares of the queue, per process and per user, at the scheduler
 * (daemon/engine/scheduler.c) with the shipped models and made-up identities ("uid:pid", as
 * the service makes them from the bus's credentials: two users without root). With the
 * daemon's defaults (a queue of 64, 16 a process): five processes of one user flooding hold
 * 16 + 16 + 16 (their user's share, 64 - 16) and one each for the last two (the newcomers'
 * reserve); a sixth process is still admitted, and starts before any of the five has
 * started a second job (on two lanes, over many rounds); another user's process gets its
 * whole 16. The engine loop is held
 * between jobs while they are queued, so what is admitted does not depend on how fast the
 * first ones run. */
#include <string.h>
#include "daemon/engine/scheduler.h"
#include "tests/tap.h"
#include "tests/test-util.h"

#define QUEUE 64
#define PER_PROCESS 16
#define FLOOD 20
#define N_IDS 8

typedef struct {
  TestGate gate;          /* holds the engine loop until the test has queued all */
  GMutex lock;            /* over first and iteration, which the loop's trace writes */
  GHashTable *first;      /* job -> the iteration it was first served in (from 1) */
  GHashTable *process;    /* job -> k of its process (a job is freed once done: not read back) */
  guint iteration, done;
} Record;

static void
on_iteration (const gconstpointer *owners, guint n, gpointer user)
{
  Record *r = user;
  g_mutex_lock (&r->lock);
  r->iteration++;
  for (guint i = 0; i < n; i++)
    if (!g_hash_table_contains (r->first, owners[i]))
      g_hash_table_insert (r->first, (gpointer) owners[i], GUINT_TO_POINTER (r->iteration));
  g_mutex_unlock (&r->lock);
}

static void
on_done (DraftdJob *job, gpointer user)
{
  ((Record *) user)->done++;
}

/* Process k: client ":1.k", identity "uid:k". */
static DraftdJob *
submit (DraftdScheduler *s, guint uid, guint k)
{
  g_autofree char *client = g_strdup_printf (":1.%u", k);
  DraftdJobRequest *q = draftd_job_request_new (DRAFTD_JOB_COMPLETE, client);
  q->identity = g_strdup_printf ("%u:%u", uid, k);
  q->text = g_strdup ("Once upon a time");
  q->options.max_tokens = 2;
  q->options.temperature = 0;
  q->options.force = TRUE;  /* the shipped target cannot complete (issue 47): the shares are what is tested */
  return draftd_scheduler_submit (s, q, GUINT_TO_POINTER (k), NULL);
}

static Record *record;

static DraftdJob *
submit_one (DraftdScheduler *s, guint uid, guint k, GPtrArray *jobs)
{
  DraftdJob *j = submit (s, uid, k);
  if (j) {
    g_ptr_array_add (jobs, j);
    g_hash_table_insert (record->process, j, GUINT_TO_POINTER (k));
  }
  return j;
}

static guint
flood (DraftdScheduler *s, guint uid, guint k, GPtrArray *jobs)
{
  guint admitted = 0;
  for (guint i = 0; i < FLOOD; i++)
    admitted += submit_one (s, uid, k, jobs) != NULL;
  return admitted;
}

/* Jobs of process k first served before iteration `before`. */
static guint
served_before (Record *r, GPtrArray *jobs, guint k, guint before)
{
  guint n = 0;
  for (guint i = 0; i < jobs->len; i++) {
    DraftdJob *j = g_ptr_array_index (jobs, i);
    guint at = GPOINTER_TO_UINT (g_hash_table_lookup (r->first, j));
    n += GPOINTER_TO_UINT (g_hash_table_lookup (r->process, j)) == k && at && at < before;
  }
  return n;
}

static void
check_order (Record *r, GPtrArray *jobs, DraftdJob *sixth)
{
  guint at = GPOINTER_TO_UINT (g_hash_table_lookup (r->first, sixth));
  tap_ok (at > 0, "the sixth process's job runs");
  guint most = 0, user_a = 0, user_b = 0;
  for (guint k = 1; k <= 5; k++) {
    most = MAX (most, served_before (r, jobs, k, at));
    user_a += served_before (r, jobs, k, at);
  }
  for (guint k = 7; k <= 8; k++)
    user_b += served_before (r, jobs, k, at);
  tap_ok (at > 0 && most <= 1, "it starts before any of the five flooding processes has started a second job (at most %u "
          "of each before it)", most);
  tap_ok (at > 0 && user_b <= user_a + 1, "the other user started no more than one job for each of its user's (%u for %u)",
          user_b, user_a);
  guint with_it = 0;
  for (guint i = 0; i < jobs->len; i++)
    with_it += GPOINTER_TO_UINT (g_hash_table_lookup (r->first, g_ptr_array_index (jobs, i))) == at;
  tap_diag ("served before it: %u jobs of the other user; it was first served in iteration %u of %u, with %u others",
            user_b, at, r->iteration, with_it - 1);
}

static void
run (DraftdScheduler *s, Record *r)
{
  g_autoptr (GPtrArray) jobs = g_ptr_array_new ();
  guint got[N_IDS + 1] = { 0 };
  for (guint k = 1; k <= 5; k++)
    got[k] = flood (s, 1000, k, jobs);
  tap_ok (got[1] == PER_PROCESS && got[2] == PER_PROCESS && got[3] == PER_PROCESS,
          "a process holds %d jobs (%u, %u, %u)", PER_PROCESS, got[1], got[2], got[3]);
  tap_ok (got[4] == 1 && got[5] == 1, "past its user's share of %d, a newcomer process gets its first place (%u, %u)",
          QUEUE - PER_PROCESS, got[4], got[5]);
  DraftdJob *sixth = submit_one (s, 1000, 6, jobs);
  tap_ok (sixth != NULL, "while five processes of one user flood, a sixth is admitted");
  got[7] = flood (s, 1001, 7, jobs);
  tap_ok (got[7] == PER_PROCESS, "another user's process gets a whole process's share: %u of %d", got[7], PER_PROCESS);
  tap_ok (submit_one (s, 1001, 8, jobs) != NULL, "and that user's second process its first place");
  guint total = jobs->len;
  test_gate_open (&r->gate);
  while (r->done < total)
    g_main_context_iteration (NULL, TRUE);
  tap_ok (r->done == total, "all %u admitted jobs end", total);
  if (sixth)
    check_order (r, jobs, sixth);
}

int
main (void)
{
  g_autofree char *target = NULL, *assistant = NULL;
  if (!test_shipped_models (&target, &assistant))
    return tap_missing_all ("the shipped models are absent");
  g_autoptr (GError) error = NULL;
  /* Two lanes: the jobs start over many rounds, so the order of starts says something. */
  DraftdEngineConfig config = { .target = target, .assistant = assistant, .n_lanes = 2 };
  DraftdEngine *e = draftd_engine_new (&config, &error);
  if (e == NULL)
    return tap_missing_all ("%s", error->message);
  Record r = { .first = g_hash_table_new (NULL, NULL), .process = g_hash_table_new (NULL, NULL) };
  record = &r;
  g_mutex_init (&r.lock);
  test_gate_init (&r.gate);
  DraftdSchedulerEvents events = { .done = on_done };
  DraftdSchedulerLimits limits = { QUEUE, PER_PROCESS, 0 };
  DraftdScheduler *s = draftd_scheduler_new (e, &limits, NULL, &events, &r);
  draftd_lanes_set_trace (draftd_engine_lanes (e, NULL), on_iteration, &r);
  draftd_scheduler_between_jobs (s, test_gate_enter, &r.gate, NULL);
  test_gate_wait_entered (&r.gate);
  run (s, &r);
  draftd_scheduler_free (s);
  draftd_engine_free (e);
  g_hash_table_unref (r.first);
  g_hash_table_unref (r.process);
  g_mutex_clear (&r.lock);
  test_gate_clear (&r.gate);
  return tap_done ();
}
