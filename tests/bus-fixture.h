/* The opening and closing of every daemon test, in TAP: testbed/bus-daemon.h's private bus
 * with draftd on it, skipped where the models are absent, with draftd's log shown when a
 * test failed; and the D-Bus calls several daemon tests make. */
#pragma once
#include "testbed/bus-daemon.h"

/* TRUE when the daemon is up. Otherwise the test is over (skipped without the shipped models,
 * or failed to start, reported as TAP) and *exit_code is what main() returns. extra_args:
 * more draftd options. */
gboolean bus_fixture_begin (BusFixture *f, const char *const *extra_args, int *exit_code);
/* The same with stories260K from ../shared as the models, for tests that need long stories
 * streamed slowly (a missing ../shared is reported as tap_missing_all). */
gboolean bus_fixture_begin_stories (BusFixture *f, const char *const *extra_args, int *exit_code);
/* bus_fixture_begin with a draftd.conf of `config_text` (a new file in the test's folder,
 * its path in *config_path when that is not NULL, for a test that rewrites it); FALSE and
 * *exit_code as bus_fixture_begin. */
gboolean bus_fixture_begin_config (BusFixture *f, const char *config_text, const char *const *extra_args,
                                   char **config_path, int *exit_code);
/* bus_fixture_clear, after showing draftd's log as TAP diagnostics if a test failed. */
void bus_fixture_teardown (BusFixture *f);
/* `draft correct` of `text` in a process of its own (another client identity than the
 * test's); its exit status, the corrected text in *out. */
int bus_fixture_correct_elsewhere (BusFixture *f, const char *text, char **out);
/* Waits for and unrefs n pending calls; counts the replies that are Busy and the results. */
void bus_fixture_count_replies (DBusPendingCall **pend, guint n, int *busy, int *served);
/* A Start(method, [text, {}]) call, to send. */
DBusMessage *bus_fixture_start_call (const char *method, const char *text);
/* Sends it on `c`: the job's path, or NULL when refused. */
char *bus_fixture_start_job (DBusConnection *c, const char *method, const char *text);
