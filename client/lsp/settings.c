/* Settings, from initializationOptions or workspace/didChangeConfiguration:
 *   checks: ["grammar", "spelling", ...]   kinds reported (default all)
 *   presets: ["formal", "concise", "simple", "friendly", "any instruction"]
 *   dictionary: ["draftd", ...]            words never flagged
 *   comments, strings: true                 check comments / string literals of code
 *   debounceMs: 300                         quiet time after a change before checking
 *   disabledRules: ["confusable", ...]      rule ids or families (prefix at a dot) not reported
 *   dialect: "en-GB"                        spellings held to it ("none": each text to its own;
 *                                           null or absent: the locale's, after draftd.conf's)
 *   language: "uk"                          every document checked in it (as LTeX's ltex.language);
 *                                           "auto", null or absent: the language a document declares
 *                                           (front matter, babel, <html lang>), else each sentence's own */
#include <string.h>
#include "client/lsp/server.h"
#include "lib/bus/draftd-bus-rules.h"
#include "lib/cli/dialect.h"
#include "lib/cli/language.h"

static const char *const default_presets[] = { "formal", "concise", "simple", "friendly", NULL };

void
draftd_lsp_settings_init (DraftdLspSettings *st)
{
  st->checks = NULL;
  st->presets = g_strdupv ((char **) default_presets);
  st->dictionary = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  st->prose = (DraftdLspProseOptions) { FALSE, FALSE };
  st->debounce_ms = 300;
}

void
draftd_lsp_settings_clear (DraftdLspSettings *st)
{
  g_strfreev (st->checks);
  g_strfreev (st->presets);
  g_strfreev (st->disabled_rules);
  g_free (st->dialect);
  g_free (st->language);
  g_hash_table_unref (st->dictionary);
}

/* The strings of a JSON array member; NULL when absent or not an array of strings. */
static char **
strings (JsonObject *o, const char *name)
{
  JsonArray *a = draftd_lsp_get_array (o, name);
  if (a == NULL)
    return NULL;
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  for (guint i = 0; i < json_array_get_length (a); i++) {
    JsonNode *n = json_array_get_element (a, i);
    if (JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING && *json_node_get_string (n))
      g_strv_builder_add (b, json_node_get_string (n));
  }
  return g_strv_builder_end (b);
}

void
draftd_lsp_settings_set_rules (DraftdLspSettings *st, char **rules)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  for (guint i = 0; rules[i]; i++)
    if (draftd_rule_id_valid (rules[i]))
      g_strv_builder_add (b, rules[i]);
    else
      g_printerr ("draftd-lsp: disabledRules: '%.48s' is not a rule id (letters, digits and - . _ '); ignored\n", rules[i]);
  g_strfreev (rules);
  g_strfreev (st->disabled_rules);
  st->disabled_rules = g_strv_builder_end (b);
}

/* dialect: a dialect, "none" or "" (none), null (the locale's again); anything else is
 * logged and changes nothing. TRUE when it changed. */
static gboolean
set_dialect (DraftdLspSettings *st, JsonObject *o)
{
  JsonNode *n = json_object_get_member (o, "dialect");
  if (n == NULL)
    return FALSE;
  const char *v = draftd_lsp_get_string (o, "dialect");
  char *d = v ? draftd_cli_dialect_normalize (v) : NULL;
  if (d == NULL && !JSON_NODE_HOLDS_NULL (n)) {
    g_printerr ("draftd-lsp: dialect: '%.48s' is not an English dialect like en-US or en-GB, or none; ignored\n", v ? v : "(not a string)");
    return FALSE;
  }
  gboolean changed = g_strcmp0 (d, st->dialect) != 0;
  g_free (st->dialect);
  st->dialect = d;
  return changed;
}

/* language: a language code or "auto" (null too); anything else is logged and changes nothing.
 * TRUE when it changed. */
static gboolean
set_language (DraftdLspSettings *st, JsonObject *o)
{
  JsonNode *n = json_object_get_member (o, "language");
  if (n == NULL)
    return FALSE;
  const char *v = draftd_lsp_get_string (o, "language");
  char *code = JSON_NODE_HOLDS_NULL (n) ? g_strdup ("auto") : draftd_language_normalize (v);
  if (code == NULL) {
    g_printerr ("draftd-lsp: language: '%.48s' is not a language code like uk, cs or pt-BR, or auto; ignored\n",
                v ? v : "(not a string)");
    return FALSE;
  }
  if (g_str_equal (code, "auto"))
    g_clear_pointer (&code, g_free);
  gboolean changed = g_strcmp0 (code, st->language) != 0;
  g_free (st->language);
  st->language = code;
  return changed;
}

void
draftd_lsp_job_options (DraftdLspServer *s, DraftdLspDocument *doc, DraftdLspJobOptions *out)
{
  const char *language = s->settings.language ? s->settings.language : doc ? doc->declared_language : NULL;
  *out = (DraftdLspJobOptions) { NULL, s->settings.dialect, s->settings.dialect ? NULL : s->locale_dialect, doc ? doc->file : NULL,
                                 language };
}

gboolean
draftd_lsp_settings_update (DraftdLspSettings *st, JsonObject *o)
{
  if (o == NULL)
    return FALSE;
  char **v;
  if ((v = strings (o, "checks"))) {
    g_strfreev (st->checks);
    st->checks = v;
  }
  if ((v = strings (o, "presets"))) {
    g_strfreev (st->presets);
    st->presets = v;
  }
  if ((v = strings (o, "dictionary"))) {
    g_hash_table_remove_all (st->dictionary);
    for (guint i = 0; v[i]; i++)
      g_hash_table_add (st->dictionary, g_utf8_casefold (v[i], -1));
    g_strfreev (v);
  }
  if ((v = strings (o, "disabledRules")))
    draftd_lsp_settings_set_rules (st, v);
  st->prose.comments = draftd_lsp_get_bool (o, "comments", st->prose.comments);
  st->prose.strings = draftd_lsp_get_bool (o, "strings", st->prose.strings);
  gint64 ms;
  if (draftd_lsp_get_int (o, "debounceMs", &ms))
    st->debounce_ms = CLAMP (ms, 0, 10000);
  gboolean dialect = set_dialect (st, o);
  return set_language (st, o) || dialect;
}
