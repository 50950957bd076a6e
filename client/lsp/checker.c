/* Diagnostics: the document's paragraphs are checked by the daemon's Correct, each
 * paragraph's answer cached by its text, so a change re-checks only the paragraphs it
 * touched, the one being edited first; a paragraph that changes again before its answer
 * arrives is cancelled on the daemon. A short check publishes once every paragraph has its
 * answer; a long one (a document opened, a large paste) publishes the answers as they come,
 * a few times a second, and reports $/progress where the client takes it. */
#include <string.h>
#include "client/lsp/server.h"
#include "lib/bus/draftd-bus-rules.h"
#include "lib/bus/client.h"
#include "lib/cli/cli.h"

/* The cache is dropped whole when it grows past this many paragraphs (a long session). */
#define CACHE_LIMIT 50000
/* A check of this many paragraphs or more is long: see above. */
#define LONG_CHECK 4
/* How often a long check publishes what it has. */
#define PUBLISH_EVERY_MS 150

typedef struct {
  DraftdLspServer *s;
  char *uri, *text;
  char *key;          /* where its answer goes in the cache (cache_key) */
  guint64 id;
  gint64 sent_at;     /* real time (µs): a start failure of the daemon later is this job's */
} CheckJob;

/* A paragraph's answer depends on its text and on the document's folder, whose workspace
 * words the daemon reads (path): keyed by both. */
static char *
cache_key (DraftdLspDocument *doc, const char *text)
{
  /* The declared language too: a paragraph's answer depends on the language it is checked in. */
  return g_strconcat (doc->cache_scope, doc->declared_language ? doc->declared_language : "", "\n", text, NULL);
}

void
draftd_lsp_cached_edits_free (gpointer p)
{
  g_array_unref (p);
}

static void check_now (DraftdLspServer *s, DraftdLspDocument *doc);
static void long_check_end (DraftdLspServer *s, DraftdLspDocument *doc);

typedef struct {
  DraftdLspServer *s;
  char *uri;
  gboolean publish;   /* FALSE: the debounce before a check; TRUE: a long check's next publish */
} Pending;

static void
pending_free (gpointer p)
{
  Pending *pd = p;
  g_free (pd->uri);
  g_free (pd);
}

/* A timer for a document, by its URI: the document may be closed before it fires. */
static void publish_partial (DraftdLspServer *s, DraftdLspDocument *doc);

static gboolean
on_document_timer (gpointer user)
{
  Pending *pd = user;
  DraftdLspDocument *doc = g_hash_table_lookup (pd->s->documents, pd->uri);
  if (doc && pd->publish) {
    doc->publish_source = 0;
    publish_partial (pd->s, doc);
  } else if (doc) {
    doc->check_source = 0;
    check_now (pd->s, doc);
  }
  return G_SOURCE_REMOVE;
}

static guint
document_timeout (DraftdLspServer *s, DraftdLspDocument *doc, guint delay_ms, gboolean publish)
{
  Pending *pd = g_new0 (Pending, 1);
  pd->s = s;
  pd->uri = g_strdup (doc->uri);
  pd->publish = publish;
  return g_timeout_add_full (G_PRIORITY_DEFAULT, delay_ms, on_document_timer, pd, pending_free);
}

void
draftd_lsp_checker_schedule (DraftdLspServer *s, DraftdLspDocument *doc, guint delay_ms)
{
  if (doc->check_source)
    g_source_remove (doc->check_source);
  doc->check_source = document_timeout (s, doc, delay_ms, FALSE);
}

void
draftd_lsp_checker_forget (DraftdLspServer *s, DraftdLspDocument *doc)
{
  GHashTableIter it;
  gpointer id;
  g_hash_table_iter_init (&it, doc->inflight);
  while (g_hash_table_iter_next (&it, NULL, &id))
    draftd_lsp_daemon_cancel (s->daemon, GPOINTER_TO_SIZE (id));
  g_hash_table_remove_all (doc->inflight);
  long_check_end (s, doc);
}

void
draftd_lsp_checker_reset (DraftdLspServer *s)
{
  GHashTableIter it;
  gpointer doc;
  g_hash_table_iter_init (&it, s->documents);
  while (g_hash_table_iter_next (&it, NULL, &doc))
    draftd_lsp_checker_forget (s, doc);
  g_hash_table_remove_all (s->cache);
}

