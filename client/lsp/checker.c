/* Diagnostics: the document's paragraphs are checked by the daemon's Correct, each
 * paragraph's answer cached by its text, so a change re-checks only the paragraphs it
 * touched; a paragraph that changes again before its answer arrives is cancelled on the
 * daemon. Diagnostics go out once every paragraph of the current text has its answer. */
#include <string.h>
#include "client/lsp/server.h"
#include "lib/bus/draftd-bus.h"

/* The cache is dropped whole when it grows past this many paragraphs (a long session). */
#define CACHE_LIMIT 50000

typedef struct {
  DraftdLspServer *s;
  char *uri, *text;
  guint64 id;
} CheckJob;

void
draftd_lsp_cached_edits_free (gpointer p)
{
  g_array_unref (p);
}

static void check_now (DraftdLspServer *s, DraftdLspDocument *doc);

typedef struct {
  DraftdLspServer *s;
  char *uri;
} Pending;

static void
pending_free (gpointer p)
{
  Pending *pd = p;
  g_free (pd->uri);
  g_free (pd);
}

static gboolean
on_debounce (gpointer user)
{
  Pending *pd = user;
  DraftdLspDocument *doc = g_hash_table_lookup (pd->s->documents, pd->uri);
  if (doc) {
    doc->check_source = 0;
    check_now (pd->s, doc);
  }
  return G_SOURCE_REMOVE;
}

void
draftd_lsp_checker_schedule (DraftdLspServer *s, DraftdLspDocument *doc, guint delay_ms)
{
  if (doc->check_source)
    g_source_remove (doc->check_source);
  Pending *pd = g_new0 (Pending, 1);
  pd->s = s;
  pd->uri = g_strdup (doc->uri);
  doc->check_source = g_timeout_add_full (G_PRIORITY_DEFAULT, delay_ms, on_debounce, pd, pending_free);
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
}

static int
severity (const char *kind)
{
  if (g_str_equal (kind, "spelling") || g_str_equal (kind, "grammar"))
    return 2;
  if (g_str_equal (kind, "punctuation"))
    return 3;
  return 4;
}

static char *
fix_message (const DraftdLspFix *f, const char *original)
{
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
  json_object_set_int_member (o, "severity", severity (f->kind));
  json_object_set_string_member (o, "code", f->kind);
  json_object_set_string_member (o, "source", "draftd");
  json_object_set_string_member (o, "message", message);
  JsonObject *data = json_object_new ();
  json_object_set_string_member (data, "replacement", f->replacement);
  json_object_set_string_member (data, "kind", f->kind);
  json_object_set_string_member (data, "original", original);
  json_object_set_object_member (o, "data", data);
  JsonNode *n = json_node_init_object (json_node_alloc (), o);
  json_object_unref (o);
  return n;
}

/* A word of the flagged span is in the user's dictionary. */
static gboolean
in_dictionary (DraftdLspServer *s, const char *span, gsize len)
{
  if (g_hash_table_size (s->settings.dictionary) == 0)
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
      if (g_hash_table_contains (s->settings.dictionary, fold))
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
    if (s->settings.checks && !g_strv_contains ((const char *const *) s->settings.checks, e->kind))
      continue;
    if (!draftd_lsp_paragraph_map (p, e->offset, (gsize) e->offset + e->length, &start, &end))
      continue;
    if (in_dictionary (s, doc->text->str + start, end - start))
      continue;
    DraftdLspFix f = { start, end, g_strdup (e->replacement), g_strdup (e->kind), g_strdup (e->message) };
    g_array_append_val (doc->fixes, f);
  }
}

