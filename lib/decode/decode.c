#include "lib/decode/decode.h"
#include <math.h>
#include <string.h>
#include "lib/decode/speculative.h"
#include "lib/runtime/heads.h"

typedef struct {
  const DraftdLm *target, *assistant;
  const DraftdDecodeParams *p;
  DraftdDecodeStats *stats;
  GArray *seq;          /* prompt + output; the last token is pending (not in the target's cache) */
  GArray *out;
  guint n_vocab;
  gboolean greedy;
  DraftdRng rng;
  float *q;             /* [draft_max][n_vocab] assistant distributions (sampling) */
  float *prob;          /* [n_vocab] */
  float *scratch;       /* [n_vocab] */
  gint32 *drafts;       /* [draft_max], IAD: [max (draft_max, first block)] */
  guint schedule_len;   /* classic draft-length schedule */
  gboolean from_assistant;  /* this pass's drafts came from the assistant */
  guint assistant_rest;     /* passes the assistant sits out (speculative mode) */
  guint assistant_backoff;  /* its next rest: 1, 2, 4 ... MAX_REST after fruitless passes */
  guint assistant_drafted, assistant_accepted;  /* its drafts so far, and those accepted */
  GArray *source;       /* D = source + end tokens (IAD, and PLAIN as its reference), or NULL */
  gint src_pos;         /* where in D the output continues, -1 when unaligned: a function of
                         * the output alone, so IAD and PLAIN apply the keep policy alike */
  gboolean policy;      /* the keep policy can pick a token other than the argmax */
  gint left_at;         /* IAD: the source position where the output last left the source,
                         * -1 before it has */
  gboolean heads;       /* the target's proposal heads draft (BLOCKWISE; IAD off the source) */
  gint32 *proposals;    /* [draft_max] the heads' guesses after the last pass's accepted output */
  guint n_proposals;
  guint proposal_at;    /* the last pass's output they are guessed from ... */
  gboolean proposal_due; /* ... not guessed yet: done only when a pass drafts them */
  guint n_from_heads;   /* this pass's drafts that are those guesses (the first ones) */
  gboolean finished;
} Decoder;

void
draftd_decode_params_init (DraftdDecodeParams *p)
{
  memset (p, 0, sizeof *p);
  draftd_sampler_params_init (&p->sampling);
  p->mode = DRAFTD_DECODE_PLAIN;
  p->max_tokens = 256;
  p->draft_max = 16;
  p->first_block = DRAFTD_IAD_FIRST_BLOCK;
  p->draft_p_min = 0.4f;
  p->draft_length = DRAFTD_DRAFT_CONFIDENCE;
  p->ngram = 2;
  p->iad_heads = TRUE;
}

static const char *const mode_names[] = { "plain", "speculative", "lookup", "iad", "blockwise" };

const char *
draftd_decode_mode_name (DraftdDecodeMode mode)
{
  return mode_names[mode];
}

gboolean
draftd_decode_mode_from_name (const char *name, DraftdDecodeMode *mode)
{
  for (guint i = 0; i < G_N_ELEMENTS (mode_names); i++)
    if (g_str_equal (name, mode_names[i])) {
      *mode = i;
      return TRUE;
    }
  return FALSE;
}

static gint32
seq_at (const GArray *a, guint i)
{
  return g_array_index (a, gint32, i);
}

static gboolean
is_eog (const Decoder *d, gint32 t)
{
  return d->p->is_eog && d->p->is_eog (t, d->p->is_eog_data);
}

/* The distribution the sampling settings define after `recent` (seq + drafts[0..extra)). */
static void
distribution (Decoder *d, const float *logits, guint extra, float *out)
{
  g_autoptr (GArray) recent = NULL;
  const gint32 *r = (const gint32 *) d->seq->data;
  guint n = d->seq->len;
  if (extra > 0) {
    recent = g_array_sized_new (FALSE, FALSE, sizeof (gint32), n + extra);
    g_array_append_vals (recent, d->seq->data, n);
    g_array_append_vals (recent, d->drafts, extra);
    r = (const gint32 *) recent->data;
    n += extra;
  }
  draftd_sampler_distribution (&d->p->sampling, logits, d->n_vocab, r, n, out);
}

static gint iad_realign (Decoder *d);

