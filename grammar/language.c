#include "grammar/language.h"
#include <string.h>
#include "grammar/language-cld2.h"

/* The commonest short words of each language; words shared by several (de, la, en, a) count
 * for each of them. */
static const struct {
  const char *code;
  const char *words;   /* space-separated, each between spaces */
  const char *letters; /* UTF-8 letters rare elsewhere */
} latin[] = {
  { "en", " the and of to is in that it was for on are with as be at this have not but you he she they we from by or an "
          "his her their would there what which will can all were has had been do does did my your our i me "
          /* Contractions are English's alone: without them "It's a day for a walk" was Portuguese's
           * by its two "a". */
          "it's i'm you're we're they're he's she's that's there's what's don't doesn't didn't isn't aren't wasn't "
          "can't won't i've you've we've i'll you'll let's its than then into just only very also ",
    "" },
  { "fr", " le la les des est et une un du que qui dans pour pas sur au aux ce cette il elle nous vous ils sont avec "
          "mais ou je tu très plus être été était son sa ses leur ne ",
    "éèêàùçœâîôû" },
  { "de", " der die das und ist nicht ein eine den dem des mit sich auf für von zu im ich du er sie wir ihr es war "
          "sind auch nach bei wie aus oder aber noch sehr ",
    "äöüß" },
  { "es", " el la los las de que y en un una es por con para no se del al lo como más pero sus su muy está son fue "
          "era yo tú nosotros también hay ",
    "ñáíóú¿¡" },
  { "it", " il lo la gli le di che e un una è per con non sono del della nel anche come ma più questo questa molto "
          "io tu noi ",
    "àèìòù" },
  { "pt", " o a os as de que e um uma é em para com não do da dos das no na por mais mas foi são muito também "
          "eu você nós ",
    "ãõçáâêó" },
  { "nl", " de het een en van is dat niet in op te zijn met voor er maar ook als bij naar wij jij hij zij ik was "
          "heeft ",
    "" },
};

static const char *
script_language (gunichar c)
{
  if ((c >= 0x3040 && c <= 0x30FF))
    return "ja";
  if (c >= 0x4E00 && c <= 0x9FFF)
    return "zh";
  if (c >= 0xAC00 && c <= 0xD7AF)
    return "ko";
  if (c >= 0x0400 && c <= 0x04FF)
    return "cyrl";
  if (c >= 0x0370 && c <= 0x03FF)
    return "el";
  if (c >= 0x0600 && c <= 0x06FF)
    return "ar";
  if (c >= 0x0590 && c <= 0x05FF)
    return "he";
  if (c >= 0x0900 && c <= 0x097F)
    return "hi";
  if (c >= 0x0E00 && c <= 0x0E7F)
    return "th";
  return NULL;
}

/* Letters of other scripts, and the script with most of them ("ja" wins over "zh" when any
 * kana appear: Japanese text mixes both). */
static const char *
dominant_script (const char *text, gsize len, guint *n_latin, guint *n_other)
{
  guint counts[9] = { 0 };
  static const char *const names[9] = { "ja", "zh", "ko", "cyrl", "el", "ar", "he", "hi", "th" };
  *n_latin = *n_other = 0;
  for (const char *p = text; p < text + len; p = g_utf8_next_char (p)) {
    gunichar c = g_utf8_get_char (p);
    const char *s = script_language (c);
    if (s) {
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        counts[i] += g_str_equal (s, names[i]);
      (*n_other)++;
    } else if (g_unichar_isalpha (c)) {
      (*n_latin)++;
    }
  }
  if (counts[0] > 0)
    return "ja";
  guint best = 1;
  for (guint i = 2; i < G_N_ELEMENTS (names); i++)
    if (counts[i] > counts[best])
      best = i;
  return names[best];
}

/* The next word at *p (letters, and apostrophes where `apostrophes`): its start in *w, *p
 * moved past it; FALSE at the text's end. */
