/* draft pull's tests: the stand-in Hub (tests/hub-server.py) on loopback serving a GGUF from
 * ../shared, a private XDG_DATA_HOME, and draft run against both. */
#pragma once
#include <gio/gio.h>
#include "tests/cli-run.h"

typedef struct {
  GSubprocess *server;
  char *url;         /* http://127.0.0.1:PORT */
  char *log;         /* the server's request log */
  char *home;        /* XDG_DATA_HOME given to draft */
  char *models;      /* home/draftd/models */
  char *gguf;        /* the file served */
  char *name;        /* its basename */
  char *arg;         /* what draft pull is given: test-owner/tiny-GGUF/NAME */
  char *dest, *part; /* where it lands, and grows */
} HubFixture;

/* A pull test's main: the fixture (a missing ../shared reported as tap_missing_all), the
 * server started with `options` (with NULL: not started), `body`, the teardown. Returns
 * main's exit status. */
int hub_fixture_main (const char *const *options, void (*body) (HubFixture *f));

/* The served file, or NULL after reporting it missing (tap_missing_all's rule: the caller
 * returns *exit_code). */
gboolean hub_fixture_init (HubFixture *f, int *exit_code);
/* Starts the server with these options (--mode ..., NULL-terminated); FALSE if it did not. */
gboolean hub_fixture_start (HubFixture *f, const char *const *options);
void hub_fixture_stop (HubFixture *f);
void hub_fixture_clear (HubFixture *f);
/* The environment draft runs in: the server's URL, our XDG_DATA_HOME, no proxy, no token;
 * then `extra` ("NAME=VALUE"). */
GStrv hub_fixture_env (HubFixture *f, const char *const *extra);
/* Runs `draft ARGS` to its end. */
gboolean hub_fixture_draft (HubFixture *f, const char *const *args, const char *const *extra_env, CliResult *r);
/* Starts `draft ARGS` without waiting; stdout and stderr go to files out_path/err_path. */
GSubprocess *hub_fixture_draft_async (HubFixture *f, const char *const *args, const char *out_path, const char *err_path);
/* How many request lines of the log contain `needle`. */
guint hub_fixture_count (HubFixture *f, const char *needle);
/* The file equals the served one. */
gboolean hub_fixture_same (HubFixture *f, const char *path);
