/* A second opinion on a sentence's structure from Debian's link-grammar (liblink-grammar-dev,
 * AbiWord's grammar checker; an optional dependency): whether its English dictionary finds a
 * complete linkage of the sentence. It fails on half of learners' sentences and on some clean
 * ones, so it never judges alone: a rule family asks it whether a candidate turns a sentence
 * without a complete linkage into one with (docs/correction.md, "Seeing the sentence's
 * structure"). Thread-safe: the dictionary is shared and read only, each parse has its own
 * options. Without link-grammar, or with DRAFTD_LINK_GRAMMAR=0, every answer is UNKNOWN. */
#pragma once
#include <glib.h>

typedef enum {
  DRAFTD_STRUCTURE_UNKNOWN,   /* no parser here, or it gave up (too long, out of time) */
  DRAFTD_STRUCTURE_COMPLETE,  /* a linkage joins every word */
  DRAFTD_STRUCTURE_BROKEN,    /* only linkages that leave a word out */
} DraftdStructure;

DraftdStructure draftd_structure_parse (const char *sentence);
/* Loads link-grammar's English dictionary (350 ms) now rather than at the first question; a
 * daemon calls it on its preloading thread. Once: a parse that comes first waits for it. */
void draftd_structure_prepare (void);
/* Does the candidate mend the sentence: `before` has no complete linkage and `after` has one? */
gboolean draftd_structure_mends (const char *before, const char *after);
/* Does an inserted article mend the sentence: `before` has no complete linkage, `after` has
 * one, in which the article (at byte `article` of `after`) is the determiner (a D link) of the
 * noun at byte `noun`? `role` gets the label of the link that reaches the noun from a word
 * before the article ("Os": a verb's object, "Js": a preposition's), or "". */
gboolean draftd_structure_article_mends (const char *before, const char *after, gsize article, gsize noun, char *role, gsize size);
/* Does a verb's other form mend the sentence: `before` has no complete linkage and `after` has
 * one, in whose best linkage the word at byte `verb` of `after` is a verb with a subject? That
 * subject's word's byte range is [*start, *end). Answers are kept, as draftd_structure_parse's
 * are. */
gboolean draftd_structure_subject_mends (const char *before, const char *after, gsize verb, gsize *start, gsize *end);
/* Holds this thread's new parses back (on), or lets them run again (off, which returns
 * whether a question went unanswered meanwhile). While held, a question whose answer is not
 * kept gets UNKNOWN (and a look FALSE), as without a parser: the candidate stage asks first
 * without parsing, and parses only when no sure fix is left to change the sentence (each
 * sentence changed is parsed afresh; grammar/rank.c). */
gboolean draftd_structure_hold (gboolean on);
