/* The grammar driver: cuts the text into segments, has them answered (answer.c) by the
 * caller's thread and by workers on contexts of their own (DraftdGrammarWorkers), and puts
 * the answers and their edits back together in text order as soon as each prefix of the
 * text is answered. */
#include "grammar/driver.h"
#include <string.h>
#include "grammar/answer.h"
#include "grammar/candidates.h"
#include "grammar/families.h"
#include "grammar/rewrite.h"
#include "grammar/language.h"

typedef struct {
  char *answer;            /* NULL until answered */
  GArray *fixes;           /* the candidate corrections it took: they name its edits' kinds */
} Answer;

/* What the caller's thread and its workers share; `lock` guards the fields below it. */
typedef struct {
  const DraftdGrammarRequest *req;
  const char *text;
  float bias;
  GHashTable *prompt_words;
  GHashTable *document;
  gint region;
  GArray *segs, *spans;
  const DraftdGrammarWorkers *workers;
  GMutex lock;
  GCond changed;
  Answer *answers;         /* [segs->len] */
  guint next;              /* the next segment nobody has taken */
  guint running;           /* workers */
  GError *error;           /* the first failure: everyone stops */
  DraftdGrammarStats worker_stats;
  /* The answer so far, streamed by whichever thread completes a prefix of the text, so a
   * worker's sentences reach the client as soon as those before them are answered and not
   * when the caller's thread ends its own sentence. `emit_lock` guards these. */
  GMutex emit_lock;
  GString *out;
  gsize copied;            /* bytes of text that `out` stands for */
  guint emitted;           /* segments appended to `out` */
  guint done, total;       /* answered segments, as Progress counts them */
  GArray *edits;
} Driver;

typedef struct {
  Driver *d;
  DraftdGrammarContext *ctx;
} Worker;

static void
job_init (GrammarJob *j, Driver *d, DraftdGrammarContext *ctx, DraftdGrammarStats *stats)
{
  DraftdScorer *scorer = ctx->spell ? draftd_scorer_new (ctx->target, ctx->tokenizer, ctx->cached) : NULL;
  *j = (GrammarJob) { ctx, d->req, stats, d->text, d->bias, scorer, draftd_fixes_new (), d->prompt_words, d->document, d->region,
               g_string_new (NULL), NULL, NULL, NULL };
}

static void
job_clear (GrammarJob *j)
{
  g_clear_pointer (&j->scorer, draftd_scorer_free);
  g_clear_pointer (&j->fixes, g_array_unref);
  g_string_free (j->document_seen, TRUE);
}

static const DraftdGrammarSegment *
segment_at (const Driver *d, guint i)
{
  return &g_array_index (d->segs, DraftdGrammarSegment, i);
}

/* The next segment to answer, or -1 when none is left or the job failed. Lock held. */
static gint
take (Driver *d)
{
  while (d->next < d->segs->len && !segment_at (d, d->next)->rewrite)
    d->next++;
  if (d->error || d->next >= d->segs->len)
    return -1;
  return (gint) d->next++;
}

/* The kind, message and rule id of an edit made by fix x (its kind, what it replaced). */
static void
label_edit (const char *text, DraftdGrammarEdit *e, const DraftdFix *x, const char *was, const char *now)
{
  e->kind = draftd_grammar_edit_kind (draftd_fix_kind_name (x->kind), was, now);
  g_free (e->message);
  e->message = *now == 0 ? g_strdup_printf ("%s: remove \u201c%s\u201d", e->kind, was)
               : *was == 0 ? g_strdup_printf ("%s: add \u201c%s\u201d", e->kind, now)
                           : g_strdup_printf ("%s: %s \u2192 %s", e->kind, was, now);
  if (x->rule) {
    g_free (e->rule);
    e->rule = g_strdup (x->rule);
    /* A rule of grammar/families-intl.c says what it knows, in its kind. */
    const char *kind = NULL;
    char *m = draftd_candidates_intl_message (e->rule, was, now, &kind);
    if (m) {
      g_free (e->message);
      e->message = m;
      e->kind = kind;
    }
  } else {
    draftd_grammar_edit_set_rule (text, e);
  }
}

