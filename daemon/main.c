/* draftd: the writing-assistant daemon. Owns org.draftd.Assistant1 on the session bus (or
 * the bus given by --address) and serves it until SIGTERM/SIGINT or the bus goes away. */
#include <dbus/dbus.h>
#include <glib-unix.h>
#include <stdio.h>
#include <stdlib.h>
#include "daemon/dbus/dbus-glib-loop.h"
#include "daemon/engine/engine.h"
#include "daemon/service/service.h"
#include "lib/bus/draftd-bus.h"
#include "lib/vk/vk-device.h"

typedef struct {
  char *target, *assistant, *config, *device, *address, *chat_format;
  gint n_ctx, queue_depth, idle_unload;
  gboolean lazy, list_devices, version;
} Options;

static gboolean
file_exists (const char *p)
{
  return p && g_file_test (p, G_FILE_TEST_IS_REGULAR);
}

/* Fills unset options from the config file. A missing default config file is fine. */
static gboolean
read_config (Options *o, guint *max_text, GError **error)
{
  g_autofree char *def = g_build_filename (g_get_user_config_dir (), "draftd", "draftd.conf", NULL);
  const char *path = o->config ? o->config : def;
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  if (!g_key_file_load_from_file (kf, path, G_KEY_FILE_NONE, &local)) {
    if (o->config || !g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT)) {
      g_propagate_prefixed_error (error, g_steal_pointer (&local), "config %s: ", path);
      return FALSE;
    }
    return TRUE;
  }
  static const char *const known[] = { "target", "assistant", "device", "context", "chat_format", "lazy", "queue_depth",
                                       "max_text_bytes", "idle_unload", NULL };
  g_auto (GStrv) keys = g_key_file_get_keys (kf, "draftd", NULL, NULL);
  for (guint i = 0; keys && keys[i]; i++)
    if (!g_strv_contains (known, keys[i])) {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND, "config %s: unknown key '%s' in [draftd]",
                   path, keys[i]);
      return FALSE;
    }
#define STR(field, key) \
  if (!o->field && g_key_file_has_key (kf, "draftd", key, NULL)) o->field = g_key_file_get_string (kf, "draftd", key, NULL)
  STR (target, "target");
  STR (assistant, "assistant");
  STR (device, "device");
  STR (chat_format, "chat_format");
#undef STR
  if (!o->n_ctx && g_key_file_has_key (kf, "draftd", "context", NULL))
    o->n_ctx = g_key_file_get_integer (kf, "draftd", "context", NULL);
  if (!o->queue_depth && g_key_file_has_key (kf, "draftd", "queue_depth", NULL))
    o->queue_depth = g_key_file_get_integer (kf, "draftd", "queue_depth", NULL);
  if (!o->idle_unload && g_key_file_has_key (kf, "draftd", "idle_unload", NULL))
    o->idle_unload = g_key_file_get_integer (kf, "draftd", "idle_unload", NULL);
  if (g_key_file_has_key (kf, "draftd", "lazy", NULL))
    o->lazy |= g_key_file_get_boolean (kf, "draftd", "lazy", NULL);
  if (g_key_file_has_key (kf, "draftd", "max_text_bytes", NULL))
    *max_text = g_key_file_get_integer (kf, "draftd", "max_text_bytes", NULL);
  return TRUE;
}

/* The shipped default models: installed data dir, or the source tree when uninstalled. */
static gboolean
find_default_models (Options *o, GError **error)
{
  if (o->target)
    return TRUE;
  const char *dirs[] = { g_getenv ("DRAFTD_MODELS_DIR"), DRAFTD_SOURCE_MODELS, DRAFTD_DATA_MODELS };
  g_autoptr (GString) looked = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++) {
    if (dirs[i] == NULL)
      continue;
    g_autofree char *t = g_build_filename (dirs[i], "draftd-target.gguf", NULL);
    g_autofree char *a = g_build_filename (dirs[i], "draftd-assistant.gguf", NULL);
    if (file_exists (t)) {
      o->target = g_steal_pointer (&t);
      if (!o->assistant && file_exists (a))
        o->assistant = g_steal_pointer (&a);
      return TRUE;
    }
    g_string_append_printf (looked, "%s%s", looked->len ? ", " : "", t);
  }
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
               "no model: give --target, set target= in [draftd] of the config file, or install the default "
               "models (looked for %s)",
               looked->str);
  return FALSE;
}

static gboolean
on_quit_signal (gpointer loop)
{
  g_main_loop_quit (loop);
  return G_SOURCE_CONTINUE;
}

static DBusHandlerResult
on_disconnected (DBusConnection *c, DBusMessage *m, void *loop)
{
  /* libdbus makes this one itself, with no sender; the same name from a peer is a forgery. */
  if (dbus_message_is_signal (m, DBUS_INTERFACE_LOCAL, "Disconnected") && dbus_message_get_sender (m) == NULL &&
      dbus_message_has_path (m, DBUS_PATH_LOCAL)) {
    g_printerr ("draftd: the bus connection closed\n");
    g_main_loop_quit (loop);
    return DBUS_HANDLER_RESULT_HANDLED;
  }
  return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

static DBusConnection *
connect_bus (const char *address, GError **error)
{
  DBusError derr;
  dbus_error_init (&derr);
  DBusConnection *c = address ? dbus_connection_open_private (address, &derr) : dbus_bus_get_private (DBUS_BUS_SESSION, &derr);
  if (c && address && !dbus_bus_register (c, &derr)) {
    dbus_connection_close (c);
    dbus_connection_unref (c);
    c = NULL;
  }
  if (c == NULL) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "cannot connect to the %s bus: %s", address ? address : "session",
                 derr.message);
    dbus_error_free (&derr);
    return NULL;
  }
  dbus_connection_set_exit_on_disconnect (c, FALSE);
  return c;
}

