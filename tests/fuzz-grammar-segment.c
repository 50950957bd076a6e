/* libFuzzer target for the grammar segmenter (grammar/segment.c). The input is an options
 * byte, a byte kept for the seed corpus's layout (it was a byte limit; sentences are no longer
 * cut at one) and the text. Checked: segments are in order, do not overlap, start and end on
 * character boundaries, and together with whitespace alone between them cover the text; a
 * rewritable segment neither starts nor ends with whitespace; its protected spans lie inside
 * it, in order, on character boundaries; clause cuts lie inside it, outside its spans. */
#include "tests/fuzz-common.h"
#include "grammar/segment.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  return 0;
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static gboolean
char_boundary (const char *text, gsize len, gsize at)
{
  return at == len || (((guchar) text[at]) & 0xC0) != 0x80;
}

static void
check_spans (const char *text, gsize len, const DraftdGrammarSegment *s, const GArray *spans)
{
  FUZZ_ASSERT (s->first_span + s->n_spans <= spans->len);
  /* No spans may mean no array storage at all: no pointer into it then. */
  const DraftdGrammarSpan *sp = s->n_spans ? &g_array_index (spans, DraftdGrammarSpan, s->first_span) : NULL;
  gsize at = s->start;
  for (guint k = 0; k < s->n_spans; k++) {
    FUZZ_ASSERT (sp[k].start >= at && sp[k].start < sp[k].end && sp[k].end <= s->end);
    FUZZ_ASSERT (char_boundary (text, len, sp[k].start) && char_boundary (text, len, sp[k].end));
    at = sp[k].end;
  }
  g_autoptr (GArray) cuts = g_array_new (FALSE, FALSE, sizeof (gsize));
  draftd_grammar_clause_cuts (text, s->start, s->end, sp, s->n_spans, cuts);
  for (guint c = 0; c < cuts->len; c++) {
    gsize cut = g_array_index (cuts, gsize, c);
    FUZZ_ASSERT (cut > s->start && cut < s->end && char_boundary (text, len, cut));
    for (guint k = 0; k < s->n_spans; k++)
      FUZZ_ASSERT (cut <= sp[k].start || cut >= sp[k].end);
  }
}

static void
check_segments (const char *text, gsize len, const DraftdGrammarSegmentOptions *o)
{
  g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (DraftdGrammarSpan));
  g_autoptr (GArray) segs = draftd_grammar_segment (text, len, o, spans);
  gsize covered = 0;
  for (guint i = 0; i < segs->len; i++) {
    const DraftdGrammarSegment *s = &g_array_index (segs, DraftdGrammarSegment, i);
    FUZZ_ASSERT (s->start < s->end && s->end <= len);
    FUZZ_ASSERT (s->start >= covered);
    FUZZ_ASSERT (char_boundary (text, len, s->start) && char_boundary (text, len, s->end));
    for (gsize k = covered; k < s->start; k++)
      FUZZ_ASSERT (is_space (text[k]));
    if (s->rewrite) {
      FUZZ_ASSERT (!is_space (text[s->start]) && !is_space (text[s->end - 1]));
      check_spans (text, len, s, spans);
    }
    covered = s->end;
  }
  for (gsize k = covered; k < len; k++)
    FUZZ_ASSERT (is_space (text[k]));
}

int
LLVMFuzzerTestOneInput (const guint8 *data, gsize size)
{
  FuzzInput in = { data, size, 0 };
  guint8 flags = fuzz_byte (&in);
  (void) fuzz_byte (&in);
  /* The rest, up to a NUL (D-Bus strings have none), as valid UTF-8. */
  gsize len;
  g_autofree char *text = fuzz_text (&in, &len);
  DraftdGrammarSegmentOptions o = { flags & 1 };
  check_segments (text, len, &o);
  return 0;
}
