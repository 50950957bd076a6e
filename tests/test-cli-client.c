/* draft against a running daemon: --json checked by a parser and against the edits, the
 * diff readable without colour, several files in turn, sampling options, chat from stdin,
 * `chat --help` never reaching the model, chat --conversation continued across runs, status tables and JSON, Ctrl-C cancelling a
 * correction and a rewrite, CJK and emoji JSON read by Python under C and C.UTF-8, the --context
 * advice for a sentence beyond the context, and the advice when the daemon is not running. */
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "lib/bus/client.h"
#include "tests/bus-fixture.h"
#include "tests/cli-run.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static const char *address;

/* Runs `draft --address BUS ARGS...` under the locale given. */
static gboolean
draft_in (const char *locale, const char *const *args, const char *stdin_text, CliResult *r)
{
  g_autoptr (GPtrArray) a = g_ptr_array_new ();
  g_ptr_array_add (a, "--address");
  g_ptr_array_add (a, (char *) address);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (a, (char *) args[i]);
  g_ptr_array_add (a, NULL);
  g_autofree char *lc = g_strconcat ("LC_ALL=", locale, NULL);
  const char *env[] = { lc, "NO_COLOR", NULL };
  return cli_run ("client/draft", (const char *const *) a->pdata, env, stdin_text, r);
}

/* The same under LC_ALL=C, where arguments and output must still be UTF-8. */
static gboolean
draft (const char *const *args, const char *stdin_text, CliResult *r)
{
  return draft_in ("C", args, stdin_text, r);
}

/* The text with the JSON edits applied (offsets in code points). */
static char *
apply_edits (const char *source, JsonArray *edits)
{
  GString *s = g_string_new (NULL);
  const char *p = source;
  glong pos = 0;
  for (guint i = 0; i < json_array_get_length (edits); i++) {
    JsonObject *e = json_array_get_object_element (edits, i);
    glong off = json_object_get_int_member (e, "offset"), len = json_object_get_int_member (e, "length");
    const char *start = g_utf8_offset_to_pointer (p, off - pos);
    g_string_append_len (s, p, start - p);
    g_string_append (s, json_object_get_string_member (e, "replacement"));
    p = g_utf8_offset_to_pointer (start, len);
    pos = off + len;
  }
  g_string_append (s, p);
  return g_string_free (s, FALSE);
}

/* Reads one side of a plain diff: the old text ([-x-] kept, {+y+} dropped) or the new. */
static char *
diff_side (const char *diff, gboolean new_side)
{
  GString *s = g_string_new (NULL);
  for (const char *p = diff; *p;) {
    gboolean del = g_str_has_prefix (p, "[-"), ins = g_str_has_prefix (p, "{+");
    if (del || ins) {
      const char *end = strstr (p + 2, del ? "-]" : "+}");
      if (end == NULL)
        break;
      if (del != new_side)
        g_string_append_len (s, p + 2, end - p - 2);
      p = end + 2;
    } else
      g_string_append_c (s, *p++);
  }
  return g_string_free (s, FALSE);
}

static const char source[] = "Once upon a time, there was a little girl named Lily. She go to the park évery day and see a café.";

static char *
check_json (void)
{
  const char *args[] = { "correct", "--json", NULL };
  CliResult r;
  draft (args, source, &r);
  g_autoptr (JsonNode) root = r.status == 0 ? cli_parse_json (r.out) : NULL;
  JsonObject *o = root && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonArray *edits = o && json_object_has_member (o, "edits") ? json_object_get_array_member (o, "edits") : NULL;
  tap_ok (edits && json_object_has_member (o, "text") && JSON_NODE_HOLDS_OBJECT (json_object_get_member (o, "stats")),
          "correct --json under LC_ALL=C: one valid JSON object with text, edits and stats (status %d)", r.status);
  gboolean keys = edits != NULL;
  for (guint i = 0; edits && i < json_array_get_length (edits); i++) {
    JsonObject *e = json_array_get_object_element (edits, i);
    for (const char *const *k = (const char *const[]) { "offset", "length", "replacement", "kind", "message", NULL }; *k; k++)
      keys &= json_object_has_member (e, *k);
  }
  tap_ok (keys, "every edit has offset, length, replacement, kind and message (%u edits)", edits ? json_array_get_length (edits) : 0);
  g_autofree char *applied = edits ? apply_edits (source, edits) : NULL;
  const char *text = o ? json_object_get_string_member (o, "text") : NULL;
  tap_ok (applied && text && g_str_equal (applied, text), "the edits applied to the source give the text");
  char *result = g_strdup (text ? text : "");
  cli_result_clear (&r);
  return result;
}

