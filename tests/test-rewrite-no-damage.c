/* `draft rewrite` with every preset of the shipped models and a free-form instruction, on
 * text with emoji, typographic quotes, dashes and accents (issue 23): every non-ASCII
 * character comes back in place, nothing of the prompt shows up in the output, and the
 * free-form instruction, which the shipped models cannot follow, is refused with a message
 * instead of answered with garbage. */
#include <string.h>
#include "tests/bus-fixture.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static const char *const lines[] = {
  "Hi 👩‍💻 This is a test.",
  "Café “quoted” 🙂 — This is a test of the system.",
  "I don’t think it’s going to work — really, it isn’t.",
  "We can't buy lots of stuff for the kids – maybe later… 🙂",
  "In order to utilize the tool, you really need to purchase a license «today».",
  "The naïve “report” was very long, and I think it is basically done.",
};

/* Prompt text of the shipped templates and of chat formats: none of it is in the input. */
static const char *const leaks[] = { "Rewrite", "Rewritten", "Correct", "(", ")", ":", "</s>", "User", "Assistant",
                                     "formal", "concise", "simple", "friendly", "shorter", "instruction" };

/* The non-ASCII bytes of a text, in order: what must survive a rewrite untouched. */
static char *
non_ascii (const char *s)
{
  GString *o = g_string_new (NULL);
  for (; *s; s++)
    if ((guchar) *s >= 0x80)
      g_string_append_c (o, *s);
  return g_string_free (o, FALSE);
}

static gboolean
undamaged (const char *instruction, const char *out)
{
  g_auto (GStrv) got = g_strsplit (out, "\n", -1);
  gboolean ok = g_strv_length (got) >= G_N_ELEMENTS (lines);
  for (guint i = 0; ok && i < G_N_ELEMENTS (lines); i++) {
    g_autofree char *want = non_ascii (lines[i]), *have = non_ascii (got[i]);
    gboolean leaked = FALSE;
    for (guint k = 0; k < G_N_ELEMENTS (leaks); k++)
      leaked |= strstr (got[i], leaks[k]) != NULL && strstr (lines[i], leaks[k]) == NULL;
    if (!g_str_equal (want, have) || leaked) {
      tap_diag ("%s, line %u:\n#   in:  %s\n#   out: %s", instruction, i + 1, lines[i], got[i]);
      ok = FALSE;
    }
  }
  return ok;
}

static void
run (BusFixture *f, const char *input, const char *instruction, char **out, char **err, int *status)
{
  g_autofree char *exe = g_build_filename (DRAFTD_BUILD_ROOT, "client", "draft", NULL);
  g_autofree char *opt = g_strdup_printf ("--instruction=%s", instruction);
  const char *argv[] = { exe, "--address", f->address, "rewrite", opt, input, NULL };
  if (!g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, out, err, status, NULL))
    *status = -1;
}

int
main (void)
{
  g_autofree char *joined = g_strjoinv ("\n", (char **) lines);
  g_autofree char *text = g_strconcat (joined, "\n", NULL);
  g_autofree char *input = g_build_filename (test_tmpdir (), "typography.txt", NULL);
  g_file_set_contents (input, text, -1, NULL);
  BusFixture f;
  int code;
  if (!bus_fixture_begin (&f, NULL, &code))
    return code;
  static const char *const presets[] = { "formal", "concise", "simple", "friendly" };
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++) {
    g_autofree char *out = NULL, *err = NULL;
    int status;
    run (&f, input, presets[i], &out, &err, &status);
    tap_ok (status == 0 && undamaged (presets[i], out), "%s: every non-ASCII character survives, no prompt text", presets[i]);
    if (status != 0)
      tap_diag ("%s", err);
  }
  g_autofree char *out = NULL, *err = NULL;
  int status;
  run (&f, input, "make it shorter", &out, &err, &status);
  g_strstrip (err);
  tap_ok (status != 0 && strstr (err, "chat template") && strstr (err, "make it shorter") && !strstr (out, "Rewrite"),
          "a free-form instruction is refused by a model without a chat template: %s", err);
  tap_ok (bus_fixture_stop_draftd (&f) == 0, "draftd exits cleanly");
  bus_fixture_teardown (&f);
  return tap_done ();
}
