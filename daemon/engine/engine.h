/* The model set the daemon serves: target (and optional assistant) resident on one Vulkan
 * device, conversations, and the four jobs. Jobs run on the scheduler's worker thread,
 * one at a time; nothing here touches D-Bus. */
#pragma once
#include <gio/gio.h>
#include "grammar/edits.h"

#define DRAFTD_ENGINE_ERROR (draftd_engine_error_quark ())
GQuark draftd_engine_error_quark (void);
/* One code per org.draftd.Error name. */
typedef enum {
  DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT,
  DRAFTD_ENGINE_ERROR_INVALID_TEXT,
  DRAFTD_ENGINE_ERROR_TOO_LONG,
  DRAFTD_ENGINE_ERROR_CANCELLED,
  DRAFTD_ENGINE_ERROR_NO_MODEL,
  DRAFTD_ENGINE_ERROR_BUSY,
  DRAFTD_ENGINE_ERROR_INTERNAL,
} DraftdEngineError;
const char *draftd_engine_error_dbus_name (const GError *error);

typedef struct {
  char *target;          /* GGUF paths */
  char *assistant;       /* NULL: none */
  char *device;          /* NULL: best device */
  guint n_ctx;           /* 0: model default, at most 4096 */
  char *chat_format;     /* NULL: from the model's template */
  gboolean lazy;         /* load on the first job instead of at start */
  guint max_text_bytes;  /* longest accepted input */
  guint idle_unload;     /* seconds without jobs before the models are unloaded; 0: never */
} DraftdEngineConfig;

typedef enum { DRAFTD_JOB_COMPLETE, DRAFTD_JOB_CHAT, DRAFTD_JOB_REWRITE, DRAFTD_JOB_CORRECT } DraftdJobKind;

typedef struct {
  guint max_tokens;
  double temperature, top_p, min_p;
  guint top_k;
  guint64 seed;
  gboolean seed_set;
  char **stop;
  char *mode;            /* auto, plain, speculative, lookup */
  DraftdGrammarOffsetUnit offset_unit;
  gboolean compare_greedy;
  gboolean protect_quotes;
} DraftdJobOptions;

typedef struct {
  guint prompt_tokens, generated, target_passes, assistant_passes, drafted, accepted, segments, kept_source;
  double wall_ms, tokens_per_s, greedy_ms;
  guint greedy_passes;
  gboolean greedy_equal, compared;
  const char *mode;
} DraftdJobStats;

typedef struct DraftdJob DraftdJob;
/* Streaming hooks, called on the worker thread. */
typedef struct {
  void (*chunk) (DraftdJob *job, const char *text);
  void (*edit) (DraftdJob *job, const DraftdGrammarEdit *edit);
} DraftdJobSink;

struct DraftdJob {
  DraftdJobKind kind;
  char *client;          /* unique bus name of the caller */
  char *text;            /* prompt, message or text */
  char *instruction;     /* rewrite */
  char *conversation;    /* chat */
  DraftdJobOptions options;
  GCancellable *cancellable;
  const DraftdJobSink *sink;
  gpointer user;
  /* results */
  char *result;
  GArray *edits;         /* DraftdGrammarEdit, byte offsets into text */
  DraftdJobStats stats;
  GError *error;
};

void draftd_job_options_init (DraftdJobOptions *o);
DraftdJob *draftd_job_new (DraftdJobKind kind, const char *client);
void draftd_job_free (DraftdJob *job);

typedef struct DraftdEngine DraftdEngine;

DraftdEngine *draftd_engine_new (const DraftdEngineConfig *config, GError **error);
void draftd_engine_free (DraftdEngine *e);
/* Loads models now (idempotent); called on the worker thread when lazy. */
gboolean draftd_engine_load (DraftdEngine *e, GError **error);
/* Frees the models and the device (worker thread, between jobs); the next job reloads them. */
void draftd_engine_unload (DraftdEngine *e);
gboolean draftd_engine_is_loaded (DraftdEngine *e);
guint draftd_engine_idle_unload (DraftdEngine *e);
/* Runs a job to completion on the calling (worker) thread; sets job->result or job->error. */
void draftd_engine_run (DraftdEngine *e, DraftdJob *job);
/* Conversations are per client: forgetting a client drops all of them. */
void draftd_engine_reset_conversation (DraftdEngine *e, const char *client, const char *conversation);
void draftd_engine_forget_client (DraftdEngine *e, const char *client);
/* Model information for the Models property: a{sv}. */
GVariant *draftd_engine_describe (DraftdEngine *e);
guint draftd_engine_max_text_bytes (DraftdEngine *e);
