#include "grammar/rewrite.h"
#include <string.h>
#include "grammar/checks.h"

static gboolean
declared (const DraftdGrammarRequest *req, const char *name)
{
  g_auto (GStrv) names = g_strsplit (req->presets ? req->presets : DRAFTD_GRAMMAR_TEMPLATE_PRESETS, ",", -1);
  for (guint i = 0; names[i]; i++)
    if (g_ascii_strcasecmp (g_strstrip (names[i]), name) == 0)
      return TRUE;
  return FALSE;
}

gboolean
draftd_grammar_rewrite_resolve (const DraftdGrammarContext *ctx, const DraftdGrammarRequest *req, gboolean *use_template,
                                GError **error)
{
  g_autofree char *name = g_strstrip (g_strdup (req->instruction ? req->instruction : ""));
  *use_template = FALSE;
  if (*name == 0) {
    g_set_error_literal (error, DRAFTD_GRAMMAR_ERROR, DRAFTD_GRAMMAR_ERROR_INSTRUCTION, "a rewrite needs an instruction");
    return FALSE;
  }
  if (ctx->rewrite_template && declared (req, name)) {
    *use_template = TRUE;
    return TRUE;
  }
  /* A model's own template was trained on its presets only: anything else put in it comes
   * back as garbage (the instruction echoed, words invented), never as a refusal. */
  if ((!ctx->rewrite_template && draftd_grammar_rewrite_preset (name)) || req->follows_instructions)
    return TRUE;
  if (ctx->rewrite_template)
    g_set_error (error, DRAFTD_GRAMMAR_ERROR, DRAFTD_GRAMMAR_ERROR_INSTRUCTION,
                 "this model follows only its rewrite presets (%s); \u201c%s\u201d is not one of them, and a free-form "
                 "instruction needs a model with a chat template",
                 req->presets ? req->presets : DRAFTD_GRAMMAR_TEMPLATE_PRESETS, name);
  else
    g_set_error (error, DRAFTD_GRAMMAR_ERROR, DRAFTD_GRAMMAR_ERROR_INSTRUCTION,
                 "this model has no chat template, so it follows only the presets formal, concise, simple and "
                 "friendly; \u201c%s\u201d is not one of them", name);
  return FALSE;
}

char *
draftd_grammar_rewrite_prompt (const DraftdGrammarContext *ctx, const DraftdGrammarRequest *req, const char *segment,
                               const char **end, gboolean *end_is_token)
{
  gboolean use_template = FALSE;
  draftd_grammar_rewrite_resolve (ctx, req, &use_template, NULL);
  const char *instruction = req->instruction;
  g_autofree char *name = g_ascii_strdown (instruction, -1);
  g_strstrip (name);
  if (use_template) {
    /* The model's template names a preset by its name: that is what it was trained on. */
    GString *s = g_string_new (ctx->rewrite_template);
    g_string_replace (s, "{instruction}", name, 0);
    g_string_replace (s, "{text}", segment, 0);
    *end = ctx->template_end;
    *end_is_token = TRUE;
    return g_string_free (s, FALSE);
  }
  const char *preset = draftd_grammar_rewrite_preset (name);
  g_autofree char *full = g_strconcat (preset ? preset : instruction, " Reply with the rewritten text only.", NULL);
  DraftdChatTurn turns[2] = { { "system", full }, { "user", segment } };
  *end = draftd_chat_format_end (ctx->format);
  *end_is_token = draftd_chat_format_end_is_token (ctx->format);
  return draftd_chat_format_render (ctx->format, turns, 2, TRUE);
}

/* Lower-cased words (letters, digits, apostrophes) of a text, as a set. */
static GHashTable *
word_set (const char *text)
{
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto (GStrv) parts = g_regex_split_simple ("[^\\p{L}\\p{N}'\u2019]+", text, 0, 0);
  for (guint i = 0; parts[i]; i++)
    if (*parts[i])
      g_hash_table_add (set, g_utf8_strdown (parts[i], -1));
  return set;
}

GHashTable *
draftd_grammar_rewrite_prompt_words (const DraftdGrammarContext *ctx, const DraftdGrammarRequest *req)
{
  const char *end;
  gboolean end_is_token;
  g_autofree char *prompt = draftd_grammar_rewrite_prompt (ctx, req, "", &end, &end_is_token);
  g_autofree char *all = g_strconcat (prompt, " ", req->instruction, " ", end ? end : "", NULL);
  GHashTable *words = word_set (all);
  /* Short words ("a", "the", "in") are as likely in a rewrite as in the prompt. */
  GHashTableIter it;
  gpointer w;
  g_hash_table_iter_init (&it, words);
  while (g_hash_table_iter_next (&it, &w, NULL))
    if (g_utf8_strlen (w, -1) < 4)
      g_hash_table_iter_remove (&it);
  return words;
}

