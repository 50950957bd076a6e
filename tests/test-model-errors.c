/* Models that cannot run give clear errors: unknown architecture, missing tensors (all
 * listed), unsupported tensor types, inconsistent hyperparameters, broken vocabularies,
 * vocabulary-only files. The qwen3 and gemma3 hyperparameters are read from metadata. */
#include <math.h>
#include <string.h>
#include "lib/gguf/gguf.h"
#include "lib/model/model.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static DraftdGgufWriter *
base_writer (const char *arch)
{
  DraftdGgufWriter *w = draftd_gguf_writer_new ();
  g_autofree char *k = NULL;
  draftd_gguf_writer_set_string (w, "general.architecture", arch);
#define U(key, v)                                 \
  do {                                            \
    g_free (k);                                   \
    k = g_strdup_printf ("%s." key, arch);        \
    draftd_gguf_writer_set_u32 (w, k, v);                \
  } while (0)
  U ("embedding_length", 32);
  U ("feed_forward_length", 64);
  U ("block_count", 1);
  U ("attention.head_count", 4);
  U ("context_length", 64);
#undef U
  const char *toks[] = { "<unk>", "<s>", "</s>", "a" };
  float scores[] = { 0, 0, 0, -1 };
  gint32 types[] = { 2, 3, 3, 1 };
  draftd_gguf_writer_set_string (w, "tokenizer.ggml.model", "llama");
  draftd_gguf_writer_set_string_array (w, "tokenizer.ggml.tokens", toks, NULL, 4);
  draftd_gguf_writer_set_f32_array (w, "tokenizer.ggml.scores", scores, 4);
  draftd_gguf_writer_set_i32_array (w, "tokenizer.ggml.token_type", types, 4);
  return w;
}

static void
add (DraftdGgufWriter *w, const char *name, guint64 cols, guint64 rows, guint32 type)
{
  guint64 ne[2] = { cols, rows }, bytes;
  draftd_ggml_row_bytes (type, cols * rows, &bytes);
  g_autofree guint8 *zero = g_malloc0 (bytes);
  g_assert (draftd_gguf_writer_add_tensor (w, name, type, rows > 1 ? 2 : 1, ne, zero, bytes, NULL));
}

static char *
load_error (DraftdGgufWriter *w, const char *name)
{
  g_autofree char *p = g_build_filename (test_tmpdir (), name, NULL);
  g_assert (draftd_gguf_writer_write (w, p, NULL));
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdModel) m = draftd_model_load (p, &error);
  return m ? NULL : g_strdup (error->message);
}

/* One layer of a dim-32 llama; attn_q gets the type and row count given. */
static void
add_layer (DraftdGgufWriter *w, guint32 q_type, guint q_rows)
{
  add (w, "token_embd.weight", 32, 4, GGML_TYPE_F32);
  add (w, "output_norm.weight", 32, 1, GGML_TYPE_F32);
  add (w, "blk.0.attn_norm.weight", 32, 1, GGML_TYPE_F32);
  add (w, "blk.0.attn_q.weight", 32, q_rows, q_type);
  add (w, "blk.0.attn_k.weight", 32, 32, GGML_TYPE_F32);
  add (w, "blk.0.attn_v.weight", 32, 32, GGML_TYPE_F32);
  add (w, "blk.0.attn_output.weight", 32, 32, GGML_TYPE_F32);
  add (w, "blk.0.ffn_norm.weight", 32, 1, GGML_TYPE_F32);
  add (w, "blk.0.ffn_gate.weight", 32, 64, GGML_TYPE_F32);
  add (w, "blk.0.ffn_up.weight", 32, 64, GGML_TYPE_F32);
  add (w, "blk.0.ffn_down.weight", 64, 32, GGML_TYPE_F32);
}

static void
add_all (DraftdGgufWriter *w, guint32 q_type)
{
  add_layer (w, q_type, 32);
}

static DraftdModel *
load_ok (DraftdGgufWriter *w, const char *name)
{
  g_autofree char *p = g_build_filename (test_tmpdir (), name, NULL);
  g_assert (draftd_gguf_writer_write (w, p, NULL));
  g_autoptr (GError) error = NULL;
  DraftdModel *m = draftd_model_load (p, &error);
  if (m == NULL)
    tap_diag ("%s: %s", name, error->message);
  return m;
}

/* A vocabulary-only file (as llama.cpp ships for its tokenizer tests) says so instead of
 * listing every tensor of the architecture as missing. */
