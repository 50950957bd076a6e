#include "grammar/rank.h"
#include "grammar/structure.h"
#include "lib/decode/score.h"
#include <math.h>
#include <string.h>

struct DraftdScorer {
  const DraftdLm *lm;
  const DraftdTokenizer *tok;
  GArray *cached;     /* shared: the tokens the model's cache holds */
  GArray *tokens;     /* the last text scored, BOS first */
  GArray *lp;         /* lp[j]: log P(tokens[j] | tokens[<j]); lp[0] = 0 */
  guint passes;
};

DraftdScorer *
draftd_scorer_new (const DraftdLm *lm, const DraftdTokenizer *tok, GArray *cached)
{
  DraftdScorer *s = g_new0 (DraftdScorer, 1);
  s->lm = lm;
  s->tok = tok;
  s->cached = g_array_ref (cached);
  s->tokens = g_array_new (FALSE, FALSE, sizeof (gint32));
  s->lp = g_array_new (FALSE, FALSE, sizeof (double));
  return s;
}

void
draftd_scorer_free (DraftdScorer *s)
{
  if (s == NULL)
    return;
  g_array_unref (s->cached);
  g_array_unref (s->tokens);
  g_array_unref (s->lp);
  g_free (s);
}

guint
draftd_scorer_passes (const DraftdScorer *s)
{
  return s->passes;
}

static guint
common_prefix (const GArray *a, const GArray *b)
{
  guint k = 0, n = MIN (a->len, b->len);
  while (k < n && g_array_index (a, gint32, k) == g_array_index (b, gint32, k))
    k++;
  return k;
}

/* Where each token starts in the text (BOS first; the vocabulary may spell a space the text
 * does not start with, so offsets may start below 0). */
static gssize *
token_starts (const DraftdTokenizer *tok, const GArray *toks, const char *text)
{
  gsize total = 0;
  gssize *start = g_new (gssize, toks->len + 1);
  for (guint i = 0; i < toks->len; i++) {
    gsize n;
    start[i] = (gssize) total;
    draftd_tokenizer_piece (tok, g_array_index (toks, gint32, i), FALSE, &n);
    total += n;
  }
  gssize shift = (gssize) total - (gssize) strlen (text);
  for (guint i = 0; i < toks->len; i++)
    start[i] -= MAX (shift, 0);
  start[toks->len] = G_MAXSSIZE;
  return start;
}

/* Runs the model over what it has not seen of toks[0..m) and fills lp[0..m). */
static gboolean
score_tokens (DraftdScorer *s, const GArray *toks, guint m, GError **error)
{
  /* lp[j] is known where the last text scored agrees up to j; the model's cache must hold
   * the tokens before the first one to score, whose output predicts it. */
  guint known = MAX (common_prefix (toks, s->tokens), 1u);
  guint keep = MIN (MIN (known - 1, common_prefix (toks, s->cached)), MIN (m - 2, draftd_lm_n_past (s->lm)));
  draftd_lm_truncate (s->lm, keep);
  g_array_set_size (s->cached, keep);
  guint n = m - 1 - keep;
  const gint32 *in = &g_array_index (toks, gint32, keep);
  if (!draftd_lm_forward (s->lm, in, n, n, TRUE, error))
    return FALSE;
  s->passes++;
  g_array_append_vals (s->cached, in, n);
  g_array_set_size (s->lp, m);
  guint n_vocab = draftd_lm_n_vocab (s->lm);
  for (guint j = keep + 1; j < m; j++)
    g_array_index (s->lp, double, j) = draftd_log_softmax_at (draftd_lm_logits (s->lm, j - 1 - keep), n_vocab,
                                                                 g_array_index (toks, gint32, j));
  g_array_index (s->lp, double, 0) = 0;
  g_array_set_size (s->tokens, 0);
  g_array_append_vals (s->tokens, toks->data, m);
  return TRUE;
}

