/* The one-shot commands. Each parses its own options before touching the bus, so --help
 * and usage errors (exit status 2) work without a daemon or a session bus. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "client/client.h"
#include "lib/cli/cli.h"
#include "lib/bus/draftd-bus-rules.h"
#include "lib/cli/dialect.h"
#include "lib/cli/language.h"

/* The line (from 1) that byte `offset` of `data` lies on. */
static gsize
line_of (const char *data, gsize offset)
{
  gsize line = 1;
  for (gsize i = 0; i < offset; i++)
    line += data[i] == '\n';
  return line;
}

/* A NUL byte is named as one (GLib's UTF-8 check refuses it too, and "not valid UTF-8" sent
 * users looking for an encoding problem); either is placed by its byte offset and line. */
static gboolean
input_is_text (const char *data, gsize len, const char *what, GError **error)
{
  const char *nul = memchr (data, 0, len);
  if (nul) {
    gsize at = (gsize) (nul - data);
    g_set_error (error, G_CONVERT_ERROR, G_CONVERT_ERROR_ILLEGAL_SEQUENCE,
                 "%s holds a NUL byte at offset %" G_GSIZE_FORMAT " (line %" G_GSIZE_FORMAT "): draft corrects text, "
                 "not binary data", what, at, line_of (data, at));
    return FALSE;
  }
  const char *end = NULL;
  if (!g_utf8_validate_len (data, len, &end)) {
    gsize at = (gsize) (end - data);
    g_set_error (error, G_CONVERT_ERROR, G_CONVERT_ERROR_ILLEGAL_SEQUENCE,
                 "%s is not valid UTF-8 text at offset %" G_GSIZE_FORMAT " (line %" G_GSIZE_FORMAT ", byte 0x%02x); if "
                 "it is Latin-1, iconv -f LATIN1 -t UTF-8 converts it", what, at, line_of (data, at), (guchar) *end);
    return FALSE;
  }
  return TRUE;
}

char *
draft_read_input (const char *file, GError **error)
{
  char *data = NULL;
  gsize len;
  if (file && !g_str_equal (file, "-")) {
    if (!g_file_get_contents (file, &data, &len, error))
      return NULL;
  } else {
    GString *s = g_string_new (NULL);
    char buf[65536];
    size_t n;
    while ((n = fread (buf, 1, sizeof buf, stdin)) > 0)
      g_string_append_len (s, buf, n);
    len = s->len;
    data = g_string_free (s, FALSE);
  }
  if (!input_is_text (data, len, file && !g_str_equal (file, "-") ? file : "the input", error)) {
    g_free (data);
    return NULL;
  }
  return data;
}

gboolean
draft_parse_command (const char *name, const char *params, const char *summary, const GOptionEntry *entries, int *argc,
               char ***argv, int *status)
{
  g_autofree char *prog = g_strdup_printf ("draft %s", name);
  g_set_prgname (prog);
  g_autoptr (GOptionContext) ctx = g_option_context_new (params);
  g_option_context_set_summary (ctx, summary);
  return draftd_cli_parse (ctx, prog, entries, argc, argv, status);
}

/* ---- correct, rewrite ---- */

typedef struct {
  char *instruction, *color;
  char **disable;               /* --disable RULE, repeatable; commas split too */
  char *dialect;                /* --dialect: "en-GB", or "" for none; NULL: the locale's */
  char *language;               /* --language: "uk", "auto"; NULL: the FILE's declared one, else auto */
  char *path;                   /* --path: the document of the text read from stdin */
  gboolean diff, json, selection;
  gboolean suggestions;         /* --suggestions: list what the model doubted on stderr */
  gboolean use_color;
  gboolean several;             /* more than one FILE: each gets a heading */
} GrammarArgs;

static gint64
stat_count (JsonNode *stats, const char *name)
{
  JsonObject *o = stats && JSON_NODE_HOLDS_OBJECT (stats) ? json_node_get_object (stats) : NULL;
  return o && json_object_has_member (o, name) ? json_object_get_int_member (o, name) : 0;
}

/* Sentences too long for the model's context come back unchanged; say so, and what helps:
 * a larger context only where the model takes one (the shipped target's 256 tokens are its
 * most), else splitting the sentence or a model with a longer context. */
