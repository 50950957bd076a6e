/* LaTeX: text and the arguments of formatting commands are prose; math, comments,
 * verbatim-like environments and the arguments of references, labels and preamble
 * commands are not (a reference or inline math reads as a placeholder word). */
#include <string.h>
#include "client/lsp/prose-build.h"

static gboolean
in_list (const char *name, gsize n, const char *const *list)
{
  for (guint i = 0; list[i]; i++)
    if (strlen (list[i]) == n && strncmp (list[i], name, n) == 0)
      return TRUE;
  return FALSE;
}

/* End of a balanced group opening at d[at] ('{' or '['), or `at` if there is none. */
static gsize
group_end (DraftdLspProseBuilder *b, gsize at)
{
  if (at >= b->len || (b->doc[at] != '{' && b->doc[at] != '['))
    return at;
  char open = b->doc[at], close = open == '{' ? '}' : ']';
  int depth = 0;
  for (gsize i = at; i < b->len; i++) {
    if (b->doc[i] == '\\') {
      i++;
      continue;
    }
    depth += b->doc[i] == open ? 1 : b->doc[i] == close ? -1 : 0;
    if (depth == 0)
      return i + 1;
  }
  return b->len;
}

static const char *const latex_math_envs[] = { "equation", "equation*", "align", "align*", "gather", "gather*",
                                               "multline", "multline*", "eqnarray", "eqnarray*", "displaymath",
                                               "math", "verbatim", "lstlisting", "minted", "tikzpicture", "comment", NULL };
/* Commands whose arguments are names, keys or code; the ones in `refs` read as a word. */
static const char *const latex_refs[] = { "cite", "citep", "citet", "ref", "eqref", "pageref", "autoref", "cref",
                                          "Cref", "url", NULL };
static const char *const latex_hidden[] = { "label", "usepackage", "documentclass", "includegraphics", "input", "include",
                                            "bibliography", "bibliographystyle", "newcommand", "renewcommand",
                                            "setlength", "vspace", "hspace", "bibitem", "href", "begin", "end",
                                            "newenvironment", "hypersetup", "graphicspath", NULL };
static const char *const latex_breaks[] = { "section", "subsection", "subsubsection", "chapter", "paragraph", "part",
                                            "title", "author", "caption", "item", "footnote", "maketitle", "par", NULL };

/* A command at d[i] == '\\'; returns where the text resumes. */
static gsize
latex_command (DraftdLspProseBuilder *b, gsize i)
{
  const char *d = b->doc;
  gsize n = i + 1;
  while (n < b->len && g_ascii_isalpha (d[n]))
    n++;
  if (n == i + 1) {  /* \% \& \$ \_ \# \{ \}: the character itself; \\ and others: a break */
    if (n < b->len && strchr ("%&$_#{}", d[n]))
      draftd_lsp_prose_emit (b, n, 1);
    return MIN (n + 1, b->len);
  }
  const char *name = d + i + 1;
  gsize len = n - i - 1;
  if (len == 5 && strncmp (name, "begin", 5) == 0 && n < b->len && d[n] == '{') {
    gsize close = group_end (b, n);
    if (close > n + 2 && in_list (d + n + 1, close - n - 2, latex_math_envs)) {
      g_autofree char *end = g_strdup_printf ("\\end{%.*s}", (int) (close - n - 2), d + n + 1);
      const char *stop = g_strstr_len (d + close, b->len - close, end);
      gsize after = stop ? (gsize) (stop - d) + strlen (end) : b->len;
      draftd_lsp_prose_flush (b);
      return after;
    }
  }
  if (in_list (name, len, latex_refs) || in_list (name, len, latex_hidden)) {
    gboolean ref = in_list (name, len, latex_refs), href = len == 4 && strncmp (name, "href", 4) == 0;
    gsize end = n;
    for (gsize g; (g = group_end (b, end)) != end;) {
      gboolean brace = d[end] == '{';
      end = g;
      if (brace && (href || !(end < b->len && d[end] == '{')))
        break;  /* one mandatory argument (two for \newcommand-like ones are rare enough) */
    }
    if (ref)
      draftd_lsp_prose_stand_in (b, i, end - i, "X");
    else if ((len == 5 && strncmp (name, "begin", 5) == 0) || (len == 3 && strncmp (name, "end", 3) == 0))
      draftd_lsp_prose_flush (b);  /* environments are paragraph boundaries */
    return end;
  }
  if (in_list (name, len, latex_breaks)) {
    draftd_lsp_prose_flush (b);
    gsize arg = n;
    while (arg < b->len && (b->doc[arg] == '[' || b->doc[arg] == '*'))
      arg = b->doc[arg] == '*' ? arg + 1 : group_end (b, arg);
    if (arg < b->len && b->doc[arg] == '{')
      b->flush_at = group_end (b, arg);  /* a title is a paragraph of its own */
  }
  /* Formatting (\emph, \textbf, unknown macros): the name and its options go, the text stays. */
  while (n < b->len && d[n] == '[')
    n = group_end (b, n);
  return n;
}

