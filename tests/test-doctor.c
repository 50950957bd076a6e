/* Issue 47: draft doctor. On a working setup (a private bus, the activation file in
 * $XDG_DATA_HOME as installed, the shipped models, lavapipe, the system's dictionaries) every
 * check is OK and it exits 0; with each of five faults (no dictionaries, a broken config, a
 * missing model, no Vulkan device, no activation file) it names that fault with what to do,
 * and exits 1. */
#include <glib/gstdio.h>
#include <string.h>
#include "lib/bus/draftd-bus-names.h"
#include "tests/bus-fixture.h"
#include "tests/cli-run.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static const char *address;

/* draft doctor with `env` on top of the test's environment. */
static void
doctor (const char *const *env, CliResult *r)
{
  const char *args[] = { "--address", address, "doctor", NULL };
  if (!cli_run ("client/draft", args, env, NULL, r))
    *r = (CliResult) { g_strdup (""), g_strdup ("draft did not run"), -1 };
}

/* Exit 1, a FAIL line for `check` holding `says`, and no other FAIL line. */
static void
expect_fault (const char *const *env, const char *check, const char *says, const char *what)
{
  CliResult r;
  doctor (env, &r);
  g_autofree char *line = g_strdup_printf ("\nFAIL  %-14s ", check);
  g_autofree char *all = g_strconcat ("\n", r.out, NULL);
  const char *at = strstr (all, line);
  guint fails = 0;
  for (const char *p = all; (p = strstr (p, "\nFAIL ")); p++)
    fails++;
  /* No Vulkan device: the models cannot load either, and say so. Without data directories
   * the Vulkan loader finds no driver nor layer either: only that fault's line counts. */
  guint allowed = g_str_equal (check, "vulkan") ? 2 : g_str_equal (check, "activation") ? G_MAXUINT : 1;
  tap_ok (r.status == 1 && at && strstr (at, says) && fails >= 1 && fails <= allowed, "%s: exit %d, FAIL %s naming it (%u failed)", what,
          r.status, check, fails);
  if (!(r.status == 1 && at && strstr (at, says)))
    tap_diag ("%s%s", r.out, r.err);
  cli_result_clear (&r);
}

int
main (void)
{
  g_autofree char *target = NULL, *assistant = NULL;
  if (!test_shipped_models (&target, &assistant))
    return tap_missing_all ("the shipped models are absent");
  if (!g_file_test ("/usr/share/hunspell/en_US.dic", G_FILE_TEST_EXISTS))
    return tap_missing_all ("hunspell-en-us is not installed");
  const char *tmp = test_tmpdir ();
  g_autofree char *data = g_build_filename (tmp, "data", NULL), *config = g_build_filename (tmp, "config", NULL);
  g_autofree char *state = g_build_filename (tmp, "state", NULL), *empty = g_build_filename (tmp, "empty", NULL);
  g_autofree char *services = g_build_filename (data, "dbus-1", "services", NULL);
  g_autofree char *conf_dir = g_build_filename (config, "draftd", NULL);
  g_mkdir_with_parents (services, 0700);
  g_mkdir_with_parents (conf_dir, 0700);
  g_mkdir_with_parents (empty, 0700);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_unsetenv ("DRAFTD_DICT_PATH");
  g_autofree char *service = g_strdup_printf ("[D-BUS Service]\nName=" DRAFTD_BUS_NAME "\nExec=%s/daemon/draftd --activated\n",
                                              DRAFTD_BUILD_ROOT);
  g_autofree char *service_path = g_build_filename (services, DRAFTD_BUS_NAME ".service", NULL);
  g_file_set_contents (service_path, service, -1, NULL);
  g_autofree char *conf_path = g_build_filename (conf_dir, "draftd.conf", NULL);

  BusFixture f;
  g_autoptr (GError) error = NULL;
  if (!bus_fixture_start_bus (&f, &error)) {
    tap_ok (FALSE, "a private bus: %s", error->message);
    return tap_done ();
  }
  address = f.address;
  CliResult r;
  doctor (NULL, &r);
  gboolean every = TRUE;
  for (const char *const *c = (const char *const[]) { "bus", "activation", "config", "models", "vulkan", "dictionaries", "word list",
                                                       "pipeline cache", NULL };
       *c; c++) {
    g_autofree char *line = g_strdup_printf ("OK    %-14s ", *c);
    every &= strstr (r.out, line) != NULL;
  }
  tap_ok (r.status == 0 && every && !strstr (r.out, "FAIL") && strstr (r.out, "No problems found"),
          "a working setup: every check OK, exit %d", r.status);
  if (r.status != 0 || !every)
    tap_diag ("%s%s", r.out, r.err);
  tap_ok (strstr (r.out, "cannot complete text, chat") != NULL, "it says what the shipped target cannot do");
  cli_result_clear (&r);

  g_autofree char *no_dicts = g_strconcat ("DRAFTD_DICT_PATH=", empty, NULL);
  g_autofree char *no_data = g_strconcat ("XDG_DATA_HOME=", empty, NULL);
  g_autofree char *no_dirs = g_strconcat ("XDG_DATA_DIRS=", empty, NULL);
  expect_fault ((const char *const[]) { no_dicts, NULL }, "dictionaries", "hunspell-en-us", "no dictionaries");
  g_file_set_contents (conf_path, "[draftd]\nlazy = maybe\n", -1, NULL);
  expect_fault (NULL, "config", "draftd.conf:2: lazy must be true or false", "a broken config");
  g_file_set_contents (conf_path, "[draftd]\ntarget = /nonexistent/draftd-model.gguf\n", -1, NULL);
  expect_fault (NULL, "models", "draftd.conf:2: target = /nonexistent/draftd-model.gguf", "a missing model");
  g_unlink (conf_path);
  expect_fault ((const char *const[]) { "VK_ICD_FILENAMES=/nonexistent/icd.json", "VK_DRIVER_FILES=/nonexistent/icd.json", NULL },
                "vulkan", "no Vulkan device", "no Vulkan device");
  expect_fault ((const char *const[]) { no_data, no_dirs, NULL }, "activation", "install draftd",
                "no activation file");
  bus_fixture_clear (&f);
  return tap_done ();
}
