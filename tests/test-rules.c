/* Rule ids and disabled rules (issue 33): the ids the grammar gives its edits; over D-Bus,
 * the rule of each edit in Correct's reply (stats "rules") and in the Edit signal, the
 * disabled_rules option leaving a rule's edits out of the edits and of the corrected text (a
 * family by its prefix), a malformed rule refused; disabled_rules in the daemon's config; and
 * `draft correct --json` (each edit's rule) and `--disable RULE`. */
#include <glib/gstdio.h>
#include <string.h>
#include "grammar/candidates.h"
#include "grammar/edits.h"
#include "lib/bus/client.h"
#include "tests/bus-fixture.h"
#include "tests/cli-run.h"
#include "tests/tap.h"
#include "tests/test-util.h"

/* A sentence the shipped models correct with several rules: a misspelling, agreement, an
 * article. */
#define TEXT "She go to the libary every day and buy a apple."

static void
test_rule_ids (void)
{
  struct { const char *kind, *before, *was, *now, *rule; } cases[] = {
    { "spelling", NULL, "libary", "library", "spelling" },
    { "spelling", NULL, "paris", "Paris", "capitalization" },
    { "punctuation", NULL, "a)", "A)", "capitalization" },
    { "punctuation", ",", "The", "the", "capitalization.mid-sentence" },
    { "punctuation", NULL, "", ",", "punctuation" },
    { "word choice", NULL, "were", "where", "confusable.were-where" },
    { "word choice", NULL, "where", "were", "confusable.were-where" },
    { "word choice", NULL, "its", "it\u2019s", "confusable.it's-its" },
    { "word choice", NULL, "more ", "", "word-choice.redundant" },
    { "agreement", "he", "go", "goes", "agreement.subject-verb" },
    { "agreement", "three", "brother", "brothers", "agreement.noun-number" },
    { "agreement", NULL, "this", "these", "agreement.determiner" },
    { "verb form", NULL, "go", "went", "verb-form" },
    { "dialect", NULL, "theatre", "theater", "dialect" },
    { "grammar", NULL, "a", "the", "grammar" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *r = draftd_grammar_rule_id (cases[i].kind, cases[i].before, cases[i].was, cases[i].now);
    tap_ok (g_strcmp0 (r, cases[i].rule) == 0, "rule of %s '%s' -> '%s': %s (want %s)", cases[i].kind, cases[i].was, cases[i].now, r,
            cases[i].rule);
  }
  const char *const off[] = { "confusable", "agreement.subject-verb", NULL };
  tap_ok (draftd_rule_disabled ("confusable.then-than", off) && draftd_rule_disabled ("agreement.subject-verb", off) &&
              !draftd_rule_disabled ("confusables", off) && !draftd_rule_disabled ("agreement.noun-number", off) &&
              !draftd_rule_disabled ("spelling", off),
          "disabled rules match an id or a family at a dot, nothing else");
  /* Issue 47: the list draft rules prints is every id the grammar gives, and nothing else it
   * cannot give: each id above, and each confusable pair of the grammar's own sets. */
  gboolean listed = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    listed &= draftd_rule_known (cases[i].rule);
  tap_ok (listed, "every rule id above is in draftd_rules()");
  g_autoptr (GPtrArray) pairs = draftd_candidates_confusable_rules ();
  guint n, in_table = 0, pairs_listed = 0;
  const DraftdRuleInfo *rules = draftd_rules (&n);
  for (guint i = 0; i < pairs->len; i++)
    pairs_listed += draftd_rule_known (pairs->pdata[i]);
  for (guint i = 0; i < n; i++)
    in_table += g_str_has_prefix (rules[i].id, "confusable.");
  tap_ok (pairs->len > 10 && pairs_listed == pairs->len && in_table == pairs->len,
          "the table's confusable pairs are the grammar's: %u of %u listed, %u in the table", pairs_listed, pairs->len, in_table);
  gboolean described = TRUE;
  for (guint i = 0; i < n; i++)
    described &= draftd_rule_id_valid (rules[i].id) && *rules[i].kind && *rules[i].what && !strchr (rules[i].what, '\n');
  tap_ok (described, "each of the %u rules has a valid id, a kind and a one-line description", n);
  tap_ok (draftd_rule_known ("confusable") && draftd_rule_known ("confusable.") && draftd_rule_known ("agreement") &&
              draftd_rule_known ("word-choice.redundant") && !draftd_rule_known ("confusables") &&
              !draftd_rule_known ("nonsense.rule") && !draftd_rule_known ("agreement.subject") && !draftd_rule_known ("."),
          "known: ids and families at a dot; not a prefix that stops mid-word, nor nonsense");
  g_autofree char *near1 = draftd_rule_nearest ("speling");
  g_autofree char *near2 = draftd_rule_nearest ("confusable.then-than");
  g_autofree char *near3 = draftd_rule_nearest ("agrement");
  g_autofree char *near4 = draftd_rule_nearest ("word-choise");
  tap_ok (g_str_has_prefix (near1, "'spelling'") && g_str_has_prefix (near2, "'confusable.than-then'") &&
              g_str_has_prefix (near3, "'agreement'") && strstr (near3, " or ") &&
              g_str_has_prefix (near4, "'word-choice', ") && !strstr (near4 + 1, "'word-choice'"),
          "the nearest ids first, each once: %s; %s; %s; %s", near1, near2, near3, near4);
  tap_ok (draftd_rule_id_valid ("confusable.it's-its") && !draftd_rule_id_valid ("a b") &&
              !draftd_rule_id_valid ("") && !draftd_rule_id_valid ("r\u00e9gle"),
          "rule ids are ASCII letters, digits and - . _ '");
}

/* Correct(text, {offset_unit: utf8, disabled_rules: rules}); NULL (error in *e) if refused. */
static DBusMessage *
correct (DBusConnection *c, const char *text, const char *const *rules, DBusError *e)
{
  DBusMessage *m = draftd_bus_new_call ("Correct");
  DBusMessageIter it, d;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &text);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  const char *unit = "utf8";
  draftd_bus_dict_add (&d, "offset_unit", DBUS_TYPE_STRING, &unit);
  if (rules)
    draftd_bus_dict_add_strv (&d, "disabled_rules", rules, -1);
  dbus_message_iter_close_container (&it, &d);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 300000, e);
  dbus_message_unref (m);
  return r;
}

