/* Segmentation and edits, as properties over random Unicode text and a corpus of awkward
 * inputs: pieces and the whitespace between them rebuild the text byte for byte; URLs,
 * numbers, abbreviations and code are never split; edits re-apply to the exact output in
 * all three offset units and leave text outside their spans untouched. */
#include <string.h>
#include "grammar/candidates.h"
#include "grammar/checks.h"
#include "grammar/edits.h"
#include "grammar/language.h"
#include "grammar/segment.h"
#include "tests/tap.h"

static const char *const corpus[] = {
  "She go to school yesterday and buyed two book.",
  "Dr. Smith arrived at 3.14 p.m. with Mr. Jones, e.g. on time. Then they left!",
  "Line one.\r\nLine two,  with  runs of   spaces.\r\n\r\nNew paragraph.\tTabbed.",
  "- first item is here\n- second item\n1. numbered item. More text.\n# Heading here",
  "See https://example.com/a.b?c=d. It works. Also www.test.org!",
  "Use `printf(\"a. b\")` here. And this.\n```\ncode block. not prose.\nmore code\n```\nAfter the code.",
  "Emoji 🙂🦙 are fine. 中文句子。日本語の文。 Ünïcödé wörds.",
  "He said \"go there. now\" and left. “Quoted. text” stays.",
  "word",
  "",
  "   ",
  "Ellipsis… then more. Question? Answer! Done",
  "U.S. policy changed. The U.S. is big.",
};

static gboolean
rebuilds (const char *text, GArray *segs, gboolean *gaps_are_space)
{
  gsize len = strlen (text), pos = 0;
  *gaps_are_space = TRUE;
  for (guint i = 0; i < segs->len; i++) {
    DraftdGrammarSegment *s = &g_array_index (segs, DraftdGrammarSegment, i);
    if (s->start < pos || s->end > len || s->end <= s->start)
      return FALSE;
    for (gsize k = pos; k < s->start; k++)
      *gaps_are_space &= g_ascii_isspace (text[k]);
    pos = s->end;
  }
  for (gsize k = pos; k < len; k++)
    *gaps_are_space &= g_ascii_isspace (text[k]);
  return TRUE;
}

/* No segment boundary falls inside `span` (which must occur in text). */
static gboolean
kept_whole (const char *text, GArray *segs, const char *span)
{
  const char *p = strstr (text, span);
  if (p == NULL)
    return TRUE;
  gsize a = p - text, b = a + strlen (span);
  for (guint i = 0; i < segs->len; i++) {
    DraftdGrammarSegment *s = &g_array_index (segs, DraftdGrammarSegment, i);
    if ((s->start > a && s->start < b) || (s->end > a && s->end < b))
      return FALSE;
  }
  return TRUE;
}

/* `span` lies in a segment copied through, or in one of its sentence's protected spans. */
static gboolean
is_protected (const char *text, const DraftdGrammarSegmentOptions *o, const char *span)
{
  g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (DraftdGrammarSpan));
  g_autoptr (GArray) segs = draftd_grammar_segment (text, strlen (text), o, spans);
  const char *p = strstr (text, span);
  if (p == NULL)
    return FALSE;
  gsize a = p - text, b = a + strlen (span);
  for (guint i = 0; i < segs->len; i++) {
    DraftdGrammarSegment *s = &g_array_index (segs, DraftdGrammarSegment, i);
    if (s->start <= a && s->end >= b && !s->rewrite)
      return TRUE;
    for (guint k = 0; s->rewrite && k < s->n_spans; k++) {
      DraftdGrammarSpan *sp = &g_array_index (spans, DraftdGrammarSpan, s->first_span + k);
      if (sp->start <= a && sp->end >= b)
        return TRUE;
    }
  }
  return FALSE;
}

