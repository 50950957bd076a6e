/* The engine loop (daemon/engine/scheduler.c) with the shipped models, no bus: a long
 * correction from one client and a short completion from another both advance in every
 * iteration while both run (one pass carries both), the correction keeps several of its
 * sentences in flight (one slice at a time beside the completion's steps, all its lanes
 * once alone), and each result is exactly what the job gives alone. */
#include <string.h>
#include "daemon/engine/scheduler.h"
#include "tests/tap.h"
#include "tests/test-util.h"

typedef struct {
  GMutex lock;
  GPtrArray *iterations;   /* GPtrArray of the owners each iteration served */
  guint done;
  char *text[2];
  char *error[2];
} Record;

static void
on_iteration (const gconstpointer *owners, guint n, gpointer user)
{
  Record *r = user;
  GPtrArray *it = g_ptr_array_new ();
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (it, (gpointer) owners[i]);
  g_mutex_lock (&r->lock);
  g_ptr_array_add (r->iterations, it);
  g_mutex_unlock (&r->lock);
  /* run() may be waiting for the correction's first pass. */
  g_main_context_wakeup (NULL);
}

/* Has an iteration served `owner` yet? */
static gboolean
started (Record *r, gconstpointer owner)
{
  gboolean seen = FALSE;
  g_mutex_lock (&r->lock);
  for (guint i = 0; i < r->iterations->len && !seen; i++) {
    GPtrArray *it = g_ptr_array_index (r->iterations, i);
    for (guint j = 0; j < it->len && !seen; j++)
      seen = g_ptr_array_index (it, j) == owner;
  }
  g_mutex_unlock (&r->lock);
  return seen;
}

static void
on_done (DraftdJob *job, gpointer user)
{
  Record *r = user;
  guint slot = GPOINTER_TO_UINT (job->user);
  r->text[slot] = g_strdup (job->result.text);
  r->error[slot] = job->result.error ? g_strdup (job->result.error->message) : NULL;
  r->done++;
}

static DraftdJobRequest *
request (DraftdJobKind kind, const char *client, const char *text)
{
  DraftdJobRequest *q = draftd_job_request_new (kind, client);
  q->bulk = kind == DRAFTD_JOB_CORRECT;  /* as Correct's row in the operation table has it */
  q->text = g_strdup (text);
  q->options.max_tokens = 48;
  q->options.temperature = 0;  /* greedy: alone and together must match token for token */
  q->options.mode = g_strdup ("speculative");
  q->options.force = TRUE;  /* the shipped target cannot complete (issue 47): the passes are what is tested */
  return q;
}

/* Runs the requests (NULL: none in that slot) together; their jobs are returned as owners.
 * The completion is sent once the correction has had its first pass: the correction finds
 * its first sentences' candidates on the CPU before it passes, and a short completion sent
 * beside it could end before that on a busy machine (the two would never share a pass, which
 * is what is tested, not the machine's speed). The correction's 160 judged sentences outlast
 * it: beside the completion they pass one lane an iteration. */
static void
run (DraftdScheduler *s, Record *r, DraftdJobRequest *q[2], gconstpointer owners[2])
{
  guint want = 0;
  for (guint i = 0; i < 2; i++) {
    owners[i] = NULL;
    if (q[i] == NULL)
      continue;
    if (i == 1 && owners[0])
      while (!started (r, owners[0]) && r->done == 0)
        g_main_context_iteration (NULL, TRUE);
    owners[i] = draftd_scheduler_submit (s, q[i], GUINT_TO_POINTER (i), NULL);
    want++;
  }
  while (r->done < want)
    g_main_context_iteration (NULL, TRUE);
}

static void
record_reset (Record *r)
{
  g_ptr_array_set_size (r->iterations, 0);
  r->done = 0;
  for (guint i = 0; i < 2; i++) {
    g_clear_pointer (&r->text[i], g_free);
    g_clear_pointer (&r->error[i], g_free);
  }
}

/* Lanes of `owner` served in iteration i. */
static guint
served (Record *r, guint i, gconstpointer owner)
{
  GPtrArray *it = g_ptr_array_index (r->iterations, i);
  guint n = 0;
  for (guint j = 0; j < it->len; j++)
    n += g_ptr_array_index (it, j) == owner;
  return n;
}

