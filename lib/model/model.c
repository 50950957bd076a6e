#include "lib/model/model.h"
#include <math.h>
#include <string.h>

G_DEFINE_QUARK (draftd-model-error-quark, draftd_model_error)

void
draftd_model_free (DraftdModel *m)
{
  if (m == NULL)
    return;
  g_free (m->layers);
  g_free (m->heads);
  g_clear_pointer (&m->tokenizer, draftd_tokenizer_free);
  draftd_prompt_meta_clear (&m->prompt);
  g_clear_pointer (&m->file, draftd_gguf_close);
  g_free (m->name);
  g_free (m->path);
  g_free (m);
}

static gboolean
get_u32 (const DraftdGgufFile *f, const char *arch, const char *suffix, gboolean required, guint def, guint *out,
         GError **error)
{
  g_autofree char *key = g_strdup_printf ("%s.%s", arch, suffix);
  guint64 v;
  if (draftd_gguf_find_kv (f, key) == NULL) {
    if (required) {
      g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_MISSING, "metadata key '%s' is missing", key);
      return FALSE;
    }
    *out = def;
    return TRUE;
  }
  if (!draftd_gguf_get_uint (f, key, &v, error))
    return FALSE;
  if (v == 0 || v > (1u << 30)) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_CONFIG, "%s = %" G_GUINT64_FORMAT " is out of range", key, v);
    return FALSE;
  }
  *out = (guint) v;
  return TRUE;
}

static gboolean
get_f32 (const DraftdGgufFile *f, const char *arch, const char *suffix, float def, float *out, GError **error)
{
  g_autofree char *key = g_strdup_printf ("%s.%s", arch, suffix);
  double v;
  if (draftd_gguf_find_kv (f, key) == NULL) {
    *out = def;
    return TRUE;
  }
  if (!draftd_gguf_get_float (f, key, &v, error))
    return FALSE;
  *out = (float) v;
  return TRUE;
}

/* Looks up a tensor; records its name in `missing` when absent and required. */
static const DraftdGgufTensor *
want (const DraftdGgufFile *f, GString *missing, gboolean required, const char *fmt, ...) G_GNUC_PRINTF (4, 5);

static const DraftdGgufTensor *
want (const DraftdGgufFile *f, GString *missing, gboolean required, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *name = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  const DraftdGgufTensor *t = draftd_gguf_find_tensor (f, name);
  if (t == NULL && required)
    g_string_append_printf (missing, "%s%s", missing->len ? ", " : "", name);
  return t;
}

static gboolean
check_shape (const DraftdGgufTensor *t, guint64 cols, guint64 rows, gboolean matrix, GError **error)
{
  if (t == NULL)
    return TRUE;
  gboolean ok = matrix ? (t->n_dims == 2 && t->ne[0] == cols && t->ne[1] == rows)
                       : (t->n_elements == cols && t->ne[0] == cols);
  if (!ok) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_SHAPE,
                 "tensor '%s' has shape [%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT "], expected [%" G_GUINT64_FORMAT
                 ", %" G_GUINT64_FORMAT "]",
                 t->name, t->ne[0], t->ne[1], cols, matrix ? rows : 1);
    return FALSE;
  }
  if (!draftd_ggml_type_supported (t->type)) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_SHAPE,
                 "tensor %s has type %s (%u), which draftd does not support; supported: %s", t->name,
                 draftd_ggml_type_name (t->type), t->type, draftd_ggml_supported_type_list ());
    return FALSE;
  }
  return TRUE;
}

gboolean
draftd_model_layer_is_swa (const DraftdModelConfig *c, guint il)
{
  return c->n_swa > 0 && c->swa_pattern > 1 && il % c->swa_pattern < c->swa_pattern - 1;
}

void
draftd_model_rope (const DraftdModelConfig *c, gboolean swa, guint pos, guint j, float *cos_out, float *sin_out)
{
  /* Same float arithmetic as llama2.c's run.c, so greedy output matches it. */
  float freq = 1.0f / powf (swa ? c->rope_base_swa : c->rope_base, (float) (2 * j) / (float) c->head_dim);
  float val = (float) pos * (swa ? 1.0f : c->rope_scale) * freq;
  *cos_out = cosf (val);
  *sin_out = sinf (val);
}

