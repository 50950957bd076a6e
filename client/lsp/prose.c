#include "client/lsp/prose.h"
#include <string.h>

/* Paragraphs above this are cut at the next line end: the daemon corrects sentence by
 * sentence, and a shorter text is a shorter job to cancel when the user types on. */
#define MAX_PARAGRAPH 2048

typedef struct {
  const char *doc;
  gsize len;
  GPtrArray *out;
  DraftdLspParagraph *cur;
  gsize flush_at;   /* LaTeX: the end of a heading's argument, where its paragraph ends */
} Builder;

static void
paragraph_free (gpointer p)
{
  DraftdLspParagraph *para = p;
  g_string_free (para->text, TRUE);
  g_array_unref (para->pieces);
  g_free (para);
}

static void
add (Builder *b, gsize doc_off, gsize len, const char *stand_in)
{
  if (len == 0)
    return;
  if (b->cur == NULL) {
    b->cur = g_new0 (DraftdLspParagraph, 1);
    b->cur->text = g_string_new (NULL);
    b->cur->pieces = g_array_new (FALSE, FALSE, sizeof (DraftdLspPiece));
  }
  GArray *pieces = b->cur->pieces;
  DraftdLspPiece *last = pieces->len ? &g_array_index (pieces, DraftdLspPiece, pieces->len - 1) : NULL;
  if (stand_in == NULL && last && !last->placeholder && last->doc_off + last->len == doc_off) {
    last->len += len;
  } else {
    DraftdLspPiece p = { b->cur->text->len, doc_off, stand_in ? strlen (stand_in) : len, stand_in != NULL };
    g_array_append_val (pieces, p);
  }
  if (stand_in)
    g_string_append (b->cur->text, stand_in);
  else
    g_string_append_len (b->cur->text, b->doc + doc_off, len);
}

/* Document bytes [off, off + len) are prose. */
static void
emit (Builder *b, gsize off, gsize len)
{
  add (b, off, len, NULL);
}

/* Markup at [off, off + len) that reads as a word (math, a citation, inline code). */
static void
placeholder (Builder *b, gsize off, gsize len, const char *stand_in)
{
  add (b, off, len, stand_in);
}

static void
flush (Builder *b)
{
  if (b->cur == NULL)
    return;
  gboolean has_word = FALSE;
  for (const char *p = b->cur->text->str; *p && !has_word; p = g_utf8_next_char (p))
    has_word = g_unichar_isalpha (g_utf8_get_char (p));
  if (has_word)
    g_ptr_array_add (b->out, b->cur);
  else
    paragraph_free (b->cur);
  b->cur = NULL;
}

static void
maybe_cut (Builder *b)
{
  if (b->cur && b->cur->text->len > MAX_PARAGRAPH)
    flush (b);
}

static gsize
line_end (Builder *b, gsize at)
{
  const char *nl = memchr (b->doc + at, '\n', b->len - at);
  return nl ? (gsize) (nl - b->doc) : b->len;
}

static gboolean
blank (Builder *b, gsize s, gsize e)
{
  for (gsize i = s; i < e; i++)
    if (!g_ascii_isspace (b->doc[i]))
      return FALSE;
  return TRUE;
}

/* ---- plain text and git commit messages ---- */

static void
extract_plain (Builder *b)
{
  for (gsize s = 0; s < b->len;) {
    gsize e = line_end (b, s), next = MIN (e + 1, b->len);
    if (blank (b, s, e))
      flush (b);
    else
      emit (b, s, next - s);
    maybe_cut (b);
    s = next;
  }
}

/* A "Key-Name: value" trailer (Signed-off-by, Co-authored-by, Fixes, ...). */
static gboolean
is_trailer (const char *line, gsize n)
{
  gsize i = 0;
  while (i < n && (g_ascii_isalnum (line[i]) || line[i] == '-'))
    i++;
  return i > 0 && i + 1 < n && line[i] == ':' && line[i + 1] == ' ' && memchr (line, '-', i) != NULL;
}

static void
extract_gitcommit (Builder *b)
{
  gboolean subject = TRUE;
  for (gsize s = 0; s < b->len;) {
    gsize e = line_end (b, s), next = MIN (e + 1, b->len);
    const char *line = b->doc + s;
    if (g_str_has_prefix (line, "# ------------------------ >8"))
      break;  /* git's scissors: the diff below is not the message */
    if (line[0] == '#' || blank (b, s, e) || is_trailer (line, e - s) || g_str_has_prefix (line, "    ")) {
      flush (b);
    } else {
      emit (b, s, next - s);
      if (subject)
        flush (b);  /* the subject line is a paragraph of its own */
      subject = FALSE;
    }
    maybe_cut (b);
    s = next;
  }
}

