/* draftd-bench's suites, one file each, and what they share (JSON helpers, a comparison for sorting figures). Each suite prints
 * a table and adds one JSON object per model to the results array being built. */
#pragma once
#include <json-glib/json-glib.h>
#include "lib/decode/lm.h"
#include "lib/runtime/forward.h"
#include "lib/vk/vk-device.h"

void bench_json_string (JsonBuilder *b, const char *k, const char *v);
void bench_json_int (JsonBuilder *b, const char *k, gint64 v);
void bench_json_double (JsonBuilder *b, const char *k, double v);
void bench_json_bool (JsonBuilder *b, const char *k, gboolean v);
/* qsort's comparison of two doubles, ascending. */
int bench_cmp_double (const void *a, const void *b);

/* Per-kernel GPU time of a runner's passes since its last profile reset, as parallel arrays,
 * over `passes` (bench-kernels.c). */
typedef struct {
  guint n, passes;
  char *names[16];
  double ms[16];
  guint dispatches;  /* in the last pass */
} BenchKernelTimes;
void bench_kernel_times_read (DraftdRunner *r, guint passes, BenchKernelTimes *kt);
void bench_kernel_times_clear (BenchKernelTimes *kt);
/* Under `title`, mean GPU time per pass for each kernel (rows) and each measure (columns,
 * headed label and Ts[i]: "T=" 8), kernels in first-seen order over all columns (a pass may
 * skip some); the sum is below the wall-clock figure by the submit overhead. */
void bench_kernel_table (const char *title, const BenchKernelTimes *kt, const char *label, const guint *Ts, guint n_T);
/* Each kernel's mean ms per pass as an object member of that name; nothing for NULL or no kernels. */
void bench_json_kernels (JsonBuilder *b, const char *member, const BenchKernelTimes *kt);

/* How long a suite times: warm-up before its first timed run (a GPU's clocks rise only under
 * load: an H100 idles at 345 MHz, 1980 MHz busy), and the least sustained time behind each
 * figure, runs repeated until it is reached. Zeros: the suite's fixed counts alone. */
typedef struct {
  double warmup_s, min_s;
} BenchTiming;

/* The cost of one forward pass of each T in Ts after `context` tokens, with GPU time per kernel. */
gboolean bench_forward (DraftdVk *vk, const char *path, const guint *Ts, guint n_T, guint context, guint reps, const BenchTiming *timing,
                        JsonBuilder *json, GError **error);
/* Decode steps of N sequences in one pass, and candidate scoring, against one at a time. */
gboolean bench_seqs (DraftdVk *vk, const char *path, guint reps, JsonBuilder *json, GError **error);
/* Plain, speculative, lookup and IAD decoding of fixed prompts. */
gboolean bench_decode (DraftdVk *vk, const char *path, const char *assistant_path, guint n_tokens, gboolean sweep,
                       guint rounds, const BenchTiming *timing, JsonBuilder *json, GError **error);
/* The grammar driver over input<TAB>reference[<TAB>preset] lines: IAD against plain greedy;
 * `oracle`: IAD again with perfect proposal heads (bench-oracle.c), the design's ceiling. */
gboolean bench_correct (DraftdVk *vk, const char *path, const char *pairs_path, guint limit, guint block,
                        guint first_block, guint ngram, gboolean oracle, JsonBuilder *json, GError **error);
/* The device's ceilings (lib/vk/vk-probe.h) and what they mean for each of `models` (may be
 * NULL). */
gboolean bench_device (DraftdVk *vk, const char *const *models, guint reps, JsonBuilder *json, GError **error);
/* draftd binaries on a private bus in alternating rounds, serving `target` and `assistant`
 * (NULL: the shipped models of the source tree): `text_path` (or NULL) corrected as one call,
 * and each count of clients completing at once, each client sending enough Completes in a
 * row that one alone works `min_seconds` (0: 1 s). */
gboolean bench_serve (const char *const *daemons, const char *target, const char *assistant, const char *text_path,
                      const guint *clients, guint n_clients, guint rounds, double min_seconds, JsonBuilder *json,
                      GError **error);

/* Perfect proposal heads, a bench-only diagnostic (bench-oracle.c): a model around `inner`
 * that records the cache states a greedy run rolls back to, then plays back k - 1 heads whose
 * guesses are that run's own continuation; passing, it is `inner` unchanged. */
typedef struct BenchOracle BenchOracle;
BenchOracle *bench_oracle_new (const DraftdLm *inner);
const DraftdLm *bench_oracle_lm (BenchOracle *o);
void bench_oracle_record (BenchOracle *o);  /* forgets earlier records; no heads while recording */
void bench_oracle_play (BenchOracle *o, guint n_heads);
void bench_oracle_pass (BenchOracle *o);
void bench_oracle_counts (const BenchOracle *o, guint *hits, guint *at_end, guint *misses);
void bench_oracle_free (BenchOracle *o);
