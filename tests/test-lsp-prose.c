/* The prose draftd-lsp checks in each file type: paragraphs of plain text, Markdown
 * without its markup and code, LaTeX without commands and math, a git commit message
 * without comments, trailers and the diff, comments and strings of code where asked;
 * and the piece tables that map an edit back to the document or refuse it. */
#include <string.h>
#include "client/lsp/prose.h"
#include "tests/tap.h"

/* The paragraphs' texts joined by " | ". */
static char *
extract (const char *text, const char *language, gboolean comments, gboolean strings)
{
  DraftdLspProseOptions o = { comments, strings };
  g_autoptr (GPtrArray) paras = draftd_lsp_prose_extract (text, strlen (text), language, &o);
  g_autoptr (GString) s = g_string_new (NULL);
  for (guint i = 0; i < paras->len; i++) {
    g_autofree char *t = g_strdup (((DraftdLspParagraph *) paras->pdata[i])->text->str);
    g_string_append_printf (s, "%s%s", i ? " | " : "", g_strstrip (t));
  }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static void
expect (const char *language, const char *text, gboolean comments, gboolean strings, const char *want)
{
  g_autofree char *got = extract (text, language, comments, strings);
  g_autofree char *shown = g_strescape (want, NULL);  /* one TAP line */
  tap_ok (g_str_equal (got, want), "%s: %s", language, shown);
  if (!g_str_equal (got, want))
    tap_diag ("got: %s", got);  /* tap_diag prefixes every line */
}

/* Maps the first occurrence of `word` in paragraph `i`'s text to the document. */
static gboolean
map_word (const char *text, const char *language, guint i, const char *word, gsize *a, gsize *b)
{
  DraftdLspProseOptions o = { TRUE, TRUE };
  g_autoptr (GPtrArray) paras = draftd_lsp_prose_extract (text, strlen (text), language, &o);
  if (i >= paras->len)
    return FALSE;
  DraftdLspParagraph *p = paras->pdata[i];
  const char *at = strstr (p->text->str, word);
  return at && draftd_lsp_paragraph_map (p, at - p->text->str, at - p->text->str + strlen (word), a, b);
}

/* Issue 48: a paragraph of one long line is cut at sentence ends past the cap (2048 bytes),
 * each piece mapping back to its document bytes; "e.g. a" is no sentence end, and a line
 * without one stays whole. */
static void
check_long_line (void)
{
  g_autoptr (GString) doc = g_string_new (NULL);
  for (guint i = 0; doc->len < 20000; i++)
    g_string_append_printf (doc, "Sentence %u says she go to school, e.g. on foot. ", i);
  g_string_truncate (doc, doc->len - 1);
  DraftdLspProseOptions o = { FALSE, FALSE };
  g_autoptr (GPtrArray) paras = draftd_lsp_prose_extract (doc->str, doc->len, "plaintext", &o);
  gboolean bounded = paras->len >= 9, at_ends = TRUE, mapped = TRUE;
  gsize covered = 0;
  for (guint i = 0; i < paras->len; i++) {
    DraftdLspParagraph *p = paras->pdata[i];
    bounded = bounded && p->text->len <= 2048 + 64;
    at_ends = at_ends && g_str_has_suffix (p->text->str, "foot.") && g_str_has_prefix (p->text->str, "Sentence ");
    for (guint k = 0; k < p->pieces->len; k++) {
      DraftdLspPiece *pc = &g_array_index (p->pieces, DraftdLspPiece, k);
      mapped = mapped && !pc->placeholder && memcmp (doc->str + pc->doc_off, p->text->str + pc->text_off, pc->len) == 0;
      covered += pc->len;
    }
  }
  tap_ok (bounded && at_ends, "a 20 KB line is cut into %u paragraphs of at most a sentence past 2 KiB, at sentence ends",
          paras->len);
  tap_ok (mapped && covered + paras->len - 1 == doc->len, "each maps to its document bytes, and together they hold all "
          "but the spaces between them (%zu of %zu bytes)", covered, doc->len);
  g_autoptr (GString) words = g_string_new (NULL);
  while (words->len < 5000)
    g_string_append (words, "word ");
  g_autoptr (GPtrArray) whole = draftd_lsp_prose_extract (words->str, words->len, "plaintext", &o);
  tap_ok (whole->len == 1, "a line without a sentence end stays whole (%u)", whole->len);
}

int
main (void)
{
  check_long_line ();
  expect ("plaintext", "One line.\nSame paragraph.\n\n\nTwo.\n  \nThree", FALSE, FALSE,
          "One line.\nSame paragraph. | Two. | Three");
  expect ("markdown",
          "---\ntitle: x\n---\n# A title\n\nSome `code` and a [link](http://e.org/x) with **bold** and snake_case.\n\n"
          "```\nShe go home.\n```\n\n- item one\n- [ ] task two\n> quoted text\n\n    indented code\n\n| a | b |\n",
          FALSE, FALSE, "A title | Some X and a link with bold and snake_case. | item one | task two | quoted text");
  expect ("latex",
          "\\section{Intro}\nWe show $x^2$ is big~\\cite{k}. % a comment\n\\begin{equation}\na = b\n\\end{equation}\n"
          "The \\emph{value} is 50\\%.\n\n\\label{s} Next \\(y\\) one.",
          FALSE, FALSE, "Intro | We show X is big X. | The value is 50%. | Next X one.");
  expect ("gitcommit",
          "Fix the parser\nThe parser go wrong.\n\nSigned-off-by: A B <a@b.c>\n# Please enter the message\n"
          "# ------------------------ >8 ------------------------\ndiff --git a/x b/x\n+She go home.\n",
          FALSE, FALSE, "Fix the parser | The parser go wrong.");
  const char *c_src = "int x; // She go home.\n/* They was\n * happy. */\nchar *s = \"She have a cat.\\n\";\n// One\n// two.\n";
  expect ("c", c_src, FALSE, FALSE, "");
  expect ("c", c_src, TRUE, FALSE, "She go home. | They was\nhappy. | One\ntwo.");
  expect ("c", c_src, FALSE, TRUE, "She have a cat.");
  expect ("python", "def f():\n    \"\"\"Return the value.\"\"\"\n    return 'a b'  # the end\n", TRUE, FALSE,
          "Return the value. | the end");
  expect ("lua", "local x = 1 -- one thing\n", TRUE, FALSE, "one thing");
  expect ("rust", "fn main() {}\n", TRUE, TRUE, "");

  const char *tex = "We show $x$ is good.";
  gsize a = 0, b = 0;
  tap_ok (map_word (tex, "latex", 0, "good", &a, &b) && a == 15 && b == 19, "a word after math maps to its document bytes");
  tap_ok (!map_word (tex, "latex", 0, "X is", &a, &b), "an edit touching math's placeholder is refused");
  const char *md = "A **bold** word.";
  tap_ok (!map_word (md, "markdown", 0, "A bold", &a, &b), "an edit across skipped markup is refused");
  tap_ok (map_word (md, "markdown", 0, "word", &a, &b) && a == 11 && b == 15, "after skipped markup, offsets still map");
  const char *c = "x(); // She go home.";
  tap_ok (map_word (c, "c", 0, "go", &a, &b) && a == 12 && b == 14, "a comment's word maps into the source line");
  DraftdLspProseOptions none = { FALSE, FALSE }, com = { TRUE, FALSE };
  tap_ok (draftd_lsp_prose_supported ("markdown", &none) && !draftd_lsp_prose_supported ("c", &none) &&
              draftd_lsp_prose_supported ("c", &com) && !draftd_lsp_prose_supported ("haskell-literate", &com),
          "code is checked only when comments or strings are asked for");
  return tap_done ();
}
