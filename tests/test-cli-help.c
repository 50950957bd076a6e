/* Every program's --version, --help (listing every option) and exit statuses (0 ok, 1
 * failure, 2 usage), and the client's help and usage errors without any bus. */
#include <string.h>
#include "tests/cli-run.h"
#include "tests/tap.h"
#include "tests/test-util.h"

/* No bus and no display: help and usage must not need them. */
static const char *const no_bus[] = { "DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "XDG_RUNTIME_DIR", "LC_ALL=C", NULL };

typedef struct {
  const char *exe;
  const char *const *options;   /* every long option the help must list */
} Program;

static const char *const run_opts[] = { "model", "prompt", "n-predict", "greedy", "temp", "top-p", "top-k", "min-p", "repeat-penalty",
                                        "seed", "assistant", "mode", "source", "draft-max", "draft-p-min", "draft-schedule",
                                        "ngram", "ctx", "device", "stats", "profile", "info", "version", NULL };
static const char *const bench_opts[] = { "model", "suite", "json", "reps", "device", "assistant", "tokens", "sweep", "passes",
                                          "pairs", "limit", "block", "ngram", "warmup-seconds", "min-seconds", "version", NULL };
static const char *const convert_opts[] = { "llama2c", "tokenizer", "output", "type", "meta", "random", "version", NULL };
static const char *const tokenize_opts[] = { "model", "no-bos", "special", "version", NULL };
static const char *const draft_opts[] = { "address", "version", "help", NULL };
static const char *const daemon_opts[] = { "target", "assistant", "config", "device", "address", "context", "chat-format",
                                           "queue-depth", "client-queue-depth", "job-timeout", "lazy", "idle-unload",
                                           "keep-bias", "activated", "verbose", "list-devices", "version", NULL };
static const char *const lsp_opts[] = { "stdio", "version", NULL };
static const char *const eval_opts[] = { "model", "keep-bias", "compare", "limit", "no-spelling", "candidates-only", "model-pass",
                                         "margins", "version", NULL };
static const char *const load_bench_opts[] = { "version", NULL };

static void
check_program (const Program *p)
{
  g_autofree char *name = g_path_get_basename (p->exe);
  CliResult r;
  const char *version[] = { "--version", NULL };
  g_autofree char *want_version = g_strdup_printf ("%s ", name);
  tap_ok (cli_run (p->exe, version, no_bus, NULL, &r) && r.status == 0 && g_str_has_prefix (r.out, want_version),
          "%s --version prints its name and version, status 0 (%d)", name, r.status);
  cli_result_clear (&r);
  const char *help[] = { "--help", NULL };
  gboolean ran = cli_run (p->exe, help, no_bus, NULL, &r);
  guint missing = 0;
  for (guint i = 0; ran && p->options[i]; i++) {
    g_autofree char *opt = g_strdup_printf ("--%s", p->options[i]);
    if (strstr (r.out, opt) == NULL) {
      tap_diag ("%s --help lacks %s", name, opt);
      missing++;
    }
  }
  tap_ok (ran && r.status == 0 && missing == 0, "%s --help lists every option, status 0", name);
  cli_result_clear (&r);
  const char *bad[] = { "--no-such-option", NULL };
  tap_ok (cli_run (p->exe, bad, no_bus, NULL, &r) && r.status == 2 && strstr (r.err, "--help"),
          "%s: an unknown option is a usage error, status 2 (%d), pointing at --help", name, r.status);
  cli_result_clear (&r);
}

static void
check_draft_commands (void)
{
  static const struct {
    const char *command, *option;
  } cmds[] = { { "correct", "--json" }, { "rewrite", "--instruction" }, { "complete", "--temperature" },
               { "chat", "--conversation" }, { "status", "--json" } };
  CliResult r;
  for (guint i = 0; i < G_N_ELEMENTS (cmds); i++) {
    const char *args[] = { cmds[i].command, "--help", NULL };
    tap_ok (cli_run ("client/draft", args, no_bus, NULL, &r) && r.status == 0 && strstr (r.out, cmds[i].option) &&
            strstr (r.out, "Usage"), "draft %s --help works without a bus and lists %s", cmds[i].command, cmds[i].option);
    cli_result_clear (&r);
  }
  const char *sampling[] = { "complete", "--help", NULL };
  cli_run ("client/draft", sampling, no_bus, NULL, &r);
  const char *want[] = { "--temperature", "--top-p", "--top-k", "--min-p", "--seed", "--stop", "--max-tokens", NULL };
  gboolean all = r.status == 0;
  for (guint i = 0; want[i]; i++)
    all &= strstr (r.out, want[i]) != NULL;
  tap_ok (all, "draft complete takes every sampling option");
  cli_result_clear (&r);

  static const struct {
    const char *args[5];
    const char *why;
  } usage[] = {
    { { "complete", "-n", "0", "hello", NULL }, "-n 0" },
    { { "chat", "--temperature", "-1", "hi", NULL }, "a negative temperature" },
    { { "chat", "--top-p", "1.5", "hi", NULL }, "--top-p above 1" },
    { { "correct", "--color=sometimes", NULL }, "an unknown --color" },
    { { "rewrite", "file.txt", NULL }, "rewrite without -i" },
    { { "status", "extra", NULL }, "status with an argument" },
    { { "frobnicate", NULL }, "an unknown command" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (usage); i++) {
    tap_ok (cli_run ("client/draft", usage[i].args, no_bus, NULL, &r) && r.status == 2 && *r.err,
            "draft: %s is a usage error, status 2 (%d), before any bus is needed", usage[i].why, r.status);
    cli_result_clear (&r);
  }
  /* A real command without a bus fails (1) with advice, not a usage error. */
  const char *status[] = { "status", NULL };
  tap_ok (cli_run ("client/draft", status, no_bus, NULL, &r) && r.status == 1 && strstr (r.err, "dbus-run-session"),
          "draft status without a bus: status 1 and advice (%d)", r.status);
  cli_result_clear (&r);
}

/* Input that is not text is refused before any bus, and a NUL byte is named as one (it was
 * reported as "not valid UTF-8"), with its offset and line. */
static void
check_input_not_text (void)
{
  static const char nul[] = "Hello there.\nA second\0line.\n";
  g_autofree char *nul_file = g_build_filename (test_tmpdir (), "nul.txt", NULL);
  g_autofree char *latin_file = g_build_filename (test_tmpdir (), "latin.txt", NULL);
  g_file_set_contents (nul_file, nul, sizeof nul - 1, NULL);
  g_file_set_contents (latin_file, "Hello\ncaf\xe9 au lait.\n", -1, NULL);
  CliResult r;
  const char *nul_args[] = { "correct", nul_file, NULL };
  gboolean ran = cli_run ("client/draft", nul_args, no_bus, NULL, &r);
  tap_ok (ran && r.status == 1 && strstr (r.err, "holds a NUL byte at offset 21 (line 2)") && !strstr (r.err, "UTF-8"),
          "a NUL byte in draft correct's input is named as one, with its offset: %s", r.err);
  cli_result_clear (&r);
  const char *latin_args[] = { "correct", latin_file, NULL };
  ran = cli_run ("client/draft", latin_args, no_bus, NULL, &r);
  tap_ok (ran && r.status == 1 && strstr (r.err, "not valid UTF-8 text at offset 9 (line 2, byte 0xe9)"),
          "Latin-1 input is invalid UTF-8, placed by offset and line: %s", r.err);
  cli_result_clear (&r);
}

int
main (void)
{
  const Program programs[] = {
    { "client/draft", draft_opts },
    { "tools/draftd-run", run_opts },
    { "tools/draftd-bench", bench_opts },
    { "tools/draftd-convert", convert_opts },
    { "tools/draftd-tokenize", tokenize_opts },
    { "daemon/draftd", daemon_opts },
    { "client/lsp/draftd-lsp", lsp_opts },
    { "tools/draftd-grammar-eval", eval_opts },
    { "tools/dbus-load-bench", load_bench_opts },
  };
  for (guint i = 0; i < G_N_ELEMENTS (programs); i++)
    check_program (&programs[i]);
  check_draft_commands ();
  check_input_not_text ();
  CliResult r;
  const char *draft_help[] = { "--help", NULL };
  cli_run ("client/draft", draft_help, no_bus, NULL, &r);
  tap_ok (r.status == 0 && strstr (r.out, "pull NAME | REPO/FILE.gguf | --list") && strstr (r.out, "formal, concise"),
          "draft --help lists pull --list and names the rewrite presets");
  cli_result_clear (&r);
  const char *bench_help[] = { "--help", NULL };
  cli_run ("tools/draftd-bench", bench_help, no_bus, NULL, &r);
  tap_ok (r.status == 0 && strstr (r.out, "correct") && strstr (r.out, "forward") && strstr (r.out, "decode") &&
              strstr (r.out, "  device "),
          "draftd-bench --help names its device, forward, decode and correct suites");
  cli_result_clear (&r);
  const char *missing_model[] = { "-p", "x", NULL };
  tap_ok (cli_run ("tools/draftd-run", missing_model, no_bus, NULL, &r) && r.status == 2,
          "draftd-run without -m is a usage error, status 2");
  cli_result_clear (&r);
  const char *no_file[] = { "-m", "/nonexistent/model.gguf", "--info", NULL };
  tap_ok (cli_run ("tools/draftd-run", no_file, no_bus, NULL, &r) && r.status == 1,
          "draftd-run on a missing file fails, status 1");
  cli_result_clear (&r);
  return tap_done ();
}
