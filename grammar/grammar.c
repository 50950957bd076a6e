#include "grammar/grammar.h"
#include <string.h>
#include "grammar/segment.h"

G_DEFINE_QUARK (grammar-error-quark, draftd_grammar_error)

#define CORRECT_INSTRUCTION                                                                        \
  "Correct the spelling, grammar and punctuation of the user's text. Keep its meaning, wording " \
  "and style otherwise. Reply with the corrected text only."

static const struct {
  const char *name, *instruction;
} presets[] = {
  { "formal", "Rewrite the user's text in a formal, professional tone." },
  { "concise", "Rewrite the user's text to be shorter and more concise, keeping its meaning." },
  { "simple", "Rewrite the user's text in simple, plain English that is easy to read." },
  { "friendly", "Rewrite the user's text in a warm, friendly tone." },
};

const char *
draftd_grammar_rewrite_preset (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    if (g_ascii_strcasecmp (name, presets[i].name) == 0)
      return presets[i].instruction;
  return NULL;
}

static char *
fill (const char *tmpl, const char *instruction, const char *text)
{
  GString *s = g_string_new (tmpl);
  g_string_replace (s, "{instruction}", instruction ? instruction : "", 0);
  g_string_replace (s, "{text}", text, 0);
  return g_string_free (s, FALSE);
}

/* The prompt for one segment, and the text its answer should end with. */
static char *
build_prompt (DraftdGrammarContext *ctx, const DraftdGrammarRequest *req, const char *segment, const char **end, gboolean *end_is_token)
{
  const char *instruction = CORRECT_INSTRUCTION;
  if (req->rewrite) {
    const char *preset = draftd_grammar_rewrite_preset (req->instruction);
    g_autofree char *tail = g_strdup (" Reply with the rewritten text only.");
    instruction = preset ? preset : req->instruction;
    g_autofree char *full = g_strconcat (instruction, tail, NULL);
    const char *tmpl = ctx->rewrite_template;
    if (tmpl) {
      /* A model's own template names a preset by its name (the default models are trained
       * on "formal", "concise", ...); other instructions go in as written. */
      *end = ctx->template_end;
      *end_is_token = TRUE;
      g_autofree char *name = preset ? g_ascii_strdown (req->instruction, -1) : NULL;
      return fill (tmpl, preset ? name : req->instruction, segment);
    }
    DraftdChatTurn turns[2] = { { "system", full }, { "user", segment } };
    *end = draftd_chat_format_end (ctx->format);
    *end_is_token = draftd_chat_format_end_is_token (ctx->format);
    return draftd_chat_format_render (ctx->format, turns, 2, TRUE);
  }
  if (ctx->correct_template) {
    *end = ctx->template_end;
    *end_is_token = TRUE;
    return fill (ctx->correct_template, NULL, segment);
  }
  DraftdChatTurn turns[2] = { { "system", instruction }, { "user", segment } };
  *end = draftd_chat_format_end (ctx->format);
  *end_is_token = draftd_chat_format_end_is_token (ctx->format);
  return draftd_chat_format_render (ctx->format, turns, 2, TRUE);
}

typedef struct {
  const DraftdTokenizer *tok;
  DraftdDetokenizer detok;
  GString *text;
  const char *stop;   /* plain-text end marker, or NULL */
} Collector;

static gboolean
collect (const gint32 *tokens, guint n, gpointer user)
{
  Collector *c = user;
  for (guint i = 0; i < n; i++)
    draftd_detokenizer_push (&c->detok, tokens[i], c->text);
  /* A plain-text end marker (a newline for the transcript format) ends the answer. */
  return !(c->stop && strstr (c->text->str, c->stop));
}

static gboolean
is_eog (gint32 t, gpointer user)
{
  return draftd_tokenizer_is_eog (user, t);
}

