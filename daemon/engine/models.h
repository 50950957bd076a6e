/* The models the daemon keeps resident: the target (and optional assistant) with their
 * runners on one Vulkan device, what the target's GGUF says about prompting it, and the
 * IAD block picked for this device, and the lanes that share their caches among running
 * jobs. Loaded and freed as a whole. */
#pragma once
#include <gio/gio.h>
#include "lib/decode/lm.h"
#include "lib/model/model.h"
#include "lib/runtime/forward.h"
#include "lib/vk/vk-device.h"
#include "grammar/answer-cache.h"
#include "grammar/language.h"
#include "daemon/engine/lanes.h"

typedef struct {
  DraftdModel *model;
  DraftdRunner *runner;
  DraftdLm lm;
} DraftdResident;

typedef struct {
  DraftdVk *vk;
  DraftdResident target, assistant;
  gboolean has_assistant;
  guint64 assistant_bytes;  /* device memory the assistant took at load; the target has the rest */
  char **languages;         /* the target's declared languages (draftd.languages); NULL: English */
  DraftdChatFormat format;  /* the template's, unless overridden */
  guint iad_block;
  DraftdLanes *lanes;       /* the runners' sequences, as the engine loop hands them to jobs */
  DraftdAnswerCache *answers; /* corrections this set gave, by sentence (grammar/answer-cache.h) */
} DraftdModels;

typedef struct {
  const char *target;       /* GGUF paths */
  const char *assistant;    /* NULL: none */
  const char *device;       /* NULL: best device */
  guint n_ctx;              /* 0: the model's */
  const DraftdChatFormat *format;  /* NULL: from the target's template */
  guint n_lanes;            /* 0: as many as the KV budget allows (models.c) */
  /* A device already open to load onto (the models take a reference), so that a switch of
   * models keeps the Vulkan instance, device and pipelines: NULL opens the one `device`
   * selects. (Lavapipe kept ~200 KiB of every instance it destroyed.) */
  DraftdVk *share;
} DraftdModelsSpec;

DraftdModels *draftd_models_load (const DraftdModelsSpec *spec, GError **error);
/* Runners before the device they live on. */
void draftd_models_free (DraftdModels *m);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DraftdModels, draftd_models_free)
/* Adds the Models property's entries (target_*, assistant_*, device, chat_format, iad_block). */
void draftd_models_describe (const DraftdModels *m, GVariantBuilder *b);
/* What the target cannot do (a toy model: the shipped one), in one line; NULL when it can. */
char *draftd_models_limits (const DraftdModels *m);
/* Whether the target can complete text and chat: it has a chat template, or the size
 * (DRAFTD_GRAMMAR_MODEL_PASS_PARAMS) at which open text is more than noise. */
gboolean draftd_models_can_generate (const DraftdModels *m);
/* Why the target cannot complete or chat ("completion" or "chat" in `what`), with what it
 * can do and the two commands that get a model that can; NULL when it can. */
char *draftd_models_cannot_generate (const DraftdModels *m, const char *what);
