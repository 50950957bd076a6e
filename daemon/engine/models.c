#include "daemon/engine/models.h"
#include "daemon/engine/block-cache.h"
#include <errno.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include "lib/decode/decode.h"
#include "lib/tokenizer/tokenizer.h"
#include "grammar/request.h"

static void
resident_clear (DraftdResident *r)
{
  g_clear_pointer (&r->runner, draftd_runner_free);
  g_clear_pointer (&r->model, draftd_model_free);
}

/* Only regular files are loaded: a FIFO or a device given as a model would block reading
 * for as long as nobody writes to it (the GGUF reader refuses one too, but this check also
 * tells an absent or unusable assistant, a warning, from a broken one, an error). */
static gboolean
check_regular_file (const char *path, GError **error)
{
  GStatBuf st;
  if (g_stat (path, &st) != 0) {
    int e = errno;
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "%s: %s", path, g_strerror (e));
    return FALSE;
  }
  if (!S_ISREG (st.st_mode)) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s is not a regular file", path);
    return FALSE;
  }
  return TRUE;
}

/* The sequences of the KV caches (daemon/engine/lanes.h): one whole context per lane, a job
 * or sentence worker the engine loop advances at once, and per lane a few short scratch
 * sequences for candidate scoring (lib/decode/score.h), which then leaves the whole context
 * alone and scores several candidates per pass. As many lanes as fit a KV budget of a 32nd
 * of the parameter count in bytes (64 MiB at least), MAX_LANES at most: the shipped target
 * gets all of them; a model of billions of parameters with a long context gets one, with
 * SCRATCH_ALONE scratch sequences. */
#define MAX_LANES 8u
#define SCRATCH_PER_LANE 4u
#define SCRATCH_ALONE 8u
#define SCRATCH_CTX 256u
/* Tokens a scoring site puts in each of its scratch sequences, about: the replacement and
 * the 24 bytes of text after it (grammar/rank.c's window). */
#define SITE_TOKENS 8u
/* The runner's batch where nothing asks for more: the most tokens of one device pass. */
#define PASS_TOKENS 64u

static guint
lane_layout (const DraftdModel *m, guint n_ctx, guint want, DraftdRunnerOptions *o)
{
  const DraftdModelConfig *c = &m->config;
  guint ctx = n_ctx ? n_ctx : MIN (c->n_ctx_train, 4096u);
  guint64 per_pos = (guint64) c->n_layer * 2 * c->n_head_kv * c->head_dim * 4;
  guint64 budget = MAX ((guint64) 64 << 20, m->n_params / 32);
  /* `want` (the lanes setting) overrides the budget: a GPU with memory to spare serves more
   * clients at once, as llama.cpp's server does with --parallel. */
  guint lanes = want ? want : (guint) CLAMP (budget / (per_pos * (ctx + SCRATCH_PER_LANE * SCRATCH_CTX)), 1, MAX_LANES);
  guint scratch = lanes > 1 ? SCRATCH_PER_LANE : (guint) CLAMP (budget / (per_pos * SCRATCH_CTX), 1, SCRATCH_ALONE);
  o->n_seq = lanes * (1 + scratch);
  o->n_seq_full = lanes;
  o->seq_ctx = MIN (SCRATCH_CTX, ctx);
  /* A correction's sentences score their sites on every lane at once, and the engine loop
   * gathers them into one iteration (7 lanes' sites, 158 tokens on average over JFLEG
   * test): a device pass that holds them all pays the pass's fixed cost (64 dispatches,
   * each waking lavapipe's threads) once instead of once per 64 tokens. Each token's bits
   * are the same in any batch (test-batch-seqs). A model with one lane keeps the default,
   * whose per-token buffers (attention scores over a long context) are large. */
  o->n_batch = MAX (PASS_TOKENS, lanes * scratch * SITE_TOKENS);
  return scratch;
}

/* Loads a model with `lanes` whole contexts (0: the target's layout, lane_layout, with `want` lanes or as
 * many as its budget allows). */
