/* Token ids back to text: whole sequences, or streamed so that every piece handed out is
 * complete UTF-8 (a byte token may carry a fragment of a character). */
#include "lib/tokenizer/tokenizer.h"
#include "lib/tokenizer/tokenizer-private.h"

void
draftd_detokenizer_init (DraftdDetokenizer *d, const DraftdTokenizer *tok, gboolean strip_leading_space)
{
  d->tok = tok;
  d->pending = g_byte_array_new ();
  d->strip_space = strip_leading_space && tok->kind == DRAFTD_VOCAB_SPM && tok->add_space_prefix;
  d->special = FALSE;
}

void
draftd_detokenizer_clear (DraftdDetokenizer *d)
{
  g_clear_pointer (&d->pending, g_byte_array_unref);
}

/* Moves every complete UTF-8 sequence from the front of `pending` to `out`; an invalid
 * sequence becomes U+FFFD, and so does a NUL byte (a <0x00> token): the text goes out as C and
 * D-Bus strings, where a NUL would cut it short; an incomplete tail stays unless `final`. */
static void
drain (GByteArray *pending, GString *out, gboolean final)
{
  gsize i = 0, n = pending->len;
  const guint8 *p = pending->data;
  while (i < n) {
    guint need = g_utf8_skip[p[i]];
    if (p[i] == 0) {
      g_string_append (out, "\xEF\xBF\xBD");
      i++;
      continue;
    }
    if (p[i] < 0x80) {
      g_string_append_c (out, (char) p[i]);
      i++;
      continue;
    }
    if (p[i] < 0xC2 || p[i] > 0xF4) {
      g_string_append (out, "\xEF\xBF\xBD");
      i++;
      continue;
    }
    if (i + need > n) {
      /* Incomplete: keep it if what we have so far could still become valid. */
      gboolean prefix_ok = TRUE;
      for (gsize j = i + 1; j < n; j++)
        prefix_ok &= (p[j] & 0xC0) == 0x80;
      if (prefix_ok && !final)
        break;
      g_string_append (out, "\xEF\xBF\xBD");
      i++;
      continue;
    }
    if (g_utf8_get_char_validated ((const char *) p + i, need) == (gunichar) -1 ||
        g_utf8_get_char_validated ((const char *) p + i, need) == (gunichar) -2) {
      g_string_append (out, "\xEF\xBF\xBD");
      i++;
      continue;
    }
    g_string_append_len (out, (const char *) p + i, need);
    i += need;
  }
  g_byte_array_remove_range (pending, 0, i);
}

void
draftd_detokenizer_push (DraftdDetokenizer *d, gint32 id, GString *out)
{
  gsize len;
  const guint8 *piece = draftd_tokenizer_piece (d->tok, id, d->special, &len);
  if (len == 0)
    return;
  if (d->strip_space) {
    d->strip_space = FALSE;
    if (piece[0] == ' ') {
      piece++;
      len--;
    }
  }
  g_byte_array_append (d->pending, piece, len);
  drain (d->pending, out, FALSE);
}

void
draftd_detokenizer_flush (DraftdDetokenizer *d, GString *out)
{
  drain (d->pending, out, TRUE);
}

char *
draftd_tokenizer_decode (const DraftdTokenizer *tok, const gint32 *ids, gsize n, gboolean strip_leading_space)
{
  DraftdDetokenizer d;
  GString *out = g_string_new (NULL);
  draftd_detokenizer_init (&d, tok, strip_leading_space);
  for (gsize i = 0; i < n; i++)
    draftd_detokenizer_push (&d, ids[i], out);
  draftd_detokenizer_flush (&d, out);
  draftd_detokenizer_clear (&d);
  return g_string_free (out, FALSE);
}
