/* draft, the terminal client of draftd: what its parts share.
 *   bus.c      the connection (lib/bus/client.h), errors with advice, properties, D-Bus values as JSON
 *   job.c      streamed jobs as a terminal shows them: progress, streamed text, Ctrl-C cancels
 *   render.c   corrected text, word diffs, JSON documents and tables on stdout
 *   commands.c the one-shot commands: correct, rewrite, complete, chat, status, rules
 *   doctor.c   draft doctor: what draftd needs, each check OK or what to do
 *   repl.c     the chat REPL
 *   draft.c    main: locale, global options, dispatch */
#pragma once
#include <glib.h>
#include "lib/bus/client.h"
#include "lib/bus/draftd-bus-methods.h"
#include <json-glib/json-glib.h>
#include <signal.h>

#define DRAFT_EXIT_INTERRUPTED 130 /* 128 + SIGINT, as shells report it */

/* ---- bus.c ---- */

/* Where to connect (NULL: the session bus); the connection opens on first use, so that
 * --help and usage errors never need a bus. */
void draft_bus_set_address (const char *address);
/* The --address given, or NULL for the session bus. */
const char *draft_bus_address (void);
/* The connection (run by hand: draftd_bus_dispatch), or NULL with the reason printed. */
DraftdBus *draft_bus (void);
/* The same, saying nothing when there is no bus (draft doctor reports it its own way). */
DraftdBus *draft_bus_quiet (void);
void draft_bus_close (void);
/* Prints a D-Bus error; a daemon that is not running gets advice on how to start it. */
void draft_bus_print_error (const GError *error);
/* Sends a call (taking it) and waits for its reply; NULL with the error printed. */
DBusMessage *draft_bus_call (DBusMessage *m, int timeout_ms);
/* A property of org.draftd.Assistant1 as JSON, or NULL with the error printed. */
JsonNode *draft_bus_get_property (const char *name);
JsonObject *draft_bus_models_quiet (void);
char *draft_bus_model_limits (void);
gboolean draft_bus_reset_conversation (const char *conversation);
/* Adds a word to the user's personal word list (AddWord). */
gboolean draft_bus_add_word (const char *word);
/* A D-Bus value (basic, variant, a{sv}, array) as JSON. */
JsonNode *draft_bus_value_to_json (DBusMessageIter *it);

/* ---- job.c ---- */

typedef struct {
  guint32 offset, length;       /* in code points of the text sent */
  char *replacement, *kind;
  char *message;                /* NULL where the daemon sent none */
  char *rule;                   /* the rule id; NULL where the daemon sent none */
} DraftEdit;

/* Sampling options of complete/chat; unset ones are not sent (the daemon's defaults hold). */
typedef struct {
  gint max_tokens;              /* -1: unset */
  double temperature, top_p, min_p;   /* NAN: unset */
  gint top_k;                   /* -1: unset */
  gint64 seed;                  /* -1: unset */
  char **stop;
  gboolean force;               /* run on a model that cannot complete or chat (the daemon refuses otherwise) */
} DraftGenOptions;

typedef struct DraftJob DraftJob;
/* Called for each edit of a Correct/Rewrite job as it arrives. */
typedef void (*DraftEditFunc) (const DraftEdit *e, gpointer user);

struct DraftJob {
  /* request */
  const DraftdBusMethod *method; /* what it calls: its arguments and options are the row's */
  const char *text, *conversation, *instruction;
  gboolean shared;              /* chat: a named conversation the next run continues */
  char **disabled_rules;        /* correct/rewrite: rule ids and families to leave out (--disable) */
  const char *dialect;          /* correct: --dialect ("" none); NULL: the daemon's config, else the locale's */
  const char *path;             /* correct: the text's document, absolute (its workspace's words); NULL: none */
  const char *language;         /* correct: the language to check in ("uk", "auto"); NULL: not sent (auto) */
  const DraftGenOptions *gen;
  gboolean stream;              /* print Chunk text to stdout as it comes */
  DraftEditFunc on_edit;
  gpointer on_edit_data;
  /* results */
  GString *result;
  GArray *edits;                /* DraftEdit */
  JsonNode *stats;
  gboolean cancelled;
  gboolean invalid_argument;    /* the daemon refused an argument (InvalidArgument): a usage error */
};

void draft_job_init (DraftJob *j, DraftdBusMethodId method);
void draft_job_clear (DraftJob *j);
/* Runs the job to its end; SIGINT cancels it. FALSE when it failed (printed) or was
 * cancelled (j->cancelled). */
gboolean draft_job_run (DraftJob *j);
/* Set by the SIGINT handler; jobs and the REPL poll it. */
extern volatile sig_atomic_t draft_interrupted;
void draft_install_sigint (void);

/* ---- render.c ---- */

typedef enum { DRAFT_COLOR_AUTO, DRAFT_COLOR_ALWAYS, DRAFT_COLOR_NEVER } DraftColorMode;

gboolean draft_color_mode_from_name (const char *name, DraftColorMode *mode);
/* Whether stdout gets colour: --color, then NO_COLOR, TERM=dumb and whether it is a terminal. */
gboolean draft_use_color (DraftColorMode mode);

/* Prints a text with edits applied (or as a word diff) while the edits arrive in order. */
typedef struct {
  const char *text;             /* the source */
  const char *pos;              /* printed up to here */
  glong pos_cp;                 /* the same, in code points */
  gboolean diff, color;
  GPtrArray *notes;             /* messages to list under a diff */
} DraftRenderer;

void draft_renderer_init (DraftRenderer *r, const char *text, gboolean diff, gboolean color);
void draft_renderer_edit (const DraftEdit *e, gpointer renderer);
/* Prints the rest of the text and the edits' messages; frees what the renderer holds. */
void draft_renderer_finish (DraftRenderer *r, gboolean final_newline);

/* {"text", "edits": [{offset, length, replacement, kind, message}], "stats"} (+ "file"). */
JsonNode *draft_result_to_json (const char *file, const char *text, GArray *edits, JsonNode *stats);
/* Prints JSON on one line. */
void draft_print_json (JsonNode *node);
/* An object as an aligned two-column table; nested objects become "parent.key" rows. */
void draft_print_table (const char *title, JsonNode *node);

/* ---- commands.c ---- */

int draft_cmd_correct (int argc, char **argv);
int draft_cmd_rewrite (int argc, char **argv);
int draft_cmd_complete (int argc, char **argv);
int draft_cmd_chat (int argc, char **argv);
int draft_cmd_status (int argc, char **argv);
int draft_cmd_add_word (int argc, char **argv);
int draft_cmd_rules (int argc, char **argv);
/* ---- doctor.c ---- */
int draft_cmd_doctor (int argc, char **argv);
/* Parses a subcommand's options; prgname "draft NAME" makes --help say how to call it. */
gboolean draft_parse_command (const char *name, const char *params, const char *summary, const GOptionEntry *entries,
                              int *argc, char ***argv, int *status);
/* Reads a file ("-" or NULL: stdin) as UTF-8 text. */
char *draft_read_input (const char *file, GError **error);
/* draft correct --selection (selection.c): the exit status. */
int draft_correct_selection (const char *dialect, char **disabled_rules);

/* ---- repl.c ---- */

int draft_repl (void);
