/* A tokenizer's vocabulary: token texts, types and the special ids, as read from GGUF
 * metadata by draftd_tokenizer_new (tokenizer.h). The encoders look tokens up through this
 * header, below the one that builds and runs them. */
#pragma once
#include <glib.h>

#define DRAFTD_TOKENIZER_ERROR (draftd_tokenizer_error_quark ())
GQuark draftd_tokenizer_error_quark (void);
typedef enum {
  DRAFTD_TOKENIZER_ERROR_UNSUPPORTED,  /* unknown tokenizer model or pre-tokenizer */
  DRAFTD_TOKENIZER_ERROR_INVALID,      /* inconsistent vocabulary metadata */
  DRAFTD_TOKENIZER_ERROR_TEXT,         /* input is not valid UTF-8 */
} DraftdTokenizerError;

typedef enum {
  DRAFTD_TOKEN_UNDEFINED = 0,
  DRAFTD_TOKEN_NORMAL = 1,
  DRAFTD_TOKEN_UNKNOWN = 2,
  DRAFTD_TOKEN_CONTROL = 3,
  DRAFTD_TOKEN_USER_DEFINED = 4,
  DRAFTD_TOKEN_UNUSED = 5,
  DRAFTD_TOKEN_BYTE = 6,
} DraftdTokenType;

typedef enum {
  DRAFTD_VOCAB_SPM,
  DRAFTD_VOCAB_BPE,
} DraftdVocabKind;

typedef struct DraftdTokenizer DraftdTokenizer;

void draftd_tokenizer_free (DraftdTokenizer *tok);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdTokenizer, draftd_tokenizer_free)

DraftdVocabKind draftd_tokenizer_kind (const DraftdTokenizer *tok);
guint draftd_tokenizer_n_vocab (const DraftdTokenizer *tok);
gint32 draftd_tokenizer_bos (const DraftdTokenizer *tok);  /* -1 if none */
gint32 draftd_tokenizer_eos (const DraftdTokenizer *tok);  /* -1 if none */
gint32 draftd_tokenizer_eot (const DraftdTokenizer *tok);  /* end-of-turn, -1 if none */
gboolean draftd_tokenizer_add_bos (const DraftdTokenizer *tok);
/* TRUE for tokens that end generation (EOS, EOT and control tokens marked end-of-generation). */
gboolean draftd_tokenizer_is_eog (const DraftdTokenizer *tok, gint32 id);
/* The same with DraftdDecodeParams.is_eog's signature: `tokenizer` is the DraftdTokenizer.
 *   p.is_eog = draftd_tokenizer_is_eog_cb; p.is_eog_data = (gpointer) tok; */
gboolean draftd_tokenizer_is_eog_cb (gint32 id, gpointer tokenizer);
/* Exact text of a token in the vocabulary (after SPM's ▁ / GPT-2's byte mapping: raw vocab text). */
const char *draftd_tokenizer_token_text (const DraftdTokenizer *tok, gint32 id);
gint32 draftd_tokenizer_find (const DraftdTokenizer *tok, const char *text);
/* The token's type (tokenizer.ggml.token_type); DRAFTD_TOKEN_UNDEFINED outside the vocabulary. */
DraftdTokenType draftd_tokenizer_token_type (const DraftdTokenizer *tok, gint32 id);
/* TRUE when both tokenizers map every id to the same text: a draft/target pair must share ids. */
gboolean draftd_tokenizer_same_vocab (const DraftdTokenizer *a, const DraftdTokenizer *b);
