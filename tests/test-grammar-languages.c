/* Each language corrected as itself, or not at all (issue 51): CLD2 names the language of every
 * sentence within its paragraph, a letter a language lacks rules it out, close relatives are
 * told apart by their dictionaries, and a sentence in a language without a dictionary comes
 * back as it was. The sentences are this file's own. The suite's dictionaries are a pinned set
 * (tests/pin-dictionaries.py), whatever else the machine has. */
#include <string.h>
#include <glib/gstdio.h>
#include "grammar/driver.h"
#include "grammar/language.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static const struct {
  const char *lang, *text;
} sentences[] = {
  { "uk", "Учора ми довго гуляли парком і розмовляли про наші плани на літо." },
  { "uk", "Моя сестра працює вчителькою в невеликій сільській школі." },
  { "uk", "Привіт, як справи? Я щойно повернувся з роботи." },
  { "ru", "Вчера мы долго гуляли по парку и разговаривали о наших планах на лето." },
  { "ru", "Моя сестра работает учительницей в небольшой сельской школе." },
  { "be", "Учора мы доўга гулялі па парку і размаўлялі пра нашы планы на лета." },
  { "bg", "Вчера дълго се разхождахме в парка и говорихме за плановете си за лятото." },
  { "sr", "Јуче смо дуго шетали парком и разговарали о нашим плановима за лето." },
  { "cs", "Včera jsme se dlouho procházeli parkem a povídali si o našich plánech na léto." },
  { "cs", "Moje sestra pracuje jako učitelka v malé vesnické škole." },
  { "sk", "Včera sme sa dlho prechádzali po parku a rozprávali sa o našich plánoch na leto." },
  { "sk", "Moja sestra pracuje ako učiteľka v malej dedinskej škole." },
  { "es", "Ayer paseamos mucho tiempo por el parque y hablamos de nuestros planes para el verano." },
  { "ca", "Ahir vam passejar molta estona pel parc i vam parlar dels nostres plans per a l'estiu." },
  { "pt", "Ontem passeamos muito tempo pelo parque e falamos sobre os nossos planos para o verão." },
  { "gl", "Onte paseamos moito tempo polo parque e falamos dos nosos plans para o verán." },
  { "da", "I går gik vi længe en tur i parken og talte om vores planer for sommeren." },
  { "nb", "I går gikk vi lenge tur i parken og snakket om planene våre for sommeren." },
  { "sv", "Igår promenerade vi länge i parken och pratade om våra planer för sommaren." },
  { "fr", "Hier, nous nous sommes longtemps promenés dans le parc en parlant de nos projets pour l'été." },
  { "de", "Gestern sind wir lange im Park spazieren gegangen und haben über unsere Pläne für den Sommer gesprochen." },
  { "pl", "Wczoraj długo spacerowaliśmy po parku i rozmawialiśmy o naszych planach na lato." },
  { "en", "Yesterday we walked in the park for a long time and talked about our plans for the summer." },
};

static void
check_sentences (void)
{
  guint ok = 0;
  for (guint i = 0; i < G_N_ELEMENTS (sentences); i++) {
    const char *t = sentences[i].text;
    const char *got = draftd_grammar_guess_language (t, strlen (t));
    ok += g_strcmp0 (got, sentences[i].lang) == 0;
    if (g_strcmp0 (got, sentences[i].lang) != 0)
      tap_diag ("%s: %s, want %s", t, got ? got : "(none)", sentences[i].lang);
  }
  tap_ok (ok == G_N_ELEMENTS (sentences), "%u/%u sentences of 18 languages named right, relatives apart", ok,
          (guint) G_N_ELEMENTS (sentences));
}

/* A sentence too short or too plain to tell takes its paragraph's language; one of another,
 * unrelated language keeps its own; a letter a language lacks rules it out. */
