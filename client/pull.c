/* draft pull: one GGUF from the Hub into the models directory. The file grows as FILE.part
 * (kept on Ctrl-C or a dropped connection, so the next pull resumes it), is checked against
 * the Hub's SHA-256 and only then renamed into place: a FILE.gguf there is always whole. */
#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>
#include "client/client.h"
#include "client/hub/catalogue.h"
#include "client/hub/hub.h"
#include "client/models.h"
#include "lib/cli/cli.h"

char *
draft_models_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "draftd", "models", NULL);
}

typedef struct {
  char *repo, *file;    /* file: its path in the repository */
  char *dest, *part, *lock;
  const char *shown;    /* the name the user gave */
} Pull;

static void
pull_clear (Pull *p)
{
  g_free (p->repo);
  g_free (p->file);
  g_free (p->dest);
  g_free (p->part);
  g_free (p->lock);
}

static gboolean
valid_segment (const char *s)
{
  if (*s == 0 || g_str_equal (s, ".") || g_str_equal (s, ".."))
    return FALSE;
  for (; *s; s++)
    if (!g_ascii_isalnum (*s) && !strchr ("._-", *s))
      return FALSE;
  return TRUE;
}

/* The local name of REPO's FILE: a catalogue model's is its file's own name (the catalogue
 * holds one file of each name); any other repository's file is prefixed with the repository
 * (OWNER--REPO--FILE.gguf), so two repositories' files of one name never land on one name. */
static char *
local_name (const char *repo, const char *file)
{
  g_autofree char *base = g_path_get_basename (file);
  guint n;
  const DraftCatalogueEntry *e = draft_catalogue (&n);
  for (guint i = 0; i < n; i++)
    if (g_str_equal (e[i].repo, repo) && g_str_equal (e[i].file, file))
      return g_steal_pointer (&base);
  g_auto (GStrv) owner_repo = g_strsplit (repo, "/", 2);
  return g_strjoin ("--", owner_repo[0], owner_repo[1], base, NULL);
}

/* NAME from the catalogue, or OWNER/REPO/PATH.gguf; FALSE when it is neither. */
static gboolean
pull_resolve (Pull *p, const char *name, const char *dir)
{
  const DraftCatalogueEntry *e = draft_catalogue_find (name);
  g_auto (GStrv) parts = g_strsplit (name, "/", -1);
  if (e) {
    p->repo = g_strdup (e->repo);
    p->file = g_strdup (e->file);
  } else {
    guint n = g_strv_length (parts);
    g_autofree char *last = n ? g_ascii_strdown (parts[n - 1], -1) : NULL;
    if (n < 3 || !g_str_has_suffix (last, ".gguf"))
      return FALSE;
    for (guint i = 0; i < n; i++)
      if (!valid_segment (parts[i]))
        return FALSE;
    p->repo = g_strdup_printf ("%s/%s", parts[0], parts[1]);
    p->file = g_strjoinv ("/", parts + 2);
  }
  g_autofree char *base = local_name (p->repo, p->file);
  g_autofree char *lock = g_strdup_printf (".%s.lock", base);
  p->dest = g_build_filename (dir, base, NULL);
  p->part = g_strdup_printf ("%s.part", p->dest);
  p->lock = g_build_filename (dir, lock, NULL);
  return TRUE;
}

/* ---- progress ---- */

typedef struct {
  const char *file;
  gboolean tty;
  gint64 t0, last;
  guint64 start;        /* bytes on disk when this pull began */
  int decile;           /* plain lines: the last tenth reported */
  gboolean drawn_full;  /* a terminal has been shown 100% */
} Progress;

static char *
format_eta (double secs)
{
  guint s = (guint) (secs + 0.5);
  return s < 60 ? g_strdup_printf ("%u s", s) : s < 3600 ? g_strdup_printf ("%u min %02u s", s / 60, s % 60)
                                                         : g_strdup_printf ("%u h %02u min", s / 3600, s / 60 % 60);
}

