/* draftd-lsp: a language server for prose, over stdio, checking with draftd over D-Bus.
 * Also run as `draft lsp`. */
#include <locale.h>
#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>
#include "client/lsp/server-main.h"
#include "client/lsp/server.h"

typedef struct {
  DraftdLspServer *s;
  GInputStream *in;
  GCancellable *cancel;
  gboolean reading;
} Reading;

static void read_more (Reading *r);

static void
on_read (GObject *source, GAsyncResult *res, gpointer user)
{
  Reading *r = user;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), res, &error);
  r->reading = FALSE;
  if (bytes == NULL || g_bytes_get_size (bytes) == 0) {
    if (error && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
      g_printerr ("draftd-lsp: reading from the client failed: %s\n", error->message);
    g_main_loop_quit (r->s->loop);  /* the client closed our input: nothing more will come */
    return;
  }
  gsize n;
  const guint8 *data = g_bytes_get_data (bytes, &n);
  draftd_lsp_server_feed (r->s, data, n);
  if (!r->s->exiting)
    read_more (r);
}

static void
read_more (Reading *r)
{
  r->reading = TRUE;
  g_input_stream_read_bytes_async (r->in, 65536, G_PRIORITY_DEFAULT, r->cancel, on_read, r);
}

static gboolean
on_signal (gpointer user)
{
  DraftdLspServer *s = user;
  g_main_loop_quit (s->loop);
  return G_SOURCE_CONTINUE;
}

int
draftd_lsp_server_run (DraftdLspServer *s, GInputStream *in)
{
  Reading r = { s, in, g_cancellable_new (), FALSE };
  read_more (&r);
  guint term = g_unix_signal_add (SIGTERM, on_signal, s), intr = g_unix_signal_add (SIGINT, on_signal, s);
  g_main_loop_run (s->loop);
  g_source_remove (term);
  g_source_remove (intr);
  /* Stopped by a signal mid-read: let the read finish as cancelled, so nothing is left behind. */
  g_cancellable_cancel (r.cancel);
  while (r.reading)
    g_main_context_iteration (NULL, TRUE);
  g_object_unref (r.cancel);
  return s->exit_code;
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gboolean version = FALSE, stdio = FALSE;
  GOptionEntry entries[] = {
    { "stdio", 0, 0, G_OPTION_ARG_NONE, &stdio, "Talk over stdin and stdout (the default and only transport)", NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, &version, "Print the version", NULL },
    G_OPTION_ENTRY_NULL,
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (NULL);
  g_option_context_set_summary (ctx, "A language server for prose: diagnostics and code actions from draftd "
                                     "(org.draftd.Assistant1 on the session bus).\nSettings come as initializationOptions; "
                                     "see the README's Editors section.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    g_printerr ("draftd-lsp: %s\nTry 'draftd-lsp --help' for the options.\n", error->message);
    return 2;
  }
  if (version) {
    printf ("draftd-lsp %s\n", DRAFTD_LSP_VERSION);
    return 0;
  }
  /* A client that goes away must not kill us mid-write: the write fails and we exit. */
  signal (SIGPIPE, SIG_IGN);
  g_autoptr (GInputStream) in = g_unix_input_stream_new (0, FALSE);
  g_autoptr (GOutputStream) raw = g_unix_output_stream_new (1, FALSE);
  DraftdLspServer *s = draftd_lsp_server_new (raw, NULL);
  int status = draftd_lsp_server_run (s, in);
  draftd_lsp_server_free (s);
  return status;
}
