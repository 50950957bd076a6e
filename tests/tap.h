/* A tiny TAP producer: `meson test` reads the plan, ok/not ok lines and SKIPs. */
#pragma once
#include <glib.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* One counter for the whole test program. */
extern int tap_n, tap_failed;

/* One test point: ok or not ok, with its description. */
void tap_ok (gboolean cond, const char *fmt, ...) G_GNUC_PRINTF (2, 3);
/* A comment line per line of the message. */
void tap_diag (const char *fmt, ...) G_GNUC_PRINTF (1, 2);
/* One test point skipped, with why. */
void tap_skip (const char *fmt, ...) G_GNUC_PRINTF (1, 2);

/* Ends the test: prints the plan and returns the exit status. */
int tap_done (void);
/* The whole test skipped: the plan 1..0 with why; returns the exit status. */
int tap_skip_all (const char *fmt, ...) G_GNUC_PRINTF (1, 2);

/* A fixture from ../shared is absent. Beside a developer's checkout that may be fine (SKIP);
 * under CI=true every fixture must be there, so the absence is a failure, never a quiet pass. */
gboolean tap_fixtures_required (void);
/* One absent fixture: a SKIP, or under CI=true a failure. */
void tap_missing (const char *fmt, ...) G_GNUC_PRINTF (1, 2);

/* The whole test needs an absent fixture: SKIP all, or under CI=true fail. */
int tap_missing_all (const char *fmt, ...) G_GNUC_PRINTF (1, 2);

#define tap_no_error(err, ...)                                                  \
  do {                                                                          \
    tap_ok ((err) == NULL, __VA_ARGS__);                                        \
    if (err)                                                                    \
      tap_diag ("error: %s", (err)->message);                                   \
  } while (0)
