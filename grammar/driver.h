/* Correct and rewrite selected text: segment it into sentences, prompt the model per sentence
 * in its own format, decode with input-guided aggressive decoding under the keep policy (the
 * sentence is the draft; its protected spans and the characters the tokenizer spells in bytes
 * are forced; any other source token stays unless the target prefers another by keep_bias),
 * check the answer, and return the new text with minimal edits. Text the model cannot handle
 * (too long for its context even by clauses, not in its languages) is left unchanged and
 * counted; nothing is ever cut at a byte limit. */
#pragma once
#include "grammar/request.h"

/* Returns the corrected/rewritten text and appends DraftdGrammarEdit (byte offsets) to `edits`. */
char *draftd_grammar_run (DraftdGrammarContext *ctx, const char *text, const DraftdGrammarRequest *req, GArray *edits,
                          DraftdGrammarStats *stats, GError **error);