static gboolean
next_word (const char **p, const char **w, gboolean apostrophes)
{
  const char *q = *p;
  while (*q && !g_unichar_isalpha (g_utf8_get_char (q)))
    q = g_utf8_next_char (q);
  *w = q;
  while (*q && (g_unichar_isalpha (g_utf8_get_char (q)) || (apostrophes && *q == '\'')))
    q = g_utf8_next_char (q);
  *p = q;
  return q != *w;
}

/* The function-word guess, for short text CLD2 cannot tell: English by default. */
static const char *
function_word_guess (const char *text, gsize len)
{
  g_autofree char *lower = g_utf8_strdown (text, len);
  double score[G_N_ELEMENTS (latin)] = { 0 };
  guint words = 0;
  /* Function words: each occurrence scores its languages. */
  for (const char *p = lower, *w; next_word (&p, &w, TRUE);) {
    words++;
    g_autofree char *key = g_strdup_printf (" %.*s ", (int) (p - w), w);
    /* A one-letter word other than English's "I" is half a clue: "O. Preserve any Warranty
     * Disclaimers." (a list's item "O.") and "Exhibit A" are English, not Portuguese. */
    for (guint i = 0; i < G_N_ELEMENTS (latin); i++)
      score[i] += strstr (latin[i].words, key) != NULL ? (p - w == 1 && i != 0 ? 0.5 : 1) : 0;
    /* Accented letters weigh less than a function word: English borrows "café". */
    for (const char *q = w; q < p; q = g_utf8_next_char (q)) {
      gunichar c = g_utf8_get_char (q);
      if (c < 0x80)
        continue;
      char buf[8] = { 0 };
      g_unichar_to_utf8 (c, buf);
      for (guint i = 0; i < G_N_ELEMENTS (latin); i++)
        score[i] += strstr (latin[i].letters, buf) != NULL ? 0.5 : 0;
    }
  }
  guint best = 0;
  for (guint i = 1; i < G_N_ELEMENTS (latin); i++)
    if (score[i] > score[best])
      best = i;
  /* Too little evidence, or a tie with English: no verdict. */
  if (score[best] < 1 || (best != 0 && score[best] <= score[0]))
    return NULL;
  return latin[best].code;
}

/* Words of one language that its close relatives (and the others here) write otherwise, with
 * and without their marks. Text typed without its marks is where CLD2 errs: unaccented Czech
 * was Slovak, Portuguese or English to it, unaccented Spanish Catalan; these words survive the
 * marks' loss. Words two of these languages share, or share with a neighbour's common words,
 * are left out ("že", "mám", "para", "aquí"; Czech "se" is Spanish's too, Slovak "su" and
 * "este" Spanish's, "som" Swedish's, Catalan "i" Czech's and Italian's, French "je" Czech's):
 * they tell nothing apart. */
static const struct {
  const char *code, *words; /* space-separated, each between spaces */
} distinct[] = {
  { "cs", " jsem jsi jsme jste jsou byl byla bylo byli nebyl neni není nebo protoze protože kdyz když taky jeste ještě "
          "tady jak proc proč muj můj tvuj tvůj ktery který ktera která ktere které chci chtel chtěl chtela chtěla bych "
          "dekuji děkuji zitra zítra pro mezi ted teď nevim nevím budu muzu můžu muzete můžete hodne hodně pak " },
  { "sk", " som sme ste bol bola bolo boli nie alebo pretoze pretože ked keď tiez tiež ešte ako preco prečo moj môj "
          "tvoj ktory ktorý ktora ktorá ktore ktoré chcem chcel chcela sa dakujem ďakujem zajtra pre medzi teraz "
          "neviem budem mozem môžem mozete môžete vela veľa " },
  { "es", " y los con muy hay yo cuando porque donde dónde tengo tiene estoy soy también tambien pero ella ellos "
          "nosotros usted " },
  { "ca", " els amb molt jo quan perque perquè tambe també aquest aquesta meu meva soc sóc estic tinc ho nosaltres "
          "vosaltres " },
  { "pt", " não nao os um muito eu você voce com também tambem ela eles nós estou tenho " },
  { "fr", " est avec dans nous vous ils sont mais qui cette aux très être etre " },
};

