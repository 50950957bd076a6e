/* Lanes (daemon/engine/lanes.h) are lossless: decoders running at once on lanes of the
 * shipped models, every pass of theirs packed with the others' into one batched pass by
 * the loop, give exactly what each gives alone on the plain runner: plain greedy,
 * speculative greedy with the assistant, prompt lookup, IAD (= the keep policy decoded
 * plainly), and seeded speculative sampling, token for token; and, on a copy of the target
 * with proposal heads, blockwise decoding and IAD with heads, and the heads' guesses a lane
 * reads, which must be the runner's own. */
#include <string.h>
#include "daemon/engine/models.h"
#include "lib/decode/decode.h"
#include "tests/lanes-drive.h"
#include "tests/tap.h"
#include "tests/test-util.h"

typedef struct {
  const char *label;
  DraftdDecodeMode mode;
  const char *prompt;
  const char *source;      /* IAD and its plain reference: the text to copy */
  double temperature;
  GArray *alone, *laned;   /* outputs */
  gboolean guesses;        /* the output is the heads' guesses at every prompt position */
} Case;

typedef struct {
  DraftdModels *m;
  Case *c;
  DraftdLane *lane;
} Run;

static GArray *
tokens (DraftdModels *m, const char *text, gboolean bos)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  draftd_tokenizer_encode (m->target.model->tokenizer, text, -1, bos, FALSE, ids, NULL);
  return ids;
}

/* One pass over the prompt, then the heads' guesses after each of its positions. */
static GArray *
guesses (const GArray *prompt, const DraftdLm *target)
{
  guint n = prompt->len, k = draftd_lm_n_heads (target);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_array_set_size (out, n * k);
  draftd_lm_truncate (target, 0);
  if (k == 0 || !draftd_lm_forward (target, (const gint32 *) prompt->data, n, n, FALSE, NULL)) {
    g_array_unref (out);
    return NULL;
  }
  for (guint i = 0; i < n; i++)
    draftd_lm_propose (target, i, &g_array_index (out, gint32, i * k), k);
  return out;
}

/* Decodes the case on these models' views; NULL on failure. */
static GArray *
decode (DraftdModels *m, const Case *c, const DraftdLm *target, const DraftdLm *assistant)
{
  g_autoptr (GArray) prompt = tokens (m, c->prompt, TRUE);
  if (c->guesses)
    return guesses (prompt, target);
  g_autoptr (GArray) source = c->source ? tokens (m, c->source, FALSE) : NULL;
  DraftdDecodeParams p;
  draftd_decode_params_init (&p);
  p.mode = c->mode;
  p.max_tokens = 40;
  p.sampling.temperature = c->temperature;
  p.sampling.seed = 7;
  p.keep_bias = 3.0f;
  p.source = source ? (const gint32 *) source->data : NULL;
  p.n_source = source ? source->len : 0;
  draftd_lm_truncate (target, 0);
  if (assistant)
    draftd_lm_truncate (assistant, 0);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr (GError) error = NULL;
  if (!draftd_decode (target, c->mode == DRAFTD_DECODE_SPECULATIVE ? assistant : NULL, (const gint32 *) prompt->data,
                      prompt->len, &p, out, NULL, &error)) {
    tap_diag ("%s: %s", c->label, error->message);
    g_array_unref (out);
    return NULL;
  }
  return out;
}

static gpointer
lane_main (gpointer p)
{
  Run *r = p;
  r->c->laned = decode (r->m, r->c, draftd_lane_target (r->lane), draftd_lane_assistant (r->lane));
  draftd_lane_close (r->lane);
  return NULL;
}

typedef struct {
  guint iterations, shared;  /* iterations, and those that served more than one lane */
  guint serving, lanes;      /* iterations that served any lane, and the lanes they served */
} Trace;

static void
on_iteration (const gconstpointer *owners, guint n, gpointer user)
{
  Trace *t = user;
  t->iterations++;
  t->shared += n > 1;
  t->serving += n > 0;
  t->lanes += n;
}

/* Runs the cases at once, one lane each, with this thread as the engine loop. */
static void
run_laned (DraftdModels *m, Case *cases, guint n, Trace *trace)
{
  Run runs[n];
  GThread *threads[n];
  for (guint i = 0; i < n; i++) {
    runs[i] = (Run) { m, &cases[i], draftd_lanes_open (m->lanes, &cases[i], NULL, 0, i % 2 == 0) };
    g_assert (runs[i].lane);
  }
  for (guint i = 0; i < n; i++)
    threads[i] = g_thread_new ("lane", lane_main, &runs[i]);
  test_lanes_drive (m->lanes, threads, n, on_iteration, trace);
}

static gboolean
same (const GArray *a, const GArray *b)
{
  return a && b && a->len == b->len && memcmp (a->data, b->data, a->len * sizeof (gint32)) == 0;
}

