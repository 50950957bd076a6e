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

static gboolean
add (GgufWriter *w, DraftdRng *rng, const char *name, guint64 cols, guint64 rows, guint32 type, float scale,
     float offset, GError **error)
{
  gsize n = cols * rows;
  g_autofree float *v = g_new (float, n);
  fill (rng, v, n, scale);
  for (gsize i = 0; i < n; i++)
    v[i] += offset;
  guint64 bytes, ne[2] = { cols, rows };
  ggml_row_bytes (type, n, &bytes);
  g_autofree guint8 *buf = g_malloc (bytes);
  ggml_quantize (type, v, buf, n);
  return gguf_writer_add_tensor (w, name, type, rows > 1 ? 2 : 1, ne, buf, bytes, error);
}

gboolean
draftd_random_model_write (const DraftdRandomModel *s, const char *path, GError **error)
{
  return draftd_random_model_write_full (s, NULL, path, error);
}

gboolean
draftd_random_model_write_full (const DraftdRandomModel *s, const DraftdRandomAttention *attn, const char *path,
                                GError **error)
{
  static const DraftdRandomAttention no_attn = { 0, 0 };
  if (attn == NULL)
    attn = &no_attn;
  g_autoptr (GgufWriter) w = gguf_writer_new ();
  DraftdRng rng;
  draftd_rng_seed (&rng, s->seed);
  const char *a = s->arch;
  guint hd = attn->head_dim ? attn->head_dim : s->n_embd / s->n_head, q = s->n_head * hd, kv = s->n_head_kv * hd;
  gboolean qk_norm = g_str_equal (a, "qwen3") || g_str_equal (a, "gemma3"), gemma = g_str_equal (a, "gemma3");
  char key[128];
#define SET_U32(suffix, v)                                  \
  do {                                                      \
    g_snprintf (key, sizeof key, "%s.%s", a, suffix);       \
    gguf_writer_set_u32 (w, key, v);                        \
  } while (0)
  gguf_writer_set_string (w, "general.architecture", a);
  gguf_writer_set_string (w, "general.name", "random");
  SET_U32 ("context_length", s->n_ctx);
  SET_U32 ("embedding_length", s->n_embd);
  SET_U32 ("block_count", s->n_layer);
  SET_U32 ("feed_forward_length", s->n_ff);
  SET_U32 ("attention.head_count", s->n_head);
  SET_U32 ("attention.head_count_kv", s->n_head_kv);
  g_snprintf (key, sizeof key, "%s.attention.layer_norm_rms_epsilon", a);
  gguf_writer_set_f32 (w, key, 1e-5f);
  g_snprintf (key, sizeof key, "%s.rope.freq_base", a);
  gguf_writer_set_f32 (w, key, gemma ? 1e6f : 10000.0f);
  if (attn->head_dim) {
    SET_U32 ("attention.key_length", attn->head_dim);
    SET_U32 ("attention.value_length", attn->head_dim);
  }
  if (gemma)
    SET_U32 ("attention.sliding_window", attn->n_swa ? attn->n_swa : 4);
#undef SET_U32

  /* Vocabulary: <unk> <s> </s>, 256 byte tokens, then pieces "▁a".."▁z", letters, and
   * numbered filler, so every text tokenizes. */
  g_autoptr (GPtrArray) toks = g_ptr_array_new_with_free_func (g_free);
  g_autofree float *scores = g_new0 (float, s->n_vocab);
  g_autofree gint32 *types = g_new0 (gint32, s->n_vocab);
  for (guint i = 0; i < s->n_vocab; i++) {
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
  gguf_writer_set_string (w, "tokenizer.ggml.model", "llama");
  gguf_writer_set_string_array (w, "tokenizer.ggml.tokens", (const char *const *) toks->pdata, NULL, s->n_vocab);
  gguf_writer_set_f32_array (w, "tokenizer.ggml.scores", scores, s->n_vocab);
  gguf_writer_set_i32_array (w, "tokenizer.ggml.token_type", types, s->n_vocab);
  gguf_writer_set_u32 (w, "tokenizer.ggml.bos_token_id", 1);
  gguf_writer_set_u32 (w, "tokenizer.ggml.eos_token_id", 2);

  float ws = 1.0f / sqrtf ((float) s->n_embd), fs = 1.0f / sqrtf ((float) s->n_ff);
  /* Gemma multiplies its input embeddings by sqrt(n_embd): store them that much smaller, or
   * the residual stream is the current token's embedding and the model repeats its input. */
  float es = gemma ? 1.0f / sqrtf ((float) s->n_embd) : 1.0f;
  if (!add (w, &rng, "token_embd.weight", s->n_embd, s->n_vocab, s->type, es, 0, error))
    return FALSE;
  for (guint l = 0; l < s->n_layer; l++) {
    char n[64];
#define T(suffix, cols, rows, type, scale, off)                                     \
    g_snprintf (n, sizeof n, "blk.%u.%s", l, suffix);                               \
    if (!add (w, &rng, n, cols, rows, type, scale, off, error))                     \
      return FALSE;
    T ("attn_norm.weight", s->n_embd, 1, 0, 0.1f, 1.0f)
    T ("attn_q.weight", s->n_embd, q, s->type, ws, 0)
    T ("attn_k.weight", s->n_embd, kv, s->type, ws, 0)
    T ("attn_v.weight", s->n_embd, kv, s->type, ws, 0)
    if (g_str_equal (a, "qwen2")) {
      T ("attn_q.bias", q, 1, 0, 0.1f, 0)
      T ("attn_k.bias", kv, 1, 0, 0.1f, 0)
      T ("attn_v.bias", kv, 1, 0, 0.1f, 0)
    }
    if (qk_norm) {
      T ("attn_q_norm.weight", hd, 1, 0, 0.1f, 1.0f)
      T ("attn_k_norm.weight", hd, 1, 0, 0.1f, 1.0f)
    }
    T ("attn_output.weight", q, s->n_embd, s->type, ws, 0)
    if (gemma) {
      T ("post_attention_norm.weight", s->n_embd, 1, 0, 0.1f, 1.0f)
    }
    T ("ffn_norm.weight", s->n_embd, 1, 0, 0.1f, 1.0f)
    T ("ffn_gate.weight", s->n_embd, s->n_ff, s->type, ws, 0)
    T ("ffn_up.weight", s->n_embd, s->n_ff, s->type, ws, 0)
    T ("ffn_down.weight", s->n_ff, s->n_embd, s->type, fs, 0)
    if (gemma) {
      T ("post_ffw_norm.weight", s->n_embd, 1, 0, 0.1f, 1.0f)
    }
#undef T
  }
  if (!add (w, &rng, "output_norm.weight", s->n_embd, 1, 0, 0.1f, 1.0f, error))
    return FALSE;
  if (!s->tied && !add (w, &rng, "output.weight", s->n_embd, s->n_vocab, s->type, ws, 0, error))
    return FALSE;
  return gguf_writer_write (w, path, error);
}