/* Follows the output in D one token at a time: the next source token, or the unique
 * occurrence of the output's last n tokens after an edit. */
static void
advance_source (Decoder *d, gint32 y)
{
  const GArray *D = d->source;
  if (D == NULL)
    return;
  if (d->src_pos >= 0 && (guint) d->src_pos < D->len && seq_at (D, d->src_pos) == y) {
    d->src_pos++;
    return;
  }
  if (d->src_pos >= 0)
    d->left_at = d->src_pos;
  d->src_pos = iad_realign (d);
}

/* Appends tokens to the output, stopping at the first end-of-generation token. */
static gboolean
emit (Decoder *d, const gint32 *tokens, guint n)
{
  guint keep = 0;
  while (keep < n && !is_eog (d, tokens[keep]))
    keep++;
  if (keep < n) {
    d->finished = TRUE;
    d->stats->stopped_eog = TRUE;
  }
  for (guint i = 0; i < keep; i++) {
    g_array_append_val (d->seq, tokens[i]);
    g_array_append_val (d->out, tokens[i]);
    advance_source (d, tokens[i]);
  }
  d->stats->generated += keep;
  if (keep > 0 && d->p->on_tokens && !d->p->on_tokens (tokens, keep, d->p->on_tokens_data)) {
    d->stats->stopped_early = TRUE;
    d->finished = TRUE;
  }
  if (d->p->max_tokens && d->stats->generated >= d->p->max_tokens)
    d->finished = TRUE;
  return !d->finished;
}

/* ---- drafters ---- */

static guint
propose_assistant (Decoder *d, guint k_max, GError **error)
{
  const DraftdLm *a = d->assistant;
  guint a_past = draftd_lm_n_past (a);
  guint len = d->seq->len;
  if (k_max == 0)
    return 0;
  /* The assistant takes the unseen tokens up to the pending one, then k_max - 1 drafts:
   * len + k_max - 1 positions in all, within its own context. */
  guint a_ctx = draftd_lm_n_ctx (a);
  if (len > a_ctx)
    return 0;
  k_max = MIN (k_max, a_ctx - len + 1);
  if (!draftd_lm_forward (a, (const gint32 *) d->seq->data + a_past, len - a_past, 1, TRUE, error))
    return G_MAXUINT;
  d->stats->assistant_passes++;
  guint k = 0;
  for (; k < k_max; k++) {
    const float *logits = draftd_lm_logits (a, 0);
    float *q = d->q + (gsize) k * d->n_vocab;
    float confidence;
    gint32 t;
    if (d->greedy) {
      /* The draft is the assistant's argmax; its confidence is the softmax probability. */
      t = draftd_argmax (logits, d->n_vocab);
      double sum = 0;
      for (guint i = 0; i < d->n_vocab; i++)
        sum += exp ((double) logits[i] - logits[t]);
      confidence = (float) (1.0 / sum);
    } else {
      distribution (d, logits, k, q);
      t = draftd_sample_from (q, d->n_vocab, &d->rng);
      confidence = q[draftd_argmax (q, d->n_vocab)];
    }
    if (d->p->draft_length == DRAFTD_DRAFT_CONFIDENCE && confidence < d->p->draft_p_min)
      break;
    d->drafts[k] = t;
    if (k + 1 < k_max) {
      if (!draftd_lm_forward (a, &t, 1, 1, TRUE, error))
        return G_MAXUINT;
      d->stats->assistant_passes++;
    }
  }
  return k;
}

/* Finds where D continues the output: the unique occurrence of the output's last n tokens. */
static gint
iad_realign (Decoder *d)
{
  const GArray *D = d->source;
  guint n = d->p->ngram ? d->p->ngram : 1;
  guint out_len = d->out->len;
  const gint32 *tail = (const gint32 *) d->seq->data + d->seq->len - MIN (n, out_len);
  if (out_len < n) {
    /* Near the start: the whole output so far must be a prefix of D. */
    if (out_len <= D->len && memcmp (D->data, tail, out_len * sizeof (gint32)) == 0)
      return out_len;
    return -1;
  }
  gint found = -1;
  for (guint i = 0; i + n <= D->len; i++) {
    if (memcmp ((const gint32 *) D->data + i, tail, n * sizeof (gint32)) == 0) {
      if (found >= 0)
        return -1; /* ambiguous: keep decoding until the suffix is unique */
      found = i + n;
    }
  }
  return found;
}

