/* An index over a Hunspell dictionary's word forms, for suggestions within two edits.
 *
 * Hunspell_suggest runs its n-gram phase over the whole dictionary for every word it finds
 * little for: 47-67 ms a word over JFLEG, while a sentence's lane waits. The index finds the
 * forms within two edits (optimal string alignment: insert, delete, substitute, swap two
 * neighbours) of a word in microseconds, by symmetric deletes (SymSpell): every string one
 * or two deletions make of a form's first seven letters points at the forms with that
 * prefix, the word's own deletions are looked up, and each candidate is checked by its full
 * distance.
 *
 * The forms are the dictionary's stems expanded by its affix rules (.aff PFX/SFX, cross
 * products, two-fold suffixes), each kept only where Hunspell itself accepts it, and never a
 * stem flagged NOSUGGEST or FORBIDDENWORD: the index suggests nothing Hunspell would refuse.
 * What it does not reach (compounds, words three edits away) is left to Hunspell's own
 * suggestions, which stay the fallback (grammar/spell.c).
 *
 * The expansion costs about a second, so the index is kept in
 * $XDG_CACHE_HOME/draftd/spell-*.idx, keyed on the .dic and .aff paths, sizes and mtimes,
 * written atomically, and checked (SHA-256, order, UTF-8) when read: a stale or corrupt file
 * is rebuilt, never trusted. A dictionary whose rules make over 1.5 million candidate forms
 * (French's) gets an empty index, cached as such: Hunspell suggests alone there. */
#pragma once
#include <glib.h>
#include <hunspell.h>

typedef struct DraftdSpellIndex DraftdSpellIndex;

typedef struct {
  char *word;   /* as the dictionary spells it */
  float cost;   /* weighted edits (draftd_spell_index_cost) */
} DraftdSpellSuggestion;

/* The index of a dictionary from its cache in `cache_dir` (NULL: $XDG_CACHE_HOME/draftd), or
 * built with `h` (the dictionary's handle) and written there. NULL with an error when the
 * dictionary cannot be read; a cache that cannot be written only costs the next start. */
DraftdSpellIndex *draftd_spell_index_open (Hunhandle *h, const char *aff, const char *dic, const char *encoding,
                                           const char *cache_dir, GError **error);
void draftd_spell_index_free (DraftdSpellIndex *idx);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdSpellIndex, draftd_spell_index_free)

/* Was it read from the cache (TRUE) or built (FALSE)? */
gboolean draftd_spell_index_from_cache (const DraftdSpellIndex *idx);
guint draftd_spell_index_size (const DraftdSpellIndex *idx);
/* The cache file for a .dic in cache_dir (NULL: $DRAFTD_SPELL_CACHE_DIR when set, as the
 * tests set it, else $XDG_CACHE_HOME/draftd). */
char *draftd_spell_index_cache_path (const char *cache_dir, const char *dic);

/* The forms within two edits of `word` (one for words of three letters or less), the .aff's
 * REP replacements and splits into two known words, cheapest first, at most `max`; in the word's case
 * ("Difrent" -> "Different"). An array of DraftdSpellSuggestion, empty when none. */
GArray *draftd_spell_index_suggest (const DraftdSpellIndex *idx, const char *word, guint max);
/* The same by walking every key (the sorted keys as a trie): what the symmetric deletes
 * must find, for tests and tools; milliseconds a word, not microseconds. */
GArray *draftd_spell_index_suggest_full (const DraftdSpellIndex *idx, const char *word, guint max);
/* The cost that ranks `word` for `typed`, case aside: weighted edits (an apostrophe 0.3, a
 * doubled or undoubled letter 0.5, a vowel for a vowel 0.6, two neighbours swapped 0.7, any
 * other edit 1), +0.5 when the first letter differs (writers seldom get it wrong), +0.2 a
 * letter one has and the other lacks (letters typed in another order keep them all).
 * Negative beyond two plain edits. */
float draftd_spell_index_cost (const char *typed, const char *word);
/* `word` in the case of `typed`: capitalised or all capitals as it is. */
char *draftd_spell_index_match_case (const char *typed, const char *word);
void draftd_spell_suggestions_free (GArray *s);
