/* Tokenizers reproduce llama.cpp's test vectors (../shared/models/vocab), detokenize back to
 * the input, stream without splitting UTF-8, and reject invalid UTF-8; the text collector stops
 * at stop strings however the tokens split them. */
#include <string.h>
#include "tests/tap.h"
#include "tests/test-util.h"
#include "lib/tokenizer/tokenizer.h"
#include "lib/tokenizer/text-collector.h"

static void
check_vectors (const char *name)
{
  g_autofree char *gguf = g_strdup_printf ("vocab/ggml-vocab-%s.gguf", name);
  g_autofree char *path = test_shared_model (gguf);
  if (path == NULL) {
    tap_missing ("%s vocabulary: ../shared/models absent", name);
    return;
  }
  g_autofree char *inp_path = g_strconcat (path, ".inp", NULL), *out_path = g_strconcat (path, ".out", NULL);
  g_autofree char *inp = NULL, *out = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdGgufFile) f = draftd_gguf_open (path, &error);
  g_autoptr (DraftdTokenizer) tok = f ? draftd_tokenizer_new (f, &error) : NULL;
  if (tok == NULL || !g_file_get_contents (inp_path, &inp, NULL, &error) ||
      !g_file_get_contents (out_path, &out, NULL, &error)) {
    tap_ok (FALSE, "%s: load: %s", name, error->message);
    return;
  }
  g_auto (GStrv) inputs = g_strsplit (inp, "\n__ggml_vocab_test__\n", -1);
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
  guint n_in = g_strv_length (inputs), n_out = g_strv_length (lines);
  /* A trailing separator leaves an empty last piece; the .out has one line per input. */
  if (n_in > 0 && inputs[n_in - 1][0] == 0)
    n_in--;
  guint pass = 0, total = 0, round_trip = 0;
  for (guint i = 0; i < n_in && i < n_out; i++) {
    g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
    g_autoptr (GError) e = NULL;
    draftd_tokenizer_encode (tok, inputs[i], -1, FALSE, FALSE, ids, &e);
    g_autoptr (GString) got = g_string_new (NULL);
    for (guint k = 0; k < ids->len; k++)
      g_string_append_printf (got, " %d", g_array_index (ids, gint32, k));
    g_autofree char *want = g_strdup (lines[i]);
    g_strstrip (want);
    g_autofree char *got_s = g_strdup (got->str);
    g_strstrip (got_s);
    total++;
    if (g_str_equal (got_s, want))
      pass++;
    else
      tap_diag ("%s input %u %s\n#   want: %s\n#   got:  %s", name, i, g_strescape (inputs[i], NULL), want, got_s);
    g_autofree char *back = draftd_tokenizer_decode (tok, (const gint32 *) ids->data, ids->len, TRUE);
    if (g_str_equal (back, inputs[i]))
      round_trip++;
  }
  tap_ok (total > 0 && pass == total, "%s: %u/%u llama.cpp vectors match", name, pass, total);
  tap_ok (round_trip == total, "%s: %u/%u inputs detokenize back exactly", name, round_trip, total);
}

