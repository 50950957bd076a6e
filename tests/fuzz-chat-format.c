/* libFuzzer target for the chat-template recogniser and the prompt renderer
 * (lib/prompt/chat-format.c). The input is a chat template, a format name and up to eight
 * turns, NUL-separated. The recognised format renders every turn's text, in order, and its
 * name maps back to it. */
#include "tests/fuzz-common.h"
#include "lib/prompt/chat-format.h"

#define MAX_TURNS 8

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  return 0;
}

/* `complete`: the conversation has the daemon's shape (an optional system turn, then user and
 * assistant turns alternating from a user turn), so every turn's text must appear. */
static void
check_render (DraftdChatFormat f, const DraftdChatTurn *turns, guint n, gboolean gen, gboolean complete)
{
  g_autofree char *out = draftd_chat_format_render (f, turns, n, gen);
  FUZZ_ASSERT (out != NULL && g_utf8_validate (out, -1, NULL));
  /* Every turn's text appears, each after the one before it. */
  const char *p = out;
  for (guint i = 0; complete && i < n; i++) {
    const char *hit = strstr (p, turns[i].text);
    FUZZ_ASSERT (hit != NULL);
    p = hit + strlen (turns[i].text);
  }
  FUZZ_ASSERT (draftd_chat_format_end (f) != NULL);
}

int
LLVMFuzzerTestOneInput (const guint8 *data, gsize size)
{
  static const char *const roles[] = { "system", "user", "assistant" };
  FuzzInput in = { data, size, 0 };
  guint8 flags = fuzz_byte (&in);
  g_autofree char *template = fuzz_text (&in, NULL);
  g_autofree char *name = fuzz_text (&in, NULL);

  DraftdChatFormat f = draftd_chat_format_detect (template);
  FUZZ_ASSERT (f >= DRAFTD_CHAT_PLAIN && f <= DRAFTD_CHAT_GEMMA);
  DraftdChatFormat back;
  FUZZ_ASSERT (draftd_chat_format_from_name (draftd_chat_format_name (f), &back) && back == f);
  DraftdChatFormat named;
  if (draftd_chat_format_from_name (name, &named))
    FUZZ_ASSERT (g_ascii_strcasecmp (draftd_chat_format_name (named), name) == 0);
  FUZZ_ASSERT (draftd_chat_format_detect (NULL) == DRAFTD_CHAT_PLAIN);

  DraftdChatTurn turns[MAX_TURNS], odd[MAX_TURNS];
  char *texts[MAX_TURNS];
  guint n = 0;
  gboolean system = flags & 0x40;
  while (in.pos < in.size && n < MAX_TURNS) {
    texts[n] = fuzz_text (&in, NULL);
    turns[n].role = system && n == 0 ? "system" : (n - system) % 2 == 0 ? "user" : "assistant";
    turns[n].text = texts[n];
    odd[n].role = roles[(flags >> (n % 4)) % 3];
    odd[n].text = texts[n];
    n++;
  }
  /* Every format renders every conversation, not only the one the template names. */
  gboolean complete = n > (guint) system;
  for (DraftdChatFormat g = DRAFTD_CHAT_PLAIN; g <= DRAFTD_CHAT_GEMMA; g++) {
    check_render (g, turns, n, flags & 0x80, complete);
    check_render (g, odd, n, flags & 0x80, FALSE);
  }
  for (guint i = 0; i < n; i++)
    g_free (texts[i]);
  return 0;
}
