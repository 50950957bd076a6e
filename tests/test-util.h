/* Helpers shared by the tests: where the reference models live, temporary files,
 * running our tools, and the Vulkan device for tests. */
#pragma once
#include <glib.h>
#include "lib/model/model.h"
#include "lib/runtime/forward.h"
#include "lib/vk/vk-device.h"
#include "lib/decode/lm.h"
#include "lib/reference/reference.h"
#include "grammar/request.h"

/* Path under ../shared/models, or NULL (test should SKIP) when absent. */
char *test_shared_model (const char *relative);
/* The GGUF files in `dir` whose general.architecture is one of `archs` (NULL-terminated), as
 * names without ".gguf", sorted; with `others`, the names of the files of any other
 * architecture (or none readable) are added there. */
GPtrArray *test_reference_files (const char *dir, const char *const *archs, GPtrArray *others);
/* A fresh temporary directory removed at exit. */
const char *test_tmpdir (void);
/* The shipped models' paths (models/draftd-target.gguf, draftd-assistant.gguf); FALSE, with
 * both NULL, when either is absent. */
gboolean test_shipped_models (char **target, char **assistant);
/* `n` learner sentences with one error each, cycling through five, no two alike (a count in
 * each), joined by spaces. */
char *test_learner_sentences (guint n);
/* n sentences whose every fix the model judges ("discussed about", "informations", "wich"),
 * numbered from `first` so that no other test's are answered from the cache: a job of
 * seconds, where test_learner_sentences' sure fixes run at thousands a second. */
char *test_judged_sentences (guint n, guint first);
/* Converts a llama2.c checkpoint from shared/ with draftd-convert; NULL if shared/ is absent. */
char *test_convert_llama2c (const char *ckpt, const char *type, GError **error);
/* Runs a built tool (name as in tools/) with argv; captures stdout/stderr. */
gboolean test_run_tool (const char *tool, const char *const *args, const char *stdin_text, char **out, char **err,
                        int *status, GError **error);
/* The test device (validation layer on when DRAFTD_VK_VALIDATION=1); aborts the test on failure. */
DraftdVk *test_vk (void);
/* Checks, as a TAP assertion, that the validation layer said nothing. */
void test_check_validation (void);

/* A gate another thread waits at until the test opens it: the engine tests pass
 * test_gate_enter to draftd_scheduler_between_jobs to hold the engine loop between jobs while
 * they queue and cancel, test_gate_wait_entered until it is held, test_gate_open to let it
 * go on. */
typedef struct {
  GMutex lock;
  GCond cond;
  gboolean entered, opened;
} TestGate;

void test_gate_init (TestGate *g);
void test_gate_clear (TestGate *g);
/* On the held thread: says it is there, and waits until the gate is opened. */
void test_gate_enter (gpointer gate);
void test_gate_wait_entered (TestGate *g);
void test_gate_open (TestGate *g);

/* A model resident on the device with its runner, and the decoding interface over it. */
typedef struct {
  DraftdModel *model;
  DraftdRunner *runner;
  DraftdLm lm;
} TestLoaded;

gboolean test_load (DraftdVk *vk, const char *path, guint n_ctx, TestLoaded *l);

/* The grammar driver's context as the daemon gives one request, on the shipped target
 * (models/draftd-target.gguf): an empty cache, spelling with no personal words, IAD blocks
 * of `block` tokens (0: picked for this device, as the daemon does), re-alignment n 2, no
 * workers, no answer cache. */
typedef struct {
  TestLoaded loaded;
  GArray *cached;
  DraftdSpell *spell;
  gboolean large;                 /* the target is DRAFTD_GRAMMAR_MODEL_PASS_PARAMS or more */
  DraftdGrammarContext ctx;
} TestGrammar;

/* FALSE, with why as a TAP diagnostic, when the model, the device or the block fails. */
gboolean test_grammar_context (DraftdVk *vk, guint block, TestGrammar *g);
void test_grammar_clear (TestGrammar *g);
/* The text corrected under `req` (NULL: a plain correction), its edits appended to `edits`
 * (NULL: not kept); NULL, with the error as a TAP diagnostic, when the driver fails. */
char *test_grammar_correct (DraftdGrammarContext *ctx, const char *text, const DraftdGrammarRequest *req, GArray *edits);

/* The reference of the bit-exactness tests: logits of `toks` fed one per pass into the
 * runner's sequence 0 from position 0, [n][V] (zeros after a failed pass). */
float *test_logits_one_by_one (DraftdRunner *r, const gint32 *toks, guint n, guint V);
/* The logit tolerance against the reference `ref` for a device whose tests otherwise hold it
 * to `tol`: where the reference computes the integer-dot kernels' function (X through 16-bit
 * blocks, draftd_reference_quantize_activations) on quantized matrices, TEST_INT_DOT_LOGIT_TOL
 * if larger. The two engines' X differ by float rounding, and a value within that of a half
 * step rounds to neighbouring integers in them (2^-16 of its block's largest value apart);
 * those steps compound over layers and positions. Measured 2026-11-29 on lavapipe: 8.5e-6
 * (2-layer random Q4_0, 64 positions) to 6.7e-5 (random gemma3 Q5_K_M) and 9.5e-5
 * (draftd-target Q4_0); a wrong scale, min, row or block moves logits by percents. */
#define TEST_INT_DOT_LOGIT_TOL 5e-4
double test_reference_tolerance (const DraftdReference *ref, double tol);
/* The largest difference between logits a and b of n tokens ([n][V]), relative to the largest
 * logit's size in b; *first_other gets the first token whose greedy choice differs (n: none). */
double test_logits_difference (const float *a, const float *b, guint n, guint V, guint *first_other);
void test_unload (TestLoaded *l);

/* An expected output of ../shared/models/reference (llama.cpp's or the exact computation's):
 * a P line (the prompt's ids), a G line per generated token ("G id hex-text margin=M ..."),
 * then "EOG id" when generation ended on an end-of-generation token. */
typedef struct {
  GArray *prompt;   /* gint32, BOS included */
  GArray *ids;      /* gint32: the G lines' tokens */
  GArray *margins;  /* double: top-1 minus top-2 logit at each of them */
  gboolean eog;     /* an EOG line followed */
  gint32 eog_id;
} TestExpected;

gboolean test_expected_read (const char *path, TestExpected *e, GError **error);
void test_expected_clear (TestExpected *e);