static void
check_round (DraftdModels *m, Case *cases, guint n)
{
  for (guint i = 0; i < n; i++)
    cases[i].alone = decode (m, &cases[i], &m->target.lm, m->has_assistant ? &m->assistant.lm : NULL);
  Trace trace = { 0 };
  DraftdLanesCounters before, after;
  draftd_lanes_counters (m->lanes, &before);
  run_laned (m, cases, n, &trace);
  draftd_lanes_counters (m->lanes, &after);
  for (guint i = 0; i < n; i++) {
    tap_ok (cases[i].alone && cases[i].alone->len > 0 && same (cases[i].alone, cases[i].laned),
            "%s on a lane beside %u others equals it alone (%u tokens)", cases[i].label, n - 1,
            cases[i].alone ? cases[i].alone->len : 0);
    g_clear_pointer (&cases[i].alone, g_array_unref);
    g_clear_pointer (&cases[i].laned, g_array_unref);
  }
  tap_ok (trace.shared > 0, "their passes were batched: %u of %u iterations served several lanes", trace.shared,
          trace.iterations);
  /* The counters draftd-bench's serve suite reads through Status: as the trace saw it. */
  guint64 its = after.iterations - before.iterations, lanes = after.lanes_served - before.lanes_served;
  guint64 tokens = after.target_tokens - before.target_tokens;
  tap_ok (its == trace.serving && lanes == trace.lanes && tokens > 0 && after.pass_us > before.pass_us,
          "the loop counted %" G_GUINT64_FORMAT " iterations serving %" G_GUINT64_FORMAT " lanes (the trace: %u, %u), "
          "%" G_GUINT64_FORMAT " target tokens, %.1f ms in passes, %.1f ms held for stragglers",
          its, lanes, trace.serving, trace.lanes, tokens, (after.pass_us - before.pass_us) / 1e3,
          (after.waited_us - before.waited_us) / 1e3);
}

/* The target with random proposal heads (draftd-convert --add-heads), alone. */
static void
check_heads (const char *target)
{
  g_autofree char *headed = g_build_filename (test_tmpdir (), "target-heads.gguf", NULL);
  const char *args[] = { "--add-heads", target, "--random-heads", "3", "--type", "q8_0", "-o", headed, NULL };
  g_autofree char *so = NULL, *se = NULL;
  int status = 0;
  g_autoptr (GError) error = NULL;
  if (!test_run_tool ("draftd-convert", args, NULL, &so, &se, &status, &error) || !g_spawn_check_wait_status (status, NULL)) {
    tap_ok (FALSE, "draftd-convert --add-heads: %s", se ? se : error->message);
    return;
  }
  DraftdModelsSpec spec = { headed, NULL, NULL, 0, NULL, 0, NULL };
  g_autoptr (DraftdModels) m = draftd_models_load (&spec, &error);
  if (m == NULL) {
    tap_ok (FALSE, "the target with heads loads: %s", error->message);
    return;
  }
  Case third[] = {
    { "blockwise", DRAFTD_DECODE_BLOCKWISE, "Once upon a time, there was a little girl", NULL, 0, NULL, NULL, FALSE },
    { "the heads' guesses", DRAFTD_DECODE_PLAIN, "The cat sat on the mat and", NULL, 0, NULL, NULL, TRUE },
    { "IAD with heads", DRAFTD_DECODE_IAD, "Correct: She go to school yesterday.\nAnswer:", " She go to school yesterday.", 0,
      NULL, NULL, FALSE },
    { "blockwise sampling (seed 7, T 0.8)", DRAFTD_DECODE_BLOCKWISE, "One day, a big dog", NULL, 0.8, NULL, NULL, FALSE },
  };
  check_round (m, third, MIN (draftd_lanes_n_lanes (m->lanes), G_N_ELEMENTS (third)));
}

int
main (void)
{
  g_autofree char *target = NULL, *assistant = NULL;
  if (!test_shipped_models (&target, &assistant))
    return tap_missing_all ("the shipped models are absent");
  g_autoptr (GError) error = NULL;
  DraftdModelsSpec spec = { target, assistant, NULL, 0, NULL, 0, NULL };
  g_autoptr (DraftdModels) m = draftd_models_load (&spec, &error);
  if (m == NULL)
    return tap_missing_all ("%s", error->message);
  guint n_lanes = draftd_lanes_n_lanes (m->lanes);
  tap_ok (n_lanes >= 2, "the shipped target has %u lanes", n_lanes);
  Case first[] = {
    { "plain greedy", DRAFTD_DECODE_PLAIN, "Once upon a time, there was a little girl", NULL, 0, NULL, NULL, FALSE },
    { "speculative greedy", DRAFTD_DECODE_SPECULATIVE, "The cat sat on the mat and", NULL, 0, NULL, NULL, FALSE },
    { "prompt lookup", DRAFTD_DECODE_LOOKUP, "Tom and Tom and Tom went to the park. Tom and", NULL, 0, NULL, NULL, FALSE },
    { "speculative sampling (seed 7, T 0.8)", DRAFTD_DECODE_SPECULATIVE, "One day, a big dog", NULL, 0.8, NULL, NULL, FALSE },
  };
  Case second[] = {
    { "IAD", DRAFTD_DECODE_IAD, "Correct: She go to school yesterday.\nAnswer:", " She go to school yesterday.", 0, NULL,
      NULL, FALSE },
    { "the keep policy decoded plainly", DRAFTD_DECODE_PLAIN, "Correct: She go to school yesterday.\nAnswer:",
      " She go to school yesterday.", 0, NULL, NULL, FALSE },
    { "plain sampling (seed 7, T 1.0)", DRAFTD_DECODE_PLAIN, "Lily wanted to play", NULL, 1.0, NULL, NULL, FALSE },
    { "speculative greedy, long prompt", DRAFTD_DECODE_SPECULATIVE,
      "Once upon a time, in a small town, there lived a boy named Tim. Tim loved to play with his ball in the park "
      "every day after school, and his mom", NULL, 0, NULL, NULL, FALSE },
  };
  check_round (m, first, MIN (n_lanes, G_N_ELEMENTS (first)));
  check_round (m, second, MIN (n_lanes, G_N_ELEMENTS (second)));
  check_heads (target);
  return tap_done ();
}
