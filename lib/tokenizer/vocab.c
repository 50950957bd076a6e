/* The vocabulary's own questions: what a token is, which id a text has, and freeing it all.
 * The encoders (bpe.c, spm.c) look tokens up here, and tokenizer.c, which reads a file into
 * this struct and encodes text with them, sits above all three. */
#include "lib/tokenizer/tokenizer-private.h"

G_DEFINE_QUARK (draftd-tokenizer-error-quark, draftd_tokenizer_error)

void
draftd_tokenizer_free (DraftdTokenizer *tok)
{
  if (tok == NULL)
    return;
  for (guint i = 0; i < tok->n_vocab; i++) {
    g_free (tok->texts ? tok->texts[i] : NULL);
    if (tok->pieces && tok->pieces[i])
      g_byte_array_unref (tok->pieces[i]);
  }
  g_free (tok->texts);
  g_free (tok->text_lens);
  g_free (tok->pieces);
  g_free (tok->scores);
  g_free (tok->types);
  g_free (tok->eog);
  g_free (tok->specials);
  g_clear_pointer (&tok->text_to_id, g_hash_table_unref);
  g_clear_pointer (&tok->merge_rank, g_hash_table_unref);
  g_clear_pointer (&tok->pre_regexes, g_ptr_array_unref);
  g_clear_pointer (&tok->unicode_to_byte, g_hash_table_unref);
  for (int b = 0; b < 256; b++)
    g_free (tok->byte_to_unicode[b]);
  g_free (tok);
}

DraftdVocabKind draftd_tokenizer_kind (const DraftdTokenizer *tok) { return tok->kind; }
guint draftd_tokenizer_n_vocab (const DraftdTokenizer *tok) { return tok->n_vocab; }
gint32 draftd_tokenizer_bos (const DraftdTokenizer *tok) { return tok->bos; }
gint32 draftd_tokenizer_eos (const DraftdTokenizer *tok) { return tok->eos; }
gint32 draftd_tokenizer_eot (const DraftdTokenizer *tok) { return tok->eot; }
gboolean draftd_tokenizer_add_bos (const DraftdTokenizer *tok) { return tok->add_bos && tok->bos >= 0; }

gboolean
draftd_tokenizer_is_eog (const DraftdTokenizer *tok, gint32 id)
{
  return id >= 0 && (guint) id < tok->n_vocab && tok->eog[id];
}

gboolean
draftd_tokenizer_is_eog_cb (gint32 id, gpointer tokenizer)
{
  return draftd_tokenizer_is_eog (tokenizer, id);
}

const char *
draftd_tokenizer_token_text (const DraftdTokenizer *tok, gint32 id)
{
  return id >= 0 && (guint) id < tok->n_vocab ? tok->texts[id] : NULL;
}

DraftdTokenType
draftd_tokenizer_token_type (const DraftdTokenizer *tok, gint32 id)
{
  return id >= 0 && (guint) id < tok->n_vocab ? (DraftdTokenType) tok->types[id] : DRAFTD_TOKEN_UNDEFINED;
}

gint32
draftd_tokenizer_find (const DraftdTokenizer *tok, const char *text)
{
  gpointer v = g_hash_table_lookup (tok->text_to_id, text);
  return v ? (gint32) GPOINTER_TO_UINT (v) - 1 : -1;
}

gboolean
draftd_tokenizer_same_vocab (const DraftdTokenizer *a, const DraftdTokenizer *b)
{
  if (a->kind != b->kind || a->n_vocab != b->n_vocab)
    return FALSE;
  for (guint i = 0; i < a->n_vocab; i++)
    if (!g_str_equal (a->texts[i], b->texts[i]))
      return FALSE;
  return TRUE;
}
