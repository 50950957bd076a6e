#include "client/hub/hub.h"
#include <curl/curl.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PUBLIC_HUB "https://huggingface.co"
/* Metadata of one repository is a few hundred kilobytes at most; more is not the Hub. */
#define MAX_METADATA (16 << 20)

char *
draft_hub_endpoint (void)
{
  static const char *const vars[] = { "DRAFTD_HUB_URL", "HF_ENDPOINT" };
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++) {
    const char *v = g_getenv (vars[i]);
    if (v && *v) {
      char *url = g_strdup (v);
      gsize n = strlen (url);
      while (n > 0 && url[n - 1] == '/')
        url[--n] = 0;
      return url;
    }
  }
  return g_strdup (PUBLIC_HUB);
}

guint
draft_hub_stall_seconds (void)
{
  guint64 v;
  const char *env = g_getenv ("DRAFTD_HUB_STALL_SECONDS");
  return env && g_ascii_string_to_unsigned (env, 10, 1, 3600, &v, NULL) ? (guint) v : 60;
}

guint
draft_hub_min_rate (void)
{
  guint64 v;
  const char *env = g_getenv ("DRAFTD_HUB_MIN_RATE");
  return env && g_ascii_string_to_unsigned (env, 10, 1, G_MAXUINT32, &v, NULL) ? (guint) v : 1024;
}

guint
draft_hub_rate_window (void)
{
  guint64 v;
  const char *env = g_getenv ("DRAFTD_HUB_RATE_WINDOW");
  return env && g_ascii_string_to_unsigned (env, 10, 1, 3600, &v, NULL) ? (guint) v : 30;
}

static volatile sig_atomic_t *interrupt_flag;

void
draft_hub_set_interrupt (volatile sig_atomic_t *flag)
{
  interrupt_flag = flag;
}

/* curl calls it about once a second even while it waits to connect: Ctrl-C is never a wait
 * for a timeout. */
static int
on_interrupt_check (void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow)
{
  return interrupt_flag && *interrupt_flag ? 1 : 0;
}

/* One request's state: what the Hub said besides the body. */
typedef struct {
  char errbuf[CURL_ERROR_SIZE];
  char *error_code;        /* X-Error-Code: the Hub tells a gated repository from a missing one */
  struct curl_slist *headers;
  CURL *curl;
} Request;

static size_t
on_header (char *line, size_t size, size_t n, void *user)
{
  Request *r = user;
  gsize len = size * n;
  if (len >= 5 && g_ascii_strncasecmp (line, "HTTP/", 5) == 0)
    g_clear_pointer (&r->error_code, g_free);  /* a new response (after a redirect) */
  else if (len > 13 && g_ascii_strncasecmp (line, "X-Error-Code:", 13) == 0)
    r->error_code = g_strstrip (g_strndup (line + 13, len - 13));
  return len;
}

static void
request_init (Request *r, const char *url)
{
  memset (r, 0, sizeof *r);
  r->curl = curl_easy_init ();
  CURL *c = r->curl;
  curl_easy_setopt (c, CURLOPT_URL, url);
  curl_easy_setopt (c, CURLOPT_ERRORBUFFER, r->errbuf);
  curl_easy_setopt (c, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt (c, CURLOPT_MAXREDIRS, 10L);
  curl_easy_setopt (c, CURLOPT_USERAGENT, "draftd/" DRAFTD_VERSION);
  curl_easy_setopt (c, CURLOPT_CONNECTTIMEOUT, 30L);
  /* A stalled transfer (a laptop changing networks) ends with an error instead of hanging:
   * judged by bytes arriving, never by what a header promised. */
  curl_easy_setopt (c, CURLOPT_LOW_SPEED_LIMIT, 1L);
  curl_easy_setopt (c, CURLOPT_LOW_SPEED_TIME, (long) draft_hub_stall_seconds ());
  curl_easy_setopt (c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt (c, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt (c, CURLOPT_HEADERDATA, r);
  curl_easy_setopt (c, CURLOPT_XFERINFOFUNCTION, on_interrupt_check);
  curl_easy_setopt (c, CURLOPT_NOPROGRESS, 0L);
  /* libcurl keeps a custom Authorization header from the other hosts a redirect leads to
   * (the Hub sends files from a CDN), so the token only ever goes to the Hub. */
  const char *token = g_getenv ("HF_TOKEN");
  if (token && *token) {
    g_autofree char *h = g_strdup_printf ("Authorization: Bearer %s", token);
    r->headers = curl_slist_append (r->headers, h);
  }
  curl_easy_setopt (c, CURLOPT_HTTPHEADER, r->headers);
}

static void
request_clear (Request *r)
{
  curl_easy_cleanup (r->curl);
  curl_slist_free_all (r->headers);
  g_free (r->error_code);
}

static char *
escape_path (const char *path)
{
  return g_uri_escape_string (path, "/", FALSE);
}

/* A transfer that failed below HTTP: no network, or the connection broke. */
static void
set_curl_error (CURLcode rc, const Request *r, const char *what, GError **error)
{
  const char *detail = r->errbuf[0] ? r->errbuf : curl_easy_strerror (rc);
  g_autofree char *endpoint = draft_hub_endpoint ();
  long status = 0;
  curl_easy_getinfo (r->curl, CURLINFO_RESPONSE_CODE, &status);
  switch (rc) {
  case CURLE_OPERATION_TIMEDOUT:
    /* The Hub answered, then sent nothing: a stall, not an unreachable Hub. */
    if (status != 0) {
      g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_STALLED, "%s: no data arrived for %u s (the server stalled)",
                   what, draft_hub_stall_seconds ());
      break;
    }
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_NETWORK, "the Hub at %s did not answer within %u s: %s", endpoint,
                 draft_hub_stall_seconds (), detail);
    break;
  case CURLE_ABORTED_BY_CALLBACK:
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_CANCELLED, "%s: interrupted", what);
    break;
  case CURLE_PARTIAL_FILE:
  case CURLE_RECV_ERROR:
  case CURLE_GOT_NOTHING:
  case CURLE_SEND_ERROR:
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_DROPPED, "%s: the connection dropped (%s)", what, detail);
    break;
  default:
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_NETWORK, "cannot reach the Hub at %s (no network, or a proxy "
                 "in https_proxy refusing?): %s", endpoint, detail);
  }
}