/* The check (settings.checks) an edit's kind belongs to: the daemon names grammar errors
 * by what they are (agreement, verb form, article, preposition, word choice). */
static const char *
kind_check (const char *kind)
{
  static const char *const own[] = { "spelling", "punctuation", "style", NULL };
  if (g_strv_contains (own, kind))
    return kind;
  /* A change of case is mechanics, as punctuation is: the same check and severity. */
  if (g_str_equal (kind, "capitalization"))
    return "punctuation";
  return g_str_equal (kind, "rewrite") ? "style" : "grammar";
}

static int
severity (const char *kind)
{
  const char *check = kind_check (kind);
  if (g_str_equal (check, "spelling") || g_str_equal (check, "grammar"))
    return 2;
  if (g_str_equal (check, "punctuation"))
    return 3;
  return 4;
}

static char *
fix_message (const DraftdLspFix *f, const char *original)
{
  if (f->suggestion)
    return g_strdup_printf ("possibly %s: \u201c%s\u201d \u2192 \u201c%s\u201d?", f->kind, original, f->replacement);
  if (f->message && *f->message)
    return g_strdup (f->message);
  if (*f->replacement == 0)
    return g_strdup_printf ("%s: delete \u201c%s\u201d", f->kind, original);
  if (*original == 0)
    return g_strdup_printf ("%s: insert \u201c%s\u201d", f->kind, f->replacement);
  return g_strdup_printf ("%s: \u201c%s\u201d \u2192 \u201c%s\u201d", f->kind, original, f->replacement);
}

JsonNode *
draftd_lsp_fix_diagnostic (DraftdLspServer *s, DraftdLspDocument *doc, const DraftdLspFix *f)
{
  g_autofree char *original = g_strndup (doc->text->str + f->start, f->end - f->start);
  g_autofree char *message = fix_message (f, original);
  JsonObject *o = json_object_new ();
  json_object_set_member (o, "range", draftd_lsp_document_range_node (doc, s->encoding, f->start, f->end));
  /* A suggestion is Information: the target doubted it, so it is no error to fix. */
  json_object_set_int_member (o, "severity", f->suggestion ? 3 : severity (f->kind));
  /* The rule id is the code an editor shows and the user turns off ("Ignore this rule"). */
  json_object_set_string_member (o, "code", f->rule ? f->rule : f->kind);
  json_object_set_string_member (o, "source", "draftd");
  json_object_set_string_member (o, "message", message);
  JsonObject *data = json_object_new ();
  json_object_set_string_member (data, "replacement", f->replacement);
  json_object_set_string_member (data, "kind", f->kind);
  if (f->rule)
    json_object_set_string_member (data, "rule", f->rule);
  json_object_set_string_member (data, "original", original);
  if (f->suggestion)
    json_object_set_boolean_member (data, "suggestion", TRUE);
  json_object_set_object_member (o, "data", data);
  JsonNode *n = json_node_init_object (json_node_alloc (), o);
  json_object_unref (o);
  return n;
}

/* A word of the flagged span is in the user's dictionary. */
static gboolean
in_dictionary (DraftdLspServer *s, const char *span, gsize len)
{
  if (g_hash_table_size (s->settings.dictionary) == 0 && g_hash_table_size (s->workspace_words) == 0)
    return FALSE;
  const char *p = span, *end = span + len;
  while (p < end) {
    while (p < end && !g_unichar_isalnum (g_utf8_get_char (p)) && *p != '\'')
      p = g_utf8_next_char (p);
    const char *w = p;
    while (p < end && (g_unichar_isalnum (g_utf8_get_char (p)) || *p == '\'' || *p == '-'))
      p = g_utf8_next_char (p);
    if (p > w) {
      g_autofree char *fold = g_utf8_casefold (w, p - w);
      if (g_hash_table_contains (s->settings.dictionary, fold) || g_hash_table_contains (s->workspace_words, fold))
        return TRUE;
    }
  }
  return FALSE;
}

