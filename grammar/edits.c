#include "grammar/edits.h"
#include "grammar/candidates.h"
#include "grammar/families.h"
#include <string.h>

gboolean
draftd_grammar_offset_unit_from_name (const char *name, DraftdGrammarOffsetUnit *unit)
{
  if (g_str_equal (name, "codepoint"))
    *unit = DRAFTD_GRAMMAR_UNIT_CODEPOINT;
  else if (g_str_equal (name, "utf8"))
    *unit = DRAFTD_GRAMMAR_UNIT_UTF8;
  else if (g_str_equal (name, "utf16"))
    *unit = DRAFTD_GRAMMAR_UNIT_UTF16;
  else
    return FALSE;
  return TRUE;
}

void
draftd_grammar_edit_clear (DraftdGrammarEdit *e)
{
  g_clear_pointer (&e->replacement, g_free);
  g_clear_pointer (&e->message, g_free);
  g_clear_pointer (&e->rule, g_free);
}

GArray *
draftd_grammar_edits_new (void)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (DraftdGrammarEdit));
  g_array_set_clear_func (a, (GDestroyNotify) draftd_grammar_edit_clear);
  return a;
}

guint32
draftd_grammar_offset_convert (const char *text, gsize byte_offset, DraftdGrammarOffsetUnit unit)
{
  if (unit == DRAFTD_GRAMMAR_UNIT_UTF8)
    return byte_offset;
  guint32 n = 0;
  for (const char *p = text; p < text + byte_offset; p = g_utf8_next_char (p)) {
    gunichar c = g_utf8_get_char (p);
    n += (unit == DRAFTD_GRAMMAR_UNIT_UTF16 && c > 0xFFFF) ? 2 : 1;
  }
  return n;
}

guint32
draftd_grammar_offset_at (DraftdOffsetCursor *c, const char *text, gsize byte_offset, DraftdGrammarOffsetUnit unit)
{
  if (unit == DRAFTD_GRAMMAR_UNIT_UTF8)
    return byte_offset;
  if (c->text != text || c->unit != unit || byte_offset < c->byte)
    *c = (DraftdOffsetCursor) { text, unit, 0, 0 };
  c->units += draftd_grammar_offset_convert (text + c->byte, byte_offset - c->byte, unit);
  c->byte = byte_offset;
  return c->units;
}

/* Words, runs of whitespace and single punctuation marks: the units of the diff. */
typedef struct {
  gsize start, end;
} Piece;

static GArray *
pieces (const char *s, gsize start, gsize end)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (Piece));
  gsize p = start;
  while (p < end) {
    gunichar c = g_utf8_get_char (s + p);
    gsize q = p + g_utf8_skip[(guchar) s[p]];
    if (g_unichar_isspace (c)) {
      while (q < end && g_unichar_isspace (g_utf8_get_char (s + q)))
        q += g_utf8_skip[(guchar) s[q]];
    } else if (g_unichar_isalnum (c) || c == '\'' || c == 0x2019) {
      while (q < end) {
        gunichar d = g_utf8_get_char (s + q);
        if (!(g_unichar_isalnum (d) || d == '\'' || d == 0x2019 || g_unichar_ismark (d)))
          break;
        q += g_utf8_skip[(guchar) s[q]];
      }
    }
    Piece pc = { p, q };
    g_array_append_val (a, pc);
    p = q;
  }
  return a;
}

static gboolean
piece_eq (const char *a, const Piece *pa, const char *b, const Piece *pb)
{
  return pa->end - pa->start == pb->end - pb->start && memcmp (a + pa->start, b + pb->start, pa->end - pa->start) == 0;
}

static gboolean
only_punct_or_space (const char *s, gsize start, gsize end)
{
  for (const char *p = s + start; p < s + end; p = g_utf8_next_char (p)) {
    gunichar c = g_utf8_get_char (p);
    if (!g_unichar_ispunct (c) && !g_unichar_isspace (c))
      return FALSE;
  }
  return TRUE;
}