/* A fix's words with those it kept at either end trimmed ("an experts" -> "an expert" is
 * "experts" -> "expert"), in place: the edit the diff finds for it. */
static void
trim_kept_words (char **was, char **now)
{
  const char *a = *was, *b = *now;
  gsize la = strlen (a), lb = strlen (b), pa = 0, pb = 0, sa = 0, sb = 0, i = 0;
  for (; i < la && i < lb && a[i] == b[i]; i++)
    if (a[i] == ' ')
      pa = pb = i + 1;
  /* One is the other's first words ("wait" -> "wait for"). */
  if ((i == la && i < lb && b[i] == ' ') || (i == lb && i < la && a[i] == ' '))
    pa = i == la ? la : i + 1, pb = i == lb ? lb : i + 1;
  for (i = 0; i < la - pa && i < lb - pb && a[la - 1 - i] == b[lb - 1 - i]; i++)
    if (a[la - 1 - i] == ' ')
      sa = sb = i + 1;
  char *x = g_strndup (a + pa, la - pa - sa), *y = g_strndup (b + pb, lb - pb - sb);
  g_free (*was);
  g_free (*now);
  *was = g_strstrip (x);
  *now = g_strstrip (y);
}

/* Edits that a candidate correction made say which kind it was ("agreement: I has → I have"). */
static void
label_edits (const char *text, GArray *edits, guint first, const GArray *fixes)
{
  for (guint i = first; i < edits->len; i++) {
    DraftdGrammarEdit *e = &g_array_index (edits, DraftdGrammarEdit, i);
    g_autofree char *was = g_strstrip (g_strndup (text + e->start, e->end - e->start));
    g_autofree char *now = g_strstrip (g_strdup (e->replacement));
    for (guint f = 0; f < fixes->len; f++) {
      const DraftdFix *x = &g_array_index (fixes, DraftdFix, f);
      if (x->suggested)
        continue;
      g_autofree char *xw = g_strstrip (g_strdup (x->was)), *xn = g_strstrip (g_strdup (x->now));
      gboolean same = g_str_equal (xw, was) && g_str_equal (xn, now);
      if (!same && !(*xn && strstr (now, xn) && *xw && strstr (was, xw))) {
        trim_kept_words (&xw, &xn);
        if (!g_str_equal (xw, was) || !g_str_equal (xn, now))
          continue;
      }
      label_edit (text, e, x, was, now);
      break;
    }
  }
}

/* Each fix a rule made whole stays one edit, where it still stands in the answer as made. */
static void
join_fixes (const char *text, const DraftdGrammarSegment *sg, const char *answer, GArray *edits, guint first, const GArray *fixes)
{
  gsize n = strlen (answer);
  for (guint f = 0; fixes && f < fixes->len; f++) {
    const DraftdFix *x = &g_array_index (fixes, DraftdFix, f);
    gsize len = strlen (x->now);
    if (!x->suggested && x->at != DRAFTD_FIX_NOWHERE && x->at + len <= n && memcmp (answer + x->at, x->now, len) == 0)
      draftd_grammar_edits_join (text, sg->start, answer, edits, first, x->at, len);
  }
}

/* Where byte `at` of a segment's answer lies in the text, by the segment's edits
 * (edits[first..]); FALSE when [at, at + len) touches one of them: the suggestion was about
 * text the answer changed. */
static gboolean
answer_to_text (const DraftdGrammarSegment *sg, const GArray *edits, guint first, gsize at, gsize len, gsize *out)
{
  gssize shift = 0;
  for (guint i = first; i < edits->len; i++) {
    const DraftdGrammarEdit *e = &g_array_index (edits, DraftdGrammarEdit, i);
    gsize a = (gsize) ((gssize) (e->start - sg->start) + shift), b = a + strlen (e->replacement);
    if (b < at)
      shift += (gssize) strlen (e->replacement) - (gssize) (e->end - e->start);
    else if (a <= at + len)
      return FALSE;
  }
  *out = (gsize) ((gssize) (sg->start + at) - shift);
  return TRUE;
}