static void
test_vocab_only (void)
{
  g_autoptr (DraftdGgufWriter) w = base_writer ("llama");
  g_autofree char *e = load_error (w, "vocab-only.gguf");
  tap_ok (e && strstr (e, "this file has no weights (vocabulary only)") && !strstr (e, "missing tensors"),
          "vocabulary-only file: %s", e);
  g_autofree char *shared = test_shared_model ("vocab/ggml-vocab-llama-spm.gguf");
  if (shared == NULL) {
    tap_missing ("../shared/models/vocab absent");
    return;
  }
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdModel) m = draftd_model_load (shared, &error);
  tap_ok (m == NULL && strstr (error->message, "no weights (vocabulary only)") && strlen (error->message) < 300,
          "llama.cpp's ggml-vocab-llama-spm.gguf: %s", error ? error->message : "loaded");
}

static void
add_qk_norms (DraftdGgufWriter *w, guint head_dim)
{
  add (w, "blk.0.attn_q_norm.weight", head_dim, 1, GGML_TYPE_F32);
  add (w, "blk.0.attn_k_norm.weight", head_dim, 1, GGML_TYPE_F32);
}

static void
test_qwen3_gemma3 (void)
{
  g_autoptr (DraftdGgufWriter) q3 = base_writer ("qwen3");
  add_all (q3, GGML_TYPE_F32);
  g_autofree char *e1 = load_error (q3, "qwen3-nonorm.gguf");
  tap_ok (e1 && strstr (e1, "blk.0.attn_q_norm.weight") && strstr (e1, "blk.0.attn_k_norm.weight"),
          "qwen3 without per-head Q/K norms: %s", e1);
  add_qk_norms (q3, 8);
  g_autoptr (DraftdModel) m3 = load_ok (q3, "qwen3.gguf");
  tap_ok (m3 && m3->config.qk_norm && m3->config.rope_layout == DRAFTD_ROPE_NEOX && m3->config.head_dim == 8 &&
          m3->config.ffn_act == DRAFTD_FFN_SWIGLU && !m3->config.post_norms && m3->config.embd_scale == 1.0f,
          "qwen3: per-head norms, NeoX RoPE, SwiGLU, no post norms");

  g_autoptr (DraftdGgufWriter) g3 = base_writer ("gemma3");
  add_all (g3, GGML_TYPE_F32);
  add_qk_norms (g3, 8);
  g_autofree char *e2 = load_error (g3, "gemma3-nowindow.gguf");
  tap_ok (e2 && strstr (e2, "gemma3.attention.sliding_window"), "gemma3 without a sliding window: %s", e2);
  draftd_gguf_writer_set_u32 (g3, "gemma3.attention.sliding_window", 16);
  g_autofree char *e3 = load_error (g3, "gemma3-nopost.gguf");
  tap_ok (e3 && strstr (e3, "blk.0.post_attention_norm.weight") && strstr (e3, "blk.0.post_ffw_norm.weight"),
          "gemma3 without post norms: %s", e3);
  add (g3, "blk.0.post_attention_norm.weight", 32, 1, GGML_TYPE_F32);
  add (g3, "blk.0.post_ffw_norm.weight", 32, 1, GGML_TYPE_F32);
  draftd_gguf_writer_set_f32 (g3, "gemma3.rope.freq_base", 1e6f);
  g_autoptr (DraftdModel) m = load_ok (g3, "gemma3.gguf");
  const DraftdModelConfig *c = m ? &m->config : NULL;
  tap_ok (c && c->n_swa == 16 && c->post_norms && c->ffn_act == DRAFTD_FFN_GEGLU && c->embd_scale == sqrtf (32.0f) &&
          c->rope_base == 1e6f && c->rope_base_swa == 10000.0f && c->attn_scale == 1.0f / sqrtf (8.0f) &&
          draftd_model_layer_is_swa (c, 0),
          "gemma3: window 16, GeGLU, post norms, embeddings x sqrt(32), local RoPE base 10000, global 1e6");
  tap_ok (c && draftd_model_layer_is_swa (c, 4) && !draftd_model_layer_is_swa (c, 5) && draftd_model_layer_is_swa (c, 6) &&
          !draftd_model_layer_is_swa (c, 11), "gemma3: layers 0-4 local, 5 global, 6-10 local, 11 global");

  g_autoptr (DraftdGgufWriter) vlen = base_writer ("llama");
  add_all (vlen, GGML_TYPE_F32);
  draftd_gguf_writer_set_u32 (vlen, "llama.attention.value_length", 16);
  g_autofree char *e5 = load_error (vlen, "vlen.gguf");
  tap_ok (e5 && strstr (e5, "value_length"), "value heads wider than key heads: %s", e5);

  g_autoptr (DraftdGgufWriter) yarn = base_writer ("llama");
  add_all (yarn, GGML_TYPE_F32);
  draftd_gguf_writer_set_string (yarn, "llama.rope.scaling.type", "yarn");
  g_autofree char *e4 = load_error (yarn, "yarn.gguf");
  tap_ok (e4 && strstr (e4, "rope.scaling.type") && strstr (e4, "yarn"), "unsupported RoPE scaling: %s", e4);
  g_autoptr (DraftdGgufWriter) lin = base_writer ("llama");
  add_all (lin, GGML_TYPE_F32);
  draftd_gguf_writer_set_string (lin, "llama.rope.scaling.type", "linear");
  draftd_gguf_writer_set_f32 (lin, "llama.rope.scaling.factor", 8.0f);
  g_autoptr (DraftdModel) ml = load_ok (lin, "linear.gguf");
  tap_ok (ml && ml->config.rope_scale == 0.125f, "linear RoPE scaling 8: positions x 1/8");
}