gboolean
draftd_scorer_logprob (DraftdScorer *s, const char *text, gsize upto, const DraftdGrammarSpan *part, double *logprob,
                       double *part_logprob, GError **error)
{
  g_autoptr (GArray) toks = g_array_new (FALSE, FALSE, sizeof (gint32));
  if (!draftd_tokenizer_encode (s->tok, text, -1, TRUE, FALSE, toks, error))
    return FALSE;
  g_autofree gssize *start = token_starts (s->tok, toks, text);
  guint m = 1;
  while (m < toks->len && (upto == G_MAXSIZE || start[m] < (gssize) upto))
    m++;
  *logprob = 0;
  if (part_logprob)
    *part_logprob = 0;
  if (m < 2 || m + 1 > draftd_lm_n_ctx (s->lm))
    return TRUE;
  if (!score_tokens (s, toks, m, error))
    return FALSE;
  for (guint j = 1; j < m; j++) {
    double lp = g_array_index (s->lp, double, j);
    *logprob += lp;
    /* A token belongs to the part when it ends inside it. */
    if (part && part_logprob && start[j + 1] > (gssize) part->start && start[j] < (gssize) part->end)
      *part_logprob += lp;
  }
  return TRUE;
}

/* The text being corrected, and its protected spans as they move with each edit. */
typedef struct {
  GString *text;
  GArray *spans;      /* DraftdGrammarSpan */
  GArray *fixes;
} Work;

/* The fixes of w->fixes follow an edit of [start, end) by delta bytes: one after it moves; a
 * suggestion it touches is dropped (the text it was about has changed), and an applied fix
 * it touches loses its place (DRAFTD_FIX_NOWHERE): its edit is no longer the text there. */
static void
move_fixes (Work *w, gsize start, gsize end, gssize delta)
{
  for (guint i = w->fixes->len; i-- > 0;) {
    DraftdFix *f = &g_array_index (w->fixes, DraftdFix, i);
    if (f->at == DRAFTD_FIX_NOWHERE)
      continue;
    gsize len = strlen (f->suggested ? f->was : f->now);
    if (f->at >= end)
      f->at += delta;
    else if (f->suggested && f->at + len >= start)
      g_array_remove_index (w->fixes, i);
    else if (!f->suggested && f->at + len > start)
      f->at = DRAFTD_FIX_NOWHERE;
  }
}

static void
apply (Work *w, const DraftdCandidate *c)
{
  gssize delta = (gssize) strlen (c->replacement) - (gssize) (c->end - c->start);
  move_fixes (w, c->start, c->end, delta);
  DraftdFix f = { g_strndup (w->text->str + c->start, c->end - c->start), g_strdup (c->replacement), c->kind, FALSE, c->start, c->rule };
  g_array_append_val (w->fixes, f);
  g_string_erase (w->text, c->start, c->end - c->start);
  g_string_insert (w->text, c->start, c->replacement);
  for (guint i = 0; i < w->spans->len; i++) {
    DraftdGrammarSpan *sp = &g_array_index (w->spans, DraftdGrammarSpan, i);
    if (sp->start >= c->end) {
      sp->start += delta;
      sp->end += delta;
    }
  }
}

static GArray *
find (const DraftdCandidateContext *base, Work *w)
{
  DraftdCandidateContext c = *base;
  c.spans = (const DraftdGrammarSpan *) w->spans->data;
  c.n_spans = w->spans->len;
  return draftd_candidates_find (&c, w->text->str);
}

/* Applies the best candidate of each site that is sure without the model, right to left so
 * that offsets stay true; returns how many. */
static guint
apply_certain (const DraftdCandidateContext *c, Work *w)
{
  /* Parses wait while sure fixes without them are left: each fix changes the sentence, and a
   * parse of every version (link-grammar's, a third of a sentence's CPU on JFLEG) would be
   * thrown away with it. A round that finds no such fix asks again with parses. */
  draftd_structure_hold (TRUE);
  g_autoptr (GArray) cands = find (c, w);
  gboolean asked = draftd_structure_hold (FALSE);
  gboolean sure = FALSE;
  for (guint i = 0; i < cands->len && !sure; i++)
    sure = g_array_index (cands, DraftdCandidate, i).prior >= DRAFTD_CANDIDATE_CERTAIN / 2;
  if (asked && !sure) {
    g_array_unref (cands);
    cands = find (c, w);
  }
  guint n = 0;
  gsize limit = G_MAXSIZE;
  for (guint i = cands->len; i-- > 0;) {
    const DraftdCandidate *x = &g_array_index (cands, DraftdCandidate, i);
    gboolean best = i == 0 || g_array_index (cands, DraftdCandidate, i - 1).site != x->site;
    if (!best || x->prior < DRAFTD_CANDIDATE_CERTAIN / 2 || x->end > limit)
      continue;
    apply (w, x);
    limit = x->start;
    n++;
  }
  return n;
}

