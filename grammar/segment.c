#include "grammar/segment.h"
#include <string.h>

static const char *const abbreviations[] = {
  "Mr", "Mrs", "Ms", "Dr", "Prof", "Sr", "Jr", "St", "vs", "etc", "e.g", "i.e", "cf", "al", "approx", "No",
  "Fig", "Inc", "Ltd", "Co", "Corp", "Mt", "Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct",
  "Nov", "Dec", "a.m", "p.m", "U.S", "Ph.D", "Gen", "Gov", "Rev", "Sgt", "Capt", "Lt", "Col",
};

/* strchr() that never matches the NUL byte. */
static gboolean
in_set (char c, const char *set)
{
  return c != 0 && strchr (set, c) != NULL;
}

/* memchr() without the compiler's object-size guesswork about n. */
static const char *
find_byte (const char *s, gsize n, char c)
{
  for (gsize i = 0; i < n; i++)
    if (s[i] == c)
      return s + i;
  return NULL;
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Length of a protected span starting at p (0 if none). */
static gsize
protected_span (const char *text, gsize len, gsize p, gboolean at_line_start, const DraftdGrammarSegmentOptions *o)
{
  const char *s = text + p;
  gsize left = len - p;
  /* Fenced code block: from ``` to the closing ``` line (or the end). */
  if (at_line_start && left >= 3 && memcmp (s, "```", 3) == 0) {
    const char *close = g_strstr_len (s + 3, left - 3, "\n```");
    if (close == NULL)
      return left;
    const char *eol = memchr (close + 4, '\n', (text + len) - (close + 4));
    return (eol ? eol : text + len) - s;
  }
  if (left < 2)
    return 0; /* every span below is at least two bytes */
  /* Inline code. */
  if (*s == '`') {
    const char *close = find_byte (s + 1, left - 1, '`');
    const char *eol = find_byte (s + 1, left - 1, '\n');
    if (close && (!eol || close < eol))
      return close + 1 - s;
  }
  /* URLs and e-mail-like addresses run to the next whitespace (minus closing punctuation). */
  if ((left > 7 && g_ascii_strncasecmp (s, "http://", 7) == 0) || (left > 8 && g_ascii_strncasecmp (s, "https://", 8) == 0) ||
      (left > 4 && g_ascii_strncasecmp (s, "www.", 4) == 0) || (left > 6 && g_ascii_strncasecmp (s, "ftp://", 6) == 0)) {
    gsize n = 0;
    while (n < left && !is_space (s[n]))
      n++;
    while (n > 0 && in_set (s[n - 1], ".,;:!?)]}\"'"))
      n--;
    return n;
  }
  /* Markdown list and heading markers at the start of a line. */
  if (at_line_start) {
    gsize n = 0;
    while (n < left && s[n] == '#')
      n++;
    if (n > 0 && n < left && s[n] == ' ')
      return n;
    if (left >= 2 && in_set (s[0], "-*+>") && s[1] == ' ')
      return 1;
    n = 0;
    while (n < left && g_ascii_isdigit (s[n]))
      n++;
    if (n > 0 && n + 1 < left && (s[n] == '.' || s[n] == ')') && s[n + 1] == ' ')
      return n + 1;
  }
  if (o->protect_quotes) {
    if (*s == '"') {
      const char *close = find_byte (s + 1, left - 1, '"');
      if (close)
        return close + 1 - s;
    }
    if (left >= 3 && memcmp (s, "\xe2\x80\x9c", 3) == 0) { /* “ ... ” */
      const char *close = g_strstr_len (s + 3, left - 3, "\xe2\x80\x9d");
      if (close)
        return close + 3 - s;
    }
  }
  return 0;
}

static gboolean
ends_with_abbreviation (const char *text, gsize start, gsize dot)
{
  /* The word before the dot, back to whitespace or an opening bracket. */
  gsize w = dot;
  while (w > start && !is_space (text[w - 1]) && text[w - 1] != '(' && text[w - 1] != '"')
    w--;
  gsize n = dot - w;
  if (n == 1 && g_ascii_isupper (text[w]))
    return TRUE; /* an initial: "J. R. R. Tolkien" */
  for (guint i = 0; i < G_N_ELEMENTS (abbreviations); i++)
    if (strlen (abbreviations[i]) == n && g_ascii_strncasecmp (text + w, abbreviations[i], n) == 0)
      return TRUE;
  return FALSE;
}

/* Is there a sentence end right after the terminator run ending at `after`? */
static gboolean
sentence_break (const char *text, gsize len, gsize start, gsize term, gsize after)
{
  if (after >= len || !is_space (text[after]))
    return FALSE; /* "3.14", "e.g.x", "end." at end of text handled by the caller */
  if (text[term] == '.' && ends_with_abbreviation (text, start, term))
    return FALSE;
  gsize n = after;
  while (n < len && (text[n] == ' ' || text[n] == '\t'))
    n++;
  if (n >= len || text[n] == '\n' || text[n] == '\r')
    return TRUE;
  /* The next sentence starts with a capital, digit, quote or bracket; a lowercase word
   * after "." usually means the dot was not a sentence end. */
  gunichar c = g_utf8_get_char_validated (text + n, len - n);
  return c != (gunichar) -1 && c != (gunichar) -2 && !g_unichar_islower (c);
}

static void
add (GArray *out, gsize start, gsize end, gboolean rewrite)
{
  if (end <= start)
    return;
  DraftdGrammarSegment s = { start, end, rewrite };
  g_array_append_val (out, s);
}

/* Splits [start, end) of plain prose into sentences; trims whitespace around each. */
static void
split_prose (const char *text, gsize start, gsize end, GArray *out, gsize max_bytes)
{
  gsize s = start;
  while (s < end) {
    while (s < end && is_space (text[s]))
      s++;
    if (s >= end)
      break;
    gsize e = s, cut = end;
    while (e < end) {
      if (text[e] == '.' || text[e] == '!' || text[e] == '?' ||
          (e + 3 <= end && memcmp (text + e, "\xe2\x80\xa6", 3) == 0)) {
        gsize t = e;
        while (e < end && in_set (text[e], ".!?"))
          e++;
        if (e == t)
          e += 3; /* the ellipsis character */
        while (e < end && in_set (text[e], "\"')]"))
          e++;
        if (e >= end || sentence_break (text, end, s, t, e)) {
          cut = e;
          break;
        }
        continue;
      }
      e++;
    }
    gsize seg_end = MIN (cut, end);
    while (seg_end > s && is_space (text[seg_end - 1]))
      seg_end--;
    /* Over-long pieces are split at "; " / ", " or spaces, never inside a word. */
    while (max_bytes && seg_end - s > max_bytes) {
      gsize best = 0;
      for (gsize k = s + max_bytes / 2; k < s + max_bytes && k < seg_end; k++)
        if (text[k] == ' ' && k > s && (text[k - 1] == ',' || text[k - 1] == ';'))
          best = k;
      if (best == 0)
        for (gsize k = s + max_bytes; k > s + 1; k--)
          if (text[k] == ' ') {
            best = k;
            break;
          }
      if (best == 0)
        break;
      /* The space found may end a run of spaces: the piece ends at the run's start. */
      gsize piece_end = best;
      while (is_space (text[piece_end - 1]))
        piece_end--;
      add (out, s, piece_end, TRUE);
      s = best;
      while (s < seg_end && is_space (text[s]))
        s++;
    }
    add (out, s, seg_end, TRUE);
    s = MAX (cut, seg_end);
  }
}

GArray *
draftd_grammar_segment (const char *text, gsize len, const DraftdGrammarSegmentOptions *o)
{
  static const DraftdGrammarSegmentOptions defaults = { FALSE, 0 };
  if (o == NULL)
    o = &defaults;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (DraftdGrammarSegment));
  gsize line = 0;
  while (line < len) {
    const char *nl = memchr (text + line, '\n', len - line);
    gsize line_end = nl ? (gsize) (nl - text) : len;
    /* A fenced block spans lines: it is consumed whole from its opening line. */
    gsize indent = line;
    while (indent < line_end && (text[indent] == ' ' || text[indent] == '\t'))
      indent++;
    gsize fence = protected_span (text, len, indent, TRUE, o);
    if (fence > 0 && indent + 3 <= len && memcmp (text + indent, "```", 3) == 0) {
      add (out, indent, indent + fence, FALSE);
      line = indent + fence;
      while (line < len && text[line] != '\n')
        line++;
      line = MIN (len, line + 1);
      continue;
    }
    /* Within a line: protected spans cut the prose into pieces. */
    gsize prose = line, p = line;
    gboolean at_start = TRUE;
    while (p < line_end) {
      gsize n = is_space (text[p]) ? 0 : protected_span (text, line_end, p, at_start, o);
      if (!is_space (text[p]))
        at_start = FALSE;
      if (n > 0) {
        split_prose (text, prose, p, out, o->max_bytes);
        add (out, p, p + n, FALSE);
        p += n;
        prose = p;
      } else {
        p += g_utf8_skip[(guchar) text[p]];
      }
    }
    split_prose (text, prose, MIN (p, line_end), out, o->max_bytes);
    line = line_end + (nl ? 1 : 0);
  }
  return out;
}
