/* draftd-bench's serve suite: the daemon as its clients meet it, on a private bus, one or
 * two draftd binaries (before and after a change) in alternating rounds. A text corrected
 * as one Correct call (sentences per second; each binary's answer is compared with the
 * first's, byte for byte), and N clients completing at once (greedy, 64 tokens a Complete),
 * one token per pass each (mode plain) and drafting (auto): aggregate tokens per second and
 * the slowest client's. Each client sends K Completes one after the other, K such that one
 * client alone works at least --min-seconds (default 1 s): a figure from a single 64-token
 * Complete was 0.4 s of work, and 8 clients against 1 swung from 3.8x to 5.3x between runs.
 * The clock starts once every client has said it is connected, not after a fixed sleep. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "lib/bus/draftd-bus-methods.h"
#include "testbed/bus-daemon.h"
#include "tools/bench/bench.h"

#define MAX_CLIENTS 16
#define MAX_ROUNDS 32   /* rounds whose own ratios are kept */
#define COMPLETE_TOKENS 64

/* Prompts the shipped target continues for all 64 tokens (greedy), so every client does
 * the same work. */
static const char *const prompts[] = { "Once upon a time", "Once upon a time, there was a little dog",
                                       "Once upon a time, Lily and Ben went to", "Once upon a time, there was an old man",
                                       "Once upon a time, there was a big cat", "Once upon a time, there was a girl named Lily",
                                       "Once upon a time, there was a boy named Tim", "Once upon a time, in a small house" };

static const char *const modes[] = { "plain", "auto" };
#define N_MODES 2

/* The engine loop over one timed run, from the daemon's Stats before and after it: how full
 * its passes were and where its time went. A ratio of 8 clients to 1 that swings between
 * runs shows here as fewer lanes a pass, slower passes, or passes held for stragglers. */
typedef struct {
  double iterations, lanes, tokens, pass_ms, waited_ms, late;
} LoopFigures;

typedef struct {
  double correct_ms;
  char *correct_text;
  /* best of the rounds, by mode and client count */
  double aggregate_tps[N_MODES][MAX_CLIENTS + 1], slowest_tps[N_MODES][MAX_CLIENTS + 1];
  guint completes[N_MODES];  /* Completes each client sent in a row, the last round's */
  LoopFigures loop[N_MODES][MAX_CLIENTS + 1];  /* the best round's */
  /* Each round's own aggregate, by mode and client count: a ratio of two counts taken
   * back to back in one round is one sitting; the best of each over rounds mixes moments of
   * a machine whose speed drifts. */
  double round_tps[N_MODES][MAX_CLIENTS + 1][MAX_ROUNDS];
  guint rounds;
} Side;

/* The daemon's Stats counters named loop_*: u64 counts and double milliseconds. */
static gboolean
read_loop (DBusConnection *c, LoopFigures *out)
{
  DBusMessage *r = bus_fixture_get_property (c, "Stats");
  *out = (LoopFigures) { 0 };
  guint found = 0;
  DBusMessageIter it, var, d;
  if (r && dbus_message_get_type (r) == DBUS_MESSAGE_TYPE_METHOD_RETURN && dbus_message_iter_init (r, &it) &&
      dbus_message_iter_get_arg_type (&it) == DBUS_TYPE_VARIANT) {
    dbus_message_iter_recurse (&it, &var);
    if (dbus_message_iter_get_arg_type (&var) == DBUS_TYPE_ARRAY)
      for (dbus_message_iter_recurse (&var, &d); dbus_message_iter_get_arg_type (&d) == DBUS_TYPE_DICT_ENTRY;
           dbus_message_iter_next (&d)) {
        DBusMessageIter en, v;
        const char *k;
        dbus_message_iter_recurse (&d, &en);
        dbus_message_iter_get_basic (&en, &k);
        dbus_message_iter_next (&en);
        dbus_message_iter_recurse (&en, &v);
        struct { const char *key; double *to; } keys[] = {
          { "loop_iterations", &out->iterations }, { "loop_lanes_served", &out->lanes },
          { "loop_target_tokens", &out->tokens },  { "loop_pass_ms", &out->pass_ms },
          { "loop_waited_ms", &out->waited_ms },   { "loop_late", &out->late },
        };
        for (guint i = 0; i < G_N_ELEMENTS (keys); i++) {
          if (strcmp (k, keys[i].key) != 0)
            continue;
          if (dbus_message_iter_get_arg_type (&v) == DBUS_TYPE_UINT64) {
            dbus_uint64_t u;
            dbus_message_iter_get_basic (&v, &u);
            *keys[i].to = (double) u;
            found++;
          } else if (dbus_message_iter_get_arg_type (&v) == DBUS_TYPE_DOUBLE) {
            dbus_message_iter_get_basic (&v, keys[i].to);
            found++;
          }
        }
      }
  }
  if (r)
    dbus_message_unref (r);
  return found == 6;
}

