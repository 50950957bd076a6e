/* draft models: the GGUF files in the models directory, read as the daemon would read them
 * (so a file it would refuse shows here as broken, with the reason), which of them share a
 * vocabulary (an assistant must share its target's), and the pair the daemon runs now. */
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include "client/client.h"
#include "client/hub/catalogue.h"
#include "client/models.h"
#include "lib/bus/draftd-bus.h"
#include "lib/model/model.h"
#include "lib/cli/cli.h"

char *
draft_models_resolve (const char *name, GError **error)
{
  g_autofree char *dir = draft_models_dir ();
  const DraftCatalogueEntry *e = draft_catalogue_find (name);
  g_autofree char *file = e ? g_strdup (e->file) : g_str_has_suffix (name, ".gguf") ? g_strdup (name) : g_strconcat (name, ".gguf", NULL);
  g_autofree char *in_dir = g_build_filename (dir, file, NULL);
  /* A name with a slash, or a file here, is a path; anything else is looked up in the directory. */
  g_autofree char *path = strchr (name, '/') || (!e && g_file_test (name, G_FILE_TEST_EXISTS)) ? g_canonicalize_filename (name, NULL)
                                                                                               : g_steal_pointer (&in_dir);
  if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&path);
  if (e)
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "%s is not on disk yet: draft pull %s", name, name);
  else
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "no model '%s': not a file, nor a model in %s (draft models "
                 "lists them)", name, dir);
  return NULL;
}

typedef struct {
  char *file, *path;
  DraftdModel *model;   /* NULL: broken */
  char *error;
  guint vocab;          /* models with the same number share a vocabulary */
} Entry;

static void
entry_free (gpointer p)
{
  Entry *e = p;
  g_free (e->file);
  g_free (e->path);
  g_clear_pointer (&e->model, draftd_model_free);
  g_free (e->error);
  g_free (e);
}

static gint
by_file (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 ((*(Entry **) a)->file, (*(Entry **) b)->file);
}

static void
assign_vocabularies (GPtrArray *entries)
{
  guint next = 0;
  for (guint i = 0; i < entries->len; i++) {
    Entry *e = g_ptr_array_index (entries, i);
    if (e->model == NULL)
      continue;
    e->vocab = ++next;
    for (guint j = 0; j < i; j++) {
      Entry *o = g_ptr_array_index (entries, j);
      if (o->model && draftd_tokenizer_same_vocab (o->model->tokenizer, e->model->tokenizer)) {
        e->vocab = o->vocab;
        next--;
        break;
      }
    }
  }
}

/* Every *.gguf in `dir`, loaded (the weights stay mapped, not read) or with why not. */
static GPtrArray *
scan (const char *dir)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func (entry_free);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *n;
  while (d && (n = g_dir_read_name (d))) {
    if (!g_str_has_suffix (n, ".gguf"))
      continue;
    Entry *e = g_new0 (Entry, 1);
    e->file = g_strdup (n);
    e->path = g_build_filename (dir, n, NULL);
    g_autoptr (GError) error = NULL;
    e->model = draftd_model_load (e->path, &error);
    /* The reader's messages start with the path, which the listing shows already. */
    if (e->model == NULL)
      e->error = g_strdup (g_str_has_prefix (error->message, e->path) && error->message[strlen (e->path)] == ':'
                           ? error->message + strlen (e->path) + 2 : error->message);
    g_ptr_array_add (entries, e);
  }
  g_ptr_array_sort (entries, by_file);
  assign_vocabularies (entries);
  return entries;
}

/* Downloads draft pull has begun and not finished (FILE.gguf.part): what the directory
 * holds besides models, each resumed by the next pull. Names sorted, sizes in `sizes`. */
static GPtrArray *
scan_unfinished (const char *dir, GArray *sizes)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *n;
  while (d && (n = g_dir_read_name (d)))
    if (g_str_has_suffix (n, ".gguf.part"))
      g_ptr_array_add (names, g_strndup (n, strlen (n) - 5));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < names->len; i++) {
    g_autofree char *path = g_strdup_printf ("%s/%s.part", dir, (char *) g_ptr_array_index (names, i));
    GStatBuf st;
    guint64 size = g_stat (path, &st) == 0 ? (guint64) st.st_size : 0;
    g_array_append_val (sizes, size);
  }
  return names;
}

/* An assistant pays off when it is much smaller than its target: two quantizations of one
 * model share a vocabulary but are no pair. */