typedef struct {
  char *text;
  guint n_edits;
  GPtrArray *rules;      /* stats "rules" */
  GPtrArray *originals;  /* what each edit replaces */
  gboolean suggestions;  /* stats "suggestions" is there, an a(uussss) */
} Reply;

static void
count_edit (gpointer user, const DraftdBusEdit *e)
{
  (*(guint *) user)++;
}

static void
reply_clear (Reply *r)
{
  g_free (r->text);
  g_clear_pointer (&r->rules, g_ptr_array_unref);
  g_clear_pointer (&r->originals, g_ptr_array_unref);
}

/* The "rules" entry of the stats a{sv}. */
static void
read_rules (DBusMessageIter *stats, GPtrArray *rules)
{
  DBusMessageIter d, entry, var, arr;
  for (dbus_message_iter_recurse (stats, &d); dbus_message_iter_get_arg_type (&d) == DBUS_TYPE_DICT_ENTRY; dbus_message_iter_next (&d)) {
    const char *key;
    dbus_message_iter_recurse (&d, &entry);
    dbus_message_iter_get_basic (&entry, &key);
    dbus_message_iter_next (&entry);
    dbus_message_iter_recurse (&entry, &var);
    if (!g_str_equal (key, "rules") || dbus_message_iter_get_arg_type (&var) != DBUS_TYPE_ARRAY)
      continue;
    for (dbus_message_iter_recurse (&var, &arr); dbus_message_iter_get_arg_type (&arr) == DBUS_TYPE_STRING; dbus_message_iter_next (&arr)) {
      const char *s;
      dbus_message_iter_get_basic (&arr, &s);
      g_ptr_array_add (rules, g_strdup (s));
    }
  }
}

