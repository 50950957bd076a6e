/* Blockwise proposal heads in a GGUF file (lib/model/model.h): a model without them loads as
 * before; draftd-convert --add-heads writes them and the key; they load with the model, its
 * parameter count unchanged; heads of another width are refused with DRAFTD_MODEL_ERROR_HEADS
 * naming the tensor; `draftd-run --info` says whether a file has heads. */
#include <string.h>
#include "lib/model/model.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static gboolean
run_tool (const char *tool, const char *const *args, char **out, char **err)
{
  int status = 0;
  g_autoptr (GError) error = NULL;
  return test_run_tool (tool, args, NULL, out, err, &status, &error) && g_spawn_check_wait_status (status, NULL);
}

static char *
add_heads (const char *in, const char *name, const char *n, const char *dim)
{
  char *out = g_build_filename (test_tmpdir (), name, NULL);
  const char *args[] = { "--add-heads", in, "--random-heads", n, "--heads-dim", dim, "--type", "q8_0", "-o", out, NULL };
  g_autofree char *so = NULL, *se = NULL;
  if (!run_tool ("draftd-convert", args, &so, &se)) {
    tap_diag ("draftd-convert: %s", se ? se : "");
    g_clear_pointer (&out, g_free);
  }
  return out;
}

static char *
info (const char *path)
{
  const char *args[] = { "-m", path, "--info", NULL };
  char *so = NULL;
  g_autofree char *se = NULL;
  if (!run_tool ("draftd-run", args, &so, &se))
    tap_diag ("draftd-run --info: %s", se ? se : "");
  return so;
}

int
main (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *f32 = test_convert_llama2c ("stories260K.bin", "f32", &error);
  if (f32 == NULL)
    return tap_missing_all ("stories260K: ../shared/models absent");
  g_autoptr (DraftdModel) plain = draftd_model_load (f32, &error);
  tap_ok (plain && plain->n_heads == 0 && plain->heads == NULL, "a model without heads loads with none");
  g_autofree char *plain_info = info (f32);
  tap_ok (plain_info && strstr (plain_info, "blockwise     no proposal heads"), "--info: no proposal heads");

  g_autofree char *dim = g_strdup_printf ("%u", plain->config.n_embd);
  g_autofree char *headed = add_heads (f32, "heads-4.gguf", "4", dim);
  g_autoptr (DraftdModel) m = headed ? draftd_model_load (headed, &error) : NULL;
  tap_ok (m && m->n_heads == 4 && m->heads[3] && m->heads[3]->ne[0] == plain->config.n_embd,
          "--add-heads 4: the model loads with 4 heads %s", m ? "" : error ? error->message : "(draftd-convert wrote no file)");
  tap_ok (m && m->n_params == plain->n_params && m->config.n_vocab == plain->config.n_vocab,
          "its parameter count and shape are the model's own (%.3fM)", m ? m->n_params / 1e6 : 0);
  g_autofree char *headed_info = headed ? info (headed) : NULL;
  tap_ok (headed_info && strstr (headed_info, "blockwise     4 proposal heads (Q8_0)"), "--info: 4 proposal heads");

  g_autofree char *narrow = add_heads (f32, "heads-narrow.gguf", "2", "32");
  g_clear_error (&error);
  g_autoptr (DraftdModel) bad = narrow ? draftd_model_load (narrow, &error) : NULL;
  tap_ok (narrow && bad == NULL && g_error_matches (error, DRAFTD_MODEL_ERROR, DRAFTD_MODEL_ERROR_HEADS) &&
              strstr (error->message, "blockwise.0.weight"),
          "heads 32 wide on a %u-wide model are refused: %s", plain->config.n_embd, error ? error->message : "(loaded)");
  g_autofree char *bad_info = NULL;
  if (narrow) {
    const char *args[] = { "-m", narrow, "--info", NULL };
    g_autofree char *so = NULL;
    tap_ok (!run_tool ("draftd-run", args, &so, &bad_info) && bad_info && strstr (bad_info, "blockwise heads do not fit"),
            "--info refuses the file too");
  }
  const char *too_many[] = { "--add-heads", f32, "--random-heads", "16", "-o", "/dev/null", NULL };
  g_autofree char *so = NULL, *se = NULL;
  tap_ok (!run_tool ("draftd-convert", too_many, &so, &se), "--random-heads 16 is a usage error");
  return tap_done ();
}
