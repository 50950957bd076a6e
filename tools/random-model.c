#include "tools/random-model.h"
#include <math.h>
#include <string.h>
#include "lib/gguf/gguf.h"
#include "lib/runtime/sampler.h"

static void
fill (DraftdRng *rng, float *v, gsize n, float scale)
{
  for (gsize i = 0; i < n; i++)
    v[i] = (float) ((draftd_rng_uniform (rng) * 2.0 - 1.0) * scale);
}

/* Where a block keeps its fp16 scales, and the scale giving values of about unit size
 * (from each type's range of integer quants times sub-block scales). */
typedef struct {
  guint32 type;
  guint offset[2];
  float unit[2];  /* d, then dmin (or Q4_1/Q5_1's m, negative: values span about [-1, 1]) */
} RandomScales;

static const RandomScales random_scales[] = {
  { GGML_TYPE_Q4_1, { 0, 2 }, { 1.0f / 8, -1.0f } },
  { GGML_TYPE_Q5_0, { 0, 0 }, { 1.0f / 16, 0 } },
  { GGML_TYPE_Q5_1, { 0, 2 }, { 1.0f / 16, -1.0f } },
  { GGML_TYPE_IQ4_NL, { 0, 0 }, { 1.0f / 127, 0 } },
  { GGML_TYPE_Q2_K, { 80, 82 }, { 1.0f / 24, 1.0f / 16 } },
  { GGML_TYPE_Q3_K, { 108, 108 }, { 1.0f / 128, 0 } },
  { GGML_TYPE_Q4_K, { 0, 2 }, { 1.0f / 256, 1.0f / 32 } },
  { GGML_TYPE_Q5_K, { 0, 2 }, { 1.0f / 512, 1.0f / 32 } },
  { GGML_TYPE_Q6_K, { 208, 208 }, { 1.0f / 2048, 0 } },
};

/* n values of `type` with magnitudes up to about `scale`: random quants, set scales. */
static void
random_blocks (DraftdRng *rng, guint32 type, guint8 *out, gsize n, float scale)
{
  const RandomScales *rs = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (random_scales); i++)
    if (random_scales[i].type == type)
      rs = &random_scales[i];
  g_assert (rs != NULL);
  guint bv, bb;
  draftd_ggml_type_block (type, &bv, &bb);
  for (gsize b = 0; b < n / bv; b++) {
    guint8 *blk = out + b * bb;
    for (guint i = 0; i < bb; i += 8) {
      guint64 r = draftd_rng_next (rng);
      memcpy (blk + i, &r, MIN (8, bb - i));
    }
    for (guint k = 0; k < 2; k++) {
      if (rs->unit[k] == 0)
        continue;
      /* Each block's scales vary a little, as real ones do. */
      float f = (float) (scale * rs->unit[k] * (0.75 + 0.5 * draftd_rng_uniform (rng)));
      guint16 h = draftd_ggml_fp32_to_fp16 (f);
      memcpy (blk + rs->offset[k], &h, 2);
    }
  }
}

static gboolean
add (DraftdGgufWriter *w, DraftdRng *rng, const char *name, guint64 cols, guint64 rows, guint32 type, float scale,
     float offset, GError **error)
{
  gsize n = cols * rows;
  guint64 bytes, ne[2] = { cols, rows };
  draftd_ggml_row_bytes (type, n, &bytes);
  g_autofree guint8 *buf = g_malloc (bytes);
  if (type == GGML_TYPE_F32 || type == GGML_TYPE_F16 || type == GGML_TYPE_BF16 || type == GGML_TYPE_Q8_0 ||
      type == GGML_TYPE_Q4_0) {
    g_autofree float *v = g_new (float, n);
    fill (rng, v, n, scale);
    for (gsize i = 0; i < n; i++)
      v[i] += offset;
    draftd_ggml_quantize (type, v, buf, n);
  } else {
    random_blocks (rng, type, buf, n, scale);
  }
  return draftd_gguf_writer_add_tensor (w, name, type, rows > 1 ? 2 : 1, ne, buf, bytes, error);
}

/* Vocabulary: <unk> <s> </s>, 256 byte tokens, then pieces "▁a".."▁z", letters, and
 * numbered filler, so every text tokenizes. */
