/* Spelling on Hunspell dictionaries, per language, with the user's own words.
 *
 * libhunspell directly rather than Enchant: draftd needs Hunspell's dictionaries only, with
 * their suggestions and its own checks of generated word forms ("childs" is no word,
 * "children" is), and keeps the personal word list in its own file: the same list whatever
 * backend Enchant would pick, one a test can point at, and one the daemon, `draft`, the
 * language server and the Emacs package all reach through D-Bus. The dictionaries are Debian's
 * (hunspell-en-us, hunspell-fr, hunspell-de-de, ...), which LibreOffice and Firefox use too.
 *
 * Thread-safe: the worker checks words while the bus thread adds personal words. Suggestions
 * cost tens of milliseconds per word in Hunspell, so they are cached (bounded). */
#pragma once
#include <glib.h>

#define DRAFTD_SPELL_ERROR (draftd_spell_error_quark ())
GQuark draftd_spell_error_quark (void);
typedef enum { DRAFTD_SPELL_ERROR_INVALID_WORD, DRAFTD_SPELL_ERROR_IO } DraftdSpellError;

typedef struct DraftdSpell DraftdSpell;

/* `personal`: the personal word list's file (one word a line; created on the first word
 * added), or NULL for draftd_spell_default_personal_path(). Dictionaries load on first use
 * from /usr/share/hunspell, or from the folders $DRAFTD_DICT_PATH names (colon-separated)
 * instead. */
DraftdSpell *draftd_spell_new (const char *personal);
void draftd_spell_free (DraftdSpell *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdSpell, draftd_spell_free)

/* $XDG_CONFIG_HOME/draftd/words.txt */
char *draftd_spell_default_personal_path (void);

/* Loads what the language's first check and first suggestion would: its dictionaries, and
 * the primary one's suggestion index where its cache holds one (a missing index is left to
 * the first suggestion to build). A daemon calls it on a thread of its own while its models
 * load; nothing loads twice. */
void draftd_spell_prepare (DraftdSpell *s, const char *lang);
/* Is there a dictionary for this ISO 639-1 code ("en", "fr", "de", ...)? */
gboolean draftd_spell_has_language (DraftdSpell *s, const char *lang);
/* Is `word` (UTF-8) correct in `lang`, or one of the user's words? TRUE when there is no
 * dictionary for lang: nothing is flagged in a language draftd cannot check. */
gboolean draftd_spell_check (DraftdSpell *s, const char *lang, const char *word);
/* The morphological analyses of `word` by the language's first dictionary, one a string as
 * Hunspell gives them ("st:maison po:nom is:fem is:sg" with French's); NULL-terminated, free
 * with g_strfreev; empty where the dictionary has none (most carry no morphology). */
char **draftd_spell_analyze (DraftdSpell *s, const char *lang, const char *word);
/* The dictionary's suggestions for a misspelt word, best first (NULL-terminated; free with
 * g_strfreev). Empty without a dictionary. */
char **draftd_spell_suggest (DraftdSpell *s, const char *lang, const char *word);
/* Regional spellings (en_US, en_GB: the dictionaries a language opens, primary first). The
 * index of the dictionary named `region` ("en_GB") among the language's, or -1; which of them
 * accept `word` (bit k for the k-th; all for the user's words; 0 without a dictionary); and
 * the k-th one's suggestions (NULL-terminated; empty where there is no k-th). */
gint draftd_spell_region_index (DraftdSpell *s, const char *lang, const char *region);
guint draftd_spell_regions (DraftdSpell *s, const char *lang, const char *word);
char **draftd_spell_suggest_region (DraftdSpell *s, const char *lang, guint k, const char *word);
/* Adds a word to the personal list, in memory and on disk; a word already known is not
 * added twice. Refuses empty words, words with spaces or control characters, and words of
 * over 64 bytes. The list on disk is replaced whole (lib/bus/draftd-bus-words.h): a failed
 * write (DRAFTD_SPELL_ERROR_IO, a full disk) leaves it as it was, and so the words in memory. */
gboolean draftd_spell_add_word (DraftdSpell *s, const char *word, GError **error);
/* Why the personal list, or some of its lines, was not read when `s` was made (too large,
 * binary, lines not text: the message names the size and limit or the lines), or NULL. */
const char *draftd_spell_personal_problem (DraftdSpell *s);
/* Is `word` in the personal list (exactly, or its lower-case form)? */
gboolean draftd_spell_is_personal (DraftdSpell *s, const char *word);
/* How many words were added to the personal list since `s` was made: an answer given at
 * another count may be stale. */
guint draftd_spell_personal_generation (DraftdSpell *s);
/* Is `word` the name of a command or an installed package on this system ("grep", "systemd")?
 * Read once, from the folders of $PATH and the system's (/usr/bin, /usr/sbin, ...) and dpkg's
 * list of packages. */
gboolean draftd_spell_program_name (const char *word);