/* The segment's suggestions (fixes the target doubted) as edits of the text, into
 * req->suggestions. */
static void
emit_suggestions (Driver *d, const DraftdGrammarSegment *sg, const Answer *a, guint first)
{
  for (guint f = 0; d->req->suggestions && f < a->fixes->len; f++) {
    const DraftdFix *x = &g_array_index (a->fixes, DraftdFix, f);
    gsize start, len = strlen (x->was);
    if (!x->suggested || !answer_to_text (sg, d->edits, first, x->at, len, &start) || start + len > sg->end ||
        memcmp (d->text + start, x->was, len) != 0)
      continue;
    DraftdGrammarEdit e = { start, start + len, g_strdup (x->now), NULL, NULL, NULL };
    label_edit (d->text, &e, x, x->was, x->now);
    g_array_append_val (d->req->suggestions, e);
  }
}

/* Appends to d->out what is answered in text order from segment d->emitted on: the text
 * between segments as it is, each answer with its edits (reported through on_segment). */
static void
emit_ready (Driver *d)
{
  g_autoptr (GMutexLocker) emitting G_GNUC_UNUSED = g_mutex_locker_new (&d->emit_lock);
  /* Nothing more streams after a cancel: answers that were in flight are dropped. */
  for (; d->emitted < d->segs->len && !g_cancellable_is_cancelled (d->req->cancellable); d->emitted++) {
    const DraftdGrammarSegment *sg = segment_at (d, d->emitted);
    g_mutex_lock (&d->lock);
    Answer a = d->answers[d->emitted];
    g_mutex_unlock (&d->lock);
    if (sg->rewrite && a.answer == NULL)
      return;
    g_string_append_len (d->out, d->text + d->copied, sg->start - d->copied);
    d->copied = sg->start;
    if (!sg->rewrite)
      continue;
    guint first = d->edits->len;
    draftd_grammar_diff (d->text, sg->start, sg->end, a.answer, strlen (a.answer), d->req->rewrite, d->edits);
    join_fixes (d->text, sg, a.answer, d->edits, first, a.fixes);
    label_edits (d->text, d->edits, first, a.fixes);
    emit_suggestions (d, sg, &a, first);
    g_string_append (d->out, a.answer);
    d->copied = sg->end;
    if (d->req->on_segment)
      d->req->on_segment (d->edits->len > first ? &g_array_index (d->edits, DraftdGrammarEdit, first) : NULL,
                          d->edits->len - first, ++d->done, d->total, d->req->user);
  }
}

/* Answers segment i; FALSE when it failed (d->error says why). */
static gboolean
answer (Driver *d, GrammarJob *j, guint i)
{
  GError *error = NULL;
  char *text = NULL;
  if (!g_cancellable_set_error_if_cancelled (d->req->cancellable, &error))
    text = draftd_grammar_segment_answer (j, segment_at (d, i), d->spans, &error);
  g_mutex_lock (&d->lock);
  if (text) {
    d->answers[i] = (Answer) { text, j->fixes };
    j->fixes = draftd_fixes_new ();
  } else if (d->error == NULL) {
    d->error = error;
  } else {
    g_error_free (error);
  }
  g_cond_broadcast (&d->changed);
  g_mutex_unlock (&d->lock);
  if (text)
    emit_ready (d);
  return text != NULL;
}

static gpointer
worker_main (gpointer p)
{
  Worker *w = p;
  Driver *d = w->d;
  DraftdGrammarStats stats = { .greedy_equal = TRUE };
  GrammarJob j;
  job_init (&j, d, w->ctx, &stats);
  for (;;) {
    if (d->workers->contended (d->workers->user))
      break;
    g_mutex_lock (&d->lock);
    gint i = take (d);
    g_mutex_unlock (&d->lock);
    if (i < 0 || !answer (d, &j, i))
      break;
  }
  job_clear (&j);
  d->workers->close (w->ctx, d->workers->user);
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&d->lock);
  draftd_grammar_stats_add (&d->worker_stats, &stats);
  d->running--;
  g_cond_broadcast (&d->changed);
  g_free (w);
  return NULL;
}