static gboolean
own_name (DBusConnection *c, GError **error)
{
  DBusError derr;
  dbus_error_init (&derr);
  int r = dbus_bus_request_name (c, DRAFTD_BUS_NAME, DBUS_NAME_FLAG_DO_NOT_QUEUE, &derr);
  if (r == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, "%s",
               r == DBUS_REQUEST_NAME_REPLY_EXISTS ? "another draftd already owns " DRAFTD_BUS_NAME " on this bus"
                                                   : derr.message ? derr.message : "cannot own " DRAFTD_BUS_NAME);
  dbus_error_free (&derr);
  return FALSE;
}

static int
run (Options *o)
{
  g_autoptr (GError) error = NULL;
  guint max_text = 0;
  if (!read_config (o, &max_text, &error) || !find_default_models (o, &error)) {
    g_printerr ("draftd: %s\n", error->message);
    return 1;
  }
  if (o->idle_unload < 0 || o->n_ctx < 0 || o->queue_depth < 0) {
    g_printerr ("draftd: --context, --queue-depth and --idle-unload take a number of 0 or more\n");
    return 2;
  }
  DraftdEngineConfig ec = { o->target, o->assistant, o->device, o->n_ctx > 0 ? o->n_ctx : 0, o->chat_format, o->lazy,
                            max_text, (guint) o->idle_unload };
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  DBusConnection *c = connect_bus (o->address, &error);
  if (c == NULL) {
    g_printerr ("draftd: %s\n", error->message);
    return 1;
  }
  draftd_dbus_setup_with_main_loop (c, NULL);
  dbus_connection_add_filter (c, on_disconnected, loop, NULL);
  int status = 1;
  DraftdEngine *engine = NULL;
  DraftdService *service = NULL;
  /* The name is taken before the models load, so a second instance fails fast. */
  if (!own_name (c, &error) || !(engine = draftd_engine_new (&ec, &error)) ||
      !(service = draftd_service_new (c, engine, o->queue_depth > 0 ? o->queue_depth : 64, &error))) {
    g_printerr ("draftd: %s\n", error->message);
  } else {
    guint s1 = g_unix_signal_add (SIGTERM, on_quit_signal, loop);
    guint s2 = g_unix_signal_add (SIGINT, on_quit_signal, loop);
    g_printerr ("draftd: serving %s (target %s%s%s)\n", DRAFTD_BUS_NAME, o->target, o->assistant ? ", assistant " : "",
                o->assistant ? o->assistant : "");
    g_main_loop_run (loop);
    g_source_remove (s1);
    g_source_remove (s2);
    status = 0;
  }
  /* Stop taking calls, cancel jobs (their callers get Cancelled), then Vulkan in order. */
  if (dbus_connection_get_is_connected (c))
    dbus_bus_release_name (c, DRAFTD_BUS_NAME, NULL);
  g_clear_pointer (&service, draftd_service_free);
  g_clear_pointer (&engine, draftd_engine_free);
  dbus_connection_remove_filter (c, on_disconnected, loop);
  dbus_connection_flush (c);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  return status;
}

int
main (int argc, char **argv)
{
  Options o = { 0 };
  GOptionEntry entries[] = {
    { "target", 't', 0, G_OPTION_ARG_FILENAME, &o.target, "target model (GGUF)", "T.gguf" },
    { "assistant", 'a', 0, G_OPTION_ARG_FILENAME, &o.assistant, "assistant (draft) model sharing the vocabulary", "A.gguf" },
    { "config", 'c', 0, G_OPTION_ARG_FILENAME, &o.config, "config file (default $XDG_CONFIG_HOME/draftd/draftd.conf)", "FILE" },
    { "device", 'd', 0, G_OPTION_ARG_STRING, &o.device, "Vulkan device index or name", "N" },
    { "address", 0, 0, G_OPTION_ARG_STRING, &o.address, "connect to this bus instead of the session bus", "BUS-ADDRESS" },
    { "context", 0, 0, G_OPTION_ARG_INT, &o.n_ctx, "context length (default: the model's, at most 4096)", "N" },
    { "chat-format", 0, 0, G_OPTION_ARG_STRING, &o.chat_format, "override the chat format", "NAME" },
    { "queue-depth", 0, 0, G_OPTION_ARG_INT, &o.queue_depth, "most queued jobs before Busy (default 64)", "N" },
    { "lazy", 0, 0, G_OPTION_ARG_NONE, &o.lazy, "load models on the first request", NULL },
    { "idle-unload", 0, 0, G_OPTION_ARG_INT, &o.idle_unload, "unload the models after N idle seconds (0: never)", "N" },
    { "list-devices", 0, 0, G_OPTION_ARG_NONE, &o.list_devices, "list Vulkan devices and exit", NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, &o.version, "print the version and exit", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- writing-assistant daemon");
  g_autoptr (GError) error = NULL;
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error) || argc > 1) {
    g_printerr ("draftd: %s\n", error ? error->message : "unexpected arguments");
    return 2;
  }
  int status;
  if (o.version) {
    printf ("draftd %s\n", DRAFTD_VERSION);
    status = 0;
  } else if (o.list_devices) {
    g_autofree char *list = draftd_vk_list_devices (&error);
    status = list ? (fputs (list, stdout), 0) : (g_printerr ("draftd: %s\n", error->message), 1);
  } else {
    status = run (&o);
  }
  g_free (o.target);
  g_free (o.assistant);
  g_free (o.config);
  g_free (o.device);
  g_free (o.address);
  g_free (o.chat_format);
  return status;
}
