/* The chat REPL: readline with history and command completion. Input is read through
 * readline's callback interface so that Ctrl-C at the prompt can discard the line (the
 * blocking readline() would restart the read and keep it); during a reply Ctrl-C cancels it. */
#include <math.h>
#include <signal.h>
#include <glib/gstdio.h>
#include <readline/history.h>
#include <readline/readline.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>
#include "client/client.h"
#include "client/models.h"

static const char *const commands[] = { "/correct", "/rewrite", "/complete", "/reset", "/force", "/stats", "/models", "/model", "/help", "/quit", NULL };

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

/* ---- reading a line ---- */

typedef enum { LINE_READ, LINE_DISCARDED, LINE_EOF } LineStatus;

static char *line_read;
static gboolean line_done;

static void
on_line (char *line)
{
  line_read = line;
  line_done = TRUE;
  rl_callback_handler_remove ();
}

/* One line from readline; Ctrl-C discards what was typed. SIGINT is blocked except while
 * waiting in pselect, and the flag is checked before each wait: a Ctrl-C that came while
 * readline handled a key (with select, a wait began without seeing it and it was lost until
 * the next key, so Return ran the line it should have discarded) ends the wait at once. */
static LineStatus
read_line (const char *prompt, char **line)
{
  line_read = NULL;
  line_done = FALSE;
  draft_interrupted = 0;
  sigset_t sigint, before, waiting;
  sigemptyset (&sigint);
  sigaddset (&sigint, SIGINT);
  sigprocmask (SIG_BLOCK, &sigint, &before);
  waiting = before;
  sigdelset (&waiting, SIGINT);
  rl_callback_handler_install (prompt, on_line);
  LineStatus status = LINE_EOF;
  while (!line_done) {
    if (draft_interrupted) {
      rl_replace_line ("", 0);
      rl_point = rl_end = 0;
      rl_callback_handler_remove ();
      fputs ("^C\n", rl_outstream);
      status = LINE_DISCARDED;
      break;
    }
    fd_set fds;
    FD_ZERO (&fds);
    FD_SET (fileno (rl_instream), &fds);
    if (pselect (fileno (rl_instream) + 1, &fds, NULL, NULL, NULL, &waiting) > 0)
      rl_callback_read_char ();
  }
  sigprocmask (SIG_SETMASK, &before, NULL);
  if (status == LINE_DISCARDED)
    return status;
  *line = line_read;
  return line_read ? LINE_READ : LINE_EOF;
}

/* One input: lines ending in a backslash continue on the next. NULL at end of input. */
static char *
read_input (void)
{
  g_autoptr (GString) pending = g_string_new (NULL);
  for (;;) {
    char *line = NULL;
    LineStatus s = read_line (pending->len ? "... " : "> ", &line);
    if (s == LINE_EOF)
      return NULL;
    if (s == LINE_DISCARDED) {
      g_string_truncate (pending, 0);
      continue;
    }
    gsize l = strlen (line);
    gboolean more = l > 0 && line[l - 1] == '\\';
    if (more)
      line[l - 1] = 0;
    g_string_append (pending, line);
    free (line);
    if (!more)
      return g_strstrip (g_string_free (g_steal_pointer (&pending), FALSE));
    g_string_append_c (pending, '\n');
  }
}

/* ---- commands ---- */

static void
print_help (void)
{
  printf ("/correct TEXT                 correct grammar and spelling (shown as a diff)\n"
          "/rewrite PRESET TEXT          rewrite as formal, concise, simple or friendly\n"
          "/rewrite INSTRUCTION :: TEXT  any other instruction (a chat model; the shipped one refuses it)\n"
          "/complete TEXT                continue text\n"
          "/reset                        forget this conversation\n"
          "/force                        complete and chat even on a model that cannot (its output is noise)\n"
          "/stats /models                daemon statistics and models\n"
          "/model TARGET [ASSISTANT]     switch the daemon to other models (names as for draft use; none)\n"
          "/quit                         leave (or Ctrl-D); a line ending in \\ continues\n"
          "Ctrl-C discards the line being typed, or stops a reply.\n");
}

/* "/rewrite formal TEXT": a preset is its first word; any other instruction ends at "::".
 * Points *text and *instruction into `arg`; FALSE (with the usage printed) when neither fits. */
static gboolean
rewrite_args (char **text, char **instruction)
{
  static const char *const presets[] = { "formal", "concise", "simple", "friendly", NULL };
  char *arg = g_strchug (*text);
  char *sep = strstr (arg, "::");
  gsize word = strcspn (arg, " \t");
  if (sep) {
    *sep = 0;
    *instruction = g_strstrip (arg);
    *text = g_strstrip (sep + 2);
    return TRUE;
  }
  if (arg[word]) {
    arg[word] = 0;
    char *rest = g_strstrip (arg + word + 1);
    if (g_strv_contains (presets, arg) && *rest) {
      *instruction = arg;
      *text = rest;
      return TRUE;
    }
  }
  printf ("usage: /rewrite formal|concise|simple|friendly TEXT, or /rewrite INSTRUCTION :: TEXT\n");
  return FALSE;
}

