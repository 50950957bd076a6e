/* The personal word list on disk (grammar/spell.c over lib/bus/draftd-bus-words.h): a full
 * disk leaves the list as it was and the next word goes on a line of its own (it used to
 * leave "enospc" without a newline, and the next add wrote "enospcnextword"); a list kept in
 * a dotfiles repository behind a symbolic link stays there; a list over the size limit or a
 * binary file is refused with its size and the limit or the NUL byte's line; lines that are
 * not text are named by number. The full disk is injected: this program's write() fails with
 * ENOSPC after a budget of bytes, as a filling disk's does (a short write, then the error). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "grammar/spell.h"
#include "lib/bus/draftd-bus-words.h"
#include "tests/tap.h"
#include "tests/test-util.h"

/* Bytes that writes to files (not stdin, stdout, stderr) may still put out; -1: no limit. */
static gssize write_budget = -1;
static guint writes_refused;

/* Interposes libc's write() for the whole process, GLib's g_file_set_contents included. */
ssize_t
write (int fd, const void *buf, size_t count)
{
  static ssize_t (*real) (int, const void *, size_t);
  if (real == NULL)
    real = (ssize_t (*) (int, const void *, size_t)) dlsym (RTLD_NEXT, "write");
  if (write_budget >= 0 && fd > 2) {
    if (write_budget == 0) {
      writes_refused++;
      errno = ENOSPC;
      return -1;
    }
    count = MIN (count, (size_t) write_budget);
    write_budget -= (gssize) count;
  }
  return real (fd, buf, count);
}

static char *
slurp (const char *path)
{
  char *text = NULL;
  return g_file_get_contents (path, &text, NULL, NULL) ? text : g_strdup ("(unreadable)");
}

static guint
files_in (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;
  while (d && g_dir_read_name (d))
    n++;
  return n;
}

static void
check_full_disk (void)
{
  g_autofree char *dir = g_build_filename (test_tmpdir (), "full", NULL);
  g_autofree char *path = g_build_filename (dir, "words.txt", NULL);
  g_autoptr (DraftdSpell) s = draftd_spell_new (path);
  g_autoptr (GError) error = NULL;
  tap_ok (draftd_spell_add_word (s, "alpha", &error) && g_file_test (path, G_FILE_TEST_EXISTS), "a first word makes the list");
  g_chmod (path, 0640);
  write_budget = 3; /* the disk fills three bytes into the write */
  gboolean added = draftd_spell_add_word (s, "enospcwordabcdef", &error);
  write_budget = -1;
  tap_ok (writes_refused > 0, "the injected full disk refused a write (%u)", writes_refused);
  tap_ok (!added && error && strstr (error->message, g_strerror (ENOSPC)), "the add fails naming the full disk: %s",
          error ? error->message : "(no error)");
  g_autofree char *after = slurp (path);
  g_autofree char *shown = g_strescape (after, NULL);
  tap_ok (g_str_equal (after, "alpha\n"), "the list is unchanged, no partial line: \"%s\"", shown);
  tap_ok (files_in (dir) == 1, "no temporary file is left beside it (%u files)", files_in (dir));
  tap_ok (!draftd_spell_is_personal (s, "enospcwordabcdef"), "the refused word is not kept in memory either");
  g_clear_error (&error);
  tap_ok (draftd_spell_add_word (s, "nextword", &error), "with space again, the next add works");
  g_autofree char *now = slurp (path);
  g_autofree char *now_shown = g_strescape (now, NULL);
  tap_ok (g_str_equal (now, "alpha\nnextword\n"), "on a line of its own: \"%s\"", now_shown);
  GStatBuf st = { 0 };
  g_stat (path, &st);
  tap_ok ((st.st_mode & 0777) == 0640, "the list keeps its mode (%o)", st.st_mode & 0777);
  g_autoptr (DraftdSpell) again = draftd_spell_new (path);
  tap_ok (draftd_spell_is_personal (again, "nextword") && draftd_spell_is_personal (again, "alpha") &&
              draftd_spell_personal_problem (again) == NULL,
          "a restart reads both words");
}

