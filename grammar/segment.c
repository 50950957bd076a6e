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

static const char *const units[] = {
  "km", "m", "cm", "mm", "kg", "g", "mg", "l", "ml", "s", "ms", "min", "h", "Hz", "kHz", "MHz", "GHz", "KB", "MB", "GB",
  "TB", "kB", "mph", "kph", "px", "pt", "em", "V", "W", "kW", "A", "mA", "°C", "°F", "K", "%", "ft", "in", "lb", "oz",
};

/* Length of the whitespace-delimited word at s, without closing punctuation. */
static gsize
word_length (const char *s, gsize left)
{
  gsize n = 0;
  while (n < left && !is_space (s[n]) && !(s[n] == ']' && n + 1 < left && s[n + 1] == '('))
    n++;
  while (n > 0 && in_set (s[n - 1], ".,;:!?)]\"'"))
    n--;
  return n;
}

/* A word the model must copy: an address, a path, or a word with digits (numbers, dates,
 * versions, prices), with a unit written after it ("5 km"). */
static gsize
literal_word (const char *s, gsize left)
{
  gsize n = word_length (s, left);
  gboolean digit = FALSE, at = FALSE, slash = FALSE;
  for (gsize i = 0; i < n; i++) {
    digit |= g_ascii_isdigit (s[i]);
    at |= s[i] == '@' && i > 0 && i + 1 < n;
    slash |= (s[i] == '/' || s[i] == '\\') && n > 1;
  }
  gboolean web = (n > 4 && g_ascii_strncasecmp (s, "www.", 4) == 0) || g_strstr_len (s, n, "://") != NULL;
  gboolean code = FALSE; /* identifiers, JSON, variables: DRAFTD_DEBUG=1, {"ok": */
  for (gsize i = 0; i < n; i++)
    code |= in_set (s[i], "{}=<>$_|^#");
  if (!digit && !at && !slash && !web && !code)
    return 0;
  if (digit && n < left && s[n] == ' ') {
    gsize u = word_length (s + n + 1, left - n - 1);
    for (guint i = 0; i < G_N_ELEMENTS (units); i++)
      if (strlen (units[i]) == u && memcmp (s + n + 1, units[i], u) == 0)
        return n + 1 + u;
  }
  return n;
}

/* Is s[0..n) a lower- or upper-case Roman numeral of the kind that numbers list items (i to
 * xxxix), not mixing cases? */
static gboolean
roman (const char *s, gsize n)
{
  if (n == 0 || n > 6)
    return FALSE;
  gboolean upper = g_ascii_isupper (s[0]);
  for (gsize i = 0; i < n; i++)
    if (!in_set (upper ? s[i] : g_ascii_toupper (s[i]), "IVX") || (g_ascii_isupper (s[i]) != upper))
      return FALSE;
  /* No more than three of a letter in a row ("iiii" is no numeral). */
  for (gsize i = 0; i + 3 < n; i++)
    if (s[i] == s[i + 1] && s[i] == s[i + 2] && s[i] == s[i + 3])
      return FALSE;
  return TRUE;
}

/* Length of an enumerator that numbers an item ("a)", "(ii)", "(1)", "iv.", "B."), which a
 * space must follow, at s, or 0: a letter at a line's start would otherwise be capitalised as
 * a sentence's first word ("a) The work" -> "A) The work"). `line_start`: a lone letter and
 * a dot ("a.") counts only there. */
static gsize
enumerator (const char *s, gsize left, gboolean line_start)
{
  gsize open = left > 0 && s[0] == '(', n = open;
  while (n < left && n - open < 6 && g_ascii_isalnum (s[n]))
    n++;
  gsize body = n - open;
  if (body == 0 || n + 1 >= left || !in_set (s[n], open ? ")" : ").") || !is_space (s[n + 1]))
    return 0;
  gboolean digits = TRUE;
  for (gsize i = open; i < n; i++)
    digits &= g_ascii_isdigit (s[i]) != 0;
  gboolean letter = body == 1 && g_ascii_isalpha (s[open]);
  /* "I. " and "A. " at a line's start are items; within a line "I." is a sentence's end. */
  if (s[n] == '.' && !line_start)
    return 0;
  if (s[n] == ')' && !open && !line_start && !letter && !roman (s, body))
    return 0;
  return digits || letter || roman (s + open, body) ? n + 1 : 0;
}

/* Inline code: a backtick that opens a word and a closing one that ends one; "don`t" uses
 * the backtick as an apostrophe. */
