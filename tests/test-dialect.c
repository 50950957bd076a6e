/* Where a correction's dialect and document come from (issue 33), with the shipped models:
 * over D-Bus, `locale_dialect` holds a text to the client's locale's dialect where a
 * dictionary for it is installed (en-IN, with none, changes nothing and is no error), and
 * `dialect` (even "", none) wins over it; draftd.conf's `dialect` wins over the locale's and
 * a request's own over it; `draft correct` sends its locale's dialect (LC_ALL, LC_MESSAGES,
 * LANG), `--dialect NAME` or none instead, refuses a malformed one as a usage error and
 * passes on the daemon's for one without a dictionary, with exit status 2; and it sends the
 * document's path, a FILE's own or --path's for stdin, so a workspace's .draftd/words.txt
 * counts. */
#include <glib/gstdio.h>
#include <string.h>
#include "lib/bus/client.h"
#include "tests/bus-fixture.h"
#include "tests/cli-run.h"
#include "tests/tap.h"
#include "tests/test-util.h"

/* American spellings only: held to no dialect it is right (the document follows en-US). */
#define US_TEXT "I like the color of the sky."
/* A word no dictionary has; a workspace's list below knows it. */
#define WORD_TEXT "We check our notes with drafte every morning."

/* Correct(text, {offset_unit: utf8, key: value, ...}) over D-Bus: the edits as
 * "kind:original->replacement;" each, or NULL with the error's name in *error_name. */
static char *
correct (DBusConnection *c, const char *text, const char *const *pairs, char **error_name)
{
  DBusMessage *m = draftd_bus_new_call ("Correct");
  DBusMessageIter it, d, arr, st;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &text);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  const char *unit = "utf8";
  draftd_bus_dict_add (&d, "offset_unit", DBUS_TYPE_STRING, &unit);
  for (guint i = 0; pairs && pairs[i]; i += 2)
    draftd_bus_dict_add (&d, pairs[i], DBUS_TYPE_STRING, &pairs[i + 1]);
  dbus_message_iter_close_container (&it, &d);
  DBusError e;
  dbus_error_init (&e);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 300000, &e);
  dbus_message_unref (m);
  if (r == NULL) {
    tap_diag ("Correct: %s: %s", e.name, e.message);
    *error_name = g_strdup (e.name);
    dbus_error_free (&e);
    return NULL;
  }
  GString *out = g_string_new (NULL);
  dbus_message_iter_init (r, &it);
  dbus_message_iter_next (&it);
  for (dbus_message_iter_recurse (&it, &arr); dbus_message_iter_get_arg_type (&arr) == DBUS_TYPE_STRUCT; dbus_message_iter_next (&arr)) {
    guint32 off, len;
    const char *replacement, *kind;
    dbus_message_iter_recurse (&arr, &st);
    dbus_message_iter_get_basic (&st, &off);
    dbus_message_iter_next (&st);
    dbus_message_iter_get_basic (&st, &len);
    dbus_message_iter_next (&st);
    dbus_message_iter_get_basic (&st, &replacement);
    dbus_message_iter_next (&st);
    dbus_message_iter_get_basic (&st, &kind);
    g_string_append_printf (out, "%s:%.*s->%s;", kind, (int) len, text + off, replacement);
  }
  dbus_message_unref (r);
  return g_string_free (out, FALSE);
}

/* The edits of Correct(US_TEXT) with those options; "error:NAME" when refused. */
static char *
us_edits (DBusConnection *c, const char *const *pairs)
{
  g_autofree char *name = NULL;
  char *edits = correct (c, US_TEXT, pairs, &name);
  return edits ? edits : g_strdup_printf ("error:%s", name);
}

#define COLOUR "dialect:color->colour;"

