#include "tests/bus-fixture.h"
#include <string.h>
#include <sys/wait.h>
#include "lib/bus/client.h"
#include "tests/tap.h"
#include "tests/test-util.h"

/* stories260K from ../shared, converted; FALSE with *error unset where ../shared is absent. */
static gboolean
stories_models (char **target, char **assistant, GError **error)
{
  *target = test_convert_llama2c ("stories260K.bin", "f32", error);
  *assistant = *target ? test_convert_llama2c ("stories260K_q80.bin", "q8_0", error) : NULL;
  return *assistant != NULL;
}

static gboolean
fixture_begin (BusFixture *f, gboolean stories, const char *const *extra_args, int *exit_code)
{
  memset (f, 0, sizeof *f);
  g_autofree char *found = stories ? test_shared_model ("stories260K.bin")
                                   : g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  if (found == NULL || !g_file_test (found, G_FILE_TEST_IS_REGULAR)) {
    *exit_code = tap_missing_all (stories ? "../shared/models is absent" : "the shipped models/ are absent");
    return FALSE;
  }
  g_autoptr (GError) error = NULL;
  g_autofree char *target = NULL, *assistant = NULL;
  /* stories260K's own context is 512; the shipped models' (256) is used as it is. */
  gboolean ok = (!stories || stories_models (&target, &assistant, &error)) &&
                bus_fixture_start (f, test_tmpdir (), target, assistant, stories ? 512 : 0, extra_args, &error);
  if (!ok) {
    tap_ok (FALSE, "daemon starts: %s", error ? error->message : "the models did not convert");
    bus_fixture_teardown (f);
    *exit_code = tap_done ();
    return FALSE;
  }
  return TRUE;
}

gboolean
bus_fixture_begin (BusFixture *f, const char *const *extra_args, int *exit_code)
{
  return fixture_begin (f, FALSE, extra_args, exit_code);
}

gboolean
bus_fixture_begin_stories (BusFixture *f, const char *const *extra_args, int *exit_code)
{
  return fixture_begin (f, TRUE, extra_args, exit_code);
}

gboolean
bus_fixture_begin_config (BusFixture *f, const char *config_text, const char *const *extra_args, char **config_path,
                          int *exit_code)
{
  static guint configs;
  g_autofree char *name = g_strdup_printf ("draftd-%u.conf", ++configs);
  g_autofree char *conf = g_build_filename (test_tmpdir (), name, NULL);
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_ptr_array_add (args, (char *) "--config");
  g_ptr_array_add (args, conf);
  for (guint i = 0; extra_args && extra_args[i]; i++)
    g_ptr_array_add (args, (char *) extra_args[i]);
  g_ptr_array_add (args, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_file_set_contents (conf, config_text, -1, &error)) {
    memset (f, 0, sizeof *f);
    tap_ok (FALSE, "the daemon's config is written: %s", error->message);
    *exit_code = tap_done ();
    return FALSE;
  }
  if (!fixture_begin (f, FALSE, (const char *const *) args->pdata, exit_code))
    return FALSE;
  if (config_path)
    *config_path = g_steal_pointer (&conf);
  return TRUE;
}

void
bus_fixture_teardown (BusFixture *f)
{
  /* A failed test shows what the daemon logged: CI keeps nothing else of it. */
  if (tap_failed && f->log_path) {
    g_autofree char *log = NULL;
    if (g_file_get_contents (f->log_path, &log, NULL, NULL) && *log)
      tap_diag ("draftd's log:\n%s", log);
  }
  bus_fixture_clear (f);
}

DBusMessage *
bus_fixture_start_call (const char *method, const char *text)
{
  DraftdBusStart s;
  draftd_bus_start_init (&s, method, (const char *const[]) { text, NULL });
  return draftd_bus_start_finish (&s);
}

int
bus_fixture_correct_elsewhere (BusFixture *f, const char *text, char **out)
{
  g_autofree char *path = g_build_filename (test_tmpdir (), "elsewhere.txt", NULL);
  g_autofree char *draft = g_build_filename (DRAFTD_BUILD_ROOT, "client", "draft", NULL);
  g_file_set_contents (path, text, -1, NULL);
  const char *argv[] = { draft, "correct", path, NULL };
  int status = -1;
  *out = NULL;
  if (!bus_fixture_spawn (f, argv, out, NULL, &status))
    return -1;
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

void
bus_fixture_count_replies (DBusPendingCall **pend, guint n, int *busy, int *served)
{
  *busy = *served = 0;
  for (guint i = 0; i < n; i++) {
    dbus_pending_call_block (pend[i]);
    DBusMessage *r = dbus_pending_call_steal_reply (pend[i]);
    *busy += r && dbus_message_is_error (r, DRAFTD_BUS_ERROR_BUSY);
    *served += r && dbus_message_get_type (r) == DBUS_MESSAGE_TYPE_METHOD_RETURN;
    if (r)
      dbus_message_unref (r);
    dbus_pending_call_unref (pend[i]);
  }
}

char *
bus_fixture_start_job (DBusConnection *c, const char *method, const char *text)
{
  DBusMessage *m = bus_fixture_start_call (method, text);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 120000, NULL);
  dbus_message_unref (m);
  char *path = draftd_bus_job_path (r);
  if (r)
    dbus_message_unref (r);
  return path;
}
