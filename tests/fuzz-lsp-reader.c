/* libFuzzer target for the language server's input (client/lsp/rpc.c, server.c). The input
 * is a flags byte, then the bytes a client writes on the server's stdin. They reach a
 * reader in pieces sized by the flags; every frame it takes is parsed as the server parses
 * it. Checked: a parsed message nests no deeper than the bound the pre-scan enforces, and
 * framed again it reads back as the same bytes; a rejected frame's reason is text. With
 * flag 0x40 the same bytes then go through a whole server (no bus behind it), whose
 * answers must be text. */
#include "tests/fuzz-common.h"
#include "client/lsp/rpc.h"
#include "client/lsp/server-main.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  /* A job the server starts fails at once instead of looking for a session bus. */
  g_setenv ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/draftd-fuzz-bus", TRUE);
  return 0;
}

static guint
depth_of (JsonNode *n)
{
  guint deepest = 0;
  if (JSON_NODE_HOLDS_ARRAY (n)) {
    JsonArray *a = json_node_get_array (n);
    for (guint i = 0; i < json_array_get_length (a); i++)
      deepest = MAX (deepest, depth_of (json_array_get_element (a, i)));
    return deepest + 1;
  }
  if (JSON_NODE_HOLDS_OBJECT (n)) {
    JsonObjectIter it;
    JsonNode *v;
    json_object_iter_init (&it, json_node_get_object (n));
    while (json_object_iter_next (&it, NULL, &v))
      deepest = MAX (deepest, depth_of (v));
    return deepest + 1;
  }
  return 0;
}

/* Framed again and read by a fresh reader, a message comes back as the same bytes. */
static void
check_round_trip (JsonNode *message)
{
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  json_generator_set_root (gen, message);
  g_autofree char *text = json_generator_to_data (gen, NULL);
  gsize len;
  g_autofree char *framed = draftd_lsp_frame (message, &len);
  DraftdLspReader r;
  draftd_lsp_reader_init (&r);
  draftd_lsp_reader_feed (&r, (const guint8 *) framed, len);
  g_autofree char *body = NULL;
  FUZZ_ASSERT (draftd_lsp_reader_next (&r, &body) == DRAFTD_LSP_FRAME_MESSAGE);
  FUZZ_ASSERT (r.buf->len == 0 && g_str_equal (body, text));
  draftd_lsp_reader_clear (&r);
}

static void
check_frame (DraftdLspFrame f, const char *body)
{
  FUZZ_ASSERT (body != NULL);
  if (f == DRAFTD_LSP_FRAME_BAD) {
    FUZZ_ASSERT (g_utf8_validate (body, -1, NULL));
    return;
  }
  if (!g_utf8_validate (body, -1, NULL))
    return;  /* the server answers that before parsing */
  gboolean text_ok;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) root = draftd_lsp_parse (body, &text_ok, &error);
  FUZZ_ASSERT ((root == NULL) == (error != NULL));
  if (root == NULL)
    return;
  FUZZ_ASSERT (depth_of (root) <= DRAFTD_LSP_MAX_DEPTH);
  if (text_ok)
    check_round_trip (root);
}

static void
read_frames (const guint8 *data, gsize size, guint8 flags)
{
  DraftdLspReader r;
  draftd_lsp_reader_init (&r);
  gsize step = 1 + (flags & 0x3F) * 37, fed = 0;
  while (fed < size) {
    gsize n = MIN (step, size - fed);
    draftd_lsp_reader_feed (&r, data + fed, n);
    fed += n;
    for (;;) {
      g_autofree char *body = NULL;
      DraftdLspFrame f = draftd_lsp_reader_next (&r, &body);
      if (f == DRAFTD_LSP_FRAME_NONE)
        break;
      check_frame (f, body);
    }
    /* What is kept is at most what came in and was not yet taken; of a refused frame's body
     * no more than the tail where a header may start. */
    FUZZ_ASSERT (r.buf->len <= fed);
    FUZZ_ASSERT (r.skip == 0 || r.buf->len <= DRAFTD_LSP_HEADER_TAIL);
  }
  draftd_lsp_reader_clear (&r);
}

static void
serve (const guint8 *data, gsize size)
{
  g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
  DraftdLspServer *s = draftd_lsp_server_new (out, NULL);
  draftd_lsp_server_feed (s, data, size);
  /* What the messages scheduled (checks, failed jobs) runs before the server goes. */
  for (int i = 0; i < 64 && g_main_context_iteration (NULL, FALSE); i++)
    ;
  draftd_lsp_server_free (s);
  gsize written = g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out));
  const char *text = g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out));
  FUZZ_ASSERT (written == 0 || g_utf8_validate (text, written, NULL));
}

int
LLVMFuzzerTestOneInput (const guint8 *data, gsize size)
{
  if (size == 0)
    return 0;
  read_frames (data + 1, size - 1, data[0]);
  if (data[0] & 0x40)
    serve (data + 1, size - 1);
  return 0;
}