/* An HTTP status other than 2xx, in one line that says what helps. */
static void
set_http_error (long status, const Request *r, const char *repo, const char *file, GError **error)
{
  gboolean token = g_getenv ("HF_TOKEN") && *g_getenv ("HF_TOKEN");
  const char *code = r->error_code ? r->error_code : "";
  if (g_str_equal (code, "RepoNotFound") || (status == 404 && !file))
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_NOT_FOUND,
                 "no model %s on the Hub (%ld): check the name%s", repo, status,
                 token ? "" : ", or, if it is private, set HF_TOKEN to an access token");
  else if (status == 404)
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_NOT_FOUND, "%s has no file %s on the Hub (404)", repo, file);
  else if ((status == 401 || status == 403) && token)
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_UNAUTHORIZED,
                 "the Hub refused the token in HF_TOKEN for %s (%ld): accept the model's terms on its Hub page, "
                 "and check that the token is valid", repo, status);
  else if (status == 401 || status == 403)
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_UNAUTHORIZED,
                 "%s is gated (%ld): accept its terms on its Hub page, then pass an access token: "
                 "HF_TOKEN=hf_... draft pull ...", repo, status);
  else if (status == 429)
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_PROTOCOL, "the Hub is limiting requests (429): try again in a minute");
  else
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_PROTOCOL, "the Hub answered HTTP %ld for %s%s%s", status, repo,
                 file ? "/" : "", file ? file : "");
}

/* ---- metadata ---- */

static size_t
on_metadata (char *p, size_t size, size_t n, void *user)
{
  GString *s = user;
  if (s->len + size * n > MAX_METADATA)
    return 0;
  g_string_append_len (s, p, size * n);
  return size * n;
}

gboolean
draft_hub_file_info (const char *repo, const char *file, DraftHubFileInfo *info, GError **error)
{
  g_autofree char *endpoint = draft_hub_endpoint ();
  g_autofree char *erepo = escape_path (repo);
  g_autofree char *url = g_strdup_printf ("%s/api/models/%s/revision/main?blobs=true", endpoint, erepo);
  g_autoptr (GString) body = g_string_new (NULL);
  Request r;
  request_init (&r, url);
  curl_easy_setopt (r.curl, CURLOPT_WRITEFUNCTION, on_metadata);
  curl_easy_setopt (r.curl, CURLOPT_WRITEDATA, body);
  CURLcode rc = curl_easy_perform (r.curl);
  long status = 0;
  curl_easy_getinfo (r.curl, CURLINFO_RESPONSE_CODE, &status);
  gboolean ok = FALSE;
  if (rc != CURLE_OK)
    set_curl_error (rc, &r, repo, error);
  else if (status < 200 || status >= 300)
    set_http_error (status, &r, repo, NULL, error);
  else
    ok = draft_hub_parse_metadata (body->str, body->len, repo, file, info, error);
  request_clear (&r);
  return ok;
}

/* ---- the file ---- */

