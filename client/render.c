/* What draft prints: corrected text or a word diff (streamed as edits arrive), JSON, tables. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "client/client.h"
#include "lib/cli/cli.h"

gboolean
draft_color_mode_from_name (const char *name, DraftColorMode *mode)
{
  static const char *const names[] = { "auto", "always", "never" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (name, names[i])) {
      *mode = (DraftColorMode) i;
      return TRUE;
    }
  return FALSE;
}

gboolean
draft_use_color (DraftColorMode mode)
{
  if (mode != DRAFT_COLOR_AUTO)
    return mode == DRAFT_COLOR_ALWAYS;
  const char *no_color = g_getenv ("NO_COLOR"), *term = g_getenv ("TERM");
  if (no_color && *no_color) /* https://no-color.org: any non-empty value */
    return FALSE;
  if (term == NULL || g_str_equal (term, "dumb"))
    return FALSE;
  return isatty (STDOUT_FILENO);
}

void
draft_renderer_init (DraftRenderer *r, const char *text, gboolean diff, gboolean color)
{
  *r = (DraftRenderer) { .text = text, .pos = text, .diff = diff, .color = color, .notes = g_ptr_array_new_with_free_func (g_free) };
}

/* Deleted text struck through in red or [-...-], inserted text green or {+...+}: without
 * colour the markers keep a change readable, never glued to its neighbours. */
static void
print_change (const DraftRenderer *r, const char *old, int old_len, const char *replacement)
{
  if (old_len > 0)
    printf (r->color ? "\033[31;9m%.*s\033[0m" : "[-%.*s-]", old_len, old);
  if (*replacement)
    printf (r->color ? "\033[32m%s\033[0m" : "{+%s+}", replacement);
}

/* "kind: old -> new: message", shortened where the message says it already: the daemon's
 * messages name the change ("agreement: have → has"), often under the kind's own name
 * ("spelling: teh → the"). */
static char *
note (const DraftEdit *e, const char *old, int old_len)
{
  if (strstr (e->message, "\u2192") == NULL)
    return g_strdup_printf ("%s: %.*s -> %s: %s", e->kind, old_len, old, *e->replacement ? e->replacement : "(deleted)",
                            e->message);
  gsize kl = strlen (e->kind);
  if (strncmp (e->message, e->kind, kl) == 0 && e->message[kl] == ':')
    return g_strdup (e->message);
  return g_strdup_printf ("%s: %s", e->kind, e->message);
}

void
draft_renderer_edit (const DraftEdit *e, gpointer renderer)
{
  DraftRenderer *r = renderer;
  /* Edits come in text order; one that does not is ignored rather than printed in the wrong place. */
  if (e->offset < r->pos_cp)
    return;
  const char *start = g_utf8_offset_to_pointer (r->pos, e->offset - r->pos_cp);
  const char *end = g_utf8_offset_to_pointer (start, e->length);
  fwrite (r->pos, 1, start - r->pos, stdout);
  if (r->diff) {
    print_change (r, start, (int) (end - start), e->replacement);
    if (e->message && *e->message)
      g_ptr_array_add (r->notes, note (e, start, (int) (end - start)));
  } else
    fputs (e->replacement, stdout);
  fflush (stdout);
  r->pos = end;
  r->pos_cp = e->offset + e->length;
}

void
draft_renderer_finish (DraftRenderer *r, gboolean final_newline)
{
  fputs (r->pos, stdout);
  /* The notes go on lines of their own, even after a text that has no final newline. */
  gsize n = strlen (r->pos);
  gboolean ends_line = n > 0 && r->pos[n - 1] == '\n';
  if (final_newline || (r->notes->len > 0 && !ends_line))
    putchar ('\n');
  for (guint i = 0; i < r->notes->len; i++)
    printf (r->color ? "  \033[2m%u. %s\033[0m\n" : "  %u. %s\n", i + 1, (char *) g_ptr_array_index (r->notes, i));
  fflush (stdout);
  g_ptr_array_unref (r->notes);
  r->notes = NULL;
}

