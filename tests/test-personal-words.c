/* The user's own words, from every place a user adds one: the language server offers "Add …
 * to dictionary" for a spelling diagnostic and its command makes the diagnostic go; `draft
 * add-word` and AddWord over D-Bus add words that Correct then leaves alone; a bad word is
 * refused with InvalidArgument; the list is a file under $XDG_CONFIG_HOME/draftd that a
 * restarted daemon reads (tested in grammar-spelling). Shipped models; needs hunspell-en-us. */
#include <string.h>
#include "lib/bus/client.h"
#include "tests/tap.h"
#include "tests/test-lsp-driver.h"
#include "tests/test-util.h"

static JsonObject *
find_titled (JsonArray *actions, const char *prefix)
{
  for (guint i = 0; actions && i < json_array_get_length (actions); i++) {
    JsonObject *a = json_array_get_object_element (actions, i);
    if (g_str_has_prefix (draftd_lsp_get_string (a, "title"), prefix))
      return a;
  }
  return NULL;
}

static void
test_lsp (LspClient *c)
{
  const char *uri = "file:///tmp/draftd-test/words.txt";
  /* Not "draftd": draftd knows its own name (grammar/words-en.c). */
  const char *text = "We check our notes with drafte every morning.\n";
  g_autoptr (JsonArray) d = lsp_open (c, uri, "plaintext", text);
  tap_ok (d && lsp_find_diagnostic (d, "drafte") != NULL, "an unknown word is a spelling diagnostic");
  const char *at = strstr (text, "drafte");
  g_autoptr (JsonNode) range = lsp_range (text, at - text, at - text + 6, "utf-16");
  g_autofree char *range_s = json_to_string (range, FALSE);
  int code;
  g_autoptr (JsonNode) r = lsp_call (c, "textDocument/codeAction",
                                     lsp_json ("{\"textDocument\": {\"uri\": \"%s\"}, \"range\": %s, \"context\": {\"diagnostics\": []}}", uri,
                                               range_s),
                                     &code);
  JsonObject *add = find_titled (r && JSON_NODE_HOLDS_ARRAY (r) ? json_node_get_array (r) : NULL, "Add \u201cdrafte\u201d to dictionary");
  JsonObject *cmd = add ? draftd_lsp_get_object (add, "command") : NULL;
  tap_ok (cmd && g_strcmp0 (draftd_lsp_get_string (cmd, "command"), "draftd.addWord") == 0, "the code action adds the word");
  g_autoptr (JsonNode) done = lsp_call (c, "workspace/executeCommand",
                                        cmd ? json_node_init_object (json_node_alloc (), json_object_ref (cmd)) : lsp_json ("{}"), &code);
  g_autoptr (JsonArray) after = lsp_wait_diagnostics (c, uri, 1, 60000);
  tap_ok (done && after && lsp_find_diagnostic (after, "drafte") == NULL, "after the command the word is no longer flagged");
}

static char *
correct (DBusConnection *c, const char *text)
{
  DBusMessage *m = draftd_bus_new_call ("Correct");
  DBusMessageIter it, opts;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &text);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &opts);
  dbus_message_iter_close_container (&it, &opts);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 300000, NULL);
  dbus_message_unref (m);
  const char *res = NULL;
  if (r && dbus_message_iter_init (r, &it) && dbus_message_iter_get_arg_type (&it) == DBUS_TYPE_STRING)
    dbus_message_iter_get_basic (&it, &res);
  char *out = g_strdup (res ? res : "");
  if (r)
    dbus_message_unref (r);
  return out;
}

/* AddWord(word): NULL on success, else the error's name. */
static char *
add_word (DBusConnection *c, const char *word)
{
  DBusMessage *m = draftd_bus_new_call ("AddWord");
  dbus_message_append_args (m, DBUS_TYPE_STRING, &word, DBUS_TYPE_INVALID);
  DBusError e;
  dbus_error_init (&e);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 30000, &e);
  dbus_message_unref (m);
  char *name = r ? NULL : g_strdup (e.name);
  dbus_error_free (&e);
  if (r)
    dbus_message_unref (r);
  return name;
}

static void
test_bus_and_cli (BusFixture *f)
{
  DBusConnection *c = bus_fixture_connect (f);
  const char *text = "Please grepe the logs before you leave.";
  g_autofree char *before = correct (c, text);
  g_autofree char *err = add_word (c, "grepe");
  g_autofree char *after = correct (c, text);
  tap_ok (!g_str_equal (before, text) && err == NULL && g_str_equal (after, text), "AddWord over D-Bus: %s, then unchanged", before);
  g_autofree char *bad = add_word (c, "two words");
  tap_ok (g_strcmp0 (bad, DRAFTD_BUS_ERROR_INVALID_ARGUMENT) == 0, "a word with a space is refused: %s", bad ? bad : "accepted");
  g_autofree char *draft = g_build_filename (DRAFTD_BUILD_ROOT, "client", "draft", NULL);
  const char *argv[] = { draft, "add-word", "frobnicatr", NULL };
  int status = -1;
  bus_fixture_spawn (f, argv, NULL, NULL, &status);
  const char *text2 = "We frobnicatr the widgets every week.";
  g_autofree char *out2 = correct (c, text2);
  tap_ok (status == 0 && g_str_equal (out2, text2), "draft add-word, then unchanged: %s", out2);
  g_autofree char *words = g_build_filename (test_tmpdir (), "xdg", "draftd", "words.txt", NULL);
  g_autofree char *all = NULL;
  g_file_get_contents (words, &all, NULL, NULL);
  tap_ok (all && strstr (all, "grepe\n") && strstr (all, "frobnicatr\n") && strstr (all, "drafte\n"), "the words are kept in %s", words);
  dbus_connection_close (c);
  dbus_connection_unref (c);
}

int
main (void)
{
  if (!g_file_test ("/usr/share/hunspell/en_US.dic", G_FILE_TEST_EXISTS))
    return tap_missing_all ("hunspell-en-us is not installed");
  BusFixture f;
  LspClient c;
  int code;
  if (!lsp_begin (&f, &c, &code))
    return code;
  g_autoptr (JsonNode) init = lsp_initialize (&c, NULL);
  test_lsp (&c);
  test_bus_and_cli (&f);
  lsp_stop (&c);
  tap_ok (bus_fixture_stop_draftd (&f) == 0, "draftd exits cleanly");
  bus_fixture_teardown (&f);
  return tap_done ();
}
