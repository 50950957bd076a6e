#include "daemon/engine/lanes.h"
#include <string.h>

/* FREE -> COMPUTING (opened) -> PARKED (its request handed to the loop) -> COMPUTING (served);
 * COMPUTING -> WAITING (for its job's workers) -> COMPUTING; COMPUTING -> FREE (closed). */
typedef enum { LANE_FREE, LANE_COMPUTING, LANE_PARKED, LANE_WAITING, LANE_N_STATES } LaneState;
typedef enum { REQ_FORWARD, REQ_BATCH } RequestKind;

enum { TARGET, ASSISTANT };

/* What a parked lane needs from the next pass. The arrays are the lane's (alive while it
 * waits); sequence numbers are the runner's own by the time the request is parked. */
typedef struct {
  RequestKind kind;
  guint model;
  const gint32 *tokens;   /* FORWARD: [n] on the lane's whole-context sequence */
  guint n, n_out;         /* FORWARD: outputs for the last n_out */
  DraftdBatch batch;      /* BATCH */
  gboolean want_logits;
  guint done;             /* tokens passed so far: a request may go in chunks */
  GError *error;          /* set by the loop: this request failed */
} Request;

typedef struct {
  DraftdLane *lane;
  guint model;
} View;

struct DraftdLane {
  DraftdLanes *l;
  guint index;
  LaneState state;
  gconstpointer owner;
  Request req;
  gboolean interactive;    /* completion or chat: its steps go first (draftd_lanes_run) */
  guint out_base[2];       /* where its outputs of the last pass start among the runner's */
  /* A request passed in chunks keeps its outputs here (the runner's are the last pass's
   * only): argmax and, when asked for, logits, in order. */
  gboolean copied[2];
  GArray *ids[2], *logits[2], *hidden[2];  /* hidden: [n_out][n_embd], a target with heads */
  /* Outputs of the last pass read where they are: the runner's arrays (in_place), or, once
   * a pass ran while this lane still computed, those arrays handed over (held). */
  gboolean in_place[2];
  GArray *held_ids[2], *held_logits[2], *held_hidden[2];
  View view[2];
  DraftdLm lm[2];
  GCond wake;
};

/* How long the loop waits for lanes still in host work once others are parked, before it
 * passes without them (they join a later pass): the last pass's duration, and at least
 * this. A lane slower than a pass costs the parked ones more than a pass of its own costs
 * it. Most steps' host work takes well under a millisecond; a Hunspell suggestion takes
 * tens, and meanwhile every parked lane (a chat's next token), and on a CPU device a core,
 * would sit idle. */
#define STRAGGLER_WAIT_MIN_US 3000

struct DraftdLanes {
  GMutex lock;
  GCond changed;           /* a lane parked, waits, or closed; or a kick */
  DraftdRunner *runner[2];
  guint n_lanes, scratch, budget;
  guint slice;             /* bulk tokens an iteration takes beside interactive steps */
  DraftdLane *lanes;       /* [n_lanes] */
  GArray **cached[2];      /* [n_lanes] what each whole-context sequence holds */
  char **affinity;         /* [n_lanes] what each lane was last opened for */
  /* Lanes in each state (LaneState), kept by lane_set_state alone: the loop's counts of open,
   * computing and parked lanes are these. */
  guint in_state[LANE_N_STATES];
  guint jobs_waiting, rotation;
  gint64 last_pass_us;     /* how long the last iteration's passes took */
  gboolean kicked;
  DraftdLanesCounters counters;
  DraftdLanesTrace trace;
  gpointer trace_user;
};

/* The one place a lane changes state (lock held): a transition the diagram above lacks is a
 * bug, refused with a warning; the counts follow the states. */
static void
lane_set_state (DraftdLane *lane, LaneState to)
{
  static const guint8 allowed[LANE_N_STATES] = {
    [LANE_FREE] = 1u << LANE_COMPUTING,
    [LANE_COMPUTING] = (1u << LANE_FREE) | (1u << LANE_PARKED) | (1u << LANE_WAITING),
    [LANE_PARKED] = 1u << LANE_COMPUTING,
    [LANE_WAITING] = 1u << LANE_COMPUTING,
  };
  g_return_if_fail (allowed[lane->state] & (1u << to));
  lane->l->in_state[lane->state]--;
  lane->l->in_state[to]++;
  lane->state = to;
}

