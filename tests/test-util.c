#include "tests/test-util.h"
#include "tests/tap.h"
#include "lib/runtime/sampler.h"
#include "grammar/driver.h"
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

char *
test_shared_model (const char *relative)
{
  const char *root = g_getenv ("DRAFTD_SHARED_MODELS");
  g_autofree char *def = g_build_filename (DRAFTD_SOURCE_ROOT, "..", "shared", "models", NULL);
  char *p = g_build_filename (root ? root : def, relative, NULL);
  if (!g_file_test (p, G_FILE_TEST_EXISTS)) {
    g_free (p);
    return NULL;
  }
  return p;
}

static char *tmpdir;

static void
remove_tmpdir (void)
{
  if (tmpdir == NULL)
    return;
  GDir *d = g_dir_open (tmpdir, 0, NULL);
  const char *n;
  while (d && (n = g_dir_read_name (d))) {
    g_autofree char *p = g_build_filename (tmpdir, n, NULL);
    g_unlink (p);
  }
  if (d)
    g_dir_close (d);
  g_rmdir (tmpdir);
  g_clear_pointer (&tmpdir, g_free);
}

const char *
test_tmpdir (void)
{
  if (tmpdir == NULL) {
    tmpdir = g_dir_make_tmp ("draftd-test-XXXXXX", NULL);
    g_assert (tmpdir != NULL);
    atexit (remove_tmpdir);
  }
  return tmpdir;
}

void
test_gate_init (TestGate *g)
{
  memset (g, 0, sizeof *g);
  g_mutex_init (&g->lock);
  g_cond_init (&g->cond);
}

void
test_gate_clear (TestGate *g)
{
  g_mutex_clear (&g->lock);
  g_cond_clear (&g->cond);
}

void
test_gate_enter (gpointer gate)
{
  TestGate *g = gate;
  g_mutex_lock (&g->lock);
  g->entered = TRUE;
  g_cond_broadcast (&g->cond);
  while (!g->opened)
    g_cond_wait (&g->cond, &g->lock);
  g_mutex_unlock (&g->lock);
}

void
test_gate_wait_entered (TestGate *g)
{
  g_mutex_lock (&g->lock);
  while (!g->entered)
    g_cond_wait (&g->cond, &g->lock);
  g_mutex_unlock (&g->lock);
}

void
test_gate_open (TestGate *g)
{
  g_mutex_lock (&g->lock);
  g->opened = TRUE;
  g_cond_broadcast (&g->cond);
  g_mutex_unlock (&g->lock);
}

gboolean
test_run_tool (const char *tool, const char *const *args, const char *stdin_text, char **out, char **err, int *status,
               GError **error)
{
  g_autofree char *path = g_build_filename (DRAFTD_BUILD_ROOT, "tools", tool, NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, path);
  for (guint i = 0; args && args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  if (stdin_text == NULL)
    return g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err, status, error);
  /* Feed stdin through a temporary file. */
  g_autofree char *in = g_build_filename (test_tmpdir (), "stdin.txt", NULL);
  if (!g_file_set_contents (in, stdin_text, -1, error))
    return FALSE;
  g_autofree char *cmd = NULL;
  g_autoptr (GString) quoted = g_string_new (NULL);
  for (guint i = 0; i + 1 < argv->len; i++) {
    g_autofree char *q = g_shell_quote (g_ptr_array_index (argv, i));
    g_string_append_printf (quoted, "%s ", q);
  }
  g_autofree char *qin = g_shell_quote (in);
  cmd = g_strdup_printf ("%s< %s", quoted->str, qin);
  const char *sh[] = { "/bin/sh", "-c", cmd, NULL };
  return g_spawn_sync (NULL, (char **) sh, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err, status, error);
}

char *
test_convert_llama2c (const char *ckpt, const char *type, GError **error)
{
  g_autofree char *c = test_shared_model (ckpt);
  g_autofree char *t = test_shared_model ("tok512.bin");
  if (c == NULL || t == NULL)
    return NULL;
  g_autofree char *base = g_path_get_basename (ckpt);
  char *out = g_strdup_printf ("%s/%s-%s.gguf", test_tmpdir (), base, type);
  const char *args[] = { "--llama2c", c, "--tokenizer", t, "-o", out, "--type", type, NULL };
  g_autofree char *so = NULL, *se = NULL;
  int status = 0;
  if (!test_run_tool ("draftd-convert", args, NULL, &so, &se, &status, error) ||
      !g_spawn_check_wait_status (status, error)) {
    g_prefix_error (error, "draftd-convert: %s", se ? se : "");
    g_free (out);
    return NULL;
  }
  return out;
}