/* Linear RoPE scaling ({arch}.rope.scaling.type = "linear"): positions are multiplied by
 * 1/factor in the global layers, as llama.cpp does (Gemma 3 4B and larger use 8). */
static gboolean
read_rope_scaling (DraftdModel *m, const char *arch, GError **error)
{
  g_autofree char *type_key = g_strdup_printf ("%s.rope.scaling.type", arch);
  m->config.rope_scale = 1.0f;
  if (draftd_gguf_find_kv (m->file, type_key) == NULL)
    return TRUE;
  g_autofree char *type = draftd_gguf_get_string (m->file, type_key, error);
  if (type == NULL)
    return FALSE;
  if (g_str_equal (type, "none"))
    return TRUE;
  if (!g_str_equal (type, "linear")) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_CONFIG,
                 "%s = '%s' is not supported (supported: none, linear)", type_key, type);
    return FALSE;
  }
  float factor = 1.0f;
  if (!get_f32 (m->file, arch, "rope.scaling.factor", 1.0f, &factor, error))
    return FALSE;
  if (!(factor >= 1.0f && factor <= 1024.0f)) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_CONFIG, "%s.rope.scaling.factor = %g is out of range",
                 arch, factor);
    return FALSE;
  }
  m->config.rope_scale = 1.0f / factor;
  return TRUE;
}

/* What Gemma 3 fixes in code rather than in the file (llama.cpp's llama-model.cpp): local
 * layers come 5 to 1 and use RoPE base 10000; the query is scaled by 1/sqrt(key_length),
 * except in the 62-layer 27B, where it is 1/sqrt(n_embd/n_head). */
static gboolean
read_gemma3 (DraftdModel *m, const char *arch, GError **error)
{
  DraftdModelConfig *c = &m->config;
  if (!get_u32 (m->file, arch, "attention.sliding_window", TRUE, 0, &c->n_swa, error))
    return FALSE;
  c->swa_pattern = 6;
  c->rope_base_swa = 10000.0f;
  c->embd_scale = sqrtf ((float) c->n_embd);
  c->attn_scale = c->n_layer == 62 ? 1.0f / sqrtf ((float) (c->n_embd / c->n_head)) : 1.0f / sqrtf ((float) c->head_dim);
  return TRUE;
}

static gboolean
read_config (DraftdModel *m, const char *arch, GError **error)
{
  DraftdModelConfig *c = &m->config;
  const DraftdGgufFile *f = m->file;
  guint key_len = 0, value_len = 0;
  if (!get_u32 (f, arch, "embedding_length", TRUE, 0, &c->n_embd, error) ||
      !get_u32 (f, arch, "feed_forward_length", TRUE, 0, &c->n_ff, error) ||
      !get_u32 (f, arch, "block_count", TRUE, 0, &c->n_layer, error) ||
      !get_u32 (f, arch, "attention.head_count", TRUE, 0, &c->n_head, error) ||
      !get_u32 (f, arch, "attention.head_count_kv", FALSE, c->n_head, &c->n_head_kv, error) ||
      !get_u32 (f, arch, "context_length", FALSE, 2048, &c->n_ctx_train, error) ||
      !get_u32 (f, arch, "attention.key_length", FALSE, 0, &key_len, error) ||
      !get_f32 (f, arch, "attention.layer_norm_rms_epsilon", 1e-5f, &c->norm_eps, error) ||
      !get_f32 (f, arch, "rope.freq_base", 10000.0f, &c->rope_base, error) || !read_rope_scaling (m, arch, error))
    return FALSE;
  c->head_dim = key_len ? key_len : c->n_embd / c->n_head;
  if (!get_u32 (f, arch, "attention.value_length", FALSE, c->head_dim, &value_len, error))
    return FALSE;
  c->embd_scale = 1.0f;
  c->attn_scale = 1.0f / sqrtf ((float) c->head_dim);
  c->rope_base_swa = c->rope_base;
  if (c->arch == DRAFTD_ARCH_GEMMA3 && !read_gemma3 (m, arch, error))
    return FALSE;
  guint rope_dims = c->head_dim;
  if (!get_u32 (f, arch, "rope.dimension_count", FALSE, c->head_dim, &rope_dims, error))
    return FALSE;
  const char *problem = NULL;
  if (c->n_head % c->n_head_kv != 0)
    problem = "attention.head_count is not a multiple of attention.head_count_kv";
  else if (c->head_dim % 4 != 0 || (!key_len && c->n_embd % c->n_head != 0))
    problem = "the head dimension is not a multiple of 4 or does not divide the embedding length";
  else if (value_len != c->head_dim)
    problem = "attention.value_length differs from the key head dimension";
  else if (rope_dims != c->head_dim)
    problem = "partial rotary embeddings (rope.dimension_count < head dimension) are not supported";
  else if (c->n_layer > 4096 || c->head_dim > 1024)
    problem = "layer count or head dimension is implausibly large";
  else if (!(c->norm_eps > 0.0f && c->norm_eps < 1.0f) || !(c->rope_base > 1.0f))
    problem = "norm epsilon or rope frequency base is out of range";
  if (problem) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_CONFIG, "%s", problem);
    return FALSE;
  }
  return TRUE;
}

