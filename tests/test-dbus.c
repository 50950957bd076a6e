/* draftd over D-Bus, driven by a libdbus client and by gdbus/dbus-send: every method and
 * signal, streaming order, cancel, an error for each bad input, a client that vanishes
 * mid-job, 16 concurrent clients, properties and introspection, a second instance, and
 * a clean SIGTERM shutdown (exit 0; under ASan also: no leak). */
#include <string.h>
#include "tests/bus-fixture.h"
#include "grammar/edits.h"
#include "tests/tap.h"
#include "tests/test-util.h"

#include "lib/bus/draftd-bus.h"

#define NAME DRAFTD_BUS_NAME
#define PATH DRAFTD_BUS_PATH
#define IFACE DRAFTD_BUS_IFACE
/* stories260K's greedy continuation, 20 tokens. */
#define GOLDEN_20 ", there was a little girl named Lily. She loved to play outsid"

static DBusMessage *
new_call (const char *member)
{
  return dbus_message_new_method_call (NAME, PATH, IFACE, member);
}

/* Appends a{sv} from (key, dbus type, pointer) triples ending with NULL. */
static void
append_options (DBusMessageIter *it, ...)
{
  DBusMessageIter d;
  va_list ap;
  va_start (ap, it);
  dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "{sv}", &d);
  const char *key;
  while ((key = va_arg (ap, const char *))) {
    int type = va_arg (ap, int);
    const void *v = va_arg (ap, const void *);
    draftd_bus_dict_add (&d, key, type, v);
  }
  dbus_message_iter_close_container (it, &d);
  va_end (ap);
}

static DBusMessage *
call_block (DBusConnection *c, DBusMessage *m, DBusError *e)
{
  DBusMessage *r = dbus_connection_send_with_reply_and_block (c, m, 300000, e);
  dbus_message_unref (m);
  return r;
}

static DBusMessage *
complete (DBusConnection *c, const char *prompt, guint32 max_tokens, DBusError *e)
{
  DBusMessage *m = new_call ("Complete");
  DBusMessageIter it;
  double temp = 0.0;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &prompt);
  append_options (&it, "max_tokens", DBUS_TYPE_UINT32, &max_tokens, "temperature", DBUS_TYPE_DOUBLE, &temp, NULL);
  return call_block (c, m, e);
}

/* For calls expected to succeed: a failure is reported and its error released. */
static DBusMessage *
complete_ok (DBusConnection *c, const char *prompt, guint32 max_tokens)
{
  DBusError e;
  dbus_error_init (&e);
  DBusMessage *r = complete (c, prompt, max_tokens, &e);
  if (r == NULL) {
    tap_diag ("Complete failed: %s: %s", e.name, e.message);
    dbus_error_free (&e);
  }
  return r;
}

static char *
reply_string (DBusMessage *r)
{
  const char *s = NULL;
  DBusMessageIter it;
  if (r && dbus_message_iter_init (r, &it) && dbus_message_iter_get_arg_type (&it) == DBUS_TYPE_STRING)
    dbus_message_iter_get_basic (&it, &s);
  return g_strdup (s);
}

static gboolean
expect_error (DBusMessage *r, DBusError *e, const char *name, const char *what)
{
  gboolean ok = r == NULL && dbus_error_is_set (e) && g_str_equal (e->name, name);
  tap_ok (ok, "%s -> %s: %s", what, e->name ? e->name : "(no error)", e->message ? e->message : "");
  if (r)
    dbus_message_unref (r);
  dbus_error_free (e);
  return ok;
}

/* ---- streaming ---- */

typedef struct {
  const char *path;
  GString *chunks;
  GPtrArray *edits;       /* "offset:length:replacement" */
  char *finished, *failed;
  gboolean order_ok;      /* nothing after Finished/Failed */
} Stream;

