/* Issue 13.5 and 24.5: draftd.conf is parsed strictly. Each bad file below must stop draftd
 * with an error naming file:line, before it touches the bus; ~ expands to the home
 * directory; a context above the model's, or too small for any prompt, is refused; a NUL
 * byte is an error, a byte-order mark is not; a FIFO as the config is refused at once. */
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/tap.h"
#include "tests/test-util.h"

/* Runs draftd with `conf` (`len` bytes, -1: a string) as its config file (and HOME in the
 * test's directory); the bus address leads nowhere, so a daemon that got past its config
 * fails on the bus instead. */
static int
run_draftd (const char *conf, gssize len, const char *const *extra, char **err)
{
  g_autofree char *path = g_build_filename (test_tmpdir (), "draftd.conf", NULL);
  g_file_set_contents (path, conf, len, NULL);
  g_autofree char *exe = g_build_filename (DRAFTD_BUILD_ROOT, "daemon", "draftd", NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, exe);
  g_ptr_array_add (argv, "--config");
  g_ptr_array_add (argv, path);
  g_ptr_array_add (argv, "--address");
  g_ptr_array_add (argv, "unix:path=/nonexistent/draftd-test-bus");
  for (guint i = 0; extra && extra[i]; i++)
    g_ptr_array_add (argv, (char *) extra[i]);
  g_ptr_array_add (argv, NULL);
  g_auto (GStrv) env = g_environ_setenv (g_get_environ (), "HOME", test_tmpdir (), TRUE);
  int st = -1;
  *err = NULL;
  g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, err, &st, NULL);
  /* One line, for the TAP output. */
  if (*err)
    g_strdelimit (g_strstrip (*err), "\n", '|');
  return st;
}

static void
expect_error (const char *conf, const char *want, const char *what)
{
  g_autofree char *err = NULL;
  int st = run_draftd (conf, -1, NULL, &err);
  g_autofree char *path = g_build_filename (test_tmpdir (), "draftd.conf", NULL);
  g_autofree char *where = g_strdup_printf ("%s:%s", path, want);
  tap_ok (st != 0 && err && strstr (err, where) && !strstr (err, "bus"), "%s: %s", what, err ? g_strstrip (err) : "(no error)");
}

/* Issue 24.5: what the file is made of, and what it is. */
static void
test_text_and_kind (void)
{
  expect_error ("[draftd]\ncontext = 1\n", "2: context must be a whole number from 64", "context = 1 (no prompt fits)");
  static const char nul[] = "[draftd]\nlazy = true\0\ncontext = abc\n";
  g_autofree char *err = NULL;
  int st = run_draftd (nul, sizeof nul - 1, NULL, &err);
  tap_ok (st != 0 && err && strstr (err, "draftd.conf:2: a NUL byte"), "text after a NUL byte is not ignored: %s", err ? err : "");
  g_clear_pointer (&err, g_free);
  st = run_draftd ("\xEF\xBB\xBF[draftd]\ntarget = ~/home-model.gguf\nlazy = true\n", -1, NULL, &err);
  tap_ok (st != 0 && err && strstr (err, "bus") && !strstr (err, "draftd.conf"), "a UTF-8 byte-order mark is accepted: %s",
          err ? err : "");
  g_autofree char *fifo = g_build_filename (test_tmpdir (), "config.fifo", NULL);
  g_autofree char *exe = g_build_filename (DRAFTD_BUILD_ROOT, "daemon", "draftd", NULL);
  tap_ok (mkfifo (fifo, 0600) == 0, "a FIFO as the config");
  const char *argv[] = { exe, "--config", fifo, "--address", "unix:path=/nonexistent/draftd-test-bus", NULL };
  g_clear_pointer (&err, g_free);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err, &st, NULL);
  tap_ok (g_spawn_check_wait_status (st, NULL) == FALSE && WIFEXITED (st) && WEXITSTATUS (st) == 1 && err &&
              strstr (err, "not a regular file"),
          "draftd exits 1 at once, without hanging in open(): %s", err ? g_strstrip (err) : "");
}

/* Issue 33: dialect = en-GB is taken; a malformed one is a config error at its line, and one
 * with no dictionary installed stops draftd before the bus rather than failing every
 * correction. */