static void
want_layer (const DraftdGgufFile *f, const DraftdModelConfig *c, GString *missing, guint i, DraftdLayerWeights *l)
{
  l->attn_norm = want (f, missing, TRUE, "blk.%u.attn_norm.weight", i);
  l->wq = want (f, missing, TRUE, "blk.%u.attn_q.weight", i);
  l->wk = want (f, missing, TRUE, "blk.%u.attn_k.weight", i);
  l->wv = want (f, missing, TRUE, "blk.%u.attn_v.weight", i);
  l->bq = want (f, missing, c->qkv_bias, "blk.%u.attn_q.bias", i);
  l->bk = want (f, missing, c->qkv_bias, "blk.%u.attn_k.bias", i);
  l->bv = want (f, missing, c->qkv_bias, "blk.%u.attn_v.bias", i);
  l->wo = want (f, missing, TRUE, "blk.%u.attn_output.weight", i);
  l->ffn_norm = want (f, missing, TRUE, "blk.%u.ffn_norm.weight", i);
  l->w_gate = want (f, missing, TRUE, "blk.%u.ffn_gate.weight", i);
  l->w_up = want (f, missing, TRUE, "blk.%u.ffn_up.weight", i);
  l->w_down = want (f, missing, TRUE, "blk.%u.ffn_down.weight", i);
  /* Only where the architecture uses them: present but unused they would make another model. */
  if (c->qk_norm) {
    l->q_norm = want (f, missing, TRUE, "blk.%u.attn_q_norm.weight", i);
    l->k_norm = want (f, missing, TRUE, "blk.%u.attn_k_norm.weight", i);
  }
  if (c->post_norms) {
    l->attn_post_norm = want (f, missing, TRUE, "blk.%u.post_attention_norm.weight", i);
    l->ffn_post_norm = want (f, missing, TRUE, "blk.%u.post_ffw_norm.weight", i);
  }
}

static gboolean
check_layer (const DraftdModelConfig *c, const DraftdLayerWeights *l, GError **error)
{
  guint q = c->n_head * c->head_dim, kv = c->n_head_kv * c->head_dim;
  return check_shape (l->attn_norm, c->n_embd, 1, FALSE, error) && check_shape (l->wq, c->n_embd, q, TRUE, error) &&
         check_shape (l->wk, c->n_embd, kv, TRUE, error) && check_shape (l->wv, c->n_embd, kv, TRUE, error) &&
         check_shape (l->bq, q, 1, FALSE, error) && check_shape (l->bk, kv, 1, FALSE, error) &&
         check_shape (l->bv, kv, 1, FALSE, error) && check_shape (l->wo, q, c->n_embd, TRUE, error) &&
         check_shape (l->ffn_norm, c->n_embd, 1, FALSE, error) &&
         check_shape (l->w_gate, c->n_embd, c->n_ff, TRUE, error) &&
         check_shape (l->w_up, c->n_embd, c->n_ff, TRUE, error) &&
         check_shape (l->w_down, c->n_ff, c->n_embd, TRUE, error) &&
         check_shape (l->q_norm, c->head_dim, 1, FALSE, error) && check_shape (l->k_norm, c->head_dim, 1, FALSE, error) &&
         check_shape (l->attn_post_norm, c->n_embd, 1, FALSE, error) &&
         check_shape (l->ffn_post_norm, c->n_embd, 1, FALSE, error);
}

