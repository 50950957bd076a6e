/* Shared by the libFuzzer targets (tests/fuzz-*.c): an assertion that aborts, so that a
 * broken invariant is a crash libFuzzer records, and a reader that splits an input into
 * the values a target needs. */
#pragma once
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 *data, gsize size);

#define FUZZ_ASSERT(cond)                                                                 \
  do {                                                                                    \
    if (!(cond)) {                                                                        \
      fprintf (stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, #cond);      \
      abort ();                                                                           \
    }                                                                                     \
  } while (0)

typedef struct {
  const guint8 *data;
  gsize size, pos;
} FuzzInput;

/* The next byte, or 0 past the end. */
guint8 fuzz_byte (FuzzInput *in);
/* The bytes up to the next NUL (or the end), as valid UTF-8 (invalid bytes become U+FFFD). */
char *fuzz_text (FuzzInput *in, gsize *len);