guint
draftd_grammar_levenshtein (const char *a, gsize la, const char *b, gsize lb)
{
  return la > 64 || lb > 64 ? 99 : draftd_ascii_distance (a, la, b, lb);
}

static const char *grammar_topic (const char *a, const char *b);

static const char *
classify (const char *old, gsize os, gsize oe, const char *new_text, gsize ns, gsize ne, gboolean rewrite)
{
  if (rewrite)
    return "rewrite";
  gboolean old_p = only_punct_or_space (old, os, oe), new_p = only_punct_or_space (new_text, ns, ne);
  if (old_p && new_p)
    return "punctuation";
  g_autofree char *a = g_strndup (old + os, oe - os), *b = g_strndup (new_text + ns, ne - ns);
  g_strstrip (a);
  g_strstrip (b);
  gboolean a_word = *a && !strchr (a, ' '), b_word = *b && !strchr (b, ' ');
  if (a_word && b_word) {
    if (g_ascii_strcasecmp (a, b) == 0)
      return "capitalization";
    /* A known grammatical pair (have/has, a/an, in/on, book/books) is grammar however
     * close the spellings; other small changes inside one word are misspellings. */
    g_autofree char *la = g_utf8_strdown (a, -1), *lb = g_utf8_strdown (b, -1);
    const char *topic = grammar_topic (la, lb);
    if (topic && !g_str_equal (topic, "verb form"))
      return "grammar";
    guint d = draftd_grammar_levenshtein (a, strlen (a), b, strlen (b));
    if (d <= 2 && strlen (a) >= 3)
      return "spelling";
    return "grammar";
  }
  guint words = 0;
  for (const char *p = b; *p; p++)
    words += *p == ' ';
  return words <= 3 ? "grammar" : "style";
}

static void diff_pieces (const char *old, gsize old_start, gsize old_end, const char *new_text, gsize new_len,
                         gboolean rewrite, GArray *edits);

static gboolean
in_list (const char *list, const char *word)
{
  g_autofree char *key = g_strdup_printf (" %s ", word);
  return strstr (list, key) != NULL;
}

/* Pairs a learner confuses that agree with their subject, or name a verb's form. */
static const char *const agreement_pairs[][2] = {
  { "is", "are" }, { "was", "were" }, { "has", "have" }, { "do", "does" }, { "don't", "doesn't" }, { "this", "these" },
  { "that", "those" }, { "it", "they" }, { "its", "their" },
};

static const char *
grammar_topic (const char *a, const char *b)
{
  static const char *const articles = " a an the ";
  static const char *const prepositions = " in on at to for of with by from into onto about over under ";
  if (in_list (articles, a) && in_list (articles, b))
    return "article";
  if (in_list (prepositions, a) && in_list (prepositions, b))
    return "preposition";
  for (guint i = 0; i < G_N_ELEMENTS (agreement_pairs); i++)
    if ((g_str_equal (a, agreement_pairs[i][0]) && g_str_equal (b, agreement_pairs[i][1])) ||
        (g_str_equal (b, agreement_pairs[i][0]) && g_str_equal (a, agreement_pairs[i][1])))
      return "agreement";
  gsize la = strlen (a), lb = strlen (b), common = 0;
  while (common < MIN (la, lb) && a[common] == b[common])
    common++;
  /* book/books, go/goes, like/likes: the same word with or without an -s. */
  if (common == MIN (la, lb) && (la + 1 == lb || lb + 1 == la || la + 2 == lb || lb + 2 == la) &&
      (g_str_has_suffix (a, "s") || g_str_has_suffix (b, "s")))
    return "agreement";
  if (common >= 2 || g_str_has_suffix (a, "ed") || g_str_has_suffix (b, "ed"))
    return "verb form";
  return NULL;
}

