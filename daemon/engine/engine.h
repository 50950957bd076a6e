/* The jobs the daemon runs: completion, chat, correction and rewriting, on the resident
 * models (models.h) with per-client chat histories (conversations.h). Each job runs on a
 * thread of its own, its passes parked on a lane for the engine loop (scheduler.c, lanes.h),
 * several at once. Nothing here touches D-Bus: errors are
 * DRAFTD_ENGINE_ERROR or the library's domains, named for the bus by the service. */
#pragma once
#include <gio/gio.h>
#include "daemon/engine/conversations.h"
#include "daemon/engine/job.h"
#include "daemon/engine/lanes.h"

#define DRAFTD_ENGINE_ERROR (draftd_engine_error_quark ())
GQuark draftd_engine_error_quark (void);
typedef enum {
  DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT,
  DRAFTD_ENGINE_ERROR_INVALID_TEXT,
  DRAFTD_ENGINE_ERROR_TOO_LONG,
  DRAFTD_ENGINE_ERROR_CANCELLED,
  DRAFTD_ENGINE_ERROR_NO_MODEL,
  DRAFTD_ENGINE_ERROR_BUSY,
  DRAFTD_ENGINE_ERROR_INTERNAL,
  DRAFTD_ENGINE_ERROR_UNSUPPORTED,  /* the resident model cannot do this kind of job */
} DraftdEngineError;

typedef struct {
  char *target;          /* GGUF paths */
  char *assistant;       /* NULL: none */
  char *device;          /* NULL: best device */
  guint n_ctx;           /* 0: model default, at most 4096 */
  guint n_lanes;         /* jobs run at once (daemon/engine/lanes.h); 0: as the KV budget allows */
  char *chat_format;     /* NULL: from the model's template */
  gboolean lazy;         /* load on the first job instead of at start */
  guint max_text_bytes;  /* longest accepted input */
  guint idle_unload;     /* seconds without jobs before the models are unloaded; 0: never */
  double keep_bias;      /* corrections' keep margin when a request names none; 0: the grammar's default */
  char **disabled_rules; /* rule ids and families left out of every correction (with the request's own) */
  char *dialect;         /* corrections' dialect ("en-GB") when a request names none; NULL: the client's locale's */
} DraftdEngineConfig;

typedef struct DraftdEngine DraftdEngine;

DraftdEngine *draftd_engine_new (const DraftdEngineConfig *config, GError **error);
void draftd_engine_free (DraftdEngine *e);
/* Loads models now (idempotent); called on the engine loop's thread when lazy. */
gboolean draftd_engine_load (DraftdEngine *e, GError **error);
/* Frees the models and the device (engine loop, no job running); the next job reloads them. */
void draftd_engine_unload (DraftdEngine *e);
gboolean draftd_engine_is_loaded (DraftdEngine *e);
/* Takes a new configuration (engine loop, no job running): unless lazy, the new models load
 * while the old ones still serve; on failure everything stays as it was. */
gboolean draftd_engine_reconfigure (DraftdEngine *e, const DraftdEngineConfig *config, GError **error);
/* Another target and assistant (NULL: none), the rest of the configuration kept (engine
 * loop, no job running): the new pair loads and is checked while the old one is resident;
 * on failure the old pair stays. */
gboolean draftd_engine_switch_models (DraftdEngine *e, const char *target, const char *assistant, GError **error);
guint draftd_engine_idle_unload (DraftdEngine *e);
guint draftd_engine_max_text_bytes (DraftdEngine *e);
/* The loaded models' lanes (engine loop's thread; loads the models first if need be). */
DraftdLanes *draftd_engine_lanes (DraftdEngine *e, GError **error);
/* Runs a job to completion on the calling thread (the job's own, which the engine loop
 * started), its passes parked on `lane` for the loop to run; fills `result` (text or error). */
void draftd_engine_run (DraftdEngine *e, DraftdLane *lane, const DraftdJobRequest *request, GCancellable *cancellable,
                        const DraftdJobSink *sink, DraftdJobResult *result);
/* Per-client chat histories (thread-safe). */
DraftdConversations *draftd_engine_conversations (DraftdEngine *e);
/* Model information for the Models property: a{sv}. */
GVariant *draftd_engine_describe (DraftdEngine *e);
/* The engine loop's counters since the models loaded (draftd_lanes_counters); all zero while
 * none are. */
void draftd_engine_loop_counters (DraftdEngine *e, DraftdLanesCounters *out);
/* Adds a word to the user's personal word list, which spelling never flags (any thread;
 * kept on disk, so it survives restarts). */
gboolean draftd_engine_add_word (DraftdEngine *e, const char *word, GError **error);