/* Lanes a job holds, whatever they are doing. */
static guint
n_open (const DraftdLanes *l)
{
  return l->n_lanes - l->in_state[LANE_FREE];
}

/* The runner's number of sequence `seq` of a lane's view: whole contexts first, then each
 * lane's scratch sequences. */
static guint
physical (const View *v, guint seq)
{
  const DraftdLanes *l = v->lane->l;
  return seq == 0 ? v->lane->index : l->n_lanes + v->lane->index * l->scratch + seq - 1;
}

static DraftdRunner *
runner (const View *v)
{
  return v->lane->l->runner[v->model];
}

static guint
n_vocab_of (const View *v)
{
  return draftd_runner_model (runner (v))->config.n_vocab;
}

/* The lane is done with its last outputs (lock held). */
static void
release_outputs (DraftdLane *lane)
{
  for (guint m = 0; m < 2; m++) {
    lane->in_place[m] = FALSE;
    g_clear_pointer (&lane->held_ids[m], g_array_unref);
    g_clear_pointer (&lane->held_logits[m], g_array_unref);
    g_clear_pointer (&lane->held_hidden[m], g_array_unref);
  }
}

/* Hands the request to the loop and sleeps until a pass has served it. */
static gboolean
park (DraftdLane *lane, GError **error)
{
  DraftdLanes *l = lane->l;
  g_mutex_lock (&l->lock);
  lane->req.error = NULL;
  lane->req.done = 0;
  lane->copied[lane->req.model] = FALSE;
  g_array_set_size (lane->ids[lane->req.model], 0);
  g_array_set_size (lane->logits[lane->req.model], 0);
  g_array_set_size (lane->hidden[lane->req.model], 0);
  release_outputs (lane);
  lane_set_state (lane, LANE_PARKED);
  g_cond_broadcast (&l->changed);
  while (lane->state == LANE_PARKED)
    g_cond_wait (&lane->wake, &l->lock);
  g_mutex_unlock (&l->lock);
  if (lane->req.error) {
    g_propagate_error (error, lane->req.error);
    lane->req.error = NULL;
    return FALSE;
  }
  return TRUE;
}

/* The checks the runner makes of a whole batch, made of one lane's part, so that a bad
 * request fails alone instead of failing everyone's pass. */
static gboolean
check_tokens (const View *v, const gint32 *tokens, guint n, GError **error)
{
  guint n_vocab = n_vocab_of (v);
  for (guint i = 0; i < n; i++)
    if (tokens[i] < 0 || (guint) tokens[i] >= n_vocab) {
      g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT, "token id %d is outside the vocabulary (%u)",
                   tokens[i], n_vocab);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_room (const View *v, guint seq, guint n, GError **error)
{
  guint past = draftd_runner_seq_n_past (runner (v), seq), cap = draftd_runner_seq_n_ctx (runner (v), seq);
  if (past + n > cap) {
    g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT, "%u more tokens do not fit the context (%u of %u used)",
                 n, past, cap);
    return FALSE;
  }
  return TRUE;
}

static gboolean
view_forward (gpointer self, const gint32 *tokens, guint n, guint n_out, gboolean want_logits, GError **error)
{
  View *v = self;
  g_return_val_if_fail (n >= 1 && n_out >= 1 && n_out <= n, FALSE);
  if (!check_tokens (v, tokens, n, error) || !check_room (v, physical (v, 0), n, error))
    return FALSE;
  v->lane->req = (Request) { REQ_FORWARD, v->model, tokens, n, n_out, .want_logits = want_logits };
  return park (v->lane, error);
}

