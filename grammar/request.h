/* What a correction or rewrite is asked with and answers with: the model context and its
 * workers, the request, the stats (and their sum), and the library's error domain, the last
 * two defined in request.c. The driver that runs one is grammar/driver.h; the files it calls
 * on include this header alone, so nothing below the driver reaches back up into it. */
#pragma once
#include <gio/gio.h>
#include "lib/decode/decode.h"
#include "lib/prompt/chat-format.h"
#include "lib/tokenizer/tokenizer.h"
#include "grammar/answer-cache.h"
#include "grammar/candidates.h"
#include "grammar/edits.h"
#include "grammar/spell.h"

#define DRAFTD_GRAMMAR_ERROR (draftd_grammar_error_quark ())
GQuark draftd_grammar_error_quark (void);
/* INSTRUCTION: a rewrite instruction the model cannot follow (grammar/rewrite.h); DIALECT: a
 * dialect asked for that has no dictionary here; LANGUAGE: likewise a language (the request's
 * `language`) neither the model nor a dictionary here knows. */
typedef enum {
  DRAFTD_GRAMMAR_ERROR_TEXT,
  DRAFTD_GRAMMAR_ERROR_TOO_LONG,
  DRAFTD_GRAMMAR_ERROR_INSTRUCTION,
  DRAFTD_GRAMMAR_ERROR_DIALECT,
  DRAFTD_GRAMMAR_ERROR_LANGUAGE,
} DraftdGrammarError;

typedef struct DraftdGrammarWorkers DraftdGrammarWorkers;

typedef struct {
  const DraftdLm *target;
  const DraftdTokenizer *tokenizer;
  GArray *cached;                 /* tokens the target's cache holds (shared with the engine) */
  DraftdChatFormat format;        /* used when no template is given */
  const char *correct_template;   /* the model's own prompt, "{text}" placeholder (GGUF metadata) */
  const char *rewrite_template;   /* "{instruction}" and "{text}" placeholders */
  const char *template_end;       /* end-of-output marker of the templates */
  guint block;                    /* IAD block size (tokens verified per pass) */
  guint ngram;                    /* IAD re-alignment n */
  guint first_block;              /* IAD's first block, beside the prompt (0: DRAFTD_IAD_FIRST_BLOCK) */
  /* Spelling and candidate corrections (grammar/candidates.h, grammar/rank.h) before the
   * model's own pass; NULL: the model's pass alone. */
  DraftdSpell *spell;
  /* Contexts for more sentences in flight at once; NULL: one segment at a time. */
  const DraftdGrammarWorkers *workers;
  /* Corrections already given with this model (grammar/answer-cache.h), shared by the
   * workers' contexts; NULL: every sentence is judged afresh. */
  DraftdAnswerCache *answers;
} DraftdGrammarContext;

/* Sentences in flight at once: more contexts like the caller's, each on sequences of its own
 * (in the daemon, lanes of the engine loop: daemon/engine/lanes.h). The driver answers
 * segments on them in threads the caller starts and owns (grammar/ starts none), every
 * worker's passes joining the others' in the loop's batched pass, and puts the answers back
 * in text order. */
struct DraftdGrammarWorkers {
  /* A context for one more worker, or NULL when none is to be had now. */
  DraftdGrammarContext *(*open) (gpointer user);
  /* Runs work(data) on a thread of the caller's, which it joins once draftd_grammar_run has
   * returned (by then work has). */
  void (*start) (GThreadFunc work, gpointer data, gpointer user);
  /* The worker is done with it; called on the worker's thread. */
  void (*close) (DraftdGrammarContext *ctx, gpointer user);
  /* Another job waits for a context: a worker stops after its segment. */
  gboolean (*contended) (gpointer user);
  /* Around the caller's wait for its workers' last answers. */
  void (*wait_begin) (gpointer user);
  void (*wait_end) (gpointer user);
  gpointer user;
};

/* The keep bias of corrections when a request gives none: a source token stays unless the
 * target's best token is this much more likely in log-probability (natural log). Chosen on
 * JFLEG dev with the default models (tools/eval-jfleg.sh; models/README.md). */
#define DRAFTD_GRAMMAR_KEEP_BIAS 3.0
/* The doubt band of suggestions when a request gives none (DraftdGrammarRequest.doubt), in
 * nats below the kind's margin; chosen on the development set (tests/data/dev-errors.tsv,
 * docs/correction.md). */
#define DRAFTD_GRAMMAR_SUGGEST_DOUBT 1.0

