/* draft: the terminal client of draftd.
 *   draft [--address BUS-ADDRESS] [COMMAND [ARGS]]
 * With no command: a chat REPL (readline). Commands: correct, rewrite, complete, chat, status. */
#include <dbus/dbus.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <readline/history.h>
#include <readline/readline.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lib/bus/draftd-bus.h"

#define BUS_NAME DRAFTD_BUS_NAME
#define OBJ_PATH DRAFTD_BUS_PATH
#define IFACE DRAFTD_BUS_IFACE

static DBusConnection *bus;
static volatile sig_atomic_t interrupted;

static void
on_sigint (int sig)
{
  interrupted = 1;
}

static void
explain_error (const DBusError *e)
{
  if (g_str_equal (e->name, DBUS_ERROR_SERVICE_UNKNOWN) || g_str_equal (e->name, DBUS_ERROR_NAME_HAS_NO_OWNER) ||
      g_str_equal (e->name, DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND))
    g_printerr ("draft: draftd is not running and cannot be started automatically.\n"
                "       Start it with `draftd &` (or `systemctl --user start draftd`).\n");
  else
    g_printerr ("draft: %s\n", e->message ? e->message : e->name);
}

/* ---- a{sv} helpers ---- */


/* Prints a variant's basic value, JSON-ish. */
static void
print_basic (GString *out, DBusMessageIter *v)
{
  int t = dbus_message_iter_get_arg_type (v);
  union {
    dbus_uint32_t u;
    dbus_uint64_t t;
    double d;
    dbus_bool_t b;
    const char *s;
  } x;
  dbus_message_iter_get_basic (v, &x);
  switch (t) {
  case DBUS_TYPE_UINT32: g_string_append_printf (out, "%u", x.u); break;
  case DBUS_TYPE_UINT64: g_string_append_printf (out, "%" G_GUINT64_FORMAT, (guint64) x.t); break;
  case DBUS_TYPE_DOUBLE: g_string_append_printf (out, "%.4g", x.d); break;
  case DBUS_TYPE_BOOLEAN: g_string_append (out, x.b ? "true" : "false"); break;
  case DBUS_TYPE_STRING: {
    g_autofree char *esc = g_strescape (x.s, NULL);
    g_string_append_printf (out, "\"%s\"", esc);
    break;
  }
  default: g_string_append (out, "null");
  }
}

static void
print_dict (GString *out, DBusMessageIter *arr)
{
  DBusMessageIter d;
  gboolean first = TRUE;
  dbus_message_iter_recurse (arr, &d);
  g_string_append (out, "{");
  while (dbus_message_iter_get_arg_type (&d) == DBUS_TYPE_DICT_ENTRY) {
    DBusMessageIter e, v;
    const char *k;
    dbus_message_iter_recurse (&d, &e);
    dbus_message_iter_get_basic (&e, &k);
    dbus_message_iter_next (&e);
    dbus_message_iter_recurse (&e, &v);
    g_string_append_printf (out, "%s\"%s\": ", first ? "" : ", ", k);
    if (dbus_message_iter_get_arg_type (&v) == DBUS_TYPE_ARRAY)
      print_dict (out, &v);
    else
      print_basic (out, &v);
    first = FALSE;
    dbus_message_iter_next (&d);
  }
  g_string_append (out, "}");
}

/* ---- streamed jobs ---- */

typedef struct {
  char *path;
  GString *result;
  gboolean done, failed, stream;
  char *error;
  GString *stats;
} Job;

