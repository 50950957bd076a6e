#include "tests/test-lsp-driver.h"
#include "tests/tap.h"
#include "tests/test-util.h"
#include <glib/gstdio.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

gboolean
lsp_start (LspClient *c, BusFixture *f)
{
  memset (c, 0, sizeof *c);
  g_autofree char *exe = g_build_filename (DRAFTD_BUILD_ROOT, "client", "lsp", "draftd-lsp", NULL);
  const char *argv[] = { exe, NULL };
  g_auto (GStrv) env = g_environ_setenv (g_get_environ (), "DBUS_SESSION_BUS_ADDRESS", f->address, TRUE);
  g_autoptr (GError) error = NULL;
  if (!g_spawn_async_with_pipes (NULL, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &c->pid, &c->in_fd,
                                 &c->out_fd, NULL, &error)) {
    g_printerr ("draftd-lsp did not start: %s\n", error->message);
    return FALSE;
  }
  draftd_lsp_reader_init (&c->reader);
  g_queue_init (&c->messages);
  return TRUE;
}

int
lsp_wait_exit (LspClient *c, int timeout_ms)
{
  for (int waited = 0; waited <= timeout_ms; waited += 10) {
    int st;
    pid_t r = waitpid (c->pid, &st, WNOHANG);
    if (r == c->pid) {
      c->exited = TRUE;
      c->status = WIFEXITED (st) ? WEXITSTATUS (st) : 128 + WTERMSIG (st);
      return c->status;
    }
    g_usleep (10000);
  }
  return -1;
}

void
lsp_stop (LspClient *c)
{
  if (c->pid == 0)
    return;
  if (c->in_fd >= 0)
    close (c->in_fd);
  c->in_fd = -1;
  if (!c->exited && lsp_wait_exit (c, 20000) < 0) {
    kill (c->pid, SIGKILL);
    waitpid (c->pid, NULL, 0);
  }
  close (c->out_fd);
  draftd_lsp_reader_clear (&c->reader);
  g_queue_clear_full (&c->messages, (GDestroyNotify) json_node_unref);
  c->pid = 0;
}

void
lsp_send_raw (LspClient *c, const char *bytes, gsize len)
{
  while (len > 0) {
    ssize_t n = write (c->in_fd, bytes, len);
    if (n <= 0)
      return;
    bytes += n;
    len -= n;
  }
}

static void
send_node (LspClient *c, JsonNode *message)
{
  gsize len;
  g_autofree char *framed = draftd_lsp_frame (message, &len);
  lsp_send_raw (c, framed, len);
  json_node_unref (message);
}

void
lsp_notify (LspClient *c, const char *method, JsonNode *params)
{
  send_node (c, draftd_lsp_notification (method, params));
}

gint64
lsp_request (LspClient *c, const char *method, JsonNode *params)
{
  gint64 id = ++c->next_id;
  send_node (c, draftd_lsp_request (id, method, params));
  return id;
}

JsonNode *
lsp_json (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *text = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_autoptr (GError) error = NULL;
  JsonNode *n = json_from_string (text, &error);
  g_assert_no_error (error);
  return n;
}

void
lsp_send_json (LspClient *c, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *text = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_autofree char *framed = g_strdup_printf ("Content-Length: %zu\r\n\r\n%s", strlen (text), text);
  lsp_send_raw (c, framed, strlen (framed));
}

char *
lsp_quote (const char *s)
{
  g_autoptr (JsonNode) n = json_node_init_string (json_node_alloc (), s);
  return json_to_string (n, FALSE);
}

/* Reads what the server wrote within timeout_ms into the queue; FALSE on timeout or EOF. */
static gboolean
pump (LspClient *c, int timeout_ms)
{
  struct pollfd p = { c->out_fd, POLLIN, 0 };
  if (poll (&p, 1, timeout_ms) <= 0)
    return FALSE;
  guint8 buf[65536];
  ssize_t n = read (c->out_fd, buf, sizeof buf);
  if (n <= 0)
    return FALSE;
  draftd_lsp_reader_feed (&c->reader, buf, n);
  for (;;) {
    g_autofree char *body = NULL;
    DraftdLspFrame f = draftd_lsp_reader_next (&c->reader, &body);
    if (f == DRAFTD_LSP_FRAME_NONE)
      break;
    g_assert (f == DRAFTD_LSP_FRAME_MESSAGE);  /* the server's own framing is always valid */
    JsonNode *m = json_from_string (body, NULL);
    g_assert (m != NULL);
    g_queue_push_tail (&c->messages, m);
  }
  return TRUE;
}