static gboolean
is_pair (const Entry *t, const Entry *a)
{
  return t->model && a->model && t->vocab == a->vocab && a->model->n_params * 2 <= t->model->n_params;
}

/* The daemon's Models property, without starting it (no activation) and without a word when
 * it is not there: what is on disk is worth listing either way. */
static JsonObject *
running_models (void)
{
  if (!draft_bus_address () && !g_getenv ("DBUS_SESSION_BUS_ADDRESS"))
    return NULL;
  DraftdBus *b = draft_bus ();
  if (b == NULL)
    return NULL;
  DBusMessage *m = dbus_message_new_method_call (DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DBUS_INTERFACE_PROPERTIES, "Get");
  const char *iface = DRAFTD_BUS_IFACE, *prop = "Models";
  dbus_message_append_args (m, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &prop, DBUS_TYPE_INVALID);
  dbus_message_set_auto_start (m, FALSE);
  DBusMessage *r = draftd_bus_call_sync (b, m, 10000, NULL);
  DBusMessageIter it;
  JsonNode *n = r && dbus_message_iter_init (r, &it) ? draft_bus_value_to_json (&it) : NULL;
  if (r)
    dbus_message_unref (r);
  JsonObject *o = n && JSON_NODE_HOLDS_OBJECT (n) ? json_object_ref (json_node_get_object (n)) : NULL;
  if (n)
    json_node_unref (n);
  return o;
}

static const char *
role_in_use (const Entry *e, JsonObject *running)
{
  const char *t = running && json_object_has_member (running, "target_path") ? json_object_get_string_member (running, "target_path") : NULL;
  const char *a = running && json_object_has_member (running, "assistant_path") ? json_object_get_string_member (running, "assistant_path") : NULL;
  return g_strcmp0 (t, e->path) == 0 ? "target" : g_strcmp0 (a, e->path) == 0 ? "assistant" : NULL;
}

static char *
format_params (guint64 n)
{
  return n >= 1000000000 ? g_strdup_printf ("%.1fB", n / 1e9)
         : n >= 100000000 ? g_strdup_printf ("%.0fM", n / 1e6)
         : n >= 1000000 ? g_strdup_printf ("%.1fM", n / 1e6)
                         : g_strdup_printf ("%.0fK", n / 1e3);
}

/* ---- output ---- */

static void
print_row (const Entry *e, JsonObject *running)
{
  if (e->model == NULL) {
    printf ("  %-40s broken: %s\n", e->file, e->error);
    return;
  }
  const DraftdModel *m = e->model;
  g_autofree char *params = format_params (m->n_params);
  g_autofree char *vocab = g_strdup_printf ("%c", 'A' + (e->vocab - 1) % 26);
  const char *use = role_in_use (e, running);
  printf ("  %-40s %-7s %7s %-7s %7u %-7s %-5s %s\n", e->file, draftd_model_arch_name (m->config.arch), params,
          draftd_model_quantization (m), m->config.n_ctx_train, draftd_chat_format_name (m->prompt.format), vocab,
          use ? use : "");
}

static void
print_running (JsonObject *running)
{
  if (running == NULL) {
    printf ("draftd is not running on this bus.\n");
    return;
  }
  const char *t = json_object_has_member (running, "target_path") ? json_object_get_string_member (running, "target_path") : "";
  const char *a = json_object_has_member (running, "assistant_path") ? json_object_get_string_member (running, "assistant_path") : NULL;
  printf ("draftd runs: target %s%s%s\n", t, a ? ", assistant " : ", no assistant", a ? a : "");
}

