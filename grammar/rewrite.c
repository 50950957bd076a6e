#include "grammar/rewrite.h"
#include <string.h>
#include "grammar/checks.h"

/* The presets written out for a model with a chat template; a model of draftd's own template
 * names them as trained, and one without a chat template has rules for them (below). */
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

/* ---- the presets by rules, judged by the target ----
 * A model without a chat template (the shipped one) was trained on the presets as the word
 * rules of train/rewrite.py, and its own decoding of them does not pass the checks. So the
 * rules propose each change (a contraction, a formal or plain word, a filler or wordy phrase
 * dropped) and the target judges it in context: a change is taken unless it makes the
 * sentence much less likely than before (REWRITE_RULE_MARGIN nats), which turns away a rule
 * misfiring on another sense ("I kid you not"). Words no rule names stay as they are. */
#define REWRITE_RULE_MARGIN 8.0

/* What the word after a rule's phrase must be for the rule to fit: "lots of people" is "many
 * people", but "lots of feedback" is not "many feedback" (a preset must never add an error). */
typedef enum { NEXT_ANY, NEXT_PLURAL, NEXT_SINGULAR } RewriteNext;

typedef struct {
  const char *from, *to;
  RewriteNext next;
} RewriteRule;

/* ASCII apostrophes only: a typographic one is left with its text as written. */
#define CONTRACTION_RULES(X) \
  X ("do not", "don't") X ("does not", "doesn't") X ("did not", "didn't") X ("is not", "isn't") \
  X ("are not", "aren't") X ("was not", "wasn't") X ("were not", "weren't") X ("cannot", "can't") \
  X ("could not", "couldn't") X ("will not", "won't") X ("would not", "wouldn't") X ("should not", "shouldn't") \
  X ("have not", "haven't") X ("has not", "hasn't") X ("it is", "it's") X ("that is", "that's") \
  X ("there is", "there's") X ("I am", "I'm") X ("you are", "you're") X ("we are", "we're") \
  X ("they are", "they're") X ("I have", "I've") X ("I will", "I'll") X ("you will", "you'll")
#define EXPAND(a, b) { b, a, NEXT_ANY },
#define CONTRACT(a, b) { a, b, NEXT_ANY },

static const RewriteRule formal_rules[] = {
  CONTRACTION_RULES (EXPAND)
  { "kids", "children", NEXT_ANY }, { "kid", "child", NEXT_ANY }, { "lots of", "many", NEXT_PLURAL }, { "a lot of", "many", NEXT_PLURAL },
  { "lots of", "a great deal of", NEXT_SINGULAR }, { "a lot of", "a great deal of", NEXT_SINGULAR }, { "maybe", "perhaps", NEXT_ANY },
  { "okay", "acceptable", NEXT_ANY }, { "anyway", "nevertheless", NEXT_ANY }, { "stuff", "material", NEXT_ANY }, { "buy", "purchase", NEXT_ANY },
  { "bought", "purchased", NEXT_ANY }, { "huge", "very large", NEXT_ANY }, { "pretty", "fairly", NEXT_ANY }, { NULL, NULL, NEXT_ANY },
};
static const RewriteRule concise_rules[] = {
  { "really ", "", NEXT_ANY }, { "very ", "", NEXT_ANY }, { "actually ", "", NEXT_ANY }, { "basically ", "", NEXT_ANY }, { "just ", "", NEXT_ANY }, { "quite ", "", NEXT_ANY },
  { "totally ", "", NEXT_ANY }, { "definitely ", "", NEXT_ANY }, { "certainly ", "", NEXT_ANY }, { "somewhat ", "", NEXT_ANY },
  { "in order to", "to", NEXT_ANY }, { "due to the fact that", "because", NEXT_ANY }, { "at this point in time", "now", NEXT_ANY },
  { "in spite of the fact that", "although", NEXT_ANY }, { "a large number of", "many", NEXT_ANY }, { "the majority of", "most", NEXT_ANY },
  { "is able to", "can", NEXT_ANY }, { "are able to", "can", NEXT_ANY }, { "in the event that", "if", NEXT_ANY }, { "for the purpose of", "for", NEXT_ANY },
  { "with regard to", "about", NEXT_ANY }, { "prior to", "before", NEXT_ANY }, { "at the present time", "now", NEXT_ANY },
  { "in close proximity to", "near", NEXT_ANY }, { NULL, NULL, NEXT_ANY },
};
static const RewriteRule simple_rules[] = {
  { "utilize", "use", NEXT_ANY }, { "utilizes", "uses", NEXT_ANY }, { "utilized", "used", NEXT_ANY }, { "approximately", "about", NEXT_ANY },
  { "commence", "begin", NEXT_ANY }, { "terminate", "end", NEXT_ANY }, { "purchase", "buy", NEXT_ANY }, { "purchased", "bought", NEXT_ANY },
  { "assistance", "help", NEXT_ANY }, { "demonstrate", "show", NEXT_ANY }, { "demonstrates", "shows", NEXT_ANY }, { "sufficient", "enough", NEXT_ANY },
  { "obtain", "get", NEXT_ANY }, { "obtained", "got", NEXT_ANY }, { "require", "need", NEXT_ANY }, { "requires", "needs", NEXT_ANY }, { "numerous", "many", NEXT_ANY },
  { "additional", "more", NEXT_ANY }, { "subsequently", "later", NEXT_ANY }, { "facilitate", "help", NEXT_ANY }, { "individuals", "people", NEXT_ANY },
  { "residence", "home", NEXT_ANY }, { "inquire", "ask", NEXT_ANY }, { "endeavor", "try", NEXT_ANY }, { "frequently", "often", NEXT_ANY },
  { "initial", "first", NEXT_ANY }, { "modify", "change", NEXT_ANY }, { "modified", "changed", NEXT_ANY }, { "possess", "have", NEXT_ANY }, { NULL, NULL, NEXT_ANY },
};
static const RewriteRule friendly_rules[] = { CONTRACTION_RULES (CONTRACT) { NULL, NULL, NEXT_ANY } };

