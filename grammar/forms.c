#include "grammar/forms.h"
#include <string.h>

/* WordNet's exceptions, per part of speech: form -> lemma, and lemma -> its forms. */
typedef struct {
  GHashTable *lemma_of[3];   /* n, v, a */
  GHashTable *forms_of[3];   /* lemma -> GPtrArray of forms */
  GHashTable *words[3];      /* the lemmas WordNet lists per part of speech (index.*) */
} Exceptions;

static int
pos_index (char pos)
{
  return pos == 'n' ? 0 : pos == 'v' ? 1 : 2;
}

static void
load_exc (Exceptions *e, const char *dir, const char *file, char pos)
{
  g_autofree char *path = g_build_filename (dir, file, NULL), *all = NULL;
  if (!g_file_get_contents (path, &all, NULL, NULL))
    return;
  int k = pos_index (pos);
  g_auto (GStrv) lines = g_strsplit (all, "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    g_auto (GStrv) f = g_strsplit (lines[i], " ", 3);
    /* Multi-word and hyphenated entries ("brothers-in-law") are not single-word forms. */
    if (f[0] == NULL || f[1] == NULL || strchr (f[0], '_') || strchr (f[1], '_'))
      continue;
    g_hash_table_insert (e->lemma_of[k], g_strdup (f[0]), g_strdup (f[1]));
    GPtrArray *forms = g_hash_table_lookup (e->forms_of[k], f[1]);
    if (forms == NULL) {
      forms = g_ptr_array_new_with_free_func (g_free);
      g_hash_table_insert (e->forms_of[k], g_strdup (f[1]), forms);
    }
    g_ptr_array_add (forms, g_strdup (f[0]));
  }
}

/* index.noun etc.: one lemma a line, its first field; the licence lines start with spaces. */
static void
load_index (GHashTable *set, const char *dir, const char *file)
{
  g_autofree char *path = g_build_filename (dir, file, NULL), *all = NULL;
  if (!g_file_get_contents (path, &all, NULL, NULL))
    return;
  for (char *line = all; *line;) {
    char *end = strchr (line, '\n');
    if (end)
      *end = 0;
    char *sp = strchr (line, ' ');
    if (*line != ' ' && sp && !memchr (line, '_', sp - line))
      g_hash_table_add (set, g_strndup (line, sp - line));
    if (end == NULL)
      break;
    line = end + 1;
  }
}

static gpointer
load_all (gpointer unused G_GNUC_UNUSED)
{
  Exceptions *e = g_new0 (Exceptions, 1);
  for (int k = 0; k < 3; k++) {
    e->lemma_of[k] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    e->forms_of[k] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
    e->words[k] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  }

  gint64 t0 = g_get_monotonic_time ();
  const char *dir = g_getenv ("DRAFTD_WORDNET_DIR");
  dir = dir ? dir : "/usr/share/wordnet";
  load_exc (e, dir, "noun.exc", 'n');
  load_exc (e, dir, "verb.exc", 'v');
  load_exc (e, dir, "adj.exc", 'a');
  load_index (e->words[0], dir, "index.noun");
  load_index (e->words[1], dir, "index.verb");
  load_index (e->words[2], dir, "index.adj");
  g_debug ("WordNet's forms and lemmas from %s: %.0f ms", dir, (g_get_monotonic_time () - t0) / 1e3);
  return e;
}

/* Read once and kept for the process: a few thousand lines, shared by every job. */
static Exceptions *
exceptions (void)
{
  static GOnce once = G_ONCE_INIT;
  return g_once (&once, load_all, NULL);
}

/* Whether WordNet's index files were found: without them parts of speech are unknown. */
static gboolean
has_index (void)
{
  return g_hash_table_size (exceptions ()->words[1]) > 0;
}

/* Each lookup takes NULL (a rule's word past the sentence's end or a comma) as no word: a
 * NULL that reached g_str_hash took the whole daemon down ("who gets there first."). */
gboolean
draftd_forms_is (const char *word, char pos)
{
  return word != NULL && g_hash_table_contains (exceptions ()->words[pos_index (pos)], word);
}

const char *
draftd_forms_irregular_lemma (const char *form, char pos)
{
  return form == NULL ? NULL : g_hash_table_lookup (exceptions ()->lemma_of[pos_index (pos)], form);
}

