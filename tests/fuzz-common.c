#include "tests/fuzz-common.h"

guint8
fuzz_byte (FuzzInput *in)
{
  return in->pos < in->size ? in->data[in->pos++] : 0;
}

/* The bytes up to the next NUL (or the end), as valid UTF-8 (invalid bytes become U+FFFD). */
char *
fuzz_text (FuzzInput *in, gsize *len)
{
  gsize start = in->pos;
  while (in->pos < in->size && in->data[in->pos] != 0)
    in->pos++;
  char *s = g_utf8_make_valid ((const char *) in->data + start, in->pos - start);
  if (in->pos < in->size)
    in->pos++;
  if (len)
    *len = strlen (s);
  return s;
}
