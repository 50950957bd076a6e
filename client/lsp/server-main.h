/* The language server's entry points for main() and for tests that drive it in-process. */
#pragma once
#include <gio/gio.h>

#ifndef DRAFTD_LSP_VERSION
#define DRAFTD_LSP_VERSION "0"
#endif

typedef struct _DraftdLspServer DraftdLspServer;

/* Messages go to `out`; bus_address NULL: the session bus, connected when first needed. */
DraftdLspServer *draftd_lsp_server_new (GOutputStream *out, const char *bus_address);
void draftd_lsp_server_free (DraftdLspServer *s);
/* Bytes from the client, in any split. */
void draftd_lsp_server_feed (DraftdLspServer *s, const guint8 *data, gsize len);
/* One message body. */
void draftd_lsp_server_handle (DraftdLspServer *s, const char *body);
/* Serves stdin/stdout until exit or end of input; returns the process exit status. */
int draftd_lsp_server_run (DraftdLspServer *s, GInputStream *in);
