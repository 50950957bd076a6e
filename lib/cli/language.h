/* The language a correction is checked in, as the clients name it (`draft correct --language`,
 * the `language` option of Correct, which daemon/service/request.c checks with the same
 * function, draftd-lsp's `language` setting, Emacs's `draftd-language`): an ISO 639-1 code,
 * or "auto" for the language draftd identifies sentence by sentence.
 *
 * A document's declared language, for the clients that send it as Correct's `language` where
 * the user names none (`draft correct FILE`, draftd-lsp): Markdown or YAML front matter
 * (`lang:` or `language:`), LaTeX's babel (the last language of \usepackage[...]{babel}, its
 * main one) or polyglossia (\setdefaultlanguage, \setmainlanguage), HTML's <html lang>. */
#pragma once
#include <glib.h>
#include <string.h>

/* The code as draftd names languages: lower case, a region dropped ("pt-BR" -> "pt",
 * "en_GB" -> "en"; the dialect is its own option), Latin-script Serbian "sr-Latn"; "auto" as it
 * is ("" too); NULL when `v` is no language tag. */
static inline char *
draftd_language_normalize (const char *v)
{
  if (v == NULL)
    return NULL;
  if (*v == 0 || g_ascii_strcasecmp (v, "auto") == 0)
    return g_strdup ("auto");
  gsize n = 0;
  while (g_ascii_isalpha (v[n]))
    n++;
  if (n < 2 || n > 3 || (v[n] != 0 && v[n] != '-' && v[n] != '_'))
    return NULL;
  for (const char *p = v + n; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_')
      return NULL;
  if (strlen (v) > 16)
    return NULL;
  char *code = g_ascii_strdown (v, n);
  if (g_str_equal (code, "sr") && v[n] && g_ascii_strncasecmp (v + n + 1, "latn", 4) == 0) {
    g_free (code);
    return g_strdup ("sr-Latn");
  }
  return code;
}


/* The declared language as draftd_language_normalize names it ("cs", "pt"), or NULL when
 * the text declares none (or one that is no language tag or babel name). Reads only the
 * front matter or the first 8 KiB. */
char *draftd_cli_declared_language (const char *text);
