/* For the engine's lane tests (engine-lanes, engine-sites): this thread as the engine loop. */
#pragma once
#include "daemon/engine/lanes.h"

/* Runs the lanes' iterations, traced to `trace`, until every lane is closed, then joins the
 * n threads that drove them (each closes its lane when done). */
static inline void
test_lanes_drive (DraftdLanes *lanes, GThread **threads, guint n, DraftdLanesTrace trace, gpointer user)
{
  draftd_lanes_set_trace (lanes, trace, user);
  while (draftd_lanes_open_count (lanes) > 0)
    if (draftd_lanes_settle (lanes))
      draftd_lanes_run (lanes);
  for (guint i = 0; i < n; i++)
    g_thread_join (threads[i]);
  draftd_lanes_set_trace (lanes, NULL, NULL);
}