/* "topic: old → new", "missing word: the", "unnecessary word: very"; NULL for rewrites and
 * changes of several words. */
static char *
describe (const char *old, const DraftdGrammarEdit *e)
{
  if (g_str_equal (e->kind, "rewrite") || g_str_equal (e->kind, "style"))
    return NULL;
  g_autofree char *a = g_strstrip (g_strndup (old + e->start, e->end - e->start));
  g_autofree char *b = g_strstrip (g_strdup (e->replacement));
  gboolean punct = g_str_equal (e->kind, "punctuation");
  if (*a == 0 && *b == 0)
    return g_strdup ("spacing");
  if (*a == 0)
    return g_strdup_printf ("missing %s: %s", punct ? "punctuation" : "word", b);
  if (*b == 0)
    return g_strdup_printf ("unnecessary %s: %s", punct ? "punctuation" : "word", a);
  if (g_utf8_collate (a, b) != 0 && g_ascii_strcasecmp (a, b) == 0)
    return g_strdup_printf ("capitalization: %s \u2192 %s", a, b);
  if (punct || g_str_equal (e->kind, "spelling"))
    return g_strdup_printf ("%s: %s \u2192 %s", e->kind, a, b);
  if (strchr (a, ' ') || strchr (b, ' ')) {
    return g_strdup_printf ("grammar: %s \u2192 %s", a, b);
  }
  g_autofree char *la = g_utf8_strdown (a, -1), *lb = g_utf8_strdown (b, -1);
  const char *topic = grammar_topic (la, lb);
  return g_strdup_printf ("%s: %s \u2192 %s", topic ? topic : "word choice", a, b);
}

const char *
draftd_grammar_edit_kind (const char *kind, const char *was, const char *now)
{
  g_autofree char *a = g_strstrip (g_strdup (was)), *b = g_strstrip (g_strdup (now));
  g_autofree char *la = g_utf8_strdown (a, -1), *lb = g_utf8_strdown (b, -1);
  /* "i" -> "I", "monday" -> "Monday": whatever rule proposed it, what changed is the case. */
  if (*a && strcmp (a, b) != 0 && strcmp (la, lb) == 0)
    return "capitalization";
  return kind;
}

/* ---- rule ids ---- */

/* Lowercase, trimmed, the typographic apostrophe as ASCII: one spelling per word in an id. */
static char *
rule_word (const char *s)
{
  g_autofree char *low = g_utf8_strdown (s, -1);
  g_strstrip (low);
  GString *out = g_string_new (NULL);
  for (const char *p = low; *p; p = g_utf8_next_char (p)) {
    gunichar c = g_utf8_get_char (p);
    if (c == 0x2019)
      g_string_append_c (out, '\'');
    else if (g_unichar_isspace (c))
      g_string_append_c (out, '_');
    else
      g_string_append_unichar (out, c);
  }
  return g_string_free (out, FALSE);
}

/* Agreement has three families: the verb with its subject (auxiliaries, a verb's -s), the
 * determiner with its noun (this/these, its/their), and a noun's number after a number or a
 * quantifier ("three brother"), which is where the candidate rule looks for it. */
static const char *
agreement_rule (const char *before, const char *a, const char *b)
{
  static const char *const determiners = " this these that those it they its their ";
  /* "of" is "a lot of"'s and "lots of"'s (no verb follows "of" straight). */
  static const char *const quantifiers = " two three four five six seven eight nine ten many several few both these those "
                                         "various numerous multiple twenty hundred thousand million of ";
  if (in_list (determiners, a) && in_list (determiners, b))
    return "agreement.determiner";
  if (before && (in_list (quantifiers, before) || g_ascii_isdigit (before[0])))
    return "agreement.noun-number";
  return "agreement.subject-verb";
}

