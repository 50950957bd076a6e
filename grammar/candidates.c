#include "grammar/candidates.h"
#include <string.h>
#include "grammar/answer-cache.h"
#include "lib/bus/draftd-bus-words.h"
#include "grammar/candidates-private.h"
#include "grammar/forms.h"


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
  /* A call, "repr(obj)", "len(x)": prose puts a space before its parenthesis ("file(s)" is
   * left too, and needs nothing). */
  if (s[end] == '(')
    return TRUE;
  /* A reST role, ":func:", ":attr:". */
  if (start > 0 && s[start - 1] == ':' && s[end] == ':')
    return TRUE;
  /* A file's extension or a dotfile after a space or a quote: ".netrc", ".pyc", "'.snd'". */
  if (start > 0 && s[start - 1] == '.' && (start == 1 || strchr (" \t'\"(", s[start - 2])))
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

/* Is a name after words[i] ("Cappy Alley was": 1, another capitalised word; "Huw and I will":
 * 2, "and" before "I" or a name), a singular subject's verb (3: "Denzil has been"), or none
 * (0)? */
static int
name_after (const char *sentence, GArray *words, guint i)
{
  const Word *w = &g_array_index (words, Word, i);
  const Word *nw = i + 1 < words->len ? &g_array_index (words, Word, i + 1) : NULL;
  const Word *nw2 = i + 2 < words->len ? &g_array_index (words, Word, i + 2) : NULL;
  if (nw == NULL || nw->start != w->end + 1 || sentence[w->end] != ' ')
    return 0;
  if (g_ascii_isupper (nw->text[0]) && nw->end - nw->start > 1)
    return 1;
  if (g_str_equal (nw->lower, "and") && nw2 && g_ascii_isupper (nw2->text[0]))
    return 2;
  return draftd_candidates_in_list (" has is was had does says said will can could would should handles handled manages managed runs ran ", nw->lower) ? 3 : 0;
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

/* Latin phrases English writes as two words: neither half is respelt or joined ("per se" is
 * not "perse"). */
static const char *const phrases[][2] = {
  { "per", "se" }, { "ad", "hoc" }, { "et", "al" }, { "a", "priori" }, { "a", "posteriori" }, { "de", "facto" },
  { "de", "jure" }, { "vice", "versa" }, { "bona", "fide" }, { "in", "situ" }, { "in", "vitro" }, { "in", "vivo" },
  { "ad", "nauseam" }, { "sui", "generis" }, { "prima", "facie" }, { "pro", "rata" }, { "inter", "alia" },
  { "ipso", "facto" }, { "mutatis", "mutandis" }, { "ad", "infinitum" }, { "pro", "bono" }, { "ex", "officio" },
};

/* A species' name in brackets, "(Gadus morhua)", "(Quercus robur)": a capitalised genus and
 * its lower-case epithet, alone between the brackets, are Latin, not English misspelt. */
static gboolean
binomial (const char *s, const Word *a, const Word *b)
{
  return a->start > 0 && s[a->start - 1] == '(' && g_ascii_isupper (a->text[0]) && b->start == a->end + 1 && s[a->end] == ' ' &&
         g_ascii_islower (b->text[0]) && s[b->end] == ')';
}

/* Endings of Latin species' epithets ("okpara", "morhua", "vulgaris", "sinensis"). */
static gboolean
latin_epithet (const char *l)
{
  static const char *const endings[] = { "a", "us", "um", "ae", "ii", "is", "ensis", "oides" };
  for (guint k = 0; k < G_N_ELEMENTS (endings); k++)
    if (g_str_has_suffix (l, endings[k]))
      return TRUE;
  return FALSE;
}

/* Words of a name or a Latin phrase that no dictionary holds, left as written: a species' name
 * in brackets, or a capitalised word the dictionary lacks before an epithet it lacks
 * ("Synodontis okpara is"); a short lower-case word the dictionary lacks between two names is
 * a name's particle ("Yusuf ibn Ali", "Tomás da Costa"; "Paris becuase Anna" is a slip). */
static void
fix_phrases (const DraftdCandidateContext *c, const char *s, GArray *words)
{
  for (guint i = 0; i + 1 < words->len; i++) {
    Word *a = &g_array_index (words, Word, i), *b = &g_array_index (words, Word, i + 1);
    for (guint k = 0; k < G_N_ELEMENTS (phrases); k++)
      if (g_str_equal (a->lower, phrases[k][0]) && g_str_equal (b->lower, phrases[k][1]))
        a->fixed = b->fixed = TRUE;
    if (binomial (s, a, b))
      a->fixed = b->fixed = TRUE;
    if (c->spell == NULL || b->start != a->end + 1 || s[a->end] != ' ' || !g_ascii_isupper (a->text[0]) || !g_ascii_islower (b->text[0]) ||
        draftd_spell_check (c->spell, c->lang, b->text))
      continue;
    /* The names on either side are names: not a sentence's first word, "I" or a function word
     * ("For exsample, I like", "But factully Secondly"). */
    const Word *z = i + 2 < words->len ? &g_array_index (words, Word, i + 2) : NULL;
    if (i > 0 && z && strlen (b->lower) <= 4 && z->start == b->end + 1 && s[b->end] == ' ' && g_unichar_isupper (g_utf8_get_char (z->text)) &&
        !g_str_equal (z->text, "I") && !draftd_candidates_function_word (a->lower) && !draftd_candidates_function_word (z->lower))
      b->fixed = TRUE;
    else if (latin_epithet (b->lower) && !draftd_spell_check (c->spell, c->lang, a->text))
      a->fixed = b->fixed = TRUE;
  }
}

static gboolean
middle_dot_at (const char *s, gsize i)
{
  return (guchar) s[i] == 0xC2 && (guchar) s[i + 1] == 0xB7;
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
    /* An apostrophe inside a word ("don't", "l'estiu") and Catalan's middle dot ("pel·lícula")
     * join its two parts. */
    while (i < n && (word_char (s + i) || ((apostrophe_at (s, i) || middle_dot_at (s, i)) && i + 1 < n &&
                                           word_char (g_utf8_next_char (s + i)))))
      i = g_utf8_next_char (s + i) - s;
    Word w = { start, i, g_strndup (s + start, i - start), NULL, FALSE, FALSE };
    w.compound = (start > 1 && s[start - 1] == '-' && g_ascii_isalpha (s[start - 2])) ||
                 (s[i] == '-' && g_ascii_isalpha (s[i + 1]));
    w.lower = g_utf8_strdown (w.text, -1);
    gboolean capital = g_unichar_isupper (g_utf8_get_char (w.text));
    gboolean first = words->len == 0;
    /* A word in quotes of its own is a term cited, not a word used ("undump"). */
    gboolean cited = start > 0 && strchr ("\"'`", s[start - 1]) && s[i] == s[start - 1];
    /* So is a hyphenated one ("sasa-yuri", "pick-me-up") in quotes of its own. */
    if (start > 0 && s[start - 1] == '"' && !cited) {
      gsize e = i;
      while (e < n && (word_char (s + e) || s[e] == '-'))
        e = g_utf8_next_char (s + e) - s;
      cited = e > i && s[e] == '"';
    }
    cited |= start >= 3 && strncmp (s + start - 3, "\xe2\x80\x9c", 3) == 0 && strncmp (s + i, "\xe2\x80\x9d", 3) == 0;
    w.fixed = cited || in_spans (c, start, i) || glued (s, start, i) || odd_case (w.text, english) ||
              (capital && !(first && c->sentence_start) && !g_str_equal (w.text, "I"));
    g_array_append_val (words, w);
  }
  fix_phrases (c, s, words);
  return words;
}