/* The model judges a candidate by the text up to this far after it: agreement and
 * collocations are local, and a small model's view of the rest of the sentence is noise
 * that costs a longer pass. */
#define WINDOW_BYTES 24
/* How much of the model's opinion of a respelt word itself counts, against its fit with the
 * words around it: a small model knows few rare words ("definitely" is five tokens of its
 * vocabulary and scores 8 nats below "determinately"), where the dictionary's order of
 * suggestions is the better guide. */
#define SPELLING_WORD_WEIGHT 0.25
/* Alternatives further than this behind the best prior are not scored. On JFLEG dev, with
 * 6 nats here, the model overturned a prior more than 3 behind in 12 of 494 sites, as often
 * for the worse ("arkward" -> "award", "proffeser" -> "professed") as for the better
 * ("yong" -> "young"); at 3 the set scores the same (GLEU 0.4558 against 0.4554) and the
 * model scores half the alternatives, a third less CPU a sentence (docs/performance.md). */
#define PRUNE_PRIOR 3.0f

/* The model reads a site from the start of its clause (after the last ", ", "; " or ": ")
 * when that leaves it at least this many bytes before the site, else from the sentence's
 * start. A sentence's first site runs its prefix from there, and prefixes are two fifths of
 * the tokens the model runs; on JFLEG dev the corrections are as good with 24 (GLEU 0.46671
 * against 0.46668 from the sentence's start) and lose a little with 12 (0.46644) or with no
 * floor (0.46599). JFLEG test's prefixes run 3,086 tokens instead of 3,707 (6% fewer in
 * all; docs/performance.md). */
#define CONTEXT_BYTES 24
static const char CLAUSE_MARKS[] = ",;:";

gsize
draftd_rank_context_start (const char *text, gsize site)
{
  if (site <= CONTEXT_BYTES + 1)
    return 0;
  for (gsize i = site - CONTEXT_BYTES; i-- > 1;)
    if (text[i] == ' ' && memchr (CLAUSE_MARKS, text[i - 1], sizeof CLAUSE_MARKS - 1))
      return i + 1;
  return 0;
}

/* The model's score of the text with candidate c (offsets in the current text) applied. */
static gboolean
candidate_score (DraftdScorer *s, const GString *text, const DraftdCandidate *c, gboolean spelling, double *score, GError **error)
{
  g_autoptr (GString) t = g_string_new_len (text->str, text->len);
  g_string_erase (t, c->start, c->end - c->start);
  g_string_insert (t, c->start, c->replacement);
  gsize from = draftd_rank_context_start (text->str, c->start);
  DraftdGrammarSpan part = { c->start - from, c->start - from + strlen (c->replacement) };
  double lp, word;
  if (!draftd_scorer_logprob (s, t->str + from, part.end + WINDOW_BYTES, &part, &lp, &word, error))
    return FALSE;
  *score = spelling ? lp - (1 - SPELLING_WORD_WEIGHT) * word : lp;
  return TRUE;
}

/* One alternative, tokenized as the model will read it. */
typedef struct {
  GArray *toks;
  guint m;                /* tokens that start before the window's end */
  gssize *start;          /* byte offset of each token */
  DraftdGrammarSpan part; /* the replacement's bytes */
  double terms[512];
} Alt;

static gboolean
alt_init (DraftdScorer *s, const GString *text, const DraftdCandidate *c, Alt *a, GError **error)
{
  g_autoptr (GString) t = g_string_new_len (text->str, text->len);
  g_string_erase (t, c->start, c->end - c->start);
  g_string_insert (t, c->start, c->replacement);
  a->toks = g_array_new (FALSE, FALSE, sizeof (gint32));
  gsize from = draftd_rank_context_start (text->str, c->start);
  a->part = (DraftdGrammarSpan) { c->start - from, c->start - from + strlen (c->replacement) };
  if (!draftd_tokenizer_encode (s->tok, t->str + from, -1, TRUE, FALSE, a->toks, error))
    return FALSE;
  a->start = token_starts (s->tok, a->toks, t->str + from);
  a->m = 1;
  while (a->m < a->toks->len && a->start[a->m] < (gssize) (a->part.end + WINDOW_BYTES))
    a->m++;
  return TRUE;
}