static void
write_vocab (DraftdGgufWriter *w, guint n_vocab)
{
  g_autoptr (GPtrArray) toks = g_ptr_array_new_with_free_func (g_free);
  g_autofree float *scores = g_new0 (float, n_vocab);
  g_autofree gint32 *types = g_new0 (gint32, n_vocab);
  for (guint i = 0; i < n_vocab; i++) {
    char *t;
    types[i] = 1;
    if (i == 0)
      t = g_strdup ("<unk>"), types[i] = 2;
    else if (i < 3)
      t = g_strdup (i == 1 ? "<s>" : "</s>"), types[i] = 3;
    else if (i < 259)
      t = g_strdup_printf ("<0x%02X>", i - 3), types[i] = 6;
    else if (i < 259 + 26)
      t = g_strdup_printf ("\xe2\x96\x81%c", 'a' + (i - 259));
    else if (i < 259 + 52)
      t = g_strdup_printf ("%c", 'a' + (i - 259 - 26));
    else
      t = g_strdup_printf ("tok%u", i);
    scores[i] = -(float) i;
    g_ptr_array_add (toks, t);
  }
  draftd_gguf_writer_set_string (w, "tokenizer.ggml.model", "llama");
  draftd_gguf_writer_set_string_array (w, "tokenizer.ggml.tokens", (const char *const *) toks->pdata, NULL, n_vocab);
  draftd_gguf_writer_set_f32_array (w, "tokenizer.ggml.scores", scores, n_vocab);
  draftd_gguf_writer_set_i32_array (w, "tokenizer.ggml.token_type", types, n_vocab);
  draftd_gguf_writer_set_u32 (w, "tokenizer.ggml.bos_token_id", 1);
  draftd_gguf_writer_set_u32 (w, "tokenizer.ggml.eos_token_id", 2);
}

/* llama-quantize's use_more_bits: the first and last eighth of the layers, and every third
 * in between. */
static gboolean
more_bits (guint l, guint n_layer)
{
  return l < n_layer / 8 || l >= 7 * n_layer / 8 || (l - n_layer / 8) % 3 == 2;
}

