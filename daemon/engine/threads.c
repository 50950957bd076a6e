#include "daemon/engine/threads.h"

/* Thread-local: each thread's own word about itself. */
static GPrivate role_key;

static const char *
role_name (guint role)
{
  static const struct {
    guint role;
    const char *name;
  } names[] = {
    { DRAFTD_THREAD_UNNAMED, "an unnamed thread" },
    { DRAFTD_THREAD_MAIN, "the main thread" },
    { DRAFTD_THREAD_LOOP, "the engine loop" },
    { DRAFTD_THREAD_JOB, "a job's thread" },
    { DRAFTD_THREAD_MAIN | DRAFTD_THREAD_LOOP, "the main thread or the engine loop" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (names[i].role == role)
      return names[i].name;
  return "several threads";
}

DraftdThreadRole
draftd_thread_role (void)
{
  return GPOINTER_TO_UINT (g_private_get (&role_key));
}

void
draftd_thread_claim (DraftdThreadRole role)
{
  DraftdThreadRole was = draftd_thread_role ();
  if (was != DRAFTD_THREAD_UNNAMED && was != role) {
    g_critical ("this thread cannot become %s: it is %s", role_name (role), role_name (was));
    return;
  }
  g_private_set (&role_key, GUINT_TO_POINTER (role));
}

gboolean
draftd_thread_check (guint roles, const char *func)
{
  DraftdThreadRole is = draftd_thread_role ();
  if (is & roles)
    return TRUE;
  g_critical ("%s runs on %s, not on %s", func, role_name (roles), role_name (is));
  return FALSE;
}