/* Diffs old -> new, then applies the edits in every unit and checks the result. */
static gboolean
round_trip (const char *old, const char *new_text, guint *n_edits)
{
  g_autoptr (GArray) edits = draftd_grammar_edits_new ();
  draftd_grammar_diff (old, 0, strlen (old), new_text, strlen (new_text), FALSE, edits);
  *n_edits = edits->len;
  const DraftdGrammarOffsetUnit units[] = { DRAFTD_GRAMMAR_UNIT_CODEPOINT, DRAFTD_GRAMMAR_UNIT_UTF8, DRAFTD_GRAMMAR_UNIT_UTF16 };
  for (guint u = 0; u < 3; u++) {
    g_autofree guint32 *off = g_new (guint32, edits->len + 1), *len = g_new (guint32, edits->len + 1);
    g_autofree const char **rep = g_new (const char *, edits->len + 1);
    for (guint i = 0; i < edits->len; i++) {
      DraftdGrammarEdit *e = &g_array_index (edits, DraftdGrammarEdit, i);
      off[i] = draftd_grammar_offset_convert (old, e->start, units[u]);
      len[i] = draftd_grammar_offset_convert (old, e->end, units[u]) - off[i];
      rep[i] = e->replacement;
    }
    g_autofree char *applied = draftd_grammar_apply_edits (old, off, len, rep, edits->len, units[u]);
    if (!applied || !g_str_equal (applied, new_text))
      return FALSE;
  }
  /* Outside the spans, the old text survives byte for byte in the new one, in order. */
  gsize pos = 0, npos = 0;
  for (guint i = 0; i < edits->len; i++) {
    DraftdGrammarEdit *e = &g_array_index (edits, DraftdGrammarEdit, i);
    gsize keep = e->start - pos;
    if (memcmp (old + pos, new_text + npos, keep) != 0)
      return FALSE;
    npos += keep + strlen (e->replacement);
    pos = e->end;
  }
  return strcmp (old + pos, new_text + npos) == 0;
}

static char *
random_text (GRand *r, guint n)
{
  static const char *const pieces[] = { "a", "b", "Z", " ", "  ", "\t", "\r\n", "\n", ".", ",", "!", "?", "é", "ß", "中", "文",
                                        "🙂", "🦙", "\xe2\x80\x99", "'", "\"", "word", "the", "Dr.", "3.5", "http://x.y/z", "`c`",
                                        "ǅ", "\xcc\x81" /* combining acute */ };
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    g_string_append (s, pieces[g_rand_int_range (r, 0, G_N_ELEMENTS (pieces))]);
  return g_string_free (s, FALSE);
}

/* Mutates at UTF-8 character granularity: deletes, inserts, replaces. */
static char *
mutate (GRand *r, const char *text)
{
  g_autofree gunichar *cps = g_utf8_to_ucs4 (text, -1, NULL, NULL, NULL);
  GString *out = g_string_new (NULL);
  static const gunichar ins[] = { 'x', ' ', '.', 0xE9, 0x1F642, 0x4E2D, '\n', ',' };
  for (gunichar *p = cps; *p; p++) {
    int op = g_rand_int_range (r, 0, 20);
    if (op == 0)
      continue;
    if (op == 1)
      g_string_append_unichar (out, ins[g_rand_int_range (r, 0, G_N_ELEMENTS (ins))]);
    g_string_append_unichar (out, op == 2 ? ins[g_rand_int_range (r, 0, G_N_ELEMENTS (ins))] : *p);
  }
  return g_string_free (out, FALSE);
}

