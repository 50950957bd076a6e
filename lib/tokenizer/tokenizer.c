#include "lib/tokenizer/tokenizer.h"
#include "lib/tokenizer/tokenizer-private.h"
#include <stdio.h>
#include <string.h>

static const char spm_space[] = "\xe2\x96\x81"; /* U+2581, SentencePiece's visible space */

static gboolean
invalid (GError **error, const char *message)
{
  g_set_error_literal (error, DRAFTD_TOKENIZER_ERROR, DRAFTD_TOKENIZER_ERROR_INVALID, message);
  return FALSE;
}

/* Optional token-id key: absent → -1; present but out of range → error. */
static gboolean
read_token_id (const DraftdGgufFile *f, const char *key, guint n_vocab, gint32 *out, GError **error)
{
  *out = -1;
  if (draftd_gguf_find_kv (f, key) == NULL)
    return TRUE;
  gint64 v;
  if (!draftd_gguf_get_int (f, key, &v, error))
    return FALSE;
  if (v < 0 || v >= n_vocab) {
    g_set_error (error, DRAFTD_TOKENIZER_ERROR, DRAFTD_TOKENIZER_ERROR_INVALID,
                 "%s = %" G_GINT64_FORMAT " is outside the vocabulary (%u tokens)", key, v, n_vocab);
    return FALSE;
  }
  *out = (gint32) v;
  return TRUE;
}

static gboolean
read_bool_default (const DraftdGgufFile *f, const char *key, gboolean def, gboolean *out, GError **error)
{
  *out = def;
  return draftd_gguf_find_kv (f, key) == NULL || draftd_gguf_get_bool (f, key, out, error);
}

static gint
special_longer_first (gconstpointer a, gconstpointer b, gpointer user)
{
  const DraftdTokenizer *tok = user;
  gint32 ia = *(const gint32 *) a, ib = *(const gint32 *) b;
  if (tok->text_lens[ia] != tok->text_lens[ib])
    return tok->text_lens[ia] > tok->text_lens[ib] ? -1 : 1;
  return ia - ib;
}

static void
build_piece (DraftdTokenizer *tok, guint id)
{
  GByteArray *p = g_byte_array_new ();
  const char *text = tok->texts[id];
  gint32 type = tok->types[id];
  if (type == DRAFTD_TOKEN_BYTE && tok->kind == DRAFTD_VOCAB_SPM) {
    guint v;
    if (sscanf (text, "<0x%2X>", &v) == 1) {
      guint8 b = v;
      g_byte_array_append (p, &b, 1);
    }
  } else if (type == DRAFTD_TOKEN_CONTROL || type == DRAFTD_TOKEN_UNUSED) {
    /* rendered only on request: see draftd_tokenizer_piece */
  } else if (tok->kind == DRAFTD_VOCAB_SPM || type == DRAFTD_TOKEN_USER_DEFINED) {
    g_auto (GStrv) parts = g_strsplit (text, spm_space, -1);
    g_autofree char *joined =
        tok->kind == DRAFTD_VOCAB_SPM ? g_strjoinv (" ", parts) : g_strdup (text);
    g_byte_array_append (p, (const guint8 *) joined, strlen (joined));
  } else {
    draftd_bpe_decode_text (tok, text, p);
  }
  tok->pieces[id] = p;
}

static gboolean
read_kind (const DraftdGgufFile *f, DraftdTokenizer *tok, GError **error)
{
  g_autofree char *model = draftd_gguf_get_string (f, "tokenizer.ggml.model", error);
  if (model == NULL)
    return FALSE;
  if (g_str_equal (model, "llama"))
    tok->kind = DRAFTD_VOCAB_SPM;
  else if (g_str_equal (model, "gpt2"))
    tok->kind = DRAFTD_VOCAB_BPE;
  else {
    g_set_error (error, DRAFTD_TOKENIZER_ERROR, DRAFTD_TOKENIZER_ERROR_UNSUPPORTED,
                 "unsupported tokenizer.ggml.model '%s' (supported: llama, gpt2)", model);
    return FALSE;
  }
  return TRUE;
}