static gboolean
matches (JsonNode *m, gint64 id, const char *method)
{
  JsonObject *o = json_node_get_object (m);
  gint64 mid;
  if (id >= 0)
    return !json_object_has_member (o, "method") && draftd_lsp_get_int (o, "id", &mid) && mid == id;
  return method == NULL || g_strcmp0 (draftd_lsp_get_string (o, "method"), method) == 0;
}

JsonNode *
lsp_wait (LspClient *c, gint64 id, const char *method, int timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  for (;;) {
    for (GList *l = c->messages.head; l; l = l->next)
      if (matches (l->data, id, method)) {
        JsonNode *m = l->data;
        g_queue_delete_link (&c->messages, l);
        return m;
      }
    gint64 left = deadline - g_get_monotonic_time ();
    if (left <= 0)
      return NULL;
    if (!pump (c, (int) (left / 1000) + 1))
      g_usleep (1000);  /* the server closed its output: only the deadline is left */
  }
}

JsonNode *
lsp_next (LspClient *c, int timeout_ms)
{
  return lsp_wait (c, -1, NULL, timeout_ms);
}

JsonNode *
lsp_call (LspClient *c, const char *method, JsonNode *params, int *code)
{
  gint64 id = lsp_request (c, method, params);
  g_autoptr (JsonNode) r = lsp_wait (c, id, NULL, 120000);
  *code = 0;
  if (r == NULL) {
    *code = 1;
    return NULL;
  }
  JsonObject *o = json_node_get_object (r);
  JsonObject *e = draftd_lsp_get_object (o, "error");
  if (e) {
    gint64 v = 0;
    draftd_lsp_get_int (e, "code", &v);
    *code = v;
    return NULL;
  }
  JsonNode *res = json_object_get_member (o, "result");
  return res ? json_node_copy (res) : NULL;
}

JsonArray *
lsp_wait_diagnostics (LspClient *c, const char *uri, gint64 version, int timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  for (;;) {
    int left = (int) ((deadline - g_get_monotonic_time ()) / 1000);
    g_autoptr (JsonNode) m = lsp_wait (c, -1, "textDocument/publishDiagnostics", MAX (left, 0));
    if (m == NULL)
      return NULL;
    JsonObject *p = draftd_lsp_get_object (json_node_get_object (m), "params");
    gint64 v = -1;
    draftd_lsp_get_int (p, "version", &v);
    if (g_strcmp0 (draftd_lsp_get_string (p, "uri"), uri) == 0 && (version < 0 || v == version))
      return json_array_ref (draftd_lsp_get_array (p, "diagnostics"));
  }
}

int
lsp_end (LspClient *c, BusFixture *f)
{
  int code;
  g_autoptr (JsonNode) down G_GNUC_UNUSED = lsp_call (c, "shutdown", NULL, &code);
  lsp_notify (c, "exit", NULL);
  tap_ok (lsp_wait_exit (c, 20000) == 0, "shutdown and exit: status 0");
  lsp_stop (c);
  bus_fixture_teardown (f);
  return tap_done ();
}

JsonArray *
lsp_wait_checked (LspClient *c, const char *uri, gint64 version, int timeout_ms)
{
  JsonArray *d = lsp_wait_diagnostics (c, uri, version, timeout_ms);
  while (d && lsp_stat (c, "paragraphsPending") > 0) {
    JsonArray *next = lsp_wait_diagnostics (c, uri, version, timeout_ms);
    if (next == NULL)
      break;
    json_array_unref (d);
    d = next;
  }
  /* The last publish went out before the status answer that said nothing is pending. */
  JsonArray *later;
  while (d && (later = lsp_wait_diagnostics (c, uri, version, 200)) != NULL) {
    json_array_unref (d);
    d = later;
  }
  return d;
}

