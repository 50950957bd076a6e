/* Words of everyday computing (and of the office) that Hunspell's English dictionaries lack
 * and that writers of READMEs, commit messages and e-mails use as they are: never "corrected" into look-alikes
 * ("config" -> "configure"). Lower case; a word's capitalised form is accepted too. */
#include "grammar/words-en.h"
#include <string.h>

static const char *const words[] = {
  "api",       "apis",       "async",     "backend",    "backends",  "bool",      "changelog", "chatbot",   "cli",
  "codebase",  "config",     "configs",   "cron",       "dataset",   "datasets",  "dev",       "devs",      "dropdown",
  "enum",      "enums",      "filesystem", "filesystems", "frontend", "frontends", "github",    "gitlab",    "hostname",
  "hostnames", "iframe",     "json",      "localhost",  "markdown",  "middleware", "namespace", "namespaces", "npm",
  "ok",        "readme",     "regex",     "regexes",    "repo",      "repos",     "stderr",    "stdin",     "stdout",
  "struct",    "structs",    "subfolder", "subfolders", "sudo",      "todo",      "todos",     "toolchain", "toolchains",
  "unicode",   "varchar",    "vlog",      "webhook",    "webhooks",  "yaml",      "url",       "urls",      "utf",
  "wifi",      "draftd",    "app",        "apps",      "blog",       "blogs",     "inbox",     "signup",    "runtime",   "runtimes",
  /* Office and everyday words newer than the dictionaries: "tomorrow's standup", "staff wellbeing",
   * a builder's "finished the ensuite". */
  "standup",   "standups",  "onboarding", "offsite",   "wellbeing", "ensuite",   "ensuites",
};

gboolean
draftd_spell_extra_word (const char *lang, const char *word)
{
  if (g_strcmp0 (lang, "en") != 0)
    return FALSE;
  g_autofree char *lower = g_utf8_strdown (word, -1);
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (strcmp (words[i], lower) == 0)
      return TRUE;
  return FALSE;
}