/* The fixes of one paragraph, from its cached answer, as the settings filter them. */
static void
paragraph_fixes (DraftdLspServer *s, DraftdLspDocument *doc, const DraftdLspParagraph *p, GArray *edits)
{
  for (guint i = 0; i < edits->len; i++) {
    const DraftdLspEdit *e = &g_array_index (edits, DraftdLspEdit, i);
    gsize start, end;
    if (s->settings.checks && !g_strv_contains ((const char *const *) s->settings.checks, kind_check (e->kind)))
      continue;
    if (!draftd_lsp_paragraph_map (p, e->offset, (gsize) e->offset + e->length, &start, &end))
      continue;
    if (in_dictionary (s, doc->text->str + start, end - start))
      continue;
    if (draftd_rule_disabled (e->rule, (const char *const *) s->settings.disabled_rules))
      continue;
    DraftdLspFix f = { start, end, g_strdup (e->replacement), g_strdup (e->kind), g_strdup (e->message), g_strdup (e->rule),
                       e->suggestion };
    g_array_append_val (doc->fixes, f);
  }
}

/* complete: every paragraph of the current text has its answer. */
static void
publish (DraftdLspServer *s, DraftdLspDocument *doc, gboolean complete)
{
  g_autoptr (GPtrArray) paras = draftd_lsp_prose_extract (doc->text->str, doc->text->len, doc->language, &s->settings.prose);
  g_array_set_size (doc->fixes, 0);
  for (guint i = 0; i < paras->len; i++) {
    DraftdLspParagraph *p = paras->pdata[i];
    g_autofree char *key = cache_key (doc, p->text->str);
    GArray *edits = g_hash_table_lookup (s->cache, key);
    if (edits)
      paragraph_fixes (s, doc, p, edits);
  }
  JsonArray *diags = json_array_new ();
  for (guint i = 0; i < doc->fixes->len; i++)
    json_array_add_element (diags, draftd_lsp_fix_diagnostic (s, doc, &g_array_index (doc->fixes, DraftdLspFix, i)));
  JsonObject *params = json_object_new ();
  json_object_set_string_member (params, "uri", doc->uri);
  json_object_set_int_member (params, "version", doc->version);
  json_object_set_array_member (params, "diagnostics", diags);
  s->host.send (s, draftd_lsp_notification ("textDocument/publishDiagnostics",
                                                      json_node_init_object (json_node_alloc (), params)));
  json_object_unref (params);
  doc->published |= complete;
  doc->checked_once |= complete;
}

/* $/progress of a long check: begin (with the window/workDoneProgress/create the protocol
 * asks for first), report, end; the message counts paragraphs. */
static void
progress_send (DraftdLspServer *s, DraftdLspDocument *doc, const char *kind)
{
  guint total = doc->check_total, left = MIN (g_hash_table_size (doc->inflight), total);
  JsonObject *v = json_object_new ();
  json_object_set_string_member (v, "kind", kind);
  if (g_str_equal (kind, "begin"))
    json_object_set_string_member (v, "title", "draftd: checking");
  if (!g_str_equal (kind, "end")) {
    g_autofree char *msg = g_strdup_printf ("%u/%u paragraphs", total - left, total);
    json_object_set_string_member (v, "message", msg);
    json_object_set_int_member (v, "percentage", total ? (total - left) * 100 / total : 100);
  }
  JsonObject *p = json_object_new ();
  json_object_set_string_member (p, "token", doc->progress_token);
  json_object_set_object_member (p, "value", v);
  s->host.send (s, draftd_lsp_notification ("$/progress", json_node_init_object (json_node_alloc (), p)));
  json_object_unref (p);
}

static void
progress_begin (DraftdLspServer *s, DraftdLspDocument *doc)
{
  if (!s->work_done_progress || doc->progress_token)
    return;
  doc->progress_token = g_strdup_printf ("draftd-check-%" G_GINT64_FORMAT, ++s->next_request);
  JsonObject *p = json_object_new ();
  json_object_set_string_member (p, "token", doc->progress_token);
  s->host.send (s, draftd_lsp_request (++s->next_request, "window/workDoneProgress/create",
                                                 json_node_init_object (json_node_alloc (), p)));
  json_object_unref (p);
  progress_send (s, doc, "begin");
}

