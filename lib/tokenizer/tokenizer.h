/* Tokenizers described by GGUF metadata (tokenizer.ggml.*):
 *  - "llama": SentencePiece-style BPE over token scores with <0xXX> byte fallback;
 *  - "gpt2":  byte-level BPE over tokenizer.ggml.merges, with the pre-tokenizer split
 *             named by tokenizer.ggml.pre (gpt-2, llama3/llama-bpe, qwen2, starcoder, smollm...).
 * Results match llama.cpp's tokenizer test vectors. */
#pragma once
#include <glib.h>
#include "lib/gguf/gguf.h"
#include "lib/tokenizer/vocab.h"

DraftdTokenizer *draftd_tokenizer_new (const DraftdGgufFile *file, GError **error);

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
