/* draftd-convert: llama2.c checkpoints (v0 f32, v2 "ak42" int8) + a llama2.c tokenizer
 * .bin -> GGUF with llama.cpp's tensor names, written by our own GGUF writer. */
#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "lib/gguf/gguf.h"
#include "lib/model/model.h"
#include "lib/runtime/sampler.h"
#include "tools/gguf-heads.h"
#include "tools/random-model.h"
#include "lib/cli/cli.h"

typedef struct {
  gint32 dim, hidden_dim, n_layers, n_heads, n_kv_heads, vocab_size, seq_len;
  gboolean shared_classifier;
} L2cConfig;

typedef struct {
  const guint8 *p, *end;
  gint32 group_size;  /* 0: f32 checkpoint */
} Reader;

static gboolean
take (Reader *r, gsize n, const guint8 **out, GError **error)
{
  if ((gsize) (r->end - r->p) < n) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "checkpoint is truncated");
    return FALSE;
  }
  *out = r->p;
  r->p += n;
  return TRUE;
}

/* Reads `n` weights as f32: raw f32, or int8 values followed by one f32 scale per group. */
static float *
read_tensor (Reader *r, gsize n, gboolean quantized, GError **error)
{
  const guint8 *q, *s;
  float *out = g_new (float, n);
  if (!quantized) {
    if (!take (r, n * 4, &q, error))
      goto fail;
    memcpy (out, q, n * 4);
    return out;
  }
  if (n % r->group_size != 0) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "tensor size %" G_GSIZE_FORMAT " is not a multiple of the group size %d", n, r->group_size);
    goto fail;
  }
  if (!take (r, n, &q, error) || !take (r, n / r->group_size * 4, &s, error))
    goto fail;
  for (gsize i = 0; i < n; i++) {
    float scale;
    memcpy (&scale, s + (i / r->group_size) * 4, 4);
    out[i] = (float) (gint8) q[i] * scale;
  }
  return out;
fail:
  g_free (out);
  return NULL;
}

static gboolean
add_tensor (DraftdGgufWriter *w, const char *name, const float *data, guint64 cols, guint64 rows, guint32 type,
            GError **error)
{
  guint64 ne[2] = { cols, rows };
  guint bv, bb;
  draftd_ggml_type_block (type, &bv, &bb);
  if (cols % bv != 0) {
    /* ggml cannot block-quantize rows that are not a whole number of blocks. */
    g_printerr ("note: %s has rows of %" G_GUINT64_FORMAT " values, not a multiple of %u: stored as F16\n", name, cols, bv);
    type = GGML_TYPE_F16;
  }
  guint64 bytes;
  draftd_ggml_row_bytes (type, cols * rows, &bytes);
  g_autofree guint8 *buf = g_malloc (bytes);
  draftd_ggml_quantize (type, data, buf, cols * rows);
  return draftd_gguf_writer_add_tensor (w, name, type, rows > 1 ? 2 : 1, ne, buf, bytes, error);
}

