/* draft: the terminal client of draftd.
 *   draft [--address BUS-ADDRESS] [COMMAND [OPTIONS] [ARGS]]
 * With no command: the chat REPL. Exit status: 0 success, 1 failure, 2 usage, 130 Ctrl-C. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "client/client.h"
#include "client/models.h"
#include "lib/cli/cli.h"

typedef struct {
  const char *name, *synopsis;
  int (*run) (int argc, char **argv);
} Command;

static int draft_cmd_lsp (int argc, char **argv);

static const Command command_table[] = {
  { "correct", "correct [--diff] [--json] [--color=WHEN] [FILE...]   correct text (stdin without FILE);\n"
               "                                                       --selection: the selected text onto the clipboard", draft_cmd_correct },
  { "rewrite", "rewrite -i PRESET|INSTRUCTION [--diff] [--json] [FILE...]\n"
               "                                                       rewrite text; PRESET: formal, concise, simple, friendly;\n"
               "                                                       any other INSTRUCTION needs a chat model (the shipped\n"
               "                                                       one refuses it: draft pull qwen2.5-1.5b)", draft_cmd_rewrite },
  { "complete", "complete [-n N] [SAMPLING...] [PROMPT...]            continue text, streamed", draft_cmd_complete },
  { "chat", "chat [--conversation NAME] [SAMPLING...] [MESSAGE...]  one chat turn, streamed", draft_cmd_chat },
  { "add-word", "add-word WORD...                                     never flag these words as misspelt", draft_cmd_add_word },
  { "status", "status [--json]                                      version, queue, models, statistics", draft_cmd_status },
  { "doctor", "doctor                                               check the bus, activation, config, models, Vulkan,\n"
              "                                                       dictionaries, word list and cache: OK or what to do", draft_cmd_doctor },
  { "rules", "rules [--json]                                       every rule id, its kind and what it catches", draft_cmd_rules },
  { "pull", "pull NAME | REPO/FILE.gguf | --list                  download a model from the Hugging Face Hub;\n"
            "                                                       --list: the models known by name", draft_cmd_pull },
  { "models", "models [--json]                                      the models on disk, their pairs, the pair in use", draft_cmd_models },
  { "use", "use TARGET [--assistant NAME|none]                   switch the daemon to other models", draft_cmd_use },
  { "lsp", "lsp [--stdio]                                        the language server for editors (draftd-lsp)", draft_cmd_lsp },
};

/* `draft lsp` is draftd-lsp: the installed one beside this program (client/lsp/ in a build
 * tree), else the first on PATH. --address reaches it as its session bus. */
static int
draft_cmd_lsp (int argc, char **argv)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = self ? g_path_get_dirname (self) : NULL;
  g_autofree char *beside = dir ? g_build_filename (dir, "draftd-lsp", NULL) : NULL;
  g_autofree char *built = dir ? g_build_filename (dir, "lsp", "draftd-lsp", NULL) : NULL;
  g_autofree char *on_path = g_find_program_in_path ("draftd-lsp");
  const char *lsp = beside && g_file_test (beside, G_FILE_TEST_IS_EXECUTABLE) ? beside
                    : built && g_file_test (built, G_FILE_TEST_IS_EXECUTABLE) ? built
                    : on_path;
  if (lsp == NULL) {
    g_printerr ("draft: draftd-lsp is not installed beside draft nor on PATH\n");
    return DRAFTD_CLI_EXIT_FAILURE;
  }
  const char *address = draft_bus_address ();
  if (address)
    g_setenv ("DBUS_SESSION_BUS_ADDRESS", address, TRUE);
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_ptr_array_add (args, (char *) lsp);
  for (int i = 1; i < argc; i++)
    g_ptr_array_add (args, argv[i]);
  g_ptr_array_add (args, NULL);
  execv (lsp, (char **) args->pdata);
  g_printerr ("draft: cannot run %s: %s\n", lsp, g_strerror (errno));
  return DRAFTD_CLI_EXIT_FAILURE;
}

static void
print_usage (void)
{
  printf ("Usage:\n  draft [--address BUS-ADDRESS] [COMMAND [OPTIONS] [ARGS]]\n\n"
          "Without a command, a chat REPL (/help inside it lists its commands).\n\nCommands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (command_table); i++)
    printf ("  %s\n", command_table[i].synopsis);
  printf ("\nSAMPLING: --temperature T --top-p P --top-k K --min-p P --seed S --stop TEXT --max-tokens N\n"
          "`draft COMMAND --help` describes each command's options.\n\n"
          "Options:\n"
          "  --address=ADDRESS   the D-Bus bus draftd serves (default: the session bus)\n"
          "  --version           print the version and exit\n"
          "  -h, --help          show this help\n\n"
          "Exit status: 0 success, 1 failure, 2 usage error, 130 cancelled by Ctrl-C.\n");
}

/* Global options come before the command, which parses its own; returns the index of the
 * command in argv, or -1 with *status set when the program should end. */
static int
parse_global (int argc, char **argv, int *status)
{
  int i = 1;
  while (i < argc && argv[i][0] == '-') {
    const char *a = argv[i];
    if (g_str_equal (a, "--address") && i + 1 < argc) {
      draft_bus_set_address (argv[i + 1]);
      i += 2;
    } else if (g_str_has_prefix (a, "--address=")) {
      draft_bus_set_address (a + 10);
      i++;
    } else if (g_str_equal (a, "--help") || g_str_equal (a, "-h")) {
      print_usage ();
      *status = DRAFTD_CLI_EXIT_OK;
      return -1;
    } else if (g_str_equal (a, "--version")) {
      printf ("draft %s\n", DRAFTD_VERSION);
      *status = DRAFTD_CLI_EXIT_OK;
      return -1;
    } else {
      *status = draftd_cli_usage_error ("draft", "unknown option %s", a);
      return -1;
    }
  }
  return i;
}

int
main (int argc, char **argv)
{
  draftd_cli_init ();
  int status = DRAFTD_CLI_EXIT_OK;
  int i = parse_global (argc, argv, &status);
  if (i < 0)
    goto out;
  draft_install_sigint ();
  if (i == argc) {
    status = draft_repl ();
    goto out;
  }
  for (guint k = 0; k < G_N_ELEMENTS (command_table); k++)
    if (g_str_equal (argv[i], command_table[k].name)) {
      status = command_table[k].run (argc - i, argv + i);
      goto out;
    }
  status = draftd_cli_usage_error ("draft", "unknown command '%s'", argv[i]);
out:
  draft_bus_close ();
  return status;
}
