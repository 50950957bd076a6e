/* Lossless: blockwise parallel decoding (the target's proposal heads draft, the pass that
 * verifies a block proposes the next) and IAD with heads after a divergence return exactly
 * plain greedy's tokens. Scripted models pin the combined pass (a block of heads + 1 tokens
 * a pass with right guesses, rollback past wrong ones, max_tokens, the refusal without
 * heads); real weights with heads (stories260K and random heads from draftd-convert) check
 * the runtime's proposals and the output, in a single sequence and beside others in a
 * batched pass. */
#include <string.h>
#include "lib/decode/decode.h"
#include "tests/scripted-lm.h"
#include "tests/tap.h"
#include "tests/test-util.h"

typedef struct {
  guint heads, miss, max_tokens, draft_max;
  DraftdDecodeMode mode;
  const gint32 *source;
  guint n_source;
} ScriptRun;

static GArray *
run_scripted (const ScriptRun *sr, const gint32 *script, guint n_script, DraftdDecodeStats *st, GError **error)
{
  ScriptedLm t;
  scripted_lm_start (&t, script, n_script, 256);
  t.n_heads = sr->heads;
  t.head_miss = sr->miss;
  DraftdLm tl = scripted_lm (&t);
  DraftdDecodeParams p;
  scripted_decode_params (&p, sr->mode);
  p.max_tokens = sr->max_tokens;
  p.draft_max = sr->draft_max ? sr->draft_max : 16;
  p.source = sr->source;
  p.n_source = sr->n_source;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (gint32));
  if (!draftd_decode (&tl, NULL, scripted_prompt, SCRIPTED_N_PROMPT, &p, out, st, error))
    g_clear_pointer (&out, g_array_unref);
  scripted_lm_clear (&t);
  return out;
}

static void
check_scripted_blockwise (const gint32 *script, guint n)
{
  DraftdDecodeStats st;
  /* Right guesses: the prompt's pass gives one token and 3 guesses; every later pass
   * verifies 3 and adds the next, 4 tokens, until the end marker. */
  g_autoptr (GArray) right = run_scripted (&(ScriptRun) { 3, 0, 0, 0, DRAFTD_DECODE_BLOCKWISE, NULL, 0 }, script, n, &st, NULL);
  guint expect = 1 + (n + 1 - 1 + 3) / 4;  /* the script and EOS, 1 in the first pass, 4 after */
  tap_ok (scripted_equals (right, script, n) && st.target_passes + st.prompt_passes == expect && st.head_accepted == st.head_drafted &&
              st.head_drafted > 0,
          "right guesses: the script in %u passes (%u expected), all %u guesses accepted",
          st.target_passes + st.prompt_passes, expect, st.head_drafted);
  g_autoptr (GArray) missed = run_scripted (&(ScriptRun) { 3, 5, 0, 0, DRAFTD_DECODE_BLOCKWISE, NULL, 0 }, script, n, &st, NULL);
  tap_ok (scripted_equals (missed, script, n) && st.head_accepted < st.head_drafted && st.head_accepted > 0,
          "a wrong guess every 5 tokens: still the script, %u of %u guesses accepted in %u passes", st.head_accepted,
          st.head_drafted, st.target_passes + st.prompt_passes);
  g_autoptr (GArray) capped = run_scripted (&(ScriptRun) { 3, 0, 7, 0, DRAFTD_DECODE_BLOCKWISE, NULL, 0 }, script, n, &st, NULL);
  tap_ok (scripted_equals (capped, script, 7), "max_tokens 7: the script's first 7 tokens (%u)", capped ? capped->len : 0);
  g_autoptr (GArray) short_block = run_scripted (&(ScriptRun) { 3, 0, 0, 1, DRAFTD_DECODE_BLOCKWISE, NULL, 0 }, script, n, &st, NULL);
  tap_ok (scripted_equals (short_block, script, n) && st.drafted <= st.target_passes,
          "draft_max 1 drafts one guess a pass (%u drafts in %u passes)", st.drafted, st.target_passes);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) none = run_scripted (&(ScriptRun) { 0, 0, 0, 0, DRAFTD_DECODE_BLOCKWISE, NULL, 0 }, script, n, &st, &error);
  tap_ok (none == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT) &&
              strstr (error->message, "proposal heads"),
          "blockwise without heads is refused: %s", error ? error->message : "(no error)");
}

