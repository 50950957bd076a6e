/* Respelling a misspelt word of a language the model does not know (issue 51): no model
 * judges the dictionary's suggestions there, so only the slips writers make and dictionaries
 * undo unambiguously are taken (docs/correction.md#languages). */
#include <string.h>
#include "grammar/candidates-private.h"
#include "grammar/spell.h"

/* The letters of a word without their marks, lower case ("Přílišně" -> "prilisne"; "ї" -> "і",
 * "ё" -> "е"): NFD, then the combining marks dropped, but for "й", a letter of its own that
 * endings turn on ("українськи" is not "український" with an "и" doubled). */
static gunichar *
bare_letters (const char *word, glong *n)
{
  g_autofree char *nfd = g_utf8_normalize (word, -1, G_NORMALIZE_NFD);
  g_autofree char *lower = nfd ? g_utf8_strdown (nfd, -1) : NULL;
  g_autofree gunichar *all = lower ? g_utf8_to_ucs4_fast (lower, -1, n) : NULL;
  if (all == NULL)
    return NULL;
  gunichar *out = g_new (gunichar, *n + 1);
  glong k = 0;
  for (glong i = 0; i < *n; i++)
    if (!g_unichar_ismark (all[i]))
      out[k++] = all[i];
    else if (all[i] == 0x0306 && k > 0 && out[k - 1] == 0x0438)
      out[k - 1] = 0x0439; /* "й" is a letter of its own: "ий" is no doubled "и" */
  out[k] = 0;
  *n = k;
  return out;
}

/* One letter more, or less, or swapped with its neighbour, or another letter, at position i of
 * the shorter word: which edit turns a into b, if one does; 0 otherwise. */
static char
one_edit (const gunichar *a, glong na, const gunichar *b, glong nb, glong *at)
{
  glong i = 0;
  while (i < na && i < nb && a[i] == b[i])
    i++;
  *at = i;
  if (na == nb) {
    if (i + 1 < na && a[i] == b[i + 1] && a[i + 1] == b[i] && memcmp (a + i + 2, b + i + 2, (na - i - 2) * sizeof *a) == 0)
      return 't';
    return i < na && memcmp (a + i + 1, b + i + 1, (na - i - 1) * sizeof *a) == 0 ? 's' : 0;
  }
  if (na == nb + 1 && memcmp (a + i + 1, b + i, (nb - i) * sizeof *a) == 0)
    return 'd';
  if (nb == na + 1 && memcmp (a + i, b + i + 1, (na - i) * sizeof *a) == 0)
    return 'i';
  return 0;
}

static gboolean transliterated (const char *word, const char *suggestion);
static gboolean yi_for_i (const char *word, const char *suggestion);
static gboolean apostrophe_left_out (const char *word, const char *suggestion);

/* The one edit between the bare letters of `word` and `suggestion` (one_edit's kind, 0 for
 * none), where it is, and the longer word's length. */
static char
bare_edit (const char *word, const char *suggestion, glong *at, glong *longer)
{
  glong na = 0, nb = 0;
  g_autofree gunichar *a = bare_letters (word, &na), *b = bare_letters (suggestion, &nb);
  *longer = MAX (na, nb);
  return a && b ? one_edit (a, na, b, nb, at) : 0;
}

/* Is `suggestion` `word` with one letter changed for another: the weakest of the sure changes
 * (a long word's), which a suggestion ranked ahead of it puts in doubt. */
static gboolean
substituted (const char *word, const char *suggestion)
{
  glong at = 0, longer = 0;
  return bare_edit (word, suggestion, &at, &longer) == 's';
}

/* Is `suggestion` `word` with a letter put back that it left out? */
static gboolean
dropped (const char *word, const char *suggestion)
{
  glong at = 0, longer = 0;
  return bare_edit (word, suggestion, &at, &longer) == 'i';
}

/* Is `suggestion` one edit from `word` in its last two letters: another form of the word the
 * dictionary offers for a form it lacks ("третем": "трете" before "третьем"), no rival
 * to a typo's fix inside the word? */
static gboolean
other_ending (const char *word, const char *suggestion)
{
  glong at = 0, longer = 0;
  return bare_edit (word, suggestion, &at, &longer) != 0 && at + 2 >= longer;
}

gboolean
draftd_candidates_same_letters (const char *word, const char *suggestion)
{
  if (transliterated (word, suggestion) || yi_for_i (word, suggestion) || apostrophe_left_out (word, suggestion))
    return TRUE;
  glong na = 0, nb = 0;
  g_autofree gunichar *a = bare_letters (word, &na), *b = bare_letters (suggestion, &nb);
  return a && b && na == nb && na > 0 && a[0] < 0x250 && memcmp (a, b, na * sizeof *a) == 0;
}

