/* Source code: comments (line, block, docstrings) and string literals, each family of
 * languages by its comment and quote syntax. */
#include <string.h>
#include "client/lsp/prose-build.h"


static const DraftdLspCodeSyntax c_like = { "//", TRUE, FALSE, FALSE };
static const DraftdLspCodeSyntax js_like = { "//", TRUE, FALSE, TRUE };
static const DraftdLspCodeSyntax hash_like = { "#", FALSE, FALSE, TRUE };
static const DraftdLspCodeSyntax python_like = { "#", FALSE, TRUE, TRUE };
static const DraftdLspCodeSyntax dash_like = { "--", FALSE, FALSE, TRUE };

const DraftdLspCodeSyntax *
draftd_lsp_code_syntax (const char *language)
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
comment_text (DraftdLspProseBuilder *b, gsize at, gsize end, const char *decoration)
{
  const char *d = b->doc;
  while (at < end) {
    while (at < end && (d[at] == ' ' || d[at] == '\t' || strchr (decoration, d[at])))
      at++;
    gsize e = MIN (draftd_lsp_prose_line_end (b, at), end);
    if (draftd_lsp_prose_blank (b, at, e))
      draftd_lsp_prose_flush (b);
    else
      draftd_lsp_prose_emit (b, at, MIN (e + 1, end) - at);
    at = e + 1;
  }
}

/* A string literal opening at d[i] with quote q (tripled when `triple`); returns its end. */
static gsize
code_string (DraftdLspProseBuilder *b, gsize i, char q, gboolean triple, gboolean check)
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
    draftd_lsp_prose_flush (b);
    gsize run = i + open;
    for (gsize k = run; k < close; k++)
      if (d[k] == '\\') {  /* escapes: \n and \t read as a space, others go */
        draftd_lsp_prose_emit (b, run, k - run);
        if (k + 1 < close && (d[k + 1] == 'n' || d[k + 1] == 't'))
          draftd_lsp_prose_stand_in (b, k, 2, " ");
        run = ++k + 1;
      }
    draftd_lsp_prose_emit (b, run, close - run);
    draftd_lsp_prose_flush (b);
  }
  return MIN (close + (triple ? 3 : 1), b->len);
}

void
draftd_lsp_prose_code (DraftdLspProseBuilder *b, const DraftdLspCodeSyntax *syn, const DraftdLspProseOptions *o)
{
  const char *d = b->doc;
  gsize marker = strlen (syn->line);
  gboolean line_has_code = FALSE;
  for (gsize i = 0; i < b->len;) {
    if (strncmp (d + i, syn->line, marker) == 0 && (syn->line[0] != '#' || i == 0 || g_ascii_isspace (d[i - 1]))) {
      gsize e = draftd_lsp_prose_line_end (b, i);
      if (line_has_code)
        draftd_lsp_prose_flush (b);  /* a trailing comment is a paragraph of its own */
      if (o->comments)
        comment_text (b, i + marker, MIN (e + 1, b->len), syn->line[0] == '#' ? "#!" : syn->line[0] == '-' ? "-" : "/!");
      i = e + 1;
      line_has_code = FALSE;
      continue;
    }
    if (syn->block && strncmp (d + i, "/*", 2) == 0) {
      const char *stop = g_strstr_len (d + i + 2, b->len - i - 2, "*/");
      gsize e = stop ? (gsize) (stop - d) : b->len;
      draftd_lsp_prose_flush (b);
      if (o->comments)
        comment_text (b, i + 2, e, "*");
      draftd_lsp_prose_flush (b);
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
      draftd_lsp_prose_flush (b);
      line_has_code = FALSE;
    } else if (!g_ascii_isspace (d[i])) {
      if (!line_has_code)
        draftd_lsp_prose_flush (b);
      line_has_code = TRUE;
    }
    i++;
  }
}