static const struct {
  const char *name;
  const RewriteRule *rules;
} rule_presets[] = {
  { "formal", formal_rules }, { "concise", concise_rules }, { "simple", simple_rules }, { "friendly", friendly_rules },
};

gboolean
draftd_grammar_rewrite_has_rules (const char *preset)
{
  for (guint i = 0; preset && i < G_N_ELEMENTS (rule_presets); i++)
    if (g_ascii_strcasecmp (preset, rule_presets[i].name) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
word_byte (char c)
{
  return g_ascii_isalnum (c) || c == '\'' || c == '-' || c == '_' || (guchar) c >= 0x80;
}

static gboolean
is_protected (const DraftdGrammarSpan *prot, guint n, gsize start, gsize end)
{
  for (guint i = 0; i < n; i++)
    if (start < prot[i].end && prot[i].start < end)
      return TRUE;
  return FALSE;
}

/* Does the word at `p` (after spaces) fit `next`? A plural is a word ending in -s (not -ss,
 * -us, -is) or an irregular plural; anything else, an uncountable or a singular noun. */
static gboolean
next_fits (const char *p, RewriteNext next)
{
  static const char *const irregular[] = { "people", "children", "men", "women", "feet", "teeth", "mice", "geese", NULL };
  if (next == NEXT_ANY)
    return TRUE;
  while (*p == ' ')
    p++;
  gsize n = 0;
  while (word_byte (p[n]))
    n++;
  if (n == 0)
    return FALSE;
  g_autofree char *w = g_ascii_strdown (p, n);
  gboolean plural = (n > 2 && w[n - 1] == 's' && !g_str_has_suffix (w, "ss") && !g_str_has_suffix (w, "us") &&
                     !g_str_has_suffix (w, "is")) || g_strv_contains (irregular, w);
  return plural == (next == NEXT_PLURAL);
}

/* The first match of any rule at or after `from`, a whole phrase (a rule ending in a space
 * takes the space after its word), outside the protected ranges; the longest at one place. */
static gboolean
next_match (const RewriteRule *rules, const char *text, gsize from, const DraftdGrammarSpan *prot, guint n_prot, gsize *at,
            gsize *len, const RewriteRule **rule)
{
  gsize n = strlen (text);
  for (gsize i = from; i < n; i++) {
    if (i > 0 && word_byte (text[i - 1]))
      continue;
    *len = 0;
    for (const RewriteRule *r = rules; r->from; r++) {
      gsize l = strlen (r->from);
      gboolean spaced = r->from[l - 1] == ' ';
      if (l <= *len || i + l > n || g_ascii_strncasecmp (text + i, r->from, l) != 0 ||
          (!spaced && word_byte (text[i + l])) || is_protected (prot, n_prot, i, i + l) || !next_fits (text + i + l, r->next))
        continue;
      *len = l;
      *rule = r;
    }
    if (*len) {
      *at = i;
      return TRUE;
    }
  }
  return FALSE;
}

/* `text` with [at, at + len) replaced by the rule's words, a leading capital kept. */
static char *
apply_rule (const char *text, gsize at, gsize len, const RewriteRule *r)
{
  GString *s = g_string_new_len (text, at);
  gsize mark = s->len;
  g_string_append (s, r->to);
  if (s->len > mark && g_ascii_isupper (text[at]))
    s->str[mark] = g_ascii_toupper (s->str[mark]);
  else if (s->len == mark && g_ascii_isupper (text[at]) && g_ascii_islower (text[at + len]))
    g_string_append_c (s, g_ascii_toupper (text[at + len++]));  /* "Really good" -> "Good" */
  g_string_append (s, text + at + len);
  return g_string_free (s, FALSE);
}

char *
draftd_grammar_rewrite_by_rules (DraftdScorer *scorer, const char *preset, const char *segment, GArray *prot,
                                 guint *changes, GError **error)
{
  const RewriteRule *rules = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (rule_presets); i++)
    if (g_ascii_strcasecmp (preset, rule_presets[i].name) == 0)
      rules = rule_presets[i].rules;
  g_autofree char *text = g_strdup (segment);
  double lp = 0;
  if (rules == NULL || !draftd_scorer_logprob (scorer, text, G_MAXSIZE, NULL, &lp, NULL, error))
    return rules ? NULL : g_steal_pointer (&text);
  gsize at = 0, len;
  const RewriteRule *r;
  while (next_match (rules, text, at, (const DraftdGrammarSpan *) prot->data, prot->len, &at, &len, &r)) {
    g_autofree char *cand = apply_rule (text, at, len, r);
    double cand_lp = 0;
    if (!draftd_scorer_logprob (scorer, cand, G_MAXSIZE, NULL, &cand_lp, NULL, error))
      return NULL;
    gssize shift = (gssize) strlen (cand) - (gssize) strlen (text);
    if (cand_lp != 0 && cand_lp >= lp - REWRITE_RULE_MARGIN) {
      g_free (text);
      text = g_steal_pointer (&cand);
      lp = cand_lp;
      (*changes)++;
      /* The protected ranges after the change move with their text. */
      for (guint k = 0; k < prot->len; k++) {
        DraftdGrammarSpan *p = &g_array_index (prot, DraftdGrammarSpan, k);
        if (p->start >= at + len) {
          p->start += shift;
          p->end += shift;
        }
      }
      at += strlen (r->to);
    } else {
      at += len;
    }
  }
  return g_steal_pointer (&text);
}