/* Is `word` `suggestion` written without its umlauts and eszett, as a keyboard without them
 * writes German ("schoen" for "schön", "Strasse" for "Straße")? */
static gboolean
transliterated (const char *word, const char *suggestion)
{
  static const char *const pairs[][2] = { { "ä", "ae" }, { "ö", "oe" }, { "ü", "ue" }, { "ß", "ss" },
                                          { "Ä", "Ae" }, { "Ö", "Oe" }, { "Ü", "Ue" } };
  GString *t = g_string_new (suggestion);
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    g_string_replace (t, pairs[i][0], pairs[i][1], 0);
  gboolean same = !g_str_equal (t->str, suggestion) && g_ascii_strcasecmp (t->str, word) == 0;
  g_string_free (t, TRUE);
  return same;
}

/* Is `word` `suggestion` with Ukrainian's "ї" written as "і", its mark left out ("компаніі"
 * for "компанії")? Of Cyrillic's letters with marks, only this one is a mark a hurried hand
 * drops: "й" and "и" are inflections of their own ("удалений", "удалении"). */
static gboolean
yi_for_i (const char *word, const char *suggestion)
{
  g_autofree char *a8 = g_utf8_strdown (word, -1), *b8 = g_utf8_strdown (suggestion, -1);
  glong na = 0, nb = 0;
  g_autofree gunichar *a = g_utf8_to_ucs4_fast (a8, -1, &na), *b = g_utf8_to_ucs4_fast (b8, -1, &nb);
  guint n = 0;
  for (glong i = 0; na == nb && i < na; i++) {
    if (a[i] == b[i])
      continue;
    if (a[i] != 0x0456 || b[i] != 0x0457)
      return FALSE;
    n++;
  }
  return na == nb && n > 0;
}

/* Is `word` `suggestion` with Ukrainian's apostrophe left out where its spelling puts one, after
 * "б п в м ф р" before "я", "ю", "є", "ї" ("сімєю" for "сім'єю", "подвірї" for "подвір'ї"), or
 * with Russian's soft sign written in its place ("пьє", "компьютер": Russian's "пьёт",
 * "компьютер")? A keyboard's apostrophe is a key away and often left out. Not after a prefix
 * ("з'ява"): "зяву" is "заяву", a letter left out, as likely. */
static gboolean
apostrophe_left_out (const char *word, const char *suggestion)
{
  glong na = 0, nb = 0;
  g_autofree gunichar *a = g_utf8_to_ucs4_fast (word, -1, &na), *b = g_utf8_to_ucs4_fast (suggestion, -1, &nb);
  if (nb != na + 1 && nb != na)
    return FALSE;
  glong i = 0;
  while (i < na && a[i] == b[i])
    i++;
  /* The soft sign written for the apostrophe: one letter for one. */
  glong soft = nb == na;
  if (soft && (i >= na || a[i] != 0x044C))
    return FALSE;
  gboolean apostrophe = b[i] == '\'' || b[i] == 0x2019 || b[i] == 0x02BC;
  gunichar before = i > 0 ? a[i - 1] : 0;
  gboolean labial = before == 0x0431 || before == 0x043F || before == 0x0432 || before == 0x043C || before == 0x0444 ||
                    before == 0x0440 || before == 0x0411 || before == 0x041F || before == 0x0412 || before == 0x041C ||
                    before == 0x0424 || before == 0x0420;
  glong v = i + soft;
  return apostrophe && labial && v < na && (a[v] == 0x044F || a[v] == 0x044E || a[v] == 0x0454 || a[v] == 0x0457) &&
         memcmp (a + v, b + i + 1, (na - v) * sizeof *a) == 0;
}