static void
print_bar (Progress *p, guint64 have, guint64 total, gint64 now)
{
  double secs = (now - p->t0) / 1e6;
  double rate = secs > 0.2 ? (have - p->start) / secs : 0;
  int pct = total ? (int) (have * 100 / total) : 100;
  char bar[31];
  int fill = pct * 30 / 100;
  memset (bar, '=', fill);
  memset (bar + fill, ' ', 30 - fill);
  bar[30] = 0;
  g_autofree char *h = g_format_size (have), *t = g_format_size (total), *r = g_format_size ((guint64) rate);
  g_autofree char *eta = rate > 0 ? format_eta ((total - have) / rate) : g_strdup ("--");
  fprintf (stderr, "\r%3d%% [%s] %s / %s  %s/s  ETA %s\033[K", pct, bar, h, t, r, eta);
  fflush (stderr);
}

/* A terminal gets a bar redrawn a few times a second; a pipe or a log gets a line per tenth. */
static gboolean
on_progress (guint64 have, guint64 total, gpointer user)
{
  Progress *p = user;
  if (draft_interrupted)
    return FALSE;
  gint64 now = g_get_monotonic_time ();
  if (p->tty) {
    if ((now - p->last >= 200000 && have < total) || (have >= total && !p->drawn_full)) {
      p->last = now;
      p->drawn_full = have >= total;
      print_bar (p, have, total, now);
    }
    return TRUE;
  }
  int decile = total ? (int) (have * 10 / total) : 10;
  if (decile > p->decile) {
    p->decile = decile;
    g_autofree char *h = g_format_size (have), *t = g_format_size (total);
    fprintf (stderr, "draft: %s: %d%% (%s of %s)\n", p->file, decile * 10, h, t);
  }
  return TRUE;
}

/* ---- steps ---- */

/* The lock is ours while the file under its name is the one we locked: the pull that held
 * it before removes it on its way out (release_lock), so a waiter that locked a removed file
 * opens the name again. */
static gboolean
lock_is_current (const Pull *p, int fd)
{
  GStatBuf named;
  struct stat held;
  return fstat (fd, &held) == 0 && g_stat (p->lock, &named) == 0 && held.st_dev == named.st_dev &&
         held.st_ino == named.st_ino;
}

/* Two pulls of one file: the second waits for the first, then finds the file there. */
static int
take_lock (const Pull *p, GError **error)
{
  gboolean said = FALSE;
  for (;;) {
    int fd = g_open (p->lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
      int e = errno;
      g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_IO, "cannot create %s: %s", p->lock, g_strerror (e));
      return -1;
    }
    if (flock (fd, LOCK_EX | LOCK_NB) != 0) {
      if (!said)
        fprintf (stderr, "draft: another draft pull is fetching %s; waiting for it\n", p->shown);
      said = TRUE;
      while (flock (fd, LOCK_EX) != 0) {
        if (errno != EINTR || draft_interrupted) {
          g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_CANCELLED, "interrupted while waiting for the other pull");
          close (fd);
          return -1;
        }
      }
    }
    if (lock_is_current (p, fd))
      return fd;
    close (fd);
  }
}

/* Removes the lock file while still holding it: a pull leaves no .FILE.gguf.lock behind. */
static void
release_lock (const Pull *p, int fd)
{
  g_unlink (p->lock);
  close (fd);
}

static guint64
file_size (const char *path)
{
  GStatBuf st;
  return g_stat (path, &st) == 0 ? (guint64) st.st_size : 0;
}

static gboolean
check_space (const Pull *p, const char *dir, guint64 need, GError **error)
{
  struct statvfs vfs;
  if (statvfs (dir, &vfs) != 0)
    return TRUE;  /* unknown: the writes will say */
  guint64 avail = (guint64) vfs.f_bavail * vfs.f_frsize;
  if (avail >= need)
    return TRUE;
  g_autofree char *n = g_format_size (need), *a = g_format_size (avail);
  g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_NO_SPACE, "not enough disk space for %s: it needs %s more, %s is "
               "free in %s", p->shown, n, a, dir);
  return FALSE;
}