/* Decodes one segment; returns its text (trimmed) or NULL on error. */
static char *
decode_segment (DraftdGrammarContext *ctx, const DraftdGrammarRequest *req, const char *segment, DraftdDecodeMode mode,
                DraftdDecodeStats *st, GArray *out_tokens, GError **error)
{
  const char *end = NULL;
  gboolean end_is_token = FALSE;
  g_autofree char *prompt = build_prompt (ctx, req, segment, &end, &end_is_token);
  g_autoptr (GArray) ptoks = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr (GArray) stoks = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr (GArray) etoks = g_array_new (FALSE, FALSE, sizeof (gint32));
  /* The answer of the transcript format starts after "Assistant:", with a space. */
  g_autofree char *source = ctx->format == DRAFTD_CHAT_PLAIN && !ctx->correct_template && !req->rewrite
                                ? g_strconcat (draftd_tokenizer_kind (ctx->tokenizer) == DRAFTD_VOCAB_BPE ? " " : "",
                                               segment, NULL)
                                : g_strdup (segment);
  if (!draftd_tokenizer_encode (ctx->tokenizer, prompt, -1, TRUE, TRUE, ptoks, error) ||
      !draftd_tokenizer_encode (ctx->tokenizer, source, -1, FALSE, FALSE, stoks, error) ||
      (end && !draftd_tokenizer_encode (ctx->tokenizer, end, -1, FALSE, end_is_token, etoks, error)))
    return NULL;
  guint n_ctx = draftd_lm_n_ctx (ctx->target);
  guint max_tokens = stoks->len * 2 + 32;
  if (ptoks->len + MIN (max_tokens, stoks->len + 8) > n_ctx) {
    g_set_error (error, DRAFTD_GRAMMAR_ERROR, DRAFTD_GRAMMAR_ERROR_TOO_LONG,
                 "a segment needs %u tokens of prompt and answer; the model's context holds %u", ptoks->len + stoks->len, n_ctx);
    return NULL;
  }
  DraftdDecodeParams p;
  draftd_decode_params_init (&p);
  p.mode = mode;
  p.max_tokens = MIN (max_tokens, n_ctx - ptoks->len);
  p.draft_max = ctx->block ? ctx->block : 16;
  p.ngram = ctx->ngram ? ctx->ngram : 2;
  p.source = (gint32 *) stoks->data;
  p.n_source = stoks->len;
  p.end_tokens = (gint32 *) etoks->data;
  p.n_end_tokens = end_is_token ? etoks->len : 0;
  p.is_eog = is_eog;
  p.is_eog_data = (gpointer) ctx->tokenizer;
  p.cancellable = req->cancellable;
  Collector c = { ctx->tokenizer, { 0 }, g_string_new (NULL), end_is_token ? NULL : end };
  draftd_detokenizer_init (&c.detok, ctx->tokenizer, FALSE);
  /* An end marker that is a special token also ends the answer when generated. */
  if (end_is_token && etoks->len == 1) {
    p.end_tokens = (gint32 *) etoks->data;
  }
  p.on_tokens = collect;
  p.on_tokens_data = &c;
  draftd_cache_reuse (ctx->target, ctx->cached, (gint32 *) ptoks->data, ptoks->len);
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (gint32));
  gboolean ok = draftd_decode (ctx->target, NULL, (gint32 *) ptoks->data, ptoks->len, &p, out, st, error);
  draftd_cache_update (ctx->target, ctx->cached, (gint32 *) ptoks->data, ptoks->len, out);
  draftd_detokenizer_flush (&c.detok, c.text);
  draftd_detokenizer_clear (&c.detok);
  if (!ok) {
    g_string_free (c.text, TRUE);
    return NULL;
  }
  if (out_tokens)
    g_array_append_vals (out_tokens, out->data, out->len);
  /* Cut at a textual end marker, and at a special end token rendered as text. */
  char *cut = c.stop ? strstr (c.text->str, c.stop) : NULL;
  if (cut)
    g_string_truncate (c.text, cut - c.text->str);
  if (end && (cut = strstr (c.text->str, end)) != NULL)
    g_string_truncate (c.text, cut - c.text->str);
  return g_strstrip (g_string_free (c.text, FALSE));
}