static gboolean
read_reply (DBusMessage *m, const char *source, Reply *r)
{
  *r = (Reply) { NULL, 0, g_ptr_array_new_with_free_func (g_free), g_ptr_array_new_with_free_func (g_free), FALSE };
  DBusMessageIter it, arr, st;
  const char *text;
  if (m == NULL || !dbus_message_iter_init (m, &it))
    return FALSE;
  dbus_message_iter_get_basic (&it, &text);
  r->text = g_strdup (text);
  dbus_message_iter_next (&it);
  for (dbus_message_iter_recurse (&it, &arr); dbus_message_iter_get_arg_type (&arr) == DBUS_TYPE_STRUCT; dbus_message_iter_next (&arr)) {
    guint32 off, len;
    dbus_message_iter_recurse (&arr, &st);
    dbus_message_iter_get_basic (&st, &off);
    dbus_message_iter_next (&st);
    dbus_message_iter_get_basic (&st, &len);
    g_ptr_array_add (r->originals, g_strndup (source + off, len));
    r->n_edits++;
  }
  dbus_message_iter_next (&it);
  read_rules (&it, r->rules);
  guint n = 0;
  r->suggestions = draftd_bus_dict_edits (&it, "suggestions", count_edit, &n);
  dbus_message_unref (m);
  return TRUE;
}

static gint
find_rule (const Reply *r, const char *prefix)
{
  for (guint i = 0; i < r->rules->len; i++)
    if (g_str_has_prefix (r->rules->pdata[i], prefix))
      return (gint) i;
  return -1;
}

static void
test_dbus_rules (DBusConnection *c)
{
  DBusError e;
  dbus_error_init (&e);
  Reply all, less;
  gboolean ok = read_reply (correct (c, TEXT, NULL, &e), TEXT, &all);
  tap_ok (ok && all.n_edits > 1 && all.rules->len == all.n_edits, "Correct: stats \"rules\" names each of the %u edits (%u rules)",
          all.n_edits, ok ? all.rules->len : 0);
  gint sp = ok ? find_rule (&all, "spelling") : -1;
  tap_ok (sp >= 0 && g_str_equal (all.originals->pdata[sp], "libary"), "the misspelling's rule is spelling");
  tap_ok (ok && all.suggestions, "Correct: stats \"suggestions\" (what the target doubted) is an a(uussss)");
  for (guint i = 0; ok && i < all.rules->len; i++)
    tap_diag ("edit %u: '%s' rule %s", i, (char *) all.originals->pdata[i], (char *) all.rules->pdata[i]);
  const char *const off[] = { "spelling", NULL };
  gboolean ok2 = read_reply (correct (c, TEXT, off, &e), TEXT, &less);
  tap_ok (ok2 && less.n_edits == all.n_edits - 1 && find_rule (&less, "spelling") < 0,
          "disabled_rules [spelling]: its edit is left out (%u of %u edits)", ok2 ? less.n_edits : 0, all.n_edits);
  tap_ok (ok2 && strstr (less.text, "libary") && !strstr (all.text, "libary"),
          "... and the corrected text keeps the word as written: '%s'", ok2 ? less.text : "");
  reply_clear (&less);
  /* A family by its prefix: every rule of the first edit's family. */
  g_autofree char *family = ok && all.rules->len ? g_strdup (all.rules->pdata[0]) : g_strdup ("x");
  if (strchr (family, '.'))
    *strchr (family, '.') = 0;
  const char *const fam[] = { family, NULL };
  ok2 = read_reply (correct (c, TEXT, fam, &e), TEXT, &less);
  tap_ok (ok2 && find_rule (&less, family) < 0 && less.n_edits < all.n_edits, "disabled_rules [%s]: the family's edits go (%u left)",
          family, ok2 ? less.n_edits : 0);
  reply_clear (&less);
  reply_clear (&all);
  const char *const bad[] = { "not a rule", NULL };
  DBusMessage *r = correct (c, TEXT, bad, &e);
  tap_ok (r == NULL && g_strcmp0 (e.name, DRAFTD_BUS_ERROR_INVALID_ARGUMENT) == 0, "a malformed rule id is InvalidArgument: %s",
          e.message ? e.message : "accepted");
  if (r)
    dbus_message_unref (r);
  dbus_error_free (&e);
}