/* tokenizer.ggml.tokens, and the optional scores and token types of the same length. */
static gboolean
read_vocab_arrays (const DraftdGgufFile *f, const DraftdTokenizer *tok, const DraftdGgufKV **tokens, const DraftdGgufKV **scores,
                   const DraftdGgufKV **types, GError **error)
{
  *scores = *types = NULL;
  if (!draftd_gguf_get_array (f, "tokenizer.ggml.tokens", GGUF_TYPE_STRING, tokens, error))
    return FALSE;
  guint64 n = (*tokens)->array_len;
  if (n == 0 || n > (1u << 24))
    return invalid (error, n ? "vocabulary size is over 16M tokens" : "vocabulary is empty");
  if (draftd_gguf_find_kv (f, "tokenizer.ggml.scores") &&
      !draftd_gguf_get_array (f, "tokenizer.ggml.scores", GGUF_TYPE_FLOAT32, scores, error))
    return FALSE;
  if (draftd_gguf_find_kv (f, "tokenizer.ggml.token_type") &&
      !draftd_gguf_get_array (f, "tokenizer.ggml.token_type", GGUF_TYPE_INT32, types, error))
    return FALSE;
  if ((*scores && (*scores)->array_len != n) || (*types && (*types)->array_len != n))
    return invalid (error, "tokenizer.ggml.scores/token_type length differs from tokenizer.ggml.tokens");
  if (tok->kind == DRAFTD_VOCAB_SPM && *scores == NULL)
    return invalid (error, "a 'llama' tokenizer needs tokenizer.ggml.scores");
  return TRUE;
}

/* Copies every token's text, score and type; indexes texts and SentencePiece's byte tokens. */
static gboolean
read_vocab (const DraftdGgufFile *f, DraftdTokenizer *tok, GError **error)
{
  const DraftdGgufKV *tokens, *scores, *types;
  if (!read_vocab_arrays (f, tok, &tokens, &scores, &types, error))
    return FALSE;
  tok->n_vocab = tokens->array_len;
  tok->texts = g_new0 (char *, tok->n_vocab);
  tok->text_lens = g_new0 (guint32, tok->n_vocab);
  tok->scores = g_new0 (float, tok->n_vocab);
  tok->types = g_new0 (gint32, tok->n_vocab);
  tok->pieces = g_new0 (GByteArray *, tok->n_vocab);
  tok->eog = g_new0 (gboolean, tok->n_vocab);
  tok->text_to_id = g_hash_table_new (g_str_hash, g_str_equal);
  for (int b = 0; b < 256; b++)
    tok->byte_tokens[b] = -1;
  for (guint i = 0; i < tok->n_vocab; i++) {
    const DraftdGgufString *s = &tokens->strings[i];
    if (s->len > 65535 || memchr (s->data, 0, s->len) || !g_utf8_validate_len (s->data, s->len, NULL)) {
      g_set_error (error, DRAFTD_TOKENIZER_ERROR, DRAFTD_TOKENIZER_ERROR_INVALID,
                   "token %u is not valid UTF-8 text", i);
      return FALSE;
    }
    tok->texts[i] = g_strndup (s->data, s->len);
    tok->text_lens[i] = s->len;
    tok->scores[i] = scores ? (float) draftd_gguf_array_float (scores, i) : 0.0f;
    tok->types[i] = types ? (gint32) draftd_gguf_array_int (types, i) : DRAFTD_TOKEN_NORMAL;
    /* First occurrence wins, as in llama.cpp's token_to_id map. */
    if (!g_hash_table_contains (tok->text_to_id, tok->texts[i]))
      g_hash_table_insert (tok->text_to_id, tok->texts[i], GUINT_TO_POINTER (i + 1));
    guint v;
    if (tok->types[i] == DRAFTD_TOKEN_BYTE && sscanf (tok->texts[i], "<0x%2X>", &v) == 1 && v < 256)
      tok->byte_tokens[v] = i;
  }
  return TRUE;
}

static gboolean
read_special_ids (const DraftdGgufFile *f, DraftdTokenizer *tok, GError **error)
{
  gboolean spm = tok->kind == DRAFTD_VOCAB_SPM;
  return read_token_id (f, "tokenizer.ggml.bos_token_id", tok->n_vocab, &tok->bos, error) &&
         read_token_id (f, "tokenizer.ggml.eos_token_id", tok->n_vocab, &tok->eos, error) &&
         read_token_id (f, "tokenizer.ggml.eot_token_id", tok->n_vocab, &tok->eot, error) &&
         read_token_id (f, "tokenizer.ggml.unknown_token_id", tok->n_vocab, &tok->unk, error) &&
         read_bool_default (f, "tokenizer.ggml.add_bos_token", spm, &tok->add_bos, error) &&
         read_bool_default (f, "tokenizer.ggml.add_space_prefix", spm, &tok->add_space_prefix, error);
}

/* Non-normal tokens (control, user-defined, unknown) are matched as whole tokens in text. */
static void
collect_specials (DraftdTokenizer *tok)
{
  GArray *specials = g_array_new (FALSE, FALSE, sizeof (gint32));
  for (guint i = 0; i < tok->n_vocab; i++) {
    gint32 t = tok->types[i];
    if ((t == DRAFTD_TOKEN_CONTROL || t == DRAFTD_TOKEN_USER_DEFINED || t == DRAFTD_TOKEN_UNKNOWN) &&
        tok->text_lens[i] > 0) {
      gint32 id = i;
      g_array_append_val (specials, id);
    }
  }
  g_array_sort_with_data (specials, special_longer_first, tok);
  tok->n_specials = specials->len;
  tok->specials = (gint32 *) g_array_free (specials, FALSE);
}