static void
check_together (Record *r, gconstpointer a, gconstpointer b)
{
  gint first[2] = { -1, -1 }, last[2] = { -1, -1 };
  guint most_a = 0;
  for (guint i = 0; i < r->iterations->len; i++) {
    for (guint k = 0; k < 2; k++)
      if (served (r, i, k ? b : a)) {
        first[k] = first[k] < 0 ? (gint) i : first[k];
        last[k] = i;
      }
    most_a = MAX (most_a, served (r, i, a));
  }
  gint from = MAX (first[0], first[1]), to = MIN (last[0], last[1]);
  guint both = 0, span = to >= from && from >= 0 ? (guint) (to - from + 1) : 0, widest_beside = 0;
  for (gint i = from; span && i <= to; i++) {
    both += served (r, i, a) && served (r, i, b);
    widest_beside = MAX (widest_beside, served (r, i, a));
  }
  tap_ok (span > 0 && both == span,
          "while both run, every iteration serves both jobs (%u of %u; the correction's lanes from %d to %d, the completion's "
          "from %d to %d)", both, span, first[0], last[0], first[1], last[1]);
  /* Beside the completion's steps the correction passes a slice on one lane at a time, so
   * a chat's tokens do not wait for its wide scoring passes; alone it goes wide again. */
  tap_ok (widest_beside == 1, "beside the completion, the correction passes on one lane an iteration (%u)", widest_beside);
  tap_ok (most_a >= 2, "the correction keeps several sentences in flight (up to %u lanes in one iteration)", most_a);
}

int
main (void)
{
  g_autofree char *target = NULL, *assistant = NULL;
  if (!test_shipped_models (&target, &assistant))
    return tap_missing_all ("the shipped models are absent");
  g_autoptr (GError) error = NULL;
  DraftdEngineConfig config = { .target = target, .assistant = assistant };
  DraftdEngine *e = draftd_engine_new (&config, &error);
  if (e == NULL)
    return tap_missing_all ("%s", error->message);
  Record r = { .iterations = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref) };
  g_mutex_init (&r.lock);
  DraftdSchedulerEvents events = { .done = on_done };
  DraftdSchedulerLimits limits = { 0 };
  DraftdScheduler *s = draftd_scheduler_new (e, &limits, NULL, &events, &r);
  draftd_lanes_set_trace (draftd_engine_lanes (e, NULL), on_iteration, &r);
  /* Sentences whose fixes the target must judge: each takes passes of its own. Fixes made
   * sure on the CPU need none, and a correction of those ("She go to school") now ends in a
   * few passes, before a completion sent after its first could share one. */
  g_autofree char *text = test_judged_sentences (160, 90001);
  const char *prompt = "Once upon a time, there was a little girl named";
  gconstpointer owners[2];
  DraftdJobRequest *both[2] = { request (DRAFTD_JOB_CORRECT, ":1.1", text), request (DRAFTD_JOB_COMPLETE, ":1.2", prompt) };
  run (s, &r, both, owners);
  tap_ok (r.text[0] && r.text[1], "both jobs end with a result (%s, %s)", r.error[0] ? r.error[0] : "ok",
          r.error[1] ? r.error[1] : "ok");
  check_together (&r, owners[0], owners[1]);
  char *together[2] = { g_strdup (r.text[0]), g_strdup (r.text[1]) };
  for (guint k = 0; k < 2; k++) {
    record_reset (&r);
    DraftdJobRequest *alone[2] = { k == 0 ? request (DRAFTD_JOB_CORRECT, ":1.3", text) : NULL,
                                   k == 1 ? request (DRAFTD_JOB_COMPLETE, ":1.4", prompt) : NULL };
    run (s, &r, alone, owners);
    tap_ok (r.text[k] && together[k] && g_str_equal (r.text[k], together[k]), "the %s alone gives the same text",
            k ? "completion" : "correction");
  }
  record_reset (&r);
  g_free (together[0]);
  g_free (together[1]);
  draftd_scheduler_free (s);
  draftd_engine_free (e);
  g_ptr_array_unref (r.iterations);
  g_mutex_clear (&r.lock);
  return tap_done ();
}