char *
draftd_grammar_rule_id (const char *kind, const char *before, const char *was, const char *now)
{
  g_autofree char *a = rule_word (was), *b = rule_word (now), *prev = before ? rule_word (before) : NULL;
  g_autofree char *was_trimmed = g_strstrip (g_strdup (was));
  gboolean words = *a && *b && !strchr (a, '_') && !strchr (b, '_');
  if (*a && g_utf8_collate (a, b) == 0 && g_strcmp0 (was_trimmed, now) != 0 &&
      (g_str_equal (kind, "punctuation") || g_str_equal (kind, "spelling") || g_str_equal (kind, "capitalization"))) {
    /* A capital taken away is only ever a closed-class word's inside a sentence
     * (grammar/families-en.c: "Likewise, The theory"). */
    gboolean lowered = g_unichar_isupper (g_utf8_get_char (was_trimmed)) && g_unichar_islower (g_utf8_get_char (now));
    return g_strdup (lowered ? "capitalization.mid-sentence" : "capitalization");
  }
  char *family = draftd_candidates_family_rule (kind, prev, a, b);
  if (family)
    return family;
  /* German's, French's and Spanish's pairs (grammar/families-intl.c): no English edit
   * exchanges these words. */
  const char *intl = draftd_candidates_intl_rule (a, b);
  if (intl)
    return g_strdup (intl);
  if (g_str_equal (kind, "word choice")) {
    if (!words)
      return g_strdup (*a && *b ? "word-choice" : "word-choice.redundant");
    /* A pair the confusable rules know is named by it; any other choice of word is not. */
    char *pair = draftd_candidates_confusable_rule (a, b);
    return pair ? pair : g_strdup ("word-choice");
  }
  if (g_str_equal (kind, "agreement"))
    return g_strdup (agreement_rule (prev, a, b));
  return g_strdelimit (g_strdup (kind), " ", '-');
}

/* The word that ends just before byte `at` of `old`, or NULL. */
static char *
word_before (const char *old, gsize at)
{
  gsize end = at;
  while (end > 0 && g_ascii_isspace (old[end - 1]))
    end--;
  gsize start = end;
  while (start > 0 && (g_ascii_isalnum (old[start - 1]) || (guchar) old[start - 1] >= 0x80))
    start--;
  return end > start ? g_strndup (old + start, end - start) : NULL;
}

/* An edit of a rule of grammar/families-intl.c is of the rule's kind (a choice of word, an
 * agreement), whatever its spelling distance, and says what the rule knows. */
static void
intl_message (const char *old, DraftdGrammarEdit *e)
{
  g_autofree char *was = g_strstrip (g_strndup (old + e->start, e->end - e->start)), *now = g_strstrip (g_strdup (e->replacement));
  const char *kind = NULL;
  char *m = draftd_candidates_intl_message (e->rule, was, now, &kind);
  if (m == NULL)
    return;
  g_free (e->message);
  e->message = m;
  e->kind = kind;
}

/* A rule of grammar/families-intl.c that puts two words for one ("haber" -> "a ver") is one
 * edit, not a word replaced and another inserted; no English edit exchanges those words. */
static void
merge_intl_pairs (const char *old, GArray *edits, guint first)
{
  for (guint i = first; i + 1 < edits->len; i++) {
    DraftdGrammarEdit *a = &g_array_index (edits, DraftdGrammarEdit, i), *b = a + 1;
    gboolean spaces = b->start >= a->end;
    for (gsize k = a->end; spaces && k < b->start; k++)
      spaces = old[k] == ' ';
    if (!spaces)
      continue;
    g_autofree char *was = g_strndup (old + a->start, b->end - a->start), *gap = g_strndup (old + a->end, b->start - a->end);
    g_autofree char *now = g_strconcat (a->replacement, gap, b->replacement, NULL);
    g_autofree char *rw = rule_word (was), *rn = rule_word (now);
    if (draftd_candidates_intl_rule (rw, rn) == NULL)
      continue;
    g_free (a->replacement);
    a->replacement = g_steal_pointer (&now);
    a->end = b->end;
    g_array_remove_index (edits, i + 1);
  }
}

