/* Hunspell's affix rules applied to its stems: every form a .dic/.aff pair makes, for the
 * suggestion index (spell-index.h). Generous on purpose: a candidate form is kept only where
 * Hunspell_spell accepts it, so a rule read too widely costs a check, never a wrong word. */
#include "grammar/spell-affix.h"
#include <string.h>

typedef enum { FLAG_CHAR, FLAG_LONG, FLAG_NUM, FLAG_UTF8 } FlagMode;

/* One position of a condition: any character, or a set (negated with ^). */
typedef struct {
  gboolean any, negate;
  gunichar set[32];
  guint n;
} CondElem;

typedef struct {
  gboolean prefix, cross;
  char *strip, *add;
  GArray *cond;   /* CondElem, first to last character */
  GArray *cont;   /* guint32 continuation flags (two-fold affixes) */
} Affix;

typedef struct {
  FlagMode mode;
  guint32 nosuggest, forbidden;
  GHashTable *by_flag;  /* flag -> GPtrArray of Affix* */
  GHashTable *cross;    /* flag -> cross-product allowed */
} Aff;

static void
affix_free (Affix *a)
{
  g_free (a->strip);
  g_free (a->add);
  g_array_unref (a->cond);
  g_array_unref (a->cont);
  g_free (a);
}

/* A flag string as flag codes, by the .aff's FLAG mode. */
static GArray *
parse_flags (FlagMode mode, const char *s)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint32));
  if (mode == FLAG_NUM) {
    g_auto (GStrv) parts = g_strsplit (s, ",", -1);
    for (guint i = 0; parts[i]; i++) {
      guint32 v = (guint32) g_ascii_strtoull (parts[i], NULL, 10);
      if (v)
        g_array_append_val (out, v);
    }
    return out;
  }
  for (const char *p = s; *p;) {
    guint32 v;
    if (mode == FLAG_UTF8) {
      v = g_utf8_get_char_validated (p, -1);
      p = (v == (guint32) -1 || v == (guint32) -2) ? p + 1 : g_utf8_next_char (p);
    } else if (mode == FLAG_LONG) {
      v = (guint8) p[0];
      if (p[1]) {
        v = (v << 8) | (guint8) p[1];
        p++;
      }
      p++;
    } else {
      v = (guint8) *p++;
    }
    g_array_append_val (out, v);
  }
  return out;
}

static guint32
one_flag (FlagMode mode, const char *s)
{
  g_autoptr (GArray) f = parse_flags (mode, s);
  return f->len ? g_array_index (f, guint32, 0) : 0;
}

static GArray *
parse_condition (const char *c)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (CondElem));
  if (g_str_equal (c, "."))
    return out;
  for (const char *p = c; *p;) {
    CondElem e = { 0 };
    if (*p == '.') {
      e.any = TRUE;
      p++;
    } else if (*p == '[') {
      p++;
      if (*p == '^') {
        e.negate = TRUE;
        p++;
      }
      for (; *p && *p != ']'; p = g_utf8_next_char (p))
        if (e.n < G_N_ELEMENTS (e.set))
          e.set[e.n++] = g_utf8_get_char (p);
      if (*p == ']')
        p++;
    } else {
      e.set[e.n++] = g_utf8_get_char (p);
      p = g_utf8_next_char (p);
    }
    g_array_append_val (out, e);
  }
  return out;
}

static gboolean
elem_matches (const CondElem *e, gunichar c)
{
  if (e->any)
    return TRUE;
  gboolean in = FALSE;
  for (guint i = 0; i < e->n && !in; i++)
    in = e->set[i] == c;
  return in != e->negate;
}

/* Does the stem meet the affix's condition, at its start (prefix) or end? Read in place,
 * character by character: the index applies every affix of a dictionary to every stem,
 * millions of calls, and a copy per call was most of the time (ten times more under ASan). */
static gboolean
condition_holds (const Affix *a, const char *stem, gsize len)
{
  guint n = a->cond->len;
  const char *p = a->prefix ? stem : stem + len;
  for (guint i = 0; i < n; i++) {
    if (a->prefix ? *p == '\0' : p == stem)
      return FALSE;
    if (!a->prefix)
      p = g_utf8_prev_char (p);
    guint k = a->prefix ? i : n - 1 - i;
    if (!elem_matches (&g_array_index (a->cond, CondElem, k), g_utf8_get_char (p)))
      return FALSE;
    if (a->prefix)
      p = g_utf8_next_char (p);
  }
  return TRUE;
}

