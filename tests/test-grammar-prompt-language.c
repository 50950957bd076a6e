/* A sentence in another language than English gets the model's own pass only from a target
 * that declares the language (draftd.languages, or its family's documented languages), and
 * that pass's prompt names the language; an English-only target never sees it (sure rules and
 * spelling alone), and English's prompt is the one it always was. The target is a scripted
 * model over Qwen2's real vocabulary (../shared/models/vocab) in ChatML: what it was fed is
 * the prompt, read back. With the pinned dictionaries, a declared language's sentence is
 * spelt and ruled in its own language before the model's pass (German's rules, not English's). */
#include <string.h>
#include "grammar/driver.h"
#include "grammar/language.h"
#include "tests/scripted-lm.h"
#include "tests/tap.h"
#include "tests/test-util.h"

typedef struct {
  const DraftdTokenizer *tok;
  DraftdSpell *spell;
  GString *fed;   /* what the scripted target was fed on the last run, as text */
  guint passes;   /* its passes on the last run */
  guint foreign;  /* the run's sentences no model judged */
} Run;

/* Corrects `text` with a target declaring `languages` (NULL: English only) and keeps what the
 * target was fed. candidates_only: the spelling and rule stage alone. */
static char *
correct (Run *r, const char *text, const char *const *languages, gboolean candidates_only)
{
  ScriptedLm lm;
  /* No script: the target ends every answer at once (the checks then keep the source). */
  scripted_lm_init (&lm, NULL, 0, 0, 4096, draftd_tokenizer_n_vocab (r->tok), draftd_tokenizer_eos (r->tok));
  DraftdLm target = scripted_lm (&lm);
  g_autoptr (GArray) cached = g_array_new (FALSE, FALSE, sizeof (gint32));
  DraftdGrammarContext ctx = { &target, r->tok, cached, DRAFTD_CHAT_CHATML, NULL, NULL, NULL, 4, 2, 0, r->spell, NULL, NULL };
  DraftdGrammarRequest req = { .languages = languages, .candidates_only = candidates_only };
  DraftdGrammarStats st;
  g_autoptr (GArray) edits = draftd_grammar_edits_new ();
  g_autoptr (GError) error = NULL;
  char *out = draftd_grammar_run (&ctx, text, &req, edits, &st, &error);
  if (out == NULL)
    tap_diag ("%s: %s", text, error->message);
  g_string_truncate (r->fed, 0);
  for (guint i = 0; i < lm.cache->len; i++) {
    gsize n;
    const guint8 *piece = draftd_tokenizer_piece (r->tok, g_array_index (lm.cache, gint32, i), FALSE, &n);
    g_string_append_len (r->fed, (const char *) piece, n);
  }
  r->passes = lm.passes;
  r->foreign = out ? st.foreign : 99;
  scripted_lm_clear (&lm);
  return out;
}

static const char *const en_de_es[] = { "en", "de", "es", NULL };

