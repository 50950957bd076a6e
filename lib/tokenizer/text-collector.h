/* Generated tokens to text, as a decoding loop's on_tokens callback: the text so far, cut
 * before the first stop string, and how much of it is final (may be streamed to a client:
 * whole UTF-8, and no stop string can still begin in it). The one token-to-text collector of
 * the engine (streamed jobs) and the grammar driver (answers ending at a textual marker). */
#pragma once
#include "lib/tokenizer/tokenizer.h"

typedef struct {
  DraftdDetokenizer detok;
  GString *text;       /* decoded so far, cut before the first stop string */
  GPtrArray *stops;    /* char*, the non-empty stop strings */
  gsize hold;          /* longest stop string - 1: the tail where one may still begin */
  gboolean stopped;    /* a stop string appeared; later tokens are ignored */
} DraftdTextCollector;

/* stops: NULL-terminated, or NULL for none; copied. */
void draftd_text_collector_init (DraftdTextCollector *c, const DraftdTokenizer *tok, const char *const *stops);
void draftd_text_collector_clear (DraftdTextCollector *c);
/* Decodes tokens; FALSE once a stop string has appeared (generation should end). */
gboolean draftd_text_collector_push (DraftdTextCollector *c, const gint32 *tokens, guint n);
/* The same, with DraftdDecodeParams.on_tokens's signature: user is the collector. */
gboolean draftd_text_collector_on_tokens (const gint32 *tokens, guint n, gpointer user);
/* After the last token: what the detokenizer held back (an unfinished character becomes
 * U+FFFD) joins the text, and all of the text is final. */
void draftd_text_collector_finish (DraftdTextCollector *c);
/* Length of the final prefix of c->text: it never changes again. */
gsize draftd_text_collector_final_len (const DraftdTextCollector *c);
