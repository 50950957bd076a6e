/* The Hub's revision metadata (GET /api/models/REPO/revision/main?blobs=true): a file's size
 * and SHA-256 from its sibling entry. The JSON is the network's, so every member is checked
 * for its type before it is read: json-glib's typed getters log a critical (and return a
 * fallback) on a member of another type, which a user would see before our error. */
#include <json-glib/json-glib.h>
#include <string.h>
#include "client/hub/hub.h"

G_DEFINE_QUARK (draft-hub-error-quark, draft_hub_error)

/* The member `name` of `o` when it is a string; NULL when absent or of another type. */
static const char *
member_string (JsonObject *o, const char *name)
{
  JsonNode *n = o ? json_object_get_member (o, name) : NULL;
  return n && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING ? json_node_get_string (n) : NULL;
}

static JsonObject *
member_object (JsonObject *o, const char *name)
{
  JsonNode *n = o ? json_object_get_member (o, name) : NULL;
  return n && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
}

/* A whole number; -1 when absent, of another type (a string, a fraction) or negative. */
static gint64
member_size (JsonObject *o, const char *name)
{
  JsonNode *n = o ? json_object_get_member (o, name) : NULL;
  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64)
    return -1;
  gint64 v = json_node_get_int (n);
  return v >= 0 ? v : -1;
}

static gboolean
is_sha256 (const char *s)
{
  if (s == NULL || strlen (s) != 64)
    return FALSE;
  for (const char *p = s; *p; p++)
    if (!g_ascii_isxdigit (*p))
      return FALSE;
  return TRUE;
}

/* The sibling entry of `file` in the revision's metadata: its lfs object has the size and the
 * SHA-256 (for LFS files, which every GGUF is, the Hub's own checksum of the contents). */
static gboolean
parse_sibling (JsonObject *sib, const char *repo, const char *file, DraftHubFileInfo *info, GError **error)
{
  JsonObject *lfs = member_object (sib, "lfs");
  const char *sha = member_string (lfs, "sha256");
  gint64 size = member_size (lfs, "size");
  if (!is_sha256 (sha) || size <= 0) {
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_PROTOCOL,
                 "the Hub gives no SHA-256 and size for %s/%s, so it cannot be verified", repo, file);
    return FALSE;
  }
  info->size = (guint64) size;
  for (guint i = 0; i < 64; i++)
    info->sha256[i] = g_ascii_tolower (sha[i]);
  info->sha256[64] = 0;
  return TRUE;
}

gboolean
draft_hub_parse_metadata (const char *data, gsize len, const char *repo, const char *file, DraftHubFileInfo *info,
                          GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *root = json_parser_load_from_data (parser, data, (gssize) len, NULL) ? json_parser_get_root (parser) : NULL;
  JsonObject *o = root && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonNode *sibs = o ? json_object_get_member (o, "siblings") : NULL;
  if (sibs == NULL || !JSON_NODE_HOLDS_ARRAY (sibs)) {
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_PROTOCOL, "the Hub's metadata of %s is not what draft reads", repo);
    return FALSE;
  }
  JsonArray *a = json_node_get_array (sibs);
  g_autoptr (GString) ggufs = g_string_new (NULL);
  for (guint i = 0; i < json_array_get_length (a); i++) {
    JsonNode *n = json_array_get_element (a, i);
    JsonObject *sib = JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
    const char *name = member_string (sib, "rfilename");
    if (g_strcmp0 (name, file) == 0)
      return parse_sibling (sib, repo, file, info, error);
    /* The names are the network's too: only printable ones are listed back to the user. */
    if (name && g_str_has_suffix (name, ".gguf") && ggufs->len < 400 && g_utf8_validate (name, -1, NULL) &&
        !strpbrk (name, "\n\r\t\033"))
      g_string_append_printf (ggufs, "%s%s", ggufs->len ? ", " : "", name);
  }
  g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_NOT_FOUND, "%s has no file %s on the Hub (404)%s%s", repo, file,
               ggufs->len ? "; its GGUF files: " : "", ggufs->str);
  return FALSE;
}
