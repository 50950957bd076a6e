/* Lanes: how running jobs reach the device. Each lane is a thread of work (a job, or one of
 * a long correction's sentence workers) with sequences of its own in the target's KV cache
 * (one whole context and a few short scratch sequences for candidate scoring) and one in
 * the assistant's. A lane never touches the device: its DraftdLm views *park* it at every
 * pass with what the pass needs. The engine loop (scheduler.c) waits until no lane is
 * computing (or, once some are parked, as long as the last pass took, 3 ms at least: a
 * lane in longer host work, such as a Hunspell suggestion, joins a later pass), then draftd_lanes_run() packs
 * every parked request into ONE batched pass per model, runs it and wakes each lane with
 * its outputs. So one loop issues every pass, every job with a parked lane advances in
 * every iteration, and no job runs on another's stack.
 *
 *   lane threads:   compute ─► park(tokens) ─────────────────────► read outputs ─► compute …
 *   engine loop:                   settle ─► one pass per model ─► wake ─┘
 */
#pragma once
#include "lib/decode/lm.h"
#include "lib/runtime/forward.h"

typedef struct DraftdLanes DraftdLanes;
typedef struct DraftdLane DraftdLane;

/* Lanes over the runners' sequences: the target's first n_lanes sequences are whole
 * contexts, followed by `scratch` short ones per lane; the assistant (or NULL) holds
 * n_lanes whole ones. Beside an interactive job (completion, chat), `budget` is the target
 * tokens of an iteration that interactive jobs share (a longer prompt goes in chunks, so it
 * never holds back the others' next tokens for long), and `slice` the tokens a bulk job (a
 * correction) passes: the widest pass that costs this device little more than a one-token
 * pass. */
DraftdLanes *draftd_lanes_new (DraftdRunner *target, DraftdRunner *assistant, guint n_lanes, guint scratch, guint budget,
                               guint slice);
void draftd_lanes_free (DraftdLanes *l);
guint draftd_lanes_n_lanes (DraftdLanes *l);

/* ---- the lanes' side ---- */

/* A free lane for `owner` (the job it serves: lanes of one owner share one part of the
 * budget), counted as computing from now on; NULL when none is free. `affinity` (or NULL)
 * names whose prefix it would like cached (a conversation): the lane last opened with the
 * same affinity is taken if free. `reserve` lanes stay free beyond those jobs waiting to
 * start need (a sentence worker asks 1: a newcomer finds a lane at once). `interactive`:
 * a completion or chat, whose steps go first (draftd_lanes_run). Any thread. */
DraftdLane *draftd_lanes_open (DraftdLanes *l, gconstpointer owner, const char *affinity, guint reserve,
                               gboolean interactive);
/* Jobs wait to start: sentence workers should give their lanes back. */
gboolean draftd_lanes_contended (DraftdLanes *l);
/* The lanes a lane belongs to, and whom it serves. */
DraftdLanes *draftd_lane_lanes (DraftdLane *lane);
gconstpointer draftd_lane_owner (DraftdLane *lane);
/* The lane's work is over: its sequences are free again. From the lane's thread. */
void draftd_lane_close (DraftdLane *lane);
/* The lane's views of the target and the assistant (NULL without one), and the records of
 * what their whole-context sequences hold (draftd_cache_reuse). */
const DraftdLm *draftd_lane_target (DraftdLane *lane);
const DraftdLm *draftd_lane_assistant (DraftdLane *lane);
GArray *draftd_lane_target_cached (DraftdLane *lane);
GArray *draftd_lane_assistant_cached (DraftdLane *lane);
/* Around a wait for something other than a pass (its sentence workers): meanwhile the
 * loop does not wait for this lane. */
void draftd_lane_wait_begin (DraftdLane *lane);
void draftd_lane_wait_end (DraftdLane *lane);

/* ---- the engine loop's side ---- */

/* Waits until no lane is computing, or some are parked and the others have computed for
 * the straggler wait since (TRUE: some are parked), or draftd_lanes_kick() was called since
 * the last wait (FALSE unless then some are parked and none computes). */
gboolean draftd_lanes_settle (DraftdLanes *l);
/* Wakes draftd_lanes_settle (a job arrived, a lane may have freed): any thread. */
void draftd_lanes_kick (DraftdLanes *l);
/* Lanes open (taken), free, and waiting for work (a lane's reserve counts these). */
guint draftd_lanes_open_count (DraftdLanes *l);
void draftd_lanes_set_waiting (DraftdLanes *l, guint jobs_waiting);
/* One iteration: the parked requests in one pass of each model, every job's at least in
 * part (beside an interactive job a bulk one passes a slice of its request a time); each
 * lane whose request is done wakes with its outputs (or its own error). Call after
 * draftd_lanes_settle returned TRUE. */
void draftd_lanes_run (DraftdLanes *l);
/* What the loop has done since the lanes were made: how full its passes were and where its
 * time went. Served lanes over iterations is a pass's occupancy (8 clients completing at
 * once: 8 at best); `waited_us` counts only waits with some lane parked (the straggler wait),
 * the time a pass was held back for a lane still in host work. */
typedef struct {
  guint64 iterations;     /* draftd_lanes_run calls that passed anything */
  guint64 lanes_served;   /* parked lanes those iterations took tokens from */
  guint64 target_tokens;  /* tokens in the target's passes */
  guint64 pass_us;        /* time in the passes (both models) */
  guint64 waited_us;      /* time parked lanes waited for others still computing */
  guint64 late;           /* iterations that went without a lane that was still computing */
} DraftdLanesCounters;
void draftd_lanes_counters (DraftdLanes *l, DraftdLanesCounters *out);
/* Called by draftd_lanes_run after each iteration with the owners of the lanes it served
 * (an owner once per lane), for tests and traces; NULL to stop. */
typedef void (*DraftdLanesTrace) (const gconstpointer *owners, guint n, gpointer user);
void draftd_lanes_set_trace (DraftdLanes *l, DraftdLanesTrace trace, gpointer user);