gboolean
draftd_forms_irregular_past (const char *form)
{
  static const char *const present[] = { "am", "is", "are", "has", "does" };
  const char *lemma = draftd_forms_irregular_lemma (form, 'v');
  if (lemma == NULL || g_str_equal (lemma, form) || g_str_has_suffix (form, "ing"))
    return FALSE;
  for (gsize k = 0; k < G_N_ELEMENTS (present); k++)
    if (g_str_equal (form, present[k]))
      return FALSE;
  return TRUE;
}

static const GPtrArray *
irregular_forms (const char *lemma, char pos)
{
  return g_hash_table_lookup (exceptions ()->forms_of[pos_index (pos)], lemma);
}

static gboolean
vowel (char c)
{
  return strchr ("aeiou", c) != NULL;
}

static char *
with_suffix (const char *w, gsize drop, const char *suffix)
{
  gsize n = strlen (w);
  return g_strdup_printf ("%.*s%s", (int) (n - MIN (drop, n)), w, suffix);
}

/* Adds `w` to `out` when the dictionary knows it and it is not there yet (takes w). */
static void
add_word (DraftdSpell *spell, GPtrArray *out, char *w)
{
  for (guint i = 0; i < out->len; i++)
    if (g_str_equal (out->pdata[i], w)) {
      g_free (w);
      return;
    }
  if (*w && draftd_spell_check (spell, "en", w))
    g_ptr_array_add (out, w);
  else
    g_free (w);
}

char *
draftd_forms_plural (DraftdSpell *spell, const char *noun)
{
  if (noun == NULL)
    return NULL;
  const GPtrArray *irr = irregular_forms (noun, 'n');
  gsize n = strlen (noun);
  if (n < 2)
    return NULL;
  char last = noun[n - 1], prev = noun[n - 2];
  char *p;
  if (last == 's' || last == 'x' || last == 'z' || g_str_has_suffix (noun, "ch") || g_str_has_suffix (noun, "sh"))
    p = with_suffix (noun, 0, "es");
  else if (last == 'y' && !vowel (prev))
    p = with_suffix (noun, 1, "ies");
  else
    p = with_suffix (noun, 0, "s");
  /* The regular plural where the dictionary has it ("brothers", not "brethren"), else the
   * listed irregular one ("children"). */
  /* "loaves", "knives", "halves": the dictionary's "loafs" and "knifes" are verbs' forms. */
  gboolean ves = irr && irr->len > 0 && g_str_has_suffix (irr->pdata[0], "ves") && (last == 'f' || g_str_has_suffix (noun, "fe"));
  if (draftd_spell_check (spell, "en", p) && !ves)
    return p;
  g_free (p);
  if (irr && irr->len > 0)
    return g_strdup (irr->pdata[0]);
  /* "policeman" -> "policemen": WordNet's morphy makes -men of -man by rule, not by its
   * exceptions. */
  g_autofree char *men = g_str_has_suffix (noun, "man") && n > 4 ? with_suffix (noun, 2, "en") : NULL;
  return men && draftd_spell_check (spell, "en", men) ? g_steal_pointer (&men) : NULL;
}

char *
draftd_forms_singular (DraftdSpell *spell, const char *noun)
{
  if (noun == NULL)
    return NULL;
  const char *lemma = draftd_forms_irregular_lemma (noun, 'n');
  if (lemma)
    return g_strdup (lemma);
  gsize n = strlen (noun);
  if (n < 3 || noun[n - 1] != 's' || noun[n - 2] == 's')
    return NULL;
  g_autofree char *ies = g_str_has_suffix (noun, "ies") ? with_suffix (noun, 3, "y") : NULL;
  g_autofree char *es = g_str_has_suffix (noun, "es") ? with_suffix (noun, 2, "") : NULL;
  g_autofree char *s = with_suffix (noun, 1, "");
  const char *tries[] = { ies, s, es };
  for (guint i = 0; i < G_N_ELEMENTS (tries); i++)
    if (tries[i] && draftd_spell_check (spell, "en", tries[i]) && g_strcmp0 (tries[i], noun) != 0)
      return g_strdup (tries[i]);
  return NULL;
}

