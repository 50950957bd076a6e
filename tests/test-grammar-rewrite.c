/* The rewrite path's own rules, without a model: which instructions a model can follow (its
 * declared presets through its template; a free-form one only through a chat template,
 * refused with a message otherwise), and the last-line checks on answers the default models
 * gave before those checks existed (issue 23): glued words, echoed prompts, invented numbers. */
#include <string.h>
#include "grammar/rewrite.h"
#include "tests/tap.h"

#define TEMPLATE "Rewrite ({instruction}): {text}\nRewritten:"

/* A rewrite request for `instruction` as the engine makes it. */
static DraftdGrammarRequest
request (const char *instruction, const char *presets, gboolean chat)
{
  DraftdGrammarRequest r = { .rewrite = TRUE, .instruction = instruction, .presets = presets, .follows_instructions = chat };
  return r;
}

static void
test_instructions (void)
{
  DraftdGrammarContext shipped = { .rewrite_template = TEMPLATE, .template_end = "</s>" };
  DraftdGrammarContext chat = { .format = DRAFTD_CHAT_CHATML };
  DraftdGrammarContext plain = { .format = DRAFTD_CHAT_PLAIN };
  DraftdGrammarRequest formal = request ("Formal", NULL, FALSE), shorter = request ("make it shorter", NULL, FALSE);
  DraftdGrammarRequest pirate = request (" pirate ", "pirate, formal", FALSE), concise = request ("concise", "pirate, formal", FALSE);
  DraftdGrammarRequest free_chat = request ("make it shorter", NULL, TRUE), simple = request ("simple", NULL, FALSE);
  DraftdGrammarRequest voice = request ("in the voice of a pirate", NULL, FALSE), blank = request ("  ", NULL, TRUE);
  gboolean tmpl = FALSE;
  g_autoptr (GError) e1 = NULL, e2 = NULL, e3 = NULL, e4 = NULL;
  tap_ok (draftd_grammar_rewrite_resolve (&shipped, &formal, &tmpl, NULL) && tmpl,
          "a model without draftd.prompt.presets follows the four presets through its template");
  gboolean refused = !draftd_grammar_rewrite_resolve (&shipped, &shorter, &tmpl, &e1);
  tap_ok (refused && g_error_matches (e1, DRAFTD_GRAMMAR_ERROR, DRAFTD_GRAMMAR_ERROR_INSTRUCTION) &&
              strstr (e1->message, "chat template") && strstr (e1->message, "formal,concise,simple,friendly"),
          "a free-form instruction to a template-only model is refused, naming its presets: %s", e1 ? e1->message : "");
  tap_ok (draftd_grammar_rewrite_resolve (&shipped, &pirate, &tmpl, NULL) && tmpl &&
              !draftd_grammar_rewrite_resolve (&shipped, &concise, &tmpl, &e2) && strstr (e2->message, "pirate, formal"),
          "the presets a model declares are the ones it follows");
  tap_ok (draftd_grammar_rewrite_resolve (&chat, &free_chat, &tmpl, NULL) && !tmpl,
          "a model with a chat template follows a free-form instruction");
  tap_ok (draftd_grammar_rewrite_resolve (&plain, &simple, &tmpl, NULL) && !tmpl &&
              !draftd_grammar_rewrite_resolve (&plain, &voice, &tmpl, &e3) && strstr (e3->message, "no chat template"),
          "a model without templates: built-in presets only");
  tap_ok (!draftd_grammar_rewrite_resolve (&chat, &blank, &tmpl, &e4) && e4, "an empty instruction is refused");
  const char *end;
  gboolean end_is_token;
  DraftdGrammarRequest upper = request ("FORMAL", NULL, FALSE);
  g_autofree char *p = draftd_grammar_rewrite_prompt (&shipped, &upper, "Some text.", &end, &end_is_token);
  tap_ok (g_str_equal (p, "Rewrite (formal): Some text.\nRewritten:") && g_str_equal (end, "</s>"),
          "the template names the preset as trained");
  g_autofree char *q = draftd_grammar_rewrite_prompt (&chat, &free_chat, "Some text.", &end, &end_is_token);
  tap_ok (strstr (q, "make it shorter") && strstr (q, "Some text."), "a chat prompt carries the instruction as written");
}

static const char *
check (const DraftdGrammarContext *ctx, const char *instruction, const char *source, const DraftdGrammarSpan *spans,
       guint n, const char *answer)
{
  DraftdGrammarRequest req = request (instruction, NULL, FALSE);
  g_autoptr (GHashTable) words = draftd_grammar_rewrite_prompt_words (ctx, &req);
  DraftdRewriteCheck c = { source, spans, n, words, NULL, NULL };
  return draftd_grammar_rewrite_check (&c, answer);
}

static void
test_checks (void)
{
  DraftdGrammarContext shipped = { .rewrite_template = TEMPLATE, .template_end = "</s>" };
  const char *hi = "Hi 👩‍💻 This is a test.";
  DraftdGrammarSpan hi_span = { 0, strlen ("Hi 👩‍💻") };
  const char *cafe = "Café “quoted” 🙂 — This is a test of the system.";
  DraftdGrammarSpan cafe_span = { 0, strstr (cafe, " This") - cafe };
  static const struct {
    const char *answer, *why;
  } bad[] = {
    { "Hi 👩‍💻like) is a test.", "a word glued to a protected one" },
    { "Hi 👩‍💻like This is a test.", "a word glued to a protected one, the rest kept" },
    { "Hi 👩‍💻 Rewrite (formal): This is a test.", "the prompt echoed" },
    { "Hi 👩‍💻 This is a test test test test.", "a loop" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++) {
    const char *why = check (&shipped, "formal", hi, &hi_span, 1, bad[i].answer);
    tap_ok (why != NULL, "refused (%s): %s", why ? why : "accepted", bad[i].why);
  }
  tap_ok (check (&shipped, "formal", cafe, &cafe_span, 1, "Café “quoted” 🙂 —) is a test of the system.") != NULL,
          "a dash followed by a bracket instead of the next word is refused");
  tap_ok (check (&shipped, "formal", cafe, &cafe_span, 1, "Café “quoted” 🙂 — 55 version 3 of the system.") != NULL,
          "invented numbers are refused");
  tap_ok (check (&shipped, "formal", "Cafe is a test.", NULL, 0, "Café is a test.") != NULL,
          "a non-ASCII character the source lacks is refused");
  tap_ok (check (&shipped, "concise", "The operating system provides many services to programs.", NULL, 0,
                 "The kernel runs.") != NULL,
          "most content words lost is refused");
  const char *ok = check (&shipped, "formal", hi, &hi_span, 1, "Hi 👩‍💻 This is an examination.");
  tap_ok (ok == NULL, "a sound rewrite keeping the protected words and their spacing passes (%s)", ok ? ok : "ok");
  const char *ok2 = check (&shipped, "concise", "I really think that it is very good.", NULL, 0, "I think it is good.");
  tap_ok (ok2 == NULL, "dropping filler words passes (%s)", ok2 ? ok2 : "ok");
}

int
main (void)
{
  test_instructions ();
  test_checks ();
  return tap_done ();
}
