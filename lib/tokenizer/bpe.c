/* Byte-level BPE (GPT-2 family: GPT-2, Llama-3, Qwen2, SmolLM, StarCoder, DeepSeek, Falcon).
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

/* DeepSeek's own splits: a newline alone; letters of the Latin, Greek, Cyrillic, Armenian,
 * Georgian, Cherokee and other cased scripts (as DeepSeek-LLM's tokenizer lists them) with one
 * optional leading space; ASCII and full-width punctuation; trailing whitespace; CJK and
 * Hangul runs; digit runs (the coder: single digits). Code points are written as \x{...}:
 * several of these (U+1FD3, U+2126, U+212A...) are not NFC, and an editor that normalises
 * would silently change the class. */
#define DEEPSEEK_LETTERS \
  "\\s?[A-Za-z\\x{B5}\\x{C0}-\\x{D6}\\x{D8}-\\x{F6}\\x{F8}-\\x{1BA}\\x{1BC}-\\x{1BF}" \
  "\\x{1C4}-\\x{293}\\x{295}-\\x{2AF}\\x{370}-\\x{373}\\x{376}\\x{377}\\x{37B}-\\x{37D}" \
  "\\x{37F}\\x{386}\\x{388}-\\x{38A}\\x{38C}\\x{38E}-\\x{3A1}\\x{3A3}-\\x{3F5}\\x{3F7}-" \
  "\\x{481}\\x{48A}-\\x{52F}\\x{531}-\\x{556}\\x{10A0}-\\x{10C5}\\x{13A0}-\\x{13F5}" \
  "\\x{13F8}-\\x{13FD}\\x{1C90}-\\x{1CBA}\\x{1CBD}-\\x{1CBF}\\x{1D00}-\\x{1D2B}\\x{1D6B}-" \
  "\\x{1D77}\\x{1D79}-\\x{1D9A}\\x{1E00}-\\x{1F15}\\x{1F18}-\\x{1F1D}\\x{1F20}-\\x{1F45}" \
  "\\x{1F48}-\\x{1F4D}\\x{1F50}-\\x{1F57}\\x{1F59}\\x{1F5B}\\x{1F5D}\\x{1F5F}-\\x{1F7D}" \
  "\\x{1F80}-\\x{1FB4}\\x{1FB6}-\\x{1FBC}\\x{1FBE}\\x{1FC2}-\\x{1FC4}\\x{1FC6}-\\x{1FCC}" \
  "\\x{1FD0}-\\x{1FD3}\\x{1FD6}-\\x{1FDB}\\x{1FE0}-\\x{1FEC}\\x{1FF2}-\\x{1FF4}\\x{1FF6}-" \
  "\\x{1FFC}\\x{2102}\\x{2107}\\x{210A}-\\x{2113}\\x{2115}\\x{2119}-\\x{211D}\\x{2124}" \
  "\\x{2126}\\x{2128}\\x{212A}-\\x{212D}\\x{212F}-\\x{2134}\\x{2139}\\x{213C}-\\x{213F}" \
  "\\x{2145}-\\x{2149}\\x{214E}\\x{2183}\\x{2184}\\x{2C00}-\\x{2C7B}\\x{2C7E}-\\x{2CE4}" \
  "\\x{2CEB}-\\x{2CEE}\\x{2CF2}\\x{2CF3}\\x{A640}-\\x{A66D}\\x{A680}-\\x{A69B}\\x{A722}-" \
  "\\x{A76F}\\x{A771}-\\x{A787}\\x{A78B}-\\x{A78E}\\x{AB70}-\\x{ABBF}\\x{FB00}-\\x{FB06}" \
  "\\x{FB13}-\\x{FB17}\\x{FF21}-\\x{FF3A}\\x{FF41}-\\x{FF5A}\\x{10400}-\\x{1044F}" \
  "\\x{104B0}-\\x{104D3}\\x{104D8}-\\x{104FB}\\x{10C80}-\\x{10CB2}\\x{10CC0}-\\x{10CF2}" \
  "\\x{118A0}-\\x{118DF}\\x{1E900}-\\x{1E943}]+"
#define DEEPSEEK_PUNCT "\\s?[!-/:-~\\x{FF01}-\\x{FF0F}\\x{FF1A}-\\x{FF5E}\\x{2018}-\\x{201F}\\x{3000}-\\x{3002}]+"
#define DEEPSEEK_CJK "[\\x{4E00}-\\x{9FA5}\\x{800}-\\x{4E00}\\x{AC00}-\\x{D7FF}]+"

typedef struct {
  const char *names;       /* '|'-separated tokenizer.ggml.pre values */
  const char *regexes[6];  /* applied in order; unmatched text stays a piece of its own */
  gboolean ignore_merges;  /* a whole piece that is a token is taken as is (Llama-3) */
} PreTokenizer;

static const PreTokenizer pre_tokenizers[] = {
  { "gpt-2|gpt2|mpt|olmo|jais", { GPT2_RE }, FALSE },
  { "default", { "[\\p{P}\\$\\+<=>\\^~\\|]+", GPT2_RE, "\\p{N}+", "[0-9][0-9][0-9]" }, FALSE },
  { "llama3|llama-bpe|llama-v3|falcon3|pixtral", { LLAMA3_RE }, TRUE },
  { "qwen2|deepseek-r1-qwen|stablelm2|hunyuan", { QWEN2_RE }, FALSE },
  { "starcoder|refact|command-r|smollm|codeshell|exaone|minerva", { "\\p{N}", GPT2_RE }, FALSE },
  { "deepseek-llm", { "[\r\n]", DEEPSEEK_LETTERS, DEEPSEEK_PUNCT, "\\s+$", DEEPSEEK_CJK, "\\p{N}+" }, FALSE },
  { "deepseek-coder", { "[\r\n]", "\\s?\\p{L}+", "\\s?\\p{P}+", DEEPSEEK_CJK, "\\p{N}" }, FALSE },
  { "falcon", { "[\\p{P}\\$\\+<=>\\^~\\|`]+", GPT2_RE, "[0-9][0-9][0-9]" }, FALSE },
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
read_merges (const DraftdGgufFile *f, DraftdTokenizer *tok, GError **error)
{
  const DraftdGgufKV *merges;
  if (!draftd_gguf_get_array (f, "tokenizer.ggml.merges", GGUF_TYPE_STRING, &merges, error))
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
draftd_bpe_setup (DraftdTokenizer *tok, const DraftdGgufFile *f, GError **error)
{
  g_autofree char *pre = NULL;
  if (!read_merges (f, tok, error))
    return FALSE;
  if (draftd_gguf_find_kv (f, "tokenizer.ggml.pre") && (pre = draftd_gguf_get_string (f, "tokenizer.ggml.pre", error)) == NULL)
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
