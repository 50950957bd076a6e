/* Answers already given, by sentence: a language server checks a whole paragraph again on
 * every keystroke, and a script sends the same boilerplate each time; a sentence whose answer
 * cannot have changed is answered from memory, without a model pass.
 *
 * What an answer depends on goes into its key (the sentence and its protected spans, whether
 * it starts a sentence, its language, the dialect, the keep bias and margins, the personal
 * words' generation; the cache itself belongs to one loaded model set) except the document
 * dictionary, which is the whole text's: an entry keeps the document words its answer looked
 * up with what they were then, and answers only while each is still the same.
 * Bounded in bytes, least recently used first out; thread-safe (the driver's workers share it). */
#pragma once
#include <glib.h>

typedef struct DraftdAnswerCache DraftdAnswerCache;

/* Room for the answers of about 10,000 sentences. */
#define DRAFTD_ANSWER_CACHE_BYTES (8u << 20)

DraftdAnswerCache *draftd_answer_cache_new (gsize max_bytes);
void draftd_answer_cache_free (DraftdAnswerCache *c);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdAnswerCache, draftd_answer_cache_free)

/* The answer stored under `key` whose document lookups `document` (a document dictionary:
 * draftd_candidates_document_words; NULL: none) still answers alike, newly allocated, with
 * its candidate fixes appended to `fixes` (DraftdFix); NULL when there is none. */
char *draftd_answer_cache_lookup (DraftdAnswerCache *c, const char *key, GHashTable *document, GArray *fixes);
/* Keeps `answer` and `fixes` under `key`; `document_seen` lists the document words the
 * answer looked up (draftd_answer_cache_note_document). An entry larger than a sixteenth of
 * the cache is not kept. */
void draftd_answer_cache_store (DraftdAnswerCache *c, const char *key, const char *answer, const GArray *fixes,
                                const char *document_seen);
/* Notes in `seen` that `word` was looked up in the document dictionary and found `value`. */
void draftd_answer_cache_note_document (GString *seen, const char *word, gpointer value);

typedef struct {
  guint64 hits, misses, stale;    /* stale: found, but a document word had changed */
  guint entries;
  gsize bytes;
} DraftdAnswerCacheStats;
void draftd_answer_cache_stats (DraftdAnswerCache *c, DraftdAnswerCacheStats *out);