static gboolean
write_tokenizer (DraftdGgufWriter *w, const char *path, gint32 vocab, GError **error)
{
  g_autofree char *data = NULL;
  gsize len;
  if (!g_file_get_contents (path, &data, &len, error))
    return FALSE;
  Reader r = { (const guint8 *) data, (const guint8 *) data + len, 0 };
  const guint8 *p;
  if (!take (&r, 4, &p, error))
    return FALSE;
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autofree float *scores = g_new (float, vocab);
  g_autofree gint32 *types = g_new (gint32, vocab);
  for (gint32 i = 0; i < vocab; i++) {
    gint32 n;
    if (!take (&r, 4, &p, error))
      return FALSE;
    memcpy (&scores[i], p, 4);
    if (!take (&r, 4, &p, error))
      return FALSE;
    memcpy (&n, p, 4);
    if (n < 0 || !take (&r, n, &p, error)) {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: token %d is malformed", path, i);
      return FALSE;
    }
    g_autofree char *raw = g_strndup ((const char *) p, n);
    guint byte;
    char *text;
    /* llama2.c's exporter turned SentencePiece's U+2581 into spaces and wrapped BOS/EOS in newlines. */
    if (i == 0) {
      text = g_strdup ("<unk>");
      types[i] = 2;
    } else if (i == 1 || i == 2) {
      text = g_strdup (i == 1 ? "<s>" : "</s>");
      types[i] = 3;
    } else if (n == 6 && sscanf (raw, "<0x%2X>", &byte) == 1) {
      text = g_strdup (raw);
      types[i] = 6;
    } else {
      g_auto (GStrv) parts = g_strsplit (raw, " ", -1);
      text = g_strjoinv ("\xe2\x96\x81", parts);
      types[i] = 1;
    }
    if (!g_utf8_validate (text, -1, NULL)) {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: token %d is not UTF-8", path, i);
      g_free (text);
      return FALSE;
    }
    g_ptr_array_add (texts, text);
  }
  draftd_gguf_writer_set_string (w, "tokenizer.ggml.model", "llama");
  draftd_gguf_writer_set_string (w, "tokenizer.ggml.pre", "default");
  draftd_gguf_writer_set_string_array (w, "tokenizer.ggml.tokens", (const char *const *) texts->pdata, NULL, vocab);
  draftd_gguf_writer_set_f32_array (w, "tokenizer.ggml.scores", scores, vocab);
  draftd_gguf_writer_set_i32_array (w, "tokenizer.ggml.token_type", types, vocab);
  draftd_gguf_writer_set_u32 (w, "tokenizer.ggml.bos_token_id", 1);
  draftd_gguf_writer_set_u32 (w, "tokenizer.ggml.eos_token_id", 2);
  draftd_gguf_writer_set_u32 (w, "tokenizer.ggml.unknown_token_id", 0);
  draftd_gguf_writer_set_bool (w, "tokenizer.ggml.add_bos_token", TRUE);
  draftd_gguf_writer_set_bool (w, "tokenizer.ggml.add_space_prefix", TRUE);
  return TRUE;
}

static gboolean
read_header (Reader *r, L2cConfig *c, GError **error)
{
  const guint8 *p = NULL, *start = r->p;
  guint32 magic;
  if (!take (r, 4, &p, error))
    return FALSE;
  memcpy (&magic, p, 4);
  if (magic == 0x616b3432u) { /* "ak42" */
    gint32 version, hdr[7], gs;
    if (!take (r, 4, &p, error))
      return FALSE;
    memcpy (&version, p, 4);
    if (version != 2) {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "llama2.c checkpoint version %d is not supported (0 and 2 are)", version);
      return FALSE;
    }
    if (!take (r, 28, &p, error))
      return FALSE;
    memcpy (hdr, p, 28);
    if (!take (r, 1, &p, error))
      return FALSE;
    c->shared_classifier = p[0] != 0;
    if (!take (r, 4, &p, error))
      return FALSE;
    memcpy (&gs, p, 4);
    /* The v2 header is padded to 256 bytes. */
    if (r->end - start < 256 || gs <= 0) {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "truncated or invalid v2 header");
      return FALSE;
    }
    r->p = start + 256;
    r->group_size = gs;
    c->dim = hdr[0], c->hidden_dim = hdr[1], c->n_layers = hdr[2], c->n_heads = hdr[3];
    c->n_kv_heads = hdr[4], c->vocab_size = hdr[5], c->seq_len = hdr[6];
  } else {
    gint32 hdr[7];
    r->p -= 4;
    if (!take (r, 28, &p, error))
      return FALSE;
    memcpy (hdr, p, 28);
    c->dim = hdr[0], c->hidden_dim = hdr[1], c->n_layers = hdr[2], c->n_heads = hdr[3];
    c->n_kv_heads = hdr[4], c->vocab_size = hdr[5], c->seq_len = hdr[6];
    /* v0 marks an unshared classifier with a negative vocabulary size. */
    c->shared_classifier = c->vocab_size > 0;
    c->vocab_size = ABS (c->vocab_size);
  }
  if (c->dim <= 0 || c->hidden_dim <= 0 || c->n_layers <= 0 || c->n_heads <= 0 || c->n_kv_heads <= 0 ||
      c->vocab_size <= 0 || c->seq_len <= 0 || c->dim % c->n_heads != 0 || c->n_heads % c->n_kv_heads != 0 ||
      c->dim > 65536 || c->hidden_dim > 1 << 20 || c->n_layers > 1024 || c->vocab_size > 1 << 22) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "implausible llama2.c header");
    return FALSE;
  }
  return TRUE;
}

static char **extra_meta; /* --meta KEY=VALUE strings */