/* IAD from a source with edits: heads draft where the output has left the source, their
 * guesses are accepted, it needs no more passes than without, and the output is the script
 * either way. */
static void
check_scripted_iad (const gint32 *script, guint n)
{
  g_autofree gint32 *src = g_memdup2 (script, n * sizeof (gint32));
  for (guint i = 6; i < n; i += 11)
    src[i] = 90 + i % 7;  /* a substitution the target undoes */
  DraftdDecodeStats with, without;
  ScriptRun r = { 3, 0, 0, 4, DRAFTD_DECODE_IAD, src, n };
  g_autoptr (GArray) a = run_scripted (&r, script, n, &with, NULL);
  r.heads = 0;
  g_autoptr (GArray) b = run_scripted (&r, script, n, &without, NULL);
  guint pw = with.target_passes + with.prompt_passes, pn = without.target_passes + without.prompt_passes;
  tap_ok (scripted_equals (a, script, n) && scripted_equals (b, script, n), "IAD with and without heads: the script from an edited source");
  tap_ok (pw <= pn && with.head_accepted > 0, "IAD with heads: %u passes, without: %u (%u head guesses accepted)", pw, pn,
          with.head_accepted);
}

/* IAD re-joins the source after an edit: the pass after the edit drafts the source from
 * where the copy most likely resumes, so the copy's rest is verified at once. 1 head, 16
 * drafts a pass, the whole source in the first block: the first pass reaches the edit, the
 * second takes the guess and 16 source tokens, the third the rest. Without heads the
 * guess from the output alone (the target's token found just ahead in the source, else a
 * substitution) is right for a substitution and a dropped token, a pass late for the others
 * (the n-gram re-alignment alone took 4 or 5 passes). */
static void
check_scripted_rejoin (const gint32 *script, guint n)
{
  /* The source at the script's position 6: these tokens, then script[6] itself or not. */
  static const struct {
    const char *kind;
    gint32 tokens[2];
    guint n_tokens;
    gboolean then_script;
    guint without;   /* passes without heads */
    guint head_used; /* the head's guess drafted and accepted: not where the output's own
                      * token is found just ahead in the source, which goes first */
  } edits[] = {
    { "a substituted token", { 91 }, 1, FALSE, 3, 1 },
    { "a word the target writes as one token spelt as two", { 91, 92 }, 2, FALSE, 4, 1 },
    { "a token the target drops", { 93 }, 1, TRUE, 3, 0 },
    { "a token the target adds", { 0 }, 0, FALSE, 4, 1 },
  };
  for (guint e = 0; e < G_N_ELEMENTS (edits); e++) {
    g_autoptr (GArray) src = g_array_new (FALSE, FALSE, sizeof (gint32));
    g_array_append_vals (src, script, 6);
    g_array_append_vals (src, edits[e].tokens, edits[e].n_tokens);
    g_array_append_vals (src, script + (edits[e].then_script ? 6 : 7), n - (edits[e].then_script ? 6 : 7));
    DraftdDecodeStats with, without;
    ScriptRun r = { 1, 0, 0, 16, DRAFTD_DECODE_IAD, (const gint32 *) src->data, src->len };
    g_autoptr (GArray) a = run_scripted (&r, script, n, &with, NULL);
    r.heads = 0;
    g_autoptr (GArray) b = run_scripted (&r, script, n, &without, NULL);
    guint pw = with.target_passes + with.prompt_passes, pn = without.target_passes + without.prompt_passes;
    tap_ok (scripted_equals (a, script, n) && scripted_equals (b, script, n) && pw == 3 && pn == edits[e].without &&
                with.head_accepted == edits[e].head_used,
            "IAD after %s: %u passes with a head re-joining the source (3 expected), %u without (%u)", edits[e].kind, pw,
            pn, edits[e].without);
  }
}