gboolean
draftd_candidates_sure_respelling (const char *word, const char *suggestion)
{
  if (transliterated (word, suggestion) || yi_for_i (word, suggestion) || apostrophe_left_out (word, suggestion))
    return TRUE;
  glong na = 0, nb = 0, at = 0;
  g_autofree gunichar *a = bare_letters (word, &na), *b = bare_letters (suggestion, &nb);
  if (a == NULL || b == NULL || na < 2 || strpbrk (suggestion, " -'"))
    return FALSE;
  /* The marks alone, in Latin letters: "prilis" -> "příliš", and in words of three letters
   * too ("muj" -> "můj", "cas" -> "čas"), and of two ("uz" -> "už": a dictionary rejects
   * few words of two letters, and an abbreviation has no marked twin). Cyrillic's letters
   * with marks are letters of their own that inflection turns on ("удалений", "удалении"). */
  if (na == nb && memcmp (a, b, na * sizeof *a) == 0)
    return a[0] < 0x250;
  if (na < 4)
    return FALSE;
  char kind = one_edit (a, na, b, nb, &at);
  /* A word's first letter written twice is a prefix ("ввечорі" is "ввечері", a vowel away,
   * not "вечорі"; "ввести", "ссора"), seldom a slip. */
  if (kind == 'd' && at == 1 && a[0] == a[1])
    return FALSE;
  /* A doubled letter added or dropped, or two letters swapped, inside the word. */
  if ((kind == 'd' && at > 0 && a[at] == a[at - 1]) || (kind == 'i' && at > 0 && b[at] == b[at - 1]))
    return TRUE;
  if (kind == 't' && at + 2 < na)
    return TRUE;
  /* A letter dropped inside the word ("dervnju" for "derevnju", "minen" for "meinen"): the
   * commonest slip of a hurried hand, and a dictionary's gap seldom looks like one. */
  if (kind == 'i' && at + 1 < na)
    return TRUE;
  /* Any other single edit only in a long word and away from its last three letters: a word's
   * end is where inflection lives, and a dictionary that lacks a form suggests a neighbour of
   * it ("файла" -> "файл", "дамп" -> "дам"). Nor in its first letter, which writers seldom
   * mistype and a new word the dictionary lacks differs in from its neighbour ("vlogerka":
   * "blogerka"). */
  return kind != 0 && na >= 7 && at > 0 && at + 3 < MIN (na, nb);
}

/* Letters a learner writes for one another by their sound: Russian's and Ukrainian's unstressed
 * vowels (о/а, е/и, е/я, и/ы) and voiced and voiceless consonants (б/п, в/ф, г/к, д/т, ж/ш,
 * з/с: "хлеп", "друк", "зарятку"); Czech's i/y and í/ý ("chitrý"). A vowel counts only away
 * from the last two letters, where endings and their grammar live ("домашнем" and "домашним"
 * are two cases), but for Russian's "ы"/"и", which write one ending after a hard stem and a
 * soft one ("домашным": "домашним", the same case): Czech's i/y in an ending is grammar
 * ("hrali", "hrály"). */
static const struct {
  gunichar a, b;
  gboolean vowel;  /* not in the last two letters, unless `ending` */
  gboolean ending; /* the same ending after a hard or a soft stem */
  const char *lang; /* the one language whose writers confuse them; NULL: any here */
} sound_pairs[] = {
  { 0x043E, 0x0430, TRUE, FALSE, NULL }, { 0x0435, 0x0438, TRUE, FALSE, NULL }, { 0x0435, 0x044F, TRUE, FALSE, NULL },
  { 0x0438, 0x044B, TRUE, TRUE, NULL },  { 'i', 'y', TRUE, FALSE, NULL },       { 0xED, 0xFD, TRUE, FALSE, NULL },
  { 0x0431, 0x043F, FALSE, FALSE, NULL }, { 0x0432, 0x0444, FALSE, FALSE, NULL }, { 0x0433, 0x043A, FALSE, FALSE, NULL },
  { 0x0434, 0x0442, FALSE, FALSE, NULL }, { 0x0436, 0x0448, FALSE, FALSE, NULL }, { 0x0437, 0x0441, FALSE, FALSE, NULL },
  /* Ukrainian's "і" and "и": a Russian speaker writes Russian's "и" as Ukrainian's "і"
   * ("прочітав", "кніжка"), and "и" where Ukrainian has "і"; a vowel, so never in an ending. */
  { 0x0456, 0x0438, TRUE, FALSE, "uk" },
  /* Spanish says "b" and "v" alike ("estava", "tuvo" written "tubo"): a Spanish writer's
   * commonest slip of the ear, and the one of Portuguese learners. */
  { 'b', 'v', FALSE, FALSE, "es" },
};

/* Is `suggestion` `word` with a slip of the ear: a letter written for its sound-alike
 * (sound_pairs), or a soft or hard sign, or a doubled letter, left out ("маленкой", "восем",
 * "руский"), or a soft sign put in ("кажеться")? A dictionary offers several sure changes for such a word ("руский": "русский",
 * "рурский"), and the one the ear explains is the learner's. */
