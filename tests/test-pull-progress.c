/* Issue 25: draft pull's progress on a terminal is one line redrawn in place (percent, a
 * bar, bytes of total, rate, ETA), ended by a newline; in a pipe it is plain lines (test-pull). */
#include <fcntl.h>
#include <pty.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/hub-fixture.h"
#include "tests/tap.h"

/* draft pull with stdout and stderr on a terminal; returns what it showed. */
static char *
pull_in_pty (HubFixture *f, int *status)
{
  g_autofree char *exe = g_build_filename (DRAFTD_BUILD_ROOT, "client", "draft", NULL);
  g_auto (GStrv) env = hub_fixture_env (f, NULL);
  int fd;
  pid_t pid = forkpty (&fd, NULL, NULL, NULL);
  if (pid == 0) {
    int in = open ("/dev/null", O_RDONLY);
    dup2 (in, STDIN_FILENO);
    execle (exe, exe, "pull", f->arg, (char *) NULL, env);
    _exit (127);
  }
  return cli_pty_collect (fd, pid, status);
}

static void
run (HubFixture *f)
{
  int status = -1;
  g_autofree char *shown = pull_in_pty (f, &status);
  guint redraws = 0;
  for (const char *p = shown; (p = strchr (p, '\r')); p++)
    redraws += p[1] != '\n';
  tap_ok (WIFEXITED (status) && WEXITSTATUS (status) == 0, "the pull succeeds on a terminal");
  tap_ok (redraws >= 2, "the progress line is redrawn in place (%u times)", redraws);
  tap_ok (strstr (shown, "100% [==============================]") && strstr (shown, "/s  ETA"),
          "it shows percent, a bar, the rate and the ETA");
  tap_ok (strstr (shown, "pulled ") != NULL && strstr (shown, "\033[K\r\n") != NULL, "and ends its line before the result");
  tap_ok (strstr (shown, "% (") == NULL, "and no plain progress lines");
  const char *full = strstr (shown, "100% [");
  tap_ok (full && strstr (full + 1, "100% [") == NULL, "100%% is drawn once");
  g_autofree char *escaped = g_strescape (shown, NULL);
  tap_diag ("%s", escaped);
}

int
main (void)
{
  /* Slow enough for several redraws (one every 200 ms). */
  return hub_fixture_main ((const char *[]) { "--mode", "slow", "--rate", "2000000", NULL }, run);
}
