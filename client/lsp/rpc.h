/* JSON-RPC 2.0 over the Language Server Protocol's base protocol: messages framed by a
 * Content-Length header, read from a byte stream that may split or join them anywhere.
 * The reader never gives up on a stream: a frame it cannot read is reported and skipped,
 * and reading resumes at the next header. */
#pragma once
#include <gio/gio.h>
#include <json-glib/json-glib.h>

/* JSON-RPC and LSP error codes. */
enum {
  DRAFTD_LSP_PARSE_ERROR = -32700,
  DRAFTD_LSP_INVALID_REQUEST = -32600,
  DRAFTD_LSP_METHOD_NOT_FOUND = -32601,
  DRAFTD_LSP_INVALID_PARAMS = -32602,
  DRAFTD_LSP_INTERNAL_ERROR = -32603,
  DRAFTD_LSP_SERVER_NOT_INITIALIZED = -32002,
  DRAFTD_LSP_REQUEST_FAILED = -32803,
  DRAFTD_LSP_REQUEST_CANCELLED = -32800,
};

/* The largest frame accepted; a longer Content-Length is a protocol error, and the bytes are skipped. */
#define DRAFTD_LSP_MAX_FRAME (64u << 20)
/* While a refused frame's body is skipped, at most this many of its bytes are kept: the tail
 * that may hold the start of the next header, cut by the end of a read. */
#define DRAFTD_LSP_HEADER_TAIL 64

/* The deepest nesting of arrays and objects accepted; a message nested deeper is refused
 * before it is parsed (json-glib's parser recurses once per level; LSP nests a dozen). */
#define DRAFTD_LSP_MAX_DEPTH 64

typedef struct {
  GByteArray *buf;
  gsize skip;         /* body bytes of a rejected frame still to drop */
  gboolean resync;    /* after a header without Content-Length: drop up to the next one */
  gsize scanned;      /* body bytes of the pending frame already searched for a header inside */
} DraftdLspReader;

void draftd_lsp_reader_init (DraftdLspReader *r);
void draftd_lsp_reader_clear (DraftdLspReader *r);
void draftd_lsp_reader_feed (DraftdLspReader *r, const guint8 *data, gsize len);

typedef enum {
  DRAFTD_LSP_FRAME_NONE,      /* need more bytes */
  DRAFTD_LSP_FRAME_MESSAGE,   /* *body is one message (not yet parsed) */
  DRAFTD_LSP_FRAME_BAD,       /* *body is why a frame was rejected */
} DraftdLspFrame;

/* Takes the next frame from the buffer. */
DraftdLspFrame draftd_lsp_reader_next (DraftdLspReader *r, char **body);

/* Parses one message body: NULL with G_IO_ERROR_INVALID_DATA for JSON that is malformed or
 * nested deeper than DRAFTD_LSP_MAX_DEPTH. *text_ok: every string in it (member names
 * included) is valid UTF-8 and free of \u0000 (which would cut it short); a lone surrogate
 * escape such as \ud800 decodes to invalid UTF-8. */
JsonNode *draftd_lsp_parse (const char *body, gboolean *text_ok, GError **error);

/* Frames and writes one message (blocking: a language client reads its pipe). */
gboolean draftd_lsp_write (GOutputStream *out, JsonNode *message, GError **error);
char *draftd_lsp_frame (JsonNode *message, gsize *len);

/* Message builders; each returns a new node owning `result`/`params`. */
JsonNode *draftd_lsp_response (JsonNode *id, JsonNode *result);
JsonNode *draftd_lsp_error_response (JsonNode *id, int code, const char *message);
JsonNode *draftd_lsp_notification (const char *method, JsonNode *params);
JsonNode *draftd_lsp_request (gint64 id, const char *method, JsonNode *params);

/* Member access that tolerates any JSON: NULL / the fallback where the member is absent or of another type. */
JsonObject *draftd_lsp_get_object (JsonObject *o, const char *name);
JsonArray *draftd_lsp_get_array (JsonObject *o, const char *name);
const char *draftd_lsp_get_string (JsonObject *o, const char *name);
gboolean draftd_lsp_get_int (JsonObject *o, const char *name, gint64 *out);
gboolean draftd_lsp_get_bool (JsonObject *o, const char *name, gboolean fallback);