static void
grammar (char *arg, gboolean rewrite)
{
  char *instruction = NULL;
  if (rewrite && !rewrite_args (&arg, &instruction))
    return;
  DraftJob j;
  draft_job_init (&j, rewrite ? DRAFTD_BUS_REWRITE : DRAFTD_BUS_CORRECT);
  j.text = arg;
  j.instruction = instruction;
  DraftRenderer r;
  draft_renderer_init (&r, arg, TRUE, draft_use_color (DRAFT_COLOR_AUTO));
  j.on_edit = draft_renderer_edit;
  j.on_edit_data = &r;
  if (draft_job_run (&j))
    draft_renderer_finish (&r, TRUE);
  else
    g_ptr_array_unref (r.notes);
  draft_job_clear (&j);
}

/* /force: completion and chat run on a model the daemon says cannot do them. */
static gboolean force;

static void
generate (DraftdBusMethodId method, const char *conversation, const char *text)
{
  DraftJob j;
  DraftGenOptions gen = { .max_tokens = -1, .temperature = NAN, .top_p = NAN, .min_p = NAN, .top_k = -1, .seed = -1,
                          .force = force };
  draft_job_init (&j, method);
  j.conversation = conversation;
  j.text = text;
  j.gen = &gen;
  j.stream = TRUE;
  if (draft_job_run (&j))
    putchar ('\n');
  draft_job_clear (&j);
}

static void
show_property (const char *name)
{
  g_autoptr (JsonNode) n = draft_bus_get_property (name);
  if (n)
    draft_print_table (NULL, n);
}

/* /model TARGET [ASSISTANT]: as draft use. */
static void
use_models (const char *args)
{
  g_auto (GStrv) words = g_strsplit_set (g_strstrip ((char *) args), " \t", -1);
  g_autoptr (GPtrArray) w = g_ptr_array_new ();
  for (guint i = 0; words[i]; i++)
    if (*words[i])
      g_ptr_array_add (w, words[i]);
  if (w->len == 0 || w->len > 2)
    printf ("/model TARGET [ASSISTANT|none]: a name from `draft pull --list`, a file in the models directory, or a path\n");
  else
    draft_use (g_ptr_array_index (w, 0), w->len > 1 ? g_ptr_array_index (w, 1) : NULL);
}

/* Runs one input; FALSE to leave. */
static gboolean
dispatch (char *input, const char *conversation)
{
  if (g_str_equal (input, "/quit"))
    return FALSE;
  if (g_str_equal (input, "/help"))
    print_help ();
  else if (g_str_has_prefix (input, "/correct ") || g_str_has_prefix (input, "/rewrite "))
    grammar (input + 9, input[1] == 'r');
  else if (g_str_has_prefix (input, "/complete "))
    generate (DRAFTD_BUS_COMPLETE, NULL, input + 10);
  else if (g_str_equal (input, "/reset")) {
    if (draft_bus_reset_conversation (conversation))
      printf ("[conversation reset]\n");
  } else if (g_str_equal (input, "/force")) {
    force = !force;
    printf (force ? "[force on: completion and chat run whatever the model; its output may be noise]\n" : "[force off]\n");
  } else if (g_str_equal (input, "/stats"))
    show_property ("Stats");
  else if (g_str_equal (input, "/models"))
    show_property ("Models");
  else if (g_str_has_prefix (input, "/model ") || g_str_equal (input, "/model"))
    use_models (input + 6);
  else if (input[0] == '/')
    printf ("unknown command %s (/help)\n", input);
  else
    generate (DRAFTD_BUS_CHAT, conversation, input);
  return TRUE;
}

int
draft_repl (void)
{
  if (draft_bus () == NULL)
    return 1;
  g_autofree char *dir = g_build_filename (g_get_user_state_dir (), "draftd", NULL);
  g_autofree char *hist = g_build_filename (dir, "history", NULL);
  g_mkdir_with_parents (dir, 0700);
  using_history ();
  read_history (hist);
  rl_attempted_completion_function = complete_command;
  rl_catch_signals = 0; /* SIGINT is ours: read_line and jobs handle it */
  g_autofree char *conversation = g_strdup_printf ("repl-%d", (int) getpid ());
  printf ("draft: chat with draftd. /help for commands, Ctrl-C stops a reply, Ctrl-D quits.\n");
  g_autofree char *limits = draft_bus_model_limits ();
  if (limits)
    printf ("note: %s\n", limits);
  for (;;) {
    g_autofree char *input = read_input ();
    if (input == NULL)
      break;
    if (*input == 0)
      continue;
    add_history (input);
    if (!dispatch (input, conversation))
      break;
  }
  write_history (hist);
  history_truncate_file (hist, 1000);
  putchar ('\n');
  return 0;
}
