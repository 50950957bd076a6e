#include "daemon/engine/models.h"
#include <errno.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include "lib/decode/decode.h"
#include "lib/tokenizer/tokenizer.h"

static void
resident_clear (DraftdResident *r)
{
  g_clear_pointer (&r->runner, draftd_runner_free);
  g_clear_pointer (&r->model, draftd_model_free);
  g_clear_pointer (&r->cached, g_array_unref);
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

/* The target's sequences beyond the first: scratch space for candidate scoring
 * (lib/decode/score.h), which then leaves the cache the jobs reuse alone and scores several
 * candidates per pass. Each holds SCRATCH_CTX positions; as many as fit a KV budget of a
 * 32nd of the parameter count in bytes (64 MiB at least), SCRATCH_SEQS at most: the
 * shipped target gets all eight (12 MiB), a Llama 3.2 1B four (64 MiB), an 8B three. */
#define SCRATCH_SEQS 8u
#define SCRATCH_CTX 256u

static void
scratch_sequences (const DraftdModel *m, guint n_ctx, DraftdRunnerOptions *o)
{
  const DraftdModelConfig *c = &m->config;
  guint64 per_seq = (guint64) c->n_layer * 2 * c->n_head_kv * c->head_dim * 4 * SCRATCH_CTX;
  guint64 budget = MAX ((guint64) 64 << 20, m->n_params / 32);
  o->n_seq = 1 + (guint) MIN (SCRATCH_SEQS, budget / per_seq);
  o->seq_ctx = MIN (SCRATCH_CTX, n_ctx ? n_ctx : c->n_ctx_train);
}

static gboolean
resident_load (DraftdVk *vk, const char *path, guint n_ctx, gboolean scratch, DraftdResident *r, GError **error)
{
  DraftdRunnerOptions o = { .n_ctx = n_ctx };
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
  if (scratch)
    scratch_sequences (r->model, n_ctx, &o);
  r->runner = draftd_runner_new (vk, r->model, &o, error);
  if (r->runner == NULL)
    return FALSE;
  r->lm = draftd_lm_for_runner (r->runner);
  r->cached = g_array_new (FALSE, FALSE, sizeof (gint32));
  return TRUE;
}

void
draftd_models_free (DraftdModels *m)
{
  if (m == NULL)
    return;
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
  if ((m->vk = draftd_vk_new (spec->device, error)) == NULL ||
      !resident_load (m->vk, spec->target, spec->n_ctx, TRUE, &m->target, error))
    return NULL;
  g_autoptr (GError) missing = NULL;
  if (spec->assistant && !check_regular_file (spec->assistant, &missing)) {
    /* Without its assistant the target still serves everything, only slower. */
    g_warning ("no assistant (%s): completion and chat draft by n-gram lookup instead", missing->message);
  } else if (spec->assistant) {
    if (!resident_load (m->vk, spec->assistant, spec->n_ctx, FALSE, &m->assistant, error))
      return NULL;
    if (!draftd_tokenizer_same_vocab (m->target.model->tokenizer, m->assistant.model->tokenizer)) {
      g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_CONFIG,
                   "the assistant %s does not share the target's vocabulary", spec->assistant);
      return NULL;
    }
    m->has_assistant = TRUE;
  }
  m->languages = draftd_grammar_model_languages (m->target.model->file);
  m->format = spec->format ? *spec->format : m->target.model->prompt.format;
  /* Verification blocks sized for this device: corrections copy most of their source. */
  m->iad_block = draftd_decode_pick_iad_block (&m->target.lm, error);
  if (m->iad_block == 0)
    return NULL;
  return g_steal_pointer (&m);
}

static void
describe_resident (const DraftdResident *r, const char *role, GVariantBuilder *b)
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
  };
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++) {
    g_autofree char *k = g_strdup_printf ("%s_%s", role, entries[i].suffix);
    g_variant_builder_add (b, "{sv}", k, entries[i].v);
  }
}

void
draftd_models_describe (const DraftdModels *m, GVariantBuilder *b)
{
  describe_resident (&m->target, "target", b);
  if (m->has_assistant)
    describe_resident (&m->assistant, "assistant", b);
  g_variant_builder_add (b, "{sv}", "device", g_variant_new_string (m->vk->name));
  g_variant_builder_add (b, "{sv}", "chat_format", g_variant_new_string (draftd_chat_format_name (m->format)));
  g_variant_builder_add (b, "{sv}", "iad_block", g_variant_new_uint32 (m->iad_block));
}