/* ---- real weights ---- */

static gboolean
eog (gint32 t, gpointer user)
{
  return draftd_tokenizer_is_eog (user, t);
}

static GArray *
decode (TestLoaded *t, GArray *prompt, DraftdDecodeMode mode, const GArray *src, gboolean heads, DraftdDecodeStats *st)
{
  DraftdDecodeParams p;
  draftd_decode_params_init (&p);
  p.mode = mode;
  p.max_tokens = 100;
  p.draft_max = 4;
  p.iad_heads = heads;
  p.source = src ? (const gint32 *) src->data : NULL;
  p.n_source = src ? src->len : 0;
  p.is_eog = eog;
  p.is_eog_data = t->model->tokenizer;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr (GError) error = NULL;
  draftd_runner_truncate (t->runner, 0);
  if (!draftd_decode (&t->lm, NULL, (gint32 *) prompt->data, prompt->len, &p, out, st, &error))
    tap_diag ("decode: %s", error->message);
  return out;
}

static gboolean
same (const GArray *a, const GArray *b)
{
  return a->len == b->len && memcmp (a->data, b->data, a->len * sizeof (gint32)) == 0;
}

static char *
with_heads (const char *in, const char *name, guint n, guint dim)
{
  char *out = g_build_filename (test_tmpdir (), name, NULL);
  g_autofree char *ns = g_strdup_printf ("%u", n), *ds = g_strdup_printf ("%u", dim);
  const char *args[] = { "--add-heads", in, "--random-heads", ns, "--heads-dim", ds, "-o", out, NULL };
  g_autofree char *so = NULL, *se = NULL;
  int status = 0;
  g_autoptr (GError) error = NULL;
  if (!test_run_tool ("draftd-convert", args, NULL, &so, &se, &status, &error) ||
      !g_spawn_check_wait_status (status, &error)) {
    tap_diag ("draftd-convert --add-heads: %s %s", error ? error->message : "", se ? se : "");
    g_clear_pointer (&out, g_free);
  }
  return out;
}

/* Every output's guesses from a batched pass (its sequence beside another) equal those of
 * the same tokens alone: the hidden states a pass hands back do not depend on its company. */
static void
check_batched (DraftdVk *vk, const char *path, const GArray *prompt)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdModel) m = draftd_model_load (path, &error);
  DraftdRunnerOptions o = { .n_ctx = 128, .n_seq = 2 };
  g_autoptr (DraftdRunner) r = m ? draftd_runner_new (vk, m, &o, &error) : NULL;
  if (r == NULL) {
    tap_ok (FALSE, "batched runner: %s", error->message);
    return;
  }
  guint n = prompt->len, n_heads = draftd_runner_n_heads (r);
  g_autofree gint32 *alone = g_new0 (gint32, (gsize) n * n_heads);
  g_autofree gint32 *batched = g_new0 (gint32, (gsize) n * n_heads);
  gboolean ok = draftd_runner_forward (r, (gint32 *) prompt->data, n, DRAFTD_FORWARD_ALL, &error);
  for (guint i = 0; ok && i < n; i++)
    ok = draftd_runner_propose (r, i, alone + i * n_heads, n_heads) == n_heads;
  draftd_runner_truncate (r, 0);
  /* Sequence 1's tokens first, then sequence 0's: outputs for sequence 0's only. */
  g_autofree gint32 *tokens = g_new (gint32, 2 * n);
  g_autofree guint *seq = g_new (guint, 2 * n);
  g_autofree guint8 *want = g_new0 (guint8, 2 * n);
  for (guint i = 0; i < n; i++) {
    tokens[i] = 3 + i, seq[i] = 1;
    tokens[n + i] = g_array_index (prompt, gint32, i), seq[n + i] = 0, want[n + i] = 1;
  }
  DraftdBatch b = { tokens, seq, want, 2 * n };
  ok = ok && draftd_runner_forward_batch (r, &b, DRAFTD_FORWARD_ARGMAX_ONLY, &error);
  for (guint i = 0; ok && i < n; i++)
    ok = draftd_runner_propose (r, i, batched + i * n_heads, n_heads) == n_heads;
  tap_ok (ok && memcmp (alone, batched, (gsize) n * n_heads * sizeof (gint32)) == 0,
          "guesses at %u positions the same alone and in a batched pass with another sequence", n);
}