/* "whole heartedly", "un known": a misspelt part that joins its neighbour into a word. */
static gboolean
join_site (const DraftdCandidateContext *c, const char *s, GArray *words, guint i, GArray *out, guint site)
{
  const Word *w = &g_array_index (words, Word, i);
  /* Without a model to judge, a word written without its marks is that word, not half of
   * another: "la educacion es" is "educación es", not "educaciones". */
  if (c->also_lang)
    return FALSE;
  if (c->spelling_only) {
    g_auto (GStrv) sugg = draftd_spell_suggest (c->spell, c->lang, w->text);
    for (guint k = 0; sugg && sugg[k]; k++)
      if (draftd_candidates_same_letters (w->text, sugg[k]))
        return FALSE;
  }
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

static gboolean known_word (const DraftdCandidateContext *c, const Word *w, gboolean start);

/* Is words[i] joined by a hyphen to a neighbour the dictionary does not know either? */
static gboolean
hyphen_unknown (const DraftdCandidateContext *c, const char *s, GArray *words, guint i)
{
  const Word *w = &g_array_index (words, Word, i);
  if (i > 0 && w->start > 0 && s[w->start - 1] == '-') {
    const Word *o = &g_array_index (words, Word, i - 1);
    if (o->end + 1 == w->start && !known_word (c, o, FALSE))
      return TRUE;
  }
  if (i + 1 < words->len && s[w->end] == '-') {
    const Word *o = &g_array_index (words, Word, i + 1);
    if (w->end + 1 == o->start && !known_word (c, o, FALSE))
      return TRUE;
  }
  return FALSE;
}

/* Romance articles and prepositions that open a borrowed phrase ("pain au chocolat", "al
 * dente", "coq au vin", "risotto alla milanese"). */
static const char *const borrowed_joiners =
  " au aux la le les de du des al alla alle allo con di del della da el los las et sur une il lo e y ";

static gboolean known_word (const DraftdCandidateContext *c, const Word *w, gboolean start);

/* Is words[b] right after words[a], one space between? */
static gboolean
spaced (const char *s, GArray *words, guint a, guint b)
{
  const Word *x = &g_array_index (words, Word, a), *y = &g_array_index (words, Word, b);
  return y->start == x->end + 1 && s[x->end] == ' ';
}

/* A word the dictionary lacks in a borrowed phrase is no slip to respell ("al denote", "pain
 * au chocolate", "ally milanese"): after a Romance article or preposition (or that word
 * itself), or after a capitalised genus in a Latin epithet's ending ("Phlox paniculata",
 * "Acer palmatum"); not one of the misspellings the table mends ("alot", "definately").
 * Two unknown words side by side are no sign: learners misspell neighbours ("ther
 * lifestile", "compitition maket"), and leaving those cost 0.002 GLEU on JFLEG dev. English
 * only. */
static gboolean
borrowed_phrase (const DraftdCandidateContext *c, const char *s, GArray *words, guint i)
{
  static const char *const latin[] = { "a", "us", "um", "is", "ii", "ae", "ensis", "oides", "ata", "ica" };
  const Word *w = &g_array_index (words, Word, i);
  const Word *prev = i > 0 && spaced (s, words, i - 1, i) ? &g_array_index (words, Word, i - 1) : NULL;
  const Word *next = i + 1 < words->len && spaced (s, words, i, i + 1) ? &g_array_index (words, Word, i + 1) : NULL;
  if (g_strcmp0 (c->lang, "en") != 0 || !g_ascii_islower (w->text[0]) || draftd_candidates_common_slip (w->lower))
    return FALSE;
  /* "alla", "della", "aux": the joiner itself, where the dictionary lacks it. Malay's "teh"
   * (tea) before its kinds ("teh peng", "teh tarik"); elsewhere it is "the" mistyped. */
  if ((draftd_candidates_in_list (borrowed_joiners, w->lower) && next && g_ascii_islower (next->text[0])) ||
      (g_str_equal (w->lower, "teh") && next && draftd_candidates_in_list (" peng tarik halia bing ping siew kosong ", next->lower)))
    return TRUE;
  if (strlen (w->lower) < 4)
    return FALSE;
  /* After the joiner only: a learner's "understad de idea" is a slip before "the" misspelt. */
  if (prev && draftd_candidates_in_list (borrowed_joiners, prev->lower))
    return TRUE;
  /* "cacio e pepe", "arroz con pollo": before a joiner only where the word after it is
   * unknown too, both halves of one borrowed name. */
  const Word *after = next && i + 2 < words->len && spaced (s, words, i + 1, i + 2) ? &g_array_index (words, Word, i + 2) : NULL;
  if (after && draftd_candidates_in_list (" e y et con di al alla au aux ", next->lower) && g_ascii_islower (after->text[0]) &&
      !known_word (c, after, FALSE))
    return TRUE;
  /* "tarte flambée", "crème brûlée": beside a word whose letters English writes without
   * their marks, and which the dictionary lacks, the phrase is borrowed whole. */
  if ((next && !g_str_is_ascii (next->text) && !known_word (c, next, FALSE)) || (prev && !g_str_is_ascii (prev->text) && !known_word (c, prev, FALSE)))
    return TRUE;
  if (prev && g_ascii_isupper (prev->text[0]) && g_ascii_islower (prev->text[1]) && !draftd_candidates_function_word (prev->lower))
    for (guint k = 0; k < G_N_ELEMENTS (latin); k++)
      if (g_str_has_suffix (w->lower, latin[k]) && strlen (w->lower) >= 6)
        return TRUE;
  return FALSE;
}

/* A noun whose first sense in WordNet is a food, or an animal or a plant one eats ("beef" is
 * cattle first): not "cut" or "must", whose food senses come later. */
static gboolean
food_noun (const char *l)
{
  int lex = draftd_forms_noun_lexfile (l);
  return lex == DRAFTD_FORMS_FOOD || ((lex == DRAFTD_FORMS_ANIMAL || lex == DRAFTD_FORMS_PLANT) && draftd_forms_noun_sense_in (l, DRAFTD_FORMS_FOOD));
}

/* "steak frites", "beef rendang": a word the dictionary lacks right after a food's noun
 * names the dish, a borrowing, more often than it misspells one (English only; not one of
 * the misspellings the table mends). */
static gboolean
dish_name (const DraftdCandidateContext *c, const char *s, GArray *words, guint i)
{
  const Word *w = &g_array_index (words, Word, i);
  const Word *prev = i > 0 && spaced (s, words, i - 1, i) ? &g_array_index (words, Word, i - 1) : NULL;
  if (g_strcmp0 (c->lang, "en") != 0 || prev == NULL || !g_ascii_islower (w->text[0]) || !g_ascii_islower (prev->text[0]) || strlen (w->lower) < 4 ||
      draftd_candidates_common_slip (w->lower) || !food_noun (prev->lower))
    return FALSE;
  /* "could produce cherrrys": a food's noun that is a verb too is the noun only after a
   * determiner or an adjective ("the beef rendang", "spicy beef rendang"). */
  const Word *before = i > 1 && spaced (s, words, i - 2, i - 1) ? &g_array_index (words, Word, i - 2) : NULL;
  return !draftd_forms_is (prev->lower, 'v') ||
         (before && (draftd_candidates_in_list (" the a an my our your his her their ", before->lower) || draftd_forms_is (before->lower, 'a')));
}

/* Is the word inside a short quotation of three words at most ("the snicket", a Yorkshire
 * word): a term the writer mentions, dialect or jargon, whose spelling is the point; not one
 * of the misspellings the table mends. Back to the opening mark and on to the closing one
 * through two spaces at most and no clause's punctuation (a comma or a stop may stand just
 * inside the closing mark). */
static gboolean
quoted_term (const char *s, const Word *w)
{
  if (draftd_candidates_common_slip (w->lower))
    return FALSE;
  guint spaces = 0;
  const char *p = s + w->start;
  for (;; p--) {
    if (p == s || strchr (".,;:!?()", p[-1]) || spaces > 2)
      return FALSE;
    if (p[-1] == '"' || (p - s >= 3 && strncmp (p - 3, "\xe2\x80\x9c", 3) == 0))
      break;
    spaces += p[-1] == ' ';
  }
  for (p = s + w->end; *p && spaces <= 2; p++) {
    const char *q = strchr (".,!?", *p) ? p + 1 : p;
    if (*q == '"' || strncmp (q, "\xe2\x80\x9d", 3) == 0)
      return TRUE;
    if (strchr (".,;:!?()", *p))
      return FALSE;
    spaces += *p == ' ';
  }
  return FALSE;
}

/* "the south-easter", "a sou'-wester": a wind's name after a compass point and its hyphen,
 * in lower case, is no feast's name misspelt. */
static gboolean
compass_wind (const char *s, GArray *words, guint i)
{
  const Word *w = &g_array_index (words, Word, i);
  if (i == 0 || w->start < 2 || s[w->start - 1] != '-' || !draftd_candidates_in_list (" easter wester easters westers ", w->lower))
    return FALSE;
  const Word *p = &g_array_index (words, Word, i - 1);
  return p->end + 1 == w->start && draftd_candidates_in_list (" south north sou nor ", p->lower);
}

/* Is the word written with a dropped first letter, an apostrophe in its place and no quote
 * closing after it ("my 'ansum", "'ow do"): dialect spelt as spoken, on purpose. */
static gboolean
elided_word (const char *s, const Word *w)
{
  const char *p = s + w->start;
  if (w->text[0] == '\'')
    p++;
  else if (p == s || p[-1] != '\'')
    return FALSE;
  const char *mark = p - 1;
  if (mark > s && mark[-1] != ' ')
    return FALSE;
  return strchr (s + w->end, '\'') == NULL && !draftd_candidates_common_slip (w->lower);
}

/* Values of the document dictionary's entries. */
#define DOCUMENT_NAME GINT_TO_POINTER (1)
#define DOCUMENT_REPEATED GINT_TO_POINTER (2)

/* Prefixes English builds words with at will: "sublicensing", "nonfree", "reupload"; not
 * "un", "de" or "mis", which learners put on words that take another ("unability"). */
static const char *const prefixes[] = {
  "sub", "re", "non", "pre", "co", "multi", "inter", "over", "under", "out", "counter", "anti", "semi", "super",
  "micro", "post", "self", "cross", "hyper", "meta", "auto", "pseudo", "eco", "bio", "geo", "neo", "nano", "agro",
  "agri", "socio", "cyber", "techno", "mini", "mega",
};

/* Combining forms that also stand as words before a hyphen or a space ("eco-label", "eco
 * certified", "bio fuels"): the dictionary lacks most alone, and their one-edit neighbours
 * ("echo", "ego", "nan") are no word a writer meant there. */
static const char *const combining_forms = " eco bio geo neo nano agro agri socio cyber techno ";

static gboolean
two_nouns (const char *head, const char *tail)
{
  return draftd_forms_is (head, 'n') && draftd_forms_is (tail, 'n');
}

/* A word the dictionary lacks that English builds from words it has: a prefix and a word of
 * five letters or more ("sublicensing"), or two nouns of five or more ("motorsport"), neither
 * a function word: "eachother", "infact", "wellcome" and "highschool" are mistakes to
 * correct, not compounds. */
static gboolean
compound_word (const DraftdCandidateContext *c, const char *lower)
{
  gsize n = strlen (lower);
  if (n < 7 || !g_str_is_ascii (lower))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++) {
    gsize k = strlen (prefixes[i]);
    /* "minimap", "megastore": a size's prefix on a noun of three letters or four as well. */
    gboolean size = draftd_candidates_in_list (" mini mega micro super ", prefixes[i]) && n - k >= 3 && draftd_forms_is (lower + k, 'n');
    if (g_str_has_prefix (lower, prefixes[i]) && (n - k >= 5 || size) && draftd_spell_check (c->spell, c->lang, lower + k))
      return TRUE;
  }
  /* Parts of five letters or more: "lifestile" and "successfull" are no compounds. */
  return draftd_candidates_two_words (c, lower, 5, two_nouns);
}