/* Starts workers while contexts are to be had and segments wait for one. */
static void
start_workers (Driver *d)
{
  if (d->workers == NULL || d->req->compare_greedy)
    return;
  for (;;) {
    g_mutex_lock (&d->lock);
    guint left = 0;
    for (guint i = d->next; i < d->segs->len; i++)
      left += segment_at (d, i)->rewrite;
    gboolean more = d->error == NULL && left > d->running + 1;
    g_mutex_unlock (&d->lock);
    DraftdGrammarContext *ctx = more ? d->workers->open (d->workers->user) : NULL;
    if (ctx == NULL)
      return;
    Worker *w = g_new (Worker, 1);
    *w = (Worker) { d, ctx };
    g_mutex_lock (&d->lock);
    d->running++;
    g_mutex_unlock (&d->lock);
    d->workers->start (worker_main, w, d->workers->user);
  }
}

/* Has every segment taken been answered, and every worker ended? Lock held. */
static gboolean
settled (Driver *d)
{
  if (d->running > 0)
    return FALSE;
  for (guint i = 0; i < d->next && d->error == NULL; i++)
    if (segment_at (d, i)->rewrite && d->answers[i].answer == NULL)
      return FALSE;
  return TRUE;
}

/* The caller's thread: answers segments like any worker, starts workers as contexts free
 * up, and at the end waits for the workers; each answer streams as its prefix completes. */
static char *
drive (Driver *d, DraftdGrammarContext *ctx, DraftdGrammarStats *stats, GError **error)
{
  GrammarJob j;
  job_init (&j, d, ctx, stats);
  for (gboolean mine = TRUE; mine;) {
    start_workers (d);
    g_mutex_lock (&d->lock);
    gint i = take (d);
    g_mutex_unlock (&d->lock);
    mine = i >= 0 && answer (d, &j, i);
  }
  job_clear (&j);
  if (d->workers)
    d->workers->wait_begin (d->workers->user);
  g_mutex_lock (&d->lock);
  while (!settled (d))
    g_cond_wait (&d->changed, &d->lock);
  g_mutex_unlock (&d->lock);
  if (d->workers)
    d->workers->wait_end (d->workers->user);
  draftd_grammar_stats_add (stats, &d->worker_stats);
  if (d->error) {
    g_propagate_error (error, g_steal_pointer (&d->error));
    return NULL;
  }
  emit_ready (d);
  g_string_append (d->out, d->text + d->copied);
  return g_string_free (g_steal_pointer (&d->out), FALSE);
}

/* The dialect's dictionary (DraftdCandidateContext's region): the one asked for, else the
 * locale's where a dictionary for it is installed, else the one a document that mixes
 * dialects mostly follows, else -1. FALSE when the dialect asked for has no dictionary here
 * (the locale's is only a preference: en_IN with no dictionary for it falls through). */
static gboolean
resolve_region (DraftdGrammarContext *ctx, const char *text, const DraftdGrammarRequest *req, gint *region, GError **error)
{
  *region = -1;
  if (req->rewrite || ctx->spell == NULL)
    return TRUE;
  gboolean soft = req->dialect == NULL && req->locale_dialect && *req->locale_dialect;
  const char *dialect = soft ? req->locale_dialect : req->dialect;
  if (dialect && *dialect) {
    g_autofree char *name = g_strdup (dialect);
    g_strdelimit (name, "-", '_');
    *region = g_str_has_prefix (name, "en_") ? draftd_spell_region_index (ctx->spell, "en", name) : -1;
  }
  if (*region < 0 && (soft || dialect == NULL || *dialect == 0)) {
    *region = draftd_candidates_document_region (ctx->spell, text);
    return TRUE;
  }
  if (*region < 0)
    g_set_error (error, DRAFTD_GRAMMAR_ERROR, DRAFTD_GRAMMAR_ERROR_DIALECT,
                 "no dictionary for dialect '%s' (en-US, en-GB, or the region of an installed hunspell-en-* package)", req->dialect);
  return *region >= 0;
}