/* draftd.languages as the file declares it: an array of codes, or one comma-separated string. */
static void
check_model_languages (void)
{
  const char *const arr[] = { "en", "fr", NULL };
  g_autoptr (DraftdGgufWriter) a = draftd_gguf_writer_new ();
  const guint32 lens[] = { 2, 2 };
  draftd_gguf_writer_set_string_array (a, DRAFTD_GRAMMAR_LANGUAGES_KEY, arr, lens, 2);
  g_autoptr (DraftdGgufWriter) b = draftd_gguf_writer_new ();
  draftd_gguf_writer_set_string (b, DRAFTD_GRAMMAR_LANGUAGES_KEY, "en, de");
  g_autoptr (DraftdGgufWriter) none = draftd_gguf_writer_new ();
  draftd_gguf_writer_set_string (none, "general.name", "x");
  DraftdGgufWriter *writers[] = { a, b, none };
  char **got[3] = { NULL };
  for (guint i = 0; i < 3; i++) {
    g_autoptr (GBytes) bytes = draftd_gguf_writer_to_bytes (writers[i]);
    gsize n;
    const void *data = g_bytes_get_data (bytes, &n);
    g_autoptr (GError) error = NULL;
    DraftdGgufFile *f = draftd_gguf_open_bytes (data, n, &error);
    got[i] = f ? draftd_grammar_model_languages (f) : NULL;
    draftd_gguf_close (f);
  }
  const char *const *fr = (const char *const *) got[0], *const *de = (const char *const *) got[1];
  tap_ok (fr && draftd_grammar_language_supported ("fr", fr) && draftd_grammar_language_supported ("en", fr) &&
              !draftd_grammar_language_supported ("de", fr) && de && draftd_grammar_language_supported ("de", de) &&
              !draftd_grammar_language_supported ("fr", de) && got[2] == NULL,
          "a model's languages are read from %s (an array, or a comma-separated string; absent: English only)",
          DRAFTD_GRAMMAR_LANGUAGES_KEY);
  for (guint i = 0; i < 3; i++)
    g_strfreev (got[i]);
}

/* The corpus: pieces and the whitespace between them are the whole text. */
static void
check_corpus_rebuilds (void)
{
  gboolean all_rebuild = TRUE, all_space = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (corpus); i++) {
    g_autoptr (GArray) segs = draftd_grammar_segment (corpus[i], strlen (corpus[i]), NULL, NULL);
    gboolean gaps;
    all_rebuild &= rebuilds (corpus[i], segs, &gaps);
    all_space &= gaps;
  }
  tap_ok (all_rebuild && all_space, "corpus: pieces plus whitespace gaps rebuild every input byte for byte");
}