/* A program's or a daemon's name in lower case, left as the writer typed it: a command or a
 * package this system has ("grep", "systemd"), or a noun and a daemon's "d" ("journald"; not
 * "writed", a past tense to correct). */
static gboolean
program_name (const DraftdCandidateContext *c, const Word *w)
{
  if (!g_str_equal (w->text, w->lower) || !g_str_is_ascii (w->lower))
    return FALSE;
  gsize n = strlen (w->lower);
  if (n >= 5 && w->lower[n - 1] == 'd' && w->lower[n - 2] != 'e') {
    /* A thing's name ("system"), not a verb's past missing its "e" ("rememberd") or an
     * adjective's misspelling ("maind"). */
    g_autofree char *stem = g_strndup (w->lower, n - 1);
    if (draftd_spell_check (c->spell, c->lang, stem) && draftd_forms_is (stem, 'n') && !draftd_forms_is (stem, 'v') &&
        !draftd_forms_is (stem, 'a'))
      return TRUE;
  }
  return draftd_spell_program_name (w->lower);
}

/* A verb's base that the dictionary and WordNet know, of three letters or more. */
static gboolean
known_verb (const DraftdCandidateContext *c, const char *v, gsize min)
{
  return strlen (v) >= min && draftd_forms_is (v, 'v') && draftd_spell_check (c->spell, c->lang, v);
}

