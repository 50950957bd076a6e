#include "grammar/answer.h"
#include <string.h>
#include "grammar/candidates.h"
#include "grammar/checks.h"
#include "grammar/language.h"
#include "grammar/rank.h"
#include "grammar/rewrite.h"
#include "grammar/segment.h"
#include "grammar/spell-index.h"
#include "lib/tokenizer/text-collector.h"

#define CORRECT_INSTRUCTION                                                                        \
  "Correct the spelling, grammar and punctuation of the user's text. Keep its meaning, wording " \
  "and style otherwise. Reply with the corrected text only."

static char *
fill (const char *tmpl, const char *instruction, const char *text)
{
  GString *s = g_string_new (tmpl);
  g_string_replace (s, "{instruction}", instruction ? instruction : "", 0);
  g_string_replace (s, "{text}", text, 0);
  return g_string_free (s, FALSE);
}

/* A sentence of another language than English reaches the model only when it declares that
 * language (grammar/language.h); it is told which, so that it corrects the text in its own
 * language rather than translating it or holding it to English. English's prompt is as it
 * always was. */
#define CORRECT_INSTRUCTION_IN                                                                        \
  "Correct the spelling, grammar and punctuation of the user's text, which is in %s. Keep its "    \
  "meaning, wording and style otherwise, and keep it in %s. Reply with the corrected text only."

/* The name of the language a prompt names for `lang`: NULL for English (or none). A code
 * without a name here is named as such, into *owned (NULL: only whether there is one). */
static const char *
prompt_language (const char *lang, char **owned)
{
  if (lang == NULL || g_ascii_strncasecmp (lang, "en", 2) == 0 || g_str_equal (lang, DRAFTD_LANGUAGE_UNDETERMINED))
    return NULL;
  const char *name = draftd_grammar_language_name (lang);
  if (name || owned == NULL)
    return name ? name : lang;
  return *owned = g_strdup_printf ("the language of ISO 639 code \"%s\"", lang);
}

/* The prompt for one segment in `lang` (NULL: English), and the text its answer should end
 * with. A model's own template names the language where it has a "{language}" placeholder. */
static char *
build_prompt (DraftdGrammarContext *ctx, const DraftdGrammarRequest *req, const char *lang, const char *segment,
              const char **end, gboolean *end_is_token)
{
  if (req->rewrite)
    return draftd_grammar_rewrite_prompt (ctx, req, segment, end, end_is_token);
  g_autofree char *owned = NULL, *named = NULL;
  const char *language = prompt_language (lang, &owned);
  if (ctx->correct_template) {
    *end = ctx->template_end;
    *end_is_token = TRUE;
    GString *t = g_string_new (ctx->correct_template);
    g_string_replace (t, "{language}", language ? language : "English", 0);
    g_autofree char *tmpl = g_string_free (t, FALSE);
    return fill (tmpl, NULL, segment);
  }
  const char *instruction = language ? (named = g_strdup_printf (CORRECT_INSTRUCTION_IN, language, language)) : CORRECT_INSTRUCTION;
  DraftdChatTurn turns[2] = { { "system", instruction }, { "user", segment } };
  *end = draftd_chat_format_end (ctx->format);
  *end_is_token = draftd_chat_format_end_is_token (ctx->format);
  return draftd_chat_format_render (ctx->format, turns, 2, TRUE);
}

/* Is c typographic punctuation an English-trained model tends to "normalise"? */
static gboolean
typographic (gunichar c)
{
  return (c >= 0x2010 && c <= 0x2027) || c == 0xAB || c == 0xBB || c == 0x2039 || c == 0x203A;
}

/* Marks [a, b) of the segment and the rest of the words it touches as protected. */
static void
protect_words (const char *segment, gsize len, gsize a, gsize b, GArray *ranges)
{
  while (a > 0 && !g_ascii_isspace (segment[a - 1]))
    a--;
  /* The space before belongs to the word's first token ("▁—"). */
  if (a > 0)
    a--;
  while (b < len && !g_ascii_isspace (segment[b]))
    b++;
  DraftdGrammarSpan r = { a, b };
  g_array_append_val (ranges, r);
}

/* The source tokens decoding must copy: those overlapping a protected span, or a word with a
 * character the tokenizer can only spell in bytes or typographic punctuation. `prefix` bytes
 * precede the segment in the encoded source (a space the prompt format needs). */
static int
by_start (gconstpointer a, gconstpointer b)
{
  const DraftdGrammarSpan *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start ? 1 : 0;
}

/* Protected byte ranges of a segment: its spans, and the words with characters spelt in bytes
 * or typographic punctuation (the space before each included), sorted and merged. */
static GArray *
protected_ranges (const DraftdTokenizer *tok, const char *segment, const DraftdGrammarSpan *spans, guint n_spans)
{
  gsize len = strlen (segment);
  GArray *ranges = g_array_new (FALSE, FALSE, sizeof (DraftdGrammarSpan));
  g_array_append_vals (ranges, spans, n_spans);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  for (const char *p = segment; *p; p = g_utf8_next_char (p)) {
    gunichar c = g_utf8_get_char (p);
    if (c < 0x80)
      continue;
    /* A character the vocabulary has no whole token for comes out in bytes. */
    char buf[8] = { 0 };
    g_unichar_to_utf8 (c, buf);
    g_array_set_size (ids, 0);
    gboolean bytes = !draftd_tokenizer_encode (tok, buf, -1, FALSE, FALSE, ids, NULL);
    for (guint i = 0; i < ids->len && !bytes; i++) {
      gsize n;
      const guint8 *piece = draftd_tokenizer_piece (tok, g_array_index (ids, gint32, i), FALSE, &n);
      bytes = n > 0 && !g_utf8_validate ((const char *) piece, n, NULL);
    }
    if (bytes || typographic (c))
      protect_words (segment, len, p - segment, g_utf8_next_char (p) - segment, ranges);
  }
  g_array_sort (ranges, by_start);
  guint w = 0;
  for (guint i = 0; i < ranges->len; i++) {
    DraftdGrammarSpan *r = &g_array_index (ranges, DraftdGrammarSpan, i);
    DraftdGrammarSpan *last = w ? &g_array_index (ranges, DraftdGrammarSpan, w - 1) : NULL;
    if (last && r->start <= last->end)
      last->end = MAX (last->end, r->end);
    else
      g_array_index (ranges, DraftdGrammarSpan, w++) = *r;
  }
  g_array_set_size (ranges, w);
  return ranges;
}

static guint8 *
forced_tokens (const DraftdTokenizer *tok, const GArray *stoks, const char *source, gsize prefix,
               const DraftdGrammarSpan *ranges, guint n_ranges)
{
  gsize total = 0;
  g_autofree gsize *off = g_new (gsize, stoks->len + 1);
  for (guint i = 0; i < stoks->len; i++) {
    gsize n;
    draftd_tokenizer_piece (tok, g_array_index (stoks, gint32, i), FALSE, &n);
    off[i] = total;
    total += n;
  }
  off[stoks->len] = total;
  /* SPM spells a leading space the text does not have: offsets start before the text. */
  gssize shift = (gssize) total - (gssize) strlen (source) + (gssize) prefix;
  guint8 *forced = g_new0 (guint8, stoks->len + 1);
  for (guint i = 0; i < stoks->len; i++) {
    gssize a = (gssize) off[i] - shift, b = (gssize) off[i + 1] - shift;
    for (guint r = 0; r < n_ranges && !forced[i]; r++) {
      const DraftdGrammarSpan *sp = &ranges[r];
      forced[i] = a < (gssize) sp->end && b > (gssize) sp->start;
    }
  }
  return forced;
}


