/* Lossless: greedy speculative decoding, prompt lookup and IAD return exactly the tokens of
 * plain greedy decoding, on real weights (stories260K target; its int8 export and a Q4_0
 * copy as assistants) and on random-weight models wider than it. Also: cancellation
 * between iterations leaves both caches consistent for the next job. */
#include <string.h>
#include "lib/decode/decode.h"
#include "tools/random-model.h"
#include "tests/tap.h"
#include "tests/test-util.h"


static gboolean
eog (gint32 t, gpointer user)
{
  return draftd_tokenizer_is_eog (user, t);
}

static float draft_p_min = 0.4f;

static GArray *
decode (TestLoaded *t, TestLoaded *a, GArray *prompt, DraftdDecodeMode mode, const gint32 *source, guint n_source, guint max,
        guint draft_max, DraftdDecodeStats *st)
{
  DraftdDecodeParams p;
  draftd_decode_params_init (&p);
  p.mode = mode;
  p.max_tokens = max;
  p.draft_max = draft_max;
  p.draft_p_min = draft_p_min;
  p.source = source;
  p.n_source = n_source;
  p.is_eog = eog;
  p.is_eog_data = t->model->tokenizer;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr (GError) error = NULL;
  /* Each job starts from empty caches, as a fresh request would. */
  draftd_runner_truncate (t->runner, 0);
  if (a)
    draftd_runner_truncate (a->runner, 0);
  if (!draftd_decode (&t->lm, a ? &a->lm : NULL, (gint32 *) prompt->data, prompt->len, &p, out, st, &error))
    tap_diag ("decode: %s", error->message);
  return out;
}

typedef struct {
  GCancellable *cancellable;
  guint seen;
} CancelAfter;

static gboolean
cancel_after_ten (const gint32 *tokens, guint n, gpointer user)
{
  CancelAfter *c = user;
  c->seen += n;
  if (c->seen > 10)
    g_cancellable_cancel (c->cancellable);
  return TRUE;
}

static gboolean
same (GArray *a, GArray *b)
{
  return a->len == b->len && memcmp (a->data, b->data, a->len * sizeof (gint32)) == 0;
}

static GArray *
encode (TestLoaded *t, const char *text, gboolean bos)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  draftd_tokenizer_encode (t->model->tokenizer, text, -1, bos, FALSE, ids, NULL);
  return ids;
}

/* Up to the context limit: a 64-position runner stops at the same token in every mode. */
static void
check_context_limit (DraftdVk *vk, const char *f32, TestLoaded *a80)
{
  TestLoaded ts;
  if (test_load (vk, f32, 64, &ts)) {
    g_autoptr (GArray) prompt = encode (&ts, "Once upon a time", TRUE);
    DraftdDecodeStats st;
    g_autoptr (GArray) plain = decode (&ts, NULL, prompt, DRAFTD_DECODE_PLAIN, NULL, 0, 0, 16, &st);
    g_autoptr (GArray) spec = decode (&ts, a80, prompt, DRAFTD_DECODE_SPECULATIVE, NULL, 0, 0, 16, &st);
    g_autoptr (GArray) iad = decode (&ts, NULL, prompt, DRAFTD_DECODE_IAD, (gint32 *) plain->data, plain->len, 0, 16, &st);
    tap_ok (plain->len == 64 - prompt->len + 1 && same (plain, spec) && same (plain, iad),
            "at the context limit all modes stop on the same %u tokens", plain->len);
    test_unload (&ts);
  }
}

