#include "daemon/config.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "grammar/edits.h"

/* No config is this long; a bigger file is not one. */
#define MAX_CONFIG_BYTES (1 << 20)
/* The fewest tokens of context the prompts and a short answer need. */
#define MIN_CONTEXT 64

typedef enum { KEY_PATH, KEY_STRING, KEY_UINT, KEY_BOOL, KEY_RULES, KEY_DIALECT } KeyType;

typedef struct {
  const char *name;
  KeyType type;
  gint64 min, max;      /* KEY_UINT */
  gsize offset;         /* into DraftdSettings */
} Key;

#define FIELD(f) G_STRUCT_OFFSET (DraftdSettings, f)
static const Key keys[] = {
  { "target", KEY_PATH, 0, 0, FIELD (target) },
  { "assistant", KEY_PATH, 0, 0, FIELD (assistant) },
  { "device", KEY_STRING, 0, 0, FIELD (device) },
  { "chat_format", KEY_STRING, 0, 0, FIELD (chat_format) },
  { "context", KEY_UINT, MIN_CONTEXT, 1 << 20, FIELD (n_ctx) },
  { "lanes", KEY_UINT, 1, 64, FIELD (lanes) },
  { "queue_depth", KEY_UINT, 1, 4096, FIELD (queue_depth) },
  { "client_queue_depth", KEY_UINT, 1, 4096, FIELD (client_queue_depth) },
  { "idle_unload", KEY_UINT, 0, 1 << 30, FIELD (idle_unload) },
  { "job_timeout", KEY_UINT, 0, 1 << 30, FIELD (job_timeout) },
  { "lazy", KEY_BOOL, 0, 1, FIELD (lazy) },
  { "max_text_bytes", KEY_UINT, 1, 1 << 28, FIELD (max_text_bytes) },
  { "disabled_rules", KEY_RULES, 0, 0, FIELD (disabled_rules) },
  { "dialect", KEY_DIALECT, 0, 0, FIELD (dialect) },
};
#undef FIELD

void
draftd_settings_init (DraftdSettings *s)
{
  memset (s, 0, sizeof *s);
  s->n_ctx = s->lanes = s->queue_depth = s->client_queue_depth = s->idle_unload = s->job_timeout = s->lazy = DRAFTD_UNSET;
  s->max_text_bytes = DRAFTD_UNSET;
}

void
draftd_settings_clear (DraftdSettings *s)
{
  g_clear_pointer (&s->target, g_free);
  g_clear_pointer (&s->assistant, g_free);
  g_clear_pointer (&s->device, g_free);
  g_clear_pointer (&s->chat_format, g_free);
  g_clear_pointer (&s->disabled_rules, g_strfreev);
  g_clear_pointer (&s->dialect, g_free);
  g_clear_pointer (&s->origins, g_hash_table_unref);
}

const char *
draftd_settings_origin (const DraftdSettings *s, const char *key)
{
  return s->origins ? g_hash_table_lookup (s->origins, key) : NULL;
}


char *
draftd_expand_home (const char *path)
{
  if (path[0] == '~' && (path[1] == 0 || path[1] == '/'))
    return g_build_filename (g_get_home_dir (), path + 1, NULL);
  return g_strdup (path);
}

static gint64
get_int (const DraftdSettings *s, const Key *k)
{
  const char *p = (const char *) s + k->offset;
  return g_str_equal (k->name, "max_text_bytes") ? *(const gint64 *) p : *(const int *) p;
}

static void
set_int (DraftdSettings *s, const Key *k, gint64 v)
{
  char *p = (char *) s + k->offset;
  if (g_str_equal (k->name, "max_text_bytes"))
    *(gint64 *) p = v;
  else
    *(int *) p = (int) v;
}

/* Has nothing (the command line) set key `k` yet? */
static gboolean
unset (const DraftdSettings *s, const Key *k)
{
  if (k->type == KEY_UINT || k->type == KEY_BOOL)
    return get_int (s, k) == DRAFTD_UNSET;
  return *(void *const *) ((const char *) s + k->offset) == NULL;
}

/* "confusable, capitalization": rule ids and families, each checked; an empty list is allowed
 * (a config that says so). */
static gboolean
set_rules (char ***field, const char *value, const char *where, GError **error)
{
  g_auto (GStrv) parts = g_strsplit_set (value, ", \t", -1);
  g_autoptr (GPtrArray) rules = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; parts[i]; i++) {
    if (*parts[i] == 0)
      continue;
    if (!draftd_rule_id_valid (parts[i]) || rules->len == DRAFTD_MAX_DISABLED_RULES) {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   rules->len == DRAFTD_MAX_DISABLED_RULES ? "%s: disabled_rules holds more than 256 rules"
                                                           : "%s: disabled_rules: '%.48s' is not a rule id (letters, digits and - . _ ')",
                   where, parts[i]);
      return FALSE;
    }
    if (!draftd_rule_known (parts[i])) {
      g_autofree char *nearest = draftd_rule_nearest (parts[i]);
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   "%s: disabled_rules: no rule '%.48s'; the nearest: %s (draft rules lists them all)", where, parts[i],
                   nearest);
      return FALSE;
    }
    g_ptr_array_add (rules, g_strdup (parts[i]));
  }
  g_ptr_array_add (rules, NULL);
  if (*field == NULL)
    *field = (char **) g_ptr_array_steal (rules, NULL);
  return TRUE;
}