static void
check_paragraphs (void)
{
  const char *uk_par = "Добрий ранок, друже! Як ти сьогодні почуваєшся після вчорашньої довгої подорожі до моря?";
  const char *uk_s = "Добрий ранок, друже!";
  const char *fr_par = "Nous avons visité le musée hier. The guide told us the building was designed by a famous architect. "
                       "Ensuite, nous avons déjeuné au bord de la rivière.";
  const char *en_s = "The guide told us the building was designed by a famous architect.";
  const char *alone = draftd_grammar_guess_language (uk_s, strlen (uk_s));
  tap_ok (g_strcmp0 (draftd_grammar_sentence_language (uk_s, strlen (uk_s), uk_par, strlen (uk_par)), "uk") == 0 &&
              g_strcmp0 (alone, "ru") != 0 && g_strcmp0 (alone, "bg") != 0,
          "a plain Cyrillic greeting is Ukrainian in its Ukrainian paragraph, and alone never Russian (%s)", alone);
  tap_ok (g_strcmp0 (draftd_grammar_sentence_language (en_s, strlen (en_s), fr_par, strlen (fr_par)), "en") == 0,
          "an English sentence in a French paragraph is English");
  /* Russian's "ы" and "ъ" in text CLD2 might call Ukrainian or Bulgarian. */
  const char *mixed = "Мы підемо завтра.";
  const char *m = draftd_grammar_guess_language (mixed, strlen (mixed));
  tap_ok (g_strcmp0 (m, "uk") != 0, "a sentence with a letter Ukrainian lacks is never Ukrainian (%s)", m ? m : "(none)");
  const char *short_en = "Thanks!";
  tap_ok (draftd_grammar_guess_language (short_en, strlen (short_en)) == NULL ||
              g_str_equal (draftd_grammar_guess_language (short_en, strlen (short_en)), "en"),
          "short plain ASCII text is English by default, as before");
}

/* Text typed without its marks, where CLD2 errs (unaccented Czech was Slovak, Portuguese or
 * English to it, unaccented Spanish Catalan): each language's own words tell it. */
static const struct {
  const char *lang, *text;
} unaccented[] = {
  { "cs", "Minuly tyden jsem byl s kamarady na horach." },
  { "cs", "Nemel jsem cas, protoze jsem musel pracovat." },
  { "cs", "Chtel bych se zeptat, kdy muzete prijet." },
  { "sk", "Minuly tyzden som bol s kamaratmi na horach." },
  { "sk", "Nemal som cas, pretoze som musel pracovat." },
  { "es", "Cuando era nino, mi familia y yo ibamos a la playa." },
  { "es", "No se donde esta la estacion, pero tengo un mapa." },
  { "ca", "Quan era petit, la meva familia i jo anavem a la platja." },
  { "ca", "No se on es l'estacio, pero tinc un mapa amb els carrers." },
  { "fr", "Quand j'etais petit, nous allions a la plage avec mes parents." },
  { "uk", "Коли я був малим, ми з батьками їздили на море." },
  { "ru", "Когда я был маленьким, мы с родителями ездили на море." },
};

static void
check_unaccented (void)
{
  guint ok = 0;
  for (guint i = 0; i < G_N_ELEMENTS (unaccented); i++) {
    const char *t = unaccented[i].text;
    const char *got = draftd_grammar_guess_language (t, strlen (t));
    ok += g_strcmp0 (got, unaccented[i].lang) == 0;
    if (g_strcmp0 (got, unaccented[i].lang) != 0)
      tap_diag ("%s: %s, want %s", t, got ? got : "(none)", unaccented[i].lang);
  }
  tap_ok (ok == G_N_ELEMENTS (unaccented), "%u/%u sentences without their marks named right: cs/sk, es/ca, fr, uk/ru", ok,
          (guint) G_N_ELEMENTS (unaccented));
  /* A letter only one language's alphabet has names it where CLD2 cannot tell ("ě": Czech). */
  const char *cs = "Moje sestra má dvě děti.";
  tap_ok (g_strcmp0 (draftd_grammar_guess_language (cs, strlen (cs)), "cs") == 0, "a letter Czech's alone names it");
}

typedef struct {
  DraftdGrammarContext ctx;
} Run;

static char *
correct (Run *r, const char *text)
{
  return test_grammar_correct (&r->ctx, text, NULL, NULL);
}

