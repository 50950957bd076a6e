#include "daemon/engine/job.h"
#include "daemon/engine/conversations.h"
#include <string.h>

static void
options_init (DraftdJobOptions *o)
{
  memset (o, 0, sizeof *o);
  o->max_tokens = 128;
  o->temperature = 0.8;
  o->top_p = 0.95;
  o->top_k = 40;
  o->offset_unit = DRAFTD_GRAMMAR_UNIT_CODEPOINT;
}

const char *
draftd_job_request_conversation_owner (const DraftdJobRequest *r)
{
  return r->options.shared ? DRAFTD_CONVERSATIONS_SESSION : r->client;
}

const char *
draftd_job_request_identity (const DraftdJobRequest *r)
{
  return r->identity ? r->identity : r->client;
}

DraftdJobRequest *
draftd_job_request_new (DraftdJobKind kind, const char *client)
{
  DraftdJobRequest *r = g_new0 (DraftdJobRequest, 1);
  r->kind = kind;
  r->client = g_strdup (client);
  options_init (&r->options);
  return r;
}

void
draftd_job_request_free (DraftdJobRequest *r)
{
  if (r == NULL)
    return;
  g_free (r->client);
  g_free (r->identity);
  g_free (r->text);
  g_free (r->instruction);
  g_free (r->conversation);
  g_strfreev (r->options.stop);
  g_strfreev (r->options.disabled_rules);
  g_free (r->options.mode);
  g_free (r->options.dialect);
  g_free (r->options.locale_dialect);
  g_free (r->options.language);
  g_free (r->options.path);
  g_free (r);
}

void
draftd_job_result_clear (DraftdJobResult *r)
{
  g_clear_pointer (&r->text, g_free);
  g_clear_pointer (&r->edits, g_array_unref);
  g_clear_pointer (&r->suggestions, g_array_unref);
  g_clear_error (&r->error);
}

/* Grammar jobs count their prompt passes in target_passes already; generation keeps them apart. */
guint
draftd_job_stats_generated (const DraftdJobStats *s)
{
  return s->decode.generated + s->grammar.output_tokens;
}

guint
draftd_job_stats_target_passes (const DraftdJobStats *s)
{
  return s->decode.target_passes + s->decode.prompt_passes + s->grammar.target_passes;
}

guint
draftd_job_stats_drafted (const DraftdJobStats *s)
{
  return s->decode.drafted + s->grammar.drafted;
}

guint
draftd_job_stats_accepted (const DraftdJobStats *s)
{
  return s->decode.accepted + s->grammar.accepted;
}
