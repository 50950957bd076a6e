#include "client/lsp/rpc.h"
#include <string.h>

void
draftd_lsp_reader_init (DraftdLspReader *r)
{
  memset (r, 0, sizeof *r);
  r->buf = g_byte_array_new ();
}

void
draftd_lsp_reader_clear (DraftdLspReader *r)
{
  g_clear_pointer (&r->buf, g_byte_array_unref);
}

void
draftd_lsp_reader_feed (DraftdLspReader *r, const guint8 *data, gsize len)
{
  g_byte_array_append (r->buf, data, len);
}

static const guint8 *
find (const guint8 *hay, gsize n, const char *needle)
{
  gsize m = strlen (needle);
  if (n < m)
    return NULL;  /* also an empty buffer, whose data may be NULL */
  const guint8 *end = hay + n;
  for (const guint8 *p = hay; end - p >= (gssize) m && (p = memchr (p, needle[0], end - p - m + 1)) != NULL; p++)
    if (memcmp (p, needle, m) == 0)
      return p;
  return NULL;
}

/* Drops bytes up to the next "Content-Length" header (case as written by every client). */
static gboolean
resync (DraftdLspReader *r)
{
  const guint8 *at = find (r->buf->data, r->buf->len, "Content-Length:");
  if (at == NULL) {
    /* Keep a tail that may be the start of the header split across reads. */
    gsize keep = MIN (r->buf->len, 14);
    g_byte_array_remove_range (r->buf, 0, r->buf->len - keep);
    return FALSE;
  }
  g_byte_array_remove_range (r->buf, 0, at - r->buf->data);
  r->resync = FALSE;
  return TRUE;
}

/* Content-Length from a header block; -1 when absent or not a number. */
static gint64
content_length (const char *headers)
{
  g_auto (GStrv) lines = g_strsplit (headers, "\r\n", -1);
  for (guint i = 0; lines[i]; i++) {
    char *colon = strchr (lines[i], ':');
    if (colon == NULL || g_ascii_strncasecmp (lines[i], "Content-Length", colon - lines[i]) != 0 ||
        colon - lines[i] != 14)
      continue;
    char *end;
    const char *v = colon + 1;
    while (*v == ' ')
      v++;
    /* A number past gint64 (10^20) saturates: it is refused as too large, not taken as a
     * small one. */
    gint64 n = g_ascii_strtoll (v, &end, 10);
    while (*end == ' ')
      end++;
    return end == v || *end || n < 0 ? -1 : n;
  }
  return -1;
}

/* Where a header line "Content-Length: N\r\n" starts in `data` (only starts before `limit`
 * count), or G_MAXSIZE. No JSON text holds one: raw CR and LF cannot stand in a string. */
static gsize
header_inside (const guint8 *data, gsize len, gsize limit)
{
  static const char key[] = "Content-Length:";
  for (const guint8 *at = data; (at = find (at, len - (at - data), key)) != NULL && (gsize) (at - data) < limit; at++) {
    const guint8 *p = at + strlen (key), *end = data + len;
    while (p < end && *p == ' ')
      p++;
    const guint8 *digits = p;
    while (p < end && g_ascii_isdigit (*p))
      p++;
    if (p > digits && p + 1 < end && p[0] == '\r' && p[1] == '\n')
      return at - data;
  }
  return G_MAXSIZE;
}

/* The body of a refused frame is dropped as it arrives, never kept: only a tail that may hold
 * the start of a header cut by the end of a read stays. Should a header appear inside it (the
 * client sent less than it claimed, or the claim was absurd such as 10^20 bytes), reading
 * resumes there, so no claim makes the server deaf. TRUE when the skip is over. */

static gboolean
skip_refused (DraftdLspReader *r)
{
  gsize avail = MIN (r->skip, r->buf->len);
  gsize next = header_inside (r->buf->data, r->buf->len, avail);
  if (next != G_MAXSIZE) {
    g_byte_array_remove_range (r->buf, 0, next);
    r->skip = 0;
    return TRUE;
  }
  gsize drop = avail;
  if (avail < r->skip)  /* the refused body goes on past the buffer */
    drop = avail > DRAFTD_LSP_HEADER_TAIL ? avail - DRAFTD_LSP_HEADER_TAIL : 0;
  g_byte_array_remove_range (r->buf, 0, drop);
  r->skip -= drop;
  return r->skip == 0;
}

/* A header block without a valid Content-Length. The rest of a message cut short by a
 * Content-Length too small comes before the next header in the same block: reading resumes
 * at that header, so the message after a bad frame is not lost. */
static DraftdLspFrame
bad_header (DraftdLspReader *r, gsize header_len, char **body)
{
  const guint8 *at = header_len > 1 ? find (r->buf->data + 1, header_len - 1, "Content-Length:") : NULL;
  if (at) {
    g_byte_array_remove_range (r->buf, 0, at - r->buf->data);
    *body = g_strdup ("bytes that are no message (after a Content-Length too small?)");
    return DRAFTD_LSP_FRAME_BAD;
  }
  g_byte_array_remove_range (r->buf, 0, header_len + 4);
  r->resync = TRUE;
  *body = g_strdup ("a message header without a valid Content-Length");
  return DRAFTD_LSP_FRAME_BAD;
}