/* The GGUF metadata of a llama2.c checkpoint, and the --meta strings. */
static void
write_hparams (DraftdGgufWriter *w, const char *ckpt, const L2cConfig *c, guint32 type)
{
  g_autofree char *name = g_path_get_basename (ckpt);
  char *dot = strrchr (name, '.');
  if (dot)
    *dot = 0;
  draftd_gguf_writer_set_string (w, "general.architecture", "llama");
  /* --meta general.name=... replaces the default name. */
  gboolean named = FALSE;
  for (guint i = 0; extra_meta && extra_meta[i]; i++)
    named |= g_str_has_prefix (extra_meta[i], "general.name=");
  if (!named)
    draftd_gguf_writer_set_string (w, "general.name", name);
  for (guint i = 0; extra_meta && extra_meta[i]; i++) {
    const char *eq = strchr (extra_meta[i], '=');
    g_autofree char *key = g_strndup (extra_meta[i], eq - extra_meta[i]);
    draftd_gguf_writer_set_string (w, key, eq + 1);
  }
  draftd_gguf_writer_set_u32 (w, "general.file_type", type == GGML_TYPE_F32 ? 0 : type == GGML_TYPE_F16 ? 1 : type == GGML_TYPE_Q8_0 ? 7 : 2);
  draftd_gguf_writer_set_u32 (w, "llama.context_length", c->seq_len);
  draftd_gguf_writer_set_u32 (w, "llama.embedding_length", c->dim);
  draftd_gguf_writer_set_u32 (w, "llama.block_count", c->n_layers);
  draftd_gguf_writer_set_u32 (w, "llama.feed_forward_length", c->hidden_dim);
  draftd_gguf_writer_set_u32 (w, "llama.attention.head_count", c->n_heads);
  draftd_gguf_writer_set_u32 (w, "llama.attention.head_count_kv", c->n_kv_heads);
  draftd_gguf_writer_set_f32 (w, "llama.attention.layer_norm_rms_epsilon", 1e-5f);
  draftd_gguf_writer_set_u32 (w, "llama.rope.dimension_count", c->dim / c->n_heads);
  draftd_gguf_writer_set_f32 (w, "llama.rope.freq_base", 10000.0f);
  draftd_gguf_writer_set_u32 (w, "llama.vocab_size", c->vocab_size);
}

/* Layer l's tensors: its two norms and its seven matrices (mats[m] holds all layers'). */
static gboolean
add_layer (DraftdGgufWriter *w, gsize l, const float *att_norm, const float *ffn_norm, float *const mats[7],
           const gsize mat_rows[7], const gsize mat_cols[7], gsize dim, guint32 type, GError **error)
{
  static const char *const names[7] = { "attn_q", "attn_k", "attn_v", "attn_output", "ffn_gate", "ffn_down", "ffn_up" };
  g_autofree char *n1 = g_strdup_printf ("blk.%" G_GSIZE_FORMAT ".attn_norm.weight", l);
  g_autofree char *n2 = g_strdup_printf ("blk.%" G_GSIZE_FORMAT ".ffn_norm.weight", l);
  if (!add_tensor (w, n1, att_norm, dim, 1, GGML_TYPE_F32, error) ||
      !add_tensor (w, n2, ffn_norm, dim, 1, GGML_TYPE_F32, error))
    return FALSE;
  for (int m = 0; m < 7; m++) {
    g_autofree char *nm = g_strdup_printf ("blk.%" G_GSIZE_FORMAT ".%s.weight", l, names[m]);
    if (!add_tensor (w, nm, mats[m] + l * mat_rows[m] * mat_cols[m], mat_cols[m], mat_rows[m], type, error))
      return FALSE;
  }
  return TRUE;
}