JsonNode *
lsp_initialize_params (const char *encodings_json, const char *options_json)
{
  return lsp_json ("{\"processId\": null, \"rootUri\": null, \"capabilities\": {\"general\": {\"positionEncodings\": %s}},"
                   " \"initializationOptions\": %s}",
                   encodings_json ? encodings_json : "[]", options_json ? options_json : "{}");
}

JsonNode *
lsp_did_open (const char *uri, const char *language, gint64 version, const char *text)
{
  g_autofree char *q = lsp_quote (text);
  return lsp_json ("{\"textDocument\": {\"uri\": \"%s\", \"languageId\": \"%s\", \"version\": %" G_GINT64_FORMAT ", \"text\": %s}}",
                   uri, language, version, q);
}

static gint64
units (const char *s, gsize from, gsize to, const char *encoding)
{
  if (g_str_equal (encoding, "utf-8"))
    return to - from;
  gint64 n = 0;
  for (const char *p = s + from; p < s + to; p = g_utf8_next_char (p))
    n += g_str_equal (encoding, "utf-16") && g_utf8_get_char (p) >= 0x10000 ? 2 : 1;
  return n;
}

static gsize
line_start (const char *text, gsize at)
{
  while (at > 0 && text[at - 1] != '\n')
    at--;
  return at;
}

static void
add_position (JsonBuilder *b, const char *text, gsize off, const char *encoding)
{
  gsize ls = line_start (text, off);
  gint64 line = 0;
  for (gsize i = 0; i < ls; i++)
    line += text[i] == '\n';
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "line");
  json_builder_add_int_value (b, line);
  json_builder_set_member_name (b, "character");
  json_builder_add_int_value (b, units (text, ls, off, encoding));
  json_builder_end_object (b);
}

JsonNode *
lsp_range (const char *text, gsize start, gsize end, const char *encoding)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "start");
  add_position (b, text, start, encoding);
  json_builder_set_member_name (b, "end");
  add_position (b, text, end, encoding);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

gssize
lsp_offset (const char *text, JsonObject *position, const char *encoding)
{
  gint64 line, character;
  if (!draftd_lsp_get_int (position, "line", &line) || !draftd_lsp_get_int (position, "character", &character))
    return -1;
  const char *p = text;
  for (gint64 l = 0; l < line; l++) {
    p = strchr (p, '\n');
    if (p == NULL)
      return -1;
    p++;
  }
  gint64 n = 0;
  while (n < character && *p && *p != '\n') {
    n += units (p, 0, g_utf8_next_char (p) - p, encoding);
    p = g_utf8_next_char (p);
  }
  return n == character ? p - text : -1;
}

gint64
lsp_stat (LspClient *c, const char *name)
{
  int code;
  g_autoptr (JsonNode) r = lsp_call (c, "workspace/executeCommand", lsp_json ("{\"command\": \"draftd.status\"}"), &code);
  gint64 v = -1;
  if (r && JSON_NODE_HOLDS_OBJECT (r))
    draftd_lsp_get_int (json_node_get_object (r), name, &v);
  return v;
}

JsonObject *
lsp_find_diagnostic (JsonArray *diags, const char *original)
{
  for (guint i = 0; diags && i < json_array_get_length (diags); i++) {
    JsonObject *d = json_array_get_object_element (diags, i);
    if (g_strcmp0 (draftd_lsp_get_string (draftd_lsp_get_object (d, "data"), "original"), original) == 0)
      return d;
  }
  return NULL;
}

gboolean
lsp_fixture_begin (BusFixture *f, int *exit_code)
{
  g_autofree char *target = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  g_autofree char *assistant = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-assistant.gguf", NULL);
  if (!g_file_test (target, G_FILE_TEST_EXISTS) || !g_file_test (assistant, G_FILE_TEST_EXISTS)) {
    memset (f, 0, sizeof *f);
    *exit_code = tap_missing_all ("the shipped models/ are absent");
    return FALSE;
  }
  /* The shipped models know agreement errors; later options win over the fixture's own. */
  const char *extra[] = { "--target", target, "--assistant", assistant, NULL };
  return bus_fixture_begin (f, extra, exit_code);
}