static DBusHandlerResult
stream_filter (DBusConnection *c, DBusMessage *m, void *user)
{
  Stream *s = user;
  const char *path, *a, *b, *k;
  guint32 off, len;
  if (dbus_message_get_type (m) != DBUS_MESSAGE_TYPE_SIGNAL || !dbus_message_has_interface (m, IFACE))
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  gboolean ended = s->finished || s->failed;
  if (dbus_message_is_signal (m, IFACE, "Chunk") &&
      dbus_message_get_args (m, NULL, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_STRING, &a, DBUS_TYPE_INVALID) &&
      g_str_equal (path, s->path)) {
    g_string_append (s->chunks, a);
    s->order_ok &= !ended;
  } else if (dbus_message_is_signal (m, IFACE, "Edit") &&
             dbus_message_get_args (m, NULL, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_UINT32, &off, DBUS_TYPE_UINT32,
                                    &len, DBUS_TYPE_STRING, &a, DBUS_TYPE_STRING, &k, DBUS_TYPE_INVALID) &&
             g_str_equal (path, s->path)) {
    g_ptr_array_add (s->edits, g_strdup_printf ("%u:%u:%s", off, len, a));
    s->order_ok &= !ended;
  } else if (dbus_message_is_signal (m, IFACE, "Finished")) {
    DBusMessageIter it;
    dbus_message_iter_init (m, &it);
    dbus_message_iter_get_basic (&it, &path);
    if (g_str_equal (path, s->path)) {
      dbus_message_iter_next (&it);
      dbus_message_iter_get_basic (&it, &a);
      s->order_ok &= !ended;
      s->finished = g_strdup (a);
    }
  } else if (dbus_message_is_signal (m, IFACE, "Failed") &&
             dbus_message_get_args (m, NULL, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_STRING, &a, DBUS_TYPE_STRING, &b,
                                    DBUS_TYPE_INVALID) &&
             g_str_equal (path, s->path)) {
    s->order_ok &= !ended;
    s->failed = g_strdup (a);
  }
  return DBUS_HANDLER_RESULT_HANDLED;
}

/* Start(method, args) built by the caller into `m`'s av; returns the job path. */
static char *
start (DBusConnection *c, const char *method, void (*build) (DBusMessageIter *av, gpointer), gpointer data, DBusError *e)
{
  DBusMessage *m = new_call ("Start");
  DBusMessageIter it, av;
  dbus_message_iter_init_append (m, &it);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &method);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "v", &av);
  build (&av, data);
  dbus_message_iter_close_container (&it, &av);
  DBusMessage *r = call_block (c, m, e);
  if (r == NULL) {
    tap_diag ("Start failed: %s", e->message);
    dbus_error_free (e);
    return NULL;
  }
  const char *p;
  dbus_message_get_args (r, NULL, DBUS_TYPE_OBJECT_PATH, &p, DBUS_TYPE_INVALID);
  char *path = g_strdup (p);
  dbus_message_unref (r);
  return path;
}


typedef struct {
  const char *text;
  guint32 max_tokens;
  const char *unit;
} StartArgs;

static void
build_complete (DBusMessageIter *av, gpointer p)
{
  StartArgs *a = p;
  DBusMessageIter v;
  double t = 0.0;
  draftd_bus_append_variant_string (av, a->text);
  dbus_message_iter_open_container (av, DBUS_TYPE_VARIANT, "a{sv}", &v);
  append_options (&v, "max_tokens", DBUS_TYPE_UINT32, &a->max_tokens, "temperature", DBUS_TYPE_DOUBLE, &t, NULL);
  dbus_message_iter_close_container (av, &v);
}

static void
build_correct (DBusMessageIter *av, gpointer p)
{
  StartArgs *a = p;
  DBusMessageIter v;
  draftd_bus_append_variant_string (av, a->text);
  dbus_message_iter_open_container (av, DBUS_TYPE_VARIANT, "a{sv}", &v);
  append_options (&v, "offset_unit", DBUS_TYPE_STRING, &a->unit, NULL);
  dbus_message_iter_close_container (av, &v);
}