gboolean
draftd_random_model_type (const char *name, guint32 *type, guint32 *type_more)
{
  static const struct { const char *name; guint32 type, more; } types[] = {
    { "f32", GGML_TYPE_F32, 0 }, { "f16", GGML_TYPE_F16, 0 }, { "bf16", GGML_TYPE_BF16, 0 },
    { "q8_0", GGML_TYPE_Q8_0, 0 }, { "q4_0", GGML_TYPE_Q4_0, 0 }, { "q4_1", GGML_TYPE_Q4_1, 0 },
    { "q5_0", GGML_TYPE_Q5_0, 0 }, { "q5_1", GGML_TYPE_Q5_1, 0 }, { "iq4_nl", GGML_TYPE_IQ4_NL, 0 },
    { "q2_k", GGML_TYPE_Q2_K, GGML_TYPE_Q3_K }, { "q3_k_m", GGML_TYPE_Q3_K, GGML_TYPE_Q5_K },
    { "q4_k_m", GGML_TYPE_Q4_K, GGML_TYPE_Q6_K }, { "q5_k_m", GGML_TYPE_Q5_K, GGML_TYPE_Q6_K },
    { "q6_k", GGML_TYPE_Q6_K, 0 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    if (g_ascii_strcasecmp (name, types[i].name) == 0) {
      *type = types[i].type;
      *type_more = types[i].more;
      return TRUE;
    }
  return FALSE;
}

static gboolean write_model (const DraftdRandomModel *s, const DraftdRandomAttention *attn, guint32 type_more,
                             const char *path, GError **error);

gboolean
draftd_random_model_write (const DraftdRandomModel *s, const char *path, GError **error)
{
  return write_model (s, NULL, 0, path, error);
}

gboolean
draftd_random_model_write_full (const DraftdRandomModel *s, const DraftdRandomAttention *attn, guint32 type_more,
                                const char *path, GError **error)
{
  return write_model (s, attn, type_more, path, error);
}

gboolean
draftd_random_model_write_mix (const DraftdRandomModel *s, guint32 type_more, const char *path, GError **error)
{
  return write_model (s, NULL, type_more, path, error);
}

/* The shape a random model's tensors and metadata follow. */
typedef struct {
  const DraftdRandomModel *s;
  const DraftdRandomAttention *attn;
  guint hd, q, kv;         /* head dimension; Q and K/V widths */
  gboolean qk_norm, gemma;
  guint32 more;            /* the mix's second type (or the matrices' type) */
} Shape;

static void
write_hparams (DraftdGgufWriter *w, const Shape *sh)
{
  const DraftdRandomModel *s = sh->s;
  const char *a = s->arch;
  char key[128];
#define SET_U32(suffix, v)                                  \
  do {                                                      \
    g_snprintf (key, sizeof key, "%s.%s", a, suffix);       \
    draftd_gguf_writer_set_u32 (w, key, v);                        \
  } while (0)
  draftd_gguf_writer_set_string (w, "general.architecture", a);
  draftd_gguf_writer_set_string (w, "general.name", "random");
  SET_U32 ("context_length", s->n_ctx);
  SET_U32 ("embedding_length", s->n_embd);
  SET_U32 ("block_count", s->n_layer);
  SET_U32 ("feed_forward_length", s->n_ff);
  SET_U32 ("attention.head_count", s->n_head);
  SET_U32 ("attention.head_count_kv", s->n_head_kv);
  g_snprintf (key, sizeof key, "%s.attention.layer_norm_rms_epsilon", a);
  draftd_gguf_writer_set_f32 (w, key, 1e-5f);
  g_snprintf (key, sizeof key, "%s.rope.freq_base", a);
  draftd_gguf_writer_set_f32 (w, key, sh->gemma ? 1e6f : 10000.0f);
  if (sh->attn->head_dim) {
    SET_U32 ("attention.key_length", sh->attn->head_dim);
    SET_U32 ("attention.value_length", sh->attn->head_dim);
  }
  if (sh->gemma)
    SET_U32 ("attention.sliding_window", sh->attn->n_swa ? sh->attn->n_swa : 4);
#undef SET_U32
}

static gboolean
write_layer (DraftdGgufWriter *w, DraftdRng *rng, const Shape *sh, guint l, GError **error)
{
  const DraftdRandomModel *s = sh->s;
  float ws = 1.0f / sqrtf ((float) s->n_embd), fs = 1.0f / sqrtf ((float) s->n_ff);
  guint32 lt = more_bits (l, s->n_layer) ? sh->more : s->type;
  char n[64];
#define T(suffix, cols, rows, type, scale, off)                                     \
  g_snprintf (n, sizeof n, "blk.%u.%s", l, suffix);                                 \
  if (!add (w, rng, n, cols, rows, type, scale, off, error))                        \
    return FALSE;
  T ("attn_norm.weight", s->n_embd, 1, 0, 0.1f, 1.0f)
  T ("attn_q.weight", s->n_embd, sh->q, s->type, ws, 0)
  T ("attn_k.weight", s->n_embd, sh->kv, s->type, ws, 0)
  T ("attn_v.weight", s->n_embd, sh->kv, lt, ws, 0)
  if (g_str_equal (s->arch, "qwen2")) {
    T ("attn_q.bias", sh->q, 1, 0, 0.1f, 0)
    T ("attn_k.bias", sh->kv, 1, 0, 0.1f, 0)
    T ("attn_v.bias", sh->kv, 1, 0, 0.1f, 0)
  }
  if (sh->qk_norm) {
    T ("attn_q_norm.weight", sh->hd, 1, 0, 0.1f, 1.0f)
    T ("attn_k_norm.weight", sh->hd, 1, 0, 0.1f, 1.0f)
  }
  T ("attn_output.weight", sh->q, s->n_embd, s->type, ws, 0)
  if (sh->gemma) {
    T ("post_attention_norm.weight", s->n_embd, 1, 0, 0.1f, 1.0f)
  }
  T ("ffn_norm.weight", s->n_embd, 1, 0, 0.1f, 1.0f)
  T ("ffn_gate.weight", s->n_embd, s->n_ff, s->type, ws, 0)
  T ("ffn_up.weight", s->n_embd, s->n_ff, s->type, ws, 0)
  T ("ffn_down.weight", s->n_ff, s->n_embd, lt, fs, 0)
  if (sh->gemma) {
    T ("post_ffw_norm.weight", s->n_embd, 1, 0, 0.1f, 1.0f)
  }
#undef T
  return TRUE;
}

static gboolean
write_model (const DraftdRandomModel *s, const DraftdRandomAttention *attn, guint32 type_more, const char *path,
             GError **error)
{
  static const DraftdRandomAttention no_attn = { 0, 0 };
  Shape sh = { s, attn ? attn : &no_attn, 0, 0, 0, FALSE, FALSE, type_more ? type_more : s->type };
  sh.hd = sh.attn->head_dim ? sh.attn->head_dim : s->n_embd / s->n_head;
  sh.q = s->n_head * sh.hd;
  sh.kv = s->n_head_kv * sh.hd;
  sh.qk_norm = g_str_equal (s->arch, "qwen3") || g_str_equal (s->arch, "gemma3");
  sh.gemma = g_str_equal (s->arch, "gemma3");
  g_autoptr (DraftdGgufWriter) w = draftd_gguf_writer_new ();
  DraftdRng rng;
  draftd_rng_seed (&rng, s->seed);
  write_hparams (w, &sh);
  write_vocab (w, s->n_vocab);
  /* Gemma multiplies its input embeddings by sqrt(n_embd): store them that much smaller, or
   * the residual stream is the current token's embedding and the model repeats its input. */
  float es = sh.gemma ? 1.0f / sqrtf ((float) s->n_embd) : 1.0f;
  if (!add (w, &rng, "token_embd.weight", s->n_embd, s->n_vocab, s->tied ? sh.more : s->type, es, 0, error))
    return FALSE;
  for (guint l = 0; l < s->n_layer; l++)
    if (!write_layer (w, &rng, &sh, l, error))
      return FALSE;
  if (!add (w, &rng, "output_norm.weight", s->n_embd, 1, 0, 0.1f, 1.0f, error))
    return FALSE;
  float ws = 1.0f / sqrtf ((float) s->n_embd);
  if (!s->tied && !add (w, &rng, "output.weight", s->n_embd, s->n_vocab, sh.more, ws, 0, error))
    return FALSE;
  return draftd_gguf_writer_write (w, path, error);
}
