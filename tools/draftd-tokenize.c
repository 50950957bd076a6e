/* draftd-tokenize: UTF-8 lines on stdin -> token ids, one line of ids per input line. */
#include <stdio.h>
#include <string.h>
#include "lib/cli/cli.h"
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
    G_OPTION_ENTRY_NULL,
  };
  draftd_cli_init ();
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- print token ids for each line of stdin");
  g_option_context_set_description (ctx, "Exit status: 0 success, 1 failure (a line that could not be tokenized), 2 usage error.");
  g_autoptr (GError) error = NULL;
  int status;
  if (!draftd_cli_parse (ctx, "draftd-tokenize", entries, &argc, &argv, &status))
    return status;
  if (model == NULL || argc > 1)
    return draftd_cli_usage_error ("draftd-tokenize", argc > 1 ? "takes no arguments: the text comes on stdin" : "-m MODEL.gguf is required");
  g_autoptr (DraftdGgufFile) f = draftd_gguf_open (model, &error);
  if (f == NULL)
    return draftd_cli_fail ("draftd-tokenize", error, 1);
  g_autoptr (DraftdTokenizer) tok = draftd_tokenizer_new (f, &error);
  if (tok == NULL)
    return draftd_cli_fail ("draftd-tokenize", error, 1);
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  status = 0;
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