static void
warn_too_long (JsonNode *stats)
{
  gint64 n = stat_count (stats, "too_long");
  if (n <= 0)
    return;
  g_autoptr (JsonObject) m = draft_bus_models_quiet ();
  gint64 ctx = m && json_object_has_member (m, "target_context_length") ? json_object_get_int_member (m, "target_context_length") : 0;
  gint64 most = m && json_object_has_member (m, "target_context_max") ? json_object_get_int_member (m, "target_context_max") : 0;
  g_autofree char *help = NULL;
  if (ctx > 0 && most > ctx)
    help = g_strdup_printf ("start draftd with a larger --context, up to %" G_GINT64_FORMAT " (or context= in draftd.conf)", most);
  else if (ctx > 0)
    help = g_strdup_printf ("%" G_GINT64_FORMAT " tokens is the most this model takes: split the sentence, or use a model with a "
                            "longer context (draft pull qwen2.5-1.5b, then draft use qwen2.5-1.5b)", ctx);
  else
    help = g_strdup ("split the sentence, or use a model with a longer context");
  g_printerr ("draft: %" G_GINT64_FORMAT " sentence%s too long for the model's context %s left unchanged; %s\n", n,
              n == 1 ? "" : "s", n == 1 ? "was" : "were", help);
}

/* Sentences of a language draftd has no dictionary for, or whose language nobody can tell,
 * come back unchecked: say so once, or the user takes silence for a clean text. */
static void
warn_unchecked (JsonNode *stats)
{
  gint64 n = stat_count (stats, "unchecked");
  JsonObject *o = n > 0 && JSON_NODE_HOLDS_OBJECT (stats) ? json_node_get_object (stats) : NULL;
  const char *lang = o && json_object_has_member (o, "unchecked_language") ? json_object_get_string_member (o, "unchecked_language") : "";
  if (n <= 0)
    return;
  const char *s = n == 1 ? "" : "s", *was = n == 1 ? "was" : "were";
  if (g_str_equal (lang, "und") || *lang == 0) {
    g_printerr ("draft: %" G_GINT64_FORMAT " sentence%s %s left unchecked: %s language could not be told (--language CODE "
                "names it)\n", n, s, was, n == 1 ? "its" : "their");
    return;
  }
  g_autofree char *package = g_ascii_strdown (lang, 2);
  g_printerr ("draft: %" G_GINT64_FORMAT " sentence%s in '%s' %s left unchecked: no dictionary for it here (install hunspell-%s "
              "and restart draftd)\n", n, s, lang, was, package);
}

/* A rewrite the checks refused (it would have damaged the text) leaves its sentence as it was:
 * say so, or the user takes the unchanged sentence for the model's answer. */
static void
warn_kept (JsonNode *stats)
{
  gint64 n = stat_count (stats, "kept_source");
  if (n > 0)
    g_printerr ("draft: %" G_GINT64_FORMAT " sentence%s left as %s: the model's rewrite failed the checks that keep "
                "text from damage\n", n, n == 1 ? "" : "s", n == 1 ? "it was" : "they were");
}

/* The code point `offset` of text as "line:column", both from 1. */
static char *
line_column (const char *text, gint64 offset)
{
  guint line = 1, col = 1;
  for (const char *p = text; *p && offset > 0; p = g_utf8_next_char (p), offset--) {
    col = *p == '\n' ? 1 : col + 1;
    line += *p == '\n';
  }
  return g_strdup_printf ("%u:%u", line, col);
}

/* --suggestions: each change the model doubted (Correct's stats "suggestions", code point
 * offsets into the text sent), one a line on stderr; the text on stdout has none of them. */
static void
list_suggestions (JsonNode *stats, const char *text, const char *file)
{
  JsonObject *o = stats && JSON_NODE_HOLDS_OBJECT (stats) ? json_node_get_object (stats) : NULL;
  JsonArray *s = o && json_object_has_member (o, "suggestions") ? json_object_get_array_member (o, "suggestions") : NULL;
  for (guint i = 0; s && i < json_array_get_length (s); i++) {
    JsonArray *e = json_array_get_array_element (s, i);
    if (e == NULL || json_array_get_length (e) < 6)
      continue;
    gint64 off = json_array_get_int_element (e, 0), len = json_array_get_int_element (e, 1);
    const char *start = g_utf8_offset_to_pointer (text, off);
    g_autofree char *was = g_strndup (start, g_utf8_offset_to_pointer (start, len) - start);
    g_autofree char *where = line_column (text, off);
    g_printerr ("%s:%s: suggestion: \u201c%s\u201d \u2192 \u201c%s\u201d? (%s, not applied)\n", file ? file : "<stdin>", where,
                was, json_array_get_string_element (e, 2), json_array_get_string_element (e, 5));
  }
}