int
main (void)
{
  g_autoptr (DraftdGgufWriter) ok = base_writer ("llama");
  add_all (ok, GGML_TYPE_F32);
  g_autofree char *e0 = load_error (ok, "ok.gguf");
  tap_ok (e0 == NULL, "a complete tiny model loads%s%s", e0 ? ": " : "", e0 ? e0 : "");

  g_autoptr (DraftdGgufWriter) arch = base_writer ("gptneox");
  add (arch, "token_embd.weight", 32, 4, GGML_TYPE_F32);
  g_autofree char *e1 = load_error (arch, "arch.gguf");
  tap_ok (e1 && strstr (e1, "unsupported architecture 'gptneox'"), "unknown architecture: %s", e1);

  g_autoptr (DraftdGgufWriter) missing = base_writer ("llama");
  add (missing, "token_embd.weight", 32, 4, GGML_TYPE_F32);
  g_autofree char *e2 = load_error (missing, "missing.gguf");
  tap_ok (e2 && strstr (e2, "output_norm.weight") && strstr (e2, "blk.0.attn_q.weight") && strstr (e2, "blk.0.ffn_down.weight"),
          "missing tensors are all listed: %s", e2);

  g_autoptr (DraftdGgufWriter) qwen = base_writer ("qwen2");
  add_all (qwen, GGML_TYPE_F32);
  g_autofree char *e3 = load_error (qwen, "qwen-nobias.gguf");
  tap_ok (e3 && strstr (e3, "blk.0.attn_q.bias"), "qwen2 without Q/K/V biases: %s", e3);

  g_autoptr (DraftdGgufWriter) type = base_writer ("llama");
  add_all (type, GGML_TYPE_MXFP4);
  g_autofree char *e4 = load_error (type, "mxfp4.gguf");
  tap_ok (e4 && strstr (e4, "has type MXFP4 (39), which draftd does not support") && strstr (e4, "Q4_K"),
          "unsupported tensor type: %s", e4);

  g_autoptr (DraftdGgufWriter) shape = base_writer ("llama");
  add_layer (shape, GGML_TYPE_F32, 16);
  g_autofree char *e5 = load_error (shape, "shape.gguf");
  tap_ok (e5 && strstr (e5, "attn_q.weight") && strstr (e5, "shape"), "wrong tensor shape: %s", e5);

  g_autoptr (DraftdGgufWriter) gqa = base_writer ("llama");
  draftd_gguf_writer_set_u32 (gqa, "llama.attention.head_count_kv", 3);
  add_all (gqa, GGML_TYPE_F32);
  g_autofree char *e6 = load_error (gqa, "gqa.gguf");
  tap_ok (e6 && strstr (e6, "head_count_kv"), "heads not a multiple of KV heads: %s", e6);

  g_autoptr (DraftdGgufWriter) novocab = draftd_gguf_writer_new ();
  draftd_gguf_writer_set_string (novocab, "general.architecture", "llama");
  add (novocab, "token_embd.weight", 32, 4, GGML_TYPE_F32);
  g_autofree char *e7 = load_error (novocab, "novocab.gguf");
  tap_ok (e7 && strstr (e7, "embedding_length"), "missing hyperparameters: %s", e7);

  g_autoptr (DraftdGgufWriter) tok = draftd_gguf_writer_new ();
  draftd_gguf_writer_set_string (tok, "tokenizer.ggml.model", "bert");
  const char *t1[] = { "a" };
  draftd_gguf_writer_set_string_array (tok, "tokenizer.ggml.tokens", t1, NULL, 1);
  g_autofree char *tp = g_build_filename (test_tmpdir (), "tok.gguf", NULL);
  draftd_gguf_writer_write (tok, tp, NULL);
  g_autoptr (DraftdGgufFile) tf = draftd_gguf_open (tp, NULL);
  g_autoptr (GError) te = NULL;
  g_autoptr (DraftdTokenizer) tk = draftd_tokenizer_new (tf, &te);
  tap_ok (tk == NULL && strstr (te->message, "bert"), "unsupported tokenizer model: %s", te ? te->message : "");
  test_vocab_only ();
  test_qwen3_gemma3 ();
  return tap_done ();
}
