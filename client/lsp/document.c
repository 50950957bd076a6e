#include "client/lsp/document.h"
#include "client/lsp/rpc.h"
#include <string.h>

gboolean
draftd_lsp_encoding_from_name (const char *name, DraftdLspEncoding *out)
{
  static const char *const names[] = { "utf-8", "utf-16", "utf-32" };
  for (guint i = 0; name && i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (name, names[i])) {
      *out = (DraftdLspEncoding) i;
      return TRUE;
    }
  return FALSE;
}

const char *
draftd_lsp_encoding_name (DraftdLspEncoding e)
{
  return e == DRAFTD_LSP_UTF8 ? "utf-8" : e == DRAFTD_LSP_UTF16 ? "utf-16" : "utf-32";
}

void
draftd_lsp_fix_clear (DraftdLspFix *f)
{
  g_free (f->replacement);
  g_free (f->kind);
  g_free (f->message);
}

static void
index_lines (DraftdLspDocument *d)
{
  g_array_set_size (d->line_starts, 0);
  gsize zero = 0;
  g_array_append_val (d->line_starts, zero);
  for (const char *p = d->text->str; (p = strchr (p, '\n')); p++) {
    gsize at = p + 1 - d->text->str;
    g_array_append_val (d->line_starts, at);
  }
}

DraftdLspDocument *
draftd_lsp_document_new (const char *uri, const char *language, gint64 version, const char *text)
{
  DraftdLspDocument *d = g_new0 (DraftdLspDocument, 1);
  d->uri = g_strdup (uri);
  d->language = g_strdup (language ? language : "plaintext");
  d->version = version;
  d->text = g_string_new (text);
  d->line_starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  d->fixes = g_array_new (FALSE, TRUE, sizeof (DraftdLspFix));
  g_array_set_clear_func (d->fixes, (GDestroyNotify) draftd_lsp_fix_clear);
  d->inflight = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  index_lines (d);
  return d;
}

void
draftd_lsp_document_free (DraftdLspDocument *d)
{
  if (d->check_source)
    g_source_remove (d->check_source);
  if (d->publish_source)
    g_source_remove (d->publish_source);
  g_free (d->progress_token);
  g_free (d->uri);
  g_free (d->language);
  g_string_free (d->text, TRUE);
  g_array_unref (d->line_starts);
  g_array_unref (d->fixes);
  g_hash_table_unref (d->inflight);
  g_free (d);
}

/* Units one character takes in the encoding, from its first byte and code point. */
static guint
units (gunichar c, gsize bytes, DraftdLspEncoding enc)
{
  if (enc == DRAFTD_LSP_UTF8)
    return bytes;
  if (enc == DRAFTD_LSP_UTF32)
    return 1;
  return c >= 0x10000 ? 2 : 1;
}

gboolean
draftd_lsp_document_offset (DraftdLspDocument *d, DraftdLspEncoding enc, JsonObject *position, gsize *out, GError **error)
{
  gint64 line, character;
  if (!position || !draftd_lsp_get_int (position, "line", &line) || !draftd_lsp_get_int (position, "character", &character) ||
      line < 0 || character < 0) {
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "a position needs integers line and character");
    return FALSE;
  }
  if ((guint64) line >= d->line_starts->len) {
    /* One past the last line is the document's end (a client appending at the end sends it). */
    if ((guint64) line == d->line_starts->len && character == 0) {
      *out = d->text->len;
      return TRUE;
    }
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "line %" G_GINT64_FORMAT " is past the end (%u lines)",
                 line, d->line_starts->len);
    return FALSE;
  }
  const char *s = d->text->str;
  gsize at = g_array_index (d->line_starts, gsize, line);
  gsize line_end = (guint64) line + 1 < d->line_starts->len ? g_array_index (d->line_starts, gsize, line + 1) - 1 : d->text->len;
  if (line_end > at && s[line_end - 1] == '\r')
    line_end--;
  gint64 counted = 0;
  while (at < line_end && counted < character) {
    const char *next = g_utf8_next_char (s + at);
    counted += units (g_utf8_get_char (s + at), next - (s + at), enc);
    at = next - s;
  }
  /* A position inside a surrogate pair or a UTF-8 sequence rounds up to the character's end. */
  *out = at;
  return TRUE;
}

