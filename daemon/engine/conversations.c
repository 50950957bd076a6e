#include "daemon/engine/conversations.h"

/* Turns kept per conversation (32 exchanges); the prompt keeps fewer when the context is short. */
#define MAX_TURNS 64

struct DraftdConversations {
  GMutex lock;
  GHashTable *by_key;  /* "client\037id" -> GPtrArray of char* (user, assistant, ...) */
};

static char *
key_of (const char *client, const char *id)
{
  return g_strdup_printf ("%s\037%s", client, id);
}

DraftdConversations *
draftd_conversations_new (void)
{
  DraftdConversations *c = g_new0 (DraftdConversations, 1);
  g_mutex_init (&c->lock);
  c->by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  return c;
}

void
draftd_conversations_free (DraftdConversations *c)
{
  if (c == NULL)
    return;
  g_hash_table_unref (c->by_key);
  g_mutex_clear (&c->lock);
  g_free (c);
}

GPtrArray *
draftd_conversations_history (DraftdConversations *c, const char *client, const char *id)
{
  g_autofree char *key = key_of (client, id);
  GPtrArray *copy = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&c->lock);
  GPtrArray *h = g_hash_table_lookup (c->by_key, key);
  for (guint i = 0; h && i < h->len; i++)
    g_ptr_array_add (copy, g_strdup (g_ptr_array_index (h, i)));
  return copy;
}

void
draftd_conversations_append (DraftdConversations *c, const char *client, const char *id, const char *user_text,
                             const char *reply)
{
  g_autofree char *key = key_of (client, id);
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&c->lock);
  GPtrArray *h = g_hash_table_lookup (c->by_key, key);
  if (h == NULL) {
    h = g_ptr_array_new_with_free_func (g_free);
    g_hash_table_insert (c->by_key, g_steal_pointer (&key), h);
  }
  g_ptr_array_add (h, g_strdup (user_text));
  g_ptr_array_add (h, g_strdup (reply));
  while (h->len > MAX_TURNS)
    g_ptr_array_remove_range (h, 0, 2);
}

gboolean
draftd_conversations_exists (DraftdConversations *c, const char *client, const char *id)
{
  g_autofree char *key = key_of (client, id);
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&c->lock);
  return g_hash_table_contains (c->by_key, key);
}

guint
draftd_conversations_count (DraftdConversations *c, const char *client)
{
  g_autofree char *prefix = key_of (client, "");
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&c->lock);
  GHashTableIter it;
  gpointer k;
  guint n = 0;
  g_hash_table_iter_init (&it, c->by_key);
  while (g_hash_table_iter_next (&it, &k, NULL))
    n += g_str_has_prefix (k, prefix);
  return n;
}

void
draftd_conversations_reset (DraftdConversations *c, const char *client, const char *id)
{
  g_autofree char *key = key_of (client, id);
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&c->lock);
  g_hash_table_remove (c->by_key, key);
}

void
draftd_conversations_forget_client (DraftdConversations *c, const char *client)
{
  g_autofree char *prefix = key_of (client, "");
  g_autoptr (GMutexLocker) locker G_GNUC_UNUSED = g_mutex_locker_new (&c->lock);
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init (&it, c->by_key);
  while (g_hash_table_iter_next (&it, &k, NULL))
    if (g_str_has_prefix (k, prefix))
      g_hash_table_iter_remove (&it);
}
