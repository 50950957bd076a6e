/* One candidate correction: what it corrects (its kind, also the edit's kind over D-Bus,
 * --json and LSP), where, with what, and how sure its rule is; the context rules see. Shared
 * by the finder (candidates.c), its language rules (candidates-en.c) and the ranker. */
#pragma once
#include <glib.h>
#include "grammar/segment.h"
#include "grammar/spell.h"

typedef enum {
  DRAFTD_FIX_SPELLING,
  DRAFTD_FIX_AGREEMENT,
  DRAFTD_FIX_VERB_FORM,
  DRAFTD_FIX_ARTICLE,
  DRAFTD_FIX_PREPOSITION,
  DRAFTD_FIX_WORD_CHOICE,
  DRAFTD_FIX_PUNCTUATION,
  DRAFTD_FIX_DIALECT,     /* the other dialect's spelling ("theatre" in en-US) */
  DRAFTD_FIX_N_KINDS
} DraftdFixKind;

const char *draftd_fix_kind_name (DraftdFixKind kind);

/* A correction taken: what it replaced, with what, and of which kind. A suggestion is one a
 * rule proposed and the target doubted (preferred by less than its margin, issue 45's
 * calibrated judgement): not applied, offered to the user at byte `at` of the answer. */
typedef struct {
  char *was, *now;
  DraftdFixKind kind;
  gboolean suggested;
  gsize at;                /* where `was` (a suggestion) or `now` (an applied fix) starts in the
                            * segment's answer; DRAFTD_FIX_NOWHERE where a later fix changed it */
  const char *rule;        /* its candidate's rule id, or NULL */
} DraftdFix;

#define DRAFTD_FIX_NOWHERE G_MAXSIZE

/* An empty GArray of DraftdFix that frees its elements' strings. */
GArray *draftd_fixes_new (void);

/* A prior at or above this applies the candidate without asking the model. */
#define DRAFTD_CANDIDATE_CERTAIN 100.0f

typedef struct {
  gsize start, end;        /* bytes of the sentence the candidate replaces */
  char *replacement;
  DraftdFixKind kind;
  float prior;             /* nats in the candidate's favour before the model's judgement */
  guint site;              /* the alternatives of one place share a site */
  const char *rule;        /* the id of the rule that proposed it (a static string), or NULL:
                            * its edit is named by what it changed (draftd_grammar_rule_id) */
} DraftdCandidate;

typedef struct {
  DraftdSpell *spell;
  const char *lang;                  /* the sentence's language (a dictionary's code) */
  gboolean sentence_start;           /* the sentence starts a sentence (capitalise it) */
  const DraftdGrammarSpan *spans;    /* protected byte ranges of the sentence */
  guint n_spans;
  gboolean spelling_only;            /* a language the model does not know: spelling alone */
  const float *margins;              /* [DRAFTD_FIX_N_KINDS]: NULL for draftd_candidates_margins */
  /* Words the rest of the document vouches for (draftd_candidates_document_words), or NULL. */
  GHashTable *document;
  /* The target is a real model (DRAFTD_GRAMMAR_MODEL_PASS_PARAMS or more), not the small
   * shipped one: its judgement of a confusable needs less of a margin. */
  gboolean large_model;
  /* The dialect to hold spellings to: the index of its dictionary among the language's
   * (draftd_spell_region_index), or -1 for none (either dialect's spelling is right). */
  gint region;
  /* Where the document words looked up are noted (draftd_answer_cache_note_document), for
   * the answer cache to know what the answer depends on; NULL: not noted. */
  GString *document_seen;
  /* A judged candidate the target prefers by less than its margin, but by no less than the
   * margin less this many nats, is recorded as a suggestion (DraftdFix.suggested); <= 0: none. */
  float doubt;
  /* A language the model does not know, written by a hand that leaves marks out: another word
   * of the sentence, no English one, is one its dictionary lists only with marks ("Dekuji za
   * vas dopis."). Its words English's dictionary knows ("vas", "more", "ma") are respelt
   * there too, by their marks alone (grammar/respell.c). */
  gboolean drops_marks;
  /* A close relative the sentence is as likely to be of (its dictionaries accept as many of
   * its words): a respelling is made only where that one's dictionary makes the same. NULL:
   * none. */
  const char *also_lang;
  /* A close relative CLD2 did not name whose dictionary accepts exactly as many of the
   * sentence's words ("Musím se naucit slovíčka.", named Slovak): a word both dictionaries
   * reject is respelt only where this one's makes the same respelling, or none (grammar/answer.c,
   * tied_relative). NULL: none. */
  const char *rival_lang;
} DraftdCandidateContext;

/* How much more likely (natural log) the target must find a sentence with a candidate of
 * each kind than the sentence as written before the candidate is taken, chosen on JFLEG dev
 * (tools/eval-jfleg.sh): the model is small, and a correction that is not one costs more
 * than a correction missed. For spelling it is the cost of each step down the dictionary's
 * list of suggestions: a misspelt word is wrong as it stands, so they compete with each other. */
extern const float draftd_candidates_margins[DRAFTD_FIX_N_KINDS];
/* Parses "kind=nats,..." (kinds by name, "verb-form" or "verb form") over a copy of the
 * defaults; FALSE on an unknown kind or a bad number. */
gboolean draftd_candidates_parse_margins (const char *spec, float margins[DRAFTD_FIX_N_KINDS], GError **error);

/* Appends a candidate (copies rep). */
void draftd_candidates_add (GArray *out, gsize start, gsize end, const char *rep, DraftdFixKind kind, float prior, guint site);
/* The replacement in the capitalisation of what it replaces ("Becouse" -> "Because"). */
char *draftd_candidates_match_case (const char *was, const char *rep);