/* Decodes one segment (spans relative to it); returns its text (trimmed), or NULL with
 * DRAFTD_GRAMMAR_ERROR_TOO_LONG when prompt and answer do not fit the context, or another
 * error. *reused: the cached prompt prefix the decoding started from. */
static char *
decode_segment (GrammarJob *j, const char *segment, const DraftdGrammarSpan *spans, guint n_spans, DraftdDecodeMode mode,
                DraftdDecodeStats *st, guint *reused, GError **error)
{
  DraftdGrammarContext *ctx = j->ctx;
  const DraftdGrammarRequest *req = j->req;
  const char *end = NULL;
  gboolean end_is_token = FALSE;
  g_autofree char *prompt = build_prompt (ctx, req, j->language, segment, &end, &end_is_token);
  g_autoptr (GArray) ptoks = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr (GArray) stoks = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr (GArray) etoks = g_array_new (FALSE, FALSE, sizeof (gint32));
  /* The answer of the transcript format starts after "Assistant:", with a space. */
  gboolean space = ctx->format == DRAFTD_CHAT_PLAIN && !ctx->correct_template && !req->rewrite &&
                   draftd_tokenizer_kind (ctx->tokenizer) == DRAFTD_VOCAB_BPE;
  g_autofree char *source = g_strconcat (space ? " " : "", segment, NULL);
  if (!draftd_tokenizer_encode (ctx->tokenizer, prompt, -1, TRUE, TRUE, ptoks, error) ||
      !draftd_tokenizer_encode (ctx->tokenizer, source, -1, FALSE, FALSE, stoks, error) ||
      (end && !draftd_tokenizer_encode (ctx->tokenizer, end, -1, FALSE, end_is_token, etoks, error)))
    return NULL;
  guint n_ctx = draftd_lm_n_ctx (ctx->target);
  if (ptoks->len + stoks->len + etoks->len + 8 > n_ctx) {
    g_set_error (error, DRAFTD_GRAMMAR_ERROR, DRAFTD_GRAMMAR_ERROR_TOO_LONG,
                 "a segment needs %u tokens of prompt and answer; the model's context holds %u", ptoks->len + stoks->len, n_ctx);
    return NULL;
  }
  g_autofree guint8 *forced = forced_tokens (ctx->tokenizer, stoks, source, space, spans, n_spans);
  DraftdDecodeParams p;
  draftd_decode_params_init (&p);
  p.mode = mode;
  /* Room for a correction that grows the text a little; the checks catch more. */
  p.max_tokens = MIN (stoks->len + stoks->len / 2 + 16, n_ctx - ptoks->len);
  if (req->rewrite)
    p.max_tokens = MIN (stoks->len * 2 + 32, n_ctx - ptoks->len);
  p.draft_max = ctx->block ? ctx->block : 16;
  if (ctx->first_block)
    p.first_block = ctx->first_block;
  p.ngram = ctx->ngram ? ctx->ngram : 2;
  p.source = (gint32 *) stoks->data;
  p.n_source = stoks->len;
  p.forced = forced;
  p.keep_bias = j->keep_bias;
  p.end_tokens = (gint32 *) etoks->data;
  p.n_end_tokens = end_is_token ? etoks->len : 0;
  p.is_eog = draftd_tokenizer_is_eog_cb;
  p.is_eog_data = (gpointer) ctx->tokenizer;
  p.cancellable = req->cancellable;
  p.iad_heads = !req->iad_without_heads;
  /* A plain-text end marker (a newline for the transcript format) ends the answer. */
  const char *stops[] = { end_is_token ? NULL : end, NULL };
  DraftdTextCollector c;
  draftd_text_collector_init (&c, ctx->tokenizer, stops);
  p.on_tokens = draftd_text_collector_on_tokens;
  p.on_tokens_data = &c;
  draftd_cache_reuse (ctx->target, ctx->cached, (gint32 *) ptoks->data, ptoks->len);
  *reused = ctx->cached->len;
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (gint32));
  gboolean ok = draftd_decode (ctx->target, NULL, (gint32 *) ptoks->data, ptoks->len, &p, out, st, error);
  draftd_cache_update (ctx->target, ctx->cached, (gint32 *) ptoks->data, ptoks->len, out);
  draftd_text_collector_finish (&c);
  GString *text = g_steal_pointer (&c.text);
  draftd_text_collector_clear (&c);
  /* A special end token rendered as text ends it too. */
  char *cut;
  if (ok && end && (cut = strstr (text->str, end)) != NULL)
    g_string_truncate (text, cut - text->str);
  return ok ? g_strstrip (g_string_free (text, FALSE)) : (g_string_free (text, TRUE), NULL);
}

/* IAD, and with compare_greedy the same policy decoded one token at a time, both from the
 * cache state the segment found, in alternating order (what runs second would otherwise
 * find the prompt cached by the first). */
static char *
decode_compared (GrammarJob *j, const char *segment, const DraftdGrammarSpan *spans, guint n_spans, GError **error)
{
  DraftdGrammarStats *stats = j->stats;
  DraftdDecodeStats st, gs;
  guint reused = 0, reused_greedy = 0;
  char *answer = NULL, *greedy = NULL;
  gboolean greedy_first = j->req->compare_greedy && stats->segments % 2 == 1;
  gint64 g0 = 0, g1 = 0;
  for (guint run = 0; run < (j->req->compare_greedy ? 2u : 1u); run++) {
    gboolean plain = greedy_first == (run == 0);
    if (run == 1) {
      /* Back to the state the first run found. */
      guint base = plain ? reused : reused_greedy;
      draftd_lm_truncate (j->ctx->target, MIN (base, draftd_lm_n_past (j->ctx->target)));
      g_array_set_size (j->ctx->cached, MIN (base, j->ctx->cached->len));
    }
    if (plain) {
      g0 = g_get_monotonic_time ();
      greedy = decode_segment (j, segment, spans, n_spans, DRAFTD_DECODE_PLAIN, &gs, &reused_greedy, error);
      g1 = g_get_monotonic_time ();
      if (greedy == NULL)
        break;
    } else if ((answer = decode_segment (j, segment, spans, n_spans, DRAFTD_DECODE_IAD, &st, &reused, error)) == NULL) {
      break;
    }
  }
  if (answer == NULL || (j->req->compare_greedy && greedy == NULL)) {
    g_free (answer);
    g_free (greedy);
    return NULL;
  }
  stats->segments++;
  stats->target_passes += st.target_passes + st.prompt_passes;
  stats->output_tokens += st.generated;
  stats->drafted += st.drafted;
  stats->accepted += st.accepted;
  stats->head_drafted += st.head_drafted;
  stats->head_accepted += st.head_accepted;
  stats->kept_tokens += st.kept;
  if (greedy) {
    stats->greedy_ms += (g1 - g0) / 1e3;
    stats->greedy_passes += gs.target_passes + gs.prompt_passes;
    stats->greedy_equal &= g_str_equal (greedy, answer);
    g_free (greedy);
  }
  return answer;
}