/* Safety net for corrections: an empty answer, or one far longer/shorter than the source. */
static gboolean
implausible (const char *source, const char *answer, gboolean rewrite)
{
  glong a = g_utf8_strlen (answer, -1), s = g_utf8_strlen (source, -1);
  if (a == 0)
    return TRUE;
  if (rewrite)
    return a > 4 * s + 40;
  return a * 2 < s - 4 || a > s * 3 / 2 + 10;
}

char *
draftd_grammar_run (DraftdGrammarContext *ctx, const char *text, const DraftdGrammarRequest *req, GArray *edits, DraftdGrammarStats *stats,
             GError **error)
{
  gsize len = strlen (text);
  memset (stats, 0, sizeof *stats);
  stats->greedy_equal = TRUE;
  const char *bad;
  if (!g_utf8_validate_len (text, len, &bad)) {
    g_set_error (error, DRAFTD_GRAMMAR_ERROR, DRAFTD_GRAMMAR_ERROR_TEXT, "text is not valid UTF-8 (at byte %" G_GSIZE_FORMAT ")",
                 (gsize) (bad - text));
    return NULL;
  }
  gint64 t0 = g_get_monotonic_time ();
  /* Pieces must leave room for the prompt and the answer in the context. */
  guint n_ctx = draftd_lm_n_ctx (ctx->target);
  DraftdGrammarSegmentOptions so = { req->protect_quotes, MAX (64u, n_ctx / 4) * 2 };
  g_autoptr (GArray) segs = draftd_grammar_segment (text, len, &so);
  GString *result = g_string_sized_new (len + 16);
  gsize copied = 0;
  for (guint i = 0; i < segs->len; i++) {
    const DraftdGrammarSegment *sg = &g_array_index (segs, DraftdGrammarSegment, i);
    g_string_append_len (result, text + copied, sg->start - copied);
    copied = sg->start;
    if (!sg->rewrite)
      continue;
    g_autofree char *segment = g_strndup (text + sg->start, sg->end - sg->start);
    DraftdDecodeStats st;
    g_autofree char *answer = decode_segment (ctx, req, segment, DRAFTD_DECODE_IAD, &st, NULL, error);
    if (answer == NULL) {
      g_string_free (result, TRUE);
      return NULL;
    }
    stats->segments++;
    stats->target_passes += st.target_passes + st.prompt_passes;
    stats->output_tokens += st.generated;
    stats->drafted += st.drafted;
    stats->accepted += st.accepted;
    if (req->compare_greedy) {
      DraftdDecodeStats gs;
      gint64 g0 = g_get_monotonic_time ();
      g_autofree char *greedy = decode_segment (ctx, req, segment, DRAFTD_DECODE_PLAIN, &gs, NULL, error);
      if (greedy == NULL) {
        g_string_free (result, TRUE);
        return NULL;
      }
      stats->greedy_ms += (g_get_monotonic_time () - g0) / 1e3;
      stats->greedy_passes += gs.target_passes + gs.prompt_passes;
      stats->greedy_equal &= g_str_equal (greedy, answer);
    }
    if (implausible (segment, answer, req->rewrite)) {
      stats->kept_source++;
      g_free (answer);
      answer = g_strdup (segment);
    }
    guint first = edits->len;
    draftd_grammar_diff (text, sg->start, sg->end, answer, strlen (answer), req->rewrite, edits);
    if (req->on_segment && edits->len > first)
      req->on_segment (&g_array_index (edits, DraftdGrammarEdit, first), edits->len - first, req->user);
    g_string_append (result, answer);
    copied = sg->end;
  }
  g_string_append_len (result, text + copied, len - copied);
  stats->wall_ms = (g_get_monotonic_time () - t0) / 1e3;
  return g_string_free (result, FALSE);
}