/* Corrects (or rewrites) one file, streaming the result as its edits arrive. */
static int
grammar_one (const GrammarArgs *a, const char *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = draft_read_input (file, &error);
  if (text == NULL) {
    g_printerr ("draft: %s\n", error->message);
    return DRAFTD_CLI_EXIT_FAILURE;
  }
  /* The text is sent without its final newline, which is put back. */
  gboolean nl = g_str_has_suffix (text, "\n");
  if (nl)
    text[strlen (text) - 1] = 0;
  DraftJob j;
  draft_job_init (&j, a->instruction ? DRAFTD_BUS_REWRITE : DRAFTD_BUS_CORRECT);
  j.text = text;
  j.instruction = a->instruction;
  j.disabled_rules = a->disable;
  j.dialect = a->dialect;
  /* The user's language, else the one the document declares (front matter, babel, <html lang>). */
  g_autofree char *declared = a->language ? NULL : draftd_cli_declared_language (text);
  j.language = a->language ? a->language : declared;
  /* A FILE is its own document: the daemon reads the words of the workspace it lies in. */
  g_autofree char *document = file && !g_str_equal (file, "-") ? g_canonicalize_filename (file, NULL) : g_strdup (a->path);
  j.path = document;
  DraftRenderer r;
  if (!a->json) {
    if (a->several)
      printf (a->use_color ? "\033[1m==> %s <==\033[0m\n" : "==> %s <==\n", file);
    draft_renderer_init (&r, text, a->diff, a->use_color);
    j.on_edit = draft_renderer_edit;
    j.on_edit_data = &r;
  }
  gboolean ok = draft_job_run (&j);
  if (a->json && ok) {
    g_autoptr (JsonNode) n = draft_result_to_json (file && !g_str_equal (file, "-") ? file : NULL, j.result->str, j.edits, j.stats);
    draft_print_json (n);
  } else if (!a->json) {
    if (ok)
      draft_renderer_finish (&r, nl || isatty (STDOUT_FILENO));
    else
      g_ptr_array_unref (r.notes);
  }
  if (ok)
    warn_too_long (j.stats);
  if (ok && a->instruction)
    warn_kept (j.stats);
  if (ok)
    warn_unchecked (j.stats);
  if (ok && a->suggestions)
    list_suggestions (j.stats, text, file && !g_str_equal (file, "-") ? file : NULL);
  /* An argument the daemon refused (a dialect it has no dictionary for) is the user's to fix. */
  int status = j.cancelled ? DRAFT_EXIT_INTERRUPTED
               : ok ? DRAFTD_CLI_EXIT_OK
               : j.invalid_argument ? DRAFTD_CLI_EXIT_USAGE : DRAFTD_CLI_EXIT_FAILURE;
  draft_job_clear (&j);
  return status;
}

/* --language uk (pt-BR, sr-Latn, auto): the code the daemon takes, or a usage error. */
static gboolean
check_language (char **language, int *status)
{
  if (*language == NULL)
    return TRUE;
  char *code = draftd_language_normalize (*language);
  if (code == NULL) {
    *status = draftd_cli_usage_error ("draft correct", "--language takes a language code like uk, cs or pt-BR, or auto, not '%s'",
                                      *language);
    return FALSE;
  }
  g_free (*language);
  *language = code;
  return TRUE;
}

/* --dialect en-GB (en_gb too), or none for no dialect (""), whatever the locale and the
 * daemon's config say. FALSE with a usage error. */
static gboolean
check_dialect (char **dialect, int *status)
{
  if (*dialect == NULL)
    return TRUE;
  char *d = draftd_cli_dialect_normalize (*dialect);
  if (d == NULL || (*d == 0 && **dialect == 0)) {
    *status = draftd_cli_usage_error ("draft correct", "--dialect takes an English dialect like en-US or en-GB, or none, not '%s'",
                                      *dialect);
    g_free (d);
    return FALSE;
  }
  g_free (*dialect);
  *dialect = d;
  return TRUE;
}

/* --disable a,b --disable c: one list, each a rule id or family that exists (draft rules):
 * a misspelt rule would otherwise turn nothing off and say nothing. */