DraftdVk *
test_vk (void)
{
  g_autoptr (GError) error = NULL;
  DraftdVk *vk = draftd_vk_new (NULL, &error);
  if (vk == NULL) {
    printf ("Bail out! no Vulkan device: %s\n", error->message);
    exit (1);
  }
  tap_diag ("device: %s%s", vk->name, vk->validation ? " (validation on)" : "");
  return vk;
}

void
test_check_validation (void)
{
  /* Off in the sanitizer build (tests/meson.build): there a zero would prove nothing. */
  if (!draftd_vk_validation_requested ()) {
    tap_skip ("no Vulkan validation messages: the validation layer is off in this build");
    return;
  }
  tap_ok (draftd_vk_validation_messages () == 0, "no Vulkan validation messages (%u)", draftd_vk_validation_messages ());
}

gboolean
test_load (DraftdVk *vk, const char *path, guint n_ctx, TestLoaded *l)
{
  g_autoptr (GError) error = NULL;
  DraftdRunnerOptions o = { .n_ctx = n_ctx };
  memset (l, 0, sizeof *l);
  l->model = draftd_model_load (path, &error);
  l->runner = l->model ? draftd_runner_new (vk, l->model, &o, &error) : NULL;
  if (l->runner == NULL) {
    /* Model errors name the file already; device errors do not. */
    tap_diag ("%s%s%s", l->model ? path : "", l->model ? ": " : "", error->message);
    return FALSE;
  }
  l->lm = draftd_lm_for_runner (l->runner);
  return TRUE;
}

void
test_unload (TestLoaded *l)
{
  g_clear_pointer (&l->runner, draftd_runner_free);
  g_clear_pointer (&l->model, draftd_model_free);
}

gboolean
test_grammar_context (DraftdVk *vk, guint block, TestGrammar *g)
{
  g_autofree char *model = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  g_autoptr (GError) error = NULL;
  memset (g, 0, sizeof *g);
  if (!test_load (vk, model, 0, &g->loaded))
    return FALSE;
  if (block == 0 && (block = draftd_decode_pick_iad_block (&g->loaded.lm, &error)) == 0) {
    tap_diag ("%s: %s", model, error->message);
    test_unload (&g->loaded);
    return FALSE;
  }
  const DraftdPromptMeta *meta = &g->loaded.model->prompt;
  g->cached = g_array_new (FALSE, FALSE, sizeof (gint32));
  g->spell = draftd_spell_new ("/dev/null");
  g->large = g->loaded.model->n_params >= DRAFTD_GRAMMAR_MODEL_PASS_PARAMS;
  g->ctx = (DraftdGrammarContext) { .target = &g->loaded.lm, .tokenizer = g->loaded.model->tokenizer, .cached = g->cached,
                                    .format = meta->format, .correct_template = meta->correct_template,
                                    .rewrite_template = meta->rewrite_template, .template_end = meta->template_end,
                                    .block = block, .ngram = 2, .spell = g->spell };
  return TRUE;
}

void
test_grammar_clear (TestGrammar *g)
{
  g_clear_pointer (&g->spell, draftd_spell_free);
  g_clear_pointer (&g->cached, g_array_unref);
  test_unload (&g->loaded);
}

char *
test_grammar_correct (DraftdGrammarContext *ctx, const char *text, const DraftdGrammarRequest *req, GArray *edits)
{
  g_autoptr (GError) error = NULL;
  DraftdGrammarRequest plain = { 0 };
  DraftdGrammarStats st;
  g_autoptr (GArray) dropped = edits ? NULL : draftd_grammar_edits_new ();
  char *out = draftd_grammar_run (ctx, text, req ? req : &plain, edits ? edits : dropped, &st, &error);
  if (out == NULL)
    tap_diag ("%s: %s", text, error->message);
  return out;
}

static void
expected_token_line (char **f, TestExpected *e)
{
  gint32 id = (gint32) g_ascii_strtoll (f[1], NULL, 10);
  double margin = INFINITY;
  for (guint k = 2; f[k]; k++)
    if (g_str_has_prefix (f[k], "margin="))
      margin = g_ascii_strtod (f[k] + 7, NULL);
  g_array_append_val (e->ids, id);
  g_array_append_val (e->margins, margin);
}