/* The long check is over (answered, or superseded by a change). */
static void
long_check_end (DraftdLspServer *s, DraftdLspDocument *doc)
{
  if (doc->progress_token)
    progress_send (s, doc, "end");
  g_clear_pointer (&doc->progress_token, g_free);
  if (doc->publish_source)
    g_source_remove (doc->publish_source);
  doc->publish_source = 0;
  doc->check_total = 0;
}

static void
publish_partial (DraftdLspServer *s, DraftdLspDocument *doc)
{
  publish (s, doc, FALSE);
  if (doc->progress_token)
    progress_send (s, doc, "report");
}

static void
publish_soon (DraftdLspServer *s, DraftdLspDocument *doc)
{
  if (doc->publish_source == 0)
    doc->publish_source = document_timeout (s, doc, PUBLISH_EVERY_MS, TRUE);
}

static gboolean
on_retry (gpointer user)
{
  DraftdLspServer *s = user;
  s->retry_source = 0;
  GHashTableIter it;
  gpointer doc;
  g_hash_table_iter_init (&it, s->documents);
  while (g_hash_table_iter_next (&it, NULL, &doc))
    if (!((DraftdLspDocument *) doc)->published)
      check_now (s, doc);
  return G_SOURCE_REMOVE;
}

static void
schedule_retry (DraftdLspServer *s)
{
  if (s->retry_source)
    return;
  s->retry_seconds = CLAMP (s->retry_seconds * 2, 2, 30);
  s->retry_source = g_timeout_add_seconds (s->retry_seconds, on_retry, s);
}

void
draftd_lsp_checker_presence (DraftdLspServer *s, gboolean present)
{
  if (!present || !s->retry_source)
    return;
  /* Back (restarted, or started by someone else): no need to wait for the retry timer. */
  g_source_remove (s->retry_source);
  s->retry_source = 0;
  s->retry_seconds = 0;
  on_retry (s);
}

static void
job_failed (DraftdLspServer *s, CheckJob *cj, const GError *error)
{
  if (draftd_lsp_daemon_unreachable (error)) {
    /* The bus started draftd for this job and it failed: its own reason, not the bus's. */
    g_autofree char *why = draftd_cli_start_failure (cj->sent_at, NULL);
    if (why && !s->daemon_down)
      draftd_lsp_host_show (s, 1, "draftd could not start: %s (checking resumes once it does)", why);
    else if (!s->daemon_down)
      draftd_lsp_host_show (s, 2,
                              "draftd is not reachable on the session bus (%s). Checking resumes when it is back; "
                              "retrying through D-Bus activation.", error->message);
    s->daemon_down = TRUE;
    schedule_retry (s);
  } else if (g_error_matches (error, DRAFTD_BUS_CLIENT_ERROR, DRAFTD_BUS_CLIENT_ERROR_BUSY)) {
    schedule_retry (s);
  } else {
    /* The daemon refused this text (too long, internal error): it stays unflagged rather
     * than being retried forever. */
    g_hash_table_insert (s->cache, g_strdup (cj->key), g_array_new (FALSE, TRUE, sizeof (DraftdLspEdit)));
    g_printerr ("draftd-lsp: a paragraph was not checked: %s\n", error->message);
  }
}

/* Sentences the daemon left unchecked (no dictionary for their language, or a language
 * nobody can tell): said once per language in a session, or the user takes the silence of
 * the diagnostics for a clean text. */
static void
warn_unchecked (DraftdLspServer *s, const char *language)
{
  if (language == NULL || g_hash_table_contains (s->unchecked_warned, language))
    return;
  g_hash_table_add (s->unchecked_warned, g_strdup (language));
  if (g_str_equal (language, "und"))
    draftd_lsp_host_show (s, 3, "draftd: some sentences were not checked: their language could not be told "
                                "(the draftd.language setting names it)");
  else
    draftd_lsp_host_show (s, 3, "draftd: sentences in '%s' are not checked: draftd has no dictionary for it "
                                "(install hunspell-%.2s and restart draftd)", language, language);
}

