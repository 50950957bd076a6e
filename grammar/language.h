/* Which language a paragraph or sentence is in, well enough to leave alone text the model was
 * not trained on. Latin-script text is scored by its most frequent function words and by the
 * letters particular to a language; other scripts are named by the script's usual language.
 * A model declares its languages in GGUF metadata (DRAFTD_GRAMMAR_LANGUAGES_KEY, an array of
 * ISO 639-1 codes or one comma-separated string); without it, English only. */
#pragma once
#include <glib.h>
#include "lib/gguf/gguf.h"

#define DRAFTD_GRAMMAR_LANGUAGES_KEY "draftd.languages"

/* "en", "fr", "de", "es", "it", "pt", "nl", a script's language ("zh", "ja", "ko", "ru",
 * "el", "ar", "he", "hi", "th"), or NULL when the text gives no clue (too short, no words). */
const char *draftd_grammar_guess_language (const char *text, gsize len);
/* TRUE when `code` is among `languages` (NULL: English only). */
gboolean draftd_grammar_language_supported (const char *code, const char *const *languages);
/* The model's declared languages; NULL when it declares none (then English only). */
char **draftd_grammar_model_languages (const DraftdGgufFile *file);