/* A direct call of the job method `m` (its row in draftd-bus-methods.h) on `text`. */
static DBusMessage *
call (const DraftdBusMethod *m, const char *text, const char *mode)
{
  DraftdBusStart s;
  draftd_bus_method_begin (&s, m, &(DraftdBusArgs) { .text = text }, FALSE);
  DBusMessageIter *d = &s.options;
  if (mode) {
    guint32 mt = COMPLETE_TOKENS;
    double t = 0.0;
    draftd_bus_dict_add (d, "max_tokens", DBUS_TYPE_UINT32, &mt);
    draftd_bus_dict_add (d, "temperature", DBUS_TYPE_DOUBLE, &t);
    draftd_bus_dict_add (d, "mode", DBUS_TYPE_STRING, &mode);
    /* The shipped target cannot complete (it is refused, issue 47): the serving is measured. */
    dbus_bool_t force = TRUE;
    draftd_bus_dict_add (d, "force", DBUS_TYPE_BOOLEAN, &force);
  }
  return draftd_bus_start_finish (&s);
}

/* The reply of `m`: its text and its stats' generated_tokens; FALSE for an error reply. */
static gboolean
reply_parts (const DraftdBusMethod *m, DBusMessage *r, char **text, guint *generated)
{
  DBusMessageIter stats;
  const char *s = NULL;
  if (!draftd_bus_method_reply (m, r, &s, &stats))
    return FALSE;
  if (text)
    *text = g_strdup (s);
  if (generated)
    *generated = bus_fixture_dict_u32 (&stats, "generated_tokens");
  return TRUE;
}

static gboolean
time_correct (BusFixture *f, const char *text, Side *side, GError **error)
{
  DBusConnection *c = bus_fixture_connect (f);
  const DraftdBusMethod *correct = draftd_bus_method (DRAFTD_BUS_CORRECT);
  DBusMessage *m = call (correct, text, NULL);
  gint64 t0 = g_get_monotonic_time ();
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 30 * 60 * 1000, NULL);
  double ms = (g_get_monotonic_time () - t0) / 1e3;
  dbus_message_unref (m);
  g_autofree char *out = NULL;
  gboolean ok = reply_parts (correct, r, &out, NULL);
  if (r)
    dbus_message_unref (r);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  if (!ok) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "Correct of the text failed (see the daemon's log)");
    return FALSE;
  }
  if (side->correct_ms == 0 || ms < side->correct_ms)
    side->correct_ms = ms;
  if (side->correct_text == NULL)
    side->correct_text = g_steal_pointer (&out);
  return TRUE;
}

typedef struct {
  gint64 done;     /* g_get_monotonic_time () at the reply: one clock for every process */
  guint tokens;
  gint ok;
} ClientRecord;

/* One client, a process of its own as real clients are (the daemon shares its lanes per
 * process): connects, says so on `ready`, waits for the word (the `go` pipe closing), sends
 * `k` Completes one after the other, reports. */
