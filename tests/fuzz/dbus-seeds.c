/* Writes the seed corpus of the D-Bus request fuzz target (tests/fuzz/corpus/dbus-options/):
 * marshalled calls of every operation, direct and through Start, with every option in its
 * right type and some in a wrong one, so that libFuzzer starts from messages libdbus accepts
 * instead of having to discover the wire format. Run once by hand; the output is committed:
 *   build/tests/fuzz-dbus-seeds tests/fuzz/corpus/dbus-options */
#include <dbus/dbus.h>
#include <glib.h>
#include "lib/bus/draftd-bus.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DBusMessage, dbus_message_unref)

typedef void (*AddFn) (DBusMessageIter *dict);

static void
entry_begin (DBusMessageIter *dict, DBusMessageIter *entry, DBusMessageIter *var, const char *key, const char *sig)
{
  dbus_message_iter_open_container (dict, DBUS_TYPE_DICT_ENTRY, NULL, entry);
  dbus_message_iter_append_basic (entry, DBUS_TYPE_STRING, &key);
  dbus_message_iter_open_container (entry, DBUS_TYPE_VARIANT, sig, var);
}

static void
entry_end (DBusMessageIter *dict, DBusMessageIter *entry, DBusMessageIter *var)
{
  dbus_message_iter_close_container (entry, var);
  dbus_message_iter_close_container (dict, entry);
}

static void
add_basic (DBusMessageIter *dict, const char *key, int type, const void *value)
{
  DBusMessageIter entry, var;
  char sig[2] = { (char) type, 0 };
  entry_begin (dict, &entry, &var, key, sig);
  dbus_message_iter_append_basic (&var, type, value);
  entry_end (dict, &entry, &var);
}

static void
add_stop (DBusMessageIter *dict)
{
  DBusMessageIter entry, var, arr;
  entry_begin (dict, &entry, &var, "stop", "as");
  dbus_message_iter_open_container (&var, DBUS_TYPE_ARRAY, "s", &arr);
  for (const char *const *s = (const char *const[]) { "\n\n", "END", NULL }; *s; s++)
    dbus_message_iter_append_basic (&arr, DBUS_TYPE_STRING, s);
  dbus_message_iter_close_container (&var, &arr);
  entry_end (dict, &entry, &var);
}

static void
opts_none (DBusMessageIter *dict)
{
}

static void
opts_sampling (DBusMessageIter *dict)
{
  guint32 max = 64, top_k = 40;
  double t = 0.7, top_p = 0.9, min_p = 0.05;
  guint64 seed = 42;
  const char *mode = "speculative";
  add_basic (dict, "max_tokens", DBUS_TYPE_UINT32, &max);
  add_basic (dict, "temperature", DBUS_TYPE_DOUBLE, &t);
  add_basic (dict, "top_p", DBUS_TYPE_DOUBLE, &top_p);
  add_basic (dict, "min_p", DBUS_TYPE_DOUBLE, &min_p);
  add_basic (dict, "top_k", DBUS_TYPE_UINT32, &top_k);
  add_basic (dict, "seed", DBUS_TYPE_UINT64, &seed);
  add_basic (dict, "mode", DBUS_TYPE_STRING, &mode);
  add_stop (dict);
}

static void
opts_grammar (DBusMessageIter *dict)
{
  const char *unit = "utf16";
  double keep = 3.0;
  dbus_bool_t yes = TRUE;
  add_basic (dict, "offset_unit", DBUS_TYPE_STRING, &unit);
  add_basic (dict, "keep_bias", DBUS_TYPE_DOUBLE, &keep);
  add_basic (dict, "compare_greedy", DBUS_TYPE_BOOLEAN, &yes);
  add_basic (dict, "protect_quotes", DBUS_TYPE_BOOLEAN, &yes);
}

/* Right keys, wrong types and an unknown key: each must come back as an error. */
static void
opts_wrong (DBusMessageIter *dict)
{
  const char *s = "many";
  guint32 u = 3;
  add_basic (dict, "max_tokens", DBUS_TYPE_STRING, &s);
  add_basic (dict, "temperature", DBUS_TYPE_UINT32, &u);
  add_basic (dict, "frobnicate", DBUS_TYPE_UINT32, &u);
}

static void
append_options (DBusMessageIter *it, AddFn add)
{
  DBusMessageIter dict;
  dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "{sv}", &dict);
  add (&dict);
  dbus_message_iter_close_container (it, &dict);
}

static DBusMessage *
call (const char *member)
{
  DBusMessage *m = dbus_message_new_method_call (DRAFTD_BUS_NAME, DRAFTD_BUS_PATH, DRAFTD_BUS_IFACE, member);
  dbus_message_set_serial (m, 1);
  dbus_message_set_sender (m, ":1.42");
  return m;
}

/* The operation's string arguments, then its options. */
static void
append_args (DBusMessageIter *it, const char *member, AddFn add)
{
  const char *text = "She have two cat and they is happy.", *instr = "Make it formal.", *conv = "notes";
  if (g_str_equal (member, "Chat"))
    dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &conv);
  dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &text);
  if (g_str_equal (member, "Rewrite"))
    dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &instr);
  append_options (it, add);
}

