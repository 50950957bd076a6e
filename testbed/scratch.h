/* Scratch directories that fixtures make for the daemon and the client under test. */
#pragma once
#include <glib.h>

/* Removes `path` and everything under it; links are removed, never followed. */
void testbed_remove_tree (const char *path);