static void
alt_clear (Alt *a)
{
  g_clear_pointer (&a->toks, g_array_unref);
  g_clear_pointer (&a->start, g_free);
}

/* The alternatives' scores in one call of the batched scorer: they differ only from the
 * site on, so the tokens before it are the shared prefix, computed once. */
static gboolean
score_batched (DraftdScorer *s, Alt *alts, guint n, gboolean spelling, double *scores, GError **error)
{
  guint p = G_MAXUINT;
  for (guint a = 0; a < n; a++)
    p = MIN (p, MIN (common_prefix (alts[a].toks, alts[0].toks), alts[a].m - 1));
  p = MAX (p, 1u);
  g_autofree DraftdCandidateTokens *cands = g_new0 (DraftdCandidateTokens, n);
  for (guint a = 0; a < n; a++) {
    guint len = alts[a].m > p ? MIN (alts[a].m - p, (guint) G_N_ELEMENTS (alts[a].terms)) : 0;
    cands[a] = (DraftdCandidateTokens) { &g_array_index (alts[a].toks, gint32, p), len, alts[a].terms };
  }
  if (!draftd_lm_score_candidates (s->lm, (gint32 *) alts[0].toks->data, p, cands, n, scores, error))
    return FALSE;
  s->passes++;
  for (guint a = 0; a < n && spelling; a++)
    for (guint j = 0; j < cands[a].n_tokens; j++) {
      guint t = p + j;
      if (alts[a].start[t + 1] > (gssize) alts[a].part.start && alts[a].start[t] < (gssize) alts[a].part.end)
        scores[a] -= (1 - SPELLING_WORD_WEIGHT) * alts[a].terms[j];
    }
  return TRUE;
}

/* Scores of the site's alternatives (offsets in the current text), -inf for those pruned. */
static gboolean
score_site (DraftdScorer *s, Work *w, const DraftdCandidate *alts, guint n, gboolean spelling, double *scores, GError **error)
{
  float top = -G_MAXFLOAT;
  for (guint a = 0; a < n; a++)
    top = MAX (top, alts[a].prior);
  g_autofree guint *keep = g_new (guint, n);
  guint k = 0;
  for (guint a = 0; a < n; a++) {
    scores[a] = -INFINITY;
    if (alts[a].prior >= top - PRUNE_PRIOR)
      keep[k++] = a;
  }
  /* One alternative left: it wins against the pruned ones' -inf whatever the model says,
   * and none of them can be offered as a suggestion, so a pass would decide nothing (a
   * quarter of JFLEG's sites; docs/performance.md). */
  if (k == 1) {
    scores[keep[0]] = 0;
    return TRUE;
  }
  if (draftd_lm_n_seq (s->lm) > 1) {
    g_autofree Alt *tok = g_new0 (Alt, k);
    g_autofree double *out = g_new (double, k);
    gboolean ok = TRUE;
    for (guint i = 0; i < k && ok; i++)
      ok = alt_init (s, w->text, &alts[keep[i]], &tok[i], error);
    ok = ok && score_batched (s, tok, k, spelling, out, error);
    for (guint i = 0; i < k; i++) {
      if (ok)
        scores[keep[i]] = out[i];
      alt_clear (&tok[i]);
    }
    return ok;
  }
  for (guint i = 0; i < k; i++)
    if (!candidate_score (s, w->text, &alts[keep[i]], spelling, &scores[keep[i]], error))
      return FALSE;
  return TRUE;
}

/* Is the alternative the text as it is (the site's "no change")? */
static gboolean
keeps_text (const Work *w, const DraftdCandidate *c)
{
  return c->end - c->start == strlen (c->replacement) && memcmp (w->text->str + c->start, c->replacement, c->end - c->start) == 0;
}

/* A site kept as written: its best alternative of a rule's within `floor` (the text's own
 * score less the doubt band) is offered as a suggestion. Spelling is no rule's proposal, and
 * the dialect's spellings are sure. */