static gboolean
view_forward_batch (gpointer self, const DraftdBatch *batch, gboolean want_logits, GError **error)
{
  View *v = self;
  guint n_seq = v->model == TARGET ? 1 + v->lane->l->scratch : 1;
  g_autofree guint *seq = g_new (guint, MAX (batch->n, 1u));
  g_autofree guint *count = g_new0 (guint, n_seq);
  for (guint i = 0; i < batch->n; i++) {
    guint s = batch->seq ? batch->seq[i] : 0;
    if (s >= n_seq) {
      g_set_error (error, DRAFTD_VK_ERROR, DRAFTD_VK_ERROR_LIMIT, "sequence %u of %u", s, n_seq);
      return FALSE;
    }
    seq[i] = physical (v, s);
    count[s]++;
  }
  for (guint s = 0; s < n_seq; s++)
    if (count[s] && !check_room (v, physical (v, s), count[s], error))
      return FALSE;
  if (!check_tokens (v, batch->tokens, batch->n, error))
    return FALSE;
  v->lane->req = (Request) { REQ_BATCH, v->model, .batch = { batch->tokens, seq, batch->want, batch->n },
                             .want_logits = want_logits };
  return park (v->lane, error);
}

/* No trip through the loop: the runner copies at the start of the next pass, which is the
 * lane's own next request's or an earlier one. */
static gboolean
view_seq_copy (gpointer self, guint src, guint dst, guint n, GError **error)
{
  return draftd_runner_seq_copy (runner (self), physical (self, src), physical (self, dst), n, error);
}

/* Under the lock, because the loop may hand the runner's arrays over meanwhile
 * (take_outputs): a pointer found before that stays valid, as the arrays do not change. */
static const float *
view_logits (gpointer self, guint i)
{
  View *v = self;
  DraftdLane *lane = v->lane;
  guint m = v->model;
  if (lane->copied[m])
    return &g_array_index (lane->logits[m], float, (gsize) i * n_vocab_of (v));
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&lane->l->lock);
  if (lane->held_logits[m])
    return &g_array_index (lane->held_logits[m], float, (gsize) (lane->out_base[m] + i) * n_vocab_of (v));
  return draftd_runner_logits (runner (v), lane->out_base[m] + i);
}

static gint32
view_argmax (gpointer self, guint i)
{
  View *v = self;
  DraftdLane *lane = v->lane;
  guint m = v->model;
  if (lane->copied[m])
    return g_array_index (lane->ids[m], gint32, i);
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&lane->l->lock);
  if (lane->held_ids[m])
    return g_array_index (lane->held_ids[m], gint32, lane->out_base[m] + i);
  return draftd_runner_argmax (runner (v), lane->out_base[m] + i);
}

static guint
view_n_heads (gpointer self)
{
  View *v = self;
  return v->model == TARGET ? draftd_runner_n_heads (runner (v)) : 0;
}

/* The heads' guesses from output i's hidden state, found as view_logits finds its logits
 * and copied under the lock; the heads run outside it. */
static guint
view_propose (gpointer self, guint i, gint32 *out, guint k_max)
{
  View *v = self;
  DraftdLane *lane = v->lane;
  guint m = v->model, n_embd = draftd_runner_model (runner (v))->config.n_embd;
  g_autofree float *h = g_new (float, n_embd);
  if (lane->copied[m]) {
    memcpy (h, &g_array_index (lane->hidden[m], float, (gsize) i * n_embd), n_embd * sizeof (float));
  } else {
    g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&lane->l->lock);
    const float *src = lane->held_hidden[m]
                           ? &g_array_index (lane->held_hidden[m], float, (gsize) (lane->out_base[m] + i) * n_embd)
                           : draftd_runner_hidden (runner (v), lane->out_base[m] + i);
    memcpy (h, src, n_embd * sizeof (float));
  }
  return draftd_runner_propose_from (runner (v), h, out, k_max);
}

/* As view_seq_copy: the runner keeps the share and copies in whichever pass computes it. */
static gboolean
view_seq_share (gpointer self, guint src, guint dst, const gint32 *tokens, guint n, GError **error)
{
  return draftd_runner_seq_share (runner (self), physical (self, src), physical (self, dst), tokens, n, error);
}