static void
check_symlink (void)
{
  g_autofree char *dotfiles = g_build_filename (test_tmpdir (), "dotfiles", NULL);
  g_autofree char *config = g_build_filename (test_tmpdir (), "config", "draftd", NULL);
  g_mkdir_with_parents (dotfiles, 0700);
  g_mkdir_with_parents (config, 0700);
  g_autofree char *real = g_build_filename (dotfiles, "words.txt", NULL);
  g_autofree char *link = g_build_filename (config, "words.txt", NULL);
  g_file_set_contents (real, "# mine\nkept", -1, NULL);
  tap_ok (symlink ("../../dotfiles/words.txt", link) == 0, "a relative link to a dotfiles repository's list");
  g_autoptr (DraftdSpell) s = draftd_spell_new (link);
  g_autoptr (GError) error = NULL;
  tap_ok (draftd_spell_is_personal (s, "kept") && draftd_spell_add_word (s, "linked", &error), "read and added through the link");
  g_autofree char *text = slurp (real);
  g_autofree char *shown = g_strescape (text, NULL);
  tap_ok (g_file_test (link, G_FILE_TEST_IS_SYMLINK) && g_str_equal (text, "# mine\nkept\nlinked\n"),
          "the link stays a link and its target holds the list, comment and all: \"%s\"", shown);
  g_autofree char *dangling = g_build_filename (config, "new.txt", NULL);
  g_autofree char *later = g_build_filename (dotfiles, "new.txt", NULL);
  symlink (later, dangling);
  g_autoptr (DraftdSpell) fresh = draftd_spell_new (dangling);
  tap_ok (draftd_spell_add_word (fresh, "first", &error) && g_file_test (dangling, G_FILE_TEST_IS_SYMLINK) &&
              g_file_test (later, G_FILE_TEST_IS_REGULAR),
          "a link to a list not made yet makes it where the link points");
}

static void
check_too_large (void)
{
  g_autofree char *path = g_build_filename (test_tmpdir (), "huge.txt", NULL);
  /* 66 MB, sparse: the size alone refuses it, before a byte is read. */
  int fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  tap_ok (fd >= 0 && ftruncate (fd, 66000000) == 0 && close (fd) == 0, "a 66 MB list");
  g_autoptr (DraftdSpell) s = draftd_spell_new (path);
  const char *problem = draftd_spell_personal_problem (s);
  tap_ok (problem && strstr (problem, "62.9 MiB (66000000 bytes)") && strstr (problem, "limit of 4.0 MiB"),
          "is refused naming its size and the limit: %s", problem ? problem : "(read)");
  g_autoptr (GError) error = NULL;
  gboolean added = draftd_spell_add_word (s, "more", &error);
  GStatBuf st = { 0 };
  g_stat (path, &st);
  tap_ok (!added && error && strstr (error->message, "limit") && st.st_size == 66000000,
          "an add to it is refused too, and the file left alone: %s", error ? error->message : "(added)");
}

static void
check_not_text (void)
{
  g_autofree char *binary = g_build_filename (test_tmpdir (), "binary.txt", NULL);
  static const char elf[] = "good\n\177ELF\001\002\001\000\000junk\nword\n";
  g_file_set_contents (binary, elf, sizeof elf - 1, NULL);
  g_autoptr (DraftdSpell) b = draftd_spell_new (binary);
  const char *problem = draftd_spell_personal_problem (b);
  tap_ok (problem && strstr (problem, "NUL byte on line 2") && !draftd_spell_is_personal (b, "good"),
          "a binary file is refused whole, naming the NUL byte's line: %s", problem ? problem : "(read)");
  g_autofree char *mixed = g_build_filename (test_tmpdir (), "mixed.txt", NULL);
  g_file_set_contents (mixed, "fine\n\xff\xfeword\nalso\n\001ctl\ncaf\xc3\xa9\n", -1, NULL);
  g_autoptr (DraftdSpell) m = draftd_spell_new (mixed);
  problem = draftd_spell_personal_problem (m);
  tap_ok (problem && strstr (problem, "lines 2, 4 are not text"), "lines that are not text are named by number: %s",
          problem ? problem : "(none)");
  tap_ok (draftd_spell_is_personal (m, "fine") && draftd_spell_is_personal (m, "also") && draftd_spell_is_personal (m, "café") &&
              !draftd_spell_is_personal (m, "ctl"),
          "the text lines around them are read");
  g_autoptr (GError) error = NULL;
  g_autofree char *before = slurp (mixed);
  tap_ok (draftd_spell_add_word (m, "added", &error), "a list with such lines still takes words");
  g_autofree char *after = slurp (mixed);
  tap_ok (g_str_has_prefix (after, before) && g_str_has_suffix (after, "\nadded\n"), "and keeps those lines byte for byte");
}

int
main (void)
{
  check_full_disk ();
  check_symlink ();
  check_too_large ();
  check_not_text ();
  return tap_done ();
}