gboolean
lsp_run_editor (BusFixture *f, const char *const *argv, const char *const *env_pairs, guint expected)
{
  g_autofree char *result = g_build_filename (test_tmpdir (), "editor-result.txt", NULL);
  g_autofree char *lsp = g_build_filename (DRAFTD_BUILD_ROOT, "client", "lsp", "draftd-lsp", NULL);
  g_autofree char *home = g_build_filename (test_tmpdir (), "home", NULL);
  g_mkdir_with_parents (home, 0700);
  g_auto (GStrv) env = g_get_environ ();
  env = g_environ_setenv (env, "DBUS_SESSION_BUS_ADDRESS", f->address, TRUE);
  env = g_environ_setenv (env, "DRAFTD_RESULT", result, TRUE);
  env = g_environ_setenv (env, "DRAFTD_LSP", lsp, TRUE);
  env = g_environ_setenv (env, "DRAFTD_SOURCE_ROOT", DRAFTD_SOURCE_ROOT, TRUE);
  /* The editors write state and caches under HOME and XDG: keep them in the test's directory. */
  env = g_environ_setenv (env, "HOME", home, TRUE);
  env = g_environ_setenv (env, "XDG_CONFIG_HOME", home, TRUE);
  env = g_environ_setenv (env, "XDG_DATA_HOME", home, TRUE);
  env = g_environ_setenv (env, "XDG_STATE_HOME", home, TRUE);
  env = g_environ_setenv (env, "XDG_CACHE_HOME", home, TRUE);
  for (guint i = 0; env_pairs && env_pairs[i] && env_pairs[i + 1]; i += 2)
    env = g_environ_setenv (env, env_pairs[i], env_pairs[i + 1], TRUE);
  g_unlink (result);
  g_autofree char *out = NULL, *err = NULL;
  int status = -1;
  g_autoptr (GError) error = NULL;
  gboolean ran = g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status, &error);
  const char *name = g_str_equal (argv[0], "timeout") ? argv[2] : argv[0];
  tap_ok (ran && g_spawn_check_wait_status (status, NULL), "%s ran and exited cleanly", name);
  if (!ran || !g_spawn_check_wait_status (status, NULL))
    tap_diag ("%s%s%s", error ? error->message : "", out ? out : "", err ? err : "");
  g_autofree char *lines = NULL;
  g_file_get_contents (result, &lines, NULL, NULL);
  g_auto (GStrv) v = g_strsplit (lines ? lines : "", "\n", -1);
  guint n = 0;
  for (guint i = 0; v[i]; i++) {
    if (g_str_has_prefix (v[i], "ok ")) {
      tap_ok (TRUE, "%s", v[i] + 3);
      n++;
    } else if (g_str_has_prefix (v[i], "not ok ")) {
      tap_ok (FALSE, "%s", v[i] + 7);
      n++;
    }
  }
  tap_ok (n == expected, "the editor reported all %u checks (%u)", expected, n);
  if (n != expected)
    tap_diag ("editor output:\n%s\n%s", out ? out : "", err ? err : "");
  return n == expected;
}

gboolean
lsp_begin (BusFixture *f, LspClient *c, int *exit_code)
{
  if (!lsp_fixture_begin (f, exit_code))
    return FALSE;
  if (!lsp_start (c, f)) {
    tap_ok (FALSE, "draftd-lsp starts");
    bus_fixture_teardown (f);
    *exit_code = tap_done ();
    return FALSE;
  }
  return TRUE;
}

JsonArray *
lsp_open (LspClient *c, const char *uri, const char *language, const char *text)
{
  lsp_notify (c, "textDocument/didOpen", lsp_did_open (uri, language, 1, text));
  return lsp_wait_diagnostics (c, uri, 1, 120000);
}

JsonNode *
lsp_initialize (LspClient *c, const char *encodings_json)
{
  int code;
  JsonNode *r = lsp_call (c, "initialize", lsp_initialize_params (encodings_json, NULL), &code);
  lsp_notify (c, "initialized", lsp_json ("{}"));
  return r;
}
