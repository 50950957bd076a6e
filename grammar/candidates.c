#include "grammar/candidates.h"
#include <string.h>
#include "grammar/candidates-private.h"


static void
word_clear (Word *w)
{
  g_free (w->text);
  g_free (w->lower);
}

static gboolean
word_char (const char *p)
{
  gunichar c = g_utf8_get_char (p);
  return g_unichar_isalpha (c) || g_unichar_ismark (c);
}

static gboolean
apostrophe_at (const char *s, gsize i)
{
  return s[i] == '\'' || (strncmp (s + i, "\xe2\x80\x99", 3) == 0);
}

/* Characters next to a word that make it part of something else: a path, an address, code,
 * a number, a hyphenated compound. */
static gboolean
glued (const char *s, gsize start, gsize end)
{
  static const char *const glue = "_/\\@#$%&*=<>`~^|+-0123456789";
  /* A hyphen between letters joins the parts of a compound, each a word to spell. */
  gboolean hyphen_before = start > 1 && s[start - 1] == '-' && g_ascii_isalpha (s[start - 2]);
  gboolean hyphen_after = s[end] == '-' && g_ascii_isalpha (s[end + 1]);
  if (start > 0 && strchr (glue, s[start - 1]) && !hyphen_before)
    return TRUE;
  if (s[end] && strchr (glue, s[end]) && !hyphen_after)
    return TRUE;
  /* "file.txt", "e.g": a dot followed by a letter. */
  return (s[end] == '.' && g_ascii_isalpha (s[end + 1])) || (start > 1 && s[start - 1] == '.' && g_ascii_isalpha (s[start - 2]));
}

static gboolean
in_spans (const DraftdCandidateContext *c, gsize start, gsize end)
{
  for (guint i = 0; i < c->n_spans; i++)
    if (start < c->spans[i].end && end > c->spans[i].start)
      return TRUE;
  return FALSE;
}

/* A capital after the first letter (camelCase, NASA), or any letter outside ASCII in
 * English text: never respelt, so a name or a borrowed word keeps its diacritics. */
static gboolean
odd_case (const char *w, gboolean english)
{
  for (const char *p = g_utf8_next_char (w); *p; p = g_utf8_next_char (p))
    if (g_unichar_isupper (g_utf8_get_char (p)))
      return TRUE;
  for (const char *p = w; english && *p; p++)
    if ((guchar) *p >= 0x80 && !apostrophe_at (p, 0))
      return TRUE;
  return FALSE;
}

static GArray *
split_words (const DraftdCandidateContext *c, const char *s)
{
  GArray *words = g_array_new (FALSE, FALSE, sizeof (Word));
  g_array_set_clear_func (words, (GDestroyNotify) word_clear);
  gboolean english = g_strcmp0 (c->lang, "en") == 0;
  gsize i = 0, n = strlen (s);
  while (i < n) {
    if (!word_char (s + i)) {
      i = g_utf8_next_char (s + i) - s;
      continue;
    }
    gsize start = i;
    while (i < n && (word_char (s + i) || (apostrophe_at (s, i) && i + 1 < n && word_char (g_utf8_next_char (s + i)))))
      i = g_utf8_next_char (s + i) - s;
    Word w = { start, i, g_strndup (s + start, i - start), NULL, FALSE };
    w.lower = g_utf8_strdown (w.text, -1);
    gboolean capital = g_unichar_isupper (g_utf8_get_char (w.text));
    gboolean first = words->len == 0;
    w.fixed = in_spans (c, start, i) || glued (s, start, i) || odd_case (w.text, english) ||
              (capital && !(first && c->sentence_start) && !g_str_equal (w.text, "I"));
    g_array_append_val (words, w);
  }
  return words;
}


/* "whole heartedly", "un known": a misspelt part that joins its neighbour into a word. */
static gboolean
join_site (const DraftdCandidateContext *c, const char *s, GArray *words, guint i, GArray *out, guint site)
{
  const Word *w = &g_array_index (words, Word, i);
  for (gint d = -1; d <= 1; d += 2) {
    if ((d < 0 && i == 0) || i + d >= words->len)
      continue;
    const Word *o = &g_array_index (words, Word, i + d);
    const Word *a = d < 0 ? o : w, *b = d < 0 ? w : o;
    if (o->fixed || b->start != a->end + 1 || s[a->end] != ' ')
      continue;
    g_autofree char *joined = g_strconcat (a->lower, b->lower, NULL);
    if (!draftd_spell_check (c->spell, c->lang, joined))
      continue;
    g_autofree char *rep = draftd_candidates_match_case (a->text, joined);
    draftd_candidates_add (out, a->start, b->end, rep, DRAFTD_FIX_SPELLING, DRAFTD_CANDIDATE_CERTAIN, site);
    return TRUE;
  }
  return FALSE;
}

static void
candidate_clear (DraftdCandidate *c)
{
  g_free (c->replacement);
}

static int
by_site_prior (gconstpointer a, gconstpointer b)
{
  const DraftdCandidate *x = a, *y = b;
  if (x->site != y->site)
    return x->site < y->site ? -1 : 1;
  return x->prior > y->prior ? -1 : x->prior < y->prior ? 1 : 0;
}

GArray *
draftd_candidates_find (const DraftdCandidateContext *c, const char *sentence)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (DraftdCandidate));
  g_array_set_clear_func (out, (GDestroyNotify) candidate_clear);
  g_autoptr (GArray) words = split_words (c, sentence);
  guint site = 0;
  for (guint i = 0; i < words->len; i++) {
    Word *w = &g_array_index (words, Word, i);
    if (w->fixed)
      continue;
    gboolean start = i == 0 && c->sentence_start;
    gboolean known = draftd_spell_check (c->spell, c->lang, w->text) || (start && draftd_spell_check (c->spell, c->lang, w->lower));
    if (!known && join_site (c, sentence, words, i, out, site)) {
      site++;
      continue;
    }
    if (!known) {
      draftd_candidates_spelling_site (c, sentence, w, out, site++);
      continue;
    }
    if (!c->spelling_only && g_strcmp0 (c->lang, "en") == 0)
      site = draftd_candidates_english_sites (c, sentence, (Word *) words->data, words->len, i, out, site);
  }
  if (!c->spelling_only && g_strcmp0 (c->lang, "en") == 0)
    site = draftd_candidates_english_sentence (c, sentence, (Word *) words->data, words->len, out, site);
  g_array_sort (out, by_site_prior);
  return out;
}
