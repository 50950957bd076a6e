#include "lib/cli/language.h"
#include <string.h>

/* How far into a document a LaTeX preamble or an <html> tag is looked for. */
#define HEAD_BYTES 8192

/* babel's and polyglossia's names of the languages draftd has dictionaries for. */
static const char *const babel_names[][2] = {
  { "english", "en" },     { "american", "en" },   { "british", "en" },     { "USenglish", "en" },  { "UKenglish", "en" },
  { "ukrainian", "uk" },   { "russian", "ru" },    { "belarusian", "be" },  { "bulgarian", "bg" },  { "serbian", "sr" },
  { "serbianc", "sr" },    { "czech", "cs" },      { "slovak", "sk" },      { "polish", "pl" },     { "spanish", "es" },
  { "catalan", "ca" },     { "portuguese", "pt" }, { "brazilian", "pt" },   { "portuges", "pt" },   { "galician", "gl" },
  { "danish", "da" },      { "norsk", "nb" },      { "norwegian", "nb" },   { "nynorsk", "nn" },    { "swedish", "sv" },
  { "french", "fr" },      { "francais", "fr" },   { "german", "de" },      { "ngerman", "de" },    { "italian", "it" },
  { "dutch", "nl" },       { "croatian", "hr" },   { "slovene", "sl" },     { "greek", "el" },      { "finnish", "fi" },
};

static char *
babel_code (const char *name, gsize n)
{
  g_autofree char *s = g_strstrip (g_strndup (name, n));
  for (guint i = 0; i < G_N_ELEMENTS (babel_names); i++)
    if (g_ascii_strcasecmp (s, babel_names[i][0]) == 0)
      return g_strdup (babel_names[i][1]);
  return NULL;
}

/* `lang: cs` or `language: "pt-BR"` in front matter between "---" lines. */
static char *
front_matter (const char *text)
{
  if (!g_str_has_prefix (text, "---\n") && !g_str_has_prefix (text, "---\r\n"))
    return NULL;
  const char *end = strstr (text + 3, "\n---");
  g_autofree char *head = g_strndup (text, end ? (gsize) (end - text) : MIN (strlen (text), HEAD_BYTES));
  g_auto (GStrv) lines = g_strsplit (head, "\n", -1);
  for (guint i = 1; lines[i]; i++) {
    char *l = g_strstrip (lines[i]);
    const char *v = g_str_has_prefix (l, "lang:") ? l + 5 : g_str_has_prefix (l, "language:") ? l + 9 : NULL;
    if (v == NULL)
      continue;
    g_autofree char *value = g_strstrip (g_strdup (v));
    gsize n = strlen (value);
    if (n >= 2 && (value[0] == '"' || value[0] == '\'') && value[n - 1] == value[0]) {
      value[n - 1] = 0;
      memmove (value, value + 1, n - 1);
    }
    char *code = draftd_language_normalize (value);
    if (code == NULL || g_str_equal (code, "auto"))
      g_clear_pointer (&code, g_free);
    return code;
  }
  return NULL;
}

/* \usepackage[czech,english]{babel}: babel's main language is the last it is given. */
static char *
latex_babel (const char *head)
{
  for (const char *p = strstr (head, "\\usepackage["); p; p = strstr (p + 1, "\\usepackage[")) {
    const char *close = strchr (p, ']');
    if (close == NULL || !g_str_has_prefix (close, "]{babel}"))
      continue;
    const char *opts = p + strlen ("\\usepackage[");
    const char *last = opts;
    for (const char *q = opts; q < close; q++)
      if (*q == ',')
        last = q + 1;
    return babel_code (last, close - last);
  }
  return NULL;
}

/* \setdefaultlanguage{czech} or \setmainlanguage[...]{czech}: polyglossia's main language. */
static char *
latex_polyglossia (const char *head)
{
  const char *const commands[] = { "\\setdefaultlanguage", "\\setmainlanguage" };
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++) {
    const char *p = strstr (head, commands[i]);
    const char *open = p ? strchr (p, '{') : NULL;
    const char *close = open ? strchr (open, '}') : NULL;
    if (close)
      return babel_code (open + 1, close - open - 1);
  }
  return NULL;
}

/* <html lang="cs"> or <html xml:lang='pt-BR'>. */
static char *
html_lang (const char *head)
{
  g_autofree char *lower = g_ascii_strdown (head, -1);
  const char *tag = strstr (lower, "<html");
  const char *end = tag ? strchr (tag, '>') : NULL;
  const char *attr = tag ? strstr (tag, "lang=") : NULL;
  if (attr == NULL || attr > end || (attr[5] != '"' && attr[5] != '\''))
    return NULL;
  const char *v = head + (attr + 6 - lower);
  const char *q = strchr (v, attr[5]);
  if (q == NULL || q - v > 16)
    return NULL;
  g_autofree char *value = g_strndup (v, q - v);
  char *code = draftd_language_normalize (value);
  if (code && g_str_equal (code, "auto"))
    g_clear_pointer (&code, g_free);
  return code;
}

char *
draftd_cli_declared_language (const char *text)
{
  if (text == NULL)
    return NULL;
  char *code = front_matter (text);
  if (code)
    return code;
  g_autofree char *head = g_strndup (text, MIN (strlen (text), HEAD_BYTES));
  code = latex_babel (head);
  if (code == NULL)
    code = latex_polyglossia (head);
  if (code == NULL)
    code = html_lang (head);
  return code;
}