/* "prisonlike", "whiplike": a noun's -like adjective; "shoeful", "headful": a noun's -ful
 * measure; "wiggliness": an adjective's -ness, its "y" made "i". English coins them freely and
 * the dictionary lacks most (WordNet's usage examples: "prisonlike" -> "prison like",
 * "shoeful" -> "shameful", "wiggliness" -> "wiliness"). A slip keeps no such stem whole:
 * "happyness" and "awarness" are no adjective's -ness. */
static gboolean
suffixed_term (const DraftdCandidateContext *c, const char *l)
{
  static const char *const noun_suffixes[] = { "like", "ful" };
  gsize n = strlen (l);
  for (guint k = 0; k < G_N_ELEMENTS (noun_suffixes); k++) {
    gsize s = strlen (noun_suffixes[k]);
    if (n >= s + 3 && g_str_has_suffix (l, noun_suffixes[k])) {
      g_autofree char *stem = g_strndup (l, n - s);
      return draftd_forms_is (stem, 'n') && draftd_spell_check (c->spell, c->lang, stem);
    }
  }
  /* "eye-wateringly", "excruciatingly": a verb's -ing form and -ly, the form the dictionary
   * knows ("suprisingly" keeps its slip in the stem). */
  if (n >= 9 && g_str_has_suffix (l, "ingly")) {
    g_autofree char *ing = g_strndup (l, n - 2);
    if (!draftd_spell_check (c->spell, c->lang, ing))
      return FALSE;
    g_autoptr (GPtrArray) fam = draftd_forms_verb_family (c->spell, ing);
    return fam->len > 0;
  }
  if (n >= 8 && g_str_has_suffix (l, "iness")) {
    g_autofree char *stem = g_strdup_printf ("%.*sy", (int) (n - 5), l);
    return draftd_forms_is (stem, 'a') && draftd_spell_check (c->spell, c->lang, stem);
  }
  return FALSE;
}

