/* Word lists on disk (draftd-bus-words.h): read with a bound and a check that they are text,
 * written so that no failure leaves half a line. */
#include "lib/bus/draftd-bus-words.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

/* Line numbers a report names before it counts the rest. */
#define BAD_LINES_NAMED 5

static gboolean
too_large (const char *path, guint64 size, GError **error)
{
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
               "%s is %.1f MiB (%" G_GUINT64_FORMAT " bytes), over the limit of %.1f MiB for a word list; not read", path,
               size / 1048576.0, size, DRAFTD_WORD_LIST_MAX_BYTES / 1048576.0);
  return FALSE;
}

/* Reads up to the limit and one byte more from `fd`: a file that grew since fstat() is
 * still caught. */
static gboolean
read_bounded (int fd, const char *path, GString *into, GError **error)
{
  char buf[65536];
  for (;;) {
    gssize n = read (fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      int err = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (err), "cannot read %s: %s", path, g_strerror (err));
      return FALSE;
    }
    if (n == 0)
      return TRUE;
    g_string_append_len (into, buf, n);
    if (into->len > DRAFTD_WORD_LIST_MAX_BYTES)
      return too_large (path, into->len, error);
  }
}

/* A NUL byte makes the file binary: no line of it is read as a word. */
static gboolean
refuse_binary (const char *path, const char *text, gsize length, GError **error)
{
  const char *nul = memchr (text, 0, length);
  if (nul == NULL)
    return TRUE;
  guint line = 1;
  for (const char *p = text; p < nul; p++)
    line += *p == '\n';
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
               "%s holds a NUL byte on line %u (byte %" G_GSIZE_FORMAT "): a binary file, not a word list; not read", path,
               line, (gsize) (nul - text));
  return FALSE;
}

gboolean
draftd_word_list_read (const char *path, char **contents, gsize *length, GError **error)
{
  *contents = NULL;
  *length = 0;
  /* "No list" as the tools and tests name it: empty, and no device to warn about. */
  if (g_strcmp0 (path, "/dev/null") == 0)
    return TRUE;
  int fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0) {
    int err = errno;
    if (err == ENOENT)
      return TRUE;
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (err), "cannot open %s: %s", path, g_strerror (err));
    return FALSE;
  }
  GStatBuf st;
  gboolean ok = fstat (fd, &st) == 0;
  if (!ok)
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), "cannot read %s: %s", path, g_strerror (errno));
  else if (!S_ISREG (st.st_mode)) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s is not a regular file; not read as a word list", path);
    ok = FALSE;
  } else if ((guint64) st.st_size > DRAFTD_WORD_LIST_MAX_BYTES)
    ok = too_large (path, (guint64) st.st_size, error); /* refused before a byte is read */
  g_autoptr (GString) text = g_string_sized_new (ok ? (gsize) st.st_size + 1 : 1);
  ok = ok && read_bounded (fd, path, text, error) && refuse_binary (path, text->str, text->len, error);
  close (fd);
  if (!ok)
    return FALSE;
  *length = text->len;
  *contents = g_string_free (g_steal_pointer (&text), FALSE);
  return TRUE;
}

/* Text: valid UTF-8 without control characters other than a tab or a carriage return. */
static gboolean
line_is_text (const char *line, gsize length)
{
  if (!g_utf8_validate (line, (gssize) length, NULL))
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if ((guchar) line[i] < 0x20 && line[i] != '\t' && line[i] != '\r')
      return FALSE;
  return TRUE;
}

static char *
describe_bad_lines (GArray *bad)
{
  if (bad->len == 0)
    return NULL;
  g_autoptr (GString) s = g_string_new (bad->len == 1 ? "line " : "lines ");
  for (guint i = 0; i < bad->len && i < BAD_LINES_NAMED; i++)
    g_string_append_printf (s, "%s%u", i == 0 ? "" : ", ", g_array_index (bad, guint, i));
  if (bad->len > BAD_LINES_NAMED)
    g_string_append_printf (s, " and %u more", bad->len - BAD_LINES_NAMED);
  g_string_append (s, bad->len == 1 ? " is" : " are");
  g_string_append (s, " not text (invalid UTF-8 or control characters) and were skipped");
  return g_string_free (g_steal_pointer (&s), FALSE);
}

char *
draftd_word_list_parse (char *contents, gsize length, DraftdWordListAdd add, gpointer user)
{
  g_autoptr (GArray) bad = g_array_new (FALSE, FALSE, sizeof (guint));
  char *p = contents, *end = contents + length;
  for (guint line = 1; p < end; line++) {
    char *nl = memchr (p, '\n', (gsize) (end - p));
    char *stop = nl ? nl : end;
    char saved = *stop;
    *stop = 0;
    if (!line_is_text (p, (gsize) (stop - p)))
      g_array_append_val (bad, line);
    else {
      const char *w = draftd_word_list_line (p);
      if (w)
        add (w, user);
    }
    *stop = saved;
    p = stop + 1;
  }
  return describe_bad_lines (bad);
}

/* The file a path names once its symbolic links are followed (a list kept in a dotfiles
 * repository and linked from ~/.config stays there), the path itself when it is no link or
 * names nothing yet. */
static char *
resolve_links (const char *path, GError **error)
{
  g_autofree char *p = g_strdup (path);
  for (guint hops = 0; hops < 40; hops++) {
    g_autofree char *target = g_file_read_link (p, NULL);
    if (target == NULL)
      return g_steal_pointer (&p);
    g_autofree char *dir = g_path_get_dirname (p);
    g_free (p);
    p = g_path_is_absolute (target) ? g_steal_pointer (&target) : g_build_filename (dir, target, NULL);
  }
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_LOOP, "cannot write %s: %s", path, g_strerror (ELOOP));
  return NULL;
}

gboolean
draftd_word_list_append (const char *path, const char *word, int dir_mode, GError **error)
{
  g_autofree char *target = resolve_links (path, error);
  if (target == NULL)
    return FALSE;
  g_autofree char *dir = g_path_get_dirname (target);
  if (g_mkdir_with_parents (dir, dir_mode) != 0) {
    int err = errno;
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (err), "cannot create %s: %s", dir, g_strerror (err));
    return FALSE;
  }
  g_autofree char *old = NULL;
  gsize length = 0;
  if (!draftd_word_list_read (target, &old, &length, error)) {
    g_prefix_error (error, "cannot add %s: ", word);
    return FALSE;
  }
  /* The new list is the old one byte for byte (comments, order, lines not read as words)
   * and the word: a last line without a newline gets one first, or the word would join it. */
  g_autoptr (GString) text = g_string_new_len (old ? old : "", (gssize) length);
  if (length > 0 && old[length - 1] != '\n')
    g_string_append_c (text, '\n');
  g_string_append_printf (text, "%s\n", word);
  if (text->len > DRAFTD_WORD_LIST_MAX_BYTES)
    return too_large (target, text->len, error);
  GStatBuf st;
  int mode = old != NULL && g_stat (target, &st) == 0 ? (int) (st.st_mode & 0777) : 0644;
  /* Written beside the old list, flushed, then renamed over it: a full disk or a crash
   * leaves the old list whole, never half a line that the next word would join. */
  g_autoptr (GError) local = NULL;
  if (g_file_set_contents_full (target, text->str, (gssize) text->len, G_FILE_SET_CONTENTS_CONSISTENT, mode, &local))
    return TRUE;
  g_set_error (error, G_FILE_ERROR, local->code, "cannot write %s: %s", target, local->message);
  return FALSE;
}
