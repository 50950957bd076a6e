/* libFuzzer target for the grammar segmenter (grammar/segment.c). The input is an options
 * byte, a max_bytes byte and the text. Checked: segments are in order, do not overlap, start
 * and end on character boundaries, and together with whitespace alone between them cover
 * the text; a rewritable segment neither starts nor ends with whitespace. */
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
check_segments (const char *text, gsize len, const DraftdGrammarSegmentOptions *o)
{
  g_autoptr (GArray) segs = draftd_grammar_segment (text, len, o);
  gsize covered = 0;
  for (guint i = 0; i < segs->len; i++) {
    const DraftdGrammarSegment *s = &g_array_index (segs, DraftdGrammarSegment, i);
    FUZZ_ASSERT (s->start < s->end && s->end <= len);
    FUZZ_ASSERT (s->start >= covered);
    FUZZ_ASSERT (char_boundary (text, len, s->start) && char_boundary (text, len, s->end));
    for (gsize k = covered; k < s->start; k++)
      FUZZ_ASSERT (is_space (text[k]));
    if (s->rewrite)
      FUZZ_ASSERT (!is_space (text[s->start]) && !is_space (text[s->end - 1]));
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
  guint8 max = fuzz_byte (&in);
  /* The rest, up to a NUL (D-Bus strings have none), as valid UTF-8. */
  gsize len;
  g_autofree char *text = fuzz_text (&in, &len);
  DraftdGrammarSegmentOptions o = { flags & 1, (flags & 2) ? max : 0 };
  check_segments (text, len, &o);
  return 0;
}