/* The language of `distinct` whose words the text has: at least two, and more than twice any
 * other's; NULL otherwise. `*hits` its count. */
static const char *
distinct_words_guess (const char *text, gsize len, guint *hits)
{
  g_autofree char *lower = g_utf8_strdown (text, len);
  guint score[G_N_ELEMENTS (distinct)] = { 0 };
  for (const char *p = lower, *w; next_word (&p, &w, FALSE);) {
    g_autofree char *key = g_strdup_printf (" %.*s ", (int) (p - w), w);
    for (guint i = 0; i < G_N_ELEMENTS (distinct); i++)
      score[i] += strstr (distinct[i].words, key) != NULL;
  }
  guint best = 0, second = 0;
  for (guint i = 1; i < G_N_ELEMENTS (distinct); i++)
    if (score[i] > score[best])
      best = i;
  for (guint i = 0; i < G_N_ELEMENTS (distinct); i++)
    if (i != best && score[i] > second)
      second = score[i];
  *hits = score[best];
  return score[best] >= 2 && score[best] > 2 * second ? distinct[best].code : NULL;
}

/* Each language's letters beyond ASCII (Cyrillic ones: its whole alphabet), lower case. A
 * lower-case word with a letter outside them rules the language out: Ukrainian has no "ы",
 * "э", "ъ", "ё", Russian no "і", "ї", "є", "ґ"; Slovak has "ľ" and "ô", Czech "ě" and "ř";
 * Catalan "ç" and "ò", Spanish "ñ". Capitalised words are names and do not count. English
 * has none: it borrows "café" and "naïve". */
static const struct {
  const char *code, *letters;
  gboolean cyrillic;
} alphabets[] = {
  { "ru", "абвгдеёжзийклмнопрстуфхцчшщъыьэюя", TRUE },
  { "uk", "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя", TRUE },
  { "be", "абвгґдеёжзійклмнопрстуўфхцчшыьэюя", TRUE },
  { "bg", "абвгдежзийклмнопрстуфхцчшщъьюя", TRUE },
  { "sr", "абвгдђежзијклљмнњопрстћуфхцчџш", TRUE },
  { "mk", "абвгдѓежзѕијклљмнњопрстќуфхцчџш", TRUE },
  { "cs", "áčďéěíňóřšťúůýž", FALSE },
  { "sk", "áäčďéíĺľňóôŕšťúýž", FALSE },
  { "es", "áéíóúüñ", FALSE },
  { "ca", "àèéíïòóúüç", FALSE },
  { "gl", "áéíóúüñ", FALSE },
  { "pt", "áâãàçéêíóôõúü", FALSE },
  { "fr", "àâæçéèêëîïôœùûüÿ", FALSE },
  { "it", "àèéìíîòóùú", FALSE },
  { "de", "äöüß", FALSE },
  { "da", "æøåéó", FALSE },
  { "nb", "æøåéóòâô", FALSE },
  { "nn", "æøåéóòâô", FALSE },
  { "sv", "åäöéü", FALSE },
  { "pl", "ąćęłńóśźż", FALSE },
  { "sr-Latn", "čćđšž", FALSE },
  { "hr", "čćđšž", FALSE },
  { "sl", "čšž", FALSE },
};

static gboolean
is_cyrillic (gunichar c)
{
  return c >= 0x0400 && c <= 0x04FF;
}

/* Whether a lower-case word of `text` has a letter outside `code`'s alphabet. */
static gboolean
alphabet_rules_out (const char *code, const char *text, gsize len)
{
  guint a = 0;
  while (a < G_N_ELEMENTS (alphabets) && !g_str_equal (alphabets[a].code, code))
    a++;
  if (a == G_N_ELEMENTS (alphabets))
    return FALSE;
  gboolean capital = FALSE, in_word = FALSE;
  for (const char *p = text; p < text + len; p = g_utf8_next_char (p)) {
    gunichar c = g_utf8_get_char (p);
    if (!g_unichar_isalpha (c)) {
      in_word = FALSE;
      continue;
    }
    if (!in_word)
      capital = g_unichar_isupper (c);
    in_word = TRUE;
    if (capital || c < 0x80 || g_unichar_isupper (c) || alphabets[a].cyrillic != is_cyrillic (c))
      continue;
    char buf[8] = { 0 };
    g_unichar_to_utf8 (c, buf);
    if (strstr (alphabets[a].letters, buf) == NULL)
      return TRUE;
  }
  return FALSE;
}