static void
print_human (const char *dir, GPtrArray *entries, JsonObject *running)
{
  printf ("Models in %s:\n", dir);
  if (entries->len == 0)
    printf ("  none yet: draft pull --list shows what draft pull can fetch\n");
  else
    printf ("  %-40s %-7s %7s %-7s %7s %-7s %-5s %s\n", "FILE", "ARCH", "PARAMS", "TYPE", "CONTEXT", "CHAT", "VOCAB", "IN USE");
  for (guint i = 0; i < entries->len; i++)
    print_row (g_ptr_array_index (entries, i), running);
  gboolean any = FALSE;
  for (guint i = 0; i < entries->len; i++)
    for (guint j = 0; j < entries->len; j++) {
      Entry *t = g_ptr_array_index (entries, i), *a = g_ptr_array_index (entries, j);
      if (!is_pair (t, a))
        continue;
      if (!any)
        printf ("Pairs (the assistant shares the target's vocabulary):\n");
      any = TRUE;
      printf ("  draft use %s --assistant %s\n", t->file, a->file);
    }
  g_autoptr (GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr (GPtrArray) parts = scan_unfinished (dir, sizes);
  if (parts->len)
    printf ("Unfinished downloads (draft pull resumes them):\n");
  for (guint i = 0; i < parts->len; i++) {
    g_autofree char *size = g_format_size (g_array_index (sizes, guint64, i));
    printf ("  %-40s %s so far\n", (char *) g_ptr_array_index (parts, i), size);
  }
  print_running (running);
}

static JsonNode *
entry_json (const Entry *e, JsonObject *running)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "file");
  json_builder_add_string_value (b, e->file);
  json_builder_set_member_name (b, "path");
  json_builder_add_string_value (b, e->path);
  if (e->model == NULL) {
    json_builder_set_member_name (b, "error");
    json_builder_add_string_value (b, e->error);
  } else {
    const DraftdModel *m = e->model;
    const char *use = role_in_use (e, running);
    json_builder_set_member_name (b, "architecture");
    json_builder_add_string_value (b, draftd_model_arch_name (m->config.arch));
    json_builder_set_member_name (b, "parameters");
    json_builder_add_int_value (b, (gint64) m->n_params);
    json_builder_set_member_name (b, "type");
    json_builder_add_string_value (b, draftd_model_quantization (m));
    json_builder_set_member_name (b, "context");
    json_builder_add_int_value (b, m->config.n_ctx_train);
    json_builder_set_member_name (b, "chat_format");
    json_builder_add_string_value (b, draftd_chat_format_name (m->prompt.format));
    json_builder_set_member_name (b, "vocabulary");
    json_builder_add_int_value (b, e->vocab);
    json_builder_set_member_name (b, "in_use");
    json_builder_add_string_value (b, use ? use : "");
  }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
print_json (const char *dir, GPtrArray *entries, JsonObject *running)
{
  g_autoptr (JsonObject) o = json_object_new ();
  JsonArray *models = json_array_new (), *pairs = json_array_new ();
  for (guint i = 0; i < entries->len; i++) {
    Entry *t = g_ptr_array_index (entries, i);
    json_array_add_element (models, entry_json (t, running));
    for (guint j = 0; j < entries->len; j++) {
      Entry *a = g_ptr_array_index (entries, j);
      if (!is_pair (t, a))
        continue;
      JsonObject *p = json_object_new ();
      json_object_set_string_member (p, "target", t->file);
      json_object_set_string_member (p, "assistant", a->file);
      json_array_add_object_element (pairs, p);
    }
  }
  json_object_set_string_member (o, "directory", dir);
  json_object_set_array_member (o, "models", models);
  json_object_set_array_member (o, "pairs", pairs);
  g_autoptr (GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr (GPtrArray) parts = scan_unfinished (dir, sizes);
  JsonArray *unfinished = json_array_new ();
  for (guint i = 0; i < parts->len; i++) {
    JsonObject *u = json_object_new ();
    json_object_set_string_member (u, "file", g_ptr_array_index (parts, i));
    json_object_set_int_member (u, "bytes", (gint64) g_array_index (sizes, guint64, i));
    json_array_add_object_element (unfinished, u);
  }
  json_object_set_array_member (o, "unfinished", unfinished);
  if (running)
    json_object_set_object_member (o, "running", json_object_ref (running));
  else
    json_object_set_null_member (o, "running");
  g_autoptr (JsonNode) root = json_node_init_object (json_node_alloc (), o);
  draft_print_json (root);
}

int
draft_cmd_models (int argc, char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "print the models, pairs and the running pair as one JSON object", NULL },
    G_OPTION_ENTRY_NULL,
  };
  int status;
  if (!draft_parse_command ("models", "", "The models in $XDG_DATA_HOME/draftd/models: architecture, parameters, type, context,\n"
                            "chat format; VOCAB letters mark those that share a vocabulary (an assistant must\n"
                            "share its target's); and the pair draftd runs now.", entries, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return draftd_cli_usage_error ("draft models", "takes no arguments");
  g_autofree char *dir = draft_models_dir ();
  g_autoptr (GPtrArray) found = scan (dir);
  g_autoptr (JsonObject) running = running_models ();
  if (json)
    print_json (dir, found, running);
  else
    print_human (dir, found, running);
  return DRAFTD_CLI_EXIT_OK;
}