static void view_truncate (gpointer self, guint n) { draftd_runner_seq_truncate (runner (self), physical (self, 0), n); }
static guint view_n_past (gpointer self) { return draftd_runner_seq_n_past (runner (self), physical (self, 0)); }
static guint view_n_ctx (gpointer self) { return draftd_runner_seq_n_ctx (runner (self), physical (self, 0)); }
static guint view_n_vocab (gpointer self) { return n_vocab_of (self); }
static guint view_n_batch (gpointer self) { return draftd_runner_n_batch (runner (self)); }

static guint
view_n_seq (gpointer self)
{
  View *v = self;
  return v->model == TARGET ? 1 + v->lane->l->scratch : 1;
}

static guint view_seq_n_past (gpointer self, guint s) { return draftd_runner_seq_n_past (runner (self), physical (self, s)); }
static guint view_seq_n_ctx (gpointer self, guint s) { return draftd_runner_seq_n_ctx (runner (self), physical (self, s)); }
static const gint32 *view_seq_tokens (gpointer self, guint s) { return draftd_runner_seq_tokens (runner (self), physical (self, s)); }
static void view_seq_truncate (gpointer self, guint s, guint n) { draftd_runner_seq_truncate (runner (self), physical (self, s), n); }

static const DraftdLmVTable view_vtable = {
  view_forward,    view_logits,     view_argmax,     view_truncate,     view_n_past,
  view_n_ctx,      view_n_vocab,    view_n_batch,    view_n_seq,        view_forward_batch,
  view_seq_n_past, view_seq_n_ctx,  view_seq_tokens, view_seq_truncate, view_seq_copy,
  view_n_heads,    view_propose,    view_seq_share,
};

DraftdLanes *
draftd_lanes_new (DraftdRunner *target, DraftdRunner *assistant, guint n_lanes, guint scratch, guint budget, guint slice)
{
  DraftdLanes *l = g_new0 (DraftdLanes, 1);
  g_mutex_init (&l->lock);
  g_cond_init (&l->changed);
  l->runner[TARGET] = target;
  l->runner[ASSISTANT] = assistant;
  l->n_lanes = MAX (n_lanes, 1u);
  l->scratch = scratch;
  l->budget = MAX (budget, 16u);
  l->slice = MAX (slice, 1u);
  g_return_val_if_fail (draftd_runner_n_seq (target) >= l->n_lanes * (1 + scratch), NULL);
  l->lanes = g_new0 (DraftdLane, l->n_lanes);
  l->in_state[LANE_FREE] = l->n_lanes;
  l->affinity = g_new0 (char *, l->n_lanes);
  for (guint m = 0; m < 2; m++)
    l->cached[m] = g_new0 (GArray *, l->n_lanes);
  for (guint i = 0; i < l->n_lanes; i++) {
    DraftdLane *lane = &l->lanes[i];
    lane->l = l;
    lane->index = i;
    g_cond_init (&lane->wake);
    for (guint m = 0; m < 2; m++) {
      lane->view[m] = (View) { lane, m };
      lane->lm[m] = (DraftdLm) { &view_vtable, &lane->view[m] };
      lane->ids[m] = g_array_new (FALSE, FALSE, sizeof (gint32));
      lane->logits[m] = g_array_new (FALSE, FALSE, sizeof (float));
      lane->hidden[m] = g_array_new (FALSE, FALSE, sizeof (float));
      l->cached[m][i] = g_array_new (FALSE, FALSE, sizeof (gint32));
    }
  }
  return l;
}

void
draftd_lanes_free (DraftdLanes *l)
{
  if (l == NULL)
    return;
  g_return_if_fail (n_open (l) == 0);
  for (guint i = 0; i < l->n_lanes; i++) {
    g_cond_clear (&l->lanes[i].wake);
    for (guint m = 0; m < 2; m++) {
      g_array_unref (l->cached[m][i]);
      g_array_unref (l->lanes[i].ids[m]);
      g_array_unref (l->lanes[i].logits[m]);
      g_array_unref (l->lanes[i].hidden[m]);
    }
  }
  for (guint m = 0; m < 2; m++)
    g_free (l->cached[m]);
  for (guint i = 0; i < l->n_lanes; i++)
    g_free (l->affinity[i]);
  g_free (l->affinity);
  g_free (l->lanes);
  g_mutex_clear (&l->lock);
  g_cond_clear (&l->changed);
  g_free (l);
}

