/* Words of everyday computing (and of the office, and the table) that Hunspell's English dictionaries lack
 * and that writers of READMEs, commit messages and e-mails use as they are: never "corrected" into look-alikes
 * ("config" -> "configure"). Lower case; a word's capitalised form is accepted too. */
#include "grammar/words-en.h"
#include <string.h>

static const char *const words[] = {
  "api",       "apis",       "async",     "backend",    "backends",  "bool",      "changelog", "chatbot",   "cli",
  "codebase",  "config",     "configs",   "cron",       "dataset",   "datasets",  "dev",       "devs",      "dropdown",
  "enum",      "enums",      "filesystem", "filesystems", "frontend", "frontends", "github",    "gitlab",    "hostname",
  "hostnames", "iframe",     "json",      "localhost",  "markdown",  "middleware", "namespace", "namespaces", "npm",
  "ok",        "readme",     "regex",     "regexes",    "repo",      "repos",     "stderr",    "stdin",     "stdout",
  "struct",    "structs",    "subfolder", "subfolders", "sudo",      "todo",      "todos",     "toolchain", "toolchains",
  "unicode",   "varchar",    "vlog",      "webhook",    "webhooks",  "yaml",      "url",       "urls",      "utf",
  "wifi",      "draftd",    "app",        "apps",      "blog",       "blogs",     "inbox",     "signup",    "runtime",   "runtimes",
  /* Office and everyday words newer than the dictionaries: "tomorrow's standup", "staff wellbeing",
   * a builder's "finished the ensuite". */
  "standup",   "standups",  "onboarding", "offsite",   "wellbeing", "ensuite",   "ensuites",
  /* Food and drink English menus, recipes and reviews have borrowed, which the dictionaries
   * lack: respelt, they were the dev set's most common false alarms ("pierogi" -> "pirogi",
   * "churros" -> "churrs", "jollof rice" -> "jolly rice", "freshly made chai" -> "chain").
   * Distinct words only: none is a learner's slip of an English word ("nata", "pepe", "mein"
   * and "crema" are left out, and borrowed phrases are borrowed_phrase()'s). A "nonna" and a
   * "riad" are food and travel writing's too. */
  "ackee", "affogato", "aioli", "amatriciana", "arancini", "arepa", "arepas", "babka", "banh", "bara",
  "bhajis", "bibimbap", "birria", "biryani", "blini", "bolognese", "borek", "brith", "brodo", "bruschetta",
  "bulgogi", "bulgur", "burrata", "callaloo", "cannoli", "carbonara", "ceviche", "chai", "challah", "chapati",
  "chapatis", "chimichurri", "churro", "churros", "congee", "cortado", "croquetas", "dashi", "dhal", "dolma",
  "dolmades", "dosa", "dosas", "dubbel", "edamame", "empanada", "empanadas", "fattoush", "galette", "ganoush",
  "gelato", "gochujang", "goreng", "granola", "guanciale", "gyoza", "gyozas", "halloumi", "harissa",
  "horchata", "houmous", "injera", "jalfrezi", "jollof", "katsu", "kefir", "kibbeh", "kielbasa", "kimchi",
  "kofte", "kombucha", "labneh", "laksa", "lassi", "latke", "latkes", "macaron", "macarons", "macchiato",
  "madeleine", "madeleines", "manchego", "masala", "matcha", "merguez", "mezcal", "meze", "mezze", "miso",
  "mochi", "mortadella", "naan", "nasi", "nduja", "nonna", "onigiri", "orecchiette", "pakora", "pakoras",
  "pancetta", "paneer", "panettone", "panini", "paninis", "pecorino", "pelmeni", "pierogi", "pintxos", "pisco",
  "poutine", "pozole", "raclette", "ramen", "rendang", "riad", "roti", "rotis", "rugelach", "saison", "sambal",
  "sashimi", "shakshuka", "shawarma", "soba", "souvlaki", "spanakopita", "stollen", "stracciatella",
  "stromboli", "tagine", "takoyaki", "tartiflette", "thai", "tonkotsu", "udon", "vindaloo", "wonton",
  "wontons", "yakitori",
  /* Regional Englishes' everyday words (Irish, Scottish, Welsh, Maltese, Indian, South
   * African, Australian), which the US and UK dictionaries lack: "the craic on the bus home"
   * was "ceramic", "the bakkie collecting you" "bake". Again none a slip of an English word. */
  "bakkie", "bakkies", "braai", "braais", "boma", "bomas", "boerewors", "bandh", "bandhs", "diolch", "fawr", "craic", "dagga", "howzit", "lekker", "munro", "munros", "sláinte",
  "stoep", "sjambok", "biltong", "potjie", "ceilidh", "ceilidhs", "bothy", "bothies", "dreich", "stovies", "bridie", "bridies", "camogie", "festa", "festas", "arvo", "servo",
  "lineout", "lineouts", "matatu", "matatus",
  /* New Zealand English's Māori words ("a visit to the local marae" was "mare"). */
  "marae", "whanau", "haka", "iwi", "koha", "kaumatua",
  /* "fruit gummies" were "gummites"; a vet's "inflatable donut collar" was "don't". */
  "gummies", "donut", "donuts",
  /* An Australian beach's and home's ("leave wetsuits or rashies hanging" was "rashes"). */
  "rashie", "rashies", "boardies", "cozzie", "cozzies", "esky", "eskies", "doona", "doonas", "brekkie",
  /* Names become common nouns, written lower case ("mat pilates", "a jacuzzi"), and trade
   * words newer than the dictionaries ("instead of upselling me"). */
  "pilates", "jacuzzi", "jacuzzis", "zumba", "crossfit", "lycra", "velcro", "sellotape", "biro", "biros", "hoover", "hoovered", "crockpot", "crockpots",
  "hoovering", "upsell", "upsells", "upselling", "upsold", "upcycle", "upcycled", "upcycling", "upskill", "upskilling",
  /* Trades' words and a lawyer's verb: "tanalised softwood" (pressure-treated timber) was
   * "tantalized", "5% elastane" "elastance", "We have diarised the deadline" "diaries", a
   * plumber's "PEX repipe" "recipe". */
  "tanalised", "tanalized", "elastane", "diarise", "diarised", "diarises", "diarising", "diarize", "diarized", "diarizing",
  "repipe", "repipes", "repiped", "repiping",
  /* A drywaller's "taping and mudding" (joint compound) was "muddying"; a running club's "2-mile
   * warmup" and "1-mile cooldown" were "warmed" and "comedown". */
  "mudding", "mudded", "warmup", "warmups", "cooldown", "cooldowns",
  /* A kitchen's "commis chef" was "commits"; a dog rescue's "we do not rehome dogs" "regime". */
  "commis", "rehome", "rehomes", "rehomed", "rehoming",
  /* Australian and Asian garden words ("wants chokos" was "cooks", "rosella" "roseola", "bok
   * choy" "bok coy"), Kenyan ones ("boda boda" riders were "body body", the "barazas" "brazes",
   * a savings "chama" a "champ"), a board game ("carrom" was "carrot"), a band's "drumline"
   * ("drumlin") and a chemistry lab's words ("deuterated" was "reiterated", "lithiation"
   * "limitation"). */
  "choko", "chokos", "rosella", "rosellas", "choy", "pak", "bok", "boda", "baraza", "barazas", "chama", "chamas", "carrom",
  "drumline", "drumlines", "deuterated", "deuterate", "lithiation", "lithiated",
  /* An Irish dance night ("The Friday ceili" was "chili") and a ski patrol's member. */
  "ceili", "ceilis", "patroller", "patrollers",
  /* A ski hill's lift operators ("All liftees are expected" was "lifts"). */
  "liftee", "liftees",
  /* A dealer's "walkaround video" was "walk around". */
  "walkaround", "walkarounds",
  /* A food truck's Mexican dishes: "carnitas" was "caritas", "elote" "elite". */
  "carnitas", "elote", "elotes", "cotija", "barbacoa", "horchata", "chilaquiles", "pozole", "esquites",
  /* A choir's score ("look at the divisi" was "dives"), te reo Māori ("te reo" was "te roe")
   * and a Day of the Dead's cut paper ("papel picado" was "paper picado"). */
  "divisi", "reo", "papel", "picado",
  /* A Minnesota ice-fishing club's fish and bait ("tullibees" was "tallies", "waxies" "waxes"). */
  "tullibee", "tullibees", "waxie", "waxies",
  /* Pakistan's and India's bank slip ("fee challan" was "challah") and a surf school's board
   * ("longboarding" was "long boarding"). */
  "challan", "challans", "longboard", "longboards", "longboarding", "longboarder", "longboarders",
  /* South Africa's school-leaving year and its pupils ("matric physical sciences" was
   * "metric") and a theatre's merchandise ("the merch stand" was "march"). */
  "matric", "matrics", "merch",
  /* The Philippines' custard ("leche flan", Spanish "milk"), also in "dulce de leche". */
  "leche",
  /* A brewery's floor: the conditioning "brite" tank, the can-sized growler, the sediment
   * left in the fermenter, a brewery's joint beer. A sheep farm's: a ram ("tup"), Welsh hill
   * pasture ("ffridd"), the trough of disinfectant sheep walk through. */
  "brite", "crowler", "crowlers", "trub", "collab", "collabs", "tup", "tups", "tupping", "ffridd", "footbath", "footbaths",
  /* Nigerian English's "no wahala" (no trouble) was "no whale"; Cornish "dreckly" (in due
   * course) "directly"; a Glasgow tenement's "rone" (a roof gutter or its downpipe) "role"; an
   * Arizona crew's "conex" (a shipping container for storage) "cone"; the desert's "palo
   * verde" tree was joined into "paloverde". */
  "wahala", "dreckly", "rone", "rones", "conex", "conexes", "palo", "verde",
  /* A sheepdog trial's young sheep ("hoggs" were "hogs") and a Yorkshire alley ("snicket"
   * was "socket"); Singapore's hawker dishes and its "chope" (to reserve a seat);
   * Canada's two-dollar coin ("toonies" were "tones"). Not "teh" (tea), the commonest slip
   * of "the". */
  "hogg", "hoggs", "snicket", "snickets", "lemak", "kway", "teow", "chope", "choped", "choping", "loonie", "loonies", "toonie", "toonies",
  /* Texas's Buc-ee's service stations ("Buc-ee's" was "Buc-eye's"). */
  "ee",
  /* A beach clean-up's plastic pellets ("nurdles" were "needles"), South Africa's "boet"
   * (brother: "boat"), a dairy's "freestall" barn ("forestall"), "cleanout" ("cleanest") and
   * "backflush" ("backlash"), Welsh "croeso" (welcome: "cores"), a refinery's "coker"
   * ("cooker") and "laydown" yard ("letdown"), and everyone's "refurb" ("refer"). */
  "nurdle", "nurdles", "boet", "freestall", "freestalls", "cleanout", "cleanouts", "backflush", "croeso", "coker", "cokers", "laydown",
  "refurb", "refurbs",
};

gboolean
draftd_spell_extra_word (const char *lang, const char *word)
{
  if (g_strcmp0 (lang, "en") != 0)
    return FALSE;
  g_autofree char *lower = g_utf8_strdown (word, -1);
  /* "my nonna's focaccia", "the repo's README": a possessive's ending is no part of the word. */
  gsize n = strlen (lower);
  if (n > 2 && g_str_has_suffix (lower, "'s"))
    lower[n - 2] = '\0';
  else if (n > 4 && g_str_has_suffix (lower, "\xe2\x80\x99s"))
    lower[n - 4] = '\0';
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (strcmp (words[i], lower) == 0)
      return TRUE;
  return FALSE;
}