static void
client_process (BusFixture *f, guint mode, guint i, guint k, int ready, int go, int report)
{
  DBusConnection *c = bus_fixture_connect (f);
  char byte = 'r';
  if (write (ready, &byte, 1) != 1)
    _exit (1);
  while (read (go, &byte, 1) > 0)
    ;
  ClientRecord rec = { 0, 0, TRUE };
  const DraftdBusMethod *complete = draftd_bus_method (DRAFTD_BUS_COMPLETE);
  for (guint j = 0; j < k && rec.ok; j++) {
    DBusMessage *m = call (complete, prompts[(i + j) % G_N_ELEMENTS (prompts)], modes[mode]);
    DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 10 * 60 * 1000, NULL);
    guint tokens = 0;
    rec.ok = reply_parts (complete, r, NULL, &tokens);
    rec.tokens += tokens;
    dbus_message_unref (m);
    if (r)
      dbus_message_unref (r);
  }
  rec.done = g_get_monotonic_time ();
  if (write (report, &rec, sizeof rec) != sizeof rec)
    _exit (1);
  _exit (0);
}

/* n clients send k Completes each, all at once; *seconds: until the last reply. */
static gboolean
time_clients (BusFixture *f, guint mode, guint n, guint k, Side *side, double *seconds, GError **error)
{
  int ready[2], go[2], report[2];
  if (pipe (ready) != 0 || pipe (go) != 0 || pipe (report) != 0) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "pipe: %s", g_strerror (errno));
    return FALSE;
  }
  pid_t pids[MAX_CLIENTS];
  for (guint i = 0; i < n; i++) {
    pids[i] = fork ();
    if (pids[i] == 0) {
      close (ready[0]);
      close (go[1]);
      close (report[0]);
      client_process (f, mode, i, k, ready[1], go[0], report[1]);
    }
  }
  close (ready[1]);
  close (go[0]);
  close (report[1]);
  /* Every client connected (or gone: its report will be missing). */
  guint connected = 0;
  char byte;
  while (connected < n && read (ready[0], &byte, 1) == 1)
    connected++;
  close (ready[0]);
  /* A daemon older than the loop counters has none: its figures are left out. */
  DBusConnection *control = bus_fixture_connect (f);
  LoopFigures before, after;
  gboolean have_loop = read_loop (control, &before);
  gint64 t0 = g_get_monotonic_time ();
  close (go[1]);
  guint total = 0, got = 0;
  double slowest = 0, last = 0;
  gboolean ok = TRUE;
  ClientRecord rec;
  while (read (report[0], &rec, sizeof rec) == sizeof rec) {
    double ms = (rec.done - t0) / 1e3, rate = rec.tokens / ms * 1e3;
    ok &= rec.ok;
    total += rec.tokens;
    slowest = got++ == 0 ? rate : MIN (slowest, rate);
    last = MAX (last, ms);
  }
  close (report[0]);
  have_loop = have_loop && read_loop (control, &after);
  dbus_connection_close (control);
  dbus_connection_unref (control);
  for (guint i = 0; i < n; i++)
    waitpid (pids[i], NULL, 0);
  if (!ok || got != n) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "a Complete of %u clients at once failed (%u answered)", n, got);
    return FALSE;
  }
  double aggregate = total / last * 1e3;
  if (aggregate > side->aggregate_tps[mode][n] && have_loop) {
    double it = MAX (after.iterations - before.iterations, 1.0);
    side->loop[mode][n] = (LoopFigures) {
      after.iterations - before.iterations,   (after.lanes - before.lanes) / it,
      (after.tokens - before.tokens) / it,    (after.pass_ms - before.pass_ms) / it,
      (after.waited_ms - before.waited_ms) / it, after.late - before.late,
    };
  }
  side->aggregate_tps[mode][n] = MAX (side->aggregate_tps[mode][n], aggregate);
  if (side->rounds < MAX_ROUNDS)
    side->round_tps[mode][n][side->rounds] = aggregate;
  side->slowest_tps[mode][n] = MAX (side->slowest_tps[mode][n], slowest);
  side->completes[mode] = k;
  if (seconds)
    *seconds = last / 1e3;
  return TRUE;
}

