/* A private dbus-daemon with draftd (the shipped models/draftd-target.gguf and
 * draftd-assistant.gguf) running on it, for tests that talk to the daemon like any client
 * would. */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

typedef struct {
  char *address;
  GPid bus_pid, draftd_pid;
  int draftd_status;
  gboolean draftd_exited;
  char *target, *assistant;
  char *log_path;
} BusFixture;

/* extra_args: more draftd options. */
gboolean bus_fixture_start (BusFixture *f, const char *const *extra_args, GError **error);
/* The opening of every daemon test: TRUE when the daemon is up. Otherwise the test is over
 * (skipped without the shipped models, or failed to start, reported as TAP) and *exit_code
 * is what main() returns. */
gboolean bus_fixture_begin (BusFixture *f, const char *const *extra_args, int *exit_code);
/* The same with stories260K from ../shared as the models, for tests that need long stories
 * streamed slowly (a missing ../shared is reported as tap_missing_all). */
gboolean bus_fixture_begin_stories (BusFixture *f, const char *const *extra_args, int *exit_code);
/* SIGTERM to draftd; returns its exit status (-1 if it did not exit in time). */
int bus_fixture_stop_draftd (BusFixture *f);
void bus_fixture_teardown (BusFixture *f);
DBusConnection *bus_fixture_connect (BusFixture *f);
/* Runs a program with DBUS_SESSION_BUS_ADDRESS set to the fixture's bus. */
gboolean bus_fixture_spawn (BusFixture *f, const char *const *argv, char **out, char **err, int *status);
/* Calls Complete(prompt, {}) on `c`; returns NULL when it succeeded, else the error name
 * (and its message in *message). */
char *bus_fixture_complete_error (DBusConnection *c, const char *prompt, char **message);
/* The uint32 under `key` in the a{sv} that `dict` points at (0 when absent). */
guint32 bus_fixture_dict_u32 (DBusMessageIter *dict, const char *key);
/* `draft correct` of `text` in a process of its own (another client identity than the
 * test's); its exit status, the corrected text in *out. */
int bus_fixture_correct_elsewhere (BusFixture *f, const char *text, char **out);
/* Waits for and unrefs n pending calls; counts the replies that are Busy and the results. */
void bus_fixture_count_replies (DBusPendingCall **pend, guint n, int *busy, int *served);
/* A Start(method, [text, {}]) call, to send. */
DBusMessage *bus_fixture_start_call (const char *method, const char *text);
/* Sends it on `c`: the job's path, or NULL when refused. */
char *bus_fixture_start_job (DBusConnection *c, const char *method, const char *text);
/* Resident set size of draftd in KiB. */
guint64 bus_fixture_draftd_rss (BusFixture *f);