static gboolean
sound_slip (const char *lang, const char *word, const char *suggestion)
{
  g_autofree char *a8 = g_utf8_strdown (word, -1), *b8 = g_utf8_strdown (suggestion, -1);
  glong na = 0, nb = 0, at = 0;
  g_autofree gunichar *a = g_utf8_to_ucs4_fast (a8, -1, &na), *b = g_utf8_to_ucs4_fast (b8, -1, &nb);
  char kind = na >= 4 ? one_edit (a, na, b, nb, &at) : 0;
  if (kind == 'i')
    return at > 0 && (b[at] == 0x044C || b[at] == 0x044A || b[at] == b[at - 1]);
  /* A soft sign put in where none is said: before a reflexive "ся" ("кажеться",
   * "понравилься": "-тся" and "-ться" sound alike) and after a hushing consonant that is
   * always hard or soft ("борщь", "врачь": "борщ", "врач"). */
  if (kind == 'd')
    return at > 0 && a[at] == 0x044C;
  if (kind != 's')
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (sound_pairs); i++)
    if (sound_pairs[i].lang && g_strcmp0 (sound_pairs[i].lang, lang) != 0)
      continue;
    else if ((a[at] == sound_pairs[i].a && b[at] == sound_pairs[i].b) || (a[at] == sound_pairs[i].b && b[at] == sound_pairs[i].a))
      return !sound_pairs[i].vowel || sound_pairs[i].ending || at + 2 < na;
  return FALSE;
}

/* Letters Russian spelling never writes as a learner wrote them, each with what it writes
 * instead: "ы" after "ж ш ч щ" is "и" ("свежые", "старшый"), "я" and "ю" after "ч щ" are "а"
 * and "у" ("чюдо"); "щ" sounds as "сч" does ("щастливый"); a consonant Russian writes but
 * does not say, left out or put in where it does not belong ("празник", "поздно" said
 * "позно"; "интерестный", "ужастный" said as "интересный"). A rejected word that such a
 * rule explains is the learner's slip, whatever the dictionary ranks ahead of its fix: the
 * ending the rule puts right is no guess ("свежые": "свежие", not the "свежее" ranked first). */
static const struct {
  const char *lang, *written, *meant;
} spelling_rules[] = {
  { "ru", "жы", "жи" }, { "ru", "шы", "ши" }, { "ru", "чы", "чи" }, { "ru", "щы", "щи" },
  { "ru", "чя", "ча" }, { "ru", "щя", "ща" }, { "ru", "чю", "чу" }, { "ru", "щю", "щу" },
  { "ru", "щ", "сч" },  { "ru", "зн", "здн" }, { "ru", "сн", "стн" }, { "ru", "стн", "сн" },
  { "ru", "здн", "зн" },
  /* Stressed "о" after "ж ш ч щ" in an ending, which learners write "ё" as in the root
   * ("врачём", "пирожёк"). */
  { "ru", "жём$", "жом" }, { "ru", "шём$", "шом" }, { "ru", "чём$", "чом" }, { "ru", "щём$", "щом" },
  { "ru", "жёк$", "жок" }, { "ru", "шёк$", "шок" }, { "ru", "чёк$", "чок" },
  /* Ukrainian writes "є" after a vowel, where "е" would run into it ("подобаеться",
   * "навчаеться"), and in the soft adjectives' neuter ending ("домашне", "сине"): "е" is the
   * Russian keyboard's, and the learner's Russian, habit. */
  { "uk", "ае", "ає" }, { "uk", "ое", "оє" }, { "uk", "уе", "ує" }, { "uk", "іе", "іє" },
  { "uk", "ие", "иє" }, { "uk", "яе", "яє" }, { "uk", "юе", "ює" }, { "uk", "не$", "нє" },
};

/* `word` with the one place where it breaks a rule of `lang`'s spelling (spelling_rules)
 * put right, where the dictionary lists that form: asked of the dictionary rather than found
 * among the suggestions, which rank by letters and miss what sounds alike ("щитаем":
 * "считаем", two letters away). NULL where no rule, or more than one form, fits. */
static char *
spelling_rule_fix (DraftdSpell *spell, const char *lang, const char *word)
{
  g_autofree char *a = g_utf8_strdown (word, -1);
  char *found = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (spelling_rules); i++) {
    if (g_strcmp0 (lang, spelling_rules[i].lang) != 0)
      continue;
    /* A rule ending in "$" holds at the word's end only. */
    gsize n = strlen (spelling_rules[i].written);
    gboolean at_end = spelling_rules[i].written[n - 1] == '$';
    g_autofree char *written = g_strndup (spelling_rules[i].written, n - at_end);
    n -= at_end;
    for (const char *at = strstr (a, written); at; at = strstr (at + 1, written)) {
      if (at_end && at[n] != '\0')
        continue;
      g_autofree char *fixed = g_strdup_printf ("%.*s%s%s", (int) (at - a), a, spelling_rules[i].meant, at + n);
      if (!draftd_spell_check (spell, lang, fixed) || g_strcmp0 (found, fixed) == 0)
        continue;
      if (found) {
        g_free (found);
        return NULL;
      }
      found = g_steal_pointer (&fixed);
    }
  }
  return found;
}

