#include "lib/cli/dialect.h"
#include <string.h>

char *
draftd_cli_dialect_from_locale (const char *locale)
{
  if (locale == NULL)
    return NULL;
  /* language[_territory][.codeset][@modifier]: the codeset and modifier say nothing of
   * spelling. A '-' is taken too: some desktops export a BCP 47 tag (en-GB) in LANG. */
  gsize n = strcspn (locale, ".@");
  if (n != 5 || g_ascii_strncasecmp (locale, "en", 2) != 0 || (locale[2] != '_' && locale[2] != '-') ||
      !g_ascii_isalpha (locale[3]) || !g_ascii_isalpha (locale[4]))
    return NULL;
  return g_strdup_printf ("en-%c%c", g_ascii_toupper (locale[3]), g_ascii_toupper (locale[4]));
}

char *
draftd_cli_locale_dialect (void)
{
  /* POSIX's order for LC_MESSAGES; an empty variable counts as unset. LANGUAGE (GNU's list
   * of message catalogues) is left alone: it picks translations, not a spelling. */
  const char *const vars[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++) {
    const char *v = g_getenv (vars[i]);
    if (v && *v)
      return draftd_cli_dialect_from_locale (v);
  }
  return NULL;
}

char *
draftd_cli_dialect_normalize (const char *name)
{
  if (name == NULL)
    return NULL;
  g_autofree char *d = g_strstrip (g_strdup (name));
  if (*d == 0 || g_ascii_strcasecmp (d, "none") == 0)
    return g_strdup ("");
  if (strlen (d) != 5 || g_ascii_strncasecmp (d, "en", 2) != 0 || (d[2] != '-' && d[2] != '_') || !g_ascii_isalpha (d[3]) ||
      !g_ascii_isalpha (d[4]))
    return NULL;
  return g_strdup_printf ("en-%c%c", g_ascii_toupper (d[3]), g_ascii_toupper (d[4]));
}

gboolean
draftd_cli_dialect_valid (const char *name)
{
  return name && strlen (name) == 5 && g_ascii_strncasecmp (name, "en", 2) == 0 && (name[2] == '-' || name[2] == '_') &&
         g_ascii_isupper (name[3]) && g_ascii_isupper (name[4]);
}
