/* The dialect a locale names (lib/cli/dialect.h, issue 33): the mapping from a POSIX locale
 * to the dialect `draft` and `draftd-lsp` send, and which of LC_ALL, LC_MESSAGES and LANG
 * counts; no daemon. */
#include <string.h>
#include "lib/cli/dialect.h"
#include "tests/tap.h"

static void
test_mapping (void)
{
  struct { const char *locale, *dialect; } cases[] = {
    { "en_GB.UTF-8", "en-GB" }, { "en_US", "en-US" }, { "en_AU@x", "en-AU" }, { "en_CA.utf8@euro", "en-CA" },
    { "en_ZA.ISO-8859-1", "en-ZA" }, { "en-GB", "en-GB" }, { "en_gb.UTF-8", "en-GB" }, { "EN_NZ", "en-NZ" },
    { "C", NULL }, { "POSIX", NULL }, { "C.UTF-8", NULL }, { "", NULL }, { NULL, NULL }, { "en", NULL },
    { "en.UTF-8", NULL }, { "fr_FR.UTF-8", NULL }, { "de_DE", NULL }, { "eng_GB", NULL }, { "en_GBR", NULL },
    { "en_1.UTF-8", NULL }, { "en_G", NULL }, { "en__GB", NULL }, { "es_419", NULL },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *d = draftd_cli_dialect_from_locale (cases[i].locale);
    tap_ok (g_strcmp0 (d, cases[i].dialect) == 0, "locale '%s' -> %s (want %s)", cases[i].locale ? cases[i].locale : "(null)",
            d ? d : "none", cases[i].dialect ? cases[i].dialect : "none");
  }
}

/* Sets LC_ALL, LC_MESSAGES and LANG (NULL: unset) and returns the dialect they name. */
static char *
with_env (const char *all, const char *messages, const char *lang)
{
  const char *names[] = { "LC_ALL", "LC_MESSAGES", "LANG" }, *values[] = { all, messages, lang };
  for (guint i = 0; i < 3; i++)
    if (values[i])
      g_setenv (names[i], values[i], TRUE);
    else
      g_unsetenv (names[i]);
  return draftd_cli_locale_dialect ();
}

static void
test_environment (void)
{
  struct { const char *all, *messages, *lang, *dialect, *why; } cases[] = {
    { NULL, NULL, "en_GB.UTF-8", "en-GB", "LANG alone" },
    { NULL, "en_US.UTF-8", "en_GB.UTF-8", "en-US", "LC_MESSAGES before LANG" },
    { "en_AU.UTF-8", "en_US.UTF-8", "en_GB.UTF-8", "en-AU", "LC_ALL before both" },
    { "", "", "en_GB.UTF-8", "en-GB", "empty variables count as unset" },
    { "C", NULL, "en_GB.UTF-8", NULL, "LC_ALL=C says no dialect, whatever LANG says" },
    { NULL, "fr_FR.UTF-8", "en_GB.UTF-8", NULL, "French messages: no English dialect" },
    { NULL, NULL, NULL, NULL, "nothing set" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *d = with_env (cases[i].all, cases[i].messages, cases[i].lang);
    tap_ok (g_strcmp0 (d, cases[i].dialect) == 0, "%s: %s", cases[i].why, d ? d : "none");
  }
}

static void
test_valid (void)
{
  const char *good[] = { "en-GB", "en_US", "EN-AU", NULL };
  const char *bad[] = { "", "en", "en-gb", "english", "fr-FR", "en-GBR", "en GB", NULL };
  gboolean ok = TRUE;
  for (guint i = 0; good[i]; i++)
    ok &= draftd_cli_dialect_valid (good[i]);
  for (guint i = 0; bad[i]; i++)
    ok &= !draftd_cli_dialect_valid (bad[i]);
  tap_ok (ok && !draftd_cli_dialect_valid (NULL), "dialect names: en, - or _, two capitals, as the daemon takes them");
  struct { const char *written, *sent; } cases[] = {
    { "en-GB", "en-GB" }, { "en_gb", "en-GB" }, { " EN-us ", "en-US" }, { "none", "" }, { "None", "" }, { "", "" },
    { "english", NULL }, { "en", NULL }, { "fr-FR", NULL }, { "en-G1", NULL }, { NULL, NULL },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *d = draftd_cli_dialect_normalize (cases[i].written);
    tap_ok (g_strcmp0 (d, cases[i].sent) == 0, "a dialect written '%s' is sent as %s%s%s", cases[i].written ? cases[i].written : "(null)",
            d ? "'" : "", d ? d : "nothing (refused)", d ? "'" : "");
  }
}

int
main (void)
{
  test_mapping ();
  test_environment ();
  test_valid ();
  return tap_done ();
}
