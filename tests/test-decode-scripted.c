/* The decoding algorithms driven by scripted models: the exact number of target passes IAD
 * needs (one for an unchanged source that fits one block; a few more per edit), speculative
 * drafts rejected at the first token or fully accepted, prompt lookup, the context limit,
 * max_tokens and cancellation. */
#include <string.h>
#include "lib/decode/decode.h"
#include "tests/scripted-lm.h"
#include "tests/tap.h"

typedef struct {
  guint passes;   /* target passes in all, the prompt's included */
  guint assistant_passes;
  GArray *out;
} Result;

static guint assistant_ctx; /* 0: the target's */
static guint first_block;   /* 0: the default */
static guint target_batch;  /* 0: the scripted model's default (its context) */
static guint longest_call;  /* most tokens the target was given at once, in the last run */

static Result
run (DraftdDecodeMode mode, const gint32 *script, guint n_script, const gint32 *source, guint n_source,
     const gint32 *assistant_script, guint n_assistant, guint draft_max, guint ngram, guint n_ctx, guint max_tokens)
{
  ScriptedLm t, a;
  scripted_lm_start (&t, script, n_script, n_ctx);
  scripted_lm_start (&a, assistant_script, n_assistant, assistant_ctx ? assistant_ctx : n_ctx);
  if (target_batch)
    t.n_batch = target_batch;
  DraftdLm tl = scripted_lm (&t), al = scripted_lm (&a);
  DraftdDecodeParams p;
  scripted_decode_params (&p, mode);
  p.max_tokens = max_tokens;
  p.draft_max = draft_max;
  if (first_block)
    p.first_block = first_block;
  p.draft_p_min = 0.0f;
  p.ngram = ngram;
  p.source = source;
  p.n_source = n_source;
  Result r = { .out = g_array_new (FALSE, FALSE, sizeof (gint32)) };
  DraftdDecodeStats st;
  g_autoptr (GError) error = NULL;
  if (!draftd_decode (&tl, &al, scripted_prompt, SCRIPTED_N_PROMPT, &p, r.out, &st, &error))
    tap_diag ("decode: %s", error->message);
  r.passes = st.target_passes + st.prompt_passes;
  r.assistant_passes = st.assistant_passes;
  g_assert (t.passes == st.target_passes + st.prompt_passes);
  longest_call = t.longest_call;
  scripted_lm_clear (&t);
  scripted_lm_clear (&a);
  return r;
}

/* IAD on an unchanged source: one pass, or one a block, never a call the model would split. */
static void
check_iad_unchanged (const gint32 *src)
{
  Result r;
  /* IAD, unchanged source within one block: ONE pass takes the prompt and verifies it all. */
  r = run (DRAFTD_DECODE_IAD, src, 24, src, 24, NULL, 0, 32, 2, 128, 0);
  tap_ok (scripted_equals (r.out, src, 24) && r.passes == 1, "IAD: unchanged source in one block takes 1 pass (%u)", r.passes);
  g_array_unref (r.out);

  /* Longer than a block: each pass accepts a block of 8 and adds the target's next token
   * (24 source + end = 25 tokens: 9 + 9 + 7 in 3 passes, the first with the prompt), when the
   * first pass drafts one block too. */
  first_block = 8;
  r = run (DRAFTD_DECODE_IAD, src, 24, src, 24, NULL, 0, 8, 2, 128, 0);
  tap_ok (scripted_equals (r.out, src, 24) && r.passes == 3, "IAD: block of 8 takes 3 passes for 24 tokens (%u)", r.passes);
  g_array_unref (r.out);
  /* By default the first pass drafts as much of the source as fits beside the prompt: all of it. */
  first_block = 0;
  r = run (DRAFTD_DECODE_IAD, src, 24, src, 24, NULL, 0, 8, 2, 128, 0);
  tap_ok (scripted_equals (r.out, src, 24) && r.passes == 1, "IAD: the first pass drafts the whole source beside the prompt (%u pass)",
          r.passes);
  g_array_unref (r.out);
  /* ... as much of it as fits one batch: 4 prompt tokens and 12 drafts in a batch of 16, then
   * blocks of 8 (13 + 9 + 3 tokens in 3 passes), never a call the model would split. */
  target_batch = 16;
  r = run (DRAFTD_DECODE_IAD, src, 24, src, 24, NULL, 0, 8, 2, 128, 0);
  tap_ok (scripted_equals (r.out, src, 24) && r.passes == 3 && longest_call == 16,
          "IAD: the first pass drafts what fits the batch beside the prompt (%u passes, longest %u tokens)", r.passes,
          longest_call);
  g_array_unref (r.out);
  target_batch = 0;
}

