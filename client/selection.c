/* draft correct --selection: the primary selection (the text last selected anywhere on the
 * desktop) is corrected onto the clipboard, and a desktop notification says what changed.
 * Through the desktop's own tools: wl-paste/wl-copy on Wayland, xclip or xsel on X11,
 * notify-send (without it, stderr). */
#include <stdio.h>
#include <string.h>
#include "client/client.h"
#include "lib/cli/cli.h"

typedef struct {
  const char *const *read, *const *write;
} SelectionTool;

static const char *const wl_read[] = { "wl-paste", "--primary", "--no-newline", NULL };
static const char *const wl_write[] = { "wl-copy", NULL };
static const char *const xclip_read[] = { "xclip", "-o", "-selection", "primary", NULL };
static const char *const xclip_write[] = { "xclip", "-i", "-selection", "clipboard", NULL };
static const char *const xsel_read[] = { "xsel", "-p", "-o", NULL };
static const char *const xsel_write[] = { "xsel", "-b", "-i", NULL };

/* Wayland's tools where a Wayland session runs, else the first X11 tool installed. */
static gboolean
pick_tool (SelectionTool *t, GError **error)
{
  static const SelectionTool tools[] = { { wl_read, wl_write }, { xclip_read, xclip_write }, { xsel_read, xsel_write } };
  for (guint i = g_getenv ("WAYLAND_DISPLAY") ? 0 : 1; i < G_N_ELEMENTS (tools); i++) {
    g_autofree char *found = g_find_program_in_path (tools[i].read[0]);
    if (found) {
      *t = tools[i];
      return TRUE;
    }
  }
  g_set_error (error, G_SPAWN_ERROR, G_SPAWN_ERROR_NOENT,
               "--selection needs wl-clipboard (Wayland) or xclip or xsel (X11): none is installed");
  return FALSE;
}

/* Runs argv with `in` on its stdin (NULL: none); its stdout, or NULL with the reason. The
 * clipboard writers fork a server that keeps the selection and inherits their output: that
 * goes nowhere, or the wait would last as long as the server. */
static char *
run_tool (const char *const *argv, const char *in, gboolean want_out, GError **error)
{
  GSubprocessFlags out_flags = want_out ? G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE
                                        : G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_SILENCE;
  g_autoptr (GSubprocess) p = g_subprocess_newv (argv, (in ? G_SUBPROCESS_FLAGS_STDIN_PIPE : 0) | out_flags, error);
  g_autofree char *out = NULL, *err = NULL;
  if (p == NULL || !g_subprocess_communicate_utf8 (p, in, NULL, want_out ? &out : NULL, want_out ? &err : NULL, error))
    return NULL;
  if (!g_subprocess_get_successful (p)) {
    g_set_error (error, G_SPAWN_ERROR, G_SPAWN_ERROR_FAILED, "%s failed: %s", argv[0], err && *err ? g_strstrip (err) : "no reason given");
    return NULL;
  }
  return want_out ? g_steal_pointer (&out) : g_strdup ("");
}

/* "old → new" for each edit, in order: what the notification says. */
static char *
describe_edits (const char *text, GArray *edits)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < edits->len; i++) {
    const DraftEdit *e = &g_array_index (edits, DraftEdit, i);
    const char *start = g_utf8_offset_to_pointer (text, e->offset);
    const char *end = g_utf8_offset_to_pointer (start, e->length);
    g_string_append_printf (s, "%s%.*s → %s", s->len ? "; " : "", (int) (end - start), start, e->replacement);
  }
  return g_string_free (s, FALSE);
}

/* The notification, or stderr where notify-send is missing or fails (no notification daemon). */
static void
tell (const char *summary, const char *body)
{
  const char *argv[] = { "notify-send", "--app-name=draft", summary, body, NULL };
  g_autofree char *found = g_find_program_in_path ("notify-send");
  g_autoptr (GError) error = NULL;
  g_autofree char *done = found ? run_tool (argv, NULL, FALSE, &error) : NULL;
  if (done == NULL)
    g_printerr ("draft: %s%s%s\n", summary, *body ? ": " : "", body);
}

int
draft_correct_selection (const char *dialect, char **disabled_rules)
{
  SelectionTool t;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = pick_tool (&t, &error) ? run_tool (t.read, NULL, TRUE, &error) : NULL;
  if (text == NULL || !*g_strstrip (text)) {
    g_printerr ("draft: %s\n", text ? "the primary selection is empty: select some text first" : error->message);
    return DRAFTD_CLI_EXIT_FAILURE;
  }
  DraftJob j;
  draft_job_init (&j, DRAFTD_BUS_CORRECT);
  j.text = text;
  j.dialect = dialect;
  j.disabled_rules = disabled_rules;
  gboolean ok = draft_job_run (&j);
  int status = j.cancelled ? DRAFT_EXIT_INTERRUPTED : ok ? DRAFTD_CLI_EXIT_OK : DRAFTD_CLI_EXIT_FAILURE;
  if (ok) {
    g_autofree char *copied = run_tool (t.write, j.result->str, FALSE, &error);
    g_autofree char *changes = describe_edits (text, j.edits);
    g_autofree char *summary = copied == NULL ? NULL
                               : j.edits->len == 0 ? g_strdup ("nothing to correct; the text is on the clipboard")
                               : g_strdup_printf ("%u correction%s; the corrected text is on the clipboard", j.edits->len,
                                                  j.edits->len == 1 ? "" : "s");
    if (copied)
      tell (summary, changes);
    else
      g_printerr ("draft: %s\n", error->message);
    status = copied ? status : DRAFTD_CLI_EXIT_FAILURE;
  }
  draft_job_clear (&j);
  return status;
}