/* Drafts the source from where the output (its pending token included) left it. */
static guint
propose_iad (Decoder *d, guint k_max)
{
  const GArray *D = d->source;
  if (d->src_pos < 0 || (guint) d->src_pos >= D->len)
    return 0;
  guint k = MIN (k_max, D->len - d->src_pos);
  memcpy (d->drafts, (const gint32 *) D->data + d->src_pos, k * sizeof (gint32));
  return k;
}

/* The heads' guesses from the last pass's output proposal_at, computed when a pass first
 * drafts them: IAD on the source never does, so it pays nothing for them on the host. */
static guint
heads_guesses (Decoder *d)
{
  if (d->proposal_due) {
    d->n_proposals = draftd_lm_propose (d->target, d->proposal_at, d->proposals, MAX (1u, d->p->draft_max));
    d->proposal_due = FALSE;
  }
  return d->n_proposals;
}

/* The heads' guesses from the last pass, for this one: the combined pass of blockwise
 * decoding, where verifying block j proposes block j + 1 at no pass of its own. */
static guint
propose_heads (Decoder *d, guint k_max)
{
  guint k = MIN (k_max, heads_guesses (d));
  memcpy (d->drafts, d->proposals, k * sizeof (gint32));
  d->n_from_heads = k;
  return k;
}

/* How far past where the output left the source a guess may re-join it: a misspelt word
 * the target respells is several source tokens, a dropped or doubled word one more. */
#define REJOIN_WINDOW 8

/* The nearest source position in the window after where the output left it that holds t;
 * -1 when none does. */
static gint
rejoin_at (const Decoder *d, gint32 t)
{
  const GArray *D = d->source;
  for (guint p = d->left_at; p < MIN (D->len, (guint) d->left_at + REJOIN_WINDOW); p++)
    if (seq_at (D, p) == t)
      return (gint) p;
  return -1;
}

/* Drafts the source from position `from` on after the first `at` drafts; returns how many
 * it added. */
static guint
propose_source_from_after (Decoder *d, guint at, guint from, guint k_max)
{
  const GArray *D = d->source;
  guint k = from < D->len && at < k_max ? MIN (k_max - at, D->len - from) : 0;
  memcpy (d->drafts + at, (const gint32 *) D->data + from, k * sizeof (gint32));
  return k;
}

static guint
propose_source_from (Decoder *d, guint from, guint k_max)
{
  return propose_source_from_after (d, 0, from, k_max);
}

/* IAD off the source with heads: their guesses up to the first one the source holds just
 * past where the output left it, then the source from there; 0 when no guess is there. */
static guint
propose_heads_rejoin (Decoder *d, guint k_max)
{
  guint k = propose_heads (d, k_max);
  for (guint i = 0; i < k; i++) {
    gint p = rejoin_at (d, d->drafts[i]);
    if (p >= 0) {
      d->n_from_heads = i + 1;
      return i + 1 + propose_source_from_after (d, i + 1, p + 1, k_max);
    }
  }
  d->n_from_heads = 0;
  return 0;
}

/* After the last output token when the source holds it just ahead of where the output
 * left it (the target dropped what came before it); -1 when it does not. */
static gint
found_ahead (const Decoder *d)
{
  gint32 y = seq_at (d->seq, d->seq->len - 1);
  const GArray *D = d->source;
  for (guint q = d->left_at + 1; q < MIN (D->len, (guint) d->left_at + REJOIN_WINDOW); q++)
    if (seq_at (D, q) == y)
      return (gint) q + 1;
  return -1;
}

/* IAD's drafts: the source where the output follows it; after an edit, until it re-aligns,
 * the source from where the copy most likely resumes, so that one pass verifies the edit's
 * next token and the rest of the copy, where the n-gram re-alignment alone took a pass a
 * token until n of them matched. The guess, in the order measured best: after the output's
 * last token found just ahead in the source; the heads' guess, where the target has heads
 * and one of their guesses is in the source; after the source token the output left the
 * source at (the target replaced it). */