/* "hashable", "seekable", "parsable", "taggable", "unhashable"; "finalizer", "pickler",
 * "specializers", "implementors": a verb with -able or an agent's -er or -or, which technical
 * prose coins and the dictionary lacks (the GNU and Python manuals: "hashable" -> "washable", "pickler" ->
 * "picker", "finalizer" -> "finalize"). The agent's verb has five letters or more, without a
 * doubled consonant: "writter", "begginer" are slips. */
static gboolean
derived_term (const DraftdCandidateContext *c, const Word *w)
{
  const char *l = w->lower;
  gsize n = strlen (l);
  if (n < 7 || !g_str_is_ascii (l) || !g_str_equal (w->text, l))
    return FALSE;
  g_autofree char *word = g_str_has_suffix (l, "s") ? g_strndup (l, n - 1) : g_strdup (l);
  const char *body = g_str_has_prefix (word, "un") && g_str_has_suffix (word, "able") ? word + 2 : word;
  gsize m = strlen (body);
  if (m >= 7 && g_str_has_suffix (body, "able")) {
    g_autofree char *v = g_strndup (body, m - 4), *ve = g_strdup_printf ("%se", v);
    gsize k = strlen (v);
    /* A silent "e" goes before -able but after a soft "c" or "g": "valueable" is a slip,
     * "changeable" a word. */
    if (k >= 2 && v[k - 1] == 'e' && v[k - 2] != 'c' && v[k - 2] != 'g')
      return FALSE;
    g_autofree char *single = k >= 4 && v[k - 1] == v[k - 2] ? g_strndup (v, k - 1) : NULL;
    return known_verb (c, v, 3) || known_verb (c, ve, 3) || (single && known_verb (c, single, 3));
  }
  if (m >= 7 && g_str_has_suffix (body, "er")) {
    g_autofree char *ve = g_strndup (body, m - 1), *v = g_strndup (body, m - 2);
    gsize k = strlen (v);
    if (k >= 2 && v[k - 1] == v[k - 2])
      return FALSE;
    return (g_str_has_suffix (ve, "e") && known_verb (c, ve, 5)) || known_verb (c, v, 5);
  }
  /* The Latinate agent's -or ("implementor", "configurator": a verb's, its "e" gone before
   * "-ator"), which the dictionary lacks where it has the -er one. */
  if (m >= 9 && g_str_has_suffix (body, "or")) {
    g_autofree char *v = g_strndup (body, m - 2), *ve = g_strdup_printf ("%.*se", (int) (m - 4), body);
    return known_verb (c, v, 6) || (g_str_has_suffix (body, "ator") && known_verb (c, ve, 6));
  }
  return suffixed_term (c, l);
}

/* Is `stem` a verb that WordNet and the dictionary both know? */
static gboolean
dictionary_verb (const DraftdCandidateContext *c, const char *stem)
{
  return strlen (stem) >= 4 && draftd_forms_is (stem, 'v') && draftd_spell_check (c->spell, c->lang, stem);
}

/* What may end a stem before a suffix: a consonant ("-ies", "-ied": "metrifies"), a consonant
 * other than "y" where a silent "e" went ("-es", "-ed", "-ing": "dissertates"), or, before a
 * plain "-s", an "e" or a consonant that takes no "-es" ("wishs", "boxs" are slips). */
typedef enum { STEM_CONSONANT, STEM_SILENT_E, STEM_PLAIN } StemEnd;

static gboolean
stem_end_fits (const char *base, StemEnd end)
{
  char last = base[strlen (base) - 1];
  switch (end) {
  case STEM_CONSONANT:
    return !strchr ("aeiou", last);
  case STEM_SILENT_E:
    return !strchr ("aeiouy", last);
  case STEM_PLAIN:
  default:
    return last == 'e' || !(strchr ("aiouysxz", last) || g_str_has_suffix (base, "ch") || g_str_has_suffix (base, "sh"));
  }
}

/* The stem of a regular -s, -d or -ing made the way English spells it after a silent "e"
 * ("dissertates", "dissertated", "dissertating" of "dissertate") or after a consonant's "y"
 * ("metrifies", "metrified"); NULL otherwise (inflected_verb sees to a doubled consonant,
 * "primmed"). A slip's shape has none of these: "comeing", "studyed", "runing". */
static char *
spelt_inflection_stem (const char *l, gsize n)
{
  static const struct {
    const char *suffix, *restore;
    StemEnd end;
  } inflections[] = { { "ies", "y", STEM_CONSONANT }, { "ied", "y", STEM_CONSONANT }, { "es", "e", STEM_SILENT_E },
                      { "ed", "e", STEM_SILENT_E },   { "ing", "e", STEM_SILENT_E },  { "s", "", STEM_PLAIN } };
  for (guint i = 0; i < G_N_ELEMENTS (inflections); i++) {
    gsize k = strlen (inflections[i].suffix);
    if (n < k + 4 || !g_str_has_suffix (l, inflections[i].suffix))
      continue;
    g_autofree char *base = g_strndup (l, n - k);
    if (stem_end_fits (base, inflections[i].end))
      return g_strconcat (base, inflections[i].restore, NULL);
  }
  return NULL;
}

/* "disking", "disked": a WordNet verb's regular -ing or -ed that the dictionary lacks, where
 * the stem ends in two different consonants and so takes the suffix unchanged ("disk" ->
 * "diking" and "dishing" changed a farming text). A stem ending in a vowel and a consonant
 * doubles or drops letters ("runing", "comeing": slips), and those stay to be respelt; but a
 * rare verb's forms spelt as English spells them are words ("He dissertated", "She primmed
 * her lips", "The body incurvates": WordNet's usage examples had them respelt as
 * "dissertate", "primed", "incurvate"; docs/correction.md#native-technical-prose). */