static gboolean
corrects_to (Run *r, const char *text, const char *want)
{
  g_autofree char *got = correct (r, text);
  if (g_strcmp0 (got, want) != 0)
    tap_diag ("%s -> %s (want %s)", text, got ? got : "(error)", want);
  return g_strcmp0 (got, want) == 0;
}

/* Sentences each language's correction must put right (or, without a second column, leave
 * as they are), a check each. */
static const struct {
  const char *what;
  const char *pairs[4][2];
} cases[] = {
  /* What the Russian dictionary made of Ukrainian, and Spanish's of French. */
  { "Ukrainian is not spelt with the Russian dictionary, nor French with the Spanish one",
    { { "Привіт, сказав він, і підняв руку." }, { "Merci de confirmer votre présence avant vendredi." } } },
  { "Czech missing marks and Spanish swapped letters are put right by their own dictionaries",
    { { "Vcera jsme se dlouho prochazeli parkem a povídali si o našich plánech na léto.",
        "Včera jsme se dlouho procházeli parkem a povídali si o našich plánech na léto." },
      { "Ayer paseamos mucho tiempo por el parque y hablamos de nuestors planes para el verano.",
        "Ayer paseamos mucho tiempo por el parque y hablamos de nuestros planes para el verano." } } },
  /* Text without any marks: Czech was Slovak, Portuguese or English to CLD2 and Spanish
   * Catalan. A short sentence with no word only Czech writes (Italian to CLD2) is settled by
   * the dictionaries: the Czech one accepts all its words but "ma", with their marks put back.
   * "ma", a word English's dictionary knows, takes its marks where the writer leaves marks out
   * ("velkeho"), and "Nas", capitalised where the sentence starts, the lower-case word's ("Nás",
   * the first of "nás" and "náš"; the capitalised word's suggestions are names). */
  { "unmarked Czech is spelt by the Czech dictionary, unmarked Spanish never by the Catalan one",
    { { "Muj bratr pracuje v nemocnici jako lekar.", "Můj bratr pracuje v nemocnici jako lékař." },
      { "Nemel jsem cas, protoze jsem musel pracovat.", "Nemel jsem čas, protože jsem musel pracovat." },
      { "Me gustaria viajar a Argentina algun dia.", "Me gustaría viajar a Argentina algún día." },
      { "Nas soused ma velkeho psa.", "Nás soused má velkého psa." } } },
  /* Unmarked Czech CLD2 is sure is English: "Mam rad teple pocasi a more." was "corrected" into
   * "Mam rad tuple pica's a more." ("Mam", "rad", "more", "teple" are words of both languages, and
   * left), "Muzete mi pomoct?" into "Muzete mi apomict?". A learner's English, whose words the
   * Czech and Spanish dictionaries do not all accept, stays English. */
  { "unmarked Czech taken for English is spelt by the Czech dictionary; learner English stays English",
    { { "Mam rad teple pocasi a more.", "Mam rad teple počasí a more." },
      { "Muzete mi pomoct?", "Můžete mi pomoct?" },
      { "She is my best freind and we like sport.", "She is my best friend and we like sport." } } },
  /* A short sentence the Czech and Slovak dictionaries accept as many words of was left alone:
   * the respellings both make are taken ("gauči"), the rest left. Slovak with its marks keeps them. */
  /* A first word the Czech dictionary knows only as a surname ("Mlady") is the adjective
   * where the writer leaves marks out; in marked text it is the name it was. */
  { "a first word known only as a surname is the word without its marks where marks are left out",
    { { "Mlady muz cekal na autobus.", "Mladý muž čekal na autobus." }, { "Maly přišel do práce pozdě." } } },
  { "Czech and Slovak the dictionaries cannot tell apart take the respellings both make",
    { { "Pes spi na gauci.", "Pes spi na gauči." }, { "Dnes je pekné počasie." }, { "Som velmi unaveny.", "Som veľmi unavený." } } },
  /* Unmarked Czech that CLD2 takes for Polish, a language with a dictionary here but outside
   * those the dictionaries settle: it became "každy", "novę"; Polish typed without its marks
   * is still spelt by the Polish dictionary. */
  { "unmarked Czech taken for Polish is spelt by the Czech dictionary, unmarked Polish by the Polish one",
    { { "Mam psa a kazdy vecer s nim chodim ven.", "Mam psa a každý večer s nim chodím ven." },
      { "Mam nowy rower i jezdze na nim codziennie.", "Mam nowy rower i jeżdżę na nim codziennie." } } },
  /* Russian's "ы" for "и" in an ending keeps the case ("сегодняшным": "сегодняшним"), and a
   * name is no second slip of the ear beside the word it capitalises ("надижда": "надежда",
   * "Надежда"). Another vowel in an ending is a case ("жизне": "жизни", "жизней"), two slips
   * of the ear are a guess ("зимным": "земным", "зимним"), and a name is no respelling of a
   * lower-case word ("Зиминым"): those are left. */
  { "Russian: a hard ending for a soft one and a slip of the ear a name doubles are put right; an ending in doubt is left",
    { { "Мы довольны сегодняшным результатом.", "Мы довольны сегодняшним результатом." },
      { "У нас ещё есть надижда.", "У нас ещё есть надежда." },
      { "Мы долго говорили о жизне." },
      { "Мы гуляли зимным вечером." } } },
  /* Plain ASCII text CLD2 cannot tell is English by default, but not when the English
   * dictionaries reject half its words: Spanish interface text was "corrected" as English. */
  { "plain ASCII text nobody can tell and English rejects is left alone, not corrected as English",
    { { "Parece haber sido eliminada o renombrada." }, { "Om ingen flagga anges antas -P." }, { "Thanks for the quick reply!" } } },
  /* English that CLD2 cannot tell and whose every word English's dictionaries accept is no
   * other language's because one would accept it once a word gains a mark: French took "A good
   * boxer needs a good defense." and gave "défense". */
  { "English nobody can tell, every word an English one, is never respelt by another dictionary",
    { { "A bad boxer needs a good defense." }, { "A good player needs a good defense." } } },
  /* A learner's English is, though they reject most of its words: its function words are
   * spelt right and the rest are slips ("Yesterday I recieved a leter from my freind." was
   * left unchecked, its language "undetermined"). */
  { "a learner's English whose words are mostly misspelt is corrected as English",
    { { "Yesterday I recieved a leter from my freind.", "Yesterday I received a letter from my friend." },
      { "I recieved a leter wich was realy intresting.", "I received a letter which was really interesting." } } },
};