JsonNode *
draft_result_to_json (const char *file, const char *text, GArray *edits, JsonNode *stats)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  if (file) {
    json_builder_set_member_name (b, "file");
    json_builder_add_string_value (b, file);
  }
  json_builder_set_member_name (b, "text");
  json_builder_add_string_value (b, text);
  json_builder_set_member_name (b, "edits");
  json_builder_begin_array (b);
  for (guint i = 0; i < edits->len; i++) {
    const DraftEdit *e = &g_array_index (edits, DraftEdit, i);
    json_builder_begin_object (b);
    json_builder_set_member_name (b, "offset");
    json_builder_add_int_value (b, e->offset);
    json_builder_set_member_name (b, "length");
    json_builder_add_int_value (b, e->length);
    json_builder_set_member_name (b, "replacement");
    json_builder_add_string_value (b, e->replacement);
    json_builder_set_member_name (b, "kind");
    json_builder_add_string_value (b, e->kind);
    json_builder_set_member_name (b, "message");
    if (e->message)
      json_builder_add_string_value (b, e->message);
    else
      json_builder_add_null_value (b);
    json_builder_set_member_name (b, "rule");
    if (e->rule)
      json_builder_add_string_value (b, e->rule);
    else
      json_builder_add_null_value (b);
    json_builder_end_object (b);
  }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "stats");
  json_builder_add_value (b, stats ? json_node_copy (stats) : json_node_new (JSON_NODE_NULL));
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

void
draft_print_json (JsonNode *node)
{
  g_autofree char *s = draftd_cli_json_text (node, FALSE);
  puts (s);
  fflush (stdout);
}

/* Rows of (key, value text), nested objects flattened to "parent.key". */
static void
collect_rows (JsonNode *node, const char *prefix, GPtrArray *keys, GPtrArray *values)
{
  if (JSON_NODE_HOLDS_OBJECT (node)) {
    JsonObject *o = json_node_get_object (node);
    /* Sorted, so that related keys (target_*, assistant_*) sit together. */
    GList *members = g_list_sort (json_object_get_members (o), (GCompareFunc) g_strcmp0);
    for (GList *l = members; l; l = l->next) {
      g_autofree char *key = prefix ? g_strdup_printf ("%s.%s", prefix, (char *) l->data) : g_strdup (l->data);
      collect_rows (json_object_get_member (o, l->data), key, keys, values);
    }
    g_list_free (members);
    return;
  }
  g_ptr_array_add (keys, g_strdup (prefix ? prefix : ""));
  /* Memory as `ollama ps` shows it: "2.3 GB", not a count of bytes. */
  if (prefix && g_str_has_suffix (prefix, "_memory") && JSON_NODE_HOLDS_VALUE (node) &&
      json_node_get_value_type (node) == G_TYPE_INT64)
    g_ptr_array_add (values, g_format_size (json_node_get_int (node)));
  else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    g_ptr_array_add (values, g_strdup (json_node_get_string (node)));
  else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_DOUBLE)
    g_ptr_array_add (values, g_strdup_printf ("%.4g", json_node_get_double (node)));
  else
    g_ptr_array_add (values, draftd_cli_json_text (node, FALSE));
}

void
draft_print_table (const char *title, JsonNode *node)
{
  g_autoptr (GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  collect_rows (node, NULL, keys, values);
  glong width = 0;
  for (guint i = 0; i < keys->len; i++)
    width = MAX (width, g_utf8_strlen (g_ptr_array_index (keys, i), -1));
  if (title)
    printf ("%s\n", title);
  for (guint i = 0; i < keys->len; i++) {
    const char *k = g_ptr_array_index (keys, i);
    printf ("  %s%*s  %s\n", k, (int) (width - g_utf8_strlen (k, -1)), "", (char *) g_ptr_array_index (values, i));
  }
  fflush (stdout);
}
