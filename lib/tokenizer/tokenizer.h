/* Tokenizers described by GGUF metadata (tokenizer.ggml.*):
 *  - "llama": SentencePiece-style BPE over token scores with <0xXX> byte fallback;
 *  - "gpt2":  byte-level BPE over tokenizer.ggml.merges, with the pre-tokenizer split
 *             named by tokenizer.ggml.pre (gpt-2, llama3/llama-bpe, qwen2, starcoder, smollm...).
 * Results match llama.cpp's tokenizer test vectors. */
#pragma once
#include <glib.h>
#include "lib/gguf/gguf.h"

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

DraftdTokenizer *draftd_tokenizer_new (const DraftdGgufFile *file, GError **error);
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

/* Appends token ids for `text` (len bytes, valid UTF-8) to `out` (GArray of gint32).
 * add_special: prepend BOS when the vocabulary asks for it.
 * parse_special: match control tokens such as <|im_start|> written in the text. */
gboolean draftd_tokenizer_encode (const DraftdTokenizer *tok, const char *text, gssize len,
                                  gboolean add_special, gboolean parse_special, GArray *out,
                                  GError **error);

/* Bytes a token contributes to the output (control tokens contribute nothing unless
 * `special`). The bytes may be part of a UTF-8 sequence (byte tokens). */
const guint8 *draftd_tokenizer_piece (const DraftdTokenizer *tok, gint32 id, gboolean special,
                                      gsize *len);

/* Streaming detokenizer: only ever returns complete UTF-8 sequences. */
typedef struct {
  const DraftdTokenizer *tok;
  GByteArray *pending;      /* bytes of an incomplete UTF-8 sequence */
  gboolean strip_space;     /* drop one leading space (SPM's add_space_prefix) on the next piece */
  gboolean special;         /* render control tokens */
} DraftdDetokenizer;

void draftd_detokenizer_init (DraftdDetokenizer *d, const DraftdTokenizer *tok, gboolean strip_leading_space);
/* Appends the text that became complete with token `id` to `out`. */
void draftd_detokenizer_push (DraftdDetokenizer *d, gint32 id, GString *out);
/* Appends what is left (invalid trailing bytes become U+FFFD) and resets. */
void draftd_detokenizer_flush (DraftdDetokenizer *d, GString *out);
void draftd_detokenizer_clear (DraftdDetokenizer *d);
/* Whole sequence to text. */
char *draftd_tokenizer_decode (const DraftdTokenizer *tok, const gint32 *ids, gsize n, gboolean strip_leading_space);
