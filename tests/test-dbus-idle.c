/* idle_unload: an idle daemon gives the device memory back, and the next request loads the
 * models again and is served as before. */
#include <string.h>
#include "tests/bus-fixture.h"
#include "tests/tap.h"
#include "tests/test-util.h"
#include "lib/bus/draftd-bus-names.h"

#define NAME DRAFTD_BUS_NAME
#define PATH DRAFTD_BUS_PATH

/* The Models property through gdbus (a client we did not write). */
static char *
models_property (BusFixture *f)
{
  const char *argv[] = { "gdbus", "call", "--session", "--dest", NAME, "--object-path", PATH, "--method",
                         "org.freedesktop.DBus.Properties.Get", NAME, "Models", NULL };
  char *out = NULL;
  int st = -1;
  bus_fixture_spawn (f, argv, &out, NULL, &st);
  return out;
}

/* gdbus prints "('TEXT', {stats})": the text part. */
static char *
reply_text (const char *out)
{
  const char *end = out ? strstr (out, "', {") : NULL;
  return end ? g_strndup (out, end - out) : NULL;
}

static char *
complete (BusFixture *f, int *status)
{
  const char *argv[] = { "gdbus", "call", "--session", "--dest", NAME, "--object-path", PATH, "--method", NAME ".Complete",
                         "Once upon a time", "{'max_tokens': <uint32 8>, 'temperature': <0.0>, 'force': <true>}", NULL };
  char *out = NULL;
  bus_fixture_spawn (f, argv, &out, NULL, status);
  return out;
}

int
main (void)
{
  BusFixture f;
  int code;
  const char *extra[] = { "--idle-unload", "1", NULL };
  if (!bus_fixture_begin (&f, extra, &code))
    return code;
  int st = -1;
  g_autofree char *first = complete (&f, &st);
  tap_ok (st == 0 && first && strstr (first, "Once upon a time") == NULL && first[0] == '(', "a completion is served: %s",
          first ? g_strstrip (first) : "(none)");
  g_autofree char *loaded = models_property (&f);
  tap_ok (loaded && strstr (loaded, "'loaded': <true>") && strstr (loaded, "'target_name'"),
          "models are resident while requests come");
  /* Unloading happens on the worker after one idle second: poll for up to 30 s. */
  gboolean unloaded = FALSE;
  for (int i = 0; i < 150 && !unloaded; i++) {
    g_usleep (200000);
    g_autofree char *m = models_property (&f);
    unloaded = m && strstr (m, "'loaded': <false>") != NULL;
  }
  tap_ok (unloaded, "after an idle second the models are unloaded");
  g_autofree char *second = complete (&f, &st);
  g_autofree char *t1 = reply_text (first), *t2 = reply_text (second);
  tap_ok (st == 0 && t1 && t2 && g_str_equal (t1, t2), "the next request reloads them and gets the same greedy text");
  g_autofree char *again = models_property (&f);
  tap_ok (again && strstr (again, "'loaded': <true>"), "and the models are resident again");
  st = bus_fixture_stop_draftd (&f);
  tap_ok (st == 0, "draftd exits with status 0 after SIGTERM (%d)", st);
  g_autofree char *log = NULL;
  g_file_get_contents (f.log_path, &log, NULL, NULL);
  tap_ok (log && !strstr (log, "LeakSanitizer") && !strstr (log, "ERROR: AddressSanitizer") && !strstr (log, "vulkan validation"),
          "no sanitizer or validation report in the daemon's log");
  bus_fixture_teardown (&f);
  return tap_done ();
}