/* The file on disk has the Hub's contents: TRUE. A mismatch deletes it. */
static gboolean
verify (const char *path, const char *shown, const DraftHubFileInfo *info, GError **error)
{
  g_autofree char *sum = draft_hub_sha256_file (path, error);
  if (sum == NULL)
    return FALSE;
  if (g_str_equal (sum, info->sha256))
    return TRUE;
  g_unlink (path);
  g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_CHECKSUM, "checksum mismatch for %s (SHA-256 %.12s..., the Hub "
               "says %.12s...): the download was deleted; run draft pull again", shown, sum, info->sha256);
  return FALSE;
}

static gboolean
download (const Pull *p, const char *dir, const DraftHubFileInfo *info, GError **error)
{
  guint64 have = file_size (p->part);
  if (have > info->size) {
    g_unlink (p->part);  /* a part of some other revision: it cannot be resumed */
    have = 0;
  }
  if (!check_space (p, dir, info->size - have, error))
    return FALSE;
  if (have > 0) {
    g_autofree char *h = g_format_size (have);
    fprintf (stderr, "draft: resuming %s from %s\n", p->shown, h);
  }
  Progress prog = { p->shown, isatty (STDERR_FILENO), g_get_monotonic_time (), 0, have, (int) (have * 10 / info->size), FALSE };
  gboolean ok = draft_hub_fetch (p->repo, p->file, info, p->part, on_progress, &prog, error);
  if (prog.tty)
    fputc ('\n', stderr);
  /* Refused before a byte came (401, 404): nothing to resume. More bytes than the metadata
   * gives: what came is not the file, and is not kept to be resumed. */
  if (!ok && (file_size (p->part) == 0 || g_error_matches (*error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_TOO_LONG)))
    g_unlink (p->part);
  if (!ok)
    return FALSE;
  if (!verify (p->part, p->shown, info, error))
    return FALSE;
  if (g_rename (p->part, p->dest) != 0) {
    int e = errno;
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_IO, "cannot rename %s: %s", p->part, g_strerror (e));
    return FALSE;
  }
  return TRUE;
}

/* What to do with a named model once it is here. */
static void
print_next_step (const char *name)
{
  const DraftCatalogueEntry *e = draft_catalogue_find (name);
  if (e && g_str_equal (e->role, "target") && e->pair)
    printf ("run it: draft use %s (with its assistant once pulled: draft pull %s)\n", e->name, e->pair);
  else if (e && g_str_equal (e->role, "target"))
    printf ("run it: draft use %s\n", e->name);
  else if (e && e->pair)
    printf ("it assists %s: draft pull %s, then draft use %s\n", e->pair, e->pair, e->pair);
}

static gboolean
pull (const Pull *p, const char *dir, GError **error)
{
  if (g_mkdir_with_parents (dir, 0755) != 0) {
    int e = errno;
    g_set_error (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_IO, "cannot create %s: %s", dir, g_strerror (e));
    return FALSE;
  }
  int fd = take_lock (p, error);
  if (fd < 0)
    return FALSE;
  DraftHubFileInfo info;
  gboolean ok = draft_hub_file_info (p->repo, p->file, &info, error);
  /* A file there that differs (another revision, or damaged) stays until its replacement
   * has arrived whole. */
  g_autofree char *sum = ok && file_size (p->dest) == info.size ? draft_hub_sha256_file (p->dest, NULL) : NULL;
  if (sum && g_str_equal (sum, info.sha256)) {
    printf ("%s is up to date: %s\n", p->shown, p->dest);
    release_lock (p, fd);
    return TRUE;
  }
  if (ok && (ok = download (p, dir, &info, error))) {
    g_autofree char *size = g_format_size (info.size);
    printf ("pulled %s (%s, SHA-256 verified): %s\n", p->shown, size, p->dest);
    print_next_step (p->shown);
  }
  release_lock (p, fd);
  return ok;
}

static void
print_catalogue (void)
{
  guint n;
  const DraftCatalogueEntry *e = draft_catalogue (&n);
  printf ("%-16s %-9s %-16s %8s  %-14s %s\n", "NAME", "ROLE", "PAIRS WITH", "SIZE", "LICENCE", "HUB FILE");
  for (guint i = 0; i < n; i++)
    printf ("%-16s %-9s %-16s %5u MB  %-14s %s/%s\n", e[i].name, e[i].role, e[i].pair ? e[i].pair : "-", e[i].size_mb,
            e[i].licence, e[i].repo, e[i].file);
}