/* Cancel a speculative job after its first tokens; the next job must equal a fresh one. */
static void
check_cancel (TestLoaded *t, TestLoaded *a80)
{
  g_autoptr (GArray) prompt = encode (t, "Once upon a time", TRUE);
  g_autoptr (GCancellable) c = g_cancellable_new ();
  DraftdDecodeParams p;
  draftd_decode_params_init (&p);
  p.mode = DRAFTD_DECODE_SPECULATIVE;
  p.max_tokens = 100;
  p.cancellable = c;
  CancelAfter ca = { c, 0 };
  p.on_tokens = cancel_after_ten;
  p.on_tokens_data = &ca;
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr (GError) e = NULL;
  draftd_runner_truncate (t->runner, 0);
  draftd_runner_truncate (a80->runner, 0);
  gboolean ok = draftd_decode (&t->lm, &a80->lm, (gint32 *) prompt->data, prompt->len, &p, out, NULL, &e);
  gboolean consistent = draftd_runner_n_past (t->runner) <= prompt->len + out->len &&
                        draftd_runner_n_past (a80->runner) <= prompt->len + out->len;
  tap_ok (!ok && g_error_matches (e, G_IO_ERROR, G_IO_ERROR_CANCELLED) && out->len < 100 && consistent,
          "cancelled between iterations after %u tokens; caches hold only accepted tokens", out->len);
  /* Continue the same conversation with the cached prefix: equals a from-scratch run. */
  g_autoptr (GArray) cont = g_array_copy (prompt);
  g_array_append_vals (cont, out->data, out->len);
  DraftdDecodeParams p2;
  draftd_decode_params_init (&p2);
  p2.mode = DRAFTD_DECODE_SPECULATIVE;
  p2.max_tokens = 30;
  g_autoptr (GArray) reused = g_array_new (FALSE, FALSE, sizeof (gint32));
  draftd_decode (&t->lm, &a80->lm, (gint32 *) cont->data, cont->len, &p2, reused, NULL, NULL);
  DraftdDecodeStats st;
  g_autoptr (GArray) fresh = decode (t, NULL, cont, DRAFTD_DECODE_PLAIN, NULL, 0, 30, 16, &st);
  tap_ok (same (reused, fresh), "after a cancel, the next job on the kept caches equals a fresh plain run");
}

static void
check_real (DraftdVk *vk)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *f32 = test_convert_llama2c ("stories260K.bin", "f32", &error);
  g_autofree char *q80 = f32 ? test_convert_llama2c ("stories260K_q80.bin", "q8_0", &error) : NULL;
  g_autofree char *q4 = f32 ? test_convert_llama2c ("stories260K.bin", "q4_0", &error) : NULL;
  if (!f32 || !q80 || !q4) {
    tap_missing ("stories260K: ../shared/models absent");
    return;
  }
  TestLoaded t, a80, a4;
  if (!test_load (vk, f32, 512, &t) || !test_load (vk, q80, 512, &a80) || !test_load (vk, q4, 512, &a4))
    return;
  static const char *const prompts[] = {
    "Once upon a time", "Lily and Ben", "The cat", "One day, a little bird", "Tom had a red ball. He",
    "Sara wanted to", "In the park", "The sun was hot and",
  };
  guint n_same_spec = 0, n_same_spec4 = 0, n_same_lookup = 0, n_same_iad = 0, n = 0;
  guint spec_passes = 0, spec_tokens = 0, iad_passes = 0, iad_tokens = 0, rejections = 0;
  for (guint i = 0; i < G_N_ELEMENTS (prompts); i++) {
    g_autoptr (GArray) prompt = encode (&t, prompts[i], TRUE);
    DraftdDecodeStats st;
    g_autoptr (GArray) plain = decode (&t, NULL, prompt, DRAFTD_DECODE_PLAIN, NULL, 0, 120, 16, &st);
    g_autoptr (GArray) spec = decode (&t, &a80, prompt, DRAFTD_DECODE_SPECULATIVE, NULL, 0, 120, 16, &st);
    spec_passes += st.target_passes + 1, spec_tokens += st.generated;
    g_autoptr (GArray) spec4 = decode (&t, &a4, prompt, DRAFTD_DECODE_SPECULATIVE, NULL, 0, 120, 16, &st);
    rejections += st.drafted - st.accepted;
    g_autoptr (GArray) look = decode (&t, NULL, prompt, DRAFTD_DECODE_LOOKUP, NULL, 0, 120, 8, &st);
    /* IAD: the source is the plain output with a few tokens changed (edits to re-align after). */
    g_autoptr (GArray) src = g_array_copy (plain);
    for (guint k = 5; k < src->len; k += 17)
      g_array_index (src, gint32, k) = 3 + (g_array_index (src, gint32, k) * 31) % 500;
    g_autoptr (GArray) iad = decode (&t, NULL, prompt, DRAFTD_DECODE_IAD, (gint32 *) src->data, src->len, 120, 16, &st);
    iad_passes += st.target_passes + 1, iad_tokens += st.generated;
    /* Small blocks (4) exercise many block boundaries. */
    g_autoptr (GArray) iad4 = decode (&t, NULL, prompt, DRAFTD_DECODE_IAD, (gint32 *) src->data, src->len, 120, 4, &st);
    n++;
    n_same_spec += same (plain, spec);
    n_same_spec4 += same (plain, spec4);
    n_same_lookup += same (plain, look);
    n_same_iad += same (plain, iad) && same (plain, iad4);
  }
  tap_ok (n_same_spec == n, "speculative (int8 assistant) == plain greedy on %u/%u prompts (%.2f passes/token)",
          n_same_spec, n, (double) spec_passes / spec_tokens);
  tap_ok (n_same_spec4 == n && rejections > 0, "speculative (Q4_0 assistant, %u rejected drafts) == plain on %u/%u",
          rejections, n_same_spec4, n);
  tap_ok (n_same_lookup == n, "prompt lookup == plain greedy on %u/%u prompts", n_same_lookup, n);
  tap_ok (n_same_iad == n, "IAD from an edited source == plain greedy on %u/%u prompts (%.2f passes/token)", n_same_iad,
          n, (double) iad_passes / iad_tokens);

  check_context_limit (vk, f32, &a80);
  check_cancel (&t, &a80);
  test_unload (&a4);
  test_unload (&a80);
  test_unload (&t);
}

