#include "daemon/service/replies.h"
#include "lib/bus/draftd-bus.h"

static void
dict_u32 (DBusMessageIter *d, const char *k, guint32 v)
{
  draftd_bus_dict_add (d, k, DBUS_TYPE_UINT32, &v);
}

static void
dict_double (DBusMessageIter *d, const char *k, double v)
{
  draftd_bus_dict_add (d, k, DBUS_TYPE_DOUBLE, &v);
}

static void
dict_bool (DBusMessageIter *d, const char *k, gboolean v)
{
  dbus_bool_t b = v;
  draftd_bus_dict_add (d, k, DBUS_TYPE_BOOLEAN, &b);
}

static void
dict_string (DBusMessageIter *d, const char *k, const char *v)
{
  draftd_bus_dict_add (d, k, DBUS_TYPE_STRING, &v);
}

static void
append_grammar_stats (DBusMessageIter *d, const DraftdJobStats *st)
{
  const DraftdGrammarStats *g = &st->grammar;
  dict_u32 (d, "segments", g->segments);
  dict_u32 (d, "kept_source", g->kept_source);
  dict_u32 (d, "refused_edits", g->refused_edits);
  dict_u32 (d, "too_long", g->too_long);
  dict_u32 (d, "foreign", g->foreign);
  if (g->unchecked > 0) {
    dict_u32 (d, "unchecked", g->unchecked);
    dict_string (d, "unchecked_language", g->unchecked_language);
  }
  /* A correction's candidates are scored in passes of their own: the common target_passes
   * counts the model's decoding of the sentence (none where the candidates settled it), so a
   * reply whose every fix the model judged would otherwise read as one the model never ran. */
  dict_u32 (d, "fixes", g->fixes);
  dict_u32 (d, "scoring_passes", g->scoring_passes);
  dict_u32 (d, "kept_tokens", g->kept_tokens);
  dict_u32 (d, "cached", g->cached);
  if (g->greedy_passes > 0 || g->greedy_ms > 0) {
    dict_u32 (d, "greedy_passes", g->greedy_passes);
    dict_double (d, "greedy_ms", g->greedy_ms);
    dict_bool (d, "greedy_equal", g->greedy_equal);
    dict_double (d, "speedup", st->wall_ms > g->greedy_ms && g->greedy_ms > 0 ? g->greedy_ms / (st->wall_ms - g->greedy_ms) : 0.0);
  }
}

/* "rules": the rule id of each edit of the reply, in the edits' order. The edits' struct keeps
 * its five fields, so clients written against (uusss) read the reply as before. */
static void
dict_rules (DBusMessageIter *d, const GArray *edits)
{
  DBusMessageIter entry, var, arr;
  const char *key = "rules";
  dbus_message_iter_open_container (d, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
  dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &key);
  dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, "as", &var);
  dbus_message_iter_open_container (&var, DBUS_TYPE_ARRAY, "s", &arr);
  for (guint i = 0; edits && i < edits->len; i++) {
    const char *rule = g_array_index (edits, DraftdGrammarEdit, i).rule;
    rule = rule ? rule : "";
    dbus_message_iter_append_basic (&arr, DBUS_TYPE_STRING, &rule);
  }
  dbus_message_iter_close_container (&var, &arr);
  dbus_message_iter_close_container (&entry, &var);
  dbus_message_iter_close_container (d, &entry);
}

/* One edit as the (uusss) struct of the reply's edits, or (uussss) with its rule id. */
static void
append_wire_edit (DBusMessageIter *arr, const DraftdWireEdit *w, gboolean with_rule)
{
  DBusMessageIter st;
  dbus_message_iter_open_container (arr, DBUS_TYPE_STRUCT, NULL, &st);
  dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &w->offset);
  dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &w->length);
  dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &w->replacement);
  dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &w->kind);
  dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &w->message);
  if (with_rule)
    dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &w->rule);
  dbus_message_iter_close_container (arr, &st);
}

/* "suggestions" (Correct): what the target doubted, offered and not applied, each as an edit
 * with its rule, (offset, length, replacement, kind, message, rule) in the reply's unit. In
 * the stats, so that the reply's and Finished's signatures stay as they were. */