guint
draftd_lanes_n_lanes (DraftdLanes *l)
{
  return l->n_lanes;
}

/* A free lane: the one last opened for `affinity` if free (its cache may hold that prefix),
 * else the next free one in turn. Lock held. */
static DraftdLane *
pick_free (DraftdLanes *l, const char *affinity)
{
  DraftdLane *best = NULL;
  for (guint k = 0; k < l->n_lanes; k++) {
    DraftdLane *lane = &l->lanes[(l->rotation + k) % l->n_lanes];
    if (lane->state != LANE_FREE)
      continue;
    if (affinity && g_strcmp0 (l->affinity[lane->index], affinity) == 0)
      return lane;
    if (best == NULL)
      best = lane;
  }
  return best;
}

DraftdLane *
draftd_lanes_open (DraftdLanes *l, gconstpointer owner, const char *affinity, guint reserve, gboolean interactive)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&l->lock);
  if (n_open (l) + (reserve ? reserve + l->jobs_waiting : 0) >= l->n_lanes)
    return NULL;
  DraftdLane *lane = pick_free (l, affinity);
  if (lane == NULL)
    return NULL;
  lane_set_state (lane, LANE_COMPUTING);
  lane->owner = owner;
  lane->interactive = interactive;
  if (affinity) {
    g_free (l->affinity[lane->index]);
    l->affinity[lane->index] = g_strdup (affinity);
  }
  return lane;
}

void
draftd_lane_close (DraftdLane *lane)
{
  DraftdLanes *l = lane->l;
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&l->lock);
  g_return_if_fail (lane->state == LANE_COMPUTING);
  release_outputs (lane);
  lane_set_state (lane, LANE_FREE);
  g_cond_broadcast (&l->changed);
}

DraftdLanes *draftd_lane_lanes (DraftdLane *lane) { return lane->l; }
gconstpointer draftd_lane_owner (DraftdLane *lane) { return lane->owner; }
const DraftdLm *draftd_lane_target (DraftdLane *lane) { return &lane->lm[TARGET]; }
const DraftdLm *draftd_lane_assistant (DraftdLane *lane) { return lane->l->runner[ASSISTANT] ? &lane->lm[ASSISTANT] : NULL; }
GArray *draftd_lane_target_cached (DraftdLane *lane) { return lane->l->cached[TARGET][lane->index]; }
GArray *draftd_lane_assistant_cached (DraftdLane *lane) { return lane->l->cached[ASSISTANT][lane->index]; }

void
draftd_lane_wait_begin (DraftdLane *lane)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&lane->l->lock);
  lane_set_state (lane, LANE_WAITING);
  g_cond_broadcast (&lane->l->changed);
}

void
draftd_lane_wait_end (DraftdLane *lane)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&lane->l->lock);
  lane_set_state (lane, LANE_COMPUTING);
}

gboolean
draftd_lanes_settle (DraftdLanes *l)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&l->lock);
  /* Open lanes that all wait (a job for its workers, between two of their states) are
   * waited out too: nothing to pass yet, nothing for the loop to do. */
  gint64 deadline = 0, since = 0;
  gboolean late = FALSE;
  guint *in = l->in_state;
  while (!l->kicked && !late && (in[LANE_COMPUTING] > 0 || (in[LANE_PARKED] == 0 && n_open (l) > 0))) {
    if (in[LANE_PARKED] == 0) {
      deadline = 0;
      g_cond_wait (&l->changed, &l->lock);
      continue;
    }
    if (deadline == 0) {
      since = g_get_monotonic_time ();
      deadline = since + MAX (l->last_pass_us, STRAGGLER_WAIT_MIN_US);
    }
    late = !g_cond_wait_until (&l->changed, &l->lock, deadline) && in[LANE_COMPUTING] > 0 && in[LANE_PARKED] > 0;
  }
  l->kicked = FALSE;
  if (since)
    l->counters.waited_us += g_get_monotonic_time () - since;
  l->counters.late += late;
  return in[LANE_PARKED] > 0 && (in[LANE_COMPUTING] == 0 || late);
}