typedef struct {
  GPtrArray *rules;
  gboolean done;
  gboolean suggestions;  /* Finished's stats have "suggestions" */
} Followed;

static void
on_edit (gpointer job, const DraftdBusEdit *edit)
{
  g_ptr_array_add (((Followed *) job)->rules, g_strdup (edit->rule ? edit->rule : "(none)"));
}

static void
on_finished (gpointer job, const char *result, DBusMessageIter *stats)
{
  guint n = 0;
  ((Followed *) job)->suggestions = stats && draftd_bus_dict_edits (stats, "suggestions", count_edit, &n);
  ((Followed *) job)->done = TRUE;
}

static void
on_failed (gpointer job, const GError *error)
{
  tap_diag ("the job failed: %s", error->message);
  ((Followed *) job)->done = TRUE;
}

static void
test_edit_signal (BusFixture *f)
{
  static const DraftdBusJobEvents events = { NULL, on_edit, NULL, on_finished, on_failed };
  g_autoptr (GError) error = NULL;
  DraftdBus *b = draftd_bus_open (f->address, NULL, &error);
  if (b)
    draftd_bus_set_job_events (b, &events);
  Followed fl = { g_ptr_array_new_with_free_func (g_free), FALSE, FALSE };
  const char *args[] = { TEXT, NULL };
  DraftdBusStart s;
  draftd_bus_start_init (&s, "Correct", args);
  const char *const off[] = { "spelling", NULL };
  draftd_bus_dict_add_strv (&s.options, "disabled_rules", off, -1);
  DBusMessage *reply = b ? draftd_bus_call_sync (b, draftd_bus_start_finish (&s), 60000, &error) : NULL;
  g_autofree char *path = reply ? draftd_bus_job_path (reply) : NULL;
  if (reply)
    dbus_message_unref (reply);
  if (path)
    draftd_bus_follow (b, path, &fl);
  for (int i = 0; path && !fl.done && i < 6000; i++)
    draftd_bus_dispatch (b, 50);
  gboolean named = fl.rules->len > 0, spelling = FALSE;
  for (guint i = 0; i < fl.rules->len; i++) {
    named &= g_strcmp0 (fl.rules->pdata[i], "(none)") != 0;
    spelling |= g_str_has_prefix (fl.rules->pdata[i], "spelling");
  }
  tap_ok (fl.done && named && !spelling, "Start(Correct, disabled_rules [spelling]): %u Edit signals, each with its rule, none spelling",
          fl.rules->len);
  tap_ok (fl.suggestions, "Finished's stats carry \"suggestions\" too");
  g_ptr_array_unref (fl.rules);
  if (b)
    draftd_bus_free (b);
}

static gboolean
draft (BusFixture *f, const char *const *args, const char *input, CliResult *r)
{
  g_autoptr (GPtrArray) a = g_ptr_array_new ();
  g_ptr_array_add (a, "--address");
  g_ptr_array_add (a, f->address);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (a, (char *) args[i]);
  g_ptr_array_add (a, NULL);
  const char *env[] = { "LC_ALL=C.UTF-8", "NO_COLOR", NULL };
  return cli_run ("client/draft", (const char *const *) a->pdata, env, input, r);
}