static void
wait_stream (DBusConnection *c, Stream *s, gboolean cancel_after_first_chunk)
{
  gboolean cancelled = FALSE;
  for (int i = 0; i < 6000 && !s->finished && !s->failed; i++) {
    dbus_connection_read_write_dispatch (c, 50);
    if (cancel_after_first_chunk && !cancelled && s->chunks->len > 0) {
      DBusMessage *m = new_call ("Cancel");
      dbus_message_append_args (m, DBUS_TYPE_OBJECT_PATH, &s->path, DBUS_TYPE_INVALID);
      dbus_connection_send (c, m, NULL);
      dbus_message_unref (m);
      cancelled = TRUE;
    }
  }
}

/* Reads Correct's reply and applies its edits to `text` in the given unit. */
static char *
apply_reply_edits (DBusMessage *r, const char *text, DraftdGrammarOffsetUnit unit, char **corrected, guint *n_edits)
{
  DBusMessageIter it, arr, st;
  const char *res;
  dbus_message_iter_init (r, &it);
  dbus_message_iter_get_basic (&it, &res);
  *corrected = g_strdup (res);
  dbus_message_iter_next (&it);
  dbus_message_iter_recurse (&it, &arr);
  g_autoptr (GArray) offs = g_array_new (FALSE, FALSE, 4), lens = g_array_new (FALSE, FALSE, 4);
  g_autoptr (GPtrArray) reps = g_ptr_array_new ();
  while (dbus_message_iter_get_arg_type (&arr) == DBUS_TYPE_STRUCT) {
    guint32 o, l;
    const char *rep;
    dbus_message_iter_recurse (&arr, &st);
    dbus_message_iter_get_basic (&st, &o);
    dbus_message_iter_next (&st);
    dbus_message_iter_get_basic (&st, &l);
    dbus_message_iter_next (&st);
    dbus_message_iter_get_basic (&st, &rep);
    g_array_append_val (offs, o);
    g_array_append_val (lens, l);
    g_ptr_array_add (reps, (gpointer) rep);
    dbus_message_iter_next (&arr);
  }
  *n_edits = offs->len;
  return draftd_grammar_apply_edits (text, (guint32 *) offs->data, (guint32 *) lens->data, (const char *const *) reps->pdata,
                              offs->len, unit);
}

