/* Byte-level BPE (GPT-2 family: GPT-2, Llama-3, Qwen2, SmolLM, StarCoder).
 * Text is first split by the pre-tokenizer regexes of tokenizer.ggml.pre, each piece's
 * bytes are mapped to printable code points (GPT-2's bytes_to_unicode), then pairs are
 * merged in order of their rank in tokenizer.ggml.merges. */
#include "lib/tokenizer/tokenizer-private.h"
#include <string.h>

#define GPT2_RE "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)"
#define LLAMA3_RE                                                                              \
  "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| " \
  "?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"
#define QWEN2_RE                                                                               \
  "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| " \
  "?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"

typedef struct {
  const char *names;       /* '|'-separated tokenizer.ggml.pre values */
  const char *regexes[4];  /* applied in order; unmatched text stays a piece of its own */
  gboolean ignore_merges;  /* a whole piece that is a token is taken as is (Llama-3) */
} PreTokenizer;

static const PreTokenizer pre_tokenizers[] = {
  { "gpt-2|gpt2|mpt|olmo|jais", { GPT2_RE }, FALSE },
  { "default", { "[\\p{P}\\$\\+<=>\\^~\\|]+", GPT2_RE, "\\p{N}+", "[0-9][0-9][0-9]" }, FALSE },
  { "llama3|llama-bpe|llama-v3|falcon3|pixtral", { LLAMA3_RE }, TRUE },
  { "qwen2|deepseek-r1-qwen|stablelm2|hunyuan", { QWEN2_RE }, FALSE },
  { "starcoder|refact|command-r|smollm|codeshell|exaone|minerva", { "\\p{N}", GPT2_RE }, FALSE },
};

static void
init_byte_mapping (DraftdTokenizer *tok)
{
  int n = 0;
  tok->unicode_to_byte = g_hash_table_new (NULL, NULL);
  for (int b = 0; b < 256; b++) {
    gboolean printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
    gunichar cp = printable ? (gunichar) b : (gunichar) (256 + n++);
    char buf[8];
    int len = g_unichar_to_utf8 (cp, buf);
    tok->byte_to_unicode[b] = g_strndup (buf, len);
    g_hash_table_insert (tok->unicode_to_byte, GUINT_TO_POINTER (cp), GUINT_TO_POINTER (b + 1));
  }
}

/* tokenizer.ggml.merges: "left right" -> rank + 1; the first of repeated merges counts. */
static gboolean
read_merges (const GgufFile *f, DraftdTokenizer *tok, GError **error)
{
  const GgufKV *merges;
  if (!gguf_get_array (f, "tokenizer.ggml.merges", GGUF_TYPE_STRING, &merges, error))
    return FALSE;
  tok->merge_rank = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint64 i = 0; i < merges->array_len && i < G_MAXINT32 - 1; i++) {
    char *key = g_strndup (merges->strings[i].data, merges->strings[i].len);
    if (g_hash_table_contains (tok->merge_rank, key))
      g_free (key);
    else
      g_hash_table_insert (tok->merge_rank, key, GINT_TO_POINTER ((gint) i + 1));
  }
  return TRUE;
}

/* The pre-tokenizer named by tokenizer.ggml.pre ("default" when absent). */
static gboolean
setup_pre_tokenizer (DraftdTokenizer *tok, const char *pre, GError **error)
{
  const PreTokenizer *found = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (pre_tokenizers) && !found; i++) {
    g_auto (GStrv) names = g_strsplit (pre_tokenizers[i].names, "|", -1);
    if (g_strv_contains ((const char *const *) names, pre))
      found = &pre_tokenizers[i];
  }
  if (found == NULL) {
    g_set_error (error, DRAFTD_TOKENIZER_ERROR, DRAFTD_TOKENIZER_ERROR_UNSUPPORTED,
                 "unsupported pre-tokenizer tokenizer.ggml.pre = '%s'", pre);
    return FALSE;
  }
  tok->ignore_merges = found->ignore_merges;
  tok->pre_regexes = g_ptr_array_new_with_free_func ((GDestroyNotify) g_regex_unref);
  for (guint i = 0; i < G_N_ELEMENTS (found->regexes) && found->regexes[i]; i++) {
    /* (*UCP): \s and friends follow Unicode properties, as llama.cpp's tables do. */
    g_autofree char *pattern = g_strconcat ("(*UCP)", found->regexes[i], NULL);
    GRegex *re = g_regex_new (pattern, G_REGEX_OPTIMIZE, 0, error);
    if (re == NULL)
      return FALSE;
    g_ptr_array_add (tok->pre_regexes, re);
  }
  return TRUE;
}

