/* The D-Bus names of draftd's contract: the well-known name, object path, interface and
 * error names. Free of libdbus, so code that only needs the names (the language server's
 * tests, which drive it over stdio) spells them from the same place. */
#pragma once

#define DRAFTD_BUS_NAME "org.draftd.Assistant1"
#define DRAFTD_BUS_PATH "/org/draftd/Assistant1"
/* The one interface: its methods, and the signals of the jobs it starts (Chunk, Edit,
 * Progress, Finished, Failed), which name their job in the first argument. */
#define DRAFTD_BUS_IFACE "org.draftd.Assistant1"

/* Error names, one per failure a client can act on. */
#define DRAFTD_BUS_ERROR_INVALID_ARGUMENT "org.draftd.Error.InvalidArgument"
#define DRAFTD_BUS_ERROR_INVALID_TEXT "org.draftd.Error.InvalidText"
#define DRAFTD_BUS_ERROR_TOO_LONG "org.draftd.Error.TooLong"
#define DRAFTD_BUS_ERROR_CANCELLED "org.draftd.Error.Cancelled"
#define DRAFTD_BUS_ERROR_NO_MODEL "org.draftd.Error.NoModel"
#define DRAFTD_BUS_ERROR_BUSY "org.draftd.Error.Busy"
#define DRAFTD_BUS_ERROR_INTERNAL "org.draftd.Error.Internal"
/* The loaded model cannot do what was asked (completion or chat with a target that has neither
 * a chat template nor the size for open text): the message says what it can do and how to get
 * a model that can; the call's `force` option runs it anyway. */
#define DRAFTD_BUS_ERROR_UNSUPPORTED "org.draftd.Error.Unsupported"
