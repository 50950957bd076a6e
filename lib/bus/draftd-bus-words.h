/* Word lists, part of draftd's contract: the personal list ($XDG_CONFIG_HOME/draftd/words.txt,
 * AddWord, `draft add-word`) and a project's .draftd/words.txt (the daemon reads it for a
 * request's path; draftd-lsp's "Add to workspace words" writes it). One word a line; blank
 * lines and lines whose first character (after spaces) is '#' are comments, so a list can
 * say what it is for. The daemon and the language server read them by these rules, defined
 * here once. Free of libdbus, like draftd-bus-rules.h: the rules are inline here, the
 * file's reading and writing (draftd-bus-words.c) is libdraftd-words, which the grammar
 * library and the language server link. */
#pragma once
#include <glib.h>
#include <string.h>

#define DRAFTD_MAX_WORD_LENGTH 64

/* A word a list may hold: 1-64 bytes of UTF-8, no spaces or control characters, not starting
 * with '#' (that line would read back as a comment). "C#" is a word. */
static inline gboolean
draftd_word_valid (const char *word)
{
  gsize len = strlen (word);
  if (len == 0 || len > DRAFTD_MAX_WORD_LENGTH || word[0] == '#' || !g_utf8_validate (word, (gssize) len, NULL))
    return FALSE;
  for (const char *p = word; *p; p = g_utf8_next_char (p)) {
    gunichar c = g_utf8_get_char (p);
    if (g_unichar_isspace (c) || g_unichar_iscntrl (c))
      return FALSE;
  }
  return TRUE;
}

#define DRAFTD_WORD_RULE "a word is 1-64 bytes of UTF-8 without spaces or control characters, not starting with '#'"

/* The word on a line of a list, stripped in place; NULL for a comment, a blank line or a
 * line that is no word. */
static inline const char *
draftd_word_list_line (char *line)
{
  const char *w = g_strstrip (line);
  return draftd_word_valid (w) ? w : NULL;
}

/* A list is read whole into memory and every word hashed: past this size (about 400,000
 * words, far beyond any user's list) it is refused, with its size and the limit, rather
 * than read for seconds into hundreds of megabytes. */
#define DRAFTD_WORD_LIST_MAX_BYTES (4u * 1024 * 1024)

/* Reads the list at `path`: *contents (NUL-terminated, *length bytes), or NULL with TRUE
 * when there is no such file. Refuses (G_FILE_ERROR) a list over the limit, naming its size
 * and the limit, without reading it; one that is no regular file; and one holding a NUL
 * byte (a binary file), naming the line. */
gboolean draftd_word_list_read (const char *path, char **contents, gsize *length, GError **error);

typedef void (*DraftdWordListAdd) (const char *word, gpointer user);
/* Calls `add` for each word of `contents` (by draftd_word_list_line, which strips lines in
 * place). Lines that are not text (invalid UTF-8, control characters) are skipped: the
 * answer names them ("lines 3, 9 are not text ..."), NULL when there were none. */
char *draftd_word_list_parse (char *contents, gsize length, DraftdWordListAdd add, gpointer user);

/* Adds `word` (draftd_word_valid) as the list's last line, creating the list and its folder
 * (with `dir_mode`). The new list is written beside the old one and renamed over it, so no
 * failure (a full disk) leaves a partial line; through symbolic links, to the file they
 * name. Refuses what draftd_word_list_read refuses, and a list the word would take over
 * the limit. */
gboolean draftd_word_list_append (const char *path, const char *word, int dir_mode, GError **error);
