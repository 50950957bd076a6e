#include "client/lsp/document.h"
#include "lib/cli/language.h"
#include "client/lsp/gap.h"
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
  g_free (f->rule);
}

static void
index_lines (DraftdLspDocument *d)
{
  d->pos_valid = FALSE;
  g_array_set_size (d->line_starts, 0);
  gsize zero = 0;
  g_array_append_val (d->line_starts, zero);
  for (const char *p = d->text->str; (p = strchr (p, '\n')); p++) {
    gsize at = p + 1 - d->text->str;
    g_array_append_val (d->line_starts, at);
  }
}

char *
draftd_lsp_uri_file (const char *uri)
{
  g_autofree char *host = NULL;
  g_autofree char *file = uri ? g_filename_from_uri (uri, &host, NULL) : NULL;
  if (file == NULL || (host && g_ascii_strcasecmp (host, "localhost") != 0) || !g_path_is_absolute (file) || strlen (file) > 4096)
    return NULL;
  return g_steal_pointer (&file);
}

DraftdLspDocument *
draftd_lsp_document_new (const char *uri, const char *language, gint64 version, const char *text)
{
  DraftdLspDocument *d = g_new0 (DraftdLspDocument, 1);
  d->uri = g_strdup (uri);
  d->file = draftd_lsp_uri_file (uri);
  /* The daemon reads the workspace words above the file's folder: documents in one folder
   * share answers, others do not. The length first, so that no folder name can make two
   * keys one. */
  g_autofree char *folder = d->file ? g_path_get_dirname (d->file) : g_strdup ("");
  d->cache_scope = g_strdup_printf ("%zu:%s\n", strlen (folder), folder);
  d->language = g_strdup (language ? language : "plaintext");
  d->version = version;
  d->text = g_string_new (text);
  d->line_starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  d->fixes = g_array_new (FALSE, TRUE, sizeof (DraftdLspFix));
  g_array_set_clear_func (d->fixes, (GDestroyNotify) draftd_lsp_fix_clear);
  d->inflight = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  index_lines (d);
  d->declared_language = draftd_cli_declared_language (d->text->str);
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
  g_free (d->declared_language);
  g_free (d->uri);
  g_free (d->file);
  g_free (d->cache_scope);
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
  gsize line_start = g_array_index (d->line_starts, gsize, lo), at = line_start;
  gint64 character = 0;
  /* On the line of the last position and past it: count on from there. */
  if (d->pos_valid && d->pos_enc == enc && d->pos_line_start == line_start && d->pos_offset <= offset) {
    at = d->pos_offset;
    character = d->pos_character;
  }
  while (at < offset) {
    const char *next = g_utf8_next_char (s + at);
    character += units (g_utf8_get_char (s + at), next - (s + at), enc);
    at = next - s;
  }
  d->pos_valid = TRUE;
  d->pos_enc = enc;
  d->pos_line_start = line_start;
  d->pos_offset = at; /* where the count stopped: past `offset` when it lies inside a character */
  d->pos_character = character;
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

/* Fixes after a change of [start, end) to `len` bytes: shifted, or dropped when it touches them. */
static void
shift_fixes (GArray *fixes, gsize start, gsize end, gsize len)
{
  gssize delta = (gssize) len - (gssize) (end - start);
  for (guint i = fixes->len; i-- > 0;) {
    DraftdLspFix *f = &g_array_index (fixes, DraftdLspFix, i);
    if (f->start >= end && !(f->start == end && start == end && f->start == f->end)) {
      f->start += delta;
      f->end += delta;
    } else if (f->end > start || (f->end == start && f->start == f->end)) {
      g_array_remove_index (fixes, i);  /* the change touches it: its text is no longer what was checked */
    }
  }
}

static gboolean
bad_change (GError **error, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static gboolean
bad_change (GError **error, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *m = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, m);
  return FALSE;
}

/* The byte offset of a change's position in the text as the earlier changes left it. Strict,
 * unlike a request's position: a line or character past the end means the client's copy and
 * ours differ, and guessing would corrupt ours. */
static gboolean
gap_offset (const DraftdLspGap *g, DraftdLspEncoding enc, JsonObject *position, gsize *out, GError **error)
{
  gint64 line, character;
  if (!position || !draftd_lsp_get_int (position, "line", &line) || !draftd_lsp_get_int (position, "character", &character) ||
      line < 0 || character < 0)
    return bad_change (error, "a position needs integers line and character from 0");
  guint lines = draftd_lsp_gap_lines (g);
  gsize len = draftd_lsp_gap_length (g);
  if ((guint64) line >= lines) {
    /* One past the last line is the document's end (a client appending at the end sends it). */
    if ((guint64) line == lines && character == 0) {
      *out = len;
      return TRUE;
    }
    return bad_change (error, "line %" G_GINT64_FORMAT " is past the end (%u lines)", line, lines);
  }
  gsize at = draftd_lsp_gap_line_start (g, line);
  gsize line_end = (guint64) line + 1 < lines ? draftd_lsp_gap_line_start (g, line + 1) - 1 : len;
  if (line_end > at && draftd_lsp_gap_byte (g, line_end - 1) == '\r')
    line_end--;
  gint64 counted = 0;
  while (at < line_end && counted < character) {
    char bytes[4] = { draftd_lsp_gap_byte (g, at) };
    guint n = g_utf8_skip[(guchar) bytes[0]];
    for (guint k = 1; k < n && at + k < line_end; k++)
      bytes[k] = draftd_lsp_gap_byte (g, at + k);
    counted += units (g_utf8_get_char_validated (bytes, n) < 0x110000 ? g_utf8_get_char (bytes) : 0, n, enc);
    at += n;
  }
  if (counted < character)
    return bad_change (error, "character %" G_GINT64_FORMAT " is past the end of line %" G_GINT64_FORMAT " (%" G_GINT64_FORMAT ")",
                       character, line, counted);
  *out = at;
  return TRUE;
}

/* One TextDocumentContentChangeEvent applied to the gap buffer. */
static gboolean
gap_change (DraftdLspDocument *d, DraftdLspGap *g, DraftdLspEncoding enc, JsonNode *node, GArray *fixes, GError **error)
{
  JsonObject *change = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *text = change ? draftd_lsp_get_string (change, "text") : NULL;
  if (text == NULL)
    return bad_change (error, "a content change needs a text");
  if (!g_utf8_validate (text, -1, NULL))
    return bad_change (error, "a content change is not valid UTF-8");
  gsize start = 0, end = draftd_lsp_gap_length (g);
  /* A range that is there but is not one is an error, never "the whole document". */
  if (json_object_has_member (change, "range")) {
    JsonObject *range = draftd_lsp_get_object (change, "range");
    if (range == NULL || !gap_offset (g, enc, draftd_lsp_get_object (range, "start"), &start, error) ||
        !gap_offset (g, enc, draftd_lsp_get_object (range, "end"), &end, error))
      return range ? FALSE : bad_change (error, "a content change's range is not a range");
    if (end < start)
      return bad_change (error, "a range ends before it starts");
    d->edit_at = start;
    d->edited = TRUE;
  }
  gsize len = strlen (text);
  if (fixes)
    shift_fixes (fixes, start, end, len);
  draftd_lsp_gap_replace (g, start, end, text, len);
  return TRUE;
}

/* Fixes are shifted change by change while that stays cheap; past this many (changes times
 * fixes) they are dropped instead: the next publish rebuilds them from the cached answers. */
#define SHIFT_BUDGET (1u << 20)

/* A copy of the fixes that owns its strings. */
static GArray *
copy_fixes (const GArray *fixes)
{
  GArray *c = g_array_sized_new (FALSE, TRUE, sizeof (DraftdLspFix), fixes->len);
  g_array_set_clear_func (c, (GDestroyNotify) draftd_lsp_fix_clear);
  for (guint i = 0; i < fixes->len; i++) {
    DraftdLspFix f = g_array_index (fixes, DraftdLspFix, i);
    f.replacement = g_strdup (f.replacement);
    f.kind = g_strdup (f.kind);
    f.message = g_strdup (f.message);
    f.rule = g_strdup (f.rule);
    g_array_append_val (c, f);
  }
  return c;
}

gboolean
draftd_lsp_document_apply (DraftdLspDocument *d, DraftdLspEncoding enc, JsonArray *changes, GError **error)
{
  guint n = changes ? json_array_get_length (changes) : 0;
  DraftdLspGap g;
  draftd_lsp_gap_init (&g, d->text->str, d->text->len);
  /* Shifted on a copy, so that a refused change leaves them as they were. */
  GArray *fixes = (guint64) n * d->fixes->len <= SHIFT_BUDGET ? copy_fixes (d->fixes) : NULL;
  gsize edit_at = d->edit_at;
  gboolean edited = d->edited;
  for (guint i = 0; i < n; i++) {
    if (!gap_change (d, &g, enc, json_array_get_element (changes, i), fixes, error)) {
      g_prefix_error (error, "content change %u of %u: ", i + 1, n);
      /* All or nothing: the document stays as the last good didChange left it. */
      draftd_lsp_gap_clear (&g);
      if (fixes)
        g_array_unref (fixes);
      d->edit_at = edit_at;
      d->edited = edited;
      return FALSE;
    }
  }
  g_array_unref (d->fixes);
  d->fixes = fixes ? fixes : copy_fixes (&(GArray) { NULL, 0 });  /* none: too many to shift */
  gsize len;
  g_autofree char *text = draftd_lsp_gap_steal (&g, &len);
  draftd_lsp_gap_clear (&g);
  g_string_truncate (d->text, 0);
  g_string_append_len (d->text, text, len);
  index_lines (d);
  /* Front matter, a preamble or <html lang> may have changed the document's language. */
  g_free (d->declared_language);
  d->declared_language = draftd_cli_declared_language (d->text->str);
  d->published = FALSE;
  return TRUE;
}
