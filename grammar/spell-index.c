#include "grammar/spell-index.h"
#include "grammar/spell-affix.h"
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <glib/gstdio.h>

#define CACHE_MAGIC "DRAFTDSI"
#define CACHE_VERSION 1u
/* Longest key indexed and longest word looked up, in characters: no one types longer. */
#define MAX_KEY 60
#define MAX_QUERY 40
/* The characters of a key the deletes are made of (SymSpell's prefix length): longer words
 * are told apart by their full distance, checked for each candidate. */
#define PREFIX 7
#define MAX_DELETES 29  /* 1 + 7 + 21: a 7-character prefix and its one and two deletions */

struct DraftdSpellIndex {
  guint n;
  char *blob;         /* the forms, NUL-terminated, sorted by key */
  const char **forms; /* n pointers into blob */
  gunichar *keys;     /* lower-case forms as UCS-4, back to back */
  guint32 *key_off;   /* n + 1 offsets into keys */
  guint8 *lcp;        /* characters key i shares with key i - 1 (0 for the first) */
  /* Symmetric deletes over the keys' first PREFIX characters: each distinct prefix (a run of
   * keys, prefix_start) with every string one or two deletions make of it, as (hash << 32 |
   * prefix number), sorted. Built at each open (well under a second), not cached. */
  guint32 *prefix_start;
  guint n_prefix;
  guint64 *deletes;
  gsize n_deletes;
  gboolean cached;
  GPtrArray *rep;     /* the .aff's REP pairs: from, to, from, to, ... */
};

void
draftd_spell_index_free (DraftdSpellIndex *idx)
{
  if (idx == NULL)
    return;
  g_free (idx->blob);
  g_free (idx->forms);
  g_free (idx->keys);
  g_free (idx->key_off);
  g_free (idx->lcp);
  g_free (idx->prefix_start);
  g_free (idx->deletes);
  if (idx->rep)
    g_ptr_array_unref (idx->rep);
  g_free (idx);
}

gboolean
draftd_spell_index_from_cache (const DraftdSpellIndex *idx)
{
  return idx->cached;
}

guint
draftd_spell_index_size (const DraftdSpellIndex *idx)
{
  return idx->n;
}

void
draftd_spell_suggestions_free (GArray *s)
{
  for (guint i = 0; s && i < s->len; i++)
    g_free (g_array_index (s, DraftdSpellSuggestion, i).word);
  if (s)
    g_array_unref (s);
}

static int
ucs4_cmp (const gunichar *a, guint la, const gunichar *b, guint lb)
{
  for (guint i = 0; i < la && i < lb; i++)
    if (a[i] != b[i])
      return a[i] < b[i] ? -1 : 1;
  return la == lb ? 0 : la < lb ? -1 : 1;
}

typedef struct {
  const char *form;
  gunichar *key;
  glong len;
} Entry;

static int
entry_cmp (gconstpointer a, gconstpointer b)
{
  const Entry *x = a, *y = b;
  int c = ucs4_cmp (x->key, x->len, y->key, y->len);
  return c ? c : strcmp (x->form, y->form);
}

static gunichar *
key_of (const char *form, glong *len)
{
  g_autofree char *lower = g_utf8_strdown (form, -1);
  return g_utf8_to_ucs4_fast (lower, -1, len);
}

/* The index over forms already in key order (from the cache) or sorted here (fresh). A
 * blob out of order is refused: the walk depends on it. */
