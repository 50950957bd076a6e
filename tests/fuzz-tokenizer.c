/* libFuzzer target for the tokenizers (lib/tokenizer/). The first input byte picks the
 * vocabulary: below 0x80, one of the real ones loaded at start (the shipped models/ and, where
 * present, llama.cpp's vocabularies in ../shared/models/vocab, or the GGUF files named in
 * DRAFTD_FUZZ_VOCABS, colon-separated), and the rest is the text; from 0x80, a vocabulary
 * built from the input itself and written as GGUF, which exercises the metadata checks.
 * Checked: every id is in the vocabulary, the decoded text is valid UTF-8, streaming one
 * token at a time gives the same text as decoding at once, and where the vocabulary can
 * spell every byte, decoding gives back the encoded text exactly; the text collector, fed one
 * token at a time, stops at the first stop string and never streams text it later cuts. */
#include <math.h>
#include "tests/fuzz-common.h"
#include "lib/tokenizer/tokenizer.h"
#include "lib/tokenizer/text-collector.h"

typedef struct {
  char *name;
  DraftdGgufFile *file;
  DraftdTokenizer *tok;
  gboolean spells_every_byte;
} Vocab;

static GPtrArray *vocabs;

/* Whether any UTF-8 text has an exact encoding: every byte is the whole piece of some token
 * (SentencePiece's <0xXX> tokens, byte-level BPE's byte characters). */
static gboolean
spells_every_byte (const DraftdTokenizer *tok)
{
  gboolean seen[256] = { FALSE };
  guint n = 0;
  for (guint id = 0; id < draftd_tokenizer_n_vocab (tok); id++) {
    gsize len;
    const guint8 *piece = draftd_tokenizer_piece (tok, id, FALSE, &len);
    if (len == 1 && !seen[piece[0]]) {
      seen[piece[0]] = TRUE;
      n++;
    }
  }
  return n == 256;
}

static void
add_vocab (const char *path)
{
  g_autoptr (GError) error = NULL;
  DraftdGgufFile *f = draftd_gguf_open (path, &error);
  DraftdTokenizer *tok = f ? draftd_tokenizer_new (f, &error) : NULL;
  if (tok == NULL) {
    fprintf (stderr, "fuzz-tokenizer: skipping %s: %s\n", path, error->message);
    draftd_gguf_close (f);
    return;
  }
  Vocab *v = g_new0 (Vocab, 1);
  v->name = g_path_get_basename (path);
  v->file = f;
  v->tok = tok;
  v->spells_every_byte = spells_every_byte (tok);
  g_ptr_array_add (vocabs, v);
  fprintf (stderr, "fuzz-tokenizer: vocabulary %u: %s (%u tokens%s)\n", vocabs->len - 1, v->name,
           draftd_tokenizer_n_vocab (tok), v->spells_every_byte ? ", exact round trips" : "");
}