DraftdLspFrame
draftd_lsp_reader_next (DraftdLspReader *r, char **body)
{
  *body = NULL;
  if (r->skip && !skip_refused (r))
    return DRAFTD_LSP_FRAME_NONE;
  if (r->resync && !resync (r))
    return DRAFTD_LSP_FRAME_NONE;
  const guint8 *end = find (r->buf->data, r->buf->len, "\r\n\r\n");
  if (end == NULL) {
    if (r->buf->len > 8192) {  /* no header is this long: garbage */
      *body = g_strdup ("a header block longer than 8 KiB without an end");
      r->resync = TRUE;
      g_byte_array_remove_range (r->buf, 0, r->buf->len - 14);
      return DRAFTD_LSP_FRAME_BAD;
    }
    return DRAFTD_LSP_FRAME_NONE;
  }
  gsize header_len = end - r->buf->data;
  g_autofree char *headers = g_strndup ((const char *) r->buf->data, header_len);
  gint64 n = content_length (headers);
  if (n < 0)
    return bad_header (r, header_len, body);
  if ((guint64) n > DRAFTD_LSP_MAX_FRAME) {
    g_byte_array_remove_range (r->buf, 0, header_len + 4);
    r->skip = n;
    if (n == G_MAXINT64)
      *body = g_strdup_printf ("a Content-Length past any size (the limit is %u bytes)", DRAFTD_LSP_MAX_FRAME);
    else
      *body = g_strdup_printf ("a message of %" G_GINT64_FORMAT " bytes (the limit is %u)", n, DRAFTD_LSP_MAX_FRAME);
    return DRAFTD_LSP_FRAME_BAD;
  }
  gsize start = header_len + 4, avail = MIN (r->buf->len - start, (gsize) n + 16);
  /* What earlier calls searched is not searched again (a large body comes in many reads),
   * but for an overlap that finds a header cut by the end of the last read. */
  gsize from = MIN (r->scanned, avail) > 64 ? MIN (r->scanned, avail) - 64 : 0;
  gsize next = header_inside (r->buf->data + start + from, avail - from, (gsize) n > from ? n - from : 0);
  r->scanned = avail;
  if (next != G_MAXSIZE) {
    /* The Content-Length was too long: the next message's header is inside the body. */
    r->scanned = 0;
    g_byte_array_remove_range (r->buf, 0, start + from + next);
    *body = g_strdup_printf ("a message shorter than its Content-Length (%" G_GINT64_FORMAT " bytes)", n);
    return DRAFTD_LSP_FRAME_BAD;
  }
  if (r->buf->len < start + n)
    return DRAFTD_LSP_FRAME_NONE;
  r->scanned = 0;
  gboolean nul = memchr (r->buf->data + start, 0, n) != NULL;
  *body = nul ? g_strdup ("a message holds a NUL byte") : g_strndup ((const char *) r->buf->data + start, n);
  g_byte_array_remove_range (r->buf, 0, start + n);
  return nul ? DRAFTD_LSP_FRAME_BAD : DRAFTD_LSP_FRAME_MESSAGE;
}

/* The deepest nesting of arrays and objects in JSON text as json-glib reads it (its
 * scanner also takes 'single-quoted' strings, without escapes, and C comments), up to
 * `max` + 1; *nul: a \u0000 escape in a string. */
static guint
nesting (const char *s, guint max, gboolean *nul)
{
  guint depth = 0, deepest = 0;
  *nul = FALSE;
  for (const char *p = s; *p && deepest <= max; p++) {
    if (*p == '"') {
      for (p++; *p && *p != '"'; p++)
        if (*p == '\\' && p[1]) {
          *nul |= g_str_has_prefix (p + 1, "u0000");
          p++;
        }
    } else if (*p == '\'') {
      p = strchr (p + 1, '\'');
    } else if (p[0] == '/' && p[1] == '*') {
      p = strstr (p + 2, "*/");
      p = p ? p + 1 : NULL;
    } else if (*p == '[' || *p == '{') {
      depth++;
      deepest = MAX (deepest, depth);
    } else if ((*p == ']' || *p == '}') && depth > 0) {
      depth--;
    }
    if (p == NULL || *p == 0)
      break;  /* unterminated: the parser refuses it */
  }
  return deepest;
}

static gboolean
text_valid (JsonNode *n)
{
  if (JSON_NODE_HOLDS_VALUE (n))
    return json_node_get_value_type (n) != G_TYPE_STRING || g_utf8_validate (json_node_get_string (n), -1, NULL);
  if (JSON_NODE_HOLDS_ARRAY (n)) {
    JsonArray *a = json_node_get_array (n);
    for (guint i = 0; i < json_array_get_length (a); i++)
      if (!text_valid (json_array_get_element (a, i)))
        return FALSE;
  } else if (JSON_NODE_HOLDS_OBJECT (n)) {
    JsonObjectIter it;
    const char *name;
    JsonNode *v;
    json_object_iter_init (&it, json_node_get_object (n));
    while (json_object_iter_next (&it, &name, &v))
      if (!g_utf8_validate (name, -1, NULL) || !text_valid (v))
        return FALSE;
  }
  return TRUE;
}

