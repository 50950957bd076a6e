#include "grammar/spell.h"
#include "lib/bus/draftd-bus-words.h"
#include "grammar/spell-index.h"
#include "grammar/words-en.h"
#include <errno.h>
#include <hunspell.h>
#include <string.h>
#include <glib/gstdio.h>

G_DEFINE_QUARK (draftd-spell-error-quark, draftd_spell_error)

/* Suggestions kept per process: a document repeats its misspellings, JFLEG's 747 sentences
 * have ~1,500 distinct ones; past this the cache starts again rather than grow. */
#define SUGGESTION_CACHE_MAX 20000
/* Suggestions a word gets at most: the candidate stage judges six. */
#define SUGGESTIONS_MAX 10
/* Answers of spell checks kept per process: the rule families ask about the same words again
 * and again in every round of a sentence's candidates (each ask a Hunspell_spell, whose time
 * limit reads the process's CPU clock, a system call, and a wait on the shared lock); past
 * this many words the memo starts again rather than grow. */
#define CHECK_CACHE_MAX 50000

typedef struct {
  char *name;       /* "en_US" */
  Hunhandle *h;
  char *encoding;   /* the dictionary's, when not UTF-8 */
  char *aff, *dic;
  /* Suggestions take a handle of their own: Hunspell_suggest runs for tens of milliseconds
   * on a word it finds little for (47 ms a call over JFLEG), and every other lane's spell
   * checks would wait that long behind the shared lock. Made on the first suggestion. */
  GMutex suggest_lock;
  Hunhandle *suggester;
  /* The index over the dictionary's forms (spell-index.h), opened with the suggesting
   * handle; Hunspell_suggest only where it finds nothing. */
  DraftdSpellIndex *index;
  gboolean index_tried;
} Dict;

struct DraftdSpell {
  GMutex lock;
  GHashTable *dicts;      /* lang -> GPtrArray of Dict* (primary first), or NULL where none was found */
  GHashTable *personal;   /* the user's words, as added */
  guint personal_generation; /* words added since the start: answers given before are stale */
  char *personal_path;
  char *personal_problem; /* why the list, or some of its lines, was not read; NULL when all was */
  GHashTable *suggestions; /* "lang\tword" -> GStrv */
  GHashTable *checked;     /* "lang\tword" -> draftd_spell_check's answer + 1 */
  GHashTable *regions;     /* "lang\tword" -> draftd_spell_regions's mask + 1 */
};

static void
dict_free (Dict *d)
{
  if (d == NULL)
    return;
  Hunspell_destroy (d->h);
  if (d->suggester)
    Hunspell_destroy (d->suggester);
  draftd_spell_index_free (d->index);
  g_mutex_clear (&d->suggest_lock);
  g_free (d->encoding);
  g_free (d->name);
  g_free (d->aff);
  g_free (d->dic);
  g_free (d);
}

static void
dicts_free (gpointer dicts)
{
  if (dicts)
    g_ptr_array_unref (dicts);
}

char *
draftd_spell_default_personal_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "draftd", "words.txt", NULL);
}

static void
add_personal (const char *word, gpointer user)
{
  g_hash_table_add (((DraftdSpell *) user)->personal, g_strdup (word));
}

/* A list refused whole (too large, binary) or in part (lines that are not text) is said in
 * the log and kept in personal_problem; spelling goes on without those words. */
static void
load_personal (DraftdSpell *s)
{
  g_autofree char *all = NULL;
  gsize length = 0;
  g_autoptr (GError) error = NULL;
  if (!draftd_word_list_read (s->personal_path, &all, &length, &error)) {
    s->personal_problem = g_strdup (error->message);
    g_warning ("personal word list: %s", error->message);
    return;
  }
  g_autofree char *bad = all ? draftd_word_list_parse (all, length, add_personal, s) : NULL;
  if (bad) {
    s->personal_problem = g_strdup_printf ("%s: %s", s->personal_path, bad);
    g_warning ("personal word list %s", s->personal_problem);
  }
}

DraftdSpell *
draftd_spell_new (const char *personal)
{
  DraftdSpell *s = g_new0 (DraftdSpell, 1);
  g_mutex_init (&s->lock);
  s->dicts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, dicts_free);
  s->personal = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s->suggestions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_strfreev);
  s->checked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s->regions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s->personal_path = personal ? g_strdup (personal) : draftd_spell_default_personal_path ();
  load_personal (s);
  return s;
}