/* ---- Markdown ---- */

/* Inline markup of one line [s, e): code spans and URLs read as words, link targets and
 * emphasis markers are left out, link text stays. */
static void
markdown_inline (Builder *b, gsize s, gsize e)
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
    emit (b, run, i - run);
    if (stand_in)
      placeholder (b, i, skip, stand_in);
    i += skip;
    run = i;
  }
  emit (b, run, e - run);
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

static void
extract_markdown (Builder *b)
{
  const char *d = b->doc;
  gboolean fence = FALSE, front = g_str_has_prefix (d, "---\n"), in_quote = FALSE;
  for (gsize s = front ? 4 : 0; s < b->len;) {
    gsize e = line_end (b, s), next = MIN (e + 1, b->len), i = s;
    if (front) {
      front = !g_str_has_prefix (d + s, "---");
      s = next;
      continue;
    }
    while (i < e && i - s < 3 && d[i] == ' ')
      i++;
    if (g_str_has_prefix (d + i, "```") || g_str_has_prefix (d + i, "~~~")) {
      flush (b);
      fence = !fence;
    } else if (fence || blank (b, s, e) || d[i] == '|' || d[i] == '<' || (b->cur == NULL && e - s >= 4 && i - s == 3 && d[i] == ' ') ||
               d[s] == '\t' || strspn (d + i, "-=*_ ") >= e - i) {
      flush (b);  /* code, tables, HTML blocks, rules and setext underlines are not prose */
    } else {
      gboolean quote = d[i] == '>';
      if (quote != in_quote)
        flush (b);  /* a block quote starts and ends paragraphs */
      in_quote = quote;
      while (i < e && d[i] == '>')
        for (i++; i < e && d[i] == ' '; i++)
          ;
      gsize hashes = strspn (d + i, "#");
      gsize marker = list_marker (d + i, e - i);
      if ((hashes && hashes <= 6 && i + hashes < e && d[i + hashes] == ' ') || marker)
        flush (b);  /* a heading or a list item starts a paragraph of its own */
      i += marker ? marker : hashes ? hashes + 1 : 0;
      markdown_inline (b, i, e);
      if (hashes)
        flush (b);
      else if (next > e)
        emit (b, e, 1);
    }
    maybe_cut (b);
    s = next;
  }
}