void
draftd_lanes_kick (DraftdLanes *l)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&l->lock);
  l->kicked = TRUE;
  g_cond_broadcast (&l->changed);
}

gboolean
draftd_lanes_contended (DraftdLanes *l)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&l->lock);
  return l->jobs_waiting > 0;
}

guint
draftd_lanes_open_count (DraftdLanes *l)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&l->lock);
  return n_open (l);
}

void
draftd_lanes_set_waiting (DraftdLanes *l, guint jobs_waiting)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&l->lock);
  l->jobs_waiting = jobs_waiting;
}

void
draftd_lanes_counters (DraftdLanes *l, DraftdLanesCounters *out)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&l->lock);
  *out = l->counters;
}

void
draftd_lanes_set_trace (DraftdLanes *l, DraftdLanesTrace trace, gpointer user)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&l->lock);
  l->trace = trace;
  l->trace_user = user;
}

/* ---- one iteration ---- */

/* The tokens of one model's pass, gathered from the parked lanes. */
typedef struct {
  GArray *tokens, *seq, *want;
  guint n_out;
  gboolean logits;
} Pass;

static void
pass_init (Pass *p)
{
  p->tokens = g_array_new (FALSE, FALSE, sizeof (gint32));
  p->seq = g_array_new (FALSE, FALSE, sizeof (guint));
  p->want = g_array_new (FALSE, FALSE, sizeof (guint8));
  p->n_out = 0;
  p->logits = FALSE;
}

static void
pass_clear (Pass *p)
{
  g_array_unref (p->tokens);
  g_array_unref (p->seq);
  g_array_unref (p->want);
}

static void
pass_add (Pass *p, gint32 token, guint seq, gboolean want)
{
  guint8 w = want;
  g_array_append_val (p->tokens, token);
  g_array_append_val (p->seq, seq);
  g_array_append_val (p->want, w);
  p->n_out += want;
}

static guint
request_tokens (const Request *r)
{
  return r->kind == REQ_BATCH ? r->batch.n : r->n;
}

/* Does token i of the request keep its outputs? A batch says per token; a forward pass
 * keeps its last n_out. */
static gboolean
wants (const Request *r, guint i)
{
  if (r->kind == REQ_BATCH)
    return r->batch.want ? r->batch.want[i] != 0 : TRUE;
  return i >= r->n - r->n_out;
}

/* Adds up to `limit` more of a lane's request to its model's pass, in order (each
 * sequence's tokens stay in order in a prefix of a batch); returns the tokens taken. */
static guint
gather (Pass *p, DraftdLane *lane, guint limit)
{
  Request *r = &lane->req;
  guint total = request_tokens (r), take = MIN (total - r->done, limit);
  lane->out_base[r->model] = p->n_out;
  p->logits |= r->want_logits;
  for (guint i = r->done; i < r->done + take; i++) {
    if (r->kind == REQ_BATCH)
      pass_add (p, r->batch.tokens[i], r->batch.seq[i], wants (r, i));
    else
      pass_add (p, r->tokens[i], lane->index, wants (r, i));
  }
  return take;
}

/* A chunk's outputs, kept by the lane: the runner's are overwritten by the next pass. */
static void
keep_outputs (DraftdLanes *l, DraftdLane *lane, guint taken)
{
  Request *r = &lane->req;
  guint m = r->model, n_out = 0;
  for (guint i = r->done; i < r->done + taken; i++)
    n_out += wants (r, i);
  guint n_vocab = n_vocab_of (&lane->view[m]);
  for (guint j = 0; j < n_out; j++) {
    gint32 id = draftd_runner_argmax (l->runner[m], lane->out_base[m] + j);
    g_array_append_val (lane->ids[m], id);
    if (r->want_logits)
      g_array_append_vals (lane->logits[m], draftd_runner_logits (l->runner[m], lane->out_base[m] + j), n_vocab);
    if (draftd_runner_n_heads (l->runner[m]))
      g_array_append_vals (lane->hidden[m], draftd_runner_hidden (l->runner[m], lane->out_base[m] + j),
                           draftd_runner_model (l->runner[m])->config.n_embd);
  }
  lane->copied[m] = TRUE;
}