/* The language asked for can be checked here: English, one the model declares, or one with a
 * Hunspell dictionary. A language nothing here knows would leave the text unchecked without
 * a word; the user asked for it, so they are told. */
static gboolean
check_language (DraftdGrammarContext *ctx, const DraftdGrammarRequest *req, GError **error)
{
  if (req->rewrite || req->language == NULL || draftd_grammar_language_supported (req->language, req->languages) ||
      (ctx->spell && draftd_spell_has_language (ctx->spell, req->language)))
    return TRUE;
  g_autofree char *package = g_ascii_strdown (req->language, 2);
  g_set_error (error, DRAFTD_GRAMMAR_ERROR, DRAFTD_GRAMMAR_ERROR_LANGUAGE,
               "no dictionary for language '%s' here (install hunspell-%s, or ask for auto)", req->language, package);
  return FALSE;
}

char *
draftd_grammar_run (DraftdGrammarContext *ctx, const char *text, const DraftdGrammarRequest *req, GArray *edits,
                    DraftdGrammarStats *stats, GError **error)
{
  gsize len = strlen (text);
  memset (stats, 0, sizeof *stats);
  stats->greedy_equal = TRUE;
  const char *bad;
  if (!g_utf8_validate_len (text, len, &bad)) {
    g_set_error (error, DRAFTD_GRAMMAR_ERROR, DRAFTD_GRAMMAR_ERROR_TEXT, "text is not valid UTF-8 (at byte %" G_GSIZE_FORMAT ")",
                 (gsize) (bad - text));
    return NULL;
  }
  gboolean use_template;
  gint region;
  if ((req->rewrite && !draftd_grammar_rewrite_resolve (ctx, req, &use_template, error)) ||
      !resolve_region (ctx, text, req, &region, error) || !check_language (ctx, req, error))
    return NULL;
  gint64 t0 = g_get_monotonic_time ();
  double bias = req->keep_bias > 0 ? req->keep_bias : req->keep_bias < 0 ? 0 : DRAFTD_GRAMMAR_KEEP_BIAS;
  g_autoptr (GHashTable) prompt_words = req->rewrite ? draftd_grammar_rewrite_prompt_words (ctx, req) : NULL;
  g_autoptr (GHashTable) document = req->rewrite ? NULL : draftd_candidates_document_words (text);
  if (document)
    draftd_candidates_workspace_words (document, req->path);
  DraftdGrammarSegmentOptions so = { req->protect_quotes };
  Driver d = { .req = req, .text = text, .bias = req->rewrite ? 0.0f : (float) bias, .prompt_words = prompt_words,
               .document = document, .region = region, .workers = ctx->workers };
  d.spans = g_array_new (FALSE, FALSE, sizeof (DraftdGrammarSpan));
  d.segs = draftd_grammar_segment (text, len, &so, d.spans);
  d.answers = g_new0 (Answer, d.segs->len);
  d.worker_stats.greedy_equal = TRUE;
  d.out = g_string_sized_new (len + 16);
  d.edits = edits;
  for (guint i = 0; i < d.segs->len; i++)
    d.total += segment_at (&d, i)->rewrite;
  g_mutex_init (&d.lock);
  g_mutex_init (&d.emit_lock);
  g_cond_init (&d.changed);
  char *result = drive (&d, ctx, stats, error);
  for (guint i = 0; i < d.segs->len; i++) {
    g_free (d.answers[i].answer);
    g_clear_pointer (&d.answers[i].fixes, g_array_unref);
  }
  g_free (d.answers);
  g_array_unref (d.segs);
  g_array_unref (d.spans);
  if (d.out)
    g_string_free (d.out, TRUE);
  g_mutex_clear (&d.lock);
  g_mutex_clear (&d.emit_lock);
  g_cond_clear (&d.changed);
  stats->wall_ms = (g_get_monotonic_time () - t0) / 1e3;
  return result;
}
