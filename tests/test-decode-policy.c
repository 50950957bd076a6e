/* The keep policy is lossless under IAD: with a keep bias and forced source tokens, IAD's
 * output equals the same policy decoded one token at a time (PLAIN given the same source),
 * for blocks of 4 and 16, on the shipped default target and on a random-weight model. The
 * policy must also bite: it holds source tokens the argmax would replace, so its output
 * differs from plain greedy somewhere. */
#include <string.h>
#include "lib/decode/decode.h"
#include "tools/random-model.h"
#include "tests/tap.h"
#include "tests/test-util.h"

typedef struct {
  const GArray *source;
  const guint8 *forced;
  float keep_bias;
} Policy;

static GArray *
decode (TestLoaded *t, const GArray *prompt, DraftdDecodeMode mode, const Policy *pol, guint block, DraftdDecodeStats *st)
{
  DraftdDecodeParams p;
  draftd_decode_params_init (&p);
  p.mode = mode;
  p.max_tokens = pol->source->len + 12;
  p.draft_max = block;
  p.source = (const gint32 *) pol->source->data;
  p.n_source = pol->source->len;
  p.forced = pol->forced;
  p.keep_bias = pol->keep_bias;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr (GError) error = NULL;
  draftd_runner_truncate (t->runner, 0);
  if (!draftd_decode (&t->lm, NULL, (const gint32 *) prompt->data, prompt->len, &p, out, st, &error))
    tap_diag ("decode: %s", error->message);
  return out;
}

static gboolean
same (const GArray *a, const GArray *b)
{
  return a->len == b->len && memcmp (a->data, b->data, a->len * sizeof (gint32)) == 0;
}

typedef struct {
  guint cases, equal, differs_from_greedy, kept;
} Tally;

/* One prompt and source under several policies: IAD (blocks 4, 16) against PLAIN. */
static void
check_case (TestLoaded *t, const GArray *prompt, const GArray *source, Tally *tally)
{
  g_autofree guint8 *forced = g_new0 (guint8, source->len);
  for (guint i = 2; i < source->len; i += 5)
    forced[i] = 1;
  const Policy greedy = { source, NULL, 0 };
  DraftdDecodeStats st;
  g_autoptr (GArray) plain_greedy = decode (t, prompt, DRAFTD_DECODE_PLAIN, &greedy, 1, &st);
  const Policy policies[] = { { source, NULL, 0.5f }, { source, NULL, 3.0f }, { source, forced, 1.0f }, { source, forced, 0 } };
  for (guint k = 0; k < G_N_ELEMENTS (policies); k++) {
    g_autoptr (GArray) plain = decode (t, prompt, DRAFTD_DECODE_PLAIN, &policies[k], 1, &st);
    tally->kept += st.kept;
    g_autoptr (GArray) iad4 = decode (t, prompt, DRAFTD_DECODE_IAD, &policies[k], 4, &st);
    g_autoptr (GArray) iad16 = decode (t, prompt, DRAFTD_DECODE_IAD, &policies[k], 16, &st);
    tally->cases++;
    tally->equal += same (plain, iad4) && same (plain, iad16);
    tally->differs_from_greedy += !same (plain, plain_greedy);
  }
}

/* A source that differs from the model's own output: a few tokens replaced. */
static GArray *
edited (const GArray *tokens, guint every, guint n_vocab)
{
  GArray *src = g_array_copy ((GArray *) tokens);
  for (guint k = 3; k < src->len; k += every)
    g_array_index (src, gint32, k) = 5 + (g_array_index (src, gint32, k) * 31) % (n_vocab - 10);
  return src;
}

static void
check_shipped (DraftdVk *vk)
{
  g_autofree char *path = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  TestLoaded t;
  if (!test_load (vk, path, 0, &t))
    return;
  g_autofree char *tmpl = draftd_gguf_get_string (t.model->file, "draftd.prompt.correct", NULL);
  static const char *const sentences[] = {
    "She go to school yesterday and buyed two book .", "Tom and Sue was friends , they likes to play .",
    "I don’t think it’s ready , said the man at the Café Müller .", "The results of the survey shows that most people is happy .",
  };
  Tally tally = { 0 };
  guint n_vocab = draftd_lm_n_vocab (&t.lm);
  for (guint i = 0; i < G_N_ELEMENTS (sentences); i++) {
    g_autoptr (GString) prompt_text = g_string_new (tmpl ? tmpl : "Correct: {text}\n");
    g_string_replace (prompt_text, "{text}", sentences[i], 0);
    g_autoptr (GArray) prompt = g_array_new (FALSE, FALSE, sizeof (gint32));
    g_autoptr (GArray) text = g_array_new (FALSE, FALSE, sizeof (gint32));
    draftd_tokenizer_encode (t.model->tokenizer, prompt_text->str, -1, TRUE, TRUE, prompt, NULL);
    draftd_tokenizer_encode (t.model->tokenizer, sentences[i], -1, FALSE, FALSE, text, NULL);
    check_case (&t, prompt, text, &tally);
    g_autoptr (GArray) noisy = edited (text, 4, n_vocab);
    check_case (&t, prompt, noisy, &tally);
  }
  tap_ok (tally.equal == tally.cases, "shipped target: policy IAD (blocks 4, 16) == policy token by token in %u/%u cases",
          tally.equal, tally.cases);
  tap_ok (tally.differs_from_greedy > 0 && tally.kept > 0,
          "shipped target: the policy held %u source tokens against the argmax; %u outputs differ from plain greedy", tally.kept,
          tally.differs_from_greedy);
  test_unload (&t);
}

static void
check_random (DraftdVk *vk)
{
  DraftdRandomModel s = { "llama", 256, 512, 2, 8, 4, 2000, 256, GGML_TYPE_F32, FALSE, 33 };
  g_autofree char *path = g_build_filename (test_tmpdir (), "policy.gguf", NULL);
  draftd_random_model_write (&s, path, NULL);
  TestLoaded t;
  if (!test_load (vk, path, 256, &t))
    return;
  Tally tally = { 0 };
  for (guint i = 0; i < 4; i++) {
    g_autoptr (GArray) prompt = g_array_new (FALSE, FALSE, sizeof (gint32));
    for (guint k = 0; k < 6; k++) {
      gint32 tok = 100 + (i * 97 + k * 13) % 1500;
      g_array_append_val (prompt, tok);
    }
    DraftdDecodeStats st;
    g_autoptr (GArray) own_src = g_array_new (FALSE, FALSE, sizeof (gint32));
    gint32 zero = 1;
    g_array_append_val (own_src, zero);
    const Policy none = { own_src, NULL, 0 };
    g_autoptr (GArray) own = decode (&t, prompt, DRAFTD_DECODE_PLAIN, &none, 1, &st);
    g_autoptr (GArray) source = edited (own, 3 + i, 2000);
    check_case (&t, prompt, source, &tally);
  }
  tap_ok (tally.equal == tally.cases, "random dim-256 model: policy IAD == policy token by token in %u/%u cases", tally.equal,
          tally.cases);
  tap_ok (tally.differs_from_greedy > 0 && tally.kept > 0, "random model: the policy held %u tokens; %u outputs differ from greedy",
          tally.kept, tally.differs_from_greedy);
  test_unload (&t);
}

int
main (void)
{
  g_autoptr (DraftdVk) vk = test_vk ();
  check_shipped (vk);
  check_random (vk);
  draftd_vk_free (g_steal_pointer (&vk));
  test_check_validation ();
  return tap_done ();
}