void
draftd_spell_free (DraftdSpell *s)
{
  if (s == NULL)
    return;
  g_hash_table_destroy (s->dicts);
  g_hash_table_destroy (s->personal);
  g_hash_table_destroy (s->suggestions);
  g_hash_table_destroy (s->checked);
  g_hash_table_destroy (s->regions);
  g_free (s->personal_path);
  g_free (s->personal_problem);
  g_mutex_clear (&s->lock);
  g_free (s);
}

/* A language's dictionaries by name, primary first, where its name alone does not find them:
 * English's regions (a word either accepts is spelt right, so British writers are not
 * "corrected"; hunspell-en-au, -en-ca, -en-za where installed are dialects to hold a text to),
 * Portuguese's two standards, Serbian's two scripts (grammar/language.c names Latin-script
 * Serbian "sr-Latn"), and regions that do not repeat the language's code. */
static const char *const dict_names[][6] = {
  { "en", "en_US", "en_GB", "en_CA", "en_AU", "en_ZA" },
  { "pt", "pt_BR", "pt_PT" },
  { "sr", "sr_RS" },
  { "sr-Latn", "sr_Latn_RS" },
  { "sv", "sv_SE", "sv_FI" },
  { "uk", "uk_UA" },
  { "cs", "cs_CZ" },
  { "da", "da_DK" },
  { "be", "be_BY" },
  { "el", "el_GR" },
  { "ca", "ca", "ca_ES" },
  { "de", "de_DE", "de_AT", "de_CH" },
  { "es", "es_ES", "es_MX" },
};

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

/* The names to look for: the table's, else "ll_LL", then "ll", then the first "ll_*" of the
 * folders, in the order of their names. */
static GPtrArray *
dict_candidates (const char *lang, char **dirs)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < G_N_ELEMENTS (dict_names); i++)
    if (g_str_equal (dict_names[i][0], lang)) {
      for (guint k = 1; k < G_N_ELEMENTS (dict_names[i]) && dict_names[i][k]; k++)
        g_ptr_array_add (names, g_strdup (dict_names[i][k]));
      return names;
    }
  g_autofree char *upper = g_ascii_strup (lang, -1);
  g_ptr_array_add (names, g_strdup_printf ("%s_%s", lang, upper));
  g_ptr_array_add (names, g_strdup (lang));
  g_autofree char *prefix = g_strconcat (lang, "_", NULL);
  g_autoptr (GPtrArray) regional = g_ptr_array_new_with_free_func (g_free);
  for (guint d = 0; dirs[d]; d++) {
    g_autoptr (GDir) dir = *dirs[d] ? g_dir_open (dirs[d], 0, NULL) : NULL;
    for (const char *f; dir && (f = g_dir_read_name (dir));)
      if (g_str_has_prefix (f, prefix) && g_str_has_suffix (f, ".aff"))
        g_ptr_array_add (regional, g_strndup (f, strlen (f) - 4));
  }
  g_ptr_array_sort (regional, compare_names);
  if (regional->len)
    g_ptr_array_add (names, g_strdup (regional->pdata[0]));
  return names;
}

/* The .aff/.dic pairs of a language, each from the first folder that has it (see dict_names);
 * the first is the one that suggests. NULL when none. */
static GPtrArray *
open_dicts (const char *lang)
{
  const char *env = g_getenv ("DRAFTD_DICT_PATH");
  g_auto (GStrv) dirs = g_strsplit (env ? env : "/usr/share/hunspell", ":", -1);
  g_autoptr (GPtrArray) names = dict_candidates (lang, dirs);
  GPtrArray *found = g_ptr_array_new_with_free_func ((GDestroyNotify) dict_free);
  for (guint n = 0; n < names->len; n++) {
    for (guint d = 0; dirs[d]; d++) {
      g_autofree char *base = *dirs[d] ? g_build_filename (dirs[d], names->pdata[n], NULL) : NULL;
      g_autofree char *aff = base ? g_strconcat (base, ".aff", NULL) : NULL, *dic = base ? g_strconcat (base, ".dic", NULL) : NULL;
      if (base == NULL || !g_file_test (aff, G_FILE_TEST_IS_REGULAR) || !g_file_test (dic, G_FILE_TEST_IS_REGULAR))
        continue;
      Dict *dict = g_new0 (Dict, 1);
      gint64 t0 = g_get_monotonic_time ();
      dict->h = Hunspell_create (aff, dic);
      dict->name = g_strdup (names->pdata[n]);
      dict->aff = g_strdup (aff);
      dict->dic = g_strdup (dic);
      g_mutex_init (&dict->suggest_lock);
      const char *enc = Hunspell_get_dic_encoding (dict->h);
      if (enc && g_ascii_strcasecmp (enc, "UTF-8") != 0)
        dict->encoding = g_strdup (enc);
      g_debug ("spelling for %s: %s (loaded in %.0f ms)", lang, base, (g_get_monotonic_time () - t0) / 1e3);
      g_ptr_array_add (found, dict);
      break;
    }
  }
  if (found->len == 0)
    g_clear_pointer (&found, g_ptr_array_unref);
  return found;
}