/* Does `suggestion` keep every mark `word` was written with ("krasné": "krásné" does, "krásně"
 * turns its "é" into "ě")? A writer who typed a mark meant it; the marks left out are the guess. */
static gboolean
keeps_marks (const char *word, const char *suggestion)
{
  g_autofree char *a8 = g_utf8_strdown (word, -1), *b8 = g_utf8_strdown (suggestion, -1);
  glong na = 0, nb = 0;
  g_autofree gunichar *a = g_utf8_to_ucs4_fast (a8, -1, &na), *b = g_utf8_to_ucs4_fast (b8, -1, &nb);
  for (glong i = 0; na == nb && i < na; i++)
    if (a[i] >= 0x80 && a[i] != b[i])
      return FALSE;
  return na == nb;
}

/* Is `form` a relative's rather than `lang`'s, though `lang`'s dictionary lists it: Slovak's
 * infinitive in "-iť", "-ať" in Czech, whose own is "-it", "-at" (cs_CZ lists "uciť" beside
 * "učit", and ranks it first for "ucit": "Musím se ucit" became "uciť")? Ranked behind the
 * language's own marked forms. */
static gboolean
relatives_form (const char *lang, const char *form)
{
  return g_strcmp0 (lang, "cs") == 0 && form && g_utf8_strlen (form, -1) >= 4 &&
         (g_str_has_suffix (form, "iť") || g_str_has_suffix (form, "ať"));
}

/* A misspelt word of a language the model does not know: no model judges it, so only a sure
 * change is made (draftd_candidates_sure_respelling). A form that differs by marks alone is
 * taken wherever it ranks among the suggestions: the index ranks a mark like any other letter
 * ("musica" -> "muisca" by a swap before "música"), and marks are what learners and keyboards
 * without them leave out. Of several such forms ("krasne": "krásné", "krásně") the first
 * ranked is taken, after those that keep the marks the word was written with: a guess, right
 * on 53% of Czech native words stripped of their marks and 66% of French ones (no tie-break
 * by marks did better in both), where a misspelt word left as it is is surely wrong. Any other sure change must be among
 * the first four and the only one there; one that changes a letter for another must also
 * have no other suggestion ranked ahead of it, other endings of the word aside: a neighbour
 * ranked ahead is as likely ("будующем": "будущем" before "бушующем"; "третем": "трете"
 * before "третьем" does not count). A dropped letter put back needs no such rank: the
 * neighbour ahead is mostly a word with one letter less ("зазвчай": "завчай" before
 * "зазвичай"), nor does a letter changed for another ranked behind it ("следущим":
 * "следующим" before "сведущим"). A word that breaks a rule of its language's spelling
 * (spelling_rules: "свежые") takes the form the rule puts right, where the dictionary
 * lists it. Names (capitalised inside a sentence) and English words (technical terms,
 * quotations: "literal" in Czech text) are left alone, but for their marks where the writer
 * leaves marks out elsewhere in the sentence (DraftdCandidateContext.drops_marks). On native sentences of each language
 * and the learner set: docs/correction.md#languages. */