static DraftdSpellIndex *
index_from_blob (char *blob, gsize blob_len, guint n, gboolean sorted)
{
  g_autofree Entry *e = g_new0 (Entry, n);
  const char *p = blob, *end = blob + blob_len;
  guint m = 0;
  for (; m < n && p < end; m++) {
    const char *nul = memchr (p, '\0', end - p);
    if (nul == NULL || nul == p || !g_utf8_validate (p, nul - p, NULL))
      break;
    e[m].form = p;
    e[m].key = key_of (p, &e[m].len);
    p = nul + 1;
  }
  gboolean ok = m == n && p == end;
  for (guint i = 1; ok && sorted && i < n; i++)
    ok = entry_cmp (&e[i - 1], &e[i]) <= 0;
  if (ok && !sorted && n > 1) /* an empty dictionary has no array to sort (qsort wants one) */
    qsort (e, n, sizeof (Entry), entry_cmp);
  DraftdSpellIndex *idx = NULL;
  if (ok) {
    idx = g_new0 (DraftdSpellIndex, 1);
    idx->n = n;
    idx->forms = g_new (const char *, n);
    idx->key_off = g_new (guint32, n + 1);
    gsize total = 0;
    for (guint i = 0; i < n; i++)
      total += e[i].len;
    idx->keys = g_new (gunichar, total + 1);
    idx->key_off[0] = 0;
    for (guint i = 0; i < n; i++) {
      idx->forms[i] = e[i].form;
      memcpy (idx->keys + idx->key_off[i], e[i].key, e[i].len * sizeof (gunichar));
      idx->key_off[i + 1] = idx->key_off[i] + e[i].len;
    }
    idx->lcp = g_new0 (guint8, n);
    for (guint i = 1; i < n; i++) {
      guint c = 0;
      while (c < (guint) e[i].len && c < (guint) e[i - 1].len && e[i].key[c] == e[i - 1].key[c])
        c++;
      idx->lcp[i] = c;
    }
  }
  for (guint i = 0; i < m; i++)
    g_free (e[i].key);
  return idx;
}

char *
draftd_spell_index_cache_path (const char *cache_dir, const char *dic)
{
  const char *xdg = g_getenv ("XDG_CACHE_HOME"), *own = g_getenv ("DRAFTD_SPELL_CACHE_DIR");
  if (cache_dir == NULL && own && *own)
    cache_dir = own;
  g_autofree char *dir = cache_dir ? g_strdup (cache_dir)
                         : g_build_filename (xdg && g_path_is_absolute (xdg) ? xdg : g_get_user_cache_dir (), "draftd", NULL);
  g_autofree char *base = g_path_get_basename (dic);
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, dic, -1);
  hash[16] = '\0';
  g_autofree char *name = g_strdup_printf ("spell-%s-%s.idx", base, hash);
  return g_build_filename (dir, name, NULL);
}

/* FNV-1a over s without the characters at skip1 and skip2; mixed with the length left. */
static guint32
hash_chars (const gunichar *s, guint len, guint skip1, guint skip2)
{
  guint32 h = 2166136261u, left = 0;
  for (guint i = 0; i < len; i++)
    if (i != skip1 && i != skip2) {
      h = (h ^ s[i]) * 16777619u;
      left++;
    }
  return (h ^ left) * 16777619u;
}

/* The hashes of s and of every string one or two deletions make of it, once each. */
static guint
delete_hashes (const gunichar *s, guint len, guint maxd, guint32 *out)
{
  guint n = 0;
  out[n++] = hash_chars (s, len, G_MAXUINT, G_MAXUINT);
  for (guint a = 0; maxd >= 1 && a < len; a++) {
    if (a > 0 && s[a] == s[a - 1])
      continue;  /* the same string as deleting the letter before */
    out[n++] = hash_chars (s, len, a, G_MAXUINT);
    for (guint b = a + 1; maxd >= 2 && b < len; b++)
      if (!(b > a + 1 && s[b] == s[b - 1]))
        out[n++] = hash_chars (s, len, a, b);
  }
  return n;
}

static int
u64_cmp (gconstpointer a, gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;
  return x < y ? -1 : x > y;
}

/* The distinct prefixes of the sorted keys and the deletes of each. */
static void
build_deletes (DraftdSpellIndex *idx)
{
  GArray *starts = g_array_new (FALSE, FALSE, sizeof (guint32));
  GArray *dels = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint prev_len = 0;
  for (guint i = 0; i < idx->n; i++) {
    guint kl = MIN (idx->key_off[i + 1] - idx->key_off[i], PREFIX);
    if (i > 0 && kl == prev_len && idx->lcp[i] >= kl)
      continue;
    prev_len = kl;
    guint32 id = starts->len, hashes[MAX_DELETES];
    g_array_append_val (starts, i);
    guint nh = delete_hashes (idx->keys + idx->key_off[i], kl, 2, hashes);
    for (guint h = 0; h < nh; h++) {
      guint64 e = ((guint64) hashes[h] << 32) | id;
      g_array_append_val (dels, e);
    }
  }
  idx->n_prefix = starts->len;
  g_array_append_val (starts, idx->n);
  g_array_sort (dels, u64_cmp);
  idx->n_deletes = dels->len;
  idx->prefix_start = (guint32 *) g_array_free (starts, FALSE);
  idx->deletes = (guint64 *) g_array_free (dels, FALSE);
}