static gboolean
convert (const char *ckpt, const char *tok, const char *out, guint32 type, GError **error)
{
  g_autoptr (GMappedFile) mf = g_mapped_file_new (ckpt, FALSE, error);
  if (mf == NULL)
    return FALSE;
  Reader r = { (const guint8 *) g_mapped_file_get_contents (mf), NULL, 0 };
  r.end = r.p + g_mapped_file_get_length (mf);
  L2cConfig c;
  if (!read_header (&r, &c, error))
    return FALSE;
  gboolean q = r.group_size > 0;
  gsize dim = c.dim, hd = dim / c.n_heads, kv = hd * c.n_kv_heads, L = c.n_layers, hidden = c.hidden_dim;
  g_autoptr (DraftdGgufWriter) w = draftd_gguf_writer_new ();
  write_hparams (w, ckpt, &c, type);
  if (!write_tokenizer (w, tok, c.vocab_size, error))
    return FALSE;

  /* Tensor order differs: v0 interleaves norms with matrices, v2 puts the f32 norms first. */
  g_autofree float *att_norm = NULL, *ffn_norm = NULL, *final_norm = NULL, *embd = NULL;
  float *mats[7] = { 0 }; /* wq wk wv wo w1 w2 w3, all layers */
  gsize mat_rows[7] = { dim, kv, kv, dim, hidden, dim, hidden };
  gsize mat_cols[7] = { dim, dim, dim, dim, dim, hidden, dim };
  g_autofree float *wcls = NULL;
  gboolean ok = FALSE;
  if (q) {
    if (!(att_norm = read_tensor (&r, L * dim, FALSE, error)) || !(ffn_norm = read_tensor (&r, L * dim, FALSE, error)) ||
        !(final_norm = read_tensor (&r, dim, FALSE, error)) || !(embd = read_tensor (&r, c.vocab_size * dim, TRUE, error)))
      goto out;
    for (int m = 0; m < 7; m++) {
      mats[m] = g_new (float, L * mat_rows[m] * mat_cols[m]);
      for (gsize l = 0; l < L; l++) {
        g_autofree float *t = read_tensor (&r, mat_rows[m] * mat_cols[m], TRUE, error);
        if (t == NULL)
          goto out;
        memcpy (mats[m] + l * mat_rows[m] * mat_cols[m], t, mat_rows[m] * mat_cols[m] * 4);
      }
    }
    if (!c.shared_classifier && !(wcls = read_tensor (&r, c.vocab_size * dim, TRUE, error)))
      goto out;
  } else {
    static const int order[] = { -1, 0, 1, 2, 3, -2, 4, 5, 6 }; /* -1 att norm, -2 ffn norm */
    if (!(embd = read_tensor (&r, c.vocab_size * dim, FALSE, error)))
      goto out;
    for (guint i = 0; i < G_N_ELEMENTS (order); i++) {
      int m = order[i];
      if (m == -1 && !(att_norm = read_tensor (&r, L * dim, FALSE, error)))
        goto out;
      if (m == -2 && !(ffn_norm = read_tensor (&r, L * dim, FALSE, error)))
        goto out;
      if (m >= 0 && !(mats[m] = read_tensor (&r, L * mat_rows[m] * mat_cols[m], FALSE, error)))
        goto out;
    }
    if (!(final_norm = read_tensor (&r, dim, FALSE, error)))
      goto out;
    const guint8 *skip; /* RoPE tables: recomputed by the runtime */
    if (!take (&r, (gsize) c.seq_len * hd * 4, &skip, error))
      goto out;
    if (!c.shared_classifier && !(wcls = read_tensor (&r, c.vocab_size * dim, FALSE, error)))
      goto out;
  }
  if (!add_tensor (w, "token_embd.weight", embd, dim, c.vocab_size, type, error))
    goto out;
  for (gsize l = 0; l < L; l++)
    if (!add_layer (w, l, att_norm + l * dim, ffn_norm + l * dim, mats, mat_rows, mat_cols, dim, type, error))
      goto out;
  if (!add_tensor (w, "output_norm.weight", final_norm, dim, 1, GGML_TYPE_F32, error))
    goto out;
  if (wcls && !add_tensor (w, "output.weight", wcls, dim, c.vocab_size, type, error))
    goto out;
  ok = draftd_gguf_writer_write (w, out, error);
out:
  for (int m = 0; m < 7; m++)
    g_free (mats[m]);
  return ok;
}

