/* stories260K converted to GGUF and run greedily reproduces llama2.c's run.c output byte for
 * byte; so does the GGUF written by llama.cpp's own converter. F16 and Q8_0 conversions are
 * measured by argmax agreement with F32 along the F32 greedy path. */
#include <string.h>
#include "tests/tap.h"
#include "tests/test-util.h"

#define PROMPT "Once upon a time"
/* run.c -n 200 runs 200 forward passes, each printing the token it predicts: the
 * sequence holds BOS plus 200 tokens, prompt included. */
#define SEQUENCE 201

static char *
greedy_text (DraftdVk *vk, const char *path, guint n_ctx, GArray *ids_out, GError **error)
{
  g_autoptr (DraftdModel) m = draftd_model_load (path, error);
  if (m == NULL)
    return NULL;
  DraftdRunnerOptions o = { .n_ctx = n_ctx };
  g_autoptr (DraftdRunner) r = draftd_runner_new (vk, m, &o, error);
  if (r == NULL)
    return NULL;
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  if (!draftd_tokenizer_encode (m->tokenizer, PROMPT, -1, TRUE, FALSE, ids, error) ||
      !draftd_runner_forward (r, (gint32 *) ids->data, ids->len, DRAFTD_FORWARD_ARGMAX_ONLY, error))
    return NULL;
  guint n_prompt = ids->len;
  while (ids->len < SEQUENCE) {
    gint32 next = draftd_runner_argmax (r, 0);
    g_array_append_val (ids, next);
    if (ids->len < SEQUENCE && !draftd_runner_forward (r, &next, 1, DRAFTD_FORWARD_ARGMAX_ONLY, error))
      return NULL;
  }
  if (ids_out)
    g_array_append_vals (ids_out, ids->data, ids->len);
  g_autofree char *cont = draftd_tokenizer_decode (m->tokenizer, (gint32 *) ids->data + n_prompt, ids->len - n_prompt, FALSE);
  return g_strconcat (PROMPT, cont, NULL);
}

static double
argmax_agreement (DraftdVk *vk, const char *path, GArray *path_ids)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdModel) m = draftd_model_load (path, &error);
  g_autoptr (DraftdRunner) r = m ? draftd_runner_new (vk, m, NULL, &error) : NULL;
  if (r == NULL || !draftd_runner_forward (r, (gint32 *) path_ids->data, path_ids->len - 1,
                                           DRAFTD_FORWARD_ALL | DRAFTD_FORWARD_ARGMAX_ONLY, &error)) {
    tap_diag ("%s: %s", path, error ? error->message : "?");
    return 0;
  }
  guint agree = 0;
  for (guint i = 0; i + 1 < path_ids->len; i++)
    agree += draftd_runner_argmax (r, i) == g_array_index (path_ids, gint32, i + 1);
  return (double) agree / (path_ids->len - 1);
}

int
main (void)
{
  g_autofree char *golden_path = test_shared_model ("golden/stories260K_greedy_n200_once_upon_a_time.txt");
  if (golden_path == NULL)
    return tap_missing_all ("../shared/models is absent");
  g_autofree char *golden = NULL;
  g_file_get_contents (golden_path, &golden, NULL, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *f32 = test_convert_llama2c ("stories260K.bin", "f32", &error);
  tap_no_error (error, "draftd-convert stories260K.bin -> f32 GGUF");
  if (f32 == NULL)
    return tap_done ();
  g_autoptr (DraftdVk) vk = test_vk ();
  /* run.c prints a newline after the last token. */
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autofree char *text = greedy_text (vk, f32, 0, ids, &error);
  g_autofree char *text_nl = text ? g_strconcat (text, "\n", NULL) : NULL;
  tap_ok (text_nl && g_str_equal (text_nl, golden), "greedy text equals llama2.c's golden output byte for byte");
  if (text_nl && !g_str_equal (text_nl, golden))
    tap_diag ("got: %s", text_nl);

  /* The same through the command-line tool. */
  guint n_gen = SEQUENCE - 5; /* BOS + 4 prompt tokens */
  g_autofree char *n_arg = g_strdup_printf ("%u", n_gen);
  const char *args[] = { "-m", f32, "-p", PROMPT, "-n", n_arg, "--greedy", NULL };
  g_autofree char *out = NULL, *err = NULL;
  int status = -1;
  test_run_tool ("draftd-run", args, NULL, &out, &err, &status, NULL);
  g_autofree char *cli = g_strconcat (PROMPT, out ? out : "", NULL);
  tap_ok (status == 0 && g_str_equal (cli, golden), "draftd-run -n %u --greedy prints the golden continuation", n_gen);

  /* llama.cpp's converter wrote context_length = 128; the model was trained with 512. */
  g_autofree char *lcpp = test_shared_model ("gguf/stories260K-llamacpp.gguf");
  g_autofree char *ltext = greedy_text (vk, lcpp, 512, NULL, &error);
  g_autofree char *ltext_nl = ltext ? g_strconcat (ltext, "\n", NULL) : NULL;
  tap_ok (ltext_nl && g_str_equal (ltext_nl, golden), "llama.cpp-written GGUF gives the golden output");
  if (error)
    tap_diag ("%s", error->message), g_clear_error (&error);

  const char *types[] = { "f16", "q8_0", "q4_0" };
  const double floor_agree[] = { 0.97, 0.85, 0.5 };
  for (guint i = 0; i < G_N_ELEMENTS (types); i++) {
    g_autofree char *p = test_convert_llama2c ("stories260K.bin", types[i], &error);
    double a = p ? argmax_agreement (vk, p, ids) : 0;
    tap_ok (a >= floor_agree[i], "%s: argmax agrees with f32 at %.1f%% of %u positions", types[i], a * 100, ids->len - 1);
    g_clear_error (&error);
  }
  g_autofree char *q80 = test_convert_llama2c ("stories260K_q80.bin", "q8_0", &error);
  double aq = q80 ? argmax_agreement (vk, q80, ids) : 0;
  tap_ok (aq > 0.5, "llama2.c int8 export (v2 'ak42') converts and runs: argmax agrees at %.1f%%", aq * 100);
  g_clear_error (&error);
  draftd_vk_free (g_steal_pointer (&vk));
  test_check_validation ();
  return tap_done ();
}