/* EOS, EOT, and the end-of-turn tokens of the common chat formats where the vocabulary marks
 * them special. */
static void
mark_eog (DraftdTokenizer *tok)
{
  static const char *const eog_texts[] = { "<|eot_id|>", "<|im_end|>", "<|end|>", "<end_of_turn>",
                                           "<|endoftext|>", "<|end_of_text|>", "<EOT>", "<|eom_id|>" };
  for (guint i = 0; i < G_N_ELEMENTS (eog_texts); i++) {
    gint32 id = draftd_tokenizer_find (tok, eog_texts[i]);
    if (id >= 0 && (tok->types[id] == DRAFTD_TOKEN_CONTROL || tok->types[id] == DRAFTD_TOKEN_USER_DEFINED))
      tok->eog[id] = TRUE;
  }
  if (tok->eos >= 0)
    tok->eog[tok->eos] = TRUE;
  if (tok->eot >= 0)
    tok->eog[tok->eot] = TRUE;
}

DraftdTokenizer *
draftd_tokenizer_new (const DraftdGgufFile *f, GError **error)
{
  g_autoptr (DraftdTokenizer) tok = g_new0 (DraftdTokenizer, 1);
  if (!read_kind (f, tok, error) || !read_vocab (f, tok, error) || !read_special_ids (f, tok, error))
    return NULL;
  if (tok->kind == DRAFTD_VOCAB_BPE && !draftd_bpe_setup (tok, f, error))
    return NULL;
  collect_specials (tok);
  mark_eog (tok);
  for (guint i = 0; i < tok->n_vocab; i++)
    build_piece (tok, i);
  return g_steal_pointer (&tok);
}

static void
encode_fragment (const DraftdTokenizer *tok, const char *text, gsize len, gboolean prev_special,
                 GArray *out)
{
  if (tok->kind == DRAFTD_VOCAB_BPE) {
    draftd_bpe_encode (tok, text, len, out);
    return;
  }
  g_autoptr (GString) s = g_string_sized_new (len + 8);
  if (tok->add_space_prefix && prev_special)
    g_string_append (s, spm_space);
  for (gsize i = 0; i < len; i++) {
    if (text[i] == ' ')
      g_string_append (s, spm_space);
    else
      g_string_append_c (s, text[i]);
  }
  draftd_spm_encode (tok, s->str, s->len, out);
}

static gint32
match_special (const DraftdTokenizer *tok, const char *p, gsize left, gboolean parse_special)
{
  for (guint i = 0; i < tok->n_specials; i++) {
    gint32 id = tok->specials[i];
    gsize n = tok->text_lens[id];
    if (!parse_special && tok->types[id] != DRAFTD_TOKEN_USER_DEFINED)
      continue;
    if (n <= left && memcmp (p, tok->texts[id], n) == 0)
      return id;
  }
  return -1;
}

gboolean
draftd_tokenizer_encode (const DraftdTokenizer *tok, const char *text, gssize len, gboolean add_special,
                         gboolean parse_special, GArray *out, GError **error)
{
  gsize n = len < 0 ? strlen (text) : (gsize) len;
  const char *bad;
  if (!g_utf8_validate_len (text, n, &bad)) {
    g_set_error (error, DRAFTD_TOKENIZER_ERROR, DRAFTD_TOKENIZER_ERROR_TEXT,
                 "text is not valid UTF-8 (at byte %" G_GSIZE_FORMAT ")", (gsize) (bad - text));
    return FALSE;
  }
  if (add_special && draftd_tokenizer_add_bos (tok))
    g_array_append_val (out, tok->bos);
  gboolean prev_special = TRUE;
  gsize frag = 0, i = 0;
  while (i < n) {
    gint32 id = tok->n_specials ? match_special (tok, text + i, n - i, parse_special) : -1;
    if (id < 0) {
      i += g_utf8_skip[(guchar) text[i]];
      continue;
    }
    if (i > frag)
      encode_fragment (tok, text + frag, i - frag, prev_special, out);
    g_array_append_val (out, id);
    prev_special = TRUE;
    i += tok->text_lens[id];
    frag = i;
  }
  if (n > frag)
    encode_fragment (tok, text + frag, n - frag, prev_special, out);
  return TRUE;
}

const guint8 *
draftd_tokenizer_piece (const DraftdTokenizer *tok, gint32 id, gboolean special, gsize *len)
{
  if (id < 0 || (guint) id >= tok->n_vocab) {
    *len = 0;
    return (const guint8 *) "";
  }
  if (special && tok->types[id] == DRAFTD_TOKEN_CONTROL) {
    *len = tok->text_lens[id];
    return (const guint8 *) tok->texts[id];
  }
  *len = tok->pieces[id]->len;
  return tok->pieces[id]->data;
}