/* IAD around an edit: substitution, deletion, insertion, the first token. */
static void
check_iad_edits (const gint32 *src)
{
  Result r;
  /* One substitution at position 10: the first block is cut there (1), then the pass after
   * the edit drafts the source from the token after the one replaced (IAD's guess where the
   * copy resumes) and copies the rest: 2 passes, whatever n. Before that guess, n plain
   * passes went until the last n outputs were again an n-gram of the source: 4 for n = 2. */
  gint32 edited[24];
  memcpy (edited, src, sizeof edited);
  edited[10] = 90;
  r = run (DRAFTD_DECODE_IAD, edited, 24, src, 24, NULL, 0, 32, 2, 128, 0);
  tap_ok (scripted_equals (r.out, edited, 24) && r.passes == 2, "IAD: one substitution costs 1 extra pass with n=2 (%u)", r.passes);
  g_array_unref (r.out);
  r = run (DRAFTD_DECODE_IAD, edited, 24, src, 24, NULL, 0, 32, 1, 128, 0);
  tap_ok (scripted_equals (r.out, edited, 24) && r.passes == 2, "IAD: one substitution costs 1 extra pass with n=1 (%u)", r.passes);
  g_array_unref (r.out);

  /* A deletion (source token 10 dropped): the output's token is found just ahead in the
   * source, and the pass after it copies on from there. */
  gint32 deleted[23];
  memcpy (deleted, src, 10 * sizeof (gint32));
  memcpy (deleted + 10, src + 11, 13 * sizeof (gint32));
  r = run (DRAFTD_DECODE_IAD, deleted, 23, src, 24, NULL, 0, 32, 2, 128, 0);
  tap_ok (scripted_equals (r.out, deleted, 23) && r.passes == 2, "IAD: a deletion costs 1 extra pass (%u)", r.passes);
  g_array_unref (r.out);
  /* An insertion: the guessed substitution is a token early, so one more pass re-joins. */
  gint32 inserted[25];
  memcpy (inserted, src, 10 * sizeof (gint32));
  inserted[10] = 91;
  memcpy (inserted + 11, src + 10, 14 * sizeof (gint32));
  r = run (DRAFTD_DECODE_IAD, inserted, 25, src, 24, NULL, 0, 32, 2, 128, 0);
  tap_ok (scripted_equals (r.out, inserted, 25) && r.passes == 3, "IAD: an insertion costs 2 extra passes (%u)", r.passes);
  g_array_unref (r.out);
  /* The first token differs: a substitution there, re-joined as any other. */
  gint32 first[24];
  memcpy (first, src, sizeof first);
  first[0] = 95;
  r = run (DRAFTD_DECODE_IAD, first, 24, src, 24, NULL, 0, 32, 2, 128, 0);
  tap_ok (scripted_equals (r.out, first, 24) && r.passes == 2, "IAD: an edit at the first token (%u passes)", r.passes);
  g_array_unref (r.out);
}

/* IAD where copying cannot help, and at its limits. */
static void
check_iad_limits (const gint32 *src)
{
  Result r;
  /* Output entirely unrelated to the source: plain decoding, one pass per token and one for
   * the end, 13 passes as plain greedy takes (its prompt pass gives the first token). */
  gint32 other[12] = { 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71 };
  r = run (DRAFTD_DECODE_IAD, other, 12, src, 24, NULL, 0, 32, 2, 128, 0);
  tap_ok (scripted_equals (r.out, other, 12) && r.passes == 13, "IAD: an unrelated output degrades to plain (%u)", r.passes);
  g_array_unref (r.out);
  /* A repeated n-gram in the source is ambiguous: no copying from it. */
  gint32 rep[8] = { 10, 11, 12, 10, 11, 13, 14, 15 };
  r = run (DRAFTD_DECODE_IAD, rep, 8, rep, 8, NULL, 0, 32, 2, 128, 0);
  tap_ok (scripted_equals (r.out, rep, 8) && r.passes == 1, "IAD: repeated n-grams do not break exact copying (%u)", r.passes);
  g_array_unref (r.out);
  /* The context ends before the output does: stops at the limit, same tokens as plain. */
  Result plain_c = run (DRAFTD_DECODE_PLAIN, src, 24, NULL, 0, NULL, 0, 32, 2, 16, 0);
  r = run (DRAFTD_DECODE_IAD, src, 24, src, 24, NULL, 0, 32, 2, 16, 0);
  tap_ok (r.out->len == plain_c.out->len && memcmp (r.out->data, plain_c.out->data, r.out->len * 4) == 0 &&
              r.out->len == 13,
          "IAD: accepted up to the context limit, same tokens as plain (%u tokens, %u passes)", r.out->len, r.passes);
  g_array_unref (r.out);
  g_array_unref (plain_c.out);
  r = run (DRAFTD_DECODE_IAD, src, 24, src, 24, NULL, 0, 32, 2, 128, 7);
  tap_ok (scripted_equals (r.out, src, 7) && r.passes == 1, "IAD: max_tokens cuts the output exactly (%u tokens)", r.out->len);
  g_array_unref (r.out);
}