/* --random dim=...,layers=...: the shape of a random-weight model; FALSE (printed) on a bad one. */
static gboolean
random_spec_parse (const char *random, guint32 type, DraftdRandomModel *spec, DraftdRandomAttention *attn)
{
  *spec = (DraftdRandomModel) { "llama", 768, 2048, 12, 12, 12, 32000, 2048, type, FALSE, 1 };
  *attn = (DraftdRandomAttention) { 0, 0 };
  g_auto (GStrv) kvs = g_strsplit (random, ",", -1);
  for (guint i = 0; kvs[i]; i++) {
    g_auto (GStrv) kv = g_strsplit (kvs[i], "=", 2);
    guint64 v = kv[1] ? g_ascii_strtoull (kv[1], NULL, 10) : 0;
    if (!kv[1]) {
      draftd_cli_usage_error ("draftd-convert", "--random wants key=value pairs, got '%s'", kvs[i]);
      return FALSE;
    }
    if (g_str_equal (kv[0], "dim")) spec->n_embd = v;
    else if (g_str_equal (kv[0], "layers")) spec->n_layer = v;
    else if (g_str_equal (kv[0], "heads")) spec->n_head = v, spec->n_head_kv = MIN (spec->n_head_kv, v);
    else if (g_str_equal (kv[0], "kv_heads")) spec->n_head_kv = v;
    else if (g_str_equal (kv[0], "ff")) spec->n_ff = v;
    else if (g_str_equal (kv[0], "vocab")) spec->n_vocab = v;
    else if (g_str_equal (kv[0], "ctx")) spec->n_ctx = v;
    else if (g_str_equal (kv[0], "seed")) spec->seed = v;
    else if (g_str_equal (kv[0], "tied")) spec->tied = v != 0;
    else if (g_str_equal (kv[0], "head_dim")) attn->head_dim = v;
    else if (g_str_equal (kv[0], "window")) attn->n_swa = v;
    else if (g_str_equal (kv[0], "arch") &&
             g_strv_contains ((const char *const[]) { "llama", "qwen2", "qwen3", "gemma3", NULL }, kv[1]))
      spec->arch = g_intern_string (kv[1]);
    else {
      draftd_cli_usage_error ("draftd-convert", "unknown --random key '%s'", kvs[i]);
      return FALSE;
    }
  }
  if (spec->n_head == 0 || spec->n_head_kv == 0 || (!attn->head_dim && spec->n_embd % spec->n_head) ||
      spec->n_head % spec->n_head_kv ||
      spec->n_vocab < 320 || spec->n_layer == 0 || spec->n_ff == 0) {
    draftd_cli_usage_error ("draftd-convert", "inconsistent --random shape");
    return FALSE;
  }
  return TRUE;
}

/* Random heads for tests: small weights, so each head starts near the model's own next-token
 * guess (h + relu (W h) ~ h), as a trained head starts too. */
static float *
random_heads (guint n, guint dim, guint64 seed)
{
  gsize count = (gsize) n * dim * dim;
  float *v = g_new (float, count);
  DraftdRng rng;
  draftd_rng_seed (&rng, seed);
  for (gsize i = 0; i < count; i++)
    v[i] = (float) ((draftd_rng_uniform (&rng) * 2.0 - 1.0) * 0.5 / dim);
  return v;
}

/* --add-heads IN.gguf: a copy with proposal heads from --heads-file (train/heads.py) or
 * --random-heads N (of width --heads-dim, by default the model's: another width makes a
 * file draftd refuses, for tests). */
static int
add_heads (const char *in, const char *file, gint n_random, gint dim, guint32 type, const char *out)
{
  if ((file == NULL) == (n_random <= 0) || n_random > DRAFTD_BLOCKWISE_MAX_HEADS || dim < 0)
    return draftd_cli_usage_error ("draftd-convert", "--add-heads wants --heads-file F or --random-heads 1..%u",
                                   DRAFTD_BLOCKWISE_MAX_HEADS);
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdModel) m = draftd_model_load (in, &error);
  if (m == NULL)
    return draftd_cli_fail ("draftd-convert", error, 1);
  guint width = dim ? (guint) dim : m->config.n_embd, n = n_random;
  g_autofree float *heads = file ? draftd_heads_file_read (file, width, &n, &error) : random_heads (n, width, 7);
  if (heads == NULL || !draftd_gguf_add_heads (in, heads, n, width, type, out, &error))
    return draftd_cli_fail ("draftd-convert", error, 1);
  return 0;
}

