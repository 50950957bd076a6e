/* Correction's recall and false alarms on draftd's development set (issue 45):
 * tests/data/dev-errors.tsv holds natural sentences with one common error each, in the
 * families of grammar/families-en.c and the older rules, beside their correct twins, and
 * clean sentences in the same style. Through the grammar driver as the daemon runs it, with
 * the shipped models, the counts must hold: at least FIXED_AT_LEAST sentences come back
 * exactly as their twin, and at most CLEAN_CHANGED_AT_MOST of the clean ones (the twins and
 * the clean lines) change. tools/dev-errors.py prints the same counts per family. Needs
 * Debian's hunspell-en-us and wordnet-base.
 *
 * Suggestions (candidates the target doubted, offered and not applied) are collected
 * throughout, as the daemon collects them, and must leave the answers as they were: every
 * SAME_EVERY-th sentence is also corrected without them and must come back byte for byte the
 * same, and at most CLEAN_SUGGESTED_AT_MOST clean sentences may have one. (How many sentences
 * not fixed become their twin with their suggestions taken is printed: none today, as the
 * dev set's misses have no candidate to doubt.) A candidate the target prefers by less than
 * its margin is offered in its place: the target prefers "affect" in "This shall effect in
 * exams." by 1.9 nats, short of the 2.5 its rule needs, and the sentence comes back unchanged
 * with that suggestion. */
#include <string.h>
#include "grammar/driver.h"
#include "grammar/structure.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static gboolean large_target;