/* Does the vocabulary hold `word` as one token, as it starts a word ("▁word", "Ġword"), in
 * any of its usual capitalisations? */
static gboolean
known_word (const char *word, gpointer user)
{
  const DraftdTokenizer *tok = user;
  const char *mark = draftd_tokenizer_kind (tok) == DRAFTD_VOCAB_SPM ? "\xe2\x96\x81" : "\xc4\xa0";
  g_autofree char *lower = g_utf8_strdown (word, -1);
  g_autofree char *title = g_strdup (lower);
  if (*title)
    *title = g_ascii_toupper (*title);
  const char *forms[] = { word, lower, title };
  for (guint i = 0; i < G_N_ELEMENTS (forms); i++) {
    g_autofree char *t = g_strconcat (mark, forms[i], NULL);
    if (draftd_tokenizer_find (tok, t) >= 0)
      return TRUE;
  }
  return FALSE;
}

/* The source with only the answer's sound edits applied: an edit that touches a protected
 * range, drops or adds content words, or respells a word into one the model does not know is
 * refused on its own; the rest stay. */
static gboolean
only_space (const char *s, gsize start, gsize end)
{
  for (gsize i = start; i < end; i++)
    if (!g_ascii_isspace (s[i]))
      return FALSE;
  return TRUE;
}

/* Does the edit touch a protected range, or add to the end of the segment (a heading, a
 * sign-off, a list item gaining a full stop)? */
static gboolean
touches_protected (const char *segment, const DraftdGrammarEdit *e, const DraftdGrammarSpan *ranges, guint n_ranges)
{
  if (e->start == e->end && e->start == strlen (segment))
    return TRUE;
  for (guint i = 0; i < n_ranges; i++)
    if (e->start <= ranges[i].end && e->end >= ranges[i].start)
      return TRUE;
  return FALSE;
}

/* A correctly spelt content word replaced by another word that is not a form of it: the model
 * choosing a look-alike ("Downtown" -> "Down", "need" -> "nee"), which the candidates, not
 * the model's pass, are trusted to do. */
static gboolean
swaps_a_word (GrammarJob *j, const char *segment, const DraftdGrammarEdit *e)
{
  g_autofree char *was = g_strstrip (g_strndup (segment + e->start, e->end - e->start));
  g_autofree char *now = g_strstrip (g_strdup (e->replacement));
  if (j->ctx->spell == NULL || !*was || !*now || strpbrk (was, " ") || strpbrk (now, " "))
    return FALSE;
  g_autofree char *a = g_utf8_strdown (was, -1), *b = g_utf8_strdown (now, -1);
  return draftd_grammar_content_word (a) && draftd_spell_check (j->ctx->spell, "en", was) &&
         !draftd_grammar_same_lemma (a, b) && !g_str_equal (a, b);
}

static char *
keep_sound_edits (GrammarJob *j, const char *segment, char *answer, const DraftdGrammarSpan *ranges, guint n_ranges)
{
  g_autoptr (GArray) edits = draftd_grammar_edits_new ();
  draftd_grammar_diff (segment, 0, strlen (segment), answer, strlen (answer), FALSE, edits);
  GString *out = g_string_new (NULL);
  gsize copied = 0;
  for (guint i = 0; i < edits->len;) {
    /* Edits only whitespace apart are judged together: "then the" -> "be a" is one change. */
    guint k = i + 1;
    while (k < edits->len && only_space (segment, g_array_index (edits, DraftdGrammarEdit, k - 1).end,
                                         g_array_index (edits, DraftdGrammarEdit, k).start))
      k++;
    const DraftdGrammarEdit *first = &g_array_index (edits, DraftdGrammarEdit, i);
    const DraftdGrammarEdit *last = &g_array_index (edits, DraftdGrammarEdit, k - 1);
    GString *rep = g_string_new (NULL);
    for (guint m = i; m < k; m++) {
      const DraftdGrammarEdit *e = &g_array_index (edits, DraftdGrammarEdit, m);
      if (m > i)
        g_string_append_len (rep, segment + g_array_index (edits, DraftdGrammarEdit, m - 1).end,
                             e->start - g_array_index (edits, DraftdGrammarEdit, m - 1).end);
      g_string_append (rep, e->replacement);
    }
    DraftdGrammarEdit group = { first->start, last->end, g_string_free (rep, FALSE), first->kind, NULL, NULL };
    DraftdGrammarCheck check = touches_protected (segment, &group, ranges, n_ranges) ? DRAFTD_GRAMMAR_CHECK_PROTECTED
                               : swaps_a_word (j, segment, &group)
                                   ? DRAFTD_GRAMMAR_CHECK_MEANING
                                   : draftd_grammar_check_edit (segment, &group, known_word, (gpointer) j->ctx->tokenizer);
    if (check != DRAFTD_GRAMMAR_CHECK_OK) {
      g_debug ("edit refused (%s): %.*s -> %s", draftd_grammar_check_name (check), (int) (group.end - group.start),
               segment + group.start, group.replacement);
      j->stats->refused_edits += k - i;
    } else {
      g_string_append_len (out, segment + copied, group.start - copied);
      g_string_append (out, group.replacement);
      copied = group.end;
    }
    draftd_grammar_edit_clear (&group);
    i = k;
  }
  g_string_append (out, segment + copied);
  g_free (answer);
  return g_string_free (out, FALSE);
}

/* Does the sentence at `start` begin one: at the start of the text or a paragraph, or after
 * a sentence's end? A line of a wrapped paragraph, a list item or a selection from mid-sentence
 * is not capitalised. */
static gboolean
starts_sentence (const char *text, gsize start)
{
  gsize i = start;
  guint newlines = 0;
  while (i > 0 && g_ascii_isspace (text[i - 1]))
    newlines += text[--i] == '\n';
  /* After a list item's enumerator ("i.", "2.") the item may go on a sentence in lower case. */
  gsize w = i;
  while (w > 0 && !g_ascii_isspace (text[w - 1]))
    w--;
  gsize line = w;
  while (line > 0 && (text[line - 1] == ' ' || text[line - 1] == '\t'))
    line--;
  if (newlines == 0 && i > w && i - w <= 6 && (line == 0 || text[line - 1] == '\n') && strchr (".)", text[i - 1]))
    return FALSE;
  /* A paragraph after a colon goes on what the colon began ("replace it with this:"). */
  return i == 0 || (newlines >= 2 && text[i - 1] != ':') || strchr (".!?", text[i - 1]) != NULL;
}

/* Where the candidates note the document words they look up: only when answers are cached. */
static GString *
document_seen (GrammarJob *j)
{
  return j->ctx->answers ? j->document_seen : NULL;
}

/* The doubt band of suggestions: none unless the caller collects them (the answer cache's
 * key holds it, so an answer without them is never handed to a caller that wants them). */
static float
suggest_doubt (const DraftdGrammarRequest *req)
{
  if (req->suggestions == NULL || req->doubt < 0)
    return 0;
  return req->doubt > 0 ? (float) req->doubt : (float) DRAFTD_GRAMMAR_SUGGEST_DOUBT;
}