/* The .aff's REP table (common misspellings: "alot" for "a lot", "ie" for "ei"), lower
 * case, in pairs; read at each open, it is small. */
static GPtrArray *
read_rep (const char *aff, const char *encoding)
{
  GPtrArray *rep = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *raw = NULL;
  gsize len;
  if (!g_file_get_contents (aff, &raw, &len, NULL))
    return rep;
  g_autofree char *text = encoding ? g_convert (raw, len, "UTF-8", encoding, NULL, NULL, NULL) : g_utf8_make_valid (raw, len);
  g_auto (GStrv) lines = g_strsplit (text ? text : "", "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    if (!g_str_has_prefix (lines[i], "REP "))
      continue;
    g_auto (GStrv) f = g_strsplit_set (g_strstrip (lines[i]), " \t", -1);
    if (g_strv_length (f) < 3 || !*f[1] || !*f[2] || g_ascii_isdigit (f[1][0]))
      continue;
    g_ptr_array_add (rep, g_utf8_strdown (f[1], -1));
    g_ptr_array_add (rep, g_utf8_strdown (f[2], -1));
  }
  return rep;
}

/* What the cache is keyed on: both files' paths, sizes and modification times. */
static GBytes *
cache_key (const char *aff, const char *dic)
{
  GStatBuf sa, sd;
  if (g_stat (aff, &sa) != 0 || g_stat (dic, &sd) != 0)
    return NULL;
  g_autofree char *k = g_strdup_printf ("%s\n%s\n%" G_GINT64_FORMAT ".%ld %" G_GINT64_FORMAT "\n%" G_GINT64_FORMAT ".%ld %" G_GINT64_FORMAT "\n",
                                        dic, aff, (gint64) sd.st_mtim.tv_sec, (long) sd.st_mtim.tv_nsec, (gint64) sd.st_size,
                                        (gint64) sa.st_mtim.tv_sec, (long) sa.st_mtim.tv_nsec, (gint64) sa.st_size);
  gsize len = strlen (k);
  return g_bytes_new_take (g_steal_pointer (&k), len);
}

/* Layout: magic, version, key length, key, form count, blob length, blob, SHA-256 of all
 * before it. */
static DraftdSpellIndex *
read_cache (const char *path, GBytes *key)
{
  g_autofree char *data = NULL;
  gsize len, klen = g_bytes_get_size (key), at = 8 + 4 + 4;
  if (!g_file_get_contents (path, &data, &len, NULL) || len < at + klen + 8 + 32 || memcmp (data, CACHE_MAGIC, 8) != 0)
    return NULL;
  guint32 version, stored_klen, n, blob_len;
  memcpy (&version, data + 8, 4);
  memcpy (&stored_klen, data + 12, 4);
  if (version != CACHE_VERSION || stored_klen != klen || memcmp (data + at, g_bytes_get_data (key, NULL), klen) != 0)
    return NULL;
  at += klen;
  memcpy (&n, data + at, 4);
  memcpy (&blob_len, data + at + 4, 4);
  at += 8;
  if ((gsize) blob_len != len - at - 32)
    return NULL;
  guint8 digest[32];
  gsize dlen = sizeof digest;
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (sum, (const guchar *) data, len - 32);
  g_checksum_get_digest (sum, digest, &dlen);
  if (memcmp (digest, data + len - 32, 32) != 0)
    return NULL;
  char *blob = g_memdup2 (data + at, blob_len);
  DraftdSpellIndex *idx = index_from_blob (blob, blob_len, n, TRUE);
  if (idx == NULL) {
    g_free (blob);
    return NULL;
  }
  idx->blob = blob;
  idx->cached = TRUE;
  return idx;
}