static void
check_prompts (Run *r)
{
  static const struct {
    const char *text, *name;
  } foreign[] = {
    { "Gestern sind wir mit dem Zug nach Hamburg gefahren.", "German" },
    { "Ayer fuimos en tren a Sevilla para ver a mi abuela.", "Spanish" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (foreign); i++) {
    g_autofree char *out = correct (r, foreign[i].text, en_de_es, FALSE);
    g_autofree char *which = g_strdup_printf ("which is in %s.", foreign[i].name);
    g_autofree char *keep = g_strdup_printf ("keep it in %s.", foreign[i].name);
    gboolean named = strstr (r->fed->str, which) && strstr (r->fed->str, keep) && strstr (r->fed->str, foreign[i].text);
    if (!named)
      tap_diag ("fed: %s", r->fed->str);
    tap_ok (out && r->passes > 0 && r->foreign == 0 && named,
            "a target declaring %s corrects \"%s\" with its own pass, whose prompt names %s (%u passes)", foreign[i].name,
            foreign[i].text, foreign[i].name, r->passes);
    g_autofree char *alone = correct (r, foreign[i].text, NULL, FALSE);
    tap_ok (g_strcmp0 (alone, foreign[i].text) == 0 && r->passes == 0 && r->foreign == 1,
            "an English-only target never sees it: %u passes, %u sentence(s) left to sure rules (%s)", r->passes, r->foreign,
            foreign[i].name);
  }
  /* English, from either target: the prompt it always had, naming no language. */
  const char *en = "We went to the station early because the train leaves at seven.";
  /* ChatML's markers are special tokens, read back as nothing. */
  const char *instruction = "system\nCorrect the spelling, grammar and punctuation of the user's text. Keep its "
                            "meaning, wording and style otherwise. Reply with the corrected text only.\nuser\n";
  guint same = 0;
  for (guint k = 0; k < 2; k++) {
    g_autofree char *out = correct (r, en, k ? en_de_es : NULL, FALSE);
    gboolean english = out && r->passes > 0 && g_str_has_prefix (r->fed->str, instruction) && !strstr (r->fed->str, "which is in");
    if (!english)
      tap_diag ("fed: %s", r->fed->str);
    same += english;
  }
  tap_ok (same == 2, "English gets English's prompt unchanged from an English-only and a multilingual target (%u/2)", same);
}

/* A declared language is spelt and ruled in its own language before the model's pass: "das"
 * after "Ich glaube," becomes "dass" by de.das-dass, which an English candidate stage never
 * proposed. */
static void
check_own_rules (Run *r)
{
  const char *wrong = "Ich glaube, das er morgen mit dem Zug kommt.";
  const char *right = "Ich glaube, dass er morgen mit dem Zug kommt.";
  g_autofree char *judged = correct (r, wrong, en_de_es, TRUE);
  g_autofree char *twin = correct (r, right, en_de_es, TRUE);
  tap_ok (g_strcmp0 (judged, right) == 0 && g_strcmp0 (twin, right) == 0,
          "a target declaring German: its sentence gets German's rules (%s), its twin is kept", judged ? judged : "(error)");
}

/* Models without the key: the family's documented languages, else English only. */
static void
check_families (void)
{
  static const struct {
    const char *key, *name;
    gboolean german;
  } files[] = {
    { "general.name", "qwen2.5-1.5b-instruct", TRUE },         { "general.basename", "Qwen2.5", TRUE },
    { "general.name", "Meta Llama 3.1 8B Instruct", TRUE },    { "general.name", "Qwen3-1.7B", TRUE },
    { "general.name", "SmolLM2 1.7B Instruct", FALSE },        { "general.name", "gemma-3-1b-it", FALSE },
    { "general.name", "draftd-target", FALSE },
  };
  guint ok = 0;
  for (guint i = 0; i < G_N_ELEMENTS (files); i++) {
    g_autoptr (DraftdGgufWriter) w = draftd_gguf_writer_new ();
    draftd_gguf_writer_set_string (w, files[i].key, files[i].name);
    g_autoptr (GBytes) bytes = draftd_gguf_writer_to_bytes (w);
    gsize n;
    const void *data = g_bytes_get_data (bytes, &n);
    DraftdGgufFile *f = draftd_gguf_open_bytes (data, n, NULL);
    g_auto (GStrv) langs = f ? draftd_grammar_model_languages (f) : NULL;
    draftd_gguf_close (f);
    gboolean german = langs && draftd_grammar_language_supported ("de", (const char *const *) langs);
    ok += german == files[i].german && (langs == NULL || draftd_grammar_language_supported ("en", (const char *const *) langs));
    if (german != files[i].german)
      tap_diag ("%s = %s: German %s", files[i].key, files[i].name, german ? "yes" : "no");
  }
  tap_ok (ok == G_N_ELEMENTS (files), "a model's family gives its documented languages where its file declares none (%u/%u)",
          ok, (guint) G_N_ELEMENTS (files));
}

int
main (void)
{
  check_families ();
  g_autofree char *path = test_shared_model ("vocab/ggml-vocab-qwen2.gguf");
  if (path == NULL) {
    tap_missing ("prompts: ../shared/models/vocab/ggml-vocab-qwen2.gguf is absent");
    return tap_done ();
  }
  g_autoptr (GError) error = NULL;
  g_autoptr (DraftdGgufFile) f = draftd_gguf_open (path, &error);
  g_autoptr (DraftdTokenizer) tok = f ? draftd_tokenizer_new (f, &error) : NULL;
  g_assert_no_error (error);
  Run r = { tok, NULL, g_string_new (NULL), 0, 0 };
  check_prompts (&r);
  g_autofree char *de = g_strdup_printf ("%s/de_DE.dic", g_getenv ("DRAFTD_DICT_PATH"));
  if (g_file_test (de, G_FILE_TEST_EXISTS)) {
    r.spell = draftd_spell_new ("/dev/null");
    check_own_rules (&r);
    draftd_spell_free (r.spell);
  } else {
    tap_missing ("German's rules: the pinned dictionaries lack de_DE (tools/setup-debian.sh --tests installs them)");
  }
  g_string_free (r.fed, TRUE);
  return tap_done ();
}
