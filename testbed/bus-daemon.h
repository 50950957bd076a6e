/* A private dbus-daemon with draftd from the build tree running on it, for programs that talk
 * to the daemon like any client would: the daemon tests and the load bench. Nothing here
 * reports TAP; tests/bus-fixture.h adds that. */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

typedef struct {
  char *address;
  GPid bus_pid, draftd_pid;
  int draftd_status;
  gboolean draftd_exited;
  char *target, *assistant;
  char *dir;        /* scratch: the log (draftd.log) and draftd's XDG_CONFIG_HOME (xdg/) */
  gboolean own_dir; /* made by bus_fixture_start, and removed by bus_fixture_clear */
  char *log_path;
} BusFixture;

/* Starts the bus and draftd on it with `target` and `assistant` (NULL: the shipped
 * models/draftd-target.gguf and draftd-assistant.gguf), a context of `context` tokens (0: the
 * model's own) and more draftd options in extra_args. `dir` holds the log and an empty config
 * dir (NULL: a fresh temporary one, removed with the fixture). */
gboolean bus_fixture_start (BusFixture *f, const char *dir, const char *target, const char *assistant, guint context,
                            const char *const *extra_args, GError **error);
/* The bus alone, no draftd on it: for a test of D-Bus activation, whose service file must be
 * in place ($XDG_DATA_HOME/dbus-1/services) before this starts. */
gboolean bus_fixture_start_bus (BusFixture *f, GError **error);
/* The draftd binary later fixtures start (NULL: the build tree's); benchmarks compare builds. */
void bus_fixture_set_draftd (const char *path);
/* SIGTERM to draftd; returns its exit status (-1 if it did not exit in time). */
int bus_fixture_stop_draftd (BusFixture *f);
/* Stops draftd and the bus, removes a scratch dir it made and frees what `f` holds. */
void bus_fixture_clear (BusFixture *f);
/* A bare connection to the fixture's bus, for checks below the client library. */
DBusConnection *bus_fixture_connect (BusFixture *f);
/* A client of lib/bus/client.h on the fixture's bus, run by hand (draftd_bus_dispatch). */
typedef struct _DraftdBus DraftdBus;
DraftdBus *bus_fixture_open (BusFixture *f);
/* Runs a program with DBUS_SESSION_BUS_ADDRESS set to the fixture's bus. */
gboolean bus_fixture_spawn (BusFixture *f, const char *const *argv, char **out, char **err, int *status);
/* A call of `method` (Correct, Complete) with one text and no options: (s, a{sv}). */
DBusMessage *bus_fixture_text_call (const char *method, const char *text);
/* Calls Complete(prompt, {force: true}) on `c` (forced: the shipped target cannot complete,
 * and what is asked is whether the models serve); returns NULL when it succeeded, else the
 * error name (and its message in *message). */
char *bus_fixture_complete_error (DBusConnection *c, const char *prompt, char **message);
/* The uint32 under `key` in the a{sv} that `dict` points at (0 when absent). */
guint32 bus_fixture_dict_u32 (DBusMessageIter *dict, const char *key);
/* An entry of the daemon's Models property (0 when absent, not loaded or on failure). */
guint32 bus_fixture_models_u32 (DBusConnection *c, const char *key);
/* draftd's property `name` (Properties.Get): the reply, whose one argument is the variant;
 * NULL when the call failed. */
DBusMessage *bus_fixture_get_property (DBusConnection *c, const char *name);
/* A "Vm...:" line of draftd's /proc/PID/status in KiB (key with its colon, e.g. "VmHWM:");
 * 0 when the line or the process is gone. */
guint64 bus_fixture_draftd_status_kib (BusFixture *f, const char *key);
/* Resident set size of draftd in KiB. */
guint64 bus_fixture_draftd_rss (BusFixture *f);
/* Whether one of draftd's threads is named `name` (its /proc/PID/task/TID/comm, which Linux
 * cuts to 15 bytes): a thread that has returned is gone from that list. */
gboolean bus_fixture_draftd_has_thread (BusFixture *f, const char *name);
