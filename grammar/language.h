/* Which language a paragraph or sentence is in, well enough to leave alone text the model was
 * not trained on and to spell each language with its own dictionary. CLD2 names the language
 * of the sentence and of its paragraph (language-cld2.h); the paragraph's verdict wins over
 * a sentence's where the two are close relatives CLD2 confuses on a sentence (Danish and
 * Norwegian, Spanish and Galician); a language is ruled out by a letter its alphabet lacks
 * (Ukrainian has no "ы"); words only one language writes, marks or not ("jsem", "som"),
 * overrule CLD2 on text typed without its marks; short ASCII text CLD2 cannot tell is scored
 * by English's and six other languages' function words, as before; anything else it cannot
 * tell is undetermined and left as it is. A model declares its languages in GGUF metadata (DRAFTD_GRAMMAR_LANGUAGES_KEY, an array of
 * ISO 639-1 codes or one comma-separated string); without it, English only. */
#pragma once
#include <glib.h>
#include "lib/gguf/gguf.h"

#define DRAFTD_GRAMMAR_LANGUAGES_KEY "draftd.languages"

/* Text of some language that cannot be told which: never corrected. */
#define DRAFTD_LANGUAGE_UNDETERMINED "und"

/* The language of a sentence: an ISO 639-1 code ("en", "uk", "cs", "nb"; "sr-Latn" for Serbian
 * in Latin letters), DRAFTD_LANGUAGE_UNDETERMINED, or NULL when plain ASCII text gives no clue
 * (too short, no words: the caller's default, English). `paragraph` (NULL: none) is the text
 * around it, whose verdict is surer than a sentence's. */
const char *draftd_grammar_sentence_language (const char *sentence, gsize len, const char *paragraph, gsize plen);
/* The same without a paragraph. */
const char *draftd_grammar_guess_language (const char *text, gsize len);
/* The languages CLD2 confuses `code` with (its family, itself included: "uk" gives "uk", "ru",
 * "be", ...), NULL-terminated; NULL for a language without close relatives. */
/* The languages a sentence nothing else could tell may be of, for its dictionaries to settle
 * (grammar/answer.c): in Cyrillic text the Cyrillic languages, in Latin text those whose
 * unmarked text CLD2 errs on (cs, sk, es, ca, pt, fr), each where its alphabet has the text's
 * letters; none in another script. NULL-terminated, free with g_strfreev. */
char **draftd_grammar_language_candidates (const char *text, gsize len);
const char *const *draftd_grammar_language_relatives (const char *code);
/* TRUE when `code` is among `languages` (NULL: English only). */
gboolean draftd_grammar_language_supported (const char *code, const char *const *languages);
/* The model's languages: those its file declares (DRAFTD_GRAMMAR_LANGUAGES_KEY), else those
 * its makers document for its family (Qwen2.5, Qwen3, Llama 3.1-3.3, found by general.basename
 * or general.name); NULL for any other (then English only). */
char **draftd_grammar_model_languages (const DraftdGgufFile *file);
/* English's function words in the text ("I", "a", "from", "was"): a learner misspells the
 * words that carry the meaning and spells these right. */
guint draftd_grammar_english_function_words (const char *text, gsize len);
/* The English name of a language ("de" -> "German", "sr-Latn" -> "Serbian"), for a prompt
 * that names it; NULL for a code without one here. */
const char *draftd_grammar_language_name (const char *code);
