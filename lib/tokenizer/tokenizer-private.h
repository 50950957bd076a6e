#pragma once
#include "lib/tokenizer/vocab.h"
#include "lib/gguf/gguf.h"

struct DraftdTokenizer {
  DraftdVocabKind kind;
  guint n_vocab;
  char **texts;          /* [n_vocab] vocab text (nul-terminated copies) */
  guint32 *text_lens;    /* [n_vocab] */
  float *scores;         /* [n_vocab] (SPM merge priority) */
  gint32 *types;         /* [n_vocab] DraftdTokenType */
  GByteArray **pieces;   /* [n_vocab] decoded bytes of each token */
  GHashTable *text_to_id;  /* char* -> id+1 */
  GHashTable *merge_rank;  /* "left right" -> rank+1 (BPE) */
  gint32 byte_tokens[256]; /* SPM <0xXX> ids, -1 if absent */
  gint32 bos, eos, eot, unk;
  gboolean add_bos;
  gboolean add_space_prefix;
  gboolean ignore_merges;
  GPtrArray *pre_regexes;  /* GRegex*, applied in order (BPE) */
  gint32 *specials;        /* ids matched as single tokens in text, longest text first */
  guint n_specials;
  gboolean *eog;           /* [n_vocab] */
  char *byte_to_unicode[256]; /* GPT-2 byte-level mapping (UTF-8 strings) */
  GHashTable *unicode_to_byte;  /* gunichar -> byte+1 */
};

void draftd_spm_encode (const DraftdTokenizer *tok, const char *text, gsize len, GArray *out);
/* Reads the merges and the pre-tokenizer; sets up the byte mapping. */
gboolean draftd_bpe_setup (DraftdTokenizer *tok, const DraftdGgufFile *f, GError **error);
void draftd_bpe_encode (const DraftdTokenizer *tok, const char *text, gsize len, GArray *out);
void draftd_bpe_decode_text (const DraftdTokenizer *tok, const char *text, GByteArray *out);

/* A symbol of a word being merged: a byte range in a doubly linked list. */
typedef struct {
  const char *text;
  gsize n;       /* 0 once merged into its left neighbour */
  int prev, next;
} MergeSymbol;

/* The priority of merging two adjacent symbols (larger first); FALSE when they do not merge. */
typedef gboolean (*DraftdMergeScore) (const DraftdTokenizer *tok, const MergeSymbol *l, const MergeSymbol *r,
                                      double *priority);
/* Splits text into one symbol per UTF-8 character and merges adjacent pairs, best priority
 * first (ties: the leftmost, as SentencePiece and llama.cpp do), until none merges. The word's
 * symbols are the chain of `next` from index 0 (an empty array for empty text). */
GArray *draftd_merge_word (const DraftdTokenizer *tok, const char *text, gsize len, DraftdMergeScore score);