typedef struct {
  Request *r;
  FILE *f;
  guint64 have, total;
  int write_errno;
  gboolean seen_status, discard;
  gboolean complete;  /* `total` bytes are here: the transfer ends, whatever the header said */
  gboolean too_long;  /* a byte past `total` came */
  DraftHubProgress progress;
  gpointer user;
  const char *file; /* as the errors name it */
  /* The rate floor (draft_hub_min_rate), over the whole download, reconnects included. */
  gint64 window_start, deadline; /* monotonic µs */
  guint64 window_have;
  GError *too_slow; /* why the download is given up on: set once */
} Sink;

/* "0.5 B/s", "12.3 kB/s". */
static char *
format_rate (double bytes_per_s)
{
  if (bytes_per_s < 1000)
    return g_strdup_printf ("%.1f B/s", bytes_per_s);
  g_autofree char *size = g_format_size ((guint64) bytes_per_s);
  return g_strdup_printf ("%s/s", size);
}

static void
sink_start_rate (Sink *s)
{
  s->window_start = g_get_monotonic_time ();
  s->window_have = s->have;
  double seconds = draft_hub_rate_window () + (double) (s->total - s->have) / draft_hub_min_rate ();
  s->deadline = s->window_start + (gint64) MIN (seconds, 1e12) * G_USEC_PER_SEC;
}

/* FALSE, with s->too_slow set, once the download runs under the minimum rate over a window
 * or past its deadline. */
static gboolean
rate_ok (Sink *s, const char *file)
{
  if (s->too_slow)
    return FALSE;
  gint64 now = g_get_monotonic_time ();
  g_autofree char *floor = format_rate (draft_hub_min_rate ());
  if (now >= s->deadline && s->have < s->total) {
    g_set_error (&s->too_slow, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_TOO_SLOW,
                 "%s: not done in %.0f s, the time its size takes at the minimum rate of %s", file,
                 (s->deadline - s->window_start) / 1e6, floor);
    return FALSE;
  }
  double span = (now - s->window_start) / 1e6;
  if (span < draft_hub_rate_window ())
    return TRUE;
  double rate = (s->have - s->window_have) / span;
  if (rate < draft_hub_min_rate ()) {
    g_autofree char *got = format_rate (rate);
    g_set_error (&s->too_slow, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_TOO_SLOW,
                 "%s: %" G_GUINT64_FORMAT " bytes in the last %.0f s (%s), under the minimum rate of %s "
                 "($DRAFTD_HUB_MIN_RATE)", file, s->have - s->window_have, span, got, floor);
    return FALSE;
  }
  s->window_start = now;
  s->window_have = s->have;
  return TRUE;
}

/* The first bytes of the body: a 200 to a range request is the whole file, so what the
 * partial file held is dropped; an error status's body is not the file at all. */
static gboolean
sink_start (Sink *s)
{
  long status = 0;
  curl_easy_getinfo (s->r->curl, CURLINFO_RESPONSE_CODE, &status);
  s->seen_status = TRUE;
  s->discard = status != 200 && status != 206;
  if (status == 200 && s->have > 0) {
    if (fflush (s->f) != 0 || ftruncate (fileno (s->f), 0) != 0) {
      s->write_errno = errno;
      return FALSE;
    }
    s->have = 0;
  }
  return TRUE;
}

static size_t
on_body (char *p, size_t size, size_t n, void *user)
{
  Sink *s = user;
  size_t len = size * n;
  if (!s->seen_status && !sink_start (s))
    return 0;
  if (s->discard)
    return len;
  if (len > s->total - s->have) {
    s->too_long = TRUE;  /* not a byte of it is written: the file cannot be this one */
    return 0;
  }
  if (fwrite (p, 1, len, s->f) != len) {
    s->write_errno = errno;
    return 0;
  }
  s->have += len;
  s->complete = s->have == s->total;
  return len;
}

static int
on_xfer (void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow)
{
  Sink *s = user;
  if (on_interrupt_check (NULL, dltotal, dlnow, ultotal, ulnow))
    return 1;
  if (s->progress && !s->progress (s->have, s->total, s->user))
    return 1;
  if (!s->complete && !rate_ok (s, s->file))
    return 1;
  /* All the metadata's bytes are here: a Content-Length that claims more is not waited for. */
  return s->complete ? 1 : 0;
}

static void
set_write_error (const Sink *s, const char *part, GError **error)
{
  int e = s->write_errno;
  if (e == ENOSPC || e == EDQUOT)
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_NO_SPACE,
                 "disk full writing %s: the %" G_GUINT64_FORMAT " bytes that arrived are kept; free some space and pull "
                 "again to resume", part, s->have);
  else
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_IO, "cannot write %s: %s", part, g_strerror (e));
}