static volatile sig_atomic_t stop_signal;

static void
on_stop_signal (int sig)
{
  stop_signal = sig;
  draft_interrupted++;
}

/* SIGTERM and SIGHUP (a service manager, a closed terminal) end a pull as Ctrl-C does: the
 * transfer stops, the lock is released and removed, what arrived is kept to resume. No
 * SA_RESTART: a wait for another pull's lock returns EINTR. */
static void
catch_stop_signals (void)
{
  struct sigaction sa = { .sa_handler = on_stop_signal };
  sigemptyset (&sa.sa_mask);
  sigaction (SIGTERM, &sa, NULL);
  sigaction (SIGHUP, &sa, NULL);
}

/* What an error means for the exit status: Ctrl-C is 130, as for every draft command, and
 * another signal 128 + its number. */
static int
report (const Pull *p, const GError *error)
{
  if (g_error_matches (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_CANCELLED)) {
    g_autofree char *h = g_format_size (file_size (p->part));
    const char *how = stop_signal == SIGTERM ? "stopped by SIGTERM" : stop_signal == SIGHUP ? "stopped by SIGHUP" : "interrupted";
    if (file_size (p->part) > 0)
      fprintf (stderr, "draft: %s; the %s so far are kept: `draft pull %s` resumes\n", how, h, p->shown);
    else
      fprintf (stderr, "draft: %s\n", how);
    return stop_signal ? 128 + stop_signal : DRAFT_EXIT_INTERRUPTED;
  }
  /* A stall can come in the metadata's request too: "kept" only where a part is there. */
  if ((g_error_matches (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_DROPPED) ||
       g_error_matches (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_STALLED) ||
       g_error_matches (error, DRAFT_HUB_ERROR, DRAFT_HUB_ERROR_TOO_SLOW)) && file_size (p->part) > 0)
    fprintf (stderr, "draft: %s; what arrived is kept: `draft pull %s` resumes\n", error->message, p->shown);
  else
    fprintf (stderr, "draft: %s\n", error->message);
  return DRAFTD_CLI_EXIT_FAILURE;
}

int
draft_cmd_pull (int argc, char **argv)
{
  gboolean list = FALSE;
  GOptionEntry entries[] = {
    { "list", 'l', 0, G_OPTION_ARG_NONE, &list, "list the models known by name", NULL },
    G_OPTION_ENTRY_NULL,
  };
  int status;
  if (!draft_parse_command ("pull", "NAME | REPO/FILE.gguf",
                            "Download a model from the Hugging Face Hub into $XDG_DATA_HOME/draftd/models,\n"
                            "checked against the Hub's SHA-256. Ctrl-C keeps what arrived; pulling again resumes.\n"
                            "HF_TOKEN: an access token for gated models; DRAFTD_HUB_URL or HF_ENDPOINT: another Hub.",
                            entries, &argc, &argv, &status))
    return status;
  if (list) {
    print_catalogue ();
    return DRAFTD_CLI_EXIT_OK;
  }
  if (argc != 2)
    return draftd_cli_usage_error ("draft pull", "give one model: a name from `draft pull --list`, or REPO/FILE.gguf");
  g_autofree char *dir = draft_models_dir ();
  Pull p = { .shown = argv[1] };
  if (!pull_resolve (&p, argv[1], dir)) {
    pull_clear (&p);
    return draftd_cli_usage_error ("draft pull", "'%s' is neither a name from `draft pull --list` nor REPO/FILE.gguf",
                                   argv[1]);
  }
  g_autoptr (GError) error = NULL;
  curl_global_init (CURL_GLOBAL_DEFAULT);
  draft_hub_set_interrupt (&draft_interrupted);
  catch_stop_signals ();
  status = pull (&p, dir, &error) ? DRAFTD_CLI_EXIT_OK : report (&p, error);
  curl_global_cleanup ();
  pull_clear (&p);
  return status;
}
