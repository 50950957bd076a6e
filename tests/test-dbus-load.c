/* 1,500 requests of every kind: draftd's resident memory does not keep growing across them,
 * and (in the sanitizer build) it exits without a leak. RSS is watched once the daemon is in
 * its steady state: by request 800 the chat conversation fills the context and every
 * buffer has been touched (before that, pages of the device memory and score rows are
 * first touched as contexts grow; measured over 4,000 requests, it plateaus by ~800 and
 * then grows by less than 100 KiB).
 *
 * What fails is growth that goes on: memory retained per request shows in both halves of
 * requests 800 to 1500 (glibc hands it out of freed space first, then extends the heap in
 * steps of several hundred KiB; 2 KiB kept per request, tried, grew RSS by 800 and 680 KiB
 * in the two halves). One step in one half is the allocator, not draftd: CI once saw
 * 284,264 -> 287,348 KiB there with nothing leaked (the sanitizer pass found no leak, and
 * the same code stayed flat to the KiB in runs here), the kind of jump a heap added to an
 * arena or glibc raising its mmap threshold after a large free makes once. */
#include <string.h>
#include "lib/bus/client.h"
#include "tests/bus-fixture.h"
#include "tests/tap.h"
#include "tests/test-util.h"

#define N_REQUESTS 1500
#define WARM 800
#define HALF ((N_REQUESTS - WARM) / 2)
#define STEP_KIB 256       /* a half "grew" when RSS rose by this or more */
#define MAX_TOTAL_KIB 8192 /* and no jump, however rare, of more than this */

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#else
#define UNDER_ASAN 0
#endif

static gboolean
request (DraftdBus *b, int i)
{
  static const char *const methods[] = { "Complete", "Correct", "Chat" };
  DBusMessageIter it, d;
  /* Mostly short completions; a correction and a chat turn in every ten. */
  int kind = i % 10 == 1 ? 1 : i % 10 == 2 ? 2 : 0;
  const char *text = kind == 0 ? "Once upon a time" : kind == 1 ? "Lily go to the park." : "Hi!";
  const char *conv = "c";
  DBusMessage *m = draftd_bus_new_call (methods[kind]);
  dbus_message_iter_init_append (m, &it);
  if (kind == 2)
    dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &conv);
  dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &text);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &d);
  if (kind != 1) {
    guint32 n = 3;
    dbus_bool_t force = TRUE;  /* the shipped target cannot complete or chat (issue 47): the load is tested */
    draftd_bus_dict_add (&d, "max_tokens", DBUS_TYPE_UINT32, &n);
    draftd_bus_dict_add (&d, "force", DBUS_TYPE_BOOLEAN, &force);
  }
  dbus_message_iter_close_container (&it, &d);
  g_autoptr (GError) error = NULL;
  DBusMessage *r = draftd_bus_call_sync (b, m, 120000, &error);
  if (r == NULL) {
    tap_diag ("request %d: %s", i, error->message);
    return FALSE;
  }
  dbus_message_unref (r);
  return TRUE;
}

int
main (void)
{
  BusFixture f;
  int code;
  /* One malloc arena for the daemon: with one per thread, glibc grows an arena by a 1 MiB
   * heap whenever a thread's allocations land in a fresh one, and RSS rose by up to 2 MiB
   * between requests 800 and 1500 with nothing leaked (the 16,000-request load benchmark
   * stays flat). A leak grows the one arena just the same. */
  g_setenv ("MALLOC_ARENA_MAX", "1", TRUE);
  if (!bus_fixture_begin (&f, NULL, &code))
    return code;
  guint ok = 0;
  guint64 rss[3] = { 0 };  /* after requests 800, 1150, 1500 */
  /* Every 10th request comes from a fresh connection that then leaves. */
  DraftdBus *b = bus_fixture_open (&f);
  for (int i = 0; i < N_REQUESTS; i++) {
    if (i % 10 == 9) {
      g_autoptr (DraftdBus) tmp = bus_fixture_open (&f);
      ok += request (tmp, i);
    } else {
      ok += request (b, i);
    }
    if (i + 1 >= WARM && (i + 1 - WARM) % HALF == 0)
      rss[(i + 1 - WARM) / HALF] = bus_fixture_draftd_rss (&f);
    if (i % 100 == 99)
      tap_diag ("RSS after %d requests: %" G_GUINT64_FORMAT " KiB", i + 1, bus_fixture_draftd_rss (&f));
  }
  tap_ok (ok == N_REQUESTS, "%d requests served (%u)", N_REQUESTS, ok);
  gboolean goes_on = rss[1] >= rss[0] + STEP_KIB && rss[2] >= rss[1] + STEP_KIB;
  if (UNDER_ASAN)
    tap_skip ("RSS under AddressSanitizer includes its quarantine; the leak check at exit stands in");
  else
    tap_ok (!goes_on && rss[2] <= rss[0] + MAX_TOTAL_KIB,
            "RSS from request %d to %d: %" G_GUINT64_FORMAT " -> %" G_GUINT64_FORMAT " -> %" G_GUINT64_FORMAT
            " KiB, not growing by %d KiB in both halves, nor %d in all",
            WARM, N_REQUESTS, rss[0], rss[1], rss[2], STEP_KIB, MAX_TOTAL_KIB);
  draftd_bus_free (b);
  int st = bus_fixture_stop_draftd (&f);
  tap_ok (st == 0, "draftd exits with status 0 after SIGTERM (%d; a leak under ASan would fail it)", st);
  g_autofree char *log = NULL;
  g_file_get_contents (f.log_path, &log, NULL, NULL);
  tap_ok (log && !strstr (log, "LeakSanitizer") && !strstr (log, "ERROR: AddressSanitizer"), "no sanitizer report in the daemon's log");
  bus_fixture_teardown (&f);
  return tap_done ();
}