/* What must never be split or rewritten: abbreviations, numbers, URLs, code, markup. */
static void
check_protected_spans (void)
{
  DraftdGrammarSegmentOptions quotes = { TRUE };
  g_autoptr (GArray) s1 = draftd_grammar_segment (corpus[1], strlen (corpus[1]), NULL, NULL);
  tap_ok (s1->len == 2 && kept_whole (corpus[1], s1, "Dr. Smith") && kept_whole (corpus[1], s1, "3.14") &&
              kept_whole (corpus[1], s1, "e.g. on") && kept_whole (corpus[1], s1, "p.m. with"),
          "abbreviations and numbers do not end sentences (%u pieces)", s1->len);
  tap_ok (is_protected (corpus[4], NULL, "https://example.com/a.b?c=d") && is_protected (corpus[4], NULL, "www.test.org"),
          "URLs are kept apart, never rewritten");
  g_autoptr (GArray) s5 = draftd_grammar_segment (corpus[5], strlen (corpus[5]), NULL, NULL);
  tap_ok (is_protected (corpus[5], NULL, "`printf(\"a. b\")`") && is_protected (corpus[5], NULL, "code block. not prose.") &&
              kept_whole (corpus[5], s5, "```\ncode block. not prose.\nmore code\n```"),
          "inline code and fenced blocks are protected");
  tap_ok (is_protected (corpus[3], NULL, "-") && is_protected (corpus[3], NULL, "1.") && is_protected (corpus[3], NULL, "#"),
          "list and heading markers are protected");
  tap_ok (is_protected (corpus[7], &quotes, "\"go there. now\"") && is_protected (corpus[7], &quotes, "“Quoted. text”"),
          "with protect_quotes, quoted text is left alone");
  g_autoptr (GArray) s2 = draftd_grammar_segment (corpus[2], strlen (corpus[2]), NULL, NULL);
  tap_ok (s2->len == 4, "CRLF lines and paragraphs split into sentences (%u pieces)", s2->len);
  const char *apos = "I don`t know why she can`t come, and `ls -l` lists files.";
  tap_ok (!is_protected (apos, NULL, "don`t") && !is_protected (apos, NULL, "`t know why she can`") && is_protected (apos, NULL, "`ls -l`"),
          "backticks used as apostrophes are not inline code");
  const char *lit = "Mail bob@example.org about /etc/fstab, 5 km and 3.5GHz; see [the docs](https://x.org/a) or <b>this</b>.";
  tap_ok (is_protected (lit, NULL, "bob@example.org") && is_protected (lit, NULL, "/etc/fstab") && is_protected (lit, NULL, "5 km") &&
              is_protected (lit, NULL, "3.5GHz") && is_protected (lit, NULL, "](https://x.org/a)") && is_protected (lit, NULL, "<b>") &&
              !is_protected (lit, NULL, "the docs"),
          "addresses, paths, numbers with units, link targets and tags are protected spans");
  const char *table = "| a | b |\n|---|---|\n    indented code. here\nText here.";
  tap_ok (is_protected (table, NULL, "| a | b |") && is_protected (table, NULL, "|---|---|") && is_protected (table, NULL, "indented code. here") &&
              !is_protected (table, NULL, "Text here."),
          "table rows and indented code are protected lines");
  /* Issue 33: "a) The work" became "A) The work" over the GPL. */
  const char *items = "a) The work must carry notices.\n(ii) the power, direct or indirect.\niv. Terms of the licence.\n"
                      "B. Another item.\nThe costs: (a) you must give; b) you must cause notices.\nI. Said so.";
  tap_ok (is_protected (items, NULL, "a)") && is_protected (items, NULL, "(ii)") && is_protected (items, NULL, "iv.") &&
              is_protected (items, NULL, "B.") && is_protected (items, NULL, "(a)") && is_protected (items, NULL, "b)") &&
              is_protected (items, NULL, "I.") && !is_protected (items, NULL, "The work must carry notices.") &&
              !is_protected (items, NULL, "you must give;"),
          "enumerators (a), (ii), iv., B., and within a line (a) and b), are list markers");
  const char *not_items = "He said I. Then left.\nMix iiii) here and ab) there.";
  tap_ok (!is_protected (not_items, NULL, "iiii)") && !is_protected (not_items, NULL, "ab)"),
          "words that only look like enumerators are prose");
}

/* A confusable's flip is named by its pair, the same either way (rule ids build on it). */
static void
check_confusable_rules (void)
{
  g_autofree char *a = draftd_candidates_confusable_rule ("were", "where");
  g_autofree char *b = draftd_candidates_confusable_rule ("Where", "were");
  g_autofree char *c = draftd_candidates_confusable_rule ("It\u2019s", "its");
  g_autofree char *d = draftd_candidates_confusable_rule ("their", "they're");
  g_autofree char *e = draftd_candidates_confusable_rule ("cat", "dog");
  g_autofree char *f = draftd_candidates_confusable_rule ("then", "then");
  tap_ok (g_strcmp0 (a, "confusable.were-where") == 0 && g_strcmp0 (b, a) == 0 && g_strcmp0 (c, "confusable.it's-its") == 0 &&
              g_strcmp0 (d, "confusable.their-they're") == 0 && e == NULL && f == NULL,
          "confusable flips are named by their pair: %s %s %s %s", a, b, c, d);
}