static void
on_checked (GArray *edits, const char *result, const char *unchecked_language, const GError *error, gpointer user)
{
  CheckJob *cj = user;
  DraftdLspServer *s = cj->s;
  DraftdLspDocument *doc = g_hash_table_lookup (s->documents, cj->uri);
  gboolean cancelled = error && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  if (doc && !cancelled && GPOINTER_TO_SIZE (g_hash_table_lookup (doc->inflight, cj->text)) == cj->id)
    g_hash_table_remove (doc->inflight, cj->text);
  if (error && !cancelled) {
    job_failed (s, cj, error);
  } else if (!error) {
    if (s->daemon_down) {
      s->daemon_down = FALSE;
      s->retry_seconds = 0;
      draftd_lsp_host_show (s, 3, "draftd is back; checking resumed.");
    }
    if (g_hash_table_size (s->cache) > CACHE_LIMIT)
      g_hash_table_remove_all (s->cache);
    g_hash_table_insert (s->cache, g_strdup (cj->key), g_array_ref (edits));
    warn_unchecked (s, unchecked_language);
  }
  /* After a failure the document waits for the retry: publishing now would clear its diagnostics. */
  if (doc && !error && g_hash_table_size (doc->inflight) == 0 && !doc->check_source) {
    publish (s, doc, TRUE);
    long_check_end (s, doc);
  } else if (doc && !error && doc->check_total && !doc->check_source) {
    publish_soon (s, doc);
  }
  g_free (cj->uri);
  g_free (cj->text);
  g_free (cj->key);
  g_free (cj);
}

/* The paragraph holding the last edit, or -1. */
static gint
edited_paragraph (DraftdLspDocument *doc, GPtrArray *paras)
{
  for (guint i = 0; doc->edited && i < paras->len; i++) {
    const DraftdLspParagraph *p = paras->pdata[i];
    if (p->pieces->len == 0)
      continue;
    const DraftdLspPiece *a = &g_array_index (p->pieces, DraftdLspPiece, 0);
    const DraftdLspPiece *z = &g_array_index (p->pieces, DraftdLspPiece, p->pieces->len - 1);
    if (doc->edit_at >= a->doc_off && doc->edit_at <= z->doc_off + z->len)
      return (gint) i;
  }
  return -1;
}

/* Paragraphs that changed again before their answer came: stop them on the daemon. */
static void
cancel_superseded (DraftdLspServer *s, DraftdLspDocument *doc, GPtrArray *paras)
{
  g_autoptr (GHashTable) wanted = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < paras->len; i++)
    g_hash_table_add (wanted, ((DraftdLspParagraph *) paras->pdata[i])->text->str);
  GHashTableIter it;
  gpointer text, id;
  g_hash_table_iter_init (&it, doc->inflight);
  while (g_hash_table_iter_next (&it, &text, &id))
    if (!g_hash_table_contains (wanted, text)) {
      draftd_lsp_daemon_cancel (s->daemon, GPOINTER_TO_SIZE (id));
      g_hash_table_iter_remove (&it);
    }
}

/* Sends one paragraph to the daemon unless its answer is cached or on its way; TRUE if sent. */
static gboolean
start_check (DraftdLspServer *s, DraftdLspDocument *doc, const char *t, gboolean urgent)
{
  g_autofree char *key = cache_key (doc, t);
  if (g_hash_table_contains (s->cache, key)) {
    s->cache_hits++;
    return FALSE;
  }
  if (g_hash_table_contains (doc->inflight, t))
    return FALSE;
  CheckJob *cj = g_new0 (CheckJob, 1);
  cj->s = s;
  cj->sent_at = g_get_real_time ();
  cj->uri = g_strdup (doc->uri);
  cj->text = g_strdup (t);
  cj->key = g_steal_pointer (&key);
  s->paragraphs_checked++;
  /* No disabled rules: the answer is cached whole, and the settings filter it when shown. */
  DraftdLspJobOptions options;
  draftd_lsp_job_options (s, doc, &options);
  cj->id = draftd_lsp_daemon_start (s->daemon, DRAFTD_BUS_CORRECT, t, NULL, &options, urgent, on_checked, cj);
  g_hash_table_insert (doc->inflight, g_strdup (t), GSIZE_TO_POINTER (cj->id));
  return TRUE;
}

