/* Helpers shared by the command-line tools. */
#pragma once
#include <glib.h>
#include <stdio.h>

/* Prints "prog: message" and returns the exit status to use. */
static inline int
tool_fail (const char *prog, const GError *error, int status)
{
  g_printerr ("%s: %s\n", prog, error->message);
  return status;
}
