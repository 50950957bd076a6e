#include "client/hub/hub.h"
#include <curl/curl.h>
#include <errno.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

G_DEFINE_QUARK (draft-hub-error-quark, draft_hub_error)

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
  /* A stalled transfer (a laptop changing networks) ends with an error instead of hanging. */
  curl_easy_setopt (c, CURLOPT_LOW_SPEED_LIMIT, 1L);
  curl_easy_setopt (c, CURLOPT_LOW_SPEED_TIME, 60L);
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
  switch (rc) {
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

static gboolean
is_sha256 (const char *s)
{
  if (s == NULL || strlen (s) != 64)
    return FALSE;
  for (const char *p = s; *p; p++)
    if (!g_ascii_isxdigit (*p))
      return FALSE;
  return TRUE;
}

/* The sibling entry of `file` in the revision's metadata: its lfs object has the size and the
 * SHA-256 (for LFS files, which every GGUF is, the Hub's own checksum of the contents). */
static gboolean
parse_sibling (JsonObject *sib, const char *repo, const char *file, DraftHubFileInfo *info, GError **error)
{
  JsonObject *lfs = json_object_has_member (sib, "lfs") ? json_object_get_object_member (sib, "lfs") : NULL;
  const char *sha = lfs && json_object_has_member (lfs, "sha256") ? json_object_get_string_member (lfs, "sha256") : NULL;
  gint64 size = lfs && json_object_has_member (lfs, "size") ? json_object_get_int_member (lfs, "size") : -1;
  if (!is_sha256 (sha) || size <= 0) {
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_PROTOCOL,
                 "the Hub gives no SHA-256 and size for %s/%s, so it cannot be verified", repo, file);
    return FALSE;
  }
  info->size = (guint64) size;
  for (guint i = 0; i < 64; i++)
    info->sha256[i] = g_ascii_tolower (sha[i]);
  info->sha256[64] = 0;
  return TRUE;
}

static gboolean
parse_metadata (const GString *body, const char *repo, const char *file, DraftHubFileInfo *info, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *root = json_parser_load_from_data (parser, body->str, body->len, NULL) ? json_parser_get_root (parser) : NULL;
  JsonObject *o = root && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonNode *sibs = o ? json_object_get_member (o, "siblings") : NULL;
  if (sibs == NULL || !JSON_NODE_HOLDS_ARRAY (sibs)) {
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_PROTOCOL, "the Hub's metadata of %s is not what draft reads", repo);
    return FALSE;
  }
  JsonArray *a = json_node_get_array (sibs);
  g_autoptr (GString) ggufs = g_string_new (NULL);
  for (guint i = 0; i < json_array_get_length (a); i++) {
    JsonNode *n = json_array_get_element (a, i);
    JsonObject *sib = JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
    const char *name = sib && json_object_has_member (sib, "rfilename") ? json_object_get_string_member (sib, "rfilename") : NULL;
    if (g_strcmp0 (name, file) == 0)
      return parse_sibling (sib, repo, file, info, error);
    if (name && g_str_has_suffix (name, ".gguf") && ggufs->len < 400)
      g_string_append_printf (ggufs, "%s%s", ggufs->len ? ", " : "", name);
  }
  g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_NOT_FOUND, "%s has no file %s on the Hub (404)%s%s", repo, file,
               ggufs->len ? "; its GGUF files: " : "", ggufs->str);
  return FALSE;
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
    ok = parse_metadata (body, repo, file, info, error);
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
  DraftHubProgress progress;
  gpointer user;
} Sink;

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
  if (fwrite (p, 1, len, s->f) != len) {
    s->write_errno = errno;
    return 0;
  }
  s->have += len;
  return len;
}

static int
on_xfer (void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow)
{
  Sink *s = user;
  if (on_interrupt_check (NULL, dltotal, dlnow, ultotal, ulnow))
    return 1;
  return s->progress && !s->progress (s->have, s->total, s->user) ? 1 : 0;
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

/* A dropped connection is resumed at once while bytes keep arriving; three drops in a row
 * with nothing gained end the pull (what arrived stays for the next one). */
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
  Sink s = { .f = f, .total = info->size, .progress = progress, .user = user };
  s.have = fstat (fileno (f), &st) == 0 ? (guint64) st.st_size : 0;
  guint fruitless = 0;
  gboolean ok = TRUE;
  while (s.have < s.total) {
    g_autoptr (GError) local = NULL;
    guint64 before = s.have;
    if (fetch_once (url, &s, repo, file, part, &local))
      break;
    fruitless = s.have > before ? 0 : fruitless + 1;
    if (!g_error_matches (local, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_DROPPED) || fruitless >= 3) {
      g_propagate_error (error, g_steal_pointer (&local));
      ok = FALSE;
      break;
    }
  }
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
