/* draft doctor: is everything draftd needs in place, as `brew doctor` and `flutter doctor`
 * ask. Each line is a check, OK with what it found, or FAIL with what to do; a line marked
 * "--" is worth knowing but wrong with nothing. Exit 1 when any check failed. The checks need
 * no daemon: the config and the models are what `draftd --check` finds (the same strict
 * reading and loading a start does), the Vulkan devices what `draftd --list-devices` lists. */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "client/client.h"
#include "lib/cli/cli.h"

typedef struct {
  guint faults;
} Doctor;

static void
report (Doctor *d, gboolean ok, const char *what, const char *fmt, ...) G_GNUC_PRINTF (4, 5);

static void
report (Doctor *d, gboolean ok, const char *what, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *text = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  printf ("%-4s  %-14s %s\n", ok ? "OK" : "FAIL", what, lines[0]);
  for (guint i = 1; lines[i]; i++)
    if (*lines[i])
      printf ("%-4s  %-14s %s\n", "", "", lines[i]);
  d->faults += !ok;
}

static void
note (const char *what, const char *text)
{
  printf ("%-4s  %-14s %s\n", "--", what, text);
}

/* draftd beside this draft (installed), in the build tree's daemon/, else on PATH. */
static char *
find_draftd (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = self ? g_path_get_dirname (self) : NULL;
  g_autofree char *beside = dir ? g_build_filename (dir, "draftd", NULL) : NULL;
  g_autofree char *built = dir ? g_build_filename (dir, "..", "daemon", "draftd", NULL) : NULL;
  if (beside && g_file_test (beside, G_FILE_TEST_IS_EXECUTABLE))
    return g_steal_pointer (&beside);
  if (built && g_file_test (built, G_FILE_TEST_IS_EXECUTABLE))
    return g_canonicalize_filename (built, NULL);
  return g_find_program_in_path ("draftd");
}

/* Runs draftd with one option; its exit status (-1: it did not run), output and errors. */
static int
run_draftd (const char *draftd, const char *option, char **out, char **err)
{
  const char *argv[] = { draftd, option, NULL };
  int status;
  *out = *err = NULL;
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err, &status, NULL))
    return -1;
  g_strstrip (*out);
  g_strstrip (*err);
  return WIFEXITED (status) ? WEXITSTATUS (status) : 128;
}

static void
check_bus (Doctor *d)
{
  DraftdBus *b = draft_bus_quiet ();
  if (b == NULL) {
    report (d, FALSE, "bus", "no session bus: draftd serves on it; run in a desktop session, or under dbus-run-session");
    return;
  }
  const char *where = draft_bus_address () ? draft_bus_address () : "the session bus";
  gboolean running = dbus_bus_name_has_owner (draftd_bus_connection (b), DRAFTD_BUS_NAME, NULL);
  report (d, TRUE, "bus", "%s; draftd %s", where, running ? "is running" : "is not running (the bus starts it on first use)");
}

/* The directories the session bus and systemd look in, $XDG_DATA_HOME first. */
static GPtrArray *
data_dirs (const char *sub)
{
  GPtrArray *dirs = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (dirs, g_build_filename (g_get_user_data_dir (), sub, NULL));
  for (const char *const *d = g_get_system_data_dirs (); *d; d++)
    g_ptr_array_add (dirs, g_build_filename (*d, sub, NULL));
  return dirs;
}

/* The first `name` in the data directories' `sub`, or NULL. */
static char *
find_data_file (const char *sub, const char *name)
{
  g_autoptr (GPtrArray) dirs = data_dirs (sub);
  for (guint i = 0; i < dirs->len; i++) {
    g_autofree char *path = g_build_filename (dirs->pdata[i], name, NULL);
    if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
      return g_steal_pointer (&path);
  }
  return NULL;
}