/* However long, a sentence is one piece: nothing is cut at a byte limit. */
static void
check_long_sentence (void)
{
  GString *longs = g_string_new ("First sentence. ");
  for (guint i = 0; i < 120; i++)
    g_string_append_printf (longs, "%s number %u runs on%s", i ? "clause" : "Clause", i, i % 10 == 9 ? "; " : i % 3 == 2 ? ", " : " and ");
  g_string_append (longs, "the end. Last sentence.");
  g_autoptr (GArray) sl = draftd_grammar_segment (longs->str, longs->len, NULL, NULL);
  gboolean gaps;
  gsize mid = strstr (longs->str, "Clause number 0") - longs->str;
  tap_ok (sl->len == 3 && g_array_index (sl, DraftdGrammarSegment, 1).start == mid &&
              g_array_index (sl, DraftdGrammarSegment, 1).end == (gsize) (strstr (longs->str, " Last") - longs->str) &&
              rebuilds (longs->str, sl, &gaps) && gaps,
          "a %zu-byte sentence stays one piece between its neighbours (%u pieces)", longs->len, sl->len);
  g_autoptr (GArray) cuts = g_array_new (FALSE, FALSE, sizeof (gsize));
  draftd_grammar_clause_cuts (longs->str, mid, longs->len, NULL, 0, cuts);
  gboolean at_marks = cuts->len > 20;
  for (guint i = 0; i < cuts->len; i++)
    at_marks &= longs->str[g_array_index (cuts, gsize, i)] == ' ' && strchr (",;", longs->str[g_array_index (cuts, gsize, i) - 1]);
  tap_ok (at_marks, "clause cuts fall after commas and semicolons only (%u)", cuts->len);
  g_string_free (longs, TRUE);
}

/* Random Unicode: segmentation rebuilds, edits round-trip in every unit. */
static void
check_random_unicode (void)
{
  DraftdGrammarSegmentOptions quotes = { TRUE };
  gboolean gaps;
  GRand *r = g_rand_new_with_seed (7);
  guint seg_ok = 0, diff_ok = 0, n = 2000, total_edits = 0;
  for (guint i = 0; i < n; i++) {
    g_autofree char *t = random_text (r, g_rand_int_range (r, 0, 60));
    g_autoptr (GArray) segs = draftd_grammar_segment (t, strlen (t), i % 2 ? &quotes : NULL, NULL);
    seg_ok += rebuilds (t, segs, &gaps) && gaps;
    g_autofree char *m = mutate (r, t);
    guint ne;
    diff_ok += round_trip (t, m, &ne);
    total_edits += ne;
  }
  g_rand_free (r);
  tap_ok (seg_ok == n, "random Unicode: %u/%u texts rebuild from their pieces", seg_ok, n);
  tap_ok (diff_ok == n, "random Unicode: %u/%u edit sets (%u edits) re-apply exactly in codepoint, utf8 and utf16", diff_ok, n,
          total_edits);
}