/* Measured 2026-11-30 (lavapipe, with link-grammar): 616 of 633 fixed, 0 of 1126 clean changed,
 * 0 clean with a suggestion, after a third fresh check of 50 + 50 (44 of 50 fixed and 1 of 50
 * clean changed before the rules it led to, 48 and 0 after) and the capitals and bare person
 * nouns of JFLEG dev's misses (13 + 13 sentences of our own); the slack is for the judged
 * candidates, whose scores move a little between devices (404 of 426 without link-grammar on
 * 2026-11-29, when the set was smaller). After the recall pass of 2026-11-30 (49 new errors and
 * 48 clean sentences, 21 of 49 fixed before its rules, 41 after): 659 of 682, 0 of 1223; with
 * the everyday learner errors found beside it (16 + 12, each fixed by the rules they led to):
 * 675 of 698, 0 of 1251. After the second recall pass (branch recall53: 106 + 48 errors and 80 +
 * 30 clean lines, main 127 of 154 and 7 clean changed before its rules): 837 of 852, 0 of 1515; with a third
 * batch (38 + 34, main 30 of 38 and 1 changed): 874 of 890, 0 of 1587; with a fourth (30 + 20,
 * main 21 of 30): 904 of 920, 0 of 1637; with a fifth (30 + 20, main 22 of 30): 934 of 950, 0 of
 * 1687; with a sixth (23 + 20, main 21 of 23): 957 of 973, 0 of 1730;
 * with a seventh (15 + 13, main 10 of 15): 971 of 988, 0 of 1758; with an eighth (branch recall55:
 * 130 + 61, main 114 of 130 and 0 of 191 changed): 1101 of 1118, 0 of 1949; with its second check (40 +
 * 20, main 34 of 40 and 1 changed): 1139 of 1158, 0 of 2009; with a ninth (branch recall56: 121 + 60,
 * main 78 of 121 and 1 of 181 changed) and its second check (35 + 40, 27 of 35 before its fixes):
 * 1277 of 1314, 0 of 2265; with the agreement batch (branch agree56: 15 + 6, main 3 of 15):
 * 1296 of 1329, 0 of 2286; with a tenth (branch recall57: 133 + 60, 99 of 133 and 1 of 193 changed
 * before its rules) and its second check (30 + 30, 18 of 30 and 2 of 60 before its fixes): 1447 of
 * 1492, 0 of 2539; with an eleventh (branch recall57b: 107 + 52, 83 of 107 and 1 of 159 changed
 * before its rules): 1549 of 1599, 0 of 2698; with a twelfth (branch articles58: 25 + 15, 11 of 25
 * and 0 of 40 changed before its rules) and a thirteenth, of agreement (branch agree58: 25 + 15,
 * 15 of 25 and 0 of 40 changed before its rules): 1585 of 1649, 0 of 2778; with a fourteenth, of
 * the named families in new genres (branch mixed59: 50 + 25, 36 of 50 and 0 of 75 changed before
 * its rules): 1631 of 1699, 0 of 2853; with its second check (39 + 25, 31 of 39 and 1 of 64
 * changed before its fixes): 1667 of 1738, 0 of 2917; with a fifteenth, of agreement (branch
 * agree59: 25 + 15, 5 of 25 and 0 of 40 changed before its rules): 1697 of 1763, 0 of 2957; with a sixteenth,
 * of missing articles (branch articles59: 25 + 15, 8 of 25 and 0 of 40 changed before its rules):
 * 1727 of 1788, 0 of 2997; with a seventeenth, a blind check written without sight of the rules
 * (60 + 50, 47 of 60 and 1 of 110 changed at first sight, 51 of 60 at main, 56 after branch
 * agree60's shapes, 60 with articles60's four articles): 1788 of 1848, 0 of 3107; with an
 * eighteenth, a second blind check (50 + 50, 36 of 50 and 2 of 50 clean changed at first sight):
 * 1827 of 1898, 0 of 3207; with a nineteenth, a third blind check (70 + 50, 49 of 70 and 3 twins
 * changed at first sight; branch prec61's guards and its four shapes outside agreement and
 * articles): 1880 of 1968, 0 of 3327; with branch art61's missing article by structure
 * (link-grammar's D link) and the lead's agreement by link-grammar's subject: 1895 of 1968, 0 of 3327;
 * with a twentieth, a fourth blind check (70 + 50, 49 of 70 and nothing changed at first sight),
 * 1944 of 2038, 0 of 3447; with branches misc62, art62 and agr62's wider shapes: 1969 of 2038; with
 * a twenty-first, a fifth blind check (51 of 70 at first sight, 2 of 50 clean changed, guarded
 * since), 2020 of 2108, 0 of 3567; with agr63's and conf63's shapes, 2025 of 2108; with a
 * twenty-second, a sixth blind check (57 of 63 at first sight, 1 twin and 1 clean changed, mended
 * since), 2082 of 2171; with the lead's mends and agr64's and conf64's shapes, 2088 of 2171; with a
 * twenty-third, a seventh blind check (49 of 63 at first sight, 2 twins and 1 clean changed, mended
 * since), 2142 of 2234, 0 of 3793; with agr65's and conf65's shapes, 2155 of 2234; with a
 * twenty-fourth (the eighth and ninth checks' shapes in new words) and a twenty-fifth, a tenth
 * blind check (44 of 50 at first sight, 2 of 40 clean changed, mended since), after the
 * session-18 round, 2226 of 2307, 0 of 3918; with a twenty-sixth, an eleventh blind check (42
 * of 50 at first sight, 1 of 100 clean changed, mended since), 2272 of 2357, 0 of 4018; with
 * the session-19 agreement round and a twenty-seventh, a twelfth blind check (45 of 50 at first
 * sight, 0 of 100 clean changed, mended since), 2324 of 2407, 0 of 4118; with a twenty-eighth,
 * a thirteenth blind check (36 of 53 at first sight, 1 of 103 clean changed, mended since), and
 * parses held to 120 bytes, 2368 of 2460, 0 of 4221; with a twenty-ninth, a fourteenth blind
 * check (31 of 50 at first sight, 0 of 100 clean changed, mended since), 2414 of 2510, 0 of 4321;
 * with a thirtieth, a fifteenth blind check (38 of 50 at first sight, 2 of 100 clean changed,
 * mended since), 2457 of 2560, 0 of 4421; with the thirty-first to the thirty-fourth, the
 * sixteenth to the nineteenth blind checks (42, 43, 38 and 39 of 50 at first sight, mended
 * since), 2640 of 2760, 1 of 5021; with a thirty-fifth, the twentieth (36 of 50 at first
 * sight, 0 of 100 clean changed, mended since), 2684 of 2810, 1 of 5171; with a thirty-sixth,
 * the twenty-first (29 of 50 at first sight, 3 of 150 clean changed, mended since), 2722 of
 * 2860, 1 of 5321; with a thirty-seventh, the twenty-second (41 of 50 at first sight, 2 of 100
 * clean changed, mended since), 2777 of 2910, 1 of 5471; with a thirty-eighth, the
 * twenty-third (30 of 50 at first sight, 1 of 100 clean changed, mended since), 2822 of 2960,
 * 1 of 5621; with a thirty-ninth, the twenty-fourth (34 of 50 at first sight, 0 of 100 clean
 * changed and 2 twins, mended since), 2864 of 3010, 1 of 5771; with a fortieth, the
 * twenty-fifth (29 of 50 at first sight, 0 of 100 clean changed, mended since), 2905 of 3060,
 * 1 of 5921; with a forty-first, the twenty-sixth's shapes written again (its set was lost
 * with its machine: 34 of 50 at first sight, 1 of 150 clean changed, mended since), and a
 * forty-second, the twenty-seventh (45 of 50 at first sight, 0 of 150 clean changed, mended
 * since), 2962 of 3116, 1 of 6081; with a forty-third, the twenty-eighth (34 of 50 at first
 * sight, 0 of 150 clean changed, mended since), 3014 of 3166, 1 of 6231; with a forty-fourth,
 * the twenty-ninth (43 of 50 at first sight, 0 of 150 clean changed, mended since), 3064 of
 * 3216, 1 of 6381; with a forty-fifth and forty-sixth, the thirtieth and thirty-first (42 and
 * 44 of 50 at first sight, 2 and 1 of 150 clean changed, mended since), and a forty-seventh,
 * the thirty-second (43 of 50 at first sight, 3 of 150 clean changed, mended since), 3215 of
 * 3366, 1 of 6831; with a forty-eighth, the thirty-third (250 clean sentences, 7 changed at
 * first sight, 1 since), and a forty-ninth, the thirty-fourth (45 of 50 at first sight, 1 of
 * 150 clean changed, mended since), 3267 of 3416, 2 of 7231; with a fiftieth, the
 * thirty-fifth (39 of 50 at first sight, none of 150 clean changed, mended since) and the
 * shapes of JFLEG dev's misses, 3325 of 3466, 2 of 7381; with a fifty-first, the
 * thirty-sixth (43 of 50 at first sight, none of 150 clean changed; 49 since), 3374 of 3516,
 * 2 of 7531; with a fifty-second and a fifty-third, the thirty-seventh (38 of 50 at first
 * sight, 1 of 150 clean changed; 47 and none since) and the thirty-eighth (42 of 50, 3 of 150;
 * 50 and 2 since), 3471 of 3616, 4 of 7831; with a fifty-fourth, the thirty-ninth (44 of 50
 * at first sight, none of 150 clean changed; 49 since), 3521 of 3666, 4 of 7981; with a
 * fifty-fifth, the fortieth (33 of 50 at first sight, 1 of 150 clean changed; 44 and none
 * since), 3566 of 3716, 4 of 8131; with a fifty-sixth and a fifty-seventh, the forty-first (42 of
 * 50 at first sight, none of 150 clean changed; 49 since) and the forty-second (45 of 50, 2 of
 * 150; 48 and none since), 3663 of 3816, 4 of 8431; with a fifty-eighth and a fifty-ninth, the
 * forty-third (39 of 50 at first sight, 3 of 150 clean changed; 49 and none since) and the
 * forty-fourth (37 of 50, none of 150; 50 since), 3763 of 3916, 4 of 8731; with a sixtieth and a
 * sixty-first, the forty-fifth (39 of 50 at first sight, none of 150 clean changed; 48 since) and
 * the forty-sixth (42 of 50, 1 of 150; 49 and none since), 3862 of 4016, 4 of 9031; with a
 * sixty-second and a sixty-third, the forty-seventh (27 of 50 at first sight, 1 of 150 clean
 * changed; 43 and none since) and the forty-eighth (34 of 50, none; 47 since), 3959 of 4116, 5
 * of 9331; with a sixty-fourth and a sixty-fifth, the forty-ninth (48 of 50 at first sight, none
 * of 150 clean changed) and the fiftieth (42 of 50, none), 4053 of 4216, 4 of 9631; with a
 * sixty-sixth and a sixty-seventh, the fifty-first (42 of 50 at first sight, none of 150 clean
 * changed; 50 since) and the fifty-second (44 of 50, 1 of 150; 49 and none since), 4154 of 4316,
 * 4 of 9931; with batches 68-73, the fifty-third to fifty-eighth (48, 41, 35, 39, 41 and 41 of
 * 50 at first sight; 48, 47, 47, 45, 42, 42 since), 4430 of 4614, 5 of 10829; with batches
 * 74-77, the fifty-ninth to sixty-second (42, 43, 39 and 36 of 50 at first sight; 50, 49, 44
 * and 45 of the 49 kept since), 4623 of 4812, 8 of 11427; with batch 78, the sixty-third (38
 * of 50 at first sight, 44 since), 4667 of 4862, 9 of 11577; with batches 79-82, the
 * sixty-fourth to sixty-seventh (43, 41, 34 and 37 of 50 at first sight; 48, 47, 38 and 46
 * since), 4849 of 5062, 14 of 12177; with batches 83-86, the sixty-eighth to seventy-first
 * (41, 39, 40 and 45 of 50 at first sight; 48, 47, 48 and 48 since), 5040 of 5262, 16 of
 * 12777; with batch 87 (the 72nd to 75th checks' mended false alarms, their sets lost) and
 * batches 88-91, the seventy-sixth to seventy-ninth (44, 46, 41 and 36 of 50 at first sight;
 * 50, 49, 48 and 47 since), 5234 of 5462, 16 of 13381; with batches 92-95, the eightieth to
 * eighty-third (42, 45, 41 and 37 of 50 at first sight, after the seventy-sixth to
 * seventy-ninth were mended), 5399 of 5662, 24 of 13981; with batches 96-99, the
 * eighty-fourth to eighty-seventh (43, 41, 44 and 38 of 50 at first sight, after the eightieth
 * to eighty-third were mended; 47, 48, 47 and 45 since), 5600 of 5862, 27 of 14581; with
 * batches 100-103, the eighty-eighth to ninety-first (36, 41, 41 and 42 of 50 at first sight,
 * 11 of 600 clean changed; 44, 46, 47 and 45 since, none), 5784 of 6062, 9 of 15181; with
 * batches 104-107, the ninety-second to ninety-fifth (42, 35, 40 and 43 of 50 at first sight,
 * 15 of 600 clean and twin sentences changed; 46, 42, 45 and 48 since, one: "tupping"), 5978
 * of 6262, 8 of 15781; with batches 108-109, the ninety-sixth and ninety-seventh (39 and 42 at
 * first sight, 14 of 300 clean and twin sentences changed; 45 and 43 since, two: "Also the
 * car park" keeps JFLEG's comma, "playout"), 6066 of 6362, 10 of 16081; with batches
 * 110-115, the ninety-eighth to hundred-and-third (44, 44, 43, 43, 47 and 42 at first sight,
 * 13 of 900 clean and twin sentences changed; 47, 48, 47, 45, 50 and 45 since, one: the twin
 * "If the umpire had given that lbw we" takes the opening clause's comma), 6350 of 6662, 11 of
 * 16981; with batches 116-118, the hundred-and-fourth to hundred-and-sixth (44, 43 and 38 at
 * first sight, 6 of 450 clean and twin sentences changed; 45, 45 and 41 since, none), 6483 of
 * 6812, 11 of 17431; with batches 119-121, the hundred-and-seventh to hundred-and-ninth (42,
 * 42 and 44 at first sight, 7 of 450 clean and twin sentences changed; 43, 42 and 46 since,
 * none), 6614 of 6962, 11 of 17881; with batches 122-124, the hundred-and-tenth to
 * hundred-and-twelfth (42, 43 and 46 at first sight, 5 of 450 clean and twin sentences
 * changed; 47, 48 and 49 since, none), 6760 of 7112, 11 of 18331; with batches 125-127, the
 * hundred-and-thirteenth to hundred-and-fifteenth (46, 43 and 45 at first sight, 10 of 450
 * clean and twin sentences changed; 47, 47 and 47 since, one), 6904 of 7262, 12 of 18781;
 * with batches 128-130, the hundred-and-sixteenth to hundred-and-eighteenth (45, 41 and 48
 * at first sight, 7 of 450 clean and twin sentences changed; 45, 45 and 50 since, one), 7046
 * of 7412, 12 of 19231; with batches 131-139, the hundred-and-nineteenth to
 * hundred-and-twenty-seventh (44, 40, 46, 44, 43, 42, 41, 41 and 49 at first sight, the last
 * three measured after the first six's mends; 23 of 1350 clean and twin sentences changed;
 * 46, 47, 49, 48, 44, 44, 45, 45 and 49 since, none), 7466 of 7862, 12 of 20581; 7482 after
 * counted_object_article() and results_of_verb(); with batches 140-142, the
 * hundred-and-twenty-eighth to hundred-and-thirtieth (43, 48 and 43 at first sight, 11 of 450
 * clean and twin sentences changed; 46, 49 and 44 since, none), 7621 of 8012, 12 of 21031;
 * 7630 after stop 90's mends; with batches 143-151, the hundred-and-thirty-first to
 * hundred-and-thirty-ninth (38, 45, 47 | 47, 44, 45 | 40, 44, 45 at first sight, each group
 * measured after the group before's mends; 22 of 1350 clean and twin sentences changed;
 * 46, 49, 49, 47, 46, 45, 40, 45, 45 since, one), 8050 of 8462, 13 of 22381; with batches
 * 152-154, the hundred-and-fortieth to hundred-and-forty-second (44, 44 and 43 at first
 * sight, 3 of 450 clean and twin sentences changed; 46, 48 and 47 since, none), 8192 of
 * 8612, 13 of 22831; 8200 after stop 91's mends; with batches 155-163, the
 * hundred-and-forty-third to hundred-and-fifty-first (47, 45, 47 | 42, 47, 45 | 46, 47, 43 at
 * first sight, each group measured after the group before's mends; 18 of 1350 clean and twin
 * sentences changed; 50, 48, 48, 46, 49, 49, 47, 48, 48 since, none), 8633 of 9062, 13 of
 * 24181; with batches 164-166, the hundred-and-fifty-second to hundred-and-fifty-fourth (46,
 * 42 and 47 at first sight, 9 of 450 clean and twin sentences changed; 46, 43 and 47 since,
 * none), 8769 of 9212, 13 of 24631; with batches 167-169, the hundred-and-fifty-fifth to
 * hundred-and-fifty-seventh (38, 40, 42 at first sight, 7 of 450 clean and twin sentences
 * changed; 44, 47, 45 since, none), and 170-172, the hundred-and-fifty-eighth to
 * hundred-and-sixtieth, measured after those mends (36, 36, 42 at first sight, 13 of 450
 * changed, nearly all a brewery's and a sheep farm's trade words; 38, 41, 43 since, none),
 * 9032 of 9512, 12 of 25531; with batches 173-175, the hundred-and-sixty-first to
 * hundred-and-sixty-third (39, 35, 38 at first sight, 14 of 450 changed, mostly local words and
 * names at a sentence's start; 47, 45, 45 since, none), 9185 of 9662, 12 of 25981; and
 * 176-178, the hundred-and-sixty-fourth to hundred-and-sixty-sixth, measured after those
 * mends (35, 40, 41 at first sight, 9 of 450 changed, all but one trade and local words; 44,
 * 45, 43 since, none), 9320 of 9812, 12 of 26431; with 179-181, the hundred-and-sixty-seventh
 * to hundred-and-sixty-ninth, measured after both (40, 37, 37 at first sight, 20 of 450
 * changed; 44, 40, 40 since, none), 9444 of 9962, 12 of 26881. */
