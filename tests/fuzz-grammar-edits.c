/* libFuzzer target for the edit builder (grammar/edits.c). The input is a flags byte, the
 * old text and the new text (NUL-separated), then raw bytes for arbitrary edits. Checked:
 * the diff's edits, converted to each offset unit as the service sends them, are in order,
 * do not overlap, and applying them turns the old text into the new exactly; arbitrary
 * edits are either refused or give valid UTF-8. */
#include "tests/fuzz-common.h"
#include "grammar/edits.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  return 0;
}

/* A byte offset at or before `at` that starts a character. */
static gsize
char_start (const char *text, gsize at)
{
  while (at > 0 && (((guchar) text[at]) & 0xC0) == 0x80)
    at--;
  return at;
}

static guint32
units_of (const char *text, gsize len, DraftdGrammarOffsetUnit unit)
{
  if (unit == DRAFTD_GRAMMAR_UNIT_UTF8)
    return len;
  if (unit == DRAFTD_GRAMMAR_UNIT_CODEPOINT)
    return g_utf8_strlen (text, len);
  glong n = 0;
  g_free (g_utf8_to_utf16 (text, len, NULL, &n, NULL));
  return n;
}

static void
check_diff (const char *old, gsize old_len, gsize start, gsize end, const char *new_text, gsize new_len,
            gboolean rewrite)
{
  g_autoptr (GArray) edits = draftd_grammar_edits_new ();
  draftd_grammar_diff (old, start, end, new_text, new_len, rewrite, edits);
  g_autofree char *want = g_strdup_printf ("%.*s%s%s", (int) start, old, new_text, old + end);
  for (DraftdGrammarOffsetUnit unit = DRAFTD_GRAMMAR_UNIT_CODEPOINT; unit <= DRAFTD_GRAMMAR_UNIT_UTF16; unit++) {
    g_autofree guint32 *offsets = g_new (guint32, edits->len + 1);
    g_autofree guint32 *lengths = g_new (guint32, edits->len + 1);
    g_autofree const char **reps = g_new (const char *, edits->len + 1);
    gsize prev_end = start;
    for (guint i = 0; i < edits->len; i++) {
      const DraftdGrammarEdit *e = &g_array_index (edits, DraftdGrammarEdit, i);
      FUZZ_ASSERT (e->start >= prev_end && e->start <= e->end && e->end <= end);
      FUZZ_ASSERT (e->kind != NULL && g_utf8_validate (e->replacement, -1, NULL));
      prev_end = e->end;
      offsets[i] = draftd_grammar_offset_convert (old, e->start, unit);
      lengths[i] = draftd_grammar_offset_convert (old, e->end, unit) - offsets[i];
      FUZZ_ASSERT (offsets[i] == units_of (old, e->start, unit));
      reps[i] = e->replacement;
    }
    g_autofree char *got = draftd_grammar_apply_edits (old, offsets, lengths, reps, edits->len, unit);
    FUZZ_ASSERT (got != NULL && g_str_equal (got, want));
  }
  FUZZ_ASSERT (old_len >= end);
}

/* Edits from raw bytes: never a crash, and what is applied is valid UTF-8. */
static void
check_arbitrary (const char *old, FuzzInput *in, DraftdGrammarOffsetUnit unit)
{
  guint n = fuzz_byte (in) % 8;
  guint32 offsets[8], lengths[8];
  const char *reps[8] = { "", "x", "\xc3\xa9", "\xf0\x9f\xa6\x99", "  ", "", "ab", "." };
  for (guint i = 0; i < n; i++) {
    offsets[i] = fuzz_byte (in) | (guint32) fuzz_byte (in) << 8;
    lengths[i] = fuzz_byte (in);
    if (lengths[i] == 0xFF)
      lengths[i] = G_MAXUINT32 - (guint32) fuzz_byte (in);
  }
  g_autofree char *got = draftd_grammar_apply_edits (old, offsets, lengths, reps, n, unit);
  FUZZ_ASSERT (got == NULL || g_utf8_validate (got, -1, NULL));
  /* An edit reaching past the end of the text is refused, however its end is computed. */
  guint32 total = units_of (old, strlen (old), unit);
  for (guint i = 0; i < n; i++)
    if ((guint64) offsets[i] + lengths[i] > total)
      FUZZ_ASSERT (got == NULL);
  if (got)
    FUZZ_ASSERT (strlen (got) <= strlen (old) + 4 * n);
}

int
LLVMFuzzerTestOneInput (const guint8 *data, gsize size)
{
  FuzzInput in = { data, size, 0 };
  guint8 flags = fuzz_byte (&in);
  gsize old_len, new_len;
  g_autofree char *old = fuzz_text (&in, &old_len);
  g_autofree char *new_text = fuzz_text (&in, &new_len);
  /* A sub-range of the old text, as the driver passes one segment at a time. */
  gsize start = 0, end = old_len;
  if ((flags & 1) && old_len > 0) {
    gsize a = char_start (old, fuzz_byte (&in) % (old_len + 1) % old_len);
    gsize b = char_start (old, (a + fuzz_byte (&in)) % (old_len + 1));
    start = MIN (a, b);
    end = MAX (a, b);
  }
  check_diff (old, old_len, start, end, new_text, new_len, flags & 2);
  check_arbitrary (old, &in, (flags >> 2) % 3);
  return 0;
}