static gboolean
inflected_verb (const DraftdCandidateContext *c, const Word *w)
{
  const char *l = w->lower;
  gsize n = strlen (l), k = g_str_has_suffix (l, "ing") ? 3 : g_str_has_suffix (l, "ed") ? 2 : 0;
  if (n < 5 || !g_str_is_ascii (l) || !g_str_equal (w->text, l))
    return FALSE;
  /* "teached", "catched": an irregular verb's past made regular is a slip to correct. */
  g_autoptr (GPtrArray) irregular = draftd_forms_overregularized (c->spell, l);
  if (irregular && irregular->len > 0)
    return FALSE;
  g_autofree char *spelt = spelt_inflection_stem (l, n);
  if (spelt && dictionary_verb (c, spelt))
    return TRUE;
  if (k == 0 || n < k + 4)
    return FALSE;
  g_autofree char *stem = g_strndup (l, n - k);
  gsize m = n - k;
  /* One syllable's last consonant doubled: "primmed", "primming" of "prim". */
  if (m >= 4 && stem[m - 1] == stem[m - 2] && !strchr ("aeiouwxy", stem[m - 1]) && strchr ("aeiou", stem[m - 3])) {
    g_autofree char *single = g_strndup (stem, m - 1);
    guint groups = 0;
    for (gsize j = 0; single[j]; j++)
      groups += strchr ("aeiouy", single[j]) && (j == 0 || !strchr ("aeiouy", single[j - 1]));
    if (groups == 1 && dictionary_verb (c, single))
      return TRUE;
  }
  if (strchr ("aeiouy", stem[m - 1]) || strchr ("aeiouy", stem[m - 2]) || stem[m - 1] == stem[m - 2])
    return FALSE;
  /* A compound's noun made a verb ("hot-desking"): writers verb nouns in compounds, where
   * no dictionary follows them. */
  return (draftd_forms_is (stem, 'v') || (w->compound && draftd_forms_is (stem, 'n'))) && draftd_spell_check (c->spell, c->lang, stem);
}

/* "builtins", "iterables", "xterms": the -s plural of a dictionary word that is no
 * adjective, where the dictionary lists none, is a term's plural: dropping its "s" or making
 * it a possessive changed native prose (Python's documentation: six sentences). A stem whose
 * plural the dictionary or WordNet spells otherwise ("childs", "tooths", "researchs",
 * "teachs", "sheeps") or an adjective's ("differents") is a learner's slip, as before. */
static gboolean
plural_of_term (const DraftdCandidateContext *c, const Word *w)
{
  gsize n = strlen (w->lower);
  if (n < 5 || w->lower[n - 1] != 's' || !g_unichar_islower (g_utf8_get_char (w->text)))
    return FALSE;
  g_autofree char *stem = g_strndup (w->lower, n - 1);
  static const char *const sibilant[] = { "s", "x", "z", "ch", "sh", "y" };
  for (guint k = 0; k < G_N_ELEMENTS (sibilant); k++)
    if (g_str_has_suffix (stem, sibilant[k]))
      return FALSE;
  if (!draftd_spell_check (c->spell, c->lang, stem) || (draftd_forms_is (stem, 'a') && !draftd_forms_is (stem, 'n')))
    return FALSE;
  const char *lemma = draftd_forms_irregular_lemma (stem, 'n');
  if ((lemma && !g_str_equal (lemma, stem)) || g_str_has_suffix (stem, "man") ||
      draftd_candidates_in_list (" child foot tooth mouse goose person sheep fish deer ", stem))
    return FALSE;
  g_autofree char *plural = draftd_forms_plural (c->spell, stem);
  return plural == NULL || g_str_equal (plural, w->lower);
}

/* "practically a frisbee", "ran the hoover round": a made thing or a food whose trade name
 * the dictionary knows capitalised, after a determiner, is the thing's common noun (English
 * writers use both); a name's adjective ("an american citizen") is no thing and stays a
 * misspelling. */
static gboolean
common_trade_name (const DraftdCandidateContext *c, const Word *w, const Word *prev)
{
  if (prev == NULL || g_strcmp0 (c->lang, "en") != 0 || !g_str_equal (w->text, w->lower) ||
      !draftd_candidates_in_list (" a an the my your his her our their this that ", prev->lower))
    return FALSE;
  int lex = draftd_forms_noun_lexfile (w->lower);
  if (lex != DRAFTD_FORMS_ARTIFACT && lex != DRAFTD_FORMS_FOOD && lex != DRAFTD_FORMS_SUBSTANCE)
    return FALSE;
  g_autofree char *capital = g_strdup (w->text);
  capital[0] = g_ascii_toupper (capital[0]);
  return draftd_spell_check (c->spell, c->lang, capital);
}

/* "the mids", "the lows": an adjective made a plural noun after "the" (a sound's bands, a
 * colour's shades) is a word, not a slip of a short one ("mids" is not "mads"). */
static gboolean
nominal_adjective (const DraftdCandidateContext *c, const Word *w, const Word *prev)
{
  gsize n = strlen (w->lower);
  if (prev == NULL || !g_str_equal (prev->lower, "the") || n < 4 || w->lower[n - 1] != 's' || !g_unichar_islower (g_utf8_get_char (w->text)))
    return FALSE;
  g_autofree char *stem = g_strndup (w->lower, n - 1);
  /* Not people named by an adjective WordNet also lists as a noun ("the olds", "the youngs",
   * "the richs" are a learner's plurals of "the old"), nor a comparative ("the olders"). */
  return draftd_forms_is (stem, 'a') && !draftd_forms_is (stem, 'n') && !g_str_has_suffix (stem, "er") && !g_str_has_suffix (stem, "est") &&
         draftd_spell_check (c->spell, c->lang, stem);
}

