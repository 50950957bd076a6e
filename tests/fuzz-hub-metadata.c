/* libFuzzer target for the Hub's revision metadata as draft pull reads it
 * (client/hub/metadata.c): the input is the JSON body a server sends. Checked: nothing is
 * logged (a GLib critical or warning, as json-glib's typed getters give on a member of
 * another type, aborts here); an answer is a size above zero and 64 lowercase hex digits; a
 * refusal is one line of UTF-8 text in DRAFT_HUB_ERROR. */
#include "tests/fuzz-common.h"
#include "client/hub/hub.h"

static void
fatal_log (const char *domain, GLogLevelFlags level, const char *message, gpointer user)
{
  fprintf (stderr, "logged: %s\n", message);
  abort ();
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_default_handler (fatal_log, NULL);
  g_log_set_handler ("Json", G_LOG_LEVEL_MASK | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION, fatal_log, NULL);
  g_log_set_handler ("GLib", G_LOG_LEVEL_MASK | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION, fatal_log, NULL);
  return 0;
}

static void
check (const char *data, gsize size, const char *file)
{
  DraftHubFileInfo info;
  memset (&info, 0xAA, sizeof info);
  GError *error = NULL;
  gboolean ok = draft_hub_parse_metadata (data, size, "owner/repo", file, &info, &error);
  FUZZ_ASSERT (ok == (error == NULL));
  if (ok) {
    FUZZ_ASSERT (info.size > 0 && info.size <= G_MAXINT64);
    FUZZ_ASSERT (strlen (info.sha256) == 64);
    for (guint i = 0; i < 64; i++)
      FUZZ_ASSERT (g_ascii_isxdigit (info.sha256[i]) && !g_ascii_isupper (info.sha256[i]));
    return;
  }
  FUZZ_ASSERT (error->domain == DRAFT_HUB_ERROR);
  FUZZ_ASSERT (g_utf8_validate (error->message, -1, NULL) && !strchr (error->message, '\n'));
  g_error_free (error);
}

int
LLVMFuzzerTestOneInput (const guint8 *data, gsize size)
{
  /* The metadata as it came (not NUL-terminated), and the file names a pull asks for. */
  g_autofree char *copy = size ? g_memdup2 (data, size) : g_strdup ("");
  check (copy, size, "m.gguf");
  check (copy, size, "dir/model-Q4_K_M.gguf");
  return 0;
}
