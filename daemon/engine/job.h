/* One job as the engine sees it: an immutable request, filled once by the D-Bus service
 * and never written after submission, and a result that only the engine writes (on the
 * job's thread) and the service reads once the job is done. Edits stay in byte offsets
 * here; the service converts them to the client's unit at the bus edge. */
#pragma once
#include <gio/gio.h>
#include "grammar/request.h"
#include "lib/decode/decode.h"

typedef enum { DRAFTD_JOB_COMPLETE, DRAFTD_JOB_CHAT, DRAFTD_JOB_REWRITE, DRAFTD_JOB_CORRECT } DraftdJobKind;

typedef struct {
  guint max_tokens;
  double temperature, top_p, min_p;
  guint top_k;
  guint64 seed;
  gboolean seed_set;
  char **stop;
  char *mode;            /* auto, plain, speculative, lookup, blockwise */
  DraftdGrammarOffsetUnit offset_unit;
  gboolean compare_greedy;
  gboolean protect_quotes;
  char **disabled_rules; /* corrections: rule ids and families whose edits are left out */
  double keep_bias;      /* corrections: 0 the grammar driver's default, < 0 off */
  gint model_pass;       /* corrections: the model's own pass after the candidates; 1 on, -1 off,
                          * 0 the engine's choice for the target (DRAFTD_GRAMMAR_MODEL_PASS_PARAMS) */
  gboolean shared;       /* chat: the conversation belongs to the session, not the caller */
  gboolean force;        /* completion, chat: run on a model that cannot do it (draftd_models_can_generate) */
  char *dialect;         /* corrections: "en-US", "en-GB", ... ("" none); NULL: the config's, else the locale's */
  char *locale_dialect;  /* corrections: the client's locale's dialect, used only where nothing names one and
                          * its dictionary is installed; NULL: none */
  char *path;            /* corrections: the document's file, for its workspace's words; NULL: none */
  char *language;        /* corrections: the user's language ("uk"); NULL: identified sentence by sentence */
} DraftdJobOptions;

typedef struct {
  DraftdJobKind kind;
  char *client;          /* unique bus name of the caller */
  char *identity;        /* the caller's process ("uid:pid"), which limits count against; NULL: the client */
  char *text;            /* prompt, message or text */
  char *instruction;     /* rewrite */
  char *conversation;    /* chat */
  gboolean bulk;         /* long work (Correct, Rewrite: the operation table says): its lane
                          * yields to interactive jobs (draftd_lanes_open) */
  DraftdJobOptions options;
} DraftdJobRequest;

/* Whose history a chat continues: the caller's own (dropped when it leaves the bus), or,
 * with the `shared` option, the session's, which outlives the caller so that the next run of
 * `draft chat --conversation NAME` continues it. The session bus admits one user only, so
 * sharing by name crosses no trust boundary. */
const char *draftd_job_request_conversation_owner (const DraftdJobRequest *r);

/* The decoder's and the grammar driver's own statistics, kept as they report them:
 * `decode` for Complete and Chat, `grammar` for Correct and Rewrite. */
typedef struct {
  const char *mode;      /* decoding mode name (static) */
  double wall_ms;
  DraftdDecodeStats decode;
  DraftdGrammarStats grammar;
} DraftdJobStats;

typedef struct {
  char *text;            /* the generated, corrected or rewritten text */
  GArray *edits;         /* DraftdGrammarEdit, byte offsets into the request's text (grammar jobs) */
  GArray *suggestions;   /* Correct: DraftdGrammarEdit the target doubted, offered and not applied (as edits) */
  DraftdJobStats stats;
  GError *error;
} DraftdJobResult;

/* Streaming hooks, called on the job's thread while it runs. */
typedef struct {
  void (*chunk) (gpointer user, const char *text);
  void (*edits) (gpointer user, const DraftdGrammarEdit *edits, guint n);
  void (*progress) (gpointer user, guint done, guint total);  /* segments of a grammar job */
  gpointer user;
} DraftdJobSink;

/* Whom the request counts against: its identity, else its client. */
const char *draftd_job_request_identity (const DraftdJobRequest *r);
DraftdJobRequest *draftd_job_request_new (DraftdJobKind kind, const char *client);
void draftd_job_request_free (DraftdJobRequest *r);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdJobRequest, draftd_job_request_free)
void draftd_job_result_clear (DraftdJobResult *r);
/* Totals that make sense for every kind of job. */
guint draftd_job_stats_generated (const DraftdJobStats *s);
guint draftd_job_stats_target_passes (const DraftdJobStats *s);
guint draftd_job_stats_drafted (const DraftdJobStats *s);
guint draftd_job_stats_accepted (const DraftdJobStats *s);