/* Edits: minimal, classified, with short messages. */
static void
check_edit_kinds (void)
{
  guint ne = 0;
  gboolean typical = round_trip (corpus[0], "She went to school yesterday and bought two books.", &ne);
  tap_ok (typical && ne == 3,
          "a typical correction gives 3 minimal edits (%u)", ne);
  g_autoptr (GArray) ed = draftd_grammar_edits_new ();
  const char *a = "Their going too the park, its nice.";
  const char *b = "They're going to the park; it's nice.";
  draftd_grammar_diff (a, 0, strlen (a), b, strlen (b), FALSE, ed);
  g_autoptr (GString) kinds = g_string_new (NULL);
  for (guint i = 0; i < ed->len; i++)
    g_string_append_printf (kinds, "%s%s", i ? "," : "", g_array_index (ed, DraftdGrammarEdit, i).kind);
  tap_ok (ed->len == 4 && strstr (kinds->str, "punctuation"), "edit kinds are classified: %s", kinds->str);
  /* Issue 47: a change of case is labelled as what it is, not as punctuation. */
  g_autoptr (GArray) cased = draftd_grammar_edits_new ();
  draftd_grammar_diff ("Yesterday i went home.", 0, 22, "Yesterday I went home.", 22, FALSE, cased);
  const DraftdGrammarEdit *cap = cased->len == 1 ? &g_array_index (cased, DraftdGrammarEdit, 0) : NULL;
  tap_ok (cap && g_str_equal (cap->kind, "capitalization") && g_str_equal (draftd_grammar_edit_kind ("punctuation", "i", "I"), "capitalization") &&
              g_str_equal (draftd_grammar_edit_kind ("punctuation", "", ","), "punctuation"),
          "'i' -> 'I' is capitalization, from the diff and from a rule's fix (%s)", cap ? cap->kind : "no edit");
  g_autoptr (GArray) ed2 = draftd_grammar_edits_new ();
  draftd_grammar_diff ("teh cat", 0, 7, "the cat", 7, FALSE, ed2);
  tap_ok (ed2->len == 1 && g_str_equal (g_array_index (ed2, DraftdGrammarEdit, 0).kind, "spelling"), "'teh' -> 'the' is spelling");
  g_autoptr (GArray) ed4 = draftd_grammar_edits_new ();
  draftd_grammar_diff ("She have a cat.", 0, 15, "She has a cat.", 14, FALSE, ed4);
  tap_ok (ed4->len == 1 && g_str_equal (g_array_index (ed4, DraftdGrammarEdit, 0).kind, "grammar") &&
              g_str_equal (g_array_index (ed4, DraftdGrammarEdit, 0).message, "agreement: have \u2192 has"),
          "'have' -> 'has' is grammar (agreement), not a misspelling: %s",
          ed4->len ? g_array_index (ed4, DraftdGrammarEdit, 0).message : "-");
  g_autoptr (GArray) ed3 = draftd_grammar_edits_new ();
  const char *c3 = "She go to teh park , i think .", *n3 = "She goes to the park, I think.";
  draftd_grammar_diff (c3, 0, strlen (c3), n3, strlen (n3), FALSE, ed3);
  g_autoptr (GString) msgs = g_string_new (NULL);
  for (guint i = 0; i < ed3->len; i++)
    g_string_append_printf (msgs, "%s%s", i ? "; " : "", g_array_index (ed3, DraftdGrammarEdit, i).message);
  tap_ok (strstr (msgs->str, "agreement: go \u2192 goes") && strstr (msgs->str, "spelling: teh \u2192 the") &&
              strstr (msgs->str, "capitalization: i \u2192 I"),
          "edits carry short messages: %s", msgs->str);
}

/* Last-line checks on answers and edits. */
static void
check_answers (void)
{
  tap_ok (draftd_grammar_check_answer ("So what shall I do ?", "So what shall I do I do I do.", NULL, 0, FALSE) ==
              DRAFTD_GRAMMAR_CHECK_REPETITION &&
              draftd_grammar_check_answer ("It is very very good.", "It is very very good.", NULL, 0, FALSE) == DRAFTD_GRAMMAR_CHECK_OK,
          "a repetition loop the source does not have is caught");
  DraftdGrammarSpan code = { 4, 10 };
  tap_ok (draftd_grammar_check_answer ("Use `ls -l` now.", "Use `ls` now.", &code, 1, FALSE) == DRAFTD_GRAMMAR_CHECK_PROTECTED &&
              draftd_grammar_check_answer ("A short one.", "A short one and then a great deal more text that was never there.", NULL,
                                           0, FALSE) == DRAFTD_GRAMMAR_CHECK_LENGTH &&
              draftd_grammar_check_answer ("We saw the house, the garden and the river behind the old mill.", "We saw.", NULL, 0,
                                           FALSE) == DRAFTD_GRAMMAR_CHECK_LENGTH,
          "lost protected spans, runaway and collapsed answers are caught");
  const char *urban = "Since most urban areas are full";
  DraftdGrammarEdit drop = { 16, 22, (char *) "", "grammar", NULL, NULL };
  DraftdGrammarEdit neg = { 0, 0, (char *) "not ", "grammar", NULL, NULL };
  tap_ok (draftd_grammar_check_edit (urban, &drop, NULL, NULL) == DRAFTD_GRAMMAR_CHECK_DELETION &&
              draftd_grammar_check_edit (urban, &neg, NULL, NULL) == DRAFTD_GRAMMAR_CHECK_MEANING,
          "an edit dropping a content word, or adding a negation, is refused");
}