/* Does the affix apply to the stem: its strip and its condition fit? */
static gboolean
fits (const Affix *a, const char *stem)
{
  gsize sl = strlen (a->strip), wl = strlen (stem);
  if (sl >= wl)
    return FALSE;
  if (a->prefix ? strncmp (stem, a->strip, sl) != 0 : strcmp (stem + wl - sl, a->strip) != 0)
    return FALSE;
  return condition_holds (a, stem, wl);
}

/* The affix applied to a stem it fits. */
static char *
make (const Affix *a, const char *stem)
{
  gsize sl = strlen (a->strip), wl = strlen (stem);
  if (a->prefix)
    return g_strconcat (a->add, stem + sl, NULL);
  char *out = g_malloc (wl - sl + strlen (a->add) + 1);
  memcpy (out, stem, wl - sl);
  strcpy (out + wl - sl, a->add);
  return out;
}

/* One PFX/SFX line: its header (flag, cross product, count) or a rule. */
static void
parse_affix_line (Aff *aff, char **f, guint nf)
{
  gboolean prefix = f[0][0] == 'P';
  guint32 flag = one_flag (aff->mode, f[1]);
  if (nf == 4 && (g_str_equal (f[2], "Y") || g_str_equal (f[2], "N"))) {
    g_hash_table_insert (aff->cross, GUINT_TO_POINTER (flag), GINT_TO_POINTER (f[2][0] == 'Y'));
    return;
  }
  if (nf < 4)
    return;
  Affix *a = g_new0 (Affix, 1);
  a->prefix = prefix;
  a->cross = GPOINTER_TO_INT (g_hash_table_lookup (aff->cross, GUINT_TO_POINTER (flag)));
  a->strip = g_strdup (g_str_equal (f[2], "0") ? "" : f[2]);
  char *slash = strchr (f[3], '/');
  a->cont = parse_flags (aff->mode, slash ? slash + 1 : "");
  if (slash)
    *slash = '\0';
  a->add = g_strdup (g_str_equal (f[3], "0") ? "" : f[3]);
  a->cond = parse_condition (nf > 4 ? f[4] : ".");
  GPtrArray *list = g_hash_table_lookup (aff->by_flag, GUINT_TO_POINTER (flag));
  if (list == NULL) {
    list = g_ptr_array_new_with_free_func ((GDestroyNotify) affix_free);
    g_hash_table_insert (aff->by_flag, GUINT_TO_POINTER (flag), list);
  }
  g_ptr_array_add (list, a);
}

static void
parse_aff_line (Aff *aff, char *line)
{
  g_auto (GStrv) f = g_strsplit_set (g_strstrip (line), " \t", -1);
  GPtrArray *w = g_ptr_array_new ();
  for (guint i = 0; f[i]; i++)
    if (*f[i])
      g_ptr_array_add (w, f[i]);
  char **v = (char **) w->pdata;
  if (w->len >= 2 && g_str_equal (v[0], "FLAG"))
    aff->mode = g_str_equal (v[1], "long") ? FLAG_LONG : g_str_equal (v[1], "num") ? FLAG_NUM
                : g_ascii_strcasecmp (v[1], "UTF-8") == 0 ? FLAG_UTF8 : FLAG_CHAR;
  else if (w->len >= 2 && g_str_equal (v[0], "NOSUGGEST"))
    aff->nosuggest = one_flag (aff->mode, v[1]);
  else if (w->len >= 2 && g_str_equal (v[0], "FORBIDDENWORD"))
    aff->forbidden = one_flag (aff->mode, v[1]);
  else if (w->len >= 3 && (g_str_equal (v[0], "PFX") || g_str_equal (v[0], "SFX")))
    parse_affix_line (aff, v, w->len);
  g_ptr_array_free (w, TRUE);
}