/* Suggestions from fixes[from] on lose their place when a later pass changes the text. */
static void
drop_suggestions (GArray *fixes, guint from)
{
  for (guint i = fixes->len; i-- > from;)
    if (g_array_index (fixes, DraftdFix, i).suggested)
      g_array_remove_index (fixes, i);
}

/* Candidate corrections judged by the target (grammar/rank.h); `prot` follows the edits. */
static char *
candidate_stage (GrammarJob *j, gsize start, const char *segment, GArray *prot, GError **error)
{
  /* A language the model declares is spelt and ruled by its own dictionary and rules. */
  const char *lang = prompt_language (j->language, NULL) ? j->language : "en";
  DraftdCandidateContext cc = { j->ctx->spell, lang, starts_sentence (j->text, start), (const DraftdGrammarSpan *) prot->data,
                                prot->len, FALSE, j->req->margins, j->document, j->req->large_model, j->region,
                                document_seen (j), suggest_doubt (j->req), FALSE, NULL, NULL };
  g_autoptr (GArray) moved = g_array_new (FALSE, FALSE, sizeof (DraftdGrammarSpan));
  guint before = j->fixes->len, passes = draftd_scorer_passes (j->scorer);
  char *fixed = draftd_rank_correct (j->scorer, &cc, segment, j->fixes, moved, j->req->cancellable, error);
  if (fixed == NULL)
    return NULL;
  for (guint i = before; i < j->fixes->len; i++)
    j->stats->fixes += !g_array_index (j->fixes, DraftdFix, i).suggested;
  j->stats->scoring_passes += draftd_scorer_passes (j->scorer) - passes;
  g_array_set_size (prot, 0);
  g_array_append_vals (prot, moved->data, moved->len);
  return fixed;
}

/* A preset rewritten by its rules, judged by the target (grammar/rewrite.c): for a model
 * without a chat template, whose own decoding of a preset fails the checks. */
static char *
rewrite_by_rules (GrammarJob *j, const char *segment, GArray *prot, GError **error)
{
  guint changes = 0;
  char *out = draftd_grammar_rewrite_by_rules (j->scorer, j->req->instruction, segment, prot, &changes, error);
  if (out)
    j->stats->segments++;
  return out;
}

/* A rewrite keeps its segment whole where the checks refuse the answer (and counts it, for
 * the caller to say so): half a rewrite is worse than none. */
static char *
rewrite_checked (GrammarJob *j, char *segment, char *answer, const DraftdGrammarSpan *pr, guint n_pr)
{
  DraftdRewriteCheck c = { segment, pr, n_pr, j->prompt_words, known_word, (gpointer) j->ctx->tokenizer };
  const char *failed = draftd_grammar_rewrite_check (&c, answer);
  if (failed == NULL) {
    g_free (segment);
    return answer;
  }
  g_debug ("rewrite failed the %s check; keeping: %s (answer: %s)", failed, segment, answer);
  j->stats->kept_source++;
  g_free (answer);
  return segment;
}

/* The answer for [start, end) of the text, or a copy of it where the model must not touch it;
 * NULL on error. A piece too long for the context is corrected by clauses. */
static char *correct_piece (GrammarJob *j, gsize start, gsize end, const DraftdGrammarSpan *spans, guint n_spans, GError **error);

/* A piece too long for the context: split at the clause boundary nearest the middle and
 * corrected by halves; with no boundary, left alone and counted. */
static char *
correct_by_clauses (GrammarJob *j, gsize start, gsize end, const DraftdGrammarSpan *spans, guint n_spans, GError **error)
{
  const char *text = j->text;
  g_autoptr (GArray) cuts = g_array_new (FALSE, FALSE, sizeof (gsize));
  draftd_grammar_clause_cuts (text, start, end, spans, n_spans, cuts);
  if (cuts->len == 0) {
    j->stats->too_long++;
    return g_strndup (text + start, end - start);
  }
  gsize mid = g_array_index (cuts, gsize, 0), half = start + (end - start) / 2;
  for (guint i = 1; i < cuts->len; i++)
    if (ABS ((gssize) g_array_index (cuts, gsize, i) - (gssize) half) < ABS ((gssize) mid - (gssize) half))
      mid = g_array_index (cuts, gsize, i);
  gsize next = mid;
  while (next < end && g_ascii_isspace (text[next]))
    next++;
  g_autofree char *left = correct_piece (j, start, mid, spans, n_spans, error);
  guint first_right = j->fixes->len;
  g_autofree char *right = left ? correct_piece (j, next, end, spans, n_spans, error) : NULL;
  if (right == NULL)
    return NULL;
  /* The right half's suggestions are placed in the joined answer. */
  for (guint i = first_right; i < j->fixes->len; i++)
    if (g_array_index (j->fixes, DraftdFix, i).at != DRAFTD_FIX_NOWHERE)
      g_array_index (j->fixes, DraftdFix, i).at += strlen (left) + (next - mid);
  return g_strdup_printf ("%s%.*s%s", left, (int) (next - mid), text + mid, right);
}

/* Do the segment's prompt and answer fit the target's context, as decode_segment counts? */
static gboolean
segment_fits (GrammarJob *j, const char *segment)
{
  const char *end = NULL;
  gboolean end_is_token = FALSE;
  g_autofree char *prompt = build_prompt (j->ctx, j->req, j->language, segment, &end, &end_is_token);
  g_autoptr (GArray) ptoks = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr (GArray) stoks = g_array_new (FALSE, FALSE, sizeof (gint32));
  if (!draftd_tokenizer_encode (j->ctx->tokenizer, prompt, -1, TRUE, TRUE, ptoks, NULL) ||
      !draftd_tokenizer_encode (j->ctx->tokenizer, segment, -1, FALSE, FALSE, stoks, NULL))
    return TRUE; /* decoding reports it */
  return ptoks->len + stoks->len + 16 <= draftd_lm_n_ctx (j->ctx->target);
}