#define FIXED_AT_LEAST 9360
/* link-grammar is optional (grammar/structure.h): without it (or with DRAFTD_LINK_GRAMMAR=0)
 * the families it confirms leave more to the model: 592 of 633 on 2026-11-30, 629 of 682 after
 * the recall pass, 645 of 698 after the everyday errors, 809 of 852 after the second recall pass, 845 of 890 after its third batch, 875 of 920 after its fourth, 905 of 950 after its fifth, 928 of 973 after its sixth, 941 of 988 after its seventh, 1074 of 1118 after the eighth, 1112 of 1158 after its second check, 1248 of 1314 after the ninth and its check, 1267 of 1329 after the agreement batch, 1416 of 1492 after the tenth batch and its check, 1519 of 1599 after the eleventh, 1548 of 1649 after the twelfth and thirteenth, 1593 of 1699 after the fourteenth, 1626 of 1738 after its second check, 1656 of 1763 after the fifteenth, 1683 of 1788 after the sixteenth, 1733 of 1848 after the seventeenth, 1738 of 1848 after agree60's shapes, 1743 of 1848 with articles60's, 1782 of 1898 after the eighteenth, 1831 of 1968 with the nineteenth at main, 1835 after prec61's, 1835 with art61's and the linked subject (both need the parser), 1880 of 2038 with the twentieth, 1905 after misc62, art62 and agr62, 1953 of 2108 with the twenty-first, 1960 after agr63 and conf63, 2090 of 2234 with the twenty-second and twenty-third and their rounds, 2162 of 2307 with the twenty-fourth and twenty-fifth and their round, 2208 of 2357 with the twenty-sixth, 2260 of 2407 with the twenty-seventh and its round, 2305 of 2460 with the twenty-eighth and its, 2351 of 2510 with the twenty-ninth and its, 2394 of 2560 with the thirtieth and its, 2576 of 2760 with the thirty-fourth, 2621 of 2810 with the thirty-fifth, 2660 of 2860 with the thirty-sixth, 2715 of 2910 with the thirty-seventh, 2761 of 2960 with the thirty-eighth, 2802 of 3010 with the thirty-ninth, 2843 of 3060 with the fortieth, 2899 of 3116 with the forty-first and forty-second, 2950 of 3166 with the forty-third, 3001 of 3216 with the forty-fourth, 3152 of 3366 with the forty-fifth to forty-seventh, 3204 of 3416 with the forty-eighth and forty-ninth, 3260 of 3466 with the fiftieth, 3309 of 3516 with the fifty-first, 3406 of 3616 with the fifty-second and fifty-third, 3456 of 3666 with the fifty-fourth, 3501 of 3716 with the fifty-fifth, 3598 of 3816 with the fifty-sixth and fifty-seventh, 3698 of 3916 with the fifty-eighth and fifty-ninth, 3796 of 4016 with the sixtieth and sixty-first, 3895 of 4116 with the sixty-second and sixty-third, 3988 of 4216 with the sixty-fourth and sixty-fifth, 4087 of 4316 with the sixty-sixth and sixty-seventh; 4363 of 4614 with the sixty-eighth to seventy-third; 4554 of 4812 with the seventy-fourth to seventy-seventh, 4597 of 4862 with the seventy-eighth, 4780 of 5062 with the seventy-ninth to eighty-second, 4971 of 5262 with the eighty-third to eighty-sixth, 5164 of 5462 with the eighty-seventh to ninety-first, 5327 of 5662 with the ninety-second to ninety-fifth, 5527 of 5862 with the ninety-sixth to ninety-ninth, 5709 of 6062 with the hundredth to hundred-and-third, 5903 of 6262 with the hundred-and-fourth to hundred-and-seventh, 5990 of 6362 with the hundred-and-eighth and hundred-and-ninth, 6274 of 6662 with the hundred-and-tenth to hundred-and-fifteenth, 6407 of 6812 with the hundred-and-sixteenth to hundred-and-eighteenth, 6537 of 6962 with the hundred-and-nineteenth to hundred-and-twenty-first, 6683 of 7112 with the hundred-and-twenty-second to hundred-and-twenty-fourth, 6827 of 7262 with the hundred-and-twenty-fifth to hundred-and-twenty-seventh, 6968 of 7412 with the hundred-and-twenty-eighth to hundred-and-thirtieth, 7387 of 7862 with the hundred-and-thirty-first to hundred-and-thirty-ninth, 7542 of 8012 with the hundred-and-fortieth to hundred-and-forty-second, 7979 of 8462 with the hundred-and-forty-third to hundred-and-fifty-first, 8122 of 8612 with the hundred-and-fifty-second to hundred-and-fifty-fourth, 8559 of 9062 with the hundred-and-fifty-fifth to hundred-and-sixty-third, 8956 of 9512 with the hundred-and-sixty-fourth to hundred-and-seventy-second, 9107 of 9662 with the hundred-and-seventy-third to hundred-and-seventy-fifth, 9240 of 9812 with the hundred-and-seventy-sixth to hundred-and-seventy-eighth, 9362 of 9962 with the hundred-and-seventy-ninth to hundred-and-eighty-first. */