/* A file's text as UTF-8, from the dictionary's encoding. */
static char *
read_text (const char *path, const char *encoding, GError **error)
{
  g_autofree char *raw = NULL;
  gsize len;
  if (!g_file_get_contents (path, &raw, &len, error))
    return NULL;
  if (encoding == NULL)
    return g_utf8_make_valid (raw, len);
  return g_convert_with_fallback (raw, len, "UTF-8", encoding, "?", NULL, NULL, error);
}

static gboolean
has_flag (GArray *flags, guint32 f)
{
  for (guint i = 0; f && i < flags->len; i++)
    if (g_array_index (flags, guint32, i) == f)
      return TRUE;
  return FALSE;
}

/* Every form one stem makes with its flags: suffixes (and the suffixes their continuation
 * allows), prefixes, and prefix with suffix where both allow the cross product; their count.
 * With `out` NULL the forms are only counted, and no string is made that a count does not
 * need (the count of a large dictionary runs to millions of forms). */
static gsize
expand_stem (const Aff *aff, const char *stem, GArray *flags, GPtrArray *out)
{
  gsize n = 1;
  if (out)
    g_ptr_array_add (out, g_strdup (stem));
  for (guint i = 0; i < flags->len; i++) {
    GPtrArray *list = g_hash_table_lookup (aff->by_flag, GUINT_TO_POINTER (g_array_index (flags, guint32, i)));
    for (guint k = 0; list && k < list->len; k++) {
      const Affix *a = list->pdata[k];
      if (!fits (a, stem))
        continue;
      n++;
      /* Owned by `out` where there is one. */
      char *form = out || a->cont->len ? make (a, stem) : NULL;
      if (out)
        g_ptr_array_add (out, form);
      for (guint c = 0; c < a->cont->len; c++) {
        GPtrArray *next = g_hash_table_lookup (aff->by_flag, GUINT_TO_POINTER (g_array_index (a->cont, guint32, c)));
        for (guint m = 0; next && m < next->len; m++) {
          const Affix *b = next->pdata[m];
          if (fits (b, form) && ++n && out)
            g_ptr_array_add (out, make (b, form));
        }
      }
      if (!out)
        g_free (form);
      if (!a->prefix || !a->cross)
        continue;
      for (guint j = 0; j < flags->len; j++) {
        GPtrArray *sfx = g_hash_table_lookup (aff->by_flag, GUINT_TO_POINTER (g_array_index (flags, guint32, j)));
        for (guint m = 0; sfx && m < sfx->len; m++) {
          const Affix *b = sfx->pdata[m];
          if (b->prefix || !b->cross || !fits (b, stem))
            continue;
          g_autofree char *both = make (b, stem);
          if (fits (a, both) && ++n && out)
            g_ptr_array_add (out, make (a, both));
        }
      }
    }
  }
  return n;
}

/* The stem and flags of one .dic line ("word/FLAGS morphology"; "\/" is a slash). */
static char *
dic_entry (char *line, char **flags)
{
  GString *w = g_string_new (NULL);
  char *p = line;
  for (; *p && *p != '/' && *p != '\t' && *p != ' '; p++) {
    if (*p == '\\' && p[1] == '/')
      p++;
    g_string_append_c (w, *p);
  }
  *flags = (char *) "";
  if (*p == '/') {
    char *start = ++p;
    while (*p && *p != '\t' && *p != ' ')
      p++;
    *p = '\0';
    *flags = start;
  }
  return g_string_free (w, FALSE);
}

/* Keeps the forms Hunspell accepts, once each. */
static void
keep_accepted (Hunhandle *h, const char *encoding, GPtrArray *forms, GHashTable *seen, GPtrArray *out)
{
  for (guint i = 0; i < forms->len; i++) {
    char *f = forms->pdata[i];
    if (g_hash_table_contains (seen, f))
      continue;
    g_autofree char *in_dict = encoding ? g_convert (f, -1, encoding, "UTF-8", NULL, NULL, NULL) : g_strdup (f);
    if (in_dict == NULL || Hunspell_spell (h, in_dict) == 0)
      continue;
    g_hash_table_add (seen, g_strdup (f));
    g_ptr_array_add (out, g_strdup (f));
  }
}