/* A word moved back ("where is the box" -> "where the box is") is one edit: the word taken
 * away, then the same word put in further on. */
static gboolean
merge_move_back (const char *old, DraftdGrammarEdit *a, const DraftdGrammarEdit *b)
{
  if (*a->replacement || a->end <= a->start || b->start != b->end)
    return FALSE;
  g_autofree char *del = g_strstrip (g_strndup (old + a->start, a->end - a->start)), *ins = g_strstrip (g_strdup (b->replacement));
  if (*del == 0 || !g_str_equal (ins, del))
    return FALSE;
  char *now = g_strdup_printf ("%.*s%s", (int) (b->start - a->end), old + a->end, b->replacement);
  g_free (a->replacement);
  a->replacement = now;
  a->end = b->end;
  return TRUE;
}

/* A phrase moved ("like very much football" -> "like football very much") is one edit, not
 * the phrase inserted before and taken away after: a word inserted, then the same word (with
 * its space on the other side) deleted further on; or back (merge_move_back). */
static void
merge_moves (const char *old, GArray *edits, guint first)
{
  for (guint i = first; i + 1 < edits->len; i++) {
    DraftdGrammarEdit *a = &g_array_index (edits, DraftdGrammarEdit, i), *b = a + 1;
    if (merge_move_back (old, a, b)) {
      g_array_remove_index (edits, i + 1);
      continue;
    }
    if (a->start != a->end || *b->replacement || b->end <= b->start)
      continue;
    g_autofree char *ins = g_strstrip (g_strdup (a->replacement)), *del = g_strstrip (g_strndup (old + b->start, b->end - b->start));
    if (*ins == 0 || !g_str_equal (ins, del))
      continue;
    char *now = g_strdup_printf ("%s%.*s", a->replacement, (int) (b->start - a->start), old + a->start);
    g_free (a->replacement);
    a->replacement = now;
    a->end = b->end;
    g_array_remove_index (edits, i + 1);
  }
}

void
draftd_grammar_edit_set_rule (const char *old, DraftdGrammarEdit *e)
{
  g_autofree char *was = g_strndup (old + e->start, e->end - e->start), *before = word_before (old, e->start);
  g_free (e->rule);
  e->rule = draftd_grammar_rule_id (e->kind, before, was, e->replacement);
  intl_message (old, e);
}

void
draftd_grammar_diff (const char *old, gsize old_start, gsize old_end, const char *new_text, gsize new_len, gboolean rewrite,
              GArray *edits)
{
  guint first = edits->len;
  diff_pieces (old, old_start, old_end, new_text, new_len, rewrite, edits);
  if (!rewrite) {
    merge_intl_pairs (old, edits, first);
    merge_moves (old, edits, first);
  }
  for (guint i = first; i < edits->len; i++) {
    DraftdGrammarEdit *e = &g_array_index (edits, DraftdGrammarEdit, i);
    e->message = describe (old, e);
    draftd_grammar_edit_set_rule (old, e);
  }
}