static gsize
inline_code (const char *s, gsize left, gboolean word_start)
{
  if (*s != '`' || !word_start || left < 3)
    return 0;
  for (gsize i = 1; i < left && s[i] != '\n'; i++)
    if (s[i] == '`' && i > 1 && (i + 1 >= left || !g_ascii_isalnum (s[i + 1])))
      return i + 1;
  return 0;
}

/* Length of an inline protected span starting at p (0 if none). */
static gsize
inline_span (const char *text, gsize len, gsize p, const DraftdGrammarSegmentOptions *o)
{
  const char *s = text + p;
  gsize left = len - p;
  if (left < 2 || is_space (*s))
    return 0; /* every span is at least two bytes */
  gboolean word_start = p == 0 || is_space (s[-1]) || in_set (s[-1], "([{<\"'");
  gsize n = inline_code (s, left, word_start);
  if (n)
    return n;
  if (word_start && (n = literal_word (s, left)) > 0)
    return n;
  /* An item's enumerator within a line: "(a) you must ...; (b) ...". */
  if (word_start && (n = enumerator (s, left, FALSE)) > 0)
    return n;
  /* Emphasis markers: **bold**, *italic*, __bold__. */
  if (*s == '*' || *s == '_') {
    gsize k = 1;
    while (k < left && s[k] == *s)
      k++;
    return k;
  }
  /* HTML tags, and a link's target: "](...)". */
  if (*s == '<' && (g_ascii_isalpha (s[1]) || s[1] == '/' || s[1] == '!')) {
    const char *close = find_byte (s, left, '>'), *eol = find_byte (s, left, '\n');
    if (close && (!eol || close < eol))
      return close + 1 - s;
  }
  if (*s == ']' && s[1] == '(') {
    const char *close = find_byte (s, left, ')');
    if (close)
      return close + 1 - s;
  }
  if (*s == '[' && g_strstr_len (s, left, "](") != NULL)
    return 1;
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

/* Length of a line-start marker (heading, list item, quote) at s, or 0. */
static gsize
line_marker (const char *s, gsize left)
{
  gsize n = 0;
  while (n < left && s[n] == '#')
    n++;
  if (n > 0 && n < left && s[n] == ' ')
    return n;
  if (left >= 2 && in_set (s[0], "-*+>") && s[1] == ' ') {
    /* A task list's box belongs to the marker. */
    if (left >= 6 && s[2] == '[' && s[4] == ']' && s[5] == ' ')
      return 5;
    return 1;
  }
  return enumerator (s, left, TRUE);
}

/* A whole line that is structure, not prose: a table row, indented code, an HTML block line,
 * a rule, a reference-style link definition. */
static gboolean
structural_line (const char *text, gsize line, gsize indent, gsize line_end)
{
  const char *s = text + indent;
  gsize n = line_end - indent;
  if (indent - line >= 4 || (indent > line && text[line] == '\t'))
    return TRUE;
  if (n == 0)
    return FALSE;
  if (s[0] == '|' || (n >= 3 && (memcmp (s, "---", 3) == 0 || memcmp (s, "***", 3) == 0 || memcmp (s, "===", 3) == 0)))
    return TRUE;
  if (s[0] == '<' && n > 1 && (g_ascii_isalpha (s[1]) || s[1] == '/' || s[1] == '!'))
    return TRUE;
  return s[0] == '[' && g_strstr_len (s, n, "]:") != NULL;
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
add (GArray *out, gsize start, gsize end, gboolean rewrite, guint first_span, guint n_spans)
{
  if (end <= start)
    return;
  DraftdGrammarSegment s = { start, end, rewrite, first_span, n_spans };
  g_array_append_val (out, s);
}

/* A sentence's end after the terminator at e (which starts a run of . ! ? or an ellipsis),
 * or 0 if the sentence goes on. */
static gsize
sentence_end (const char *text, gsize s, gsize end, gsize e)
{
  gsize t = e;
  while (e < end && in_set (text[e], ".!?"))
    e++;
  if (e == t)
    e += 3; /* the ellipsis character */
  while (e < end && (in_set (text[e], "\"')]") || (e + 3 <= end && memcmp (text + e, "\xe2\x80\x9d", 3) == 0) ||
                     (e + 3 <= end && memcmp (text + e, "\xe2\x80\x99", 3) == 0)))
    e += (guchar) text[e] < 0x80 ? 1 : 3;
  if (e >= end || sentence_break (text, end, s, t, e))
    return e;
  return 0;
}

/* Splits [start, end) of prose into sentences, trimming whitespace around each; inline spans
 * are skipped over (a "." in a URL ends nothing) and recorded in `spans`. */
static void
split_prose (const char *text, gsize start, gsize end, GArray *out, GArray *spans, const DraftdGrammarSegmentOptions *o)
{
  gsize s = start;
  while (s < end) {
    while (s < end && is_space (text[s]))
      s++;
    if (s >= end)
      break;
    guint first = spans->len;
    gsize e = s, cut = end;
    gboolean prose = FALSE;
    while (e < end) {
      gsize n = inline_span (text, end, e, o);
      if (n > 0) {
        DraftdGrammarSpan sp = { e, e + n };
        g_array_append_val (spans, sp);
        e += n;
        continue;
      }
      prose |= g_unichar_isalpha (g_utf8_get_char (text + e));
      if (text[e] == '.' || text[e] == '!' || text[e] == '?' || (e + 3 <= end && memcmp (text + e, "\xe2\x80\xa6", 3) == 0)) {
        gsize after = sentence_end (text, s, end, e);
        if (after) {
          cut = after;
          break;
        }
        gsize t = e;
        while (e < end && in_set (text[e], ".!?"))
          e++;
        if (e == t)
          e += 3; /* the ellipsis character */
        continue;
      }
      e += g_utf8_skip[(guchar) text[e]];
    }
    gsize seg_end = MIN (cut, end);
    while (seg_end > s && is_space (text[seg_end - 1]))
      seg_end--;
    /* A piece that is all protected spans and punctuation has nothing to correct. */
    add (out, s, seg_end, prose, first, prose ? spans->len - first : 0);
    if (!prose)
      g_array_set_size (spans, first);
    s = MAX (cut, seg_end);
  }
}

/* A fenced block from its opening line to its closing fence line (or the end). */
static gsize
fence_length (const char *text, gsize len, gsize p)
{
  const char *s = text + p;
  const char *close = g_strstr_len (s + 3, len - p - 3, "\n```");
  if (close == NULL)
    return len - p;
  const char *eol = memchr (close + 4, '\n', (text + len) - (close + 4));
  return (eol ? eol : text + len) - s;
}

GArray *
draftd_grammar_segment (const char *text, gsize len, const DraftdGrammarSegmentOptions *o, GArray *spans)
{
  static const DraftdGrammarSegmentOptions defaults = { FALSE };
  if (o == NULL)
    o = &defaults;
  g_autoptr (GArray) local = spans ? NULL : g_array_new (FALSE, FALSE, sizeof (DraftdGrammarSpan));
  if (spans == NULL)
    spans = local;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (DraftdGrammarSegment));
  gsize line = 0;
  while (line < len) {
    const char *nl = memchr (text + line, '\n', len - line);
    gsize line_end = nl ? (gsize) (nl - text) : len;
    gsize indent = line;
    while (indent < line_end && (text[indent] == ' ' || text[indent] == '\t'))
      indent++;
    gsize body_end = line_end;
    while (body_end > indent && is_space (text[body_end - 1]))
      body_end--;
    if (line_end - indent >= 3 && memcmp (text + indent, "```", 3) == 0) {
      gsize fence = fence_length (text, len, indent);
      add (out, indent, indent + fence, FALSE, 0, 0);
      line = indent + fence;
      while (line < len && text[line] != '\n')
        line++;
      line = MIN (len, line + 1);
      continue;
    }
    if (structural_line (text, line, indent, body_end)) {
      add (out, line, body_end, FALSE, 0, 0);
    } else {
      /* Nested markers ("> - item") are one protected run. */
      gsize p = indent, m;
      while (p < body_end && (m = line_marker (text + p, body_end - p)) > 0) {
        p += m;
        while (p < body_end && text[p] == ' ' && line_marker (text + p + 1, body_end - p - 1) > 0)
          p++;
      }
      add (out, indent, p, FALSE, 0, 0);
      split_prose (text, p, body_end, out, spans, o);
    }
    line = line_end + (nl ? 1 : 0);
  }
  return out;
}

void
draftd_grammar_clause_cuts (const char *text, gsize start, gsize end, const DraftdGrammarSpan *spans, guint n_spans,
                            GArray *cuts)
{
  guint k = 0;
  for (gsize p = start + 1; p + 1 < end; p++) {
    while (k < n_spans && spans[k].end <= p)
      k++;
    if (k < n_spans && spans[k].start <= p)
      continue;
    gboolean after_mark = text[p] == ' ' && in_set (text[p - 1], ",;:");
    gboolean before_dash = text[p] == ' ' && (text[p + 1] == '-' || (p + 4 <= end && memcmp (text + p + 1, "\xe2\x80\x94", 3) == 0) ||
                                              (p + 4 <= end && memcmp (text + p + 1, "\xe2\x80\x93", 3) == 0));
    if (after_mark || before_dash)
      g_array_append_val (cuts, p);
  }
}