/* Under the lock: the language's dictionaries, primary first, or NULL. */
static GPtrArray *
dicts_for (DraftdSpell *s, const char *lang)
{
  gpointer found;
  if (g_hash_table_lookup_extended (s->dicts, lang, NULL, &found))
    return found;
  GPtrArray *d = open_dicts (lang);
  g_hash_table_insert (s->dicts, g_strdup (lang), d);
  return d;
}

gboolean
draftd_spell_has_language (DraftdSpell *s, const char *lang)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  return lang && dicts_for (s, lang) != NULL;
}

static char *
to_dict (const Dict *d, const char *word)
{
  if (d->encoding == NULL)
    return g_strdup (word);
  return g_convert (word, -1, d->encoding, "UTF-8", NULL, NULL, NULL);
}

static char *
from_dict (const Dict *d, const char *word)
{
  if (d->encoding == NULL)
    return g_utf8_validate (word, -1, NULL) ? g_strdup (word) : NULL;
  return g_convert (word, -1, "UTF-8", d->encoding, NULL, NULL, NULL);
}

static gboolean
personal_locked (DraftdSpell *s, const char *word)
{
  if (g_hash_table_contains (s->personal, word))
    return TRUE;
  g_autofree char *lower = g_utf8_strdown (word, -1);
  return g_hash_table_contains (s->personal, lower);
}

const char *
draftd_spell_personal_problem (DraftdSpell *s)
{
  return s->personal_problem;
}

guint
draftd_spell_personal_generation (DraftdSpell *s)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  return s->personal_generation;
}

gboolean
draftd_spell_is_personal (DraftdSpell *s, const char *word)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  return personal_locked (s, word);
}

/* Under the lock: memo's answer for key (a value + 1), or 0 where none is kept. */
static guint
memo_get (GHashTable *memo, const char *key)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (memo, key));
}

/* Under the lock: keeps value for key (taken), starting the memo again when full. */
static void
memo_put (GHashTable *memo, char *key, guint value)
{
  if (g_hash_table_size (memo) >= CHECK_CACHE_MAX)
    g_hash_table_remove_all (memo);
  g_hash_table_insert (memo, key, GUINT_TO_POINTER (value + 1));
}

/* Under the lock: the dictionaries' answer, unremembered. */
static gboolean
check_locked (DraftdSpell *s, const char *lang, const char *word)
{
  if (personal_locked (s, word) || draftd_spell_extra_word (lang, word))
    return TRUE;
  GPtrArray *ds = lang ? dicts_for (s, lang) : NULL;
  for (guint i = 0; ds && i < ds->len; i++) {
    Dict *d = ds->pdata[i];
    g_autofree char *w = to_dict (d, word);
    if (w == NULL || Hunspell_spell (d->h, w) != 0)
      return TRUE;
  }
  return ds == NULL;
}

gboolean
draftd_spell_check (DraftdSpell *s, const char *lang, const char *word)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  if (lang == NULL)
    return check_locked (s, lang, word);
  g_autofree char *key = g_strconcat (lang, "\t", word, NULL);
  guint kept = memo_get (s->checked, key);
  if (kept)
    return kept - 1;
  gboolean ok = check_locked (s, lang, word);
  memo_put (s->checked, g_steal_pointer (&key), ok);
  return ok;
}

