#include "tests/tap.h"
#include <stdarg.h>

int tap_n, tap_failed;

void
tap_ok (gboolean cond, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *what = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  /* A description quotes what a program printed; a line break in it would end the TAP line
   * and leave the rest as output TAP does not know. */
  g_strdelimit (what, "\r\n", ' ');
  printf ("%sok %d - %s\n", cond ? "" : "not ", ++tap_n, what);
  fflush (stdout);
  if (!cond)
    tap_failed++;
}

void
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

void
tap_skip (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *why = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_strdelimit (why, "\r\n", ' ');
  printf ("ok %d # SKIP %s\n", ++tap_n, why);
  fflush (stdout);
}

int
tap_done (void)
{
  printf ("1..%d\n", tap_n);
  return tap_failed ? 1 : 0;
}

int
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

gboolean
tap_fixtures_required (void)
{
  return g_strcmp0 (g_getenv ("CI"), "true") == 0;
}

void
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

int
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