static gboolean
parked_interactive (DraftdLane **parked, guint n)
{
  for (guint i = 0; i < n; i++)
    if (parked[i]->interactive)
      return TRUE;
  return FALSE;
}

/* Tokens the lanes of i's owner before it in this iteration's order were let pass. */
static guint
owner_used (DraftdLane **parked, guint i, const guint *limit)
{
  guint used = 0;
  for (guint j = 0; j < i; j++)
    if (parked[j]->owner == parked[i]->owner)
      used += MIN (limit[j], request_tokens (&parked[j]->req) - parked[j]->req.done);
  return used;
}

/* What each parked lane may pass this iteration. Every job (owner) advances in every
 * iteration. A job alone goes whole: the widest passes make the most of the device.
 * Several jobs share the budget equally, each job's lanes taking its share in turn, so a
 * correction on eight lanes does not make another client's one sentence wait for eight
 * lanes' worth of each pass. Beside interactive steps, a bulk job (a correction's lanes)
 * passes `slice` tokens, on one of its lanes in turn: on a device where a pass's cost grows
 * with its width (a CPU), a correction's 60-token scoring passes would otherwise make every
 * token of a chat wait for them. An interactive job's own prompt goes in chunks of its
 * share of the budget. */
static void
limits (DraftdLanes *l, DraftdLane **parked, guint n, guint *limit)
{
  gboolean beside = parked_interactive (parked, n);
  guint owners = 0;
  for (guint i = 0; i < n; i++) {
    gboolean first = TRUE;
    for (guint j = 0; j < i; j++)
      first &= parked[j]->owner != parked[i]->owner;
    owners += first;
  }
  guint share = MAX (l->budget / MAX (owners, 1u), 8u);
  for (guint i = 0; i < n; i++) {
    /* The bulk job's lane in turn: one whose request is under way (it finishes first),
     * else the first in this iteration's order. */
    gboolean first = TRUE;
    guint mine = 0;
    for (guint j = 0; j < n; j++) {
      if (parked[j]->owner != parked[i]->owner)
        continue;
      mine++;
      gboolean j_going = parked[j]->req.done > 0, i_going = parked[i]->req.done > 0;
      first &= j == i || (j_going != i_going ? i_going : j > i);
    }
    guint used = owner_used (parked, i, limit);
    if (owners <= 1)
      limit[i] = G_MAXUINT;
    else if (!beside)
      limit[i] = used < share ? share - used : 0;
    else if (parked[i]->interactive)
      limit[i] = MAX (share / mine, 8u);
    else
      limit[i] = first ? l->slice : 0;
  }
}

static void
fail_request (DraftdLane *lane, const GError *error)
{
  if (lane->req.error == NULL)
    lane->req.error = g_error_copy (error);
}

/* Runs one model's pass over what `limit` lets each lane put in it (taken: how much). */
static guint
run_pass (DraftdLanes *l, guint model, DraftdLane **parked, guint n, const guint *limit, guint *taken)
{
  Pass p;
  pass_init (&p);
  for (guint i = 0; i < n; i++)
    if (parked[i]->req.model == model && limit[i] > 0)
      taken[i] = gather (&p, parked[i], limit[i]);
  g_autoptr (GError) error = NULL;
  DraftdBatch b = { (gint32 *) p.tokens->data, (guint *) p.seq->data, (guint8 *) p.want->data, p.tokens->len };
  gboolean ok = b.n == 0 || draftd_runner_forward_batch (l->runner[model], &b, p.logits ? 0 : DRAFTD_FORWARD_ARGMAX_ONLY, &error);
  for (guint i = 0; i < n; i++) {
    Request *r = &parked[i]->req;
    if (r->model != model || taken[i] == 0)
      continue;
    if (!ok)
      fail_request (parked[i], error);
    else if (parked[i]->copied[model] || r->done + taken[i] < request_tokens (r))
      keep_outputs (l, parked[i], taken[i]);
    r->done += taken[i];
  }
  guint passed = b.n;
  pass_clear (&p);
  return passed;
}