static char *
correct_piece (GrammarJob *j, gsize start, gsize end, const DraftdGrammarSpan *spans, guint n_spans, GError **error)
{
  const char *text = j->text;
  g_autofree char *segment = g_strndup (text + start, end - start);
  g_autoptr (GArray) rel = g_array_new (FALSE, FALSE, sizeof (DraftdGrammarSpan));
  for (guint i = 0; i < n_spans; i++)
    if (spans[i].start >= start && spans[i].end <= end) {
      DraftdGrammarSpan r = { spans[i].start - start, spans[i].end - start };
      g_array_append_val (rel, r);
    }
  g_autoptr (GArray) prot = protected_ranges (j->ctx->tokenizer, segment, (DraftdGrammarSpan *) rel->data, rel->len);
  if (!segment_fits (j, segment))
    return correct_by_clauses (j, start, end, spans, n_spans, error);
  guint first_fix = j->fixes->len;
  if (j->scorer && !j->req->rewrite) {
    char *fixed = candidate_stage (j, start, segment, prot, error);
    if (fixed == NULL)
      return NULL;
    g_free (segment);
    segment = fixed;
    if (j->req->candidates_only) {
      j->stats->segments++;
      return g_steal_pointer (&segment);
    }
  }
  if (j->req->rewrite && j->scorer && !j->req->follows_instructions && draftd_grammar_rewrite_has_rules (j->req->instruction))
    return rewrite_by_rules (j, segment, prot, error);
  if (j->req->rewrite)
    draftd_grammar_rewrite_bound_ranges (segment, prot);
  const DraftdGrammarSpan *pr = (const DraftdGrammarSpan *) prot->data;
  GError *local = NULL;
  char *answer = decode_compared (j, segment, pr, prot->len, &local);
  if (answer == NULL || !g_str_equal (answer, segment))
    drop_suggestions (j->fixes, first_fix);
  if (answer && j->req->rewrite)
    return rewrite_checked (j, g_steal_pointer (&segment), answer, pr, prot->len);
  if (answer) {
    DraftdGrammarCheck check = draftd_grammar_check_answer (segment, answer, pr, prot->len, j->req->rewrite);
    if (check != DRAFTD_GRAMMAR_CHECK_OK) {
      g_debug ("answer failed the %s check; keeping: %s", draftd_grammar_check_name (check), segment);
      j->stats->kept_source++;
      g_free (answer);
      return g_steal_pointer (&segment);
    }
    return keep_sound_edits (j, segment, answer, pr, prot->len);
  }
  if (!g_error_matches (local, DRAFTD_GRAMMAR_ERROR, DRAFTD_GRAMMAR_ERROR_TOO_LONG)) {
    g_propagate_error (error, local);
    return NULL;
  }
  g_error_free (local);
  return correct_by_clauses (j, start, end, spans, n_spans, error);
}

static const char *settle_language (DraftdSpell *spell, const char *lang, const char *text, gsize len, const char **also);

/* How far around a sentence its paragraph is read for its language: enough for a sure
 * verdict, and a bounded cost for a paragraph of any length. */
#define PARAGRAPH_CONTEXT 1024

static const char *tied_relative (DraftdSpell *spell, const char *lang, const char *text, gsize len);

/* The segment's language: the user's where the request names one (it wins, as LTeX's
 * ltex.language does), else grammar/language.h's verdict on the sentence within its
 * paragraph: the text around it up to a blank line, at most PARAGRAPH_CONTEXT bytes either
 * side. */
static const char *
segment_language (GrammarJob *j, gsize start, gsize end)
{
  j->also_language = NULL;
  j->rival_language = NULL;
  if (j->req->language)
    return g_intern_string (j->req->language);
  const char *text = j->text;
  gsize ls = start, le = end;
  while (ls > 0 && start - ls < PARAGRAPH_CONTEXT && !(text[ls - 1] == '\n' && ls >= 2 && text[ls - 2] == '\n'))
    ls--;
  while (text[le] && le - end < PARAGRAPH_CONTEXT && !(text[le] == '\n' && text[le + 1] == '\n'))
    le++;
  /* Whole characters only. */
  while (ls < start && (text[ls] & 0xC0) == 0x80)
    ls++;
  while (le > end && (text[le] & 0xC0) == 0x80)
    le--;
  const char *lang = draftd_grammar_sentence_language (text + start, end - start, text + ls, le - ls);
  const char *settled = settle_language (j->ctx->spell, lang, text + start, end - start, &j->also_language);
  if (settled && j->also_language == NULL && j->ctx->spell && draftd_spell_has_language (j->ctx->spell, settled))
    j->rival_language = tied_relative (j->ctx->spell, settled, text + start, end - start);
  g_debug ("language %s, settled %s%s%s: %.*s", lang ? lang : "-", settled ? settled : "-", j->rival_language ? ", rival " : "",
           j->rival_language ? j->rival_language : "", (int) (end - start), text + start);
  return settled;
}

/* The words of a sentence of three letters or more: enough to judge a dictionary's fit. */
static GPtrArray *
words_of_length (const char *text, gsize len, guint min, guint max)
{
  GPtrArray *words = g_ptr_array_new_with_free_func (g_free);
  for (const char *p = text; p < text + len;) {
    while (p < text + len && !g_unichar_isalpha (g_utf8_get_char (p)))
      p = g_utf8_next_char (p);
    const char *w = p;
    guint n = 0;
    for (; p < text + len && (g_unichar_isalpha (g_utf8_get_char (p)) || *p == '\''); p = g_utf8_next_char (p))
      n++;
    if (n >= min && n <= max)
      g_ptr_array_add (words, g_strndup (w, p - w));
  }
  return words;
}

/* The words of three letters or more: shorter ones are mostly shared by relatives. */
static GPtrArray *
judged_words (const char *text, gsize len)
{
  return words_of_length (text, len, 3, G_MAXUINT);
}

/* The words the language's dictionary accepts; with `marks`, also those it lists with marks
 * they were written without (a suggestion each, which the correction asks next anyway). */
static guint
count_known (DraftdSpell *spell, const char *lang, const GPtrArray *words, gboolean marks)
{
  guint n = 0;
  for (guint i = 0; i < words->len; i++)
    n += draftd_spell_check (spell, lang, words->pdata[i]) ||
         (marks && draftd_candidates_known_but_marks (spell, lang, words->pdata[i]));
  return n;
}

/* Of `lang` and its close relatives with installed dictionaries, the one that accepts clearly
 * more of the words (settle_language); undetermined when even it rejects more than a third.
 * `shorts`, the words of two letters (or NULL), count where the longer words tie or favour the
 * relative: a language's own short words ("en", "su") are what a learner's sentence with a
 * word of its relative's ("Los chicos estava en la casa." was Portuguese to CLD2, and "tía"
 * became "tia") still tells it by. */
static const char *
settle_family (DraftdSpell *spell, const char *lang, const GPtrArray *words, const GPtrArray *shorts, gboolean marks)
{
  const char *const *family = draftd_grammar_language_relatives (lang);
  guint best_n = count_known (spell, lang, words, marks);
  guint best_s = shorts ? count_known (spell, lang, shorts, FALSE) : 0, n_shorts = shorts ? shorts->len : 0;
  /* A relative must accept two words more: none can where at most one is unknown, and its
   * dictionary need not even be loaded. */
  if (best_n + best_s + 1 >= words->len + n_shorts)
    family = NULL;
  for (guint i = 0; family && family[i]; i++) {
    if (g_str_equal (family[i], lang) || !draftd_spell_has_language (spell, family[i]))
      continue;
    guint n = count_known (spell, family[i], words, marks);
    guint ns = shorts ? count_known (spell, family[i], shorts, FALSE) : 0;
    /* By two words at least: relatives share most words, and a word or two of English
     * ("lib", "bin") that one of them happens to list decides nothing. */
    if (n >= best_n + 2 || (n >= best_n && n + ns >= best_n + best_s + 2)) {
      lang = family[i];
      best_n = n;
      best_s = ns;
    }
  }
  if (words->len >= 3 && best_n * 3 < words->len * 2)
    return DRAFTD_LANGUAGE_UNDETERMINED;
  return lang;
}

static gboolean
unmarked_text (const char *text, gsize len)
{
  for (gsize i = 0; i < len; i++)
    if ((guchar) text[i] >= 0x80)
      return FALSE;
  return TRUE;
}

/* Text without a single mark, of a language whose relatives have dictionaries here: each
 * dictionary counts the words it lists with or without the marks they lack, and a relative
 * that accepts more of them than the language named wins ("Me gustaria viajar a Argentina
 * algun dia." was Catalan to CLD2, and became "viatjar"; its dictionary lacks "viajar" and the
 * Spanish one knows every word once its marks are put back). On a tie the verdict stands:
 * unmarked Spanish and Galician share most words. */
