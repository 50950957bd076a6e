#include "lib/prompt/chat-format.h"
#include <string.h>

static const char *const names[] = { "plain", "chatml", "llama2", "llama3", "zephyr", "phi3", "gemma" };

const char *
draftd_chat_format_name (DraftdChatFormat f)
{
  return names[f];
}

gboolean
draftd_chat_format_from_name (const char *name, DraftdChatFormat *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (name, names[i]) == 0) {
      *out = i;
      return TRUE;
    }
  return FALSE;
}

DraftdChatFormat
draftd_chat_format_detect (const char *t)
{
  if (t == NULL)
    return DRAFTD_CHAT_PLAIN;
  if (strstr (t, "<|im_start|>"))
    return DRAFTD_CHAT_CHATML;
  if (strstr (t, "<|start_header_id|>"))
    return DRAFTD_CHAT_LLAMA3;
  if (strstr (t, "<start_of_turn>"))
    return DRAFTD_CHAT_GEMMA;
  if (strstr (t, "<|user|>"))
    return strstr (t, "<|end|>") ? DRAFTD_CHAT_PHI3 : DRAFTD_CHAT_ZEPHYR;
  if (strstr (t, "[INST]"))
    return DRAFTD_CHAT_LLAMA2;
  return DRAFTD_CHAT_PLAIN;
}

const char *
draftd_chat_format_end (DraftdChatFormat f)
{
  switch (f) {
  case DRAFTD_CHAT_CHATML: return "<|im_end|>";
  case DRAFTD_CHAT_LLAMA3: return "<|eot_id|>";
  case DRAFTD_CHAT_GEMMA: return "<end_of_turn>";
  case DRAFTD_CHAT_PHI3: return "<|end|>";
  case DRAFTD_CHAT_LLAMA2:
  case DRAFTD_CHAT_ZEPHYR: return "</s>";
  case DRAFTD_CHAT_PLAIN:
  default: return "\nUser:";
  }
}

gboolean
draftd_chat_format_end_is_token (DraftdChatFormat f)
{
  return f != DRAFTD_CHAT_PLAIN;
}

char *
draftd_chat_format_render (DraftdChatFormat f, const DraftdChatTurn *turns, guint n, gboolean gen)
{
  GString *s = g_string_new (NULL);
  const char *system = NULL;
  guint first = 0;
  if (n > 0 && g_str_equal (turns[0].role, "system")) {
    system = turns[0].text;
    first = 1;
  }
  switch (f) {
  case DRAFTD_CHAT_CHATML:
    if (system)
      g_string_append_printf (s, "<|im_start|>system\n%s<|im_end|>\n", system);
    for (guint i = first; i < n; i++)
      g_string_append_printf (s, "<|im_start|>%s\n%s<|im_end|>\n", turns[i].role, turns[i].text);
    if (gen)
      g_string_append (s, "<|im_start|>assistant\n");
    break;
  case DRAFTD_CHAT_LLAMA3:
    if (system)
      g_string_append_printf (s, "<|start_header_id|>system<|end_header_id|>\n\n%s<|eot_id|>", system);
    for (guint i = first; i < n; i++)
      g_string_append_printf (s, "<|start_header_id|>%s<|end_header_id|>\n\n%s<|eot_id|>", turns[i].role, turns[i].text);
    if (gen)
      g_string_append (s, "<|start_header_id|>assistant<|end_header_id|>\n\n");
    break;
  case DRAFTD_CHAT_GEMMA:
    /* Gemma has no system role: it goes in front of the first user turn. */
    for (guint i = first; i < n; i++) {
      gboolean user = g_str_equal (turns[i].role, "user");
      g_string_append_printf (s, "<start_of_turn>%s\n%s%s%s<end_of_turn>\n", user ? "user" : "model",
                              system && i == first ? system : "", system && i == first ? "\n\n" : "", turns[i].text);
    }
    if (gen)
      g_string_append (s, "<start_of_turn>model\n");
    break;
  case DRAFTD_CHAT_ZEPHYR:
  case DRAFTD_CHAT_PHI3: {
    const char *end = f == DRAFTD_CHAT_PHI3 ? "<|end|>" : "</s>";
    if (system)
      g_string_append_printf (s, "<|system|>\n%s%s\n", system, end);
    for (guint i = first; i < n; i++)
      g_string_append_printf (s, "<|%s|>\n%s%s\n", turns[i].role, turns[i].text, end);
    if (gen)
      g_string_append (s, "<|assistant|>\n");
    break;
  }
  case DRAFTD_CHAT_LLAMA2:
    for (guint i = first; i < n; i++) {
      if (g_str_equal (turns[i].role, "user")) {
        if (i > first)
          g_string_append (s, "<s>");
        g_string_append (s, "[INST] ");
        if (system && i == first)
          g_string_append_printf (s, "<<SYS>>\n%s\n<</SYS>>\n\n", system);
        g_string_append_printf (s, "%s [/INST]", turns[i].text);
      } else {
        g_string_append_printf (s, " %s </s>", turns[i].text);
      }
    }
    break;
  case DRAFTD_CHAT_PLAIN:
  default:
    if (system)
      g_string_append_printf (s, "%s\n\n", system);
    for (guint i = first; i < n; i++)
      g_string_append_printf (s, "%s: %s\n", g_str_equal (turns[i].role, "user") ? "User" : "Assistant", turns[i].text);
    if (gen)
      g_string_append (s, "Assistant:");
    break;
  }
  return g_string_free (s, FALSE);
}
