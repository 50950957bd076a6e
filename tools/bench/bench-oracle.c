/* Perfect proposal heads for the correct suite's ceiling: a BENCH-ONLY DIAGNOSTIC, not a
 * decoding mode. A model wrapped around the target that, while recording, keeps each state
 * its cache is rolled back to (the prompt and the output accepted so far: a greedy run's
 * whole answer but its last token by the end), and while playing, claims k - 1 proposal
 * heads whose guesses are the recorded greedy continuation itself. IAD decoded with it
 * drafts after an edit exactly what heads that never miss would: the fewest passes any
 * heads of that k could give with IAD's re-join rules, the measure of whether the design
 * can reach a goal at all. */
#include <string.h>
#include "tools/bench/bench.h"

struct BenchOracle {
  DraftdLm inner;
  DraftdLm lm;
  GPtrArray *records; /* GArray of gint32: cache states rolled back to while recording */
  gboolean recording;
  guint n_heads;      /* while playing; 0: the target's own heads, as unwrapped */
  guint hits, at_end, misses; /* guesses asked for: answered, after the record's last token, no record */
};

static gboolean
o_forward (gpointer self, const gint32 *tokens, guint n, guint n_out, gboolean want_logits, GError **error)
{
  BenchOracle *o = self;
  return draftd_lm_forward (&o->inner, tokens, n, n_out, want_logits, error);
}

static const float *o_logits (gpointer self, guint i) { return draftd_lm_logits (&((BenchOracle *) self)->inner, i); }
static gint32 o_argmax (gpointer self, guint i) { return draftd_lm_argmax (&((BenchOracle *) self)->inner, i); }
static guint o_n_past (gpointer self) { return draftd_lm_n_past (&((BenchOracle *) self)->inner); }
static guint o_n_ctx (gpointer self) { return draftd_lm_n_ctx (&((BenchOracle *) self)->inner); }
static guint o_n_vocab (gpointer self) { return draftd_lm_n_vocab (&((BenchOracle *) self)->inner); }
static guint o_n_batch (gpointer self) { return draftd_lm_n_batch (&((BenchOracle *) self)->inner); }
static guint o_n_seq (gpointer self) { return draftd_lm_n_seq (&((BenchOracle *) self)->inner); }

static const DraftdLmVTable *
inner_vt (gpointer self)
{
  return ((BenchOracle *) self)->inner.vt;
}

static gpointer
inner_self (gpointer self)
{
  return ((BenchOracle *) self)->inner.self;
}

static gboolean
o_forward_batch (gpointer self, const DraftdBatch *batch, gboolean want_logits, GError **error)
{
  return inner_vt (self)->forward_batch (inner_self (self), batch, want_logits, error);
}

static guint o_seq_n_past (gpointer self, guint seq) { return inner_vt (self)->seq_n_past (inner_self (self), seq); }
static guint o_seq_n_ctx (gpointer self, guint seq) { return inner_vt (self)->seq_n_ctx (inner_self (self), seq); }
static const gint32 *o_seq_tokens (gpointer self, guint seq) { return inner_vt (self)->seq_tokens (inner_self (self), seq); }

static gboolean
o_seq_copy (gpointer self, guint src, guint dst, guint n, GError **error)
{
  return inner_vt (self)->seq_copy (inner_self (self), src, dst, n, error);
}

/* Sequence 0's cache state after a rollback, kept while recording. */
static void
record (BenchOracle *o, guint n)
{
  if (!o->recording || n == 0)
    return;
  GArray *r = g_array_sized_new (FALSE, FALSE, sizeof (gint32), n);
  g_array_append_vals (r, o_seq_tokens (o, 0), n);
  g_ptr_array_add (o->records, r);
}

static void
o_truncate (gpointer self, guint n)
{
  BenchOracle *o = self;
  draftd_lm_truncate (&o->inner, n);
  record (o, n);
}

static void
o_seq_truncate (gpointer self, guint seq, guint n)
{
  BenchOracle *o = self;
  inner_vt (self)->seq_truncate (inner_self (self), seq, n);
  if (seq == 0)
    record (o, n);
}

static guint
o_n_heads (gpointer self)
{
  BenchOracle *o = self;
  return o->recording ? 0 : o->n_heads ? o->n_heads : draftd_lm_n_heads (&o->inner);
}

/* The recorded continuation of what the cache holds now (the pending token, not in the
 * cache yet, is the record's next; the guesses are the tokens after it): the longest record
 * that extends the cache. */
static guint
o_propose (gpointer self, guint i, gint32 *out, guint k_max)
{
  BenchOracle *o = self;
  if (o->n_heads == 0)
    return draftd_lm_propose (&o->inner, i, out, k_max);
  guint n = o_n_past (o);
  const gint32 *c = o_seq_tokens (o, 0);
  const GArray *best = NULL;
  for (guint r = 0; r < o->records->len; r++) {
    const GArray *a = g_ptr_array_index (o->records, r);
    if (a->len >= n && (best == NULL || a->len > best->len) && memcmp (a->data, c, n * sizeof (gint32)) == 0)
      best = a;
  }
  /* The answer's last token pending (its record ends a token short): nothing after it to guess. */
  if (best == NULL || best->len <= n + 1) {
    *(best ? &o->at_end : &o->misses) += 1;
    return 0;
  }
  o->hits++;
  guint k = MIN (MIN (k_max, o->n_heads), best->len - (n + 1));
  memcpy (out, (const gint32 *) best->data + n + 1, k * sizeof (gint32));
  return k;
}

static const DraftdLmVTable oracle_vtable = {
  o_forward,    o_logits,     o_argmax,     o_truncate,     o_n_past,  o_n_ctx,  o_n_vocab,     o_n_batch,
  o_n_seq,      o_forward_batch, o_seq_n_past, o_seq_n_ctx, o_seq_tokens, o_seq_truncate, o_seq_copy,
  o_n_heads,    o_propose,
  NULL,  /* seq_share: candidates' prefixes run in passes of their own, as the inner model's calls show them */
};

BenchOracle *
bench_oracle_new (const DraftdLm *inner)
{
  BenchOracle *o = g_new0 (BenchOracle, 1);
  o->inner = *inner;
  o->lm = (DraftdLm) { &oracle_vtable, o };
  o->records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  return o;
}

const DraftdLm *
bench_oracle_lm (BenchOracle *o)
{
  return &o->lm;
}

void
bench_oracle_record (BenchOracle *o)
{
  g_ptr_array_set_size (o->records, 0);
  o->recording = TRUE;
}

void
bench_oracle_pass (BenchOracle *o)
{
  o->recording = FALSE;
  o->n_heads = 0;
}

void
bench_oracle_play (BenchOracle *o, guint n_heads)
{
  o->recording = FALSE;
  o->n_heads = n_heads;
}

void
bench_oracle_counts (const BenchOracle *o, guint *hits, guint *at_end, guint *misses)
{
  *hits = o->hits;
  *at_end = o->at_end;
  *misses = o->misses;
}

void
bench_oracle_free (BenchOracle *o)
{
  g_ptr_array_unref (o->records);
  g_free (o);
}
