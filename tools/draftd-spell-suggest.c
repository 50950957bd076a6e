/* The suggestions draftd's spelling gives for the misspelt words of a text, timed: what
 * tools/spell-agreement.py scores against JFLEG's references.
 *
 *   draftd-spell-suggest [LANG] < text  ->  LINE TAB word TAB first|second|...  (stdout)
 *
 * A word is a run of letters (and inner apostrophes) of three or more; it is misspelt when
 * draftd_spell_check refuses it. $DRAFTD_SPELL_INDEX=0 suggests with Hunspell alone (the
 * behaviour before the index), so both can be measured with one binary. The time spent
 * suggesting goes to stderr, with the time the index alone takes for the same words (100
 * rounds, en_US) and how many it finds nothing for (those go to Hunspell). */
#include <stdio.h>
#include <string.h>
#include "grammar/spell.h"
#include "grammar/spell-index.h"

/* The misspelt words of one line, each with its suggestions; adds the time they took. */
static guint
line_words (DraftdSpell *spell, const char *lang, const char *line, guint no, gint64 *spent, GPtrArray *words)
{
  guint n = 0;
  for (const char *p = line; *p;) {
    const char *start = p;
    while (*p && (g_unichar_isalpha (g_utf8_get_char (p)) || (*p == '\'' && p > start && g_ascii_isalpha (p[1]))))
      p = g_utf8_next_char (p);
    if (p == start) {
      p = g_utf8_next_char (p);
      continue;
    }
    g_autofree char *w = g_strndup (start, p - start);
    if (g_utf8_strlen (w, -1) < 3 || draftd_spell_check (spell, lang, w))
      continue;
    gint64 t0 = g_get_monotonic_time ();
    g_auto (GStrv) sugg = draftd_spell_suggest (spell, lang, w);
    g_ptr_array_add (words, g_strdup (w));
    *spent += g_get_monotonic_time () - t0;
    g_autofree char *joined = g_strjoinv ("|", sugg);
    printf ("%u\t%s\t%s\n", no, w, joined);
    n++;
  }
  return n;
}

/* The index alone over the same words: microseconds a word, and the words it has nothing for. */
static void
time_index (GPtrArray *words)
{
  const char *aff = "/usr/share/hunspell/en_US.aff", *dic = "/usr/share/hunspell/en_US.dic";
  Hunhandle *h = Hunspell_create (aff, dic);
  g_autoptr (DraftdSpellIndex) idx = draftd_spell_index_open (h, aff, dic, NULL, NULL, NULL);
  Hunspell_destroy (h);
  if (idx == NULL || words->len == 0)
    return;
  guint empty = 0, differ = 0;
  for (guint i = 0; i < words->len; i++) {
    /* Everything the full walk finds (within two edits), the deletes find too. */
    GArray *a = draftd_spell_index_suggest (idx, words->pdata[i], 100000), *b = draftd_spell_index_suggest_full (idx, words->pdata[i], 100000);
    gboolean same = TRUE;
    for (guint k = 0; same && k < b->len; k++) {
      gboolean in = FALSE;
      for (guint m = 0; !in && m < a->len; m++)
        in = g_str_equal (g_array_index (a, DraftdSpellSuggestion, m).word, g_array_index (b, DraftdSpellSuggestion, k).word);
      same = in;
    }
    if (!same)
      fprintf (stderr, "the deletes miss what the full walk finds for %s\n", (char *) words->pdata[i]);
    differ += !same;
    draftd_spell_suggestions_free (a);
    draftd_spell_suggestions_free (b);
  }
  gint64 t0 = g_get_monotonic_time ();
  for (guint round = 0; round < 100; round++)
    for (guint i = 0; i < words->len; i++) {
      GArray *s = draftd_spell_index_suggest (idx, words->pdata[i], 10);
      empty += round == 0 && s->len == 0;
      draftd_spell_suggestions_free (s);
    }
  double us = (g_get_monotonic_time () - t0) / 100.0 / words->len;
  fprintf (stderr, "the index alone: %.1f us a word; nothing found for %u of %u; %u miss a word the full walk finds\n", us, empty,
           words->len, differ);
}

int
main (int argc, char **argv)
{
  const char *lang = argc > 1 ? argv[1] : "en";
  g_autoptr (DraftdSpell) spell = draftd_spell_new ("/dev/null");
  char line[4096];
  guint n = 0, no = 0;
  gint64 spent = 0, first = -1;
  g_autoptr (GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
  while (fgets (line, sizeof line, stdin)) {
    line[strcspn (line, "\r\n")] = '\0';
    if (g_utf8_validate (line, -1, NULL))
      n += line_words (spell, lang, line, no, &spent, words);
    if (n > 0 && first < 0)
      first = spent;
    no++;
  }
  fprintf (stderr, "%u misspelt words, %.1f ms suggesting, of which %.1f ms the first (opening), %.3f ms a word after\n", n,
           spent / 1000.0, first / 1000.0, n > 1 ? (spent - first) / 1000.0 / (n - 1) : 0.0);
  if (g_str_equal (lang, "en"))
    time_index (words);
  return 0;
}