static DBusHandlerResult
job_filter (DBusConnection *c, DBusMessage *m, void *user)
{
  Job *j = user;
  if (dbus_message_get_type (m) != DBUS_MESSAGE_TYPE_SIGNAL || !dbus_message_has_interface (m, IFACE))
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  DBusMessageIter it;
  const char *path;
  if (!dbus_message_iter_init (m, &it) || dbus_message_iter_get_arg_type (&it) != DBUS_TYPE_OBJECT_PATH)
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  dbus_message_iter_get_basic (&it, &path);
  if (!j->path || !g_str_equal (path, j->path))
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  const char *member = dbus_message_get_member (m);
  const char *a = NULL, *b = NULL;
  if (g_str_equal (member, "Chunk") && dbus_message_get_args (m, NULL, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_STRING, &a, DBUS_TYPE_INVALID)) {
    g_string_append (j->result, a);
    if (j->stream) {
      fputs (a, stdout);
      fflush (stdout);
    }
  } else if (g_str_equal (member, "Finished")) {
    dbus_message_iter_next (&it);
    dbus_message_iter_get_basic (&it, &a);
    if (!j->stream) {
      g_string_assign (j->result, a);
    }
    dbus_message_iter_next (&it);
    print_dict (j->stats, &it);
    j->done = TRUE;
  } else if (g_str_equal (member, "Failed") &&
             dbus_message_get_args (m, NULL, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_STRING, &a, DBUS_TYPE_STRING, &b, DBUS_TYPE_INVALID)) {
    j->error = g_strdup_printf ("%s (%s)", b, a);
    j->failed = j->done = TRUE;
  }
  return DBUS_HANDLER_RESULT_HANDLED;
}

static void
cancel_job (const char *path)
{
  DBusMessage *m = dbus_message_new_method_call (BUS_NAME, OBJ_PATH, IFACE, "Cancel");
  dbus_message_append_args (m, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
  dbus_connection_send (bus, m, NULL);
  dbus_connection_flush (bus);
  dbus_message_unref (m);
}

/* Starts `method` with args built by `build` and streams until it ends. Returns FALSE on failure. */
static gboolean
run_streamed (const char *method, void (*build) (DBusMessageIter *av, gpointer), gpointer data, gboolean stream,
              GString *result, GString *stats)
{
  DBusMessage *m = dbus_message_new_method_call (BUS_NAME, OBJ_PATH, IFACE, "Start");
  DBusMessageIter it, av;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &method);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "v", &av);
  build (&av, data);
  dbus_message_iter_close_container (&it, &av);
  Job j = { NULL, result, FALSE, FALSE, stream, NULL, stats };
  dbus_connection_add_filter (bus, job_filter, &j, NULL);
  DBusError e;
  dbus_error_init (&e);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (bus, m, DBUS_TIMEOUT_INFINITE, &e);
  dbus_message_unref (m);
  gboolean ok = FALSE;
  if (r == NULL) {
    explain_error (&e);
    dbus_error_free (&e);
    goto out;
  }
  const char *path;
  dbus_message_get_args (r, NULL, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
  j.path = g_strdup (path);
  dbus_message_unref (r);
  gboolean cancel_sent = FALSE;
  interrupted = 0;
  while (!j.done && dbus_connection_read_write_dispatch (bus, 100)) {
    if (interrupted && !cancel_sent) {
      cancel_job (j.path);
      cancel_sent = TRUE;
    }
  }
  ok = j.done && !j.failed;
  if (j.failed && !(cancel_sent && strstr (j.error, "Cancelled")))
    g_printerr ("\ndraft: %s\n", j.error);
  else if (cancel_sent)
    g_printerr ("\n[cancelled]\n");
out:
  dbus_connection_remove_filter (bus, job_filter, &j);
  g_free (j.path);
  g_free (j.error);
  return ok;
}


typedef struct {
  const char *conversation, *text;
  guint32 max_tokens;
} GenArgs;

static void
append_gen_options (DBusMessageIter *av, guint32 max_tokens)
{
  DBusMessageIter v, d;
  dbus_message_iter_open_container (av, DBUS_TYPE_VARIANT, "a{sv}", &v);
  dbus_message_iter_open_container (&v, DBUS_TYPE_ARRAY, "{sv}", &d);
  if (max_tokens)
    draftd_bus_dict_add (&d, "max_tokens", DBUS_TYPE_UINT32, &max_tokens);
  dbus_message_iter_close_container (&v, &d);
  dbus_message_iter_close_container (av, &v);
}

static void
build_complete (DBusMessageIter *av, gpointer p)
{
  GenArgs *a = p;
  draftd_bus_append_variant_string (av, a->text);
  append_gen_options (av, a->max_tokens);
}

static void
build_chat (DBusMessageIter *av, gpointer p)
{
  GenArgs *a = p;
  draftd_bus_append_variant_string (av, a->conversation);
  draftd_bus_append_variant_string (av, a->text);
  append_gen_options (av, a->max_tokens);
}

