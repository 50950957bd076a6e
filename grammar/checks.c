#include "grammar/checks.h"
#include <string.h>
#include "grammar/forms.h"

/* Words that carry little content: dropping or changing one is an ordinary correction. */
static const char *const function_words =
  " a an the and or but if of to in on at by for with from as into onto over under about than then that this these "
  "those there their they them he she it its his her we us our you your i me my is are was were be been being am do "
  "does did have has had will would shall should can could may might must not no so very too also just only "
  "which who whom whose what when where why how all any some each every much many more most such own same other ";

const char *
draftd_grammar_check_name (DraftdGrammarCheck check)
{
  static const char *const names[] = { "ok", "empty", "repetition", "length", "deletion", "protected", "unknown word", "meaning" };
  return names[check];
}

/* Lower-cased words (letters, digits, apostrophes) of a text. */
static GPtrArray *
words_of (const char *text)
{
  GPtrArray *w = g_ptr_array_new_with_free_func (g_free);
  const char *p = text;
  while (*p) {
    while (*p && !g_unichar_isalnum (g_utf8_get_char (p)))
      p = g_utf8_next_char (p);
    const char *s = p;
    while (*p && (g_unichar_isalnum (g_utf8_get_char (p)) || *p == '\'' || g_utf8_get_char (p) == 0x2019))
      p = g_utf8_next_char (p);
    if (p > s)
      g_ptr_array_add (w, g_utf8_strdown (s, p - s));
  }
  return w;
}

static gboolean
ngram_eq (GPtrArray *w, guint a, guint b, guint n)
{
  for (guint i = 0; i < n; i++)
    if (!g_str_equal (w->pdata[a + i], w->pdata[b + i]))
      return FALSE;
  return TRUE;
}

/* Most consecutive repeats of any 1..4-word phrase ("I do I do I do": 3). */
static guint
longest_repeat (GPtrArray *w)
{
  guint best = 1;
  for (guint n = 1; n <= 4; n++)
    for (guint i = 0; i + 2 * n <= w->len; i++) {
      guint r = 1;
      while (i + (r + 1) * n <= w->len && ngram_eq (w, i, i + r * n, n))
        r++;
      best = MAX (best, r);
    }
  return best;
}

/* Any word not in the list, short ones included: "go" -> "went" changes a verb's form, one
 * content word for another, not a content word added. */
gboolean
draftd_grammar_content_word (const char *w)
{
  g_autofree char *key = g_strdup_printf (" %s ", w);
  return strstr (function_words, key) == NULL;
}

static gboolean
spans_kept (const char *source, const char *answer, const DraftdGrammarSpan *spans, guint n_spans)
{
  const char *from = answer;
  for (guint i = 0; i < n_spans; i++) {
    g_autofree char *needle = g_strndup (source + spans[i].start, spans[i].end - spans[i].start);
    const char *at = strstr (from, needle);
    if (at == NULL)
      return FALSE;
    from = at + strlen (needle);
  }
  return TRUE;
}

/* Words and single punctuation marks: a loop of quote marks (`" " " "`) is a loop too. */
static GPtrArray *
tokens_of (const char *text)
{
  GPtrArray *t = g_ptr_array_new_with_free_func (g_free);
  for (const char *p = text; *p;) {
    gunichar c = g_utf8_get_char (p);
    const char *s = p;
    p = g_utf8_next_char (p);
    if (g_unichar_isspace (c))
      continue;
    if (g_unichar_isalnum (c))
      while (*p && g_unichar_isalnum (g_utf8_get_char (p)))
        p = g_utf8_next_char (p);
    g_ptr_array_add (t, g_utf8_strdown (s, p - s));
  }
  return t;
}

DraftdGrammarCheck
draftd_grammar_check_answer (const char *source, const char *answer, const DraftdGrammarSpan *spans, guint n_spans,
                             gboolean rewrite)
{
  glong a = g_utf8_strlen (answer, -1), s = g_utf8_strlen (source, -1);
  if (a == 0)
    return DRAFTD_GRAMMAR_CHECK_EMPTY;
  if (!spans_kept (source, answer, spans, n_spans))
    return DRAFTD_GRAMMAR_CHECK_PROTECTED;
  g_autoptr (GPtrArray) sw = words_of (source);
  g_autoptr (GPtrArray) aw = words_of (answer);
  g_autoptr (GPtrArray) st = tokens_of (source);
  g_autoptr (GPtrArray) at = tokens_of (answer);
  if (longest_repeat (aw) > longest_repeat (sw) || longest_repeat (at) > MAX (longest_repeat (st), 2u))
    return DRAFTD_GRAMMAR_CHECK_REPETITION;
  if (rewrite)
    return a > 4 * s + 40 ? DRAFTD_GRAMMAR_CHECK_LENGTH : DRAFTD_GRAMMAR_CHECK_OK;
  /* A correction changes a few words: it neither grows nor shrinks a sentence by much. */
  if (a * 10 < s * 7 - 20 || a * 10 > s * 13 + 60 || aw->len * 10 > sw->len * 13 + 30)
    return DRAFTD_GRAMMAR_CHECK_LENGTH;
  return DRAFTD_GRAMMAR_CHECK_OK;
}