/* Possible bases of a verb form by the regular rules ("stopped" -> stop, stopp; "tries" -> try). */
static void
regular_bases (const char *w, GPtrArray *bases)
{
  gsize n = strlen (w);
  g_ptr_array_add (bases, g_strdup (w));
  if (g_str_has_suffix (w, "ied") || g_str_has_suffix (w, "ies"))
    g_ptr_array_add (bases, with_suffix (w, 3, "y"));
  if (g_str_has_suffix (w, "es"))
    g_ptr_array_add (bases, with_suffix (w, 2, ""));
  if (g_str_has_suffix (w, "s") && !g_str_has_suffix (w, "ss"))
    g_ptr_array_add (bases, with_suffix (w, 1, ""));
  if (g_str_has_suffix (w, "ed")) {
    g_ptr_array_add (bases, with_suffix (w, 2, ""));
    g_ptr_array_add (bases, with_suffix (w, 1, ""));
    if (n > 4 && w[n - 3] == w[n - 4])
      g_ptr_array_add (bases, with_suffix (w, 3, ""));
  }
  /* Five letters make a two-letter base too: "going", "doing", "owing" ("thing" has none). */
  if (g_str_has_suffix (w, "ing") && n >= 5) {
    g_ptr_array_add (bases, with_suffix (w, 3, ""));
    g_ptr_array_add (bases, with_suffix (w, 3, "e"));
    if (w[n - 4] == w[n - 5])
      g_ptr_array_add (bases, with_suffix (w, 4, ""));
  }
}

/* The regular forms of a base: -s, -ed, -ing. */
static void
regular_forms (DraftdSpell *spell, const char *b, GPtrArray *out)
{
  gsize n = strlen (b);
  char last = b[n - 1], prev = n > 1 ? b[n - 2] : 'a';
  gboolean sibilant = last == 's' || last == 'x' || last == 'z' || g_str_has_suffix (b, "ch") || g_str_has_suffix (b, "sh") ||
                      (last == 'o' && !vowel (prev));
  add_word (spell, out, last == 'y' && !vowel (prev) ? with_suffix (b, 1, "ies") : with_suffix (b, 0, sibilant ? "es" : "s"));
  add_word (spell, out, last == 'e' ? with_suffix (b, 0, "d") : last == 'y' && !vowel (prev) ? with_suffix (b, 1, "ied") : with_suffix (b, 0, "ed"));
  add_word (spell, out, last == 'e' && prev != 'e' ? with_suffix (b, 1, "ing") : with_suffix (b, 0, "ing"));
  if (n >= 3 && !vowel (last) && vowel (prev) && !vowel (b[n - 3]) && last != 'w' && last != 'x' && last != 'y') {
    add_word (spell, out, g_strdup_printf ("%s%ced", b, last));
    add_word (spell, out, g_strdup_printf ("%s%cing", b, last));
  }
}

GPtrArray *
draftd_forms_verb_family (DraftdSpell *spell, const char *word)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  if (word == NULL)
    return out;
  g_autoptr (GPtrArray) bases = g_ptr_array_new_with_free_func (g_free);
  const char *irr = draftd_forms_irregular_lemma (word, 'v');
  if (irr)
    g_ptr_array_add (bases, g_strdup (irr));
  else
    regular_bases (word, bases);
  /* The word's own stem first ("plays" -> play), the word itself as a base last. */
  for (guint k = 0; k < bases->len; k++) {
    const char *b = bases->pdata[(k + 1) % bases->len];
    /* A base is a verb WordNet lists ("need" is one; "ne", left by stripping "-ed", is not). */
    if (strlen (b) < 2 || !draftd_spell_check (spell, "en", b) || (has_index () && !draftd_forms_is (b, 'v')))
      continue;
    add_word (spell, out, g_strdup (b));
    const GPtrArray *forms = irregular_forms (b, 'v');
    for (guint f = 0; forms && f < forms->len; f++)
      add_word (spell, out, g_strdup (forms->pdata[f]));
    /* Irregular verbs still take -s and -ing regularly; their -ed forms are no words. */
    regular_forms (spell, b, out);
    if (out->len > 1 || forms)
      break;
    g_ptr_array_set_size (out, 0);
  }
  for (guint i = 0; i < out->len; i++)
    if (g_str_equal (out->pdata[i], word))
      g_ptr_array_remove_index (out, i--);
  return out;
}

GPtrArray *
draftd_forms_overregularized (DraftdSpell *spell, const char *word)
{
  g_autoptr (GPtrArray) bases = g_ptr_array_new_with_free_func (g_free);
  regular_bases (word, bases);
  for (guint i = 1; i < bases->len; i++) {
    const char *b = bases->pdata[i];
    char pos = g_str_has_suffix (word, "s") ? 'n' : 'v';
    const GPtrArray *forms = irregular_forms (b, pos);
    if (forms == NULL && pos == 'n')
      forms = irregular_forms (b, pos = 'v');
    if (forms == NULL || !draftd_spell_check (spell, "en", b))
      continue;
    GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
    for (guint k = 0; k < forms->len; k++)
      add_word (spell, out, g_strdup (forms->pdata[k]));
    if (out->len > 0)
      return out;
    g_ptr_array_unref (out);
  }
  return NULL;
}