/* "repot", "repotting", "rewilded": a verb WordNet lists that is "re" and another verb it
 * lists, in any of its forms (Hunspell lacks many; "repot" was made "report"). "refering" is
 * no such word: "fer" is no verb, and it stays a misspelling of "referring". */
static gboolean
re_verb (const DraftdCandidateContext *c, const char *l)
{
  gsize n = strlen (l);
  if (n < 5 || !g_str_has_prefix (l, "re"))
    return FALSE;
  static const char *const endings[] = { "", "s", "ed", "ing" };
  for (guint e = 0; e < G_N_ELEMENTS (endings); e++) {
    gsize k = strlen (endings[e]);
    if (!g_str_has_suffix (l, endings[e]) || n - k < 5)
      continue;
    /* The base as it is, with a doubled consonant undone ("repotted"), or with its "e" back
     * ("retimed"). */
    for (guint form = 0; form < 3; form++) {
      g_autofree char *base = g_strndup (l, n - k);
      gsize m = n - k;
      if (form == 1 && (k < 2 || m < 6 || base[m - 1] != base[m - 2]))
        continue;
      if (form == 1)
        base[m - 1] = '\0';
      if (form == 2) {
        if (k < 2)
          continue;
        char *more = g_strconcat (base, "e", NULL);
        g_free (base);
        base = more;
      }
      if (draftd_forms_is (base, 'v') && strlen (base) >= 5 && draftd_forms_is (base + 2, 'v') && draftd_spell_check (c->spell, c->lang, base + 2))
        return TRUE;
    }
  }
  return FALSE;
}

/* Is the word known: to the dictionary, the user, the document, or as a compound or a
 * program's name? */
static gboolean
known_word (const DraftdCandidateContext *c, const Word *w, gboolean start)
{
  /* Text that leaves marks out (a language the model does not know): a first word its dictionary
   * knows only as a name ("Velky", "Kazda": surnames) is more likely the lower-case word
   * without its marks ("velký", "každá"), where the dictionary lists that one with marks. */
  if (c->spelling_only && c->drops_marks && start && !g_str_equal (w->text, w->lower) &&
      !draftd_spell_check (c->spell, c->lang, w->lower) && draftd_candidates_known_but_marks (c->spell, c->lang, w->lower))
    return FALSE;
  if (draftd_spell_check (c->spell, c->lang, w->text) || (start && draftd_spell_check (c->spell, c->lang, w->lower)))
    return TRUE;
  /* A name the document uses within a sentence; a word it repeats, unless one edit from a
   * dictionary word: learners repeat their misspellings ("compitition" twice). */
  gpointer kind = c->document ? g_hash_table_lookup (c->document, w->text) : NULL;
  if (c->document_seen)
    draftd_answer_cache_note_document (c->document_seen, w->text, kind);
  if (kind == DOCUMENT_NAME || (kind == DOCUMENT_REPEATED && !draftd_candidates_near_word (c, w)))
    return TRUE;
  if (g_strcmp0 (c->lang, "en") != 0)
    return FALSE;
  /* A hyphenated compound takes its plural on its last part, whatever that part is alone
   * ("work-arounds", "check-ins", "set-ups"). */
  gsize n = strlen (w->lower);
  if (w->compound && n >= 3 && w->lower[n - 1] == 's') {
    g_autofree char *stem = g_strndup (w->lower, n - 1);
    if (draftd_spell_check (c->spell, c->lang, stem))
      return TRUE;
  }
  if (draftd_candidates_in_list (combining_forms, w->lower))
    return TRUE;
  return plural_of_term (c, w) || derived_term (c, w) || inflected_verb (c, w) || compound_word (c, w->lower) ||
         re_verb (c, w->lower) || program_name (c, w);
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
    /* The families of grammar/families-en.c come first, misspelt words too ("informations"). */
    if (!c->spelling_only && g_strcmp0 (c->lang, "en") == 0) {
      guint next = draftd_candidates_english_families (c, sentence, (Word *) words->data, words->len, i, out, site);
      if (next != site) {
        site = next;
        continue;
      }
    }
    /* German's, French's and Spanish's rules (grammar/families-intl.c), on dictionary words;
     * not where a relative is as likely (also_lang: Catalan's "la" is no Spanish article's). */
    if (c->lang && g_strcmp0 (c->lang, "en") != 0 && c->also_lang == NULL) {
      guint next = draftd_candidates_intl_rules (c, sentence, (Word *) words->data, words->len, i, out, site);
      if (next != site) {
        site = next;
        continue;
      }
    }
    const Word *prev = i > 0 ? &g_array_index (words, Word, i - 1) : NULL;
    gboolean known = known_word (c, w, start) || nominal_adjective (c, w, prev) || common_trade_name (c, w, prev);
    /* A capitalised word the dictionary lacks is a name at a sentence's start too ("Salander
     * said"), unless it is plainly a common word misspelt ("Becouse"). */
    if (!known && start && g_unichar_isupper (g_utf8_get_char (w->text)) && g_strcmp0 (c->lang, "en") == 0 &&
        !draftd_candidates_misspelt_opener (c, w, name_after (sentence, words, i)))
      continue;
    /* "shih-tzus", "pak-choi": a hyphenated word neither of whose parts the dictionary knows
     * is a borrowing or a name, no two slips. */
    if (!known && (hyphen_unknown (c, sentence, words, i) || borrowed_phrase (c, sentence, words, i) || dish_name (c, sentence, words, i) ||
                   quoted_term (sentence, w) || elided_word (sentence, w) || compass_wind (sentence, words, i)))
      continue;
    if (!known && join_site (c, sentence, words, i, out, site)) {
      site++;
      continue;
    }
    if (!known) {
      draftd_candidates_spelling_site (c, sentence, w, out, site++);
      continue;
    }
    if (c->region >= 0 && draftd_candidates_dialect_site (c, w, out, site)) {
      site++;
      continue;
    }
    /* A compound's parts are its own: "two tractor-trailers" has no "tractors". */
    if (!c->spelling_only && g_strcmp0 (c->lang, "en") == 0 && !w->compound)
      site = draftd_candidates_english_sites (c, sentence, (Word *) words->data, words->len, i, out, site);
  }
  if (!c->spelling_only && g_strcmp0 (c->lang, "en") == 0) {
    site = draftd_candidates_english_capitals (c, sentence, (Word *) words->data, words->len, out, site);
    site = draftd_candidates_english_sentence (c, sentence, (Word *) words->data, words->len, out, site);
  }
  g_array_sort (out, by_site_prior);
  return out;
}