static void
publish (DraftdLspServer *s, DraftdLspDocument *doc)
{
  g_autoptr (GPtrArray) paras = draftd_lsp_prose_extract (doc->text->str, doc->text->len, doc->language, &s->settings.prose);
  g_array_set_size (doc->fixes, 0);
  for (guint i = 0; i < paras->len; i++) {
    DraftdLspParagraph *p = paras->pdata[i];
    GArray *edits = g_hash_table_lookup (s->cache, p->text->str);
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
  draftd_lsp_server_send (s, draftd_lsp_notification ("textDocument/publishDiagnostics",
                                                      json_node_init_object (json_node_alloc (), params)));
  json_object_unref (params);
  doc->published = TRUE;
  doc->checked_once = TRUE;
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
    if (!s->daemon_down)
      draftd_lsp_server_show (s, 2,
                              "draftd is not reachable on the session bus (%s). Checking resumes when it is back; "
                              "retrying through D-Bus activation.", error->message);
    s->daemon_down = TRUE;
    schedule_retry (s);
  } else if (g_dbus_error_is_remote_error (error) &&
             g_strcmp0 (g_dbus_error_get_remote_error (error), DRAFTD_BUS_ERROR_BUSY) == 0) {
    schedule_retry (s);
  } else {
    /* The daemon refused this text (too long, internal error): it stays unflagged rather
     * than being retried forever. */
    g_hash_table_insert (s->cache, g_strdup (cj->text), g_array_new (FALSE, TRUE, sizeof (DraftdLspEdit)));
    g_printerr ("draftd-lsp: a paragraph was not checked: %s\n", error->message);
  }
}

static void
on_checked (GArray *edits, const char *result, const GError *error, gpointer user)
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
      draftd_lsp_server_show (s, 3, "draftd is back; checking resumed.");
    }
    if (g_hash_table_size (s->cache) > CACHE_LIMIT)
      g_hash_table_remove_all (s->cache);
    g_hash_table_insert (s->cache, g_strdup (cj->text), g_array_ref (edits));
  }
  /* After a failure the document waits for the retry: publishing now would clear its diagnostics. */
  if (doc && !error && g_hash_table_size (doc->inflight) == 0 && !doc->check_source)
    publish (s, doc);
  g_free (cj->uri);
  g_free (cj->text);
  g_free (cj);
}

static void
check_now (DraftdLspServer *s, DraftdLspDocument *doc)
{
  if (!draftd_lsp_prose_supported (doc->language, &s->settings.prose)) {
    publish (s, doc);  /* nothing to check: an empty list clears what an earlier setting showed */
    return;
  }
  g_autoptr (GPtrArray) paras = draftd_lsp_prose_extract (doc->text->str, doc->text->len, doc->language, &s->settings.prose);
  g_autoptr (GHashTable) wanted = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < paras->len; i++)
    g_hash_table_add (wanted, ((DraftdLspParagraph *) paras->pdata[i])->text->str);
  /* Paragraphs that changed again before their answer came: stop them on the daemon. */
  GHashTableIter it;
  gpointer text, id;
  g_hash_table_iter_init (&it, doc->inflight);
  while (g_hash_table_iter_next (&it, &text, &id))
    if (!g_hash_table_contains (wanted, text)) {
      draftd_lsp_daemon_cancel (s->daemon, GPOINTER_TO_SIZE (id));
      g_hash_table_iter_remove (&it);
    }
  for (guint i = 0; i < paras->len; i++) {
    const char *t = ((DraftdLspParagraph *) paras->pdata[i])->text->str;
    if (g_hash_table_contains (s->cache, t)) {
      s->cache_hits++;
      continue;
    }
    if (g_hash_table_contains (doc->inflight, t))
      continue;
    CheckJob *cj = g_new0 (CheckJob, 1);
    cj->s = s;
    cj->uri = g_strdup (doc->uri);
    cj->text = g_strdup (t);
    s->paragraphs_checked++;
    /* After the first check, what is new is what the user just typed: it goes first. */
    cj->id = draftd_lsp_daemon_start (s->daemon, "Correct", t, NULL, doc->checked_once, on_checked, cj);
    g_hash_table_insert (doc->inflight, g_strdup (t), GSIZE_TO_POINTER (cj->id));
  }
  if (g_hash_table_size (doc->inflight) == 0)
    publish (s, doc);
}

JsonNode *
draftd_lsp_checker_stats (DraftdLspServer *s)
{
  DraftdLspDaemonStats ds;
  draftd_lsp_daemon_stats (s->daemon, &ds);
  JsonObject *o = json_object_new ();
  json_object_set_int_member (o, "paragraphsChecked", s->paragraphs_checked);
  json_object_set_int_member (o, "cacheHits", s->cache_hits);
  json_object_set_int_member (o, "cacheSize", g_hash_table_size (s->cache));
  json_object_set_int_member (o, "jobsStarted", ds.started);
  json_object_set_int_member (o, "jobsCancelled", ds.cancelled);
  json_object_set_int_member (o, "jobsFailed", ds.failed);
  JsonNode *n = json_node_init_object (json_node_alloc (), o);
  json_object_unref (o);
  return n;
}
