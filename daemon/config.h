/* draftd's settings: the command line first, then the config file for what it left unset.
 * The file is parsed strictly: an unknown section or key, a value of the wrong type or out
 * of range is an error naming file:line. Paths may start with ~ (the home directory). */
#pragma once
#include <glib.h>

#define DRAFTD_UNSET (-1)

typedef struct {
  char *target, *assistant, *device, *chat_format;
  /* DRAFTD_UNSET until the command line or the file sets them. */
  gint n_ctx, lanes, queue_depth, client_queue_depth, idle_unload, job_timeout, lazy;
  gint64 max_text_bytes;
  double keep_bias;   /* corrections' keep margin (command line only); 0: the grammar's default */
  char **disabled_rules; /* rule ids and families no correction reports (comma-separated in the file) */
  char *dialect;         /* corrections' dialect when a request names none ("en-GB"; "" from `none`); NULL: unset */
  GHashTable *origins;   /* key name -> "FILE:LINE" of each setting the file gave; NULL: none */
} DraftdSettings;

void draftd_settings_init (DraftdSettings *s);
void draftd_settings_clear (DraftdSettings *s);
/* Fills unset settings from the file at `path`; a missing file is an error only when `required`. */
gboolean draftd_settings_read_file (DraftdSettings *s, const char *path, gboolean required, GError **error);
/* "FILE:LINE" where the file set `key` (a name of draftd.conf), or NULL: the command line or
 * the default gave it. What is wrong with a value only found at start (a dialect without a
 * dictionary, a model that does not load) is told at that line too. */
const char *draftd_settings_origin (const DraftdSettings *s, const char *key);
/* Checks values given on the command line against the same ranges as the file's. */
gboolean draftd_settings_check (const DraftdSettings *s, GError **error);
/* "~" or "~/..." -> the home directory; anything else unchanged. */
char *draftd_expand_home (const char *path);
/* Sets target= and assistant= (NULL: none) in [draftd] of the config file at `path`, every
 * other line kept; creates the file (and its directory) when there is none. A path that would
 * not read back bare is written in double quotes with escapes, so any path reads back exactly. */
gboolean draftd_config_record_models (const char *path, const char *target, const char *assistant, GError **error);
