/* Markdown: headings, paragraphs, list items and block quotes are prose; front matter,
 * code (fenced and indented), tables, HTML blocks and rules are not. */
#include <string.h>
#include "client/lsp/prose-build.h"

/* Inline markup of one line [s, e): code spans and URLs read as words, link targets and
 * emphasis markers are left out, link text stays. */
static void
markdown_inline (DraftdLspProseBuilder *b, gsize s, gsize e)
{
  const char *d = b->doc;
  gsize run = s;
  for (gsize i = s; i < e;) {
    gsize skip = 0;
    const char *stand_in = NULL;
    if (d[i] == '`') {
      gsize ticks = 0;
      while (i + ticks < e && d[i + ticks] == '`')
        ticks++;
      const char *close = g_strstr_len (d + i + ticks, e - i - ticks, "`");
      skip = close ? (gsize) (close - d) + ticks - i : ticks;
      stand_in = close ? "X" : NULL;
    } else if (d[i] == '!' && i + 1 < e && d[i + 1] == '[') {
      const char *close = g_strstr_len (d + i, e - i, ")");
      skip = close ? (gsize) (close - d) + 1 - i : 1;
      stand_in = close ? "X" : NULL;
    } else if (d[i] == ']' && i + 1 < e && d[i + 1] == '(') {
      const char *close = g_strstr_len (d + i, e - i, ")");
      skip = close ? (gsize) (close - d) + 1 - i : 1;
    } else if (d[i] == '[' || d[i] == '*' || (d[i] == '_' && (i == s || !g_ascii_isalnum (d[i - 1]) || i + 1 == e ||
                                                              !g_ascii_isalnum (d[i + 1])))) {
      skip = 1;
    } else if (d[i] == '<' && i + 1 < e && (g_ascii_isalpha (d[i + 1]) || d[i + 1] == '/')) {
      const char *close = g_strstr_len (d + i, e - i, ">");
      skip = close ? (gsize) (close - d) + 1 - i : 1;
      stand_in = close && (g_str_has_prefix (d + i + 1, "http") || memchr (d + i, '@', close - (d + i))) ? "X" : NULL;
    } else if ((g_str_has_prefix (d + i, "http://") || g_str_has_prefix (d + i, "https://")) && i + 8 < e) {
      while (i + skip < e && !g_ascii_isspace (d[i + skip]) && d[i + skip] != ')')
        skip++;
      stand_in = "X";
    } else if (d[i] == '\\' && i + 1 < e && g_ascii_ispunct (d[i + 1])) {
      skip = 1;
    }
    if (skip == 0) {
      i++;
      continue;
    }
    draftd_lsp_prose_emit (b, run, i - run);
    if (stand_in)
      draftd_lsp_prose_stand_in (b, i, skip, stand_in);
    i += skip;
    run = i;
  }
  draftd_lsp_prose_emit (b, run, e - run);
}

/* Length of a list marker ("- ", "* ", "12. ") at line[0..n), 0 if none. */
static gsize
list_marker (const char *line, gsize n)
{
  gsize i = 0;
  if (n >= 2 && strchr ("-*+", line[0]) && line[1] == ' ')
    i = 2;
  else {
    while (i < n && g_ascii_isdigit (line[i]))
      i++;
    if (i == 0 || i + 1 >= n || (line[i] != '.' && line[i] != ')') || line[i + 1] != ' ')
      return 0;
    i += 2;
  }
  if (i + 3 < n && line[i] == '[' && line[i + 2] == ']')  /* task list */
    i += 4;
  return i;
}

void
draftd_lsp_prose_markdown (DraftdLspProseBuilder *b)
{
  const char *d = b->doc;
  gboolean fence = FALSE, front = g_str_has_prefix (d, "---\n"), in_quote = FALSE;
  for (gsize s = front ? 4 : 0; s < b->len;) {
    gsize e = draftd_lsp_prose_line_end (b, s), next = MIN (e + 1, b->len), i = s;
    if (front) {
      front = !g_str_has_prefix (d + s, "---");
      s = next;
      continue;
    }
    while (i < e && i - s < 3 && d[i] == ' ')
      i++;
    if (g_str_has_prefix (d + i, "```") || g_str_has_prefix (d + i, "~~~")) {
      draftd_lsp_prose_flush (b);
      fence = !fence;
    } else if (fence || draftd_lsp_prose_blank (b, s, e) || d[i] == '|' || d[i] == '<' ||
               (b->cur == NULL && e - s >= 4 && i - s == 3 && d[i] == ' ') || d[s] == '\t' ||
               strspn (d + i, "-=*_ ") >= e - i) {
      draftd_lsp_prose_flush (b);  /* code, tables, HTML blocks, rules and setext underlines are not prose */
    } else {
      gboolean quote = d[i] == '>';
      if (quote != in_quote)
        draftd_lsp_prose_flush (b);  /* a block quote starts and ends paragraphs */
      in_quote = quote;
      while (i < e && d[i] == '>')
        for (i++; i < e && d[i] == ' '; i++)
          ;
      gsize hashes = strspn (d + i, "#");
      gsize marker = list_marker (d + i, e - i);
      if ((hashes && hashes <= 6 && i + hashes < e && d[i + hashes] == ' ') || marker)
        draftd_lsp_prose_flush (b);  /* a heading or a list item starts a paragraph of its own */
      i += marker ? marker : hashes ? hashes + 1 : 0;
      markdown_inline (b, i, e);
      if (hashes)
        draftd_lsp_prose_flush (b);
      else if (next > e)
        draftd_lsp_prose_emit (b, e, 1);
    }
    draftd_lsp_prose_cut_long (b);
    s = next;
  }
}
