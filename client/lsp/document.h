/* An open text document: its UTF-8 text, and the conversion between byte offsets and LSP
 * positions (line, character) where character counts UTF-8 bytes, UTF-16 code units or
 * code points, as negotiated with the client. */
#pragma once
#include <glib.h>
#include <json-glib/json-glib.h>

typedef enum { DRAFTD_LSP_UTF8, DRAFTD_LSP_UTF16, DRAFTD_LSP_UTF32 } DraftdLspEncoding;

/* "utf-8", "utf-16", "utf-32"; FALSE for any other name. */
gboolean draftd_lsp_encoding_from_name (const char *name, DraftdLspEncoding *out);
const char *draftd_lsp_encoding_name (DraftdLspEncoding e);

/* A fix found in the document: byte range, kept valid across edits (shifted, or dropped
 * when an edit touches it) until the next check replaces the list. */
typedef struct {
  gsize start, end;
  char *replacement, *kind, *message;
  char *rule;            /* the rule id, or NULL from a daemon that sends none */
  gboolean suggestion;   /* offered only (DraftdLspEdit.suggestion): never in "apply all" */
} DraftdLspFix;

void draftd_lsp_fix_clear (DraftdLspFix *f);

typedef struct {
  char *uri, *language;
  char *file;            /* the local file a file: URI names (percent-decoded), sent as Correct's path; NULL: none */
  char *cache_scope;     /* what its paragraphs' cached answers depend on beside their text: file's folder */
  gint64 version;
  GString *text;
  GArray *line_starts;   /* byte offset of each line; rebuilt on change */
  GArray *fixes;         /* DraftdLspFix, in document order */
  guint check_source;    /* debounce timer */
  GHashTable *inflight;  /* paragraph text -> job id (as pointer-sized int) */
  gboolean published;    /* diagnostics sent for the current text */
  gboolean checked_once; /* diagnostics sent at least once */
  gsize edit_at;         /* where the last change began: its paragraph is checked first */
  gboolean edited;       /* edit_at is set */
  guint check_total;     /* a long check under way: paragraphs sent (0: none) */
  guint publish_source;  /* the next publish of a long check's answers so far */
  char *progress_token;  /* its $/progress token, while one is reported */
  char *declared_language; /* the language its text declares (lib/cli/language.h); NULL: none */
  gboolean told_too_large; /* over DRAFTD_LSP_MAX_CHECKED, and the user was told */
  /* The last position draftd_lsp_document_position placed: a line's start, a byte offset on
   * it and the characters (in pos_enc's units) before it. Diagnostics are placed in document
   * order, and walking a long line from its start for each made a one-paragraph document's
   * publish quadratic (200 KB: 7.7 s of CPU). Forgotten when the text changes. */
  gboolean pos_valid;
  DraftdLspEncoding pos_enc;
  gsize pos_line_start, pos_offset;
  gint64 pos_character;
} DraftdLspDocument;

/* The local file of a file: URI ("file:///home/a%20b/x.md" -> "/home/a b/x.md"; a host
 * other than localhost is not this machine's), absolute and at most 4096 bytes as the
 * daemon's path option takes it; NULL for any other URI. */
char *draftd_lsp_uri_file (const char *uri);

DraftdLspDocument *draftd_lsp_document_new (const char *uri, const char *language, gint64 version, const char *text);
void draftd_lsp_document_free (DraftdLspDocument *d);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdLspDocument, draftd_lsp_document_free)

/* Byte offset of a position; FALSE (error set) if it is not inside the document. A character
 * past the end of its line is clamped to the line end, as the protocol asks. */
gboolean draftd_lsp_document_offset (DraftdLspDocument *d, DraftdLspEncoding enc, JsonObject *position, gsize *out,
                                     GError **error);
gboolean draftd_lsp_document_range (DraftdLspDocument *d, DraftdLspEncoding enc, JsonObject *range, gsize *start,
                                    gsize *end, GError **error);
/* {line, character} of a byte offset (which must lie on a character boundary). */
JsonNode *draftd_lsp_document_position (DraftdLspDocument *d, DraftdLspEncoding enc, gsize offset);
JsonNode *draftd_lsp_document_range_node (DraftdLspDocument *d, DraftdLspEncoding enc, gsize start, gsize end);

/* Applies a didChange's TextDocumentContentChangeEvents in order (a range and text, or text
 * alone: the whole document), in time linear in the text and the changes when they come in
 * document order (client/lsp/gap.h). All or nothing: a malformed change (not an object, no
 * text, bad UTF-8, a range that is not one, a line or character past the end, a start after
 * its end) is an error naming it, and the document and its fixes stay as they were. Sets
 * edit_at to where the last ranged change began. */
gboolean draftd_lsp_document_apply (DraftdLspDocument *d, DraftdLspEncoding enc, JsonArray *changes, GError **error);