/* The rules of draft correct --json's edits, space-separated. */
static char *
json_rules (const CliResult *r)
{
  g_autoptr (JsonNode) root = r->status == 0 ? cli_parse_json (r->out) : NULL;
  JsonObject *o = root && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonArray *edits = o && json_object_has_member (o, "edits") ? json_object_get_array_member (o, "edits") : NULL;
  if (edits == NULL)
    return NULL;
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < json_array_get_length (edits); i++) {
    JsonObject *e = json_array_get_object_element (edits, i);
    const char *rule = json_object_has_member (e, "rule") ? json_object_get_string_member (e, "rule") : NULL;
    g_string_append_printf (s, "%s%s", s->len ? " " : "", rule ? rule : "(null)");
  }
  return g_string_free (s, FALSE);
}

static void
test_cli (BusFixture *f)
{
  CliResult r = { 0 };
  draft (f, (const char *const[]) { "correct", "--json", NULL }, TEXT, &r);
  g_autofree char *all = json_rules (&r);
  tap_ok (all && strstr (all, "spelling") && !strstr (all, "(null)"), "draft correct --json: every edit has its rule (%s)",
          all ? all : r.err);
  cli_result_clear (&r);
  draft (f, (const char *const[]) { "correct", "--json", "--disable", "spelling", NULL }, TEXT, &r);
  g_autofree char *less = json_rules (&r);
  tap_ok (less && !strstr (less, "spelling") && strlen (less) < strlen (all ? all : ""), "draft correct --disable spelling: %s",
          less ? less : r.err);
  cli_result_clear (&r);
  draft (f, (const char *const[]) { "correct", "--disable", "spelling,confusable", NULL }, TEXT, &r);
  tap_ok (r.status == 0 && strstr (r.out, "libary"), "--disable takes a comma-separated list; the word stays: %s", g_strchomp (r.out));
  cli_result_clear (&r);
  /* Issue 47: a rule that does not exist would turn nothing off: a usage error naming the
   * nearest, and draft rules lists them all. */
  draft (f, (const char *const[]) { "correct", "--disable", "spelling,nonsense.rule", NULL }, TEXT, &r);
  tap_ok (r.status == 2 && strstr (r.err, "no rule 'nonsense.rule'; the nearest: '") && strstr (r.err, "draft rules") &&
              *r.out == 0,
          "--disable nonsense.rule is a usage error naming the nearest rules (exit %d): %s", r.status, g_strchomp (r.err));
  cli_result_clear (&r);
  draft (f, (const char *const[]) { "correct", "--disable", "speling", NULL }, TEXT, &r);
  tap_ok (r.status == 2 && strstr (r.err, "the nearest: 'spelling'"), "--disable speling: did you mean spelling: %s",
          g_strchomp (r.err));
  cli_result_clear (&r);
  draft (f, (const char *const[]) { "rules", NULL }, NULL, &r);
  guint n, lines_ok = 0;
  const DraftdRuleInfo *rules = draftd_rules (&n);
  g_auto (GStrv) lines = g_strsplit (r.out, "\n", -1);
  for (guint i = 0; i < n; i++)
    for (guint k = 1; lines[k]; k++)
      if (g_str_has_prefix (lines[k], rules[i].id) && lines[k][strlen (rules[i].id)] == ' ' && strstr (lines[k], rules[i].kind) &&
          strstr (lines[k], rules[i].what)) {
        lines_ok++;
        break;
      }
  tap_ok (r.status == 0 && g_str_has_prefix (r.out, "RULE") && lines_ok == n,
          "draft rules: a line for each of the %u rules with its kind and description (%u found)", n, lines_ok);
  cli_result_clear (&r);
  draft (f, (const char *const[]) { "rules", "--json", NULL }, NULL, &r);
  g_autoptr (JsonNode) root = r.status == 0 ? cli_parse_json (r.out) : NULL;
  JsonArray *a = root && JSON_NODE_HOLDS_ARRAY (root) ? json_node_get_array (root) : NULL;
  JsonObject *first = a && json_array_get_length (a) ? json_array_get_object_element (a, 0) : NULL;
  tap_ok (a && json_array_get_length (a) == n && first && json_object_has_member (first, "kind") &&
              g_str_equal (json_object_get_string_member (first, "id"), rules[0].id),
          "draft rules --json: %u objects of id, kind, description", a ? json_array_get_length (a) : 0);
  cli_result_clear (&r);
  /* What the model doubts (affect by 0.6 nats, short of word choice's margin) is listed on
   * stderr with --suggestions, never applied, and is in --json's stats. */
  const char *doubted = "This shall effect in exams.";
  draft (f, (const char *const[]) { "correct", "--suggestions", NULL }, doubted, &r);
  tap_ok (r.status == 0 && g_str_equal (g_strchomp (r.out), doubted) &&
              strstr (r.err, "<stdin>:1:12: suggestion: \u201ceffect\u201d \u2192 \u201caffect\u201d? (confusable.affect-effect, not applied)"),
          "--suggestions lists what the model doubted on stderr, the text unchanged: %s", g_strchomp (r.err));
  cli_result_clear (&r);
  draft (f, (const char *const[]) { "correct", "--json", NULL }, doubted, &r);
  g_autoptr (JsonNode) sj = r.status == 0 ? cli_parse_json (r.out) : NULL;
  JsonObject *so = sj && JSON_NODE_HOLDS_OBJECT (sj) ? json_node_get_object (sj) : NULL;
  JsonObject *st = so && json_object_has_member (so, "stats") ? json_object_get_object_member (so, "stats") : NULL;
  JsonArray *sa = st && json_object_has_member (st, "suggestions") ? json_object_get_array_member (st, "suggestions") : NULL;
  JsonArray *s0 = sa && json_array_get_length (sa) == 1 ? json_array_get_array_element (sa, 0) : NULL;
  tap_ok (s0 && json_array_get_int_element (s0, 0) == 11 && g_str_equal (json_array_get_string_element (s0, 2), "affect") &&
              json_array_get_length (json_object_get_array_member (so, "edits")) == 0 && !strstr (r.err, "suggestion"),
          "--json: the suggestion in stats, no edit, nothing on stderr");
  cli_result_clear (&r);
  draft (f, (const char *const[]) { "correct", "--disable", "no such", NULL }, TEXT, &r);
  tap_ok (r.status == 2 && strstr (r.err, "rule id"), "--disable with a malformed rule is a usage error (exit %d): %s", r.status,
          g_strchomp (r.err));
  cli_result_clear (&r);
}

