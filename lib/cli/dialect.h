/* The English dialect a user's locale names, for the clients that send it to the daemon's
 * Correct (option `locale_dialect`): `draft`, `draftd-lsp`. The daemon holds a text to it
 * when neither the request nor its config names a dialect and a dictionary for it is
 * installed; a locale that names none leaves the daemon following the document. */
#pragma once
#include <glib.h>

/* "en_GB.UTF-8" -> "en-GB", "en_US" -> "en-US", "en_AU@euro" -> "en-AU" (language, then a
 * two-letter territory; codeset and modifier ignored; case as POSIX spells it or not). NULL
 * for NULL, "", "C", "POSIX", "C.UTF-8", a bare "en", and every language but English. */
char *draftd_cli_dialect_from_locale (const char *locale);

/* The locale that names the language of messages, as setlocale reads it: LC_ALL, else
 * LC_MESSAGES, else LANG (the first one set and not empty); its dialect, or NULL. */
char *draftd_cli_locale_dialect (void);

/* Is `name` a dialect the daemon takes: "en", a '-' or '_', two capital letters ("en-GB",
 * "en_US")? The daemon checks the same (daemon/service/request.c), so that a client can say
 * so as a usage error before it connects. */
gboolean draftd_cli_dialect_valid (const char *name);

/* A dialect as a user writes it, as the daemon takes it: "en_gb", "EN-GB" -> "en-GB"; "none"
 * and "" -> "" (no dialect: each text held to the one it follows); NULL for anything else. */
char *draftd_cli_dialect_normalize (const char *name);