static gboolean
resident_load (DraftdVk *vk, const char *path, guint n_ctx, guint lanes, guint want, DraftdResident *r, guint *scratch,
               GError **error)
{
  DraftdRunnerOptions o = { .n_ctx = n_ctx, .n_seq = lanes, .n_seq_full = lanes };
  if (!check_regular_file (path, error))
    return FALSE;
  r->model = draftd_model_load (path, error);
  if (r->model == NULL)
    return FALSE;
  if (n_ctx > r->model->config.n_ctx_train) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_CONFIG,
                 "the context %u is above %s's own (%u); give --context %u or less", n_ctx, path,
                 r->model->config.n_ctx_train, r->model->config.n_ctx_train);
    return FALSE;
  }
  if (lanes == 0)
    *scratch = lane_layout (r->model, n_ctx, want, &o);
  r->runner = draftd_runner_new (vk, r->model, &o, error);
  if (r->runner == NULL)
    return FALSE;
  r->lm = draftd_lm_for_runner (r->runner);
  return TRUE;
}

void
draftd_models_free (DraftdModels *m)
{
  if (m == NULL)
    return;
  g_clear_pointer (&m->lanes, draftd_lanes_free);
  g_clear_pointer (&m->answers, draftd_answer_cache_free);
  resident_clear (&m->assistant);
  resident_clear (&m->target);
  g_clear_pointer (&m->vk, draftd_vk_free);
  g_strfreev (m->languages);
  g_free (m);
}

DraftdModels *
draftd_models_load (const DraftdModelsSpec *spec, GError **error)
{
  g_autoptr (DraftdModels) m = g_new0 (DraftdModels, 1);
  guint scratch = 0;
  /* Where a start's time goes, for --verbose (tools/start-time.sh reads it). */
  gint64 t[5] = { g_get_monotonic_time () };
  m->vk = spec->share ? draftd_vk_ref (spec->share) : draftd_vk_new (spec->device, error);
  t[1] = g_get_monotonic_time ();
  if (m->vk == NULL ||
      !resident_load (m->vk, spec->target, spec->n_ctx, 0, spec->n_lanes, &m->target, &scratch, error))
    return NULL;
  t[2] = t[3] = g_get_monotonic_time ();
  guint n_lanes = draftd_runner_n_seq (m->target.runner) / (1 + scratch);
  g_autoptr (GError) missing = NULL;
  if (spec->assistant && !check_regular_file (spec->assistant, &missing)) {
    /* Without its assistant the target still serves everything, only slower. */
    g_warning ("no assistant (%s): completion and chat draft by n-gram lookup instead", missing->message);
  } else if (spec->assistant) {
    guint64 before = __atomic_load_n (&m->vk->allocated, __ATOMIC_RELAXED);
    if (!resident_load (m->vk, spec->assistant, spec->n_ctx, n_lanes, 0, &m->assistant, NULL, error))
      return NULL;
    m->assistant_bytes = __atomic_load_n (&m->vk->allocated, __ATOMIC_RELAXED) - before;
    if (!draftd_tokenizer_same_vocab (m->target.model->tokenizer, m->assistant.model->tokenizer)) {
      g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_CONFIG,
                   "the assistant %s does not share the target's vocabulary", spec->assistant);
      return NULL;
    }
    m->has_assistant = TRUE;
    t[3] = g_get_monotonic_time ();
  }
  m->languages = draftd_grammar_model_languages (m->target.model->file);
  m->format = spec->format ? *spec->format : m->target.model->prompt.format;
  /* Verification blocks sized for this device: corrections copy most of their source.
   * Measured once per device, driver and model (block-cache.h). */
  m->iad_block = draftd_block_cache_pick (m->vk, spec->target, &m->target.lm, error);
  if (m->iad_block == 0)
    return NULL;
  t[4] = g_get_monotonic_time ();
  g_info ("load: device %.0f ms, target %.0f ms, assistant %.0f ms, verification block sizing %.0f ms",
          (t[1] - t[0]) / 1e3, (t[2] - t[1]) / 1e3, (t[3] - t[2]) / 1e3, (t[4] - t[3]) / 1e3);
  /* Beside a completion or chat an iteration passes up to four of the target's batches of
   * its prompt, and a slice of a correction as wide as an IAD block plus its pending token:
   * the width whose pass this device runs for little more than a one-token pass. */
  m->lanes = draftd_lanes_new (m->target.runner, m->has_assistant ? m->assistant.runner : NULL, n_lanes, scratch,
                               4 * MIN (draftd_runner_n_batch (m->target.runner), PASS_TOKENS), m->iad_block + 1);
  /* DRAFTD_ANSWER_CACHE_MB sizes it (0: none, for A/B measurements; docs/performance.md). */
  const char *mb = g_getenv ("DRAFTD_ANSWER_CACHE_MB");
  gsize bytes = mb ? (gsize) g_ascii_strtoull (mb, NULL, 10) << 20 : DRAFTD_ANSWER_CACHE_BYTES;
  m->answers = bytes ? draftd_answer_cache_new (bytes) : NULL;
  return g_steal_pointer (&m);
}

