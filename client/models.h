/* Getting models and choosing them:
 *   pull.c     draft pull: a catalogue name or REPO/FILE.gguf from the Hub into the models directory
 *   models.c   draft models: what that directory holds, what pairs, what the daemon runs
 *   use.c      draft use: the daemon switches to another pair (and the REPL's /model) */
#pragma once
#include <glib.h>

int draft_cmd_pull (int argc, char **argv);
int draft_cmd_models (int argc, char **argv);
int draft_cmd_use (int argc, char **argv);

/* $XDG_DATA_HOME/draftd/models: where pulled models go. */
char *draft_models_dir (void);
/* A model named as the user names it (a catalogue name, a file name in the models
 * directory, or a path) as an absolute path to an existing file; NULL with the reason. */
char *draft_models_resolve (const char *name, GError **error);

/* Asks the daemon to run `target` with `assistant` (NULL: the catalogue's partner of the
 * target where it is on disk, else none; "none": none); prints what happened. */
int draft_use (const char *target, const char *assistant);