/* Math at d[i]; returns its end, or i if there is none. */
static gsize
latex_math (DraftdLspProseBuilder *b, gsize i)
{
  const char *d = b->doc;
  const char *close = NULL;
  gsize open = 0;
  if (d[i] == '$') {
    open = i + 1 < b->len && d[i + 1] == '$' ? 2 : 1;
    close = open == 2 ? "$$" : "$";
  } else if (d[i] == '\\' && i + 1 < b->len && (d[i + 1] == '(' || d[i + 1] == '[')) {
    open = 2;
    close = d[i + 1] == '(' ? "\\)" : "\\]";
  } else {
    return i;
  }
  for (gsize j = i + open; j + strlen (close) <= b->len; j++) {
    if (d[j] == '\\' && close[0] == '$') {
      j++;
      continue;
    }
    if (strncmp (d + j, close, strlen (close)) == 0)
      return j + strlen (close);
  }
  return b->len;
}

void
draftd_lsp_prose_latex (DraftdLspProseBuilder *b)
{
  const char *d = b->doc;
  gsize run = 0;
  for (gsize i = 0; i < b->len;) {
    gsize resume = i;
    gboolean markup = TRUE;
    if ((resume = latex_math (b, i)) != i) {
      draftd_lsp_prose_emit (b, run, i - run);
      draftd_lsp_prose_stand_in (b, i, resume - i, "X");
    } else if (d[i] == '\\') {
      draftd_lsp_prose_emit (b, run, i - run);
      resume = latex_command (b, i);
    } else if (d[i] == '%') {
      draftd_lsp_prose_emit (b, run, i - run);
      resume = draftd_lsp_prose_line_end (b, i);
    } else if (d[i] == '{' || d[i] == '}') {
      draftd_lsp_prose_emit (b, run, i - run);
      if (i + 1 == b->flush_at) {
        draftd_lsp_prose_flush (b);
        b->flush_at = 0;
      }
      resume = i + 1;
    } else if (d[i] == '~') {
      draftd_lsp_prose_emit (b, run, i - run);
      draftd_lsp_prose_stand_in (b, i, 1, " ");
      resume = i + 1;
    } else if (d[i] == '\n' && i + 1 < b->len && draftd_lsp_prose_blank (b, i + 1, draftd_lsp_prose_line_end (b, i + 1))) {
      draftd_lsp_prose_emit (b, run, i + 1 - run);
      draftd_lsp_prose_flush (b);
      resume = i + 1;
    } else {
      markup = FALSE;
      resume = i + 1;
    }
    if (markup)
      run = resume;
    else if (d[i] == '\n' && b->cur && b->cur->text->len + (i - run) > MAX_PARAGRAPH) {
      draftd_lsp_prose_emit (b, run, i + 1 - run);
      draftd_lsp_prose_flush (b);
      run = i + 1;
    }
    i = resume;
  }
  draftd_lsp_prose_emit (b, run, b->len - run);
}
