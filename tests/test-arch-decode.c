/* Lossless decoding on qwen3 and gemma3: greedy speculative decoding (with a Q4_0 copy of
 * the target as assistant), prompt lookup and IAD return exactly the tokens of plain greedy
 * decoding. The gemma3 model's window (6) is far shorter than the outputs, so drafts are
 * verified in passes that straddle it. */
#include <string.h>
#include "lib/decode/decode.h"
#include "tools/random-model.h"
#include "tests/tap.h"
#include "tests/test-util.h"

#define MAX_TOKENS 40

typedef struct {
  DraftdDecodeMode mode;
  const DraftdLm *assistant;
  const GArray *source;  /* IAD's draft, or NULL */
  guint draft_max;
} Run;

static GArray *
run (TestLoaded *t, const GArray *prompt, const Run *how, DraftdDecodeStats *st)
{
  DraftdDecodeParams p;
  draftd_decode_params_init (&p);
  p.mode = how->mode;
  p.max_tokens = MAX_TOKENS;
  p.draft_max = how->draft_max;
  p.draft_p_min = 0.0f;  /* random weights are rarely confident: always draft */
  p.source = how->source ? (const gint32 *) how->source->data : NULL;
  p.n_source = how->source ? how->source->len : 0;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr (GError) error = NULL;
  draftd_runner_truncate (t->runner, 0);
  if (how->assistant)
    draftd_lm_truncate (how->assistant, 0);
  if (!draftd_decode (&t->lm, how->assistant, (const gint32 *) prompt->data, prompt->len, &p, out, st, &error))
    tap_diag ("%s: %s", draftd_decode_mode_name (how->mode), error->message);
  return out;
}

static gboolean
same (const GArray *a, const GArray *b)
{
  return a->len == b->len && memcmp (a->data, b->data, a->len * sizeof (gint32)) == 0;
}

static void
check_arch (DraftdVk *vk, const char *label, DraftdRandomModel spec, DraftdRandomAttention attn)
{
  g_autofree char *tp = g_strdup_printf ("%s/%s-target.gguf", test_tmpdir (), spec.arch);
  g_autofree char *ap = g_strdup_printf ("%s/%s-assistant.gguf", test_tmpdir (), spec.arch);
  gboolean written = draftd_random_model_write_full (&spec, &attn, 0, tp, NULL);
  spec.type = GGML_TYPE_Q4_0;
  written &= draftd_random_model_write_full (&spec, &attn, 0, ap, NULL);
  TestLoaded t = { 0 }, a = { 0 };
  if (!written || !test_load (vk, tp, 128, &t) || !test_load (vk, ap, 128, &a)) {
    tap_ok (FALSE, "%s: models written and loaded", label);
    test_unload (&t);
    return;
  }
  guint n = 0, n_spec = 0, n_lookup = 0, n_iad = 0, rejected = 0;
  for (guint i = 0; i < 3; i++, n++) {
    g_autoptr (GArray) prompt = g_array_new (FALSE, FALSE, sizeof (gint32));
    for (guint k = 0; k < 7; k++) {
      gint32 tok = 300 + (gint32) ((i * 97 + k * 13) % 200);
      g_array_append_val (prompt, tok);
    }
    DraftdDecodeStats st;
    g_autoptr (GArray) plain = run (&t, prompt, &(Run) { DRAFTD_DECODE_PLAIN, NULL, NULL, 16 }, &st);
    g_autoptr (GArray) spec_out = run (&t, prompt, &(Run) { DRAFTD_DECODE_SPECULATIVE, &a.lm, NULL, 8 }, &st);
    rejected += st.drafted - st.accepted;
    g_autoptr (GArray) lookup = run (&t, prompt, &(Run) { DRAFTD_DECODE_LOOKUP, NULL, NULL, 8 }, &st);
    /* IAD from the plain output with every 9th token changed: copies, diverges, re-aligns. */
    g_autoptr (GArray) src = g_array_copy (plain);
    for (guint k = 4; k < src->len; k += 9)
      g_array_index (src, gint32, k) = 300 + (g_array_index (src, gint32, k) * 31) % 200;
    g_autoptr (GArray) iad = run (&t, prompt, &(Run) { DRAFTD_DECODE_IAD, NULL, src, 16 }, &st);
    n_spec += plain->len == MAX_TOKENS && same (plain, spec_out);
    n_lookup += same (plain, lookup);
    n_iad += same (plain, iad);
  }
  tap_ok (n_spec == n && rejected > 0, "%s: speculative == plain greedy on %u/%u prompts (%u rejected drafts)", label,
          n_spec, n, rejected);
  tap_ok (n_lookup == n, "%s: prompt lookup == plain greedy on %u/%u prompts", label, n_lookup, n);
  tap_ok (n_iad == n, "%s: IAD from an edited source == plain greedy on %u/%u prompts", label, n_iad, n);
  test_unload (&a);
  test_unload (&t);
}

int
main (void)
{
  g_autoptr (DraftdVk) vk = test_vk ();
  check_arch (vk, "random qwen3", (DraftdRandomModel) { "qwen3", 128, 256, 2, 4, 2, 600, 128, GGML_TYPE_F32, FALSE, 31 },
              (DraftdRandomAttention) { 48, 0 });
  check_arch (vk, "random gemma3", (DraftdRandomModel) { "gemma3", 128, 256, 6, 4, 1, 600, 128, GGML_TYPE_F32, TRUE, 32 },
              (DraftdRandomAttention) { 48, 6 });
  draftd_vk_free (g_steal_pointer (&vk));
  test_check_validation ();
  return tap_done ();
}