static void
dict_suggestions (DBusMessageIter *d, const DraftdJob *job)
{
  DBusMessageIter entry, var, arr;
  const char *key = "suggestions";
  const GArray *s = job->result.suggestions;
  dbus_message_iter_open_container (d, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
  dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &key);
  dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, "a(uussss)", &var);
  dbus_message_iter_open_container (&var, DBUS_TYPE_ARRAY, "(uussss)", &arr);
  DraftdOffsetCursor at = { 0 };
  for (guint i = 0; s && i < s->len; i++) {
    DraftdWireEdit w = draftd_reply_wire_edit (job->request, &g_array_index (s, DraftdGrammarEdit, i), &at);
    append_wire_edit (&arr, &w, TRUE);
  }
  dbus_message_iter_close_container (&var, &arr);
  dbus_message_iter_close_container (&entry, &var);
  dbus_message_iter_close_container (d, &entry);
}

/* The counts every job has, into the open a{sv} `d`. */
static void
dict_common_stats (DBusMessageIter *d, const DraftdJobStats *st)
{
  guint generated = draftd_job_stats_generated (st), passes = draftd_job_stats_target_passes (st);
  guint accepted = draftd_job_stats_accepted (st);
  dict_string (d, "mode", st->mode ? st->mode : "");
  dict_u32 (d, "generated_tokens", generated);
  dict_u32 (d, "target_passes", passes);
  dict_u32 (d, "assistant_passes", st->decode.assistant_passes);
  dict_u32 (d, "drafted", draftd_job_stats_drafted (st));
  dict_u32 (d, "accepted", accepted);
  dict_double (d, "mean_accepted_per_pass", passes ? (double) accepted / passes : 0.0);
  dict_double (d, "passes_per_token", generated ? (double) passes / generated : 0.0);
  dict_double (d, "wall_ms", st->wall_ms);
  dict_double (d, "tokens_per_s", st->wall_ms > 0 ? generated / (st->wall_ms / 1e3) : 0.0);
}

static void
append_text (DBusMessageIter *it, const DraftdJob *job)
{
  const char *text = job->result.text ? job->result.text : "";
  dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &text);
}

void
draftd_reply_generation (DBusMessageIter *it, const DraftdJob *job, gboolean reply)
{
  DBusMessageIter d;
  append_text (it, job);
  dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "{sv}", &d);
  dict_common_stats (&d, &job->result.stats);
  dict_u32 (&d, "prompt_tokens", job->result.stats.decode.prompt_tokens);
  dbus_message_iter_close_container (it, &d);
}

/* The one conversion of an edit to the wire: byte offsets into the request's text become
 * the client's unit (counted on from `at`, the list's last edit), and a missing message an
 * empty string. */
DraftdWireEdit
draftd_reply_wire_edit (const DraftdJobRequest *req, const DraftdGrammarEdit *e, DraftdOffsetCursor *at)
{
  guint32 off = draftd_grammar_offset_at (at, req->text, e->start, req->options.offset_unit);
  guint32 end = draftd_grammar_offset_at (at, req->text, e->end, req->options.offset_unit);
  return (DraftdWireEdit) { off, end - off, e->replacement, e->kind, e->message ? e->message : "", e->rule ? e->rule : "" };
}

static void
append_edits (DBusMessageIter *it, const DraftdJob *job)
{
  DBusMessageIter arr;
  const GArray *edits = job->result.edits;
  dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(uusss)", &arr);
  DraftdOffsetCursor at = { 0 };
  for (guint i = 0; edits && i < edits->len; i++) {
    DraftdWireEdit w = draftd_reply_wire_edit (job->request, &g_array_index (edits, DraftdGrammarEdit, i), &at);
    append_wire_edit (&arr, &w, FALSE);
  }
  dbus_message_iter_close_container (it, &arr);
}

void
draftd_reply_grammar (DBusMessageIter *it, const DraftdJob *job, gboolean reply)
{
  DBusMessageIter d;
  append_text (it, job);
  if (reply)
    append_edits (it, job);
  dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "{sv}", &d);
  dict_common_stats (&d, &job->result.stats);
  append_grammar_stats (&d, &job->result.stats);
  if (reply)
    dict_rules (&d, job->result.edits);
  if (job->result.suggestions)
    dict_suggestions (&d, job);
  dbus_message_iter_close_container (it, &d);
}
