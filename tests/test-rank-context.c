/* Where the model starts reading a candidate (grammar/rank.c, docs/performance.md): after the
 * last clause mark (", ", "; ", ": ") at least 24 bytes before the candidate, else at the
 * sentence's start. A mark nearer than that is passed over for an earlier one, so the model
 * always sees the candidate's own words before it; a comma inside a number is no mark. */
#include <string.h>
#include "grammar/rank.h"
#include "tests/tap.h"

typedef struct {
  const char *id;
  const char *text;
  const char *site;  /* the candidate's first bytes, found in text */
  const char *from;  /* where reading should start, found in text; NULL: at 0 */
} Case;

static const Case cases[] = {
  { "no-mark", "The results of the survey shows that we were right.", "shows", NULL },
  { "comma", "When we arrived at the station, the trains of the morning was late.", "was", "the trains" },
  { "semicolon", "We waited for an hour; the people on the platform was angry.", "was", "the people" },
  { "colon", "One thing was clear: the figures in the second table does not match.", "does", "the figures" },
  { "too-near", "When we arrived, they was late.", "was", NULL },
  { "earlier-mark", "In the end, after we had waited so long, it were late.", "were", "after we" },
  { "number-comma", "The total of 1,000 dollars for the whole of the trip are too much.", "are", NULL },
  { "site-at-start", "Was it late?", "Was", NULL },
};

static void
check (const Case *c)
{
  gsize site = (gsize) (strstr (c->text, c->site) - c->text);
  gsize want = c->from ? (gsize) (strstr (c->text, c->from) - c->text) : 0;
  gsize got = draftd_rank_context_start (c->text, site);
  tap_ok (got == want, "%s: reading starts at byte %zu (%s), want %zu", c->id, got, c->text + got, want);
}

/* The floor is exact: a mark whose following byte is 24 before the site counts, 23 does not. */
static void
check_floor (void)
{
  const char *far = "Yes, abcdefghijklmnopqrstuvw is";  /* "is" at 29, 24 bytes after the mark */
  const char *near = "Yes, abcdefghijklmnopqrstuv is"; /* "is" at 28 */
  tap_ok (draftd_rank_context_start (far, strlen (far) - 2) == 5, "a mark 24 bytes back counts");
  tap_ok (draftd_rank_context_start (near, strlen (near) - 2) == 0, "a mark 23 bytes back does not");
}

int
main (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check (&cases[i]);
  check_floor ();
  return tap_done ();
}