static gboolean
split_rules (char ***rules, int *status)
{
  if (*rules == NULL)
    return TRUE;
  g_autoptr (GPtrArray) all = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; (*rules)[i]; i++) {
    g_auto (GStrv) parts = g_strsplit ((*rules)[i], ",", -1);
    for (guint k = 0; parts[k]; k++) {
      char *r = g_strstrip (parts[k]);
      if (*r == 0)
        continue;
      if (!draftd_rule_id_valid (r)) {
        *status = draftd_cli_usage_error ("draft", "--disable takes a rule id (letters, digits and - . _ '), not '%s'", r);
        return FALSE;
      }
      if (!draftd_rule_known (r)) {
        g_autofree char *nearest = draftd_rule_nearest (r);
        *status = draftd_cli_usage_error ("draft", "--disable: no rule '%s'; the nearest: %s (draft rules lists them all)", r,
                                          nearest);
        return FALSE;
      }
      g_ptr_array_add (all, g_strdup (r));
    }
  }
  g_ptr_array_add (all, NULL);
  g_strfreev (*rules);
  *rules = (char **) g_ptr_array_steal (all, NULL);
  return TRUE;
}

/* --path is the document of text read from stdin: made absolute (the daemon takes no other),
 * and refused beside a FILE, which is its own document. */
static gboolean
check_path (char **path, int argc, char **argv, int *status)
{
  if (*path == NULL)
    return TRUE;
  for (int i = 1; i < argc; i++)
    if (!g_str_equal (argv[i], "-")) {
      *status = draftd_cli_usage_error ("draft correct", "--path names the document of text read from stdin; FILE '%s' is its own", argv[i]);
      return FALSE;
    }
  if (**path == 0) {
    *status = draftd_cli_usage_error ("draft correct", "--path takes the document's file name");
    return FALSE;
  }
  char *abs = g_canonicalize_filename (*path, NULL);
  g_free (*path);
  *path = abs;
  return TRUE;
}

static int
grammar_command (int argc, char **argv, gboolean rewrite)
{
  GrammarArgs a = { 0 };
  GOptionEntry entries[] = {
    { "diff", 0, 0, G_OPTION_ARG_NONE, &a.diff, "show a word diff: [-old-]{+new+}, or coloured", NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &a.json, "print text, edits (with messages) and stats as one JSON object per FILE", NULL },
    { "color", 0, 0, G_OPTION_ARG_FILENAME, &a.color, "colour the diff: auto (default), always or never", "WHEN" },
    { "disable", 0, 0, G_OPTION_ARG_STRING_ARRAY, &a.disable,
      "leave out a rule's edits: an id (confusable.then-than) or a family (confusable); repeatable", "RULE" },
    { "selection", 0, 0, G_OPTION_ARG_NONE, &a.selection,
      "correct the primary selection onto the clipboard, and say what changed in a notification", NULL },
    { "dialect", 0, 0, G_OPTION_ARG_FILENAME, &a.dialect,
      "hold spellings to en-US, en-GB, ... or none (default: draftd.conf's dialect, else the locale's)", "NAME" },
    { "language", 0, 0, G_OPTION_ARG_FILENAME, &a.language,
      "check the text as this language (uk, cs, pt-BR, ...), or auto: each sentence's own (default: the language the FILE "
      "declares, else auto)", "CODE" },
    { "path", 0, 0, G_OPTION_ARG_FILENAME, &a.path,
      "the document the text on stdin belongs to: its workspace's .draftd/words.txt counts (as a FILE's does)", "FILE" },
    { "suggestions", 0, 0, G_OPTION_ARG_NONE, &a.suggestions,
      "also list on stderr what the model doubted: changes offered, not made (--json has them in its stats)", NULL },
    { "instruction", 'i', 0, G_OPTION_ARG_FILENAME, &a.instruction, "how to rewrite: formal, concise, simple or friendly; any other instruction needs a chat model (the shipped one refuses it)", "TEXT" },
    G_OPTION_ENTRY_NULL,
  };
  /* correct: up to --suggestions; rewrite: -i instead of --selection, and no more. */
  if (rewrite)
    entries[4] = entries[9];
  entries[rewrite ? 5 : 9] = (GOptionEntry) G_OPTION_ENTRY_NULL;
  int status;
  if (!draft_parse_command (rewrite ? "rewrite" : "correct", "[FILE...]",
                      rewrite ? "Rewrite each FILE (or stdin) as the instruction says; the result streams as it is made.\n"
                                "Ctrl-C cancels."
                              : "Correct grammar and spelling in each FILE (or stdin), in turn; the result streams as it is made.\n"
                                "Ctrl-C cancels.",
                      entries, &argc, &argv, &status))
    goto out;
  DraftColorMode mode = DRAFT_COLOR_AUTO;
  if (a.color && !draft_color_mode_from_name (a.color, &mode)) {
    status = draftd_cli_usage_error ("draft", "--color takes auto, always or never, not '%s'", a.color);
    goto out;
  }
  if (rewrite && (a.instruction == NULL || *g_strstrip (a.instruction) == 0)) {
    status = draftd_cli_usage_error ("draft rewrite", "-i INSTRUCTION is required");
    goto out;
  }
  if (!split_rules (&a.disable, &status) || !check_dialect (&a.dialect, &status) || !check_language (&a.language, &status) ||
      !check_path (&a.path, argc, argv, &status))
    goto out;
  if (a.selection) {
    status = argc > 1 || a.diff || a.json || a.path
                 ? draftd_cli_usage_error ("draft correct", "--selection takes no FILE, --path, --diff or --json")
                 : draft_correct_selection (a.dialect, a.disable);
    goto out;
  }
  a.use_color = draft_use_color (mode);
  a.several = argc > 2;
  status = DRAFTD_CLI_EXIT_OK;
  for (int i = 1; i < MAX (argc, 2); i++) {
    int s = grammar_one (&a, i < argc ? argv[i] : NULL);
    status = MAX (status, s);
    if (s == DRAFT_EXIT_INTERRUPTED)
      break;
  }
out:
  g_free (a.instruction);
  g_free (a.color);
  g_free (a.dialect);
  g_free (a.language);
  g_free (a.path);
  g_strfreev (a.disable);
  return status;
}