static char *
foreign_sure (const DraftdCandidateContext *c, const Word *w, const char *const *sugg, gboolean english)
{
  const char *marks = NULL, *first = NULL, *sound = NULL;
  gboolean kept = FALSE; /* `marks` keeps the marks the word was written with */
  guint n_marks = 0, n_sure = 0, n_sound = 0;
  guint n_against_ear = 0; /* sure changes that rival the slip of the ear */
  gboolean sound_sure = FALSE;   /* the slip of the ear is a sure change too */
  gboolean dropped_ahead = FALSE; /* a letter left out, put back, ranked ahead of it */
  gboolean rival = FALSE; /* a suggestion ranked ahead that is no sure change */
  gboolean mark_kept = FALSE; /* one of the first four keeps the word's marks, a letter changed */
  gboolean typed_mark = FALSE; /* the word, in Latin letters, has a mark */
  for (const char *p = w->text; *p; p = g_utf8_next_char (p))
    typed_mark = typed_mark || (g_utf8_get_char (p) >= 0x80 && g_utf8_get_char (p) < 0x250);
  for (guint i = 0; sugg[i]; i++) {
    g_autofree char *sl = g_utf8_strdown (sugg[i], -1);
    if (g_str_equal (sl, w->lower))
      continue;
    /* A name is no respelling of a word written in lower case ("зимным": "Зиминым", a
     * letter put back), other than its own letters with their marks ("praze": "Praze"); nor
     * a second slip of the ear beside the word it capitalises ("сахора": "сахара", "Сахара"). */
    if (g_unichar_isupper (g_utf8_get_char (sugg[i])) && !g_unichar_isupper (g_utf8_get_char (w->text)) &&
        !draftd_candidates_same_letters (w->text, sugg[i]))
      continue;
    mark_kept = mark_kept || (i < 4 && typed_mark && keeps_marks (w->text, sugg[i]) &&
                              !draftd_candidates_same_letters (w->text, sugg[i]));
    gboolean by_sound = i < 4 && sound_slip (c->lang, w->text, sugg[i]);
    if (by_sound && n_sound++ == 0) {
      sound = sugg[i];
      sound_sure = draftd_candidates_sure_respelling (w->text, sugg[i]) && !dropped_ahead;
    }
    dropped_ahead = dropped_ahead || (!by_sound && dropped (w->text, sugg[i]) && draftd_candidates_sure_respelling (w->text, sugg[i]));
    if (!draftd_candidates_sure_respelling (w->text, sugg[i])) {
      rival = rival || !other_ending (w->text, sugg[i]);
      continue;
    }
    if (draftd_candidates_same_letters (w->text, sugg[i])) {
      if (n_marks++ == 0 || (!kept && keeps_marks (w->text, sugg[i])) ||
          (relatives_form (c->lang, marks) && !relatives_form (c->lang, sugg[i]) && (!kept || keeps_marks (w->text, sugg[i]))))
        marks = sugg[i];
      kept = keeps_marks (w->text, marks);
      continue;
    }
    /* A letter changed for another, ranked behind the slip of the ear, is no rival to it
     * ("кажеться": "кажется", a soft sign put in, before "кажешься"). */
    if (i < 4 && sugg[i] != sound && !(sound && substituted (w->text, sugg[i])))
      n_against_ear++;
    /* A letter changed for another, ranked behind a dropped letter put back, is no rival to
     * it: the commonest slip ranked first ("следущим": "следующим" before "сведущим"). */
    if (i < 4 && !(first && dropped (w->text, first) && substituted (w->text, sugg[i])) && n_sure++ == 0 &&
             !(rival && substituted (w->text, sugg[i])))
      first = sugg[i];
  }
  /* A slip of the ear is taken among other sure changes ("руский": "русский" beside
   * "рурский"), unless a dropped letter put back ranks ahead of it (the commonest slip:
   * "втавати": "вставати" before "вдавати"), or where there are none ("хлеп", short for the
   * others), or where the only others are letters changed ranked behind it. Against a sure
   * change it is not, the word is a guess either way and left ("восем": "всосем" or
   * "восемь"). */
  const char *by_ear = n_sound == 1 && (sound_sure || n_against_ear == 0) ? sound : NULL;
  g_autofree char *ruled = n_marks > 0 ? NULL : spelling_rule_fix (c->spell, c->lang, w->text);
  const char *sure = n_marks > 0 ? marks : english ? NULL : ruled ? ruled : n_sound == 1 ? by_ear : n_sure == 1 ? first : NULL;
  /* A form that takes away a mark the writer typed is no sure change where a neighbour keeps
   * it ("mím": "mim" beside "ním", "jím"; "mým" was meant): the mark was meant, a letter was
   * not. */
  if (sure == marks && marks && !kept && mark_kept)
    sure = NULL;
  return g_strdup (sure);
}

/* Latin letters with the marks the languages here put on them, each after its bare letter. */
static const char *const marked_letters[][2] = {
  { "a", "áàâäã" }, { "e", "éèêëě" }, { "i", "íìîï" }, { "o", "óòôöõ" }, { "u", "úùûüů" }, { "y", "ý" },
  { "c", "čç" },    { "n", "ñň" },    { "s", "š" },    { "z", "ž" },    { "r", "řŕ" },    { "d", "ď" },
  { "t", "ť" },     { "l", "ľĺ" },
};

/* The forms of `word` from byte `from` on with `marks` marks more, one on each of as many
 * letters, that the dictionary lists: the first in *found, *many set at a second. */
