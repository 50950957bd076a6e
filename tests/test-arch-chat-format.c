/* Chat formats are recognised from a model's tokenizer.chat_template, as the real templates
 * of ../shared/models/chat-templates spell them (ChatML for Qwen2.5/Qwen3, turn markers for
 * Gemma 2/3, header ids for Llama 3), and render the turns those templates would. */
#include <string.h>
#include "lib/prompt/chat-format.h"
#include "tests/tap.h"
#include "tests/test-util.h"

static void
check_template (const char *file, DraftdChatFormat want)
{
  g_autofree char *rel = g_build_filename ("chat-templates", file, NULL);
  g_autofree char *path = test_shared_model (rel);
  g_autofree char *text = NULL;
  if (path == NULL || !g_file_get_contents (path, &text, NULL, NULL)) {
    tap_missing ("%s: ../shared/models/chat-templates absent", file);
    return;
  }
  DraftdChatFormat got = draftd_chat_format_detect (text);
  tap_ok (got == want, "%s is recognised as %s (got %s)", file, draftd_chat_format_name (want),
          draftd_chat_format_name (got));
}

int
main (void)
{
  check_template ("Qwen-Qwen2.5-7B-Instruct.jinja", DRAFTD_CHAT_CHATML);
  check_template ("google-gemma-2-2b-it.jinja", DRAFTD_CHAT_GEMMA);
  check_template ("meta-llama-Llama-3.1-8B-Instruct.jinja", DRAFTD_CHAT_LLAMA3);
  tap_ok (draftd_chat_format_detect (NULL) == DRAFTD_CHAT_PLAIN && draftd_chat_format_detect ("{{ x }}") == DRAFTD_CHAT_PLAIN,
          "no template, or one without known markers: plain transcript");

  const DraftdChatTurn turns[] = { { "system", "Be brief." }, { "user", "Hi" }, { "assistant", "Hello." }, { "user", "Fix: he go" } };
  /* Qwen3 renders as Qwen2.5 does when thinking is left on (its default). */
  g_autofree char *chatml = draftd_chat_format_render (DRAFTD_CHAT_CHATML, turns, G_N_ELEMENTS (turns), TRUE);
  tap_ok (g_str_equal (chatml, "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n"
                               "<|im_start|>assistant\nHello.<|im_end|>\n<|im_start|>user\nFix: he go<|im_end|>\n"
                               "<|im_start|>assistant\n"),
          "ChatML (Qwen3): system, turns and the assistant header");
  /* Gemma has no system role: its text goes in front of the first user turn; the assistant is "model". */
  g_autofree char *gemma = draftd_chat_format_render (DRAFTD_CHAT_GEMMA, turns, G_N_ELEMENTS (turns), TRUE);
  tap_ok (g_str_equal (gemma, "<start_of_turn>user\nBe brief.\n\nHi<end_of_turn>\n<start_of_turn>model\nHello.<end_of_turn>\n"
                              "<start_of_turn>user\nFix: he go<end_of_turn>\n<start_of_turn>model\n"),
          "Gemma: system folded into the first user turn, assistant as model");
  tap_ok (g_str_equal (draftd_chat_format_end (DRAFTD_CHAT_CHATML), "<|im_end|>") &&
          g_str_equal (draftd_chat_format_end (DRAFTD_CHAT_GEMMA), "<end_of_turn>") &&
          draftd_chat_format_end_is_token (DRAFTD_CHAT_GEMMA), "turns end at <|im_end|> / <end_of_turn>, special tokens");
  DraftdChatFormat by_name;
  tap_ok (draftd_chat_format_from_name ("Gemma", &by_name) && by_name == DRAFTD_CHAT_GEMMA &&
          draftd_chat_format_from_name ("chatml", &by_name) && by_name == DRAFTD_CHAT_CHATML &&
          !draftd_chat_format_from_name ("qwen3", &by_name), "formats by name, case-insensitive; unknown names refused");
  return tap_done ();
}