static void
check_activation (Doctor *d)
{
  g_autofree char *file = find_data_file ("dbus-1/services", DRAFTD_BUS_NAME ".service");
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autofree char *exec = file && g_key_file_load_from_file (kf, file, G_KEY_FILE_NONE, NULL)
                            ? g_key_file_get_string (kf, "D-BUS Service", "Exec", NULL)
                            : NULL;
  g_auto (GStrv) argv = exec ? g_strsplit (exec, " ", 2) : NULL;
  if (file == NULL)
    report (d, FALSE, "activation", "no %s.service in $XDG_DATA_HOME or $XDG_DATA_DIRS (dbus-1/services): nothing starts\n"
            "draftd on demand; install draftd (tools/install.sh, or the Debian package)", DRAFTD_BUS_NAME);
  else if (argv == NULL || !g_file_test (argv[0], G_FILE_TEST_IS_EXECUTABLE))
    report (d, FALSE, "activation", "%s starts %s, which is not there: reinstall draftd", file, argv ? argv[0] : "nothing");
  else
    report (d, TRUE, "activation", "%s", file);
  g_autofree char *unit = find_data_file ("systemd/user", "draftd.service");
  g_autofree char *own = g_build_filename (g_get_user_config_dir (), "systemd", "user", "draftd.service", NULL);
  if (unit || g_file_test (own, G_FILE_TEST_IS_REGULAR))
    report (d, TRUE, "unit", "%s", unit ? unit : own);
  else
    note ("unit", "no systemd user unit draftd.service: the bus starts draftd itself (fine without systemd)");
}

/* `draftd --check`: the config (exit 2 on a fault) and the models (exit 3). */
static void
check_config_and_models (Doctor *d, const char *draftd)
{
  g_autofree char *out = NULL, *err = NULL;
  int st = draftd ? run_draftd (draftd, "--check", &out, &err) : -1;
  if (st < 0) {
    report (d, FALSE, "draftd", "draftd is not installed beside draft nor on PATH: install it (tools/install.sh)");
    return;
  }
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
  const char *config = NULL, *models = NULL, *can = NULL;
  for (guint i = 0; lines[i]; i++) {
    if (g_str_has_prefix (lines[i], "config: "))
      config = lines[i] + 8;
    else if (g_str_has_prefix (lines[i], "models: "))
      models = lines[i] + 8;
    else if (g_str_has_prefix (lines[i], "can: "))
      can = lines[i] + 5;
  }
  const char *why = g_str_has_prefix (err, "draftd: config: ") ? err + 16 : g_str_has_prefix (err, "draftd: models: ") ? err + 16 : err;
  if (st == 2 || config == NULL) {
    report (d, FALSE, "config", "%s\nfix the config (draftd.conf), then run draft doctor again", why);
    return;
  }
  report (d, TRUE, "config", "%s", config);
  if (st != 0 || models == NULL)
    report (d, FALSE, "models", "%s\na model that loads: draft pull qwen2.5-1.5b, then draft use qwen2.5-1.5b; or fix target= in draftd.conf",
            why);
  else
    report (d, TRUE, "models", "%s", models);
  if (can)
    note ("models can", can);
}

static void
check_vulkan (Doctor *d, const char *draftd)
{
  g_autofree char *out = NULL, *err = NULL;
  int st = draftd ? run_draftd (draftd, "--list-devices", &out, &err) : -1;
  if (st == 0 && *out)
    report (d, TRUE, "vulkan", "%s", out);
  else
    report (d, FALSE, "vulkan", "%s\nno Vulkan device: install your GPU's Vulkan driver, or mesa-vulkan-drivers for lavapipe on the CPU",
            err && *err ? err : "no device listed");
}