char **
draftd_spell_analyze (DraftdSpell *s, const char *lang, const char *word)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  GPtrArray *out = g_ptr_array_new ();
  GPtrArray *ds = lang ? dicts_for (s, lang) : NULL;
  Dict *d = ds && ds->len ? ds->pdata[0] : NULL;
  g_autofree char *w = d ? to_dict (d, word) : NULL;
  char **list = NULL;
  int n = w ? Hunspell_analyze (d->h, &list, w) : 0;
  for (int i = 0; i < n; i++) {
    char *u = from_dict (d, list[i]);
    if (u)
      g_ptr_array_add (out, u);
  }
  if (n > 0)
    Hunspell_free_list (d->h, &list, n);
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/* Hunspell's suggestions from dictionary d's own suggesting handle, as UTF-8 after those
 * already in `out` (its lock held). */
static char **
suggest_locked (Dict *d, const char *word, GPtrArray *out)
{
  Hunhandle *h = d->suggester;
  g_autofree char *w = to_dict (d, word);
  char **list = NULL;
  int n = w ? Hunspell_suggest (h, &list, w) : 0;
  for (int i = 0; i < n; i++) {
    char *u = from_dict (d, list[i]);
    for (guint j = 0; u && j < out->len; j++)
      if (g_str_equal (out->pdata[j], u))
        g_clear_pointer (&u, g_free);
    if (u)
      g_ptr_array_add (out, u);
  }
  if (n > 0)
    Hunspell_free_list (h, &list, n);
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/* The user's words within two edits of `word`: they count as the dictionary's do, a little
 * ahead of them (a writer's own word is the likelier one). */
static GArray *
personal_near (DraftdSpell *s, const char *word)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (DraftdSpellSuggestion));
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, s->personal);
  while (g_hash_table_iter_next (&it, &key, NULL)) {
    float cost = g_str_equal (key, word) ? -1.0f : draftd_spell_index_cost (word, key);
    if (cost < 0)
      continue;
    DraftdSpellSuggestion sg = { draftd_spell_index_match_case (word, key), cost - 0.25f };
    g_array_append_val (out, sg);
  }
  return out;
}

/* The index of dictionary d, opened (or built and cached) on its first suggestion; NULL
 * when $DRAFTD_SPELL_INDEX is 0 (Hunspell alone, to compare) or it cannot be built. */
static DraftdSpellIndex *
index_locked (Dict *d)
{
  if (!d->index_tried && g_strcmp0 (g_getenv ("DRAFTD_SPELL_INDEX"), "0") != 0) {
    g_autoptr (GError) error = NULL;
    gint64 t0 = g_get_monotonic_time ();
    d->index = draftd_spell_index_open (d->suggester, d->aff, d->dic, d->encoding, NULL, &error);
    if (d->index == NULL)
      g_warning ("spelling index for %s: %s; Hunspell suggests alone", d->dic, error->message);
    else
      g_debug ("spelling index for %s: %s in %.0f ms", d->dic, draftd_spell_index_from_cache (d->index) ? "read" : "built",
               (g_get_monotonic_time () - t0) / 1e3);
  }
  d->index_tried = TRUE;
  return d->index;
}

static int
by_cost (gconstpointer a, gconstpointer b)
{
  float x = ((const DraftdSpellSuggestion *) a)->cost, y = ((const DraftdSpellSuggestion *) b)->cost;
  return x < y ? -1 : x > y;
}

/* Suggestions for a word, its dictionary's suggesting lock held: the user's words and the
 * index's forms by cost, or, where neither has any, the user's words and Hunspell's own. */
static char **
suggest_word (DraftdSpell *s, Dict *d, const char *word)
{
  if (d->suggester == NULL)
    d->suggester = Hunspell_create (d->aff, d->dic);
  GArray *found = personal_near (s, word);
  DraftdSpellIndex *idx = index_locked (d);
  gboolean from_index = FALSE;
  if (idx) {
    GArray *more = draftd_spell_index_suggest (idx, word, SUGGESTIONS_MAX);
    from_index = more->len > 0;
    g_array_append_vals (found, more->data, more->len);
    g_array_unref (more);  /* the words now belong to found */
  }
  g_array_sort (found, by_cost);
  GPtrArray *out = g_ptr_array_new ();
  for (guint i = 0; i < found->len; i++) {
    char *w = g_array_index (found, DraftdSpellSuggestion, i).word;
    gboolean dup = FALSE;
    for (guint j = 0; j < out->len && !dup; j++)
      dup = g_str_equal (out->pdata[j], w);
    if (dup || out->len >= SUGGESTIONS_MAX)
      g_free (w);
    else
      g_ptr_array_add (out, w);
  }
  g_array_unref (found);
  if (from_index) {
    g_ptr_array_add (out, NULL);
    return (char **) g_ptr_array_free (out, FALSE);
  }
  return suggest_locked (d, word, out);
}