/* One GET from where the partial file ends. */
static gboolean
fetch_once (const char *url, Sink *s, const char *repo, const char *file, const char *part, GError **error)
{
  Request r;
  request_init (&r, url);
  s->r = &r;
  s->seen_status = s->discard = FALSE;
  g_autofree char *range = g_strdup_printf ("%" G_GUINT64_FORMAT "-", s->have);
  if (s->have > 0)
    curl_easy_setopt (r.curl, CURLOPT_RANGE, range);
  curl_easy_setopt (r.curl, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt (r.curl, CURLOPT_WRITEDATA, s);
  curl_easy_setopt (r.curl, CURLOPT_XFERINFOFUNCTION, on_xfer);
  curl_easy_setopt (r.curl, CURLOPT_XFERINFODATA, s);
  curl_easy_setopt (r.curl, CURLOPT_NOPROGRESS, 0L);
  CURLcode rc = curl_easy_perform (r.curl);
  long status = 0;
  curl_easy_getinfo (r.curl, CURLINFO_RESPONSE_CODE, &status);
  gboolean ok = FALSE;
  if (fflush (s->f) != 0 && s->write_errno == 0)
    s->write_errno = errno;
  if (s->write_errno)
    set_write_error (s, part, error);
  else if (s->too_long) {
    g_autofree char *size = g_format_size_full (s->total, G_FORMAT_SIZE_LONG_FORMAT);
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_TOO_LONG, "the server sent more than the %s the Hub's metadata "
                 "gives for %s: it is not that file, and the download was deleted", size, file);
  } else if (rc == CURLE_ABORTED_BY_CALLBACK && s->complete && !s->discard)
    ok = TRUE;  /* stopped by us with every byte here */
  else if (rc == CURLE_ABORTED_BY_CALLBACK && s->too_slow)
    g_propagate_error (error, g_error_copy (s->too_slow));
  else if (rc != CURLE_OK)
    set_curl_error (rc, &r, file, error);
  else if (status < 200 || status >= 300)
    set_http_error (status, &r, repo, file, error);
  else if (s->have < s->total)
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_DROPPED, "%s: the connection closed early", file);
  else
    ok = TRUE;
  request_clear (&r);
  s->r = NULL;
  return ok;
}

/* A dropped or stalled connection is resumed at once while bytes keep arriving; three in a
 * row with nothing gained end the pull, and so does the rate floor over the reconnects (a
 * byte gained per reconnect is no progress): what arrived stays for the next one. */
gboolean
draft_hub_fetch (const char *repo, const char *file, const DraftHubFileInfo *info, const char *part,
                 DraftHubProgress progress, gpointer user, GError **error)
{
  g_autofree char *endpoint = draft_hub_endpoint ();
  g_autofree char *erepo = escape_path (repo), *efile = escape_path (file);
  g_autofree char *url = g_strdup_printf ("%s/%s/resolve/main/%s", endpoint, erepo, efile);
  FILE *f = fopen (part, "ab");
  if (f == NULL) {
    int e = errno;
    g_set_error (error, DRAFT_HUB_ERROR, e == ENOSPC ? DRAFT_HUB_ERROR_NO_SPACE : DRAFT_HUB_ERROR_IO, "cannot write %s: %s",
                 part, g_strerror (e));
    return FALSE;
  }
  struct stat st;
  Sink s = { .f = f, .total = info->size, .progress = progress, .user = user, .file = file };
  s.have = fstat (fileno (f), &st) == 0 ? (guint64) st.st_size : 0;
  sink_start_rate (&s);
  guint fruitless = 0;
  gboolean ok = TRUE;
  while (s.have < s.total) {
    g_autoptr (GError) local = NULL;
    guint64 before = s.have;
    if (fetch_once (url, &s, repo, file, part, &local))
      break;
    fruitless = s.have > before ? 0 : fruitless + 1;
    gboolean resumable = g_error_matches (local, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_DROPPED) ||
                         g_error_matches (local, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_STALLED);
    if (resumable && !rate_ok (&s, file)) {
      g_clear_error (&local);
      local = g_error_copy (s.too_slow);
      resumable = FALSE;
    }
    if (!resumable || fruitless >= 3) {
      g_propagate_error (error, g_steal_pointer (&local));
      ok = FALSE;
      break;
    }
  }
  g_clear_error (&s.too_slow);
  if (fclose (f) != 0 && ok) {
    s.write_errno = errno;
    set_write_error (&s, part, error);
    ok = FALSE;
  }
  return ok;
}

char *
draft_hub_sha256_file (const char *path, GError **error)
{
  FILE *f = fopen (path, "rb");
  if (f == NULL) {
    int e = errno;
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_IO, "cannot read %s: %s", path, g_strerror (e));
    return NULL;
  }
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree guchar *buf = g_malloc (1 << 20);
  size_t n;
  while ((n = fread (buf, 1, 1 << 20, f)) > 0)
    g_checksum_update (sum, buf, n);
  gboolean failed = ferror (f);
  fclose (f);
  if (failed) {
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_IO, "cannot read %s", path);
    return NULL;
  }
  return g_strdup (g_checksum_get_string (sum));
}
