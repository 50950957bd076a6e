#include "client/hub/catalogue.h"
#include <stdlib.h>
#include "catalogue-tsv.h"

/* The table is data (catalogue.tsv, embedded at build time), read once; its format is
 * checked by the tests that pull from it, so a malformed row is a build-time mistake. */
static GArray *
load (void)
{
  static GArray *entries;
  if (entries)
    return entries;
  entries = g_array_new (FALSE, TRUE, sizeof (DraftCatalogueEntry));
  g_auto (GStrv) lines = g_strsplit (draft_catalogue_tsv, "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    if (lines[i][0] == '#' || lines[i][0] == 0)
      continue;
    char **f = g_strsplit (lines[i], "\t", -1);
    if (g_strv_length (f) != 7) {
      g_strfreev (f);
      continue;
    }
    /* The entry keeps the fields for the program's life; the vector and the rest go. */
    DraftCatalogueEntry e = { f[0], f[1], f[2], f[3], g_str_equal (f[4], "-") ? NULL : f[4], f[5], (guint) atoi (f[6]) };
    if (e.pair == NULL)
      g_free (f[4]);
    g_free (f[6]);
    g_free (f);
    g_array_append_val (entries, e);
  }
  return entries;
}

const DraftCatalogueEntry *
draft_catalogue (guint *n)
{
  GArray *a = load ();
  *n = a->len;
  return (const DraftCatalogueEntry *) a->data;
}

const DraftCatalogueEntry *
draft_catalogue_find (const char *name)
{
  guint n;
  const DraftCatalogueEntry *e = draft_catalogue (&n);
  for (guint i = 0; i < n; i++)
    if (g_ascii_strcasecmp (e[i].name, name) == 0)
      return &e[i];
  return NULL;
}

const DraftCatalogueEntry *
draft_catalogue_find_file (const char *file)
{
  guint n;
  const DraftCatalogueEntry *e = draft_catalogue (&n);
  for (guint i = 0; i < n; i++)
    if (g_str_equal (e[i].file, file))
      return &e[i];
  return NULL;
}
