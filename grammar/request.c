/* The grammar library's error domain, beside the request types it describes (request.h), so
 * the files below the driver can raise it without the driver. */
#include "grammar/request.h"

G_DEFINE_QUARK (grammar-error-quark, draftd_grammar_error)