/* index.noun and data.noun, mapped: a noun's senses are looked up where WordNet's own library
 * finds them (a binary search of the sorted index, then the synset at its byte offset), so
 * nothing is read until a rule asks. */
typedef struct {
  GMappedFile *index, *data;
} NounData;

static gpointer
map_nouns (gpointer unused G_GNUC_UNUSED)
{
  NounData *d = g_new0 (NounData, 1);
  const char *dir = g_getenv ("DRAFTD_WORDNET_DIR");
  dir = dir ? dir : "/usr/share/wordnet";
  g_autofree char *index = g_build_filename (dir, "index.noun", NULL), *data = g_build_filename (dir, "data.noun", NULL);
  d->index = g_mapped_file_new (index, FALSE, NULL);
  d->data = d->index ? g_mapped_file_new (data, FALSE, NULL) : NULL;
  return d;
}

/* The line of `s` (length n) that starts with `word` and a space, else NULL. The licence's
 * lines start with spaces and sort first; the rest are in byte order. */
static const char *
index_line (const char *s, gsize n, const char *word)
{
  gsize len = strlen (word), lo = 0, hi = n;
  while (lo < hi) {
    gsize mid = lo + (hi - lo) / 2, start = mid;
    while (start > 0 && s[start - 1] != '\n')
      start--;
    const char *end = memchr (s + start, '\n', n - start);
    gsize line_end = end ? (gsize) (end - s) : n;
    int cmp;
    if (s[start] == ' ')
      cmp = -1;
    else {
      const char *sp = memchr (s + start, ' ', line_end - start);
      gsize flen = sp ? (gsize) (sp - (s + start)) : line_end - start;
      cmp = memcmp (s + start, word, MIN (flen, len));
      if (cmp == 0)
        cmp = flen < len ? -1 : flen > len ? 1 : 0;
    }
    if (cmp == 0)
      return s + start;
    if (cmp < 0)
      lo = line_end + 1;
    else
      hi = start;
  }
  return NULL;
}

/* The lexicographer file of the noun's sense `nth` (0: its most frequent), else -1. */
static int
sense_lexfile (const char *word, guint nth)
{
  static GOnce once = G_ONCE_INIT;
  NounData *d = g_once (&once, map_nouns, NULL);
  if (d->data == NULL || word == NULL || *word == 0 || strchr (word, ' ') || strchr (word, '\n'))
    return -1;
  const char *s = g_mapped_file_get_contents (d->index);
  gsize n = g_mapped_file_get_length (d->index);
  const char *line = index_line (s, n, word);
  if (line == NULL)
    return -1;
  /* "lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt offset..." */
  const char *end = memchr (line, '\n', n - (line - s));
  g_autofree char *text = g_strndup (line, end ? (gsize) (end - line) : n - (line - s));
  g_auto (GStrv) f = g_strsplit (text, " ", -1);
  guint count = g_strv_length (f);
  if (count < 4)
    return -1;
  guint p = (guint) g_ascii_strtoull (f[3], NULL, 10), at = 4 + p + 2 + nth;
  if (at >= count || !g_ascii_isdigit (f[at][0]))
    return -1;
  guint64 offset = g_ascii_strtoull (f[at], NULL, 10);
  const char *data = g_mapped_file_get_contents (d->data);
  gsize dn = g_mapped_file_get_length (d->data);
  /* "offset lex_filenum ss_type ...": the second field. */
  if (offset + 12 >= dn || (offset > 0 && data[offset - 1] != '\n'))
    return -1;
  const char *sp = memchr (data + offset, ' ', MIN ((gsize) 12, dn - offset));
  if (sp == NULL || !g_ascii_isdigit (sp[1]))
    return -1;
  return (int) g_ascii_strtoull (sp + 1, NULL, 10);
}

int
draftd_forms_noun_lexfile (const char *word)
{
  return sense_lexfile (word, 0);
}

gboolean
draftd_forms_noun_mostly (const char *word, int lexfile)
{
  int lex;
  guint all = 0, in = 0;
  for (; (lex = sense_lexfile (word, all)) >= 0; all++)
    in += lex == lexfile;
  return 2 * in > all;
}

gboolean
draftd_forms_noun_sense_in (const char *word, int lexfile)
{
  int lex;
  for (guint nth = 0; (lex = sense_lexfile (word, nth)) >= 0; nth++)
    if (lex == lexfile)
      return TRUE;
  return FALSE;
}
