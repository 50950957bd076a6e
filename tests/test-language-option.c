/* The user's language wins (issue 51): Correct's `language` option checks every sentence in it,
 * "auto" (or none) identifies each sentence's own; a language nothing here can check is
 * InvalidArgument, a malformed one too; `draft correct --language CODE` sends it, refuses a
 * malformed one as a usage error, and otherwise sends the language a FILE declares (front
 * matter, babel, polyglossia, <html lang>); the syntax is one function's
 * (lib/cli/language.h), shared by the daemon, draft and draftd-lsp. Sentences left unchecked (no
 * dictionary, or no telling their language) are counted in the stats, and draft says so once. */
#include <glib/gstdio.h>
#include <string.h>
#include "lib/bus/client.h"
#include "lib/cli/language.h"
#include "tests/bus-fixture.h"
#include "tests/cli-run.h"
#include "tests/tap.h"
#include "tests/test-util.h"

/* Czech without its marks, too short for anyone to tell its language: English's function
 * words find none, so it is plain ASCII English by default and left alone (a capitalised
 * unknown word opening a sentence is a name). */
#define CS_SHORT "Prosim."
#define CS_SHORT_FIXED "Prosím."

static void
test_syntax (void)
{
  static const char *const cases[][2] = {
    { "uk", "uk" }, { "CS", "cs" }, { "pt-BR", "pt" }, { "en_GB", "en" }, { "sr-Latn", "sr-Latn" }, { "sr_latn_RS", "sr-Latn" },
    { "auto", "auto" }, { "", "auto" }, { "fil", "fil" }, { "u", NULL }, { "ukrainian", NULL }, { "uk ua", NULL }, { "ru;rm", NULL },
  };
  guint ok = 0;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *got = draftd_language_normalize (cases[i][0]);
    ok += g_strcmp0 (got, cases[i][1]) == 0;
    if (g_strcmp0 (got, cases[i][1]) != 0)
      tap_diag ("'%s' -> %s, want %s", cases[i][0], got ? got : "NULL", cases[i][1] ? cases[i][1] : "NULL");
  }
  tap_ok (ok == G_N_ELEMENTS (cases), "language codes normalised, malformed ones refused (%u/%u)", ok, (guint) G_N_ELEMENTS (cases));
  static const char *const declared[][2] = {
    { "---\ntitle: Dopis\nlang: cs\n---\nDekuji.\n", "cs" },
    { "---\nlanguage: \"pt-BR\"\n---\nOi.\n", "pt" },
    { "\\documentclass{article}\n\\usepackage[english,ukrainian]{babel}\n\\begin{document}\n", "uk" },
    { "\\documentclass{article}\n\\usepackage{polyglossia}\n\\setdefaultlanguage{czech}\n", "cs" },
    { "<!DOCTYPE html>\n<html lang=\"es\">\n<body>Hola</body></html>\n", "es" },
    { "Plain text that declares nothing, with lang: xx far from any front matter.\n", NULL },
    { "---\nlang: not a language\n---\n", NULL },
  };
  ok = 0;
  for (guint i = 0; i < G_N_ELEMENTS (declared); i++) {
    g_autofree char *got = draftd_cli_declared_language (declared[i][0]);
    ok += g_strcmp0 (got, declared[i][1]) == 0;
    if (g_strcmp0 (got, declared[i][1]) != 0)
      tap_diag ("declared %s, want %s: %s", got ? got : "NULL", declared[i][1] ? declared[i][1] : "NULL", declared[i][0]);
  }
  tap_ok (ok == G_N_ELEMENTS (declared), "declared languages read from front matter, babel, polyglossia and <html lang> (%u/%u)", ok,
          (guint) G_N_ELEMENTS (declared));
}

/* Correct(text, {language: v}) over D-Bus: the corrected text, or "error:NAME". */
static char *
correct (DBusConnection *c, const char *text, const char *language)
{
  DBusMessage *m = draftd_bus_new_call ("Correct");
  DBusMessageIter it, d;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &text);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  if (language)
    draftd_bus_dict_add (&d, "language", DBUS_TYPE_STRING, &language);
  dbus_message_iter_close_container (&it, &d);
  DBusError e;
  dbus_error_init (&e);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 300000, &e);
  dbus_message_unref (m);
  if (r == NULL) {
    char *out = g_strdup_printf ("error:%s", e.name);
    tap_diag ("Correct: %s: %s", e.name, e.message);
    dbus_error_free (&e);
    return out;
  }
  const char *fixed = NULL;
  dbus_message_iter_init (r, &it);
  dbus_message_iter_get_basic (&it, &fixed);
  char *out = g_strdup (fixed);
  dbus_message_unref (r);
  return out;
}