#define FIXED_WITHOUT_PARSER 9290
/* A shipped target large enough for the model pass corrects by that pass too; not tuned here. */
#define FIXED_LARGE_TARGET 400
/* Nine of 15181. Food and drink English has borrowed and the dictionaries lack are words of
 * draftd's own now (grammar/words-en.c: "pierogi", "churros", "brodo", "jollof", "poutine",
 * "masala dosa", "chai", "bara brith", "nonna's", "pad thai", "stollen", "dubbel", "saison",
 * "nasi goreng", "riad"); "huevos rotos" is left ("rotos" and "huevos" are too near
 * learners' slips to list). The 88th to 91st blind checks' eleven clean sentences changed at
 * first sight are mended (the batches' headers in tests/data/dev-errors.tsv name them).
 * Twenty-seven of 14581. Three from the 84th to 87th blind checks, dishes again: "a plate of
 * pierogi" (-> the dictionary's "pirogi"), "churros" (-> "churrs") and "tortellini in brodo"
 * (-> "brood"); the checks' "The developers plan to raise" ("developer's"), "in late winter"
 * (a suggested "a late winter") and "will lay new sod" ("lie") are mended.
 * Twenty-four of 13981. Eight from the 80th to 83rd blind checks are left (their other four,
 * "wrote one patient", "Whether ... plastics is", "issues labelled \"good first issue\" are"
 * and "the ensuite", are mended): dishes the dictionary lacks before or without a food's noun
 * ("jollof rice" -> "jolly", "poutine" -> "pouting", "masala dosa" -> "dose": leaving an unknown
 * word before a food's noun would leave learners' "delicius food" too), "bric-a-brac" (->
 * "bric-a-brace"), "Lying awake the night before" (-> "awakes"), "to share what we have
 * learnt" after "Last summer we visited" (-> "learned"), "a site plan showing the setback"
 * (-> "to show"), and the twin "Unfortunately we" taking the comma edited prose has.
 * Sixteen of 13381: the 76th to 79th blind checks' five (a club's "first eleven", "with real
 * spirit", "now many work in", "We volunteers spent", "a frisbee") are mended. Sixteen of
 * 12777 before. Two from the 71st blind check, borrowed words again: "huevos rotos" (->
 * "roots") after a Spanish word the dictionary lacks, and a "riad" (-> "road"). A word the
 * dictionary lacks right after a food's noun names the dish and is left ("steak frites",
 * "beef rendang": dish_name in grammar/candidates.c). Fourteen of 12177 before. Five from
 * the 64th to 67th blind checks, all borrowed words one edit from
 * an English one: "pad thai" again, "Christmas stollen" (-> "stolen"), "Belgian dubbel" (->
 * "dubbed"), "saison" (-> "season") and "pierogi" again, in twins. SCOWL's huge word list
 * (wbritish-huge) holds stollen, pierogi, snicket and gyoza, but learners' slips too ("douts",
 * "belive", "todays", "develope", "carful"): leaving its words alone cost 0.0017 GLEU on JFLEG
 * dev. Nine of 11577 before: "bara brith" again in the 63rd blind check (-> "bar birth"). Three from the
 * 62nd blind check: "bara brith" (-> "bar broth") and
 * "nonna's" (-> "nanny's"), a Welsh bake and an Italian grandmother the dictionary lacks, each
 * one edit from a word; and "get powdery mildew", where the parser wants an article before a
 * mass noun it counts and the target agrees ("a powdery mildew"). Leaving two unknown words
 * side by side alone kept "bara brith" but cost 0.002 GLEU on JFLEG dev (learners misspell
 * neighbours: "ther lifestile"); a borrowed phrase after "au", "al", "alla", ... is left
 * (borrowed_phrase in grammar/candidates.c). Five more as before: "pad thai" (the 53rd blind check) becomes "pad that": a dish's name in lower
 * case that the dictionary knows only capitalised ("Thai") is respelt like a slip. "highlife" (a genre
 * the dictionary lacks, from the 33rd blind check's 250 clean sentences) is split into "high
 * life", as learners' "highschool" is; its respelling "highline" is barred (too_many_edits).
 * Two dishes from the 38th blind check, "pierogi" (-> the dictionary's variant "pirogi") and
 * "nasi goreng" (-> "goring"): a foreign phrase's words look like learners' misspellings, and
 * a second misspelt word beside one ("understend thet dhe") is learners' too.
 * The 47th blind check's writer left out the comma after an opening "Unfortunately" in one
 * twin, which punctuation.opening-comma puts in, as edited prose has it. "Nowadays" takes no
 * comma of ours any more (three writers left it out): its twin "Nowadays there are" is kept.
 * Nor do "Unfortunately" and "Fortunately" (three more, in the 80th and 93rd checks): eight
 * of 15781. Ten of 16081 with the 96th and 97th checks: "Also the car park" takes the comma
 * JFLEG's references mostly give "Also", and "the new playout system" became "layout".
 * Eleven of 16981 with the 98th to 103rd checks: the twin "If the umpire had given that lbw
 * we would have won" takes the comma after its opening clause, as edited prose has it; eleven
 * of 17431 with the 104th to 106th, of 17881 with the 107th to 109th, and of 18331 with the
 * 110th to 112th. Twelve of 18781 with the 113th to 115th: a food truck's "cilantro-lime
 * crema" becomes "cream" (grammar/words-en.c leaves "crema" out as a learner's slip); and of
 * 19231 with the 116th to 118th, where "The boxwoods along the walkway show signs of leaf
 * miner" became "sign" (the phrase reads "walkway show" as a compound, and the target
 * prefers the singular); and of 20581 with the 119th to 127th, whose 23 clean and twin
 * sentences changed at first sight are all mended (the batches' headers name them), and of
 * 21031 with the 128th to 130th, whose eleven are mended too. Thirteen of 22381 with the
 * 131st to 139th: of their 22 at first sight one is left, the twin "The new caretaker has
 * settled in really well and dealt with the blocked drains ... last weekend" ("settled": the
 * finished time is the second participle's, whose "has" the writer left out); and of 22831
 * with the 140th to 142nd, whose three are mended; and of 24181 with the 143rd to 151st, whose
 * eighteen are mended. Twelve of 25531 with the 152nd to 160th, whose 29 are mended, and
 * "before tupping" (-> "topping"), a sheep farm's word now in grammar/words-en.c; still twelve
 * of 26431 with the 161st to 166th, whose 23 are mended (grammar/words-en.c's local words,
 * names before a singular's verb, Malay's "teh peng"); and of 26881 with the 167th to
 * 169th, whose twenty are mended ("a free can of syrup" was "can have", "One of the vacuum
 * lines near stall 9 is" "vacuums", "bring an extension lead" "led", trade words). */