/* Languages guessed per sentence. */
static void
check_language_guess (void)
{
  static const struct {
    const char *text, *lang;
  } langs[] = {
    { "Le café était très bon et le service aussi.", "fr" }, { "Der Kaffee war sehr gut und der Kuchen auch.", "de" },
    { "El café estaba muy bueno y el servicio también.", "es" }, { "We met at the Café Müller on Tuesday.", "en" },
    { "東京は日本の首都です。", "ja" }, { "我们明天去公园散步。", "zh" }, { "Москва — столица России.", "ru" },
    { "The menu said “plat du jour” and nothing else.", "en" },
  };
  guint lang_ok = 0;
  for (guint i = 0; i < G_N_ELEMENTS (langs); i++) {
    const char *g = draftd_grammar_guess_language (langs[i].text, strlen (langs[i].text));
    lang_ok += g && g_str_equal (g, langs[i].lang);
    if (!g || !g_str_equal (g, langs[i].lang))
      tap_diag ("%s: guessed %s", langs[i].text, g ? g : "(none)");
  }
  const char *const fr_de[] = { "fr", "de", NULL };
  tap_ok (lang_ok == G_N_ELEMENTS (langs) && draftd_grammar_language_supported ("en", NULL) &&
              !draftd_grammar_language_supported ("fr", NULL) && draftd_grammar_language_supported ("de", fr_de),
          "languages guessed per sentence (%u/%u); English only unless the model declares others", lang_ok,
          (guint) G_N_ELEMENTS (langs));
}

/* Edits that do not fit, and the three offset units. */
static void
check_offsets (void)
{
  const guint32 o1 = 0, l1 = 99;
  const char *rep = "x";
  g_autofree char *bad = draftd_grammar_apply_edits ("abc", &o1, &l1, &rep, 1, DRAFTD_GRAMMAR_UNIT_CODEPOINT);
  tap_ok (bad == NULL, "edits that do not fit the text are refused");
  /* An emoji is 1 code point, 2 UTF-16 units, 4 bytes. */
  tap_ok (draftd_grammar_offset_convert ("a🙂b", 5, DRAFTD_GRAMMAR_UNIT_CODEPOINT) == 2 && draftd_grammar_offset_convert ("a🙂b", 5, DRAFTD_GRAMMAR_UNIT_UTF16) == 3 &&
              draftd_grammar_offset_convert ("a🙂b", 5, DRAFTD_GRAMMAR_UNIT_UTF8) == 5,
          "offsets count code points, UTF-16 units or bytes");
  /* A cursor counts on from its last offset, and starts over for an earlier one, another text
   * or another unit: every answer is the plain conversion's. */
  const char *text = "né 🙂 a🙂b çà 🙂🙂 end";
  const gsize at[] = { 0, 1, 3, 4, 8, 9, 9, 14, 3, 20, 31, 10, 31, 33 };
  DraftdOffsetCursor c = { 0 };
  gboolean same = TRUE;
  for (guint u = 0; u < 3; u++)
    for (guint i = 0; i < G_N_ELEMENTS (at); i++) {
      DraftdGrammarOffsetUnit unit = u == 0 ? DRAFTD_GRAMMAR_UNIT_CODEPOINT : u == 1 ? DRAFTD_GRAMMAR_UNIT_UTF16 : DRAFTD_GRAMMAR_UNIT_UTF8;
      same = same && draftd_grammar_offset_at (&c, text, at[i], unit) == draftd_grammar_offset_convert (text, at[i], unit);
    }
  tap_ok (same, "a cursor over a text's offsets answers as the plain conversion, in any order");
}

int
main (void)
{
  check_corpus_rebuilds ();
  check_protected_spans ();
  check_confusable_rules ();
  check_long_sentence ();
  check_random_unicode ();
  check_edit_kinds ();
  check_answers ();
  check_language_guess ();
  check_offsets ();
  check_model_languages ();
  return tap_done ();
}
