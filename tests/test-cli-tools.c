/* The tools as a user runs them: non-ASCII prompts and file names under LC_ALL=C and
 * C.UTF-8, --stats as one JSON line of its own, --info, the bench's JSON, all checked
 * with a JSON parser. Uses the shipped models. */
#include <glib/gstdio.h>
#include <string.h>
#include "tests/cli-run.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static const char *const locales[] = { "LC_ALL=C", "LC_ALL=C.UTF-8" };

static guint validation_lines;

/* Counts the validation layer's messages in a child's stderr. */
static void
note_validation (const CliResult *r)
{
  for (const char *p = r->err; p && (p = strstr (p, "vulkan validation:")); p++)
    validation_lines++;
}

static const char *
last_line (char *text)
{
  g_strchomp (text);
  const char *nl = strrchr (text, '\n');
  return nl ? nl + 1 : text;
}

static void
check_run (const char *model, const char *locale)
{
  const char *env[] = { locale, NULL };
  const char *args[] = { "-m", model, "-p", "The café on the corner “said” — naïve 日本", "-n", "6", "--greedy", "--stats", NULL };
  CliResult r;
  gboolean ran = cli_run ("tools/draftd-run", args, env, NULL, &r);
  note_validation (&r);
  tap_ok (ran && r.status == 0, "%s: draftd-run takes a non-ASCII prompt (status %d)", locale, r.status);
  if (ran && r.status != 0)
    tap_diag ("%s", r.err);
  tap_ok (ran && g_str_has_suffix (r.out, "\n"), "%s: the generated text ends its line", locale);
  g_autoptr (JsonNode) stats = ran ? cli_parse_json (last_line (r.err)) : NULL;
  JsonObject *o = stats && JSON_NODE_HOLDS_OBJECT (stats) ? json_node_get_object (stats) : NULL;
  tap_ok (o && json_object_has_member (o, "generated_tokens") && json_object_get_int_member (o, "generated_tokens") <= 6 &&
          json_object_get_int_member (o, "prompt_tokens") > 0 && g_str_equal (json_object_get_string_member (o, "mode"), "plain"),
          "%s: --stats is one valid JSON object on its own line of stderr", locale);
  cli_result_clear (&r);
}

/* A copy of the model under a non-ASCII name: the name must print as it is, never as '?'. */
static void
check_file_names (const char *model)
{
  g_autofree char *dir = g_build_filename (test_tmpdir (), "modèles «été»", NULL);
  g_mkdir_with_parents (dir, 0700);
  g_autofree char *copy = g_build_filename (dir, "café-модель.gguf", NULL);
  g_autofree char *data = NULL;
  gsize len;
  gboolean copied = g_file_get_contents (model, &data, &len, NULL) && g_file_set_contents (copy, data, len, NULL);
  tap_ok (copied, "the model is copied to a non-ASCII path");
  g_autofree char *missing = g_build_filename (dir, "naïve-missing.gguf", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (locales); i++) {
    const char *env[] = { locales[i], NULL };
    const char *info[] = { "-m", copy, "--info", NULL };
    CliResult r;
    gboolean ran = cli_run ("tools/draftd-run", info, env, NULL, &r);
    tap_ok (ran && r.status == 0 && strstr (r.out, copy) && strstr (r.out, "architecture  llama") &&
            strstr (r.out, "context") && strstr (r.out, "chat format") && strstr (r.out, "Q8_0"),
            "%s: draftd-run --info on a non-ASCII path prints the path, architecture, types, context and chat format",
            locales[i]);
    cli_result_clear (&r);
    const char *gone[] = { "-m", missing, "-p", "x", NULL };
    ran = cli_run ("tools/draftd-run", gone, env, NULL, &r);
    tap_ok (ran && r.status == 1 && strstr (r.err, "naïve-missing.gguf") && !strchr (r.err, '?'),
            "%s: the error names the missing non-ASCII file correctly: %s", locales[i], ran ? g_strchomp (r.err) : "");
    cli_result_clear (&r);
    const char *tok[] = { "-m", copy, NULL };
    ran = cli_run ("tools/draftd-tokenize", tok, env, "Café “ok”\n", &r);
    tap_ok (ran && r.status == 0 && strlen (r.out) > 2, "%s: draftd-tokenize reads a model at a non-ASCII path", locales[i]);
    cli_result_clear (&r);
  }
}