static void
test_bus (DBusConnection *c)
{
  g_autofree char *plain = correct (c, CS_SHORT, NULL), *aut = correct (c, CS_SHORT, "auto");
  g_autofree char *cs = correct (c, CS_SHORT, "cs"), *region = correct (c, CS_SHORT, "cs-CZ");
  tap_ok (g_str_equal (plain, CS_SHORT) && g_str_equal (aut, CS_SHORT), "auto: too short to tell, left alone (%s, %s)", plain, aut);
  tap_ok (g_str_equal (cs, CS_SHORT_FIXED) && g_str_equal (region, CS_SHORT_FIXED), "language cs (cs-CZ too) wins: %s, %s", cs,
          region);
  g_autofree char *none = correct (c, CS_SHORT, "zu"), *bad = correct (c, CS_SHORT, "czech!");
  tap_ok (g_str_equal (none, "error:" DRAFTD_BUS_ERROR_INVALID_ARGUMENT), "a language with no dictionary here is InvalidArgument (%s)",
          none);
  tap_ok (g_str_equal (bad, "error:" DRAFTD_BUS_ERROR_INVALID_ARGUMENT), "a malformed language is InvalidArgument (%s)", bad);
}

static void
draft (BusFixture *f, const char *const *args, const char *input, CliResult *r)
{
  g_autoptr (GPtrArray) a = g_ptr_array_new ();
  g_ptr_array_add (a, "--address");
  g_ptr_array_add (a, f->address);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (a, (char *) args[i]);
  g_ptr_array_add (a, NULL);
  const char *env[] = { "NO_COLOR", NULL };
  memset (r, 0, sizeof *r);
  cli_run ("client/draft", (const char *const *) a->pdata, env, input, r);
  g_strchomp (r->out);
  g_strchomp (r->err);
}

static void
test_cli (BusFixture *f)
{
  CliResult r;
  draft (f, (const char *const[]) { "correct", "--language", "cs", NULL }, CS_SHORT "\n", &r);
  tap_ok (r.status == 0 && g_str_equal (r.out, CS_SHORT_FIXED), "draft correct --language cs: %s", r.out);
  cli_result_clear (&r);
  /* A refused call exits before reading its input: more input than a pipe holds must not matter
   * (it once killed this test with SIGPIPE when the refusal won the race). */
  g_autoptr (GString) big = g_string_new (NULL);
  while (big->len < (1u << 20))
    g_string_append (big, CS_SHORT "\n");
  draft (f, (const char *const[]) { "correct", "--language", "czech language", NULL }, big->str, &r);
  tap_ok (r.status == 2 && strstr (r.err, "--language takes"), "--language with a malformed code is a usage error (exit %d): %s",
          r.status, r.err);
  cli_result_clear (&r);
  draft (f, (const char *const[]) { "correct", "--language", "zu", NULL }, CS_SHORT "\n", &r);
  tap_ok (r.status == 2 && strstr (r.err, "hunspell-zu"), "--language zu: the daemon's error names the package, exit 2 (%d): %s",
          r.status, r.err);
  cli_result_clear (&r);
  /* Greek, with no dictionary among the suite's: left as it is, and said so once. */
  const char *el = "Το σπίτι μας είναι κοντά στη θάλασσα και το καλοκαίρι κολυμπάμε κάθε μέρα.";
  g_autofree char *el_in = g_strconcat (el, "\nΗ αδελφή μου σπουδάζει ιατρική στο πανεπιστήμιο της Αθήνας.\n", NULL);
  draft (f, (const char *const[]) { "correct", NULL }, el_in, &r);
  tap_ok (r.status == 0 && g_str_has_prefix (r.out, el) && strstr (r.err, "2 sentences in 'el' were left unchecked") &&
              strstr (r.err, "hunspell-el") && strstr (r.err, "unchecked") == g_strrstr (r.err, "unchecked"),
          "Greek without a dictionary: unchanged, and one note naming the package: %s", r.err);
  cli_result_clear (&r);
  draft (f, (const char *const[]) { "correct", NULL }, el_in, &r);
  tap_ok (r.status == 0 && strstr (r.err, "2 sentences in 'el' were left unchecked"),
          "... again, answered from the daemon's cache, and said again: %s", r.err);
  cli_result_clear (&r);
  g_autofree char *file = g_build_filename (test_tmpdir (), "dopis.md", NULL);
  g_assert_true (g_file_set_contents (file, "---\nlang: cs\n---\n\n" CS_SHORT "\n", -1, NULL));
  draft (f, (const char *const[]) { "correct", file, NULL }, NULL, &r);
  tap_ok (r.status == 0 && strstr (r.out, CS_SHORT_FIXED), "a FILE's front matter names its language: %s", r.out);
  cli_result_clear (&r);
  draft (f, (const char *const[]) { "correct", "--language", "auto", file, NULL }, NULL, &r);
  tap_ok (r.status == 0 && strstr (r.out, CS_SHORT) && !strstr (r.out, CS_SHORT_FIXED), "--language auto wins over it: %s", r.out);
  cli_result_clear (&r);
  g_unlink (file);
}

int
main (void)
{
  g_autofree char *cs = g_strdup_printf ("%s/cs_CZ.dic", g_getenv ("DRAFTD_DICT_PATH"));
  if (!g_file_test (cs, G_FILE_TEST_EXISTS))
    return tap_missing_all ("hunspell-cs is needed (tools/setup-debian.sh --tests)");
  test_syntax ();
  BusFixture f = { 0 };
  int code;
  if (!bus_fixture_begin (&f, NULL, &code))
    return code;
  DBusConnection *c = bus_fixture_connect (&f);
  test_bus (c);
  test_cli (&f);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  bus_fixture_teardown (&f);
  return tap_done ();
}
