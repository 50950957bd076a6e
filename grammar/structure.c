#include "grammar/structure.h"
#include <string.h>
#ifdef DRAFTD_HAVE_LINK_GRAMMAR
#include <link-grammar/link-includes.h>
#endif

/* Sentences longer than this are not parsed: link-grammar's time grows fast with length, and
 * the families it confirms are short-range. At 200 bytes (and 140 for a look into the
 * linkage) parses were a third of a corrected sentence's CPU on JFLEG test, those of 100-140
 * bytes more than half of it; at 120 the development set lost 1 fix of 2324, the twelfth and thirteenth
 * blind checks none, and correction ran 12% faster (docs/performance.md). */
#define MAX_BYTES 120
/* A look into the linkage (a verb's subject, an article's link) is asked of many candidate
 * sentences, one per verb or noun phrase: a parse of 160-200 bytes takes about 100 ms against
 * 20 ms for one of 80; it stops at the same length. */
#define LOOK_MAX_BYTES 120
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

/* A question about the best complete linkage: TRUE keeps the sentence whole. */
typedef gboolean (*Look) (Linkage l, gpointer data);

/* The index of the linkage's word that starts at byte `at` of the sentence, or -1. */
static gint
word_at (Linkage l, gsize at)
{
  for (gsize w = 0; w < linkage_get_num_words (l); w++)
    if ((gsize) linkage_get_word_byte_start (l, w) == at)
      return (gint) w;
  return -1;
}

typedef struct {
  gsize verb, start, end;
} Subject;

/* The subject of the verb whose word starts at byte `verb`: a plain S link (not "SF", the
 * filler "there"/"it", nor "SI", an inverted question, nor "SJ", a conjunction's part), the
 * verb's word tagged a verb. */
static gboolean
linked_subject (Linkage l, gpointer data)
{
  Subject *q = data;
  gint v = word_at (l, q->verb);
  if (v < 0 || !strstr (linkage_get_word (l, v), ".v"))
    return FALSE;
  for (gsize k = 0; k < linkage_get_num_links (l); k++) {
    const char *label = linkage_get_link_label (l, k);
    if (label[0] != 'S' || linkage_get_link_rword (l, k) != (gsize) v || strchr ("FIJ", label[1]))
      continue;
    gsize w = linkage_get_link_lword (l, k);
    q->start = linkage_get_word_byte_start (l, w);
    q->end = linkage_get_word_byte_end (l, w);
    return TRUE;
  }
  return FALSE;
}

/* Parses the sentence; where `look` is given, a complete linkage must answer it too. */
static DraftdStructure
parse_for (const char *sentence, Look look, gpointer data)
{
  Dictionary d = dictionary ();
  if (d == NULL || strlen (sentence) > (look ? LOOK_MAX_BYTES : MAX_BYTES))
    return DRAFTD_STRUCTURE_UNKNOWN;
  Parse_Options o = parse_options_create ();
  parse_options_set_verbosity (o, 0);
  parse_options_set_max_parse_time (o, 1);
  parse_options_set_linkage_limit (o, LINKAGES);
  parse_options_set_min_null_count (o, 0);
  parse_options_set_max_null_count (o, 0);
  parse_options_set_spell_guess (o, 0);
  gint64 t0 = g_get_monotonic_time ();
  Sentence s = sentence_create (sentence, d);
  DraftdStructure r = DRAFTD_STRUCTURE_UNKNOWN;
  if (s && sentence_split (s, o) == 0) {
    int n = sentence_parse (s, o);
    r = n > 0 ? DRAFTD_STRUCTURE_COMPLETE : parse_options_timer_expired (o) ? DRAFTD_STRUCTURE_UNKNOWN : DRAFTD_STRUCTURE_BROKEN;
  }
  if (r == DRAFTD_STRUCTURE_COMPLETE && look) {
    Linkage l = linkage_create (0, s, o);
    if (l == NULL || !look (l, data))
      r = DRAFTD_STRUCTURE_BROKEN;
    if (l)
      linkage_delete (l);
  }
  if (s)
    sentence_delete (s);
  parse_options_delete (o);
  g_debug ("link-grammar%s: %s in %.1f ms: %s", look ? " look" : "", r == DRAFTD_STRUCTURE_COMPLETE ? "complete" : r == DRAFTD_STRUCTURE_BROKEN ? "broken" : "unknown",
           (g_get_monotonic_time () - t0) / 1e3, sentence);
  return r;
}

static DraftdStructure
parse (const char *sentence)
{
  return parse_for (sentence, NULL, NULL);
}
void
draftd_structure_prepare (void)
{
  dictionary ();
}
#else
typedef gboolean (*Look) (gpointer l, gpointer data);

static DraftdStructure
parse_for (const char *sentence, Look look, gpointer data)
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

/* The rule families ask about the same sentences in every round of candidates: the last
 * answers are kept per thread, each under its question (the sentence, and for a look at the
 * linkage the look's name and byte positions), with what the look found. */
typedef struct {
  char *key;
  DraftdStructure answer;
  gsize start, end;
  char role[16];
} Kept;

#define KEPT 64

static void
kept_free (gpointer p)
{
  Kept *k = p;
  for (guint i = 0; i < KEPT; i++)
    g_free (k[i].key);
  g_free (k);
}

/* This thread's kept answers, most recent first. */
static Kept *
kept_table (void)
{
  static GPrivate kept_key = G_PRIVATE_INIT (kept_free);
  Kept *k = g_private_get (&kept_key);
  if (k == NULL) {
    k = g_new0 (Kept, KEPT);
    g_private_set (&kept_key, k);
  }
  return k;
}

