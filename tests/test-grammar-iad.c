/* Correction through the grammar driver gives exactly the target's greedy output for every
 * segment of a corpus (IAD vs plain decoding of the same prompt, real weights), whatever
 * the prompt format, and the edits re-apply to the output. */
#include <string.h>
#include "grammar/grammar.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static const char *const corpus[] = {
  "Once upon a time, there was a little girl named Lily. She loved to play outside in the park.",
  "One day, she saw a big red ball. She wanted to play with it, but it was too high.",
  "Lily's mom said, \"Lily, let's go to the park.\" Lily was sad and didn't know what to do.",
  "Tom and Sue was friends. They likes to play with there toys every day!",
  "The cat sat on teh mat 🙂 and the dog barked.\r\nThen they went home.",
  "- a list item that has a eror\n- another item with `code` and https://x.org/y",
};

int
main (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *f32 = test_convert_llama2c ("stories260K.bin", "f32", &error);
  if (f32 == NULL)
    return tap_missing_all ("../shared/models is absent");
  g_autoptr (DraftdVk) vk = test_vk ();
  g_autoptr (DraftdModel) m = draftd_model_load (f32, &error);
  DraftdRunnerOptions o = { .n_ctx = 512 };
  g_autoptr (DraftdRunner) r = draftd_runner_new (vk, m, &o, &error);
  DraftdLm lm = draftd_lm_for_runner (r);
  g_autoptr (GArray) cached = g_array_new (FALSE, FALSE, sizeof (gint32));
  struct {
    const char *label, *tmpl, *end;
  } formats[] = { { "transcript format", NULL, NULL }, { "the model's own template", "{text}\n", "\n" } };
  for (guint fi = 0; fi < G_N_ELEMENTS (formats); fi++) {
    DraftdGrammarContext ctx = { &lm, m->tokenizer, cached, DRAFTD_CHAT_PLAIN, formats[fi].tmpl, NULL, formats[fi].end, 16, 2 };
    guint equal = 0, applied_ok = 0, passes = 0, greedy_passes = 0, tokens = 0;
    for (guint i = 0; i < G_N_ELEMENTS (corpus); i++) {
      DraftdGrammarRequest req = { .compare_greedy = TRUE };
      DraftdGrammarStats st;
      g_autoptr (GArray) edits = draftd_grammar_edits_new ();
      g_autofree char *out = draftd_grammar_run (&ctx, corpus[i], &req, edits, &st, &error);
      if (out == NULL) {
        tap_diag ("%s", error->message);
        g_clear_error (&error);
        continue;
      }
      equal += st.greedy_equal;
      passes += st.target_passes;
      greedy_passes += st.greedy_passes;
      tokens += st.output_tokens;
      g_autofree guint32 *off = g_new (guint32, edits->len + 1), *len = g_new (guint32, edits->len + 1);
      g_autofree const char **rep = g_new (const char *, edits->len + 1);
      for (guint k = 0; k < edits->len; k++) {
        DraftdGrammarEdit *e = &g_array_index (edits, DraftdGrammarEdit, k);
        off[k] = draftd_grammar_offset_convert (corpus[i], e->start, DRAFTD_GRAMMAR_UNIT_UTF16);
        len[k] = draftd_grammar_offset_convert (corpus[i], e->end, DRAFTD_GRAMMAR_UNIT_UTF16) - off[k];
        rep[k] = e->replacement;
      }
      g_autofree char *applied = draftd_grammar_apply_edits (corpus[i], off, len, rep, edits->len, DRAFTD_GRAMMAR_UNIT_UTF16);
      applied_ok += applied && g_str_equal (applied, out);
    }
    guint n = G_N_ELEMENTS (corpus);
    tap_ok (equal == n, "%s: IAD output equals plain greedy on %u/%u texts (%u vs %u passes for %u tokens)", formats[fi].label,
            equal, n, passes, greedy_passes, tokens);
    tap_ok (applied_ok == n, "%s: UTF-16 edits re-apply to the output on %u/%u texts", formats[fi].label, applied_ok, n);
  }
  g_clear_pointer (&r, draftd_runner_free);
  draftd_vk_free (g_steal_pointer (&vk));
  test_check_validation ();
  return tap_done ();
}