/* Slurs that a dictionary lists without its NOSUGGEST flag (en_US has "kafir" in lower
 * case): a name at a sentence's start, "Kabir needs them", was respelt as one. A writer who
 * means the word types it; no correction offers it. */
static char **
never_suggested_dropped (char **words)
{
  static const char *const never[] = { "kafir", "kafirs", "kaffir", "kaffirs" };
  guint k = 0;
  for (guint i = 0; words[i]; i++) {
    gboolean drop = FALSE;
    for (guint j = 0; j < G_N_ELEMENTS (never) && !drop; j++)
      drop = g_ascii_strcasecmp (words[i], never[j]) == 0;
    if (drop)
      g_free (words[i]);
    else
      words[k++] = words[i];
  }
  words[k] = NULL;
  return words;
}

/* Under the lock: a copy of the cached suggestions for key, or NULL. */
static char **
cached_locked (DraftdSpell *s, const char *key)
{
  char **cached = g_hash_table_lookup (s->suggestions, key);
  return cached ? g_strdupv (cached) : NULL;
}

/* The suggestions of the language's dictionary number `k` (0: the primary one). */
static char **
suggest_from (DraftdSpell *s, const char *lang, guint k, const char *word)
{
  g_autofree char *key = g_strdup_printf ("%s#%u\t%s", lang ? lang : "", k, word);
  Dict *d;
  {
    g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
    GPtrArray *ds = lang ? dicts_for (s, lang) : NULL;
    if (ds == NULL || k >= ds->len)
      return g_new0 (char *, 1);
    char **cached = cached_locked (s, key);
    if (cached)
      return cached;
    d = ds->pdata[k];  /* dictionaries live as long as s */
  }
  g_autoptr (GMutexLocker) suggesting G_GNUC_UNUSED = g_mutex_locker_new (&d->suggest_lock);
  {
    /* Another lane may have asked for the same word meanwhile. */
    g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
    char **cached = cached_locked (s, key);
    if (cached)
      return cached;
  }
  char **fresh = never_suggested_dropped (suggest_word (s, d, word));
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  if (g_hash_table_size (s->suggestions) >= SUGGESTION_CACHE_MAX)
    g_hash_table_remove_all (s->suggestions);
  g_hash_table_insert (s->suggestions, g_steal_pointer (&key), fresh);
  return g_strdupv (fresh);
}

char **
draftd_spell_suggest (DraftdSpell *s, const char *lang, const char *word)
{
  return suggest_from (s, lang, 0, word);
}

void
draftd_spell_prepare (DraftdSpell *s, const char *lang)
{
  Dict *d;
  {
    g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
    GPtrArray *ds = lang ? dicts_for (s, lang) : NULL;
    if (ds == NULL)
      return;
    d = ds->pdata[0];  /* dictionaries live as long as s */
  }
  /* Only an index already cached: building one (a second of CPU and more, 45 s for de_DE)
   * would slow a first start that may never suggest a word; its first suggestion builds it. */
  g_autofree char *cached = draftd_spell_index_cache_path (NULL, d->dic);
  if (!g_file_test (cached, G_FILE_TEST_IS_REGULAR))
    return;
  g_autoptr (GMutexLocker) suggesting G_GNUC_UNUSED = g_mutex_locker_new (&d->suggest_lock);
  if (d->suggester == NULL)
    d->suggester = Hunspell_create (d->aff, d->dic);
  index_locked (d);
}

gint
draftd_spell_region_index (DraftdSpell *s, const char *lang, const char *region)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  GPtrArray *ds = lang && region ? dicts_for (s, lang) : NULL;
  for (guint i = 0; ds && i < ds->len; i++)
    if (g_str_equal (((Dict *) ds->pdata[i])->name, region))
      return (gint) i;
  return -1;
}