static guint
negations (GPtrArray *w)
{
  static const char *const neg = " not no never nothing nobody none nor cannot n't don't doesn't didn't isn't aren't wasn't weren't won't can't couldn't shouldn't wouldn't ";
  guint n = 0;
  for (guint i = 0; i < w->len; i++) {
    g_autofree char *key = g_strdup_printf (" %s ", (const char *) w->pdata[i]);
    n += strstr (neg, key) != NULL;
  }
  return n;
}

static gboolean
contains (GPtrArray *w, const char *word)
{
  for (guint i = 0; i < w->len; i++)
    if (g_str_equal (w->pdata[i], word))
      return TRUE;
  return FALSE;
}

/* The stem left by a regular ending (-s, -es, -ed, -d, -ing, -er, -est, -ly). */
static char *
stem (const char *w)
{
  static const char *const endings[] = { "ing", "est", "ies", "ied", "es", "ed", "er", "ly", "s", "d" };
  gsize n = strlen (w);
  for (guint i = 0; i < G_N_ELEMENTS (endings); i++) {
    gsize e = strlen (endings[i]);
    if (n > e + 2 && g_str_has_suffix (w, endings[i]))
      return g_strndup (w, n - e);
  }
  return g_strdup (w);
}

/* Can one content word replace another in a correction? When it is a respelling (a few
 * letters apart), a form of the same word (a regular ending, or an irregular form WordNet
 * lists: "went" for "go"), or a listed confusable; never one unrelated word for another
 * ("succesful" -> "longer", "waitress" -> "wait"). */
gboolean
draftd_grammar_same_lemma (const char *a, const char *b)
{
  g_autofree char *sa = stem (a), *sb = stem (b);
  if (g_str_equal (sa, sb) || (strlen (sa) >= 3 && (g_str_equal (sa, b) || g_str_equal (sb, a))))
    return TRUE;
  const char *pos = "nva";
  for (const char *p = pos; *p; p++) {
    const char *la_ = draftd_forms_irregular_lemma (a, *p), *lb_ = draftd_forms_irregular_lemma (b, *p);
    if ((la_ && (g_str_equal (la_, b) || g_strcmp0 (la_, lb_) == 0)) || (lb_ && g_str_equal (lb_, a)))
      return TRUE;
  }
  return FALSE;
}

static gboolean
explainable (const char *a, const char *b)
{
  gsize la = g_utf8_strlen (a, -1), lb = g_utf8_strlen (b, -1);
  return draftd_grammar_levenshtein (a, strlen (a), b, strlen (b)) <= MAX (1u, MIN (la, lb) / 3) || draftd_grammar_same_lemma (a, b);
}

/* A name or an identifier inside the sentence: a capital after its start, digits, or
 * capitals inside a word. Corrections never touch one. */
static gboolean
names_a_thing (const char *old, gsize start, gsize end)
{
  for (gsize i = start; i < end; i++) {
    gboolean word_start = i == 0 || !g_ascii_isalnum (old[i - 1]);
    if (g_ascii_isdigit (old[i]) || (g_ascii_isupper (old[i]) && (i > 0 || !word_start)))
      return TRUE;
  }
  return FALSE;
}

DraftdGrammarCheck
draftd_grammar_check_edit (const char *old, const DraftdGrammarEdit *edit, gboolean (*is_word) (const char *word, gpointer user),
                           gpointer user)
{
  g_autofree char *was = g_strndup (old + edit->start, edit->end - edit->start);
  g_autoptr (GPtrArray) ow = words_of (was);
  g_autoptr (GPtrArray) nw = words_of (edit->replacement);
  if (names_a_thing (old, edit->start, edit->end))
    return DRAFTD_GRAMMAR_CHECK_PROTECTED;
  if (ow->len == 1 && nw->len == 1 && draftd_grammar_content_word (ow->pdata[0]) && draftd_grammar_content_word (nw->pdata[0]) &&
      !explainable (ow->pdata[0], nw->pdata[0]))
    return DRAFTD_GRAMMAR_CHECK_MEANING;
  guint content = 0, new_content = 0;
  for (guint i = 0; i < ow->len; i++)
    content += draftd_grammar_content_word (ow->pdata[i]);
  for (guint i = 0; i < nw->len; i++)
    new_content += draftd_grammar_content_word (nw->pdata[i]);
  /* Corrections fix the form of content words; they neither drop nor add them, nor whole
   * phrases, nor the commas and colons that structure a sentence. */
  if (content != new_content || ow->len > nw->len + 1)
    return DRAFTD_GRAMMAR_CHECK_DELETION;
  if (nw->len == 0 && ow->len == 0 && strpbrk (was, ",;:") && !strpbrk (edit->replacement, ",;:"))
    return DRAFTD_GRAMMAR_CHECK_DELETION;
  /* Several words replaced by others with none in common is a rewrite, not a correction. */
  guint common = 0;
  for (guint i = 0; i < nw->len; i++)
    common += contains (ow, nw->pdata[i]);
  if (ow->len >= 2 && nw->len >= 1 && common == 0)
    return DRAFTD_GRAMMAR_CHECK_MEANING;
  /* Nor do they turn a statement into its negation, or back. */
  if (negations (ow) != negations (nw))
    return DRAFTD_GRAMMAR_CHECK_MEANING;
  for (guint i = 0; i < nw->len && is_word; i++)
    if (!contains (ow, nw->pdata[i]) && !is_word (nw->pdata[i], user))
      return DRAFTD_GRAMMAR_CHECK_UNKNOWN_WORD;
  return DRAFTD_GRAMMAR_CHECK_OK;
}