static void
check_streaming (void)
{
  g_autofree char *path = test_shared_model ("vocab/ggml-vocab-llama-spm.gguf");
  if (path == NULL) {
    tap_missing ("streaming: ../shared/models absent");
    return;
  }
  g_autoptr (DraftdGgufFile) f = draftd_gguf_open (path, NULL);
  g_autoptr (DraftdTokenizer) tok = draftd_tokenizer_new (f, NULL);
  const char *text = "Grüße 🦙 中文 and ⓐ";
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  draftd_tokenizer_encode (tok, text, -1, TRUE, FALSE, ids, NULL);
  DraftdDetokenizer d;
  draftd_detokenizer_init (&d, tok, TRUE);
  g_autoptr (GString) all = g_string_new (NULL);
  gboolean every_chunk_valid = TRUE, used_bytes = FALSE;
  for (guint i = 0; i < ids->len; i++) {
    gint32 id = g_array_index (ids, gint32, i);
    g_autoptr (GString) chunk = g_string_new (NULL);
    const char *t = draftd_tokenizer_token_text (tok, id);
    used_bytes |= g_str_has_prefix (t, "<0x");
    draftd_detokenizer_push (&d, id, chunk);
    every_chunk_valid &= g_utf8_validate (chunk->str, chunk->len, NULL);
    g_string_append (all, chunk->str);
  }
  draftd_detokenizer_flush (&d, all);
  draftd_detokenizer_clear (&d);
  tap_ok (used_bytes, "emoji is encoded with byte-fallback tokens");
  tap_ok (every_chunk_valid, "every streamed chunk is complete UTF-8");
  tap_ok (g_str_equal (all->str, text), "streamed text equals the input: '%s'", all->str);

  g_autoptr (GError) e = NULL;
  g_array_set_size (ids, 0);
  gboolean refused = !draftd_tokenizer_encode (tok, "ab\xff\xfe", 4, FALSE, FALSE, ids, &e);
  tap_ok (refused && g_error_matches (e, DRAFTD_TOKENIZER_ERROR, DRAFTD_TOKENIZER_ERROR_TEXT),
          "invalid UTF-8 is refused: %s", e ? e->message : "");
  g_array_set_size (ids, 0);
  draftd_tokenizer_encode (tok, "<s>hi</s>", -1, FALSE, TRUE, ids, NULL);
  tap_ok (ids->len >= 3 && g_array_index (ids, gint32, 0) == 1 && g_array_index (ids, gint32, ids->len - 1) == 2,
          "with parse_special, <s> and </s> are single control tokens");
  g_array_set_size (ids, 0);
  draftd_tokenizer_encode (tok, "<s>", -1, FALSE, FALSE, ids, NULL);
  tap_ok (ids->len > 1, "without parse_special, '<s>' in text is plain text");
  g_array_set_size (ids, 0);
  draftd_tokenizer_encode (tok, "", -1, TRUE, FALSE, ids, NULL);
  tap_ok (ids->len == 1 && g_array_index (ids, gint32, 0) == 1, "empty text with BOS is [BOS]");

  /* A stream cut inside a UTF-8 sequence holds the bytes back until they complete. */
  gint32 b_f0 = draftd_tokenizer_find (tok, "<0xF0>"), b_9f = draftd_tokenizer_find (tok, "<0x9F>");
  gint32 b_a6 = draftd_tokenizer_find (tok, "<0xA6>"), b_99 = draftd_tokenizer_find (tok, "<0x99>");
  DraftdDetokenizer d2;
  draftd_detokenizer_init (&d2, tok, FALSE);
  g_autoptr (GString) s = g_string_new (NULL);
  draftd_detokenizer_push (&d2, b_f0, s);
  draftd_detokenizer_push (&d2, b_9f, s);
  draftd_detokenizer_push (&d2, b_a6, s);
  gboolean held = s->len == 0;
  draftd_detokenizer_push (&d2, b_99, s);
  tap_ok (held && g_str_equal (s->str, "🦙"), "partial UTF-8 is held back, then emitted whole");
  g_string_truncate (s, 0);
  draftd_detokenizer_push (&d2, b_f0, s);
  draftd_detokenizer_flush (&d2, s);
  draftd_detokenizer_clear (&d2);
  tap_ok (g_str_equal (s->str, "\xEF\xBF\xBD"), "an unfinished sequence at the end becomes U+FFFD");
}

/* Feeds `text`'s tokens one at a time; returns the collected text and, in *streamed, the
 * concatenation of what was final after each push (what the engine sends as chunks). */