int
draft_cmd_correct (int argc, char **argv)
{
  return grammar_command (argc, argv, FALSE);
}

int
draft_cmd_rewrite (int argc, char **argv)
{
  return grammar_command (argc, argv, TRUE);
}

/* ---- complete, chat ---- */

typedef struct {
  DraftGenOptions gen;
  char *conversation;
  gboolean reset;
} GenArgs;

static void
gen_args_clear (GenArgs *a)
{
  g_strfreev (a->gen.stop);
  g_free (a->conversation);
}

/* Parses the sampling options; a value out of range is a usage error. */
static gboolean
parse_gen (const char *name, const char *params, const char *summary, gboolean chat, GenArgs *a, int *argc, char ***argv,
           int *status)
{
  a->gen = (DraftGenOptions) { .max_tokens = -1, .temperature = NAN, .top_p = NAN, .min_p = NAN, .top_k = -1, .seed = -1 };
  GOptionEntry entries[] = {
    { "max-tokens", 'n', 0, G_OPTION_ARG_INT, &a->gen.max_tokens, "most tokens to generate (at least 1; default: the daemon's)", "N" },
    { "temperature", 0, 0, G_OPTION_ARG_DOUBLE, &a->gen.temperature, "sampling temperature, 0 to 100 (0: greedy)", "T" },
    { "top-p", 0, 0, G_OPTION_ARG_DOUBLE, &a->gen.top_p, "nucleus sampling, 0 to 1", "P" },
    { "top-k", 0, 0, G_OPTION_ARG_INT, &a->gen.top_k, "sample from the K most likely tokens (0: off)", "K" },
    { "min-p", 0, 0, G_OPTION_ARG_DOUBLE, &a->gen.min_p, "drop tokens below P times the top probability, 0 to 1", "P" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &a->gen.seed, "random seed, for repeatable sampling", "S" },
    { "stop", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &a->gen.stop, "stop before this text (repeatable)", "TEXT" },
    { "force", 0, 0, G_OPTION_ARG_NONE, &a->gen.force,
      "run even on a model that cannot complete or chat (the shipped one: its output is noise)", NULL },
    { "conversation", 'c', 0, G_OPTION_ARG_FILENAME, &a->conversation,
      "continue the conversation NAME, kept by the daemon between runs (default: a new one each run)", "NAME" },
    { "reset", 0, 0, G_OPTION_ARG_NONE, &a->reset, "forget NAME's earlier turns first (alone: just forget them)", NULL },
    G_OPTION_ENTRY_NULL,
  };
  if (!chat)
    entries[8] = (GOptionEntry) G_OPTION_ENTRY_NULL;
  if (!draft_parse_command (name, params, summary, entries, argc, argv, status))
    return FALSE;
  const DraftGenOptions *g = &a->gen;
  const char *bad = g->max_tokens == 0 || g->max_tokens < -1 ? "--max-tokens must be at least 1"
                    : g->temperature < 0 || g->temperature > 100 ? "--temperature must be from 0 to 100"
                    : g->top_p < 0 || g->top_p > 1 ? "--top-p must be from 0 to 1"
                    : g->min_p < 0 || g->min_p > 1 ? "--min-p must be from 0 to 1"
                    : g->top_k < -1 ? "--top-k must be 0 or more"
                    : g->seed < -1 ? "--seed must be 0 or more"
                    : chat && a->conversation && !*a->conversation ? "--conversation needs a name"
                    : a->reset && !a->conversation ? "--reset needs --conversation NAME" : NULL;
  if (bad) {
    *status = draftd_cli_usage_error (g_get_prgname (), "%s", bad);
    return FALSE;
  }
  return TRUE;
}