/* "en-GB", "en_US" (en, then two capitals, as the Correct option takes it), or "none": no
 * dialect, whatever the client's locale, each text held to the one it follows itself. Whether
 * a dictionary for it is installed is the engine's check, at start and on reload. */
static gboolean
set_dialect (char **field, const char *value, const char *where, GError **error)
{
  gboolean none = g_str_equal (value, "none");
  if (!none && !(strlen (value) == 5 && g_ascii_strncasecmp (value, "en", 2) == 0 && (value[2] == '-' || value[2] == '_') &&
                 g_ascii_isupper (value[3]) && g_ascii_isupper (value[4]))) {
    g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE, "%s: dialect must be like en-US or en-GB, or none, not '%.48s'",
                 where, value);
    return FALSE;
  }
  if (*field == NULL)
    *field = g_strdup (none ? "" : value);
  return TRUE;
}

/* A value in double quotes, as draft use records a path that would not read back bare
 * (leading or trailing spaces, control characters, a leading quote or ~): \\, \", \n, \r,
 * \t and \xHH stand for themselves; nothing may follow the closing quote. NULL with the
 * reason in *why. */
static char *
unquote (const char *value, const char **why)
{
  g_autoptr (GString) out = g_string_new (NULL);
  const char *p = value + 1;
  for (; *p && *p != '"'; p++) {
    if (*p != '\\') {
      g_string_append_c (out, *p);
      continue;
    }
    p++;
    int hi, lo;
    switch (*p) {
    case '\\': case '"': g_string_append_c (out, *p); break;
    case 'n': g_string_append_c (out, '\n'); break;
    case 'r': g_string_append_c (out, '\r'); break;
    case 't': g_string_append_c (out, '\t'); break;
    case 'x':
      hi = g_ascii_xdigit_value (p[1]);
      lo = hi < 0 ? -1 : g_ascii_xdigit_value (p[2]);
      if (lo < 0 || hi * 16 + lo == 0) {
        *why = "\\x needs two hex digits, and not 00";
        return NULL;
      }
      g_string_append_c (out, (char) (hi * 16 + lo));
      p += 2;
      break;
    default:
      *why = "an unknown escape (\\\\, \\\", \\n, \\r, \\t and \\xHH are known)";
      return NULL;
    }
  }
  if (*p != '"' || p[1] != 0) {
    *why = *p ? "text after the closing quote" : "no closing quote";
    return NULL;
  }
  if (!g_utf8_validate (out->str, out->len, NULL)) {
    *why = "escapes that make no UTF-8 text";
    return NULL;
  }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* A string value, quoted or bare; a bare path may start with ~ for the home directory. */
static gboolean
set_text (DraftdSettings *s, const Key *k, const char *value, const char *where, GError **error)
{
  char **field = (char **) ((char *) s + k->offset);
  const char *why = NULL;
  g_autofree char *text = value[0] == '"' ? unquote (value, &why) : g_strdup (value);
  if (text == NULL) {
    g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE, "%s: %s: %s", where, k->name, why);
    return FALSE;
  }
  if (*text == 0) {
    g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE, "%s: %s is empty", where, k->name);
    return FALSE;
  }
  if (*field == NULL)
    *field = k->type == KEY_PATH && value[0] != '"' ? draftd_expand_home (text) : g_steal_pointer (&text);
  return TRUE;
}

/* Parses `value` for key `k` into s, unless the command line set it already. */
static gboolean
set_value (DraftdSettings *s, const Key *k, const char *value, const char *where, GError **error)
{
  if (k->type == KEY_RULES)
    return set_rules ((char ***) ((char *) s + k->offset), value, where, error);
  if (k->type == KEY_DIALECT)
    return set_dialect ((char **) ((char *) s + k->offset), value, where, error);
  if (k->type == KEY_PATH || k->type == KEY_STRING)
    return set_text (s, k, value, where, error);
  guint64 v;
  if (k->type == KEY_BOOL) {
    gboolean yes = g_strv_contains ((const char *const[]) { "true", "yes", "1", NULL }, value);
    if (!yes && !g_strv_contains ((const char *const[]) { "false", "no", "0", NULL }, value)) {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE, "%s: %s must be true or false, not '%.48s'",
                   where, k->name, value);
      return FALSE;
    }
    v = yes;
  } else if (!g_ascii_string_to_unsigned (value, 10, k->min, k->max, &v, NULL)) {
    g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                 "%s: %s must be a whole number from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT ", not '%.48s'", where,
                 k->name, k->min, k->max, value);
    return FALSE;
  }
  if (get_int (s, k) == DRAFTD_UNSET)
    set_int (s, k, (gint64) v);
  return TRUE;
}