gboolean
draftd_bpe_setup (DraftdTokenizer *tok, const GgufFile *f, GError **error)
{
  g_autofree char *pre = NULL;
  if (!read_merges (f, tok, error))
    return FALSE;
  if (gguf_find_kv (f, "tokenizer.ggml.pre") && (pre = gguf_get_string (f, "tokenizer.ggml.pre", error)) == NULL)
    return FALSE;
  if (!setup_pre_tokenizer (tok, pre ? pre : "default", error))
    return FALSE;
  init_byte_mapping (tok);
  return TRUE;
}

typedef struct {
  gsize start, len;
} Span;

/* Splits each span at the matches of `re`; text between matches stays a span of its own. */
static GArray *
split_spans (const char *text, GArray *spans, GRegex *re)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Span));
  for (guint i = 0; i < spans->len; i++) {
    Span s = g_array_index (spans, Span, i);
    g_autoptr (GMatchInfo) mi = NULL;
    gsize pos = s.start, end = s.start + s.len;
    g_regex_match_full (re, text, end, s.start, 0, &mi, NULL);
    while (g_match_info_matches (mi)) {
      int ms, me;
      g_match_info_fetch_pos (mi, 0, &ms, &me);
      if (me == ms) {
        g_match_info_next (mi, NULL);
        continue;
      }
      if ((gsize) ms > pos) {
        Span gap = { pos, ms - pos };
        g_array_append_val (out, gap);
      }
      Span m = { ms, me - ms };
      g_array_append_val (out, m);
      pos = me;
      g_match_info_next (mi, NULL);
    }
    if (pos < end) {
      Span rest = { pos, end - pos };
      g_array_append_val (out, rest);
    }
  }
  return out;
}

/* A pair merges when "left right" is in tokenizer.ggml.merges; earlier merges go first. */
static gboolean
score_pair (const DraftdTokenizer *tok, const MergeSymbol *l, const MergeSymbol *r, double *priority)
{
  g_autofree char *key = g_strdup_printf ("%.*s %.*s", (int) l->n, l->text, (int) r->n, r->text);
  gpointer v = g_hash_table_lookup (tok->merge_rank, key);
  if (v == NULL)
    return FALSE;
  *priority = -(double) (GPOINTER_TO_INT (v) - 1);
  return TRUE;
}

static gint32
lookup_n (const DraftdTokenizer *tok, const char *text, gsize n)
{
  g_autofree char *s = g_strndup (text, n);
  return draftd_tokenizer_find (tok, s);
}

static void
encode_word (const DraftdTokenizer *tok, const char *word, gsize len, GArray *out)
{
  if (tok->ignore_merges) {
    gint32 id = lookup_n (tok, word, len);
    if (id >= 0) {
      g_array_append_val (out, id);
      return;
    }
  }
  g_autoptr (GArray) syms = draftd_merge_word (tok, word, len, score_pair);
  for (int i = syms->len ? 0 : -1; i >= 0; i = g_array_index (syms, MergeSymbol, i).next) {
    MergeSymbol *s = &g_array_index (syms, MergeSymbol, i);
    gint32 id = lookup_n (tok, s->text, s->n);
    if (id >= 0) {
      g_array_append_val (out, id);
      continue;
    }
    /* No token for the merged text: fall back to its single characters. */
    for (const char *p = s->text; p < s->text + s->n; p = g_utf8_next_char (p)) {
      gint32 cid = lookup_n (tok, p, g_utf8_skip[(guchar) *p]);
      if (cid >= 0)
        g_array_append_val (out, cid);
    }
  }
}

void
draftd_bpe_encode (const DraftdTokenizer *tok, const char *text, gsize len, GArray *out)
{
  g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (Span));
  Span all = { 0, len };
  g_array_append_val (spans, all);
  for (guint i = 0; i < tok->pre_regexes->len; i++) {
    GArray *next = split_spans (text, spans, g_ptr_array_index (tok->pre_regexes, i));
    g_array_unref (spans);
    spans = next;
  }
  g_autoptr (GString) word = g_string_new (NULL);
  for (guint i = 0; i < spans->len; i++) {
    Span s = g_array_index (spans, Span, i);
    g_string_truncate (word, 0);
    for (gsize j = 0; j < s.len; j++)
      g_string_append (word, tok->byte_to_unicode[(guchar) text[s.start + j]]);
    encode_word (tok, word->str, word->len, out);
  }
}

void
draftd_bpe_decode_text (const DraftdTokenizer *tok, const char *text, GByteArray *out)
{
  for (const char *p = text; *p; p = g_utf8_next_char (p)) {
    gunichar c = g_utf8_get_char (p);
    gpointer b = g_hash_table_lookup (tok->unicode_to_byte, GUINT_TO_POINTER (c));
    if (b) {
      guint8 byte = GPOINTER_TO_UINT (b) - 1;
      g_byte_array_append (out, &byte, 1);
    } else {
      g_byte_array_append (out, (const guint8 *) p, g_utf8_skip[(guchar) *p]);
    }
  }
}