JsonNode *
draftd_lsp_parse (const char *body, gboolean *text_ok, GError **error)
{
  gboolean nul;
  *text_ok = FALSE;
  if (nesting (body, DRAFTD_LSP_MAX_DEPTH, &nul) > DRAFTD_LSP_MAX_DEPTH) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "arrays and objects nested more than %d deep",
                 DRAFTD_LSP_MAX_DEPTH);
    return NULL;
  }
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) local = NULL;
  if (!json_parser_load_from_data (parser, body, -1, &local)) {
    /* json-glib quotes the string it choked on, decoded escapes and all: it may not be text. */
    g_autofree char *why = g_utf8_make_valid (local->message, -1);
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "parse error: %s", why);
    return NULL;
  }
  JsonNode *root = json_parser_steal_root (parser);
  if (root == NULL) {
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "parse error: an empty message");
    return NULL;
  }
  *text_ok = !nul && text_valid (root);
  return root;
}

char *
draftd_lsp_frame (JsonNode *message, gsize *len)
{
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  json_generator_set_root (gen, message);
  gsize n;
  g_autofree char *body = json_generator_to_data (gen, &n);
  char *framed = g_strdup_printf ("Content-Length: %" G_GSIZE_FORMAT "\r\n\r\n%s", n, body);
  *len = strlen (framed);
  return framed;
}

gboolean
draftd_lsp_write (GOutputStream *out, JsonNode *message, GError **error)
{
  gsize len;
  g_autofree char *framed = draftd_lsp_frame (message, &len);
  return g_output_stream_write_all (out, framed, len, NULL, NULL, error) && g_output_stream_flush (out, NULL, error);
}

static JsonObject *
envelope (void)
{
  JsonObject *o = json_object_new ();
  json_object_set_string_member (o, "jsonrpc", "2.0");
  return o;
}

static JsonNode *
wrap (JsonObject *o)
{
  JsonNode *n = json_node_init_object (json_node_alloc (), o);
  json_object_unref (o);
  return n;
}

JsonNode *
draftd_lsp_response (JsonNode *id, JsonNode *result)
{
  JsonObject *o = envelope ();
  json_object_set_member (o, "id", id ? json_node_copy (id) : json_node_init_null (json_node_alloc ()));
  json_object_set_member (o, "result", result ? result : json_node_init_null (json_node_alloc ()));
  return wrap (o);
}

JsonNode *
draftd_lsp_error_response (JsonNode *id, int code, const char *message)
{
  JsonObject *o = envelope ();
  json_object_set_member (o, "id", id ? json_node_copy (id) : json_node_init_null (json_node_alloc ()));
  JsonObject *e = json_object_new ();
  json_object_set_int_member (e, "code", code);
  json_object_set_string_member (e, "message", message);
  json_object_set_object_member (o, "error", e);
  return wrap (o);
}

JsonNode *
draftd_lsp_notification (const char *method, JsonNode *params)
{
  JsonObject *o = envelope ();
  json_object_set_string_member (o, "method", method);
  if (params)
    json_object_set_member (o, "params", params);
  return wrap (o);
}

JsonNode *
draftd_lsp_request (gint64 id, const char *method, JsonNode *params)
{
  JsonNode *n = draftd_lsp_notification (method, params);
  json_object_set_int_member (json_node_get_object (n), "id", id);
  return n;
}

static JsonNode *
member (JsonObject *o, const char *name, JsonNodeType type)
{
  JsonNode *n = o ? json_object_get_member (o, name) : NULL;
  return n && JSON_NODE_TYPE (n) == type ? n : NULL;
}

JsonObject *
draftd_lsp_get_object (JsonObject *o, const char *name)
{
  JsonNode *n = member (o, name, JSON_NODE_OBJECT);
  return n ? json_node_get_object (n) : NULL;
}

JsonArray *
draftd_lsp_get_array (JsonObject *o, const char *name)
{
  JsonNode *n = member (o, name, JSON_NODE_ARRAY);
  return n ? json_node_get_array (n) : NULL;
}

const char *
draftd_lsp_get_string (JsonObject *o, const char *name)
{
  JsonNode *n = member (o, name, JSON_NODE_VALUE);
  return n && json_node_get_value_type (n) == G_TYPE_STRING ? json_node_get_string (n) : NULL;
}

gboolean
draftd_lsp_get_int (JsonObject *o, const char *name, gint64 *out)
{
  JsonNode *n = member (o, name, JSON_NODE_VALUE);
  if (n == NULL || json_node_get_value_type (n) != G_TYPE_INT64)
    return FALSE;
  *out = json_node_get_int (n);
  return TRUE;
}

gboolean
draftd_lsp_get_bool (JsonObject *o, const char *name, gboolean fallback)
{
  JsonNode *n = member (o, name, JSON_NODE_VALUE);
  return n && json_node_get_value_type (n) == G_TYPE_BOOLEAN ? json_node_get_boolean (n) : fallback;
}
