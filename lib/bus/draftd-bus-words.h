/* Word lists, part of draftd's contract: the personal list ($XDG_CONFIG_HOME/draftd/words.txt,
 * AddWord, `draft add-word`) and a project's .draftd/words.txt (the daemon reads it for a
 * request's path; draftd-lsp's "Add to workspace words" writes it). One word a line; blank
 * lines and lines whose first character (after spaces) is '#' are comments, so a list can
 * say what it is for. The daemon and the language server read them by these rules, defined
 * here once. Header-only and free of libdbus, like draftd-bus-rules.h. */
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