/* Under the lock: the mask of the language's dictionaries (ds) that accept word, unremembered. */
static guint
regions_locked (DraftdSpell *s, GPtrArray *ds, const char *lang, const char *word)
{
  /* The user's and draftd's own words belong to every region. */
  if (personal_locked (s, word) || draftd_spell_extra_word (lang, word))
    return (1u << ds->len) - 1;
  guint mask = 0;
  for (guint i = 0; i < ds->len && i < 31; i++) {
    Dict *d = ds->pdata[i];
    g_autofree char *w = to_dict (d, word);
    if (w && Hunspell_spell (d->h, w) != 0)
      mask |= 1u << i;
  }
  return mask;
}

guint
draftd_spell_regions (DraftdSpell *s, const char *lang, const char *word)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  GPtrArray *ds = lang ? dicts_for (s, lang) : NULL;
  if (ds == NULL)
    return 0;
  g_autofree char *key = g_strconcat (lang, "\t", word, NULL);
  guint kept = memo_get (s->regions, key);
  if (kept)
    return kept - 1;
  guint mask = regions_locked (s, ds, lang, word);
  memo_put (s->regions, g_steal_pointer (&key), mask);
  return mask;
}

char **
draftd_spell_suggest_region (DraftdSpell *s, const char *lang, guint k, const char *word)
{
  return suggest_from (s, lang, k, word);
}

gboolean
draftd_spell_add_word (DraftdSpell *s, const char *word, GError **error)
{
  if (!draftd_word_valid (word)) {
    g_set_error (error, DRAFTD_SPELL_ERROR, DRAFTD_SPELL_ERROR_INVALID_WORD, DRAFTD_WORD_RULE);
    return FALSE;
  }
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&s->lock);
  if (g_hash_table_contains (s->personal, word))
    return TRUE;
  /* The file first: a word the disk refused is not kept in memory either, so what the
   * user sees now is what a restart reads. */
  g_autoptr (GError) local = NULL;
  if (!draftd_word_list_append (s->personal_path, word, 0700, &local)) {
    g_set_error (error, DRAFTD_SPELL_ERROR, DRAFTD_SPELL_ERROR_IO, "%s", local->message);
    return FALSE;
  }
  g_hash_table_add (s->personal, g_strdup (word));
  s->personal_generation++;
  /* Suggestions offer the user's words: the ones kept may now miss it; and the word is now
   * spelt right where the memos kept it wrong. */
  g_hash_table_remove_all (s->suggestions);
  g_hash_table_remove_all (s->checked);
  g_hash_table_remove_all (s->regions);
  return TRUE;
}

/* Adds the names of the files in `dir` (or, with `suffix`, of those ending in it, less it and
 * any ":arch") of three letters or more, lower-case ASCII, to `names`. */
static void
add_names (GHashTable *names, const char *dir, const char *suffix)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)) != NULL) {
    if (suffix && !g_str_has_suffix (name, suffix))
      continue;
    g_autofree char *base = g_strndup (name, strlen (name) - (suffix ? strlen (suffix) : 0));
    char *colon = strchr (base, ':');
    if (colon)
      *colon = 0;
    gboolean plain = strlen (base) >= 3;
    for (const char *p = base; plain && *p; p++)
      plain = g_ascii_islower (*p) || g_ascii_isdigit (*p) || strchr ("-_.+", *p);
    if (plain)
      g_hash_table_add (names, g_steal_pointer (&base));
  }
}

gboolean
draftd_spell_program_name (const char *word)
{
  static gsize once;
  static GHashTable *names;
  if (g_once_init_enter (&once)) {
    GHashTable *t = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    const char *path = g_getenv ("PATH");
    g_auto (GStrv) dirs = g_strsplit (path ? path : "", ":", -1);
    for (guint i = 0; dirs[i]; i++)
      if (g_path_is_absolute (dirs[i]))
        add_names (t, dirs[i], NULL);
    static const char *const system[] = { "/usr/bin", "/usr/sbin", "/bin", "/sbin", "/usr/games", "/usr/lib/systemd" };
    for (guint i = 0; i < G_N_ELEMENTS (system); i++)
      add_names (t, system[i], NULL);
    add_names (t, "/var/lib/dpkg/info", ".list");
    names = t; /* kept for the process's life */
    g_once_init_leave (&once, 1);
  }
  return word && g_hash_table_contains (names, word);
}