static void
marked_forms (const DraftdCandidateContext *c, const char *word, gsize from, guint marks, char **found, gboolean *many)
{
  for (const char *p = word + from; *p && !*many; p = g_utf8_next_char (p)) {
    for (guint k = 0; k < G_N_ELEMENTS (marked_letters) && !*many; k++) {
      if (*p != marked_letters[k][0][0])
        continue;
      for (const char *m = marked_letters[k][1]; *m && !*many; m = g_utf8_next_char (m)) {
        int ml = (int) (g_utf8_next_char (m) - m);
        g_autofree char *form = g_strdup_printf ("%.*s%.*s%s", (int) (p - word), word, ml, m, p + 1);
        if (marks > 1)
          marked_forms (c, form, (p - word) + ml, marks - 1, found, many);
        else if (*found == NULL && draftd_spell_check (c->spell, c->lang, form))
          *found = g_steal_pointer (&form);
        else if (*found && g_strcmp0 (*found, form) != 0 && draftd_spell_check (c->spell, c->lang, form))
          *many = TRUE;
      }
    }
  }
}

/* `sugg` with the one form of `word` its dictionary lists with a single mark more put first
 * ("dia": "día", "lei": "leí"), or, where there is none, with two marks more ("naucit":
 * Slovak "naučiť"), where no suggestion differs from it by marks alone: the index ranks a
 * mark as any other letter, and a short word's ten suggestions leave it out ("dia": "dio",
 * "da", "di", ...), Hunspell's two marks away ("naucit": "tenacita" alone). NULL where there
 * is no such form, or more than one with as few marks. */