#define CLEAN_CHANGED_AT_MOST 12
/* Two: "The sales figures for the Kolkata region, which were delayed ..., are now available"
 * (the parser offers "figure", which the target declines), and the 79th check's twin "the
 * forty-mile loop" ("loops"). Four with the 98th to 103rd checks: the twin "whenever I slow
 * down" ("slowed", after a past in the clause before) and "Your hosting renewal of £189 is
 * due" ("You're": an -ing word and its noun read as a progressive and its object too). Five
 * with the 104th to 106th: the twin "We finished crutching the ewes two days ago, so the gang
 * can start as soon as they arrive" ("arrived", after the past before it). Eight with the
 * 143rd to 151st: "no club event will allow vehicles on the ice until we measure" ("measured",
 * after the past before it), the twin "so we want to book the same thing again" ("wanted",
 * after "last summer"), and "since it's cast iron" ("its"). Nine with the 152nd to 154th:
 * "I've arranged for Ms Molefe to assess Riaan's reading level before we decide"
 * ("decided", after the perfect before it). Eleven with the 158th to 160th: "appointed ...
 * with immediate effect" ("an immediate effect": the target doubts the bare idiom) and the
 * twin "and it's dropping lids on" ("its"). */
#define CLEAN_SUGGESTED_AT_MOST 11
#define SAME_EVERY 8