static guint
propose_iad_block (Decoder *d, guint k_max)
{
  guint k = propose_iad (d, k_max);
  if (k > 0 || d->src_pos >= 0 || d->left_at < 0)
    return k;
  gint from = found_ahead (d);
  if (from >= 0)
    return propose_source_from (d, from, k_max);
  if (d->heads && (k = propose_heads_rejoin (d, k_max)) > 0)
    return k;
  return propose_source_from (d, d->left_at + 1, k_max);
}

/* After a pass: the heads will guess the tokens after output i's next one (the output the
 * verification stopped at), should the next pass draft them. */
static void
refresh_proposals (Decoder *d, guint i)
{
  d->proposal_at = i;
  d->proposal_due = d->heads;
  d->n_proposals = 0;
}

static guint
propose_lookup (Decoder *d, guint k_max)
{
  guint n = d->p->ngram ? d->p->ngram : 1, len = d->seq->len;
  if (len <= n || k_max == 0)
    return 0;
  const gint32 *s = (const gint32 *) d->seq->data;
  /* The most recent earlier occurrence of the last n tokens; draft what followed it. */
  for (gint i = (gint) (len - n) - 1; i >= 0; i--) {
    if (memcmp (s + i, s + len - n, n * sizeof (gint32)) == 0) {
      guint k = MIN (k_max, len - (i + n));
      memcpy (d->drafts, s + i + n, k * sizeof (gint32));
      return k;
    }
  }
  return 0;
}

/* ---- verification ---- */

/* The greedy choice at output i of the last pass, where the output is aligned with source
 * position `at` (-1: unaligned): the target's argmax, unless the keep policy holds on to the
 * source token there. */
static gint32
choose (Decoder *d, guint i, gint at)
{
  gint32 best = draftd_lm_argmax (d->target, i);
  if (!d->policy || at < 0 || (guint) at >= d->source->len)
    return best;
  gint32 s = seq_at (d->source, at);
  if (s == best)
    return best;
  const float *logits = draftd_lm_logits (d->target, i);
  /* Log-probabilities differ by what the logits differ by: the normaliser is shared. */
  gboolean forced = d->p->forced && (guint) at < d->p->n_source && d->p->forced[at];
  if (forced || logits[s] + d->p->keep_bias > logits[best]) {
    d->stats->kept++;
    return s;
  }
  return best;
}

/* The source position after drafts[j] is accepted, from `at` before it: the next source
 * token's, or (the draft leaving or re-joining the source) where the output with drafts[0..j]
 * appended re-aligns, as advance_source will find once they are emitted. IAD's own drafts
 * are D[src_pos..], so there it is at + 1; the heads' drafts, off the source, can re-align
 * in mid-block, and the policy's choice after that must see it as PLAIN does. */
static gint
source_after (Decoder *d, gint at, guint j)
{
  if (d->source == NULL)
    return -1;
  if (at >= 0 && (guint) at < d->source->len && seq_at (d->source, at) == d->drafts[j])
    return at + 1;
  guint seq_len = d->seq->len, out_len = d->out->len;
  g_array_append_vals (d->seq, d->drafts, j + 1);
  g_array_append_vals (d->out, d->drafts, j + 1);
  gint pos = iad_realign (d);
  g_array_set_size (d->seq, seq_len);
  g_array_set_size (d->out, out_len);
  return pos;
}

/* Scores the tokens the target has not seen (the pending token, or a whole prompt) and the
 * drafts in one target pass; returns the number of accepted drafts and the token that
 * follows them in *next. */
static gboolean
verify (Decoder *d, const gint32 *unseen, guint n_unseen, guint k, gboolean drafts_sampled, guint *accepted, gint32 *next,
        GError **error)
{
  const DraftdLm *t = d->target;
  guint base = draftd_lm_n_past (t);
  g_autofree gint32 *batch = g_new (gint32, n_unseen + k);
  memcpy (batch, unseen, n_unseen * sizeof (gint32));
  memcpy (batch + n_unseen, d->drafts, k * sizeof (gint32));
  if (!draftd_lm_forward (t, batch, n_unseen + k, k + 1, !d->greedy || d->policy, error))
    return FALSE;
  d->stats->target_passes++;
  guint j = 0;
  if (d->greedy) {
    for (gint at = d->src_pos;; j++) {
      gint32 y = choose (d, j, at);
      if (j == k || y != d->drafts[j]) {
        *next = y;
        break;
      }
      at = source_after (d, at, j);
    }
  } else {
    for (;; j++) {
      distribution (d, draftd_lm_logits (t, j), j, d->prob);
      if (j == k) {
        *next = draftd_sample_from (d->prob, d->n_vocab, &d->rng);
        break;
      }
      const float *q = drafts_sampled ? d->q + (gsize) j * d->n_vocab : NULL;
      if (!draftd_spec_verify (d->prob, q, d->drafts[j], d->n_vocab, &d->rng, next, d->scratch))
        break;
    }
  }
  refresh_proposals (d, j);
  /* Keep the unseen tokens and the accepted drafts in the cache. */
  draftd_lm_truncate (t, base + n_unseen + j);
  *accepted = j;
  return TRUE;
}

