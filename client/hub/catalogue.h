/* The models `draft pull NAME` knows by name (catalogue.tsv): a Hub repository and file
 * each, with its role, the target an assistant is meant for (or the assistant a target is
 * meant with), its licence and its size as published. Any other GGUF on the Hub is pulled
 * as REPO/FILE.gguf. */
#pragma once
#include <glib.h>

typedef struct {
  const char *name;       /* what `draft pull` takes: family-size[-quant] */
  const char *repo, *file;
  const char *role;       /* "target" or "assistant" */
  const char *pair;       /* the catalogue name of its partner, or NULL */
  const char *licence;
  guint size_mb;          /* as published; the Hub's metadata gives the exact size */
} DraftCatalogueEntry;

const DraftCatalogueEntry *draft_catalogue (guint *n);
const DraftCatalogueEntry *draft_catalogue_find (const char *name);
/* The entry whose file is `file` (a name on disk), or NULL. */
const DraftCatalogueEntry *draft_catalogue_find_file (const char *file);