typedef struct {
  DraftdGrammarContext ctx;
  guint fixed, pairs, clean, changed;
  guint suggested, clean_suggested, sentences, not_same;
} Run;

/* The answer, and in *with the text with its suggestions taken too. */
static char *
correct (Run *r, const char *text, char **with)
{
  /* As the daemon decides by the target's size: the shipped one's candidates alone. */
  g_autoptr (GArray) edits = draftd_grammar_edits_new (), sugg = draftd_grammar_edits_new ();
  DraftdGrammarRequest req = { .candidates_only = !large_target, .large_model = large_target, .suggestions = sugg };
  char *out = test_grammar_correct (&r->ctx, text, &req, edits);
  *with = out ? draftd_grammar_apply_edit_lists (text, edits, sugg) : NULL;
  if (out && r->sentences++ % SAME_EVERY == 0) {
    DraftdGrammarRequest plain = { .candidates_only = !large_target, .large_model = large_target };
    g_autofree char *bare = test_grammar_correct (&r->ctx, text, &plain, NULL);
    if (g_strcmp0 (bare, out) != 0) {
      r->not_same++;
      tap_diag ("collecting suggestions changed the answer: %s -> %s, not %s", text, out, bare ? bare : "(error)");
    }
  }
  return out;
}

/* A clean sentence must come back as it is, and is best left without a suggestion. */
static void
keep (Run *r, const char *text)
{
  g_autofree char *with = NULL;
  g_autofree char *out = correct (r, text, &with);
  r->clean++;
  if (g_strcmp0 (out, text) != 0) {
    r->changed++;
    tap_diag ("clean sentence changed: %s -> %s", text, out ? out : "(error)");
  } else if (g_strcmp0 (with, text) != 0) {
    r->clean_suggested++;
    tap_diag ("clean sentence given a suggestion: %s -> %s", text, with ? with : "(error)");
  }
}

