/* Rule ids, part of draftd's contract: every edit names one (grammar/edits.c), and the lists
 * that turn rules off name them back (the disabled_rules option and config key, `draft correct
 * --disable`, draftd-lsp's disabledRules). Their syntax, bounds and matching are defined here
 * once, for the grammar library and the language server alike. Header-only and free of
 * libdbus, like draftd-bus-names.h, so the grammar library needs no D-Bus to use it. */
#pragma once
#include <glib.h>
#include <string.h>

/* Bounds of a list of disabled rules, wherever it comes from (config, D-Bus, LSP). */
#define DRAFTD_MAX_DISABLED_RULES 256
#define DRAFTD_MAX_RULE_LENGTH 128

/* A rule id or family as the lists take them: ASCII letters, digits and - . _ ' only. */
static inline gboolean
draftd_rule_id_valid (const char *rule)
{
  if (*rule == 0 || strlen (rule) > DRAFTD_MAX_RULE_LENGTH)
    return FALSE;
  for (const char *p = rule; *p; p++)
    if (!g_ascii_isalnum (*p) && !strchr ("-._'", *p))
      return FALSE;
  return TRUE;
}

/* Does `rule` fall under one of `disabled`: an id, or a family ("confusable" and
 * "confusable." cover "confusable.then-than", not "confusables")? */
static inline gboolean
draftd_rule_disabled (const char *rule, const char *const *disabled)
{
  for (guint i = 0; rule && disabled && disabled[i]; i++) {
    gsize n = strlen (disabled[i]);
    while (n > 0 && disabled[i][n - 1] == '.')
      n--;
    if (n > 0 && strncmp (rule, disabled[i], n) == 0 && (rule[n] == 0 || rule[n] == '.'))
      return TRUE;
  }
  return FALSE;
}
