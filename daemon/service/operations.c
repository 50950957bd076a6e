#include "daemon/service/operations.h"

static const DraftdOperation operations[] = {
  { "Complete", "sa{sv}", TRUE, DRAFTD_JOB_COMPLETE, DRAFTD_OPTIONS_GENERATION },
  { "Chat", "ssa{sv}", TRUE, DRAFTD_JOB_CHAT, DRAFTD_OPTIONS_GENERATION },
  { "ResetConversation", "s", FALSE, 0, DRAFTD_OPTIONS_NONE },
  { "AddWord", "s", FALSE, 0, DRAFTD_OPTIONS_NONE },
  { "Rewrite", "ssa{sv}", TRUE, DRAFTD_JOB_REWRITE, DRAFTD_OPTIONS_GRAMMAR },
  { "Correct", "sa{sv}", TRUE, DRAFTD_JOB_CORRECT, DRAFTD_OPTIONS_GRAMMAR },
  { "Start", "sav", FALSE, 0, DRAFTD_OPTIONS_NONE },
  { "Cancel", "o", FALSE, 0, DRAFTD_OPTIONS_NONE },
  { "UseModels", "ss", FALSE, 0, DRAFTD_OPTIONS_NONE },
};

/* Strings and booleans have no bounds here: the option's own reader checks a string against
 * its names, and `stop` against the bounds in request.c. */
static const DraftdOption options[] = {
  { "max_tokens", DRAFTD_OPTIONS_GENERATION, "u", 1, G_MAXUINT32, "max_tokens must be at least 1" },
  { "temperature", DRAFTD_OPTIONS_GENERATION, "d", 0, 100, "option 'temperature' is out of range" },
  { "top_p", DRAFTD_OPTIONS_GENERATION, "d", 0, 1, "option 'top_p' is out of range" },
  { "min_p", DRAFTD_OPTIONS_GENERATION, "d", 0, 1, "option 'min_p' is out of range" },
  { "top_k", DRAFTD_OPTIONS_GENERATION, "u", 0, G_MAXUINT32, NULL },
  { "seed", DRAFTD_OPTIONS_GENERATION, "t", 0, 0, NULL },
  { "mode", DRAFTD_OPTIONS_GENERATION, "s", 0, 0, NULL },
  { "stop", DRAFTD_OPTIONS_GENERATION, "as", 0, 0, NULL },
  { "shared", DRAFTD_OPTIONS_GENERATION, "b", 0, 0, NULL },
  { "offset_unit", DRAFTD_OPTIONS_GRAMMAR, "s", 0, 0, NULL },
  { "keep_bias", DRAFTD_OPTIONS_GRAMMAR, "d", 0, 100, "keep_bias must be a log-probability margin from 0 to 100" },
  { "model_pass", DRAFTD_OPTIONS_GRAMMAR, "b", 0, 0, NULL },
  { "compare_greedy", DRAFTD_OPTIONS_GRAMMAR, "b", 0, 0, NULL },
  { "protect_quotes", DRAFTD_OPTIONS_GRAMMAR, "b", 0, 0, NULL },
  { "dialect", DRAFTD_OPTIONS_GRAMMAR, "s", 0, 0, NULL },
  { "locale_dialect", DRAFTD_OPTIONS_GRAMMAR, "s", 0, 0, NULL },
  { "path", DRAFTD_OPTIONS_GRAMMAR, "s", 0, 0, NULL },
  { "disabled_rules", DRAFTD_OPTIONS_GRAMMAR, "as", 0, 0, NULL },
};

const DraftdOperation *
draftd_operations (guint *n)
{
  *n = G_N_ELEMENTS (operations);
  return operations;
}

const DraftdOperation *
draftd_operation_find (const char *name)
{
  for (guint i = 0; name && i < G_N_ELEMENTS (operations); i++)
    if (g_str_equal (operations[i].name, name))
      return &operations[i];
  return NULL;
}

const DraftdOperation *
draftd_operation_for_kind (DraftdJobKind kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (operations); i++)
    if (operations[i].job && operations[i].kind == kind)
      return &operations[i];
  g_return_val_if_reached (NULL);
}

const char *
draftd_operation_job_names (void)
{
  static gsize names;
  if (g_once_init_enter (&names)) {
    GString *s = g_string_new (NULL);
    for (guint i = 0; i < G_N_ELEMENTS (operations); i++)
      if (operations[i].job)
        g_string_append_printf (s, "%s%s", s->len ? ", " : "", operations[i].name);
    g_once_init_leave (&names, (gsize) g_string_free (s, FALSE));
  }
  return (const char *) names;
}

const DraftdOption *
draftd_option_find (DraftdOptionSet set, const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (options[i].set == set && g_str_equal (options[i].key, key))
      return &options[i];
  return NULL;
}