/* The words of the command line, or stdin without any. */
static char *
text_argument (int argc, char **argv, GError **error)
{
  return argc > 1 ? g_strjoinv (" ", argv + 1) : draft_read_input (NULL, error);
}

static int
run_generation (DraftdBusMethodId method, const char *conversation, gboolean shared, const char *text, const DraftGenOptions *gen)
{
  /* Forced onto a toy model, the user should know why its continuation is no answer; without
   * --force the daemon refuses with the same advice. */
  g_autofree char *limits = gen->force ? draft_bus_model_limits () : NULL;
  if (limits)
    g_printerr ("draft: note: %s\n", limits);
  DraftJob j;
  draft_job_init (&j, method);
  j.conversation = conversation;
  j.shared = shared;
  j.text = text;
  j.gen = gen;
  j.stream = TRUE;
  gboolean ok = draft_job_run (&j);
  if (ok)
    putchar ('\n');
  int status = j.cancelled ? DRAFT_EXIT_INTERRUPTED : ok ? DRAFTD_CLI_EXIT_OK : DRAFTD_CLI_EXIT_FAILURE;
  draft_job_clear (&j);
  return status;
}

static int
generation_command (int argc, char **argv, gboolean chat)
{
  GenArgs a = { 0 };
  int status;
  if (!parse_gen (chat ? "chat" : "complete", chat ? "[MESSAGE...]" : "[PROMPT...]",
                  chat ? "One turn of a chat; the reply streams. The message is the words given, or stdin.\n"
                         "With --conversation NAME, the daemon keeps the turns of NAME: the next `draft chat\n"
                         "--conversation NAME` continues it, until --reset or the daemon stops."
                       : "Continue a text; the continuation streams. The prompt is the words given, or stdin.",
                  chat, &a, &argc, &argv, &status)) {
    gen_args_clear (&a);
    return status;
  }
  if (a.reset && !draft_bus_reset_conversation (a.conversation)) {
    gen_args_clear (&a);
    return DRAFTD_CLI_EXIT_FAILURE;
  }
  if (a.reset && argc <= 1 && isatty (STDIN_FILENO)) {
    gen_args_clear (&a);
    return DRAFTD_CLI_EXIT_OK;  /* only forgetting: no message to wait for */
  }
  g_autoptr (GError) error = NULL;
  g_autofree char *text = text_argument (argc, argv, &error);
  if (text == NULL) {
    g_printerr ("draft: %s\n", error->message);
    gen_args_clear (&a);
    return DRAFTD_CLI_EXIT_FAILURE;
  }
  if (a.reset && !*g_strstrip (text)) {
    gen_args_clear (&a);
    return DRAFTD_CLI_EXIT_OK;
  }
  g_autofree char *conversation = chat ? (a.conversation ? g_strdup (a.conversation) : g_strdup_printf ("cli-%d", (int) getpid ())) : NULL;
  status = run_generation (chat ? DRAFTD_BUS_CHAT : DRAFTD_BUS_COMPLETE, conversation, a.conversation != NULL, g_strchomp (text), &a.gen);
  gen_args_clear (&a);
  return status;
}

int
draft_cmd_complete (int argc, char **argv)
{
  return generation_command (argc, argv, FALSE);
}

int
draft_cmd_chat (int argc, char **argv)
{
  return generation_command (argc, argv, TRUE);
}