/* Records a verified block of k drafts and emits the j accepted ones and the target's own
 * next token. */
static void
accept_block (Decoder *d, guint k, guint j, gint32 next)
{
  d->stats->drafted += k;
  d->stats->accepted += j;
  d->stats->head_drafted += d->n_from_heads;
  d->stats->head_accepted += MIN (j, d->n_from_heads);
  g_autofree gint32 *final = g_new (gint32, j + 1);
  memcpy (final, d->drafts, j * sizeof (gint32));
  final[j] = next;
  emit (d, final, j + 1);
}

static guint
first_block (const DraftdDecodeParams *p)
{
  return MAX (MAX (1u, p->draft_max), p->first_block);
}

/* The first pass drafts what fits beside the prompt in one pass of the model's batch (a
 * second pass would pay the fixed cost the long block saves), at least draft_max tokens. */
static guint
first_block_fitting (const Decoder *d, guint n_unseen)
{
  guint batch = draftd_lm_n_batch (d->target);
  guint fit = batch > n_unseen ? batch - n_unseen : 0;
  return MAX (MAX (1u, d->p->draft_max), MIN (first_block (d->p), fit));
}

/* IAD's first pass: the prompt and the first block of the source go through the target
 * together, so a source that needs no edit costs one pass in all. Outputs are kept for the
 * last prompt token and each drafted token; the usual greedy acceptance follows. */
static gboolean
first_pass_iad (Decoder *d, const gint32 *unseen, guint n_unseen, GError **error)
{
  const DraftdLm *t = d->target;
  guint room = draftd_lm_n_ctx (t) - draftd_lm_n_past (t) - n_unseen;
  guint remaining = d->p->max_tokens ? d->p->max_tokens : G_MAXUINT;
  guint k = MIN (MIN (first_block_fitting (d, n_unseen), d->source->len), MIN (remaining - 1, room));
  memcpy (d->drafts, d->source->data, k * sizeof (gint32));
  gint64 t0 = g_get_monotonic_time ();
  guint j;
  gint32 next;
  if (!verify (d, unseen, n_unseen, k, FALSE, &j, &next, error))
    return FALSE;
  d->stats->prompt_ms = (g_get_monotonic_time () - t0) / 1e3;
  accept_block (d, k, j, next);
  return TRUE;
}

static gboolean
first_token (Decoder *d, const gint32 *prompt, guint n_prompt, GError **error)
{
  const DraftdLm *t = d->target;
  /* Reuse a cached prefix; the last prompt token is always run to get its prediction. */
  guint past = MIN (draftd_lm_n_past (t), n_prompt - 1);
  draftd_lm_truncate (t, past);
  if (d->assistant)
    draftd_lm_truncate (d->assistant, MIN (draftd_lm_n_past (d->assistant), n_prompt - 1));
  if (n_prompt > draftd_lm_n_ctx (t)) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE, "the prompt has %u tokens; the context holds %u",
                 n_prompt, draftd_lm_n_ctx (t));
    return FALSE;
  }
  gint64 t0 = g_get_monotonic_time ();
  if (d->p->mode == DRAFTD_DECODE_IAD && d->greedy)
    return first_pass_iad (d, prompt + past, n_prompt - past, error);
  if (!draftd_lm_forward (t, prompt + past, n_prompt - past, 1, !d->greedy || d->policy, error))
    return FALSE;
  d->stats->prompt_passes++;
  d->stats->prompt_ms = (g_get_monotonic_time () - t0) / 1e3;
  refresh_proposals (d, 0);
  gint32 y;
  if (d->greedy) {
    y = choose (d, 0, d->src_pos);
  } else {
    distribution (d, draftd_lm_logits (t, 0), 0, d->prob);
    y = draftd_sample_from (d->prob, d->n_vocab, &d->rng);
  }
  emit (d, &y, 1);
  return TRUE;
}