static void
check_random (DraftdVk *vk)
{
  /* A wider random model as target and its Q8_0 copy (same seed) as assistant. */
  DraftdRandomModel s = { "llama", 512, 1024, 2, 8, 4, 4000, 256, GGML_TYPE_F32, FALSE, 21 };
  g_autofree char *tp = g_build_filename (test_tmpdir (), "rt.gguf", NULL);
  g_autofree char *ap = g_build_filename (test_tmpdir (), "ra.gguf", NULL);
  draftd_random_model_write (&s, tp, NULL);
  s.type = GGML_TYPE_Q4_0;
  draftd_random_model_write (&s, ap, NULL);
  TestLoaded t, a;
  if (!test_load (vk, tp, 256, &t) || !test_load (vk, ap, 256, &a))
    return;
  guint n_same = 0, n = 0, rejected = 0;
  draft_p_min = 0.0f; /* draft always: random weights are rarely confident */
  for (guint i = 0; i < 4; i++) {
    g_autoptr (GArray) prompt = g_array_new (FALSE, FALSE, sizeof (gint32));
    for (guint k = 0; k < 6; k++) {
      gint32 tok = 300 + (i * 97 + k * 13) % 3000;
      g_array_append_val (prompt, tok);
    }
    DraftdDecodeStats st;
    g_autoptr (GArray) plain = decode (&t, NULL, prompt, DRAFTD_DECODE_PLAIN, NULL, 0, 48, 16, &st);
    g_autoptr (GArray) spec = decode (&t, &a, prompt, DRAFTD_DECODE_SPECULATIVE, NULL, 0, 48, 16, &st);
    rejected += st.drafted - st.accepted;
    g_autoptr (GArray) iad = decode (&t, NULL, prompt, DRAFTD_DECODE_IAD, (gint32 *) plain->data, plain->len / 2, 48, 16, &st);
    n++;
    n_same += same (plain, spec) && same (plain, iad);
  }
  tap_ok (n_same == n, "random dim-512 model: speculative and IAD == plain on %u/%u prompts (%u rejected drafts)",
          n_same, n, rejected);
  test_unload (&a);
  test_unload (&t);
}

int
main (void)
{
  g_autoptr (DraftdVk) vk = test_vk ();
  check_real (vk);
  check_random (vk);
  draftd_vk_free (g_steal_pointer (&vk));
  test_check_validation ();
  return tap_done ();
}