/* ---- correct / rewrite (synchronous) ---- */

typedef struct {
  guint32 offset, length;
  char *replacement, *kind;
} Edit;

static gboolean
call_grammar (const char *text, const char *instruction, GString *out, GArray *edits, GString *stats)
{
  DBusMessage *m = dbus_message_new_method_call (BUS_NAME, OBJ_PATH, IFACE, instruction ? "Rewrite" : "Correct");
  DBusMessageIter it, d;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &text);
  if (instruction)
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &instruction);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  const char *unit = "codepoint";
  draftd_bus_dict_add (&d, "offset_unit", DBUS_TYPE_STRING, &unit);
  dbus_message_iter_close_container (&it, &d);
  DBusError e;
  dbus_error_init (&e);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (bus, m, DBUS_TIMEOUT_INFINITE, &e);
  dbus_message_unref (m);
  if (r == NULL) {
    explain_error (&e);
    dbus_error_free (&e);
    return FALSE;
  }
  DBusMessageIter ri, arr, st;
  const char *result;
  dbus_message_iter_init (r, &ri);
  dbus_message_iter_get_basic (&ri, &result);
  g_string_assign (out, result);
  dbus_message_iter_next (&ri);
  dbus_message_iter_recurse (&ri, &arr);
  while (dbus_message_iter_get_arg_type (&arr) == DBUS_TYPE_STRUCT) {
    Edit ed;
    const char *rep, *kind;
    dbus_message_iter_recurse (&arr, &st);
    dbus_message_iter_get_basic (&st, &ed.offset);
    dbus_message_iter_next (&st);
    dbus_message_iter_get_basic (&st, &ed.length);
    dbus_message_iter_next (&st);
    dbus_message_iter_get_basic (&st, &rep);
    dbus_message_iter_next (&st);
    dbus_message_iter_get_basic (&st, &kind);
    ed.replacement = g_strdup (rep);
    ed.kind = g_strdup (kind);
    g_array_append_val (edits, ed);
    dbus_message_iter_next (&arr);
  }
  dbus_message_iter_next (&ri);
  print_dict (stats, &ri);
  dbus_message_unref (r);
  return TRUE;
}

static void
edit_clear (gpointer p)
{
  Edit *e = p;
  g_free (e->replacement);
  g_free (e->kind);
}

/* Word diff: deletions in red [-...-], insertions in green {+...+} (colors on a tty). */
static void
print_diff (const char *text, GArray *edits, gboolean color)
{
  glong pos = 0;
  const char *p = text;
  for (guint i = 0; i < edits->len; i++) {
    Edit *e = &g_array_index (edits, Edit, i);
    const char *start = g_utf8_offset_to_pointer (text, e->offset), *end = g_utf8_offset_to_pointer (text, e->offset + e->length);
    fwrite (p, 1, start - p, stdout);
    if (e->length)
      printf (color ? "\033[31;9m%.*s\033[0m" : "[-%.*s-]", (int) (end - start), start);
    if (*e->replacement)
      printf (color ? "\033[32m%s\033[0m" : "{+%s+}", e->replacement);
    p = end;
    pos = e->offset + e->length;
  }
  (void) pos;
  fputs (p, stdout);
  if (!g_str_has_suffix (text, "\n"))
    putchar ('\n');
}

static char *
read_input (const char *file, GError **error)
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
  if (!g_utf8_validate_len (data, len, NULL) || memchr (data, 0, len)) {
    g_set_error (error, G_CONVERT_ERROR, G_CONVERT_ERROR_ILLEGAL_SEQUENCE, "input is not valid UTF-8 text");
    g_free (data);
    return NULL;
  }
  return data;
}