static void
line (Run *r, char **cols)
{
  if (g_str_equal (cols[0], "clean")) {
    keep (r, cols[1]);
    return;
  }
  g_autofree char *with = NULL;
  g_autofree char *out = correct (r, cols[1], &with);
  r->pairs++;
  if (g_strcmp0 (out, cols[2]) == 0)
    r->fixed++;
  else if (g_strcmp0 (with, cols[2]) == 0)
    r->suggested++;
  else
    tap_diag ("%s not fixed: %s -> %s", cols[0], cols[1], out ? out : "(error)");
  keep (r, cols[2]);
}

/* A judged candidate short of its margin is a suggestion, in place, with its rule. */
static void
test_doubted (DraftdGrammarContext *ctx)
{
  const char *text = "This shall effect in exams.";
  g_autoptr (GArray) edits = draftd_grammar_edits_new (), sugg = draftd_grammar_edits_new ();
  DraftdGrammarRequest req = { .candidates_only = !large_target, .large_model = large_target, .doubt = 4, .suggestions = sugg };
  g_autofree char *out = test_grammar_correct (ctx, text, &req, edits);
  const DraftdGrammarEdit *s = sugg->len == 1 ? &g_array_index (sugg, DraftdGrammarEdit, 0) : NULL;
  tap_ok (g_strcmp0 (out, text) == 0 && edits->len == 0 && s && s->start == 11 && s->end == 17 && g_str_equal (s->replacement, "affect") &&
              g_strcmp0 (s->rule, "confusable.affect-effect") == 0 && g_strcmp0 (s->kind, draftd_fix_kind_name (DRAFTD_FIX_WORD_CHOICE)) == 0,
          "short of its margin, effect -> affect is offered and not applied: %s, %u suggestion(s) (%s, %s)", out ? out : "(error)", sugg->len,
          s ? s->replacement : "none", s ? s->rule : "");
  DraftdGrammarRequest none = req;
  none.doubt = -1;
  g_array_set_size (sugg, 0);
  g_autofree char *out2 = test_grammar_correct (ctx, text, &none, NULL);
  tap_ok (g_strcmp0 (out2, text) == 0 && sugg->len == 0, "a negative doubt offers none");
}

