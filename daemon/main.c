/* draftd: the writing-assistant daemon. Loads its models, then owns org.draftd.Assistant1
 * on the session bus (or the bus given by --address) and serves it until SIGTERM/SIGINT
 * or the bus goes away; SIGHUP reloads the config and the models. */
#include <dbus/dbus.h>
#include <glib-unix.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "daemon/config.h"
#include "lib/bus/glib-loop.h"
#include "daemon/engine/engine.h"
#include "daemon/log.h"
#include "daemon/service/service.h"
#include "lib/bus/draftd-bus.h"
#include "lib/vk/vk-device.h"

typedef struct {
  DraftdSettings settings;
  char *config, *address;
  gboolean list_devices, version, verbose, activated, check;
} Options;

static gboolean
file_exists (const char *p)
{
  return p && g_file_test (p, G_FILE_TEST_IS_REGULAR);
}

/* The installed data directory: DRAFTD_DATA_MODELS is relative to the directory of the
 * installed binary unless bindir or datadir was configured absolute. */
static char *
data_models_dir (const char *exe)
{
  if (g_path_is_absolute (DRAFTD_DATA_MODELS) || exe == NULL)
    return g_strdup (DRAFTD_DATA_MODELS);
  g_autofree char *bindir = g_path_get_dirname (exe);
  g_autofree char *joined = g_build_filename (bindir, DRAFTD_DATA_MODELS, NULL);
  return g_canonicalize_filename (joined, NULL);
}

/* Where the shipped models are: $DRAFTD_MODELS_DIR, then the installed data directory;
 * a binary run from its build tree looks in the source tree first. */
static void
model_dirs (char *dirs[3])
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  gboolean in_build_tree = exe && g_str_has_prefix (exe, DRAFTD_BUILD_ROOT "/");
  dirs[0] = g_strdup (g_getenv ("DRAFTD_MODELS_DIR"));
  dirs[1] = in_build_tree ? g_strdup (DRAFTD_SOURCE_MODELS) : data_models_dir (exe);
  dirs[2] = in_build_tree ? data_models_dir (exe) : g_strdup (DRAFTD_SOURCE_MODELS);
}

static gboolean
find_default_models (DraftdSettings *s, GError **error)
{
  if (s->target)
    return TRUE;
  char *dirs[3];
  model_dirs (dirs);
  g_autoptr (GString) looked = g_string_new (NULL);
  gboolean found = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (dirs) && !found; i++) {
    if (dirs[i] == NULL)
      continue;
    g_autofree char *t = g_build_filename (dirs[i], "draftd-target.gguf", NULL);
    g_autofree char *a = g_build_filename (dirs[i], "draftd-assistant.gguf", NULL);
    if (file_exists (t)) {
      s->target = g_steal_pointer (&t);
      if (!s->assistant && file_exists (a))
        s->assistant = g_steal_pointer (&a);
      found = TRUE;
    } else {
      g_string_append_printf (looked, "%s%s", looked->len ? ", " : "", t);
    }
  }
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    g_free (dirs[i]);
  if (found)
    return TRUE;
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
               "no model: give --target, set target= in [draftd] of the config file, or install the default "
               "models (looked for %s)",
               looked->str);
  return FALSE;
}

static char *
config_path (const Options *o)
{
  return o->config ? draftd_expand_home (o->config) : g_build_filename (g_get_user_config_dir (), "draftd", "draftd.conf", NULL);
}

/* The settings in force: the command line's, then the config file's, then the defaults. */
static gboolean
resolve_settings (const Options *o, DraftdSettings *s, GError **error)
{
  g_autofree char *path = config_path (o);
  *s = o->settings;
  s->target = s->target ? draftd_expand_home (s->target) : NULL;
  s->assistant = s->assistant ? draftd_expand_home (s->assistant) : NULL;
  s->device = g_strdup (s->device);
  s->chat_format = g_strdup (s->chat_format);
  return draftd_settings_check (s, error) && draftd_settings_read_file (s, path, o->config != NULL, error) &&
         find_default_models (s, error);
}

