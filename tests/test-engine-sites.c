/* Several sentences' scoring sites in one device pass: with the daemon's layout of the
 * shipped target (draftd_models_load), sentence workers on every lane score a site each
 * (lib/decode/score.h) at once; the engine loop packs their requests into an iteration, and
 * the runner's batch is wide enough that each iteration is one pass of the device, where a
 * batch of 64 tokens cut the wider ones into two or three. The scores are bit for bit those
 * of each site scored alone, one candidate at a time (the reference path). */
#include <string.h>
#include "daemon/engine/models.h"
#include "lib/decode/score.h"
#include "tests/lanes-drive.h"
#include "tests/tap.h"
#include "tests/test-util.h"

#define N_CANDS 4
#define N_SENTENCES 8
#define ROUNDS 3

static const char *const prefixes[N_SENTENCES] = {
  "I think that their", "My brother and me", "The results of the survey", "She look forward to",
  "We discussed about the", "One of the most talented", "Yesterday I have visited", "He speaks English very",
};
static const char *const alternatives[N_SENTENCES][N_CANDS] = {
  { " going to the store tomorrow.", " goes to the store tomorrow.", " went to the store tomorrow.", " go to the shop." },
  { " went to the park on Sunday.", " go to the park on Sunday.", " goes to the park on Sunday.", " gone to the park." },
  { " shows a clear trend this year.", " show a clear trend this year.", " showed a clear trend.", " showing a trend." },
  { " meeting you at the conference.", " meet you at the conference.", " met you at the conference.", " meets you there." },
  { " plan for the next meeting.", " plans for the next meeting.", " planning for the next meeting.", " planned it." },
  { " musicians in the whole country.", " musician in the whole country.", " music in the country.", " musical acts." },
  { " Paris with my whole family.", " London with my whole family.", " Rome with my family.", " Berlin last summer." },
  { " good and writes it well too.", " well and writes it well too.", " nicely and writes well.", " fluently indeed." },
};

typedef struct {
  GArray *prefix;
  GArray *toks[N_CANDS];
  DraftdCandidateTokens cands[N_CANDS];
  double alone[N_CANDS], laned[N_CANDS];
  gboolean ok;
} Site;

typedef struct {
  Site *site;
  DraftdLane *lane;
} Run;

static gboolean
site_init (Site *s, const DraftdTokenizer *tok, guint i)
{
  s->prefix = g_array_new (FALSE, FALSE, sizeof (gint32));
  gboolean ok = draftd_tokenizer_encode (tok, prefixes[i], -1, TRUE, FALSE, s->prefix, NULL);
  for (guint c = 0; c < N_CANDS; c++) {
    s->toks[c] = g_array_new (FALSE, FALSE, sizeof (gint32));
    ok &= draftd_tokenizer_encode (tok, alternatives[i][c], -1, FALSE, FALSE, s->toks[c], NULL);
    s->cands[c] = (DraftdCandidateTokens) { (const gint32 *) s->toks[c]->data, s->toks[c]->len, NULL };
  }
  return ok;
}

static void
site_clear (Site *s)
{
  g_array_unref (s->prefix);
  for (guint c = 0; c < N_CANDS; c++)
    g_array_unref (s->toks[c]);
}

static gpointer
lane_main (gpointer p)
{
  Run *r = p;
  Site *s = r->site;
  s->ok = draftd_lm_score_candidates (draftd_lane_target (r->lane), (const gint32 *) s->prefix->data, s->prefix->len,
                                      s->cands, N_CANDS, s->laned, NULL);
  draftd_lane_close (r->lane);
  return NULL;
}

typedef struct {
  DraftdModels *m;
  guint iterations, one_pass;   /* iterations, and those that were one pass of the device */
  guint widest, widest_lanes;   /* the most target tokens of an iteration, and its lanes */
  guint64 passes, tokens;       /* the runner's passes and the loop's tokens after the last one */
} Trace;

static void
on_iteration (const gconstpointer *owners, guint n, gpointer user)
{
  Trace *t = user;
  DraftdLanesCounters c;
  draftd_lanes_counters (t->m->lanes, &c);
  guint64 passes = draftd_runner_passes (t->m->target.runner);
  guint tokens = (guint) (c.target_tokens - t->tokens);
  t->iterations++;
  t->one_pass += passes - t->passes == 1;
  if (tokens > t->widest)
    t->widest = tokens, t->widest_lanes = n;
  t->passes = passes;
  t->tokens = c.target_tokens;
}

/* Every site on a lane of its own, at once, with this thread as the engine loop. */
static void
run_laned (DraftdModels *m, Site *sites, guint n, Trace *trace)
{
  Run runs[n];
  GThread *threads[n];
  DraftdLanesCounters c;
  draftd_lanes_counters (m->lanes, &c);
  trace->passes = draftd_runner_passes (m->target.runner);
  trace->tokens = c.target_tokens;
  for (guint i = 0; i < n; i++) {
    runs[i] = (Run) { &sites[i], draftd_lanes_open (m->lanes, &sites[i], NULL, 0, FALSE) };
    g_assert (runs[i].lane);
  }
  for (guint i = 0; i < n; i++)
    threads[i] = g_thread_new ("sentence", lane_main, &runs[i]);
  test_lanes_drive (m->lanes, threads, n, on_iteration, trace);
}

/* Rounds until one iteration held several lanes' sites past the old batch of 64 tokens
 * (a lane that reaches its pass late joins the next iteration instead). */
static void
check (DraftdModels *m, Site *sites, guint n)
{
  Trace t = { .m = m };
  guint round = 0, iterations = 0, one_pass = 0;
  while (round++ < ROUNDS && t.widest <= 64) {
    run_laned (m, sites, n, &t);
    iterations += t.iterations;
    one_pass += t.one_pass;
    t.iterations = t.one_pass = 0;
    for (guint i = 0; i < n; i++) {
      gboolean same = sites[i].ok && memcmp (sites[i].alone, sites[i].laned, sizeof sites[i].alone) == 0;
      tap_ok (same, "round %u, \"%s\": the laned scores are the ones alone, bit for bit", round, prefixes[i]);
    }
  }
  tap_ok (t.widest > 64 && t.widest_lanes > 1, "an iteration held %u lanes' sites, %u tokens (the runner's batch: %u)",
          t.widest_lanes, t.widest, draftd_runner_n_batch (m->target.runner));
  tap_ok (iterations > 0 && one_pass == iterations, "each of %u iterations was one pass of the device (%u were)", iterations,
          one_pass);
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
  guint n = MIN (draftd_lanes_n_lanes (m->lanes), N_SENTENCES);
  tap_ok (n >= 4, "the shipped target has %u lanes", draftd_lanes_n_lanes (m->lanes));
  Site sites[N_SENTENCES];
  gboolean ready = TRUE;
  for (guint i = 0; i < n; i++) {
    ready &= site_init (&sites[i], m->target.model->tokenizer, i);
    ready = ready && draftd_lm_score_candidates_reference (&m->target.lm, (const gint32 *) sites[i].prefix->data,
                                                           sites[i].prefix->len, sites[i].cands, N_CANDS, sites[i].alone,
                                                           &error);
  }
  tap_ok (ready, "each site scored alone%s%s", error ? ": " : "", error ? error->message : "");
  if (ready)
    check (m, sites, n);
  for (guint i = 0; i < n; i++)
    site_clear (&sites[i]);
  return tap_done ();
}
