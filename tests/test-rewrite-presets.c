/* Issue 34: with the shipped models the four presets rewrite their own cases (the rules of
 * train/rewrite.py, each change judged by the target in context), add no error that
 * correction would then fix (issue 47), and touch nothing else:
 * formal expands contractions and swaps colloquial words, concise drops fillers and wordy
 * phrases, simple swaps long words for plain ones, friendly contracts; a sentence with nothing
 * of a preset's comes back word for word. */
#include <string.h>
#include "tests/bus-fixture.h"
#include "tests/cli-run.h"
#include "tests/tap.h"

static const char *address;

/* draft rewrite -i PRESET, or draft correct when preset is NULL. */
static char *
rewrite (const char *preset, const char *text)
{
  const char *rw[] = { "--address", address, "rewrite", "-i", preset, NULL };
  const char *fix[] = { "--address", address, "correct", NULL };
  const char *const *args = preset ? rw : fix;
  const char *env[] = { "LC_ALL=C.UTF-8", "NO_COLOR", NULL };
  CliResult r;
  if (!cli_run ("client/draft", args, env, text, &r))
    return g_strdup ("");
  char *out = r.status == 0 ? g_strdup (g_strchomp (r.out)) : g_strdup_printf ("(status %d: %s)", r.status, r.err);
  cli_result_clear (&r);
  return out;
}

/* The preset's output, which correction must leave as it is: a preset never adds an error. */
static void
expect (const char *preset, const char *text, const char *want)
{
  g_autofree char *got = rewrite (preset, text);
  /* Held where the input itself needs no correction ("maybe it's ..." lacks its capital). */
  g_autofree char *input_fixed = rewrite (NULL, text);
  g_autofree char *corrected = g_str_equal (input_fixed, text) ? rewrite (NULL, got) : g_strdup (got);
  tap_ok (g_str_equal (got, want) && g_str_equal (corrected, got), "%s: \"%s\" -> \"%s\"", preset, text, got);
  if (!g_str_equal (got, want))
    tap_diag ("wanted \"%s\"", want);
  if (!g_str_equal (corrected, got))
    tap_diag ("correction changes the preset's output: \"%s\"", corrected);
}

int
main (void)
{
  BusFixture f;
  int code;
  if (!bus_fixture_begin (&f, NULL, &code))
    return code;
  address = f.address;
  expect ("formal", "It's a good idea, and lots of kids like it.", "It is a good idea, and many children like it.");
  expect ("concise", "We really need to leave in order to catch the bus due to the fact that it is late.",
          "We need to leave to catch the bus because it is late.");
  expect ("simple", "Please utilize approximately ten minutes.", "Please use about ten minutes.");
  expect ("friendly", "It is late and I am tired, do not wait.", "It's late and I'm tired, don't wait.");
  /* Words no rule names stay: the sentence a user saw lose "it's something". */
  const char *migration = "maybe it's something in the database migration";
  expect ("formal", migration, "perhaps it is something in the database migration");
  expect ("friendly", migration, migration);
  expect ("concise", migration, migration);
  expect ("simple", migration, migration);
  /* A typographic apostrophe is text as written, never expanded (its character stays). */
  expect ("formal", "I don’t know.", "I don’t know.");
  /* "many" only before a plural: "many feedback" was an error the preset added (issue 47). */
  expect ("formal", "We got lots of feedback and a lot of help from lots of people.",
          "We got a great deal of feedback and a great deal of help from many people.");
  tap_ok (bus_fixture_stop_draftd (&f) == 0, "draftd exits cleanly");
  bus_fixture_teardown (&f);
  return tap_done ();
}
