/* Hunspell's affix rules applied to its stems (spell-affix.c), for the suggestion index
 * (spell-index.h), which is what reads these forms. */
#pragma once
#include <glib.h>
#include <hunspell.h>

/* The forms of .aff/.dic (in `encoding`, NULL for UTF-8) as UTF-8, each one `h` accepts. */
GPtrArray *draftd_spell_affix_expand (Hunhandle *h, const char *aff, const char *dic, const char *encoding, GError **error);