static const char *
settle_unmarked (DraftdSpell *spell, const char *lang, const GPtrArray *words, const GPtrArray *shorts)
{
  const char *const *family = draftd_grammar_language_relatives (lang);
  guint best_n = count_known (spell, lang, words, TRUE), best_s = count_known (spell, lang, shorts, FALSE);
  for (guint i = 0; family && family[i]; i++) {
    if (g_str_equal (family[i], lang) || !draftd_spell_has_language (spell, family[i]))
      continue;
    guint n = count_known (spell, family[i], words, TRUE), ns = count_known (spell, family[i], shorts, FALSE);
    /* A tie is settled by the words of two letters, by two of them (settle_family: "Mis amigos
     * estava en la casa de su abuela." was Portuguese, "abuela" became "aburela"). */
    if (n > best_n || (n == best_n && ns >= best_s + 2)) {
      lang = family[i];
      best_n = n;
      best_s = ns;
    }
  }
  if (words->len >= 3 && best_n * 3 < words->len * 2)
    return DRAFTD_LANGUAGE_UNDETERMINED;
  return lang;
}

/* At most a writer's slip from an English word: a letter doubled or dropped, two swapped, a
 * vowel for a vowel ("recieved", "leter", "wich", "freind"). */
#define NEAR_MISS_COST 1.5f

/* Words the English dictionaries reject that their first suggestion is a slip away from. */
static guint
count_near_misses (DraftdSpell *spell, const GPtrArray *words)
{
  guint n = 0;
  for (guint i = 0; i < words->len; i++) {
    if (draftd_spell_check (spell, "en", words->pdata[i]))
      continue;
    g_auto (GStrv) sugg = draftd_spell_suggest (spell, "en", words->pdata[i]);
    float cost = sugg && sugg[0] ? draftd_spell_index_cost (words->pdata[i], sugg[0]) : -1.0f;
    n += cost >= 0 && cost <= NEAR_MISS_COST;
  }
  return n;
}

/* Is text that English's dictionaries mostly reject English all the same? CLD2 calls a short
 * Swedish or Danish sentence English now and then ("Om ingen flagga anges antas -P."), and
 * plain ASCII text nothing could tell is English by default, but "Parece haber sido
 * eliminada o renombrada." is not: it was "corrected" into "Parece Haber side eliminate". A
 * learner's sentence is, though its dictionary rejects most words ("Yesterday I recieved a
 * leter from my freind."): English's function words spelt right, and every other word but
 * one a slip from an English one. */
static gboolean
english_after_all (DraftdSpell *spell, const char *text, gsize len, const GPtrArray *words)
{
  guint known = count_known (spell, "en", words, FALSE);
  if (words->len < 3 || known * 2 >= words->len)
    return TRUE;
  if (draftd_grammar_english_function_words (text, len) < 2)
    return FALSE;
  return known + count_near_misses (spell, words) + 1 >= words->len;
}

/* The dictionary a sentence is spelt by: of its language's close relatives with installed
 * dictionaries (grammar/language.h), the one that accepts clearly more of its words. CLD2 tells
 * Bulgarian from Serbian, or Danish from Norwegian, badly on one sentence, and a sentence spelt
 * with a relative's dictionary has every other word "corrected". A dictionary that rejects
 * more than a third of the words does not describe the text at all (a relative without a
 * dictionary here, a dialect, a mix): undetermined. */
static const char *
settle_named (DraftdSpell *spell, const char *lang, const char *text, gsize len)
{
  /* Plain ASCII text nothing could tell is English by default ("Thanks!"), if English. */
  if (lang == NULL && spell && draftd_spell_has_language (spell, "en")) {
    g_autoptr (GPtrArray) words = judged_words (text, len);
    return english_after_all (spell, text, len, words) ? NULL : DRAFTD_LANGUAGE_UNDETERMINED;
  }
  if (spell == NULL || lang == NULL || !draftd_spell_has_language (spell, lang))
    return lang;
  g_autoptr (GPtrArray) words = judged_words (text, len);
  if (g_str_equal (lang, "en"))
    return english_after_all (spell, text, len, words) ? lang : DRAFTD_LANGUAGE_UNDETERMINED;
  g_autoptr (GPtrArray) shorts = words_of_length (text, len, 2, 2);
  if (unmarked_text (text, len))
    return settle_unmarked (spell, lang, words, shorts);
  const char *settled = settle_family (spell, lang, words, shorts, FALSE);
  /* Text typed without its marks ("Vcera jsem videl moc dobry film."): its words count where
   * the dictionary lists them with their marks, so that it is spelt by its own dictionary
   * rather than left alone; asked only here, each rejected word costing a suggestion. */
  return g_str_equal (settled, DRAFTD_LANGUAGE_UNDETERMINED) ? settle_family (spell, lang, words, NULL, TRUE) : settled;
}

/* A sentence nothing could tell (CLD2 unsure or misled, no word only one language writes, its
 * relatives' dictionaries rejecting it), or plain ASCII text CLD2 named a language without a
 * dictionary here ("Zitra rano pojedu vlakem do Olomouce." was Malagasy): the dictionaries of
 * the languages it may be of (grammar/language.h) settle it where one accepts every word but
 * at most one, and more than any other does. Short Czech was left alone, unmarked ("Nas soused
 * ma velkeho psa." was Italian to CLD2) or with marks its relatives share ("Mám dva bratry a
 * jednu sestru."), and short Russian with no letter Ukrainian lacks. A word written without
 * its marks counts where the dictionary lists it with them, a suggestion each, asked only of
 * the dictionaries that accept most words as written, within one of the most. */
static const char *
settle_by_dictionaries (DraftdSpell *spell, const char *text, gsize len, const char *fallback, const char **also)
{
  g_auto (GStrv) langs = draftd_grammar_language_candidates (text, len);
  g_autoptr (GPtrArray) words = judged_words (text, len);
  guint n = g_strv_length (langs), top = 0;
  if (words->len < 3 || n == 0)
    return fallback;
  /* Text English's dictionaries accept word for word is no other language's to respell, though
   * one accepts it once a word gains a mark ("A good boxer needs a good defense." was French,
   * and became "défense"). */
  if (draftd_spell_has_language (spell, "en") && count_known (spell, "en", words, FALSE) == words->len)
    return fallback;
  g_autofree guint *known = g_new0 (guint, n);
  for (guint i = 0; i < n; i++)
    if (draftd_spell_has_language (spell, langs[i]))
      top = MAX (top, known[i] = count_known (spell, langs[i], words, FALSE));
  guint best = 0, second = 0;
  /* Text without a single mark is every candidate's text with its marks left out: each
   * counts the words it lists with marks ("Moje mama vari dobrou polevku.": Slovak accepts
   * three as written, Czech two, and Czech all five with their marks). */
  gboolean unmarked = unmarked_text (text, len);
  for (guint i = 0; i < n; i++) {
    if (known[i] > 0 && (unmarked || known[i] + 1 >= top) && top < words->len)
      known[i] = count_known (spell, langs[i], words, TRUE);
    best = known[i] > known[best] ? i : best;
  }
  for (guint i = 0; i < n; i++)
    second = i != best ? MAX (second, known[i]) : second;
  if (known[best] + 1 >= words->len && known[best] * 3 >= words->len * 2 && known[best] > second)
    return g_intern_string (langs[best]);
  /* Two close relatives that accept as many words ("Prosim vas, kde je nadrazi?": Czech
   * "nádraží", Slovak "nadrazí", both "prosím", "vás") were left alone; the sentence is one of
   * them, and the respellings their dictionaries agree on are right in either: the first, with
   * the other beside it (DraftdCandidateContext.also_lang). */
  if (also && known[best] + 1 >= words->len && known[best] * 3 >= words->len * 2) {
    guint tied = 0, other = 0;
    for (guint i = 0; i < n; i++)
      if (i != best && known[i] == known[best]) {
        tied++;
        other = i;
      }
    const char *const *family = draftd_grammar_language_relatives (langs[best]);
    if (tied == 1 && family && g_strv_contains (family, langs[other])) {
      *also = g_intern_string (langs[other]);
      return g_intern_string (langs[best]);
    }
  }
  return fallback;
}