/* CLD2's code as draftd names languages (ISO 639-1, Hunspell's folders' names): NULL for
 * "unknown". Latin-script Serbian is "sr-Latn", which has a dictionary of its own. */
static const char *
normalise_code (const char *code, guint n_latin, guint n_other)
{
  static const char *const renamed[][2] = { { "no", "nb" }, { "iw", "he" }, { "zh-Hant", "zh" }, { "sr-ME", "sr" },
                                            { "in", "id" }, { "jw", "jv" } };
  if (code == NULL || g_str_equal (code, "un") || g_str_has_prefix (code, "xx"))
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (renamed); i++)
    if (g_str_equal (code, renamed[i][0]))
      code = renamed[i][1];
  if (g_str_equal (code, "sr") && n_latin > n_other)
    return "sr-Latn";
  return code;
}

/* CLD2's verdict on text: a code, or NULL; *reliable and *percent its confidence. */
static const char *
identify (const char *text, gsize len, gboolean *reliable, int *percent)
{
  /* A window of the text is verdict enough, and keeps a paragraph's cost bounded. */
  gsize n = MIN (len, 2048);
  while (n < len && (text[n] & 0xC0) == 0x80)
    n--;
  DraftdCld2Result r;
  draftd_cld2_detect (text, n, &r);
  guint n_latin, n_other;
  dominant_script (text, n, &n_latin, &n_other);
  *reliable = r.reliable;
  *percent = r.percent[0];
  return normalise_code (r.code[0], n_latin, n_other);
}

/* Latin text CLD2 cannot tell: the one language whose alphabet has all its letters ("Moje
 * sestra má dvě děti.": "ě" is Czech's alone), else undetermined. */
static const char *
only_alphabet (const char *text, gsize len)
{
  const char *only = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (alphabets); i++) {
    if (alphabets[i].cyrillic || alphabet_rules_out (alphabets[i].code, text, len))
      continue;
    if (only)
      return DRAFTD_LANGUAGE_UNDETERMINED;
    only = alphabets[i].code;
  }
  return only ? only : DRAFTD_LANGUAGE_UNDETERMINED;
}

/* Without a reliable verdict: a script's own language where the script says it (kana,
 * hangul, Thai; Cyrillic by its letters), English's function words for plain ASCII text,
 * and otherwise undetermined. */
static const char *
fallback_language (const char *text, gsize len)
{
  guint n_latin, n_other;
  const char *script = dominant_script (text, len, &n_latin, &n_other);
  if (n_other > 0 && n_other * 2 >= n_latin) {
    if (!g_str_equal (script, "cyrl"))
      return script;
    static const char *const cyr[] = { "uk", "ru", "be", "bg", "sr", "mk" };
    const char *only = NULL;
    for (guint i = 0; i < G_N_ELEMENTS (cyr); i++)
      if (!alphabet_rules_out (cyr[i], text, len)) {
        if (only)
          return DRAFTD_LANGUAGE_UNDETERMINED;
        only = cyr[i];
      }
    return only ? only : DRAFTD_LANGUAGE_UNDETERMINED;
  }
  for (const char *p = text; p < text + len; p = g_utf8_next_char (p))
    if ((guchar) *p >= 0x80 && g_unichar_isalpha (g_utf8_get_char (p)))
      return only_alphabet (text, len);
  return function_word_guess (text, len);
}

const char *
draftd_grammar_guess_language (const char *text, gsize len)
{
  return draftd_grammar_sentence_language (text, len, NULL, 0);
}