static void
check_diff (const char *corrected)
{
  const char *args[] = { "correct", "--diff", "--color=never", NULL };
  CliResult r;
  draft (args, source, &r);
  /* The source is one line; the lines after it list the edits' messages, if any. */
  char *nl = strchr (r.out, '\n');
  if (nl)
    *nl = 0;
  g_autofree char *old_side = diff_side (r.out, FALSE), *new_side = diff_side (r.out, TRUE);
  tap_ok (r.status == 0 && !strchr (r.out, '\033'), "--diff --color=never has no escape sequences");
  tap_ok (g_str_equal (old_side, source) && g_str_equal (new_side, corrected),
          "the plain diff reads back as the source and the correction: %s", r.out);
  cli_result_clear (&r);
  const char *color[] = { "correct", "--diff", "--color=always", NULL };
  draft (color, source, &r);
  gboolean changed = !g_str_equal (source, corrected);
  tap_ok (r.status == 0 && (!changed || strstr (r.out, "\033[")), "--color=always colours the diff");
  cli_result_clear (&r);
}

static void
check_files (void)
{
  const char *names[] = { "première «lettre».txt", "второй.txt" };
  g_autofree char *a = g_build_filename (test_tmpdir (), names[0], NULL), *b = g_build_filename (test_tmpdir (), names[1], NULL);
  g_file_set_contents (a, "She go to school.\n", -1, NULL);
  g_file_set_contents (b, "The dog run fast.\n", -1, NULL);
  const char *args[] = { "correct", "--json", a, b, NULL };
  CliResult r;
  draft (args, NULL, &r);
  g_auto (GStrv) lines = g_strsplit (g_strchomp (r.out), "\n", -1);
  gboolean ok = r.status == 0 && g_strv_length (lines) == 2;
  for (guint i = 0; ok && i < 2; i++) {
    g_autoptr (JsonNode) n = cli_parse_json (lines[i]);
    ok = n && g_str_equal (json_object_get_string_member (json_node_get_object (n), "file"), i ? b : a);
  }
  tap_ok (ok, "several FILE arguments are corrected in turn, one JSON line each, named");
  cli_result_clear (&r);
  const char *plain[] = { "correct", a, b, NULL };
  draft (plain, NULL, &r);
  g_autofree char *head_a = g_strdup_printf ("==> %s <==", a), *head_b = g_strdup_printf ("==> %s <==", b);
  const char *pa = strstr (r.out, head_a), *pb = strstr (r.out, head_b);
  tap_ok (r.status == 0 && pa && pb && pa < pb, "in text output each file has a heading, in order");
  cli_result_clear (&r);
}

/* `draft status --json`, parsed (NULL if it failed). */
static JsonNode *
status_json (void)
{
  const char *args[] = { "status", "--json", NULL };
  CliResult r;
  draft (args, NULL, &r);
  JsonNode *n = r.status == 0 ? cli_parse_json (r.out) : NULL;
  cli_result_clear (&r);
  if (n && !JSON_NODE_HOLDS_OBJECT (n))
    g_clear_pointer (&n, json_node_unref);
  return n;
}

static guint64
jobs_served (void)
{
  g_autoptr (JsonNode) n = status_json ();
  JsonObject *stats = n ? json_object_get_object_member (json_node_get_object (n), "stats") : NULL;
  return stats ? (guint64) json_object_get_int_member (stats, "jobs_served") : G_MAXUINT64;
}

/* Waits until the daemon holds a job (queued or running: QueueLength), or `pid` has exited. */
static gboolean
wait_job_held (GPid pid)
{
  for (int i = 0; i < 6000 && waitpid (pid, NULL, WNOHANG) == 0; i++) {
    g_autoptr (JsonNode) n = status_json ();
    if (n && json_object_get_int_member (json_node_get_object (n), "queue_length") > 0)
      return TRUE;
  }
  return FALSE;
}

/* Issue 34: while a toy target serves (the shipped one here), complete
 * and chat say once, on stderr, what it cannot do and the two commands that get a real one. */
static gboolean
names_real_model_once (const char *err)
{
  const char *note = strstr (err, "draft: note: ");
  return note && strstr (note, "cannot complete text, chat") && strstr (note, "draft pull qwen2.5-1.5b") &&
         strstr (note, "draft use qwen2.5-1.5b") && strstr (note + 1, "draft: note: ") == NULL &&
         strchr (note, '\n') == strrchr (err, '\n');
}