static void
check_bench_json (const char *model)
{
  g_autofree char *pairs = g_build_filename (test_tmpdir (), "paires «jeu».tsv", NULL);
  g_autofree char *json_path = g_build_filename (test_tmpdir (), "résultats.json", NULL);
  g_file_set_contents (pairs, "She go to school.\tShe went to school.\nLe café était très bon.\tLe café était très bon.\n", -1, NULL);
  const char *env[] = { "LC_ALL=C", NULL };
  const char *args[] = { "-m", model, "--suite", "all", "--pairs", pairs, "--passes", "1,2", "-r", "1", "-n", "4",
                         "--json", json_path, NULL };
  CliResult r;
  gboolean ran = cli_run ("tools/draftd-bench", args, env, NULL, &r);
  note_validation (&r);
  tap_ok (ran && r.status == 0, "draftd-bench runs every suite under LC_ALL=C (status %d)", r.status);
  if (r.status != 0)
    tap_diag ("%s", r.err);
  cli_result_clear (&r);
  g_autofree char *text = NULL;
  g_file_get_contents (json_path, &text, NULL, NULL);
  g_autoptr (JsonNode) root = text ? cli_parse_json (text) : NULL;
  JsonArray *results = root && JSON_NODE_HOLDS_OBJECT (root) ? json_object_get_array_member (json_node_get_object (root), "results") : NULL;
  gboolean suites[4] = { FALSE };
  JsonObject *device = NULL;
  for (guint i = 0; results && i < json_array_get_length (results); i++) {
    JsonObject *o = json_array_get_object_element (results, i);
    const char *suite = json_object_get_string_member (o, "suite");
    suites[0] |= g_str_equal (suite, "forward");
    suites[1] |= g_str_equal (suite, "decode");
    suites[2] |= g_str_equal (suite, "correct");
    if (g_str_equal (suite, "device"))
      suites[3] = (device = o) != NULL;
  }
  tap_ok (suites[0] && suites[1] && suites[2] && suites[3],
          "the bench's JSON parses and holds the device, forward, decode and correct results");
  /* The probe measured something, and the model's weights are what the file's matrices hold.
   * A dispatch's cost is the difference of two timings, which a busy machine can make 0:
   * that it is reported is what is checked, not its size. */
  JsonArray *models = device ? json_object_get_array_member (device, "models") : NULL;
  JsonObject *dm = models && json_array_get_length (models) == 1 ? json_array_get_object_element (models, 0) : NULL;
  gint64 wbytes = dm ? json_object_get_int_member (dm, "weight_bytes") : 0;
  tap_ok (device && json_object_get_double_member (device, "stream_gbps") > 0 &&
          json_object_has_member (device, "dispatch_us") && json_object_get_double_member (device, "dispatch_us") >= 0 && dm &&
          json_object_get_int_member (dm, "dispatches_per_pass") > 6 * 5 && wbytes > 5000000 && wbytes < 8000000,
          "the device suite reports a streaming rate, a dispatch cost and the model's weight bytes (%" G_GINT64_FORMAT ")",
          wbytes);
}

int
main (void)
{
  g_autofree char *model = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  if (!g_file_test (model, G_FILE_TEST_EXISTS))
    return tap_missing_all ("models/draftd-target.gguf is absent");
  for (guint i = 0; i < G_N_ELEMENTS (locales); i++)
    check_run (model, locales[i]);
  check_file_names (model);
  check_bench_json (model);
  tap_ok (validation_lines == 0, "no Vulkan validation messages in the tools' output (%u)", validation_lines);
  return tap_done ();
}