/* Languages CLD2 confuses with one another on a sentence, where its verdict on the paragraph
 * is the better one (measured: docs/correction.md#languages). */
static gboolean
related (const char *a, const char *b)
{
  const char *const *family = draftd_grammar_language_relatives (a);
  return family && g_strv_contains (family, b);
}

static guint
letters (const char *text, gsize len)
{
  guint n = 0;
  for (const char *p = text; p < text + len; p = g_utf8_next_char (p))
    n += g_unichar_isalpha (g_utf8_get_char (p));
  return n;
}

static gboolean
plain_ascii (const char *text, gsize len)
{
  for (gsize i = 0; i < len; i++)
    if ((guchar) text[i] >= 0x80)
      return FALSE;
  return TRUE;
}

/* English's function words in the text (latin[0]). */
guint
draftd_grammar_english_function_words (const char *text, gsize len)
{
  g_autofree char *lower = g_utf8_strdown (text, len);
  guint n = 0;
  for (const char *p = lower, *w; next_word (&p, &w, TRUE);) {
    g_autofree char *key = g_strdup_printf (" %.*s ", (int) (p - w), w);
    n += strstr (latin[0].words, key) != NULL;
  }
  return n;
}

/* CLD2's verdict (NULL: none reliable) overruled by a language's own words (`distinct`): where
 * CLD2 could not tell, where it named a close relative (Slovak for Czech, Catalan for Spanish:
 * the dictionaries settle it next, grammar/answer.c), and, in text without a letter beyond
 * ASCII, where it named any other: marks left out are what misleads it ("Minuly tyden jsem
 * byl s kamarady na horach." was Slovak or Portuguese). English, named or the default of
 * plain text, yields only to more such words than its own function words. */
static const char *
overruled (const char *lang, const char *sentence, gsize len)
{
  guint hits = 0;
  const char *w = distinct_words_guess (sentence, len, &hits);
  if (w == NULL || g_strcmp0 (lang, w) == 0)
    return lang;
  if ((lang == NULL || g_str_equal (lang, "en")) && hits <= draftd_grammar_english_function_words (sentence, len))
    return lang;
  if (lang == NULL || related (lang, w) || plain_ascii (sentence, len))
    return w;
  return lang;
}

/* A letter rules `lang` out: the one close relative whose alphabet has every letter, if only
 * one has ("Moje sestra má dvě děti." was Slovak to CLD2, whose alphabet lacks "ě"); else
 * undetermined. */
static const char *
allowed_relative (const char *lang, const char *sentence, gsize len)
{
  const char *const *family = draftd_grammar_language_relatives (lang);
  const char *only = NULL;
  for (guint i = 0; family && family[i]; i++) {
    if (g_str_equal (family[i], lang) || alphabet_rules_out (family[i], sentence, len))
      continue;
    if (only)
      return DRAFTD_LANGUAGE_UNDETERMINED;
    only = family[i];
  }
  return only ? only : DRAFTD_LANGUAGE_UNDETERMINED;
}

const char *
draftd_grammar_sentence_language (const char *sentence, gsize len, const char *paragraph, gsize plen)
{
  gboolean s_rel = FALSE, p_rel = FALSE;
  int s_pct = 0, p_pct = 0;
  const char *s = identify (sentence, len, &s_rel, &s_pct);
  const char *p = paragraph && plen > len ? identify (paragraph, plen, &p_rel, &p_pct) : NULL;
  const char *lang = NULL;
  /* The paragraph's verdict, unless the sentence is surely of another, unrelated language
   * (an English quotation in a French paragraph). */
  if (p && p_rel && s && s_rel && !g_str_equal (s, p) && !related (s, p) && s_pct >= 80 && letters (sentence, len) >= 15)
    lang = s;
  else if (p && p_rel)
    lang = p;
  else if (s && s_rel)
    lang = s;
  lang = overruled (lang, sentence, len);
  if (lang == NULL)
    return fallback_language (sentence, len);
  if (alphabet_rules_out (lang, sentence, len))
    return allowed_relative (lang, sentence, len);
  /* CLD2 takes a short sentence of another language with a few English words for English
   * ("La password inserita non è corretta.", reliable at 97%): the other language's function
   * words say otherwise, and then nobody can tell. */
  if (g_str_equal (lang, "en")) {
    const char *f = function_word_guess (sentence, len);
    if (f && !g_str_equal (f, "en"))
      return DRAFTD_LANGUAGE_UNDETERMINED;
  }
  return lang;
}

