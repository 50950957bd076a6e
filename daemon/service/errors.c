#include "daemon/service/errors.h"
#include <gio/gio.h>
#include "daemon/engine/engine.h"
#include "grammar/request.h"
#include "lib/bus/draftd-bus.h"
#include "lib/gguf/gguf.h"
#include "lib/model/model.h"
#include "lib/tokenizer/tokenizer.h"
#include "lib/vk/vk-device.h"

#define ANY_CODE (-1)

typedef struct {
  GQuark (*domain) (void);
  int code;               /* ANY_CODE: every code of the domain */
  const char *name;
} ErrorMapping;

/* First match wins; a domain not listed is Internal. */
static const ErrorMapping mappings[] = {
  { draftd_engine_error_quark, DRAFTD_ENGINE_ERROR_INVALID_ARGUMENT, DRAFTD_BUS_ERROR_INVALID_ARGUMENT },
  { draftd_engine_error_quark, DRAFTD_ENGINE_ERROR_INVALID_TEXT, DRAFTD_BUS_ERROR_INVALID_TEXT },
  { draftd_engine_error_quark, DRAFTD_ENGINE_ERROR_TOO_LONG, DRAFTD_BUS_ERROR_TOO_LONG },
  { draftd_engine_error_quark, DRAFTD_ENGINE_ERROR_CANCELLED, DRAFTD_BUS_ERROR_CANCELLED },
  { draftd_engine_error_quark, DRAFTD_ENGINE_ERROR_NO_MODEL, DRAFTD_BUS_ERROR_NO_MODEL },
  { draftd_engine_error_quark, DRAFTD_ENGINE_ERROR_BUSY, DRAFTD_BUS_ERROR_BUSY },
  { draftd_engine_error_quark, DRAFTD_ENGINE_ERROR_UNSUPPORTED, DRAFTD_BUS_ERROR_UNSUPPORTED },
  { g_io_error_quark, G_IO_ERROR_CANCELLED, DRAFTD_BUS_ERROR_CANCELLED },
  { g_io_error_quark, G_IO_ERROR_MESSAGE_TOO_LARGE, DRAFTD_BUS_ERROR_TOO_LONG },
  { draftd_tokenizer_error_quark, DRAFTD_TOKENIZER_ERROR_TEXT, DRAFTD_BUS_ERROR_INVALID_TEXT },
  { draftd_grammar_error_quark, DRAFTD_GRAMMAR_ERROR_TEXT, DRAFTD_BUS_ERROR_INVALID_TEXT },
  { draftd_grammar_error_quark, DRAFTD_GRAMMAR_ERROR_TOO_LONG, DRAFTD_BUS_ERROR_TOO_LONG },
  { draftd_grammar_error_quark, DRAFTD_GRAMMAR_ERROR_INSTRUCTION, DRAFTD_BUS_ERROR_INVALID_ARGUMENT },
  { draftd_grammar_error_quark, DRAFTD_GRAMMAR_ERROR_DIALECT, DRAFTD_BUS_ERROR_INVALID_ARGUMENT },
  { draftd_grammar_error_quark, DRAFTD_GRAMMAR_ERROR_LANGUAGE, DRAFTD_BUS_ERROR_INVALID_ARGUMENT },
  /* Loading failures: the client can do nothing but report that no model is available. */
  { draftd_gguf_error_quark, ANY_CODE, DRAFTD_BUS_ERROR_NO_MODEL },
  { draftd_model_error_quark, ANY_CODE, DRAFTD_BUS_ERROR_NO_MODEL },
  { draftd_vk_error_quark, DRAFTD_VK_ERROR_NO_DEVICE, DRAFTD_BUS_ERROR_NO_MODEL },
  /* A device failing mid-job (lost, out of memory) is the daemon's fault. */
  { draftd_vk_error_quark, ANY_CODE, DRAFTD_BUS_ERROR_INTERNAL },
};

const char *
draftd_service_error_name (const GError *error)
{
  for (guint i = 0; i < G_N_ELEMENTS (mappings); i++)
    if (error->domain == mappings[i].domain () && (mappings[i].code == ANY_CODE || error->code == mappings[i].code))
      return mappings[i].name;
  return DRAFTD_BUS_ERROR_INTERNAL;
}