static void
write_cache (const char *path, GBytes *key, const DraftdSpellIndex *idx, gsize blob_len)
{
  g_autoptr (GByteArray) b = g_byte_array_new ();
  guint32 version = CACHE_VERSION, klen = g_bytes_get_size (key), n = idx->n, bl = blob_len;
  g_byte_array_append (b, (const guint8 *) CACHE_MAGIC, 8);
  g_byte_array_append (b, (const guint8 *) &version, 4);
  g_byte_array_append (b, (const guint8 *) &klen, 4);
  g_byte_array_append (b, g_bytes_get_data (key, NULL), klen);
  g_byte_array_append (b, (const guint8 *) &n, 4);
  g_byte_array_append (b, (const guint8 *) &bl, 4);
  for (guint i = 0; i < idx->n; i++)
    g_byte_array_append (b, (const guint8 *) idx->forms[i], strlen (idx->forms[i]) + 1);
  guint8 digest[32];
  gsize dlen = sizeof digest;
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (sum, b->data, b->len);
  g_checksum_get_digest (sum, digest, &dlen);
  g_byte_array_append (b, digest, 32);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;
  /* g_file_set_contents writes a temporary file and renames it: a reader never sees half. */
  if (g_mkdir_with_parents (dir, 0700) != 0 || !g_file_set_contents (path, (const char *) b->data, b->len, &error))
    g_warning ("spelling index not cached in %s: %s", path, error ? error->message : g_strerror (errno));
}

/* The index built from the dictionary's forms, with its blob in key order. */
static DraftdSpellIndex *
build (Hunhandle *h, const char *aff, const char *dic, const char *encoding, gsize *blob_len, GError **error)
{
  g_autoptr (GPtrArray) forms = draftd_spell_affix_expand (h, aff, dic, encoding, error);
  if (forms == NULL)
    return NULL;
  GString *blob = g_string_new (NULL);
  guint n = 0;
  for (guint i = 0; i < forms->len; i++) {
    const char *f = forms->pdata[i];
    if (g_utf8_strlen (f, -1) > MAX_KEY)
      continue;
    g_string_append_len (blob, f, strlen (f) + 1);
    n++;
  }
  *blob_len = blob->len;
  char *data = g_string_free (blob, FALSE);
  /* No forms (a dictionary too large to index) is an empty index: Hunspell suggests alone. */
  DraftdSpellIndex *idx = index_from_blob (data, *blob_len, n, FALSE);
  /* The blob in key order, so the cache can be read without sorting. */
  GString *sorted = g_string_sized_new (*blob_len);
  for (guint i = 0; i < n; i++)
    g_string_append_len (sorted, idx->forms[i], strlen (idx->forms[i]) + 1);
  idx->blob = g_string_free (sorted, FALSE);
  for (guint i = 0, at = 0; i < n; i++) {
    idx->forms[i] = idx->blob + at;
    at += strlen (idx->forms[i]) + 1;
  }
  g_free (data);
  return idx;
}

DraftdSpellIndex *
draftd_spell_index_open (Hunhandle *h, const char *aff, const char *dic, const char *encoding, const char *cache_dir,
                         GError **error)
{
  g_autoptr (GBytes) key = cache_key (aff, dic);
  if (key == NULL) {
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s: %s", dic, g_strerror (errno));
    return NULL;
  }
  g_autofree char *path = draftd_spell_index_cache_path (cache_dir, dic);
  DraftdSpellIndex *idx = read_cache (path, key);
  if (idx == NULL) {
    gsize blob_len = 0;
    idx = build (h, aff, dic, encoding, &blob_len, error);
    if (idx)
      write_cache (path, key, idx, blob_len);
  }
  if (idx) {
    idx->rep = read_rep (aff, encoding);
    build_deletes (idx);
  }
  return idx;
}

/* One row of the edit-distance table (optimal string alignment) for key character d, only
 * in the band of cells within maxd of the diagonal: the others are more than maxd anyway and
 * are held at maxd + 1, which is exact for every cell of maxd or less. Returns the row's
 * least cell. */