static gboolean
check_models (const DraftdLm *target, const DraftdLm *assistant, const DraftdDecodeParams *params, GError **error)
{
  if (params->mode == DRAFTD_DECODE_BLOCKWISE && draftd_lm_n_heads (target) == 0) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 "blockwise decoding needs a target with proposal heads (" DRAFTD_BLOCKWISE_HEADS_KEY ")");
    return FALSE;
  }
  if (params->mode != DRAFTD_DECODE_SPECULATIVE)
    return TRUE;
  if (assistant == NULL) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "speculative decoding needs an assistant model");
    return FALSE;
  }
  if (draftd_lm_n_vocab (assistant) != draftd_lm_n_vocab (target)) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 "the assistant's vocabulary (%u tokens) differs from the target's (%u)", draftd_lm_n_vocab (assistant),
                 draftd_lm_n_vocab (target));
    return FALSE;
  }
  return TRUE;
}

static void
decoder_init (Decoder *d, const DraftdLm *target, const DraftdLm *assistant, const gint32 *prompt, guint n_prompt,
              const DraftdDecodeParams *params, GArray *out, DraftdDecodeStats *stats)
{
  *d = (Decoder) {
    .target = target,
    .assistant = params->mode == DRAFTD_DECODE_SPECULATIVE ? assistant : NULL,
    .p = params,
    .stats = stats,
    .out = out,
    .n_vocab = draftd_lm_n_vocab (target),
    .greedy = draftd_sampler_is_greedy (&params->sampling) && params->sampling.repeat_penalty == 1.0f,
    .schedule_len = 5,
  };
  guint draft_max = MAX (1u, params->draft_max);
  stats->prompt_tokens = n_prompt;
  draftd_rng_seed (&d->rng, params->sampling.seed);
  d->seq = g_array_sized_new (FALSE, FALSE, sizeof (gint32), n_prompt + 64);
  g_array_append_vals (d->seq, prompt, n_prompt);
  d->drafts = g_new (gint32, params->mode == DRAFTD_DECODE_IAD ? MAX (draft_max, first_block (params)) : draft_max);
  d->heads = draftd_lm_n_heads (target) > 0 &&
             (params->mode == DRAFTD_DECODE_BLOCKWISE || (params->mode == DRAFTD_DECODE_IAD && params->iad_heads));
  d->proposals = g_new (gint32, draft_max);
  d->prob = g_new (float, d->n_vocab);
  d->scratch = g_new (float, d->n_vocab);
  if (d->assistant && !d->greedy)
    d->q = g_new (float, (gsize) draft_max * d->n_vocab);
  /* PLAIN follows the source too when one is given: it is the policy's token-by-token form. */
  gboolean with_source = params->mode == DRAFTD_DECODE_IAD || (params->mode == DRAFTD_DECODE_PLAIN && params->source);
  if (with_source) {
    d->source = g_array_new (FALSE, FALSE, sizeof (gint32));
    g_array_append_vals (d->source, params->source, params->n_source);
    g_array_append_vals (d->source, params->end_tokens, params->n_end_tokens);
    d->src_pos = 0;
    d->left_at = -1;
    d->policy = d->greedy && (params->keep_bias > 0 || params->forced);
  }
}

static void
decoder_clear (Decoder *d)
{
  g_array_unref (d->seq);
  g_clear_pointer (&d->source, g_array_unref);
  g_free (d->drafts);
  g_free (d->proposals);
  g_free (d->prob);
  g_free (d->scratch);
  g_free (d->q);
}

/* Longest rest of an assistant whose drafts keep failing: it is asked again at least this
 * often, so a stretch where it predicts well is found again. */
#define MAX_REST 16

/* Below this share of its drafts accepted (so far in this run, from a prior of 1 in 2), a
 * sampling assistant's rejected pass counts as fruitless; one rejected pass alone is
 * chance at usual acceptance rates. */
#define SAMPLED_ACCEPTANCE_FLOOR 0.35

