/* The answer cache (grammar/answer-cache.h): a hash table over entries that also sit in a
 * queue by last use, the oldest evicted first when the bytes pass the bound. */
#include <string.h>
#include "grammar/answer-cache.h"
#include "grammar/candidate.h"

/* document_seen's separators: no word holds either (words are letters, digits, apostrophes). */
#define SEEN_VALUE '\x1f'
#define SEEN_END '\x1e'

typedef struct {
  char *key, *answer, *seen;
  GArray *fixes;          /* DraftdFix */
  gsize bytes;
  GList link;             /* in the queue by last use; data points back at the entry */
} Entry;

struct DraftdAnswerCache {
  GMutex lock;
  GHashTable *entries;    /* key -> Entry (owned) */
  GQueue lru;             /* head: most recently used */
  gsize bytes, max_bytes;
  DraftdAnswerCacheStats stats;
};

static void
entry_free (Entry *e)
{
  g_free (e->key);
  g_free (e->answer);
  g_free (e->seen);
  g_array_unref (e->fixes);
  g_free (e);
}

DraftdAnswerCache *
draftd_answer_cache_new (gsize max_bytes)
{
  DraftdAnswerCache *c = g_new0 (DraftdAnswerCache, 1);
  g_mutex_init (&c->lock);
  c->entries = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) entry_free);
  g_queue_init (&c->lru);
  c->max_bytes = max_bytes;
  return c;
}

void
draftd_answer_cache_free (DraftdAnswerCache *c)
{
  if (c == NULL)
    return;
  g_hash_table_destroy (c->entries);
  g_mutex_clear (&c->lock);
  g_free (c);
}

static void
copy_fixes (GArray *to, const GArray *from)
{
  for (guint i = 0; i < from->len; i++) {
    const DraftdFix *f = &g_array_index (from, DraftdFix, i);
    DraftdFix copy = { g_strdup (f->was), g_strdup (f->now), f->kind, f->suggested, f->at, f->rule };
    g_array_append_val (to, copy);
  }
}

void
draftd_answer_cache_note_document (GString *seen, const char *word, gpointer value)
{
  g_string_append_printf (seen, "%s%c%d%c", word, SEEN_VALUE, GPOINTER_TO_INT (value), SEEN_END);
}

/* Does `document` still answer each lookup in `seen` as it did? */
static gboolean
document_unchanged (const char *seen, GHashTable *document)
{
  char word[256];
  for (const char *p = seen; *p;) {
    const char *v = strchr (p, SEEN_VALUE), *end = v ? strchr (v, SEEN_END) : NULL;
    if (end == NULL || (gsize) (v - p) >= sizeof word)
      return FALSE;
    memcpy (word, p, v - p);
    word[v - p] = 0;
    int then = atoi (v + 1);
    int now = document ? GPOINTER_TO_INT (g_hash_table_lookup (document, word)) : 0;
    if (then != now)
      return FALSE;
    p = end + 1;
  }
  return TRUE;
}

char *
draftd_answer_cache_lookup (DraftdAnswerCache *c, const char *key, GHashTable *document, GArray *fixes)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&c->lock);
  Entry *e = g_hash_table_lookup (c->entries, key);
  if (e == NULL || !document_unchanged (e->seen, document)) {
    c->stats.misses++;
    c->stats.stale += e != NULL;
    return NULL;
  }
  c->stats.hits++;
  g_queue_unlink (&c->lru, &e->link);
  g_queue_push_head_link (&c->lru, &e->link);
  copy_fixes (fixes, e->fixes);
  return g_strdup (e->answer);
}

static void
evict_locked (DraftdAnswerCache *c, Entry *e)
{
  g_queue_unlink (&c->lru, &e->link);
  c->bytes -= e->bytes;
  g_hash_table_remove (c->entries, e->key);
}

void
draftd_answer_cache_store (DraftdAnswerCache *c, const char *key, const char *answer, const GArray *fixes,
                           const char *document_seen)
{
  gsize bytes = sizeof (Entry) + strlen (key) + strlen (answer) + strlen (document_seen) + 3;
  for (guint i = 0; i < fixes->len; i++)
    bytes += sizeof (DraftdFix) + strlen (g_array_index (fixes, DraftdFix, i).was) +
             strlen (g_array_index (fixes, DraftdFix, i).now) + 2;
  if (bytes > c->max_bytes / 16)
    return;
  Entry *e = g_new0 (Entry, 1);
  e->key = g_strdup (key);
  e->answer = g_strdup (answer);
  e->seen = g_strdup (document_seen);
  e->fixes = draftd_fixes_new ();
  e->bytes = bytes;
  copy_fixes (e->fixes, fixes);
  e->link.data = e;
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&c->lock);
  Entry *old = g_hash_table_lookup (c->entries, key);
  if (old)
    evict_locked (c, old);
  while (c->bytes + bytes > c->max_bytes && c->lru.tail)
    evict_locked (c, c->lru.tail->data);
  g_hash_table_insert (c->entries, e->key, e);
  g_queue_push_head_link (&c->lru, &e->link);
  c->bytes += bytes;
}

void
draftd_answer_cache_stats (DraftdAnswerCache *c, DraftdAnswerCacheStats *out)
{
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&c->lock);
  *out = c->stats;
  out->entries = g_hash_table_size (c->entries);
  out->bytes = c->bytes;
}