static guint8
next_row (guint8 rows[][MAX_QUERY + 1], const gunichar *k, guint d, const gunichar *q, guint ql, guint maxd)
{
  guint8 *r = rows[d + 1], *up = rows[d], cap = maxd + 1;
  guint lo = d + 1 > maxd ? d + 1 - maxd : 1, hi = MIN (ql, d + 1 + maxd);
  r[0] = MIN (d + 1, cap);
  guint8 best = r[0];
  if (lo > 1)
    r[lo - 1] = cap;
  for (guint j = lo; j <= hi; j++) {
    guint8 v = MIN (up[j] + 1, r[j - 1] + 1);
    v = MIN (v, up[j - 1] + (k[d] != q[j - 1]));
    if (d > 0 && j > 1 && k[d] == q[j - 2] && k[d - 1] == q[j - 1])
      v = MIN (v, rows[d - 1][j - 2] + 1);
    r[j] = MIN (v, cap);
    best = MIN (best, r[j]);
  }
  if (hi < ql)
    r[hi + 1] = cap;
  return best;
}

/* The sorted keys walked as a trie: the rows of the prefix a key shares with the key before
 * (lcp) are kept, and a prefix already more than maxd edits from every prefix of the query
 * is left with all the keys under it, the keys after it that share it (a swap only adds to a
 * cell the row before already passed). */
static void
walk (const DraftdSpellIndex *idx, const gunichar *q, guint ql, guint maxd, GArray *hits)
{
  guint8 rows[MAX_KEY + 1][MAX_QUERY + 1];
  for (guint j = 0; j <= ql; j++)
    rows[0][j] = j;
  guint valid = 0, common = 0;
  for (guint i = 0; i < idx->n;) {
    const gunichar *k = idx->keys + idx->key_off[i];
    guint kl = idx->key_off[i + 1] - idx->key_off[i], d = MIN (valid, common);
    gboolean pruned = FALSE;
    for (; d < kl && !pruned; d++)
      pruned = next_row (rows, k, d, q, ql, maxd) > maxd;
    if (pruned) {
      valid = d - 1;
      for (i++; i < idx->n && idx->lcp[i] >= d; i++)
        ;
      common = i < idx->n ? idx->lcp[i] : 0;
      continue;
    }
    valid = kl;
    if (kl + maxd >= ql && ql + maxd >= kl && rows[kl][ql] <= maxd)
      g_array_append_val (hits, i);
    i++;
    common = i < idx->n ? idx->lcp[i] : 0;
  }
}

/* Is key k within maxd edits of the query? */
static gboolean
within (const gunichar *q, guint ql, const gunichar *k, guint kl, guint maxd)
{
  if (kl > ql + maxd || ql > kl + maxd)
    return FALSE;
  guint8 rows[MAX_KEY + 1][MAX_QUERY + 1];
  for (guint j = 0; j <= ql; j++)
    rows[0][j] = j;
  for (guint d = 0; d < kl; d++)
    if (next_row (rows, k, d, q, ql, maxd) > maxd)
      return FALSE;
  return rows[kl][ql] <= maxd;
}

/* The keys through the deletes: every key whose prefix shares a delete with the query's
 * prefix, checked by its full distance: maxd, or one more for a word of six letters or more
 * whose prefix is within two deletions each way ("buissnes" and "business" are both
 * "busnes" less two letters, three edits apart). */
static void
lookup (const DraftdSpellIndex *idx, const gunichar *q, guint ql, guint maxd, GArray *hits)
{
  guint reach = maxd + (ql >= 6);
  guint32 hashes[MAX_DELETES];
  guint nh = delete_hashes (q, MIN (ql, PREFIX), 2, hashes);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  for (guint h = 0; h < nh; h++) {
    guint64 want = (guint64) hashes[h] << 32;
    gsize lo = 0, hi = idx->n_deletes;
    while (lo < hi) {
      gsize mid = lo + (hi - lo) / 2;
      if (idx->deletes[mid] < want)
        lo = mid + 1;
      else
        hi = mid;
    }
    for (; lo < idx->n_deletes && (guint32) (idx->deletes[lo] >> 32) == hashes[h]; lo++) {
      guint id = (guint32) idx->deletes[lo];
      if (!g_hash_table_add (seen, GUINT_TO_POINTER (id + 1)))
        continue;
      for (guint i = idx->prefix_start[id]; i < idx->prefix_start[id + 1]; i++)
        if (within (q, ql, idx->keys + idx->key_off[i], idx->key_off[i + 1] - idx->key_off[i], reach))
          g_array_append_val (hits, i);
    }
  }
}