static void
diff_pieces (const char *old, gsize old_start, gsize old_end, const char *new_text, gsize new_len, gboolean rewrite,
             GArray *edits)
{
  g_autoptr (GArray) a = pieces (old, old_start, old_end);
  g_autoptr (GArray) b = pieces (new_text, 0, new_len);
  gsize n = a->len, m = b->len;
  /* Longest common subsequence over pieces; large inputs fall back to one edit. */
  if ((guint64) (n + 1) * (m + 1) > 4u << 20) {
    DraftdGrammarEdit e = { old_start, old_end, g_strndup (new_text, new_len), rewrite ? "rewrite" : "style", NULL, NULL };
    if (old_end - old_start != new_len || memcmp (old + old_start, new_text, new_len) != 0)
      g_array_append_val (edits, e);
    else
      g_free (e.replacement);
    return;
  }
  g_autofree guint32 *L = g_new0 (guint32, (n + 1) * (m + 1));
#define AT(i, j) L[(gsize) (i) * (m + 1) + (j)]
  for (gsize i = n; i-- > 0;)
    for (gsize j = m; j-- > 0;)
      AT (i, j) = piece_eq (old, &g_array_index (a, Piece, i), new_text, &g_array_index (b, Piece, j))
                      ? AT (i + 1, j + 1) + 1
                      : MAX (AT (i + 1, j), AT (i, j + 1));
  gsize i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && piece_eq (old, &g_array_index (a, Piece, i), new_text, &g_array_index (b, Piece, j))) {
      i++, j++;
      continue;
    }
    /* A run of differences up to the next common piece. */
    gsize i0 = i, j0 = j;
    while ((i < n || j < m) &&
           !(i < n && j < m && piece_eq (old, &g_array_index (a, Piece, i), new_text, &g_array_index (b, Piece, j)))) {
      if (j >= m || (i < n && AT (i + 1, j) >= AT (i, j + 1)))
        i++;
      else
        j++;
    }
    gsize os = i0 < n ? g_array_index (a, Piece, i0).start : old_end;
    gsize oe = i > i0 ? g_array_index (a, Piece, i - 1).end : os;
    gsize ns = j0 < m ? g_array_index (b, Piece, j0).start : new_len;
    gsize ne = j > j0 ? g_array_index (b, Piece, j - 1).end : ns;
    DraftdGrammarEdit e = { os, oe, g_strndup (new_text + ns, ne - ns), classify (old, os, oe, new_text, ns, ne, rewrite), NULL, NULL };
    /* Merge with the previous edit when they touch. */
    if (edits->len > 0) {
      DraftdGrammarEdit *prev = &g_array_index (edits, DraftdGrammarEdit, edits->len - 1);
      if (prev->end == os) {
        char *joined = g_strconcat (prev->replacement, e.replacement, NULL);
        g_free (prev->replacement);
        g_free (e.replacement);
        prev->replacement = joined;
        prev->end = oe;
        continue;
      }
    }
    g_array_append_val (edits, e);
  }
#undef AT
}

static gsize
unit_to_byte (const char *text, gsize len, guint32 off, DraftdGrammarOffsetUnit unit, gboolean *ok)
{
  if (unit == DRAFTD_GRAMMAR_UNIT_UTF8) {
    *ok = off <= len && (off == len || (((guchar) text[off]) & 0xC0) != 0x80);
    return off;
  }
  guint32 n = 0;
  const char *p = text;
  while (n < off && p < text + len) {
    gunichar c = g_utf8_get_char (p);
    n += (unit == DRAFTD_GRAMMAR_UNIT_UTF16 && c > 0xFFFF) ? 2 : 1;
    p = g_utf8_next_char (p);
  }
  *ok = n == off;
  return p - text;
}

typedef struct {
  gsize start, end;
  const char *rep;
} ByteEdit;

static int
by_start_desc (gconstpointer a, gconstpointer b)
{
  const ByteEdit *x = a, *y = b;
  return x->start < y->start ? 1 : x->start > y->start ? -1 : 0;
}

char *
draftd_grammar_apply_edits (const char *text, const guint32 *offsets, const guint32 *lengths, const char *const *reps, guint n,
                     DraftdGrammarOffsetUnit unit)
{
  gsize len = strlen (text);
  g_autofree ByteEdit *e = g_new (ByteEdit, n ? n : 1);
  for (guint i = 0; i < n; i++) {
    gboolean ok1, ok2;
    if (lengths[i] > G_MAXUINT32 - offsets[i])
      return NULL; /* the end would wrap around to a small offset */
    e[i].start = unit_to_byte (text, len, offsets[i], unit, &ok1);
    e[i].end = unit_to_byte (text, len, offsets[i] + lengths[i], unit, &ok2);
    e[i].rep = reps[i];
    if (!ok1 || !ok2)
      return NULL;
  }
  qsort (e, n, sizeof (ByteEdit), by_start_desc);
  GString *s = g_string_new_len (text, len);
  for (guint i = 0; i < n; i++) {
    if (i > 0 && e[i].end > e[i - 1].start) {
      g_string_free (s, TRUE);
      return NULL; /* overlapping */
    }
    g_string_erase (s, e[i].start, e[i].end - e[i].start);
    g_string_insert (s, e[i].start, e[i].rep);
  }
  return g_string_free (s, FALSE);
}