/* Issue 47: without --force, complete and chat on the toy target exit 1 with the daemon's
 * named refusal: what works, and the two commands that get a model that can. Nothing on
 * stdout, and no separate note (the refusal says it all). */
static void
check_refusal (void)
{
  const char *complete[] = { "complete", "Once upon a time", NULL };
  const char *chat[] = { "chat", "hello", NULL };
  const char *const *cmds[] = { complete, chat };
  for (guint i = 0; i < G_N_ELEMENTS (cmds); i++) {
    CliResult r;
    draft (cmds[i], NULL, &r);
    tap_ok (r.status == 1 && *g_strstrip (r.out) == 0 && strstr (r.err, DRAFTD_BUS_ERROR_UNSUPPORTED) &&
                strstr (r.err, "draft correct") && strstr (r.err, "formal, concise, simple and friendly") &&
                strstr (r.err, "draft pull qwen2.5-1.5b") && strstr (r.err, "draft use qwen2.5-1.5b") &&
                strstr (r.err, "--force") && !strstr (r.err, "draft: note:"),
            "draft %s without --force exits 1 (%d) with the refusal: %s", cmds[i][0], r.status, r.err);
    cli_result_clear (&r);
  }
}

static void
check_generation (void)
{
  const char *args[] = { "complete", "--force", "--seed", "7", "--temperature", "0.9", "--top-k", "40", "--top-p", "0.95", "--min-p",
                         "0.01", "-n", "12", "Once upon a time", NULL };
  CliResult r1, r2;
  draft (args, NULL, &r1);
  draft (args, NULL, &r2);
  g_strchomp (r1.out);
  g_strchomp (r2.out);
  tap_ok (r1.status == 0 && r2.status == 0 && strlen (r1.out) > 1 && g_str_equal (r1.out, r2.out),
          "complete with sampling options and --seed is repeatable: %s", r1.out);
  if (!g_str_equal (r1.out, r2.out))
    tap_diag ("second run (status %d): %s %s", r2.status, r2.out, r2.err);
  cli_result_clear (&r1);
  cli_result_clear (&r2);
  const char *stop[] = { "complete", "--force", "--temperature", "0", "-n", "40", "--stop", "the", "Once upon a time", NULL };
  draft (stop, NULL, &r1);
  tap_ok (r1.status == 0 && !strstr (r1.out, "the"), "--stop ends the text before the stop string: %s", g_strchomp (r1.out));
  tap_ok (names_real_model_once (r1.err) && !strstr (r1.out, "qwen"),
          "complete --force says once, on stderr, what the toy target cannot do and how to get a real model: %s", r1.err);
  cli_result_clear (&r1);
  const char *chat[] = { "chat", "--force", "-n", "8", NULL };
  draft (chat, "Hello, who are you?\n", &r1);
  tap_ok (r1.status == 0 && strlen (g_strstrip (r1.out)) > 0, "chat reads its message from stdin");
  tap_ok (names_real_model_once (r1.err), "chat names draft pull and draft use once: %s", r1.err);
  cli_result_clear (&r1);
  guint64 before = jobs_served ();
  const char *help[] = { "chat", "--help", NULL };
  draft (help, NULL, &r1);
  tap_ok (r1.status == 0 && strstr (r1.out, "Usage") && jobs_served () == before,
          "chat --help prints help and sends nothing to the model (jobs served %" G_GUINT64_FORMAT ")", before);
  cli_result_clear (&r1);
}

static void
check_status (void)
{
  const char *args[] = { "status", NULL };
  CliResult r;
  draft (args, NULL, &r);
  tap_ok (r.status == 0 && strstr (r.out, "models:") && strstr (r.out, "target_name") && strstr (r.out, "jobs_served") &&
          !strchr (r.out, '{'), "status prints readable tables");
  /* Issue 34: each model's device memory as `ollama ps` shows it, and the toy model's limits. */
  const char *mem = strstr (r.out, "target_memory");
  const char *amem = strstr (r.out, "assistant_memory");
  g_autofree char *line = mem ? g_strndup (mem, strcspn (mem, "\n")) : NULL;
  g_autofree char *aline = amem ? g_strndup (amem, strcspn (amem, "\n")) : NULL;
  tap_ok (line && aline && g_regex_match_simple ("^target_memory +[0-9.]+[^0-9]{1,2}[kM]B$", line, 0, 0) &&
              g_regex_match_simple ("^assistant_memory +[0-9.]+[^0-9]{1,2}[kM]B$", aline, 0, 0),
          "status shows the target's and the assistant's device memory: %s; %s", line, aline);
  const char *note = strstr (r.out, "\nnote: ");
  tap_ok (note && strstr (note, "draft pull qwen2.5-1.5b, then draft use qwen2.5-1.5b") && !strstr (r.out, "limits"),
          "status says once what the toy target cannot do, on a line of its own");
  if (!mem || !note)
    tap_diag ("%s", r.out);
  cli_result_clear (&r);
  tap_ok (jobs_served () != G_MAXUINT64, "status --json is valid JSON with the stats");
}