/* A document over the limit: nothing of it is checked or shown, and the user is told why
 * once (again only after it has been under the limit). */
static void
refuse_too_large (DraftdLspServer *s, DraftdLspDocument *doc)
{
  draftd_lsp_checker_forget (s, doc);
  if (!doc->told_too_large)
    draftd_lsp_host_show (s, 2, "draftd: %s is %.1f MiB; documents over %u MiB are not checked (check a part of it "
                            "with draft correct)", doc->uri, doc->text->len / 1048576.0, DRAFTD_LSP_MAX_CHECKED >> 20);
  doc->told_too_large = TRUE;
  g_array_set_size (doc->fixes, 0);
  JsonObject *params = json_object_new ();
  json_object_set_string_member (params, "uri", doc->uri);
  json_object_set_int_member (params, "version", doc->version);
  json_object_set_array_member (params, "diagnostics", json_array_new ());
  s->host.send (s, draftd_lsp_notification ("textDocument/publishDiagnostics",
                                                      json_node_init_object (json_node_alloc (), params)));
  json_object_unref (params);
  doc->published = TRUE;
}

static void
check_now (DraftdLspServer *s, DraftdLspDocument *doc)
{
  if (doc->text->len > DRAFTD_LSP_MAX_CHECKED) {
    refuse_too_large (s, doc);
    return;
  }
  doc->told_too_large = FALSE;
  if (!draftd_lsp_prose_supported (doc->language, &s->settings.prose)) {
    publish (s, doc, TRUE);  /* nothing to check: an empty list clears what an earlier setting showed */
    return;
  }
  g_autoptr (GPtrArray) paras = draftd_lsp_prose_extract (doc->text->str, doc->text->len, doc->language, &s->settings.prose);
  cancel_superseded (s, doc, paras);
  gint edited = edited_paragraph (doc, paras);
  guint started = 0;
  /* After the first check, what is new is what the user just typed: it goes first. The
   * paragraph being edited goes first always, even before the rest of a first check: it is
   * sent last, since each urgent job goes to the head of the queue. A short document's first
   * check goes first too: a note opened while another document's long check runs is
   * answered at once, not after it. */
  gboolean urgent = doc->checked_once || paras->len < LONG_CHECK;
  for (guint i = 0; i < paras->len; i++)
    if ((gint) i != edited)
      started += start_check (s, doc, ((DraftdLspParagraph *) paras->pdata[i])->text->str, urgent);
  if (edited >= 0)
    started += start_check (s, doc, ((DraftdLspParagraph *) paras->pdata[edited])->text->str, TRUE);
  if (g_hash_table_size (doc->inflight) == 0) {
    publish (s, doc, TRUE);
    long_check_end (s, doc);
  } else if (doc->check_total || started >= LONG_CHECK) {
    doc->check_total += started;
    progress_begin (s, doc);
  }
}

JsonNode *
draftd_lsp_checker_stats (DraftdLspServer *s)
{
  DraftdLspDaemonStats ds;
  draftd_lsp_daemon_stats (s->daemon, &ds);
  JsonObject *o = json_object_new ();
  json_object_set_int_member (o, "paragraphsChecked", s->paragraphs_checked);
  json_object_set_int_member (o, "cacheHits", s->cache_hits);
  json_object_set_int_member (o, "staleChanges", s->stale_changes);
  json_object_set_int_member (o, "cacheSize", g_hash_table_size (s->cache));
  json_object_set_int_member (o, "jobsStarted", ds.started);
  json_object_set_int_member (o, "jobsCancelled", ds.cancelled);
  json_object_set_int_member (o, "jobsFailed", ds.failed);
  guint pending = 0;
  GHashTableIter it;
  gpointer doc;
  g_hash_table_iter_init (&it, s->documents);
  while (g_hash_table_iter_next (&it, NULL, &doc))
    pending += g_hash_table_size (((DraftdLspDocument *) doc)->inflight);
  json_object_set_int_member (o, "paragraphsPending", pending);
  JsonNode *n = json_node_init_object (json_node_alloc (), o);
  json_object_unref (o);
  return n;
}