gboolean
draftd_lsp_document_range (DraftdLspDocument *d, DraftdLspEncoding enc, JsonObject *range, gsize *start, gsize *end,
                           GError **error)
{
  if (!draftd_lsp_document_offset (d, enc, draftd_lsp_get_object (range, "start"), start, error) ||
      !draftd_lsp_document_offset (d, enc, draftd_lsp_get_object (range, "end"), end, error))
    return FALSE;
  if (*end < *start) {
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "a range ends before it starts");
    return FALSE;
  }
  return TRUE;
}

JsonNode *
draftd_lsp_document_position (DraftdLspDocument *d, DraftdLspEncoding enc, gsize offset)
{
  /* The last line starting at or before the offset. */
  guint lo = 0, hi = d->line_starts->len;
  while (hi - lo > 1) {
    guint mid = (lo + hi) / 2;
    if (g_array_index (d->line_starts, gsize, mid) <= offset)
      lo = mid;
    else
      hi = mid;
  }
  const char *s = d->text->str;
  gint64 character = 0;
  for (gsize at = g_array_index (d->line_starts, gsize, lo); at < offset;) {
    const char *next = g_utf8_next_char (s + at);
    character += units (g_utf8_get_char (s + at), next - (s + at), enc);
    at = next - s;
  }
  JsonObject *o = json_object_new ();
  json_object_set_int_member (o, "line", lo);
  json_object_set_int_member (o, "character", character);
  JsonNode *n = json_node_init_object (json_node_alloc (), o);
  json_object_unref (o);
  return n;
}

JsonNode *
draftd_lsp_document_range_node (DraftdLspDocument *d, DraftdLspEncoding enc, gsize start, gsize end)
{
  JsonObject *o = json_object_new ();
  json_object_set_member (o, "start", draftd_lsp_document_position (d, enc, start));
  json_object_set_member (o, "end", draftd_lsp_document_position (d, enc, end));
  JsonNode *n = json_node_init_object (json_node_alloc (), o);
  json_object_unref (o);
  return n;
}

void
draftd_lsp_document_replace (DraftdLspDocument *d, gsize start, gsize end, const char *text)
{
  gssize delta = (gssize) strlen (text) - (gssize) (end - start);
  for (guint i = d->fixes->len; i-- > 0;) {
    DraftdLspFix *f = &g_array_index (d->fixes, DraftdLspFix, i);
    if (f->start >= end && !(f->start == end && start == end && f->start == f->end)) {
      f->start += delta;
      f->end += delta;
    } else if (f->end > start || (f->end == start && f->start == f->end)) {
      g_array_remove_index (d->fixes, i);  /* the change touches it: its text is no longer what was checked */
    }
  }
  g_string_erase (d->text, start, end - start);
  g_string_insert (d->text, start, text);
  index_lines (d);
  d->published = FALSE;
}

gboolean
draftd_lsp_document_change (DraftdLspDocument *d, DraftdLspEncoding enc, JsonObject *change, GError **error)
{
  const char *text = draftd_lsp_get_string (change, "text");
  if (text == NULL) {
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "a content change needs a text");
    return FALSE;
  }
  if (!g_utf8_validate (text, -1, NULL)) {
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "a content change is not valid UTF-8");
    return FALSE;
  }
  JsonObject *range = draftd_lsp_get_object (change, "range");
  gsize start = 0, end = d->text->len;
  if (range && !draftd_lsp_document_range (d, enc, range, &start, &end, error))
    return FALSE;
  draftd_lsp_document_replace (d, start, end, text);
  return TRUE;
}