/* Speculative mode's drafter for a pass: the assistant, unless it has lately paid for
 * nothing (no draft confident enough; or, greedy, a pass none of whose drafts was accepted;
 * sampled, one with the acceptance so far under the floor): it then sits out 1, 2, 4 ...
 * MAX_REST passes, drafting by n-gram lookup meanwhile (free), and one accepted draft
 * brings it back at once. Lookup drafts are valid proposals for speculative sampling too
 * (a one-point q), so the output stays the target's exactly, in greedy and sampled
 * decoding alike. Decided from counts, never timing: a seeded run repeats. */
static guint
propose_speculative (Decoder *d, guint k_max, GError **error)
{
  d->from_assistant = d->assistant_rest == 0;
  if (d->from_assistant)
    return propose_assistant (d, k_max, error);
  d->assistant_rest--;
  return propose_lookup (d, k_max);
}

static void
assistant_outcome (Decoder *d, guint drafted, guint accepted)
{
  if (!d->from_assistant)
    return;
  d->assistant_drafted += drafted;
  d->assistant_accepted += accepted;
  double share = (d->assistant_accepted + 1.0) / (d->assistant_drafted + 2.0);
  gboolean fruitless = drafted == 0 || (accepted == 0 && (d->greedy || share < SAMPLED_ACCEPTANCE_FLOOR));
  if (!fruitless) {
    d->assistant_backoff = 0;
    return;
  }
  d->assistant_backoff = d->assistant_backoff ? MIN (2 * d->assistant_backoff, MAX_REST) : 1;
  d->assistant_rest = d->assistant_backoff;
}

/* The drafts of the next pass; G_MAXUINT on error. */
static guint
propose (Decoder *d, guint k_max, GError **error)
{
  d->n_from_heads = 0;
  switch (d->p->mode) {
  case DRAFTD_DECODE_SPECULATIVE:
    return propose_speculative (d, k_max, error);
  case DRAFTD_DECODE_LOOKUP:
    return propose_lookup (d, k_max);
  case DRAFTD_DECODE_IAD:
    return propose_iad_block (d, k_max);
  case DRAFTD_DECODE_BLOCKWISE:
    return propose_heads (d, k_max);
  case DRAFTD_DECODE_PLAIN:
  default:
    return 0;
  }
}

/* One iteration: draft, verify in one target pass, keep the accepted prefix. */
static gboolean
decode_step (Decoder *d, GError **error)
{
  const DraftdDecodeParams *p = d->p;
  guint room = draftd_lm_n_ctx (d->target) - draftd_lm_n_past (d->target);
  if (room == 0) {
    d->finished = TRUE; /* context full */
    return TRUE;
  }
  guint draft_max = MAX (1u, p->draft_max);
  guint remaining = p->max_tokens ? p->max_tokens - d->stats->generated : G_MAXUINT;
  guint limit = p->draft_length == DRAFTD_DRAFT_SCHEDULE ? d->schedule_len : draft_max;
  guint k = propose (d, MIN (MIN (limit, draft_max), MIN (remaining - 1, room - 1)), error);
  if (k == G_MAXUINT)
    return FALSE;
  guint len_before = d->seq->len, j;
  gint32 next;
  if (!verify (d, (const gint32 *) d->seq->data + len_before - 1, 1, k, d->from_assistant && !d->greedy, &j, &next,
               error))
    return FALSE;
  assistant_outcome (d, k, j);
  if (d->assistant)
    draftd_lm_truncate (d->assistant, MIN (draftd_lm_n_past (d->assistant), len_before + j));
  if (p->draft_length == DRAFTD_DRAFT_SCHEDULE && k > 0)
    d->schedule_len = j == k ? d->schedule_len + 2 : MAX (1u, d->schedule_len - 1);
  accept_block (d, k, j, next);
  return TRUE;
}