static char **
with_one_mark (const DraftdCandidateContext *c, const char *word, const char *const *sugg)
{
  for (guint i = 0; sugg && sugg[i]; i++)
    if (draftd_candidates_same_letters (word, sugg[i]))
      return NULL;
  char *found = NULL;
  gboolean many = FALSE;
  marked_forms (c, word, 0, 1, &found, &many);
  /* Two marks only in a word of a dozen letters at most: each pair is a dictionary lookup. */
  if (found == NULL && !many && g_utf8_strlen (word, -1) <= 12)
    marked_forms (c, word, 0, 2, &found, &many);
  if (found == NULL || many) {
    g_free (found);
    return NULL;
  }
  GPtrArray *out = g_ptr_array_new ();
  g_ptr_array_add (out, found);
  for (guint i = 0; sugg && sugg[i]; i++)
    g_ptr_array_add (out, g_strdup (sugg[i]));
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/* foreign_sure, and for a word capitalised at the sentence's start, the lower-case word's. */
static char *
respelt (const DraftdCandidateContext *c, const Word *w, const char *const *sugg, gboolean english)
{
  g_auto (GStrv) more = with_one_mark (c, w->text, sugg);
  if (more)
    sugg = (const char *const *) more;
  g_autofree char *sure = foreign_sure (c, w, sugg, english);
  /* A word capitalised only because it starts the sentence is respelt as the same word in lower
   * case would be: the dictionary's suggestions for the capitalised one are names ("Vas":
   * "Vaš", not "Váš"; "Babicka": "Babická" before "Babička"; "Nas" has no "Náš" at all). A
   * name it finds nothing for keeps the capitalised word's. */
  if (g_unichar_isupper (g_utf8_get_char (w->text)) && !g_str_equal (w->text, w->lower) &&
      g_str_equal (g_utf8_next_char (w->text), g_utf8_next_char (w->lower))) {
    Word lw = *w;
    lw.text = w->lower;
    g_auto (GStrv) ls = draftd_spell_suggest (c->spell, c->lang, w->lower);
    g_autofree char *lsure = ls ? foreign_sure (c, &lw, (const char *const *) ls, english) : NULL;
    if (lsure) {
      g_free (sure);
      sure = g_steal_pointer (&lsure);
    }
  }
  return g_steal_pointer (&sure);
}

/* Is the word next to `w` in `s` (dir -1: before it, 1: after it; past spaces and marks of
 * punctuation) one English's dictionary knows and `c`'s language's rejects ("Save" in "el
 * botón Save version")? */
static gboolean
english_beside (const DraftdCandidateContext *c, const char *s, const Word *w, int dir)
{
  const char *p = dir < 0 ? s + w->start : s + w->end;
  while (dir < 0 ? p > s : *p != '\0') {
    const char *q = dir < 0 ? g_utf8_prev_char (p) : p;
    if (g_unichar_isalpha (g_utf8_get_char (q)))
      break;
    p = dir < 0 ? q : g_utf8_next_char (p);
  }
  const char *a = p, *b = p;
  while (dir < 0 && a > s && (g_unichar_isalpha (g_utf8_get_char (g_utf8_prev_char (a))) || a[-1] == '\''))
    a = g_utf8_prev_char (a);
  while (dir > 0 && *b && (g_unichar_isalpha (g_utf8_get_char (b)) || *b == '\''))
    b = g_utf8_next_char (b);
  if (a == b)
    return FALSE;
  g_autofree char *word = g_strndup (a, b - a), *lower = g_utf8_strdown (word, -1);
  return draftd_spell_check (c->spell, "en", word) && !draftd_spell_check (c->spell, c->lang, word) &&
         !draftd_spell_check (c->spell, c->lang, lower);
}

/* Does a quotation mark stand right before or after `w` (spaces aside): a term or a value
 * quoted as it is spelt ("est « immediate »")? */
static gboolean
quoted (const char *s, const Word *w)
{
  static const char *const marks = "\"'`\u00ab\u00bb\u201c\u201d\u201e\u2018\u2019\u201a\u2039\u203a";
  const char *p = s + w->start;
  while (p > s && g_unichar_isspace (g_utf8_get_char (g_utf8_prev_char (p))))
    p = g_utf8_prev_char (p);
  const char *q = s + w->end;
  while (*q && g_unichar_isspace (g_utf8_get_char (q)))
    q = g_utf8_next_char (q);
  return (p > s && g_utf8_strchr (marks, -1, g_utf8_get_char (g_utf8_prev_char (p)))) ||
         (*q && g_utf8_strchr (marks, -1, g_utf8_get_char (q)));
}

void
draftd_candidates_foreign_spelling (const DraftdCandidateContext *c, const char *s, const Word *w, const char *const *sugg,
                                    GArray *out, guint site)
{
  /* An English word is left, but where the writer leaves marks out and it is a word of the
   * language's without its marks ("u more": "moře"; "ma": "má"), or where it stands among the
   * language's words, no English one beside it ("que lei era": "leí"; "muy simpatico"): taken
   * by its marks alone. A quotation's English word has English beside it ("Save version") or
   * quotation marks ("« immediate »", a value), a term the language writes with marks is its
   * word ("la opinion": "opinión"). */
  gboolean english = draftd_spell_check (c->spell, "en", w->text);
  gboolean among_own = s && !quoted (s, w) && !english_beside (c, s, w, -1) && !english_beside (c, s, w, 1);
  if ((g_unichar_isupper (g_utf8_get_char (w->text)) && (w->start > 0 || !c->sentence_start)) ||
      (english && !c->drops_marks && !among_own))
    return;
  g_autofree char *sure = respelt (c, w, sugg, english);
  /* A relative as likely (also_lang): only the respelling its dictionary makes too, right in
   * either language ("vas": "vás" in both; "nadrazi": Czech "nádraží", Slovak "nadrazí", left). */
  if (sure && c->also_lang && draftd_spell_has_language (c->spell, c->also_lang)) {
    DraftdCandidateContext oc = *c;
    oc.lang = c->also_lang;
    oc.also_lang = NULL;
    g_auto (GStrv) os = draftd_spell_check (c->spell, oc.lang, w->text) ? NULL : draftd_spell_suggest (c->spell, oc.lang, w->text);
    g_autofree char *other = os ? respelt (&oc, w, (const char *const *) os, english) : NULL;
    if (g_strcmp0 (other, sure) != 0)
      g_clear_pointer (&sure, g_free);
  }
  /* A relative as likely that CLD2 did not name (rival_lang): not where its dictionary rejects
   * the word too and respells it otherwise ("naucit": Czech "naučit", Slovak "naučiť"). */
  if (sure && c->rival_lang && draftd_spell_has_language (c->spell, c->rival_lang) &&
      !draftd_spell_check (c->spell, c->rival_lang, w->text)) {
    DraftdCandidateContext oc = *c;
    oc.lang = c->rival_lang;
    oc.rival_lang = NULL;
    g_auto (GStrv) os = draftd_spell_suggest (c->spell, oc.lang, w->text);
    g_autofree char *other = os ? respelt (&oc, w, (const char *const *) os, english) : NULL;
    if (other && g_strcmp0 (other, sure) != 0)
      g_clear_pointer (&sure, g_free);
  }
  if (sure == NULL)
    return;
  g_autofree char *rep = draftd_candidates_match_case (w->text, sure);
  draftd_candidates_add (out, w->start, w->end, rep, DRAFTD_FIX_SPELLING, DRAFTD_CANDIDATE_CERTAIN / 2, site);
}

gboolean
draftd_candidates_known_but_marks (DraftdSpell *spell, const char *lang, const char *word)
{
  g_auto (GStrv) sugg = draftd_spell_suggest (spell, lang, word);
  for (guint i = 0; sugg && sugg[i]; i++)
    if (g_utf8_collate (sugg[i], word) != 0 && draftd_candidates_same_letters (word, sugg[i]))
      return TRUE;
  return FALSE;
}