/* disabled_rules in draftd.conf: a second daemon whose config turns spelling off. */
static void
test_config (void)
{
  BusFixture f = { 0 };
  int code;
  if (!bus_fixture_begin_config (&f, "[draftd]\ndisabled_rules = spelling, confusable\n", NULL, NULL, &code))
    return;
  DBusConnection *c = bus_fixture_connect (&f);
  DBusError e;
  dbus_error_init (&e);
  Reply r;
  gboolean ok = read_reply (correct (c, TEXT, NULL, &e), TEXT, &r);
  tap_ok (ok && r.n_edits > 0 && find_rule (&r, "spelling") < 0 && strstr (r.text, "libary"),
          "config disabled_rules = spelling: no spelling edit, the word kept ('%s')", ok ? r.text : e.message);
  if (ok)
    reply_clear (&r);
  dbus_error_free (&e);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  bus_fixture_teardown (&f);
}

int
main (void)
{
  test_rule_ids ();
  BusFixture f = { 0 };
  int code;
  if (!bus_fixture_begin (&f, NULL, &code))
    return code;
  DBusConnection *c = bus_fixture_connect (&f);
  test_dbus_rules (c);
  test_edit_signal (&f);
  test_cli (&f);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  bus_fixture_teardown (&f);
  test_config ();
  return tap_done ();
}
