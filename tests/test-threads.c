/* Threads say who they are (daemon/engine/threads.h): an entry point that engine.h,
 * scheduler.h or service.h gives to one thread refuses a call from another with a critical
 * that names the function and both threads, and the test environment makes that critical
 * fatal, so a call from the wrong thread fails the test that makes it. Each wrong call runs in
 * a child process (fork), whose death and words the parent reads. */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "daemon/engine/scheduler.h"
#include "daemon/engine/threads.h"
#include "tests/tap.h"

typedef void (*Wrong) (DraftdEngine *e);

static DraftdEngine *
lazy_engine (void)
{
  /* Lazy: nothing loads before a job, and none runs here. */
  DraftdEngineConfig config = { .target = (char *) "/nonexistent/target.gguf", .lazy = TRUE };
  g_autoptr (GError) error = NULL;
  DraftdEngine *e = draftd_engine_new (&config, &error);
  if (e == NULL)
    g_printerr ("no engine: %s\n", error->message);
  return e;
}

/* Runs `wrong` in a child with criticals fatal; TRUE when the child died of a signal having
 * said `want` on stderr. */
static gboolean
dies_saying (Wrong wrong, const char *want)
{
  int fds[2];
  g_assert (pipe (fds) == 0);
  pid_t pid = fork ();
  if (pid == 0) {
    dup2 (fds[1], STDERR_FILENO);
    close (fds[0]);
    g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
    DraftdEngine *e = lazy_engine ();
    if (e)
      wrong (e);
    _exit (0);
  }
  close (fds[1]);
  GString *said = g_string_new (NULL);
  char buf[512];
  for (ssize_t n; (n = read (fds[0], buf, sizeof buf)) > 0;)
    g_string_append_len (said, buf, n);
  close (fds[0]);
  int status = 0;
  waitpid (pid, &status, 0);
  gboolean ok = WIFSIGNALED (status) && strstr (said->str, want);
  if (!ok)
    tap_diag ("the child %s; it said: %s", WIFSIGNALED (status) ? "died of a signal" : "lived", said->str);
  g_string_free (said, TRUE);
  return ok;
}

typedef struct {
  DraftdScheduler *s;
  DraftdJob *job;
  GError *error;
} Submit;

/* A job's thread that submits a job: only the main thread may. */
static gpointer
submit_as_job (gpointer p)
{
  Submit *t = p;
  draftd_thread_claim (DRAFTD_THREAD_JOB);
  t->job = draftd_scheduler_submit (t->s, draftd_job_request_new (DRAFTD_JOB_COMPLETE, ":1.1"), NULL, &t->error);
  return NULL;
}

static void
on_done (DraftdJob *job, gpointer user)
{
}

static const DraftdSchedulerEvents events = { .done = on_done };

static void
submit_from_job_thread (DraftdEngine *e)
{
  DraftdSchedulerLimits limits = { 0 };
  Submit t = { .s = draftd_scheduler_new (e, &limits, NULL, &events, NULL) };
  g_thread_join (g_thread_new ("test-job", submit_as_job, &t));
}

static void
run_on_main_thread (DraftdEngine *e)
{
  draftd_thread_claim (DRAFTD_THREAD_MAIN);
  g_autoptr (DraftdJobRequest) r = draftd_job_request_new (DRAFTD_JOB_COMPLETE, ":1.1");
  DraftdJobResult res = { 0 };
  draftd_engine_run (e, NULL, r, NULL, NULL, &res);
}

static void
switch_on_main_thread (DraftdEngine *e)
{
  draftd_thread_claim (DRAFTD_THREAD_MAIN);
  draftd_engine_switch_models (e, "/nonexistent/other.gguf", NULL, NULL);
}

static void
main_becomes_loop (DraftdEngine *e)
{
  draftd_thread_claim (DRAFTD_THREAD_MAIN);
  draftd_thread_claim (DRAFTD_THREAD_LOOP);
}

static guint criticals;

static void
count_criticals (const char *domain, GLogLevelFlags level, const char *message, gpointer user)
{
  criticals += (level & G_LOG_LEVEL_CRITICAL) != 0;
}

/* With criticals not fatal (as in a release daemon), the refused call does nothing: no job is
 * queued, and the caller gets an error. */
static void
check_refused_call_does_nothing (void)
{
  DraftdEngine *e = lazy_engine ();
  DraftdSchedulerLimits limits = { 0 };
  Submit t = { .s = draftd_scheduler_new (e, &limits, NULL, &events, NULL) };
  GLogLevelFlags was = g_log_set_always_fatal (G_LOG_FATAL_MASK);
  guint handler = g_log_set_handler (G_LOG_DOMAIN, G_LOG_LEVEL_CRITICAL, count_criticals, NULL);
  g_thread_join (g_thread_new ("test-job", submit_as_job, &t));
  g_log_remove_handler (G_LOG_DOMAIN, handler);
  g_log_set_always_fatal (was);
  tap_ok (t.job == NULL && t.error && criticals == 1 && draftd_scheduler_queue_length (t.s) == 0,
          "criticals not fatal, the refused submit queues nothing and says why (%s; %u critical)",
          t.error ? t.error->message : "no error", criticals);
  g_clear_error (&t.error);
  draftd_scheduler_free (t.s);
  draftd_engine_free (e);
}

int
main (void)
{
  const char *debug = g_getenv ("G_DEBUG");
  tap_ok (debug && strstr (debug, "fatal-criticals"), "the tests run with criticals fatal (G_DEBUG=%s)", debug ? debug : "");
  tap_ok (dies_saying (submit_from_job_thread, "draftd_scheduler_submit runs on the main thread, not on a job's thread"),
          "a job's thread that submits a job dies saying which thread submits");
  tap_ok (dies_saying (run_on_main_thread, "draftd_engine_run runs on a job's thread, not on the main thread"),
          "the main thread that runs a job dies saying where jobs run");
  tap_ok (dies_saying (switch_on_main_thread, "draftd_engine_switch_models runs on the engine loop, not on the main thread"),
          "the main thread that switches models dies saying the engine loop does");
  tap_ok (dies_saying (main_becomes_loop, "this thread cannot become the engine loop: it is the main thread"),
          "a thread that has said it is the main thread cannot become the engine loop");
  check_refused_call_does_nothing ();
  return tap_done ();
}
