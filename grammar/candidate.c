#include "grammar/candidate.h"

const char *
draftd_fix_kind_name (DraftdFixKind kind)
{
  static const char *const names[] = { "spelling", "agreement", "verb form", "article", "preposition", "word choice", "punctuation", "dialect" };
  return kind < DRAFTD_FIX_N_KINDS ? names[kind] : "grammar";
}

void
draftd_candidates_add (GArray *out, gsize start, gsize end, const char *rep, DraftdFixKind kind, float prior, guint site)
{
  DraftdCandidate cand = { start, end, g_strdup (rep), kind, prior, site, NULL };
  g_array_append_val (out, cand);
}

/* The replacement in the capitalisation of what it replaces ("Becouse" -> "Because"). */
char *
draftd_candidates_match_case (const char *was, const char *rep)
{
  if (!g_unichar_isupper (g_utf8_get_char (was)) || !*rep)
    return g_strdup (rep);
  gunichar up = g_unichar_toupper (g_utf8_get_char (rep));
  char buf[8] = { 0 };
  g_unichar_to_utf8 (up, buf);
  return g_strconcat (buf, g_utf8_next_char (rep), NULL);
}

static void
fix_clear (DraftdFix *f)
{
  g_free (f->was);
  g_free (f->now);
}

GArray *
draftd_fixes_new (void)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (DraftdFix));
  g_array_set_clear_func (a, (GDestroyNotify) fix_clear);
  return a;
}