static DBusMessage *
direct (const char *member, AddFn add)
{
  DBusMessage *m = call (member);
  DBusMessageIter it;
  dbus_message_iter_init_append (m, &it);
  append_args (&it, member, add);
  return m;
}

/* Start(s method, av args): every argument wrapped in its own variant. */
static DBusMessage *
via_start (const char *member, AddFn add)
{
  g_autoptr (DBusMessage) inner = direct (member, add);
  DBusMessage *m = call ("Start");
  DBusMessageIter it, av, in;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &member);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "v", &av);
  dbus_message_iter_init (inner, &in);
  for (; dbus_message_iter_get_arg_type (&in) != DBUS_TYPE_INVALID; dbus_message_iter_next (&in)) {
    g_autofree char *sig = dbus_message_iter_get_signature (&in);
    DBusMessageIter var, src;
    dbus_message_iter_open_container (&av, DBUS_TYPE_VARIANT, sig, &var);
    if (dbus_message_iter_get_arg_type (&in) == DBUS_TYPE_STRING) {
      const char *s;
      dbus_message_iter_get_basic (&in, &s);
      dbus_message_iter_append_basic (&var, DBUS_TYPE_STRING, &s);
    } else {
      /* The options dictionary: copied entry by entry. */
      DBusMessageIter dict, entry, key_var;
      dbus_message_iter_recurse (&in, &src);
      dbus_message_iter_open_container (&var, DBUS_TYPE_ARRAY, "{sv}", &dict);
      for (; dbus_message_iter_get_arg_type (&src) == DBUS_TYPE_DICT_ENTRY; dbus_message_iter_next (&src)) {
        DBusMessageIter e, v;
        const char *key;
        dbus_message_iter_recurse (&src, &e);
        dbus_message_iter_get_basic (&e, &key);
        dbus_message_iter_next (&e);
        dbus_message_iter_recurse (&e, &v);
        g_autofree char *vsig = dbus_message_iter_get_signature (&v);
        entry_begin (&dict, &entry, &key_var, key, vsig);
        if (dbus_message_iter_get_arg_type (&v) == DBUS_TYPE_ARRAY) {
          DBusMessageIter a, out;
          dbus_message_iter_recurse (&v, &a);
          dbus_message_iter_open_container (&key_var, DBUS_TYPE_ARRAY, "s", &out);
          for (; dbus_message_iter_get_arg_type (&a) == DBUS_TYPE_STRING; dbus_message_iter_next (&a)) {
            const char *s;
            dbus_message_iter_get_basic (&a, &s);
            dbus_message_iter_append_basic (&out, DBUS_TYPE_STRING, &s);
          }
          dbus_message_iter_close_container (&key_var, &out);
        } else {
          DBusBasicValue value;
          dbus_message_iter_get_basic (&v, &value);
          dbus_message_iter_append_basic (&key_var, dbus_message_iter_get_arg_type (&v), &value);
        }
        entry_end (&dict, &entry, &key_var);
      }
      dbus_message_iter_close_container (&var, &dict);
    }
    dbus_message_iter_close_container (&av, &var);
  }
  dbus_message_iter_close_container (&it, &av);
  return m;
}

static gboolean
write_seed (const char *dir, const char *name, DBusMessage *m, GError **error)
{
  char *bytes = NULL;
  int len = 0;
  if (!dbus_message_marshal (m, &bytes, &len)) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: cannot marshal", name);
    return FALSE;
  }
  g_autofree char *path = g_build_filename (dir, name, NULL);
  gboolean ok = g_file_set_contents (path, bytes, len, error);
  dbus_free (bytes);
  return ok;
}

int
main (int argc, char **argv)
{
  if (argc != 2) {
    g_printerr ("usage: %s CORPUS-DIR\n", argv[0]);
    return 2;
  }
  static const struct { const char *name; AddFn add; } sets[] = {
    { "none", opts_none }, { "sampling", opts_sampling }, { "grammar", opts_grammar }, { "wrong", opts_wrong },
  };
  g_autoptr (GError) error = NULL;
  for (const char *const *member = (const char *const[]) { "Complete", "Chat", "Rewrite", "Correct", NULL }; *member; member++)
    for (guint s = 0; s < G_N_ELEMENTS (sets); s++) {
      g_autofree char *name = g_strdup_printf ("%s-%s", *member, sets[s].name);
      g_autofree char *start_name = g_strdup_printf ("Start-%s-%s", *member, sets[s].name);
      g_autoptr (DBusMessage) d = direct (*member, sets[s].add);
      g_autoptr (DBusMessage) st = via_start (*member, sets[s].add);
      if (!write_seed (argv[1], name, d, &error) || !write_seed (argv[1], start_name, st, &error)) {
        g_printerr ("%s\n", error->message);
        return 1;
      }
    }
  return 0;
}