static char *
collect (const DraftdTokenizer *tok, const char *text, const char *const *stops, char **streamed, guint *pushed,
         gboolean *chunks_valid)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  draftd_tokenizer_encode (tok, text, -1, FALSE, FALSE, ids, NULL);
  DraftdTextCollector c;
  draftd_text_collector_init (&c, tok, stops);
  GString *sent = g_string_new (NULL);
  *pushed = 0;
  *chunks_valid = TRUE;
  for (guint i = 0; i < ids->len; i++) {
    (*pushed)++;
    gboolean more = draftd_text_collector_push (&c, &g_array_index (ids, gint32, i), 1);
    gsize fin = draftd_text_collector_final_len (&c);
    *chunks_valid &= fin >= sent->len && g_utf8_validate (c.text->str + sent->len, fin - sent->len, NULL);
    g_string_append_len (sent, c.text->str + sent->len, fin - sent->len);
    if (!more)
      break;
  }
  draftd_text_collector_finish (&c);
  g_string_append (sent, c.text->str + MIN (sent->len, c.text->len));
  *streamed = g_string_free (sent, FALSE);
  char *out = g_strdup (c.text->str);
  draftd_text_collector_clear (&c);
  return out;
}

static void
check_collector (void)
{
  g_autofree char *path = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdGgufFile) f = draftd_gguf_open (path, &error);
  g_autoptr (DraftdTokenizer) tok = f ? draftd_tokenizer_new (f, &error) : NULL;
  if (tok == NULL) {
    tap_ok (FALSE, "collector: the shipped target's vocabulary: %s", error->message);
    return;
  }
  const char *text = "She went home. 🦙 Grüße!\nUser: and more text\nUser: again";
  g_autofree char *streamed = NULL;
  guint pushed, n_ids;
  gboolean valid;
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  draftd_tokenizer_encode (tok, text, -1, FALSE, FALSE, ids, NULL);
  n_ids = ids->len;

  /* The collector keeps SentencePiece's leading space: it decodes continuations. */
  const char *const user[] = { "\nUser:", NULL };
  g_autofree char *got = collect (tok, text, user, &streamed, &pushed, &valid);
  tap_ok (g_str_equal (got, " She went home. 🦙 Grüße!"), "the text ends before the stop string: '%s'", got);
  tap_ok (g_str_equal (streamed, got), "what was streamed as final is exactly the text: '%s'", streamed);
  tap_ok (valid, "every streamed chunk is complete UTF-8");
  tap_ok (pushed < n_ids, "push asks to stop at the stop string (%u of %u tokens)", pushed, n_ids);

  /* The earliest stop string wins, whatever the list's order; empty ones are ignored. */
  const char *const two[] = { "", "again", "Grüße", NULL };
  g_free (got);
  g_free (streamed);
  got = collect (tok, text, two, &streamed, &pushed, &valid);
  tap_ok (g_str_equal (got, " She went home. 🦙 ") && g_str_equal (streamed, got),
          "the earliest of several stop strings cuts the text: '%s'", got);

  g_free (got);
  g_free (streamed);
  got = collect (tok, text, NULL, &streamed, &pushed, &valid);
  g_autofree char *whole = draftd_tokenizer_decode (tok, (const gint32 *) ids->data, ids->len, FALSE);
  tap_ok (g_str_equal (got, whole) && g_str_equal (streamed, whole) && pushed == n_ids,
          "without stop strings the collector gives the whole decoded text");

  /* A stop string that starts in one token and ends in a later one is still found. */
  const char *const split[] = { "me. 🦙 G", NULL };
  g_free (got);
  g_free (streamed);
  got = collect (tok, text, split, &streamed, &pushed, &valid);
  tap_ok (g_str_equal (got, " She went ho") && g_str_equal (streamed, got), "a stop string across tokens: '%s'", got);
}

int
main (void)
{
  check_vectors ("llama-spm");
  check_vectors ("phi-3");
  check_vectors ("gpt-2");
  check_vectors ("starcoder");
  check_vectors ("llama-bpe");
  check_vectors ("mpt");
  check_vectors ("qwen2");
  check_vectors ("refact");
  check_vectors ("deepseek-llm");
  check_vectors ("deepseek-coder");
  check_vectors ("falcon");
  check_streaming ();
  check_collector ();
  return tap_done ();
}
