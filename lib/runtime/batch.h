/* Tokens of several sequences for one forward call (the runner splits it into passes of at
 * most n_batch tokens). Each token joins its own sequence's cache at that sequence's next
 * position, in the order the tokens appear, and attends to that sequence alone; so the
 * tokens of one sequence must appear in order, and may interleave with others'. */
#pragma once
#include <glib.h>

typedef struct {
  const gint32 *tokens;  /* [n] */
  const guint *seq;      /* [n] each token's sequence; NULL: all sequence 0 */
  const guint8 *want;    /* [n] non-zero: keep this token's outputs; NULL: every token's */
  guint n;
} DraftdBatch;