static int
cmd_grammar (int argc, char **argv, gboolean rewrite)
{
  g_autofree char *instruction = NULL;
  gboolean diff = FALSE, json = FALSE;
  GOptionEntry entries[] = {
    { "instruction", 'i', 0, G_OPTION_ARG_STRING, &instruction, "how to rewrite (or formal, concise, simple, friendly)", "TEXT" },
    { "diff", 0, 0, G_OPTION_ARG_NONE, &diff, "show a word diff (colored on a terminal)", NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "print text, edits and stats as JSON", NULL },
    { NULL },
  };
  if (!rewrite)
    entries[0] = entries[1], entries[1] = entries[2], entries[2] = (GOptionEntry) { NULL };
  g_autoptr (GOptionContext) ctx = g_option_context_new (rewrite ? "[FILE] - rewrite text" : "[FILE] - correct text");
  g_autoptr (GError) error = NULL;
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error) || argc > 2 || (rewrite && !instruction)) {
    g_printerr ("draft: %s\n", error ? error->message : rewrite ? "usage: draft rewrite -i INSTRUCTION [FILE]" : "usage: draft correct [--diff] [--json] [FILE]");
    return 2;
  }
  g_autofree char *text = read_input (argc == 2 ? argv[1] : NULL, &error);
  if (text == NULL) {
    g_printerr ("draft: %s\n", error->message);
    return 1;
  }
  g_autoptr (GString) out = g_string_new (NULL), stats = g_string_new (NULL);
  g_autoptr (GArray) edits = g_array_new (FALSE, FALSE, sizeof (Edit));
  g_array_set_clear_func (edits, edit_clear);
  /* A text without its final newline is sent; the newline is put back. */
  gboolean nl = g_str_has_suffix (text, "\n");
  if (nl)
    text[strlen (text) - 1] = 0;
  if (!call_grammar (text, rewrite ? instruction : NULL, out, edits, stats))
    return 1;
  if (json) {
    g_autofree char *t = g_strescape (out->str, NULL);
    printf ("{\"text\": \"%s\", \"edits\": [", t);
    for (guint i = 0; i < edits->len; i++) {
      Edit *e = &g_array_index (edits, Edit, i);
      g_autofree char *r = g_strescape (e->replacement, NULL);
      printf ("%s{\"offset\": %u, \"length\": %u, \"replacement\": \"%s\", \"kind\": \"%s\"}", i ? ", " : "", e->offset,
              e->length, r, e->kind);
    }
    printf ("], \"stats\": %s}\n", stats->str);
  } else if (diff) {
    print_diff (text, edits, isatty (STDOUT_FILENO));
  } else {
    fputs (out->str, stdout);
    if (nl || isatty (STDOUT_FILENO))
      putchar ('\n');
  }
  return 0;
}

static int
cmd_complete (int argc, char **argv)
{
  gint n = 0;
  GOptionEntry entries[] = { { "tokens", 'n', 0, G_OPTION_ARG_INT, &n, "tokens to generate", "N" }, { NULL } };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("[PROMPT] - continue text (stdin without PROMPT)");
  g_autoptr (GError) error = NULL;
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error) || n < 0) {
    g_printerr ("draft: %s\n", error ? error->message : "bad -n");
    return 2;
  }
  g_autofree char *prompt = argc > 1 ? g_strjoinv (" ", argv + 1) : read_input (NULL, &error);
  if (prompt == NULL) {
    g_printerr ("draft: %s\n", error->message);
    return 1;
  }
  GenArgs a = { NULL, prompt, n };
  g_autoptr (GString) r = g_string_new (NULL), st = g_string_new (NULL);
  gboolean ok = run_streamed ("Complete", build_complete, &a, TRUE, r, st);
  putchar ('\n');
  return ok ? 0 : 1;
}

static int
cmd_chat (int argc, char **argv)
{
  if (argc < 2) {
    g_printerr ("usage: draft chat MESSAGE\n");
    return 2;
  }
  g_autofree char *msg = g_strjoinv (" ", argv + 1);
  g_autofree char *conv = g_strdup_printf ("cli-%d", (int) getpid ());
  GenArgs a = { conv, msg, 0 };
  g_autoptr (GString) r = g_string_new (NULL), st = g_string_new (NULL);
  gboolean ok = run_streamed ("Chat", build_chat, &a, TRUE, r, st);
  putchar ('\n');
  return ok ? 0 : 1;
}

