#include "grammar/language.h"
#include <string.h>

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
    return "ru";
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
  static const char *const names[9] = { "ja", "zh", "ko", "ru", "el", "ar", "he", "hi", "th" };
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

const char *
draftd_grammar_guess_language (const char *text, gsize len)
{
  guint n_latin, n_other;
  const char *script = dominant_script (text, len, &n_latin, &n_other);
  if (n_other > 0 && n_other * 2 >= n_latin)
    return script;
  g_autofree char *lower = g_utf8_strdown (text, len);
  double score[G_N_ELEMENTS (latin)] = { 0 };
  guint words = 0;
  /* Function words: each occurrence scores its languages. */
  for (const char *p = lower; *p;) {
    while (*p && !g_unichar_isalpha (g_utf8_get_char (p)))
      p = g_utf8_next_char (p);
    const char *w = p;
    while (*p && (g_unichar_isalpha (g_utf8_get_char (p)) || *p == '\''))
      p = g_utf8_next_char (p);
    if (p == w)
      break;
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

char **
draftd_grammar_model_languages (const DraftdGgufFile *file)
{
  const DraftdGgufKV *kv = draftd_gguf_find_kv (file, DRAFTD_GRAMMAR_LANGUAGES_KEY);
  if (kv == NULL)
    return NULL;
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