char *
draftd_grammar_apply_edit_lists (const char *text, const GArray *edits, const GArray *more)
{
  guint n = (edits ? edits->len : 0) + (more ? more->len : 0), k = 0;
  g_autofree guint32 *offsets = g_new (guint32, n ? n : 1), *lengths = g_new (guint32, n ? n : 1);
  g_autofree const char **reps = g_new (const char *, n ? n : 1);
  for (guint l = 0; l < 2; l++)
    for (guint i = 0; (l ? more : edits) && i < (l ? more : edits)->len; i++, k++) {
      const DraftdGrammarEdit *e = &g_array_index (l ? more : edits, DraftdGrammarEdit, i);
      offsets[k] = (guint32) e->start;
      lengths[k] = (guint32) (e->end - e->start);
      reps[k] = e->replacement;
    }
  return draftd_grammar_apply_edits (text, offsets, lengths, reps, n, DRAFTD_GRAMMAR_UNIT_UTF8);
}

/* How far an insertion ending `over` bytes past a fix slides back into it: the same text
 * results where the words it inserts end with what precedes it ("alot" -> "a lot" diffs as
 * "alot" -> "a" and "lot " inserted after the space; that is " lot" inserted before it). 0
 * where it cannot. */
static gsize
insertion_slide (const char *old, const DraftdGrammarEdit *e, gsize over)
{
  gsize n = strlen (e->replacement);
  if (e->start != e->end || over == 0 || over > n || over > e->start ||
      memcmp (old + e->start - over, e->replacement + n - over, over) != 0)
    return 0;
  return over;
}

void
draftd_grammar_edits_join (const char *old, gsize old_start, const char *new_text, GArray *edits, guint first, gsize at,
                           gsize len)
{
  gssize shift = 0;
  guint a = G_MAXUINT, b = 0;
  gsize from = 0, to = 0, end = 0;
  for (guint i = first; i < edits->len && len > 0; i++) {
    const DraftdGrammarEdit *e = &g_array_index (edits, DraftdGrammarEdit, i);
    gsize ns = (gsize) ((gssize) (e->start - old_start) + shift), ne = ns + strlen (e->replacement);
    shift += (gssize) strlen (e->replacement) - (gssize) (e->end - e->start);
    if ((ns < at && ne <= at) || ns >= at + len)
      continue;
    gsize slide = ne > at + len ? insertion_slide (old, e, ne - (at + len)) : 0;
    ns -= slide, ne -= slide;
    /* An edit reaching past the fix is another's too: joining it would swallow that one. */
    if (ns < at || ne > at + len)
      return;
    if (a == G_MAXUINT)
      a = i, from = ns;
    b = i, to = ne, end = e->end - slide;
  }
  if (a == G_MAXUINT || b == a)
    return;
  DraftdGrammarEdit *e = &g_array_index (edits, DraftdGrammarEdit, a);
  e->end = end;
  g_free (e->replacement);
  e->replacement = g_strndup (new_text + from, to - from);
  for (guint i = a + 1; i <= b; i++)
    draftd_grammar_edit_clear (&g_array_index (edits, DraftdGrammarEdit, i));
  g_array_remove_range (edits, a + 1, b - a);
  g_free (e->message);
  e->message = describe (old, e);
  draftd_grammar_edit_set_rule (old, e);
}