/* Does a sentence start at byte i of text: at its start, after a sentence's end or a blank
 * line, or after a list marker or a heading's "#"? */
static gboolean
document_sentence_start (const char *text, gsize i)
{
  gboolean newline = FALSE;
  while (i > 0 && (g_ascii_isspace (text[i - 1]) || strchr ("\"'([*#>-", text[i - 1]))) {
    newline |= text[i - 1] == '\n';
    i--;
  }
  return i == 0 || newline || strchr (".!?:;)", text[i - 1]) != NULL || (guchar) text[i - 1] >= 0x80;
}

GHashTable *
draftd_candidates_document_words (const char *text)
{
  GHashTable *out = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gsize i = 0, n = strlen (text);
  while (i < n) {
    if (!word_char (text + i)) {
      i = g_utf8_next_char (text + i) - text;
      continue;
    }
    gsize start = i;
    while (i < n && (word_char (text + i) || (apostrophe_at (text, i) && i + 1 < n && word_char (g_utf8_next_char (text + i)))))
      i = g_utf8_next_char (text + i) - text;
    char *w = g_strndup (text + start, i - start);
    gboolean name = g_unichar_isupper (g_utf8_get_char (w)) && !document_sentence_start (text, start);
    /* "`let` and `const` ... I thought const meant": a word in code quotes is a term wherever
     * the document uses it, as a name is. */
    name |= start > 0 && text[start - 1] == '`' && text[i] == '`';
    if (name)
      g_hash_table_insert (out, w, DOCUMENT_NAME);
    else if (g_hash_table_contains (seen, w) && !g_hash_table_contains (out, w))
      g_hash_table_insert (out, w, DOCUMENT_REPEATED);
    else if (!g_hash_table_contains (seen, w))
      g_hash_table_add (seen, w);
    else
      g_free (w);
  }
  return out;
}

gint
draftd_candidates_document_region (DraftdSpell *spell, const char *text)
{
  guint counts[8] = { 0 };
  gsize i = 0, n = strlen (text);
  while (i < n) {
    if (!word_char (text + i)) {
      i = g_utf8_next_char (text + i) - text;
      continue;
    }
    gsize start = i;
    while (i < n && word_char (text + i))
      i = g_utf8_next_char (text + i) - text;
    /* Lower-case words of four letters or more: names and short words tell nothing. */
    g_autofree char *w = g_strndup (text + start, i - start);
    if (i - start < 4 || !g_unichar_islower (g_utf8_get_char (w)) || (i < n && apostrophe_at (text, i)))
      continue;
    /* A regional spelling: one dialect's alone, with a twin in another ("color", "colour");
     * a word one dictionary merely lacks tells nothing. */
    guint mask = draftd_spell_regions (spell, "en", w);
    if (mask == 0 || (mask & (mask - 1)) != 0)
      continue;
    for (guint k = 0; k < 8; k++) {
      g_autofree char *twin = (mask & (1u << k)) ? NULL : draftd_candidates_dialect_twin (spell, w, k);
      if (twin) {
        counts[g_bit_nth_lsf (mask, -1) % 8]++;
        break;
      }
    }
  }
  gint best = -1;
  guint used = 0;
  for (guint k = 0; k < 8; k++) {
    used += counts[k] > 0;
    if (counts[k] > 0 && (best < 0 || counts[k] > counts[best]))
      best = (gint) k;
  }
  for (guint k = 0; best >= 0 && k < 8; k++)
    if ((gint) k != best && counts[k] == counts[best])
      return -1; /* a tie: no side to take */
  return used >= 2 ? best : -1;
}

void
draftd_candidates_workspace_words (GHashTable *document, const char *path)
{
  if (path == NULL || !g_path_is_absolute (path))
    return;
  g_autofree char *dir = g_path_get_dirname (path);
  for (guint depth = 0; depth < 64; depth++) {
    g_autofree char *list = g_build_filename (dir, ".draftd", "words.txt", NULL);
    g_autofree char *all = NULL;
    gsize len = 0;
    /* A list of up to 1 MiB; the first one found, nearest the file, is the workspace's. */
    if (g_file_get_contents (list, &all, &len, NULL) && len <= (1 << 20)) {
      g_auto (GStrv) lines = g_strsplit (all, "\n", -1);
      for (guint i = 0; lines[i]; i++) {
        const char *w = draftd_word_list_line (lines[i]);
        if (w) {
          g_hash_table_insert (document, g_utf8_strdown (w, -1), DOCUMENT_NAME);
          g_hash_table_insert (document, g_strdup (w), DOCUMENT_NAME);
        }
      }
      return;
    }
    g_autofree char *up = g_path_get_dirname (dir);
    if (g_str_equal (up, dir))
      return;
    g_free (dir);
    dir = g_steal_pointer (&up);
  }
}
