/* Issue 25: draft models on a directory holding a target with a compatible assistant, an
 * assistant of another vocabulary, a broken file and an unfinished download: each model's
 * facts, the one pair, the broken file with its reason, the download apart, no daemon needed. */
#include <glib/gstdio.h>
#include <string.h>
#include "tests/cli-run.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static gboolean
copy (const char *from, const char *dir, const char *name, gsize truncate)
{
  g_autofree char *data = NULL, *to = g_build_filename (dir, name, NULL);
  gsize n;
  return g_file_get_contents (from, &data, &n, NULL) && g_file_set_contents (to, data, truncate ? MIN (n, truncate) : n, NULL);
}

static JsonObject *
model (JsonArray *models, const char *file)
{
  for (guint i = 0; i < json_array_get_length (models); i++) {
    JsonObject *o = json_array_get_object_element (models, i);
    if (g_str_equal (json_object_get_string_member (o, "file"), file))
      return o;
  }
  return NULL;
}

static void
check_json (const char *json)
{
  g_autoptr (JsonNode) root = cli_parse_json (json);
  JsonObject *o = root ? json_node_get_object (root) : NULL;
  JsonArray *models = o ? json_object_get_array_member (o, "models") : NULL;
  JsonObject *t = models ? model (models, "target.gguf") : NULL, *a = models ? model (models, "assistant.gguf") : NULL;
  JsonObject *other = models ? model (models, "other-vocab.gguf") : NULL, *broken = models ? model (models, "broken.gguf") : NULL;
  tap_ok (models && json_array_get_length (models) == 4 && t && a && other && broken, "all four files are listed");
  if (!(t && a && other && broken))
    return;
  tap_ok (g_str_equal (json_object_get_string_member (t, "architecture"), "llama") &&
          json_object_get_int_member (t, "parameters") > 5000000 && json_object_get_int_member (t, "context") == 256 &&
          g_str_equal (json_object_get_string_member (t, "type"), "Q8_0") && json_object_has_member (t, "chat_format"),
          "the target's architecture, parameters, type, context and chat format");
  tap_ok (json_object_get_int_member (t, "vocabulary") == json_object_get_int_member (a, "vocabulary") &&
          json_object_get_int_member (t, "vocabulary") != json_object_get_int_member (other, "vocabulary"),
          "the assistant shares the target's vocabulary, the other model does not");
  JsonArray *pairs = json_object_get_array_member (o, "pairs");
  JsonObject *p = json_array_get_length (pairs) == 1 ? json_array_get_object_element (pairs, 0) : NULL;
  tap_ok (p && g_str_equal (json_object_get_string_member (p, "target"), "target.gguf") &&
          g_str_equal (json_object_get_string_member (p, "assistant"), "assistant.gguf"), "exactly one pair: target + assistant");
  tap_ok (json_object_has_member (broken, "error") && strstr (json_object_get_string_member (broken, "error"), "past the end"),
          "the broken file says why");
  tap_ok (json_object_get_null_member (o, "running"), "no daemon: running is null");
  JsonArray *unfinished = json_object_get_array_member (o, "unfinished");
  JsonObject *u = json_array_get_length (unfinished) == 1 ? json_array_get_object_element (unfinished, 0) : NULL;
  tap_ok (u && g_str_equal (json_object_get_string_member (u, "file"), "half.gguf") &&
          json_object_get_int_member (u, "bytes") == 1000, "an unfinished download is listed apart, with its size so far");
}

int
main (void)
{
  g_autofree char *target = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  g_autofree char *assistant = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-assistant.gguf", NULL);
  g_autofree char *other = test_shared_model ("gguf/stories260K-llamacpp.gguf");
  if (other == NULL)
    return tap_missing_all ("../shared/models/gguf/stories260K-llamacpp.gguf is absent");
  g_autofree char *home = g_build_filename (test_tmpdir (), "data", NULL);
  g_autofree char *dir = g_build_filename (home, "draftd", "models", NULL);
  g_mkdir_with_parents (dir, 0755);
  if (!copy (target, dir, "target.gguf", 0) || !copy (assistant, dir, "assistant.gguf", 0) ||
      !copy (other, dir, "other-vocab.gguf", 0) || !copy (target, dir, "broken.gguf", 100000) ||
      !copy (target, dir, "half.gguf.part", 1000)) {
    tap_ok (FALSE, "the models directory is set up");
    return tap_done ();
  }
  g_autofree char *xdg = g_strdup_printf ("XDG_DATA_HOME=%s", home);
  const char *env[] = { xdg, "DBUS_SESSION_BUS_ADDRESS", NULL };
  CliResult r;
  if (cli_run ("client/draft", (const char *[]) { "models", "--json", NULL }, env, NULL, &r)) {
    tap_ok (r.status == 0, "draft models --json succeeds without a daemon (status %d)", r.status);
    check_json (r.out);
    cli_result_clear (&r);
  }
  if (cli_run ("client/draft", (const char *[]) { "models", NULL }, env, NULL, &r)) {
    tap_ok (r.status == 0 && strstr (r.out, "draft use target.gguf --assistant assistant.gguf") &&
            strstr (r.out, "broken.gguf") && strstr (r.out, "broken:") && strstr (r.out, "draftd is not running") &&
            strstr (r.out, "Unfinished downloads") && strstr (r.out, "half.gguf"),
            "the table shows the pair as a command, the broken file, the unfinished one, and that draftd is not running");
    tap_diag ("%s", r.out);
    cli_result_clear (&r);
  }
  const char *names[] = { "target.gguf", "assistant.gguf", "other-vocab.gguf", "broken.gguf", "half.gguf.part" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
    g_autofree char *p = g_build_filename (dir, names[i], NULL);
    g_unlink (p);
  }
  g_autofree char *parent = g_path_get_dirname (dir);
  g_rmdir (dir);
  g_rmdir (parent);
  g_rmdir (home);
  return tap_done ();
}
