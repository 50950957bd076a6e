/* draft use: the daemon switches to another pair at runtime (UseModels), no config editing and
 * no restart; the daemon records the choice in its config file. */
#include <stdio.h>
#include <string.h>
#include "client/client.h"
#include "client/hub/catalogue.h"
#include "client/models.h"
#include "lib/bus/draftd-bus.h"
#include "lib/cli/cli.h"

/* Loading a 3B model on a CPU device takes a while; a switch that takes longer has failed. */
#define USE_TIMEOUT_MS (10 * 60 * 1000)

/* Without --assistant: the catalogue's partner of the target, when it has been pulled. */
static char *
default_assistant (const char *target)
{
  g_autofree char *base = g_path_get_basename (target);
  const DraftCatalogueEntry *t = draft_catalogue_find_file (base);
  const DraftCatalogueEntry *a = t && t->pair && g_str_equal (t->role, "target") ? draft_catalogue_find (t->pair) : NULL;
  if (a == NULL)
    return g_strdup ("");
  g_autofree char *dir = draft_models_dir ();
  g_autofree char *path = g_build_filename (dir, a->file, NULL);
  return g_file_test (path, G_FILE_TEST_IS_REGULAR) ? g_steal_pointer (&path) : g_strdup ("");
}

static const char *
dict_string (JsonObject *o, const char *key)
{
  return o && json_object_has_member (o, key) ? json_object_get_string_member (o, key) : NULL;
}

static void
print_switched (DBusMessage *r)
{
  DBusMessageIter it;
  g_autoptr (JsonNode) n = dbus_message_iter_init (r, &it) ? draft_bus_value_to_json (&it) : NULL;
  JsonObject *o = n && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
  const char *t = dict_string (o, "target"), *a = dict_string (o, "assistant");
  printf ("draftd now runs %s%s%s\n", t ? t : "?", a && *a ? " with the assistant " : " with no assistant", a && *a ? a : "");
  if (dict_string (o, "config"))
    printf ("recorded in %s\n", dict_string (o, "config"));
  else if (dict_string (o, "config_error"))
    g_printerr ("draft: the switch holds until draftd stops, but could not be recorded: %s\n", dict_string (o, "config_error"));
}

static int
call_use (const char *target, const char *assistant)
{
  DBusMessage *m = draftd_bus_new_call ("UseModels");
  dbus_message_append_args (m, DBUS_TYPE_STRING, &target, DBUS_TYPE_STRING, &assistant, DBUS_TYPE_INVALID);
  DBusMessage *r = draft_bus_call (m, USE_TIMEOUT_MS);
  if (r == NULL)
    return DRAFTD_CLI_EXIT_FAILURE;
  print_switched (r);
  dbus_message_unref (r);
  return DRAFTD_CLI_EXIT_OK;
}

int
draft_use (const char *target, const char *assistant)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *t = draft_models_resolve (target, &error);
  g_autofree char *a = NULL;
  if (t && assistant && g_str_equal (assistant, "none"))
    a = g_strdup ("");
  else if (t && assistant)
    a = draft_models_resolve (assistant, &error);
  else if (t)
    a = default_assistant (t);
  if (a == NULL) {
    g_printerr ("draft: %s\n", error->message);
    return DRAFTD_CLI_EXIT_FAILURE;
  }
  printf ("switching to %s%s%s (the jobs already asked for end first)\n", t, *a ? " with the assistant " : " with no assistant", a);
  fflush (stdout);
  return call_use (t, a);
}

int
draft_cmd_use (int argc, char **argv)
{
  char *assistant = NULL;
  GOptionEntry entries[] = {
    { "assistant", 'a', 0, G_OPTION_ARG_FILENAME, &assistant,
      "the assistant: a name or file as for TARGET, or none (default: the catalogue's partner of TARGET if pulled, "
      "else none)", "NAME" },
    G_OPTION_ENTRY_NULL,
  };
  int status;
  if (!draft_parse_command ("use", "TARGET",
                            "Make draftd run another target model (and assistant) now, without a restart. TARGET is\n"
                            "a name from `draft pull --list`, a file in $XDG_DATA_HOME/draftd/models, or a path.\n"
                            "The new pair loads while the old one serves; if it fails, the old pair stays. draftd\n"
                            "records the choice in its config file, so it holds after a restart.",
                            entries, &argc, &argv, &status)) {
    g_free (assistant);
    return status;
  }
  if (argc != 2)
    status = draftd_cli_usage_error ("draft use", "give one TARGET (draft models lists them)");
  else
    status = draft_use (argv[1], assistant);
  g_free (assistant);
  return status;
}