char **
draftd_grammar_language_candidates (const char *text, gsize len)
{
  guint n_latin, n_other;
  const char *script = dominant_script (text, len, &n_latin, &n_other);
  gboolean cyrillic = n_other > 0 && n_other * 2 >= n_latin && g_str_equal (script, "cyrl");
  if (n_other > 0 && n_other * 2 >= n_latin && !cyrillic)
    return g_new0 (char *, 1);
  GPtrArray *out = g_ptr_array_new ();
  for (guint i = 0; i < G_N_ELEMENTS (alphabets); i++) {
    gboolean listed = alphabets[i].cyrillic;
    for (guint k = 0; !listed && k < G_N_ELEMENTS (distinct); k++)
      listed = g_str_equal (distinct[k].code, alphabets[i].code);
    if (listed && alphabets[i].cyrillic == cyrillic && !alphabet_rules_out (alphabets[i].code, text, len))
      g_ptr_array_add (out, g_strdup (alphabets[i].code));
  }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

const char *const *
draftd_grammar_language_relatives (const char *code)
{
  static const char *const families[][7] = {
    { "uk", "ru", "be", "bg", "sr", "mk", NULL }, { "cs", "sk", NULL }, { "es", "ca", "gl", "pt", NULL },
    { "da", "nb", "nn", "sv", NULL },          { "hr", "bs", "sr-Latn", "sl", NULL }, { "id", "ms", NULL },
  };
  for (guint i = 0; code && i < G_N_ELEMENTS (families); i++)
    for (guint k = 0; families[i][k]; k++)
      if (g_str_equal (families[i][k], code))
        return families[i];
  return NULL;
}

gboolean
draftd_grammar_language_supported (const char *code, const char *const *languages)
{
  static const char *const english[] = { "en", NULL };
  if (languages == NULL || languages[0] == NULL)
    languages = english;
  for (guint i = 0; languages[i]; i++)
    if (g_ascii_strncasecmp (languages[i], code, 2) == 0)
      return TRUE;
  return FALSE;
}

/* The languages their makers document for model families that carry no draftd.languages key
 * (a GGUF pulled from the Hub as published): Qwen2.5's announcement names these thirteen
 * ("Chinese, English, French, Spanish, Portuguese, German, Italian, Russian, Japanese, Korean,
 * Vietnamese, Thai, Arabic, and more"), and Qwen3 (119 languages by its own) is held to the
 * same; Llama 3.1 to 3.3's model cards name the eight they support. A family is found in the file's general.basename or general.name, lower case with
 * spaces, hyphens and underscores dropped ("Meta-Llama-3.1-8B-Instruct" -> "metallama3.18b...").
 * The tokenizer is no evidence (Llama 2's vocabulary spells Cyrillic, its model was trained on
 * English), and a model card's tags are the uploader's; a family not here is English only,
 * unless its file declares draftd.languages. */
static const struct {
  const char *family, *languages;
} documented_languages[] = {
  { "qwen2.5", "en zh fr es pt de it ru ja ko vi th ar" },
  { "qwen3", "en zh fr es pt de it ru ja ko vi th ar" },
  { "llama3.1", "en de fr it pt hi es th" },
  { "llama3.2", "en de fr it pt hi es th" },
  { "llama3.3", "en de fr it pt hi es th" },
};

static char **
family_languages (const DraftdGgufFile *file)
{
  const char *keys[] = { "general.basename", "general.name" };
  for (guint k = 0; k < G_N_ELEMENTS (keys); k++) {
    g_autofree char *name = draftd_gguf_get_string (file, keys[k], NULL);
    if (name == NULL)
      continue;
    g_autofree char *lower = g_ascii_strdown (name, -1);
    GString *flat = g_string_new (NULL);
    for (const char *p = lower; *p; p++)
      if (!strchr (" -_", *p))
        g_string_append_c (flat, *p);
    g_autofree char *squeezed = g_string_free (flat, FALSE);
    for (guint i = 0; i < G_N_ELEMENTS (documented_languages); i++)
      if (strstr (squeezed, documented_languages[i].family))
        return g_strsplit (documented_languages[i].languages, " ", -1);
  }
  return NULL;
}

char **
draftd_grammar_model_languages (const DraftdGgufFile *file)
{
  const DraftdGgufKV *kv = draftd_gguf_find_kv (file, DRAFTD_GRAMMAR_LANGUAGES_KEY);
  if (kv == NULL)
    return family_languages (file);
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  if (kv->type == GGUF_TYPE_STRING) {
    g_autofree char *all = g_strndup (kv->strings[0].data, kv->strings[0].len);
    g_auto (GStrv) parts = g_strsplit_set (all, ", ", -1);
    for (guint i = 0; parts[i]; i++)
      if (*parts[i])
        g_strv_builder_add (b, parts[i]);
  } else if (kv->type == GGUF_TYPE_ARRAY && kv->array_type == GGUF_TYPE_STRING) {
    for (guint64 i = 0; i < kv->array_len; i++)
    {
      g_autofree char *code = g_strndup (kv->strings[i].data, kv->strings[i].len);
      g_strv_builder_add (b, code);
    }
  }
  char **langs = g_strv_builder_end (b);
  if (langs[0] == NULL)
    g_clear_pointer (&langs, g_strfreev);
  return langs;
}

/* English names of the languages a prompt may have to name: those with Hunspell dictionaries
 * in Debian, and the ones the model families above document. */
static const char *const language_names[][2] = {
  { "af", "Afrikaans" }, { "ar", "Arabic" },     { "be", "Belarusian" }, { "bg", "Bulgarian" }, { "bs", "Bosnian" },
  { "ca", "Catalan" },   { "cs", "Czech" },      { "da", "Danish" },     { "de", "German" },    { "el", "Greek" },
  { "en", "English" },   { "eo", "Esperanto" },  { "es", "Spanish" },    { "et", "Estonian" },  { "eu", "Basque" },
  { "fa", "Persian" },   { "fi", "Finnish" },    { "fr", "French" },     { "ga", "Irish" },     { "gl", "Galician" },
  { "he", "Hebrew" },    { "hi", "Hindi" },      { "hr", "Croatian" },   { "hu", "Hungarian" }, { "hy", "Armenian" },
  { "id", "Indonesian" }, { "is", "Icelandic" }, { "it", "Italian" },    { "ja", "Japanese" },  { "ka", "Georgian" },
  { "kk", "Kazakh" },    { "ko", "Korean" },     { "lt", "Lithuanian" }, { "lv", "Latvian" },   { "mk", "Macedonian" },
  { "ms", "Malay" },     { "nb", "Norwegian Bokmål" }, { "nl", "Dutch" }, { "nn", "Norwegian Nynorsk" },
  { "pl", "Polish" },    { "pt", "Portuguese" }, { "ro", "Romanian" },   { "ru", "Russian" },   { "sk", "Slovak" },
  { "sl", "Slovenian" }, { "sq", "Albanian" },   { "sr", "Serbian" },    { "sv", "Swedish" },   { "th", "Thai" },
  { "tr", "Turkish" },   { "uk", "Ukrainian" },  { "vi", "Vietnamese" }, { "zh", "Chinese" },
};

const char *
draftd_grammar_language_name (const char *code)
{
  for (guint i = 0; code && i < G_N_ELEMENTS (language_names); i++)
    if (g_ascii_strncasecmp (code, language_names[i][0], 2) == 0 && !g_ascii_isalpha (code[2]))
      return language_names[i][1];
  return NULL;
}