static void
check_correction (Run *r)
{
  guint kept = 0;
  for (guint i = 0; i < G_N_ELEMENTS (sentences); i++)
    kept += corrects_to (r, sentences[i].text, sentences[i].text);
  tap_ok (kept == G_N_ELEMENTS (sentences), "%u/%u clean sentences of 18 languages come back byte-identical", kept,
          (guint) G_N_ELEMENTS (sentences));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    gboolean ok = TRUE;
    for (guint k = 0; k < G_N_ELEMENTS (cases[i].pairs) && cases[i].pairs[k][0]; k++)
      ok &= corrects_to (r, cases[i].pairs[k][0], cases[i].pairs[k][1] ? cases[i].pairs[k][1] : cases[i].pairs[k][0]);
    tap_ok (ok, "%s", cases[i].what);
  }
}

/* The development set (tests/data/languages.tsv): 90 sentences of 13 languages with one slip
 * each. Measured when it was written: 58 fixed exactly, 60 changed at all, every twin kept;
 * 63 and 65 of those 80 before Russian's rules of spelling and Czech's words of two letters,
 * whose 8 sentences came with them (every one fixed); the last 2, Russian's hard ending for a
 * soft one and a slip of the ear a name doubles, came with those rules (both fixed): 75
 * fixed, 77 changed. */
