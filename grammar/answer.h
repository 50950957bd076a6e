/* One correction or rewrite as its segments' workers see it (answer.c answers a segment,
 * driver.c hands the segments out and puts the answers back together). Internal to
 * grammar/. */
#pragma once
#include "grammar/request.h"
#include "grammar/rank.h"
#include "grammar/segment.h"

typedef struct {
  DraftdGrammarContext *ctx;
  const DraftdGrammarRequest *req;
  DraftdGrammarStats *stats;
  const char *text;
  float keep_bias;
  DraftdScorer *scorer;           /* NULL without a spelling stage */
  GArray *fixes;                  /* the candidate corrections of the current segment */
  GHashTable *prompt_words;       /* rewrites: draftd_grammar_rewrite_prompt_words */
  GHashTable *document;           /* corrections: draftd_candidates_document_words of the text */
  gint region;                    /* corrections: the dialect's dictionary (DraftdCandidateContext) */
  GString *document_seen;         /* the document words the segment's answer looked up (answer cache) */
  const char *language;           /* the current segment's language (NULL: English by default) */
  const char *also_language;      /* a relative its dictionaries cannot tell it from, or NULL */
  const char *rival_language;     /* a relative whose dictionary accepts as many words, or NULL */
} GrammarJob;

/* The answer for one segment to correct or rewrite; j->fixes holds the candidate
 * corrections it took. */
char *draftd_grammar_segment_answer (GrammarJob *j, const DraftdGrammarSegment *sg, const GArray *spans, GError **error);
