/* The client's rendering, without a daemon: when colour is used (--color, NO_COLOR,
 * TERM=dumb, terminal or not), the plain diff [-old-]{+new+} with the edits' messages,
 * edits applied as they stream, and the --json document (parsed; non-ASCII kept as is). */
#include <pty.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "client/client.h"
#include "tests/cli-run.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static void
check_color (void)
{
  int saved = dup (STDOUT_FILENO), master, slave;
  if (openpty (&master, &slave, NULL, NULL, NULL) != 0) {
    tap_ok (FALSE, "a pseudo-terminal opens");
    return;
  }
  fflush (stdout);
  dup2 (slave, STDOUT_FILENO);
  g_setenv ("TERM", "xterm", TRUE);
  g_unsetenv ("NO_COLOR");
  gboolean tty_color = draft_use_color (DRAFT_COLOR_AUTO);
  g_setenv ("NO_COLOR", "1", TRUE);
  gboolean no_color = draft_use_color (DRAFT_COLOR_AUTO), forced = draft_use_color (DRAFT_COLOR_ALWAYS);
  g_unsetenv ("NO_COLOR");
  g_setenv ("TERM", "dumb", TRUE);
  gboolean dumb = draft_use_color (DRAFT_COLOR_AUTO);
  g_setenv ("TERM", "xterm", TRUE);
  gboolean never = draft_use_color (DRAFT_COLOR_NEVER);
  fflush (stdout);
  dup2 (saved, STDOUT_FILENO);
  close (saved);
  close (slave);
  close (master);
  tap_ok (tty_color, "auto: colour on a terminal");
  tap_ok (!no_color, "auto: NO_COLOR turns colour off");
  tap_ok (forced, "--color=always wins over NO_COLOR");
  tap_ok (!dumb, "auto: TERM=dumb turns colour off");
  tap_ok (!never, "--color=never turns colour off on a terminal");
  tap_ok (!draft_use_color (DRAFT_COLOR_AUTO) || isatty (STDOUT_FILENO), "auto: no colour when stdout is not a terminal");
  DraftColorMode m;
  tap_ok (draft_color_mode_from_name ("always", &m) && m == DRAFT_COLOR_ALWAYS && !draft_color_mode_from_name ("yes", &m),
          "--color takes auto, always or never");
}

/* Renders `text` with `edits` into a string (stdout redirected to a file). */
static char *
render (const char *text, const DraftEdit *edits, guint n, gboolean diff, gboolean color)
{
  g_autofree char *path = g_build_filename (test_tmpdir (), "render.txt", NULL);
  fflush (stdout);
  int saved = dup (STDOUT_FILENO);
  FILE *f = fopen (path, "w");
  dup2 (fileno (f), STDOUT_FILENO);
  DraftRenderer r;
  draft_renderer_init (&r, text, diff, color);
  for (guint i = 0; i < n; i++)
    draft_renderer_edit (&edits[i], &r);
  draft_renderer_finish (&r, TRUE);
  fflush (stdout);
  dup2 (saved, STDOUT_FILENO);
  close (saved);
  fclose (f);
  char *out = NULL;
  g_file_get_contents (path, &out, NULL, NULL);
  return out;
}

static const char text[] = "Yesterday she go to the café “Müller” and buyed a apple.";
static const DraftEdit edits[] = {
  { 14, 2, "went", "grammar", "tense: go → went", "verb-form" },
  { 42, 5, "bought", "grammar", NULL, NULL },
  { 48, 1, "an", "grammar", "article before a vowel", "article" },
  { 50, 5, "apples", "grammar", "grammar: apple → apples", "agreement.noun-number" },
};

int
main (void)
{
  check_color ();
  g_autofree char *diff = render (text, edits, G_N_ELEMENTS (edits), TRUE, FALSE);
  tap_ok (g_str_equal (diff, "Yesterday she [-go-]{+went+} to the café “Müller” and [-buyed-]{+bought+} [-a-]{+an+} "
                             "[-apple-]{+apples+}.\n"
                             "  1. grammar: tense: go → went\n"
                             "  2. grammar: a -> an: article before a vowel\n"
                             "  3. grammar: apple → apples\n"),
          "the plain diff marks every change and lists the messages, each change named once");
  tap_diag ("%s", diff);
  g_autofree char *colored = render (text, edits, 1, TRUE, TRUE);
  tap_ok (strstr (colored, "\033[31;9mgo\033[0m\033[32mwent\033[0m") != NULL, "the coloured diff strikes out and colours");
  g_autofree char *applied = render (text, edits, G_N_ELEMENTS (edits), FALSE, FALSE);
  tap_ok (g_str_equal (applied, "Yesterday she went to the café “Müller” and bought an apples.\n"),
          "without --diff the edits are applied as they arrive");
  DraftEdit backwards[] = { edits[1], edits[0] };
  g_autofree char *skipped = render (text, backwards, 2, FALSE, FALSE);
  tap_ok (g_str_has_prefix (skipped, "Yesterday she go to the café “Müller” and bought"),
          "an edit out of order is never printed in the wrong place");

  g_autoptr (GArray) arr = g_array_new (FALSE, FALSE, sizeof (DraftEdit));
  g_array_append_vals (arr, edits, G_N_ELEMENTS (edits));
  g_autoptr (JsonNode) stats = json_from_string ("{\"segments\": 1}", NULL);
  g_autoptr (JsonNode) doc = draft_result_to_json ("données.txt", "Yesterday she went to the café.", arr, stats);
  g_autofree char *json = json_to_string (doc, FALSE);
  g_autoptr (JsonNode) back = cli_parse_json (json);
  JsonObject *o = back ? json_node_get_object (back) : NULL;
  JsonArray *e = o ? json_object_get_array_member (o, "edits") : NULL;
  tap_ok (e && json_array_get_length (e) == G_N_ELEMENTS (edits) &&
          g_str_equal (json_object_get_string_member (json_array_get_object_element (e, 0), "message"), "tense: go → went") &&
          JSON_NODE_HOLDS_NULL (json_object_get_member (json_array_get_object_element (e, 1), "message")) &&
          g_str_equal (json_object_get_string_member (o, "file"), "données.txt"),
          "the JSON parses back with the messages (null where none) and the file name");
  tap_ok (strstr (json, "café") && !strstr (json, "\\3"), "non-ASCII text is written as UTF-8, never as octal escapes");
  return tap_done ();
}