typedef struct {
  const char *target, *assistant;   /* NULL: the source tree's shipped models */
  const char *text;
  const guint *clients;
  guint n_clients;
  double min_seconds;
} ServeWork;

static gboolean
round_on (const char *daemon, const ServeWork *w, Side *side, GError **error)
{
  BusFixture f;
  bus_fixture_set_draftd (daemon);
  /* The shipped keep margin, not the tests' small one. */
  const char *extra[] = { "--keep-bias", "3", NULL };
  if (!bus_fixture_start (&f, NULL, w->target, w->assistant, 0, extra, error))
    return FALSE;
  /* One of each first: the device compiles its kernels for the shapes they meet; the
   * second's time says how many Completes a client sends to work min_seconds alone. */
  guint k[N_MODES];
  for (guint m = 0; m < N_MODES; m++) {
    double s1 = 0;
    if (!time_clients (&f, m, 1, 1, &(Side) { 0 }, NULL, error) || !time_clients (&f, m, 1, 1, &(Side) { 0 }, &s1, error)) {
      bus_fixture_clear (&f);
      return FALSE;
    }
    /* A quarter more than the estimate: one warm-up Complete is a noisy measure. */
    k[m] = (guint) CLAMP (ceil (1.25 * w->min_seconds / MAX (s1, 1e-3)), 1, 256);
  }
  gboolean ok = w->text == NULL || time_correct (&f, w->text, side, error);
  for (guint m = 0; m < N_MODES; m++)
    for (guint i = 0; ok && i < w->n_clients; i++)
      ok = time_clients (&f, m, w->clients[i], k[m], side, NULL, error);
  side->rounds++;
  bus_fixture_clear (&f);
  bus_fixture_set_draftd (NULL);
  return ok;
}