/* Plain ASCII text CLD2 named a language with a dictionary here but outside the candidates
 * (grammar/language.h: Polish, Italian): unmarked Czech misleads it there too ("Mam nove kolo
 * a jezdim na nem kazdy den." was Polish, and became "novę", "każdy"). A candidate that accepts
 * every word but one, with the marks it lists them with, and more of them than the named
 * language does so, wins; Polish or Italian typed without marks keeps its own dictionary,
 * which accepts as many. */
static const char *
settle_outside_candidates (DraftdSpell *spell, const char *lang, const char *text, gsize len)
{
  g_auto (GStrv) langs = draftd_grammar_language_candidates (text, len);
  if (g_str_equal (lang, "en") || g_strv_contains ((const char *const *) langs, lang))
    return lang;
  /* Text its own dictionary accepts but for a word is its own, and costs no suggestion. */
  g_autoptr (GPtrArray) words = judged_words (text, len);
  if (count_known (spell, lang, words, FALSE) + 1 >= words->len)
    return lang;
  const char *other = settle_by_dictionaries (spell, text, len, lang, NULL);
  if (other == lang)
    return lang;
  return count_known (spell, other, words, TRUE) > count_known (spell, lang, words, TRUE) ? other : lang;
}

/* Plain ASCII text taken for English, CLD2's verdict or the default, that is another
 * language's typed without its marks: "Mam rad teple pocasi a more." was English to CLD2, sure
 * of it, and English's dictionaries know "Mam", "rad", "more", so it was "corrected" into "Mam
 * rad tuple pica's a more.". A candidate (grammar/language.h: cs sk es ca pt fr) whose
 * dictionary accepts as written every word English's accept, and every word they reject, with
 * or without the marks it lists it with, names it; where two close relatives do, the first with
 * the other beside it (settle_by_dictionaries), and where others do, nobody can tell (left alone).
 * Learner English keeps English: its "the", "from", "yesterday" are no Czech or Spanish words,
 * and its misspellings no unmarked forms of theirs. NULL: English it is. */
static const char *
unmarked_other_language (DraftdSpell *spell, const char *text, gsize len, const char **also)
{
  if (!unmarked_text (text, len))
    return NULL;
  g_autoptr (GPtrArray) words = judged_words (text, len);
  if (words->len < 2)
    return NULL;
  g_autofree gboolean *english = g_new0 (gboolean, words->len);
  guint rejected = 0;
  for (guint i = 0; i < words->len; i++)
    rejected += !(english[i] = draftd_spell_check (spell, "en", words->pdata[i]));
  /* Two words are enough where English knows neither ("Muzete mi pomoct?" became "Muzete mi
   * apomict?"). */
  if (rejected == 0 || (words->len == 2 && rejected < 2))
    return NULL;
  /* Only where a word English's dictionaries reject is no slip from an English one ("pocasi";
   * "realy" is "really") nor a name inside the sentence: English text with a typo does not load
   * six more dictionaries to be told it is English. */
  guint strange = 0;
  for (guint i = 0; i < words->len && strange == 0; i++) {
    const char *w = words->pdata[i];
    if (english[i] || (i > 0 && g_unichar_isupper (g_utf8_get_char (w))))
      continue;
    g_auto (GStrv) sugg = draftd_spell_suggest (spell, "en", w);
    float cost = sugg && sugg[0] ? draftd_spell_index_cost (w, sugg[0]) : -1.0f;
    strange += !(cost >= 0 && cost <= NEAR_MISS_COST);
  }
  if (strange == 0)
    return NULL;
  g_auto (GStrv) langs = draftd_grammar_language_candidates (text, len);
  const char *found = NULL, *second = NULL;
  for (guint k = 0; langs[k]; k++) {
    if (!draftd_spell_has_language (spell, langs[k]))
      continue;
    gboolean fits = TRUE;
    /* The words English's dictionaries accept first: a lookup each, and where English text
     * fails at once. */
    for (guint i = 0; fits && i < words->len; i++)
      fits = !english[i] || draftd_spell_check (spell, langs[k], words->pdata[i]);
    for (guint i = 0; fits && i < words->len; i++)
      fits = english[i] || draftd_spell_check (spell, langs[k], words->pdata[i]) ||
             draftd_candidates_known_but_marks (spell, langs[k], words->pdata[i]);
    if (fits && second)
      return DRAFTD_LANGUAGE_UNDETERMINED;
    if (fits && found)
      second = g_intern_string (langs[k]);
    else if (fits)
      found = g_intern_string (langs[k]);
  }
  if (second) {
    const char *const *family = draftd_grammar_language_relatives (found);
    if (!family || !g_strv_contains (family, second))
      return DRAFTD_LANGUAGE_UNDETERMINED;
    *also = second;
  }
  return found;
}

/* The one close relative of `lang` whose dictionary accepts exactly as many of the sentence's
 * words as `lang`'s, its words of two letters too, where `lang`'s rejects one: CLD2 named one
 * of two languages the dictionaries cannot tell apart ("Musím se naucit slovíčka." was Slovak,
 * and "naucit" became Slovak's "naučiť"; both dictionaries accept "Musím", "se", "slovíčka").
 * A word both reject is then respelt only where the relative's dictionary makes the same
 * respelling or none (DraftdCandidateContext.rival_lang); where the relative accepts the word,
 * the language named is taken at its word ("Мне кажеться": Ukrainian's lists "кажеться").
 * With the marks the words lack put back, the relative must accept as many too ("Dakujem za
 * pomoc.": Slovak's "Ďakujem", which Czech lacks, settles it Slovak). NULL: none. */
static const char *
tied_relative (DraftdSpell *spell, const char *lang, const char *text, gsize len)
{
  const char *const *family = draftd_grammar_language_relatives (lang);
  if (family == NULL)
    return NULL;
  g_autoptr (GPtrArray) words = judged_words (text, len);
  g_autoptr (GPtrArray) shorts = words_of_length (text, len, 2, 2);
  guint n = count_known (spell, lang, words, FALSE), ns = count_known (spell, lang, shorts, FALSE);
  if (n + ns >= words->len + shorts->len)
    return NULL;
  const char *found = NULL;
  for (guint i = 0; family[i]; i++) {
    if (g_str_equal (family[i], lang) || !draftd_spell_has_language (spell, family[i]) ||
        count_known (spell, family[i], words, FALSE) != n || count_known (spell, family[i], shorts, FALSE) != ns ||
        count_known (spell, family[i], words, TRUE) < count_known (spell, lang, words, TRUE))
      continue;
    if (found)
      return NULL;
    found = g_intern_string (family[i]);
  }
  return found;
}