static void
test_bus (DBusConnection *c)
{
  g_autofree char *none = us_edits (c, NULL);
  g_autofree char *gb = us_edits (c, (const char *const[]) { "locale_dialect", "en-GB", NULL });
  g_autofree char *in = us_edits (c, (const char *const[]) { "locale_dialect", "en-IN", NULL });
  g_autofree char *us = us_edits (c, (const char *const[]) { "locale_dialect", "en-GB", "dialect", "en-US", NULL });
  g_autofree char *off = us_edits (c, (const char *const[]) { "locale_dialect", "en-GB", "dialect", "", NULL });
  g_autofree char *bad = us_edits (c, (const char *const[]) { "locale_dialect", "english", NULL });
  tap_ok (g_str_equal (none, ""), "no dialect: an American text is left as it is (%s)", none);
  tap_ok (g_str_equal (gb, COLOUR), "locale_dialect en-GB holds it to British: %s", gb);
  tap_ok (g_str_equal (in, ""), "locale_dialect en-IN, with no dictionary here, changes nothing and is no error (%s)", in);
  tap_ok (g_str_equal (us, "") && g_str_equal (off, ""), "dialect en-US, and dialect \"\" (none), win over the locale's (%s, %s)", us, off);
  tap_ok (g_str_equal (bad, "error:" DRAFTD_BUS_ERROR_INVALID_ARGUMENT), "a malformed locale_dialect is InvalidArgument (%s)", bad);
  g_autofree char *zz = us_edits (c, (const char *const[]) { "dialect", "en-ZZ", NULL });
  tap_ok (g_str_equal (zz, "error:" DRAFTD_BUS_ERROR_INVALID_ARGUMENT), "a dialect with no dictionary is InvalidArgument, not the text's fault (%s)",
          zz);
}

/* draft --address ADDR args..., under the locale LANG (LC_ALL and LC_MESSAGES unset). */
static void
draft (BusFixture *f, const char *lang, const char *const *args, const char *input, CliResult *r)
{
  g_autoptr (GPtrArray) a = g_ptr_array_new ();
  g_ptr_array_add (a, "--address");
  g_ptr_array_add (a, f->address);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (a, (char *) args[i]);
  g_ptr_array_add (a, NULL);
  g_autofree char *lang_env = g_strdup_printf ("LANG=%s", lang);
  const char *env[] = { "LC_ALL", "LC_MESSAGES", lang_env, "NO_COLOR", NULL };
  memset (r, 0, sizeof *r);
  cli_run ("client/draft", (const char *const *) a->pdata, env, input, r);
  g_strchomp (r->out);
  g_strchomp (r->err);
}

static void
test_cli_dialect (BusFixture *f)
{
  CliResult r;
  draft (f, "C.UTF-8", (const char *const[]) { "correct", NULL }, US_TEXT "\n", &r);
  tap_ok (r.status == 0 && g_str_equal (r.out, US_TEXT), "LANG=C.UTF-8: draft correct leaves \"color\" (%s)", r.out);
  cli_result_clear (&r);
  draft (f, "en_GB.UTF-8", (const char *const[]) { "correct", NULL }, US_TEXT "\n", &r);
  tap_ok (r.status == 0 && strstr (r.out, "colour"), "LANG=en_GB.UTF-8: \"color\" is a dialect edit (%s)", r.out);
  cli_result_clear (&r);
  draft (f, "en_IN.UTF-8", (const char *const[]) { "correct", NULL }, US_TEXT "\n", &r);
  tap_ok (r.status == 0 && g_str_equal (r.out, US_TEXT), "LANG=en_IN.UTF-8 (no dictionary): no error, nothing changed (%s%s)", r.out,
          r.err);
  cli_result_clear (&r);
  draft (f, "C.UTF-8", (const char *const[]) { "correct", "--dialect", "en_gb", NULL }, US_TEXT "\n", &r);
  tap_ok (r.status == 0 && strstr (r.out, "colour"), "--dialect en_gb (as en-GB) under LANG=C: %s", r.out);
  cli_result_clear (&r);
  draft (f, "en_GB.UTF-8", (const char *const[]) { "correct", "--dialect", "none", NULL }, US_TEXT "\n", &r);
  tap_ok (r.status == 0 && g_str_equal (r.out, US_TEXT), "--dialect none wins over LANG=en_GB (%s)", r.out);
  cli_result_clear (&r);
  draft (f, "C.UTF-8", (const char *const[]) { "correct", "--dialect", "british", NULL }, US_TEXT "\n", &r);
  tap_ok (r.status == 2 && strstr (r.err, "--dialect takes"), "--dialect british is a usage error (exit %d): %s", r.status, r.err);
  cli_result_clear (&r);
  draft (f, "C.UTF-8", (const char *const[]) { "correct", "--dialect", "en-ZZ", NULL }, US_TEXT "\n", &r);
  tap_ok (r.status == 2 && strstr (r.err, "no dictionary for dialect 'en-ZZ'"),
          "--dialect en-ZZ: the daemon's error reaches the user, exit 2 (%d): %s", r.status, r.err);
  cli_result_clear (&r);
}