/* Wakes the lanes whose requests are done (lock held); returns how many lanes were served
 * at all, their owners in `owners`. */
static guint
wake_served (DraftdLanes *l, DraftdLane **parked, guint n, const guint *taken, gconstpointer *owners)
{
  guint served = 0;
  for (guint i = 0; i < n; i++) {
    Request *r = &parked[i]->req;
    if (taken[i] == 0 && r->error == NULL)
      continue;  /* not its turn: waits for the next iteration */
    owners[served++] = parked[i]->owner;
    if (r->error == NULL && r->done < request_tokens (r))
      continue;  /* a chunk: the lane waits for its next */
    parked[i]->in_place[r->model] = !parked[i]->copied[r->model];
    lane_set_state (parked[i], LANE_COMPUTING);
    g_cond_signal (&parked[i]->wake);
  }
  return served;
}

/* Lanes still reading the last pass's outputs where they are get those arrays to keep:
 * this pass's outputs go to new ones (lock held). */
static void
hand_over_outputs (DraftdLanes *l)
{
  for (guint m = 0; m < 2; m++) {
    GArray *logits = NULL, *ids = NULL, *hidden = NULL;
    for (guint k = 0; k < l->n_lanes; k++) {
      DraftdLane *lane = &l->lanes[k];
      if (!lane->in_place[m] || lane->held_ids[m] || lane->state == LANE_PARKED || lane->state == LANE_FREE)
        continue;
      if (ids == NULL) {
        draftd_runner_take_outputs (l->runner[m], &logits, &ids);
        hidden = draftd_runner_take_hidden (l->runner[m]);
      }
      lane->held_logits[m] = g_array_ref (logits);
      lane->held_ids[m] = g_array_ref (ids);
      lane->held_hidden[m] = g_array_ref (hidden);
    }
    if (ids) {
      g_array_unref (logits);
      g_array_unref (ids);
      g_array_unref (hidden);
    }
  }
}

void
draftd_lanes_run (DraftdLanes *l)
{
  DraftdLane *parked[l->n_lanes];
  gconstpointer owners[l->n_lanes];
  guint taken[l->n_lanes], limit[l->n_lanes], n = 0;
  g_mutex_lock (&l->lock);
  for (guint k = 0; k < l->n_lanes; k++) {
    DraftdLane *lane = &l->lanes[(l->rotation + k) % l->n_lanes];
    if (lane->state == LANE_PARKED)
      parked[n++] = lane;
  }
  l->rotation++;
  hand_over_outputs (l);
  /* Parked lanes stay put until woken, so the device work runs unlocked: lanes opening
   * and closing meanwhile touch only free lanes, and lanes still computing (past the
   * straggler wait) only their own sequences. */
  g_mutex_unlock (&l->lock);
  memset (limit, 0, sizeof limit);
  memset (taken, 0, sizeof taken);
  limits (l, parked, n, limit);
  gint64 t0 = g_get_monotonic_time ();
  guint target_tokens = run_pass (l, TARGET, parked, n, limit, taken);
  if (l->runner[ASSISTANT])
    run_pass (l, ASSISTANT, parked, n, limit, taken);
  g_mutex_lock (&l->lock);
  l->last_pass_us = g_get_monotonic_time () - t0;
  guint served = wake_served (l, parked, n, taken, owners);
  if (served > 0) {
    l->counters.iterations++;
    l->counters.lanes_served += served;
    l->counters.target_tokens += target_tokens;
    l->counters.pass_us += l->last_pass_us;
  }
  DraftdLanesTrace trace = l->trace;
  gpointer trace_user = l->trace_user;
  g_mutex_unlock (&l->lock);
  if (trace)
    trace (owners, served, trace_user);
}
