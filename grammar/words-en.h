/* Words draftd accepts in a language beyond its dictionary (words-en.c): everyday computing
 * words Hunspell's English dictionaries lack. Read by the spelling stage (spell.c). */
#pragma once
#include <glib.h>

/* TRUE where `word` (or its lower-case form) is such a word of `lang`. */
gboolean draftd_spell_extra_word (const char *lang, const char *word);