static void
check_dev_set (Run *r)
{
  g_autofree char *path = g_build_filename (DRAFTD_SOURCE_ROOT, "tests", "data", "languages.tsv", NULL);
  g_autofree char *all = NULL;
  g_assert_true (g_file_get_contents (path, &all, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (all, "\n", -1);
  guint pairs = 0, fixed = 0, changed = 0, kept = 0;
  for (guint i = 0; lines[i]; i++) {
    g_auto (GStrv) f = g_strsplit (lines[i], "\t", 3);
    if (lines[i][0] == '#' || g_strv_length (f) != 3)
      continue;
    g_autofree char *got = correct (r, f[1]), *twin = correct (r, f[2]);
    pairs++;
    fixed += g_strcmp0 (got, f[2]) == 0;
    changed += g_strcmp0 (got, f[1]) != 0;
    kept += g_strcmp0 (twin, f[2]) == 0;
    if (g_strcmp0 (got, f[2]) != 0)
      tap_diag ("%s: not fixed: %s -> %s", f[0], f[1], got ? got : "(error)");
    if (g_strcmp0 (twin, f[2]) != 0)
      tap_diag ("%s: twin changed: %s -> %s", f[0], f[2], twin ? twin : "(error)");
  }
  tap_ok (pairs == 90 && fixed >= 75 && changed <= fixed + 4 && kept == pairs,
          "development set: %u/%u slips fixed (at least 75), %u changed, %u/%u twins kept", fixed, pairs, changed, kept, pairs);
}

/* With English's dictionary alone, text in other languages is not touched at all. */
static void
check_without_dictionary (Run *r)
{
  g_autofree char *dir = g_dir_make_tmp ("draftd-dicts-XXXXXX", NULL);
  for (guint i = 0; i < 2; i++) {
    const char *ext = i ? ".dic" : ".aff";
    g_autofree char *src = g_strconcat ("/usr/share/hunspell/en_US", ext, NULL);
    g_autofree char *dst = g_strconcat (dir, "/en_US", ext, NULL);
    g_assert_cmpint (symlink (src, dst), ==, 0);
  }
  g_autofree char *saved = g_strdup (g_getenv ("DRAFTD_DICT_PATH"));
  g_setenv ("DRAFTD_DICT_PATH", dir, TRUE);
  g_autoptr (DraftdSpell) spell = draftd_spell_new ("/dev/null");
  DraftdSpell *before = r->ctx.spell;
  r->ctx.spell = spell;
  const char *cs = "Vcera jsme se dlouho prochazeli parkem.";
  const char *uk = "Учора ми довго гулялі парком.";
  tap_ok (corrects_to (r, cs, cs) && corrects_to (r, uk, uk), "without its dictionary, Czech and Ukrainian are left as they are");
  r->ctx.spell = before;
  if (saved)
    g_setenv ("DRAFTD_DICT_PATH", saved, TRUE);
  else
    g_unsetenv ("DRAFTD_DICT_PATH");
  for (guint i = 0; i < 2; i++) {
    g_autofree char *dst = g_strconcat (dir, i ? "/en_US.dic" : "/en_US.aff", NULL);
    g_unlink (dst);
  }
  g_rmdir (dir);
}

int
main (void)
{
  const char *need[] = { "en_US", "uk_UA", "ru_RU", "cs_CZ", "es_ES", "fr_FR", "pl_PL" };
  for (guint i = 0; i < G_N_ELEMENTS (need); i++) {
    g_autofree char *p = g_strdup_printf ("%s/%s.dic", g_getenv ("DRAFTD_DICT_PATH"), need[i]);
    if (!g_file_test (p, G_FILE_TEST_EXISTS))
      return tap_missing_all ("the pinned dictionaries lack %s (tools/setup-debian.sh --tests installs them)", need[i]);
  }
  check_sentences ();
  check_paragraphs ();
  check_unaccented ();
  g_autoptr (DraftdVk) vk = test_vk ();
  TestGrammar g;
  if (!test_grammar_context (vk, 0, &g))
    return tap_done ();
  Run r = { g.ctx };
  check_correction (&r);
  check_dev_set (&r);
  check_without_dictionary (&r);
  test_grammar_clear (&g);
  test_check_validation ();
  return tap_done ();
}