static DraftdEngineConfig
engine_config (const DraftdSettings *s, gboolean lazy)
{
  return (DraftdEngineConfig) {
    .target = s->target,
    .assistant = s->assistant,
    .device = s->device,
    .n_ctx = s->n_ctx > 0 ? s->n_ctx : 0,
    .n_lanes = s->lanes > 0 ? s->lanes : 0,
    .chat_format = s->chat_format,
    .lazy = lazy || s->lazy == TRUE,
    .max_text_bytes = s->max_text_bytes > 0 ? (guint) s->max_text_bytes : 0,
    .idle_unload = s->idle_unload > 0 ? s->idle_unload : 0,
    .keep_bias = s->keep_bias,
    .disabled_rules = s->disabled_rules,
    .dialect = s->dialect,
  };
}

static DraftdServiceLimits
service_limits (const DraftdSettings *s)
{
  return (DraftdServiceLimits) {
    .max_queued = s->queue_depth > 0 ? s->queue_depth : 64,
    .max_queued_per_client = s->client_queue_depth > 0 ? s->client_queue_depth : 16,
    .job_timeout_s = s->job_timeout > 0 ? s->job_timeout : 0,
  };
}

typedef struct {
  GMainLoop *loop;
  int status;   /* what main() returns once the loop ends */
  const Options *options;
  DraftdEngine *engine;
  DraftdService *service;
  DBusConnection *connection;
  gboolean signalled; /* stopping on SIGTERM or SIGINT: the rest of the teardown is timed */
} Daemon;

/* After SIGTERM, once the jobs are cancelled and their callers answered (within a pass),
 * what is left (a model load under way on the engine thread, the models' Vulkan teardown,
 * saving the pipeline cache) gets this long; then draftd exits without the rest, as a
 * SIGKILL would end it: the kernel frees what it held, and every file it writes is renamed
 * into place whole. A 1B model's teardown took 3.5 s; a restart should not wait on it. */
#if defined(__SANITIZE_ADDRESS__)
/* The sanitizer build is there to find leaks, and LeakSanitizer runs at a whole exit: its
 * slower teardown is let finish. */
#define STOP_GRACE_US (60 * G_USEC_PER_SEC)
#else
#define STOP_GRACE_US G_USEC_PER_SEC
#endif

typedef struct {
  GMutex lock;
  GCond cond;
  gboolean done;
  gint64 deadline;
  int status;
  GThread *thread;
} StopWatch;

static StopWatch stop_watch;

static gpointer
stop_watch_run (gpointer p)
{
  g_mutex_lock (&stop_watch.lock);
  while (!stop_watch.done && g_get_monotonic_time () < stop_watch.deadline)
    g_cond_wait_until (&stop_watch.cond, &stop_watch.lock, stop_watch.deadline);
  gboolean done = stop_watch.done;
  g_mutex_unlock (&stop_watch.lock);
  if (!done) {
    g_message ("stopping took over %d ms: exiting without the rest of the teardown", (int) (STOP_GRACE_US / 1000));
    _exit (stop_watch.status);
  }
  return NULL;
}

/* Starts the grace period once; `status` is what the process exits with when it runs out. */
static void
stop_watch_start (int status)
{
  if (stop_watch.thread)
    return;
  stop_watch.deadline = g_get_monotonic_time () + STOP_GRACE_US;
  stop_watch.status = status;
  stop_watch.thread = g_thread_new ("draftd-stop", stop_watch_run, NULL);
}

static void
stop_watch_finish (void)
{
  if (stop_watch.thread == NULL)
    return;
  g_mutex_lock (&stop_watch.lock);
  stop_watch.done = TRUE;
  g_cond_signal (&stop_watch.cond);
  g_mutex_unlock (&stop_watch.lock);
  g_thread_join (g_steal_pointer (&stop_watch.thread));
}

typedef struct {
  DraftdEngine *engine;
  DraftdSettings settings;
} Reload;

static void
reload_free (gpointer p)
{
  Reload *r = p;
  draftd_settings_clear (&r->settings);
  g_free (r);
}

/* On the worker, between jobs: the bus name and the queue stay as they are. */
static void
reload_on_worker (gpointer p)
{
  Reload *r = p;
  DraftdEngineConfig ec = engine_config (&r->settings, FALSE);
  g_autoptr (GError) error = NULL;
  if (draftd_engine_reconfigure (r->engine, &ec, &error))
    g_message ("reloaded: target %s%s%s", r->settings.target, r->settings.assistant ? ", assistant " : "",
               r->settings.assistant ? r->settings.assistant : "");
  else
    g_warning ("reload failed, the previous models stay: %s", error->message);
}