/* The median of v[n], 1 <= n <= MAX_ROUNDS (the mean of the middle two when n is even). */
static double
median_of (const double *v, guint n)
{
  double s[MAX_ROUNDS];
  memcpy (s, v, n * sizeof *v);
  qsort (s, n, sizeof *s, bench_cmp_double);
  return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

static guint
count_lines (const char *text)
{
  guint n = 0;
  for (const char *p = text; *p; p++)
    n += *p == '\n';
  return n + (*text && text[strlen (text) - 1] != '\n');
}

static void
report (const char *const *daemons, guint n_daemons, Side *sides, guint sentences, const guint *clients, guint n_clients,
        JsonBuilder *json)
{
  for (guint d = 0; d < n_daemons; d++) {
    Side *s = &sides[d];
    json_builder_begin_object (json);
    bench_json_string (json, "suite", "serve");
    bench_json_string (json, "daemon", daemons[d]);
    printf ("%s\n", daemons[d]);
    if (s->correct_ms > 0) {
      gboolean same = s->correct_text && sides[0].correct_text && g_str_equal (s->correct_text, sides[0].correct_text);
      printf ("  Correct of %u lines as one call: %.0f ms, %.1f sentences/s%s\n", sentences, s->correct_ms,
              sentences / (s->correct_ms / 1e3), d ? (same ? " (same text as the first)" : " (TEXT DIFFERS from the first)") : "");
      bench_json_int (json, "sentences", sentences);
      bench_json_double (json, "correct_ms", s->correct_ms);
      bench_json_double (json, "sentences_per_s", sentences / (s->correct_ms / 1e3));
      bench_json_bool (json, "same_text_as_first", same);
    }
    json_builder_set_member_name (json, "clients");
    json_builder_begin_array (json);
    for (guint m = 0; m < N_MODES; m++)
      for (guint i = 0; i < n_clients; i++) {
        guint n = clients[i];
        double agg = s->aggregate_tps[m][n], one = MAX (s->aggregate_tps[m][clients[0]], 1e-9);
        printf ("  %-5s %2u clients completing %u x %d tokens each: %7.1f tokens/s in all (x%.2f of %u), slowest client "
                "%6.1f tokens/s\n",
                modes[m], n, s->completes[m], COMPLETE_TOKENS, agg, agg / one, clients[0], s->slowest_tps[m][n]);
        /* The same ratio round by round, and their median. */
        guint nr = MIN (s->rounds, MAX_ROUNDS);
        double ratios[MAX_ROUNDS];
        for (guint r = 0; r < nr; r++)
          ratios[r] = s->round_tps[m][n][r] / MAX (s->round_tps[m][clients[0]][r], 1e-9);
        if (i > 0 && nr > 1) {
          printf ("        by round, against %u client%s in the same round:", clients[0], clients[0] == 1 ? "" : "s");
          for (guint r = 0; r < nr; r++)
            printf (" x%.2f", ratios[r]);
          printf (" (median x%.2f)\n", median_of (ratios, nr));
        }
        const LoopFigures *lf = &s->loop[m][n];
        if (lf->iterations > 0)
          printf ("        engine loop: %.0f iterations, %.2f lanes and %.1f target tokens a pass, %.2f ms a pass, "
                  "%.2f ms a pass held for lanes still computing, %.0f passed without one\n",
                  lf->iterations, lf->lanes, lf->tokens, lf->pass_ms, lf->waited_ms, lf->late);
        json_builder_begin_object (json);
        bench_json_string (json, "mode", modes[m]);
        bench_json_int (json, "clients", n);
        bench_json_int (json, "completes_per_client", s->completes[m]);
        bench_json_double (json, "aggregate_tokens_per_s", agg);
        bench_json_double (json, "slowest_client_tokens_per_s", s->slowest_tps[m][n]);
        if (i > 0) {
          json_builder_set_member_name (json, "round_ratios");
          json_builder_begin_array (json);
          for (guint r = 0; r < nr; r++)
            json_builder_add_double_value (json, ratios[r]);
          json_builder_end_array (json);
          bench_json_double (json, "median_round_ratio", median_of (ratios, nr));
        }
        if (lf->iterations > 0) {
          bench_json_double (json, "loop_iterations", lf->iterations);
          bench_json_double (json, "loop_lanes_per_pass", lf->lanes);
          bench_json_double (json, "loop_tokens_per_pass", lf->tokens);
          bench_json_double (json, "loop_ms_per_pass", lf->pass_ms);
          bench_json_double (json, "loop_waited_ms_per_pass", lf->waited_ms);
          bench_json_double (json, "loop_late_passes", lf->late);
        }
        json_builder_end_object (json);
      }
    json_builder_end_array (json);
    json_builder_end_object (json);
  }
}

gboolean
bench_serve (const char *const *daemons, const char *target, const char *assistant, const char *text_path,
             const guint *clients, guint n_clients, guint rounds, double min_seconds, JsonBuilder *json, GError **error)
{
  g_autofree char *text = NULL;
  if (text_path && !g_file_get_contents (text_path, &text, NULL, error))
    return FALSE;
  for (guint i = 0; i < n_clients; i++)
    if (clients[i] == 0 || clients[i] > MAX_CLIENTS) {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "clients must be 1 to %u", MAX_CLIENTS);
      return FALSE;
    }
  guint n_daemons = g_strv_length ((char **) daemons);
  const ServeWork w = { target, assistant, text, clients, n_clients, min_seconds > 0 ? min_seconds : 1.0 };
  g_autofree Side *sides = g_new0 (Side, n_daemons);
  gboolean ok = TRUE;
  /* Alternating, so that a machine whose speed drifts treats every binary alike. */
  for (guint r = 0; ok && r < MAX (rounds, 1u); r++)
    for (guint d = 0; ok && d < n_daemons; d++)
      ok = round_on (daemons[d], &w, &sides[d], error);
  if (ok)
    report (daemons, n_daemons, sides, text ? count_lines (text) : 0, clients, n_clients, json);
  for (guint d = 0; d < n_daemons; d++)
    g_free (sides[d].correct_text);
  return ok;
}