int
main (int argc, char **argv)
{
  g_autofree char *ckpt = NULL, *tok = NULL, *out = NULL, *type = NULL, *random = NULL;
  g_autofree char *heads_in = NULL, *heads_file = NULL;
  gint random_heads_n = 0, heads_dim = 0;
  GOptionEntry entries[] = {
    { "llama2c", 0, 0, G_OPTION_ARG_FILENAME, &ckpt, "llama2.c checkpoint (v0 f32 or v2 int8)", "CKPT.bin" },
    { "tokenizer", 0, 0, G_OPTION_ARG_FILENAME, &tok, "llama2.c tokenizer", "TOK.bin" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out, "GGUF file to write", "OUT.gguf" },
    { "type", 0, 0, G_OPTION_ARG_FILENAME, &type,
      "weight type: f32 (default), f16, q8_0, q4_0; with --random also bf16, q4_1, q5_0, q5_1, iq4_nl, q2_k, q3_k_m, "
      "q4_k_m, q5_k_m, q6_k", "T" },
    { "meta", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &extra_meta, "add string metadata (repeatable), e.g. draftd.prompt.correct=...", "KEY=VALUE" },
    { "random", 0, 0, G_OPTION_ARG_FILENAME, &random,
      "write a random-weight model instead, e.g. dim=768,layers=12,heads=12,kv_heads=12,ff=2048,vocab=32000,ctx=2048,arch=llama,seed=1 "
      "(arch llama, qwen2, qwen3 or gemma3; head_dim=N and, for gemma3, window=N)",
      "SHAPE" },
    { "add-heads", 0, 0, G_OPTION_ARG_FILENAME, &heads_in,
      "copy a GGUF model with blockwise proposal heads added (--heads-file or --random-heads; --type f32, f16, "
      "q8_0 or q4_0 for them)", "IN.gguf" },
    { "heads-file", 0, 0, G_OPTION_ARG_FILENAME, &heads_file, "heads as raw f32 [n][dim][dim] (train/heads.py)", "F" },
    { "random-heads", 0, 0, G_OPTION_ARG_INT, &random_heads_n, "N random heads (tests)", "N" },
    { "heads-dim", 0, 0, G_OPTION_ARG_INT, &heads_dim, "width of the heads (default: the model's)", "D" },
    G_OPTION_ENTRY_NULL,
  };
  draftd_cli_init ();
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- convert llama2.c checkpoints to GGUF");
  g_option_context_set_description (ctx, "Exit status: 0 success, 1 failure, 2 usage error.");
  g_autoptr (GError) error = NULL;
  int status;
  if (!draftd_cli_parse (ctx, "draftd-convert", entries, &argc, &argv, &status))
    return status;
  if ((random || heads_in) && out && argc == 1)
    goto parse_type;
  if (!ckpt || !tok || !out || argc > 1) {
    return draftd_cli_usage_error ("draftd-convert", "wants --llama2c CKPT.bin --tokenizer TOK.bin -o OUT.gguf, or --random SHAPE -o OUT.gguf");
  }
  for (guint i = 0; extra_meta && extra_meta[i]; i++) {
    const char *eq = strchr (extra_meta[i], '=');
    if (eq == NULL || eq == extra_meta[i] || g_str_has_prefix (extra_meta[i], "tokenizer.") ||
        g_str_has_prefix (extra_meta[i], "llama.") || g_str_has_prefix (extra_meta[i], "general.architecture=")) {
      return draftd_cli_usage_error ("draftd-convert", "--meta wants KEY=VALUE for a key the converter does not write itself: '%s'", extra_meta[i]);
    }
  }
parse_type:;
  guint32 t = GGML_TYPE_F32, t_more = 0;
  if (random && type && draftd_random_model_type (type, &t, &t_more))
    ;  /* random models also take every type draftd reads, and llama.cpp's _M mixes */
  else if (type && g_str_equal (type, "f16"))
    t = GGML_TYPE_F16;
  else if (type && g_str_equal (type, "q8_0"))
    t = GGML_TYPE_Q8_0;
  else if (type && g_str_equal (type, "q4_0"))
    t = GGML_TYPE_Q4_0;
  else if (type && !g_str_equal (type, "f32")) {
    return draftd_cli_usage_error ("draftd-convert",
                                   "unknown --type '%s' (f32, f16, q8_0, q4_0; with --random also bf16, q4_1, q5_0, "
                                   "q5_1, iq4_nl, q2_k, q3_k_m, q4_k_m, q5_k_m, q6_k)", type);
  }
  if (heads_in)
    return add_heads (heads_in, heads_file, random_heads_n, heads_dim, t, out);
  if (random) {
    DraftdRandomModel spec;
    DraftdRandomAttention attn;
    if (!random_spec_parse (random, t, &spec, &attn))
      return DRAFTD_CLI_EXIT_USAGE;
    if (!draftd_random_model_write_full (&spec, &attn, t_more, out, &error))
      return draftd_cli_fail ("draftd-convert", error, 1);
    return 0;
  }
  gboolean ok = convert (ckpt, tok, out, t, &error);
  g_strfreev (extra_meta);
  if (!ok) {
    g_printerr ("draftd-convert: %s\n", error->message);
    return 1;
  }
  return 0;
}
