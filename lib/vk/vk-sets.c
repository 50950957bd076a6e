#include "lib/vk/vk-sets.h"
#include <string.h>

/* Sets a pool holds; each binding is a storage buffer or a uniform texel buffer. */
#define SETS_PER_POOL 256u

typedef struct {
  VkDescriptorSetLayout layout;
  guint n;
  guint64 serial[DRAFTD_VK_SETS_MAX_BINDINGS];
} SetKey;

typedef struct {
  SetKey key;
  VkDescriptorSet set;
  VkDescriptorPool pool;
} SetEntry;

struct DraftdVkSets {
  VkDevice device;
  GMutex lock;
  GHashTable *sets;   /* SetKey * -> SetEntry * (the key is the entry's own) */
  GPtrArray *pools;   /* VkDescriptorPool, the last one allocated from */
};

static guint
key_hash (gconstpointer p)
{
  const SetKey *k = p;
  guint64 h = (guint64) (guintptr) k->layout * 0x9E3779B97F4A7C15ull;
  for (guint i = 0; i < k->n; i++)
    h = (h ^ k->serial[i]) * 0x100000001B3ull;
  return (guint) (h ^ (h >> 32));
}

static gboolean
key_equal (gconstpointer a, gconstpointer b)
{
  const SetKey *x = a, *y = b;
  return x->layout == y->layout && x->n == y->n && memcmp (x->serial, y->serial, x->n * sizeof x->serial[0]) == 0;
}

DraftdVkSets *
draftd_vk_sets_new (VkDevice device)
{
  DraftdVkSets *s = g_new0 (DraftdVkSets, 1);
  s->device = device;
  g_mutex_init (&s->lock);
  s->sets = g_hash_table_new_full (key_hash, key_equal, NULL, g_free);
  s->pools = g_ptr_array_new ();
  return s;
}

void
draftd_vk_sets_free (DraftdVkSets *s)
{
  if (s == NULL)
    return;
  g_hash_table_destroy (s->sets);
  for (guint i = 0; i < s->pools->len; i++)
    vkDestroyDescriptorPool (s->device, (VkDescriptorPool) g_ptr_array_index (s->pools, i), NULL);
  g_ptr_array_free (s->pools, TRUE);
  g_mutex_clear (&s->lock);
  g_free (s);
}

static gboolean
add_pool (DraftdVkSets *s, GError **error)
{
  VkDescriptorPoolSize sizes[2] = {
    { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, SETS_PER_POOL * DRAFTD_VK_SETS_MAX_BINDINGS },
    { VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, SETS_PER_POOL * DRAFTD_VK_SETS_MAX_BINDINGS },
  };
  VkDescriptorPoolCreateInfo pci = {
    .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
    .flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT,
    .maxSets = SETS_PER_POOL,
    .poolSizeCount = G_N_ELEMENTS (sizes),
    .pPoolSizes = sizes,
  };
  VkDescriptorPool pool;
  if (!draftd_vk_check (vkCreateDescriptorPool (s->device, &pci, NULL, &pool), "vkCreateDescriptorPool", error))
    return FALSE;
  g_ptr_array_add (s->pools, (gpointer) pool);
  return TRUE;
}

/* A new set of `layout` from the last pool, or from a new one when that is full. */
static gboolean
allocate (DraftdVkSets *s, VkDescriptorSetLayout layout, SetEntry *e, GError **error)
{
  for (guint attempt = 0; attempt < 2; attempt++) {
    if ((attempt > 0 || s->pools->len == 0) && !add_pool (s, error))
      return FALSE;
    e->pool = (VkDescriptorPool) g_ptr_array_index (s->pools, s->pools->len - 1);
    VkDescriptorSetAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = e->pool,
      .descriptorSetCount = 1,
      .pSetLayouts = &layout,
    };
    VkResult res = vkAllocateDescriptorSets (s->device, &ai, &e->set);
    if (res == VK_SUCCESS)
      return TRUE;
    if (attempt > 0 || (res != VK_ERROR_OUT_OF_POOL_MEMORY && res != VK_ERROR_FRAGMENTED_POOL))
      return draftd_vk_check (res, "vkAllocateDescriptorSets", error);
  }
  return FALSE;
}

VkDescriptorSet
draftd_vk_sets_get (DraftdVkSets *s, VkDescriptorSetLayout layout, guint n, const guint64 *serials,
                    const VkWriteDescriptorSet *writes, GError **error)
{
  SetKey key = { layout, MIN (n, (guint) DRAFTD_VK_SETS_MAX_BINDINGS), { 0 } };
  memcpy (key.serial, serials, key.n * sizeof serials[0]);
  g_mutex_lock (&s->lock);
  SetEntry *e = g_hash_table_lookup (s->sets, &key);
  if (e == NULL) {
    e = g_new0 (SetEntry, 1);
    e->key = key;
    if (!allocate (s, layout, e, error)) {
      g_free (e);
      g_mutex_unlock (&s->lock);
      return VK_NULL_HANDLE;
    }
    VkWriteDescriptorSet w[DRAFTD_VK_SETS_MAX_BINDINGS];
    for (guint i = 0; i < key.n; i++) {
      w[i] = writes[i];
      w[i].dstSet = e->set;
    }
    vkUpdateDescriptorSets (s->device, key.n, w, 0, NULL);
    g_hash_table_add (s->sets, &e->key);
  }
  VkDescriptorSet set = e->set;
  g_mutex_unlock (&s->lock);
  return set;
}

static gboolean
binds_serial (gpointer key, gpointer value, gpointer user_data)
{
  SetEntry *e = value;
  DraftdVkSets *s = ((gpointer *) user_data)[0];
  guint64 serial = *(const guint64 *) ((gpointer *) user_data)[1];
  (void) key;
  for (guint i = 0; i < e->key.n; i++)
    if (e->key.serial[i] == serial) {
      vkFreeDescriptorSets (s->device, e->pool, 1, &e->set);
      return TRUE;
    }
  return FALSE;
}

void
draftd_vk_sets_forget (DraftdVkSets *s, guint64 serial)
{
  gpointer data[2] = { s, &serial };
  g_mutex_lock (&s->lock);
  g_hash_table_foreach_remove (s->sets, binds_serial, data);
  g_mutex_unlock (&s->lock);
}

guint
draftd_vk_sets_count (DraftdVkSets *s)
{
  g_mutex_lock (&s->lock);
  guint n = g_hash_table_size (s->sets);
  g_mutex_unlock (&s->lock);
  return n;
}