static void
suggest (Work *w, const DraftdCandidate *alts, const double *scores, guint n, double floor)
{
  gint pick = -1;
  for (guint a = 0; a < n; a++) {
    const DraftdCandidate *c = &alts[a];
    gboolean same = keeps_text (w, c);
    if (same || c->kind == DRAFTD_FIX_SPELLING || c->kind == DRAFTD_FIX_DIALECT || scores[a] + c->prior < floor)
      continue;
    if (pick < 0 || scores[a] + c->prior > scores[pick] + alts[pick].prior)
      pick = (gint) a;
  }
  if (pick < 0)
    return;
  const DraftdCandidate *c = &alts[pick];
  DraftdFix f = { g_strndup (w->text->str + c->start, c->end - c->start), g_strdup (c->replacement), c->kind, TRUE, c->start, c->rule };
  g_array_append_val (w->fixes, f);
}

/* One site: the alternative the model and the prior like best, if not the text as it is;
 * where that is the text, an alternative within `doubt` nats of it is a suggestion. */
static gboolean
judge_site (DraftdScorer *s, Work *w, const DraftdCandidate *sites, guint n, gssize shift, float doubt, gsize *changed_end,
            GError **error)
{
  *changed_end = 0;
  g_autofree DraftdCandidate *alts = g_memdup2 (sites, n * sizeof *sites);
  /* A misspelt word's site: every alternative is scored the same way, the word as written too. */
  gboolean spelling = FALSE;
  for (guint a = 0; a < n; a++) {
    alts[a].start += shift;
    alts[a].end += shift;
    spelling |= alts[a].kind == DRAFTD_FIX_SPELLING && keeps_text (w, &alts[a]);
  }
  g_autofree double *scores = g_new (double, n);
  if (!score_site (s, w, alts, n, spelling, scores, error))
    return FALSE;
  double best = -INFINITY;
  gint pick = -1;
  for (guint a = 0; a < n; a++) {
    const DraftdCandidate *c = &alts[a];
    gboolean same = keeps_text (w, c);
    g_debug ("candidate %s: model %.2f, prior %.2f", c->replacement, scores[a], c->prior);
    if (scores[a] + c->prior > best) {
      best = scores[a] + c->prior;
      pick = same ? -1 : (gint) a;
    }
  }
  if (pick >= 0) {
    apply (w, &alts[pick]);
    *changed_end = alts[pick].start + strlen (alts[pick].replacement);
  } else if (!spelling && doubt > 0) {
    suggest (w, alts, scores, n, best - doubt);
  }
  return TRUE;
}

static gboolean
judge_all (DraftdScorer *s, const DraftdCandidateContext *c, Work *w, GCancellable *cancellable, GError **error)
{
  g_autoptr (GArray) cands = find (c, w);
  gssize shift = 0;
  gsize done_to = 0;
  for (guint i = 0; i < cands->len;) {
    guint k = i;
    while (k < cands->len && g_array_index (cands, DraftdCandidate, k).site == g_array_index (cands, DraftdCandidate, i).site)
      k++;
    const DraftdCandidate *first = &g_array_index (cands, DraftdCandidate, i);
    if (g_cancellable_set_error_if_cancelled (cancellable, error))
      return FALSE;
    /* Sites that overlap one already changed are left as they are. */
    if ((gssize) first->start + shift >= (gssize) done_to) {
      gsize len = w->text->len, changed_end;
      if (!judge_site (s, w, first, k - i, shift, c->doubt, &changed_end, error))
        return FALSE;
      if (changed_end > 0) {
        shift += (gssize) w->text->len - (gssize) len;
        done_to = changed_end;
      }
    }
    i = k;
  }
  return TRUE;
}

char *
draftd_rank_correct (DraftdScorer *scorer, const DraftdCandidateContext *c, const char *sentence, GArray *fixes,
                     GArray *spans_out, GCancellable *cancellable, GError **error)
{
  g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (DraftdGrammarSpan));
  g_array_append_vals (spans, c->spans, c->n_spans);
  Work w = { g_string_new (sentence), spans, fixes };
  /* Rules sure of themselves first (a capital, "i", a/an, contractions), so that the model
   * judges the rest on cleaner text; a fix can reveal another ("a" before a respelt word). */
  for (guint round = 0; round < 4 && apply_certain (c, &w) > 0; round++)
    ;
  if (scorer && !c->spelling_only && !judge_all (scorer, c, &w, cancellable, error)) {
    g_string_free (w.text, TRUE);
    return NULL;
  }
  for (guint round = 0; round < 2 && apply_certain (c, &w) > 0; round++)
    ;
  if (spans_out)
    g_array_append_vals (spans_out, spans->data, spans->len);
  return g_string_free (w.text, FALSE);
}