/* settle_named, and where that leaves the sentence without a dictionary, settle_by_dictionaries. */
static const char *
settle_language (DraftdSpell *spell, const char *lang, const char *text, gsize len, const char **also)
{
  const char *settled = settle_named (spell, lang, text, len);
  if (spell != NULL && (settled == NULL || g_str_equal (settled, "en"))) {
    const char *other = unmarked_other_language (spell, text, len, also);
    if (other)
      return other;
  }
  if (spell == NULL || settled == NULL)
    return settled;
  if (g_str_equal (settled, DRAFTD_LANGUAGE_UNDETERMINED) || (unmarked_text (text, len) && !draftd_spell_has_language (spell, settled)))
    return settle_by_dictionaries (spell, text, len, settled, also);
  if (unmarked_text (text, len))
    return settle_outside_candidates (spell, settled, text, len);
  return settled;
}

/* Is the sentence written by a hand that leaves marks out: a word of it, no English one, that
 * `lang`'s dictionary rejects and lists with marks it lacks ("Dekuji za vas dopis.")? Then an
 * English word there ("vas", "more", "ma") is more likely the language's own without its marks
 * than a quotation, which native text, marked as it should be, keeps (grammar/respell.c). */
static gboolean
drops_marks (DraftdSpell *spell, const char *lang, const char *text, gsize len)
{
  g_autoptr (GPtrArray) words = judged_words (text, len);
  for (guint i = 0; i < words->len; i++) {
    const char *w = words->pdata[i];
    if (!draftd_spell_check (spell, lang, w) && !draftd_spell_check (spell, "en", w) &&
        draftd_candidates_known_but_marks (spell, lang, w))
      return TRUE;
  }
  return FALSE;
}

/* A sentence in a language the model does not know: spelled by that language's dictionary
 * when there is one (no model judges the suggestions, so only sure ones are taken), else
 * left as it is. */
static char *
foreign_answer (GrammarJob *j, const char *lang, const DraftdGrammarSegment *sg, const GArray *spans, GError **error)
{
  g_autofree char *segment = g_strndup (j->text + sg->start, sg->end - sg->start);
  if (j->ctx->spell == NULL || j->req->rewrite || !draftd_spell_has_language (j->ctx->spell, lang))
    return g_steal_pointer (&segment);
  g_autoptr (GArray) rel = g_array_new (FALSE, FALSE, sizeof (DraftdGrammarSpan));
  for (guint i = 0; i < sg->n_spans; i++) {
    DraftdGrammarSpan r = g_array_index (spans, DraftdGrammarSpan, sg->first_span + i);
    r.start -= sg->start;
    r.end -= sg->start;
    g_array_append_val (rel, r);
  }
  DraftdCandidateContext cc = { j->ctx->spell, lang, starts_sentence (j->text, sg->start), (DraftdGrammarSpan *) rel->data,
                                rel->len, TRUE, NULL, j->document, FALSE, -1, document_seen (j), 0,
                                drops_marks (j->ctx->spell, lang, segment, strlen (segment)), j->also_language,
                                j->rival_language };
  return draftd_rank_correct (NULL, &cc, segment, j->fixes, NULL, j->req->cancellable, error);
}

/* The answer cache's key of a segment (grammar/answer-cache.h): everything its answer depends
 * on but the model set (the cache is the set's) and the document dictionary (the entry keeps
 * the lookups); NULL where answers are not cached: rewrites, and benchmarks' greedy runs. */
static char *
answer_key (GrammarJob *j, const char *lang, const DraftdGrammarSegment *sg, const GArray *spans)
{
  const DraftdGrammarRequest *r = j->req;
  if (j->ctx->answers == NULL || r->rewrite || r->compare_greedy)
    return NULL;
  GString *k = g_string_new (NULL);
  g_string_append_printf (k, "%s|%d|%a|%a|%d|%d|%d|%u|", lang ? lang : "-", starts_sentence (j->text, sg->start),
                          (double) j->keep_bias, (double) suggest_doubt (r), r->candidates_only, r->large_model, j->region,
                          j->ctx->spell ? draftd_spell_personal_generation (j->ctx->spell) : 0);
  for (guint i = 0; r->margins && i < DRAFTD_FIX_N_KINDS; i++)
    g_string_append_printf (k, "%a,", (double) r->margins[i]);
  for (guint i = 0; r->languages && r->languages[i]; i++)
    g_string_append_printf (k, "%s,", r->languages[i]);
  for (guint i = 0; i < sg->n_spans; i++) {
    const DraftdGrammarSpan *s = &g_array_index (spans, DraftdGrammarSpan, sg->first_span + i);
    g_string_append_printf (k, "%" G_GSIZE_FORMAT "-%" G_GSIZE_FORMAT ",", s->start - sg->start, s->end - sg->start);
  }
  g_string_append_c (k, '|');
  g_string_append_len (k, j->text + sg->start, sg->end - sg->start);
  return g_string_free (k, FALSE);
}

static char *
segment_answer (GrammarJob *j, const char *lang, const DraftdGrammarSegment *sg, const GArray *spans, GError **error)
{
  if (lang && !draftd_grammar_language_supported (lang, j->req->languages)) {
    j->stats->foreign++;
    return foreign_answer (j, lang, sg, spans, error);
  }
  const DraftdGrammarSpan *sp = &g_array_index (spans, DraftdGrammarSpan, sg->first_span);
  return correct_piece (j, sg->start, sg->end, sg->n_spans ? sp : NULL, sg->n_spans, error);
}

char *
draftd_grammar_segment_answer (GrammarJob *j, const DraftdGrammarSegment *sg, const GArray *spans, GError **error)
{
  g_array_set_size (j->fixes, 0);
  const char *lang = segment_language (j, sg->start, sg->end);
  j->language = lang;
  /* A sentence nothing here can check is counted, answered from the cache or not: the reply's
   * stats say so once, so that the user knows why nothing was found. */
  if (lang && !j->req->rewrite && !draftd_grammar_language_supported (lang, j->req->languages) &&
      (j->ctx->spell == NULL || !draftd_spell_has_language (j->ctx->spell, lang)) && j->stats->unchecked++ == 0)
    g_strlcpy (j->stats->unchecked_language, lang, sizeof j->stats->unchecked_language);
  g_autofree char *key = answer_key (j, lang, sg, spans);
  char *answer = key ? draftd_answer_cache_lookup (j->ctx->answers, key, j->document, j->fixes) : NULL;
  if (answer) {
    j->stats->cached++;
    return answer;
  }
  g_string_truncate (j->document_seen, 0);
  answer = segment_answer (j, lang, sg, spans, error);
  if (key && answer)
    draftd_answer_cache_store (j->ctx->answers, key, answer, j->fixes, j->document_seen->str);
  return answer;
}

