/* Shared by the candidate finder (candidates.c) and its language rules (candidates-en.c). */
#pragma once
#include "grammar/candidate.h"

/* A word of the sentence and what may be done with it. */
typedef struct {
  gsize start, end;
  char *text;       /* as written */
  char *lower;
  gboolean fixed;   /* must stay as it is: protected, a name, an identifier, a foreign spelling */
} Word;

/* A misspelt word: the dictionary's suggestions, contractions, irregular forms. */
void draftd_candidates_spelling_site (const DraftdCandidateContext *c, const char *s, const Word *w, GArray *out, guint site);
/* English rules around words[i], a dictionary word; returns the next free site number. */
guint draftd_candidates_english_sites (const DraftdCandidateContext *c, const char *s, const Word *words, guint n, guint i,
                                       GArray *out, guint site);
/* English rules about the whole sentence (a comma after an opening phrase). */
guint draftd_candidates_english_sentence (const DraftdCandidateContext *c, const char *s, const Word *words, guint n, GArray *out,
                                          guint site);