/* ---- add-word ---- */

int
draft_cmd_add_word (int argc, char **argv)
{
  GOptionEntry entries[] = { G_OPTION_ENTRY_NULL };
  int status;
  if (!draft_parse_command ("add-word", "WORD...", "Adds words to your personal word list: spelling never flags them again.", entries,
                      &argc, &argv, &status))
    return status;
  if (argc < 2)
    return draftd_cli_usage_error ("draft add-word", "name at least one word");
  for (int i = 1; i < argc; i++)
    if (!draft_bus_add_word (argv[i]))
      return DRAFTD_CLI_EXIT_FAILURE;
  return DRAFTD_CLI_EXIT_OK;
}

/* ---- rules ---- */

int
draft_cmd_rules (int argc, char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "print the rules as a JSON array of {id, kind, description}", NULL },
    G_OPTION_ENTRY_NULL,
  };
  int status;
  if (!draft_parse_command ("rules", "", "Every rule id an edit can carry, with its kind and what it catches: the ids\n"
                            "--disable and the config's disabled_rules take, or a family (the part before a dot).",
                            entries, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return draftd_cli_usage_error ("draft rules", "takes no arguments");
  guint n;
  const DraftdRuleInfo *rules = draftd_rules (&n);
  if (json) {
    g_autoptr (JsonArray) a = json_array_new ();
    for (guint i = 0; i < n; i++) {
      JsonObject *o = json_object_new ();
      json_object_set_string_member (o, "id", rules[i].id);
      json_object_set_string_member (o, "kind", rules[i].kind);
      json_object_set_string_member (o, "description", rules[i].what);
      json_array_add_object_element (a, o);
    }
    g_autoptr (JsonNode) root = json_node_init_array (json_node_alloc (), a);
    draft_print_json (root);
    return DRAFTD_CLI_EXIT_OK;
  }
  int id_width = 0, kind_width = 0;
  for (guint i = 0; i < n; i++) {
    id_width = MAX (id_width, (int) strlen (rules[i].id));
    kind_width = MAX (kind_width, (int) strlen (rules[i].kind));
  }
  printf ("%-*s  %-*s  %s\n", id_width, "RULE", kind_width, "KIND", "WHAT IT CATCHES");
  for (guint i = 0; i < n; i++)
    printf ("%-*s  %-*s  %s\n", id_width, rules[i].id, kind_width, rules[i].kind, rules[i].what);
  return DRAFTD_CLI_EXIT_OK;
}

/* ---- status ---- */

int
draft_cmd_status (int argc, char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "print version, queue, models and stats as one JSON object", NULL },
    G_OPTION_ENTRY_NULL,
  };
  int status;
  if (!draft_parse_command ("status", "", "The daemon's version, queue, models and statistics.", entries, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return draftd_cli_usage_error ("draft status", "takes no arguments");
  static const char *const props[] = { "Version", "QueueLength", "Models", "Stats" };
  static const char *const keys[] = { "version", "queue_length", "models", "stats" };
  g_autoptr (JsonObject) all = json_object_new ();
  for (guint i = 0; i < G_N_ELEMENTS (props); i++) {
    JsonNode *n = draft_bus_get_property (props[i]);
    if (n == NULL)
      return DRAFTD_CLI_EXIT_FAILURE;
    json_object_set_member (all, keys[i], n);
  }
  if (json) {
    g_autoptr (JsonNode) root = json_node_init_object (json_node_alloc (), all);
    draft_print_json (root);
    return DRAFTD_CLI_EXIT_OK;
  }
  printf ("draftd %s, %" G_GINT64_FORMAT " job(s) queued\n", json_object_get_string_member (all, "version"),
          json_object_get_int_member (all, "queue_length"));
  /* The limits line stands alone under the table, not as one of its rows. */
  JsonNode *models = json_object_get_member (all, "models");
  JsonObject *mo = JSON_NODE_HOLDS_OBJECT (models) ? json_node_get_object (models) : NULL;
  g_autofree char *limits = mo && json_object_has_member (mo, "limits") ? g_strdup (json_object_get_string_member (mo, "limits")) : NULL;
  if (limits)
    json_object_remove_member (mo, "limits");
  draft_print_table ("models:", models);
  if (limits)
    printf ("note: %s\n", limits);
  draft_print_table ("statistics:", json_object_get_member (all, "stats"));
  return DRAFTD_CLI_EXIT_OK;
}