int
main (void)
{
  if (!g_file_test ("/usr/share/hunspell/en_US.dic", G_FILE_TEST_EXISTS) || !g_file_test ("/usr/share/wordnet/index.noun", G_FILE_TEST_EXISTS))
    return tap_skip_all ("hunspell-en-us or wordnet-base is not installed");
  g_autofree char *path = g_build_filename (DRAFTD_SOURCE_ROOT, "tests", "data", "dev-errors.tsv", NULL);
  g_autofree char *all = NULL;
  g_assert_true (g_file_get_contents (path, &all, NULL, NULL));
  g_autoptr (DraftdVk) vk = test_vk ();
  TestGrammar g;
  if (!test_grammar_context (vk, 0, &g))
    return tap_done ();
  large_target = g.large;
  Run r = { .ctx = g.ctx };
  g_auto (GStrv) lines = g_strsplit (all, "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    g_auto (GStrv) cols = g_strsplit (lines[i], "\t", 3);
    if (lines[i][0] != '#' && cols[0] && cols[1] && (cols[2] || g_str_equal (cols[0], "clean")))
      line (&r, cols);
  }
  tap_ok (r.pairs >= 200 && r.clean >= 300, "the set holds %u sentences with an error and %u clean", r.pairs, r.clean);
  gboolean parser = draftd_structure_parse ("The cat sat on the mat.") != DRAFTD_STRUCTURE_UNKNOWN;
  guint bar = large_target ? FIXED_LARGE_TARGET : parser ? FIXED_AT_LEAST : FIXED_WITHOUT_PARSER;
  tap_ok (r.fixed >= bar, "%u/%u sentences fixed (at least %u, link-grammar %s)", r.fixed, r.pairs, bar, parser ? "on" : "off");
  tap_ok (r.changed <= CLEAN_CHANGED_AT_MOST, "%u/%u clean sentences changed (at most %d)", r.changed, r.clean, CLEAN_CHANGED_AT_MOST);
  tap_diag ("%u/%u sentences not fixed are their twin with the suggestions taken", r.suggested, r.pairs - r.fixed);
  tap_ok (r.clean_suggested <= CLEAN_SUGGESTED_AT_MOST, "%u/%u clean sentences with a suggestion (at most %d)", r.clean_suggested,
          r.clean, CLEAN_SUGGESTED_AT_MOST);
  tap_ok (r.not_same == 0, "%u of %u sentences checked differ with suggestions collected and without", r.not_same,
          (r.sentences + SAME_EVERY - 1) / SAME_EVERY);
  test_doubted (&g.ctx);
  test_grammar_clear (&g);
  test_check_validation ();
  return tap_done ();
}
