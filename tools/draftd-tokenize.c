/* draftd-tokenize: UTF-8 lines on stdin -> token ids, one line of ids per input line. */
#include <stdio.h>
#include <string.h>
#include "tools/common.h"
#include "lib/gguf/gguf.h"
#include "lib/tokenizer/tokenizer.h"

int
main (int argc, char **argv)
{
  g_autofree char *model = NULL;
  gboolean no_bos = FALSE, parse_special = FALSE;
  GOptionEntry entries[] = {
    { "model", 'm', 0, G_OPTION_ARG_FILENAME, &model, "GGUF model or vocabulary", "MODEL.gguf" },
    { "no-bos", 0, 0, G_OPTION_ARG_NONE, &no_bos, "do not add BOS", NULL },
    { "special", 0, 0, G_OPTION_ARG_NONE, &parse_special, "match control tokens written in the text", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- print token ids for each line of stdin");
  g_autoptr (GError) error = NULL;
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return tool_fail ("draftd-tokenize", error, 2);
  if (model == NULL || argc > 1) {
    g_printerr ("usage: draftd-tokenize -m MODEL.gguf [--no-bos] < text\n");
    return 2;
  }
  g_autoptr (GgufFile) f = gguf_open (model, &error);
  if (f == NULL)
    return tool_fail ("draftd-tokenize", error, 1);
  g_autoptr (DraftdTokenizer) tok = draftd_tokenizer_new (f, &error);
  if (tok == NULL)
    return tool_fail ("draftd-tokenize", error, 1);
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  int status = 0;
  while ((n = getline (&line, &cap, stdin)) >= 0) {
    if (n > 0 && line[n - 1] == '\n')
      line[--n] = 0;
    g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
    g_autoptr (GError) e = NULL;
    if (!draftd_tokenizer_encode (tok, line, n, !no_bos, parse_special, ids, &e)) {
      g_printerr ("draftd-tokenize: %s\n", e->message);
      status = 1;
      printf ("\n");
      continue;
    }
    for (guint i = 0; i < ids->len; i++)
      printf ("%s%d", i ? " " : "", g_array_index (ids, gint32, i));
    printf ("\n");
  }
  free (line);
  return status;
}