/* ---- LaTeX ---- */

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
group_end (Builder *b, gsize at)
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
latex_command (Builder *b, gsize i)
{
  const char *d = b->doc;
  gsize n = i + 1;
  while (n < b->len && g_ascii_isalpha (d[n]))
    n++;
  if (n == i + 1) {  /* \% \& \$ \_ \# \{ \}: the character itself; \\ and others: a break */
    if (n < b->len && strchr ("%&$_#{}", d[n]))
      emit (b, n, 1);
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
      flush (b);
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
      placeholder (b, i, end - i, "X");
    else if ((len == 5 && strncmp (name, "begin", 5) == 0) || (len == 3 && strncmp (name, "end", 3) == 0))
      flush (b);  /* environments are paragraph boundaries */
    return end;
  }
  if (in_list (name, len, latex_breaks)) {
    flush (b);
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
latex_math (Builder *b, gsize i)
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

static void
extract_latex (Builder *b)
{
  const char *d = b->doc;
  gsize run = 0;
  for (gsize i = 0; i < b->len;) {
    gsize resume = i;
    gboolean markup = TRUE;
    if ((resume = latex_math (b, i)) != i) {
      emit (b, run, i - run);
      placeholder (b, i, resume - i, "X");
    } else if (d[i] == '\\') {
      emit (b, run, i - run);
      resume = latex_command (b, i);
    } else if (d[i] == '%') {
      emit (b, run, i - run);
      resume = line_end (b, i);
    } else if (d[i] == '{' || d[i] == '}') {
      emit (b, run, i - run);
      if (i + 1 == b->flush_at) {
        flush (b);
        b->flush_at = 0;
      }
      resume = i + 1;
    } else if (d[i] == '~') {
      emit (b, run, i - run);
      placeholder (b, i, 1, " ");
      resume = i + 1;
    } else if (d[i] == '\n' && i + 1 < b->len && blank (b, i + 1, line_end (b, i + 1))) {
      emit (b, run, i + 1 - run);
      flush (b);
      resume = i + 1;
    } else {
      markup = FALSE;
      resume = i + 1;
    }
    if (markup)
      run = resume;
    else if (d[i] == '\n' && b->cur && b->cur->text->len + (i - run) > MAX_PARAGRAPH) {
      emit (b, run, i + 1 - run);
      flush (b);
      run = i + 1;
    }
    i = resume;
  }
  emit (b, run, b->len - run);
}

/* ---- comments and strings of source code ---- */

typedef struct {
  const char *line;           /* line comment marker */
  gboolean block;             /* C block comments */
  gboolean triple;            /* Python's triple-quoted strings (docstrings count as comments) */
  gboolean single_is_string;  /* '...' is a string, not a character */
} CodeSyntax;

static const CodeSyntax c_like = { "//", TRUE, FALSE, FALSE };
static const CodeSyntax js_like = { "//", TRUE, FALSE, TRUE };
static const CodeSyntax hash_like = { "#", FALSE, FALSE, TRUE };
static const CodeSyntax python_like = { "#", FALSE, TRUE, TRUE };
static const CodeSyntax dash_like = { "--", FALSE, FALSE, TRUE };

static const CodeSyntax *
code_syntax (const char *language)
{
  static const char *const c[] = { "c", "cpp", "objective-c", "objective-cpp", "java", "rust", "go", "csharp", "swift",
                                   "kotlin", "scala", "dart", "glsl", "zig", NULL };
  static const char *const js[] = { "javascript", "javascriptreact", "typescript", "typescriptreact", "php", "json5", NULL };
  static const char *const hash[] = { "sh", "shellscript", "bash", "zsh", "fish", "ruby", "perl", "yaml", "toml", "make",
                                      "makefile", "cmake", "r", "elixir", "nix", "dockerfile", "meson", NULL };
  static const char *const dash[] = { "lua", "sql", "haskell", "ada", NULL };
  if (g_strv_contains (c, language))
    return &c_like;
  if (g_strv_contains (js, language))
    return &js_like;
  if (g_str_equal (language, "python"))
    return &python_like;
  if (g_strv_contains (hash, language))
    return &hash_like;
  if (g_strv_contains (dash, language))
    return &dash_like;
  return NULL;
}

/* Comment text from `at` to `end`, each line's leading space and decoration left out. */
static void
comment_text (Builder *b, gsize at, gsize end, const char *decoration)
{
  const char *d = b->doc;
  while (at < end) {
    while (at < end && (d[at] == ' ' || d[at] == '\t' || strchr (decoration, d[at])))
      at++;
    gsize e = MIN (line_end (b, at), end);
    if (blank (b, at, e))
      flush (b);
    else
      emit (b, at, MIN (e + 1, end) - at);
    at = e + 1;
  }
}

/* A string literal opening at d[i] with quote q (tripled when `triple`); returns its end. */
static gsize
code_string (Builder *b, gsize i, char q, gboolean triple, gboolean check)
{
  const char *d = b->doc;
  gsize open = triple ? 3 : 1, j = i + open;
  while (j < b->len) {
    if (d[j] == '\\') {
      j += 2;
      continue;
    }
    if (d[j] == '\n' && !triple)
      break;
    if (d[j] == q && (!triple || (j + 2 < b->len && d[j + 1] == q && d[j + 2] == q)))
      break;
    j++;
  }
  gsize close = MIN (j, b->len);
  if (check) {
    flush (b);
    gsize run = i + open;
    for (gsize k = run; k < close; k++)
      if (d[k] == '\\') {  /* escapes: \n and \t read as a space, others go */
        emit (b, run, k - run);
        if (k + 1 < close && (d[k + 1] == 'n' || d[k + 1] == 't'))
          placeholder (b, k, 2, " ");
        run = ++k + 1;
      }
    emit (b, run, close - run);
    flush (b);
  }
  return MIN (close + (triple ? 3 : 1), b->len);
}

static void
extract_code (Builder *b, const CodeSyntax *syn, const DraftdLspProseOptions *o)
{
  const char *d = b->doc;
  gsize marker = strlen (syn->line);
  gboolean line_has_code = FALSE;
  for (gsize i = 0; i < b->len;) {
    if (strncmp (d + i, syn->line, marker) == 0 && (syn->line[0] != '#' || i == 0 || g_ascii_isspace (d[i - 1]))) {
      gsize e = line_end (b, i);
      if (line_has_code)
        flush (b);  /* a trailing comment is a paragraph of its own */
      if (o->comments)
        comment_text (b, i + marker, MIN (e + 1, b->len), syn->line[0] == '#' ? "#!" : syn->line[0] == '-' ? "-" : "/!");
      i = e + 1;
      line_has_code = FALSE;
      continue;
    }
    if (syn->block && strncmp (d + i, "/*", 2) == 0) {
      const char *stop = g_strstr_len (d + i + 2, b->len - i - 2, "*/");
      gsize e = stop ? (gsize) (stop - d) : b->len;
      flush (b);
      if (o->comments)
        comment_text (b, i + 2, e, "*");
      flush (b);
      i = MIN (e + 2, b->len);
      continue;
    }
    gboolean triple = syn->triple && (d[i] == '"' || d[i] == '\'') && i + 2 < b->len && d[i + 1] == d[i] && d[i + 2] == d[i];
    if (d[i] == '"' || (d[i] == '\'' && syn->single_is_string) || triple) {
      /* A docstring on a line of its own is documentation: it follows the comments option. */
      gboolean doc = triple && !line_has_code;
      i = code_string (b, i, d[i], triple, doc ? o->comments : o->strings);
      line_has_code = TRUE;
      continue;
    }
    if (d[i] == '\n') {
      /* Comment lines consume their own line end: this line was code or blank, either ends a paragraph. */
      flush (b);
      line_has_code = FALSE;
    } else if (!g_ascii_isspace (d[i])) {
      if (!line_has_code)
        flush (b);
      line_has_code = TRUE;
    }
    i++;
  }
}

/* ---- entry points ---- */

static gboolean
is_latex (const char *language)
{
  return g_str_equal (language, "latex") || g_str_equal (language, "tex") || g_str_equal (language, "plaintex") ||
         g_str_equal (language, "bibtex");
}

static gboolean
is_plain (const char *language)
{
  return g_str_equal (language, "plaintext") || g_str_equal (language, "text") || g_str_equal (language, "txt") ||
         g_str_equal (language, "mail") || g_str_equal (language, "");
}

gboolean
draftd_lsp_prose_supported (const char *language, const DraftdLspProseOptions *o)
{
  return is_plain (language) || g_str_equal (language, "markdown") || g_str_equal (language, "gitcommit") ||
         g_str_equal (language, "git-commit") || is_latex (language) ||
         ((o->comments || o->strings) && code_syntax (language) != NULL);
}

GPtrArray *
draftd_lsp_prose_extract (const char *text, gsize len, const char *language, const DraftdLspProseOptions *o)
{
  Builder b = { text, len, g_ptr_array_new_with_free_func (paragraph_free), NULL, 0 };
  const CodeSyntax *syn;
  if (g_str_equal (language, "markdown"))
    extract_markdown (&b);
  else if (g_str_equal (language, "gitcommit") || g_str_equal (language, "git-commit"))
    extract_gitcommit (&b);
  else if (is_latex (language))
    extract_latex (&b);
  else if ((syn = code_syntax (language)) != NULL) {
    if (o->comments || o->strings)
      extract_code (&b, syn, o);
  } else if (is_plain (language))
    extract_plain (&b);
  flush (&b);
  return b.out;
}

gboolean
draftd_lsp_paragraph_map (const DraftdLspParagraph *p, gsize start, gsize end, gsize *doc_start, gsize *doc_end)
{
  for (guint i = 0; i < p->pieces->len; i++) {
    const DraftdLspPiece *pc = &g_array_index (p->pieces, DraftdLspPiece, i);
    if (start < pc->text_off || start > pc->text_off + pc->len)
      continue;
    if (end > pc->text_off + pc->len || pc->placeholder) {
      /* An insertion at the very end of a piece may belong to the next one: try that. */
      if (start == end && start == pc->text_off + pc->len)
        continue;
      return FALSE;
    }
    *doc_start = pc->doc_off + (start - pc->text_off);
    *doc_end = pc->doc_off + (end - pc->text_off);
    return TRUE;
  }
  return FALSE;
}