/* The lines of `text`, split in place at each newline: an array of pointers into `text`,
 * NULL-terminated. Not g_strsplit: that finds each newline with strstr, which ASan's
 * interceptor makes measure the rest of the text every time, quadratic over a dictionary of
 * hundreds of thousands of lines. */
static GPtrArray *
split_lines (char *text)
{
  GPtrArray *lines = g_ptr_array_new ();
  for (char *p = text, *end = text + strlen (text); p;) {
    char *nl = memchr (p, '\n', (gsize) (end - p));
    g_ptr_array_add (lines, p);
    if (nl)
      *nl = '\0';
    p = nl ? nl + 1 : NULL;
  }
  g_ptr_array_add (lines, NULL);
  return lines;
}

static gboolean
read_aff (Aff *aff, const char *path, const char *encoding, GError **error)
{
  g_autofree char *text = read_text (path, encoding, error);
  if (text == NULL)
    return FALSE;
  g_autoptr (GPtrArray) lines = split_lines (text);
  for (guint i = 0; i + 1 < lines->len; i++)
    parse_aff_line (aff, g_ptr_array_index (lines, i));
  return TRUE;
}

/* Forms the affix rules make before Hunspell's check, at most: French's dictionary makes
 * millions (minutes to check, hundreds of megabytes to index) and is left to Hunspell. */
#define MAX_CANDIDATES 1500000

/* One .dic line, parsed once: counted, then expanded. */
typedef struct {
  char *stem;
  GArray *flags;
} DicEntry;

static void
dic_entry_clear (gpointer p)
{
  DicEntry *e = p;
  g_free (e->stem);
  g_array_unref (e->flags);
}

/* The .dic's entries (its first line is the count, and skipped). */
static GArray *
read_entries (const Aff *aff, char **lines)
{
  GArray *entries = g_array_new (FALSE, FALSE, sizeof (DicEntry));
  g_array_set_clear_func (entries, dic_entry_clear);
  for (guint i = lines[0] ? 1 : 0; lines[i]; i++) {
    char *flag_text;
    DicEntry e = { .stem = dic_entry (g_strstrip (lines[i]), &flag_text) };
    e.flags = parse_flags (aff->mode, flag_text);
    g_array_append_val (entries, e);
  }
  return entries;
}

/* TRUE when the stems make more than MAX_CANDIDATES forms, counted before any is checked. */
static gboolean
too_many_candidates (const Aff *aff, GArray *entries)
{
  gsize n = 0;
  for (guint i = 0; i < entries->len && n <= MAX_CANDIDATES; i++) {
    const DicEntry *e = &g_array_index (entries, DicEntry, i);
    n += expand_stem (aff, e->stem, e->flags, NULL);
  }
  return n > MAX_CANDIDATES;
}

GPtrArray *
draftd_spell_affix_expand (Hunhandle *h, const char *aff_path, const char *dic_path, const char *encoding, GError **error)
{
  Aff aff = { FLAG_CHAR, 0, 0, g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref),
              g_hash_table_new (NULL, NULL) };
  g_autofree char *dic = NULL;
  GPtrArray *out = NULL;
  if (read_aff (&aff, aff_path, encoding, error) && (dic = read_text (dic_path, encoding, error)) != NULL) {
    out = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    g_autoptr (GPtrArray) lines = split_lines (dic);
    g_autoptr (GArray) entries = read_entries (&aff, (char **) lines->pdata);
    /* Too many: an empty list, an index of nothing, which the cache remembers. */
    gboolean too_many = too_many_candidates (&aff, entries);
    if (too_many)
      g_debug ("%s: over %d word forms, not indexed", dic_path, MAX_CANDIDATES);
    for (guint i = 0; i < entries->len && !too_many; i++) {
      const DicEntry *e = &g_array_index (entries, DicEntry, i);
      if (*e->stem == '\0' || has_flag (e->flags, aff.nosuggest) || has_flag (e->flags, aff.forbidden))
        continue;
      g_autoptr (GPtrArray) forms = g_ptr_array_new_with_free_func (g_free);
      expand_stem (&aff, e->stem, e->flags, forms);
      keep_accepted (h, encoding, forms, seen, out);
    }
  }
  g_hash_table_destroy (aff.by_flag);
  g_hash_table_destroy (aff.cross);
  return out;
}