/* SIGHUP: read the config again and reload the models (queue limits keep their values). */
static gboolean
on_reload_signal (gpointer p)
{
  Daemon *d = p;
  Reload *r = g_new0 (Reload, 1);
  g_autoptr (GError) error = NULL;
  draftd_settings_init (&r->settings);
  r->engine = d->engine;
  if (!resolve_settings (d->options, &r->settings, &error)) {
    g_warning ("reload refused, nothing changes: %s", error->message);
    reload_free (r);
    return G_SOURCE_CONTINUE;
  }
  g_message ("reloading the config and the models");
  draftd_service_between_jobs (d->service, reload_on_worker, r, reload_free);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_quit_signal (gpointer p)
{
  Daemon *d = p;
  /* The name first, before anything else ends: a draftd started now owns it at once, and
   * new calls go there, while this one cancels its jobs (their callers still get
   * Cancelled on their unique names) and ends within the grace period. */
  if (d->connection && dbus_connection_get_is_connected (d->connection))
    dbus_bus_release_name (d->connection, DRAFTD_BUS_NAME, NULL);
  g_message ("stopping on a signal: %s released", DRAFTD_BUS_NAME);
  d->status = 0;
  d->signalled = TRUE;
  g_main_loop_quit (d->loop);
  return G_SOURCE_CONTINUE;
}

static DBusHandlerResult
on_disconnected (DBusConnection *c, DBusMessage *m, void *p)
{
  Daemon *d = p;
  /* libdbus makes this one itself, with no sender; the same name from a peer is a forgery. */
  if (dbus_message_is_signal (m, DBUS_INTERFACE_LOCAL, "Disconnected") && dbus_message_get_sender (m) == NULL &&
      dbus_message_has_path (m, DBUS_PATH_LOCAL)) {
    /* Not a clean stop: systemd's Restart=on-failure brings the daemon back. */
    g_warning ("the bus connection closed");
    d->status = 1;
    g_main_loop_quit (d->loop);
    return DBUS_HANDLER_RESULT_HANDLED;
  }
  return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

static volatile sig_atomic_t early_stop;

static void
on_early_stop (int sig)
{
  early_stop = 1;
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

/* `draft use` (UseModels) is kept in the config file this daemon reads at start, so the
 * choice survives a restart. */
static gboolean
record_models (const char *target, const char *assistant, gpointer data, char **where, GError **error)
{
  const Options *o = data;
  g_autofree char *path = config_path (o);
  if (!draftd_config_record_models (path, target, assistant, error))
    return FALSE;
  if (o->settings.target)
    g_warning ("recorded in %s, but this daemon's --target still wins at its next start", path);
  *where = g_steal_pointer (&path);
  return TRUE;
}

/* The assistant the engine holds: a configured one that is not a model file (a directory)
 * was only warned about, and the log must not then call it ready. Lazy: the configured one. */
static const char *
loaded_assistant (DraftdEngine *e, const DraftdSettings *s)
{
  g_autoptr (GVariant) models = draftd_engine_describe (e);
  g_autoptr (GVariant) path = g_variant_lookup_value (models, "assistant_path", G_VARIANT_TYPE_STRING);
  gboolean loaded = FALSE;
  g_variant_lookup (models, "loaded", "b", &loaded);
  return loaded && path == NULL ? NULL : s->assistant;
}

/* The models load before the bus name is taken, so a client never waits on a daemon that
 * cannot serve. Started by the bus (--activated), a daemon whose models fail to load stays
 * on the bus instead and answers every request NoModel with the reason, trying again each time. */
static DraftdEngine *
start_engine (const DraftdSettings *s, gboolean activated, GError **error)
{
  DraftdEngineConfig ec = engine_config (s, FALSE);
  if (!ec.lazy)
    g_message ("loading models: target %s%s%s", s->target, s->assistant ? ", assistant " : "", s->assistant ? s->assistant : "");
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (GError) local = NULL;
  DraftdEngine *e = draftd_engine_new (&ec, &local);
  if (e) {
    const char *assistant = loaded_assistant (e, s);
    g_message ("models ready in %.0f ms: target %s%s%s", (g_get_monotonic_time () - t0) / 1e3, s->target,
               assistant ? ", assistant " : " (no assistant)", assistant ? assistant : "");
    return e;
  }
  if (!activated || !g_error_matches (local, DRAFTD_ENGINE_ERROR, DRAFTD_ENGINE_ERROR_NO_MODEL)) {
    g_propagate_error (error, g_steal_pointer (&local));
    return NULL;
  }
  g_warning ("%s; serving NoModel until a request finds the models loadable", local->message);
  ec.lazy = TRUE;
  return draftd_engine_new (&ec, error);
}

/* An error found at start in a value the config file gave (a dialect without a dictionary, a
 * model that does not load, a device not present, a context above the model's) names the
 * file's line, the key and its value, as the parser's own errors do. */
static void
blame_config (const DraftdSettings *s, GError **error)
{
  static const struct {
    const char *key;
    gsize offset;
    gboolean quoted;  /* the message quotes the value ('en-XX'); paths appear bare */
  } keys[] = {
    { "dialect", G_STRUCT_OFFSET (DraftdSettings, dialect), TRUE },
    { "chat_format", G_STRUCT_OFFSET (DraftdSettings, chat_format), TRUE },
    { "device", G_STRUCT_OFFSET (DraftdSettings, device), TRUE },
    { "assistant", G_STRUCT_OFFSET (DraftdSettings, assistant), FALSE },
    { "target", G_STRUCT_OFFSET (DraftdSettings, target), FALSE },
  };
  const char *msg = (*error)->message;
  /* First: this message names the target's path too. */
  const char *context = draftd_settings_origin (s, "context");
  if (context && strstr (msg, "the context ") && strstr (msg, " is above ")) {
    g_prefix_error (error, "%s: context = %d: ", context, s->n_ctx);
    return;
  }
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++) {
    const char *origin = draftd_settings_origin (s, keys[i].key);
    const char *value = *(char *const *) ((const char *) s + keys[i].offset);
    g_autofree char *needle = value && keys[i].quoted ? g_strdup_printf ("'%s'", value) : g_strdup (value);
    if (origin && value && *value && strstr (msg, needle)) {
      g_prefix_error (error, "%s: %s = %s: ", origin, keys[i].key, value);
      return;
    }
  }
}

/* A start that failed: logged, and, started by the bus, kept where `draft` finds it. */
static void
start_failed (const Options *o, const char *message)
{
  draftd_log_error ("%s", message);
  if (o->activated) {
    g_autofree char *fix = g_strdup_printf ("%s\nFix it, then run draft again: the bus starts draftd on demand.", message);
    draftd_log_last_error (fix);
  }
}

static void
serve (Daemon *d, DBusConnection *c, const DraftdSettings *s)
{
  guint s1 = g_unix_signal_add (SIGTERM, on_quit_signal, d);
  guint s2 = g_unix_signal_add (SIGINT, on_quit_signal, d);
  guint s3 = g_unix_signal_add (SIGHUP, on_reload_signal, d);
  /* A signal between the load and these handlers reached on_early_stop: honour it. */
  if (early_stop) {
    g_message ("stopping: a signal came before draftd could serve");
    d->status = 0;
  } else {
    g_message ("serving %s", DRAFTD_BUS_NAME);
    g_main_loop_run (d->loop);
  }
  g_source_remove (s1);
  g_source_remove (s2);
  g_source_remove (s3);
}

static int
run (Options *o)
{
  g_autoptr (GError) error = NULL;
  DraftdSettings s;
  draftd_settings_init (&s);
  DraftdEngine *engine = NULL;
  DraftdService *service = NULL;
  DBusConnection *c = NULL;
  Daemon d = { g_main_loop_new (NULL, FALSE), 1, o, NULL, NULL, NULL, FALSE };
  /* A SIGTERM while the models load ends draftd cleanly once they are in, before the bus. */
  early_stop = 0;
  signal (SIGTERM, on_early_stop);
  signal (SIGINT, on_early_stop);
  signal (SIGHUP, SIG_IGN);
  gboolean resolved = resolve_settings (o, &s, &error);
  if (!resolved || !(engine = start_engine (&s, o->activated, &error))) {
    if (resolved)
      blame_config (&s, &error);
    start_failed (o, error->message);
    goto out;
  }
  if (early_stop) {
    g_message ("stopping: a signal came while the models loaded");
    d.status = 0;
    goto out;
  }
  if (!(c = connect_bus (o->address, &error))) {
    start_failed (o, error->message);
    goto out;
  }
  draftd_dbus_setup_with_main_loop (c, NULL);
  dbus_connection_add_filter (c, on_disconnected, &d, NULL);
  DraftdServiceLimits limits = service_limits (&s);
  if (!own_name (c, &error) || !(service = draftd_service_new (c, engine, &limits, &error))) {
    start_failed (o, error->message);
  } else {
    /* Serving: a reason kept from an earlier start is no longer true. */
    if (o->activated)
      draftd_log_last_error (NULL);
    d.engine = engine;
    d.service = service;
    d.connection = c;
    draftd_service_set_recorder (service, record_models, o);
    serve (&d, c, &s);
  }
  /* Stop taking calls, cancel jobs (their callers get Cancelled), then Vulkan in order. */
  if (dbus_connection_get_is_connected (c))
    dbus_bus_release_name (c, DRAFTD_BUS_NAME, NULL);
  g_clear_pointer (&service, draftd_service_free);
  if (d.signalled)
    stop_watch_start (d.status);
  dbus_connection_remove_filter (c, on_disconnected, &d);
  dbus_connection_flush (c);
  dbus_connection_close (c);
  dbus_connection_unref (c);
out:
  g_clear_pointer (&engine, draftd_engine_free);
  stop_watch_finish ();
  draftd_settings_clear (&s);
  g_main_loop_unref (d.loop);
  return d.status;
}

/* One line of what the loaded target is and can do, from the Models description. */
static void
print_models (DraftdEngine *e)
{
  g_autoptr (GVariant) m = draftd_engine_describe (e);
  const char *name = NULL, *device = NULL, *assistant = NULL, *limits = NULL;
  guint64 params = 0;
  g_variant_lookup (m, "target_name", "&s", &name);
  g_variant_lookup (m, "target_parameters", "t", &params);
  g_variant_lookup (m, "assistant_name", "&s", &assistant);
  g_variant_lookup (m, "device", "&s", &device);
  g_variant_lookup (m, "limits", "&s", &limits);
  printf ("models: target %s (%.1fM parameters)%s%s on %s\n", name ? name : "?", params / 1e6, assistant ? ", assistant " : "",
          assistant ? assistant : "", device ? device : "?");
  printf ("can: %s\n", limits ? limits : "correct, rewrite, complete and chat");
}

/* draftd --check: what a start would find, without the bus. The config read strictly, with
 * the values only a start judges (dialect, chat format): exit 2 on a fault; then the models
 * loaded on the device and described: exit 3 when they do not load. draft doctor runs it. */
static int
check (const Options *o)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = config_path (o);
  DraftdSettings s;
  draftd_settings_init (&s);
  int status = 0;
  DraftdEngine *e = NULL;
  gboolean resolved = resolve_settings (o, &s, &error);
  DraftdEngineConfig ec = engine_config (&s, TRUE);
  if (!resolved || !(e = draftd_engine_new (&ec, &error))) {
    if (resolved)
      blame_config (&s, &error);
    g_printerr ("draftd: config: %s\n", error->message);
    status = 2;
  } else {
    printf ("config: %s\n", g_file_test (path, G_FILE_TEST_EXISTS) ? path : "none (the defaults)");
    fflush (stdout);
    if (draftd_engine_load (e, &error)) {
      print_models (e);
    } else {
      blame_config (&s, &error);
      g_printerr ("draftd: models: %s\n", error->message);
      status = 3;
    }
  }
  g_clear_pointer (&e, draftd_engine_free);
  draftd_settings_clear (&s);
  return status;
}

static GOptionContext *
option_context (Options *o)
{
  DraftdSettings *s = &o->settings;
  GOptionEntry entries[] = {
    { "target", 't', 0, G_OPTION_ARG_FILENAME, &s->target, "target model (GGUF)", "T.gguf" },
    { "assistant", 'a', 0, G_OPTION_ARG_FILENAME, &s->assistant, "assistant (draft) model sharing the vocabulary", "A.gguf" },
    { "config", 'c', 0, G_OPTION_ARG_FILENAME, &o->config, "config file (default $XDG_CONFIG_HOME/draftd/draftd.conf)", "FILE" },
    { "device", 'd', 0, G_OPTION_ARG_FILENAME, &s->device, "Vulkan device index or name", "N" },
    { "address", 0, 0, G_OPTION_ARG_FILENAME, &o->address, "connect to this bus instead of the session bus", "BUS-ADDRESS" },
    { "context", 0, 0, G_OPTION_ARG_INT, &s->n_ctx, "context length (default: the model's, at most 4096)", "N" },
    { "lanes", 0, 0, G_OPTION_ARG_INT, &s->lanes,
      "jobs that run at once, each with a whole context of KV cache (default: as many as a KV budget allows, at most 8)", "N" },
    { "chat-format", 0, 0, G_OPTION_ARG_FILENAME, &s->chat_format, "override the chat format", "NAME" },
    { "queue-depth", 0, 0, G_OPTION_ARG_INT, &s->queue_depth, "most queued jobs before Busy (default 64)", "N" },
    { "client-queue-depth", 0, 0, G_OPTION_ARG_INT, &s->client_queue_depth, "most queued jobs of one client (default 16)", "N" },
    { "job-timeout", 0, 0, G_OPTION_ARG_INT, &s->job_timeout, "seconds one job may run (default 0: no limit)", "S" },
    { "lazy", 0, 0, G_OPTION_ARG_NONE, &o->settings.lazy, "load models on the first request", NULL },
    { "idle-unload", 0, 0, G_OPTION_ARG_INT, &s->idle_unload, "unload the models after N idle seconds (0: never)", "N" },
    { "keep-bias", 0, 0, G_OPTION_ARG_DOUBLE, &s->keep_bias,
      "corrections: the log-probability margin by which the model must prefer a change (0: the default, 3; negative: none)", "B" },
    { "activated", 0, 0, G_OPTION_ARG_NONE, &o->activated,
      "started by the bus or systemd: if the models fail to load, stay on the bus answering NoModel", NULL },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &o->verbose, "log model loads and a summary line per job", NULL },
    { "list-devices", 0, 0, G_OPTION_ARG_NONE, &o->list_devices, "list Vulkan devices and exit", NULL },
    { "check", 0, 0, G_OPTION_ARG_NONE, &o->check,
      "read the config strictly and load the models, say what they can do, and exit (2: config fault, 3: models)", NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, &o->version, "print the version and exit", NULL },
    G_OPTION_ENTRY_NULL,
  };
  GOptionContext *ctx = g_option_context_new ("- writing-assistant daemon");
  g_option_context_add_main_entries (ctx, entries, NULL);
  return ctx;
}