static gboolean
vowel (gunichar c)
{
  return c < 128 && strchr ("aeiouy", (int) c) != NULL;
}

/* A letter doubled or undoubled (the same letter beside it), or an apostrophe. */
static float
indel (const gunichar *s, guint len, guint at)
{
  if (s[at] == '\'')
    return 0.3f;  /* "dont", "its" */
  return (at > 0 && s[at - 1] == s[at]) || (at + 1 < len && s[at + 1] == s[at]) ? 0.5f : 1.0f;
}

/* Weighted optimal string alignment (see draftd_spell_index_cost); *plain gets the
 * unweighted distance. */
static float
weighted (const gunichar *a, guint la, const gunichar *b, guint lb, guint *plain)
{
  static const float inf = 1e9f;
  float w[MAX_KEY + 2][MAX_KEY + 2];
  guint8 p[MAX_KEY + 2][MAX_KEY + 2];
  for (guint i = 0; i <= la; i++)
    for (guint j = 0; j <= lb; j++) {
      if (i == 0 && j == 0) {
        w[0][0] = p[0][0] = 0;
        continue;
      }
      float v = inf;
      guint8 pv = 255;
      if (i > 0)
        v = w[i - 1][j] + indel (a, la, i - 1), pv = p[i - 1][j] + 1;
      if (j > 0)
        v = MIN (v, w[i][j - 1] + indel (b, lb, j - 1)), pv = MIN (pv, p[i][j - 1] + 1);
      if (i > 0 && j > 0) {
        gboolean same = a[i - 1] == b[j - 1];
        v = MIN (v, w[i - 1][j - 1] + (same ? 0.0f : vowel (a[i - 1]) && vowel (b[j - 1]) ? 0.6f : 1.0f));
        pv = MIN (pv, p[i - 1][j - 1] + !same);
      }
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && a[i - 1] != a[i - 2])
        v = MIN (v, w[i - 2][j - 2] + 0.7f), pv = MIN (pv, p[i - 2][j - 2] + 1);
      w[i][j] = v;
      p[i][j] = pv;
    }
  *plain = p[la][lb];
  return w[la][lb];
}

/* Letters one word has and the other lacks, counted with repeats: a word whose letters were
 * typed in another order ("buissnes", "business") keeps them all. */
static guint
bag_distance (const gunichar *a, guint la, const gunichar *b, guint lb)
{
  gunichar x[MAX_KEY + 1], y[MAX_KEY + 1];
  memcpy (x, a, la * sizeof *a);
  memcpy (y, b, lb * sizeof *b);
  guint same = 0;
  for (guint i = 0; i < la; i++)
    for (guint j = 0; j < lb; j++)
      if (x[i] == y[j]) {
        y[j] = 0;
        same++;
        break;
      }
  return la + lb - 2 * same;
}

/* What ranks a form for a typed word: weighted edits, the first letter, the letters. */
static float
rank_cost (const gunichar *a, guint la, const gunichar *b, guint lb, guint *plain)
{
  return weighted (a, la, b, lb, plain) + (la && lb && a[0] != b[0] ? 0.5f : 0.0f) + 0.2f * bag_distance (a, la, b, lb);
}

float
draftd_spell_index_cost (const char *typed, const char *word)
{
  glong la, lb;
  g_autofree gunichar *a = key_of (typed, &la);
  g_autofree gunichar *b = key_of (word, &lb);
  guint plain;
  if (la > MAX_KEY || lb > MAX_KEY)
    return -1.0f;
  float c = rank_cost (a, la, b, lb, &plain);
  return plain > 2 ? -1.0f : c;
}