static void
check_real (DraftdVk *vk)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *f32 = test_convert_llama2c ("stories260K.bin", "f32", &error);
  g_autofree char *headed = f32 ? with_heads (f32, "stories-heads.gguf", 3, 0) : NULL;
  if (!f32) {
    tap_missing ("stories260K: ../shared/models absent");
    return;
  }
  TestLoaded t, plain_model;
  if (!headed || !test_load (vk, headed, 256, &t) || !test_load (vk, f32, 256, &plain_model)) {
    tap_ok (FALSE, "the model with heads loads");
    return;
  }
  static const char *const prompts[] = { "Once upon a time", "Lily and Ben", "The cat", "One day, a little bird",
                                         "Tom had a red ball. He", "Sara wanted to" };
  guint n_same = 0, n_iad = 0, drafted = 0, accepted = 0, iad_with = 0, iad_without = 0;
  for (guint i = 0; i < G_N_ELEMENTS (prompts); i++) {
    g_autoptr (GArray) prompt = g_array_new (FALSE, FALSE, sizeof (gint32));
    draftd_tokenizer_encode (t.model->tokenizer, prompts[i], -1, TRUE, FALSE, prompt, NULL);
    DraftdDecodeStats st;
    g_autoptr (GArray) plain = decode (&plain_model, prompt, DRAFTD_DECODE_PLAIN, NULL, FALSE, &st);
    g_autoptr (GArray) block = decode (&t, prompt, DRAFTD_DECODE_BLOCKWISE, NULL, TRUE, &st);
    drafted += st.head_drafted, accepted += st.head_accepted;
    n_same += same (plain, block);
    g_autoptr (GArray) src = g_array_copy (plain);
    for (guint k = 5; k < src->len; k += 13)
      g_array_index (src, gint32, k) = 3 + (g_array_index (src, gint32, k) * 31) % 500;
    g_autoptr (GArray) iad_h = decode (&t, prompt, DRAFTD_DECODE_IAD, src, TRUE, &st);
    iad_with += st.target_passes + st.prompt_passes;
    g_autoptr (GArray) iad_n = decode (&t, prompt, DRAFTD_DECODE_IAD, src, FALSE, &st);
    iad_without += st.target_passes + st.prompt_passes;
    n_iad += same (plain, iad_h) && same (plain, iad_n);
  }
  guint n = G_N_ELEMENTS (prompts);
  tap_ok (n_same == n && drafted > accepted, "blockwise (random heads) == plain greedy on %u/%u prompts (%u of %u guesses accepted)",
          n_same, n, accepted, drafted);
  tap_ok (n_iad == n, "IAD with heads == IAD without == plain greedy on %u/%u prompts (%u and %u passes)", n_iad, n,
          iad_with, iad_without);
  g_autoptr (GArray) prompt = g_array_new (FALSE, FALSE, sizeof (gint32));
  draftd_tokenizer_encode (t.model->tokenizer, prompts[4], -1, TRUE, FALSE, prompt, NULL);
  check_batched (vk, headed, prompt);
  test_unload (&plain_model);
  test_unload (&t);
}

int
main (void)
{
  static const gint32 script[30] = { 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
                                     25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39 };
  check_scripted_blockwise (script, G_N_ELEMENTS (script));
  check_scripted_iad (script, G_N_ELEMENTS (script));
  check_scripted_rejoin (script, G_N_ELEMENTS (script));
  DraftdVk *vk = test_vk ();
  check_real (vk);
  draftd_vk_free (vk);
  return tap_done ();
}