static gboolean
get_property (const char *name, GString *out)
{
  DBusMessage *m = dbus_message_new_method_call (BUS_NAME, OBJ_PATH, DBUS_INTERFACE_PROPERTIES, "Get");
  const char *iface = IFACE;
  dbus_message_append_args (m, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID);
  DBusError e;
  dbus_error_init (&e);
  DBusMessage *r = dbus_connection_send_with_reply_and_block (bus, m, 30000, &e);
  dbus_message_unref (m);
  if (r == NULL) {
    explain_error (&e);
    dbus_error_free (&e);
    return FALSE;
  }
  DBusMessageIter it, v;
  dbus_message_iter_init (r, &it);
  dbus_message_iter_recurse (&it, &v);
  if (dbus_message_iter_get_arg_type (&v) == DBUS_TYPE_ARRAY)
    print_dict (out, &v);
  else
    print_basic (out, &v);
  dbus_message_unref (r);
  return TRUE;
}

static int
cmd_status (void)
{
  const char *props[] = { "Version", "QueueLength", "Models", "Stats" };
  for (guint i = 0; i < G_N_ELEMENTS (props); i++) {
    g_autoptr (GString) s = g_string_new (NULL);
    if (!get_property (props[i], s))
      return 1;
    printf ("%s: %s\n", props[i], s->str);
  }
  return 0;
}

/* ---- REPL ---- */

static const char *const commands[] = { "/correct", "/rewrite", "/complete", "/reset", "/stats", "/models", "/help", "/quit", NULL };

static char *
command_generator (const char *text, int state)
{
  static int i;
  if (!state)
    i = 0;
  while (commands[i]) {
    const char *c = commands[i++];
    if (g_str_has_prefix (c, text))
      return strdup (c);
  }
  return NULL;
}

static char **
complete_command (const char *text, int start, int end)
{
  rl_attempted_completion_over = 1;
  return start == 0 ? rl_completion_matches (text, command_generator) : NULL;
}

static int
repl (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_state_dir (), "draftd", NULL);
  g_autofree char *hist = g_build_filename (dir, "history", NULL);
  g_mkdir_with_parents (dir, 0700);
  using_history ();
  read_history (hist);
  rl_attempted_completion_function = complete_command;
  g_autofree char *conv = g_strdup_printf ("repl-%d", (int) getpid ());
  printf ("draft: chat with draftd. /help for commands, Ctrl-C stops a reply, Ctrl-D quits.\n");
  GString *pending = g_string_new (NULL);
  for (;;) {
    interrupted = 0;
    char *line = readline (pending->len ? "... " : "> ");
    if (line == NULL)
      break;
    gsize l = strlen (line);
    if (l > 0 && line[l - 1] == '\\') {
      line[l - 1] = 0;
      g_string_append_printf (pending, "%s\n", line);
      free (line);
      continue;
    }
    g_string_append (pending, line);
    free (line);
    g_autofree char *input = g_strstrip (g_string_free (pending, FALSE));
    pending = g_string_new (NULL);
    if (*input == 0)
      continue;
    add_history (input);
    g_autoptr (GString) r = g_string_new (NULL), st = g_string_new (NULL);
    if (g_str_equal (input, "/quit"))
      break;
    if (g_str_equal (input, "/help")) {
      printf ("/correct TEXT              correct grammar and spelling\n"
              "/rewrite INSTRUCTION :: TEXT  rewrite (formal, concise, simple, friendly, or any instruction)\n"
              "/complete TEXT             continue text\n"
              "/reset                     forget this conversation\n"
              "/stats /models             daemon statistics and models\n"
              "/quit                      leave (or Ctrl-D); a line ending in \\ continues\n");
    } else if (g_str_has_prefix (input, "/correct ") || g_str_has_prefix (input, "/rewrite ")) {
      gboolean rw = input[1] == 'r';
      char *arg = input + 9, *instr = NULL;
      if (rw) {
        char *sep = strstr (arg, "::");
        if (sep == NULL) {
          printf ("usage: /rewrite INSTRUCTION :: TEXT\n");
          continue;
        }
        *sep = 0;
        instr = g_strstrip (arg);
        arg = g_strstrip (sep + 2);
      }
      g_autoptr (GArray) edits = g_array_new (FALSE, FALSE, sizeof (Edit));
      g_array_set_clear_func (edits, edit_clear);
      if (call_grammar (arg, instr, r, edits, st)) {
        print_diff (arg, edits, isatty (STDOUT_FILENO));
      }
    } else if (g_str_has_prefix (input, "/complete ")) {
      GenArgs a = { NULL, input + 10, 0 };
      run_streamed ("Complete", build_complete, &a, TRUE, r, st);
      putchar ('\n');
    } else if (g_str_equal (input, "/reset")) {
      DBusMessage *m = dbus_message_new_method_call (BUS_NAME, OBJ_PATH, IFACE, "ResetConversation");
      dbus_message_append_args (m, DBUS_TYPE_STRING, &conv, DBUS_TYPE_INVALID);
      DBusMessage *rep = dbus_connection_send_with_reply_and_block (bus, m, 30000, NULL);
      dbus_message_unref (m);
      if (rep)
        dbus_message_unref (rep);
      printf ("[conversation reset]\n");
    } else if (g_str_equal (input, "/stats") || g_str_equal (input, "/models")) {
      if (get_property (input[1] == 's' ? "Stats" : "Models", r))
        printf ("%s\n", r->str);
    } else if (input[0] == '/') {
      printf ("unknown command %s (/help)\n", input);
    } else {
      GenArgs a = { conv, input, 0 };
      run_streamed ("Chat", build_chat, &a, TRUE, r, st);
      putchar ('\n');
    }
  }
  g_string_free (pending, TRUE);
  write_history (hist);
  history_truncate_file (hist, 1000);
  putchar ('\n');
  return 0;
}