/* Moves entry i to the front and returns it. */
static Kept *
to_front (Kept *k, guint i)
{
  Kept hit = k[i];
  memmove (&k[1], &k[0], i * sizeof *k);
  k[0] = hit;
  return &k[0];
}

/* The kept answer to `key`, moved to the front, or NULL. */
static Kept *
kept_lookup (const char *key)
{
  Kept *k = kept_table ();
  for (guint i = 0; i < KEPT; i++)
    if (g_strcmp0 (k[i].key, key) == 0)
      return to_front (k, i);
  return NULL;
}

/* This thread's hold on new parses: bit 0 held, bit 1 a question went unanswered. */
static GPrivate hold_key;

gboolean
draftd_structure_hold (gboolean on)
{
  guint was = GPOINTER_TO_UINT (g_private_get (&hold_key));
  g_private_set (&hold_key, GUINT_TO_POINTER (on ? 1u : 0u));
  return (was & 2u) != 0;
}

/* Is a new parse held back? Notes that one was wanted. */
static gboolean
held (void)
{
#ifdef DRAFTD_HAVE_LINK_GRAMMAR
  if (dictionary () == NULL)
    return FALSE;
#else
  return FALSE;
#endif
  guint h = GPOINTER_TO_UINT (g_private_get (&hold_key));
  if (h & 1u)
    g_private_set (&hold_key, GUINT_TO_POINTER (h | 2u));
  return (h & 1u) != 0;
}

/* The kept answer to `key`, moved to the front (*found TRUE); or, where parses may run, a new
 * front entry for it in place of the oldest (answer UNKNOWN) for the caller to fill in; NULL
 * where one would have to run and they are held (nothing is kept then). */
static Kept *
kept_or_new (const char *key, gboolean *found)
{
  Kept *hit = kept_lookup (key);
  *found = hit != NULL;
  if (hit || held ())
    return hit;
  Kept *k = kept_table ();
  g_free (k[KEPT - 1].key);
  k[KEPT - 1] = (Kept) { g_strdup (key), DRAFTD_STRUCTURE_UNKNOWN, 0, 0, "" };
  return to_front (k, KEPT - 1);
}

DraftdStructure
draftd_structure_parse (const char *sentence)
{
  gboolean found;
  if (strlen (sentence) > MAX_BYTES)
    return DRAFTD_STRUCTURE_UNKNOWN;
  Kept *k = kept_or_new (sentence, &found);
  if (k == NULL)
    return DRAFTD_STRUCTURE_UNKNOWN;
  if (!found)
    k->answer = parse (sentence);
  return k->answer;
}

gboolean
draftd_structure_mends (const char *before, const char *after)
{
  return draftd_structure_parse (before) == DRAFTD_STRUCTURE_BROKEN && draftd_structure_parse (after) == DRAFTD_STRUCTURE_COMPLETE;
}

/* A look mends only a sentence parsed broken, and only within the look's length: past it no
 * parse is asked at all, of `before` either. */
static gboolean
may_mend (const char *before, const char *after)
{
  return strlen (after) <= LOOK_MAX_BYTES && draftd_structure_parse (before) == DRAFTD_STRUCTURE_BROKEN;
}

gboolean
draftd_structure_subject_mends (const char *before, const char *after, gsize verb, gsize *start, gsize *end)
{
#ifdef DRAFTD_HAVE_LINK_GRAMMAR
  if (!may_mend (before, after))
    return FALSE;
  g_autofree char *key = g_strdup_printf ("subject %zu %s", verb, after);
  gboolean found;
  Kept *k = kept_or_new (key, &found);
  if (k == NULL)
    return FALSE;
  if (!found) {
    Subject q = { verb, 0, 0 };
    k->answer = parse_for (after, linked_subject, &q);
    k->start = q.start;
    k->end = q.end;
  }
  *start = k->start;
  *end = k->end;
  return k->answer == DRAFTD_STRUCTURE_COMPLETE;
#else
  return FALSE;
#endif
}

typedef struct {
  gsize article, noun;
  char *role;
  gsize size;
} Article;

#ifdef DRAFTD_HAVE_LINK_GRAMMAR
/* The links into the noun: the article's must be a determiner's (D*); the one from a word
 * left of the article names the phrase's role. */
static gboolean
article_links (Linkage l, gpointer data)
{
  Article *q = data;
  gint a = word_at (l, q->article), n = word_at (l, q->noun);
  gboolean determined = FALSE;
  if (a < 0 || n < 0)
    return FALSE;
  for (gsize k = 0; k < linkage_get_num_links (l); k++) {
    gint left = (gint) linkage_get_link_lword (l, k), right = (gint) linkage_get_link_rword (l, k);
    const char *label = linkage_get_link_label (l, k);
    if (left == a && right == n && label[0] == 'D')
      determined = TRUE;
    else if (right == n && left < a)
      g_strlcpy (q->role, label, q->size);
  }
  return determined;
}
#else
static gboolean
article_links (gpointer l, gpointer data)
{
  return FALSE;
}
#endif

gboolean
draftd_structure_article_mends (const char *before, const char *after, gsize article, gsize noun, char *role, gsize size)
{
  role[0] = '\0';
  /* The look's complete linkage is the mending's second half. */
  if (!may_mend (before, after))
    return FALSE;
  g_autofree char *key = g_strdup_printf ("article %zu %zu %s", article, noun, after);
  gboolean found;
  Kept *k = kept_or_new (key, &found);
  if (k == NULL)
    return FALSE;
  if (!found) {
    Article q = { article, noun, k->role, sizeof k->role };
    k->answer = parse_for (after, article_links, &q);
  }
  g_strlcpy (role, k->role, size);
  return k->answer == DRAFTD_STRUCTURE_COMPLETE;
}
