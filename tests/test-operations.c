/* The operation table (daemon/service/operations.c) against the introspection XML that
 * clients read: every method of org.draftd.Assistant1 is in the table with the same
 * in-arguments, and the table has no method the XML lacks. A method added to either alone
 * fails here; so that this is known to hold, the check is also run on an XML with one
 * method more and one less. */
#include <string.h>
#include "daemon/service/operations.h"
#include "lib/bus/draftd-bus-names.h"
#include "tests/tap.h"

typedef struct {
  gboolean in_iface;
  char *method;           /* the method being read */
  GString *in_signature;  /* its in-arguments so far */
  GHashTable *methods;    /* name -> in-signature */
} XmlReader;

static const char *
attribute (const char **names, const char **values, const char *want)
{
  for (guint i = 0; names[i]; i++)
    if (g_str_equal (names[i], want))
      return values[i];
  return NULL;
}

static void
on_start (GMarkupParseContext *ctx, const char *element, const char **names, const char **values, gpointer user,
          GError **error)
{
  XmlReader *r = user;
  const char *name = attribute (names, values, "name");
  if (g_str_equal (element, "interface")) {
    r->in_iface = name && g_str_equal (name, DRAFTD_BUS_IFACE);
  } else if (r->in_iface && g_str_equal (element, "method")) {
    r->method = g_strdup (name);
    g_string_truncate (r->in_signature, 0);
  } else if (r->method && g_str_equal (element, "arg")) {
    /* A method's arguments are "in" unless they say otherwise. */
    const char *direction = attribute (names, values, "direction");
    if (direction == NULL || g_str_equal (direction, "in"))
      g_string_append (r->in_signature, attribute (names, values, "type"));
  }
}

static void
on_end (GMarkupParseContext *ctx, const char *element, gpointer user, GError **error)
{
  XmlReader *r = user;
  if (g_str_equal (element, "interface")) {
    r->in_iface = FALSE;
  } else if (r->method && g_str_equal (element, "method")) {
    g_hash_table_insert (r->methods, r->method, g_strdup (r->in_signature->str));
    r->method = NULL;
  }
}

/* The interface's methods, name -> in-signature; NULL where the XML does not parse. */
static GHashTable *
xml_methods (const char *xml)
{
  XmlReader r = { FALSE, NULL, g_string_new (NULL), g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free) };
  static const GMarkupParser parser = { on_start, on_end, NULL, NULL, NULL };
  g_autoptr (GMarkupParseContext) ctx = g_markup_parse_context_new (&parser, 0, &r, NULL);
  g_autoptr (GError) error = NULL;
  gboolean ok = g_markup_parse_context_parse (ctx, xml, -1, &error) && g_markup_parse_context_end_parse (ctx, &error);
  g_string_free (r.in_signature, TRUE);
  g_free (r.method);
  if (!ok) {
    tap_diag ("the XML does not parse: %s", error->message);
    g_clear_pointer (&r.methods, g_hash_table_unref);
  }
  return r.methods;
}

/* Methods of the XML the table lacks, or has with other in-arguments. */
static char *
missing_from_table (GHashTable *xml)
{
  GString *out = g_string_new (NULL);
  GHashTableIter it;
  gpointer name, sig;
  g_hash_table_iter_init (&it, xml);
  while (g_hash_table_iter_next (&it, &name, &sig)) {
    const DraftdOperation *op = draftd_operation_find (name);
    if (op == NULL || !g_str_equal (op->in_signature, sig))
      g_string_append_printf (out, " %s(%s)", (char *) name, (char *) sig);
  }
  return g_string_free (out, FALSE);
}

/* Methods of the table the XML lacks. */
static char *
missing_from_xml (GHashTable *xml)
{
  GString *out = g_string_new (NULL);
  guint n;
  const DraftdOperation *ops = draftd_operations (&n);
  for (guint i = 0; i < n; i++)
    if (!g_hash_table_contains (xml, ops[i].name))
      g_string_append_printf (out, " %s", ops[i].name);
  return g_string_free (out, FALSE);
}

/* The XML with `from` replaced by `to` (once). */
static char *
edited (const char *xml, const char *from, const char *to)
{
  const char *at = strstr (xml, from);
  g_assert (at != NULL);
  return g_strdup_printf ("%.*s%s%s", (int) (at - xml), xml, to, at + strlen (from));
}

static void
check_edited (const char *xml)
{
  g_autofree char *more = edited (xml, "<method name=\"Cancel\">",
                                  "<method name=\"Extra\"><arg type=\"s\" direction=\"in\"/></method><method name=\"Cancel\">");
  g_autoptr (GHashTable) with_extra = xml_methods (more);
  g_autofree char *extra = with_extra ? missing_from_table (with_extra) : NULL;
  tap_ok (extra && g_str_equal (extra, " Extra(s)"), "a method added to the XML alone is caught:%s", extra ? extra : "");
  g_autofree char *less = edited (xml, "<method name=\"Cancel\">", "<method name=\"Renamed\">");
  g_autoptr (GHashTable) without = xml_methods (less);
  g_autofree char *gone = without ? missing_from_xml (without) : NULL;
  tap_ok (gone && g_str_equal (gone, " Cancel"), "a method of the table missing from the XML is caught:%s", gone ? gone : "");
}

int
main (void)
{
  g_autofree char *path = g_build_filename (DRAFTD_SOURCE_ROOT, "daemon", "service", "org.draftd.Assistant1.xml", NULL);
  g_autofree char *xml = NULL;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (path, &xml, NULL, &error)) {
    tap_ok (FALSE, "the introspection XML reads: %s", error->message);
    return tap_done ();
  }
  g_autoptr (GHashTable) methods = xml_methods (xml);
  g_autofree char *missing = methods ? missing_from_table (methods) : g_strdup (" (no XML)");
  tap_ok (*missing == 0, "every method of %s in the XML is in the operation table with its in-arguments%s%s", DRAFTD_BUS_IFACE,
          *missing ? "; not:" : "", missing);
  g_autofree char *extra = methods ? missing_from_xml (methods) : g_strdup (" (no XML)");
  tap_ok (*extra == 0, "every method of the operation table is in the XML%s%s", *extra ? "; not:" : "", extra);
  guint n;
  const DraftdOperation *ops = draftd_operations (&n);
  gboolean options = TRUE;
  for (guint i = 0; i < n; i++)
    options &= ops[i].job == (ops[i].options != DRAFTD_OPTIONS_NONE) &&
               (!ops[i].job || g_str_has_suffix (ops[i].in_signature, "a{sv}"));
  tap_ok (options, "a job method, and only a job method, takes an a{sv} of options last");
  check_edited (xml);
  return tap_done ();
}
