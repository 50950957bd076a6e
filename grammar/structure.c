#include "grammar/structure.h"
#include <string.h>
#ifdef DRAFTD_HAVE_LINK_GRAMMAR
#include <link-grammar/link-includes.h>
#endif

/* Sentences longer than this are not parsed: link-grammar's time grows fast with length, and
 * the families it confirms are short-range. */
#define MAX_BYTES 200
/* How many linkages a parse builds and post-processes. Where a sentence has more than this,
 * link-grammar samples them, and each sampled one may fail post-processing: with one, a
 * whole sentence of many readings ("The jeweler's mind game is to convince lovers that the
 * size of a gemstone reflects ...") was reported broken. */
#define LINKAGES 64

#ifdef DRAFTD_HAVE_LINK_GRAMMAR
/* link-grammar reports its dictionary's locale and its own notes on stderr: a daemon's log
 * has no use for them. */
static void
quiet (lg_errinfo *e, void *data)
{
}

static gpointer
open_dictionary (gpointer unused)
{
  if (g_strcmp0 (g_getenv ("DRAFTD_LINK_GRAMMAR"), "0") == 0)
    return NULL;
  lg_error_set_handler (quiet, NULL);
  gint64 t0 = g_get_monotonic_time ();
  Dictionary d = dictionary_create_lang ("en");
  g_debug ("link-grammar's English dictionary: %s in %.0f ms", d ? "loaded" : "missing", (g_get_monotonic_time () - t0) / 1e3);
  return d;
}

static Dictionary
dictionary (void)
{
  static GOnce once = G_ONCE_INIT;
  return g_once (&once, open_dictionary, NULL);
}

/* The subject of the verb whose word starts at byte `verb` in the best complete linkage: a
 * plain S link (not "SF", the filler "there"/"it", nor "SI", an inverted question, nor "SJ",
 * a conjunction's part), the verb's word tagged a verb. */
static gboolean
linked_subject (Linkage l, gsize verb, gsize *start, gsize *end)
{
  WordIdx n = linkage_get_num_words (l), v = n;
  for (WordIdx w = 0; w < n; w++)
    if ((gsize) linkage_get_word_byte_start (l, w) == verb && strstr (linkage_get_word (l, w), ".v"))
      v = w;
  for (LinkIdx k = 0; v < n && k < linkage_get_num_links (l); k++) {
    const char *label = linkage_get_link_label (l, k);
    if (label[0] != 'S' || linkage_get_link_rword (l, k) != v || strchr ("FIJ", label[1]))
      continue;
    WordIdx w = linkage_get_link_lword (l, k);
    *start = linkage_get_word_byte_start (l, w);
    *end = linkage_get_word_byte_end (l, w);
    return TRUE;
  }
  return FALSE;
}

/* Parses the sentence; where `verb` is given, finds that verb's subject too (linked_subject). */
static DraftdStructure
parse_for (const char *sentence, gsize verb, gsize *start, gsize *end)
{
  Dictionary d = dictionary ();
  if (d == NULL || strlen (sentence) > MAX_BYTES)
    return DRAFTD_STRUCTURE_UNKNOWN;
  Parse_Options o = parse_options_create ();
  parse_options_set_verbosity (o, 0);
  parse_options_set_max_parse_time (o, 1);
  parse_options_set_linkage_limit (o, LINKAGES);
  parse_options_set_min_null_count (o, 0);
  parse_options_set_max_null_count (o, 0);
  gint64 t0 = g_get_monotonic_time ();
  Sentence s = sentence_create (sentence, d);
  DraftdStructure r = DRAFTD_STRUCTURE_UNKNOWN;
  if (s && sentence_split (s, o) == 0) {
    int n = sentence_parse (s, o);
    r = n > 0 ? DRAFTD_STRUCTURE_COMPLETE : parse_options_timer_expired (o) ? DRAFTD_STRUCTURE_UNKNOWN : DRAFTD_STRUCTURE_BROKEN;
  }
  if (r == DRAFTD_STRUCTURE_COMPLETE && start) {
    Linkage l = linkage_create (0, s, o);
    if (l == NULL || !linked_subject (l, verb, start, end))
      r = DRAFTD_STRUCTURE_BROKEN;
    if (l)
      linkage_delete (l);
  }
  if (s)
    sentence_delete (s);
  parse_options_delete (o);
  g_debug ("link-grammar: %s in %.1f ms: %s", r == DRAFTD_STRUCTURE_COMPLETE ? "complete" : r == DRAFTD_STRUCTURE_BROKEN ? "broken" : "unknown",
           (g_get_monotonic_time () - t0) / 1e3, sentence);
  return r;
}

static DraftdStructure
parse (const char *sentence)
{
  return parse_for (sentence, 0, NULL, NULL);
}
void
draftd_structure_prepare (void)
{
  dictionary ();
}
#else
static DraftdStructure
parse_for (const char *sentence, gsize verb, gsize *start, gsize *end)
{
  return DRAFTD_STRUCTURE_UNKNOWN;
}

static DraftdStructure
parse (const char *sentence)
{
  return DRAFTD_STRUCTURE_UNKNOWN;
}

void
draftd_structure_prepare (void)
{
}
#endif

/* The rule families ask about the same sentence in every round of candidates: the last few
 * answers are kept per thread. */
typedef struct {
  char *sentence;
  DraftdStructure answer;
} Kept;

#define KEPT 8

static void
kept_free (gpointer p)
{
  Kept *k = p;
  for (guint i = 0; i < KEPT; i++)
    g_free (k[i].sentence);
  g_free (k);
}

DraftdStructure
draftd_structure_parse (const char *sentence)
{
  static GPrivate kept_key = G_PRIVATE_INIT (kept_free);
  Kept *k = g_private_get (&kept_key);
  if (k == NULL) {
    k = g_new0 (Kept, KEPT);
    g_private_set (&kept_key, k);
  }
  for (guint i = 0; i < KEPT; i++)
    if (g_strcmp0 (k[i].sentence, sentence) == 0)
      return k[i].answer;
  DraftdStructure r = parse (sentence);
  g_free (k[KEPT - 1].sentence);
  memmove (&k[1], &k[0], (KEPT - 1) * sizeof *k);
  k[0] = (Kept) { g_strdup (sentence), r };
  return r;
}

gboolean
draftd_structure_mends (const char *before, const char *after)
{
  return draftd_structure_parse (before) == DRAFTD_STRUCTURE_BROKEN && draftd_structure_parse (after) == DRAFTD_STRUCTURE_COMPLETE;
}

gboolean
draftd_structure_subject (const char *sentence, gsize verb, gsize *start, gsize *end)
{
  return parse_for (sentence, verb, start, end) == DRAFTD_STRUCTURE_COMPLETE;
}