static gint
by_name (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  vocabs = g_ptr_array_new ();
  const char *list = g_getenv ("DRAFTD_FUZZ_VOCABS");
  if (list) {
    g_auto (GStrv) paths = g_strsplit (list, ":", -1);
    for (guint i = 0; paths[i]; i++)
      if (*paths[i])
        add_vocab (paths[i]);
    return 0;
  }
  add_vocab (DRAFTD_SOURCE_ROOT "/models/draftd-target.gguf");
  g_autoptr (GDir) dir = g_dir_open (DRAFTD_SOURCE_ROOT "/../shared/models/vocab", 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  for (const char *n; dir && (n = g_dir_read_name (dir));)
    if (g_str_has_suffix (n, ".gguf"))
      g_ptr_array_add (names, g_strdup (n));
  /* Sorted, so a reproducer picks the same vocabulary on every machine that has them. */
  g_ptr_array_sort (names, by_name);
  for (guint i = 0; i < names->len; i++) {
    g_autofree char *p = g_build_filename (DRAFTD_SOURCE_ROOT "/../shared/models/vocab", names->pdata[i], NULL);
    add_vocab (p);
  }
  return 0;
}

static void
check_ids (const DraftdTokenizer *tok, const GArray *ids)
{
  for (guint i = 0; i < ids->len; i++) {
    gint32 id = g_array_index (ids, gint32, i);
    FUZZ_ASSERT (id >= 0 && (guint) id < draftd_tokenizer_n_vocab (tok));
  }
}

/* Decodes at once and streamed; returns the text. */
static char *
check_decode (const DraftdTokenizer *tok, const GArray *ids)
{
  char *all = draftd_tokenizer_decode (tok, (const gint32 *) ids->data, ids->len, TRUE);
  FUZZ_ASSERT (g_utf8_validate (all, -1, NULL));
  DraftdDetokenizer d;
  draftd_detokenizer_init (&d, tok, TRUE);
  g_autoptr (GString) streamed = g_string_new (NULL);
  for (guint i = 0; i < ids->len; i++) {
    gsize before = streamed->len;
    draftd_detokenizer_push (&d, g_array_index (ids, gint32, i), streamed);
    FUZZ_ASSERT (g_utf8_validate (streamed->str + before, streamed->len - before, NULL));
  }
  draftd_detokenizer_flush (&d, streamed);
  draftd_detokenizer_clear (&d);
  FUZZ_ASSERT (g_str_equal (streamed->str, all));
  return all;
}

/* The stop string: a few characters of the decoded text, from a place the flags pick. */
static char *
pick_stop (const char *decoded, guint8 flags)
{
  glong n = g_utf8_strlen (decoded, -1);
  if (n == 0)
    return g_strdup ("\n");
  const char *start = g_utf8_offset_to_pointer (decoded, (flags >> 3) * n / 32);
  const char *end = start;
  for (guint i = 0; i <= (guint) (flags >> 6) && *end; i++)
    end = g_utf8_next_char (end);
  return g_strndup (start, end - start);
}

static void
check_collector (const DraftdTokenizer *tok, const GArray *ids, const char *decoded, guint8 flags)
{
  g_autofree char *stop = pick_stop (decoded, flags);
  const char *const stops[] = { stop, "", NULL };
  DraftdTextCollector c;
  draftd_text_collector_init (&c, tok, stops);
  g_autoptr (GString) streamed = g_string_new (NULL);
  for (guint i = 0; i < ids->len; i++) {
    gboolean more = draftd_text_collector_push (&c, &g_array_index (ids, gint32, i), 1);
    gsize fin = draftd_text_collector_final_len (&c);
    FUZZ_ASSERT (fin >= streamed->len && fin <= c.text->len);
    /* What was final stays: the text still starts with everything streamed. */
    FUZZ_ASSERT (memcmp (c.text->str, streamed->str, streamed->len) == 0);
    g_string_append_len (streamed, c.text->str + streamed->len, fin - streamed->len);
    if (!more)
      break;
  }
  draftd_text_collector_finish (&c);
  FUZZ_ASSERT (c.text->len >= streamed->len && memcmp (c.text->str, streamed->str, streamed->len) == 0);
  /* The whole decode (without the leading-space strip) cut before the first stop. */
  g_autofree char *whole = draftd_tokenizer_decode (tok, (const gint32 *) ids->data, ids->len, FALSE);
  const char *hit = strstr (whole, stop);
  gsize want = hit ? (gsize) (hit - whole) : strlen (whole);
  FUZZ_ASSERT (c.text->len == want && memcmp (c.text->str, whole, want) == 0);
  draftd_text_collector_clear (&c);
}

static void
check_text (const Vocab *v, const DraftdTokenizer *tok, const char *text, gsize len, guint8 flags)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr (GError) error = NULL;
  gboolean add_special = flags & 1, parse_special = flags & 2;
  FUZZ_ASSERT (draftd_tokenizer_encode (tok, text, len, add_special, parse_special, ids, &error));
  check_ids (tok, ids);
  if (add_special && draftd_tokenizer_add_bos (tok))
    FUZZ_ASSERT (ids->len > 0 && g_array_index (ids, gint32, 0) == draftd_tokenizer_bos (tok));
  g_autofree char *back = check_decode (tok, ids);
  /* SentencePiece writes spaces as U+2581 and decodes every U+2581 as a space, and it starts
   * the text after a user-defined token with a space, as llama.cpp does: such text does not
   * come back unchanged. */
  gboolean spm_space = FALSE;
  if (draftd_tokenizer_kind (tok) == DRAFTD_VOCAB_SPM) {
    spm_space = strstr (text, "\xe2\x96\x81") != NULL;
    for (guint i = 0; i < ids->len; i++)
      spm_space |= draftd_tokenizer_token_type (tok, g_array_index (ids, gint32, i)) == DRAFTD_TOKEN_USER_DEFINED;
  }
  if (v && v->spells_every_byte && !add_special && !parse_special && !spm_space && !g_str_equal (back, text)) {
    g_autoptr (GString) listed = g_string_new (NULL);
    for (guint i = 0; i < ids->len; i++)
      g_string_append_printf (listed, " %d", g_array_index (ids, gint32, i));
    fprintf (stderr, "%s: '%s' -> [%s ] -> '%s'\n", v->name, text, listed->str, back);
    FUZZ_ASSERT (g_str_equal (back, text));
  }
  for (guint i = 0; i < ids->len; i++)
    FUZZ_ASSERT (draftd_tokenizer_is_eog_cb (g_array_index (ids, gint32, i), (gpointer) tok) ==
                 draftd_tokenizer_is_eog (tok, g_array_index (ids, gint32, i)));
  check_collector (tok, ids, back, flags);
}