/* Ctrl-C while a long correction (or rewrite) streams: the job is cancelled, status 130. */
static void
check_cancel (gboolean rewrite)
{
  /* Sentences the model judges, a job of seconds: ones that sure rules fix ("The girl go to
   * the park") ran 600 before the test saw the job held. A rewrite's are numbered apart, or
   * the daemon would answer them from its cache. */
  g_autofree char *text = test_judged_sentences (600, rewrite ? 70001 : 60001);
  g_autofree char *in = g_build_filename (test_tmpdir (), "long.txt", NULL);
  g_file_set_contents (in, text, -1, NULL);
  g_autofree char *exe = g_build_filename (DRAFTD_BUILD_ROOT, "client", "draft", NULL);
  const char *argv[] = { exe, "--address", address, rewrite ? "rewrite" : "correct", in, rewrite ? "--instruction=formal" : NULL,
                         NULL };
  const char *what = rewrite ? "rewrite" : "correction";
  GPid pid;
  int out_fd, err_fd;
  if (!g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, NULL, &out_fd,
                                 &err_fd, NULL)) {
    tap_ok (FALSE, "draft %s starts", argv[3]);
    return;
  }
  /* Ctrl-C once the daemon holds the job (the event, not a guess of how long it takes); the
   * text is long enough that the job is far from over then. */
  char buf[4096];
  ssize_t n;
  tap_ok (wait_job_held (pid), "the daemon holds the %s while draft runs", what);
  kill (pid, SIGINT);
  while (read (out_fd, buf, sizeof buf) > 0)
    ;
  g_autoptr (GString) err = g_string_new (NULL);
  while ((n = read (err_fd, buf, sizeof buf)) > 0)
    g_string_append_len (err, buf, n);
  int status;
  waitpid (pid, &status, 0);
  close (out_fd);
  close (err_fd);
  g_strstrip (err->str);
  tap_ok (WIFEXITED (status) && WEXITSTATUS (status) == 130 && strstr (err->str, "[cancelled]"),
          "Ctrl-C cancels the %s: status 130, [cancelled] (%s)", what, err->str);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 130)
    tap_diag ("wait status %d", status);
  tap_ok (jobs_served () != G_MAXUINT64, "the daemon still answers after the cancel");
}

/* The prompt's length in tokens of a shared Chat turn sent straight over the bus. */
static guint32
shared_turn (BusFixture *f, const char *id, const char *msg)
{
  DBusConnection *c = bus_fixture_connect (f);
  DBusMessage *m = draftd_bus_new_call ("Chat");
  DBusMessageIter it, d;
  guint32 mt = 2;
  dbus_bool_t yes = TRUE;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &id);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &msg);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  draftd_bus_dict_add (&d, "max_tokens", DBUS_TYPE_UINT32, &mt);
  draftd_bus_dict_add (&d, "shared", DBUS_TYPE_BOOLEAN, &yes);
  draftd_bus_dict_add (&d, "force", DBUS_TYPE_BOOLEAN, &yes);
  dbus_message_iter_close_container (&it, &d);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 120000, NULL);
  dbus_message_unref (m);
  guint32 n = 0;
  if (r) {
    DBusMessageIter ri;
    dbus_message_iter_init (r, &ri);
    dbus_message_iter_next (&ri);
    n = bus_fixture_dict_u32 (&ri, "prompt_tokens");
    dbus_message_unref (r);
  }
  dbus_connection_close (c);
  dbus_connection_unref (c);
  return n;
}

