/* The workspace word list, .draftd/words.txt: one word a line, '#' starts a comment. The
 * list that counts for a file is the nearest one in its folder or a folder above; "Add to
 * workspace words" appends there, or creates one at the workspace root. The grammar side
 * reads the same file by that name. */
#pragma once
#include <glib.h>

#define DRAFTD_LSP_WORDS_FILE ".draftd/words.txt"

/* The nearest words file above `file` (a path), or NULL. */
char *draftd_lsp_words_file_find (const char *file);
/* Adds the words of `path` (casefolded) to `set`; a missing file adds none. FALSE on a read error. */
gboolean draftd_lsp_words_file_load (const char *path, GHashTable *set, GError **error);
/* Appends `word` (draftd_word_valid: lib/bus/draftd-bus-words.h) to the words file for
 * `file`: the nearest above it, else a new one under `root` when the file lies in it, else
 * beside the file. Nothing is written when the word is listed already. *used: the file's path. */
gboolean draftd_lsp_words_file_add (const char *file, const char *root, const char *word, char **used, GError **error);