static void
test_cli_path (BusFixture *f)
{
  g_autofree char *root = g_build_filename (test_tmpdir (), "workspace", NULL);
  g_autofree char *dot = g_build_filename (root, ".draftd", NULL), *deep = g_build_filename (root, "doc", NULL);
  g_autofree char *list = g_build_filename (dot, "words.txt", NULL), *file = g_build_filename (deep, "notes.txt", NULL);
  gboolean made = g_mkdir_with_parents (dot, 0700) == 0 && g_mkdir_with_parents (deep, 0700) == 0 &&
                  g_file_set_contents (list, "drafte\n", -1, NULL) && g_file_set_contents (file, WORD_TEXT "\n", -1, NULL);
  CliResult r;
  draft (f, "C.UTF-8", (const char *const[]) { "correct", NULL }, WORD_TEXT "\n", &r);
  tap_ok (made && r.status == 0 && !strstr (r.out, "drafte"), "stdin, no document: \"drafte\" is corrected (%s)", r.out);
  cli_result_clear (&r);
  draft (f, "C.UTF-8", (const char *const[]) { "correct", file, NULL }, NULL, &r);
  tap_ok (r.status == 0 && g_str_equal (r.out, WORD_TEXT), "draft correct FILE: the workspace's words.txt above it knows the word (%s)", r.out);
  cli_result_clear (&r);
  g_autofree char *cwd = g_get_current_dir ();
  g_chdir (root);
  draft (f, "C.UTF-8", (const char *const[]) { "correct", "--path", "doc/notes.txt", NULL }, WORD_TEXT "\n", &r);
  g_chdir (cwd);
  tap_ok (r.status == 0 && g_str_equal (r.out, WORD_TEXT), "stdin with --path (relative, made absolute): known too (%s)", r.out);
  cli_result_clear (&r);
  draft (f, "C.UTF-8", (const char *const[]) { "correct", "--path", file, file, NULL }, NULL, &r);
  tap_ok (r.status == 2 && strstr (r.err, "is its own"), "--path beside a FILE is a usage error (exit %d): %s", r.status, r.err);
  cli_result_clear (&r);
  g_unlink (list);
  g_unlink (file);
  g_rmdir (dot);
  g_rmdir (deep);
  g_rmdir (root);
}

/* draftd.conf's dialect: a second daemon held to en-GB unless a request says otherwise. */
static void
test_config (void)
{
  BusFixture f = { 0 };
  int code;
  if (!bus_fixture_begin_config (&f, "[draftd]\ndialect = en-GB\n", NULL, NULL, &code))
    return;
  DBusConnection *c = bus_fixture_connect (&f);
  g_autofree char *plain = us_edits (c, NULL);
  g_autofree char *locale = us_edits (c, (const char *const[]) { "locale_dialect", "en-US", NULL });
  g_autofree char *off = us_edits (c, (const char *const[]) { "dialect", "", NULL });
  g_autofree char *us = us_edits (c, (const char *const[]) { "dialect", "en-US", NULL });
  tap_ok (g_str_equal (plain, COLOUR), "config dialect = en-GB, no option: %s", plain);
  tap_ok (g_str_equal (locale, COLOUR), "... the config wins over the client's locale (en-US): %s", locale);
  tap_ok (g_str_equal (off, "") && g_str_equal (us, ""), "... a request's dialect (\"\", en-US) wins over the config (%s, %s)", off, us);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  bus_fixture_teardown (&f);
}

int
main (void)
{
  if (!g_file_test ("/usr/share/hunspell/en_GB.dic", G_FILE_TEST_EXISTS) || !g_file_test ("/usr/share/hunspell/en_US.dic", G_FILE_TEST_EXISTS))
    return tap_missing_all ("hunspell-en-gb and hunspell-en-us are needed");
  BusFixture f = { 0 };
  int code;
  if (!bus_fixture_begin (&f, NULL, &code))
    return code;
  DBusConnection *c = bus_fixture_connect (&f);
  test_bus (c);
  test_cli_dialect (&f);
  test_cli_path (&f);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  bus_fixture_teardown (&f);
  test_config ();
  return tap_done ();
}
