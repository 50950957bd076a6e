/* The grammar library's error domain and the sum of its stats, beside the request types they
 * belong to (request.h), so the files below the driver can raise the one and callers of the
 * driver (an evaluation over many texts) can add up the other without the driver. */
#include "grammar/request.h"

G_DEFINE_QUARK (grammar-error-quark, draftd_grammar_error)

void
draftd_grammar_stats_add (DraftdGrammarStats *total, const DraftdGrammarStats *s)
{
  total->segments += s->segments;
  total->kept_source += s->kept_source;
  total->refused_edits += s->refused_edits;
  total->too_long += s->too_long;
  total->foreign += s->foreign;
  if (total->unchecked == 0 && s->unchecked > 0)
    g_strlcpy (total->unchecked_language, s->unchecked_language, sizeof total->unchecked_language);
  total->unchecked += s->unchecked;
  total->fixes += s->fixes;
  total->scoring_passes += s->scoring_passes;
  total->kept_tokens += s->kept_tokens;
  total->target_passes += s->target_passes;
  total->output_tokens += s->output_tokens;
  total->drafted += s->drafted;
  total->accepted += s->accepted;
  total->head_drafted += s->head_drafted;
  total->head_accepted += s->head_accepted;
  total->cached += s->cached;
  total->greedy_passes += s->greedy_passes;
  total->greedy_ms += s->greedy_ms;
  total->greedy_equal &= s->greedy_equal;
}