gboolean
test_expected_read (const char *path, TestExpected *e, GError **error)
{
  g_autofree char *text = NULL;
  memset (e, 0, sizeof *e);
  if (!g_file_get_contents (path, &text, NULL, error))
    return FALSE;
  e->prompt = g_array_new (FALSE, FALSE, sizeof (gint32));
  e->ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  e->margins = g_array_new (FALSE, FALSE, sizeof (double));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    g_auto (GStrv) f = g_strsplit (lines[i], " ", -1);
    if (f[0] == NULL || f[1] == NULL)
      continue;
    if (g_str_equal (f[0], "P")) {
      for (guint k = 1; f[k]; k++) {
        gint32 id = (gint32) g_ascii_strtoll (f[k], NULL, 10);
        g_array_append_val (e->prompt, id);
      }
    } else if (g_str_equal (f[0], "G")) {
      expected_token_line (f, e);
    } else if (g_str_equal (f[0], "EOG")) {
      e->eog = TRUE;
      e->eog_id = (gint32) g_ascii_strtoll (f[1], NULL, 10);
    }
  }
  if (e->prompt->len == 0) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s has no P line", path);
    test_expected_clear (e);
    return FALSE;
  }
  return TRUE;
}

void
test_expected_clear (TestExpected *e)
{
  g_clear_pointer (&e->prompt, g_array_unref);
  g_clear_pointer (&e->ids, g_array_unref);
  g_clear_pointer (&e->margins, g_array_unref);
}

static gint
by_name (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

GPtrArray *
test_reference_files (const char *dir, const char *const *archs, GPtrArray *others)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  for (const char *e; d && (e = g_dir_read_name (d));) {
    if (!g_str_has_suffix (e, ".gguf"))
      continue;
    g_autofree char *path = g_build_filename (dir, e, NULL);
    g_autoptr (DraftdGgufFile) f = draftd_gguf_open (path, NULL);
    g_autofree char *arch = f ? draftd_gguf_get_string (f, "general.architecture", NULL) : NULL;
    char *name = g_strndup (e, strlen (e) - 5);
    if (arch && g_strv_contains (archs, arch))
      g_ptr_array_add (files, name);
    else if (others)
      g_ptr_array_add (others, name);
    else
      g_free (name);
  }
  g_ptr_array_sort (files, by_name);
  return files;
}

float *
test_logits_one_by_one (DraftdRunner *r, const gint32 *toks, guint n, guint V)
{
  float *out = g_new0 (float, (gsize) n * V);
  draftd_runner_truncate (r, 0);
  for (guint i = 0; i < n; i++) {
    if (!draftd_runner_forward (r, &toks[i], 1, DRAFTD_FORWARD_LAST, NULL))
      return out;
    memcpy (out + (gsize) i * V, draftd_runner_logits (r, 0), V * sizeof (float));
  }
  return out;
}

gboolean
test_shipped_models (char **target, char **assistant)
{
  *target = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  *assistant = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-assistant.gguf", NULL);
  if (g_file_test (*target, G_FILE_TEST_EXISTS) && g_file_test (*assistant, G_FILE_TEST_EXISTS))
    return TRUE;
  g_clear_pointer (target, g_free);
  g_clear_pointer (assistant, g_free);
  return FALSE;
}

char *
test_learner_sentences (guint n)
{
  /* Each with a count of its own: the daemon answers a sentence it has seen from its answer
   * cache, and a job of copies would cost one group's work. */
  static const char *const s[][2] = { { "She go to school", "times a week." }, { "The cat sat on teh mat for", "hours." },
                                       { "He have", "book." }, { "We was happy to see", "of them." },
                                       { "It rain for", "days." } };
  GString *t = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (t, "%s%s %u %s", i ? " " : "", s[i % G_N_ELEMENTS (s)][0], i + 2, s[i % G_N_ELEMENTS (s)][1]);
  return g_string_free (t, FALSE);
}

char *
test_judged_sentences (guint n, guint first)
{
  GString *t = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (t, "%sOn day %u we discussed about the informations wich he gave.", i ? " " : "", first + i);
  return g_string_free (t, FALSE);
}

double
test_reference_tolerance (const DraftdReference *ref, double tol)
{
  gboolean int_dot = ref->q8_activations && g_hash_table_size (ref->quantized) > 0;
  return int_dot ? MAX (tol, TEST_INT_DOT_LOGIT_TOL) : tol;
}

double
test_logits_difference (const float *a, const float *b, guint n, guint V, guint *first_other)
{
  double diff = 0, size = 1e-6;
  *first_other = n;
  for (guint t = 0; t < n; t++) {
    const float *x = a + (gsize) t * V, *y = b + (gsize) t * V;
    for (guint i = 0; i < V; i++) {
      diff = MAX (diff, fabs ((double) x[i] - y[i]));
      size = MAX (size, fabs ((double) y[i]));
    }
    if (*first_other == n && draftd_argmax (x, V) != draftd_argmax (y, V))
      *first_other = t;
  }
  return diff / size;
}