/* Speculative decoding, greedy: assistants right, wrong, late and short of context. */
static void
check_speculative (const gint32 *src)
{
  Result r;
  /* Speculative, greedy: an assistant that agrees everywhere; one that is wrong at every
   * first draft; one wrong in the middle. */
  r = run (DRAFTD_DECODE_SPECULATIVE, src, 24, NULL, 0, src, 24, 8, 2, 128, 0);
  tap_ok (scripted_equals (r.out, src, 24) && r.passes == 4, "speculative: the prompt pass, then fully accepted drafts in 3 passes of 8 (%u)", r.passes);
  g_array_unref (r.out);
  gint32 wrong[24];
  for (int i = 0; i < 24; i++)
    wrong[i] = 80;
  r = run (DRAFTD_DECODE_SPECULATIVE, src, 24, NULL, 0, wrong, 24, 8, 2, 128, 0);
  tap_ok (scripted_equals (r.out, src, 24) && r.passes == 25, "speculative: rejected at the first draft every time, as plain: 25 passes (%u)", r.passes);
  /* Asked at passes 1, 3, 6, 11 and 20 (rests of 1, 2, 4, 8), 8 assistant passes each time
   * (8 drafts); without rests it would be 24 x 8. */
  tap_ok (r.assistant_passes == 5 * 8, "speculative: an assistant that is always wrong rests 1, 2, 4 ... passes: "
          "asked 5 times in 24 (%u assistant passes)", r.assistant_passes);
  g_array_unref (r.out);
  /* Wrong for the first 4 tokens, right after: the assistant comes back after its rest and
   * the rest of the text goes in long accepted blocks. */
  gint32 late[24];
  memcpy (late, src, sizeof late);
  for (int i = 0; i < 4; i++)
    late[i] = 80;
  r = run (DRAFTD_DECODE_SPECULATIVE, src, 24, NULL, 0, late, 24, 8, 2, 128, 0);
  tap_ok (scripted_equals (r.out, src, 24) && r.passes <= 10, "speculative: an assistant wrong at first is asked again and "
          "drafts the rest (%u passes; plain takes 25)", r.passes);
  g_array_unref (r.out);
  gint32 half[24];
  memcpy (half, src, sizeof half);
  half[5] = 81;
  r = run (DRAFTD_DECODE_SPECULATIVE, src, 24, NULL, 0, half, 24, 8, 2, 128, 0);
  tap_ok (scripted_equals (r.out, src, 24), "speculative: rejection in the middle gives the target's output (%u passes)", r.passes);
  g_array_unref (r.out);

  /* An assistant with a shorter context than the target: it stops drafting at its limit
   * and the target carries on alone. */
  assistant_ctx = 16;
  r = run (DRAFTD_DECODE_SPECULATIVE, src, 24, NULL, 0, src, 24, 8, 2, 128, 0);
  tap_ok (scripted_equals (r.out, src, 24), "speculative: an assistant with a 16-token context (%u passes)", r.passes);
  g_array_unref (r.out);
  assistant_ctx = 0;
}

/* Prompt lookup on a repetitive output. */
static void
check_lookup (void)
{
  gint32 loop[24];
  for (int i = 0; i < 24; i++)
    loop[i] = 20 + i % 4;
  Result r = run (DRAFTD_DECODE_LOOKUP, loop, 24, NULL, 0, NULL, 0, 8, 2, 128, 0);
  tap_ok (scripted_equals (r.out, loop, 24) && r.passes <= 10, "lookup: repeated text is drafted from the context (%u passes; plain takes 25)", r.passes);
  g_array_unref (r.out);
}

int
main (void)
{
  gint32 src[24];
  for (int i = 0; i < 24; i++)
    src[i] = 10 + i;
  check_iad_unchanged (src);
  check_iad_edits (src);
  check_iad_limits (src);
  check_speculative (src);
  check_lookup ();
  return tap_done ();
}