typedef struct {
  gboolean rewrite;               /* FALSE: correct */
  const char *instruction;        /* rewrite: free text, or a preset name */
  /* Rewrites: what the model can follow (grammar/rewrite.h). The presets its template
   * declares (draftd.prompt.presets, comma-separated; NULL: DRAFTD_GRAMMAR_TEMPLATE_PRESETS),
   * and whether it has a chat template, which free-form instructions need. */
  const char *presets;
  gboolean follows_instructions;
  gboolean protect_quotes;
  /* The model's languages (draftd_grammar_model_languages); NULL: English only. Sentences in
   * others are left unchanged. */
  const char *const *languages;
  /* Corrections: the keep policy's margin in log-probability; 0 picks DRAFTD_GRAMMAR_KEEP_BIAS,
   * a negative value turns it off (the target's greedy choice wherever it is not forced).
   * Rewrites use no margin: they are meant to change the text. */
  double keep_bias;
  gboolean compare_greedy;        /* also decode each segment plainly, same policy (benchmarks) */
  /* Corrections: a candidate a rule proposes that the target prefers by less than its kind's
   * margin, but by no less than the margin less `doubt` nats, is not applied but offered:
   * appended to `suggestions` (DraftdGrammarEdit, byte offsets into the text, as `edits`)
   * where that is not NULL. 0 picks DRAFTD_GRAMMAR_SUGGEST_DOUBT, a negative value offers none. */
  double doubt;
  GArray *suggestions;
  /* Corrections: the margins of candidate kinds ([DRAFTD_FIX_N_KINDS]; NULL: the defaults),
   * and whether the model's own IAD pass follows the candidates (FALSE: it does). */
  const float *margins;
  gboolean candidates_only;
  /* The target has DRAFTD_GRAMMAR_MODEL_PASS_PARAMS or more: a real model (`draft use`), whose
   * judgement of confusables (their/there, ...) needs less of a margin than the shipped one's. */
  gboolean large_model;
  /* Corrections: the dialect spellings are held to ("en-US", "en-GB", or another region
   * Hunspell has a dictionary for: "en-AU", "en-CA", "en-ZA"); the other's are edits of kind
   * dialect. NULL or "": none, either is right, but a document that mixes them is held to the
   * one most of its regional spellings follow. */
  const char *dialect;
  /* Corrections, where dialect is NULL: the dialect of the user's locale ("en-GB"), held to
   * like `dialect` when a dictionary for it is installed, else ignored (a locale such as en_IN
   * with no dictionary here must not make every correction fail); NULL: none. */
  const char *locale_dialect;
  /* Corrections: the document's file (absolute), whose workspace words list
   * (.draftd/words.txt, found upward) is known in it; NULL: none. */
  const char *path;
  /* Corrections: the user's language ("uk", "sr-Latn"; lib/bus/draftd-bus-language.h), which
   * every sentence is checked in, whatever it looks like; NULL: each sentence's own, as
   * grammar/language.h identifies it. */
  const char *language;
  /* IAD decodes without the target's proposal heads, where it has them (draftd-bench's
   * correct suite measures what they save); otherwise they draft off the source. */
  gboolean iad_without_heads;
  GCancellable *cancellable;
  /* Called after each segment the model sees (or leaves unchanged as foreign or too long), in
   * text order, with that segment's edits (byte offsets in the whole text; n may be 0) and
   * the count of such segments done and in all; on the caller's thread. */
  void (*on_segment) (const DraftdGrammarEdit *edits, guint n, guint done, guint total, gpointer user);
  gpointer user;
} DraftdGrammarRequest;

typedef struct {
  guint segments;                 /* segments the target judged or decoded */
  guint kept_source;              /* answers that failed a last-line check, replaced by the source */
  guint refused_edits;            /* edits of otherwise sound answers refused on their own
                                   * (content words dropped, a word respelt into a non-word) */
  guint too_long;                 /* sentences left unchanged: too long for the context, even by clauses */
  guint foreign;                  /* sentences not in the model's languages (spelling alone where a
                                   * dictionary has their language, else unchanged) */
  guint unchecked;                /* of those, sentences left unchecked: no dictionary for their
                                   * language, or a language nobody can tell */
  char unchecked_language[16];    /* the first such sentence's language (DRAFTD_LANGUAGE_UNDETERMINED:
                                   * not told); "" when none */
  guint fixes;                    /* candidate corrections taken */
  guint scoring_passes;           /* target passes that scored candidates */
  guint kept_tokens;              /* source tokens the keep policy held against the target's argmax */
  guint target_passes;            /* including prompt passes */
  guint output_tokens;
  guint drafted, accepted;
  guint head_drafted, head_accepted; /* of those, the target's proposal heads' (off the source) */
  double wall_ms;
  guint cached;                   /* segments answered from the answer cache (counted in no other field) */
  guint greedy_passes;            /* compare_greedy: plain decoding of the same policy, timed from
                                   * the same cache state as IAD, in alternating order */
  double greedy_ms;
  gboolean greedy_equal;
} DraftdGrammarStats;

/* Corrections with a target this large run its own pass (IAD) after the candidates by
 * default; a smaller one knows too little English to add to what the candidates fixed (the
 * shipped target, 5.5M parameters: JFLEG dev GLEU 0.4226 with its pass, 0.4226 without, at
 * half the speed). */
#define DRAFTD_GRAMMAR_MODEL_PASS_PARAMS 100000000ull

/* Adds s's counts to total's, wall_ms excepted (the caller times the whole); greedy_equal
 * holds while both do, so a total starts with it TRUE. */
void draftd_grammar_stats_add (DraftdGrammarStats *total, const DraftdGrammarStats *s);
