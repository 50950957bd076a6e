/* The answer cache (grammar/answer-cache.h, issue 32): a sentence answered before is answered
 * from memory, and never differently than afresh. The cache alone: entries keep their fixes,
 * go oldest first when the bytes pass the bound, and answer only while the document words
 * they looked up are unchanged. Through the grammar driver with the shipped target: a
 * paragraph edited as a language server sends it again and again gives the very text and
 * edits a context without a cache gives, the repeats with no model pass; a document that
 * makes a word a name, and a word added to the personal list, are answered afresh. */
#include <string.h>
#include <glib/gstdio.h>
#include "grammar/driver.h"
#include "grammar/rank.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static GArray *
fixes_of (const char *was, const char *now)
{
  GArray *f = draftd_fixes_new ();
  DraftdFix x = { g_strdup (was), g_strdup (now), DRAFTD_FIX_SPELLING, FALSE, 0, NULL };
  g_array_append_val (f, x);
  return f;
}

static void
check_store (void)
{
  g_autoptr (DraftdAnswerCache) c = draftd_answer_cache_new (64 << 10);
  g_autoptr (GArray) fixes = fixes_of ("teh", "the");
  draftd_answer_cache_store (c, "k1", "the answer", fixes, "");
  g_autoptr (GArray) got = draftd_fixes_new ();
  g_autofree char *a = draftd_answer_cache_lookup (c, "k1", NULL, got);
  tap_ok (a && g_str_equal (a, "the answer") && got->len == 1 && g_str_equal (g_array_index (got, DraftdFix, 0).now, "the"),
          "an answer stored is found with its fixes");
  g_autofree char *none = draftd_answer_cache_lookup (c, "k2", NULL, got);
  tap_ok (none == NULL && got->len == 1, "another key finds nothing and adds no fixes");
  /* Each entry is about 1.3 KiB: 64 KiB holds fewer than 60 of them. */
  g_autofree char *big = g_strnfill (1200, 'x');
  for (guint i = 0; i < 200; i++) {
    g_autofree char *k = g_strdup_printf ("fill%u", i);
    draftd_answer_cache_store (c, k, big, fixes, "");
    g_autofree char *again = draftd_answer_cache_lookup (c, "fill0", NULL, got); /* kept in use */
  }
  DraftdAnswerCacheStats st;
  draftd_answer_cache_stats (c, &st);
  g_autofree char *first = draftd_answer_cache_lookup (c, "fill0", NULL, got);
  g_autofree char *early = draftd_answer_cache_lookup (c, "fill1", NULL, got);
  g_autofree char *last = draftd_answer_cache_lookup (c, "fill199", NULL, got);
  tap_ok (st.bytes <= 64 << 10 && st.entries < 60 && first && !early && last,
          "bounded in bytes (%zu in %u entries), least recently used out first", st.bytes, st.entries);
  g_autofree char *huge = g_strnfill (8 << 10, 'y');
  draftd_answer_cache_store (c, "huge", huge, fixes, "");
  g_autofree char *no_huge = draftd_answer_cache_lookup (c, "huge", NULL, got);
  tap_ok (no_huge == NULL, "an answer over a sixteenth of the cache is not kept");
}

static void
check_document (void)
{
  g_autoptr (DraftdAnswerCache) c = draftd_answer_cache_new (64 << 10);
  g_autoptr (GString) seen = g_string_new (NULL);
  draftd_answer_cache_note_document (seen, "Zorblat", NULL);
  draftd_answer_cache_note_document (seen, "libary", GINT_TO_POINTER (2));
  g_autoptr (GArray) fixes = draftd_fixes_new ();
  draftd_answer_cache_store (c, "k", "answer", fixes, seen->str);
  g_autoptr (GHashTable) doc = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (doc, "libary", GINT_TO_POINTER (2));
  g_hash_table_insert (doc, "other", GINT_TO_POINTER (1));
  g_autofree char *same = draftd_answer_cache_lookup (c, "k", doc, fixes);
  g_hash_table_insert (doc, "Zorblat", GINT_TO_POINTER (1));
  g_autofree char *changed = draftd_answer_cache_lookup (c, "k", doc, fixes);
  g_autofree char *no_doc = draftd_answer_cache_lookup (c, "k", NULL, fixes);
  DraftdAnswerCacheStats st;
  draftd_answer_cache_stats (c, &st);
  tap_ok (same && !changed && !no_doc && st.stale == 2,
          "answers while the document words it looked up are unchanged (other words may change), not after");
}

typedef struct {
  DraftdGrammarContext ctx;
  GArray *edits;
  DraftdGrammarStats st;
} Run;

/* The corrected text and its edits, one line each ("start-end kind rule → replacement"). */
static char *
correct (Run *r, const char *text)
{
  g_autoptr (GError) error = NULL;
  DraftdGrammarRequest req = { 0 };
  g_array_set_size (r->edits, 0);
  g_autofree char *out = draftd_grammar_run (&r->ctx, text, &req, r->edits, &r->st, &error);
  if (out == NULL)
    return g_strdup_printf ("error: %s", error->message);
  GString *s = g_string_new (out);
  for (guint i = 0; i < r->edits->len; i++) {
    const DraftdGrammarEdit *e = &g_array_index (r->edits, DraftdGrammarEdit, i);
    g_string_append_printf (s, "\n%zu-%zu %s %s %s → %s", e->start, e->end, e->kind, e->rule, e->message ? e->message : "",
                            e->replacement);
  }
  return g_string_free (s, FALSE);
}