gboolean
draftd_decode (const DraftdLm *target, const DraftdLm *assistant, const gint32 *prompt, guint n_prompt,
               const DraftdDecodeParams *params, GArray *out, DraftdDecodeStats *stats, GError **error)
{
  DraftdDecodeStats local_stats;
  if (stats == NULL)
    stats = &local_stats;
  memset (stats, 0, sizeof *stats);
  g_return_val_if_fail (n_prompt > 0, FALSE);
  if (!check_models (target, assistant, params, error))
    return FALSE;
  /* Before the prompt pass as well as between steps: IAD can finish a short answer in the
   * first pass and one step, never reaching the loop's check. */
  if (g_cancellable_set_error_if_cancelled (params->cancellable, error)) {
    stats->cancelled = TRUE;
    return FALSE;
  }
  Decoder d;
  decoder_init (&d, target, assistant, prompt, n_prompt, params, out, stats);
  gboolean ok = first_token (&d, prompt, n_prompt, error);
  gint64 t0 = g_get_monotonic_time ();
  while (ok && !d.finished) {
    if (g_cancellable_set_error_if_cancelled (params->cancellable, error)) {
      stats->cancelled = TRUE;
      ok = FALSE;
      break;
    }
    ok = decode_step (&d, error);
  }
  stats->decode_ms = (g_get_monotonic_time () - t0) / 1e3;
  /* The target's cache holds everything but the pending token; so may the assistant's. */
  if (ok) {
    guint keep = d.seq->len - 1;
    draftd_lm_truncate (target, MIN (draftd_lm_n_past (target), keep));
    if (d.assistant)
      draftd_lm_truncate (d.assistant, MIN (draftd_lm_n_past (d.assistant), keep));
  }
  decoder_clear (&d);
  return ok;
}

guint
draftd_decode_pick_block (const DraftdLm *lm, double acceptance, guint max, GError **error)
{
  guint base = draftd_lm_n_past (lm);
  guint room = draftd_lm_n_ctx (lm) - base;
  guint max_pass = MIN (max + 1, room);  /* a verify pass carries the pending token too */
  if (max_pass <= 2)
    return 1;
  g_autofree gint32 *tokens = g_new0 (gint32, max_pass);
  for (guint i = 0; i < max_pass; i++)
    tokens[i] = 1 + i % (draftd_lm_n_vocab (lm) - 1);
  double cost1 = 0, best_rate = 0;
  guint best = 1;
  for (guint T = 1; T <= max_pass; T *= 2) {
    double best_ms = G_MAXDOUBLE;
    for (guint rep = 0; rep < 3; rep++) {  /* the first run also warms caches */
      gint64 t0 = g_get_monotonic_time ();
      gboolean ok = draftd_lm_forward (lm, tokens, T, T, FALSE, error);
      double ms = (g_get_monotonic_time () - t0) / 1e3;
      draftd_lm_truncate (lm, base);
      if (!ok)
        return 0;
      if (rep > 0)
        best_ms = MIN (best_ms, ms);
    }
    if (T == 1)
      cost1 = best_ms;
    /* T - 1 drafts: j accepted ones plus the target's next token, 1 + a + .. + a^(T-1). */
    double expected = acceptance >= 1.0 ? T : (1.0 - pow (acceptance, T)) / (1.0 - acceptance);
    double rate = expected / (best_ms / cost1);
    if (rate > best_rate) {
      best_rate = rate;
      best = T;
    }
  }
  return MAX (best - 1, 1u);
}

guint
draftd_decode_pick_iad_block (const DraftdLm *lm, GError **error)
{
  guint block = draftd_decode_pick_block (lm, DRAFTD_IAD_ACCEPTANCE, 32, error);
  return block ? MAX (block, DRAFTD_IAD_MIN_BLOCK) : 0;
}

void
draftd_cache_reuse (const DraftdLm *lm, GArray *cached, const gint32 *prompt, guint n_prompt)
{
  guint n = MIN (MIN (cached->len, n_prompt), draftd_lm_n_past (lm));
  guint common = 0;
  while (common < n && g_array_index (cached, gint32, common) == prompt[common])
    common++;
  draftd_lm_truncate (lm, common);
  g_array_set_size (cached, common);
}

void
draftd_cache_update (const DraftdLm *lm, GArray *cached, const gint32 *prompt, guint n_prompt, const GArray *out)
{
  guint n = draftd_lm_n_past (lm);
  g_array_set_size (cached, 0);
  g_array_append_vals (cached, prompt, MIN (n, n_prompt));
  if (n > n_prompt)
    g_array_append_vals (cached, out->data, MIN (n - n_prompt, out->len));
  /* Anything the model holds beyond what we can name is dropped. */
  if (cached->len < n)
    draftd_lm_truncate (lm, cached->len);
}