/* Messages are UTF-8 whatever the locale: GLib's default handlers would convert them to the
 * locale's charset (in the C locale, '?' for every quote and accent). */
static void
print_stderr (const char *s)
{
  fputs (s, stderr);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_set_printerr_handler (print_stderr);
  Options o = { 0 };
  draftd_settings_init (&o.settings);
  /* GOption sets a flag to TRUE; unset stays DRAFTD_UNSET so the config file may set it. */
  g_autoptr (GOptionContext) ctx = option_context (&o);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error) || argc > 1) {
    g_printerr ("draftd: %s\nTry 'draftd --help' for the options.\n", error ? error->message : "unexpected arguments");
    draftd_settings_clear (&o.settings);
    return 2;
  }
  draftd_log_setup (o.verbose);
  int status;
  if (o.version) {
    printf ("draftd %s\n", DRAFTD_VERSION);
    status = 0;
  } else if (o.check) {
    status = check (&o);
  } else if (o.list_devices) {
    g_autofree char *list = draftd_vk_list_devices (&error);
    status = list ? (fputs (list, stdout), 0) : (g_printerr ("draftd: %s\n", error->message), 1);
  } else {
    status = run (&o);
  }
  draftd_settings_clear (&o.settings);
  g_free (o.config);
  g_free (o.address);
  return status;
}
