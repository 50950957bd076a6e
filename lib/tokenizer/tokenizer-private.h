#pragma once
#include "lib/tokenizer/tokenizer.h"

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
gboolean draftd_bpe_setup (DraftdTokenizer *tok, const char *pre, GError **error);
void draftd_bpe_encode (const DraftdTokenizer *tok, const char *text, gsize len, GArray *out);
void draftd_bpe_decode_text (const DraftdTokenizer *tok, const char *text, GByteArray *out);

/* Minimal binary heap of merge candidates shared by both BPE flavours. */
typedef struct {
  int left, right;
  double priority;  /* larger pops first */
  gsize size;       /* byte length of the merged text, to detect stale entries */
} MergeCandidate;

typedef struct {
  GArray *items;  /* MergeCandidate */
} MergeQueue;

void merge_queue_init (MergeQueue *q);
void merge_queue_clear (MergeQueue *q);
void merge_queue_push (MergeQueue *q, MergeCandidate c);
gboolean merge_queue_pop (MergeQueue *q, MergeCandidate *out);

/* A symbol of a word being merged: a byte range in a doubly linked list. */
typedef struct {
  const char *text;
  gsize n;
  int prev, next;
} MergeSymbol;

/* Splits text into one symbol per UTF-8 character. */
GArray *merge_symbols_new (const char *text, gsize len);
