/* A tiny TAP producer: `meson test` reads the plan, ok/not ok lines and SKIPs. */
#pragma once
#include <glib.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* Defined in test-util.c: one counter for the whole test program. */
extern int tap_n, tap_failed;

static inline void G_GNUC_PRINTF (2, 3)
tap_ok (gboolean cond, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  printf ("%sok %d - ", cond ? "" : "not ", ++tap_n);
  vprintf (fmt, ap);
  printf ("\n");
  va_end (ap);
  fflush (stdout);
  if (!cond)
    tap_failed++;
}

static inline void G_GNUC_PRINTF (1, 2)
tap_diag (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_auto (GStrv) lines = g_strsplit (msg, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    printf ("# %s\n", lines[i]);
  fflush (stdout);
}

static inline void G_GNUC_PRINTF (1, 2)
tap_skip (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  printf ("ok %d # SKIP ", ++tap_n);
  vprintf (fmt, ap);
  printf ("\n");
  va_end (ap);
  fflush (stdout);
}

/* Ends the test: prints the plan and returns the exit status. */
static inline int
tap_done (void)
{
  printf ("1..%d\n", tap_n);
  return tap_failed ? 1 : 0;
}

static inline int G_GNUC_PRINTF (1, 2)
tap_skip_all (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  printf ("1..0 # SKIP ");
  vprintf (fmt, ap);
  printf ("\n");
  va_end (ap);
  return 0;
}

/* A fixture from ../shared is absent. Beside a developer's checkout that may be fine (SKIP);
 * under CI=true every fixture must be there, so the absence is a failure, never a quiet pass. */
static inline gboolean
tap_fixtures_required (void)
{
  return g_strcmp0 (g_getenv ("CI"), "true") == 0;
}

static inline void G_GNUC_PRINTF (1, 2)
tap_missing (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  if (tap_fixtures_required ())
    tap_ok (FALSE, "fixture missing under CI=true: %s", msg);
  else
    tap_skip ("%s", msg);
}

/* The whole test needs an absent fixture: SKIP all, or under CI=true fail. */
static inline int G_GNUC_PRINTF (1, 2)
tap_missing_all (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  if (tap_fixtures_required ()) {
    tap_ok (FALSE, "fixture missing under CI=true: %s", msg);
    return tap_done ();
  }
  return tap_skip_all ("%s", msg);
}

#define tap_no_error(err, ...)                                                  \
  do {                                                                          \
    tap_ok ((err) == NULL, __VA_ARGS__);                                        \
    if (err)                                                                    \
      tap_diag ("error: %s", (err)->message);                                   \
  } while (0)