/* `chat --conversation NAME` in one run, again in the next: the second continues the first. */
static void
check_conversation (BusFixture *f)
{
  const char *msg = "Tell me about Lily.";
  guint32 fresh = shared_turn (f, "cli-fresh", msg);
  const char *turn[] = { "chat", "--force", "--conversation", "story", "-n", "4", msg, NULL };
  CliResult r1, r2;
  draft (turn, NULL, &r1);
  draft (turn, NULL, &r2);
  tap_ok (r1.status == 0 && r2.status == 0, "two runs of chat --conversation story");
  cli_result_clear (&r1);
  cli_result_clear (&r2);
  guint32 third = shared_turn (f, "story", msg);
  tap_ok (fresh > 0 && third > fresh, "the next run continues the conversation (%u tokens, a new one has %u)", third,
          fresh);
  const char *reset[] = { "chat", "--conversation", "story", "--reset", NULL };
  draft (reset, "", &r1);
  guint32 after = shared_turn (f, "story", msg);
  tap_ok (r1.status == 0 && after == fresh, "chat --conversation story --reset forgets it (%u tokens)", after);
  cli_result_clear (&r1);
}

/* CJK and emoji through --json under both locales: Python's own parser reads the output. */
static void
check_json_python (void)
{
  const char *text = "She go to school 🍕 and eat 寿司 with “friends”.";
  const char *args[] = { "correct", "--json", NULL };
  for (guint i = 0; i < 2; i++) {
    const char *locale = i ? "C.UTF-8" : "C";
    CliResult r, p;
    draft_in (locale, args, text, &r);
    const char *py[] = { "-c", "import json,sys; o=json.load(sys.stdin); print(o['text'])", NULL };
    const char *py_env[] = { "PYTHONIOENCODING=utf-8", NULL };
    gboolean parsed = r.status == 0 && cli_run ("/usr/bin/python3", py, py_env, r.out, &p);
    tap_ok (parsed && p.status == 0 && strstr (p.out, "🍕") && strstr (p.out, "寿司") && strstr (p.out, "“friends”"),
            "correct --json under LC_ALL=%s: Python's json module parses it, CJK and emoji intact", locale);
    if (parsed)
      cli_result_clear (&p);
    cli_result_clear (&r);
  }
}

/* A sentence longer than the context with no clause to cut at: unchanged, and draft says what helps. */
static void
check_too_long (void)
{
  g_autoptr (GString) text = g_string_new ("The");
  for (guint i = 0; i < 300; i++)
    g_string_append (text, " very");
  g_string_append (text, " long sentence ends here.");
  const char *args[] = { "correct", NULL };
  CliResult r;
  draft (args, text->str, &r);
  g_strstrip (r.out);
  /* Issue 34: the shipped target's 256 tokens are its most, so never --context, which it refuses. */
  tap_ok (r.status == 0 && g_str_equal (r.out, text->str) && strstr (r.err, "too long for the model's context") &&
              !strstr (r.err, "--context") && strstr (r.err, "256 tokens is the most this model takes: split the sentence") &&
              strstr (r.err, "draft pull qwen2.5-1.5b"),
          "a sentence beyond the shipped model's context comes back unchanged and draft says what helps: %s", r.err);
  cli_result_clear (&r);
  /* A prompt beyond it: the model's own most, never a --context it would refuse. */
  const char *complete[] = { "complete", "--force", "-n", "4", NULL };
  draft (complete, text->str, &r);
  const char *why = strstr (r.err, "the context holds 256, the most this model takes");
  tap_ok (r.status == 1 && why && strstr (why, "shorten the prompt") && strstr (why, "draft pull qwen2.5-1.5b") &&
              !strstr (r.err, "--context"),
          "a prompt beyond the shipped model's context: its limit and what helps: %s", why ? why : r.err);
  cli_result_clear (&r);
}

int
main (void)
{
  BusFixture f;
  int code;
  if (!bus_fixture_begin (&f, NULL, &code))
    return code;
  address = f.address;
  g_autofree char *corrected = check_json ();
  check_diff (corrected);
  check_files ();
  check_refusal ();
  check_generation ();
  check_conversation (&f);
  check_status ();
  check_cancel (FALSE);
  check_cancel (TRUE);
  check_json_python ();
  check_too_long ();
  tap_ok (bus_fixture_stop_draftd (&f) == 0, "draftd exits cleanly");
  const char *args[] = { "status", NULL };
  CliResult r;
  draft (args, NULL, &r);
  tap_ok (r.status == 1 && strstr (r.err, "systemctl --user enable --now draftd"),
          "with the daemon gone, draft says how to run it for good");
  cli_result_clear (&r);
  bus_fixture_teardown (&f);
  return tap_done ();
}