static gint
by_name (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

static void
check_dictionaries (Doctor *d)
{
  const char *env = g_getenv ("DRAFTD_DICT_PATH");
  g_auto (GStrv) dirs = g_strsplit (env ? env : "/usr/share/hunspell", ":", -1);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; dirs[i]; i++) {
    g_autoptr (GDir) dir = g_dir_open (dirs[i], 0, NULL);
    const char *name;
    while (dir && (name = g_dir_read_name (dir)))
      if (g_str_has_suffix (name, ".dic"))
        g_ptr_array_add (names, g_strndup (name, strlen (name) - 4));
  }
  g_ptr_array_sort (names, by_name);
  /* Per language: "en (en_GB, en_US), fr (fr, fr_CA)". */
  g_autoptr (GString) found = g_string_new (NULL);
  gboolean english = FALSE;
  g_autofree char *open = NULL;
  for (guint i = 0; i < names->len; i++) {
    const char *n = names->pdata[i];
    g_autofree char *lang = g_strndup (n, strcspn (n, "_-"));
    english |= g_str_equal (lang, "en");
    if (g_strcmp0 (open, lang) != 0) {
      g_string_append_printf (found, "%s%s (", open ? "), " : "", lang);
      g_free (open);
      open = g_steal_pointer (&lang);
    } else {
      g_string_append (found, ", ");
    }
    g_string_append (found, n);
  }
  if (open)
    g_string_append_c (found, ')');
  if (english)
    report (d, TRUE, "dictionaries", "%s (%s)", found->str, env ? env : "/usr/share/hunspell");
  else
    report (d, FALSE, "dictionaries", "no English Hunspell dictionary in %s%s%s: spelling is not checked;\n"
            "sudo apt install hunspell-en-us (and hunspell-en-gb for British spelling)", env ? env : "/usr/share/hunspell",
            found->len ? ", only " : "", found->str);
}

static void
check_words (Doctor *d)
{
  g_autofree char *path = g_build_filename (g_get_user_config_dir (), "draftd", "words.txt", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  if (!g_file_test (path, G_FILE_TEST_EXISTS)) {
    report (d, TRUE, "word list", "none yet (draft add-word WORD starts %s)", path);
    return;
  }
  if (!g_file_get_contents (path, &text, NULL, &error) || !g_utf8_validate (text, -1, NULL)) {
    report (d, FALSE, "word list", "%s: %s\nmake it a UTF-8 text file of one word a line, or remove it", path,
            error ? error->message : "not UTF-8 text");
    return;
  }
  guint n = 0;
  for (const char *p = text; *p; p++)
    n += *p == '\n';
  report (d, TRUE, "word list", "%s (%u words)", path, n);
}

/* The pipeline cache's folder, or the nearest one above it that exists, is writable. */
static void
check_cache (Doctor *d)
{
  const char *env = g_getenv ("DRAFTD_PIPELINE_CACHE_DIR");
  g_autofree char *dir = env && *env ? g_strdup (env) : g_build_filename (g_get_user_cache_dir (), "draftd", NULL);
  g_autofree char *probe = g_strdup (dir);
  while (!g_file_test (probe, G_FILE_TEST_EXISTS) && strcmp (probe, "/") != 0) {
    char *up = g_path_get_dirname (probe);
    g_free (probe);
    probe = up;
  }
  if (access (probe, W_OK) == 0)
    report (d, TRUE, "pipeline cache", "%s%s", dir, g_file_test (dir, G_FILE_TEST_IS_DIR) ? "" : " (made at the first start)");
  else
    report (d, FALSE, "pipeline cache", "%s is not writable: every start compiles the shaders again;\n"
            "make it writable, or set DRAFTD_PIPELINE_CACHE_DIR", probe);
}

int
draft_cmd_doctor (int argc, char **argv)
{
  GOptionEntry entries[] = { G_OPTION_ENTRY_NULL };
  int status;
  if (!draft_parse_command ("doctor", "", "Checks what draftd needs: the bus, the activation file and unit, the config\n"
                            "(strictly), the models (loaded: what they can do), the Vulkan device, the dictionaries,\n"
                            "the personal word list and the pipeline cache. Each line OK, or FAIL with what to do;\n"
                            "exit status 1 when a check failed.", entries, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return draftd_cli_usage_error ("draft doctor", "takes no arguments");
  Doctor d = { 0 };
  g_autofree char *draftd = find_draftd ();
  check_bus (&d);
  check_activation (&d);
  check_config_and_models (&d, draftd);
  check_vulkan (&d, draftd);
  check_dictionaries (&d);
  check_words (&d);
  check_cache (&d);
  if (d.faults)
    printf ("\n%u problem%s found.\n", d.faults, d.faults == 1 ? "" : "s");
  else
    printf ("\nNo problems found.\n");
  return d.faults ? DRAFTD_CLI_EXIT_FAILURE : DRAFTD_CLI_EXIT_OK;
}
