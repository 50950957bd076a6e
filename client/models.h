/* Getting models and choosing them:
 *   pull.c     draft pull: a catalogue name or REPO/FILE.gguf from the Hub into the models directory */
#pragma once
#include <glib.h>

int draft_cmd_pull (int argc, char **argv);

/* $XDG_DATA_HOME/draftd/models: where pulled models go. */
char *draft_models_dir (void);