static gboolean
find_tensors (DraftdModel *m, GError **error)
{
  const DraftdModelConfig *c = &m->config;
  const DraftdGgufFile *f = m->file;
  g_autoptr (GString) missing = g_string_new (NULL);
  m->token_embd = want (f, missing, TRUE, "token_embd.weight");
  m->output_norm = want (f, missing, TRUE, "output_norm.weight");
  m->output = want (f, missing, FALSE, "output.weight");
  m->layers = g_new0 (DraftdLayerWeights, c->n_layer);
  for (guint i = 0; i < c->n_layer; i++)
    want_layer (f, c, missing, i, &m->layers[i]);
  if (missing->len) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_MISSING, "missing tensors: %s", missing->str);
    return FALSE;
  }
  if (m->token_embd->n_dims != 2 || m->token_embd->ne[0] != c->n_embd) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_SHAPE, "token_embd.weight row length is %" G_GUINT64_FORMAT
                 ", expected %u", m->token_embd->ne[0], c->n_embd);
    return FALSE;
  }
  m->config.n_vocab = m->token_embd->ne[1];
  m->config.tied_output = m->output == NULL;
  if (m->output == NULL)
    m->output = m->token_embd;
  if (!check_shape (m->token_embd, c->n_embd, c->n_vocab, TRUE, error) ||
      !check_shape (m->output, c->n_embd, c->n_vocab, TRUE, error) ||
      !check_shape (m->output_norm, c->n_embd, 1, FALSE, error))
    return FALSE;
  for (guint i = 0; i < c->n_layer; i++)
    if (!check_layer (c, &m->layers[i], error))
      return FALSE;
  for (guint i = 0; i < draftd_gguf_n_tensors (f); i++)
    if (!g_str_has_prefix (draftd_gguf_tensor (f, i)->name, "blockwise."))
      m->n_params += draftd_gguf_tensor (f, i)->n_elements;
  return TRUE;
}

/* The proposal heads, when the key says the file has them: every one present, square in the
 * model's width, of a type draftd reads. Anything else is refused whole (HEADS): heads that
 * do not fit would propose nonsense silently, and a file that claims heads it lacks is
 * damaged. Head tensors without the key are refused too, so a converter's mistake shows. */
static gboolean
find_heads (DraftdModel *m, GError **error)
{
  const DraftdGgufFile *f = m->file;
  guint64 n = 0;
  if (draftd_gguf_find_kv (f, DRAFTD_BLOCKWISE_HEADS_KEY) == NULL) {
    for (guint i = 0; i < draftd_gguf_n_tensors (f); i++)
      if (g_str_has_prefix (draftd_gguf_tensor (f, i)->name, "blockwise.")) {
        g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_HEADS, "tensor '%s' without the key %s",
                     draftd_gguf_tensor (f, i)->name, DRAFTD_BLOCKWISE_HEADS_KEY);
        return FALSE;
      }
    return TRUE;
  }
  if (!draftd_gguf_get_uint (f, DRAFTD_BLOCKWISE_HEADS_KEY, &n, error))
    return FALSE;
  if (n == 0 || n > DRAFTD_BLOCKWISE_MAX_HEADS) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_HEADS, "%s = %" G_GUINT64_FORMAT ": 1 to %u heads",
                 DRAFTD_BLOCKWISE_HEADS_KEY, n, DRAFTD_BLOCKWISE_MAX_HEADS);
    return FALSE;
  }
  m->heads = g_new0 (const DraftdGgufTensor *, n);
  m->n_heads = n;
  for (guint i = 0; i < n; i++) {
    g_autofree char *name = g_strdup_printf (DRAFTD_BLOCKWISE_HEAD_NAME, i);
    g_autoptr (GError) shape = NULL;
    m->heads[i] = draftd_gguf_find_tensor (f, name);
    if (m->heads[i] == NULL) {
      g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_HEADS, "%s = %" G_GUINT64_FORMAT " but tensor '%s' is missing",
                   DRAFTD_BLOCKWISE_HEADS_KEY, n, name);
      return FALSE;
    }
    if (!check_shape (m->heads[i], m->config.n_embd, m->config.n_embd, TRUE, &shape)) {
      g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_HEADS, "blockwise heads do not fit this model: %s",
                   shape->message);
      return FALSE;
    }
  }
  return TRUE;
}