/* A paragraph as an editor sends it while its writer works on it: a sentence changed, the
 * first version again, then a sentence added that makes "Zorblat" a name of the document. */
static const char *const versions[] = {
  "Zorblat went to the libary yesterday. She have three brother. We was happy to see her.",
  "Zorblat went to the libary yesterday. She has three brother. We was happy to see her.",
  "Zorblat went to the libary yesterday. She have three brother. We was happy to see her.",
  "Zorblat went to the libary yesterday. She have three brother. We was happy to see her. I like Zorblat.",
};

static void
check_driver (Run *cached, Run *fresh)
{
  guint same = 0, hits[G_N_ELEMENTS (versions)], passes[G_N_ELEMENTS (versions)];
  for (guint i = 0; i < G_N_ELEMENTS (versions); i++) {
    g_autofree char *a = correct (cached, versions[i]);
    g_autofree char *b = correct (fresh, versions[i]);
    same += g_str_equal (a, b);
    if (!g_str_equal (a, b))
      tap_diag ("cached:\n%s\nfresh:\n%s", a, b);
    hits[i] = cached->st.cached;
    passes[i] = cached->st.target_passes + cached->st.scoring_passes;
  }
  tap_ok (same == G_N_ELEMENTS (versions), "every version corrected with the cache equals it corrected afresh (%u of %zu)",
          same, G_N_ELEMENTS (versions));
  tap_ok (hits[0] == 0 && passes[0] > 0 && hits[1] == 2, "a version with one sentence changed: the other two from the cache (%u)",
          hits[1]);
  tap_ok (hits[2] == 3 && passes[2] == 0, "the first version again: all 3 from the cache, no model pass (%u passes)", passes[2]);
  /* "Zorblat" is now a name the document uses mid-sentence, which the first sentence looked up. */
  tap_ok (hits[3] == 2, "a sentence whose document word became a name is judged again (%u of 4 from the cache)", hits[3]);
}

static void
check_personal (Run *cached, Run *fresh)
{
  const char *text = "We saw a glorbix in the garden.";
  g_autofree char *before = correct (cached, text);
  g_autoptr (GError) error = NULL;
  gboolean added = draftd_spell_add_word (cached->ctx.spell, "glorbix", &error) &&
                   draftd_spell_add_word (fresh->ctx.spell, "glorbix", &error);
  g_autofree char *after = correct (cached, text);
  guint hits = cached->st.cached;
  g_autofree char *afresh = correct (fresh, text);
  tap_ok (added && hits == 0 && g_str_equal (after, afresh) && g_str_has_prefix (after, text),
          "a word added to the personal list: the sentence is judged again and keeps it (%s)", after);
}

int
main (void)
{
  check_store ();
  check_document ();
  if (!g_file_test ("/usr/share/hunspell/en_US.dic", G_FILE_TEST_EXISTS))
    return tap_missing_all ("hunspell-en-us is not installed");
  g_autofree char *model = g_build_filename (DRAFTD_SOURCE_ROOT, "models", "draftd-target.gguf", NULL);
  g_autoptr (DraftdVk) vk = test_vk ();
  TestLoaded l;
  if (!test_load (vk, model, 0, &l))
    return tap_done ();
  g_autofree char *dir = g_dir_make_tmp ("draftd-answers-XXXXXX", NULL);
  g_autofree char *words_a = g_build_filename (dir, "a.txt", NULL), *words_b = g_build_filename (dir, "b.txt", NULL);
  g_autoptr (DraftdSpell) spell_a = draftd_spell_new (words_a), spell_b = draftd_spell_new (words_b);
  g_autoptr (DraftdAnswerCache) answers = draftd_answer_cache_new (DRAFTD_ANSWER_CACHE_BYTES);
  g_autoptr (GArray) cached_a = g_array_new (FALSE, FALSE, sizeof (gint32)), cached_b = g_array_new (FALSE, FALSE, sizeof (gint32));
  const DraftdPromptMeta *meta = &l.model->prompt;
  Run cached = { { .target = &l.lm, .tokenizer = l.model->tokenizer, .cached = cached_a, .format = meta->format,
                   .correct_template = meta->correct_template, .rewrite_template = meta->rewrite_template,
                   .template_end = meta->template_end, .block = 7, .ngram = 2, .spell = spell_a, .answers = answers },
                 .edits = draftd_grammar_edits_new () };
  Run fresh = cached;
  fresh.ctx.cached = cached_b;
  fresh.ctx.spell = spell_b;
  fresh.ctx.answers = NULL;
  fresh.edits = draftd_grammar_edits_new ();
  check_driver (&cached, &fresh);
  check_personal (&cached, &fresh);
  g_array_unref (cached.edits);
  g_array_unref (fresh.edits);
  test_unload (&l);
  test_check_validation ();
  g_unlink (words_a);
  g_unlink (words_b);
  g_rmdir (dir);
  return tap_done ();
}