int
main (int argc, char **argv)
{
  /* Global options come before the command; the command parses its own. */
  const char *address = NULL;
  int i = 1;
  while (i < argc && argv[i][0] == '-') {
    if (g_str_equal (argv[i], "--address") && i + 1 < argc) {
      address = argv[i + 1];
      i += 2;
    } else if (g_str_has_prefix (argv[i], "--address=")) {
      address = argv[i] + 10;
      i++;
    } else if (g_str_equal (argv[i], "--help") || g_str_equal (argv[i], "-h")) {
      printf ("usage: draft [--address BUS-ADDRESS] [COMMAND [ARGS]]\n\n"
              "  (none)                       chat REPL\n"
              "  correct [--diff] [--json] [FILE]   correct text (stdin without FILE)\n"
              "  rewrite -i INSTRUCTION [FILE]      rewrite text\n"
              "  complete [-n N] [PROMPT]     continue text, streamed\n"
              "  chat MESSAGE                 one chat turn\n"
              "  status                       daemon version, models, statistics\n");
      return 0;
    } else {
      g_printerr ("draft: unknown option %s\n", argv[i]);
      return 2;
    }
  }
  DBusError e;
  dbus_error_init (&e);
  bus = address ? dbus_connection_open_private (address, &e) : dbus_bus_get_private (DBUS_BUS_SESSION, &e);
  if (bus && address && !dbus_bus_register (bus, &e)) {
    dbus_connection_unref (bus);
    bus = NULL;
  }
  if (bus == NULL) {
    g_printerr ("draft: cannot connect to the bus: %s\n", e.message);
    dbus_error_free (&e);
    return 1;
  }
  dbus_connection_set_exit_on_disconnect (bus, FALSE);
  struct sigaction sa = { .sa_handler = on_sigint };
  sigemptyset (&sa.sa_mask);
  sigaction (SIGINT, &sa, NULL);
  int status;
  const char *cmd = i < argc ? argv[i] : NULL;
  int sub_argc = argc - i;
  char **sub_argv = argv + i;
  if (cmd == NULL)
    status = repl ();
  else if (g_str_equal (cmd, "correct"))
    status = cmd_grammar (sub_argc, sub_argv, FALSE);
  else if (g_str_equal (cmd, "rewrite"))
    status = cmd_grammar (sub_argc, sub_argv, TRUE);
  else if (g_str_equal (cmd, "complete"))
    status = cmd_complete (sub_argc, sub_argv);
  else if (g_str_equal (cmd, "chat"))
    status = cmd_chat (sub_argc, sub_argv);
  else if (g_str_equal (cmd, "status"))
    status = cmd_status ();
  else {
    g_printerr ("draft: unknown command '%s' (draft --help)\n", cmd);
    status = 2;
  }
  dbus_connection_close (bus);
  dbus_connection_unref (bus);
  return status;
}