static void
describe_resident (const DraftdResident *r, const char *role, guint64 memory, GVariantBuilder *b)
{
  const DraftdModel *m = r->model;
  struct {
    const char *suffix;
    GVariant *v;
  } entries[] = {
    { "name", g_variant_new_string (m->name) },
    { "path", g_variant_new_string (m->path) },
    { "architecture", g_variant_new_string (draftd_model_arch_name (m->config.arch)) },
    { "parameters", g_variant_new_uint64 (m->n_params) },
    { "quantization", g_variant_new_string (draftd_model_quantization (m)) },
    { "context_length", g_variant_new_uint32 (draftd_runner_n_ctx (r->runner)) },
    { "context_max", g_variant_new_uint32 (m->config.n_ctx_train) },
    { "memory", g_variant_new_uint64 (memory) },
  };
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++) {
    g_autofree char *k = g_strdup_printf ("%s_%s", role, entries[i].suffix);
    g_variant_builder_add (b, "{sv}", k, entries[i].v);
  }
}

gboolean
draftd_models_can_generate (const DraftdModels *m)
{
  return m->target.model->prompt.chat_template != NULL || m->target.model->n_params >= DRAFTD_GRAMMAR_MODEL_PASS_PARAMS;
}

char *
draftd_models_cannot_generate (const DraftdModels *m, const char *what)
{
  if (draftd_models_can_generate (m))
    return NULL;
  /* The same words as free-form rewrite's refusal (grammar/rewrite.c): what works, then the
   * way to a model that can, then the way to see for oneself. */
  return g_strdup_printf ("the %.1fM-parameter target (%s) has no chat template and is too small for %s: its output would "
                          "be noise. It corrects (draft correct) and rewrites with the presets formal, concise, simple "
                          "and friendly. For a model that can: draft pull qwen2.5-1.5b, then draft use qwen2.5-1.5b "
                          "(--force, or the option force, runs it anyway)",
                          m->target.model->n_params / 1e6, m->target.model->name, what);
}

/* What a target this small cannot do, in one line with the two commands that get a real
 * model; NULL for a model big enough to complete and chat. Judged by the parameter count (the
 * size from which a model corrects with its own pass), so the shipped 5.5M-parameter target,
 * or any other toy, is named whatever its file is called. */
char *
draftd_models_limits (const DraftdModels *m)
{
  guint64 n = m->target.model->n_params;
  if (n >= DRAFTD_GRAMMAR_MODEL_PASS_PARAMS)
    return NULL;
  return g_strdup_printf ("the %.1fM-parameter target corrects and rewrites with the presets (formal, concise, "
                          "simple, friendly) but cannot complete text, chat or follow other instructions; for a real "
                          "model: draft pull qwen2.5-1.5b, then draft use qwen2.5-1.5b", n / 1e6);
}

void
draftd_models_describe (const DraftdModels *m, GVariantBuilder *b)
{
  /* Device memory as `ollama ps` shows it: the assistant's at load, the target the rest
   * (its weights, its KV caches and the lanes' buffers). */
  guint64 all = __atomic_load_n (&m->vk->allocated, __ATOMIC_RELAXED);
  describe_resident (&m->target, "target", all - MIN (all, m->assistant_bytes), b);
  if (m->has_assistant)
    describe_resident (&m->assistant, "assistant", m->assistant_bytes, b);
  g_autofree char *limits = draftd_models_limits (m);
  if (limits)
    g_variant_builder_add (b, "{sv}", "limits", g_variant_new_string (limits));
  g_variant_builder_add (b, "{sv}", "device", g_variant_new_string (m->vk->name));
  g_variant_builder_add (b, "{sv}", "chat_format", g_variant_new_string (draftd_chat_format_name (m->format)));
  g_variant_builder_add (b, "{sv}", "iad_block", g_variant_new_uint32 (m->iad_block));
  g_variant_builder_add (b, "{sv}", "lanes", g_variant_new_uint32 (draftd_lanes_n_lanes (m->lanes)));
}