static void
test_dialect (void)
{
  expect_error ("[draftd]\ndialect = british\n", "2: dialect must be like en-US or en-GB, or none", "dialect = british");
  g_autofree char *err = NULL;
  int st = run_draftd ("[draftd]\nlazy = true\ndialect = en-ZZ\n", -1, NULL, &err);
  /* Issue 47: found at start, not by the parser, and still told at its line. */
  tap_ok (st != 0 && err && strstr (err, "draftd.conf:3: dialect = en-ZZ: no dictionary for dialect 'en-ZZ'") && !strstr (err, "bus"),
          "dialect = en-ZZ (no dictionary) stops draftd before the bus, at its line: %s", err ? err : "");
  g_clear_pointer (&err, g_free);
  if (!g_file_test ("/usr/share/hunspell/en_GB.dic", G_FILE_TEST_EXISTS)) {
    tap_missing ("hunspell-en-gb is not installed");
    return;
  }
  st = run_draftd ("[draftd]\nlazy = true\ndialect = en-GB\n", -1, NULL, &err);
  /* Not "dialect" alone: the source tree's path may hold the word. */
  tap_ok (st != 0 && err && strstr (err, "bus") && !strstr (err, "dialect =") && !strstr (err, "no dictionary"),
          "dialect = en-GB is accepted (then the bus is missing): %s", err ? err : "");
  g_clear_pointer (&err, g_free);
  st = run_draftd ("[draftd]\nlazy = true\ndialect = none\n", -1, NULL, &err);
  tap_ok (st != 0 && err && strstr (err, "bus") && !strstr (err, "dialect =") && !strstr (err, "no dictionary"),
          "dialect = none is accepted: %s", err ? err : "");
}

int
main (void)
{
  expect_error ("[draftd]\n# the context\ncontext=abc\n", "3: context must be a whole number", "context=abc");
  expect_error ("[draftd]\nlazy=maybe\n", "2: lazy must be true or false", "lazy=maybe");
  expect_error ("[draftd]\ndisabled_rules = spelling, such!\n", "2: disabled_rules: 'such!' is not a rule id", "disabled_rules with a malformed rule");
  /* Issue 47: a rule id that does not exist would turn nothing off: refused, with the nearest. */
  expect_error ("[draftd]\ndisabled_rules = spelling, nonsense\n", "2: disabled_rules: no rule 'nonsense'; the nearest: '",
                "disabled_rules = nonsense");
  expect_error ("[draftd]\ndisabled_rules = confusable.than-them\n",
                "2: disabled_rules: no rule 'confusable.than-them'; the nearest: 'confusable.than-then'",
                "disabled_rules with a misspelt confusable pair");
  expect_error ("[draft]\nlazy=true\n", "1: unknown section [draft]", "a misspelt [draft] section");
  expect_error ("[draftd]\n\nmax_text_bytes=-1\n", "3: max_text_bytes must be a whole number", "max_text_bytes=-1");
  expect_error ("[draftd]\nqueue_depth=0\n", "2: queue_depth must be a whole number from 1", "queue_depth=0 (out of range)");
  expect_error ("[draftd]\ncontxt=512\n", "2: unknown key 'contxt'", "an unknown key");
  expect_error ("[draftd]\ncontext=512\ncontext=256\n", "3: context is set twice", "a key set twice");
  expect_error ("lazy=true\n", "1: a key before the [draftd] section", "a key outside a section");
  g_autofree char *err = NULL;
  const char *bad_cli[] = { "--queue-depth", "-5", NULL };
  int st = run_draftd ("[draftd]\n", -1, bad_cli, &err);
  tap_ok (st != 0 && err && strstr (err, "--queue-depth must be"), "--queue-depth -5 is refused: %s", err ? g_strstrip (err) : "");
  g_clear_pointer (&err, g_free);
  /* ~ expands: the model is found through the home directory, and its context checked. */
  g_autofree char *link = g_build_filename (test_tmpdir (), "home-model.gguf", NULL);
  g_autofree char *model = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  tap_ok (symlink (model, link) == 0, "a model under the home directory");
  st = run_draftd ("[draftd]\ntarget = ~/home-model.gguf\ncontext = 1000000\n", -1, NULL, &err);
  tap_ok (st != 0 && err && strstr (err, link) && strstr (err, "draftd.conf:3: context = 1000000: ") &&
              strstr (err, "above") && !strstr (err, "bus"),
          "target=~/... expands, and a context above the model's is refused: %s", err ? g_strstrip (err) : "");
  g_clear_pointer (&err, g_free);
  st = run_draftd ("# a good file\n[draftd]\ntarget = ~/home-model.gguf\nlazy = true\ncontext = 256\n; done\n", -1, NULL, &err);
  tap_ok (st != 0 && err && strstr (err, "bus") && !strstr (err, "draftd.conf"), "a good file is accepted (then the bus is missing): %s",
          err ? g_strstrip (err) : "");
  g_clear_pointer (&err, g_free);
  /* Issue 47: a value the start judges names its line: a target that does not exist. */
  st = run_draftd ("[draftd]\nlazy = false\ntarget = /nonexistent/model.gguf\n", -1, NULL, &err);
  tap_ok (st != 0 && err && strstr (err, "draftd.conf:3: target = /nonexistent/model.gguf: ") && !strstr (err, "bus"),
          "a target that does not exist is told at its line: %s", err ? g_strstrip (err) : "");
  g_clear_pointer (&err, g_free);
  test_text_and_kind ();
  test_dialect ();
  return tap_done ();
}