static const Key *
find_key (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (g_str_equal (keys[i].name, name))
      return &keys[i];
  return NULL;
}

static gboolean
parse_line (DraftdSettings *s, char *line, const char *where, gboolean *in_section, guint64 *seen, GError **error)
{
  g_strstrip (line);
  if (line[0] == 0 || line[0] == '#' || line[0] == ';')
    return TRUE;
  if (line[0] == '[') {
    *in_section = g_str_equal (line, "[draftd]");
    if (!*in_section)
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_GROUP_NOT_FOUND, "%s: unknown section %.48s (draftd.conf has [draftd] only)",
                   where, line);
    return *in_section;
  }
  char *eq = strchr (line, '=');
  if (eq == NULL || !*in_section) {
    g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_PARSE, "%s: %s", where,
                 eq ? "a key before the [draftd] section" : "not a key=value line");
    return FALSE;
  }
  *eq = 0;
  char *name = g_strstrip (line), *value = g_strstrip (eq + 1);
  const Key *k = find_key (name);
  if (k == NULL) {
    g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND, "%s: unknown key '%.48s' in [draftd]", where, name);
    return FALSE;
  }
  guint64 bit = (guint64) 1 << (k - keys);
  if (*seen & bit) {
    g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_PARSE, "%s: %s is set twice", where, name);
    return FALSE;
  }
  *seen |= bit;
  gboolean from_file = unset (s, k);
  if (!set_value (s, k, value, where, error))
    return FALSE;
  if (from_file) {
    if (s->origins == NULL)
      s->origins = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
    g_hash_table_insert (s->origins, (gpointer) k->name, g_strdup (where));
  }
  return TRUE;
}

/* The file's bytes; *text NULL when it does not exist and need not. Opened without blocking
 * and checked to be a regular file before a byte is read: a FIFO given as the config would
 * otherwise hang startup in open(), deaf to SIGTERM. */
static gboolean
read_text (const char *path, gboolean required, GString **text, GError **error)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  int err = errno;
  struct stat st;
  *text = NULL;
  if (fd < 0 && err == ENOENT && !required)
    return TRUE;
  if (fd < 0 || fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size > MAX_CONFIG_BYTES) {
    g_set_error (error, G_FILE_ERROR, fd < 0 ? g_file_error_from_errno (err) : G_FILE_ERROR_INVAL, "config %s: %s", path,
                 fd < 0 ? g_strerror (err) : !S_ISREG (st.st_mode) ? "not a regular file" : "larger than 1 MiB");
    if (fd >= 0)
      close (fd);
    return FALSE;
  }
  GString *t = g_string_sized_new (st.st_size + 1);
  char buf[4096];
  ssize_t n;
  while ((n = read (fd, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0 && t->len < MAX_CONFIG_BYTES)
      g_string_append_len (t, buf, n);
  err = errno;
  close (fd);
  if (n < 0) {
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (err), "config %s: %s", path, g_strerror (err));
    g_string_free (t, TRUE);
    return FALSE;
  }
  *text = t;
  return TRUE;
}

/* Text the parser can trust: UTF-8 without NUL bytes (a C string would end at the first,
 * silently dropping the rest); a leading byte-order mark is skipped. */
static const char *
check_text (const GString *t, const char *path, GError **error)
{
  const char *start = g_str_has_prefix (t->str, "\xEF\xBB\xBF") ? t->str + 3 : t->str;
  const char *nul = memchr (t->str, 0, t->len);
  if (nul) {
    guint line = 1;
    for (const char *p = t->str; p < nul; p++)
      line += *p == '\n';
    g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_PARSE, "config %s:%u: a NUL byte (not a text file?)", path, line);
    return NULL;
  }
  if (!g_utf8_validate (start, -1, NULL)) {
    g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_PARSE, "config %s: not UTF-8 text", path);
    return NULL;
  }
  return start;
}

gboolean
draftd_settings_read_file (DraftdSettings *s, const char *path, gboolean required, GError **error)
{
  g_autoptr (GString) file = NULL;
  if (!read_text (path, required, &file, error))
    return FALSE;
  if (file == NULL)
    return TRUE;
  const char *text = check_text (file, path, error);
  if (text == NULL)
    return FALSE;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  gboolean in_section = FALSE;
  guint64 seen = 0;
  for (guint i = 0; lines[i]; i++) {
    g_autofree char *where = g_strdup_printf ("%s:%u", path, i + 1);
    if (!parse_line (s, lines[i], where, &in_section, &seen, error))
      return FALSE;
  }
  return TRUE;
}

gboolean
draftd_settings_check (const DraftdSettings *s, GError **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++) {
    const Key *k = &keys[i];
    if (k->type != KEY_UINT)
      continue;
    gint64 v = get_int (s, k);
    if (v != DRAFTD_UNSET && (v < k->min || v > k->max)) {
      g_autofree char *option = g_strdelimit (g_strdup (k->name), "_", '-');
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--%s must be a whole number from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT, option, k->min, k->max);
      return FALSE;
    }
  }
  return TRUE;
}