/* ---- vocabularies from the input ---- */

static const char *const pre_names[] = { "gpt-2", "default", "llama3", "qwen2", "starcoder", "smollm", "none?", NULL };

/* Flags byte, then NUL-separated fields: the text, then tokens. A token field is its type
 * byte, its score byte and its text; a field starting with 0xFF is a merge ("a b"). */
static DraftdTokenizer *
vocab_from_input (FuzzInput *in, char **text, gsize *len, guint8 *encode_flags)
{
  guint8 flags = fuzz_byte (in), more = fuzz_byte (in);
  *encode_flags = more;
  *text = fuzz_text (in, len);
  g_autoptr (GPtrArray) tokens = g_ptr_array_new ();
  g_autoptr (GPtrArray) merges = g_ptr_array_new ();
  g_autoptr (GArray) token_lens = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) merge_lens = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) scores = g_array_new (FALSE, FALSE, sizeof (float));
  g_autoptr (GArray) types = g_array_new (FALSE, FALSE, sizeof (gint32));
  while (in->pos < in->size) {
    gsize start = in->pos;
    while (in->pos < in->size && in->data[in->pos] != 0)
      in->pos++;
    const char *field = (const char *) in->data + start;
    guint32 n = in->pos - start;
    in->pos += in->pos < in->size;
    if (n >= 1 && (guint8) field[0] == 0xFF) {
      g_ptr_array_add (merges, (gpointer) (field + 1));
      n--;
      g_array_append_val (merge_lens, n);
    } else if (n >= 2) {
      gint32 type = (gint8) field[0] % 8;
      float score = (gint8) field[1] / 4.0f;
      if (field[1] == 0x7F)
        score = (float) NAN;
      g_array_append_val (types, type);
      g_array_append_val (scores, score);
      g_ptr_array_add (tokens, (gpointer) (field + 2));
      n -= 2;
      g_array_append_val (token_lens, n);
    }
  }
  g_autoptr (DraftdGgufWriter) w = draftd_gguf_writer_new ();
  draftd_gguf_writer_set_string (w, "tokenizer.ggml.model", flags & 1 ? "gpt2" : (flags & 0x80) ? "bert" : "llama");
  draftd_gguf_writer_set_string_array (w, "tokenizer.ggml.tokens", (const char *const *) tokens->pdata,
                                (const guint32 *) token_lens->data, tokens->len);
  if (flags & 2)
    draftd_gguf_writer_set_f32_array (w, "tokenizer.ggml.scores", (const float *) scores->data, scores->len);
  if (flags & 4)
    draftd_gguf_writer_set_i32_array (w, "tokenizer.ggml.token_type", (const gint32 *) types->data, types->len);
  if (flags & 8)
    draftd_gguf_writer_set_string_array (w, "tokenizer.ggml.merges", (const char *const *) merges->pdata,
                                  (const guint32 *) merge_lens->data, merges->len);
  if (flags & 16)
    draftd_gguf_writer_set_u32 (w, "tokenizer.ggml.bos_token_id", more >> 2);
  if (flags & 32)
    draftd_gguf_writer_set_i32 (w, "tokenizer.ggml.eos_token_id", (gint32) (more >> 4) - 2);
  draftd_gguf_writer_set_bool (w, "tokenizer.ggml.add_space_prefix", more & 4);
  const char *pre = pre_names[(flags >> 5) % G_N_ELEMENTS (pre_names)];
  if (pre)
    draftd_gguf_writer_set_string (w, "tokenizer.ggml.pre", pre);
  g_autoptr (GBytes) bytes = draftd_gguf_writer_to_bytes (w);
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdGgufFile) f = draftd_gguf_open_bytes (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  FUZZ_ASSERT (f != NULL);
  DraftdTokenizer *tok = draftd_tokenizer_new (f, &error);
  FUZZ_ASSERT (tok != NULL || error != NULL);
  return tok;
}

int
LLVMFuzzerTestOneInput (const guint8 *data, gsize size)
{
  FuzzInput in = { data, size, 0 };
  guint8 pick = fuzz_byte (&in);
  if (pick < 0x80 && vocabs->len > 0) {
    const Vocab *v = g_ptr_array_index (vocabs, pick % vocabs->len);
    guint8 flags = fuzz_byte (&in);
    gsize len;
    g_autofree char *text = fuzz_text (&in, &len);
    check_text (v, v->tok, text, len, flags);
    return 0;
  }
  g_autofree char *text = NULL;
  gsize len = 0;
  guint8 flags;
  g_autoptr (DraftdTokenizer) tok = vocab_from_input (&in, &text, &len, &flags);
  if (tok)
    check_text (NULL, tok, text, len, flags);
  return 0;
}