int
main (void)
{
  BusFixture f;
  g_autoptr (GError) error = NULL;
  int code;
  const char *extra[] = { "--queue-depth", "32", NULL };
  if (!bus_fixture_begin (&f, extra, &code))
    return code;
  tap_ok (TRUE, "draftd owns org.draftd.Assistant1 on a private bus");
  DBusConnection *c = bus_fixture_connect (&f);
  DBusError e;
  dbus_error_init (&e);

  /* Complete, greedy: the target's own greedy text (speculative with the assistant). */
  DBusMessage *r = complete_ok (c, "Once upon a time", 20);
  g_autofree char *text = reply_string (r);
  tap_ok (text && g_str_equal (text, GOLDEN_20), "Complete (greedy, speculative) returns the greedy text: '%s'", text);
  if (r)
    dbus_message_unref (r);

  /* Chat keeps history per conversation; ResetConversation forgets it. */
  guint32 prompt_tokens[3] = { 0 };
  for (int turn = 0; turn < 3; turn++) {
    if (turn == 2) {
      DBusMessage *m = new_call ("ResetConversation");
      const char *id = "conv1";
      dbus_message_append_args (m, DBUS_TYPE_STRING, &id, DBUS_TYPE_INVALID);
      DBusMessage *rr = call_block (c, m, &e);
      if (rr)
        dbus_message_unref (rr);
      else
        dbus_error_free (&e);
    }
    DBusMessage *m = new_call ("Chat");
    DBusMessageIter it;
    const char *id = "conv1", *msg = "Tell me about Lily.";
    guint32 mt = 16;
    double t = 0.0;
    dbus_message_iter_init_append (m, &it);
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &id);
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &msg);
    append_options (&it, "max_tokens", DBUS_TYPE_UINT32, &mt, "temperature", DBUS_TYPE_DOUBLE, &t, NULL);
    DBusMessage *rr = call_block (c, m, &e);
    if (rr) {
      DBusMessageIter ri, d;
      dbus_message_iter_init (rr, &ri);
      dbus_message_iter_next (&ri);
      dbus_message_iter_recurse (&ri, &d);
      while (dbus_message_iter_get_arg_type (&d) == DBUS_TYPE_DICT_ENTRY) {
        DBusMessageIter en, v;
        const char *k;
        dbus_message_iter_recurse (&d, &en);
        dbus_message_iter_get_basic (&en, &k);
        dbus_message_iter_next (&en);
        dbus_message_iter_recurse (&en, &v);
        if (g_str_equal (k, "prompt_tokens"))
          dbus_message_iter_get_basic (&v, &prompt_tokens[turn]);
        dbus_message_iter_next (&d);
      }
      dbus_message_unref (rr);
    } else {
      dbus_error_free (&e);
    }
  }
  tap_ok (prompt_tokens[1] > prompt_tokens[0] && prompt_tokens[2] == prompt_tokens[0],
          "Chat carries history (%u then %u prompt tokens), ResetConversation clears it (%u)", prompt_tokens[0],
          prompt_tokens[1], prompt_tokens[2]);

  /* Correct: edits in UTF-16 re-apply to the exact output (emoji, CRLF). */
  const char *para = "She go to school yesterday 🙂 and buyed two book.\r\nThe cat sat on teh mat. 中文 text, `code` and https://x.org/a.b.";
  const char *units[] = { "utf16", "codepoint", "utf8" };
  DraftdGrammarOffsetUnit uenum[] = { DRAFTD_GRAMMAR_UNIT_UTF16, DRAFTD_GRAMMAR_UNIT_CODEPOINT, DRAFTD_GRAMMAR_UNIT_UTF8 };
  for (guint u = 0; u < 3; u++) {
    DBusMessage *m = new_call ("Correct");
    DBusMessageIter it;
    dbus_message_iter_init_append (m, &it);
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &para);
    append_options (&it, "offset_unit", DBUS_TYPE_STRING, &units[u], NULL);
    DBusMessage *rr = call_block (c, m, &e);
    g_autofree char *corrected = NULL;
    guint n = 0;
    g_autofree char *applied = rr ? apply_reply_edits (rr, para, uenum[u], &corrected, &n) : NULL;
    tap_ok (applied && g_str_equal (applied, corrected), "Correct (%s offsets): %u edits re-apply to the output", units[u], n);
    if (rr)
      dbus_message_unref (rr);
    else
      dbus_error_free (&e);
  }
  {
    DBusMessage *m = new_call ("Rewrite");
    DBusMessageIter it;
    const char *t = "the weather is nice today.", *instr = "formal";
    dbus_message_iter_init_append (m, &it);
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &t);
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &instr);
    append_options (&it, NULL);
    DBusMessage *rr = call_block (c, m, &e);
    g_autofree char *rw = NULL;
    guint n = 0;
    g_autofree char *applied = rr ? apply_reply_edits (rr, t, DRAFTD_GRAMMAR_UNIT_CODEPOINT, &rw, &n) : NULL;
    tap_ok (applied && g_str_equal (applied, rw), "Rewrite (preset 'formal') returns text and matching edits");
    if (rr)
      dbus_message_unref (rr);
    else
      dbus_error_free (&e);
  }

  /* Start: chunks stream in order and add up to Finished's result. */
  {
    StartArgs a = { "Once upon a time", 20, NULL };
    g_autofree char *path = start (c, "Complete", build_complete, &a, &e);
    Stream s = { path, g_string_new (NULL), g_ptr_array_new_with_free_func (g_free), NULL, NULL, TRUE };
    dbus_connection_add_filter (c, stream_filter, &s, NULL);
    wait_stream (c, &s, FALSE);
    dbus_connection_remove_filter (c, stream_filter, &s);
    tap_ok (path && s.finished && g_str_equal (s.finished, GOLDEN_20) && g_str_equal (s.chunks->str, s.finished) && s.order_ok,
            "Start(Complete): Chunk signals, in order, add up to Finished's result");
    g_string_free (s.chunks, TRUE);
    g_ptr_array_unref (s.edits);
    g_free (s.finished);
    g_free (s.failed);
  }
  {
    StartArgs a = { para, 0, "utf16" };
    g_autofree char *path = start (c, "Correct", build_correct, &a, &e);
    Stream s = { path, g_string_new (NULL), g_ptr_array_new_with_free_func (g_free), NULL, NULL, TRUE };
    dbus_connection_add_filter (c, stream_filter, &s, NULL);
    wait_stream (c, &s, FALSE);
    dbus_connection_remove_filter (c, stream_filter, &s);
    tap_ok (path && s.finished && s.order_ok, "Start(Correct): %u Edit signals, then Finished", s.edits->len);
    g_string_free (s.chunks, TRUE);
    g_ptr_array_unref (s.edits);
    g_free (s.finished);
    g_free (s.failed);
  }
  /* Cancel: the job stops and reports Cancelled. */
  {
    StartArgs a = { "Once upon a time", 400, NULL };
    g_autofree char *path = start (c, "Complete", build_complete, &a, &e);
    Stream s = { path, g_string_new (NULL), g_ptr_array_new_with_free_func (g_free), NULL, NULL, TRUE };
    dbus_connection_add_filter (c, stream_filter, &s, NULL);
    wait_stream (c, &s, TRUE);
    dbus_connection_remove_filter (c, stream_filter, &s);
    tap_ok (s.failed && g_str_equal (s.failed, "org.draftd.Error.Cancelled") && s.order_ok,
            "Cancel stops a running job: Failed(%s)", s.failed ? s.failed : "-");
    g_string_free (s.chunks, TRUE);
    g_ptr_array_unref (s.edits);
    g_free (s.finished);
    g_free (s.failed);
  }
  /* Only the owner may cancel. */
  {
    StartArgs a = { "Once upon a time", 300, NULL };
    g_autofree char *path = start (c, "Complete", build_complete, &a, &e);
    DBusConnection *other = bus_fixture_connect (&f);
    DBusMessage *m = new_call ("Cancel");
    dbus_message_append_args (m, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
    expect_error (call_block (other, m, &e), &e, "org.draftd.Error.InvalidArgument", "Cancel of another client's job");
    dbus_connection_close (other);
    dbus_connection_unref (other);
    /* Let it finish: the owner waits for its result. */
    Stream s = { path, g_string_new (NULL), g_ptr_array_new_with_free_func (g_free), NULL, NULL, TRUE };
    dbus_connection_add_filter (c, stream_filter, &s, NULL);
    wait_stream (c, &s, FALSE);
    dbus_connection_remove_filter (c, stream_filter, &s);
    tap_ok (s.finished != NULL, "the foreign cancel did not affect the job");
    g_string_free (s.chunks, TRUE);
    g_ptr_array_unref (s.edits);
    g_free (s.finished);
    g_free (s.failed);
  }

  /* Bad input: each gets a clear error. */
  {
    DBusMessage *m = new_call ("Complete");
    guint32 x = 5;
    dbus_message_append_args (m, DBUS_TYPE_UINT32, &x, DBUS_TYPE_INVALID);
    expect_error (call_block (c, m, &e), &e, "org.draftd.Error.InvalidArgument", "Complete(u) (wrong argument types)");
    DBusMessageIter it;
    const char *p = "hi";
    m = new_call ("Complete");
    dbus_message_iter_init_append (m, &it);
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &p);
    append_options (&it, "nonsense", DBUS_TYPE_UINT32, &x, NULL);
    expect_error (call_block (c, m, &e), &e, "org.draftd.Error.InvalidArgument", "unknown option");
    m = new_call ("Complete");
    dbus_message_iter_init_append (m, &it);
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &p);
    append_options (&it, "max_tokens", DBUS_TYPE_STRING, &p, NULL);
    expect_error (call_block (c, m, &e), &e, "org.draftd.Error.InvalidArgument", "option of the wrong type");
    m = new_call ("Correct");
    dbus_message_iter_init_append (m, &it);
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &p);
    const char *bad_unit = "bytes";
    append_options (&it, "offset_unit", DBUS_TYPE_STRING, &bad_unit, NULL);
    expect_error (call_block (c, m, &e), &e, "org.draftd.Error.InvalidArgument", "unknown offset unit");
    GString *big = g_string_new (NULL);
    while (big->len < (2u << 20))
      g_string_append (big, "All work and no play makes Jack a dull boy. ");
    m = new_call ("Correct");
    dbus_message_iter_init_append (m, &it);
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &big->str);
    append_options (&it, NULL);
    expect_error (call_block (c, m, &e), &e, "org.draftd.Error.TooLong", "a 2 MiB text");
    g_string_truncate (big, 4000);
    r = complete (c, big->str, 10, &e);
    expect_error (r, &e, "org.draftd.Error.TooLong", "a prompt longer than the context");
    g_string_free (big, TRUE);
    m = new_call ("Start");
    const char *meth = "Explode";
    dbus_message_iter_init_append (m, &it);
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &meth);
    DBusMessageIter av;
    dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "v", &av);
    dbus_message_iter_close_container (&it, &av);
    expect_error (call_block (c, m, &e), &e, "org.draftd.Error.InvalidArgument", "Start of an unknown method");
    /* libdbus itself refuses to put invalid UTF-8 on the wire: the daemon never sees it. */
    tap_ok (!dbus_validate_utf8 ("bad \xff\xfe text", NULL), "invalid UTF-8 cannot be sent as a D-Bus string");
  }

  /* A client that vanishes mid-job: its job is cancelled, the daemon serves the next one. */
  {
    DBusConnection *gone = bus_fixture_connect (&f);
    StartArgs a = { "Once upon a time", 450, NULL };
    g_autofree char *path = start (gone, "Complete", build_complete, &a, &e);
    dbus_connection_close (gone);
    dbus_connection_unref (gone);
    gint64 t0 = g_get_monotonic_time ();
    r = complete_ok (c, "Once upon a time", 20);
    g_autofree char *t2 = reply_string (r);
    tap_ok (path && t2 && g_str_equal (t2, GOLDEN_20), "after a client vanished mid-job, the next call is served (%.0f ms)",
            (g_get_monotonic_time () - t0) / 1e3);
    if (r)
      dbus_message_unref (r);
  }

  /* 16 concurrent clients, each with its own prompt; every reply must be its own greedy text. */
  {
    const char *prompts[4] = { "Once upon a time", "Lily and Ben", "The cat", "One day" };
    char *expect[4];
    for (int i = 0; i < 4; i++) {
      r = complete_ok (c, prompts[i], 12);
      expect[i] = reply_string (r);
      if (r)
        dbus_message_unref (r);
    }
    DBusConnection *cs[16];
    DBusPendingCall *pend[16];
    for (int i = 0; i < 16; i++) {
      cs[i] = bus_fixture_connect (&f);
      DBusMessage *m = new_call ("Complete");
      DBusMessageIter it;
      guint32 mt = 12;
      double t = 0.0;
      dbus_message_iter_init_append (m, &it);
      dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &prompts[i % 4]);
      append_options (&it, "max_tokens", DBUS_TYPE_UINT32, &mt, "temperature", DBUS_TYPE_DOUBLE, &t, NULL);
      dbus_connection_send_with_reply (cs[i], m, &pend[i], 300000);
      dbus_connection_flush (cs[i]);
      dbus_message_unref (m);
    }
    int correct = 0;
    for (int i = 0; i < 16; i++) {
      dbus_pending_call_block (pend[i]);
      DBusMessage *rr = dbus_pending_call_steal_reply (pend[i]);
      g_autofree char *got = reply_string (rr);
      correct += got && expect[i % 4] && g_str_equal (got, expect[i % 4]);
      if (rr)
        dbus_message_unref (rr);
      dbus_pending_call_unref (pend[i]);
      dbus_connection_close (cs[i]);
      dbus_connection_unref (cs[i]);
    }
    tap_ok (correct == 16, "16 concurrent clients: %d/16 replies correct", correct);
    for (int i = 0; i < 4; i++)
      g_free (expect[i]);
  }

  /* Clients we did not write: gdbus and dbus-send. */
  {
    g_autofree char *out = NULL, *err = NULL;
    int st = -1;
    const char *gd[] = { "gdbus", "call", "--session", "--dest", NAME, "--object-path", PATH, "--method", IFACE ".Complete",
                         "Once upon a time", "{'max_tokens': <uint32 20>, 'temperature': <0.0>}", NULL };
    bus_fixture_spawn (&f, gd, &out, &err, &st);
    tap_ok (st == 0 && out && strstr (out, GOLDEN_20), "gdbus call Complete works");
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    /* dbus-send cannot build a{sv}: it drives what it can express. */
    const char *ds[] = { "dbus-send", "--session", "--print-reply", "--dest=" NAME, PATH,
                         "org.freedesktop.DBus.Properties.Get", "string:" IFACE, "string:Version", NULL };
    bus_fixture_spawn (&f, ds, &out, &err, &st);
    tap_ok (st == 0 && out && strstr (out, "0.1.0"), "dbus-send Properties.Get Version works");
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    const char *ds2[] = { "dbus-send", "--session", "--print-reply", "--dest=" NAME, PATH, IFACE ".ResetConversation",
                          "string:x", NULL };
    bus_fixture_spawn (&f, ds2, &out, &err, &st);
    tap_ok (st == 0, "dbus-send ResetConversation works");
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    const char *bad[] = { "dbus-send", "--session", "--print-reply", "--dest=" NAME, PATH, IFACE ".Correct", "int32:7", NULL };
    bus_fixture_spawn (&f, bad, &out, &err, &st);
    tap_ok (st != 0 && err && strstr (err, "org.draftd.Error.InvalidArgument"), "dbus-send with a wrong type gets InvalidArgument");
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    const char *intro[] = { "gdbus", "introspect", "--session", "--dest", NAME, "--object-path", PATH, NULL };
    bus_fixture_spawn (&f, intro, &out, &err, &st);
    tap_ok (st == 0 && out && strstr (out, "Correct(") && strstr (out, "Edit(") && strstr (out, "QueueLength"),
            "Introspect returns the shipped XML");
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    const char *props[] = { "gdbus", "call", "--session", "--dest", NAME, "--object-path", PATH, "--method",
                            "org.freedesktop.DBus.Properties.GetAll", IFACE, NULL };
    bus_fixture_spawn (&f, props, &out, &err, &st);
    tap_ok (st == 0 && out && strstr (out, "'Version'") && strstr (out, "'target_name'") && strstr (out, "'jobs_served'") &&
                strstr (out, "'QueueLength'"),
            "properties: Version, Models, Stats, QueueLength");
  }

  /* A second instance refuses to start. */
  {
    g_autofree char *exe = g_build_filename (DRAFTD_BUILD_ROOT, "daemon", "draftd", NULL);
    const char *argv[] = { exe, "--address", f.address, "--target", f.target, NULL };
    g_autofree char *out = NULL, *err = NULL;
    int st = 0;
    g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, &err, &st, NULL);
    tap_ok (st != 0 && err && strstr (err, "already owns"), "a second draftd refuses: %s", err ? g_strstrip (err) : "");
  }

  dbus_connection_close (c);
  dbus_connection_unref (c);
  int status = bus_fixture_stop_draftd (&f);
  tap_ok (status == 0, "SIGTERM: draftd exits with status 0 (%d)", status);
  bus_fixture_teardown (&f);
  return tap_done ();
}