/* Each architecture's fixed traits; hyperparameters come from metadata in read_config. */
static const struct {
  const char *name;
  DraftdArch arch;
  DraftdRopeLayout rope;
  gboolean qkv_bias, qk_norm, post_norms;
  DraftdFfnAct act;
} archs[] = {
  { "llama", DRAFTD_ARCH_LLAMA, DRAFTD_ROPE_INTERLEAVED, FALSE, FALSE, FALSE, DRAFTD_FFN_SWIGLU },
  { "qwen2", DRAFTD_ARCH_QWEN2, DRAFTD_ROPE_NEOX, TRUE, FALSE, FALSE, DRAFTD_FFN_SWIGLU },
  { "qwen3", DRAFTD_ARCH_QWEN3, DRAFTD_ROPE_NEOX, FALSE, TRUE, FALSE, DRAFTD_FFN_SWIGLU },
  { "gemma3", DRAFTD_ARCH_GEMMA3, DRAFTD_ROPE_NEOX, FALSE, TRUE, TRUE, DRAFTD_FFN_GEGLU },
};

const char *
draftd_model_arch_name (DraftdArch arch)
{
  for (guint i = 0; i < G_N_ELEMENTS (archs); i++)
    if (archs[i].arch == arch)
      return archs[i].name;
  return "unknown";
}

static gboolean
set_arch (DraftdModelConfig *c, const char *arch)
{
  for (guint i = 0; i < G_N_ELEMENTS (archs); i++) {
    if (g_str_equal (arch, archs[i].name)) {
      c->arch = archs[i].arch;
      c->rope_layout = archs[i].rope;
      c->qkv_bias = archs[i].qkv_bias;
      c->qk_norm = archs[i].qk_norm;
      c->post_norms = archs[i].post_norms;
      c->ffn_act = archs[i].act;
      return TRUE;
    }
  }
  return FALSE;
}

DraftdModel *
draftd_model_load (const char *path, GError **error)
{
  g_autoptr (DraftdModel) m = g_new0 (DraftdModel, 1);
  m->path = g_strdup (path);
  m->file = draftd_gguf_open (path, error);
  if (m->file == NULL)
    return NULL;
  g_autofree char *arch = draftd_gguf_get_string (m->file, "general.architecture", error);
  if (arch == NULL) {
    g_prefix_error (error, "%s: ", path);
    return NULL;
  }
  if (draftd_gguf_n_tensors (m->file) == 0) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_MISSING, "%s: this file has no weights%s", path,
                 draftd_gguf_find_kv (m->file, "tokenizer.ggml.tokens") ? " (vocabulary only)" : "");
    return NULL;
  }
  if (!set_arch (&m->config, arch)) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_ARCH,
                 "%s: unsupported architecture '%s' (supported: llama, qwen2, qwen3, gemma3)", path, arch);
    return NULL;
  }
  if (!read_config (m, arch, error) || !find_tensors (m, error) || !find_heads (m, error)) {
    g_prefix_error (error, "%s: ", path);
    return NULL;
  }
  m->tokenizer = draftd_tokenizer_new (m->file, error);
  if (m->tokenizer == NULL) {
    g_prefix_error (error, "%s: ", path);
    return NULL;
  }
  if (draftd_tokenizer_n_vocab (m->tokenizer) != m->config.n_vocab) {
    g_set_error (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_CONFIG,
                 "%s: tokenizer has %u tokens but token_embd.weight has %u rows", path,
                 draftd_tokenizer_n_vocab (m->tokenizer), m->config.n_vocab);
    return NULL;
  }
  m->name = draftd_gguf_find_kv (m->file, "general.name") ? draftd_gguf_get_string (m->file, "general.name", NULL) : NULL;
  if (m->name == NULL)
    m->name = g_path_get_basename (path);
  draftd_prompt_meta_read (&m->prompt, m->file);
  return g_steal_pointer (&m);
}

const char *
draftd_model_quantization (const DraftdModel *m)
{
  /* The type of the bulk of the weights: the first layer's FFN. */
  return draftd_ggml_type_name (m->layers[0].w_gate->type);
}
