/* The compute pipelines belong to the device: two models on one device share them, and a
 * weight form's kernels are built only once a model with that form is loaded. Checked on the
 * shipped target and assistant (Q8_0 matrices) and a Q4_0 file from ../shared. */
#include "tests/tap.h"
#include "tests/test-util.h"
#include "lib/vk/vk-kernels.h"

static guint
built_forms (const DraftdKernels *k, GString *names)
{
  static const char *const form[DRAFTD_N_WTYPES] = { "f32", "f16", "q8_0", "q4_0", "bf16", "u4sm", "i8s", "i8sm" };
  guint n = 0;
  g_string_truncate (names, 0);
  for (guint t = 0; t < DRAFTD_N_WTYPES; t++)
    if (k->have_wtype[t]) {
      g_string_append_printf (names, "%s%s", n ? " " : "", form[t]);
      n++;
    }
  return n;
}

/* The on-disk pipeline cache: another device's (or a damaged) file is ignored, and the kernels
 * build and run as without it. */
static void
check_pipeline_cache (void)
{
  g_autofree char *dir = g_build_filename (test_tmpdir (), "pipeline-cache", NULL);
  g_mkdir_with_parents (dir, 0700);
  g_setenv ("DRAFTD_PIPELINE_CACHE_DIR", dir, TRUE);
  g_autoptr (DraftdVk) vk = test_vk ();
  g_autofree char *name = g_strdup_printf ("pipelines-%04x-%04x.bin", vk->props.vendorID, vk->props.deviceID);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  /* A header of version one naming another device, then noise. */
  guint32 junk[64] = { 32 + 224, VK_PIPELINE_CACHE_HEADER_VERSION_ONE, 0xdead, 0xbeef };
  for (guint i = 4; i < G_N_ELEMENTS (junk); i++)
    junk[i] = i * 2654435761u;
  g_file_set_contents (path, (const char *) junk, sizeof junk, NULL);
  g_autoptr (GError) error = NULL;
  DraftdKernels *k = draftd_kernels_for_device (vk, &error);
  tap_ok (k && !k->cache.loaded && draftd_kernels_need_wtype (k, DRAFTD_WTYPE_Q8_0, &error),
          "a pipeline cache file of another device is ignored and the kernels build%s%s", error ? ": " : "",
          error ? error->message : "");
  g_unsetenv ("DRAFTD_PIPELINE_CACHE_DIR");
}

int
main (void)
{
  g_autoptr (DraftdVk) vk = test_vk ();
  g_autofree char *target = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  g_autofree char *assistant = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-assistant.gguf", NULL);
  g_autoptr (GString) names = g_string_new (NULL);
  tap_ok (vk->kernels == NULL, "a fresh device has built no kernels");
  TestLoaded t, a, q;
  if (!test_load (vk, target, 64, &t))
    return tap_done ();
  const DraftdKernels *k = vk->kernels;
  tap_ok (k != NULL && built_forms (k, names) == 1 && k->have_wtype[DRAFTD_WTYPE_Q8_0],
          "loading the target builds its one weight form's kernels: %s", names->str);
  if (!test_load (vk, assistant, 64, &a))
    return tap_done ();
  tap_ok (vk->kernels == k && built_forms (k, names) == 1, "the assistant shares them: still %s", names->str);
  g_autofree char *q4 = test_shared_model ("reference/draftd-target-Q4_0.gguf");
  if (q4 == NULL) {
    tap_missing ("Q4_0 file: ../shared/models absent");
  } else if (test_load (vk, q4, 64, &q)) {
    tap_ok (vk->kernels == k && k->have_wtype[DRAFTD_WTYPE_Q4_0] && built_forms (k, names) >= 2,
            "a Q4_0 model adds its form's kernels: %s", names->str);
    test_unload (&q);
  }
  /* The models still run after another one came and went. */
  gint32 bos = 1;
  g_autoptr (GError) error = NULL;
  gboolean ran = draftd_runner_forward (t.runner, &bos, 1, DRAFTD_FORWARD_ARGMAX_ONLY, &error) &&
                 draftd_runner_forward (a.runner, &bos, 1, DRAFTD_FORWARD_ARGMAX_ONLY, &error);
  tap_ok (ran, "both models still run on the shared kernels%s%s", error ? ": " : "", error ? error->message : "");
  test_unload (&a);
  test_unload (&t);
  check_pipeline_cache ();
  test_check_validation ();
  return tap_done ();
}
