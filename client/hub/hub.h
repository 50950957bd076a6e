/* The Hugging Face Hub, as `draft pull` uses it: a file's size and SHA-256 from the Hub's
 * own metadata, and the file itself fetched (resumed with a range request) into a partial
 * file. HTTP is libcurl's, so proxies come from the environment (http_proxy, https_proxy,
 * no_proxy) as for curl itself. Nothing here prints: errors are DRAFT_HUB_ERROR, one line
 * each, saying what happened and what helps. */
#pragma once
#include <gio/gio.h>
#include <signal.h>

#define DRAFT_HUB_ERROR (draft_hub_error_quark ())
GQuark draft_hub_error_quark (void);
typedef enum {
  DRAFT_HUB_ERROR_NETWORK,      /* no connection, DNS, TLS, a proxy refusing us */
  DRAFT_HUB_ERROR_NOT_FOUND,    /* 404: no such repository or file */
  DRAFT_HUB_ERROR_UNAUTHORIZED, /* 401/403: gated or private */
  DRAFT_HUB_ERROR_PROTOCOL,     /* an answer we cannot use (other statuses, bad JSON) */
  DRAFT_HUB_ERROR_DROPPED,      /* the connection broke mid-file: what arrived is kept */
  DRAFT_HUB_ERROR_CHECKSUM,
  DRAFT_HUB_ERROR_NO_SPACE,
  DRAFT_HUB_ERROR_IO,
  DRAFT_HUB_ERROR_CANCELLED,
  DRAFT_HUB_ERROR_TOO_LONG,     /* more bytes came than the metadata's size: not the file, and deleted */
  DRAFT_HUB_ERROR_STALLED,      /* no byte arrived for the stall time: what arrived is kept */
  DRAFT_HUB_ERROR_TOO_SLOW,     /* under the minimum rate over a window, or past the deadline: what arrived is kept */
} DraftHubError;

/* A flag the caller's SIGINT handler sets: a request in flight (metadata or file, connecting
 * included) then stops at once with DRAFT_HUB_ERROR_CANCELLED. */
void draft_hub_set_interrupt (volatile sig_atomic_t *flag);

/* The Hub's base URL: $DRAFTD_HUB_URL, then $HF_ENDPOINT (the Hub's own tools honour it, for
 * mirrors), then the public Hub. No trailing slash. */
char *draft_hub_endpoint (void);

typedef struct {
  guint64 size;
  char sha256[65];   /* lowercase hex */
} DraftHubFileInfo;

/* Size and SHA-256 of `file` from the revision metadata's JSON `data` of `repo`; every field
 * is type-checked (nothing is logged): DRAFT_HUB_ERROR_PROTOCOL or _NOT_FOUND otherwise. */
gboolean draft_hub_parse_metadata (const char *data, gsize len, const char *repo, const char *file, DraftHubFileInfo *info,
                                   GError **error);

/* How long a transfer may go without a byte before it ends with DRAFT_HUB_ERROR_STALLED (or,
 * before the Hub answered at all, _NETWORK): 60 s, or $DRAFTD_HUB_STALL_SECONDS (a slow link,
 * or a test). */
guint draft_hub_stall_seconds (void);

/* The slowest a download may go, across reconnects: fewer than draft_hub_min_rate() bytes a
 * second over a window of draft_hub_rate_window() seconds (each window from the last; the
 * first from the start) ends it with DRAFT_HUB_ERROR_TOO_SLOW, naming the rate; so does a
 * download not done within a window plus the time its size takes at that rate. A server
 * that trickles a byte per reconnect used to keep a pull going for ever. 1 KiB/s and 30 s,
 * or $DRAFTD_HUB_MIN_RATE (bytes a second) and $DRAFTD_HUB_RATE_WINDOW (seconds). */
guint draft_hub_min_rate (void);
guint draft_hub_rate_window (void);

/* Size and SHA-256 of `file` in `repo` at its main revision. */
gboolean draft_hub_file_info (const char *repo, const char *file, DraftHubFileInfo *info, GError **error);

/* Called as bytes arrive: `have` of `total` (whole file) are on disk. Return FALSE to stop
 * (the transfer ends with DRAFT_HUB_ERROR_CANCELLED). */
typedef gboolean (*DraftHubProgress) (guint64 have, guint64 total, gpointer user);

/* Appends `file` to `part` from the byte `part` already holds (a range request) until it
 * holds info->size bytes; a server that ignores the range starts the file again. The size
 * rules, not the server's Content-Length: the transfer stops once info->size bytes are there
 * (a header that claims more is not waited for), and a byte past them ends it with
 * DRAFT_HUB_ERROR_TOO_LONG, nothing past the size written. */
gboolean draft_hub_fetch (const char *repo, const char *file, const DraftHubFileInfo *info, const char *part,
                          DraftHubProgress progress, gpointer user, GError **error);

/* The SHA-256 of a file's contents, lowercase hex. */
char *draft_hub_sha256_file (const char *path, GError **error);