char *
draftd_spell_index_match_case (const char *typed, const char *word)
{
  gboolean all_upper = g_utf8_strlen (typed, -1) > 1, any = FALSE;
  for (const char *p = typed; *p; p = g_utf8_next_char (p)) {
    gunichar c = g_utf8_get_char (p);
    if (g_unichar_isalpha (c)) {
      any = TRUE;
      all_upper = all_upper && g_unichar_isupper (c);
    }
  }
  if (any && all_upper)
    return g_utf8_strup (word, -1);
  gunichar first = g_utf8_get_char (typed), wfirst = g_utf8_get_char (word);
  if (!g_unichar_isupper (first) || !g_unichar_islower (wfirst))
    return g_strdup (word);
  char up[8];
  int n = g_unichar_to_utf8 (g_unichar_toupper (wfirst), up);
  return g_strconcat ((up[n] = '\0', up), g_utf8_next_char (word), NULL);
}

static gboolean
has_upper (const char *s)
{
  for (const char *p = s; *p; p = g_utf8_next_char (p))
    if (g_unichar_isupper (g_utf8_get_char (p)))
      return TRUE;
  return FALSE;
}

/* The form of an exact key, or NULL (binary search). */
static const char *
find_key (const DraftdSpellIndex *idx, const gunichar *k, guint kl)
{
  guint lo = 0, hi = idx->n;
  while (lo < hi) {
    guint mid = lo + (hi - lo) / 2;
    int c = ucs4_cmp (idx->keys + idx->key_off[mid], idx->key_off[mid + 1] - idx->key_off[mid], k, kl);
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  const char *found = NULL;
  /* Of "A" and "a", "US" and "us", the word in lower case. */
  for (; lo < idx->n && ucs4_cmp (idx->keys + idx->key_off[lo], idx->key_off[lo + 1] - idx->key_off[lo], k, kl) == 0; lo++)
    if (found == NULL || !has_upper (idx->forms[lo]))
      found = idx->forms[lo];
  return found;
}

static void
add_suggestion (GArray *out, const char *typed, const char *form, float cost)
{
  DraftdSpellSuggestion s = { draftd_spell_index_match_case (typed, form), cost };
  g_array_append_val (out, s);
}

/* A word that may stand in a split: a lower-case form (no name or abbreviation: "Mark
 * Ting"), of two letters or more unless it is "a" or "I". */
static const char *
plain_word (const DraftdSpellIndex *idx, const gunichar *k, guint kl)
{
  const char *f = find_key (idx, k, kl);
  if (f == NULL || (kl == 1 && k[0] != 'a' && k[0] != 'i'))
    return NULL;
  return g_str_equal (f, "I") || !has_upper (f) ? f : NULL;
}

/* Two known words run together ("chanceof", "ican"): an edit, a space, but dearer than a
 * letter or two (most splits are of a word misspelt: "mark ting"); where the REP table names
 * a split ("alot") it comes first. */
static void
splits (const DraftdSpellIndex *idx, const char *typed, const gunichar *q, guint ql, GArray *out)
{
  for (guint k = 1; ql >= 4 && k < ql; k++) {
    const char *left = plain_word (idx, q, k), *right = left ? plain_word (idx, q + k, ql - k) : NULL;
    if (right == NULL)
      continue;
    g_autofree char *both = g_strconcat (left, " ", right, NULL);
    add_suggestion (out, typed, both, 1.6f);
  }
}

/* Every word of `text` (split at spaces) a form the index has: the forms joined, or NULL. */
static char *
known_words (const DraftdSpellIndex *idx, const char *text)
{
  g_auto (GStrv) parts = g_strsplit (text, " ", -1);
  GString *out = g_string_new (NULL);
  for (guint i = 0; parts[i]; i++) {
    glong kl;
    g_autofree gunichar *k = key_of (parts[i], &kl);
    const char *f = kl ? find_key (idx, k, kl) : NULL;
    if (f == NULL)
      return (g_string_free (out, TRUE), NULL);
    g_string_append_printf (out, "%s%s", i ? " " : "", f);
  }
  return g_string_free (out, FALSE);
}

/* The .aff's REP replacements that make known words ("alot" -> "a lot"): the dictionary's
 * own list of common misspellings, ahead of a plain edit. */
static void
replacements (const DraftdSpellIndex *idx, const char *typed, GArray *out)
{
  g_autofree char *lower = g_utf8_strdown (typed, -1);
  for (guint r = 0; idx->rep && r + 1 < idx->rep->len; r += 2) {
    const char *from = idx->rep->pdata[r];
    gboolean start = from[0] == '^';
    g_autofree char *pat = g_strdup (from + start);
    gsize pl = strlen (pat);
    gboolean end = pl > 0 && pat[pl - 1] == '$';
    pat[pl - end] = '\0';
    g_autofree char *to = g_strdelimit (g_strdup (idx->rep->pdata[r + 1]), "_", ' ');
    for (const char *p = *pat ? strstr (lower, pat) : NULL; p; p = strstr (p + 1, pat)) {
      if ((start && p != lower) || (end && p[strlen (pat)] != '\0'))
        continue;
      g_autofree char *head = g_strndup (lower, p - lower);
      g_autofree char *cand = g_strconcat (head, to, p + strlen (pat), NULL);
      g_autofree char *known = known_words (idx, cand);
      if (known)
        add_suggestion (out, typed, known, 0.4f);
    }
  }
}

static int
suggestion_cmp (gconstpointer a, gconstpointer b)
{
  const DraftdSpellSuggestion *x = a, *y = b;
  return x->cost != y->cost ? (x->cost < y->cost ? -1 : 1) : strcmp (x->word, y->word);
}

static GArray *suggest (const DraftdSpellIndex *idx, const char *word, guint max, gboolean full);

GArray *
draftd_spell_index_suggest (const DraftdSpellIndex *idx, const char *word, guint max)
{
  return suggest (idx, word, max, FALSE);
}

GArray *
draftd_spell_index_suggest_full (const DraftdSpellIndex *idx, const char *word, guint max)
{
  return suggest (idx, word, max, TRUE);
}

static GArray *
suggest (const DraftdSpellIndex *idx, const char *word, guint max, gboolean full)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (DraftdSpellSuggestion));
  glong ql;
  g_autofree gunichar *q = key_of (word, &ql);
  if (ql == 0 || ql > MAX_QUERY)
    return out;
  g_autoptr (GArray) hits = g_array_new (FALSE, FALSE, sizeof (guint));
  if (full)
    walk (idx, q, ql, ql <= 3 ? 1 : 2, hits);
  else
    lookup (idx, q, ql, ql <= 3 ? 1 : 2, hits);
  gboolean upper = has_upper (word);
  for (guint h = 0; h < hits->len; h++) {
    guint i = g_array_index (hits, guint, h), plain;
    const char *form = idx->forms[i];
    if (g_str_equal (form, word))
      continue;
    float cost = rank_cost (q, ql, idx->keys + idx->key_off[i], idx->key_off[i + 1] - idx->key_off[i], &plain);
    /* A name or abbreviation offered for a lower-case word is less likely than a word,
     * unless it is that word with its capitals ("english"). */
    add_suggestion (out, word, form, cost + (!upper && plain > 0 && has_upper (form) ? 1.0f : 0.0f));
  }
  splits (idx, word, q, ql, out);
  replacements (idx, word, out);
  g_array_sort (out, suggestion_cmp);
  /* The same word twice once in the typed case ("polish", "Polish" for "Pollish"). */
  guint kept = 0;
  for (guint i = 0; i < out->len; i++) {
    DraftdSpellSuggestion *s = &g_array_index (out, DraftdSpellSuggestion, i);
    gboolean dup = FALSE;
    for (guint j = 0; j < kept && !dup; j++)
      dup = g_str_equal (g_array_index (out, DraftdSpellSuggestion, j).word, s->word);
    if (dup || kept >= max || g_str_equal (s->word, word))
      g_free (s->word);
    else
      g_array_index (out, DraftdSpellSuggestion, kept++) = *s;
  }
  g_array_set_size (out, kept);
  return out;
}