/* The protected ranges kept with the whitespace that bounds them: "👩‍💻 This" must not come
 * back as "👩‍💻like", which keeps the emoji but glues a new word to it. */
static gboolean
bounded_ranges_kept (const DraftdRewriteCheck *c, const char *answer)
{
  const char *src = c->source, *from = answer;
  gsize len = strlen (src);
  for (guint i = 0; i < c->n_protected; i++) {
    gsize a = c->protected[i].start, b = c->protected[i].end;
    if (a > 0 && g_ascii_isspace (src[a - 1]) && !g_ascii_isspace (src[a]))
      a--;
    if (b < len && g_ascii_isspace (src[b]))
      b++;
    g_autofree char *needle = g_strndup (src + a, b - a);
    const char *at = strstr (from, needle);
    if (at == NULL)
      return FALSE;
    from = at + (b - a);
  }
  return TRUE;
}

/* The bytes of non-ASCII characters, compared in order: accents, emoji, typographic quotes
 * and dashes are what an English-trained model damages, and no preset is about them. */
static gboolean
same_non_ascii (const char *s, const char *a)
{
  for (;;) {
    while (*s && (guchar) *s < 0x80)
      s++;
    while (*a && (guchar) *a < 0x80)
      a++;
    if (*s != *a)
      return FALSE;
    if (*s == 0)
      return TRUE;
    s++, a++;
  }
}

static guint
count_char (const char *text, gunichar c)
{
  guint n = 0;
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    n += g_utf8_get_char (p) == c;
  return n;
}

/* Brackets, colons, quotes and markup a rewrite brought in: the shape of an echoed prompt
 * ("Rewrite (formal): ..."), never of a change of tone or length. */
static gboolean
markup_added (const char *source, const char *answer)
{
  static const gunichar marks[] = { '(', ')', '[', ']', '{', '}', '<', '>', ':', '"', '*', '_', '#', '`', '|', '\\', '/' };
  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    if (count_char (answer, marks[i]) > count_char (source, marks[i]))
      return TRUE;
  return FALSE;
}

static gboolean
has_digit (const char *w)
{
  for (; *w; w++)
    if (g_ascii_isdigit (*w))
      return TRUE;
  return FALSE;
}

/* A word new to the answer: not a number the source lacks, not the prompt's, and one the
 * model knows whole (the part before an apostrophe: "it's" is "it" and "'s"). */
static const char *
new_word_check (const DraftdRewriteCheck *c, const char *w)
{
  if (has_digit (w))
    return "number invented";
  if (c->prompt_words && g_hash_table_contains (c->prompt_words, w))
    return "prompt text";
  g_autofree char *stem = g_strdup (w);
  char *apostrophe = strpbrk (stem, "'\xe2");
  if (apostrophe && apostrophe > stem)
    *apostrophe = 0;
  if (c->is_word && !c->is_word (stem, c->user))
    return "unknown word";
  return NULL;
}

static const char *
word_check (const DraftdRewriteCheck *c, const char *answer)
{
  g_autoptr (GHashTable) sw = word_set (c->source);
  g_autoptr (GHashTable) aw = word_set (answer);
  guint content = 0, lost = 0;
  GHashTableIter it;
  gpointer w;
  g_hash_table_iter_init (&it, sw);
  while (g_hash_table_iter_next (&it, &w, NULL))
    if (g_utf8_strlen (w, -1) >= 4 && !has_digit (w)) {
      content++;
      lost += !g_hash_table_contains (aw, w);
    }
  /* A rewrite swaps and drops some words (filler, long ones for plain ones), not most. */
  if (lost > 1 + content / 2)
    return "content words lost";
  g_hash_table_iter_init (&it, aw);
  while (g_hash_table_iter_next (&it, &w, NULL)) {
    const char *bad = g_hash_table_contains (sw, w) ? NULL : new_word_check (c, w);
    if (bad)
      return bad;
  }
  return NULL;
}

const char *
draftd_grammar_rewrite_check (const DraftdRewriteCheck *c, const char *answer)
{
  DraftdGrammarCheck base = draftd_grammar_check_answer (c->source, answer, c->protected, c->n_protected, TRUE);
  if (base != DRAFTD_GRAMMAR_CHECK_OK)
    return draftd_grammar_check_name (base);
  if (!bounded_ranges_kept (c, answer))
    return "protected";
  if (!same_non_ascii (c->source, answer))
    return "non-ASCII characters";
  if (markup_added (c->source, answer))
    return "markup added";
  return word_check (c, answer);
}

void
draftd_grammar_rewrite_bound_ranges (const char *segment, GArray *ranges)
{
  gsize len = strlen (segment);
  for (guint i = 0; i < ranges->len; i++) {
    DraftdGrammarSpan *r = &g_array_index (ranges, DraftdGrammarSpan, i);
    if (r->end < len && g_ascii_isspace (segment[r->end]))
      r->end++;
  }
}
