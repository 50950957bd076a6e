/* The engine's error domain, on its own so the request parser (and its fuzz target) can
 * name it without the engine. */
#include "daemon/engine/engine.h"

G_DEFINE_QUARK (draftd-engine-error-quark, draftd_engine_error)
